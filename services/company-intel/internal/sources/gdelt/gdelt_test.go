package gdelt_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/gdelt"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

var now = time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)

var northwind = bundle.Query{Company: sourcetest.NorthwindRobotics, From: now.AddDate(0, 0, -30), To: now}

// fastSource lifts GDELT's 5-second spacing so tests can query at once.
func fastSource(t *testing.T, srv *sourcetest.Server, timeout time.Duration) *gdelt.Source {
	t.Helper()
	s, err := gdelt.New(gdelt.Config{
		BaseURL:  srv.URL + sourcetest.GDELTPath,
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
	srv := sourcetest.NewGDELT(t, sourcetest.GDELTArticles(now)...)
	res, err := fastSource(t, srv, 5*time.Second).Gather(context.Background(), northwind)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.CheckItems(t, res.Items, "gdelt", now, []sourcetest.WantItem{
		{
			URL: "https://www.geekwire.com/2026/northwind-robotics-series-b-warehouse-robots/", Title: "Northwind Robotics lands $40M Series B as warehouse automation demand grows",
			Publisher: "geekwire.com", Published: time.Date(2026, 2, 17, 6, 34, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
		},
		{
			URL: "https://www.prnewswire.com/news-releases/northwind-robotics-opens-european-headquarters-in-rotterdam-302345678.html", Title: "Northwind Robotics Opens European Headquarters in Rotterdam",
			Publisher: "prnewswire.com", Published: time.Date(2026, 2, 8, 14, 0, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityFirstParty, Kind: bundle.KindPress,
		},
		{
			URL: "https://www.therobotreport.com/northwind-robotics-contoso-logistics-picking-deal/", Title: "Contoso Logistics to deploy Northwind Robotics pickers at 40 sites",
			Publisher: "therobotreport.com", Published: time.Date(2026, 1, 30, 18, 15, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
		},
	})
	if res.Usage != (bundle.Usage{Searches: 1}) {
		t.Errorf("usage = %+v, want one free search", res.Usage)
	}
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
	}{
		{name: "title mention only: a text-only mention and a German article are dropped", fixture: sourcetest.GDELTFixture{Articles: sourcetest.GDELTArticles(now)}, company: northwind.Company, wantTitles: 3},
		{name: "another company", fixture: sourcetest.GDELTFixture{Articles: sourcetest.GDELTArticles(now)}, company: sourcetest.AcmeAnalytics, wantTitles: 1},
		{name: "no match: GDELT answers {}", fixture: sourcetest.GDELTFixture{Articles: sourcetest.GDELTArticles(now)}, company: bundle.Company{Name: "Zephyr Labs"}},
		{
			name:    "a rejected query: plain text with HTTP 200",
			fixture: sourcetest.GDELTFixture{ErrorText: "Your search contained a keyword that was too short. Please note that the minimum keyword length is 3 characters."},
			company: northwind.Company, wantKind: upstream.KindRejected,
		},
		{
			name:    "asked to slow down in plain text",
			fixture: sourcetest.GDELTFixture{ErrorText: "Please limit requests to one every 5 seconds or contact kalev.leetaru5@gmail.com for larger queries."},
			company: northwind.Company, wantKind: upstream.KindRateLimited,
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
			if err != nil && (!errors.As(err, &e) || e.Status != 200 || e.Upstream != "gdelt") {
				t.Errorf("error = %#v, want gdelt's HTTP 200", e)
			}
			if len(res.Items) != tt.wantTitles || res.Usage.Searches != 1 {
				t.Errorf("items = %d, usage %+v; want %d items and one search", len(res.Items), res.Usage, tt.wantTitles)
			}
		})
	}
}

func TestBusyProcessIsRateLimited(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewGDELT(t, sourcetest.GDELTArticles(now)...)
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
			srv := sourcetest.NewGDELT(t, sourcetest.GDELTArticles(now)...)
			tt.Inject(srv, sourcetest.GDELTPath)
			start := time.Now()
			res, err := fastSource(t, srv, tt.Timeout).Gather(context.Background(), northwind)
			tt.Check(t, srv, sourcetest.GDELTPath, "gdelt", sourcetest.Outcome{Err: err, Items: len(res.Items), Answered: res.Usage.Searches, Took: time.Since(start)}, 3)
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
