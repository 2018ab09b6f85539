package sourcetest

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
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
//
// A robots.txt (text/plain) or feed (an RSS, Atom or XML type) answered
// with 200 carries the validators real web servers and CDNs send with
// such static files, unless its page sets them: a strong ETag (a hash of
// the body served), Last-Modified (when the servers started) and
// "Cache-Control: public, max-age=300"; a request whose If-None-Match or
// If-Modified-Since matches gets 304 Not Modified without a body.
type Sites struct {
	tlsSrv, plainSrv *Server
	roots            *x509.CertPool
	byHost           map[string]*Site

	// modified is the Last-Modified of feeds and robots.txt files (the
	// servers' start, to the second).
	modified time.Time

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
	s := &Sites{byHost: map[string]*Site{}, modified: time.Now().UTC().Truncate(time.Second)}
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
	body := strings.ReplaceAll(page.Body, SiteOrigin, origin)
	w.Header().Set("Content-Type", ct)
	if status == http.StatusOK && cacheable(r.URL.Path, ct) && s.validators(w.Header(), r, body) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// cacheable reports whether a page is one real servers send with cache
// validators by default: a robots.txt file or a feed.
func cacheable(path, contentType string) bool {
	mt, _, _ := strings.Cut(strings.ToLower(contentType), ";")
	switch strings.TrimSpace(mt) {
	case "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/xml", "text/xml":
		return true
	case "text/plain":
		return path == "/robots.txt"
	}
	return false
}

// validators sets the headers a web server or CDN sends with a static
// robots.txt or feed (ETag, Last-Modified, Cache-Control), those the page
// does not set itself, and reports whether the request's If-None-Match or
// If-Modified-Since (RFC 9110 §13.1) makes the answer 304 Not Modified.
func (s *Sites) validators(h http.Header, r *http.Request, body string) bool {
	if h.Get("ETag") == "" {
		sum := sha256.Sum256([]byte(body))
		h.Set("ETag", `"`+hex.EncodeToString(sum[:8])+`"`)
	}
	if h.Get("Last-Modified") == "" {
		h.Set("Last-Modified", s.modified.Format(http.TimeFormat))
	}
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "public, max-age=300")
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		for tag := range strings.SplitSeq(inm, ",") {
			if tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/"); tag == "*" || tag == strings.TrimPrefix(h.Get("ETag"), "W/") {
				return true
			}
		}
		return false
	}
	since, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	modified, merr := http.ParseTime(h.Get("Last-Modified"))
	return err == nil && merr == nil && !modified.After(since)
}

// NewsroomFeed is a company newsroom's RSS 2.0 feed in the shape large
// publishers' newsrooms send (a company blog's feed as recorded by public
// feed-parser projects): the Atom, content, Dublin Core and Media RSS
// namespaces declared on <rss>, standalone="no", an atom:link rel=self, a
// channel <image> whose <title> is not the channel's, and items carrying
// media:content, <category> lists, an <og> block and an <author> in the
// Atom namespace that both have a <title> of their own. NewsroomRSS
// renders it; SiteOrigin may appear in every URL.
type NewsroomFeed struct {
	Title, Home, Self, Description string // Home: the newsroom's URL; Self: the feed's
	ImageTitle                     string // the channel <image>'s title ("" no image)
	SiteName                       string // og:site_name of every item
	Built                          time.Time
	Items                          []NewsroomItem
}

// NewsroomItem is one item of a NewsroomFeed.
type NewsroomItem struct {
	Title, Link string
	// GUID "" makes the link the guid, written as real newsrooms write a
	// permalink: without isPermaLink. Another value is an opaque id,
	// written isPermaLink="false".
	GUID string
	// PubDate is the <pubDate> text as the publisher writes it (RFC 1123
	// with a numeric or named zone, date only, ...); "" none.
	PubDate string
	// Description is HTML. It is escaped into the element, as most
	// newsrooms send it, or wrapped in CDATA; an Image is also put before
	// it as an escaped <img>, and in media:content.
	Description string
	CDATA       bool
	Image       string
	Categories  []string
	// Author, AuthorTitle and Department fill the item's <author> block
	// ("" no block).
	Author, AuthorTitle, Department string
}

