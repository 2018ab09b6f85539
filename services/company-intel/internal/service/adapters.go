package service

import (
	"context"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/sources/exa"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sec"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
	"github.com/intel402/intel402/services/company-intel/internal/sources/wikidata"
)

// The adapters let company resolution ask the sources in its own terms.

// siteNamer: what the company's own site calls itself.
type siteNamer struct{ s *website.Source }

var _ resolve.DomainNamer = siteNamer{}

func (n siteNamer) NameDomain(ctx context.Context, domain string) (*resolve.Candidate, error) {
	id, err := n.s.Identity(ctx, domain)
	if err != nil || id.SiteName == "" {
		return nil, err
	}
	return &resolve.Candidate{Company: bundle.Company{Name: id.SiteName, Domain: domain},
		Evidence: []bundle.Item{id.Home}, Usage: id.Usage}, nil
}

// wikidataNamer: the reference entry whose official website is the domain.
type wikidataNamer struct{ w *wikidata.Source }

var _ resolve.DomainNamer = wikidataNamer{}

func (n wikidataNamer) NameDomain(ctx context.Context, domain string) (*resolve.Candidate, error) {
	e, usage, err := n.w.ByDomain(ctx, domain)
	if err != nil || e == nil {
		return nil, err
	}
	c := entityCandidate(n.w, *e, domain)
	c.Usage = usage
	return &c, nil
}

// wikidataFinder: reference entries named like the input, each with the
// registrable domain of its official website.
type wikidataFinder struct{ w *wikidata.Source }

var _ resolve.Finder = wikidataFinder{}

func (f wikidataFinder) FindByName(ctx context.Context, name string) ([]resolve.Candidate, bundle.Usage, error) {
	entities, usage, err := f.w.Search(ctx, name)
	var out []resolve.Candidate
	for _, e := range entities {
		for _, site := range e.Websites {
			d, perr := domainname.Parse(site)
			if perr != nil {
				continue
			}
			out = append(out, entityCandidate(f.w, e, d.Registrable))
			break
		}
	}
	return out, usage, err
}

func entityCandidate(w *wikidata.Source, e wikidata.Entity, domain string) resolve.Candidate {
	return resolve.Candidate{
		Company:  bundle.Company{Name: e.Label, Domain: domain, Aliases: e.Aliases, WikidataID: e.ID, Ticker: e.Ticker},
		Evidence: []bundle.Item{w.Item(e)},
	}
}

// exaFinder: Exa's company search (paid; asked only when the free finders
// found nobody).
type exaFinder struct{ x *exa.Source }

var _ resolve.Finder = exaFinder{}

func (f exaFinder) FindByName(ctx context.Context, name string) ([]resolve.Candidate, bundle.Usage, error) {
	companies, usage, err := f.x.CompanySearch(ctx, name)
	var out []resolve.Candidate
	for _, c := range companies {
		out = append(out, resolve.Candidate{Company: bundle.Company{Name: c.Name, Domain: c.Domain},
			Evidence: []bundle.Item{c.Evidence}})
	}
	return out, usage, err
}

// secLister: the exchange listing of an exact company name.
type secLister struct{ s *sec.Source }

var _ resolve.Lister = secLister{}

func (l secLister) Listing(ctx context.Context, name string) (string, string, bundle.Usage, error) {
	listings, usage, err := l.s.LookupTicker(ctx, name)
	if err != nil {
		return "", "", usage, err
	}
	for _, x := range listings {
		if companyname.Same(x.Name, name) { // the title without EDGAR's state markers
			return x.Ticker, x.CIK, usage, nil
		}
	}
	return "", "", usage, nil
}

// exaEnricher: the text of news documents through Exa /contents.
type exaEnricher struct{ x *exa.Source }

var _ research.Enricher = exaEnricher{}

func (e exaEnricher) Name() string { return e.x.Name() }

func (e exaEnricher) Enrich(ctx context.Context, urls []string) (map[string]string, bundle.Usage, error) {
	pages, usage, err := e.x.Contents(ctx, urls)
	texts := make(map[string]string, len(pages))
	for _, p := range pages {
		texts[source.Normalize(p.URL)] = p.Text
	}
	return texts, usage, err
}
