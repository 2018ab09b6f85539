package dnstest_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
)

func exchange(t *testing.T, addr, network, name string, qtype uint16, edns bool) *dns.Msg {
	t.Helper()
	m := new(dns.Msg)
	m.SetQuestion(dns.Fqdn(name), qtype)
	if edns {
		m.SetEdns0(1232, true)
	}
	c := &dns.Client{Net: network, Timeout: 2 * time.Second}
	resp, _, err := c.ExchangeContext(context.Background(), m, addr)
	if err != nil {
		t.Fatalf("exchange %s %s over %s: %v", name, dns.TypeToString[qtype], network, err)
	}
	return resp
}

func startNorthwind(t *testing.T, cfg dnstest.Config) *dnstest.Server {
	t.Helper()
	cfg.ZoneFiles = append(cfg.ZoneFiles, "testdata/northwind.zone")
	return dnstest.Start(t, cfg)
}

func TestAnswers(t *testing.T) {
	srv := startNorthwind(t, dnstest.Config{})
	tests := []struct {
		name      string
		qname     string
		qtype     uint16
		rcode     int
		answer    []string // "TYPE rdata" of each answer RR, in order
		wantSOA   bool
		soaTTL    uint32
		ownerWant string // owner of the last answer RR when set
	}{
		{name: "A at apex", qname: "northwind-traders.com", qtype: dns.TypeA, rcode: dns.RcodeSuccess, answer: []string{"A 192.0.2.10"}},
		{name: "case insensitive question", qname: "NorthWind-Traders.COM", qtype: dns.TypeMX, rcode: dns.RcodeSuccess, answer: []string{"MX 10 mail.northwind-traders.com."}},
		{name: "NODATA carries SOA with negative TTL", qname: "northwind-traders.com", qtype: dns.TypeAAAA, rcode: dns.RcodeSuccess, wantSOA: true, soaTTL: 60},
		{name: "NXDOMAIN carries SOA", qname: "nope.northwind-traders.com", qtype: dns.TypeA, rcode: dns.RcodeNameError, wantSOA: true, soaTTL: 60},
		{name: "empty non-terminal is NODATA", qname: "b.deep.northwind-traders.com", qtype: dns.TypeA, rcode: dns.RcodeSuccess, wantSOA: true, soaTTL: 60},
		{name: "CNAME chain chased", qname: "www.northwind-traders.com", qtype: dns.TypeA, rcode: dns.RcodeSuccess,
			answer: []string{"CNAME web.northwind-traders.com.", "CNAME edge.northwind-traders.com.", "A 192.0.2.80"}},
		{name: "CNAME asked directly is not chased", qname: "www.northwind-traders.com", qtype: dns.TypeCNAME, rcode: dns.RcodeSuccess,
			answer: []string{"CNAME web.northwind-traders.com."}},
		{name: "CNAME out of zone stops", qname: "shop.northwind-traders.com", qtype: dns.TypeA, rcode: dns.RcodeSuccess,
			answer: []string{"CNAME shops.cdn-provider.net."}},
		{name: "dangling CNAME gives NXDOMAIN for the target", qname: "dangling.northwind-traders.com", qtype: dns.TypeA, rcode: dns.RcodeNameError,
			answer: []string{"CNAME gone.northwind-traders.com."}, wantSOA: true, soaTTL: 60},
		{name: "CNAME loop is bounded", qname: "loop1.northwind-traders.com", qtype: dns.TypeA, rcode: dns.RcodeSuccess,
			answer: []string{"CNAME loop2.northwind-traders.com.", "CNAME loop1.northwind-traders.com."}},
		{name: "wildcard synthesised", qname: "anything.wild.northwind-traders.com", qtype: dns.TypeTXT, rcode: dns.RcodeSuccess,
			answer: []string{"TXT \"wildcard\""}, ownerWant: "anything.wild.northwind-traders.com."},
		{name: "name outside served zones is refused", qname: "other-company.org", qtype: dns.TypeA, rcode: dns.RcodeRefused},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := exchange(t, srv.Addr(), "udp", tc.qname, tc.qtype, true)
			if resp.Rcode != tc.rcode {
				t.Fatalf("rcode = %s, want %s", dns.RcodeToString[resp.Rcode], dns.RcodeToString[tc.rcode])
			}
			var got []string
			for _, rr := range resp.Answer {
				got = append(got, dns.TypeToString[rr.Header().Rrtype]+" "+strings.TrimPrefix(rr.String(), rr.Header().String()))
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.answer) {
				t.Errorf("answer = %q, want %q", got, tc.answer)
			}
			if tc.ownerWant != "" && resp.Answer[len(resp.Answer)-1].Header().Name != tc.ownerWant {
				t.Errorf("owner = %s, want %s", resp.Answer[len(resp.Answer)-1].Header().Name, tc.ownerWant)
			}
			var soa *dns.SOA
			for _, rr := range resp.Ns {
				if s, ok := rr.(*dns.SOA); ok {
					soa = s
				}
			}
			if tc.wantSOA != (soa != nil) {
				t.Fatalf("SOA in authority = %v, want %v", soa != nil, tc.wantSOA)
			}
			if soa != nil && soa.Hdr.Ttl != tc.soaTTL {
				t.Errorf("SOA TTL = %d, want %d", soa.Hdr.Ttl, tc.soaTTL)
			}
			if resp.IsEdns0() == nil {
				t.Error("EDNS0 query answered without OPT")
			}
		})
	}
}

