// Package resolve turns the caller's `company` — a domain, a company URL or
// a name — into one company (name, registrable domain, and where known
// ticker, CIK and Wikidata id) together with the evidence for the match.
//
// Rules (never guess a domain without evidence):
//
//   - Domain or URL input: the registrable domain (Public Suffix List, via
//     pkg/evidence/domainname) is the company's domain. Its name comes from
//     what evidence says about that domain, in this order: a reference
//     entry whose official website (Wikidata P856) is the domain, then the
//     site's own statement (og:site_name, else the brand part of its
//     title). No evidence at all → not resolved (reason no_public_evidence).
//   - Name input: candidates come from the free Finders first (Wikidata
//     entities with an official website), then — only when they found no
//     candidate — from the paid Finders (Exa company search). A candidate
//     counts only when its name is the same company name as the input
//     (companyname.Same, also against its aliases). Exactly one candidate
//     domain → resolved; several distinct domains → ambiguous (422 with the
//     candidates); none → not_found (422 with the near candidates seen).
//   - Listing enrichment: a Lister (SEC ticker file) adds ticker and CIK
//     when the resolved name matches a listing exactly.
//
// Resolution itself makes only lookups (entity search, site home page,
// ticker file); the research that follows spends the request's budget.
package resolve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Reasons in details.reason of an apierror.CodeCompanyNotResolved error
// (an input that names no company we can evidence, or several).
const (
	ReasonNotFound   = "not_found"          // no candidate company for the name
	ReasonAmbiguous  = "ambiguous"          // several companies carry the name
	ReasonNoEvidence = "no_public_evidence" // a domain nothing public speaks for
)

// Candidate is one company an input may mean, with its evidence.
type Candidate struct {
	Company  bundle.Company
	Evidence []bundle.Item // the items that state the name/domain pair
	Usage    bundle.Usage
}

// DomainNamer says what one provider knows about the company at a domain:
// nil when it knows nothing.
type DomainNamer interface {
	NameDomain(ctx context.Context, domain string) (*Candidate, error)
}

// Finder finds companies named name; each candidate must carry a domain
// with evidence. Usage is in each candidate and in the returned total.
type Finder interface {
	FindByName(ctx context.Context, name string) ([]Candidate, bundle.Usage, error)
}

// Lister finds the exchange listing of an exact company name.
type Lister interface {
	Listing(ctx context.Context, name string) (ticker, cik string, usage bundle.Usage, err error)
}

// Config configures a Resolver.
type Config struct {
	DomainNamers []DomainNamer // consulted concurrently for domain input; earlier ones win the name
	Finders      []Finder      // free name finders, consulted concurrently
	PaidFinders  []Finder      // consulted only when the free ones found no candidate
	Lister       Lister        // optional
	Logger       *slog.Logger
}

// Resolver resolves company inputs.
type Resolver struct {
	cfg Config
	log *slog.Logger
}

// New returns a Resolver.
func New(cfg Config) *Resolver {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Resolver{cfg: cfg, log: log}
}

// Resolution is a resolved company.
type Resolution struct {
	Company  bundle.Company `json:"company"`
	Evidence []bundle.Item  `json:"evidence"`
	Usage    bundle.Usage   `json:"usage"`
}

// Input is a parsed `company` value: a registrable Domain, or a Name.
type Input struct {
	Raw    string `json:"-"`
	Domain string `json:"domain,omitempty"` // registrable domain, lower-case ASCII
	Name   string `json:"name,omitempty"`   // the name as given, trimmed
}

// Key is the canonical form the caches key on: the domain, or the name's
// normal form (companyname.Normalize), so "Acme, Inc." and "ACME" share it.
func (in Input) Key() string {
	if in.Domain != "" {
		return "domain:" + in.Domain
	}
	return "name:" + companyname.Normalize(in.Name)
}

