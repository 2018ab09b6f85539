package dkim

import (
	"context"
	"strings"
	"sync"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// Resolver answers one DNS question (CNAMEs followed). It is satisfied by
// resolver.Resolver.
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// Status is the outcome of the DKIM check.
type Status string

// Statuses.
const (
	StatusFound    Status = "found"                 // a usable key was found
	StatusNotFound Status = "not_found_among_tried" // none of the tried selectors has a key
	StatusRevoked  Status = "revoked"               // the key has an empty p=
	StatusInvalid  Status = "invalid"               // a key record exists but is unusable
	StatusUnknown  Status = "unknown"               // DNS failures hid the answer
)

// Result is the DKIM check of one domain.
type Result struct {
	// Selector is the selector reported on (the caller's, or the best found).
	Selector string
	// TriedSelectors are the selectors queried when none was given.
	TriedSelectors []string
	// FoundSelectors are the tried selectors that have a key record.
	FoundSelectors []string
	// Status of the check.
	Status Status
	// Record is the key record text of Selector.
	Record string
	// Key is the parsed key (zero unless found or revoked).
	Key Key
	// CNAMEs is the CNAME chain followed from the selector name.
	CNAMEs []string
	// Findings are problems of the reported key.
	Findings []finding.Finding
	// Reason explains an unknown or invalid status.
	Reason string
	// TTL is the TTL of the reported answer.
	TTL uint32
}

// GuessSelectors returns provider-typical selectors to try for domain
// (Google, Microsoft 365 incl. the selector1-<domain-with-dashes> form,
// SendGrid, Mailchimp/Mandrill, Fastmail, Zoho, Proton, Amazon SES-style
// generic names).
func GuessSelectors(domain string) []string {
	dashed := strings.ReplaceAll(strings.Trim(strings.ToLower(domain), "."), ".", "-")
	return []string{
		"default", "google", "selector1", "selector2",
		"selector1-" + dashed, "selector2-" + dashed,
		"s1", "s2", "k1", "k2", "k3",
		"fm1", "fm2", "fm3",
		"mandrill", "mxvault", "dkim", "mail", "smtp",
		"zoho", "protonmail", "protonmail2", "protonmail3",
		"everlytickey1", "everlytickey2", "x",
	}
}

type probe struct {
	selector string
	answer   resolver.Answer
	record   string
	key      Key
	findings []finding.Finding
	err      error
	status   Status
}

// Check looks up the DKIM key of domain. With a selector only that selector
// is queried; without one, GuessSelectors are queried concurrently and the
// best key found is reported (usable over revoked over invalid).
func Check(ctx context.Context, r Resolver, domain, selector string) Result {
	d := strings.Trim(strings.ToLower(domain), ".")
	var res Result
	selectors := []string{strings.ToLower(strings.TrimSpace(selector))}
	if selectors[0] == "" {
		selectors = GuessSelectors(d)
		res.TriedSelectors = selectors
	}
	probes := make([]probe, len(selectors))
	var wg sync.WaitGroup
	for i, s := range selectors {
		wg.Go(func() {
			probes[i] = examine(s, r.Lookup(ctx, s+"._domainkey."+d+".", dns.TypeTXT))
		})
	}
	wg.Wait()

	best := -1
	unknown := 0
	for i, p := range probes {
		switch p.status {
		case StatusUnknown:
			unknown++
			continue
		case StatusNotFound:
			continue
		}
		res.FoundSelectors = append(res.FoundSelectors, p.selector)
		if best < 0 || rank(p.status) > rank(probes[best].status) {
			best = i
		}
	}
	if res.FoundSelectors == nil && selector == "" {
		res.FoundSelectors = []string{}
	}
	switch {
	case best >= 0:
		p := probes[best]
		res.Selector, res.Status, res.Record, res.Key, res.Findings = p.selector, p.status, p.record, p.key, p.findings
		res.CNAMEs, res.TTL = p.answer.CNAMEs, p.answer.TTL
		if p.err != nil {
			res.Reason = p.err.Error()
			res.Findings = append(res.Findings, finding.Finding{ID: finding.DKIMInvalidRecord, Severity: finding.High, RFC: "RFC 6376 §3.6.1",
				Title: "DKIM key record is invalid", Detail: p.err.Error(), Evidence: p.record})
		}
	case unknown > 0:
		res.Status = StatusUnknown
		res.Reason = "DNS lookups failed for some selectors; a key may exist"
		if selector != "" {
			res.Selector, res.Reason = selectors[0], probes[0].answer.Reason
		}
	default:
		res.Status = StatusNotFound
		if selector != "" {
			res.Selector = selectors[0]
		}
	}
	return res
}

func rank(s Status) int {
	switch s {
	case StatusFound:
		return 3
	case StatusRevoked:
		return 2
	case StatusInvalid:
		return 1
	}
	return 0
}

// examine classifies one selector's TXT answer.
func examine(selector string, a resolver.Answer) probe {
	p := probe{selector: selector, answer: a, status: StatusNotFound}
	if a.Status == resolver.StatusUnknown {
		p.status = StatusUnknown
		return p
	}
	var candidates []string
	for _, rr := range a.Records {
		if t, ok := rr.(*dns.TXT); ok {
			s := strings.Join(t.Txt, "")
			if looksLikeKey(s) {
				candidates = append(candidates, s)
			}
		}
	}
	if len(candidates) == 0 {
		return p
	}
	p.record = candidates[0]
	p.key, p.findings, p.err = Parse(p.record)
	switch {
	case p.err != nil:
		p.status = StatusInvalid
	case p.key.Revoked:
		p.status = StatusRevoked
	default:
		p.status = StatusFound
	}
	return p
}

// looksLikeKey accepts TXT records that start with v=DKIM1 or carry a p= tag.
func looksLikeKey(s string) bool {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "v=DKIM1") {
		return true
	}
	for _, part := range strings.Split(t, ";") {
		if name, _, ok := strings.Cut(part, "="); ok && strings.TrimSpace(name) == "p" {
			return true
		}
	}
	return false
}
