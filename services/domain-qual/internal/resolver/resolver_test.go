package resolver_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

var zoneFiles = []string{"testdata/fabrikam.zone", "testdata/cdn-partner.zone"}

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newResolver(t *testing.T, cfg resolver.Config) *resolver.Resolver {
	t.Helper()
	if cfg.Timeout == 0 {
		cfg.Timeout = time.Second
	}
	r, err := resolver.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r
}

func rdata(rrs []dns.RR) []string {
	var out []string
	for _, rr := range rrs {
		out = append(out, strings.TrimPrefix(rr.String(), rr.Header().String()))
	}
	return out
}

func TestLookupAnswers(t *testing.T) {
	tests := []struct {
		name      string
		noChase   bool
		qname     string
		qtype     uint16
		status    resolver.Status
		records   []string
		cnames    []string
		ttl       uint32
		ad        bool
		reason    string
		wantQuery int
	}{
		{name: "A records", qname: "Fabrikam-Logistics.com", qtype: dns.TypeA, status: resolver.StatusRecords,
			records: []string{"192.0.2.10", "192.0.2.11"}, ttl: 300, ad: true, wantQuery: 1},
		{name: "MX with its own TTL", qname: "fabrikam-logistics.com.", qtype: dns.TypeMX, status: resolver.StatusRecords,
			records: []string{"10 mx1.fabrikam-logistics.com."}, ttl: 600, ad: true, wantQuery: 1},
		{name: "NODATA with negative TTL", qname: "fabrikam-logistics.com", qtype: dns.TypeAAAA, status: resolver.StatusNoData,
			ttl: 120, ad: true, wantQuery: 1},
		{name: "NXDOMAIN with negative TTL", qname: "missing.fabrikam-logistics.com", qtype: dns.TypeA, status: resolver.StatusNXDomain,
			ttl: 120, wantQuery: 1},
		{name: "CNAME chain in one answer", qname: "www.fabrikam-logistics.com", qtype: dns.TypeA, status: resolver.StatusRecords,
			records: []string{"198.51.100.7"}, cnames: []string{"web.fabrikam-logistics.com.", "edge.cdn-partner.net."}, ttl: 30, wantQuery: 1},
		{name: "CNAME chain by re-querying targets", noChase: true, qname: "www.fabrikam-logistics.com", qtype: dns.TypeA, status: resolver.StatusRecords,
			records: []string{"198.51.100.7"}, cnames: []string{"web.fabrikam-logistics.com.", "edge.cdn-partner.net."}, ttl: 30, wantQuery: 3},
		{name: "CNAME to a missing name is NXDOMAIN", qname: "dangling.fabrikam-logistics.com", qtype: dns.TypeA, status: resolver.StatusNXDomain,
			cnames: []string{"gone.fabrikam-logistics.com."}, ttl: 120, wantQuery: 1},
		{name: "CNAME asked directly", qname: "www.fabrikam-logistics.com", qtype: dns.TypeCNAME, status: resolver.StatusRecords,
			records: []string{"web.fabrikam-logistics.com."}, ttl: 60, wantQuery: 1},
		{name: "CNAME loop is unknown", qname: "loop1.fabrikam-logistics.com", qtype: dns.TypeA, status: resolver.StatusUnknown,
			reason: resolver.ReasonCNAMELoop, wantQuery: 1},
		{name: "CNAME loop by re-query is unknown", noChase: true, qname: "loop1.fabrikam-logistics.com", qtype: dns.TypeA, status: resolver.StatusUnknown,
			cnames: []string{"loop2.fabrikam-logistics.com."}, reason: resolver.ReasonCNAMELoop, wantQuery: 2},
		{name: "failure after a CNAME keeps the chain", noChase: true, qname: "shop.fabrikam-logistics.com", qtype: dns.TypeA, status: resolver.StatusUnknown,
			cnames: []string{"shops.unserved-zone.org."}, reason: resolver.ReasonRefused, wantQuery: 2},
		{name: "refused name is unknown", qname: "unserved-zone.org", qtype: dns.TypeA, status: resolver.StatusUnknown,
			reason: resolver.ReasonRefused, wantQuery: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles, NoCNAMEChase: tc.noChase,
				AuthenticData: []string{"fabrikam-logistics.com"}})
			r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, Attempts: 1})
			a := r.Lookup(context.Background(), tc.qname, tc.qtype)
			if a.Status != tc.status {
				t.Fatalf("status = %s (%s), want %s", a.Status, a.Reason, tc.status)
			}
			if fmt.Sprint(rdata(a.Records)) != fmt.Sprint(tc.records) {
				t.Errorf("records = %q, want %q", rdata(a.Records), tc.records)
			}
			if fmt.Sprint(a.CNAMEs) != fmt.Sprint(tc.cnames) {
				t.Errorf("cnames = %q, want %q", a.CNAMEs, tc.cnames)
			}
			if a.TTL != tc.ttl || a.AuthenticData != tc.ad || a.Reason != tc.reason {
				t.Errorf("ttl=%d ad=%v reason=%q, want ttl=%d ad=%v reason=%q", a.TTL, a.AuthenticData, a.Reason, tc.ttl, tc.ad, tc.reason)
			}
			if a.Name != dns.CanonicalName(tc.qname) || a.Type != tc.qtype {
				t.Errorf("question = %s %d", a.Name, a.Type)
			}
			if got := srv.Queries(); got != tc.wantQuery {
				t.Errorf("queries = %d, want %d", got, tc.wantQuery)
			}
		})
	}
}

