package sourcetest

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/fetch/fetchtest"
	"github.com/intel402/intel402/pkg/evidence/guard"
)

// SiteOrigin in a SitePage body is replaced, when served, by the origin the
// request came in on ("https://northwind-robotics.com:41234"), so fixture
// pages and feeds can carry the absolute URLs real ones do although the
// port is only known once the servers run.
const SiteOrigin = "{{origin}}"

// SitePage is one resource of a fixture site.
type SitePage struct {
	Body        string
	ContentType string // default "text/html; charset=utf-8"
	Status      int    // default 200
	// Location makes the page a redirect (Status default 301) to this
	// path or URL (SiteOrigin is replaced here too).
	Location string
	// Header are further response headers, e.g. "Server", "Cf-Ray" or
	// "Set-Cookie" (Content-Type is ContentType's; SiteOrigin is replaced
	// in the values too).
	Header http.Header
}

// Site is a fixture company website. Its pages are served for Domain and
// www.Domain on both the HTTPS and the HTTP server; any other path is a
// 404 HTML page.
type Site struct {
	Domain string
	Pages  map[string]SitePage // by path, e.g. "/", "/robots.txt", "/newsroom/rss.xml"
	// NoTLS makes the site HTTP-only: TLS handshakes for its hosts fail,
	// as they do for a site without a certificate.
	NoTLS bool
	// Stall makes every request hang until the client gives up (a site
	// that accepts connections and never answers).
	Stall bool
}

// SiteRequest is one request a fixture site answered.
type SiteRequest struct {
	Scheme string // "https" or "http"
	Host   string // without port
	Path   string // with the query, if any
}

// Sites serves fixture sites on loopback: one HTTPS server with a
// certificate from a test CA valid for every fixture host, and one HTTP
// server, dispatching on the Host header. A fetch.Fetcher built from
// FetchConfig reaches them: its allow-list admits exactly the two
// listeners, its resolver maps the fixture hosts (and nothing else) to
// 127.0.0.1, and it trusts the test CA. Pass HTTPSPort and HTTPPort to
// the website source's Config. Both servers are Servers of this package,
// so they count calls, add latency and inject faults like the providers'.
type Sites struct {
	tlsSrv, plainSrv *Server
	roots            *x509.CertPool
	byHost           map[string]*Site

	mu       sync.Mutex
	requests []SiteRequest
}

// NewSites starts the servers for sites; they are closed at cleanup.
func NewSites(tb testing.TB, sites ...Site) *Sites {
	tb.Helper()
	s, err := StartSites(sites...)
	if err != nil {
		tb.Fatal(err)
	}
	return closeAtCleanup(tb, s)
}

// StartSites is NewSites outside a test: the caller closes the servers.
// A site without a domain is an error.
func StartSites(sites ...Site) (*Sites, error) {
	s := &Sites{byHost: map[string]*Site{}}
	var hosts []string
	for i := range sites {
		site := &sites[i]
		d := strings.ToLower(site.Domain)
		if d == "" {
			return nil, fmt.Errorf("sourcetest: site %d has no domain", i)
		}
		s.byHost[d], s.byHost["www."+d] = site, site
		hosts = append(hosts, d, "www."+d)
	}
	cert, roots, err := fetchtest.Cert(hosts, time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour))
	if err != nil {
		return nil, err
	}
	s.roots = roots
	s.tlsSrv = newServer()
	s.tlsSrv.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.tlsSrv.serve))
	s.tlsSrv.TLS = &tls.Config{GetCertificate: func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
		if site := s.byHost[strings.ToLower(hello.ServerName)]; site == nil || site.NoTLS {
			return nil, fmt.Errorf("no certificate for %q", hello.ServerName)
		}
		return &cert, nil
	}}
	s.tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes of NoTLS sites fail on purpose
	s.tlsSrv.StartTLS()
	s.plainSrv = Start()
	for _, srv := range s.servers() {
		srv.Handle("/", s.serve)
	}
	return s, nil
}

func (s *Sites) servers() []*Server { return []*Server{s.tlsSrv, s.plainSrv} }

