package exa_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/exa"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

var now = time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)

var northwind = bundle.Query{Company: sourcetest.NorthwindRobotics, From: now.AddDate(0, 0, -30), To: now}

// worldExa is the world's Exa fake, dated by now; it accepts ExaKey.
func worldExa(t *testing.T) *sourcetest.Server {
	t.Helper()
	return sourcetest.StartWorld(t, now).Exa()
}

// TestGatherWorld reads the world's news about Northwind Robotics in Exa's
// index: one trade story with its author and a highlight; the stories
// outside the window are not searched.
func TestGatherWorld(t *testing.T) {
	t.Parallel()
	s, _ := newSource(t, worldExa(t), sourcetest.ExaKey, nil)
	res, err := s.Gather(context.Background(), northwind)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.CheckItems(t, res.Items, "exa", now, []sourcetest.WantItem{{
		URL: "https://www.therobotreport.com/northwind-robotics-unveils-atlas-2-cold-storage-amr/", Title: "Northwind Robotics unveils Atlas 2, a pallet-moving robot built for freezer aisles",
		Publisher: "therobotreport.com", Excerpt: "Northwind Robotics has unveiled Atlas 2, the second generation of its autonomous pallet mover, with a heated sensor mast and batteries rated for -25 °C so that grocers can run one fleet across ambient and frozen storage.",
		Published: time.Date(2026, 2, 3, 14, 40, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
	}})
	if res.Usage.Searches != 1 || res.Usage.Contents != 0 {
		t.Errorf("usage = %+v, want one search", res.Usage)
	}
}

// bodies records the JSON bodies sent upstream, by path.
type bodies struct {
	mu  sync.Mutex
	got map[string][]map[string]any
}

func (b *bodies) RoundTrip(r *http.Request) (*http.Response, error) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	var v map[string]any
	_ = json.Unmarshal(raw, &v)
	b.mu.Lock()
	if b.got == nil {
		b.got = map[string][]map[string]any{}
	}
	b.got[r.URL.Path] = append(b.got[r.URL.Path], v)
	b.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

func (b *bodies) to(path string) []map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.got[path]
}

func newSource(t *testing.T, srv *sourcetest.Server, key string, edit func(*exa.Config)) (*exa.Source, *bodies) {
	t.Helper()
	rec := &bodies{}
	cfg := exa.Config{
		APIKey:   key,
		BaseURL:  srv.URL,
		Upstream: upstream.Config{Timeout: 5 * time.Second, Transport: rec},
		Now:      func() time.Time { return now },
	}
	if edit != nil {
		edit(&cfg)
	}
	s, err := exa.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, rec
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestNewWithoutKey(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"", "  "} {
		if s, err := exa.New(exa.Config{APIKey: key}); !errors.Is(err, exa.ErrNoAPIKey) || s != nil {
			t.Errorf("New(key %q) = %v, %v; want nil, ErrNoAPIKey", key, s, err)
		}
	}
	if _, err := exa.New(exa.Config{APIKey: "k", BaseURL: "api.exa.ai"}); err == nil {
		t.Error("a base URL without scheme was accepted")
	}
}