func TestFailuresAreUnknown(t *testing.T) {
	tests := []struct {
		name   string
		fault  dnstest.FaultKind
		reason string
	}{
		{name: "SERVFAIL", fault: dnstest.FaultServFail, reason: resolver.ReasonServFail},
		{name: "REFUSED", fault: dnstest.FaultRefused, reason: resolver.ReasonRefused},
		{name: "timeout", fault: dnstest.FaultDrop, reason: resolver.ReasonTimeout},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles,
				Faults: []dnstest.Fault{{Name: "fabrikam-logistics.com", Type: dns.TypeMX, Kind: tc.fault}}})
			timeout := 2 * time.Second // answers must not time out on a loaded machine
			if tc.fault == dnstest.FaultDrop {
				timeout = 200 * time.Millisecond
			}
			r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, Attempts: 2, Timeout: timeout})
			a := r.Lookup(context.Background(), "fabrikam-logistics.com", dns.TypeMX)
			if a.Status != resolver.StatusUnknown || a.Reason != tc.reason || len(a.Records) != 0 {
				t.Fatalf("got %s %q, want unknown %q", a.Status, a.Reason, tc.reason)
			}
			if got := srv.QueriesFor("fabrikam-logistics.com", dns.TypeMX); got != 2 {
				t.Errorf("queries = %d, want 2 (bounded attempts)", got)
			}
			// Unknown is never cached: asking again goes upstream again.
			r.Lookup(context.Background(), "fabrikam-logistics.com", dns.TypeMX)
			if got := srv.QueriesFor("fabrikam-logistics.com", dns.TypeMX); got != 4 {
				t.Errorf("queries after second lookup = %d, want 4", got)
			}
		})
	}
}

func TestFailover(t *testing.T) {
	tests := []struct {
		name string
		bad  dnstest.Config
	}{
		{name: "from a SERVFAIL server", bad: dnstest.Config{ZoneFiles: zoneFiles,
			Faults: []dnstest.Fault{{Name: "fabrikam-logistics.com", Kind: dnstest.FaultServFail}}}},
		{name: "from a refusing server", bad: dnstest.Config{Refuse: true}},
		{name: "from a silent server", bad: dnstest.Config{ZoneFiles: zoneFiles,
			Faults: []dnstest.Fault{{Name: "fabrikam-logistics.com", Kind: dnstest.FaultDrop}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bad := dnstest.Start(t, tc.bad)
			good := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles})
			r := newResolver(t, resolver.Config{Servers: []string{bad.Addr(), good.Addr()}, Attempts: 3, Timeout: time.Second})
			a := r.Lookup(context.Background(), "fabrikam-logistics.com", dns.TypeA)
			if a.Status != resolver.StatusRecords || len(a.Records) != 2 {
				t.Fatalf("got %s %q with %d records, want records from the good server", a.Status, a.Reason, len(a.Records))
			}
			if bad.Queries() != 1 || good.Queries() != 1 {
				t.Errorf("bad=%d good=%d queries, want 1 each", bad.Queries(), good.Queries())
			}
		})
	}
}