func TestTruncation(t *testing.T) {
	var b strings.Builder
	b.WriteString("$ORIGIN big-records.net.\n$TTL 300\n@ IN SOA ns.big-records.net. h.big-records.net. 1 3600 600 86400 60\n")
	for i := range 12 {
		fmt.Fprintf(&b, "@ IN TXT \"%s-%02d\"\n", strings.Repeat("x", 60), i)
	}
	srv := dnstest.Start(t, dnstest.Config{Zones: []string{b.String()}})

	plain := exchange(t, srv.Addr(), "udp", "big-records.net", dns.TypeTXT, false)
	if !plain.Truncated || len(plain.Answer) != 0 {
		t.Fatalf("UDP without EDNS0: TC=%v answers=%d, want TC and no answers", plain.Truncated, len(plain.Answer))
	}
	withEDNS := exchange(t, srv.Addr(), "udp", "big-records.net", dns.TypeTXT, true)
	if withEDNS.Truncated || len(withEDNS.Answer) != 12 {
		t.Fatalf("UDP with 1232-byte EDNS0: TC=%v answers=%d, want 12 answers", withEDNS.Truncated, len(withEDNS.Answer))
	}
	overTCP := exchange(t, srv.Addr(), "tcp", "big-records.net", dns.TypeTXT, false)
	if overTCP.Truncated || len(overTCP.Answer) != 12 {
		t.Fatalf("TCP: TC=%v answers=%d, want 12 answers", overTCP.Truncated, len(overTCP.Answer))
	}
	if got := srv.TCPQueries(); got != 1 {
		t.Errorf("TCPQueries = %d, want 1", got)
	}
}

func TestFaultsAndAD(t *testing.T) {
	srv := startNorthwind(t, dnstest.Config{
		Faults: []dnstest.Fault{
			{Name: "northwind-traders.com", Type: dns.TypeMX, Kind: dnstest.FaultServFail},
			{Name: "mail.northwind-traders.com.", Kind: dnstest.FaultRefused},
		},
		AuthenticData: []string{"northwind-traders.com"},
	})
	if r := exchange(t, srv.Addr(), "udp", "northwind-traders.com", dns.TypeMX, true); r.Rcode != dns.RcodeServerFailure {
		t.Errorf("MX rcode = %s, want SERVFAIL", dns.RcodeToString[r.Rcode])
	}
	if r := exchange(t, srv.Addr(), "udp", "northwind-traders.com", dns.TypeA, true); r.Rcode != dns.RcodeSuccess || !r.AuthenticatedData {
		t.Errorf("A: rcode=%s AD=%v, want NOERROR with AD", dns.RcodeToString[r.Rcode], r.AuthenticatedData)
	}
	if r := exchange(t, srv.Addr(), "udp", "mail.northwind-traders.com", dns.TypeAAAA, true); r.Rcode != dns.RcodeRefused {
		t.Errorf("type-wildcard fault: rcode = %s, want REFUSED", dns.RcodeToString[r.Rcode])
	}
	if r := exchange(t, srv.Addr(), "udp", "ns1.northwind-traders.com", dns.TypeA, true); r.AuthenticatedData {
		t.Error("AD set on a name not configured for it")
	}

	srv.SetFault("ns1.northwind-traders.com", dns.TypeA, dnstest.FaultDrop)
	m := new(dns.Msg)
	m.SetQuestion("ns1.northwind-traders.com.", dns.TypeA)
	c := &dns.Client{Timeout: 200 * time.Millisecond}
	if _, _, err := c.Exchange(m, srv.Addr()); err == nil {
		t.Error("dropped question was answered")
	}
	srv.SetFault("ns1.northwind-traders.com", dns.TypeA, 0)
	if r := exchange(t, srv.Addr(), "udp", "ns1.northwind-traders.com", dns.TypeA, true); len(r.Answer) != 1 {
		t.Errorf("after clearing the fault: %d answers, want 1", len(r.Answer))
	}
}

