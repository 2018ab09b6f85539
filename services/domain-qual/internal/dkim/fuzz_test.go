package dkim

import "testing"

// FuzzParse checks that Parse never panics and that accepted keys are
// consistent. Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add("v=DKIM1; k=rsa; p=")
	f.Fuzz(func(t *testing.T, s string) {
		k, _, err := Parse(s)
		if err != nil {
			return
		}
		if k.Revoked != (k.Bits == 0) {
			t.Fatalf("Parse(%q): revoked=%v bits=%d", s, k.Revoked, k.Bits)
		}
		if k.KeyType == KeyEd25519 && !k.Revoked && k.Bits != 256 {
			t.Fatalf("Parse(%q): ed25519 with %d bits", s, k.Bits)
		}
	})
}
