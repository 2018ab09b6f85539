package classify_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/domainlists"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

var fixedNow = time.Date(2026, 11, 22, 9, 30, 15, 123456789, time.UTC)

func zoneFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.zone")
	if err != nil || len(files) == 0 {
		t.Fatalf("no zone files: %v", err)
	}
	return files
}

type env struct {
	srv *dnstest.Server
	c   *classify.Classifier
}

func setup(t testing.TB, cfg dnstest.Config, res func(classify.Resolver) classify.Resolver) env {
	t.Helper()
	timeout := 2 * time.Second // generous: a loaded 2-core machine must not turn answers into timeouts
	for _, f := range cfg.Faults {
		if f.Kind == dnstest.FaultDrop {
			timeout = time.Second // only dropped questions wait for it
		}
	}
	cfg.ZoneFiles = zoneFiles(t)
	srv := dnstest.Start(t, cfg)
	r, err := resolver.New(resolver.Config{Servers: []string{srv.Addr()}, Attempts: 1, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	lists, err := domainlists.Load()
	if err != nil {
		t.Fatal(err)
	}
	var cr classify.Resolver = r
	if res != nil {
		cr = res(r)
	}
	c, err := classify.New(classify.Config{Resolver: cr, Lists: lists, Now: func() time.Time { return fixedNow.In(time.FixedZone("CET", 3600)) }})
	if err != nil {
		t.Fatal(err)
	}
	return env{srv: srv, c: c}
}

func mustParse(t testing.TB, s string) domainname.Name {
	t.Helper()
	n, err := domainname.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func boolp(b bool) *bool { return &b }

func fmtBool(b *bool) string {
	if b == nil {
		return "null"
	}
	if *b {
		return "true"
	}
	return "false"
}

func codes(rs []classify.Reason) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Code)
	}
	return out
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name        string
		domain      string
		faults      []dnstest.Fault
		domainType  classify.DomainType
		presence    classify.PresenceStatus
		exists      *bool
		hasA        *bool
		readiness   classify.Readiness
		providerID  string
		kind        mxprovider.Kind
		gateway     bool
		mailbox     string
		parked      bool
		reasons     []string // codes that must be present
		unknowns    []string // checks that must be unknown, in order
		minConf     float64
		maxConf     float64
		ttl         uint32
		subdomain   bool
		registrable string
	}{
		{name: "business on Google Workspace", domain: "Northwind-Traders.com",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, providerID: "google_workspace", kind: "mailbox_provider",
			reasons: []string{classify.ReasonMXPresent, classify.ReasonKnownMailProvider}, minConf: 0.85, maxConf: 0.95, ttl: 900}, // the com. zone's NODATA for the DS question
		{name: "subdomain of a business", domain: "https://shop.northwind-traders.com/cart",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessImplicitMX, kind: "unknown",
			reasons: []string{classify.ReasonImplicitMX}, minConf: 0.7, maxConf: 0.8, ttl: 300, subdomain: true, registrable: "northwind-traders.com"},
		{name: "gateway hides Microsoft 365", domain: "contoso-pharma.com",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, providerID: "proofpoint", kind: "security_gateway", gateway: true, mailbox: "microsoft_365",
			reasons: []string{classify.ReasonKnownMailProvider}, minConf: 0.85, maxConf: 0.95, ttl: 300},
		{name: "self-hosted with a private backup MX", domain: "fabrikam-logistics.com",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, kind: "self_hosted",
			reasons: []string{classify.ReasonMXNonPublic}, minConf: 0.6, maxConf: 0.75, ttl: 300},
		{name: "MX written as an IP address", domain: "relay-ip.com",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, kind: "unknown",
			reasons: []string{classify.ReasonMXIPLiteral, classify.ReasonMXUnresolvable}, minConf: 0.4, maxConf: 0.6, ttl: 300},
		{name: "implicit MX", domain: "adventure-works.net",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessImplicitMX, kind: "unknown", reasons: []string{classify.ReasonImplicitMX}, minConf: 0.7, maxConf: 0.8, ttl: 300},
		{name: "null MX", domain: "tailspin-toys.org",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessNullMX, kind: "unknown", reasons: []string{classify.ReasonNullMX}, minConf: 0.75, maxConf: 0.85, ttl: 300},
		{name: "no mail at all", domain: "wingtip-labs.io",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(false),
			readiness: classify.ReadinessNone, kind: "unknown", reasons: []string{classify.ReasonNoMail, classify.ReasonNoAddressRecords}, minConf: 0.65, maxConf: 0.75, ttl: 300},
		{name: "existing name without records", domain: "empty.wingtip-labs.io",
			domainType: classify.TypeBusiness, presence: classify.PresenceNoRecords, exists: boolp(true), hasA: boolp(false),
			readiness: classify.ReadinessNone, kind: "unknown", reasons: []string{classify.ReasonExistsWithoutRecord}, minConf: 0.45, maxConf: 0.55, ttl: 300, subdomain: true, registrable: "wingtip-labs.io"},
		{name: "nonexistent", domain: "vanished-startup.com",
			domainType: classify.TypeNonexistent, presence: classify.PresenceNXDomain, exists: boolp(false), hasA: boolp(false),
			readiness: classify.ReadinessNone, kind: "unknown", reasons: []string{classify.ReasonNXDomain}, minConf: 0.9, maxConf: 0.9, ttl: 900},
		{name: "parked by NS and A", domain: "cheap-domains-4sale.com",
			domainType: classify.TypeParked, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessImplicitMX, kind: "unknown", parked: true, reasons: []string{classify.ReasonParkingIndicator}, minConf: 0.9, maxConf: 0.95, ttl: 300},
		{name: "parked by www CNAME", domain: "old-brand.net",
			domainType: classify.TypeParked, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessImplicitMX, kind: "unknown", parked: true, reasons: []string{classify.ReasonParkingIndicator}, minConf: 0.8, maxConf: 0.8, ttl: 300},
		{name: "weak parking NS stays business", domain: "brandguard-client.com",
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, providerID: "microsoft_365", kind: "mailbox_provider", reasons: []string{classify.ReasonWeakParking}, minConf: 0.8, maxConf: 0.9, ttl: 300},
		{name: "free webmail", domain: "someone@gmail.com",
			domainType: classify.TypeFreeEmail, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, providerID: "gmail", kind: "mailbox_provider", reasons: []string{classify.ReasonFreeEmailList}, minConf: 0.95, maxConf: 0.95, ttl: 300},
		{name: "disposable", domain: "mailinator.com",
			domainType: classify.TypeDisposable, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, kind: "self_hosted", reasons: []string{classify.ReasonDisposableList}, minConf: 0.95, maxConf: 0.95, ttl: 300},
		{name: "education", domain: "ox.ac.uk",
			domainType: classify.TypeEducation, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, providerID: "microsoft_365", kind: "mailbox_provider", reasons: []string{classify.ReasonEducationSuffix}, minConf: 0.9, maxConf: 0.9, ttl: 300},
		{name: "government", domain: "cabinetoffice.gov.uk",
			domainType: classify.TypeGovernment, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessMX, providerID: "microsoft_365", kind: "mailbox_provider", reasons: []string{classify.ReasonGovernmentSuffix}, minConf: 0.9, maxConf: 0.9, ttl: 300},
		{name: "nonexistent subdomain of a government domain", domain: "www.cabinetoffice.gov.uk",
			domainType: classify.TypeNonexistent, presence: classify.PresenceNXDomain, exists: boolp(false), hasA: boolp(false),
			readiness: classify.ReadinessNone, kind: "unknown", reasons: []string{classify.ReasonNXDomain}, minConf: 0.9, maxConf: 0.9, ttl: 300, subdomain: true, registrable: "cabinetoffice.gov.uk"},
		{name: "SERVFAIL on MX is unknown readiness, not none", domain: "northwind-traders.com",
			faults:     []dnstest.Fault{{Name: "northwind-traders.com", Type: dns.TypeMX, Kind: dnstest.FaultServFail}},
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true), hasA: boolp(true),
			readiness: classify.ReadinessUnknown, kind: "unknown", reasons: []string{classify.ReasonMXUnknown, classify.ReasonDNSLookupFailed},
			unknowns: []string{classify.CheckMX}, minConf: 0.5, maxConf: 0.7, ttl: 60},
		{name: "timeout on A makes a no-MX domain unknown, not none", domain: "wingtip-labs.io",
			faults:     []dnstest.Fault{{Name: "wingtip-labs.io", Type: dns.TypeA, Kind: dnstest.FaultDrop}},
			domainType: classify.TypeBusiness, presence: classify.PresenceResolves, exists: boolp(true),
			readiness: classify.ReadinessUnknown, kind: "unknown", reasons: []string{classify.ReasonMXUnknown},
			unknowns: []string{classify.CheckA}, minConf: 0.45, maxConf: 0.6, ttl: 60},
		{name: "every lookup failing is unknown", domain: "adventure-works.net",
			faults: []dnstest.Fault{
				{Name: "adventure-works.net", Kind: dnstest.FaultServFail},
				{Name: "www.adventure-works.net", Kind: dnstest.FaultDrop}},
			domainType: classify.TypeUnknown, presence: classify.PresenceUnknown,
			readiness: classify.ReadinessUnknown, kind: "unknown", reasons: []string{classify.ReasonExistenceUnknown},
			unknowns: []string{classify.CheckNS, classify.CheckSOA, classify.CheckMX, classify.CheckA, classify.CheckAAAA, classify.CheckTXT, classify.CheckWWWA,
				classify.CheckDS, classify.CheckDNSKEY},
			minConf: 0.05, maxConf: 0.05, ttl: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := setup(t, dnstest.Config{Faults: tc.faults}, nil)
			n := mustParse(t, tc.domain)
			r, err := e.c.Classify(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			js, _ := json.MarshalIndent(r, "", "  ")
			if r.DomainType != tc.domainType {
				t.Errorf("domain_type = %s, want %s\n%s", r.DomainType, tc.domainType, js)
			}
			if r.DNSPresence.Status != tc.presence || fmtBool(r.DNSPresence.Exists) != fmtBool(tc.exists) || fmtBool(r.DNSPresence.HasA) != fmtBool(tc.hasA) {
				t.Errorf("presence = %s exists=%s has_a=%s, want %s exists=%s has_a=%s", r.DNSPresence.Status,
					fmtBool(r.DNSPresence.Exists), fmtBool(r.DNSPresence.HasA), tc.presence, fmtBool(tc.exists), fmtBool(tc.hasA))
			}
			if r.MailReadiness.Status != tc.readiness {
				t.Errorf("mail_readiness = %s, want %s\n%s", r.MailReadiness.Status, tc.readiness, js)
			}
			mailbox := ""
			if r.MXProvider.MailboxProvider != nil {
				mailbox = r.MXProvider.MailboxProvider.ID
			}
			if r.MXProvider.ID != tc.providerID || r.MXProvider.Kind != tc.kind || r.MXProvider.Gateway != tc.gateway || mailbox != tc.mailbox {
				t.Errorf("mx_provider = %+v, want id=%q kind=%q gateway=%v mailbox=%q", r.MXProvider, tc.providerID, tc.kind, tc.gateway, tc.mailbox)
			}
			if r.Parked.IsParked != tc.parked {
				t.Errorf("parked = %+v, want is_parked=%v", r.Parked, tc.parked)
			}
			got := codes(r.Reasons)
			for _, want := range tc.reasons {
				if !slices.Contains(got, want) {
					t.Errorf("reasons %v lack %s", got, want)
				}
			}
			var unknownChecks []string
			for _, u := range r.Unknowns {
				unknownChecks = append(unknownChecks, u.Check)
				if u.Reason == "" || u.Type == "" || strings.HasSuffix(u.Name, ".") {
					t.Errorf("incomplete unknown %+v", u)
				}
			}
			if strings.Join(unknownChecks, ",") != strings.Join(tc.unknowns, ",") {
				t.Errorf("unknowns = %v, want %v", unknownChecks, tc.unknowns)
			}
			if r.Confidence < tc.minConf || r.Confidence > tc.maxConf {
				t.Errorf("confidence = %v, want in [%v, %v]; reasons %v", r.Confidence, tc.minConf, tc.maxConf, got)
			}
			if r.TTLSeconds != tc.ttl {
				t.Errorf("ttl_seconds = %d, want %d", r.TTLSeconds, tc.ttl)
			}
			registrable := tc.registrable
			if registrable == "" {
				registrable = n.ASCII
			}
			if r.Domain != n.ASCII || r.RegistrableDomain != registrable || r.IsSubdomain != tc.subdomain {
				t.Errorf("domain=%s registrable=%s sub=%v", r.Domain, r.RegistrableDomain, r.IsSubdomain)
			}
			if !r.CheckedAt.Equal(fixedNow.Truncate(time.Second)) || r.CheckedAt.Location() != time.UTC {
				t.Errorf("checked_at = %v, want %v UTC", r.CheckedAt, fixedNow.Truncate(time.Second))
			}
		})
	}
}

