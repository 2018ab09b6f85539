package smtpprobe_test

import (
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"fmt"
	"testing"
	"time"

	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
)

// tlsaData is what a zone would publish for cert with selector and
// matching type.
func tlsaData(cert *x509.Certificate, selector, matching uint8) []byte {
	sel := cert.Raw
	if selector == smtpprobe.SelectorSPKI {
		sel = cert.RawSubjectPublicKeyInfo
	}
	switch matching {
	case smtpprobe.MatchSHA256:
		s := sha256.Sum256(sel)
		return s[:]
	case smtpprobe.MatchSHA512:
		s := sha512.Sum512(sel)
		return s[:]
	}
	return sel
}

func TestMatchTLSAUsagesSelectorsMatchingTypes(t *testing.T) {
	t.Parallel()
	pki := newPKI(t, time.Now().Add(90*24*time.Hour))
	chain := []*x509.Certificate{pki.leaf, pki.ca}
	for _, usage := range []uint8{smtpprobe.UsageDANETA, smtpprobe.UsageDANEEE} {
		for _, sel := range []uint8{smtpprobe.SelectorCert, smtpprobe.SelectorSPKI} {
			for _, mt := range []uint8{smtpprobe.MatchExact, smtpprobe.MatchSHA256, smtpprobe.MatchSHA512} {
				t.Run(fmt.Sprintf("%d %d %d", usage, sel, mt), func(t *testing.T) {
					t.Parallel()
					target, depth := pki.ca, 1
					if usage == smtpprobe.UsageDANEEE {
						target, depth = pki.leaf, 0
					}
					other := smtpprobe.TLSA{Usage: usage, Selector: sel, MatchingType: mt, Data: tlsaData(otherCert(t), sel, mt)}
					hit := smtpprobe.TLSA{Usage: usage, Selector: sel, MatchingType: mt, Data: tlsaData(target, sel, mt)}
					got := smtpprobe.MatchTLSA(chain, []smtpprobe.TLSA{other, hit})
					want := smtpprobe.TLSAMatch{Usable: 2, Matched: true, Record: 1, Depth: depth}
					if got != want {
						t.Errorf("match %+v, want %+v", got, want)
					}
					// The same record aimed at the other end of the chain does not match.
					wrongEnd := pki.leaf
					if usage == smtpprobe.UsageDANEEE {
						wrongEnd = pki.ca
					}
					miss := smtpprobe.TLSA{Usage: usage, Selector: sel, MatchingType: mt, Data: tlsaData(wrongEnd, sel, mt)}
					if got := smtpprobe.MatchTLSA(chain, []smtpprobe.TLSA{miss}); got.Matched || got.Usable != 1 {
						t.Errorf("record for the wrong end matched: %+v", got)
					}
				})
			}
		}
	}
}

// otherCert is a certificate unrelated to any test chain.
func otherCert(t *testing.T) *x509.Certificate {
	t.Helper()
	ca, _ := issue(t, caTemplate("unrelated CA", 9), nil, nil)
	return ca
}

func TestMatchTLSAEdgeCases(t *testing.T) {
	t.Parallel()
	pki := newPKI(t, time.Now().Add(90*24*time.Hour))
	unrelated := otherCert(t)
	leafSHA256 := tlsaData(pki.leaf, smtpprobe.SelectorSPKI, smtpprobe.MatchSHA256)
	caSHA256 := tlsaData(pki.ca, smtpprobe.SelectorCert, smtpprobe.MatchSHA256)
	unrelatedSHA256 := tlsaData(unrelated, smtpprobe.SelectorCert, smtpprobe.MatchSHA256)
	chain := []*x509.Certificate{pki.leaf, pki.ca}
	none := smtpprobe.TLSAMatch{Record: -1, Depth: -1}
	tests := []struct {
		name    string
		chain   []*x509.Certificate
		records []smtpprobe.TLSA
		want    smtpprobe.TLSAMatch
	}{
		{"mismatch", chain, []smtpprobe.TLSA{{3, 1, 1, unrelatedSHA256}}, smtpprobe.TLSAMatch{Usable: 1, Record: -1, Depth: -1}},
		{"SHA-256 of the wrong length", chain, []smtpprobe.TLSA{{3, 1, 1, leafSHA256[:31]}}, none},
		{"SHA-512 given a SHA-256 digest", chain, []smtpprobe.TLSA{{3, 1, 2, leafSHA256}}, none},
		{"empty exact data", chain, []smtpprobe.TLSA{{3, 0, 0, nil}}, none},
		{"PKIX-EE unusable for SMTP", chain, []smtpprobe.TLSA{{1, 1, 1, leafSHA256}}, none},
		{"PKIX-TA unusable for SMTP", chain, []smtpprobe.TLSA{{0, 0, 1, caSHA256}}, none},
		{"unknown selector", chain, []smtpprobe.TLSA{{3, 2, 1, leafSHA256}}, none},
		{"unknown matching type", chain, []smtpprobe.TLSA{{3, 1, 3, leafSHA256}}, none},
		{"DANE-TA naming the leaf", chain, []smtpprobe.TLSA{{2, 1, 1, leafSHA256}}, smtpprobe.TLSAMatch{Usable: 1, Record: -1, Depth: -1}},
		{"DANE-TA on a CA the leaf does not chain to", []*x509.Certificate{pki.leaf, unrelated},
			[]smtpprobe.TLSA{{2, 0, 1, unrelatedSHA256}}, smtpprobe.TLSAMatch{Usable: 1, Record: -1, Depth: -1}},
		{"DANE-TA in a chain out of order", []*x509.Certificate{pki.leaf, unrelated, pki.ca},
			[]smtpprobe.TLSA{{2, 0, 1, caSHA256}}, smtpprobe.TLSAMatch{Usable: 1, Matched: true, Record: 0, Depth: 2}},
		{"DANE-TA through an intermediate", intermediateChain(t, pki),
			[]smtpprobe.TLSA{{2, 0, 1, caSHA256}}, smtpprobe.TLSAMatch{Usable: 1, Matched: true, Record: 0, Depth: 2}},
		{"rollover: the second record matches", chain,
			[]smtpprobe.TLSA{{3, 1, 1, unrelatedSHA256}, {3, 1, 1, leafSHA256}}, smtpprobe.TLSAMatch{Usable: 2, Matched: true, Record: 1, Depth: 0}},
		{"no chain", nil, []smtpprobe.TLSA{{3, 1, 1, leafSHA256}}, smtpprobe.TLSAMatch{Usable: 1, Record: -1, Depth: -1}},
		{"no records", chain, nil, none},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := smtpprobe.MatchTLSA(tt.chain, tt.records); got != tt.want {
				t.Errorf("MatchTLSA = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// intermediateChain is leaf ← intermediate ← pki.ca, where the leaf is
// new and issued by the intermediate.
func intermediateChain(t *testing.T, pki *testPKI) []*x509.Certificate {
	t.Helper()
	inter, ikey := issue(t, caTemplate("intermediate", 3), pki.ca, pki.caKey)
	leaf, _ := issue(t, leafTemplate(4, time.Now().Add(time.Hour)), inter, ikey)
	return []*x509.Certificate{leaf, inter, pki.ca}
}
