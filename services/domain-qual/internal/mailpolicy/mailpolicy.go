// Package mailpolicy parses and checks the transport and brand policies a
// mail domain publishes besides SPF/DMARC/DKIM: MTA-STS (RFC 8461), SMTP
// TLS reporting (RFC 8460) and BIMI (draft-brand-indicators-for-message-
// identification). Parsers are pure; the Check functions query DNS through
// the consumer-owned Resolver and fetch the MTA-STS policy through the
// consumer-owned PolicyFetcher.
package mailpolicy

import (
	"context"
	"strings"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// Resolver answers one DNS question. It is satisfied by resolver.Resolver.
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// PolicyFetcher fetches a URL over HTTPS. The production implementation is
// the guarded public-web fetcher; status is the HTTP status code.
type PolicyFetcher interface {
	Fetch(ctx context.Context, url string) (body []byte, status int, err error)
}

// Status is the outcome of one policy check.
type Status string

// Statuses.
const (
	StatusFound   Status = "found"   // one valid record (and policy)
	StatusMissing Status = "missing" // no record published
	StatusInvalid Status = "invalid" // published but unusable
	StatusUnknown Status = "unknown" // DNS or fetch failure hid the answer
)

// txtWithPrefix returns the TXT records (strings concatenated) of a that
// start with prefix, case-insensitively, ignoring leading spaces.
func txtWithPrefix(a resolver.Answer, prefix string) []string {
	var out []string
	for _, rr := range a.Records {
		t, ok := rr.(*dns.TXT)
		if !ok {
			continue
		}
		s := strings.TrimLeft(strings.Join(t.Txt, ""), " ")
		if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
			out = append(out, s)
		}
	}
	return out
}

func fqdn(prefix, domain string) string {
	return prefix + "." + strings.Trim(strings.ToLower(domain), ".") + "."
}