func TestFaultAllAndOutside(t *testing.T) {
	srv, err := dnstest.Serve(dnstest.Config{ZoneFiles: []string{"testdata/northwind.zone"}, NXDomainOutside: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	srv.SetFault("ns1.northwind-traders.com", dns.TypeA, dnstest.FaultRefused)
	srv.SetFaultAll(dnstest.FaultServFail)
	if r := exchange(t, srv.Addr(), "udp", "northwind-traders.com", dns.TypeA, false); r.Rcode != dns.RcodeServerFailure {
		t.Errorf("all faulted: rcode = %s, want SERVFAIL", dns.RcodeToString[r.Rcode])
	}
	if r := exchange(t, srv.Addr(), "udp", "ns1.northwind-traders.com", dns.TypeA, false); r.Rcode != dns.RcodeRefused {
		t.Errorf("a question's own fault: rcode = %s, want REFUSED", dns.RcodeToString[r.Rcode])
	}
	srv.SetFaultAll(0)
	if r := exchange(t, srv.Addr(), "udp", "northwind-traders.net", dns.TypeA, false); r.Rcode != dns.RcodeNameError || len(r.Ns) != 0 {
		t.Errorf("outside the zones: rcode = %s, authority %v, want NXDOMAIN without SOA", dns.RcodeToString[r.Rcode], r.Ns)
	}
	if r := exchange(t, srv.Addr(), "udp", "northwind-traders.com", dns.TypeA, false); r.Rcode != dns.RcodeSuccess || len(r.Answer) == 0 {
		t.Errorf("cleared: rcode = %s, %d answers", dns.RcodeToString[r.Rcode], len(r.Answer))
	}
}

func TestCountersAndLatency(t *testing.T) {
	srv := startNorthwind(t, dnstest.Config{Latency: 50 * time.Millisecond})
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			exchange(t, srv.Addr(), "udp", "northwind-traders.com", dns.TypeA, true)
		})
	}
	wg.Wait()
	exchange(t, srv.Addr(), "tcp", "mail.northwind-traders.com", dns.TypeA, true)

	if got := srv.Queries(); got != 6 {
		t.Errorf("Queries = %d, want 6", got)
	}
	if got := srv.QueriesFor("NORTHWIND-TRADERS.COM", dns.TypeA); got != 5 {
		t.Errorf("QueriesFor apex A = %d, want 5", got)
	}
	if got := srv.QueriesFor("northwind-traders.com", dns.TypeMX); got != 0 {
		t.Errorf("QueriesFor apex MX = %d, want 0", got)
	}
	// Five questions held for 50 ms each must overlap on a concurrent server.
	if got := srv.MaxInFlight(); got < 2 {
		t.Errorf("MaxInFlight = %d, want concurrent handling (>=2)", got)
	}
	counts := srv.QueryCounts()
	if counts[dnstest.Question{Name: "mail.northwind-traders.com.", Type: dns.TypeA}] != 1 {
		t.Errorf("QueryCounts = %v", counts)
	}
	srv.ResetCounts()
	if srv.Queries() != 0 || srv.MaxInFlight() != 0 {
		t.Error("ResetCounts left counters")
	}
}

func TestStartRejectsBadZones(t *testing.T) {
	tests := []struct {
		name string
		zone string
	}{
		{name: "no SOA", zone: "$ORIGIN a-zone.com.\n@ 300 IN A 192.0.2.1\n"},
		{name: "two SOA", zone: "$ORIGIN a-zone.com.\n@ 300 IN SOA ns h 1 2 3 4 5\n@ 300 IN SOA ns h 1 2 3 4 5\n"},
		{name: "syntax error", zone: "$ORIGIN a-zone.com.\n@ 300 IN SOA ns h 1 2 3 4 5\n@ 300 IN A not-an-ip\n"},
		{name: "record outside zone", zone: "$ORIGIN a-zone.com.\n@ 300 IN SOA ns h 1 2 3 4 5\nother-zone.com. 300 IN A 192.0.2.1\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ft := &fatalRecorder{TB: t}
			func() {
				defer func() { _ = recover() }()
				dnstest.Start(ft, dnstest.Config{Zones: []string{tc.zone}})
			}()
			if !ft.failed {
				t.Error("Start accepted a bad zone")
			}
		})
	}
}

// fatalRecorder records Fatal calls instead of failing the enclosing test.
type fatalRecorder struct {
	testing.TB
	failed bool
}

func (f *fatalRecorder) Fatal(args ...any) {
	f.failed = true
	panic("fatal")
}

