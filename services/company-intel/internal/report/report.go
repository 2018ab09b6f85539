// Package report assembles company-intel's response documents from an
// evidence bundle and the analyses run on it: the company block, the
// signals with their evidence ids, the sources they cite, freshness and
// meta. It is pure: the same bundle and analyses give the same bytes
// (apart from the generation time passed in).
//
// Citations: every claim cites the canonical URL of an item of the bundle;
// a Citer registers the cited items' documents in a pkg/evidence
// source.Registry, in first-cited order, and hands back their ids. The
// sources array holds exactly the cited documents, so every evidenceIds
// entry resolves to a sources entry and no source is listed uncited.
package report

import (
	"math"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/research"
)

// Company is the signals response's company block.
type Company struct {
	Name         string  `json:"name"`
	Domain       string  `json:"domain"`
	Description  *string `json:"description"`
	Industry     *string `json:"industry"`
	Headquarters *string `json:"headquarters"`
}

// Signal is one cited trigger event.
type Signal struct {
	Type              string   `json:"type"`
	Headline          string   `json:"headline"`
	EventDate         *string  `json:"eventDate"`
	Summary           string   `json:"summary"`
	CommercialMeaning string   `json:"commercialMeaning"`
	Confidence        float64  `json:"confidence"`
	EvidenceIDs       []string `json:"evidenceIds"`
}

// Freshness says when the document was generated and over which window.
type Freshness struct {
	GeneratedAt  time.Time `json:"generatedAt"`
	LookbackDays int       `json:"lookbackDays"`
}

// Usage is meta.upstreamUsage: what this call made upstream.
type Usage struct {
	Searches      int     `json:"searches"`
	Contents      int     `json:"contents"`
	EstimatedCost float64 `json:"estimatedCost"`
}

// Meta is the response's meta block.
type Meta struct {
	Provider      string `json:"provider"`
	Partial       bool   `json:"partial"`
	UpstreamUsage Usage  `json:"upstreamUsage"`
}

// Citer turns cited item URLs into source ids.
type Citer struct {
	items map[string]bundle.Item
	reg   *source.Registry
}

// NewCiter returns a Citer over the bundle's items.
func NewCiter(b *research.Bundle) *Citer {
	c := &Citer{items: make(map[string]bundle.Item, len(b.Items)), reg: source.NewRegistry()}
	for _, it := range b.Items {
		c.items[it.Doc.URL] = it
	}
	return c
}

// Cite returns the source ids of the given item URLs, in order, without
// duplicates; URLs that are not items of the bundle are skipped (a claim
// can only cite evidence the bundle holds).
func (c *Citer) Cite(urls ...string) []string {
	ids := []string{}
	seen := map[string]bool{}
	for _, u := range urls {
		it, ok := c.items[source.Normalize(u)]
		if !ok {
			continue
		}
		id := c.reg.Add(it.Doc.Source()).ID
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids
}

// Source is one entry of the sources array.
type Source = source.Source

// Sources lists the cited sources in first-cited order.
func (c *Citer) Sources() []Source { return c.reg.List() }

// CompanyOf builds the company block; profile facts are cited (so their
// sources are listed) even though the block has no evidence ids.
func CompanyOf(b *research.Bundle, c *Citer) Company {
	fact := func(f *bundle.Fact) *string {
		if f == nil || strings.TrimSpace(f.Value) == "" {
			return nil
		}
		c.Cite(f.SourceURL)
		v := f.Value
		return &v
	}
	return Company{
		Name: b.Company.Name, Domain: b.Company.Domain,
		Description: fact(b.Profile.Description), Industry: fact(b.Profile.Industry), Headquarters: fact(b.Profile.Headquarters),
	}
}

// FreshnessOf is the freshness block of a document generated at now from
// b (whole seconds, UTC).
func FreshnessOf(b *research.Bundle, now time.Time) Freshness {
	return Freshness{GeneratedAt: now.UTC().Truncate(time.Second), LookbackDays: b.LookbackDays}
}

// MetaOf builds the meta block: the providers that contributed evidence
// ("+"-joined, "none" when none did), whether a source failed, and this
// call's usage (zero when the bundle was reused).
func MetaOf(out research.Outcome) Meta {
	provider := strings.Join(out.Bundle.Providers, "+")
	if provider == "" {
		provider = "none"
	}
	return Meta{Provider: provider, Partial: out.Bundle.Partial, UpstreamUsage: Usage{
		Searches: out.Usage.Searches, Contents: out.Usage.Contents,
		EstimatedCost: math.Round(out.Usage.CostUSD*1e6) / 1e6,
	}}
}