func TestGatherMapsEveryField(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
	s, rec := newSource(t, srv, sourcetest.ExaKey, nil)
	res, err := s.Gather(context.Background(), northwind)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.CheckItems(t, res.Items, "exa", now, []sourcetest.WantItem{
		{
			URL: "https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/", Title: "Northwind Robotics raises $40M Series B to expand its warehouse robot fleet",
			Publisher: "techcrunch.com", Excerpt: "Northwind Robotics has raised $40 million in a Series B round led by Bayview Ventures. … The company plans to double its engineering team.",
			Published: time.Date(2026, 2, 17, 14, 5, 0, 0, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
		},
		{
			// Entities decoded, the curly possessive kept, the site's name
			// cut; publishedDate with milliseconds.
			URL: "https://www.therobotreport.com/northwind-robotics-soft-gripper-team/", Title: `Northwind Robotics’ gripper team on "soft" picking & what's next`,
			Publisher: "therobotreport.com", Excerpt: "The gripper team at Northwind Robotics explains why soft fingers matter.",
			Published: time.Date(2026, 2, 12, 10, 45, 12, 345e6, time.UTC), Precision: source.PrecisionTime, Authority: source.AuthorityTrade, Kind: bundle.KindNews,
		},
		{
			URL: "https://northwind-robotics.com/newsroom/northwind-robotics-opens-rotterdam-office", Title: "Northwind Robotics opens European headquarters in Rotterdam",
			Publisher: "northwind-robotics.com", Excerpt: "ROTTERDAM — Northwind Robotics today opened its European headquarters, its first office outside North America.",
			Published: time.Date(2026, 2, 8, 0, 0, 0, 0, time.UTC), Precision: source.PrecisionDay, Authority: source.AuthorityFirstParty, Kind: bundle.KindPress,
		},
	})
	if res.Usage.Searches != 1 || res.Usage.Contents != 0 || !near(res.Usage.CostUSD, 0.007) {
		t.Errorf("usage = %+v, want one search costing the reported $0.007", res.Usage)
	}
	sent := rec.to(sourcetest.ExaSearchPath)
	if len(sent) != 1 {
		t.Fatalf("search bodies = %d", len(sent))
	}
	got, _ := json.Marshal(sent[0])
	const wantBody = `{"category":"news","contents":{"highlights":{"numSentences":2},"text":{"maxCharacters":1200}},"endPublishedDate":"2026-02-20T12:00:00.000Z","numResults":10,"query":"Northwind Robotics news","startPublishedDate":"2026-01-21T12:00:00.000Z","type":"auto"}`
	if string(got) != wantBody {
		t.Errorf("search body = %s\nwant %s", got, wantBody)
	}
	if k := srv.Requests()[0].Header.Get("x-api-key"); k != sourcetest.ExaKey {
		t.Errorf("x-api-key = %q", k)
	}
}

func TestAnotherCompanyAndNoResults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		company bundle.Company
		titles  []string
	}{
		{"another company; a null title", sourcetest.AcmeAnalytics, []string{"Acme Analytics launches real-time churn forecasting", ""}},
		{"nothing about the company", bundle.Company{Name: "Zephyr Labs", Domain: "zephyrlabs.ai"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
			s, _ := newSource(t, srv, sourcetest.ExaKey, nil)
			res, err := s.Gather(context.Background(), bundle.Query{Company: tt.company, From: northwind.From, To: now})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range res.Items {
				got = append(got, it.Doc.Title)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.titles) {
				t.Errorf("titles = %q, want %q", got, tt.titles)
			}
		})
	}
}

