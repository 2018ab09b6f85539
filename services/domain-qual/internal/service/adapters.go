package service

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"sync"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/services/domain-qual/internal/mailpolicy"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// MaxPolicyBytes caps an MTA-STS policy file (RFC 8461 §3.3 suggests 64 KiB).
const MaxPolicyBytes = 64 << 10

// policyFetcher fetches MTA-STS policy files through the guarded fetcher.
// An HTTP error status is an answer, not a failure: (nil, status, nil), so
// that a 404 reads as "policy not served" rather than "unknown".
type policyFetcher struct {
	f *fetch.Fetcher
}

var _ mailpolicy.PolicyFetcher = policyFetcher{}

func (p policyFetcher) Fetch(ctx context.Context, url string) ([]byte, int, error) {
	page, err := p.f.FetchText(ctx, url, MaxPolicyBytes)
	if err != nil {
		var fe *fetch.Error
		if errors.As(err, &fe) && fe.Code == fetch.CodeHTTPStatus {
			return nil, fe.Status, nil
		}
		return nil, 0, fmt.Errorf("mta-sts policy: %w", err)
	}
	return page.Body, page.Status, nil
}

// addrResolver resolves the fetcher's host names through the service's own
// DNS resolver (DNS_RESOLVERS), so that fetches see the same DNS as the
// analyses.
type addrResolver struct {
	r *resolver.Resolver
}

var _ fetch.Resolver = addrResolver{}

func (a addrResolver) LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error) {
	name := dns.Fqdn(strings.ToLower(host))
	var answers [2]resolver.Answer
	var wg sync.WaitGroup
	for i, t := range []uint16{dns.TypeA, dns.TypeAAAA} {
		wg.Go(func() { answers[i] = a.r.Lookup(ctx, name, t) })
	}
	wg.Wait()
	addrs, reasons := addressesOf(answers[:])
	if len(addrs) > 0 {
		return addrs, nil
	}
	if len(reasons) > 0 {
		return nil, fmt.Errorf("resolve %s: %s", host, strings.Join(reasons, ", "))
	}
	return nil, fmt.Errorf("resolve %s: no A or AAAA records", host)
}

// addressesOf collects the addresses of A/AAAA answers and the reasons of
// the unknown ones.
func addressesOf(answers []resolver.Answer) ([]net.IPAddr, []string) {
	var addrs []net.IPAddr
	var reasons []string
	for _, ans := range answers {
		if ans.Status == resolver.StatusUnknown {
			reasons = append(reasons, dns.TypeToString[ans.Type]+" "+ans.Reason)
			continue
		}
		for _, rr := range ans.Records {
			var ip net.IP
			switch v := rr.(type) {
			case *dns.A:
				ip = v.A
			case *dns.AAAA:
				ip = v.AAAA
			}
			if a, ok := netip.AddrFromSlice(ip); ok {
				addrs = append(addrs, net.IPAddr{IP: net.IP(a.Unmap().AsSlice())})
			}
		}
	}
	return addrs, reasons
}