// ParseInput reads a `company` value. A URL, an e-mail address or one
// dotted token is a domain and must be a public registrable one (its
// registrable part is kept: "jobs.acme.com" is "acme.com"); the error is
// then a *domainname.Error saying why not. Anything else is a name, which
// needs at least one letter or digit.
func ParseInput(s string) (Input, error) {
	s = strings.TrimSpace(s)
	if looksLikeDomain(s) {
		name, err := domainname.Parse(s)
		if err != nil {
			return Input{}, err
		}
		return Input{Raw: s, Domain: name.Registrable}, nil
	}
	if len(companyname.Words(s)) == 0 {
		return Input{}, errors.New("a company name needs at least one letter or digit")
	}
	return Input{Raw: s, Name: s}, nil
}

// Resolve resolves a parsed input. A company that cannot be resolved is a
// *apierror.Error with code apierror.CodeCompanyNotResolved; when every provider
// failed, the providers' error is returned instead (the caller maps it).
func (r *Resolver) Resolve(ctx context.Context, in Input) (Resolution, error) {
	if in.Domain != "" {
		return r.byDomain(ctx, in.Raw, in.Domain)
	}
	return r.byName(ctx, in.Name)
}

// looksLikeDomain: a URL, an e-mail address, or one token with a dot and
// no spaces ("acme.com", "Booking.com").
func looksLikeDomain(s string) bool {
	if strings.Contains(s, "://") {
		return true
	}
	return !strings.ContainsAny(s, " \t") && strings.Contains(strings.Trim(s, "."), ".")
}

func (r *Resolver) byDomain(ctx context.Context, input, domain string) (Resolution, error) {
	cands := make([]*Candidate, len(r.cfg.DomainNamers))
	errs := make([]error, len(r.cfg.DomainNamers))
	var wg sync.WaitGroup
	for i, n := range r.cfg.DomainNamers {
		wg.Go(func() { cands[i], errs[i] = n.NameDomain(ctx, domain) })
	}
	wg.Wait()
	var res Resolution
	res.Company.Domain = domain
	for _, c := range cands {
		if c == nil {
			continue
		}
		res.Usage = res.Usage.Add(c.Usage)
		res.Evidence = append(res.Evidence, c.Evidence...)
		merge(&res.Company, c.Company)
	}
	res.Company.Domain = domain
	if res.Company.Name == "" {
		if err := errors.Join(errs...); err != nil && allFailed(cands, errs) {
			return Resolution{}, fmt.Errorf("resolve %s: %w", domain, err)
		}
		return Resolution{}, notResolved(input, ReasonNoEvidence,
			"nothing public names the company at %s: its site did not answer with a name and no reference entry lists it", domain)
	}
	r.enrich(ctx, &res)
	return res, nil
}

func (r *Resolver) byName(ctx context.Context, input string) (Resolution, error) {
	matches, near, usage, err := r.find(ctx, input, r.cfg.Finders)
	if len(matches) == 0 && len(r.cfg.PaidFinders) > 0 {
		var pm, pn []Candidate
		var pu bundle.Usage
		var perr error
		pm, pn, pu, perr = r.find(ctx, input, r.cfg.PaidFinders)
		matches, near, usage, err = pm, append(near, pn...), usage.Add(pu), errors.Join(err, perr)
	}
	byDomain := map[string]*Candidate{}
	var domains []string
	for _, c := range matches {
		if prev, ok := byDomain[c.Company.Domain]; ok {
			prev.Evidence = append(prev.Evidence, c.Evidence...)
			merge(&prev.Company, c.Company)
			continue
		}
		cc := c
		byDomain[c.Company.Domain] = &cc
		domains = append(domains, c.Company.Domain)
	}
	switch len(domains) {
	case 0:
		if err != nil && len(near) == 0 {
			return Resolution{}, fmt.Errorf("resolve %q: %w", input, err)
		}
		return Resolution{}, withCandidates(notResolved(input, ReasonNotFound,
			"no company named %q with an official website was found; pass its domain instead", input), near)
	case 1:
		c := byDomain[domains[0]]
		res := Resolution{Company: c.Company, Evidence: c.Evidence, Usage: usage}
		r.enrich(ctx, &res)
		return res, nil
	}
	slices.Sort(domains)
	var all []Candidate
	for _, d := range domains {
		all = append(all, *byDomain[d])
	}
	return Resolution{}, withCandidates(notResolved(input, ReasonAmbiguous,
		"%d companies are named %q; pass the domain of the one you mean", len(domains), input), all)
}

