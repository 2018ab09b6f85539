// Package profile is the full_domain_profile use case: the dns-audit of a
// domain plus its website metadata, technology hints and opportunity flags.
//
// # Order of work
//
// The DNS audit, the apex TXT lookup (for technology hints) and the website
// fetch run concurrently under the caller's context, which carries the one
// overall deadline. An audit error (the context ended first) fails the
// profile; a website failure never does: it gives
// website_metadata.reachable=false with the error code.
//
// # Website fetch order
//
//  1. https://<domain>/ and http://<domain>/, fetched at the same time.
//     The HTTPS page is described when it answers; otherwise the HTTP page.
//     The HTTP fetch also tells whether plain HTTP redirects to HTTPS.
//  2. Only when neither answered at all (dns_failure, network_error,
//     timeout or blocked_address on both) and the domain is not a
//     subdomain: https://www.<domain>/ and http://www.<domain>/, the same way.
//
// Every fetch goes through the guarded fetcher (public addresses only,
// redirects re-checked, body capped). 4xx/5xx pages count as reachable and
// are described. An unreachable site reports the error of the first
// attempt (https://<domain>/); website_metadata.attempts lists them all.
//
// # Technology hints
//
// webtech.Detect runs over the described page (final URL, headers and
// cookies, HTML and its script/link hosts) plus the apex TXT records, the
// MX hosts and the SPF include/redirect hosts of the audit.
//
// # Opportunity flags
//
// Flags come from a fixed table of deterministic rules (rules in
// flags.go); each flag carries its rule text and evidence. Flags are
// ordered high, medium, low priority, then by table order. The DNS rules
// restate the dns-audit's verdicts: they read its findings (the ids of
// package finding), never the records, so a flag and the audit cannot
// disagree (dkim_not_found adds one profile judgement: not for null-MX
// domains).
//
//	id                                 priority  fires when
//	dmarc_not_enforced                 high      DMARC missing or invalid, or p=none (enforcement none)
//	spf_missing                        high      no SPF record
//	spf_too_many_lookups               high      SPF needs more than 10 DNS lookups (RFC 7208 §4.6.4)
//	spf_permissive_all                 high      SPF ends in +all or ?all, or includes a record ending in +all
//	dkim_not_found                     medium    no DKIM key among the tried selectors (not for null-MX domains)
//	no_email_security_gateway          medium    the primary MX is a mailbox provider and no MX is a gateway
//	starttls_not_offered               high      the STARTTLS probe ran and an MX host offers no STARTTLS (starttls.not_offered)
//	dane_broken                        high      TLSA records fail DNSSEC (dane.bogus) or match no presented certificate (dane.mismatch)
//	mx_certificate_problem             medium    the STARTTLS probe ran and an MX certificate is expired or does not verify (starttls.certificate_expired/_invalid)
//	site_unreachable                   medium    no website URL answered
//	parked_domain                      high      the page carries a parking marker (ParkingMarkers) or ends on a parking host
//	https_unavailable                  high      the site answers over HTTP only
//	no_https_redirect                  medium    HTTPS works but http:// is not redirected to it
//	hsts_missing                       low       an HTTPS page without a valid Strict-Transport-Security header
//	tls_certificate_expiring           medium    the certificate expires within 30 days
//	outdated_cms                       high      WordPress, Drupal or Joomla below its CMSMinimums version (table dated)
//	competitor_email_security_gateway  low       an email_security_gateway technology hint with confidence >= 0.8
//	competitor_marketing_automation    low       a marketing_automation technology hint with confidence >= 0.8
package profile

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/webtech"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

// Auditor runs the dns-audit of a domain. It is satisfied by *audit.Auditor;
// the error is non-nil only when ctx ended first.
type Auditor interface {
	Audit(ctx context.Context, name domainname.Name, selector string) (audit.Result, error)
}

// Fetcher fetches one public web page. It is satisfied by *fetch.Fetcher;
// failures are *fetch.Error values.
type Fetcher interface {
	Fetch(ctx context.Context, rawURL string, opts fetch.Options) (*fetch.Page, error)
}

// Resolver answers one DNS question. It is satisfied by *resolver.Resolver.
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// Config holds a Profiler's dependencies.
type Config struct {
	// Auditor runs the dns-audit. Required.
	Auditor Auditor
	// Fetcher fetches the website. Required.
	Fetcher Fetcher
	// Resolver looks up the apex TXT records. Required.
	Resolver Resolver
	// HTTPSPort and HTTPPort are the website ports; 0 means 443 and 80.
	// Only tests and demos with loopback fixtures change them (the fetcher
	// refuses other ports unless its allow-list names them).
	HTTPSPort, HTTPPort uint16
	// Now is the clock for checked_at; nil means time.Now.
	Now func() time.Time
	// Logger receives one debug line per profile; nil discards.
	Logger *slog.Logger
}

// Profiler builds full domain profiles. It is safe for concurrent use.
type Profiler struct {
	auditor   Auditor
	fetcher   Fetcher
	res       Resolver
	httpsPort uint16
	httpPort  uint16
	now       func() time.Time
	log       *slog.Logger
}

