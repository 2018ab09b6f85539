package audit

import (
	"context"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
)

// BenchmarkAudit20ms audits a domain whose SPF include chain is 3 deep
// against a DNS server that answers every question after 20 ms. Sequential
// querying would cost (queries × 20 ms); the concurrent audit should cost
// about (longest chain) round trips: apex TXT, then one per include level,
// i.e. depth+1 = 4 here, against the target of depth+3. The zone is signed
// (DNSSEC judged from DS, DNSKEY, SOA and MX in the first round). Reports
// queries/op and round_trips/op (ns/op divided by the injected latency).
func BenchmarkAudit20ms(b *testing.B) {
	const latency = 20 * time.Millisecond
	lines := healthy(b)
	lines["spf"] = `@ IN TXT "v=spf1 include:l1.mailchain.net -all"`
	var body []string
	for _, l := range lines {
		body = append(body, l)
	}
	chain := zone("mailchain.net",
		`l1 IN TXT "v=spf1 include:l2.mailchain.net ~all"`,
		`l2 IN TXT "v=spf1 include:l3.mailchain.net ~all"`,
		`l3 IN TXT "v=spf1 ip4:93.184.215.0/24 ~all"`,
	)
	child, com := dnssecWorld(b, dnssecSigned, domain, zone(domain, body...))
	cfg := dnstest.Config{
		Zones:         []string{child, googleZone(), com, chain},
		Latency:       latency,
		AuthenticData: []string{domain},
	}
	policies := newPolicyServer(b)
	policies.set("mta-sts."+domain, stsPolicy)
	a, srv := newAuditor(b, cfg, policies)
	name := mustName(b, domain)
	srv.ResetCounts()
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		r, err := a.Audit(context.Background(), name, "")
		if err != nil {
			b.Fatal(err)
		}
		if r.SPF.LookupCount != 3 || len(r.UnknownChecks) != 0 || r.DNSSEC.Status != dnssec.StatusSigned {
			b.Fatalf("unexpected audit: spf lookups %d, unknown %v, dnssec %+v", r.SPF.LookupCount, r.UnknownChecks, r.DNSSEC)
		}
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(srv.Queries())/float64(b.N), "queries/op")
	b.ReportMetric(float64(elapsed)/float64(b.N)/float64(latency), "round_trips/op")
}