// find asks finders concurrently and splits their candidates into exact
// name matches and near ones.
func (r *Resolver) find(ctx context.Context, input string, finders []Finder) (matches, near []Candidate, usage bundle.Usage, err error) {
	results := make([][]Candidate, len(finders))
	usages := make([]bundle.Usage, len(finders))
	errs := make([]error, len(finders))
	var wg sync.WaitGroup
	for i, f := range finders {
		wg.Go(func() { results[i], usages[i], errs[i] = f.FindByName(ctx, input) })
	}
	wg.Wait()
	for i := range finders {
		usage = usage.Add(usages[i])
		for _, c := range results[i] {
			if c.Company.Domain == "" {
				continue
			}
			if sameCompany(input, c.Company) {
				matches = append(matches, c)
			} else {
				near = append(near, c)
			}
		}
	}
	return matches, near, usage, errors.Join(errs...)
}

func sameCompany(input string, c bundle.Company) bool {
	if companyname.Same(input, c.Name) {
		return true
	}
	for _, a := range c.Aliases {
		if companyname.Same(input, a) {
			return true
		}
	}
	return false
}

// enrich adds the exchange listing when the Lister knows the exact name.
func (r *Resolver) enrich(ctx context.Context, res *Resolution) {
	if r.cfg.Lister == nil || (res.Company.Ticker != "" && res.Company.CIK != "") {
		return
	}
	ticker, cik, usage, err := r.cfg.Lister.Listing(ctx, res.Company.Name)
	res.Usage = res.Usage.Add(usage)
	if err != nil {
		r.log.DebugContext(ctx, "listing lookup failed", slog.String("company", res.Company.Name), slog.Any("err", err))
		return
	}
	if res.Company.Ticker == "" {
		res.Company.Ticker = ticker
	}
	if res.Company.CIK == "" {
		res.Company.CIK = cik
	}
}

// merge fills dst's empty fields from src.
func merge(dst *bundle.Company, src bundle.Company) {
	if dst.Name == "" {
		dst.Name = src.Name
	}
	if dst.Ticker == "" {
		dst.Ticker = src.Ticker
	}
	if dst.CIK == "" {
		dst.CIK = src.CIK
	}
	if dst.WikidataID == "" {
		dst.WikidataID = src.WikidataID
	}
	for _, a := range append([]string{src.Name}, src.Aliases...) {
		if a != "" && a != dst.Name && !slices.Contains(dst.Aliases, a) {
			dst.Aliases = append(dst.Aliases, a)
		}
	}
}

func allFailed(cands []*Candidate, errs []error) bool {
	for i := range cands {
		if errs[i] == nil {
			return false
		}
	}
	return len(cands) > 0
}

// notResolved builds the 422: details.input, details.reason and
// details.candidates (empty unless withCandidates fills it).
func notResolved(input, reason, format string, args ...any) *apierror.Error {
	e := apierror.New(apierror.CodeCompanyNotResolved, format, args...)
	e.Details = map[string]any{"input": input, "reason": reason, "candidates": []any{}}
	return e
}

// maxCandidates bounds details.candidates.
const maxCandidates = 10

// withCandidates lists up to maxCandidates distinct domains with their
// evidence URLs in e's details.
func withCandidates(e *apierror.Error, cs []Candidate) *apierror.Error {
	seen := map[string]bool{}
	list := []map[string]any{}
	for _, c := range cs {
		if seen[c.Company.Domain] || len(list) == maxCandidates {
			continue
		}
		seen[c.Company.Domain] = true
		var ev []string
		for _, it := range c.Evidence {
			ev = append(ev, it.Doc.URL)
		}
		list = append(list, map[string]any{"name": c.Company.Name, "domain": c.Company.Domain, "evidence": ev})
	}
	e.Details["candidates"] = list
	return e
}
