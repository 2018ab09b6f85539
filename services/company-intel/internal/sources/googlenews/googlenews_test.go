package googlenews_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
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

// worldNews is the world's Google News fake, dated by now.
func worldNews(t *testing.T) *sourcetest.Server {
	t.Helper()
	return sourcetest.StartWorld(t, now).GoogleNews()
}

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

// TestGatherMapsEveryField reads the world's items.
func TestGatherMapsEveryField(t *testing.T) {
	t.Parallel()
	res, err := newSource(t, worldNews(t), 5*time.Second).Gather(context.Background(), northwind)
	sourcetest.CheckSearch(t, res, err, "googlenews", now, wantWorld)
}

// TestGatherMapsOddShapes reads the shapes the world lacks.
func TestGatherMapsOddShapes(t *testing.T) {
	t.Parallel()
	res, err := newSource(t, sourcetest.NewGoogleNews(t, oddStories(now)...), 5*time.Second).Gather(context.Background(), northwind)
	sourcetest.CheckSearch(t, res, err, "googlenews", now, wantNorthwind)
}

// wantWorld is what the world's stories give for Northwind Robotics: a
// release whose anchor links the release itself, a wire story through
// Google's redirect, a trade interview; the story that names it only in its
// body and the one older than the window are dropped.
var wantWorld = []sourcetest.WantItem{
	{
		URL:   "https://www.businesswire.com/news/home/20260217005321/en/Northwind-Robotics-Names-Dana-Whitfield-Chief-Financial-Officer",
		Title: "Northwind Robotics Names Dana Whitfield Chief Financial Officer", Publisher: "Business Wire",
		Published: time.Date(2026, 2, 17, 13, 30, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityFirstParty, Kind: bundle.KindPress,
	},
	{
		URL:   source.Normalize(sourcetest.GoogleRedirect("https://www.reuters.com/technology/northwind-robotics-signs-five-year-deal-with-contoso-logistics-2026-02-10/")),
		Title: "Northwind Robotics signs five-year deal to automate Contoso Logistics warehouses", Publisher: "Reuters",
		Published: time.Date(2026, 2, 10, 9, 12, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityWire, Kind: bundle.KindNews,
	},
	{
		URL:   source.Normalize(sourcetest.GoogleRedirect("https://www.robotics247.com/article/northwind_robotics_ceo_grippers")),
		Title: "Northwind Robotics CEO on why warehouse robots need better grippers", Publisher: "Robotics 24/7",
		Published: time.Date(2026, 2, 5, 16, 5, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityAggregator, Kind: bundle.KindNews,
	},
}

// wantNorthwind is what oddStories gives for Northwind Robotics,
// newest first.
var wantNorthwind = []sourcetest.WantItem{
	{
		URL:   source.Normalize(sourcetest.GoogleRedirect("https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/")),
		Title: "Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet", Publisher: "TechCrunch",
		Published: time.Date(2026, 2, 17, 14, 5, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	},
	{
		// A straight possessive and a " - " inside the headline: only the
		// publisher's suffix is cut.
		URL:   source.Normalize(sourcetest.GoogleRedirect("https://www.theverge.com/2026/2/14/northwind-robotics-pickers-grasping")),
		Title: "How Northwind Robotics' pickers learned to grasp - and what's next", Publisher: "The Verge",
		Published: time.Date(2026, 2, 14, 17, 0, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	},
	{
		// The anchor links to the release itself: its URL, without the
		// tracking parameters.
		URL:   "https://www.businesswire.com/news/home/20260210005123/en/Northwind-Robotics-Names-Dana-Whitfield-Chief-Financial-Officer",
		Title: "Northwind Robotics Names Dana Whitfield Chief Financial Officer", Publisher: "Business Wire",
		Published: time.Date(2026, 2, 10, 13, 30, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityFirstParty, Kind: bundle.KindPress,
	},
	{
		// The title's HTML entities (&amp;#39; &amp;quot; &amp;amp; in
		// the XML) are decoded.
		URL:   source.Normalize(sourcetest.GoogleRedirect("https://www.forbes.com/sites/northwind-robotics-cfo-robots-as-a-service/")),
		Title: `Northwind Robotics's CFO on "robots as a service" & margins`, Publisher: "Forbes",
		Published: time.Date(2026, 2, 7, 8, 0, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	},
	{
		URL:   source.Normalize(sourcetest.GoogleRedirect("https://www.dcvelocity.com/articles/northwind-robotics-atlas-contoso-ohio")),
		Title: "Northwind Robotics’ “Atlas” picker heads to Contoso’s Ohio sites", Publisher: "DC Velocity",
		Published: time.Date(2026, 2, 5, 12, 20, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityAggregator, Kind: bundle.KindNews,
	},
	{
		URL:   source.Normalize(sourcetest.GoogleRedirect("https://www.reuters.com/technology/northwind-robotics-partners-with-contoso-logistics-2026-01-31/")),
		Title: "Northwind Robotics partners with Contoso Logistics on autonomous picking", Publisher: "Reuters",
		Excerpt:   "The agreement covers 40 distribution centres across North America, the companies said.",
		Published: time.Date(2026, 1, 31, 9, 12, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityWire, Kind: bundle.KindNews,
	},
	{
		// The 2020 cluster form: the article id carries the URL in clear.
		URL:   "https://www.bizjournals.com/pittsburgh/news/2026/01/28/northwind-robotics-test-warehouse.html",
		Title: "Northwind Robotics opens Pittsburgh test warehouse", Publisher: "Pittsburgh Business Times",
		Published: time.Date(2026, 1, 28, 7, 0, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	},
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
	stories := oddStories(now)
	tests := []struct {
		name      string
		company   bundle.Company
		from      time.Time
		wantTitle []string
	}{
		{
			name:    "body-only mention, related-headline-only mention, story before From and old story are dropped",
			company: northwind.Company, from: northwind.From,
			wantTitle: []string{
				"Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet",
				"How Northwind Robotics' pickers learned to grasp - and what's next",
				"Northwind Robotics Names Dana Whitfield Chief Financial Officer",
				`Northwind Robotics's CFO on "robots as a service" & margins`,
				"Northwind Robotics’ “Atlas” picker heads to Contoso’s Ohio sites",
				"Northwind Robotics partners with Contoso Logistics on autonomous picking",
				"Northwind Robotics opens Pittsburgh test warehouse",
			},
		},
		{
			name: "a narrower window", company: northwind.Company, from: now.AddDate(0, 0, -7),
			wantTitle: []string{
				"Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet",
				"How Northwind Robotics' pickers learned to grasp - and what's next",
			},
		},
		{
			// Google returns four stories naming Contoso: a title with
			// "Contoso’s" (curly possessive) and one with "Contoso
			// Logistics" are about it; a cluster that names it only in a
			// related headline and a story that names it only in its body
			// are not.
			name: "curly possessive kept, related-headline and body mentions dropped", company: bundle.Company{Name: "Contoso"}, from: northwind.From,
			wantTitle: []string{
				"Northwind Robotics’ “Atlas” picker heads to Contoso’s Ohio sites",
				"Northwind Robotics partners with Contoso Logistics on autonomous picking",
			},
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
			srv := worldNews(t)
			tt.Inject(srv, sourcetest.GoogleNewsPath)
			start := time.Now()
			res, err := newSource(t, srv, tt.Timeout).Gather(context.Background(), northwind)
			tt.Check(t, srv, sourcetest.GoogleNewsPath, "googlenews", sourcetest.Outcome{Err: err, Items: len(res.Items), Answered: res.Usage.Searches, Took: time.Since(start)}, len(wantWorld))
		})
	}
}

func TestHTMLPageInsteadOfTheFeedIsMalformed(t *testing.T) {
	t.Parallel()
	srv := worldNews(t)
	srv.Fail(sourcetest.GoogleNewsPath, sourcetest.FaultHTMLPage)
	res, err := newSource(t, srv, 5*time.Second).Gather(context.Background(), northwind)
	var e *upstream.Error
	if !errors.As(err, &e) || e.Kind != upstream.KindMalformed || e.Status != 200 {
		t.Fatalf("err = %v, want malformed with HTTP 200", err)
	}
	if len(res.Items) != 0 || res.Usage.Searches != 1 || srv.Calls() != 1 {
		t.Errorf("items %d, usage %+v, calls %d; want none, one search answered, one call", len(res.Items), res.Usage, srv.Calls())
	}
}

// TestFeedShape checks that the fake serves Google's bytes: the preamble,
// the title suffix, the escaped description markup, the GMT pubDate, the
// opaque guid and <source url>.
func TestFeedShape(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewGoogleNews(t, oddStories(now)...)
	resp, err := http.Get(srv.URL + sourcetest.GoogleNewsPath + "?q=%22Northwind+Robotics%22&hl=en-US&gl=US&ceid=US:en")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	feed := string(b)
	for _, want := range []string{
		`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><generator>NFE/5.0</generator><title>""Northwind Robotics"" - Google News</title>`,
		`<title>How Northwind Robotics' pickers learned to grasp - and what's next - The Verge</title>`,
		`<title>Northwind Robotics&amp;#39;s CFO on &amp;quot;robots as a service&amp;quot; &amp;amp; margins - Forbes</title>`,
		`<guid isPermaLink="false">CBMi`,
		`<pubDate>Tue, 17 Feb 2026 14:05:00 GMT</pubDate>`,
		`<description>&lt;a href="https://news.google.com/rss/articles/CBMi`,
		`" target="_blank"&gt;Northwind Robotics’ “Atlas” picker heads to Contoso’s Ohio sites&lt;/a&gt;&amp;nbsp;&amp;nbsp;&lt;font color="#6f6f6f"&gt;DC Velocity&lt;/font&gt;</description><source url="https://www.dcvelocity.com">DC Velocity</source></item>`,
		`<description>&lt;ol&gt;&lt;li&gt;&lt;a href=&quot;https://news.google.com/__i/rss/rd/articles/CBMi`,
		`View Full Coverage on Google News&lt;/a&gt;&lt;/strong&gt;&lt;/li&gt;&lt;/ol&gt;</description>`,
	} {
		if !strings.Contains(feed, want) {
			t.Errorf("feed lacks %s", want)
		}
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/rss+xml") {
		t.Errorf("Content-Type = %q", ct)
	}
}

// oddStories are the shapes of real feeds the world's stories lack, about
// the world's Northwind Robotics and Acme Analytics, relative to now (the
// request time), from wire, trade and press-release publishers:
// possessives with straight and curly apostrophes, curly quotes, a
// headline that itself contains " - ", one whose title carries HTML
// entities, and a 2020-form story cluster whose link carries the article's
// URL. Plus stories the source must drop: one that mentions Northwind
// Robotics only in its body, a cluster that names it only in a related
// headline, one published hours before a 30-day window opens, one older
// than 30 days.
func oddStories(now time.Time) []sourcetest.GoogleNewsItem {
	day := func(d int, hh, mm int) time.Time {
		t := now.UTC().AddDate(0, 0, -d)
		return time.Date(t.Year(), t.Month(), t.Day(), hh, mm, 0, 0, time.UTC)
	}
	return []sourcetest.GoogleNewsItem{
		{
			Headline:  "Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet",
			Publisher: "TechCrunch", SiteURL: "https://techcrunch.com",
			URL:       "https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/",
			Published: day(3, 14, 5),
		},
		{
			Headline:  "Northwind Robotics Names Dana Whitfield Chief Financial Officer",
			Publisher: "Business Wire", SiteURL: "https://www.businesswire.com",
			URL:        "https://www.businesswire.com/news/home/20260210005123/en/Northwind-Robotics-Names-Dana-Whitfield-Chief-Financial-Officer?utm_source=rss&utm_medium=feed",
			Published:  day(10, 13, 30),
			DirectLink: true,
		},
		{
			Headline:  "Northwind Robotics partners with Contoso Logistics on autonomous picking",
			Publisher: "Reuters", SiteURL: "https://www.reuters.com",
			URL:       "https://www.reuters.com/technology/northwind-robotics-partners-with-contoso-logistics-2026-01-31/",
			Published: day(20, 9, 12),
			Snippet:   "The agreement covers 40 distribution centres across North America, the companies said.",
		},
		{
			Headline:  "How Northwind Robotics' pickers learned to grasp - and what's next",
			Publisher: "The Verge", SiteURL: "https://www.theverge.com",
			URL:       "https://www.theverge.com/2026/2/14/northwind-robotics-pickers-grasping",
			Published: day(6, 17, 0),
		},
		{
			Headline:  `Northwind Robotics's CFO on "robots as a service" & margins`,
			Publisher: "Forbes", SiteURL: "https://www.forbes.com",
			URL:           "https://www.forbes.com/sites/northwind-robotics-cfo-robots-as-a-service/",
			Published:     day(13, 8, 0),
			TitleEntities: true,
		},
		{
			Headline:  "Northwind Robotics’ “Atlas” picker heads to Contoso’s Ohio sites",
			Publisher: "DC Velocity", SiteURL: "https://www.dcvelocity.com",
			URL:       "https://www.dcvelocity.com/articles/northwind-robotics-atlas-contoso-ohio",
			Published: day(15, 12, 20),
		},
		{
			Headline:  "Northwind Robotics opens Pittsburgh test warehouse",
			Publisher: "Pittsburgh Business Times", SiteURL: "https://www.bizjournals.com",
			URL:       "https://www.bizjournals.com/pittsburgh/news/2026/01/28/northwind-robotics-test-warehouse.html",
			Published: day(23, 7, 0),
			Legacy:    true,
			Related: []sourcetest.GoogleNewsItem{{
				Headline: "Robot maker opens test warehouse in the Strip District", Publisher: "TribLive",
				SiteURL: "https://triblive.com", URL: "https://triblive.com/business/robot-maker-test-warehouse/",
			}},
		},
		{
			Headline:  "Warehouse robots face their first real labour test",
			Publisher: "Financial Times", SiteURL: "https://www.ft.com",
			URL:       "https://www.ft.com/content/warehouse-robots-labour-test",
			Published: day(4, 6, 0),
			Related: []sourcetest.GoogleNewsItem{{
				Headline: "Northwind Robotics pickers join Contoso night shifts", Publisher: "Reuters",
				SiteURL: "https://www.reuters.com", URL: "https://www.reuters.com/business/northwind-robotics-night-shifts/",
			}},
		},
		{
			Headline:  "Acme Analytics launches real-time churn forecasting for subscription retailers",
			Publisher: "VentureBeat", SiteURL: "https://venturebeat.com",
			URL:       "https://venturebeat.com/ai/acme-analytics-launches-real-time-churn-forecasting/",
			Published: day(5, 16, 0),
		},
		{
			Headline:  "Warehouse robot makers brace for higher component tariffs",
			Publisher: "Supply Chain Dive", SiteURL: "https://www.supplychaindive.com",
			URL:       "https://www.supplychaindive.com/news/warehouse-robot-makers-component-tariffs/",
			Published: day(7, 11, 45),
			Body:      "Vendors including Northwind Robotics and Contoso Automation expect costs to rise.",
		},
		{
			Headline:  "Northwind Robotics CEO on why picking robots need better grippers",
			Publisher: "Robotics 24/7", SiteURL: "https://www.robotics247.com",
			URL:       "https://www.robotics247.com/article/northwind_robotics_ceo_grippers",
			Published: now.UTC().AddDate(0, 0, -30).Add(-6 * time.Hour),
		},
		{
			Headline:  "Northwind Robotics opens Austin engineering hub",
			Publisher: "GeekWire", SiteURL: "https://www.geekwire.com",
			URL:       "https://www.geekwire.com/2025/northwind-robotics-austin-engineering-hub/",
			Published: day(60, 15, 20),
		},
	}
}
