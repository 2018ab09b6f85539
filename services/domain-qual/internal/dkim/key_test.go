package dkim

import (
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
)

// rsaKeyB64 builds a syntactically valid RSA public key of the given modulus
// size; only the size matters for the record checks.
func rsaKeyB64(t testing.TB, bits int, pkcs1 bool) string {
	t.Helper()
	n := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	n.Add(n, big.NewInt(0x1235))
	pub := &rsa.PublicKey{N: n, E: 65537}
	if pkcs1 {
		return base64.StdEncoding.EncodeToString(x509.MarshalPKCS1PublicKey(pub))
	}
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(der)
}

func ed25519B64(t testing.TB) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(strings.NewReader(strings.Repeat("k", 64)))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(pub)
}

func ids(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.ID))
	}
	return out
}

func TestParse(t *testing.T) {
	k2048 := rsaKeyB64(t, 2048, false)
	tests := []struct {
		name     string
		in       string
		wantErr  string
		keyType  KeyType
		bits     int
		revoked  bool
		testing  bool
		strict   bool
		hashes   []string
		findings []string
	}{
		{name: "rsa 2048 spki", in: "v=DKIM1; k=rsa; p=" + k2048, keyType: KeyRSA, bits: 2048},
		{name: "no version tag, default rsa", in: "p=" + k2048, keyType: KeyRSA, bits: 2048},
		{name: "rsa pkcs1", in: "v=DKIM1; p=" + rsaKeyB64(t, 2048, true), keyType: KeyRSA, bits: 2048},
		{name: "p with folding whitespace", in: "v=DKIM1; p=" + k2048[:40] + " \t " + k2048[40:], keyType: KeyRSA, bits: 2048},
		{name: "rsa 1024 weak", in: "v=DKIM1; p=" + rsaKeyB64(t, 1024, false), keyType: KeyRSA, bits: 1024, findings: []string{"dkim.rsa_weak"}},
		{name: "rsa 512 too short", in: "v=DKIM1; p=" + rsaKeyB64(t, 512, false), keyType: KeyRSA, bits: 512, findings: []string{"dkim.rsa_too_short"}},
		{name: "ed25519", in: "v=DKIM1; k=ed25519; p=" + ed25519B64(t), keyType: KeyEd25519, bits: 256},
		{name: "revoked", in: "v=DKIM1; p=", keyType: KeyRSA, revoked: true, findings: []string{"dkim.revoked"}},
		{name: "testing and strict", in: "v=DKIM1; t=y:s; p=" + k2048, keyType: KeyRSA, bits: 2048, testing: true, strict: true, findings: []string{"dkim.testing"}},
		{name: "sha1 only", in: "v=DKIM1; h=sha1; p=" + k2048, keyType: KeyRSA, bits: 2048, hashes: []string{"sha1"}, findings: []string{"dkim.sha1_only"}},
		{name: "sha1 listed with sha256", in: "v=DKIM1; h=sha1:sha256; p=" + k2048, keyType: KeyRSA, bits: 2048, hashes: []string{"sha1", "sha256"}, findings: []string{"dkim.sha1_allowed"}},
		{name: "service not email", in: "v=DKIM1; s=other; p=" + k2048, keyType: KeyRSA, bits: 2048, findings: []string{"dkim.not_for_email"}},
		{name: "missing p", in: "v=DKIM1; k=rsa", wantErr: "missing p"},
		{name: "v not first", in: "k=rsa; v=DKIM1; p=" + k2048, wantErr: "first tag"},
		{name: "wrong version", in: "v=DKIM2; p=" + k2048, wantErr: "first tag"},
		{name: "unknown key type", in: "v=DKIM1; k=dsa; p=" + k2048, wantErr: "unknown key type"},
		{name: "bad base64", in: "v=DKIM1; p=!!!", wantErr: "base64"},
		{name: "ed25519 wrong length", in: "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(make([]byte, 31)), wantErr: "31 bytes"},
		{name: "rsa garbage der", in: "v=DKIM1; p=" + base64.StdEncoding.EncodeToString([]byte("not a key")), wantErr: "neither"},
		{name: "ed25519 key declared rsa", in: "v=DKIM1; p=" + ed25519B64(t), wantErr: "neither"},
		{name: "duplicate tags", in: "v=DKIM1; p=a; p=b", wantErr: "duplicate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, fs, err := Parse(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Parse err = %v, want containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse unexpected error %v", err)
			}
			if k.KeyType != tt.keyType || k.Bits != tt.bits || k.Revoked != tt.revoked || k.Testing != tt.testing || k.Strict != tt.strict {
				t.Fatalf("Parse = %+v, want type=%s bits=%d revoked=%v testing=%v strict=%v", k, tt.keyType, tt.bits, tt.revoked, tt.testing, tt.strict)
			}
			if tt.hashes != nil && !slices.Equal(k.HashAlgorithms, tt.hashes) {
				t.Errorf("hashes = %v, want %v", k.HashAlgorithms, tt.hashes)
			}
			if got := ids(fs); !slices.Equal(got, tt.findings) {
				t.Errorf("findings = %v, want %v", got, tt.findings)
			}
		})
	}
}
