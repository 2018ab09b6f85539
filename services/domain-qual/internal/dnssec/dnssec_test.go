package dnssec_test

import (
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

var now = time.Date(2026, 11, 22, 8, 30, 0, 0, time.UTC)

const apex = "example.com."

func rr(t *testing.T, s string) dns.RR {
	t.Helper()
	r, err := dns.NewRR(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func records(a ...dns.RR) resolver.Answer {
	if len(a) == 0 {
		return resolver.Answer{Status: resolver.StatusNoData, TTL: 60}
	}
	return resolver.Answer{Name: a[0].Header().Name, Type: a[0].Header().Rrtype, Status: resolver.StatusRecords, Records: a, TTL: a[0].Header().Ttl}
}

func signed(a resolver.Answer, sigs ...*dns.RRSIG) resolver.Answer {
	a.Sigs = append(a.Sigs, sigs...)
	return a
}

func ad(a resolver.Answer) resolver.Answer {
	a.AuthenticData = true
	return a
}

var (
	noData   = resolver.Answer{Status: resolver.StatusNoData, TTL: 60}
	nxDomain = resolver.Answer{Status: resolver.StatusNXDomain, TTL: 60}
	servFail = resolver.Answer{Status: resolver.StatusUnknown, Reason: resolver.ReasonServFail}
)

// world is a signed example.com: its keys, the parent's DS and the signed
// DNSKEY, SOA and MX answers, from which each case derives its variant.
type world struct {
	s           *dnstest.Signer
	ds          dns.RR
	keys        resolver.Answer
	soa, mx     resolver.Answer
	soaRR, mxRR dns.RR
}

func newWorld(t *testing.T) world {
	s := dnstest.NewSigner(t, apex, now.Add(-time.Hour), now.Add(30*24*time.Hour))
	w := world{s: s, ds: rr(t, s.DS(dns.SHA256))}
	keys := s.Keys(3600)
	w.keys = signed(records(keys...), s.SignRRset(t, keys))
	w.soaRR = rr(t, "example.com. 3600 IN SOA ns1.example.com. hostmaster.example.com. 1 3600 600 86400 300")
	w.mxRR = rr(t, "example.com. 3600 IN MX 10 mx1.example.com.")
	w.soa = signed(records(w.soaRR), s.SignRRset(t, []dns.RR{w.soaRR}))
	w.mx = signed(records(w.mxRR), s.SignRRset(t, []dns.RR{w.mxRR}))
	return w
}

func (w world) input() dnssec.Input {
	return dnssec.Input{Apex: "example.com", DS: records(w.ds), DNSKEY: w.keys, Data: []resolver.Answer{w.soa, w.mx}, Now: now}
}

// TestJudge covers each rule of the judgement; the RFC 4035 sections are
// those the rule implements.
func TestJudge(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, w world, in *dnssec.Input)
		status dnssec.Status
		detail string // a substring of the detail
		ad     bool
	}{
		{name: "signed: DS matches the KSK, which signs the DNSKEY set; SOA and MX signatures verify (RFC 4035 §5.2, §5.3)",
			status: dnssec.StatusSigned, detail: "matches the ECDSAP256SHA256 key-signing key of example.com, which signs the DNSKEY RRset; the RRSIGs over the SOA and MX RRsets verify"},
		{name: "resolver AD bit is reported when every definite answer carries it",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				in.DS, in.DNSKEY, in.Data = ad(in.DS), ad(in.DNSKEY), []resolver.Answer{ad(in.Data[0]), ad(in.Data[1]), servFail}
			},
			status: dnssec.StatusSigned, ad: true},
		{name: "signed with only the SOA checked when there is no MX",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.Data = []resolver.Answer{w.soa, noData} },
			status: dnssec.StatusSigned, detail: "the RRSIG over the SOA RRset verifies and is within its validity period"},
		{name: "unsigned: the parent answers the DS query NODATA (RFC 4035 §5.2, insecure)",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.DS = ad(noData) },
			status: dnssec.StatusUnsigned, detail: "publishes no DS record for example.com", ad: false},
		{name: "unsigned: a zone with keys but no DS at the parent is an island of security",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.DS = noData },
			status: dnssec.StatusUnsigned, detail: "the zone publishes DNSKEY records"},
		{name: "unsigned: NXDOMAIN at the parent",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				in.DS, in.DNSKEY, in.Data = nxDomain, nxDomain, []resolver.Answer{nxDomain}
			},
			status: dnssec.StatusUnsigned},
		{name: "unknown: the DS lookup fails",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.DS = servFail },
			status: dnssec.StatusUnknown, detail: "the DS lookup for example.com failed: SERVFAIL"},
		{name: "unknown: the DNSKEY lookup fails",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.DNSKEY = servFail },
			status: dnssec.StatusUnknown, detail: "the DNSKEY lookup for example.com failed"},
		{name: "unknown: no data answer could be checked",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.Data = []resolver.Answer{servFail, servFail} },
			status: dnssec.StatusUnknown, detail: "no signed answer"},
		{name: "unknown: DS only with an algorithm not implemented (RFC 4035 §5.2 would call it insecure)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				in.DS = records(rr(t, "example.com. 3600 IN DS 12345 12 3 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"))
			},
			status: dnssec.StatusUnknown, detail: "does not implement (key tag 12345, ECC-GOST"},
		{name: "unknown: the answers carry no RRSIG at all (resolver strips them)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				in.DNSKEY.Sigs, in.Data = nil, []resolver.Answer{records(w.soaRR), records(w.mxRR)}
			},
			status: dnssec.StatusUnknown, detail: "carry no RRSIG records"},
		{name: "bogus: a DS but no DNSKEY (RFC 4035 §5.2)",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.DNSKEY = noData },
			status: dnssec.StatusBogus, detail: "serves no DNSKEY records"},
		{name: "bogus: the DS matches no DNSKEY (RFC 4035 §5.2)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				other := dnstest.NewSigner(t, apex, now, now)
				in.DS = records(rr(t, other.DS(dns.SHA256)))
			},
			status: dnssec.StatusBogus, detail: "no DNSKEY of example.com matches the parent's DS (key tag"},
		{name: "bogus: the DS has the KSK's key tag but another digest (RFC 4035 §5.2)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				ds := dns.Copy(w.ds).(*dns.DS)
				ds.Digest = strings.Repeat("00", 32)
				in.DS = records(ds)
			},
			status: dnssec.StatusBogus, detail: "matches the parent's DS"},
		{name: "bogus: a SHA-1 DS is ignored next to a SHA-256 one that does not match (RFC 4509 §3)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				other := dnstest.NewSigner(t, apex, now, now)
				in.DS = records(rr(t, w.s.DS(dns.SHA1)), rr(t, other.DS(dns.SHA256)))
			},
			status: dnssec.StatusBogus, detail: "matches the parent's DS"},
		{name: "signed: a SHA-1 DS alone still anchors the key",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.DS = records(rr(t, w.s.DS(dns.SHA1))) },
			status: dnssec.StatusSigned},
		{name: "bogus: the DNSKEY RRset is not signed by the key the DS names (RFC 4035 §5.2)",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.DS = records(w.s.ZSK.ToDS(dns.SHA256)) },
			status: dnssec.StatusBogus, detail: "which is not a key the DS designates"},
		{name: "bogus: the SOA signature has expired (RFC 4035 §5.3.1)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				w.s.Inception, w.s.Expiration = now.Add(-60*24*time.Hour), now.Add(-30*24*time.Hour)
				in.Data[0] = signed(records(w.soaRR), w.s.SignRRset(t, []dns.RR{w.soaRR}))
			},
			status: dnssec.StatusBogus, detail: "the SOA RRset of example.com: the RRSIG expired at 2026-10-23T08:30:00Z"},
		{name: "bogus: the MX signature is not valid yet (RFC 4035 §5.3.1)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				w.s.Inception, w.s.Expiration = now.Add(24*time.Hour), now.Add(30*24*time.Hour)
				in.Data[1] = signed(records(w.mxRR), w.s.SignRRset(t, []dns.RR{w.mxRR}))
			},
			status: dnssec.StatusBogus, detail: "the MX RRset of example.com: the RRSIG is not valid before 2026-11-23T08:30:00Z"},
		{name: "signed: an expired signature next to a valid one (RFC 4035 §5.3.3: one is enough)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				w.s.Inception, w.s.Expiration = now.Add(-60*24*time.Hour), now.Add(-30*24*time.Hour)
				in.Data[0] = signed(in.Data[0], w.s.SignRRset(t, []dns.RR{w.soaRR}))
			},
			status: dnssec.StatusSigned},
		{name: "bogus: the SOA was changed after signing (RFC 4035 §5.3.3)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				changed := dns.Copy(w.soaRR).(*dns.SOA)
				changed.Serial++
				in.Data[0] = signed(records(changed), in.Data[0].Sigs...)
			},
			status: dnssec.StatusBogus, detail: "does not verify"},
		{name: "bogus: the MX RRset carries no RRSIG (RFC 4035 §5.3)",
			change: func(t *testing.T, w world, in *dnssec.Input) { in.Data[1] = records(w.mxRR) },
			status: dnssec.StatusBogus, detail: "the MX RRset of example.com: no RRSIG covers it"},
		{name: "bogus: the MX RRSIG names a key not in the DNSKEY set (RFC 4035 §5.3.1)",
			change: func(t *testing.T, w world, in *dnssec.Input) {
				other := dnstest.NewSigner(t, apex, now.Add(-time.Hour), now.Add(time.Hour))
				in.Data[1] = signed(records(w.mxRR), other.SignRRset(t, []dns.RR{w.mxRR}))
			},
			status: dnssec.StatusBogus, detail: "which is not in the DNSKEY RRset"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			in := w.input()
			if tc.change != nil {
				tc.change(t, w, &in)
			}
			got := dnssec.Judge(in)
			if got.Status != tc.status || !strings.Contains(got.Detail, tc.detail) || got.ResolverAD != tc.ad {
				t.Errorf("Judge = %+v, want status %s, detail containing %q, resolver AD %v", got, tc.status, tc.detail, tc.ad)
			}
		})
	}
}