// Close stops both servers.
func (s *Sites) Close() {
	for _, srv := range s.servers() {
		srv.Close()
	}
}

// SetLatency delays every answer of both servers by d.
func (s *Sites) SetLatency(d time.Duration) {
	for _, srv := range s.servers() {
		srv.SetLatency(d)
	}
}

// FailAlways makes every request to either server whose path starts with
// prefix fail with f (see Server.FailAlways); an empty f clears it.
func (s *Sites) FailAlways(prefix string, f Fault) {
	for _, srv := range s.servers() {
		srv.FailAlways(prefix, f)
	}
}

// Calls returns how many requests both servers have received, failed
// ones included (Requests lists only those a site answered).
func (s *Sites) Calls() int {
	n := 0
	for _, srv := range s.servers() {
		n += srv.Calls()
	}
	return n
}

// HTTPSPort is the HTTPS server's port.
func (s *Sites) HTTPSPort() uint16 { return listenerPort(s.tlsSrv.Server) }

// HTTPPort is the HTTP server's port.
func (s *Sites) HTTPPort() uint16 { return listenerPort(s.plainSrv.Server) }

func listenerPort(srv *httptest.Server) uint16 {
	return netip.MustParseAddrPort(srv.Listener.Addr().String()).Port()
}

// URL is the fixture URL of path on host over scheme.
func (s *Sites) URL(scheme, host, path string) string {
	port := s.HTTPSPort()
	if scheme == "http" {
		port = s.HTTPPort()
	}
	return scheme + "://" + net.JoinHostPort(host, strconv.Itoa(int(port))) + path
}

// FetchConfig returns the fetch.Config pieces that reach the fixture
// sites (AllowList, Resolver, RootCAs) with a 5 s per-fetch Timeout;
// callers may set other fields before fetch.New.
func (s *Sites) FetchConfig() fetch.Config {
	allow, err := guard.ParseAllowList([]string{s.tlsSrv.Listener.Addr().String(), s.plainSrv.Listener.Addr().String()})
	if err != nil {
		panic(err) // two listener addresses always parse
	}
	return fetch.Config{AllowList: allow, Resolver: fetch.ResolverFunc(s.lookup), RootCAs: s.roots, Timeout: 5 * time.Second}
}

// Fetcher is fetch.New(FetchConfig()) with the given Timeout (0: 5 s),
// closed at cleanup.
func (s *Sites) Fetcher(tb testing.TB, timeout time.Duration) *fetch.Fetcher {
	cfg := s.FetchConfig()
	if timeout > 0 {
		cfg.Timeout = timeout
	}
	f := fetch.New(cfg)
	tb.Cleanup(f.Close)
	return f
}

// lookup resolves fixture hosts to 127.0.0.1 and fails like NXDOMAIN for
// every other name.
func (s *Sites) lookup(_ context.Context, host string) ([]net.IPAddr, error) {
	if s.byHost[strings.TrimSuffix(strings.ToLower(host), ".")] == nil {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return []net.IPAddr{{IP: net.IPv4(127, 0, 0, 1)}}, nil
}

// Requests returns the requests answered so far, in order (the latest
// MaxRecorded).
func (s *Sites) Requests() []SiteRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SiteRequest(nil), s.requests...)
}

// Fetched counts the requests for path (query included) on domain or
// www.domain, over either scheme.
func (s *Sites) Fetched(domain, path string) int {
	n := 0
	for _, r := range s.Requests() {
		if (r.Host == domain || r.Host == "www."+domain) && r.Path == path {
			n++
		}
	}
	return n
}