func TestTCPFallbackOnTruncation(t *testing.T) {
	var b strings.Builder
	b.WriteString("$ORIGIN contoso-bulk.com.\n$TTL 300\n@ IN SOA ns.contoso-bulk.com. h.contoso-bulk.com. 1 3600 600 86400 60\n")
	for i := range 30 {
		fmt.Fprintf(&b, "@ IN TXT \"%s-%02d\"\n", strings.Repeat("t", 60), i)
	}
	srv := dnstest.Start(t, dnstest.Config{Zones: []string{b.String()}})
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}})
	a := r.Lookup(context.Background(), "contoso-bulk.com", dns.TypeTXT)
	if a.Status != resolver.StatusRecords || len(a.Records) != 30 {
		t.Fatalf("got %s %q with %d records, want 30 TXT", a.Status, a.Reason, len(a.Records))
	}
	if srv.Queries() != 2 || srv.TCPQueries() != 1 {
		t.Errorf("queries=%d tcp=%d, want one UDP then one TCP", srv.Queries(), srv.TCPQueries())
	}
}

func TestCacheHonoursTTL(t *testing.T) {
	tests := []struct {
		name    string
		qname   string
		qtype   uint16
		ttl     time.Duration
		status  resolver.Status
		cacheOf int // CacheSize; 0 = default
	}{
		{name: "positive", qname: "fabrikam-logistics.com", qtype: dns.TypeA, ttl: 300 * time.Second, status: resolver.StatusRecords},
		{name: "NODATA", qname: "fabrikam-logistics.com", qtype: dns.TypeAAAA, ttl: 120 * time.Second, status: resolver.StatusNoData},
		{name: "NXDOMAIN", qname: "missing.fabrikam-logistics.com", qtype: dns.TypeA, ttl: 120 * time.Second, status: resolver.StatusNXDomain},
		{name: "CNAME chain uses the smallest TTL", qname: "www.fabrikam-logistics.com", qtype: dns.TypeA, ttl: 30 * time.Second, status: resolver.StatusRecords},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles})
			clk := &clock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
			r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, Now: clk.Now})
			ctx := context.Background()

			first := r.Lookup(ctx, tc.qname, tc.qtype)
			clk.Advance(tc.ttl - time.Second)
			second := r.Lookup(ctx, tc.qname, tc.qtype)
			if first.Status != tc.status || second.Status != tc.status {
				t.Fatalf("statuses %s, %s, want %s", first.Status, second.Status, tc.status)
			}
			if srv.Queries() != 1 {
				t.Fatalf("queries = %d after a cached lookup, want 1", srv.Queries())
			}
			if second.TTL != 1 {
				t.Errorf("cached TTL = %d, want the 1 s left", second.TTL)
			}
			clk.Advance(time.Second)
			third := r.Lookup(ctx, tc.qname, tc.qtype)
			if srv.Queries() != 2 || third.Status != tc.status || third.TTL != uint32(tc.ttl/time.Second) {
				t.Errorf("after expiry: queries=%d status=%s ttl=%d, want a fresh query", srv.Queries(), third.Status, third.TTL)
			}
		})
	}
}

func TestCacheIsBounded(t *testing.T) {
	srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles})
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, CacheSize: 2})
	ctx := context.Background()
	for _, q := range []uint16{dns.TypeA, dns.TypeMX, dns.TypeTXT, dns.TypeA} {
		r.Lookup(ctx, "fabrikam-logistics.com", q)
	}
	// A was evicted by TXT (least recently used), so it is asked twice.
	if got := srv.QueriesFor("fabrikam-logistics.com", dns.TypeA); got != 2 {
		t.Errorf("A queries = %d, want 2 after eviction", got)
	}
	r.Lookup(ctx, "fabrikam-logistics.com", dns.TypeTXT)
	if got := srv.QueriesFor("fabrikam-logistics.com", dns.TypeTXT); got != 1 {
		t.Errorf("TXT queries = %d, want 1 (still cached)", got)
	}
}

func TestCacheDisabled(t *testing.T) {
	srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles})
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, CacheSize: -1})
	r.Lookup(context.Background(), "fabrikam-logistics.com", dns.TypeA)
	r.Lookup(context.Background(), "fabrikam-logistics.com", dns.TypeA)
	if srv.Queries() != 2 {
		t.Errorf("queries = %d, want 2 without a cache", srv.Queries())
	}
}

