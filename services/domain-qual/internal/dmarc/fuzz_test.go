package dmarc

import (
	"testing"
)

// FuzzParse checks that Parse never panics and that a parsed record always
// carries valid policies and defaults. Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add("v=DMARC1; p=reject; rua=mailto:a@example.com")
	f.Fuzz(func(t *testing.T, s string) {
		rec, _, err := Parse(s)
		if err != nil {
			return
		}
		for _, p := range []Policy{rec.Policy, rec.SubdomainPolicy, rec.NonExistentPolicy} {
			if _, ok := parsePolicy(string(p)); !ok {
				t.Fatalf("Parse(%q) produced invalid policy %q", s, p)
			}
		}
		if rec.ADKIM != "r" && rec.ADKIM != "s" || rec.ASPF != "r" && rec.ASPF != "s" {
			t.Fatalf("Parse(%q) alignment %q/%q", s, rec.ADKIM, rec.ASPF)
		}
		if rec.Pct < 0 || rec.Pct > 100 {
			t.Fatalf("Parse(%q) pct %d", s, rec.Pct)
		}
		if eff, _ := rec.Effective(rec.Policy); eff == "" {
			t.Fatalf("Parse(%q) empty effective policy", s)
		}
	})
}