func TestMXHostDetails(t *testing.T) {
	e := setup(t, dnstest.Config{}, nil)
	r, err := e.c.Classify(context.Background(), mustParse(t, "fabrikam-logistics.com"))
	if err != nil {
		t.Fatal(err)
	}
	want := []classify.MXHost{
		{Host: "mail.fabrikam-logistics.com", Preference: 10, Checked: true, Resolves: boolp(true), Addresses: []string{"81.2.69.161"}},
		{Host: "mx2.fabrikam-logistics.com", Preference: 20, Checked: true, Resolves: boolp(true), Addresses: []string{"10.20.0.5"}, NonPublicAddress: true},
	}
	got, _ := json.Marshal(r.MailReadiness.MXHosts)
	exp, _ := json.Marshal(want)
	if string(got) != string(exp) {
		t.Errorf("mx_hosts =\n %s\nwant\n %s", got, exp)
	}
}

func TestJSONShape(t *testing.T) {
	e := setup(t, dnstest.Config{}, nil)
	r, err := e.c.Classify(context.Background(), mustParse(t, "northwind-traders.com"))
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"domain", "registrable_domain", "is_subdomain", "domain_type", "dns_presence", "mail_readiness",
		"mx_provider", "parked", "confidence", "reasons", "unknowns", "ttl_seconds", "checked_at"} {
		if _, ok := m[key]; !ok {
			t.Errorf("JSON lacks %q: %s", key, js)
		}
	}
	if m["checked_at"] != "2026-11-22T09:30:15Z" {
		t.Errorf("checked_at = %v", m["checked_at"])
	}
	if m["unknowns"] == nil || m["reasons"] == nil {
		t.Error("empty lists must encode as [] not null")
	}
}

