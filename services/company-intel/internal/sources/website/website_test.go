package website_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

var fixedNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func ago(days int) time.Time { return fixedNow.AddDate(0, 0, -days) }

func dayOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// query is a 90-day window ending at fixedNow.
func query(name, domain string) bundle.Query {
	return bundle.Query{Company: bundle.Company{Name: name, Domain: domain}, From: ago(90), To: fixedNow}
}

type env struct {
	sites *sourcetest.Sites
	src   *website.Source
}

func newEnv(t *testing.T, cfg website.Config, timeout time.Duration, sites ...sourcetest.Site) env {
	t.Helper()
	s := sourcetest.NewSites(t, sites...)
	cfg.Fetcher = s.Fetcher(t, timeout)
	cfg.HTTPSPort, cfg.HTTPPort = s.HTTPSPort(), s.HTTPPort()
	cfg.Now = func() time.Time { return fixedNow }
	src, err := website.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return env{sites: s, src: src}
}

// row is an item in one comparable line.
type row struct {
	Kind      bundle.Kind
	URL       string
	Title     string
	Publisher string
	Published time.Time
	Precision source.Precision
	Excerpt   string
}

func rows(items []bundle.Item) []row {
	var out []row
	for _, it := range items {
		out = append(out, row{it.Kind, it.Doc.URL, it.Doc.Title, it.Doc.Publisher, it.Doc.Published, it.Doc.Precision, it.Doc.Excerpt})
	}
	return out
}

func checkRows(t *testing.T, got []bundle.Item, want []row) {
	t.Helper()
	g := rows(got)
	if !reflect.DeepEqual(g, want) {
		var b strings.Builder
		for _, r := range g {
			fmt.Fprintf(&b, "  %+v\n", r)
		}
		b.WriteString("want\n")
		for _, r := range want {
			fmt.Fprintf(&b, "  %+v\n", r)
		}
		t.Fatalf("items:\n%s", b.String())
	}
}

// checkFirstParty checks the fields every item of this source has.
func checkFirstParty(t *testing.T, items []bundle.Item) {
	t.Helper()
	for _, it := range items {
		if it.Provider != "website" || it.Doc.Authority != source.AuthorityFirstParty || !it.Doc.RetrievedAt.Equal(fixedNow) {
			t.Errorf("item %s: provider %q, authority %q, retrieved %v", it.Doc.URL, it.Provider, it.Doc.Authority, it.Doc.RetrievedAt)
		}
	}
}

func TestGatherNorthwind(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
	res, err := e.src.Gather(context.Background(), query("Northwind Robotics", "northwind-robotics.com"))
	if err != nil {
		t.Fatal(err)
	}
	origin := e.sites.URL("https", "northwind-robotics.com", "")
	const pub, dom = "Northwind Robotics", "northwind-robotics.com"
	checkRows(t, res.Items, []row{
		{bundle.KindPress, origin + "/newsroom/series-b", "Northwind Robotics raises $48M Series B led by Harbor Ventures", pub,
			ago(3).Truncate(time.Second), source.PrecisionTime,
			"Northwind Robotics today announced a $48 million Series B round led by Harbor Ventures to expand Atlas production."},
		{bundle.KindPress, origin + "/newsroom/atlas-2-general-availability", "Atlas 2 is generally available", pub,
			ago(12), source.PrecisionTime, "Atlas 2 carries 1.5 t pallets at 2 m/s and is available to order today."},
		{bundle.KindPress, origin + "/newsroom/maria-chen-coo", "Northwind Robotics appoints Maria Chen as Chief Operating Officer", pub,
			dayOf(ago(30)), source.PrecisionDay, "Maria Chen joins from Contoso Logistics, where she ran fulfilment operations."},
		{bundle.KindPage, origin + "/", "Northwind Robotics — Autonomous mobile robots for warehouses", dom, time.Time{}, source.PrecisionNone,
			"Northwind Robotics builds autonomous mobile robots that move pallets and totes through warehouses and distribution centres, alongside people."},
		{bundle.KindPage, origin + "/about", "About us | Northwind Robotics", dom, time.Time{}, source.PrecisionNone,
			"Northwind Robotics was founded in 2019 in Pittsburgh, Pennsylvania, by engineers from Carnegie Mellon's Field Robotics Center. " +
				"Its Atlas robots work in more than 40 warehouses in North America and Europe."},
		{bundle.KindPage, origin + "/careers", "Careers | Northwind Robotics", dom, time.Time{}, source.PrecisionNone,
			"Join the team building robots that move the warehouse."},
	})
	checkFirstParty(t, res.Items)
	wantDesc := &bundle.Fact{Value: res.Items[3].Doc.Excerpt, SourceURL: origin + "/"}
	if !reflect.DeepEqual(res.Profile, bundle.Profile{Description: wantDesc}) {
		t.Errorf("profile = %+v, want description %+v", res.Profile, wantDesc)
	}
	if want := []string{"https://boards.greenhouse.io/northwindrobotics"}; !reflect.DeepEqual(res.JobBoards, want) {
		t.Errorf("job boards = %v, want %v", res.JobBoards, want)
	}
	reqs := e.sites.Requests()
	if want := (bundle.Usage{Contents: len(reqs)}); res.Usage != want {
		t.Errorf("usage = %+v, want %+v (one per request the site answered)", res.Usage, want)
	}
	wantReqs := []string{"/robots.txt", "/", "/about", "/careers", "/newsroom", "/newsroom/rss.xml"}
	var paths []string
	for _, r := range reqs {
		if r.Scheme != "https" || r.Host != "northwind-robotics.com" {
			t.Errorf("request %+v: want https on the bare domain", r)
		}
		paths = append(paths, r.Path)
	}
	slices.Sort(paths)
	slices.Sort(wantReqs)
	if !reflect.DeepEqual(paths, wantReqs) {
		t.Errorf("requests = %v, want %v", paths, wantReqs)
	}
	if n := e.sites.Fetched("northwind-robotics.com", "/private/press-preview"); n != 0 {
		t.Errorf("the page robots.txt disallows was fetched %d times", n)
	}
}