func TestNoCNAMEChase(t *testing.T) {
	srv := startNorthwind(t, dnstest.Config{NoCNAMEChase: true})
	r := exchange(t, srv.Addr(), "udp", "www.northwind-traders.com", dns.TypeA, true)
	if len(r.Answer) != 1 || r.Answer[0].Header().Rrtype != dns.TypeCNAME || len(r.Ns) != 0 {
		t.Fatalf("answer=%v ns=%v, want the CNAME alone", r.Answer, r.Ns)
	}
}

// TestDNSSECRecords: RRSIGs covering the answered type are added only when
// the query has the DO bit; a DS question for a zone apex is answered by
// the parent zone (NODATA with the parent's SOA when it has no DS there),
// or, when no parent is served, by the zone itself (NODATA).
func TestDNSSECRecords(t *testing.T) {
	now := time.Now()
	signer := dnstest.NewSigner(t, "signed.example.net", now.Add(-time.Hour), now.Add(time.Hour))
	zone := func(origin string) string {
		return "$ORIGIN " + origin + ".\n$TTL 300\n@ IN SOA ns1 hostmaster 1 3600 600 86400 60\n@ IN MX 10 mail\nmail IN A 192.0.2.25\n" +
			"_25._tcp.mail IN TLSA 3 1 1 " + strings.Repeat("5e", 32) + "\n_25._tcp.mail IN TLSA 3 1 1 " + strings.Repeat("a7", 32) + "\n"
	}
	parent := zone("example.net") + signer.DS(dns.SHA256) + "\n"
	srv := dnstest.Start(t, dnstest.Config{Zones: []string{parent, signer.Sign(t, zone("signed.example.net")),
		zone("plain.example.net"), zone("orphan.example.org")}})

	types := func(m *dns.Msg) []string {
		var out []string
		for _, rr := range m.Answer {
			s := dns.TypeToString[rr.Header().Rrtype]
			if sig, ok := rr.(*dns.RRSIG); ok {
				s += "/" + dns.TypeToString[sig.TypeCovered]
			}
			out = append(out, s)
		}
		return out
	}
	tests := []struct {
		name   string
		qname  string
		qtype  uint16
		do     bool
		answer []string
		soa    string // owner of the authority-section SOA, for NODATA
	}{
		{name: "MX with its RRSIG when DO is set", qname: "signed.example.net", qtype: dns.TypeMX, do: true, answer: []string{"MX", "RRSIG/MX"}},
		{name: "MX alone without DO", qname: "signed.example.net", qtype: dns.TypeMX, answer: []string{"MX"}},
		{name: "DNSKEY RRset and its RRSIG", qname: "signed.example.net", qtype: dns.TypeDNSKEY, do: true, answer: []string{"DNSKEY", "DNSKEY", "RRSIG/DNSKEY"}},
		{name: "A below the apex with its RRSIG", qname: "mail.signed.example.net", qtype: dns.TypeA, do: true, answer: []string{"A", "RRSIG/A"}},
		{name: "a TLSA set (DANE for SMTP) with its RRSIG", qname: "_25._tcp.mail.signed.example.net", qtype: dns.TypeTLSA, do: true, answer: []string{"TLSA", "TLSA", "RRSIG/TLSA"}},
		{name: "a TLSA set in an unsigned zone has no RRSIG", qname: "_25._tcp.mail.plain.example.net", qtype: dns.TypeTLSA, do: true, answer: []string{"TLSA", "TLSA"}},
		{name: "DS of a signed child comes from the parent", qname: "signed.example.net", qtype: dns.TypeDS, do: true, answer: []string{"DS"}},
		{name: "DS of an unsigned child is the parent's NODATA", qname: "plain.example.net", qtype: dns.TypeDS, do: true, soa: "example.net."},
		{name: "DS with no parent served is the zone's own NODATA", qname: "orphan.example.org", qtype: dns.TypeDS, do: true, soa: "orphan.example.org."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := new(dns.Msg)
			m.SetQuestion(dns.Fqdn(tc.qname), tc.qtype)
			m.SetEdns0(1232, tc.do)
			resp, _, err := (&dns.Client{Timeout: 2 * time.Second}).Exchange(m, srv.Addr())
			if err != nil {
				t.Fatal(err)
			}
			if resp.Rcode != dns.RcodeSuccess || fmt.Sprint(types(resp)) != fmt.Sprint(tc.answer) {
				t.Errorf("rcode %s answer %v, want NOERROR %v", dns.RcodeToString[resp.Rcode], types(resp), tc.answer)
			}
			soa := ""
			if len(resp.Ns) == 1 {
				soa = resp.Ns[0].Header().Name
			}
			if soa != tc.soa {
				t.Errorf("authority SOA owner %q, want %q", soa, tc.soa)
			}
		})
	}
}