func (s *Sites) serve(w http.ResponseWriter, r *http.Request) {
	host, _, err := net.SplitHostPort(r.Host)
	if err != nil {
		host = r.Host
	}
	host = strings.ToLower(host)
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	s.mu.Lock()
	s.requests = record(s.requests, SiteRequest{Scheme: scheme, Host: host, Path: r.URL.RequestURI()})
	s.mu.Unlock()

	site := s.byHost[host]
	if site == nil {
		http.Error(w, "unknown host", http.StatusMisdirectedRequest)
		return
	}
	if site.Stall {
		t := time.NewTimer(30 * time.Second)
		defer t.Stop()
		select {
		case <-r.Context().Done():
		case <-t.C:
		}
		return
	}
	page, ok := site.Pages[r.URL.Path]
	if !ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, "<!doctype html><title>Not found</title><h1>Page not found</h1>")
		return
	}
	origin := scheme + "://" + r.Host
	if page.Location != "" {
		status := page.Status
		if status == 0 {
			status = http.StatusMovedPermanently
		}
		http.Redirect(w, r, strings.ReplaceAll(page.Location, SiteOrigin, origin), status)
		return
	}
	ct := page.ContentType
	if ct == "" {
		ct = "text/html; charset=utf-8"
	}
	status := page.Status
	if status == 0 {
		status = http.StatusOK
	}
	for name, values := range page.Header {
		for _, v := range values {
			w.Header().Add(name, strings.ReplaceAll(v, SiteOrigin, origin))
		}
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	_, _ = io.WriteString(w, strings.ReplaceAll(page.Body, SiteOrigin, origin))
}