func TestInvalid(t *testing.T) {
	e := setup(t, dnstest.Config{}, nil)
	_, perr := domainname.Parse("192.0.2.1")
	r := e.c.Invalid(" 192.0.2.1 ", perr)
	if r.DomainType != classify.TypeInvalid || r.Domain != "192.0.2.1" || len(r.Reasons) != 1 ||
		r.Reasons[0].Code != classify.ReasonInvalidInput || !strings.Contains(r.Reasons[0].Detail, "ip_literal") {
		t.Errorf("Invalid = %+v", r)
	}
	if e.srv.Queries() != 0 {
		t.Errorf("invalid input sent %d DNS queries", e.srv.Queries())
	}
}

func TestCanceledContext(t *testing.T) {
	e := setup(t, dnstest.Config{Latency: 100 * time.Millisecond}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.c.Classify(ctx, mustParse(t, "northwind-traders.com")); err == nil {
		t.Error("Classify with a canceled context returned no error")
	}
}

func TestNewRequiresDependencies(t *testing.T) {
	lists, err := domainlists.Load()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := classify.New(classify.Config{Lists: lists}); err == nil {
		t.Error("New without a resolver succeeded")
	}
	if _, err := classify.New(classify.Config{Resolver: &waveResolver{}}); err == nil {
		t.Error("New without lists succeeded")
	}
}

// waveResolver counts lookups and "waves": a wave starts whenever a lookup
// begins while none is in flight, so sequential dependent rounds each
// count one wave and concurrent lookups share one.
type waveResolver struct {
	next classify.Resolver

	mu       sync.Mutex
	inFlight int
	waves    int
	lookups  int
}

func (w *waveResolver) Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer {
	w.mu.Lock()
	if w.inFlight == 0 {
		w.waves++
	}
	w.inFlight++
	w.lookups++
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.inFlight--
		w.mu.Unlock()
	}()
	return w.next.Lookup(ctx, name, qtype)
}