func TestBadKeyIsRejectedAndNeverLogged(t *testing.T) {
	t.Parallel()
	const wrong = "exa-wrong-key-abcdef"
	srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
	var logs bytes.Buffer
	s, _ := newSource(t, srv, wrong, func(c *exa.Config) {
		c.Upstream.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	res, err := s.Gather(context.Background(), northwind)
	var e *upstream.Error
	if !errors.As(err, &e) || e.Kind != upstream.KindRejected || e.Status != http.StatusUnauthorized {
		t.Fatalf("err = %v, want rejected with HTTP 401", err)
	}
	if strings.Contains(err.Error(), wrong) || strings.Contains(logs.String(), wrong) {
		t.Errorf("the key leaked: err %q, logs %q", err, logs.String())
	}
	if logs.Len() == 0 {
		t.Error("no debug log was written: the leak check proves nothing")
	}
	if len(res.Items) != 0 || res.Usage.Searches != 1 || res.Usage.CostUSD != 0 {
		t.Errorf("result = %+v, want no items, one search answered, nothing spent", res)
	}
	if srv.Calls() != 1 {
		t.Errorf("calls = %d: a 401 must not be retried", srv.Calls())
	}
}

func TestCostFallsBackToUnitPrices(t *testing.T) {
	t.Parallel()
	srv := sourcetest.ServeExa(t, sourcetest.ExaFixture{APIKey: sourcetest.ExaKey, Results: oddResults(now), OmitCost: true})
	s, _ := newSource(t, srv, sourcetest.ExaKey, func(c *exa.Config) { c.SearchPriceUSD, c.ContentsPriceUSD = 0.01, 0.002 })
	res, err := s.Gather(context.Background(), northwind)
	if err != nil || !near(res.Usage.CostUSD, 0.01) {
		t.Errorf("search: cost %v, err %v; want the configured $0.01", res.Usage.CostUSD, err)
	}
	_, usage, err := s.Contents(context.Background(), []string{"https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/", "https://acme-analytics.com/"})
	if err != nil || usage.Contents != 2 || !near(usage.CostUSD, 0.004) {
		t.Errorf("contents: usage %+v, err %v; want 2 pages at the configured $0.002", usage, err)
	}
}

type refuse struct{ asked []float64 }

func (r *refuse) Reserve(_ context.Context, usd float64) error {
	r.asked = append(r.asked, usd)
	return errors.New("daily budget exhausted")
}

func TestCostGuardRefusesBeforeCalling(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
	s, _ := newSource(t, srv, sourcetest.ExaKey, nil)
	guard := &refuse{}
	ctx := upstream.WithSpender(context.Background(), guard)
	res, err := s.Gather(ctx, northwind)
	if upstream.KindOf(err) != upstream.KindBudget {
		t.Fatalf("search: err = %v, want budget", err)
	}
	if _, _, err := s.CompanySearch(ctx, "Northwind Robotics"); upstream.KindOf(err) != upstream.KindBudget {
		t.Fatalf("company search: err = %v, want budget", err)
	}
	pages, usage, err := s.Contents(ctx, []string{"https://a.example/1", "https://a.example/2", "https://a.example/3"})
	if upstream.KindOf(err) != upstream.KindBudget || len(pages) != 0 || usage != (bundle.Usage{}) {
		t.Fatalf("contents: %d pages, usage %+v, err %v; want budget and nothing", len(pages), usage, err)
	}
	if srv.Calls() != 0 || res.Usage != (bundle.Usage{}) {
		t.Errorf("calls = %d, usage %+v: a refused call reaches nobody and costs nothing", srv.Calls(), res.Usage)
	}
	if fmt.Sprint(guard.asked) != "[0.007 0.007 0.003]" {
		t.Errorf("reserved %v, want the search price twice and 3 pages of contents", guard.asked)
	}
}

func TestCompanySearch(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
	s, rec := newSource(t, srv, sourcetest.ExaKey, nil)
	companies, usage, err := s.CompanySearch(context.Background(), "Northwind Robotics")
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ name, domain, url, title string }
	var got []row
	for _, c := range companies {
		got = append(got, row{c.Name, c.Domain, c.URL, c.Title})
		ev := c.Evidence
		if ev.Kind != bundle.KindPage || ev.Provider != "exa" || ev.Doc.URL != c.URL || ev.Doc.Authority != source.AuthorityFirstParty || ev.Doc.Excerpt != c.Description || c.Description == "" {
			t.Errorf("%s: evidence = %+v", c.Name, ev)
		}
	}
	want := []row{
		{"Northwind Robotics", "northwind-robotics.com", "https://northwind-robotics.com/", "Northwind Robotics | Autonomous picking robots for warehouses"},
		{"Northwind Traders", "northwind-traders.com", "https://www.northwind-traders.com/", "Home - Northwind Traders"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("companies = %+v\nwant %+v", got, want)
	}
	if usage.Searches != 1 || !near(usage.CostUSD, 0.007) {
		t.Errorf("usage = %+v", usage)
	}
	body := rec.to(sourcetest.ExaSearchPath)[0]
	_, hasStart := body["startPublishedDate"]
	_, hasEnd := body["endPublishedDate"]
	if body["category"] != "company" || body["query"] != "Northwind Robotics" || hasStart || hasEnd {
		t.Errorf("company search body = %v: want category company and no date filters", body)
	}
}

func TestContents(t *testing.T) {
	t.Parallel()
	const tc = "https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/"
	srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
	s, rec := newSource(t, srv, sourcetest.ExaKey, func(c *exa.Config) { c.ContentsMaxChars = 60 })
	pages, usage, err := s.Contents(context.Background(), []string{tc, "https://gone.example/story", tc, " "})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 {
		t.Fatalf("pages = %+v, want the one Exa could fetch", pages)
	}
	p := pages[0]
	if p.URL != tc || p.Title == "" || p.Author != "Kirsten Ward" || p.Precision != source.PrecisionTime ||
		!p.Published.Equal(time.Date(2026, 2, 17, 14, 5, 0, 0, time.UTC)) || len([]rune(p.Text)) != 60 {
		t.Errorf("page = %+v", p)
	}
	if usage.Contents != 1 || usage.Searches != 0 || !near(usage.CostUSD, 0.001) {
		t.Errorf("usage = %+v, want one page at the reported $0.001", usage)
	}
	body, _ := json.Marshal(rec.to(sourcetest.ExaContentsPath)[0])
	if want := `{"text":{"maxCharacters":60},"urls":["` + tc + `","https://gone.example/story"]}`; string(body) != want {
		t.Errorf("contents body = %s\nwant %s", body, want)
	}
}

func TestContentsSplitsLongLists(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
	s, rec := newSource(t, srv, sourcetest.ExaKey, nil)
	var urls []string
	for i := range 150 {
		urls = append(urls, fmt.Sprintf("https://northwind-robotics.com/news/%d", i))
	}
	if _, _, err := s.Contents(context.Background(), urls); err != nil {
		t.Fatal(err)
	}
	sent := rec.to(sourcetest.ExaContentsPath)
	if len(sent) != 2 || len(sent[0]["urls"].([]any)) != exa.MaxContentsURLs || len(sent[1]["urls"].([]any)) != 50 {
		t.Errorf("sent %d calls, want 100 + 50 URLs", len(sent))
	}
}

func TestFailures(t *testing.T) {
	t.Parallel()
	for _, tt := range sourcetest.FaultCases(false) {
		t.Run(tt.Name, func(t *testing.T) {
			t.Parallel()
			srv := worldExa(t)
			tt.Inject(srv, sourcetest.ExaSearchPath)
			s, _ := newSource(t, srv, sourcetest.ExaKey, func(c *exa.Config) { c.Upstream.Timeout = tt.Timeout })
			start := time.Now()
			res, err := s.Gather(context.Background(), northwind)
			tt.Check(t, srv, sourcetest.ExaSearchPath, "exa", sourcetest.Outcome{Err: err, Items: len(res.Items), Answered: res.Usage.Searches, Took: time.Since(start)}, 1)
			if err != nil && res.Usage.CostUSD != 0 {
				t.Errorf("a failed search cost %v", res.Usage.CostUSD)
			}
		})
	}
}

func TestHTMLPageInsteadOfJSONIsMalformed(t *testing.T) {
	t.Parallel()
	srv := worldExa(t)
	srv.Fail(sourcetest.ExaSearchPath, sourcetest.FaultHTMLPage)
	s, _ := newSource(t, srv, sourcetest.ExaKey, nil)
	res, err := s.Gather(context.Background(), northwind)
	var e *upstream.Error
	if !errors.As(err, &e) || e.Kind != upstream.KindMalformed || e.Status != http.StatusOK {
		t.Fatalf("err = %v, want malformed with HTTP 200", err)
	}
	if len(res.Items) != 0 || res.Usage.Searches != 1 || res.Usage.CostUSD != 0 || srv.Calls() != 1 {
		t.Errorf("result %+v, calls %d; want no items, one search answered, nothing spent, one call", res, srv.Calls())
	}
}

// TestAnswerShape checks that the fake answers /search as Exa does.
func TestAnswerShape(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewExa(t, sourcetest.ExaKey, oddResults(now)...)
	req, _ := http.NewRequest(http.MethodPost, srv.URL+sourcetest.ExaSearchPath,
		strings.NewReader(`{"query":"Acme Analytics news","type":"auto","category":"news","contents":{"text":true,"highlights":{"numSentences":1}}}`))
	req.Header.Set("x-api-key", sourcetest.ExaKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if id, _ := out["requestId"].(string); len(id) != 32 || out["resolvedSearchType"] != "auto" {
		t.Errorf("requestId %v, resolvedSearchType %v", out["requestId"], out["resolvedSearchType"])
	}
	if st, ok := out["searchTime"].(float64); !ok || st <= 0 {
		t.Errorf("searchTime = %v", out["searchTime"])
	}
	cost, _ := out["costDollars"].(map[string]any)
	search, _ := cost["search"].(map[string]any)
	if cost["total"] != 0.007 || search["neural"] != 0.007 {
		t.Errorf("costDollars = %v", out["costDollars"])
	}
	results, _ := out["results"].([]any)
	var nullTitle bool
	for _, r := range results {
		m := r.(map[string]any)
		for _, k := range []string{"id", "url", "title", "publishedDate", "author", "text", "highlights", "highlightScores"} {
			if _, ok := m[k]; !ok {
				t.Errorf("result %v lacks %s", m["url"], k)
			}
		}
		if m["title"] == nil && m["author"] == nil {
			nullTitle = true
		}
		if d, ok := m["publishedDate"].(string); ok {
			if _, err := time.Parse("2006-01-02T15:04:05.000Z", d); err != nil {
				t.Errorf("publishedDate = %q, want ISO 8601 with milliseconds in UTC", d)
			}
		}
	}
	if len(results) != 2 || !nullTitle {
		t.Errorf("results = %v, want two, one with null title and author", results)
	}
}

// oddResults are the shapes of Exa's results the world's lack, relative to
// now (the request time), about the world's Northwind Robotics and Acme
// Analytics, as Exa gives them (page
// titles ending in the site's name, HTML entities, a curly possessive,
// publishedDate with milliseconds or null, author null), their company
// pages, and results the source must drop: a semantically related page
// that never names Northwind Robotics, and a page dated before a 30-day
// window.
func oddResults(now time.Time) []sourcetest.ExaResult {
	day := func(d int) time.Time { return now.UTC().AddDate(0, 0, -d) }
	return []sourcetest.ExaResult{
		{
			URL:       "https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/",
			Title:     "Northwind Robotics raises $40M Series B to expand its warehouse robot fleet | TechCrunch",
			Published: time.Date(day(3).Year(), day(3).Month(), day(3).Day(), 14, 5, 0, 0, time.UTC),
			Author:    "Kirsten Ward", Score: 0.31,
			Text: "Northwind Robotics, which makes autonomous picking robots for warehouses, has raised $40 million in a Series B round led by Bayview Ventures. " +
				"The company plans to double its engineering team and expand to Europe.",
			Highlights: []string{"Northwind Robotics has raised $40 million in a Series B round led by Bayview Ventures.", "The company plans to double its engineering team."},
			Favicon:    "https://techcrunch.com/wp-content/uploads/2015/02/cropped-cropped-favicon-gradient.png?w=32",
		},
		{
			URL:        "https://www.therobotreport.com/northwind-robotics-soft-gripper-team/",
			Title:      "Northwind Robotics’ gripper team on &quot;soft&quot; picking &amp; what&#39;s next - The Robot Report",
			Published:  time.Date(day(8).Year(), day(8).Month(), day(8).Day(), 10, 45, 12, 345e6, time.UTC),
			Score:      0.27,
			Text:       "The gripper team at Northwind Robotics explains why soft fingers matter for mixed-SKU picking.",
			Highlights: []string{"The gripper team at Northwind Robotics explains why soft fingers matter."},
		},
		{
			URL:       "https://northwind-robotics.com/newsroom/northwind-robotics-opens-rotterdam-office",
			Title:     "Northwind Robotics opens European headquarters in Rotterdam - Northwind Robotics",
			Published: day(12), DateOnly: true,
			Score: 0.29,
			Text:  "ROTTERDAM — Northwind Robotics today opened its European headquarters, its first office outside North America.",
		},
		{
			URL:       "https://www.fiercebiotech.com/manufacturing/lab-automation-startups-funding",
			Title:     "Lab automation startups draw record funding",
			Published: day(6), DateOnly: true,
			Score: 0.22,
			Text:  "Investors poured money into robotics for laboratories and warehouses this quarter.",
		},
		{
			URL:       "https://www.therobotreport.com/northwind-robotics-gripper-research/",
			Title:     "Northwind Robotics publishes gripper research",
			Published: day(45), DateOnly: true,
			Score: 0.2,
			Text:  "Northwind Robotics researchers describe a new suction gripper.",
		},
		{
			// No title or author: Exa gives null for each.
			URL:       "https://www.retaildive.com/news/subscription-churn-tools-roundup/",
			Published: day(9), DateOnly: true,
			Score: 0.18,
			Text:  "Subscription retailers are trying churn tools from Acme Analytics and others.",
		},
		{
			URL:       "https://venturebeat.com/ai/acme-analytics-launches-real-time-churn-forecasting/",
			Title:     "Acme Analytics launches real-time churn forecasting",
			Published: time.Date(day(5).Year(), day(5).Month(), day(5).Day(), 16, 0, 0, 0, time.UTC),
			Score:     0.3,
			Text:      "Acme Analytics today launched real-time churn forecasting for subscription retailers.",
		},
		{
			URL: "https://northwind-robotics.com/", Title: "Northwind Robotics | Autonomous picking robots for warehouses", Category: "company", Score: 0.5,
			Text: "Northwind Robotics builds autonomous picking robots that work alongside people in warehouses. Founded in 2019, headquartered in Pittsburgh.",
		},
		{
			URL: "https://www.northwind-traders.com/", Title: "Home - Northwind Traders", Category: "company", Score: 0.4,
			Text: "Northwind Traders imports specialty foods from around the world.",
		},
		{
			URL: "https://acme-analytics.com/", Title: "Acme Analytics: Customer analytics for subscription businesses", Category: "company", Score: 0.45,
			Text: "Acme Analytics helps subscription businesses forecast churn.",
		},
	}
}
