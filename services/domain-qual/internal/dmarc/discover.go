package dmarc

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/miekg/dns"
	"golang.org/x/net/publicsuffix"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// Resolver answers one DNS question. It is satisfied by resolver.Resolver.
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// Status is the outcome of policy discovery.
type Status string

// Discovery statuses.
const (
	StatusFound   Status = "found"   // one valid record applies
	StatusMissing Status = "missing" // no record anywhere on the walk
	StatusInvalid Status = "invalid" // a record was found but is unusable (multiple, syntax, duplicates)
	StatusUnknown Status = "unknown" // a DNS failure prevented a conclusion
)

// Location says where the applicable record was found.
type Location string

// Locations.
const (
	LocationExact          Location = "exact"          // _dmarc.<domain>
	LocationOrganizational Location = "organizational" // _dmarc.<organisational domain>
	LocationTreeWalk       Location = "tree_walk"      // another ancestor, or a public suffix (psd=y)
)

// maxWalkQueries is the RFC 9989 §4.10 bound on tree-walk queries.
const maxWalkQueries = 8

// Discovery is the result of policy discovery for one domain.
type Discovery struct {
	// Status of the discovery.
	Status Status
	// Location of the applicable record; "" unless found or invalid.
	Location Location
	// Domain is the name whose _dmarc record applies (no trailing dot).
	Domain string
	// Label is the queried owner name of the record, e.g. "_dmarc.example.com".
	Label string
	// Record is the raw record text.
	Record string
	// Parsed is the parsed record when Status is found.
	Parsed *Record
	// Findings are parse findings and discovery problems.
	Findings []finding.Finding
	// Queried are the owner names queried, in walk order.
	Queried []string
	// TTL is the smallest TTL of the answers that decided the result.
	TTL uint32
	// Reason explains an unknown status.
	Reason string
}

// WalkNames returns the names whose _dmarc records the RFC 9989 DNS tree
// walk queries for domain, in order: the domain itself, then (after
// shortening names of 8 or more labels to 7) each ancestor up to the TLD,
// at most 8 names in all.
func WalkNames(domain string) []string {
	d := strings.Trim(strings.ToLower(domain), ".")
	if d == "" {
		return nil
	}
	labels := strings.Split(d, ".")
	names := []string{d}
	start := 1
	if len(labels) >= 8 {
		start = len(labels) - 7
	}
	for i := start; i < len(labels) && len(names) < maxWalkQueries; i++ {
		names = append(names, strings.Join(labels[i:], "."))
	}
	return names
}

// Discover finds the DMARC policy that applies to domain. orgDomain is the
// organisational (registrable) domain, used only to label where the record
// was found. _dmarc.<domain> is queried first; only when it has no record
// are the remaining tree-walk names queried, concurrently, and the closest
// record wins. A DNS failure at a name closer than the first record found
// makes the result unknown, never missing.
func Discover(ctx context.Context, r Resolver, domain, orgDomain string) Discovery {
	names := WalkNames(domain)
	org := strings.Trim(strings.ToLower(orgDomain), ".")
	d := Discovery{Status: StatusMissing}
	if len(names) == 0 {
		d.Status, d.Reason = StatusUnknown, "empty domain"
		return d
	}
	first := r.Lookup(ctx, "_dmarc."+names[0]+".", dns.TypeTXT)
	answers := []resolver.Answer{first}
	d.Queried = append(d.Queried, "_dmarc."+names[0])
	if len(dmarcTXT(first)) == 0 && first.Status != resolver.StatusUnknown && len(names) > 1 {
		rest := make([]resolver.Answer, len(names)-1)
		var wg sync.WaitGroup
		for i, n := range names[1:] {
			wg.Go(func() { rest[i] = r.Lookup(ctx, "_dmarc."+n+".", dns.TypeTXT) })
			d.Queried = append(d.Queried, "_dmarc."+n)
		}
		wg.Wait()
		answers = append(answers, rest...)
	}
	for i, a := range answers {
		if a.Status == resolver.StatusUnknown {
			d.Status, d.Reason, d.TTL = StatusUnknown, fmt.Sprintf("_dmarc.%s: %s", names[i], a.Reason), 0
			return d
		}
		recs := dmarcTXT(a)
		if a.TTL > 0 && (d.TTL == 0 || a.TTL < d.TTL) {
			d.TTL = a.TTL
		}
		if len(recs) == 0 {
			continue
		}
		d.Domain, d.Label = names[i], "_dmarc."+names[i]
		switch {
		case i == 0:
			d.Location = LocationExact
		case names[i] == org:
			d.Location = LocationOrganizational
		default:
			d.Location = LocationTreeWalk
		}
		d.Record = recs[0]
		if others := otherTXT(a); len(others) > 0 {
			d.Findings = append(d.Findings, finding.Finding{ID: finding.DMARCUnrelatedTXT, Severity: finding.Low, RFC: "RFC 7489 §6.6.3",
				Title: "unrelated TXT records at the DMARC name", Detail: "TXT records that are not DMARC records should not be published at " + d.Label, Evidence: strings.Join(others, " | ")})
		}
		if len(recs) > 1 {
			d.Status = StatusInvalid
			d.Findings = append(d.Findings, finding.Finding{ID: finding.DMARCMultipleRecords, Severity: finding.Critical, RFC: "RFC 7489 §6.6.3",
				Title:    "more than one DMARC record",
				Detail:   fmt.Sprintf("%s has %d DMARC records, so receivers apply no DMARC policy at all", d.Label, len(recs)),
				Evidence: strings.Join(recs, " | "), Fix: "Keep exactly one v=DMARC1 record at " + d.Label + "."})
			return d
		}
		rec, fs, err := Parse(recs[0])
		d.Findings = append(d.Findings, fs...)
		if err != nil {
			d.Status = StatusInvalid
			d.Findings = append(d.Findings, finding.Finding{ID: finding.DMARCInvalidRecord, Severity: finding.Critical, RFC: "RFC 7489 §6.3",
				Title: "DMARC record is invalid", Detail: err.Error(), Evidence: recs[0]})
			return d
		}
		d.Status, d.Parsed = StatusFound, &rec
		return d
	}
	return d
}