func TestRoundTripsAndQueryCounts(t *testing.T) {
	tests := []struct {
		name    string
		domain  string
		waves   int
		queries int
	}{
		// The first round: NS, SOA, DS and DNSKEY of the registrable domain,
		// MX, A, AAAA, TXT of the name and A of www under an apex.
		{name: "recognised provider needs one round", domain: "northwind-traders.com", waves: 1, queries: 9},
		{name: "subdomain skips www", domain: "shop.northwind-traders.com", waves: 1, queries: 8},
		{name: "self-hosted MX hosts need a second round", domain: "fabrikam-logistics.com", waves: 2, queries: 13},
		{name: "IP-literal MX needs no second round", domain: "relay-ip.com", waves: 1, queries: 9},
		// A gateway with no mailbox provider among its MX hosts: the SPF
		// tree's include level (the root TXT is the first round's answer).
		{name: "gateway behind which SPF names the provider needs a second round", domain: "contoso-pharma.com", waves: 2, queries: 11},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var w *waveResolver
			e := setup(t, dnstest.Config{Latency: 50 * time.Millisecond}, func(r classify.Resolver) classify.Resolver {
				w = &waveResolver{next: r}
				return w
			})
			if _, err := e.c.Classify(context.Background(), mustParse(t, tc.domain)); err != nil {
				t.Fatal(err)
			}
			if w.waves != tc.waves || w.lookups != tc.queries || e.srv.Queries() != tc.queries {
				t.Errorf("waves=%d lookups=%d server queries=%d, want %d waves and %d queries",
					w.waves, w.lookups, e.srv.Queries(), tc.waves, tc.queries)
			}
			if e.srv.MaxInFlight() < 6 {
				t.Errorf("server saw at most %d concurrent queries, want the first round in parallel (>= 6)", e.srv.MaxInFlight())
			}
		})
	}
}