func TestConcurrentIdenticalLookupsShareOneQuery(t *testing.T) {
	srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles, Latency: 100 * time.Millisecond})
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, CacheSize: -1})
	var wg sync.WaitGroup
	answers := make([]resolver.Answer, 100)
	start := make(chan struct{})
	for i := range answers {
		wg.Go(func() {
			<-start
			answers[i] = r.Lookup(context.Background(), "fabrikam-logistics.com", dns.TypeMX)
		})
	}
	close(start)
	wg.Wait()
	for i, a := range answers {
		if a.Status != resolver.StatusRecords || len(a.Records) != 1 {
			t.Fatalf("answer %d: %s %q", i, a.Status, a.Reason)
		}
	}
	if got := srv.Queries(); got != 1 {
		t.Errorf("queries = %d for 100 concurrent identical lookups, want 1", got)
	}
}

func TestCanceledContext(t *testing.T) {
	srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles, Latency: 200 * time.Millisecond})
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := r.Lookup(ctx, "fabrikam-logistics.com", dns.TypeA)
	if a.Status != resolver.StatusUnknown || a.Reason != resolver.ReasonCanceled {
		t.Errorf("got %s %q, want unknown canceled", a.Status, a.Reason)
	}
}

func TestInvalidName(t *testing.T) {
	r := newResolver(t, resolver.Config{Servers: []string{"127.0.0.1:1"}})
	for _, name := range []string{"", ".", "a..b.com", strings.Repeat("a", 64) + ".com"} {
		if a := r.Lookup(context.Background(), name, dns.TypeA); a.Status != resolver.StatusUnknown || a.Reason != resolver.ReasonInvalidName {
			t.Errorf("%q: got %s %q, want unknown invalid name", name, a.Status, a.Reason)
		}
	}
}

func TestNewConfig(t *testing.T) {
	dir := t.TempDir()
	conf := filepath.Join(dir, "resolv.conf")
	if err := os.WriteFile(conf, []byte("search corp.internal\nnameserver 192.0.2.1\nnameserver 2001:db8::53\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.conf")
	if err := os.WriteFile(empty, []byte("search corp.internal\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		cfg     resolver.Config
		servers []string
		wantErr bool
	}{
		{name: "explicit servers", cfg: resolver.Config{Servers: []string{"127.0.0.1:5353"}}, servers: []string{"127.0.0.1:5353"}},
		{name: "servers from resolv.conf", cfg: resolver.Config{ResolvConf: conf}, servers: []string{"192.0.2.1:53", "[2001:db8::53]:53"}},
		{name: "resolv.conf without nameservers", cfg: resolver.Config{ResolvConf: empty}, wantErr: true},
		{name: "missing resolv.conf", cfg: resolver.Config{ResolvConf: filepath.Join(dir, "nope")}, wantErr: true},
		{name: "server without port", cfg: resolver.Config{Servers: []string{"127.0.0.1"}}, wantErr: true},
		{name: "negative timeout", cfg: resolver.Config{Servers: []string{"127.0.0.1:53"}, Timeout: -1}, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := resolver.New(tc.cfg)
			if tc.wantErr {
				if err == nil {
					t.Fatal("New succeeded, want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(r.Servers()) != fmt.Sprint(tc.servers) {
				t.Errorf("servers = %v, want %v", r.Servers(), tc.servers)
			}
		})
	}
}

// TestTimeoutAboveLibraryDefault: a per-query timeout longer than the DNS
// library's own 2 s default is honoured (a slow but answering server is
// not turned into "unknown").
func TestTimeoutAboveLibraryDefault(t *testing.T) {
	srv := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles, Latency: 2500 * time.Millisecond})
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, Timeout: 4 * time.Second, Attempts: 1, CacheSize: -1})
	a := r.Lookup(context.Background(), "fabrikam-logistics.com", dns.TypeMX)
	if a.Status != resolver.StatusRecords {
		t.Fatalf("status %s (%s), want records from a server answering in 2.5 s with a 4 s timeout", a.Status, a.Reason)
	}
}

