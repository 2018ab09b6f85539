package googlenews_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/googlenews"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

var now = time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)

var northwind = bundle.Query{Company: sourcetest.NorthwindRobotics, From: now.AddDate(0, 0, -30), To: now}

func newSource(t *testing.T, srv *sourcetest.Server, timeout time.Duration) *googlenews.Source {
	t.Helper()
	s, err := googlenews.New(googlenews.Config{
		BaseURL:  srv.URL + sourcetest.GoogleNewsPath,
		Upstream: upstream.Config{Timeout: timeout, RatePerSecond: 1000, Burst: 10},
		Now:      func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGatherMapsEveryField(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewGoogleNews(t, sourcetest.GoogleNewsStories(now)...)
	res, err := newSource(t, srv, 5*time.Second).Gather(context.Background(), northwind)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.CheckItems(t, res.Items, "googlenews", now, []sourcetest.WantItem{
		{
			URL:   source.Normalize(sourcetest.GoogleRedirect("https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/")),
			Title: "Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet", Publisher: "TechCrunch",
			Published: time.Date(2026, 2, 17, 14, 5, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
		},
		{
			// The anchor links to the release itself: its URL, without
			// the tracking parameters.
			URL:   "https://www.businesswire.com/news/home/20260210005123/en/Northwind-Robotics-Names-Dana-Whitfield-Chief-Financial-Officer",
			Title: "Northwind Robotics Names Dana Whitfield Chief Financial Officer", Publisher: "Business Wire",
			Published: time.Date(2026, 2, 10, 13, 30, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityFirstParty, Kind: bundle.KindPress,
		},
		{
			URL:   source.Normalize(sourcetest.GoogleRedirect("https://www.reuters.com/technology/northwind-robotics-partners-with-contoso-logistics-2026-01-31/")),
			Title: "Northwind Robotics partners with Contoso Logistics on autonomous picking", Publisher: "Reuters",
			Excerpt:   "The agreement covers 40 distribution centres across North America, the companies said.",
			Published: time.Date(2026, 1, 31, 9, 12, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityWire, Kind: bundle.KindNews,
		},
	})
	if res.Usage != (bundle.Usage{Searches: 1}) {
		t.Errorf("usage = %+v, want one free search", res.Usage)
	}
}

func TestSearchQuery(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewGoogleNews(t)
	q := northwind
	q.From = time.Date(2026, 1, 21, 12, 0, 0, 0, time.UTC)
	if _, err := newSource(t, srv, 5*time.Second).Gather(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	got := srv.Requests()[0].URL.Query()
	want := url.Values{
		"q":  {`"Northwind Robotics" after:2026-01-20 before:2026-02-21`},
		"hl": {"en-US"}, "gl": {"US"}, "ceid": {"US:en"},
	}
	for k, v := range want {
		if got.Get(k) != v[0] {
			t.Errorf("%s = %q, want %q", k, got.Get(k), v[0])
		}
	}
}

func TestRelevanceAndWindow(t *testing.T) {
	t.Parallel()
	stories := sourcetest.GoogleNewsStories(now)
	tests := []struct {
		name      string
		company   bundle.Company
		from      time.Time
		wantTitle []string
	}{
		{
			name: "body-only mention, story before From and old story are dropped", company: northwind.Company, from: northwind.From,
			wantTitle: []string{
				"Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet",
				"Northwind Robotics Names Dana Whitfield Chief Financial Officer",
				"Northwind Robotics partners with Contoso Logistics on autonomous picking",
			},
		},
		{
			name: "a narrower window", company: northwind.Company, from: now.AddDate(0, 0, -7),
			wantTitle: []string{"Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet"},
		},
		{
			name: "another company", company: sourcetest.AcmeAnalytics, from: northwind.From,
			wantTitle: []string{"Acme Analytics launches real-time churn forecasting for subscription retailers"},
		},
		{name: "a company nobody writes about", company: bundle.Company{Name: "Zephyr Labs", Domain: "zephyrlabs.ai"}, from: northwind.From},
		{name: "no name to search for", company: bundle.Company{Domain: "zephyrlabs.ai"}, from: northwind.From},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewGoogleNews(t, stories...)
			res, err := newSource(t, srv, 5*time.Second).Gather(context.Background(), bundle.Query{Company: tt.company, From: tt.from, To: now})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range res.Items {
				got = append(got, it.Doc.Title)
			}
			if len(got) != len(tt.wantTitle) {
				t.Fatalf("titles = %q, want %q", got, tt.wantTitle)
			}
			for i := range got {
				if got[i] != tt.wantTitle[i] {
					t.Fatalf("titles = %q, want %q", got, tt.wantTitle)
				}
			}
		})
	}
}

func TestFailures(t *testing.T) {
	t.Parallel()
	for _, tt := range sourcetest.FaultCases(true) {
		t.Run(tt.Name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewGoogleNews(t, sourcetest.GoogleNewsStories(now)...)
			tt.Inject(srv, sourcetest.GoogleNewsPath)
			start := time.Now()
			res, err := newSource(t, srv, tt.Timeout).Gather(context.Background(), northwind)
			tt.Check(t, srv, sourcetest.GoogleNewsPath, "googlenews", sourcetest.Outcome{Err: err, Items: len(res.Items), Answered: res.Usage.Searches, Took: time.Since(start)}, 3)
		})
	}
}
