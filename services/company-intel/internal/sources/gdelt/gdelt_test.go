package gdelt_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/gdelt"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
	"github.com/intel402/intel402/services/company-intel/internal/upstream/upstreamtest"
)

var now = time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)

var northwind = bundle.Query{Company: sourcetest.NorthwindRobotics, From: now.AddDate(0, 0, -30), To: now}

// worldGDELT is the world's GDELT fake, dated by now.
func worldGDELT(t *testing.T) *sourcetest.Server {
	t.Helper()
	return sourcetest.StartWorld(t, now).GDELT()
}

// fastSource lifts GDELT's 5-second spacing so tests can query at once.
func fastSource(t *testing.T, srv *sourcetest.Server, timeout time.Duration) *gdelt.Source {
	t.Helper()
	return newSource(t, srv, upstream.Config{Timeout: timeout, RatePerSecond: 1000, Burst: 10})
}

func newSource(t *testing.T, srv *sourcetest.Server, uc upstream.Config) *gdelt.Source {
	t.Helper()
	s, err := gdelt.New(gdelt.Config{BaseURL: srv.URL + sourcetest.GDELTPath, Upstream: uc, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGatherMapsEveryField reads the world's items.
func TestGatherMapsEveryField(t *testing.T) {
	t.Parallel()
	res, err := fastSource(t, worldGDELT(t), 5*time.Second).Gather(context.Background(), northwind)
	sourcetest.CheckSearch(t, res, err, "gdelt", now, wantWorld)
}

// TestGatherMapsOddShapes reads the shapes the world lacks.
func TestGatherMapsOddShapes(t *testing.T) {
	t.Parallel()
	res, err := fastSource(t, sourcetest.NewGDELT(t, oddArticles(now)...), 5*time.Second).Gather(context.Background(), northwind)
	sourcetest.CheckSearch(t, res, err, "gdelt", now, wantNorthwind)
}

// wantWorld is what the world's articles give for Northwind Robotics: a
// wire story and a trade story (GDELT sees each 17 minutes after it is
// published); the article that names it only in its text and the one
// older than the window are dropped.
var wantWorld = []sourcetest.WantItem{
	{
		URL: "https://www.reuters.com/technology/northwind-robotics-signs-five-year-deal-with-contoso-logistics-2026-02-10/", Title: "Northwind Robotics signs five-year deal to automate Contoso Logistics warehouses",
		Publisher: "reuters.com", Published: time.Date(2026, 2, 10, 9, 29, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityWire, Kind: bundle.KindNews,
	},
	{
		URL: "https://www.therobotreport.com/northwind-robotics-unveils-atlas-2-cold-storage-amr/", Title: "Northwind Robotics unveils Atlas 2, a pallet-moving robot built for freezer aisles",
		Publisher: "therobotreport.com", Published: time.Date(2026, 2, 3, 14, 57, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	},
}

// wantNorthwind is what oddArticles gives for Northwind Robotics, newest
// first: the possessive with a curly apostrophe is a mention, and GDELT's
// spaced commas and semicolons are closed up.
var wantNorthwind = []sourcetest.WantItem{
	{
		URL: "https://www.geekwire.com/2026/northwind-robotics-series-b-warehouse-robots/", Title: "Northwind Robotics lands $40M Series B as warehouse automation demand grows",
		Publisher: "geekwire.com", Published: time.Date(2026, 2, 17, 6, 34, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	},
	{
		URL: "https://www.roboticsbusinessreview.com/manufacturing/northwind-robotics-gripper-speed/", Title: "Northwind Robotics’ new gripper doubles picking speed",
		Publisher: "roboticsbusinessreview.com", Published: time.Date(2026, 2, 11, 15, 45, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityAggregator, Kind: bundle.KindNews,
	},
	{
		URL: "https://www.prnewswire.com/news-releases/northwind-robotics-opens-european-headquarters-in-rotterdam-302345678.html", Title: "Northwind Robotics Opens European Headquarters in Rotterdam",
		Publisher: "prnewswire.com", Published: time.Date(2026, 2, 8, 14, 0, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityFirstParty, Kind: bundle.KindPress,
	},
	{
		URL: "https://www.logisticsinsider.in/northwind-robotics-pune-warehouse-pilot/", Title: "Northwind Robotics, Contoso pilot pickers in Pune; more sites planned",
		Publisher: "logisticsinsider.in", Published: time.Date(2026, 2, 4, 10, 30, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityAggregator, Kind: bundle.KindNews,
	},
	{
		URL: "https://www.therobotreport.com/northwind-robotics-contoso-logistics-picking-deal/", Title: "Contoso Logistics to deploy Northwind Robotics pickers at 40 sites",
		Publisher: "therobotreport.com", Published: time.Date(2026, 1, 30, 18, 15, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	},
}

func TestQueryParameters(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		from      time.Time
		wantStart string
	}{
		{"window inside GDELT's horizon", time.Date(2026, 1, 21, 12, 30, 15, 0, time.UTC), "20260121123015"},
		{"a longer window is clipped to 90 days", now.AddDate(-1, 0, 0), "20251122120000"},
		{"no start", time.Time{}, "20251122120000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewGDELT(t)
			q := northwind
			q.From = tt.from
			if _, err := fastSource(t, srv, 5*time.Second).Gather(context.Background(), q); err != nil {
				t.Fatal(err)
			}
			got := srv.Requests()[0].URL.Query()
			want := map[string]string{
				"query": `"Northwind Robotics" sourcelang:english`, "mode": "artlist", "format": "json", "maxrecords": "75",
				"sort": "DateDesc", "startdatetime": tt.wantStart, "enddatetime": "20260220120000",
			}
			for k, v := range want {
				if got.Get(k) != v {
					t.Errorf("%s = %q, want %q", k, got.Get(k), v)
				}
			}
		})
	}
}

func TestAnswers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		fixture    sourcetest.GDELTFixture
		company    bundle.Company
		wantTitles int
		wantKind   upstream.Kind
		wantStatus int // of the error
		wantCalls  int
	}{
		{name: "title mention only: a text-only mention and a German article are dropped", fixture: sourcetest.GDELTFixture{Articles: oddArticles(now)}, company: northwind.Company, wantTitles: 5, wantCalls: 1},
		{name: "another company", fixture: sourcetest.GDELTFixture{Articles: oddArticles(now)}, company: sourcetest.AcmeAnalytics, wantTitles: 1, wantCalls: 1},
		{name: "no match: GDELT answers {}", fixture: sourcetest.GDELTFixture{Articles: oddArticles(now)}, company: bundle.Company{Name: "Zephyr Labs"}, wantCalls: 1},
		{
			name:    "a rejected query: plain text with HTTP 200",
			fixture: sourcetest.GDELTFixture{ErrorText: "Your search contained a keyword that was too short. Please note that the minimum keyword length is 3 characters."},
			company: northwind.Company, wantKind: upstream.KindRejected, wantStatus: 200, wantCalls: 1,
		},
		{
			name:    "asked to slow down in plain text with HTTP 200",
			fixture: sourcetest.GDELTFixture{ErrorText: sourcetest.GDELTRateLimitText},
			company: northwind.Company, wantKind: upstream.KindRateLimited, wantStatus: 200, wantCalls: 1,
		},
		{
			// GDELT's rate limit today: 429, the same text, no
			// Retry-After; the client's retries back off and give up.
			name:    "rate limited: HTTP 429 with plain text",
			fixture: sourcetest.GDELTFixture{Articles: oddArticles(now), RateLimited: true},
			company: northwind.Company, wantKind: upstream.KindRateLimited, wantStatus: 429, wantCalls: 3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.ServeGDELT(t, tt.fixture)
			res, err := fastSource(t, srv, 5*time.Second).Gather(context.Background(), bundle.Query{Company: tt.company, From: northwind.From, To: now})
			if got := upstream.KindOf(err); got != tt.wantKind {
				t.Fatalf("err = %v, want kind %q", err, tt.wantKind)
			}
			var e *upstream.Error
			if err != nil && (!errors.As(err, &e) || e.Status != tt.wantStatus || e.Upstream != "gdelt") {
				t.Errorf("error = %#v, want gdelt's HTTP %d", e, tt.wantStatus)
			}
			if len(res.Items) != tt.wantTitles || res.Usage.Searches != 1 || srv.Calls() != tt.wantCalls {
				t.Errorf("items = %d, usage %+v, calls %d; want %d items, one search, %d calls", len(res.Items), res.Usage, srv.Calls(), tt.wantTitles, tt.wantCalls)
			}
		})
	}
}

// TestBadEscapeLosesOnlyThatArticle serves, over HTTP, one answer that
// mixes oddArticles with an article whose title carries \' (repaired)
// and one whose title ends in a lone backslash (unreadable): every other
// article is kept, the repaired one too, and the metric counts one drop.
func TestBadEscapeLosesOnlyThatArticle(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewGDELT(t, append(oddArticles(now), badEscapeArticles(now)...)...)
	reader := sdkmetric.NewManualReader()
	var logs bytes.Buffer
	s := newSource(t, srv, upstream.Config{
		Timeout: 5 * time.Second, RatePerSecond: 1000, Burst: 10,
		MeterProvider: sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)),
		Logger:        slog.New(slog.NewTextHandler(&logs, nil)),
	})
	res, err := s.Gather(context.Background(), northwind)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Insert(slices.Clone(wantNorthwind), 1, sourcetest.WantItem{
		URL: "https://www.mmh.com/article/northwind_robotics_cfo_interview", Title: "Northwind Robotics's CFO on scaling a robot fleet",
		Publisher: "mmh.com", Published: time.Date(2026, 2, 16, 8, 15, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityAggregator, Kind: bundle.KindNews,
	})
	sourcetest.CheckItems(t, res.Items, "gdelt", now, want)
	if got := upstreamtest.Dropped(t, reader); len(got) != 1 || got["gdelt|undecodable"] != 1 {
		t.Errorf("dropped = %v, want gdelt|undecodable = 1", got)
	}
	if l := logs.String(); !strings.Contains(l, "level=WARN") || !strings.Contains(l, "count=1") || strings.Contains(l, "fleet console") {
		t.Errorf("logs = %q, want a warning with the count and without the article", l)
	}
}

// TestEveryBreak serves each of GDELT's invalid-JSON title forms next to
// a good article: the repairable ones keep the article, the others lose
// it alone.
func TestEveryBreak(t *testing.T) {
	t.Parallel()
	good := sourcetest.GDELTArticle{URL: "https://www.geekwire.com/2026/northwind/", Title: "Northwind Robotics hires", Seen: now.Add(-48 * time.Hour)}
	tests := []struct {
		brk       sourcetest.GDELTBreak
		title     string
		wantTitle string // "" when the article is lost
	}{
		{sourcetest.GDELTBackslashApostrophe, "Northwind Robotics' 'fast' pickers", "Northwind Robotics' 'fast' pickers"},
		{sourcetest.GDELTHexEscape, "Northwind Robotics pickers", `Northwind Robotics pickers \x96`},
		{sourcetest.GDELTControlChars, "Northwind Robotics raises a round", "Northwind Robotics raises a round"},
		{sourcetest.GDELTTrailingBackslash, "Northwind Robotics on C:", ""},
		{sourcetest.GDELTUnescapedQuote, `Northwind Robotics' “Atlas” picker`, ""},
		{"", `Northwind Robotics' "Atlas" \ picker`, `Northwind Robotics' "Atlas" \ picker`},
	}
	for _, tt := range tests {
		t.Run(string(tt.brk), func(t *testing.T) {
			t.Parallel()
			bad := sourcetest.GDELTArticle{URL: "https://www.therobotreport.com/northwind-x/", Title: tt.title, Seen: now.Add(-24 * time.Hour), Broken: tt.brk}
			srv := sourcetest.NewGDELT(t, good, bad)
			reader := sdkmetric.NewManualReader()
			s := newSource(t, srv, upstream.Config{Timeout: 5 * time.Second, RatePerSecond: 1000, Burst: 10,
				MeterProvider: sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))})
			res, err := s.Gather(context.Background(), northwind)
			if err != nil {
				t.Fatal(err)
			}
			var titles []string
			for _, it := range res.Items {
				titles = append(titles, it.Doc.Title)
			}
			want := []string{good.Title}
			wantDropped := map[string]int64{"gdelt|undecodable": 1}
			if tt.wantTitle != "" {
				want = []string{tt.wantTitle, good.Title}
				wantDropped = map[string]int64{}
			}
			if !slices.Equal(titles, want) {
				t.Errorf("titles = %q, want %q", titles, want)
			}
			if got := upstreamtest.Dropped(t, reader); !maps.Equal(got, wantDropped) {
				t.Errorf("dropped = %v, want %v", got, wantDropped)
			}
		})
	}
}

func TestHTMLPageInsteadOfJSONIsMalformed(t *testing.T) {
	t.Parallel()
	srv := worldGDELT(t)
	srv.Fail(sourcetest.GDELTPath, sourcetest.FaultHTMLPage)
	res, err := fastSource(t, srv, 5*time.Second).Gather(context.Background(), northwind)
	var e *upstream.Error
	if !errors.As(err, &e) || e.Kind != upstream.KindMalformed || e.Status != 200 {
		t.Fatalf("err = %v, want malformed with HTTP 200", err)
	}
	if len(res.Items) != 0 || res.Usage.Searches != 1 || srv.Calls() != 1 {
		t.Errorf("items %d, usage %+v, calls %d; want none, one search answered, one call", len(res.Items), res.Usage, srv.Calls())
	}
}

func TestBusyProcessIsRateLimited(t *testing.T) {
	t.Parallel()
	srv := worldGDELT(t)
	s, err := gdelt.New(gdelt.Config{BaseURL: srv.URL + sourcetest.GDELTPath, Upstream: upstream.Config{Timeout: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Gather(context.Background(), northwind); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := s.Gather(context.Background(), northwind)
	if upstream.KindOf(err) != upstream.KindRateLimited {
		t.Fatalf("second query within 5 s: err = %v, want rate_limited", err)
	}
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Errorf("the refusal took %s: it must not wait for a slot that cannot come in time", took)
	}
	if srv.Calls() != 1 || res.Usage.Searches != 0 {
		t.Errorf("calls = %d, searches = %d: a refused query is neither sent nor counted", srv.Calls(), res.Usage.Searches)
	}
}

func TestFailures(t *testing.T) {
	t.Parallel()
	for _, tt := range sourcetest.FaultCases(true) {
		t.Run(tt.Name, func(t *testing.T) {
			t.Parallel()
			srv := worldGDELT(t)
			tt.Inject(srv, sourcetest.GDELTPath)
			start := time.Now()
			res, err := fastSource(t, srv, tt.Timeout).Gather(context.Background(), northwind)
			tt.Check(t, srv, sourcetest.GDELTPath, "gdelt", sourcetest.Outcome{Err: err, Items: len(res.Items), Answered: res.Usage.Searches, Took: time.Since(start)}, len(wantWorld))
		})
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	t.Parallel()
	for _, cfg := range []gdelt.Config{{BaseURL: "ftp://example.org/doc"}, {BaseURL: "/relative"}, {MaxRecords: 251}, {MaxRecords: -1}} {
		if _, err := gdelt.New(cfg); err == nil {
			t.Errorf("New(%+v) succeeded", cfg)
		}
	}
}

// oddArticles are the shapes of GDELT's answers the world's articles lack,
// relative to now (the request time), about the world's Northwind Robotics
// and Acme Analytics, written as GDELT
// serves them (a possessive with a curly apostrophe, commas and semicolons
// set apart by GDELT's title extraction, url_mobile and socialimage
// present or ""), plus articles the source must drop: one that mentions
// Northwind Robotics only in its text, one seen hours before a 30-day
// window opens, and one in German (not served for sourcelang:english).
func oddArticles(now time.Time) []sourcetest.GDELTArticle {
	return []sourcetest.GDELTArticle{
		{
			URL:         "https://www.geekwire.com/2026/northwind-robotics-series-b-warehouse-robots/",
			Title:       "Northwind Robotics lands $40M Series B as warehouse automation demand grows",
			Seen:        seenAt(now, 3, 6, 34),
			SocialImage: "https://cdn.geekwire.com/wp-content/uploads/2026/02/northwind-robot.jpg",
		},
		{
			URL:       "https://www.prnewswire.com/news-releases/northwind-robotics-opens-european-headquarters-in-rotterdam-302345678.html",
			MobileURL: "https://m.prnewswire.com/news-releases/northwind-robotics-opens-european-headquarters-in-rotterdam-302345678.html",
			Title:     "Northwind Robotics Opens European Headquarters in Rotterdam",
			Seen:      seenAt(now, 12, 14, 0),
		},
		{
			URL:           "https://www.therobotreport.com/northwind-robotics-contoso-logistics-picking-deal/",
			Title:         "Contoso Logistics to deploy Northwind Robotics pickers at 40 sites",
			Seen:          seenAt(now, 21, 18, 15),
			SourceCountry: "United States",
		},
		{
			URL:         "https://www.roboticsbusinessreview.com/manufacturing/northwind-robotics-gripper-speed/",
			MobileURL:   "https://www.roboticsbusinessreview.com/manufacturing/northwind-robotics-gripper-speed/amp/",
			Title:       "Northwind Robotics’ new gripper doubles picking speed",
			Seen:        seenAt(now, 9, 15, 45),
			SocialImage: "https://www.roboticsbusinessreview.com/wp-content/uploads/og-default.png",
		},
		{
			URL:           "https://www.logisticsinsider.in/northwind-robotics-pune-warehouse-pilot/",
			Title:         "Northwind Robotics , Contoso pilot pickers in Pune ; more sites planned",
			Seen:          seenAt(now, 16, 10, 30),
			Domain:        "logisticsinsider.in",
			SourceCountry: "India",
		},
		{
			URL:   "https://www.zdnet.com/article/acme-analytics-churn-forecasting/",
			Title: "Acme Analytics adds real-time churn forecasting",
			Seen:  seenAt(now, 5, 9, 30),
		},
		{
			URL:   "https://www.supplychaindive.com/news/warehouse-automation-funding-roundup/",
			Title: "Warehouse automation startups raised $1.2B last quarter",
			Seen:  seenAt(now, 8, 12, 0),
			Text:  "Northwind Robotics led the quarter with a $40 million round.",
		},
		{
			URL:   "https://www.logisticsmgmt.com/article/northwind_robotics_pilot",
			Title: "Northwind Robotics pilots autonomous carts with regional grocer",
			Seen:  now.UTC().AddDate(0, 0, -30).Add(-6 * time.Hour),
		},
		{
			URL:           "https://www.handelsblatt.com/technik/northwind-robotics-lagerroboter/",
			Title:         "Northwind Robotics will Lagerroboter nach Deutschland bringen",
			Seen:          seenAt(now, 6, 7, 45),
			Language:      "German",
			SourceCountry: "Germany",
		},
	}
}

// badEscapeArticles are articles about Northwind Robotics, seen days
// before now, whose titles GDELT writes as invalid JSON: one a careful
// decoder repairs (sourcetest.GDELTBackslashApostrophe: "Northwind Robotics\'s …",
// read as "Northwind Robotics's …") and one it cannot read
// (sourcetest.GDELTTrailingBackslash), which is lost. Serve them with oddArticles
// to have one answer mix good and bad articles.
func badEscapeArticles(now time.Time) []sourcetest.GDELTArticle {
	return []sourcetest.GDELTArticle{
		{
			URL:    "https://www.mmh.com/article/northwind_robotics_cfo_interview",
			Title:  "Northwind Robotics's CFO on scaling a robot fleet",
			Seen:   seenAt(now, 4, 8, 15),
			Broken: sourcetest.GDELTBackslashApostrophe,
		},
		{
			URL:    "https://www.dcvelocity.com/articles/northwind-robotics-windows-fleet-console",
			Title:  "Northwind Robotics ships fleet console for C:",
			Seen:   seenAt(now, 7, 13, 50),
			Broken: sourcetest.GDELTTrailingBackslash,
		},
	}
}

// seenAt is hh:mm UTC on the calendar day d days before now.
func seenAt(now time.Time, d, hh, mm int) time.Time {
	t := now.UTC().AddDate(0, 0, -d)
	return time.Date(t.Year(), t.Month(), t.Day(), hh, mm, 0, 0, time.UTC)
}