// TestSignatures: queries carry the DO bit, so a signed zone's answers come
// with their RRSIGs, kept in Sigs (only those covering the asked type)
// without changing Records, over UDP and after the TCP fallback, and cached
// with the answer; a DS question for a zone apex is answered by the parent.
func TestSignatures(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	var b strings.Builder
	b.WriteString("$ORIGIN signed-bulk.com.\n$TTL 300\n@ IN SOA ns.signed-bulk.com. h.signed-bulk.com. 1 3600 600 86400 60\n@ IN MX 10 mx\n")
	for i := range 30 {
		fmt.Fprintf(&b, "@ IN TXT \"%s-%02d\"\n", strings.Repeat("t", 60), i)
	}
	s := dnstest.NewSigner(t, "signed-bulk.com", now.Add(-time.Hour), now.Add(time.Hour))
	com := "$ORIGIN com.\n$TTL 900\n@ IN SOA a.gtld-servers.net. n.verisign-grs.com. 1 1800 900 604800 900\n" + s.DS(dns.SHA256) + "\n"
	srv := dnstest.Start(t, dnstest.Config{Zones: []string{s.Sign(t, b.String()), com}})
	clk := &clock{now: now}
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, Now: clk.Now})
	ctx := context.Background()

	mx := r.Lookup(ctx, "signed-bulk.com", dns.TypeMX)
	if mx.Status != resolver.StatusRecords || len(mx.Records) != 1 || len(mx.Sigs) != 1 || mx.Sigs[0].TypeCovered != dns.TypeMX {
		t.Fatalf("MX: %s, %d records, sigs %v", mx.Status, len(mx.Records), mx.Sigs)
	}
	if err := mx.Sigs[0].Verify(s.ZSK, mx.Records); err != nil {
		t.Errorf("MX RRSIG does not verify: %v", err)
	}
	txt := r.Lookup(ctx, "signed-bulk.com", dns.TypeTXT)
	if len(txt.Records) != 30 || len(txt.Sigs) != 1 || srv.TCPQueries() != 1 {
		t.Errorf("TXT over TCP: %d records, %d sigs, %d TCP queries; want 30, 1, 1", len(txt.Records), len(txt.Sigs), srv.TCPQueries())
	}
	keys := r.Lookup(ctx, "signed-bulk.com", dns.TypeDNSKEY)
	if len(keys.Records) != 2 || len(keys.Sigs) != 1 || keys.Sigs[0].KeyTag != s.KSK.KeyTag() {
		t.Errorf("DNSKEY: %d records, sigs %v", len(keys.Records), keys.Sigs)
	}
	ds := r.Lookup(ctx, "signed-bulk.com", dns.TypeDS)
	if ds.Status != resolver.StatusRecords || len(ds.Records) != 1 || ds.Records[0].(*dns.DS).KeyTag != s.KSK.KeyTag() {
		t.Errorf("DS: %s %v", ds.Status, ds.Records)
	}

	if mx.TTL != 300 {
		t.Errorf("MX TTL = %d, want the records' 300", mx.TTL)
	}
	mx.Sigs[0] = nil // callers get copies of the lists
	before := srv.Queries()
	cached := r.Lookup(ctx, "signed-bulk.com", dns.TypeMX)
	if srv.Queries() != before || len(cached.Sigs) != 1 || cached.Sigs[0] == nil {
		t.Errorf("cached MX: %d new queries, sigs %v", srv.Queries()-before, cached.Sigs)
	}
}

// An answer is not cached past its signature's expiration (RFC 4035 §5.3.3).
func TestSignedAnswerTTLStopsAtExpiration(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s := dnstest.NewSigner(t, "expiring.com", now.Add(-time.Hour), now.Add(100*time.Second))
	srv := dnstest.Start(t, dnstest.Config{Zones: []string{s.Sign(t,
		"$ORIGIN expiring.com.\n$TTL 300\n@ IN SOA ns h 1 3600 600 86400 60\n@ IN MX 10 mx\n")}})
	clk := &clock{now: now}
	r := newResolver(t, resolver.Config{Servers: []string{srv.Addr()}, Now: clk.Now})
	if a := r.Lookup(context.Background(), "expiring.com", dns.TypeMX); a.TTL != 100 || len(a.Sigs) != 1 {
		t.Errorf("TTL = %d with %d sigs, want 100 (the signature expires then)", a.TTL, len(a.Sigs))
	}
	clk.Advance(100 * time.Second)
	r.Lookup(context.Background(), "expiring.com", dns.TypeMX)
	if srv.Queries() != 2 {
		t.Errorf("queries = %d, want the expired answer asked again", srv.Queries())
	}
}
