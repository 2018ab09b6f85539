package newsitem_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
	"github.com/intel402/intel402/services/company-intel/internal/sources/exa"
	"github.com/intel402/intel402/services/company-intel/internal/sources/gdelt"
	"github.com/intel402/intel402/services/company-intel/internal/sources/googlenews"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// mentions are headlines that name (or do not name) Acme Robotics, Inc.
// (alias RoboAcme, domain acme-robotics.com) in the spellings real
// headlines use; each story's body does not name it, so the headline
// alone decides.
var mentions = []struct {
	headline string
	want     bool
}{
	{"Acme Robotics raises $20 million Series B", true},
	{"Acme Robotics’s Series B raises $20 million", true},
	{"Acme Robotics's Series B raises $20 million", true},
	{"Acme Robotics’ Series B raises $20 million", true},
	{"ACME ROBOTICS INC. RAISES $20 MILLION SERIES B", true},
	{"Acme-Robotics raises $20 million Series B", true},
	{"AcmeRobotics raises $20 million Series B", true},
	{"Ácme Robotics raises $20 million Series B", true},
	{"RoboAcme raises $20 million Series B", true},
	{"RoboAcme’s Series B raises $20 million", true},
	{"Acme raises $20 million Series B", false},
	{"Acme Roboticsville raises $20 million Series B", false},
	{"Acmes Robotics raises $20 million Series B", false},
}

// TestOneMentionRule feeds the same headlines through every entry point
// that decides whether a text mentions the company — the three news
// sources over their fakes and the signal detector — and checks that all
// of them keep exactly the headlines companyname's Matcher keeps.
func TestOneMentionRule(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	co := bundle.Company{Name: "Acme Robotics, Inc.", Aliases: []string{"RoboAcme"}, Domain: "acme-robotics.com"}
	q := bundle.Query{Company: co, From: now.AddDate(0, 0, -30), To: now}
	m := newsitem.NewMatcher(co)
	var want []string
	for _, c := range mentions {
		if got := m.Mentions(c.headline); got != c.want {
			t.Fatalf("Matcher.Mentions(%q) = %v, want %v", c.headline, got, c.want)
		}
		if c.want {
			want = append(want, c.headline)
		}
	}
	slices.Sort(want)

	const body = "The round was led by Index Ventures, the start-up said."
	var gn []sourcetest.GoogleNewsItem
	var gd []sourcetest.GDELTArticle
	var ex []sourcetest.ExaResult
	for i, c := range mentions {
		at := now.Add(-time.Duration(i+1) * time.Hour)
		u := fmt.Sprintf("https://news.example/acme-robotics-%d", i)
		gn = append(gn, sourcetest.GoogleNewsItem{Headline: c.headline, Publisher: "News Example", SiteURL: "https://news.example",
			URL: u, Published: at, DirectLink: true, Body: "Acme Robotics " + body})
		gd = append(gd, sourcetest.GDELTArticle{URL: u, Title: c.headline, Seen: at, Text: "Acme Robotics " + body})
		ex = append(ex, sourcetest.ExaResult{URL: u, Title: c.headline, Published: at, Text: body})
	}
	fast := upstream.Config{Timeout: 5 * time.Second, RatePerSecond: 1000, Burst: 10}
	clock := func() time.Time { return now }

	gnSrv := sourcetest.NewGoogleNews(t, gn...)
	g, err := googlenews.New(googlenews.Config{BaseURL: gnSrv.URL + sourcetest.GoogleNewsPath, Upstream: fast, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	gdSrv := sourcetest.NewGDELT(t, gd...)
	d, err := gdelt.New(gdelt.Config{BaseURL: gdSrv.URL + sourcetest.GDELTPath, Upstream: fast, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	exSrv := sourcetest.NewExa(t, "k", ex...)
	x, err := exa.New(exa.Config{APIKey: "k", BaseURL: exSrv.URL, Upstream: fast, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []interface {
		Name() string
		Gather(context.Context, bundle.Query) (bundle.Result, error)
	}{g, d, x} {
		res, err := s.Gather(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		var got []string
		for _, it := range res.Items {
			got = append(got, it.Doc.Title)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s keeps %q,\nwant %q", s.Name(), got, want)
		}
	}

	// The signal detector reads each headline as a news item of its own.
	for i, c := range mentions {
		it := bundle.Item{Kind: bundle.KindNews, Provider: "gdelt", Doc: source.NewDocument(source.Document{
			URL: fmt.Sprintf("https://news.example/acme-robotics-%d", i), Title: c.headline, Excerpt: body,
			Publisher: "news.example", Published: now.Add(-time.Hour), RetrievedAt: now})}
		r := signals.Detect(signals.Input{Company: co, Window: q, Items: []bundle.Item{it}, Now: now})
		if got := len(r.Signals) == 1; got != c.want {
			t.Errorf("signals.Detect(%q): %d signals, want a signal %v", c.headline, len(r.Signals), c.want)
		}
	}
}