// NorthwindSite is the website of Northwind Robotics
// (northwind-robotics.com), dated relative to now, served over HTTPS and
// HTTP:
//   - /robots.txt: "*" may not fetch /private/ (but /private/press-kit/)
//     or /search; GPTBot may fetch nothing.
//   - /: og:site_name "Northwind Robotics", a description, links to
//     /newsroom, /private/press-preview (disallowed), /about, /careers and
//     /contact, and to one article.
//   - /newsroom: declares /newsroom/rss.xml (rel=alternate) and links its
//     articles.
//   - /newsroom/rss.xml: RSS 2.0 with five items: Series B (now-3d,
//     -0500), Atlas 2 GA (now-12d, GMT), COO appointment (now-30d, date
//     only), Rotterdam hub (now-200d) and an item linking off the site
//     (logistics-weekly.example, now-5d).
//   - /careers: links the Greenhouse board "northwindrobotics" (board root
//     and one posting).
//   - /about ("About us"): a meta description and two paragraphs of body
//     text between a header (a nav and a banner paragraph) and a footer.
//   - the article pages and /private/press-preview.
func NorthwindSite(now time.Time) Site {
	now = now.UTC()
	ago := func(days int) time.Time { return now.AddDate(0, 0, -days) }
	est := time.FixedZone("EST", -5*3600)
	page := func(title, desc, body string) SitePage {
		return SitePage{Body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>` + title +
			`</title><meta name="description" content="` + desc + `"></head><body>` + body + `</body></html>`}
	}
	return Site{
		Domain: "northwind-robotics.com",
		Pages: map[string]SitePage{
			"/robots.txt": {ContentType: "text/plain; charset=utf-8", Body: "# robots.txt for northwind-robotics.com\n" +
				"User-agent: *\nDisallow: /private/\nAllow: /private/press-kit/\nDisallow: /search\n\n" +
				"User-agent: GPTBot\nDisallow: /\n\nSitemap: " + SiteOrigin + "/sitemap.xml\n"},
			"/": {Body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Northwind Robotics — Autonomous mobile robots for warehouses</title>
<meta name="description" content="Northwind Robotics builds autonomous mobile robots that move pallets and totes through warehouses and distribution centres, alongside people.">
<meta property="og:site_name" content="Northwind Robotics">
<meta property="og:title" content="Northwind Robotics">
<link rel="canonical" href="` + SiteOrigin + `/">
</head>
<body>
<header><nav>
<a href="/">Home</a> <a href="/products/atlas">Atlas AMR</a> <a href="/about">About us</a>
<a href="/newsroom">Newsroom</a> <a href="/private/press-preview">Press preview</a>
<a href="/careers">Careers</a> <a href="/contact">Contact</a>
</nav></header>
<main>
<h1>Robots that move the warehouse</h1>
<p>Atlas robots pick up pallets where people put them down and bring them where they are needed.</p>
<p><a href="/newsroom/atlas-2-general-availability">Atlas 2 is now generally available</a></p>
</main>
<footer><a href="https://www.linkedin.com/company/northwind-robotics">LinkedIn</a></footer>
</body>
</html>`},
			"/newsroom": {Body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Newsroom | Northwind Robotics</title>
<link rel="alternate" type="application/rss+xml" title="Northwind Robotics press releases" href="/newsroom/rss.xml">
</head><body><h1>Newsroom</h1><ul>
<li><a href="/newsroom/series-b">Northwind Robotics raises $48M Series B led by Harbor Ventures</a></li>
<li><a href="/newsroom/atlas-2-general-availability">Atlas 2 is generally available</a></li>
<li><a href="/newsroom/maria-chen-coo">Northwind Robotics appoints Maria Chen as Chief Operating Officer</a></li>
<li><a href="/newsroom/rotterdam-hub">Northwind opens European hub in Rotterdam</a></li>
</ul><a href="/private/press-kit/logos.zip">Press kit</a></body></html>`},
			"/newsroom/rss.xml": {ContentType: "application/rss+xml; charset=utf-8", Body: `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>Northwind Robotics press releases</title>
<link>` + SiteOrigin + `/newsroom</link>
<description>Announcements from Northwind Robotics</description>
<atom:link href="` + SiteOrigin + `/newsroom/rss.xml" rel="self" type="application/rss+xml"/>
<item>
<title>Northwind Robotics raises $48M Series B led by Harbor Ventures</title>
<link>` + SiteOrigin + `/newsroom/series-b?utm_source=rss&amp;utm_medium=feed</link>
<guid isPermaLink="false">nw-2041</guid>
<pubDate>` + ago(3).In(est).Format(time.RFC1123Z) + `</pubDate>
<description><![CDATA[<p><strong>Northwind Robotics</strong> today announced a $48 million Series B round led by Harbor Ventures to expand Atlas production.</p>]]></description>
</item>
<item>
<title>Atlas 2 is generally available</title>
<link>` + SiteOrigin + `/newsroom/atlas-2-general-availability</link>
<pubDate>` + ago(12).Format("Mon, 02 Jan 2006 15:04:05 GMT") + `</pubDate>
<description>Atlas 2 carries 1.5 t pallets at 2 m/s and is available to order today.</description>
</item>
<item>
<title>Northwind Robotics appoints Maria Chen as Chief Operating Officer</title>
<link>` + SiteOrigin + `/newsroom/maria-chen-coo</link>
<pubDate>` + ago(30).Format("Mon, 02 Jan 2006") + `</pubDate>
<description>Maria Chen joins from Contoso Logistics, where she ran fulfilment operations.</description>
</item>
<item>
<title>Northwind opens European hub in Rotterdam</title>
<link>` + SiteOrigin + `/newsroom/rotterdam-hub</link>
<pubDate>` + ago(200).Format(time.RFC1123Z) + `</pubDate>
<description>The Rotterdam hub will serve customers across Europe.</description>
</item>
<item>
<title>Northwind featured in Logistics Weekly</title>
<link>https://logistics-weekly.example/2026/northwind-profile</link>
<pubDate>` + ago(5).Format(time.RFC1123Z) + `</pubDate>
<description>A profile of Northwind Robotics.</description>
</item>
</channel>
</rss>`},
			"/newsroom/series-b": page("Northwind Robotics raises $48M Series B | Northwind Robotics",
				"Northwind Robotics raised $48 million led by Harbor Ventures.", `<h1>Northwind Robotics raises $48M Series B</h1>`),
			"/newsroom/atlas-2-general-availability": page("Atlas 2 is generally available | Northwind Robotics",
				"Atlas 2 carries 1.5 t pallets at 2 m/s.", `<h1>Atlas 2 is generally available</h1>`),
			"/newsroom/maria-chen-coo": page("Northwind Robotics appoints Maria Chen as COO | Northwind Robotics",
				"Maria Chen joins as Chief Operating Officer.", `<h1>Maria Chen joins as COO</h1>`),
			"/newsroom/rotterdam-hub": page("Northwind opens European hub in Rotterdam | Northwind Robotics",
				"The Rotterdam hub will serve customers across Europe.", `<h1>Rotterdam hub</h1>`),
			"/private/press-preview": page("Embargoed press preview", "Not for crawlers.", `<h1>Embargoed</h1>`),
			"/about": {Body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>About us | Northwind Robotics</title>
<meta name="description" content="Northwind Robotics was founded in 2019 in Pittsburgh and builds robots that move pallets and totes.">
</head>
<body>
<header><nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/careers">Careers</a></nav>
<p>Free shipping on Atlas spare parts.</p></header>
<main>
<h1>About Northwind Robotics</h1>
<p>Northwind Robotics was founded in 2019 in Pittsburgh, Pennsylvania, by engineers from Carnegie Mellon's Field Robotics Center.</p>
<p>Its Atlas robots work in more than 40 warehouses in North America and Europe.</p>
</main>
<footer><p>© Northwind Robotics, Inc.</p></footer>
</body>
</html>`},
			"/careers": page("Careers | Northwind Robotics", "Join the team building robots that move the warehouse.",
				`<h1>Careers at Northwind</h1><p>See <a href="https://boards.greenhouse.io/northwindrobotics">all open roles</a>.</p>
<ul><li><a href="https://boards.greenhouse.io/northwindrobotics/jobs/4012345">Senior Robotics Engineer, Navigation</a></li></ul>`),
		},
	}
}