func TestGatherAcmeAnalytics(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, sourcetest.AcmeAnalyticsSite(fixedNow))
	res, err := e.src.Gather(context.Background(), query("Acme Analytics", "acme-analytics.com"))
	if err != nil {
		t.Fatal(err)
	}
	origin := e.sites.URL("http", "acme-analytics.com", "")
	const pub, dom = "Acme Analytics", "acme-analytics.com"
	checkRows(t, res.Items, []row{
		{bundle.KindPress, origin + "/blog/forecast-studio-3", "Acme launches Forecast Studio 3", pub, ago(2).Truncate(time.Second),
			source.PrecisionTime, "Forecast Studio 3 brings hourly forecasts to every SKU."},
		{bundle.KindPress, origin + "/press/2026/acme-partners-with-contoso", "Acme partners with Contoso Logistics", pub,
			ago(4).Truncate(time.Second), source.PrecisionTime, "Acme Analytics and Contoso Logistics will forecast demand together."},
		{bundle.KindPress, origin + "/press/acme-opens-berlin-office", "Acme opens Berlin office", pub,
			dayOf(ago(9)), source.PrecisionDay, ""},
		{bundle.KindPress, origin + "/blog/contoso-webinar", "Webinar: forecasting with Contoso", pub, ago(20).Truncate(time.Second),
			source.PrecisionTime, "Join Acme and Contoso for a live session."},
		{bundle.KindPress, origin + "/blog/privacy-report", "Our 2026 data-privacy report", pub, dayOf(ago(45)),
			source.PrecisionDay, "What we collect and why."},
		{bundle.KindPress, origin + "/press/acme-named-top-50", "Acme named to the Supply Chain Top 50", pub,
			dayOf(ago(60)), source.PrecisionDay, ""},
		{bundle.KindPage, origin + "/", "Home | Acme Analytics", dom, time.Time{}, source.PrecisionNone, "Welcome to Acme Analytics"},
		{bundle.KindPage, origin + "/about", "About | Acme Analytics", dom, time.Time{}, source.PrecisionNone,
			"Acme Analytics turns warehouse sensor data into demand forecasts that planners trust. Founded in Austin in 2016, " +
				"the company serves 120 retailers and distributors. Its models cover more than two million SKUs. Acme is backed by Harbor Ventures."},
		{bundle.KindPage, origin + "/jobs", "Jobs | Acme Analytics", dom, time.Time{}, source.PrecisionNone, ""},
		{bundle.KindPress, origin + "/press/acme-community-day", "Acme community day", pub, time.Time{}, source.PrecisionNone, ""},
	})
	checkFirstParty(t, res.Items)
	// The home page's description is too short: the about page's first
	// paragraph gives it (its meta description is a placeholder).
	wantDesc := &bundle.Fact{Value: "Acme Analytics turns warehouse sensor data into demand forecasts that planners trust. " +
		"Founded in Austin in 2016, the company serves 120 retailers and distributors.", SourceURL: origin + "/about"}
	if !reflect.DeepEqual(res.Profile.Description, wantDesc) {
		t.Errorf("profile description = %+v, want %+v", res.Profile.Description, wantDesc)
	}
	if want := []string{"https://apply.workable.com/acme-analytics", "https://jobs.ashbyhq.com/acme-analytics"}; !reflect.DeepEqual(res.JobBoards, want) {
		t.Errorf("job boards = %v, want %v", res.JobBoards, want)
	}
	for _, r := range e.sites.Requests() {
		if r.Scheme != "http" {
			t.Errorf("request %+v answered over %s: the site has no TLS", r, r.Scheme)
		}
	}
	for _, p := range []string{"/press/page/2", "/press/tag/partnerships"} {
		if n := e.sites.Fetched("acme-analytics.com", p); n != 0 {
			t.Errorf("%s fetched %d times: not an article", p, n)
		}
	}
}

// site builds a fixture site from path → page.
func site(domain string, pages map[string]sourcetest.SitePage) sourcetest.Site {
	return sourcetest.Site{Domain: domain, Pages: pages}
}

func html(head, body string) sourcetest.SitePage {
	return sourcetest.SitePage{Body: `<!doctype html><html><head><title>Contoso Freight</title>` + head + `</head><body>` + body + `</body></html>`}
}

func rss(items ...string) sourcetest.SitePage {
	return sourcetest.SitePage{ContentType: "application/rss+xml", Body: `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>` +
		strings.Join(items, "") + `</channel></rss>`}
}

func rssItem(path, title string, published time.Time) string {
	return `<item><title>` + title + `</title><link>` + sourcetest.SiteOrigin + path + `</link><pubDate>` +
		published.Format(time.RFC1123Z) + `</pubDate></item>`
}