// NewsroomRSS renders f as a feed page served as application/rss+xml;
// charset=utf-8 (text escaped as xmlText does: quotes left as they are).
func NewsroomRSS(f NewsroomFeed) SitePage {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8" standalone="no"?>` + "\n" +
		`<rss xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" ` +
		`xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" version="2.0">` + "\n    <channel>\n")
	fmt.Fprintf(&b, "        <title>%s</title>\n        <link>%s</link>\n        <description>%s</description>\n"+
		"        <atom:link href=\"%s\" rel=\"self\"/>\n        <language>en-us</language>\n",
		xmlText(f.Title), xmlText(f.Home), xmlText(f.Description), xmlAttr(f.Self))
	if !f.Built.IsZero() {
		fmt.Fprintf(&b, "        <lastBuildDate>%s</lastBuildDate>\n", f.Built.Format(time.RFC1123Z))
	}
	if f.ImageTitle != "" {
		fmt.Fprintf(&b, "        <image>\n            <url>%s/static/newsroom/logo.png</url>\n            <title>%s</title>\n            <link>%s</link>\n        </image>\n",
			xmlText(strings.TrimSuffix(f.Home, "/")), xmlText(f.ImageTitle), xmlText(f.Home))
	}
	for _, it := range f.Items {
		b.WriteString(newsroomItem(f, it))
	}
	b.WriteString("    </channel>\n</rss>\n")
	return SitePage{ContentType: "application/rss+xml; charset=utf-8", Body: b.String()}
}

func newsroomItem(f NewsroomFeed, it NewsroomItem) string {
	var b strings.Builder
	title, link := xmlText(it.Title), xmlText(it.Link)
	fmt.Fprintf(&b, "        <item>\n            <title>%s</title>\n            <link>%s</link>\n", title, link)
	desc := it.Description
	if it.Image != "" {
		fmt.Fprintf(&b, "            <media:content height=\"540\" medium=\"image\" url=\"%s\" width=\"540\"/>\n", xmlAttr(it.Image))
		desc = `<img src="` + it.Image + `">` + desc
	}
	if it.CDATA {
		desc = "<![CDATA[" + strings.ReplaceAll(desc, "]]>", "]]]]><![CDATA[>") + "]]>"
	} else {
		desc = xmlText(desc)
	}
	fmt.Fprintf(&b, "            <description>%s</description>\n", desc)
	if it.PubDate != "" {
		fmt.Fprintf(&b, "            <pubDate>%s</pubDate>\n", xmlText(it.PubDate))
	}
	if it.GUID == "" {
		fmt.Fprintf(&b, "            <guid>%s</guid>\n", link)
	} else {
		fmt.Fprintf(&b, "            <guid isPermaLink=\"false\">%s</guid>\n", xmlText(it.GUID))
	}
	for _, c := range it.Categories {
		fmt.Fprintf(&b, "            <category>%s</category>\n", xmlText(c))
	}
	fmt.Fprintf(&b, "            <og xmlns:og=\"http://ogp.me/ns#\">\n                <type>article</type>\n                <title>%s</title>\n"+
		"                <description></description>\n                <site_name>%s</site_name>\n                <url>%s</url>\n            </og>\n",
		title, xmlText(f.SiteName), link)
	if it.Author != "" {
		fmt.Fprintf(&b, "            <author xmlns:author=\"http://www.w3.org/2005/Atom\">\n                <name>%s</name>\n"+
			"                <title>%s</title>\n                <department>%s</department>\n                <company/>\n            </author>\n",
			xmlText(it.Author), xmlText(it.AuthorTitle), xmlText(it.Department))
	}
	b.WriteString("        </item>\n")
	return b.String()
}

