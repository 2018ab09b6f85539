// Package dkim parses DKIM public-key records (RFC 6376 §3.6.1, RFC 8301,
// RFC 8463) and looks them up by selector. Selectors cannot be enumerated:
// without the caller's selector, provider-typical selectors are tried and a
// miss is reported as "not found among tried selectors", never "no DKIM".
package dkim

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/taglist"
)

// KeyType is the k= key type.
type KeyType string

// Key types.
const (
	KeyRSA     KeyType = "rsa"
	KeyEd25519 KeyType = "ed25519"
)

// RSA key size thresholds (RFC 8301 §3.2).
const (
	MinRSABits         = 1024
	RecommendedRSABits = 2048
	ed25519KeyLen      = 32
)

// Key is a parsed DKIM key record.
type Key struct {
	// KeyType is rsa (default) or ed25519.
	KeyType KeyType
	// Revoked is true when p= is empty.
	Revoked bool
	// Bits is the key size in bits (RSA modulus size, 256 for ed25519).
	Bits int
	// Testing is t=y: the domain is testing DKIM.
	Testing bool
	// Strict is t=s: the i= domain must equal d=.
	Strict bool
	// HashAlgorithms are the h= algorithms (empty: all allowed).
	HashAlgorithms []string
	// Services are the s= service types (default "*").
	Services []string
}

// Parse parses a DKIM key record. The error is non-nil when the record is
// unusable (syntax, duplicate tags, v not first, unknown key type, missing
// or undecodable p); findings report weaknesses of a usable record.
func Parse(s string) (Key, []finding.Finding, error) {
	k := Key{KeyType: KeyRSA, Services: []string{"*"}}
	var out []finding.Finding
	tags, err := taglist.Parse(s)
	if err != nil {
		return k, nil, fmt.Errorf("dkim: %w", err)
	}
	if dup := tags.Duplicates(); len(dup) > 0 {
		return k, nil, fmt.Errorf("dkim: duplicate tags %s", strings.Join(dup, ", "))
	}
	for i, t := range tags {
		if t.Name == "v" && (i != 0 || t.Value != "DKIM1") {
			return k, nil, errors.New("dkim: v= must be the first tag and equal DKIM1")
		}
	}
	if v, ok := tags.Get("k"); ok {
		switch KeyType(strings.ToLower(v)) {
		case KeyRSA:
		case KeyEd25519:
			k.KeyType = KeyEd25519
		default:
			return k, nil, fmt.Errorf("dkim: unknown key type k=%s", v)
		}
	}
	if v, ok := tags.Get("h"); ok {
		onlySHA1 := true
		for _, h := range strings.Split(v, ":") {
			h = strings.ToLower(strings.TrimSpace(h))
			if h == "" {
				continue
			}
			k.HashAlgorithms = append(k.HashAlgorithms, h)
			if h != "sha1" {
				onlySHA1 = false
			}
		}
		if len(k.HashAlgorithms) > 0 && onlySHA1 {
			out = append(out, finding.Finding{ID: finding.DKIMSHA1Only, Severity: finding.High, RFC: "RFC 8301 §3.1",
				Title: "DKIM key allows only SHA-1", Detail: "rsa-sha1 MUST NOT be used; verifiers reject these signatures.", Evidence: s})
		} else if containsStr(k.HashAlgorithms, "sha1") {
			out = append(out, finding.Finding{ID: finding.DKIMSHA1Allowed, Severity: finding.Low, RFC: "RFC 8301 §3.1",
				Title: "DKIM key still lists SHA-1", Detail: "remove sha1 from h=; only sha256 is allowed.", Evidence: s})
		}
	}
	if v, ok := tags.Get("t"); ok {
		for _, f := range strings.Split(v, ":") {
			switch strings.TrimSpace(f) {
			case "y":
				k.Testing = true
			case "s":
				k.Strict = true
			}
		}
	}
	if k.Testing {
		out = append(out, finding.Finding{ID: finding.DKIMTesting, Severity: finding.Low, RFC: "RFC 6376 §3.6.1",
			Title: "DKIM key is in testing mode (t=y)", Detail: "verifiers may treat signatures as unsigned; remove t=y once signing works.", Evidence: s})
	}
	if v, ok := tags.Get("s"); ok {
		k.Services = nil
		for _, sv := range strings.Split(v, ":") {
			if sv = strings.ToLower(strings.TrimSpace(sv)); sv != "" {
				k.Services = append(k.Services, sv)
			}
		}
		if !containsStr(k.Services, "*") && !containsStr(k.Services, "email") {
			out = append(out, finding.Finding{ID: finding.DKIMNotForEmail, Severity: finding.Medium, RFC: "RFC 6376 §3.6.1",
				Title: "DKIM key is not for email", Detail: "s= does not include email or *, so email verifiers ignore the key.", Evidence: s})
		}
	}
	p, ok := tags.Get("p")
	if !ok {
		return k, out, errors.New("dkim: missing p= (public key)")
	}
	p = strings.Join(strings.Fields(p), "")
	if p == "" {
		k.Revoked = true
		out = append(out, finding.Finding{ID: finding.DKIMRevoked, Severity: finding.High, RFC: "RFC 6376 §3.6.1",
			Title: "DKIM key is revoked (empty p=)", Detail: "signatures with this selector fail; publish a key or stop using the selector.", Evidence: s})
		return k, out, nil
	}
	der, err := base64.StdEncoding.DecodeString(p)
	if err != nil {
		return k, out, fmt.Errorf("dkim: p= is not valid base64: %w", err)
	}
	switch k.KeyType {
	case KeyEd25519:
		if len(der) != ed25519KeyLen {
			return k, out, fmt.Errorf("dkim: ed25519 key is %d bytes, want %d", len(der), ed25519KeyLen)
		}
		k.Bits = 8 * ed25519KeyLen
	case KeyRSA:
		bits, err := rsaBits(der)
		if err != nil {
			return k, out, err
		}
		k.Bits = bits
		switch {
		case bits < MinRSABits:
			out = append(out, finding.Finding{ID: finding.DKIMRSATooShort, Severity: finding.Critical, RFC: "RFC 8301 §3.2",
				Title: "DKIM RSA key is shorter than 1024 bits", Detail: fmt.Sprintf("%d-bit keys MUST NOT be accepted by verifiers; publish a 2048-bit key", bits), Evidence: s})
		case bits < RecommendedRSABits:
			out = append(out, finding.Finding{ID: finding.DKIMRSAWeak, Severity: finding.Medium, RFC: "RFC 8301 §3.2",
				Title: "DKIM RSA key is shorter than 2048 bits", Detail: fmt.Sprintf("%d-bit key; signers SHOULD use at least 2048 bits", bits), Evidence: s})
		}
	}
	return k, out, nil
}

// rsaBits reads the modulus size from a SubjectPublicKeyInfo or, as some
// publishers do, a bare PKCS#1 RSAPublicKey.
func rsaBits(der []byte) (int, error) {
	if pub, err := x509.ParsePKIXPublicKey(der); err == nil {
		rk, ok := pub.(*rsa.PublicKey)
		if !ok {
			return 0, fmt.Errorf("dkim: k=rsa but p= holds a %T key", pub)
		}
		return rk.N.BitLen(), nil
	}
	rk, err := x509.ParsePKCS1PublicKey(der)
	if err != nil {
		return 0, fmt.Errorf("dkim: p= is neither a SubjectPublicKeyInfo nor a PKCS#1 RSA key: %w", err)
	}
	return rk.N.BitLen(), nil
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
