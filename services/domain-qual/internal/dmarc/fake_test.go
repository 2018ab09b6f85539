package dmarc

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// fakeZone answers from RR strings: names without records are NXDOMAIN,
// names with records of other types are NODATA, names in fail are unknown.
type fakeZone struct {
	mu      sync.Mutex
	rrs     []dns.RR
	fail    map[string]bool
	queries []string
}

func newFakeZone(t *testing.T, lines ...string) *fakeZone {
	t.Helper()
	z := &fakeZone{fail: map[string]bool{}}
	for _, l := range lines {
		rr, err := dns.NewRR(l)
		if err != nil {
			t.Fatalf("bad RR %q: %v", l, err)
		}
		z.rrs = append(z.rrs, rr)
	}
	return z
}

func (z *fakeZone) Lookup(_ context.Context, name string, qtype uint16) resolver.Answer {
	name = dns.Fqdn(strings.ToLower(name))
	z.mu.Lock()
	z.queries = append(z.queries, name)
	z.mu.Unlock()
	a := resolver.Answer{Name: name, Type: qtype, Status: resolver.StatusNXDomain}
	if z.fail[name] {
		a.Status, a.Reason = resolver.StatusUnknown, "SERVFAIL"
		return a
	}
	for _, rr := range z.rrs {
		if !strings.EqualFold(rr.Header().Name, name) {
			continue
		}
		if a.Status == resolver.StatusNXDomain {
			a.Status = resolver.StatusNoData
		}
		if rr.Header().Rrtype == qtype {
			a.Status = resolver.StatusRecords
			a.Records = append(a.Records, rr)
			a.TTL = rr.Header().Ttl
		}
	}
	return a
}
