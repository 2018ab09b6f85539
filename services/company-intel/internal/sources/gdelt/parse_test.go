package gdelt

import (
	"errors"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
)

func TestParseBody(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		body     string
		articles int
		text     bool // a *textAnswer
		err      bool // a decoding error
	}{
		{name: "articles", body: `{"articles":[{"url":"https://a.example/1","title":"A","seendate":"20260220T063400Z"},{"url":"https://b.example/2"}]}`, articles: 2},
		{name: "empty object", body: "{}\n"},
		{name: "empty body", body: "  \n"},
		{name: "byte order mark", body: "\xef\xbb\xbf{\"articles\":[]}"},
		{name: "plain-text rejection", body: "Invalid query specified.\n", text: true},
		{name: "HTML rejection", body: "<html><body>Timespan is too long</body></html>", text: true},
		{name: "truncated JSON", body: `{"articles":[{"url":"https://a.exa`, err: true},
		{name: "wrong shape", body: `{"articles":{"url":1}}`, err: true},
	}
	for _, tt := range tests {
		got, err := parseBody([]byte(tt.body))
		var text *textAnswer
		isText := errors.As(err, &text)
		if len(got) != tt.articles || isText != tt.text || (err != nil && !isText) != tt.err {
			t.Errorf("%s: %d articles, err %v; want %d articles, text %v, decode error %v", tt.name, len(got), err, tt.articles, tt.text, tt.err)
		}
	}
}

func TestToItem(t *testing.T) {
	t.Parallel()
	to := time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)
	q := bundle.Query{Company: bundle.Company{Name: "Acme Analytics", Domain: "acme-analytics.com"}, From: to.AddDate(0, 0, -30), To: to}
	m := newsitem.NewMatcher(q.Company)
	ok := article{URL: "https://www.zdnet.com/article/acme/", Title: "Acme Analytics adds forecasting", SeenDate: "20260215T093000Z", Domain: "zdnet.com"}
	tests := []struct {
		name string
		edit func(a *article)
		keep bool
	}{
		{name: "in window, title mention", edit: func(*article) {}, keep: true},
		{name: "company's own site", edit: func(a *article) { a.URL = "https://acme-analytics.com/blog/x"; a.Domain = "" }, keep: true},
		{name: "seen before From", edit: func(a *article) { a.SeenDate = "20260120T115959Z" }},
		{name: "seen after To", edit: func(a *article) { a.SeenDate = "20260220T120100Z" }},
		{name: "unparsable seendate is undated", edit: func(a *article) { a.SeenDate = "yesterday" }, keep: true},
		{name: "title without the name", edit: func(a *article) { a.Title = "Analytics vendors add forecasting" }},
		{name: "name inside a longer word", edit: func(a *article) { a.Title = "AcmeAnalyticsFans meet" }},
		{name: "not an http URL", edit: func(a *article) { a.URL = "mailto:press@acme-analytics.com" }},
	}
	for _, tt := range tests {
		a := ok
		tt.edit(&a)
		it, kept := toItem(a, q, m, to)
		if kept != tt.keep {
			t.Errorf("%s: kept = %v, want %v", tt.name, kept, tt.keep)
			continue
		}
		if kept && it.Doc.Publisher == "" {
			t.Errorf("%s: no publisher: %+v", tt.name, it.Doc)
		}
	}
	it, _ := toItem(article{URL: "https://acme-analytics.com/blog/x", Title: "Acme Analytics ships v2", SeenDate: "20260215T093000Z"}, q, m, to)
	if it.Kind != bundle.KindPress || it.Doc.Publisher != "acme-analytics.com" {
		t.Errorf("company's own post = %+v, want press published by acme-analytics.com", it)
	}
}

// FuzzBody parses arbitrary bytes as an artlist answer and maps every
// article: nothing may panic, and every kept item must be a well-formed
// document about the company within the window.
func FuzzBody(f *testing.F) {
	f.Add([]byte(`{"articles":[{"url":"https://www.geekwire.com/x","url_mobile":"","title":"Northwind Robotics lands $40M","seendate":"20260217T063400Z","socialimage":"","domain":"geekwire.com","language":"English","sourcecountry":"United States"}]}`))
	to := time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)
	q := bundle.Query{Company: bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"}, From: to.AddDate(0, 0, -30), To: to}
	m := newsitem.NewMatcher(q.Company)
	f.Fuzz(func(t *testing.T, data []byte) {
		articles, err := parseBody(data)
		if err != nil && articles != nil {
			t.Fatalf("articles with an error: %v", err)
		}
		for _, a := range articles {
			it, ok := toItem(a, q, m, to)
			if !ok {
				continue
			}
			d := it.Doc
			if newsitem.Host(d.URL) == "" {
				t.Fatalf("kept an item without an http(s) URL: %q", d.URL)
			}
			if !d.Published.IsZero() && !q.In(d.Published) {
				t.Fatalf("kept an item outside the window: %v", d.Published)
			}
			if !m.Mentions(d.Title) {
				t.Fatalf("kept an item whose title does not name the company: %q", d.Title)
			}
		}
	})
}
