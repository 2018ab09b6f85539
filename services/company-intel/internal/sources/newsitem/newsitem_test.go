package newsitem_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

func TestQueryName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		c    bundle.Company
		want string
	}{
		{"legal suffix and comma", bundle.Company{Name: "Northwind Robotics, Inc."}, "Northwind Robotics"},
		{"plain name", bundle.Company{Name: "Acme Analytics"}, "Acme Analytics"},
		{"leading The kept", bundle.Company{Name: "The Trade Desk, Inc."}, "The Trade Desk"},
		{"dotted legal form", bundle.Company{Name: "Philips N.V."}, "Philips"},
		{"extra spaces", bundle.Company{Name: "  Acme   Analytics  LLC "}, "Acme Analytics"},
		{"no name: first usable alias", bundle.Company{Aliases: []string{"", "Northwind"}}, "Northwind"},
		{"a one-letter name is not searchable", bundle.Company{Name: "X", Aliases: []string{"X Corp"}}, ""},
		{"nothing", bundle.Company{Domain: "acme.com"}, ""},
	}
	for _, tt := range tests {
		if got := newsitem.QueryName(tt.c); got != tt.want {
			t.Errorf("%s: QueryName = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestMentions(t *testing.T) {
	t.Parallel()
	northwind := bundle.Company{Name: "Northwind Robotics, Inc.", Domain: "northwind-robotics.com", Aliases: []string{"NWR Robotics"}, Ticker: "NWR"}
	tests := []struct {
		name string
		c    bundle.Company
		text string
		want bool
	}{
		{"exact name", northwind, "Northwind Robotics raises $40M", true},
		{"case and punctuation", northwind, "Why NORTHWIND-ROBOTICS' pickers matter", true},
		{"legal form in the text", northwind, "Northwind Robotics Inc. names CFO", true},
		{"written as one word", northwind, "#NorthwindRobotics at ProMat", true},
		{"alias", northwind, "NWR Robotics expands", true},
		{"domain", northwind, "details at northwind-robotics.com/press", true},
		{"ticker alone is not a mention", northwind, "NWR shares rose 4%", false},
		{"name inside a longer word", northwind, "Northwind Roboticsville council meets", false},
		{"only part of the name", northwind, "Northwind Traders opens store", false},
		{"accents folded", bundle.Company{Name: "Société Générale S.A."}, "Societe Generale reports earnings", true},
		{"ampersand", bundle.Company{Name: "Johnson & Johnson"}, "Johnson and Johnson recalls", true},
		{"short name not inside words", bundle.Company{Name: "Acme"}, "Acmeville fair opens", false},
		{"short name as a word", bundle.Company{Name: "Acme"}, "Acme buys a rival", true},
		{"one-letter name never matches", bundle.Company{Name: "X"}, "X launches a feature", false},
		{"empty company", bundle.Company{}, "anything at all", false},
	}
	for _, tt := range tests {
		if got := newsitem.NewMatcher(tt.c).Mentions(tt.text); got != tt.want {
			t.Errorf("%s: Mentions(%q) = %v, want %v", tt.name, tt.text, got, tt.want)
		}
	}
	if !newsitem.NewMatcher(northwind).Mentions("unrelated", "", "Northwind Robotics") {
		t.Error("a mention in a later text was missed")
	}
}

func TestInWindow(t *testing.T) {
	t.Parallel()
	q := bundle.Query{From: time.Date(2026, 1, 21, 12, 0, 0, 0, time.UTC), To: time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)}
	tests := []struct {
		name string
		t    time.Time
		p    source.Precision
		want bool
	}{
		{"undated", time.Time{}, source.PrecisionNone, true},
		{"instant inside", time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), source.PrecisionTime, true},
		{"instant at From", q.From, source.PrecisionTime, true},
		{"instant at To", q.To, source.PrecisionTime, true},
		{"instant before From on the same day", time.Date(2026, 1, 21, 11, 59, 0, 0, time.UTC), source.PrecisionTime, false},
		{"instant after To", q.To.Add(time.Second), source.PrecisionTime, false},
		{"day of From", time.Date(2026, 1, 21, 0, 0, 0, 0, time.UTC), source.PrecisionDay, true},
		{"day before From", time.Date(2026, 1, 20, 0, 0, 0, 0, time.UTC), source.PrecisionDay, false},
		{"day of To", time.Date(2026, 2, 20, 0, 0, 0, 0, time.UTC), source.PrecisionDay, true},
		{"day after To", time.Date(2026, 2, 21, 0, 0, 0, 0, time.UTC), source.PrecisionDay, false},
	}
	for _, tt := range tests {
		if got := newsitem.InWindow(q, tt.t, tt.p); got != tt.want {
			t.Errorf("%s: InWindow(%v, %q) = %v, want %v", tt.name, tt.t, tt.p, got, tt.want)
		}
	}
}

func TestItemKind(t *testing.T) {
	t.Parallel()
	for a, want := range map[source.Authority]bundle.Kind{
		source.AuthorityFirstParty: bundle.KindPress, source.AuthorityWire: bundle.KindNews,
		source.AuthorityTrade: bundle.KindNews, source.AuthorityAggregator: bundle.KindNews, source.AuthorityRegulatory: bundle.KindNews,
	} {
		it := newsitem.Item("gdelt", source.Document{URL: "https://x.example/", Authority: a})
		if it.Kind != want || it.Provider != "gdelt" {
			t.Errorf("%s: %+v, want kind %s", a, it, want)
		}
	}
}

func TestFinish(t *testing.T) {
	t.Parallel()
	day := func(d int) time.Time { return time.Date(2026, 2, d, 10, 0, 0, 0, time.UTC) }
	item := func(u string, published time.Time, title string) bundle.Item {
		return bundle.Item{Doc: source.Document{URL: u, Published: published, Title: title}}
	}
	got := newsitem.Finish([]bundle.Item{
		item("https://b.example/", day(3), "b"),
		item("https://undated.example/", time.Time{}, "undated"),
		item("https://a.example/", day(3), "a"),
		item("https://c.example/", day(9), "c"),
		item("https://b.example/", day(9), "b again"),
	})
	var order []string
	for _, it := range got {
		order = append(order, it.Doc.Title)
	}
	if fmt.Sprint(order) != "[c a b undated]" {
		t.Errorf("order = %v, want newest first, URL order on ties, undated last, the repeated URL dropped", order)
	}
	if newsitem.Finish(nil) == nil {
		t.Error("Finish(nil) = nil, want an empty slice")
	}
}

func TestHostAndPublisher(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"https://WWW.Reuters.com./x": "www.reuters.com", "http://a.example:8080/": "a.example",
		"ftp://a.example/": "", "/relative": "", "": "", "javascript:alert(1)": "",
	} {
		if got := newsitem.Host(in); got != want {
			t.Errorf("Host(%q) = %q, want %q", in, got, want)
		}
	}
	if got := newsitem.Publisher("www.TechCrunch.com"); got != "techcrunch.com" {
		t.Errorf("Publisher = %q", got)
	}
}

func TestAnswered(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  error
		want bool
	}{
		{nil, true},
		{&upstream.Error{Kind: upstream.KindRejected, Status: 401}, true},
		{fmt.Errorf("wrapped: %w", &upstream.Error{Kind: upstream.KindMalformed, Status: 200}), true},
		{&upstream.Error{Kind: upstream.KindBudget}, false},
		{&upstream.Error{Kind: upstream.KindTimeout}, false},
		{errors.New("other"), false},
	}
	for _, tt := range tests {
		if got := newsitem.Answered(tt.err); got != tt.want {
			t.Errorf("Answered(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}