func titles(items []bundle.Item, kind bundle.Kind) []string {
	var out []string
	for _, it := range items {
		if it.Kind == kind {
			out = append(out, it.Doc.Title)
		}
	}
	return out
}

func TestGatherDiscovery(t *testing.T) {
	t.Parallel()
	const domain = "contoso-freight.com"
	feed := rss(rssItem("/news/q1-volumes", "Q1 volumes up 12%", ago(5)), rssItem("/news/old", "Old news", ago(120)))
	tests := []struct {
		name       string
		pages      map[string]sourcetest.SitePage
		maxPages   int
		wantPress  []string
		wantPaths  []string // requests besides robots.txt, in order when sequential
		wantAbsent []string
	}{
		{
			name:      "feed declared with link rel=alternate on the home page",
			pages:     map[string]sourcetest.SitePage{"/": html(`<link rel="alternate" type="application/rss+xml" href="/updates.rss">`, ``), "/updates.rss": feed},
			wantPress: []string{"Q1 volumes up 12%"},
			wantPaths: []string{"/", "/updates.rss"},
		},
		{
			name: "feed declared on the newsroom page",
			pages: map[string]sourcetest.SitePage{
				"/":                        html(``, `<a href="/company/news-and-events">News &amp; events</a>`),
				"/company/news-and-events": html(`<link rel="alternate" type="application/rss+xml" href="/company/news.xml">`, `<a href="/news/q1-volumes">Q1</a>`),
				"/company/news.xml":        feed,
			},
			wantPress: []string{"Q1 volumes up 12%"},
			wantPaths: []string{"/", "/company/news-and-events", "/company/news.xml"},
		},
		{
			name: "common paths tried in order when nothing is linked, stopping at the first feed",
			pages: map[string]sourcetest.SitePage{
				"/":         html(``, `<a href="/pricing">Pricing</a>`),
				"/feed.xml": feed,
				"/press":    html(``, `<a href="/press/x">x</a>`),
			},
			wantPress:  []string{"Q1 volumes up 12%"},
			wantPaths:  []string{"/", "/feed", "/rss.xml", "/blog/rss.xml", "/news/feed", "/atom.xml", "/feed.xml"},
			wantAbsent: []string{"/press", "/pricing"},
		},
		{
			name: "common paths: a /press page that is the home page again is not a newsroom",
			pages: map[string]sourcetest.SitePage{
				"/":      html(``, `<a href="/press/x">x</a>`),
				"/press": html(``, `<a href="/press/x">x</a>`),
			},
			wantPaths:  []string{"/", "/feed", "/rss.xml", "/blog/rss.xml", "/news/feed", "/atom.xml", "/feed.xml", "/press"},
			wantAbsent: []string{"/press/x"},
		},
		{
			name: "common paths stop when the budget is spent",
			pages: map[string]sourcetest.SitePage{
				"/":         html(``, ``),
				"/feed.xml": feed,
			},
			maxPages:   3,
			wantPaths:  []string{"/", "/feed", "/rss.xml"},
			wantAbsent: []string{"/blog/rss.xml", "/feed.xml"},
		},
		{
			name: "a feed that fails with 500 is skipped, the other feed is read",
			pages: map[string]sourcetest.SitePage{
				"/":           html(`<link rel="alternate" type="application/rss+xml" href="/broken.xml"><link rel="alternate" type="application/atom+xml" href="/atom.xml">`, ``),
				"/broken.xml": {Status: 500, ContentType: "text/plain", Body: "internal error"},
				"/atom.xml": {ContentType: "application/atom+xml", Body: `<feed xmlns="http://www.w3.org/2005/Atom"><title>a</title><entry><title>Contoso adds rail freight</title>` +
					`<link href="/news/rail"/><published>` + ago(1).Format(time.RFC3339) + `</published></entry></feed>`},
			},
			wantPress: []string{"Contoso adds rail freight"},
			wantPaths: []string{"/", "/atom.xml", "/broken.xml"},
		},
		{
			name: "a newsroom whose only feed fails falls back to its articles",
			pages: map[string]sourcetest.SitePage{
				"/":              html(``, `<a href="/newsroom">Newsroom</a>`),
				"/newsroom":      html(`<link rel="alternate" type="application/rss+xml" href="/newsroom/feed">`, `<a href="/newsroom/rail">Rail</a>`),
				"/newsroom/feed": {Status: 503, ContentType: "text/plain", Body: "busy"},
				"/newsroom/rail": html(`<meta property="og:title" content="Contoso adds rail freight"><meta property="article:published_time" content="`+ago(1).Format(time.RFC3339)+`">`, ``),
			},
			wantPress: []string{"Contoso adds rail freight"},
			wantPaths: []string{"/", "/newsroom", "/newsroom/feed", "/newsroom/rail"},
		},
		{
			name: "the page budget bounds the article pages",
			pages: map[string]sourcetest.SitePage{
				"/":        html(``, `<a href="/press">Press</a>`),
				"/press":   html(``, `<a href="/press/a">a</a><a href="/press/b">b</a><a href="/press/c">c</a><a href="/press/d">d</a>`),
				"/press/a": html(`<meta property="og:title" content="A">`, ``),
				"/press/b": html(`<meta property="og:title" content="B">`, ``),
				"/press/c": html(`<meta property="og:title" content="C">`, ``),
				"/press/d": html(`<meta property="og:title" content="D">`, ``),
			},
			maxPages:   4,
			wantPress:  []string{"A", "B"},
			wantPaths:  []string{"/", "/press", "/press/a", "/press/b"},
			wantAbsent: []string{"/press/c", "/press/d"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, website.Config{MaxPages: tt.maxPages}, 0, site(domain, tt.pages))
			res, err := e.src.Gather(context.Background(), query("Contoso Freight", domain))
			if err != nil {
				t.Fatal(err)
			}
			if got := titles(res.Items, bundle.KindPress); !slices.Equal(got, tt.wantPress) {
				t.Errorf("press items = %q, want %q", got, tt.wantPress)
			}
			var paths []string
			for _, r := range e.sites.Requests() {
				if r.Path != "/robots.txt" {
					paths = append(paths, r.Path)
				}
			}
			want := slices.Clone(tt.wantPaths)
			slices.Sort(paths)
			slices.Sort(want)
			if !slices.Equal(paths, want) {
				t.Errorf("requests = %v, want %v", paths, want)
			}
			if tt.maxPages > 0 && len(paths) > tt.maxPages {
				t.Errorf("%d pages fetched, budget %d", len(paths), tt.maxPages)
			}
			for _, p := range tt.wantAbsent {
				if e.sites.Fetched(domain, p) != 0 {
					t.Errorf("%s was fetched", p)
				}
			}
		})
	}
}