func dmarcTXT(a resolver.Answer) []string {
	var out []string
	for _, rr := range a.Records {
		if t, ok := rr.(*dns.TXT); ok {
			if s := strings.Join(t.Txt, ""); IsDMARC(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

func otherTXT(a resolver.Answer) []string {
	var out []string
	for _, rr := range a.Records {
		if t, ok := rr.(*dns.TXT); ok {
			if s := strings.Join(t.Txt, ""); !IsDMARC(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// VerifyStatus is the outcome of an external destination check.
type VerifyStatus string

// Destination verification outcomes.
const (
	VerifyNotRequired VerifyStatus = "not_required" // same organisational domain
	VerifyVerified    VerifyStatus = "verified"     // the destination authorised the source
	VerifyUnverified  VerifyStatus = "unverified"   // no authorisation record
	VerifyUnknown     VerifyStatus = "unknown"      // DNS failure
)

// Destination is a report URI with its verification result.
type Destination struct {
	ReportURI
	// External is true when the destination's organisational domain differs
	// from the policy domain's.
	External bool `json:"external"`
	// Verification is the §7.1 check outcome.
	Verification VerifyStatus `json:"verification"`
	// Verified is true when reports can be sent (not external, or verified).
	Verified bool `json:"verified"`
}

// OrgDomain returns the organisational domain of name using the public
// suffix list; the name itself when it is a suffix or cannot be reduced.
func OrgDomain(name string) string {
	n := strings.Trim(strings.ToLower(name), ".")
	if o, err := publicsuffix.EffectiveTLDPlusOne(n); err == nil {
		return o
	}
	return n
}

// VerifyDestinations checks every external report destination of the
// policy published for source (RFC 7489 §7.1): the destination must publish
// a v=DMARC1 TXT record at <source>._report._dmarc.<destination>; a record at
// the literal wildcard name *._report._dmarc.<destination> is accepted too.
// Destinations are checked concurrently.
func VerifyDestinations(ctx context.Context, r Resolver, source string, uris []ReportURI) []Destination {
	src := strings.Trim(strings.ToLower(source), ".")
	out := make([]Destination, len(uris))
	var wg sync.WaitGroup
	for i, u := range uris {
		out[i] = Destination{ReportURI: u, Verification: VerifyNotRequired, Verified: true}
		if u.Domain == "" || OrgDomain(u.Domain) == OrgDomain(src) {
			continue
		}
		out[i].External = true
		wg.Go(func() { out[i].Verification = verify(ctx, r, src, u.Domain) })
	}
	wg.Wait()
	for i := range out {
		out[i].Verified = out[i].Verification == VerifyVerified || out[i].Verification == VerifyNotRequired
	}
	return out
}

func verify(ctx context.Context, r Resolver, src, dest string) VerifyStatus {
	a := r.Lookup(ctx, src+"._report._dmarc."+dest+".", dns.TypeTXT)
	if len(dmarcTXT(a)) > 0 {
		return VerifyVerified
	}
	w := r.Lookup(ctx, "*._report._dmarc."+dest+".", dns.TypeTXT)
	switch {
	case len(dmarcTXT(w)) > 0:
		return VerifyVerified
	case a.Status == resolver.StatusUnknown || w.Status == resolver.StatusUnknown:
		return VerifyUnknown
	}
	return VerifyUnverified
}
