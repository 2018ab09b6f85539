package gdelt

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
)

func TestParseBody(t *testing.T) {
	t.Parallel()
	// good is one well-formed article as GDELT writes it.
	good := func(n string) string {
		return `{"url": "https://www.geekwire.com/2026/northwind-` + n + `/","url_mobile": "","title": "Northwind Robotics ` + n +
			`","seendate": "20260217T063400Z","socialimage": "","domain": "geekwire.com","language": "English","sourcecountry": "United States"}`
	}
	// with wraps articles in GDELT's artlist layout.
	with := func(articles ...string) string {
		return "{\"articles\": [\n " + strings.Join(articles, ",\n ") + "\n]\n}\n"
	}
	bad := func(title string) string {
		return `{"url": "https://www.example.com/bad","url_mobile": "","title": "` + title + `","seendate": "20260217T063400Z","socialimage": "","domain": "example.com","language": "English","sourcecountry": "India"}`
	}
	tests := []struct {
		name     string
		body     string
		titles   []string // titles of the articles read, in order
		repaired int
		dropped  map[string]int
		text     bool // a *textAnswer
		err      bool // a decoding error (malformed)
	}{
		{name: "articles", body: with(good("one"), good("two")), titles: []string{"Northwind Robotics one", "Northwind Robotics two"}},
		{name: "fields missing", body: `{"articles":[{"url":"https://a.example/1","title":"A","seendate":"20260220T063400Z"},{"url":"https://b.example/2"}]}`, titles: []string{"A", ""}},
		{name: "empty object", body: "{}\n"},
		{name: "empty body", body: "  \n"},
		{name: "byte order mark", body: "\xef\xbb\xbf{\"articles\":[]}"},
		{name: "plain-text rejection", body: "Invalid query specified.\n", text: true},
		{name: "the rate-limit text under HTTP 200", body: "Please limit requests to one every 5 seconds or contact someone@example.org for larger queries.\n", text: true},
		{name: "an HTML page", body: "<!DOCTYPE html>\n<html><head><title>Service unavailable</title></head><body>Try later</body></html>", err: true},
		{name: "truncated JSON", body: `{"articles":[{"url":"https://a.exa`, err: true},
		{name: "truncated after a bad escape", body: with(good("one"), bad(`Acme\'s`))[:200], err: true},
		{name: "wrong shape", body: `{"articles":{"url":1}}`, err: true},
		{name: "garbage before the first article", body: `{"articles":[ 17, {"url":"https://a.example/\q"}]}`, err: true},
		{
			name: `\' is the apostrophe it stands for`, body: with(good("one"), bad(`Acme\'s pipeline, Acme\’s too`), good("two")),
			titles: []string{"Northwind Robotics one", "Acme's pipeline, Acme\\’s too", "Northwind Robotics two"}, repaired: 1,
		},
		{
			name: `\x and a lone backslash stay literal`, body: with(bad(`AC\DC \x41 and \u12 end`), good("two")),
			titles: []string{`AC\DC \x41 and \u12 end`, "Northwind Robotics two"}, repaired: 1,
		},
		{
			name: "raw control characters become spaces", body: with(good("one"), bad("Acme\tlaunches\nnew\x01line")),
			titles: []string{"Northwind Robotics one", "Acme launches new line"}, repaired: 1,
		},
		{
			name: "a backslash before the closing quote loses that article only", body: with(good("one"), bad(`Acme at C:\`), good("two")),
			titles: []string{"Northwind Robotics one", "Northwind Robotics two"}, dropped: map[string]int{dropUndecodable: 1},
		},
		{
			name: "an unescaped quote loses that article only", body: with(good("one"), bad(`Acme says "hello" to \'world\'`), good("two")),
			titles: []string{"Northwind Robotics one", "Northwind Robotics two"}, dropped: map[string]int{dropUndecodable: 1},
		},
		{
			name: "a damaged url loses that article", body: with(`{"url": "https://www.example.com/a\qb","title": "Acme"}`, good("two")),
			titles: []string{"Northwind Robotics two"}, dropped: map[string]int{dropBadURL: 1},
		},
		{
			name: "a value of the wrong type next to a bad escape", body: with(`{"url": 7,"title": "Acme\'s"}`, good("two"), bad(`x\y`)),
			titles: []string{"Northwind Robotics two", `x\y`}, repaired: 1, dropped: map[string]int{dropUndecodable: 1},
		},
		{
			name: "every article bad", body: with(bad(`a\`), bad(`b"c`)),
			dropped: map[string]int{dropUndecodable: 2},
		},
		{
			name: "a trailing comma in the array", body: `{"articles":[{"url":"https://a.example/1","title":"A\'s"},{"url":"https://a.example/2","title":"B"},]}`,
			titles: []string{"A's", "B"}, repaired: 1,
		},
		{
			name: "keys in another order", body: with(`{"title": "Acme\'s day","url": "https://a.example/1"}`, `{"seendate": "20260217T063400Z","url": "https://a.example/2","title": "B"}`),
			titles: []string{"Acme's day", "B"}, repaired: 1,
		},
	}
	for _, tt := range tests {
		got, err := parseBody([]byte(tt.body))
		var text *textAnswer
		isText := errors.As(err, &text)
		var titles []string
		for _, a := range got.articles {
			titles = append(titles, a.Title)
		}
		if isText != tt.text || (err != nil && !isText) != tt.err {
			t.Errorf("%s: err %v; want text %v, decode error %v", tt.name, err, tt.text, tt.err)
			continue
		}
		if !slices.Equal(titles, tt.titles) || got.repaired != tt.repaired || !maps.Equal(got.dropped, tt.dropped) {
			t.Errorf("%s: titles %q, repaired %d, dropped %v\nwant %q, repaired %d, dropped %v", tt.name, titles, got.repaired, got.dropped,
				tt.titles, tt.repaired, tt.dropped)
		}
	}
}

func TestRepairStrings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		changed  bool
	}{
		{`{"a":"ok \" \\ \/ \b\f\n\r\t \u00e9"}`, `{"a":"ok \" \\ \/ \b\f\n\r\t \u00e9"}`, false},
		{`{"a":"Acme\'s"}`, `{"a":"Acme's"}`, true},
		{`{"a":"\x27"}`, `{"a":"\\x27"}`, true},
		{`{"a":"\u00g1"}`, `{"a":"\\u00g1"}`, true},
		{"{\"a\":\"tab\there\"}", `{"a":"tab here"}`, true},
		{"{\"a\":\"\\\x01\"}", `{"a":"\\ "}`, true},
		{`{"a\'":1, 'b': "x"}`, `{"a'":1, 'b': "x"}`, true}, // outside strings nothing is touched
		{`{"a":"end\`, `{"a":"end\\`, true},
	}
	for _, tt := range tests {
		got, changed := repairStrings([]byte(tt.in))
		if string(got) != tt.want || changed != tt.changed {
			t.Errorf("repairStrings(%q) = %q, %v; want %q, %v", tt.in, got, changed, tt.want, tt.changed)
		}
	}
}

func TestCleanTitle(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Northwind Robotics lands $40M", "Northwind Robotics lands $40M"},
		{"Harbour port , fish ; boats ,", "Harbour port, fish; boats,"},
		{"AT&amp;T picks Acme&#39;s robots", "AT&T picks Acme's robots"},
		{"Acme’s “new” line\u00a0 – and more", "Acme’s “new” line – and more"},
		{"R&D at Acme", "R&D at Acme"},
		{"  spaced\n\ttitle  ", "spaced title"},
		{"1,000 robots; 2 sites", "1,000 robots; 2 sites"},
	}
	for _, tt := range tests {
		if got := cleanTitle(tt.in); got != tt.want {
			t.Errorf("cleanTitle(%q) = %q, want %q", tt.in, got, tt.want)
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
// article: nothing may panic; an error gives nothing; an answer a strict
// decoder reads is read exactly so, with nothing repaired or dropped; and
// every kept item must be a well-formed document about the company within
// the window.
func FuzzBody(f *testing.F) {
	f.Add([]byte(`{"articles":[{"url":"https://www.geekwire.com/x","url_mobile":"","title":"Northwind Robotics lands $40M","seendate":"20260217T063400Z","socialimage":"","domain":"geekwire.com","language":"English","sourcecountry":"United States"}]}`))
	f.Add([]byte(`{"articles": [ {"url": "https://a.example/1","title": "Northwind Robotics\'s CFO"}, {"url": "https://a.example/2","title": "Northwind Robotics at C:\"}, {"url": "https://a.example/3","title": "Northwind Robotics"} ] }`))
	to := time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)
	q := bundle.Query{Company: bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"}, From: to.AddDate(0, 0, -30), To: to}
	m := newsitem.NewMatcher(q.Company)
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := parseBody(data)
		if err != nil && (got.articles != nil || got.dropped != nil || got.repaired != 0) {
			t.Fatalf("a result with an error: %v", err)
		}
		var strict struct {
			Articles []article `json:"articles"`
		}
		if json.Unmarshal(bytes.TrimSpace(data), &strict) == nil && len(bytes.TrimSpace(data)) > 0 && bytes.TrimSpace(data)[0] == '{' {
			if err != nil || got.repaired != 0 || got.dropped != nil || !slices.Equal(got.articles, strict.Articles) {
				t.Fatalf("a valid answer was not read as is: %+v, %v", got, err)
			}
		}
		for reason, n := range got.dropped {
			if n <= 0 || (reason != dropUndecodable && reason != dropBadURL) {
				t.Fatalf("dropped %d for %q", n, reason)
			}
		}
		for _, a := range got.articles {
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
