package exa

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
)

func TestParsePublished(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want time.Time
		p    source.Precision
	}{
		{"2026-02-17T14:05:00.000Z", time.Date(2026, 2, 17, 14, 5, 0, 0, time.UTC), source.PrecisionTime},
		{"2026-02-17T00:00:00.000Z", time.Date(2026, 2, 17, 0, 0, 0, 0, time.UTC), source.PrecisionDay},
		{"2026-02-17T01:00:00+01:00", time.Date(2026, 2, 17, 0, 0, 0, 0, time.UTC), source.PrecisionDay},
		{"2026-02-17T09:30:00-05:00", time.Date(2026, 2, 17, 14, 30, 0, 0, time.UTC), source.PrecisionTime},
		{"2026-02-17", time.Date(2026, 2, 17, 0, 0, 0, 0, time.UTC), source.PrecisionDay},
		{"", time.Time{}, source.PrecisionNone},
		{"last week", time.Time{}, source.PrecisionNone},
	}
	for _, tt := range tests {
		got, p := parsePublished(tt.in)
		if !got.Equal(tt.want) || p != tt.p {
			t.Errorf("parsePublished(%q) = %v %q, want %v %q", tt.in, got, p, tt.want, tt.p)
		}
	}
}

func TestCutSiteName(t *testing.T) {
	t.Parallel()
	tests := []struct{ title, host, want string }{
		{"Acme raises $5M | TechCrunch", "techcrunch.com", "Acme raises $5M"},
		{"How Acme's pickers work - and why - The Verge", "www.theverge.com", "How Acme's pickers work - and why"},
		{"Contoso Consultancy - Contoso", "www.contoso.com", "Contoso Consultancy"},
		{"Acme opens Rotterdam office — Northwind Robotics", "northwind-robotics.com", "Acme opens Rotterdam office"},
		{"Acme raises $5M | Financial Times", "www.ft.com", "Acme raises $5M | Financial Times"},
		{"Acme raises $5M - Reuters", "www.techcrunch.com", "Acme raises $5M - Reuters"},
		{"TechCrunch", "techcrunch.com", "TechCrunch"},
		{" | TechCrunch", "techcrunch.com", " | TechCrunch"},
		{"Acme - news.example.com", "news.example.com", "Acme"},
		{"", "techcrunch.com", ""},
	}
	for _, tt := range tests {
		if got := cutSiteName(tt.title, tt.host); got != tt.want {
			t.Errorf("cutSiteName(%q, %q) = %q, want %q", tt.title, tt.host, got, tt.want)
		}
	}
}