func TestGatherCommonPathsInOrder(t *testing.T) {
	t.Parallel()
	const domain = "contoso-freight.com"
	e := newEnv(t, website.Config{}, 0, site(domain, map[string]sourcetest.SitePage{"/": html(``, ``)}))
	if _, err := e.src.Gather(context.Background(), query("Contoso Freight", domain)); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range e.sites.Requests() {
		paths = append(paths, r.Path)
	}
	want := []string{"/robots.txt", "/", "/feed", "/rss.xml", "/blog/rss.xml", "/news/feed", "/atom.xml", "/feed.xml", "/press"}
	if !slices.Equal(paths, want) {
		t.Fatalf("requests = %v, want %v", paths, want)
	}
}

func TestGatherRobots(t *testing.T) {
	t.Parallel()
	const domain = "contoso-freight.com"
	robots := func(body string) sourcetest.SitePage {
		return sourcetest.SitePage{ContentType: "text/plain", Body: body}
	}
	home := html(`<link rel="alternate" type="application/rss+xml" href="/news/feed.xml">`,
		`<a href="/newsroom">Newsroom</a> <a href="/careers">Careers</a>`)
	newsroom := html(``, `<a href="/newsroom/rail">Rail</a> <a href="/newsroom/drafts/q2">Q2 draft</a>`)
	feed := rss(rssItem("/news/q1-volumes", "Q1 volumes up 12%", ago(5)))
	tests := []struct {
		name     string
		robots   sourcetest.SitePage
		extra    map[string]sourcetest.SitePage
		wantErr  error
		wantPage bool     // the home page was read
		never    []string // paths never requested
		fetched  []string // paths requested
	}{
		{
			name:     "our product token's group overrides the * group",
			robots:   robots("User-agent: *\nDisallow: /\n\nUser-agent: Intel402/1.0\nDisallow: /newsroom/drafts/\nDisallow: /news/\n"),
			wantPage: true,
			never:    []string{"/news/feed.xml", "/newsroom/drafts/q2"},
			fetched:  []string{"/", "/newsroom", "/newsroom/rail", "/careers"},
		},
		{
			name:     "longest match wins: Allow beats a shorter Disallow",
			robots:   robots("User-agent: *\nDisallow: /news\nAllow: /newsroom\nDisallow: /newsroom/drafts\n"),
			wantPage: true,
			never:    []string{"/news/feed.xml", "/newsroom/drafts/q2"},
			fetched:  []string{"/", "/newsroom", "/newsroom/rail"},
		},
		{
			name:     "a redirect into a disallowed path is not followed",
			robots:   robots("User-agent: *\nDisallow: /private/\n"),
			extra:    map[string]sourcetest.SitePage{"/careers": {Location: "/private/careers"}},
			wantPage: true,
			never:    []string{"/private/careers"},
			fetched:  []string{"/careers"},
		},
		{
			name:    "everything disallowed: nothing but robots.txt is read",
			robots:  robots("User-agent: intel402\nDisallow: /\n"),
			never:   []string{"/", "/newsroom"},
			fetched: []string{"/robots.txt"},
		},
		{
			name:     "robots.txt 404: everything allowed",
			robots:   sourcetest.SitePage{Status: 404, Body: "<h1>not found</h1>"},
			wantPage: true,
			fetched:  []string{"/", "/news/feed.xml", "/newsroom", "/careers"},
		},
		{
			name:     "robots.txt served as HTML: everything allowed",
			robots:   html(``, `<p>robots</p>`),
			wantPage: true,
			fetched:  []string{"/", "/news/feed.xml"},
		},
		{
			name:    "robots.txt 503: the site is down, nothing else is read",
			robots:  sourcetest.SitePage{Status: 503, ContentType: "text/plain", Body: "busy"},
			wantErr: website.ErrUnreachable,
			never:   []string{"/"},
		},
		{
			name:    "robots.txt 429: complete disallow",
			robots:  sourcetest.SitePage{Status: 429, ContentType: "text/plain", Body: "slow down"},
			wantErr: website.ErrUnreachable,
			never:   []string{"/"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pages := map[string]sourcetest.SitePage{"/robots.txt": tt.robots, "/": home, "/newsroom": newsroom,
				"/newsroom/rail": html(``, ``), "/newsroom/drafts/q2": html(``, ``), "/news/feed.xml": feed,
				"/careers": html(``, ``), "/private/careers": html(``, ``)}
			for p, pg := range tt.extra {
				pages[p] = pg
			}
			e := newEnv(t, website.Config{}, 0, site(domain, pages))
			res, err := e.src.Gather(context.Background(), query("Contoso Freight", domain))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if got := len(res.Items) > 0; got != tt.wantPage {
				t.Errorf("items %v, want the home page read: %v", rows(res.Items), tt.wantPage)
			}
			for _, p := range tt.never {
				if n := e.sites.Fetched(domain, p); n != 0 {
					t.Errorf("%s fetched %d times", p, n)
				}
			}
			for _, p := range tt.fetched {
				if n := e.sites.Fetched(domain, p); n == 0 {
					t.Errorf("%s not fetched", p)
				}
			}
		})
	}
}

