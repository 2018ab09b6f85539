// Package memresolvertest is test support: an in-memory resolver over RR
// strings for the pure analysis packages' table tests (the real DNS protocol
// is tested with pkg/evidence/dnstest).
package memresolvertest

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// Zone answers from RR strings: names without records are NXDOMAIN, names
// with records of other types only are NODATA, and failed names are unknown
// (SERVFAIL). It records every question.
type Zone struct {
	mu      sync.Mutex
	rrs     []dns.RR
	fail    map[string]bool
	queries []string
}

// New parses the RR lines (zone-file syntax), failing the test on a bad one.
func New(tb testing.TB, lines ...string) *Zone {
	tb.Helper()
	z := &Zone{fail: map[string]bool{}}
	for _, l := range lines {
		rr, err := dns.NewRR(l)
		if err != nil {
			tb.Fatalf("bad RR %q: %v", l, err)
		}
		z.rrs = append(z.rrs, rr)
	}
	return z
}

// Fail makes every question about name answer unknown (SERVFAIL).
func (z *Zone) Fail(name string) {
	z.mu.Lock()
	defer z.mu.Unlock()
	z.fail[dns.Fqdn(strings.ToLower(name))] = true
}

// Queries returns the questions asked so far, as "name. TYPE".
func (z *Zone) Queries() []string {
	z.mu.Lock()
	defer z.mu.Unlock()
	return append([]string(nil), z.queries...)
}

// Lookup implements the analyses' resolver interfaces.
func (z *Zone) Lookup(_ context.Context, name string, qtype uint16) resolver.Answer {
	name = dns.Fqdn(strings.ToLower(name))
	z.mu.Lock()
	z.queries = append(z.queries, name+" "+dns.TypeToString[qtype])
	failed := z.fail[name]
	z.mu.Unlock()
	a := resolver.Answer{Name: name, Type: qtype, Status: resolver.StatusNXDomain}
	if failed {
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
