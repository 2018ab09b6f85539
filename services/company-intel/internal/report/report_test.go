package report_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/report"
	"github.com/intel402/intel402/services/company-intel/internal/research"
)

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func news(url, title, publisher, excerpt string, daysAgo int, auth source.Authority) bundle.Item {
	return bundle.Item{Provider: "googlenews", Kind: bundle.KindNews, Doc: source.NewDocument(source.Document{
		URL: url, Title: title, Publisher: publisher, Excerpt: excerpt, Authority: auth,
		Published: now.AddDate(0, 0, -daysAgo), Precision: source.PrecisionDay, RetrievedAt: now})}
}

func fixtureBundle() *research.Bundle {
	company := bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"}
	wd := bundle.Item{Provider: "wikidata", Kind: bundle.KindProfile, Doc: source.NewDocument(source.Document{
		URL: "https://www.wikidata.org/wiki/Q990001", Title: "Northwind Robotics — Wikidata", Authority: source.AuthorityReference, RetrievedAt: now})}
	return &research.Bundle{
		Company: company, LookbackDays: 90, From: now.AddDate(0, 0, -90), To: now, GatheredAt: now,
		Providers: []string{"googlenews", "wikidata"},
		Items: []bundle.Item{
			news("https://www.businesswire.com/news/home/northwind-series-b", "Northwind Robotics Raises $40 Million Series B Led by Harbor Ventures",
				"Business Wire", "PITTSBURGH, November 3, 2026 /BUSINESS WIRE/ -- Northwind Robotics, maker of autonomous warehouse robots, today announced a $40 million Series B led by Harbor Ventures.", 20, source.AuthorityFirstParty),
			news("https://techcrunch.com/2026/11/03/northwind-robotics-series-b", "Warehouse robot maker Northwind Robotics raises $40M Series B",
				"TechCrunch", "Northwind Robotics has raised $40 million in a Series B round led by Harbor Ventures to expand its fleet.", 20, source.AuthorityTrade),
			news("https://www.reuters.com/technology/northwind-robotics-40m", "Northwind Robotics raises $40 mln in Series B funding",
				"Reuters", "Northwind Robotics said on Tuesday it raised $40 million in a Series B round led by Harbor Ventures.", 20, source.AuthorityWire),
			news("https://old.example-press.com/northwind-2025", "Northwind Robotics raises $10M Series A", "Old Press",
				"Northwind Robotics raised a $10 million Series A.", 300, source.AuthorityTrade),
			wd,
		},
		Profile: bundle.Profile{
			Description:  &bundle.Fact{Value: "American maker of autonomous warehouse robots", SourceURL: wd.Doc.URL},
			Headquarters: &bundle.Fact{Value: "Pittsburgh", SourceURL: wd.Doc.URL},
		},
	}
}

func TestSignalsDocument(t *testing.T) {
	t.Parallel()
	b := fixtureBundle()
	out := research.Outcome{Bundle: b, Usage: bundle.Usage{Searches: 3, Contents: 2, CostUSD: 0.0070001}}
	doc, err := report.Signals(out, now)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, s := range doc.Sources {
		if ids[s.ID] {
			t.Fatalf("source %s listed twice", s.ID)
		}
		ids[s.ID] = true
	}
	cited := map[string]bool{}
	funding := 0
	for _, s := range doc.Signals {
		if len(s.EvidenceIDs) == 0 {
			t.Fatalf("signal %q cites nothing", s.Headline)
		}
		for _, id := range s.EvidenceIDs {
			if !ids[id] {
				t.Fatalf("evidence id %s of %q is not a source", id, s.Headline)
			}
			cited[id] = true
		}
		if s.Type == "funding" {
			funding++
			if len(s.EvidenceIDs) != 3 {
				t.Fatalf("funding signal cites %d sources, want the 3 outlets merged", len(s.EvidenceIDs))
			}
		}
		if s.EventDate == nil || *s.EventDate < "2026-08-25" {
			t.Fatalf("signal %q dated %v: outside the window", s.Headline, s.EventDate)
		}
	}
	if funding != 1 {
		t.Fatalf("%d funding signals, want 1 (the in-window round, merged; the old one excluded)", funding)
	}
	wdID := source.ID("https://www.wikidata.org/wiki/Q990001")
	if !ids[wdID] || cited[wdID] {
		t.Fatalf("the profile's source must be listed (it backs description and headquarters)")
	}
	if len(ids) != len(cited)+1 {
		t.Fatalf("%d sources for %d cited: a source is listed that nothing cites", len(ids), len(cited))
	}
	if doc.Company.Description == nil || *doc.Company.Description != "American maker of autonomous warehouse robots" ||
		doc.Company.Industry != nil || doc.Company.Headquarters == nil {
		t.Fatalf("company = %+v", doc.Company)
	}
	want := report.Meta{Provider: "googlenews+wikidata", UpstreamUsage: report.Usage{Searches: 3, Contents: 2, EstimatedCost: 0.007}}
	if doc.Meta != want {
		t.Fatalf("meta = %+v, want %+v", doc.Meta, want)
	}
	if !doc.Freshness.GeneratedAt.Equal(now) || doc.Freshness.LookbackDays != 90 {
		t.Fatalf("freshness = %+v", doc.Freshness)
	}
	// Identical evidence gives identical bytes.
	again, _ := report.Signals(out, now)
	a, _ := json.Marshal(doc)
	c, _ := json.Marshal(again)
	if string(a) != string(c) {
		t.Fatal("not deterministic")
	}
}

func TestNoEventInWindowIs422(t *testing.T) {
	t.Parallel()
	b := fixtureBundle()
	b.Items = []bundle.Item{b.Items[3], b.Items[4]} // the old round and the profile only
	_, err := report.Signals(research.Outcome{Bundle: b}, now)
	var e *apierror.Error
	if !errors.As(err, &e) || e.HTTPStatus() != 422 || e.Code != apierror.CodeInsufficientEvidence {
		t.Fatalf("err = %v, want 422 insufficient_evidence", err)
	}
}

func TestCiterSkipsUnknownURLs(t *testing.T) {
	t.Parallel()
	c := report.NewCiter(fixtureBundle())
	ids := c.Cite("https://techcrunch.com/2026/11/03/northwind-robotics-series-b?utm_source=x", "https://unknown.example-press.com/",
		"https://techcrunch.com/2026/11/03/northwind-robotics-series-b")
	if len(ids) != 1 || len(c.Sources()) != 1 {
		t.Fatalf("ids %v, sources %d: want the one known item once (tracking params ignored)", ids, len(c.Sources()))
	}
}