// New validates cfg and builds a Profiler.
func New(cfg Config) (*Profiler, error) {
	switch {
	case cfg.Auditor == nil:
		return nil, errors.New("profile: Config.Auditor is required")
	case cfg.Fetcher == nil:
		return nil, errors.New("profile: Config.Fetcher is required")
	case cfg.Resolver == nil:
		return nil, errors.New("profile: Config.Resolver is required")
	}
	p := &Profiler{auditor: cfg.Auditor, fetcher: cfg.Fetcher, res: cfg.Resolver,
		httpsPort: cfg.HTTPSPort, httpPort: cfg.HTTPPort, now: cfg.Now, log: cfg.Logger}
	if p.httpsPort == 0 {
		p.httpsPort = 443
	}
	if p.httpPort == 0 {
		p.httpPort = 80
	}
	if p.now == nil {
		p.now = time.Now
	}
	if p.log == nil {
		p.log = slog.New(slog.DiscardHandler)
	}
	return p, nil
}

// Profile builds the full profile of name. selector is the caller's DKIM
// selector ("" to try provider-typical selectors). The error is non-nil
// only when the audit failed (ctx ended before it completed).
func (p *Profiler) Profile(ctx context.Context, name domainname.Name, selector string) (Result, error) {
	checkedAt := p.now().UTC().Truncate(time.Second)
	var (
		wg       sync.WaitGroup
		auditRes audit.Result
		auditErr error
		txt      resolver.Answer
		site     Website
		page     *fetch.Page
	)
	wg.Go(func() { auditRes, auditErr = p.auditor.Audit(ctx, name, selector) })
	wg.Go(func() { txt = p.res.Lookup(ctx, name.FQDN(), dns.TypeTXT) })
	wg.Go(func() { site, page = p.website(ctx, name) })
	wg.Wait()
	if auditErr != nil {
		return Result{}, fmt.Errorf("profile %s: %w", name.ASCII, auditErr)
	}

	in := webtech.Input{DNSTXT: txtRecords(txt), Mail: mailServices(auditRes)}
	if page != nil {
		in.URL, in.Headers = finalURL(page), page.Header
		if isHTML(page) {
			in.HTML = page.Body
		}
	}
	hints := technologyHints(webtech.Detect(in))

	flags := evaluate(&ruleInput{
		domain: name.ASCII, checkedAt: checkedAt, audit: &auditRes, site: &site, hints: hints,
		provider: auditRes.Provider, parked: parkingEvidence(page),
	})
	p.log.DebugContext(ctx, "domain profiled", slog.String("domain", name.ASCII), slog.Bool("reachable", site.Reachable),
		slog.Int("hints", len(hints)), slog.Int("flags", len(flags)))
	return Result{Domain: name.ASCII, CheckedAt: checkedAt, DNSAudit: auditRes, WebsiteMetadata: site,
		TechnologyHints: hints, OpportunityFlags: flags}, nil
}

// mailServices turns the audit's mail-provider answer into technology
// observations: the provider of every recognised MX host and the service
// behind every recognised SPF include/redirect target. The profile names
// exactly the providers the audit (and classify) named.
func mailServices(r audit.Result) []webtech.Mail {
	var out []webtech.Mail
	for _, h := range r.Provider.Hosts {
		if h.Provider.ID != "" {
			out = append(out, webtech.Mail{Name: h.Provider.Name, Category: mailCategory(h.Provider.Kind), Source: webtech.SourceMX, Detail: h.Host})
		}
	}
	services := make(map[string]mxprovider.Service, len(r.SPF.Services))
	for _, s := range r.SPF.Services {
		services[s.ID] = s
	}
	r.SPF.Tree.Walk(func(n *spf.Node) {
		if s, ok := services[n.Service]; ok && n.Via != "root" {
			out = append(out, webtech.Mail{Name: s.Name, Category: mailCategory(s.Kind), Source: webtech.SourceSPF, Detail: n.Domain})
		}
	})
	return out
}

// mailCategory is the technology category of a mail provider's role.
func mailCategory(k mxprovider.Kind) webtech.Category {
	switch k {
	case mxprovider.SecurityGateway:
		return webtech.EmailSecurityGateway
	case mxprovider.SendingService:
		return webtech.EmailSending
	}
	return webtech.EmailHosting
}

// txtRecords joins the character-strings of each TXT record.
func txtRecords(a resolver.Answer) []string {
	var out []string
	for _, rr := range a.Records {
		if t, ok := rr.(*dns.TXT); ok {
			out = append(out, strings.Join(t.Txt, ""))
		}
	}
	return out
}

func technologyHints(hs []webtech.Hint) []TechnologyHint {
	out := make([]TechnologyHint, 0, len(hs))
	for _, h := range hs {
		t := TechnologyHint{Name: h.Name, Category: h.Category, Version: h.Version, Confidence: h.Confidence,
			Evidence: make([]TechnologyEvidence, 0, len(h.Evidence))}
		for _, e := range h.Evidence {
			t.Evidence = append(t.Evidence, TechnologyEvidence{Source: e.Source, Detail: e.Detail})
		}
		out = append(out, t)
	}
	return out
}
