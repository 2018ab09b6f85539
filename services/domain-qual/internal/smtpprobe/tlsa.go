package smtpprobe

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
)

// TLSA is what the matching needs of one TLSA record (RFC 6698 §2.1).
type TLSA struct {
	// Usage: 2 DANE-TA (a trust anchor in the chain), 3 DANE-EE (the
	// server's own certificate). 0 and 1 (PKIX-TA, PKIX-EE) are unusable
	// for SMTP (RFC 7672 §3.1.3).
	Usage uint8
	// Selector: 0 the full certificate, 1 its SubjectPublicKeyInfo.
	Selector uint8
	// MatchingType: 0 the selected bytes themselves, 1 their SHA-256,
	// 2 their SHA-512.
	MatchingType uint8
	Data         []byte
}

// TLSA usages, selectors and matching types SMTP can use.
const (
	UsageDANETA   uint8 = 2
	UsageDANEEE   uint8 = 3
	SelectorCert  uint8 = 0
	SelectorSPKI  uint8 = 1
	MatchExact    uint8 = 0
	MatchSHA256   uint8 = 1
	MatchSHA512   uint8 = 2
	noMatchingRec       = -1
)

// TLSAMatch is what MatchTLSA found.
type TLSAMatch struct {
	// Usable counts the records SMTP can use: usage 2 or 3, selector 0 or
	// 1, matching type 0, 1 or 2 with a digest of that type's length
	// (RFC 7672 §2.2, RFC 7671 §4). With none usable, DANE does not apply.
	Usable int
	// Matched: a usable record matches the chain.
	Matched bool
	// Record is the index of the first matching record, Depth the index in
	// the chain of the certificate it matched (0: the leaf); both -1 when
	// nothing matched.
	Record, Depth int
}

// MatchTLSA matches the chain a server presented (leaf first) against a
// TLSA record set (RFC 6698 §2.1, RFC 7671 §5). A DANE-EE record matches
// the leaf; a DANE-TA record matches a certificate after the leaf that the
// leaf chains up to through the presented certificates' signatures. Name
// and validity-period checks, which RFC 7672 §3.2 requires for DANE-TA
// (and not for DANE-EE), are the caller's, as is DNSSEC. It is pure: no
// clock, no network.
func MatchTLSA(chain []*x509.Certificate, records []TLSA) TLSAMatch {
	m := TLSAMatch{Record: noMatchingRec, Depth: noMatchingRec}
	for i, rec := range records {
		if !usable(rec) {
			continue
		}
		m.Usable++
		if m.Matched {
			continue
		}
		if d := matchRecord(chain, rec); d >= 0 {
			m.Matched, m.Record, m.Depth = true, i, d
		}
	}
	return m
}

// usable reports whether SMTP can use rec.
func usable(rec TLSA) bool {
	if rec.Usage != UsageDANETA && rec.Usage != UsageDANEEE {
		return false
	}
	if rec.Selector != SelectorCert && rec.Selector != SelectorSPKI {
		return false
	}
	switch rec.MatchingType {
	case MatchExact:
		return len(rec.Data) > 0
	case MatchSHA256:
		return len(rec.Data) == sha256.Size
	case MatchSHA512:
		return len(rec.Data) == sha512.Size
	}
	return false
}

// matchRecord returns the chain index of the certificate rec matches, or -1.
func matchRecord(chain []*x509.Certificate, rec TLSA) int {
	if len(chain) == 0 {
		return -1
	}
	if rec.Usage == UsageDANEEE {
		if matches(chain[0], rec) {
			return 0
		}
		return -1
	}
	for d := 1; d < len(chain); d++ {
		if matches(chain[d], rec) && chainsTo(chain, d) {
			return d
		}
	}
	return -1
}

// matches reports whether cert's selected bytes, after the record's
// matching type, equal the record's data.
func matches(cert *x509.Certificate, rec TLSA) bool {
	sel := cert.Raw
	if rec.Selector == SelectorSPKI {
		sel = cert.RawSubjectPublicKeyInfo
	}
	switch rec.MatchingType {
	case MatchSHA256:
		sum := sha256.Sum256(sel)
		sel = sum[:]
	case MatchSHA512:
		sum := sha512.Sum512(sel)
		sel = sum[:]
	}
	return bytes.Equal(sel, rec.Data)
}

// chainsTo reports whether the leaf chains up to chain[anchor] through
// signatures of certificates in the chain, in whatever order the server
// sent them (TLS 1.3 allows any). Each step uses a certificate at most once.
func chainsTo(chain []*x509.Certificate, anchor int) bool {
	used := make([]bool, len(chain))
	used[0] = true
	cur := chain[0]
	for range len(chain) {
		if cur.CheckSignatureFrom(chain[anchor]) == nil {
			return true
		}
		next := -1
		for i, c := range chain {
			if !used[i] && i != anchor && cur.CheckSignatureFrom(c) == nil {
				next = i
				break
			}
		}
		if next < 0 {
			return false
		}
		used[next] = true
		cur = chain[next]
	}
	return false
}