// NorthwindSite is the website of Northwind Robotics
// (northwind-robotics.com), dated relative to now, served over HTTPS and
// HTTP:
//   - /robots.txt, in the shape of large sites' files (CRLF line ends,
//     comments, no final line end; groups of several User-agent lines,
//     Crawl-delay, blank lines inside a group, '*' and '$' rules, Sitemap
//     lines): "*" may not fetch /private/ (but /private/press-kit/),
//     /search, a ?sessionid= URL or a /print page; Googlebot and Bingbot
//     have a group of their own; GPTBot and CCBot may fetch nothing.
//   - /: og:site_name "Northwind Robotics", a description, links to
//     /newsroom, /private/press-preview (disallowed), /about, /careers and
//     /contact, and to one article.
//   - /newsroom: declares /newsroom/rss.xml (rel=alternate) and links its
//     articles.
//   - /newsroom/rss.xml: a NewsroomRSS feed (a large newsroom's shape:
//     channel image, og and author blocks, categories) with five items:
//     Series B (now-3d, -0500, an opaque guid, a tracking link, CDATA HTML
//     after an image), Atlas 2 GA (now-12d, GMT), COO appointment (now-30d,
//     date only), Rotterdam hub (now-200d) and an item linking off the site
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
			"/robots.txt": {ContentType: "text/plain; charset=utf-8", Body: strings.ReplaceAll(`# robots.txt for northwind-robotics.com
# Questions about crawling: webmaster@northwind-robotics.com

User-agent: Googlebot
User-agent: Bingbot
Crawl-delay: 2
Disallow: /private/
Disallow: /*?sessionid=
Disallow: /*.pdf$

User-agent: *

Disallow: /private/
Allow: /private/press-kit/
Disallow: /search
Disallow: /*?sessionid=
Disallow: /*/print$

User-agent: GPTBot
User-agent: CCBot
Disallow: /

# Sitemaps
Sitemap: `+SiteOrigin+`/sitemap.xml
Sitemap: `+SiteOrigin+`/newsroom/sitemap.xml`, "\n", "\r\n")},
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
			"/newsroom/rss.xml": NewsroomRSS(NewsroomFeed{
				Title: "Northwind Robotics press releases", Home: SiteOrigin + "/newsroom", Self: SiteOrigin + "/newsroom/rss.xml",
				Description: "Announcements from Northwind Robotics", ImageTitle: "Northwind Newsroom", SiteName: "Northwind Robotics",
				Built: ago(3).In(est), Items: []NewsroomItem{
					{Title: "Northwind Robotics raises $48M Series B led by Harbor Ventures",
						Link: SiteOrigin + "/newsroom/series-b?utm_source=rss&utm_medium=feed", GUID: "nw-2041",
						PubDate: ago(3).In(est).Format(time.RFC1123Z), CDATA: true, Image: SiteOrigin + "/static/newsroom/series-b.max-600x600.webp",
						Description: `<p><strong>Northwind Robotics</strong> today announced a $48 million Series B round led by Harbor Ventures to expand Atlas production.</p>`,
						Categories:  []string{"Funding", "Company news"}, Author: "Dana Okafor", AuthorTitle: "Head of Communications", Department: "Newsroom"},
					{Title: "Atlas 2 is generally available", Link: SiteOrigin + "/newsroom/atlas-2-general-availability",
						PubDate: ago(12).Format("Mon, 02 Jan 2006 15:04:05 GMT"), Categories: []string{"Atlas"},
						Description: "Atlas 2 carries 1.5 t pallets at 2 m/s and is available to order today."},
					{Title: "Northwind Robotics appoints Maria Chen as Chief Operating Officer", Link: SiteOrigin + "/newsroom/maria-chen-coo",
						PubDate:     ago(30).Format("Mon, 02 Jan 2006"),
						Description: "Maria Chen joins from Contoso Logistics, where she ran fulfilment operations."},
					{Title: "Northwind opens European hub in Rotterdam", Link: SiteOrigin + "/newsroom/rotterdam-hub",
						PubDate: ago(200).Format(time.RFC1123Z), Description: "The Rotterdam hub will serve customers across Europe."},
					{Title: "Northwind featured in Logistics Weekly", Link: "https://logistics-weekly.example/2026/northwind-profile",
						PubDate: ago(5).Format(time.RFC1123Z), Description: "A profile of Northwind Robotics."},
				}}),
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
//   - /blog/atom.xml: Atom 1.0 in the shape community and video sites send
//     (the Media RSS namespace; the feed's title after its category, icon,
//     relative id, links and subtitle; in entries, author and category
//     first, a "replies" link before the alternate one, the title last)
//     with four entries: Forecast Studio 3 (now-2d, +02:00, HTML summary),
//     Contoso webinar (updated only, now-20d, XHTML content), a date-only
//     entry (now-45d) and one from now-400d whose only text is a
//     <media:group> description.
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
<feed
    xmlns="http://www.w3.org/2005/Atom"
    xmlns:media="http://search.yahoo.com/mrss/">
    <category term="AcmeAnalytics" label="Acme Analytics blog"/>
    <updated>` + ago(2).In(cest).Format(time.RFC3339) + `</updated>
    <icon>` + SiteOrigin + `/static/icon.png/</icon>
    <id>/blog/atom.xml</id>
    <link rel="self" href="` + SiteOrigin + `/blog/atom.xml" type="application/atom+xml" />
    <link rel="alternate" href="` + SiteOrigin + `/blog/" type="text/html" />
    <subtitle>Forecasting notes from the Acme Analytics team</subtitle>
    <title>Acme Analytics blog</title>
    <entry>
        <author>
            <name>Acme Analytics</name>
            <uri>` + SiteOrigin + `/about</uri>
        </author>
        <category term="product" label="Product news"/>
        <summary type="html">&lt;p&gt;Forecast Studio 3 brings &lt;em&gt;hourly&lt;/em&gt; forecasts to every SKU.&lt;/p&gt;</summary>
        <id>urn:uuid:acme-fs3</id>
        <link rel="replies" type="text/html" href="/blog/forecast-studio-3#comments" />
        <link rel="alternate" href="/blog/forecast-studio-3" />
        <updated>` + ago(1).In(cest).Format(time.RFC3339) + `</updated>
        <published>` + ago(2).In(cest).Format(time.RFC3339) + `</published>
        <title>Acme launches Forecast Studio 3</title>
    </entry>
    <entry>
        <author>
            <name>Acme Analytics</name>
        </author>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Join Acme and <b>Contoso</b> for a live session.</p></div></content>
        <id>urn:uuid:acme-webinar</id>
        <link href="/blog/contoso-webinar" />
        <updated>` + ago(20).Format(time.RFC3339) + `</updated>
        <title type="text">Webinar: forecasting with Contoso</title>
    </entry>
    <entry>
        <summary>What we collect and why.</summary>
        <id>urn:uuid:acme-privacy</id>
        <link href="/blog/privacy-report" />
        <published>` + ago(45).Format(time.DateOnly) + `</published>
        <title>Our 2026 data-privacy report</title>
    </entry>
    <entry>
        <id>urn:uuid:acme-founded</id>
        <link rel="alternate" href="/blog/founded" />
        <published>` + ago(400).Format(time.RFC3339) + `</published>
        <updated>` + ago(398).Format(time.RFC3339) + `</updated>
        <media:group>
            <media:title>Acme Analytics is founded</media:title>
            <media:thumbnail url="` + SiteOrigin + `/static/blog/founded.jpg" width="480" height="360"/>
            <media:description>Hello, world.
                We are Acme Analytics.</media:description>
        </media:group>
        <title>Acme Analytics is founded</title>
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
