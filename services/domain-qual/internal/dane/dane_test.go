package dane

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

func selfSigned(t *testing.T) *x509.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "mx.example.com"},
		NotBefore: time.Unix(0, 0), NotAfter: time.Unix(1<<32, 0)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

func tlsa(t *testing.T, rdata string) *dns.TLSA {
	t.Helper()
	rr, err := dns.NewRR("_25._tcp.mx.example.com. 300 IN TLSA " + rdata)
	if err != nil {
		t.Fatal(err)
	}
	return rr.(*dns.TLSA)
}

func TestRecords(t *testing.T) {
	cert := selfSigned(t)
	hexOf := func(sel, mt uint8) string { return hex.EncodeToString(Association(cert, sel, mt)) }
	tests := []struct {
		rdata   string
		problem Problem
		matches bool
	}{
		{"3 1 1 " + hexOf(1, 1), "", true},
		{"3 1 2 " + hexOf(1, 2), "", true},
		{"3 0 1 " + hexOf(0, 1), "", true},
		{"2 0 0 " + hexOf(0, 0), "", true},
		{"3 1 0 " + hexOf(1, 0), "", true},
		{"3 1 1 " + hexOf(1, 1)[:62], ProblemMalformedData, false},
		{"3 1 2 " + hexOf(1, 1), ProblemMalformedData, false},
		{"3 0 0 " + hexOf(1, 0), ProblemMalformedData, false},
		{"3 1 0 0102030405", ProblemMalformedData, false},
		{"1 1 1 " + hexOf(1, 1), ProblemPKIXUsage, false},
		{"0 0 1 " + hexOf(0, 1), ProblemPKIXUsage, false},
		{"4 1 1 " + hexOf(1, 1), ProblemUnsupportedUsage, false},
		{"3 2 1 " + hexOf(1, 1), ProblemUnsupportedSelector, false},
		{"3 1 3 " + hexOf(1, 1), ProblemUnsupportedMatchingType, false},
	}
	for _, tt := range tests {
		r := judgeRecord(tlsa(t, tt.rdata))
		if r.Problem != tt.problem || r.Usable != (tt.problem == "") || r.Matches(cert) != tt.matches {
			t.Errorf("%.20s…: problem %q usable %v matches %v; want %q, %v", tt.rdata, r.Problem, r.Usable, r.Matches(cert), tt.problem, tt.matches)
		}
	}
	other := selfSigned(t)
	if r := judgeRecord(tlsa(t, "3 1 1 "+hexOf(1, 1))); r.Matches(other) {
		t.Error("a record matches another key's certificate")
	}
}

func TestJudgeWithoutSecureZone(t *testing.T) {
	rec := tlsa(t, "3 1 1 "+strings.Repeat("ab", 32))
	signed := resolver.Answer{Name: "_25._tcp.mx.example.com.", Type: dns.TypeTLSA, Status: resolver.StatusRecords, Records: []dns.RR{rec},
		Sigs: []*dns.RRSIG{{TypeCovered: dns.TypeTLSA, SignerName: "Example.com."}}}
	unsigned := signed
	unsigned.Sigs = nil
	tests := []struct {
		name string
		in   HostInput
		want Status
	}{
		{"no answer", HostInput{Host: "mx.example.com", TLSA: resolver.Answer{Status: resolver.StatusUnknown, Reason: "timeout"}}, StatusUnknown},
		{"nxdomain", HostInput{Host: "mx.example.com", TLSA: resolver.Answer{Status: resolver.StatusNXDomain}}, StatusAbsent},
		{"no RRSIG", HostInput{Host: "mx.example.com", TLSA: unsigned}, StatusUnusable},
		{"no RRSIG inside a signed zone", HostInput{Host: "mx.example.com", TLSA: unsigned, Enclosing: &dnssec.Judgement{Status: dnssec.StatusSigned}}, StatusUnusable},
		{"no RRSIG, enclosing zone unknown", HostInput{Host: "mx.example.com", TLSA: unsigned, Enclosing: &dnssec.Judgement{Status: dnssec.StatusUnknown, Detail: "x"}}, StatusUnknown},
		{"signer without DS", HostInput{Host: "mx.example.com", TLSA: signed, Zone: dnssec.Judgement{Status: dnssec.StatusUnsigned}}, StatusUnusable},
		{"signer bogus", HostInput{Host: "mx.example.com", TLSA: signed, Zone: dnssec.Judgement{Status: dnssec.StatusBogus}}, StatusBogus},
		{"signer unknown", HostInput{Host: "mx.example.com", TLSA: signed, Zone: dnssec.Judgement{Status: dnssec.StatusUnknown}}, StatusUnknown},
		{"signature by a key not in the set", HostInput{Host: "mx.example.com", TLSA: signed, Zone: dnssec.Judgement{Status: dnssec.StatusSigned}}, StatusBogus},
	}
	for _, tt := range tests {
		h := Judge(tt.in)
		if h.Status != tt.want || h.Name != "_25._tcp.mx.example.com" || h.Detail == "" {
			t.Errorf("%s: %+v, want %s", tt.name, h, tt.want)
		}
	}
	if got := Signer(signed); got != "example.com." {
		t.Errorf("Signer = %q", got)
	}
}

func TestDomain(t *testing.T) {
	hosts := func(ss ...Status) []Host {
		var out []Host
		for _, s := range ss {
			out = append(out, Host{Status: s})
		}
		return out
	}
	tests := []struct {
		hosts []Host
		want  Status
	}{
		{nil, StatusNotApplicable},
		{hosts(StatusValid, StatusValid), StatusValid},
		{hosts(StatusValid, StatusUnknown), StatusUnknown},
		{hosts(StatusAbsent, StatusUnknown), StatusAbsent},
		{hosts(StatusValid, StatusAbsent, StatusUnusable), StatusUnusable},
		{hosts(StatusUnusable, StatusBogus, StatusValid), StatusBogus},
		{hosts(StatusValid, StatusUnusable, StatusMismatch), StatusMismatch},
	}
	for _, tt := range tests {
		if got := Domain(tt.hosts); got != tt.want {
			t.Errorf("Domain(%v) = %s, want %s", tt.hosts, got, tt.want)
		}
	}
}
