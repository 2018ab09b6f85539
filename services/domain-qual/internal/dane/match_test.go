package dane

import (
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe/smtptest"
)

// rec judges one TLSA record with the given parameters and association
// data, as a zone would publish it.
func rec(usage, selector, matching uint8, data []byte) Record {
	return judgeRecord(&dns.TLSA{Usage: usage, Selector: selector, MatchingType: matching, Certificate: hex.EncodeToString(data)})
}

// otherCert is a certificate unrelated to any test chain.
func otherCert(t *testing.T) *x509.Certificate {
	t.Helper()
	ca, _ := smtptest.Issue(t, smtptest.CATemplate("unrelated CA", 9), nil, nil)
	return ca
}

func TestMatchChainUsagesSelectorsMatchingTypes(t *testing.T) {
	t.Parallel()
	pki := smtptest.NewPKI(t, "", time.Now().Add(90*24*time.Hour))
	chain := []*x509.Certificate{pki.Leaf, pki.CA}
	for _, usage := range []uint8{UsageDANETA, UsageDANEEE} {
		for _, sel := range []uint8{SelectorCert, SelectorSPKI} {
			for _, mt := range []uint8{MatchingFull, MatchingSHA256, MatchingSHA512} {
				t.Run(fmt.Sprintf("%d %d %d", usage, sel, mt), func(t *testing.T) {
					t.Parallel()
					target, depth := pki.CA, 1
					wrongEnd := pki.Leaf
					if usage == UsageDANEEE {
						target, depth, wrongEnd = pki.Leaf, 0, pki.CA
					}
					other := rec(usage, sel, mt, Association(otherCert(t), sel, mt))
					hit := rec(usage, sel, mt, Association(target, sel, mt))
					if !other.Usable || !hit.Usable {
						t.Fatalf("records not usable: %+v %+v", other, hit)
					}
					if got, want := MatchChain(chain, []Record{other, hit}), (Match{Matched: true, Record: 1, Depth: depth}); got != want {
						t.Errorf("match %+v, want %+v", got, want)
					}
					// The same record aimed at the other end of the chain does not match.
					if got := MatchChain(chain, []Record{rec(usage, sel, mt, Association(wrongEnd, sel, mt))}); got.Matched {
						t.Errorf("record for the wrong end matched: %+v", got)
					}
				})
			}
		}
	}
}

func TestMatchChainEdgeCases(t *testing.T) {
	t.Parallel()
	pki := smtptest.NewPKI(t, "", time.Now().Add(90*24*time.Hour))
	unrelated := otherCert(t)
	leafSHA256 := Association(pki.Leaf, SelectorSPKI, MatchingSHA256)
	caSHA256 := Association(pki.CA, SelectorCert, MatchingSHA256)
	unrelatedSHA256 := Association(unrelated, SelectorCert, MatchingSHA256)
	chain := []*x509.Certificate{pki.Leaf, pki.CA}
	none := Match{Record: -1, Depth: -1}
	tests := []struct {
		name    string
		chain   []*x509.Certificate
		records []Record
		want    Match
	}{
		{"mismatch", chain, []Record{rec(3, 1, 1, unrelatedSHA256)}, none},
		{"SHA-256 of the wrong length", chain, []Record{rec(3, 1, 1, leafSHA256[:31])}, none},
		{"SHA-512 given a SHA-256 digest", chain, []Record{rec(3, 1, 2, leafSHA256)}, none},
		{"empty exact data", chain, []Record{rec(3, 0, 0, nil)}, none},
		{"PKIX-EE unusable for SMTP", chain, []Record{rec(1, 1, 1, leafSHA256)}, none},
		{"PKIX-TA unusable for SMTP", chain, []Record{rec(0, 0, 1, caSHA256)}, none},
		{"unknown selector", chain, []Record{rec(3, 2, 1, leafSHA256)}, none},
		{"unknown matching type", chain, []Record{rec(3, 1, 3, leafSHA256)}, none},
		{"DANE-TA naming the leaf", chain, []Record{rec(2, 1, 1, leafSHA256)}, none},
		{"DANE-TA on a CA the leaf does not chain to", []*x509.Certificate{pki.Leaf, unrelated},
			[]Record{rec(2, 0, 1, unrelatedSHA256)}, none},
		{"DANE-TA in a chain out of order", []*x509.Certificate{pki.Leaf, unrelated, pki.CA},
			[]Record{rec(2, 0, 1, caSHA256)}, Match{Matched: true, Record: 0, Depth: 2}},
		{"DANE-TA through an intermediate", intermediateChain(t, pki),
			[]Record{rec(2, 0, 1, caSHA256)}, Match{Matched: true, Record: 0, Depth: 2}},
		{"rollover: the second record matches", chain,
			[]Record{rec(3, 1, 1, unrelatedSHA256), rec(3, 1, 1, leafSHA256)}, Match{Matched: true, Record: 1, Depth: 0}},
		{"an unusable record before the matching one", chain,
			[]Record{rec(1, 1, 1, leafSHA256), rec(3, 1, 1, leafSHA256)}, Match{Matched: true, Record: 1, Depth: 0}},
		{"no chain", nil, []Record{rec(3, 1, 1, leafSHA256)}, none},
		{"no records", chain, nil, none},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := MatchChain(tt.chain, tt.records); got != tt.want {
				t.Errorf("MatchChain = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// intermediateChain is leaf ← intermediate ← pki.CA, where the leaf is
// new and issued by the intermediate.
func intermediateChain(t *testing.T, pki *smtptest.PKI) []*x509.Certificate {
	t.Helper()
	inter, ikey := smtptest.Issue(t, smtptest.CATemplate("intermediate", 3), pki.CA, pki.CAKey)
	leaf, _ := smtptest.Issue(t, smtptest.LeafTemplate(smtptest.DefaultName, 4, time.Now().Add(time.Hour)), inter, ikey)
	return []*x509.Certificate{leaf, inter, pki.CA}
}

func TestConfirm(t *testing.T) {
	t.Parallel()
	pki := smtptest.NewPKI(t, "", time.Now().Add(90*24*time.Hour))
	chain := []*x509.Certificate{pki.Leaf, pki.CA}
	good := rec(3, 1, 1, Association(pki.Leaf, SelectorSPKI, MatchingSHA256))
	bad := rec(3, 1, 1, Association(otherCert(t), SelectorSPKI, MatchingSHA256))
	valid := func(records ...Record) Host {
		return Host{Host: "mx.example.test", Name: "_25._tcp.mx.example.test", Status: StatusValid, Records: records, Detail: "validated"}
	}
	tests := []struct {
		name   string
		h      Host
		chains [][]*x509.Certificate
		want   Status
	}{
		{"matching chain stays valid", valid(good), [][]*x509.Certificate{chain}, StatusValid},
		{"no probe: valid", valid(bad), nil, StatusValid},
		{"no record matches: mismatch", valid(bad), [][]*x509.Certificate{chain}, StatusMismatch},
		{"one address of two mismatches", valid(good), [][]*x509.Certificate{chain, {otherCert(t)}}, StatusMismatch},
		{"other states are left alone", Host{Status: StatusAbsent}, [][]*x509.Certificate{chain}, StatusAbsent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := tt.h
			h.Confirm(tt.chains)
			if h.Status != tt.want {
				t.Errorf("status %s, want %s", h.Status, tt.want)
			}
			if tt.want == StatusMismatch && !strings.Contains(h.Detail, "RFC 7672 §3") {
				t.Errorf("detail %q", h.Detail)
			}
		})
	}
}