// BenchmarkClassify20ms classifies against a DNS server that adds 20 ms to
// every answer, with a cache-less resolver so every question goes to the
// wire: ns/op shows the number of dependent round trips (about 20 ms each)
// and queries/op the DNS questions per classification.
func BenchmarkClassify20ms(b *testing.B) {
	cases := []struct{ name, domain string }{
		{name: "provider_one_round", domain: "northwind-traders.com"},
		{name: "gateway_spf_two_rounds", domain: "contoso-pharma.com"},
		{name: "self_hosted_two_rounds", domain: "fabrikam-logistics.com"},
	}
	e := setup(b, dnstest.Config{Latency: 20 * time.Millisecond}, nil)
	lists, err := domainlists.Load()
	if err != nil {
		b.Fatal(err)
	}
	r, err := resolver.New(resolver.Config{Servers: []string{e.srv.Addr()}, CacheSize: -1, Attempts: 1, Timeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	c, err := classify.New(classify.Config{Resolver: r, Lists: lists})
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			name := mustParse(b, bc.domain)
			e.srv.ResetCounts()
			for b.Loop() {
				if _, err := c.Classify(context.Background(), name); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(e.srv.Queries())/float64(b.N), "queries/op")
		})
	}
}

// TestDNSSEC: classify judges the registrable domain's zone with the
// dns-audit's judgement (dnssec.Check, the audit's path) on the same
// answers: a signed zone (keys generated here), an unsigned one, expired
// signatures, a DS matching no key and a failing DS lookup. dnssec_validated
// is true exactly when the status is signed.
func TestDNSSEC(t *testing.T) {
	valid := func(zone string) *dnstest.Signer {
		return dnstest.NewSigner(t, zone, fixedNow.Add(-24*time.Hour), fixedNow.Add(30*24*time.Hour))
	}
	text := func(origin string) string {
		return "$ORIGIN " + origin + ".\n$TTL 300\n@ IN SOA ns1 hostmaster 1 3600 600 86400 300\n@ IN NS ns1\nns1 IN A 81.2.69.1\n" +
			"@ IN A 81.2.69.2\n@ IN MX 10 mail\nmail IN A 81.2.69.3\nshop IN A 81.2.69.4\n"
	}
	signedZ, expiredZ, wrongZ, flakyZ := valid("signed-bank.net"), valid("stale-sigs.net"), valid("wrong-ds.net"), valid("flaky-ds.net")
	expiredZ.Inception, expiredZ.Expiration = fixedNow.Add(-60*24*time.Hour), fixedNow.Add(-30*24*time.Hour)
	other := valid("wrong-ds.net")
	net := "$ORIGIN net.\n$TTL 3600\n@ IN SOA a.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 900\n" +
		strings.Join([]string{signedZ.DS(dns.SHA256), expiredZ.DS(dns.SHA256), other.DS(dns.SHA256), flakyZ.DS(dns.SHA256)}, "\n") + "\n"
	cfg := dnstest.Config{
		Zones: []string{net, signedZ.Sign(t, text("signed-bank.net")), text("plain-shop.net"), expiredZ.Sign(t, text("stale-sigs.net")),
			wrongZ.Sign(t, text("wrong-ds.net")), flakyZ.Sign(t, text("flaky-ds.net"))},
		Faults: []dnstest.Fault{{Name: "flaky-ds.net", Type: dns.TypeDS, Kind: dnstest.FaultServFail}},
	}
	e := setup(t, cfg, nil)
	r, err := resolver.New(resolver.Config{Servers: []string{e.srv.Addr()}, Attempts: 1, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		domain   string
		status   dnssec.Status
		unknowns []string
	}{
		{domain: "signed-bank.net", status: dnssec.StatusSigned},
		{domain: "shop.signed-bank.net", status: dnssec.StatusSigned},
		{domain: "plain-shop.net", status: dnssec.StatusUnsigned},
		{domain: "stale-sigs.net", status: dnssec.StatusBogus},
		{domain: "wrong-ds.net", status: dnssec.StatusBogus},
		{domain: "flaky-ds.net", status: dnssec.StatusUnknown, unknowns: []string{classify.CheckDS}},
	}
	for _, tc := range tests {
		t.Run(tc.domain, func(t *testing.T) {
			n := mustParse(t, tc.domain)
			res, err := e.c.Classify(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			p := res.DNSPresence
			if p.DNSSEC != tc.status || p.DNSSECValidated != (tc.status == dnssec.StatusSigned) {
				t.Errorf("dnssec = %s, dnssec_validated = %v, want %s", p.DNSSEC, p.DNSSECValidated, tc.status)
			}
			audit := dnssec.Check(context.Background(), r, n.Registrable, n.ASCII, fixedNow)
			if audit.Status != p.DNSSEC {
				t.Errorf("classify says %s, the audit's judgement %s (%s)", p.DNSSEC, audit.Status, audit.Detail)
			}
			var unknowns []string
			for _, u := range res.Unknowns {
				unknowns = append(unknowns, u.Check)
			}
			if !slices.Equal(unknowns, tc.unknowns) {
				t.Errorf("unknowns = %v, want %v", unknowns, tc.unknowns)
			}
			if res.DomainType != classify.TypeBusiness || res.MailReadiness.Status == classify.ReadinessUnknown {
				t.Errorf("type %s, mail readiness %s: DNSSEC must not change the classification", res.DomainType, res.MailReadiness.Status)
			}
			if want := 0.8; !n.IsSubdomain && res.Confidence != want { // business, MX of an unrecognised provider, whatever DNSSEC says
				t.Errorf("confidence = %v, want %v: a failed DNSSEC lookup must cost none", res.Confidence, want)
			}
		})
	}
}