// AcmeAnalyticsSite is the website of Acme Analytics (acme-analytics.com),
// dated relative to now, served over HTTP only (no TLS) and without a
// robots.txt (404: everything allowed):
//   - /: title "Home | Acme Analytics" (no og:site_name), a meta
//     description too short to describe the company ("Welcome to Acme
//     Analytics"), declares the Atom feed /blog/atom.xml, links /press
//     ("Press"), /jobs and /about.
//   - /blog/atom.xml: Atom 1.0 with four entries: Forecast Studio 3 (now-2d,
//     +02:00, HTML summary), Contoso webinar (updated only, now-20d, XHTML
//     content), a date-only entry (now-45d) and one from now-400d.
//   - /press: a newsroom without a feed listing five articles dated by
//     article:published_time (now-4d), JSON-LD datePublished (now-9d), a
//     <time datetime> date (now-60d), nothing (undated) and a <time> from
//     now-300d.
//   - /jobs: links the Ashby board "acme-analytics" and a Workable posting
//     of the account "acme-analytics".
//   - /about: a placeholder meta description ("Just another WordPress
//     site") and a first paragraph of three sentences that describes the
//     company, then a second paragraph.
func AcmeAnalyticsSite(now time.Time) Site {
	now = now.UTC()
	ago := func(days int) time.Time { return now.AddDate(0, 0, -days) }
	cest := time.FixedZone("CEST", 2*3600)
	article := func(title, head, body string) SitePage {
		return SitePage{Body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>` + title +
			` | Acme Analytics</title>` + head + `</head><body><article><h1>` + title + `</h1>` + body + `</article></body></html>`}
	}
	return Site{
		Domain: "acme-analytics.com",
		NoTLS:  true,
		Pages: map[string]SitePage{
			"/": {Body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Home | Acme Analytics</title>
<meta name="description" content="Welcome to Acme Analytics">
<link rel="alternate" type="application/atom+xml" title="Acme Analytics blog" href="/blog/atom.xml">
</head><body>
<nav><a href="/product">Product</a> <a href="/press">Press</a> <a href="/jobs">Jobs</a> <a href="/about">About</a></nav>
<h1>Forecasts planners trust</h1>
</body></html>`},
			"/blog/atom.xml": {ContentType: "application/atom+xml", Body: `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Acme Analytics blog</title>
<link href="` + SiteOrigin + `/blog/" rel="alternate"/>
<updated>` + ago(2).In(cest).Format(time.RFC3339) + `</updated>
<id>urn:uuid:8f5a3c1e-acme-blog</id>
<entry>
<title>Acme launches Forecast Studio 3</title>
<link rel="alternate" href="/blog/forecast-studio-3"/>
<id>urn:uuid:acme-fs3</id>
<published>` + ago(2).In(cest).Format(time.RFC3339) + `</published>
<updated>` + ago(1).In(cest).Format(time.RFC3339) + `</updated>
<summary type="html">&lt;p&gt;Forecast Studio 3 brings &lt;em&gt;hourly&lt;/em&gt; forecasts to every SKU.&lt;/p&gt;</summary>
</entry>
<entry>
<title type="text">Webinar: forecasting with Contoso</title>
<link href="/blog/contoso-webinar"/>
<id>urn:uuid:acme-webinar</id>
<updated>` + ago(20).Format(time.RFC3339) + `</updated>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Join Acme and <b>Contoso</b> for a live session.</p></div></content>
</entry>
<entry>
<title>Our 2026 data-privacy report</title>
<link href="/blog/privacy-report"/>
<id>urn:uuid:acme-privacy</id>
<published>` + ago(45).Format(time.DateOnly) + `</published>
<summary>What we collect and why.</summary>
</entry>
<entry>
<title>Acme Analytics is founded</title>
<link href="/blog/founded"/>
<id>urn:uuid:acme-founded</id>
<published>` + ago(400).Format(time.RFC3339) + `</published>
<summary>Hello, world.</summary>
</entry>
</feed>`},
			"/press": {Body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Press | Acme Analytics</title></head>
<body><nav><a href="/">Home</a> <a href="/press">Press</a> <a href="/jobs">Jobs</a></nav>
<h1>Press releases</h1><ul>
<li><a href="/press/2026/acme-partners-with-contoso">Acme partners with Contoso Logistics</a></li>
<li><a href="/press/acme-opens-berlin-office">Acme opens Berlin office</a></li>
<li><a href="/press/acme-named-top-50">Acme named to the Supply Chain Top 50</a></li>
<li><a href="/press/acme-community-day">Acme community day</a></li>
<li><a href="/press/2025/acme-seed-round">Acme raises seed round</a></li>
</ul><p><a href="/press/page/2">Older releases</a> <a href="/press/tag/partnerships">Partnerships</a></p></body></html>`},
			"/press/2026/acme-partners-with-contoso": article("Acme partners with Contoso Logistics",
				`<meta name="description" content="Acme Analytics and Contoso Logistics will forecast demand together."><meta property="article:published_time" content="`+ago(4).Format(time.RFC3339)+`">`,
				`<p>Acme Analytics and Contoso Logistics will forecast demand together.</p>`),
			"/press/acme-opens-berlin-office": article("Acme opens Berlin office",
				`<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Acme opens Berlin office","datePublished":"`+ago(9).Format(time.DateOnly)+`"}</script>`,
				`<p>Acme Analytics opens its first European office in Berlin.</p>`),
			"/press/acme-named-top-50": article("Acme named to the Supply Chain Top 50", "",
				`<p>Posted <time datetime="`+ago(60).Format(time.DateOnly)+`">`+ago(60).Format("January 2, 2006")+`</time></p>`),
			"/press/acme-community-day": article("Acme community day", "", `<p>Join us for our community day.</p>`),
			"/press/2025/acme-seed-round": article("Acme raises seed round", "",
				`<p><time datetime="`+ago(300).Format(time.RFC3339)+`">last year</time></p>`),
			"/jobs": {Body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jobs | Acme Analytics</title></head><body>
<h1>Work with us</h1>
<a href="https://jobs.ashbyhq.com/acme-analytics">Open roles</a>
<a href="https://apply.workable.com/acme-analytics/j/4C2E1A9B7D/">Data engineer (Workable)</a>
</body></html>`},
			"/about": {Body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>About | Acme Analytics</title>
<meta name="description" content="Just another WordPress site">
</head><body>
<nav><a href="/">Home</a> <a href="/press">Press</a> <a href="/jobs">Jobs</a></nav>
<main><h1>About Acme Analytics</h1>
<p>Acme Analytics turns warehouse sensor data into demand forecasts that planners trust. Founded in Austin in 2016, the company serves 120 retailers and distributors. Its models cover more than two million SKUs.</p>
<p>Acme is backed by Harbor Ventures.</p>
</main></body></html>`},
		},
	}
}