func TestGatherFailures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		site     sourcetest.Site
		domain   string
		timeout  time.Duration
		wantErr  error
		wantCode fetch.Code
	}{
		{name: "domain that does not resolve", site: sourcetest.NorthwindSite(fixedNow), domain: "gone-robotics.com",
			wantErr: website.ErrUnreachable, wantCode: fetch.CodeDNSFailure},
		{name: "site that never answers", site: sourcetest.Site{Domain: "stalled.com", Stall: true}, domain: "stalled.com",
			timeout: 300 * time.Millisecond, wantErr: website.ErrUnreachable, wantCode: fetch.CodeTimeout},
		{name: "home page 503", domain: "busy.com", wantErr: website.ErrUnreachable, wantCode: fetch.CodeHTTPStatus,
			site: site("busy.com", map[string]sourcetest.SitePage{"/": {Status: 503, ContentType: "text/plain", Body: "busy"}})},
		{name: "home page 403 is an answer, not an outage", domain: "walled.com",
			site: site("walled.com", map[string]sourcetest.SitePage{"/": {Status: 403, Body: "<h1>Forbidden</h1>"}})},
		{name: "home page that redirects to another domain is not read", domain: "old-brand.com",
			site: site("old-brand.com", map[string]sourcetest.SitePage{"/": {Location: "https://parked-domains.example/lander"}})},
		{name: "home page that is not HTML", domain: "pdf-only.com",
			site: site("pdf-only.com", map[string]sourcetest.SitePage{"/": {ContentType: "application/pdf", Body: "%PDF-1.7"}})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, website.Config{}, tt.timeout, tt.site)
			res, err := e.src.Gather(context.Background(), query("", tt.domain))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if code := fetch.CodeOf(err); err != nil && code != tt.wantCode {
				t.Errorf("fetch code = %q, want %q", code, tt.wantCode)
			}
			if len(res.Items) != 0 || res.Profile.Description != nil || res.JobBoards != nil {
				t.Errorf("result = %+v, want nothing", res)
			}
			if res.Usage.Contents == 0 {
				t.Errorf("usage = %+v: the attempts are not counted", res.Usage)
			}
		})
	}
}