func TestPlainText(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Acme&#39;s &quot;Atlas&quot; &amp; more", `Acme's "Atlas" & more`},
		{"Acme’s “Atlas”", "Acme’s “Atlas”"},
		{"R&D  at\nP&G", "R&D at P&G"},
	}
	for _, tt := range tests {
		if got := plainText(tt.in); got != tt.want {
			t.Errorf("plainText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRealShapedAnswer decodes a /search answer shaped like a real one
// (fields missing or null, costDollars with its breakdown, searchTime) and
// maps it.
func TestRealShapedAnswer(t *testing.T) {
	t.Parallel()
	const answer = `{
  "requestId": "5d1e0b6c9a4f4e2b8c7d3a1f0e9b8c7d",
  "resolvedSearchType": "auto",
  "results": [
    {"id": "https://www.acme-analytics.com/news/q4-update/", "title": "Acme Analytics&#39; Q4 update - Acme Analytics",
     "url": "https://www.acme-analytics.com/news/q4-update/", "publishedDate": "2026-02-05T09:37:33.000Z",
     "highlights": ["Acme Analytics’ churn model now runs hourly."]},
    {"id": "https://www.zdnet.com/article/acme/", "title": null, "url": "https://www.zdnet.com/article/acme/",
     "publishedDate": null, "author": null, "score": null, "text": "Acme Analytics ships.", "highlights": null, "highlightScores": null},
    {"id": "x", "url": "https://www.zdnet.com/article/other/", "title": "Other vendors | ZDNET", "image": "https://www.zdnet.com/a.jpg", "favicon": "https://www.zdnet.com/favicon.ico"}
  ],
  "searchTime": 1553.2,
  "costDollars": {"total": 0.007, "search": {"neural": 0.007}, "contents": {"text": 0, "highlights": 0}}
}`
	var out response
	if err := json.Unmarshal([]byte(answer), &out); err != nil {
		t.Fatal(err)
	}
	if out.RequestID != "5d1e0b6c9a4f4e2b8c7d3a1f0e9b8c7d" || out.cost(1) != 0.007 || len(out.Results) != 3 {
		t.Fatalf("answer = %+v", out)
	}
	to := time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)
	q := bundle.Query{Company: bundle.Company{Name: "Acme Analytics", Domain: "acme-analytics.com"}, From: to.AddDate(0, 0, -30), To: to}
	m := newsitem.NewMatcher(q.Company)
	type row struct{ title, excerpt, kind string }
	var got []row
	for _, r := range out.Results {
		if it, ok := toItem(r, q, m, to); ok {
			got = append(got, row{it.Doc.Title, it.Doc.Excerpt, string(it.Kind)})
		}
	}
	want := []row{
		{"Acme Analytics' Q4 update", "Acme Analytics’ churn model now runs hourly.", string(bundle.KindPress)},
		{"", "Acme Analytics ships.", string(bundle.KindNews)},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("items = %q\nwant %q", got, want)
	}
}

func TestCompanyName(t *testing.T) {
	t.Parallel()
	tests := []struct{ title, query, want string }{
		{"Northwind Robotics | Autonomous picking robots", "Northwind Robotics", "Northwind Robotics"},
		{"Home | Northwind Robotics, Inc.", "Northwind Robotics", "Northwind Robotics, Inc."},
		{"Home - Northwind Traders", "Northwind Robotics", "Northwind Traders"},
		{"Welcome: Acme Analytics — Customer analytics", "acme analytics", "Acme Analytics"},
		{"Customer analytics for subscription businesses · Acme", "Acme Analytics", "Customer analytics for subscription businesses"},
		{"Home", "Acme", "Home"},
		{"", "Acme", ""},
	}
	for _, tt := range tests {
		if got := companyName(tt.title, tt.query); got != tt.want {
			t.Errorf("companyName(%q, %q) = %q, want %q", tt.title, tt.query, got, tt.want)
		}
	}
}

func TestToItem(t *testing.T) {
	t.Parallel()
	to := time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)
	q := bundle.Query{Company: bundle.Company{Name: "Acme Analytics", Domain: "acme-analytics.com"}, From: to.AddDate(0, 0, -30), To: to}
	m := newsitem.NewMatcher(q.Company)
	base := result{URL: "https://www.zdnet.com/article/acme/", Title: "Churn forecasting arrives", Text: "Acme Analytics launched it today.", PublishedDate: "2026-02-15T09:30:00.000Z"}
	tests := []struct {
		name    string
		edit    func(r *result)
		keep    bool
		excerpt string
	}{
		{name: "mention in the text", edit: func(*result) {}, keep: true, excerpt: "Acme Analytics launched it today."},
		{name: "mention in a highlight only", edit: func(r *result) { r.Text = ""; r.Highlights = []string{" Acme Analytics  ships. ", ""} }, keep: true, excerpt: "Acme Analytics ships."},
		{name: "mention of the domain only", edit: func(r *result) { r.Text = "See acme-analytics.com for details." }, keep: true, excerpt: "See acme-analytics.com for details."},
		{name: "summary as the last resort", edit: func(r *result) { r.Text = ""; r.Summary = "Acme Analytics forecasts churn." }, keep: true, excerpt: "Acme Analytics forecasts churn."},
		{name: "no mention", edit: func(r *result) { r.Text = "A vendor launched it today." }},
		{name: "the day the window opens (day precision)", edit: func(r *result) { r.PublishedDate = "2026-01-21T00:00:00.000Z" }, keep: true, excerpt: "Acme Analytics launched it today."},
		{name: "the day before the window", edit: func(r *result) { r.PublishedDate = "2026-01-20T00:00:00.000Z" }},
		{name: "after To", edit: func(r *result) { r.PublishedDate = "2026-02-20T12:00:01.000Z" }},
		{name: "undated", edit: func(r *result) { r.PublishedDate = "" }, keep: true, excerpt: "Acme Analytics launched it today."},
		{name: "no http URL", edit: func(r *result) { r.URL = "acme-analytics.com/blog" }},
	}
	for _, tt := range tests {
		r := base
		tt.edit(&r)
		it, kept := toItem(r, q, m, to)
		if kept != tt.keep || (kept && it.Doc.Excerpt != tt.excerpt) {
			t.Errorf("%s: kept %v excerpt %q; want %v %q", tt.name, kept, it.Doc.Excerpt, tt.keep, tt.excerpt)
		}
	}
}

// FuzzResponse decodes arbitrary bytes as a /search answer and maps every
// result as news and as a company: nothing may panic, and every kept news
// item must be a well-formed document about the company within the window.
func FuzzResponse(f *testing.F) {
	f.Add([]byte(`{"requestId":"r1","resolvedSearchType":"neural","results":[{"id":"https://techcrunch.com/x","title":"Northwind Robotics raises $40M","url":"https://techcrunch.com/x","publishedDate":"2026-02-17T14:05:00.000Z","author":null,"score":0.3,"text":"Northwind Robotics raised.","highlights":["Northwind Robotics raised."],"highlightScores":[0.9]}],"costDollars":{"total":0.007}}`))
	to := time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)
	q := bundle.Query{Company: bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"}, From: to.AddDate(0, 0, -30), To: to}
	m := newsitem.NewMatcher(q.Company)
	f.Fuzz(func(t *testing.T, data []byte) {
		var out response
		if json.Unmarshal(data, &out) != nil {
			return
		}
		if c := out.cost(0.007); c != c {
			t.Fatalf("cost is NaN")
		}
		for _, r := range out.Results {
			if c, ok := toCompany(r, "Northwind Robotics", to); ok && (c.Domain == "" || c.Evidence.Kind != bundle.KindPage) {
				t.Fatalf("bad company: %+v", c)
			}
			it, ok := toItem(r, q, m, to)
			if !ok {
				continue
			}
			d := it.Doc
			if newsitem.Host(d.URL) == "" {
				t.Fatalf("kept an item without an http(s) URL: %q", d.URL)
			}
			if !d.Published.IsZero() && !newsitem.InWindow(q, d.Published, d.Precision) {
				t.Fatalf("kept an item outside the window: %v %s", d.Published, d.Precision)
			}
			if len(d.Excerpt) > source.MaxExcerpt {
				t.Fatalf("excerpt of %d bytes", len(d.Excerpt))
			}
		}
	})
}