func TestGatherRedirectToWWW(t *testing.T) {
	t.Parallel()
	const domain = "fabrikam-labs.com"
	pages := map[string]sourcetest.SitePage{
		"/home": html(`<meta name="description" content="Fabrikam Labs designs sensors for cold-chain logistics and pharma.">`, `<a href="/blog">Blog</a>`),
		"/blog": html(`<link rel="alternate" type="application/atom+xml" href="/blog/atom.xml">`, ``),
		"/blog/atom.xml": {ContentType: "application/atom+xml", Body: `<feed xmlns="http://www.w3.org/2005/Atom"><title>b</title><entry><title>Cold chain 101</title>` +
			`<link href="/blog/cold-chain-101"/><updated>` + ago(8).Format(time.RFC3339) + `</updated></entry></feed>`},
	}
	s := sourcetest.NewSites(t, site(domain, pages))
	// The bare domain redirects to www (the port is known once the servers run).
	pages["/"] = sourcetest.SitePage{Location: s.URL("https", "www."+domain, "/home")}
	f := s.Fetcher(t, 0)
	src, err := website.New(website.Config{Fetcher: f, HTTPSPort: s.HTTPSPort(), HTTPPort: s.HTTPPort(), Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	res, err := src.Gather(context.Background(), query("Fabrikam Labs", domain))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := titles(res.Items, bundle.KindPress), []string{"Cold chain 101"}; !slices.Equal(got, want) {
		t.Errorf("press = %q, want %q", got, want)
	}
	if res.Profile.Description == nil || res.Profile.Description.SourceURL != s.URL("https", "www."+domain, "/home") {
		t.Errorf("description = %+v, want the final home URL as its source", res.Profile.Description)
	}
	var robots []string
	for _, r := range s.Requests() {
		if r.Path == "/robots.txt" {
			robots = append(robots, r.Host)
		}
	}
	if want := []string{domain, "www." + domain}; !slices.Equal(robots, want) {
		t.Errorf("robots.txt read on %v, want %v (one per origin)", robots, want)
	}
}

func TestGatherInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
	res, err := e.src.Gather(context.Background(), query("No Domain Inc", ""))
	if err != nil || len(res.Items) != 0 || res.Usage.Contents != 0 {
		t.Errorf("no domain: %+v, %v; want an empty result", res, err)
	}
	if _, err := e.src.Gather(context.Background(), query("x", "not a domain")); err == nil || errors.Is(err, website.ErrUnreachable) {
		t.Errorf("invalid domain: err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.src.Gather(ctx, query("Northwind Robotics", "northwind-robotics.com")); err == nil || errors.Is(err, website.ErrUnreachable) {
		t.Errorf("canceled: err = %v, want the cancellation, not ErrUnreachable", err)
	}
	if e.src.Name() != "website" {
		t.Errorf("Name() = %q", e.src.Name())
	}
	for _, cfg := range []website.Config{{}, {Fetcher: fetch.New(fetch.Config{}), MaxPages: -1}} {
		if _, err := website.New(cfg); err == nil {
			t.Errorf("New(%+v) succeeded", cfg)
		}
	}
}

func TestIdentity(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow), sourcetest.AcmeAnalyticsSite(fixedNow),
		site("walled.com", map[string]sourcetest.SitePage{"/": {Status: 403, Body: "no"}}))
	tests := []struct {
		domain  string
		want    website.Identity
		wantErr error
	}{
		{"northwind-robotics.com", website.Identity{SiteName: "Northwind Robotics",
			SiteNameFrom: []string{"og:site_name", "title", "domain"}, SiteNameConfidence: 0.773, Title: "Northwind Robotics — Autonomous mobile robots for warehouses",
			Description: "Northwind Robotics builds autonomous mobile robots that move pallets and totes through warehouses and distribution centres, alongside people.",
			URL:         e.sites.URL("https", "northwind-robotics.com", "/"), Reachable: true, Usage: bundle.Usage{Contents: 2}}, nil},
		{"acme-analytics.com", website.Identity{SiteName: "Acme Analytics",
			SiteNameFrom: []string{"title", "domain"}, SiteNameConfidence: 0.545, Title: "Home | Acme Analytics",
			Description: "Welcome to Acme Analytics",
			URL:         e.sites.URL("http", "acme-analytics.com", "/"), Reachable: true, Usage: bundle.Usage{Contents: 3}}, nil},
		{"walled.com", website.Identity{Reachable: true, Usage: bundle.Usage{Contents: 2}}, nil},
		{"gone-robotics.com", website.Identity{Usage: bundle.Usage{Contents: 1}}, website.ErrUnreachable},
	}
	for _, tt := range tests {
		t.Run(tt.domain, func(t *testing.T) {
			t.Parallel()
			got, err := e.src.Identity(context.Background(), tt.domain)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if tt.want.SiteName != "" && (got.Home.Kind != bundle.KindPage || got.Home.Doc.URL != tt.want.URL ||
				got.Home.Doc.Authority != source.AuthorityFirstParty) {
				t.Errorf("Home = %+v, want the home page item", got.Home)
			}
			got.Home = bundle.Item{}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Identity = %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// aboutPage is an about page of Contoso Freight with head elements and a
// body.
func aboutPage(head, body string) sourcetest.SitePage {
	return sourcetest.SitePage{Body: `<!doctype html><html><head><title>About | Contoso Freight</title>` + head +
		`</head><body><header><nav><a href="/">Home</a></nav></header><main>` + body + `</main></body></html>`}
}

func TestGatherAbout(t *testing.T) {
	t.Parallel()
	const domain = "contoso-freight.com"
	const goodDesc = `<meta name="description" content="Contoso Freight moves less-than-truckload freight across the Midwest.">`
	about := aboutPage(`<meta name="description" content="Contoso Freight was founded in Chicago in 1994 by two truck drivers.">`,
		`<h1>About Contoso Freight</h1><p>Contoso Freight was founded in Chicago in 1994.</p><p>It runs 300 trucks.</p>`)
	feed := rss(rssItem("/news/q1-volumes", "Q1 volumes up 12%", ago(5)))
	// The common feed paths, tried when the home page links no newsroom.
	common := []string{"/feed", "/rss.xml", "/blog/rss.xml", "/news/feed", "/atom.xml", "/feed.xml", "/press"}
	tests := []struct {
		name      string
		pages     map[string]sourcetest.SitePage
		maxPages  int
		wantAbout string // the about page's path among the items ("" none)
		wantPaths []string
	}{
		{
			name:      "found by path",
			pages:     map[string]sourcetest.SitePage{"/": html(goodDesc, `<a href="/en/who-we-are">Team</a>`), "/en/who-we-are": about},
			wantAbout: "/en/who-we-are",
			wantPaths: append([]string{"/", "/en/who-we-are"}, common...),
		},
		{
			name:      "found by anchor text",
			pages:     map[string]sourcetest.SitePage{"/": html(goodDesc, `<a href="/x/intro">Our story</a>`), "/x/intro": about},
			wantAbout: "/x/intro",
			wantPaths: append([]string{"/", "/x/intro"}, common...),
		},
		{
			name: "at most one page: the best named",
			pages: map[string]sourcetest.SitePage{
				"/":         html(goodDesc, `<a href="/company">Company</a> <a href="/about-us">About us</a> <a href="/mission">Mission</a>`),
				"/about-us": about, "/company": about, "/mission": about,
			},
			wantAbout: "/about-us",
			wantPaths: append([]string{"/", "/about-us"}, common...),
		},
		{
			name: "fetched with the newsroom and careers pages",
			pages: map[string]sourcetest.SitePage{
				"/":                 html(goodDesc, `<a href="/newsroom">Newsroom</a> <a href="/careers">Careers</a> <a href="/about">About</a>`),
				"/newsroom":         html(`<link rel="alternate" type="application/rss+xml" href="/newsroom/rss.xml">`, ``),
				"/newsroom/rss.xml": feed, "/careers": html(``, ``), "/about": about,
			},
			wantAbout: "/about",
			wantPaths: []string{"/", "/newsroom", "/careers", "/about", "/newsroom/rss.xml"},
		},
		{
			name: "no about link: no extra fetch, no guessed path",
			pages: map[string]sourcetest.SitePage{
				"/":                 html(goodDesc, `<a href="/newsroom">Newsroom</a> <a href="/pricing">Pricing</a>`),
				"/newsroom":         html(`<link rel="alternate" type="application/rss+xml" href="/newsroom/rss.xml">`, `<a href="/about">About</a>`),
				"/newsroom/rss.xml": feed, "/about": about,
			},
			wantPaths: []string{"/", "/newsroom", "/newsroom/rss.xml"},
		},
		{
			name: "the page budget: the about page is planned last and left out",
			pages: map[string]sourcetest.SitePage{
				"/":         html(goodDesc, `<a href="/newsroom">Newsroom</a> <a href="/careers">Careers</a> <a href="/about">About</a>`),
				"/newsroom": html(``, ``), "/careers": html(``, ``), "/about": about,
			},
			maxPages:  3,
			wantPaths: []string{"/", "/newsroom", "/careers"},
		},
		{
			name: "the page budget: the about page fits",
			pages: map[string]sourcetest.SitePage{
				"/":         html(goodDesc, `<a href="/newsroom">Newsroom</a> <a href="/about">About</a>`),
				"/newsroom": html(``, `<a href="/newsroom/a">a</a>`), "/newsroom/a": html(``, ``), "/about": about,
			},
			maxPages:  3,
			wantAbout: "/about",
			wantPaths: []string{"/", "/newsroom", "/about"},
		},
		{
			name: "robots.txt disallows /about: not fetched, its budget goes to an article",
			pages: map[string]sourcetest.SitePage{
				"/robots.txt": {ContentType: "text/plain", Body: "User-agent: *\nDisallow: /about\n"},
				"/":           html(goodDesc, `<a href="/press">Press</a> <a href="/about">About</a>`),
				"/press":      html(``, `<a href="/press/a">a</a>`),
				"/press/a":    html(`<meta property="og:title" content="A">`, ``),
				"/about":      about,
			},
			maxPages:  3,
			wantPaths: []string{"/", "/press", "/press/a"},
		},
		{
			name: "an about page that answers 404 gives nothing",
			pages: map[string]sourcetest.SitePage{
				"/": html(goodDesc, `<a href="/about">About</a>`),
			},
			wantPaths: append([]string{"/", "/about"}, common...),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, website.Config{MaxPages: tt.maxPages}, 0, site(domain, tt.pages))
			res, err := e.src.Gather(context.Background(), query("Contoso Freight", domain))
			if err != nil {
				t.Fatal(err)
			}
			var paths []string
			for _, r := range e.sites.Requests() {
				if r.Path != "/robots.txt" {
					paths = append(paths, r.Path)
				}
			}
			want := slices.Clone(tt.wantPaths)
			slices.Sort(paths)
			slices.Sort(want)
			if !slices.Equal(paths, want) {
				t.Errorf("requests = %v, want %v", paths, want)
			}
			if tt.maxPages > 0 && len(paths) > tt.maxPages {
				t.Errorf("%d pages fetched, budget %d", len(paths), tt.maxPages)
			}
			if want := len(e.sites.Requests()); res.Usage.Contents != want {
				t.Errorf("usage = %+v, want %d contents (one per request)", res.Usage, want)
			}
			origin := e.sites.URL("https", domain, "")
			var pages []string // but the careers page
			for _, it := range res.Items {
				if it.Kind == bundle.KindPage && !strings.HasSuffix(it.Doc.URL, "/careers") {
					pages = append(pages, strings.TrimPrefix(it.Doc.URL, origin))
				}
			}
			wantPages := []string{"/"}
			if tt.wantAbout != "" {
				wantPages = append(wantPages, tt.wantAbout)
			}
			if !slices.Equal(pages, wantPages) {
				t.Errorf("pages = %v, want %v", pages, wantPages)
			}
			if tt.wantAbout == "" {
				return
			}
			it := res.Items[slices.IndexFunc(res.Items, func(it bundle.Item) bool { return it.Doc.URL == origin+tt.wantAbout })]
			wantRow := row{bundle.KindPage, origin + tt.wantAbout, "About | Contoso Freight", domain, time.Time{}, source.PrecisionNone,
				"Contoso Freight was founded in Chicago in 1994. It runs 300 trucks."}
			if got := rows([]bundle.Item{it})[0]; got != wantRow {
				t.Errorf("about item = %+v\nwant %+v", got, wantRow)
			}
			checkFirstParty(t, []bundle.Item{it})
			if d := res.Profile.Description; d == nil || d.SourceURL != origin+"/" {
				t.Errorf("description = %+v, want the home page's", d)
			}
		})
	}
}

func TestGatherAboutDescription(t *testing.T) {
	t.Parallel()
	const domain = "contoso-freight.com"
	const (
		homeDesc  = "Contoso Freight moves less-than-truckload freight across the Midwest."
		aboutDesc = "Contoso Freight was founded in Chicago in 1994 by two truck drivers."
		ogDesc    = "Contoso Freight runs 300 trucks from 12 terminals in six states."
		para      = "Contoso Freight was founded in Chicago in 1994 by two truck drivers. It now runs 300 trucks from 12 terminals. " +
			"Its customers are manufacturers and grocers."
		lead = "Contoso Freight was founded in Chicago in 1994 by two truck drivers. It now runs 300 trucks from 12 terminals."
	)
	meta := func(name, content string) string {
		return `<meta ` + name + `="` + content + `">`
	}
	desc := func(s string) string { return meta(`name="description" content`, s) }
	og := func(s string) string { return meta(`property="og:description" content`, s) }
	tests := []struct {
		name              string
		homeHead          string
		homeBody          string
		aboutHead         string
		aboutBody         string
		noAbout           bool
		wantValue, wantAt string // "" for no description; wantAt: "/" or "/about"
	}{
		{name: "the home page's description first", homeHead: desc(homeDesc), aboutHead: desc(aboutDesc), aboutBody: "<p>" + para + "</p>",
			wantValue: homeDesc, wantAt: "/"},
		{name: "the home page's og:description counts as its description", homeHead: og(homeDesc), aboutHead: desc(aboutDesc),
			wantValue: homeDesc, wantAt: "/"},
		{name: "then the about page's meta description", homeHead: desc("Welcome to Contoso"), aboutHead: desc(aboutDesc) + og(ogDesc),
			aboutBody: "<p>" + para + "</p>", wantValue: aboutDesc, wantAt: "/about"},
		{name: "then its og:description", homeHead: desc("Home"), aboutHead: desc("Just another WordPress site") + og(ogDesc),
			aboutBody: "<p>" + para + "</p>", wantValue: ogDesc, wantAt: "/about"},
		{name: "then the lead sentences of its first paragraph", aboutHead: desc("About Contoso"),
			aboutBody: `<h1>About</h1><p>` + para + `</p><p>Second paragraph that describes nothing at all here.</p>`, wantValue: lead, wantAt: "/about"},
		{name: "a first paragraph that does not describe the company is not skipped for the next",
			aboutBody: `<p>We are Contoso.</p><p>` + para + `</p>`},
		{name: "a first paragraph of placeholder text gives nothing",
			aboutBody: `<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>`},
		{name: "paragraphs of the navigation and footer are not body text",
			aboutBody: `<nav><p>` + para + `</p></nav><footer><p>` + para + `</p></footer>`},
		{name: "a home page without a description and no about page gives nothing", noAbout: true},
		{name: "a description that only names the site is refused", homeHead: desc("Contoso Freight official website - Contoso Freight Inc."),
			aboutHead: desc(aboutDesc), wantValue: aboutDesc, wantAt: "/about"},
		{name: "then an About paragraph further down the page",
			aboutBody: `<p>Our story.</p><p>About Contoso Freight: Contoso Freight moves less-than-truckload freight for manufacturers across the Midwest. Media contact: press@contoso-freight.com</p>`,
			wantValue: "Contoso Freight moves less-than-truckload freight for manufacturers across the Midwest.", wantAt: "/about"},
		{name: "then the home page's JSON-LD description", homeHead: desc("Home") +
			`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Contoso Freight","description":"` + ogDesc + `"}</script>`,
			aboutHead: desc(aboutDesc), wantValue: ogDesc, wantAt: "/"},
		{name: "the home page's hero when nothing else describes the company",
			homeBody:  `<header><h1>Contoso</h1></header><main><h1>Less-than-truckload freight across the Midwest</h1><p>300 trucks from 12 terminals, next-day to six states.</p></main>`,
			wantValue: "Less-than-truckload freight across the Midwest. 300 trucks from 12 terminals, next-day to six states.", wantAt: "/"},
		{name: "the about page's description before the home page's hero", aboutHead: desc(aboutDesc),
			homeBody:  `<h1>Less-than-truckload freight across the Midwest</h1><p>300 trucks from 12 terminals, next-day to six states.</p>`,
			wantValue: aboutDesc, wantAt: "/about"},
		{name: "a hero that only greets is no description", homeBody: `<h1>Welcome</h1><p>Sign in to your account.</p>`},
		{name: "an About paragraph of another company is not the company's",
			aboutBody: `<p>Our story.</p><p>About Globex Logistics: Globex Logistics moves freight for retailers across Europe and Asia.</p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			home := `<a href="/about">About us</a>`
			if tt.noAbout {
				home = ``
			}
			home += tt.homeBody
			pages := map[string]sourcetest.SitePage{"/": html(tt.homeHead, home), "/about": aboutPage(tt.aboutHead, tt.aboutBody)}
			e := newEnv(t, website.Config{}, 0, site(domain, pages))
			res, err := e.src.Gather(context.Background(), query("Contoso Freight", domain))
			if err != nil {
				t.Fatal(err)
			}
			var want *bundle.Fact
			if tt.wantValue != "" {
				want = &bundle.Fact{Value: tt.wantValue, SourceURL: e.sites.URL("https", domain, tt.wantAt)}
			}
			if !reflect.DeepEqual(res.Profile.Description, want) {
				t.Errorf("description = %+v, want %+v", res.Profile.Description, want)
			}
			if d := res.Profile.Description; d != nil && !slices.ContainsFunc(res.Items, func(it bundle.Item) bool { return it.Doc.URL == d.SourceURL }) {
				t.Errorf("description cites %s, which is no item", d.SourceURL)
			}
		})
	}
}
