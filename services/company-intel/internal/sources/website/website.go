// Package website is company-intel's first-party source: it reads the
// company's own site through pkg/evidence's guarded fetcher, politely.
//
// Per Gather it reads robots.txt first (RFC 9309; every later URL is
// checked against the file of its origin), then the home page — https
// first, http when https does not answer — and from there, concurrently,
// the newsroom (pages linked with news/press/blog words, their feeds and,
// for a newsroom without a feed, its article pages), the feeds the home
// page declares, the careers page and the about page (the one home-page
// link whose path or anchor text names it best: /about, /about-us,
// /company, /who-we-are, /ueber-uns, ... or "About us", "Who we are",
// "Our story"; no link, no fetch). When the home page links neither a
// newsroom nor a feed, a few common feed paths are tried in turn. At most
// Config.MaxPages documents are fetched (robots.txt files and redirects
// not counted; the about page is planned after the newsroom, feeds and
// careers page, so it is the first left out of a short budget), and
// Usage counts every request made.
//
// Which documents are fetched never depends on the company's name, only
// on its domain: GatherEarly starts a crawl from the domain alone, before
// the name is known (research starts it beside company resolution), and
// reads what it fetched into items only once the name has come. Reads of
// one domain's home page that overlap (resolution's Identity and the
// gathering) share one fetch of it and of its robots.txt, and a home page
// read is remembered for a minute (see memo.go).
//
// What it returns:
//   - the home, careers and about pages as KindPage items (first party,
//     undated); the about page's excerpt is its body text (the paragraphs
//     outside navigation, headers, footers and forms; its meta description
//     when it has none), the company's own account of itself; the home
//     page item's Tech are the technologies webtech detects on it (its
//     final URL, response headers and HTML as read: no further request),
//     those with a confidence of at least minTechConfidence, in webtech's
//     order;
//   - the profile's Description, when one reads as a description of the
//     company (see describes), from the first of: the home page's meta
//     description, og:description, JSON-LD Organization/WebSite
//     description (sitename.Page.Descriptions); the about page's meta
//     description, else its og:description; the first one or two
//     sentences (at most 300 characters) of the about page's first
//     paragraph; the home page's hero (its first h1 outside the header and
//     the paragraph after it). The Fact cites the page it was read from;
//     nothing is paraphrased;
//   - newsroom posts (feed entries and article pages) as KindPress items,
//     dated as the site dates them (precision from the date's form); dated
//     posts outside the query window are dropped, undated ones are kept
//     with PrecisionNone;
//   - the applicant-tracking boards the home or careers page links to in
//     Result.JobBoards.
//
// Relevance: everything read is on the company's own site — its domain and
// its subdomains (www., blog., jobs.) — so every item is about the
// company; feed entries and redirects leading off the site are dropped (a
// home page that redirects to another domain is not read: parking and
// for-sale redirects look the same as a rebrand).
//
// Where the feed and robots.txt shapes were learned: RFC 9309 and Google's
// open-source robots.txt parser (misspelt keys, a missing colon), and real
// robots.txt files of large sites as a robots.txt parser project keeps
// them for its tests (long runs of named-crawler groups ending in a "*"
// group, hundreds of rules with '*' and '$', blank lines inside groups,
// Sitemap lines, CRLF without a final line end); RSS 2.0, RSS 1.0, Atom
// (RFC 4287) and XML Base, and real feeds as feed-parser projects record
// them for their tests (a company newsroom's RSS with og and author
// blocks, a video channel's Atom whose only text is in media:group, a
// forum's Atom with entities escaped twice, a podcast RSS with no item
// links under .NET's a10 prefix, Google News' RSS, FeedBurner's
// origLink). testdata holds our own fixtures in those shapes.
package website

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/sitename"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// DefaultMaxPages is Config.MaxPages when zero.
const DefaultMaxPages = 12

const (
	providerName = "website"
	// maxRobotsBytes is the robots.txt parsing limit (RFC 9309 §2.5: at
	// least 500 KiB); a longer file is read up to it.
	maxRobotsBytes = 500 << 10
	maxNewsrooms   = 2 // newsroom pages read from the home page's links
	maxFeeds       = 3 // feeds read in all
	maxRedirects   = 5 // redirects followed per fetch (each checked against robots.txt)
)

// commonFeedPaths are tried in order, only when the home page links
// neither a newsroom nor a feed; the first that answers with a feed (or,
// for /press, with an HTML page other than the home page) is used.
var commonFeedPaths = []string{"/feed", "/rss.xml", "/blog/rss.xml", "/news/feed", "/atom.xml", "/feed.xml", "/press"}

var (
	htmlTypes = []string{"text/html", "application/xhtml+xml"}
	feedTypes = []string{"application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/xml", "text/xml"}
)

// ErrUnreachable is wrapped by the error of a Gather or Identity whose site
// could not be read at all: no answer (DNS, connection, TLS, timeout, a
// refused address) or a server error (5xx or 429 on the home page or its
// robots.txt). The *fetch.Error is wrapped too: fetch.CodeOf(err) says why
// (timeout, dns_failure, http_status, ...).
var ErrUnreachable = errors.New("website: site unreachable")

var (
	errDisallowed = errors.New("website: disallowed by robots.txt")
	errOffSite    = errors.New("website: not on the company's site")
)

// Config configures a Source.
type Config struct {
	// Fetcher does every request (required). Its AllowList, Resolver and
	// RootCAs are how tests reach loopback fixture sites.
	Fetcher *fetch.Fetcher
	// HTTPSPort and HTTPPort are the site's ports; 0 means 443 and 80.
	HTTPSPort, HTTPPort uint16
	// MaxPages bounds the documents fetched per Gather (pages and feeds;
	// robots.txt files and redirect hops are not counted); 0 means
	// DefaultMaxPages.
	MaxPages int
	// Now is the retrieval time of documents; nil means time.Now.
	Now    func() time.Time
	Logger *slog.Logger // nil discards
}

// Source reads a company's own website. It is safe for concurrent use.
type Source struct {
	fetcher             *fetch.Fetcher
	httpsPort, httpPort uint16
	maxPages            int
	now                 func() time.Time
	log                 *slog.Logger
	homes               homeMemo
	flights             homeFlight
}

// New builds a Source.
func New(cfg Config) (*Source, error) {
	if cfg.Fetcher == nil {
		return nil, errors.New("website: Config.Fetcher is required")
	}
	if cfg.MaxPages < 0 {
		return nil, errors.New("website: Config.MaxPages is negative")
	}
	s := &Source{fetcher: cfg.Fetcher, httpsPort: cfg.HTTPSPort, httpPort: cfg.HTTPPort, maxPages: cfg.MaxPages,
		now: cfg.Now, log: cfg.Logger}
	if s.httpsPort == 0 {
		s.httpsPort = 443
	}
	if s.httpPort == 0 {
		s.httpPort = 80
	}
	if s.maxPages == 0 {
		s.maxPages = DefaultMaxPages
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s, nil
}

// Name is the provider name items carry.
func (s *Source) Name() string { return providerName }

// Identity is the site's own statement of who it is.
type Identity struct {
	// SiteName is the company's name for itself, picked from the home page
	// by evidence (sitename.Pick: og:site_name, the title's parts, the
	// logo, JSON-LD, the copyright line and the domain, by agreement;
	// "Acme — Robots for warehouses" and "Home | Acme" both give "Acme").
	SiteName string
	// SiteNameFrom are the fields that agreed on SiteName and
	// SiteNameConfidence how sure the pick is (see sitename.Name).
	SiteNameFrom       []string
	SiteNameConfidence float64
	Title              string
	Description        string // the meta description, else og:description
	URL                string // the home page's URL after redirects
	// Reachable reports that the site answered: true whenever the error is
	// nil (a home page refused by robots.txt or answered with a 4xx is
	// reachable, with the other fields empty).
	Reachable bool
	// Home is the home page as a citable item (the evidence that the site
	// names itself SiteName); zero when the site was not read.
	Home bundle.Item
	// Usage counts the requests made (robots.txt and the home page).
	Usage bundle.Usage
}

// Identity reads the home page of domain (robots.txt first) and returns
// what the site says it is. An unreachable site is an error wrapping
// ErrUnreachable.
func (s *Source) Identity(ctx context.Context, domain string) (Identity, error) {
	d, err := normalDomain(domain)
	if err != nil {
		return Identity{}, err
	}
	c := s.newCrawl(d)
	page, err := c.home(ctx)
	if err != nil {
		err = c.homeError(ctx, err)
		return Identity{Reachable: err == nil, Usage: c.usage()}, err
	}
	base := pageURL(page)
	m := htmlmeta.Parse(page.Body, mustParse(base))
	name := sitename.Pick(sitename.Read(page.Body), d)
	return Identity{SiteName: name.Value, SiteNameFrom: name.From, SiteNameConfidence: name.Confidence,
		Title: m.Title, Description: m.Description, URL: base, Reachable: true,
		Home: c.homeItem(page, m, s.now()), Usage: c.usage()}, nil
}

// Gather reads the company's site for q (see the package documentation).
// A company without a domain gives an empty Result. A site that cannot be
// read at all is an error wrapping ErrUnreachable; a page or feed that
// fails after the home page was read is logged at debug level and skipped.
func (s *Source) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	return s.gather(ctx, q, nil)
}

// GatherEarly is Gather for a company whose name is not known yet, only
// its domain (q.Company.Domain; q's other Company fields are not read):
// it starts reading the site at once and makes the same requests Gather
// would (which documents a crawl fetches never depends on the company's
// name), while reading what it fetched into items and the profile — the
// publisher of press items, which description describes the company —
// waits for company, called once when everything planned has been
// fetched. company blocks until the name is known (bounded by its ctx);
// its Name and Aliases are then used as Gather uses q.Company's, so the
// Result is the one Gather would return for q with that company. When
// company fails (the company could not be resolved), GatherEarly returns
// its error (wrapped) with no items; a site that cannot be read returns
// as Gather does, without waiting for the name. A nil company is Gather.
func (s *Source) GatherEarly(ctx context.Context, q bundle.Query, company func(context.Context) (bundle.Company, error)) (bundle.Result, error) {
	return s.gather(ctx, q, company)
}

func (s *Source) gather(ctx context.Context, q bundle.Query, company func(context.Context) (bundle.Company, error)) (bundle.Result, error) {
	if strings.TrimSpace(q.Company.Domain) == "" {
		return bundle.Result{}, nil
	}
	d, err := normalDomain(q.Company.Domain)
	if err != nil {
		return bundle.Result{}, err
	}
	c := s.newCrawl(d)
	c.window = newWindow(q, s.now())
	if company == nil {
		c.name(q.Company)
	} else {
		c.unnamed = true
	}
	home, err := c.home(ctx)
	if err != nil {
		return bundle.Result{Usage: c.usage()}, c.homeError(ctx, err)
	}
	c.crawlFrom(ctx, home)
	if c.unnamed {
		co, err := company(ctx)
		if err != nil {
			return bundle.Result{Usage: c.usage()}, fmt.Errorf("website: %s: the company's name: %w", d, err)
		}
		c.name(co)
	}
	res := c.result()
	if err := ctx.Err(); err != nil {
		return res, fmt.Errorf("website: %s: %w", d, err)
	}
	return res, nil
}

// crawl is the state of one Gather or Identity call.
type crawl struct {
	s         *Source
	domain    string
	window    window
	publisher string // of press items: the company's name, else its domain
	contents  atomic.Int64

	brand   string              // the site's name for itself (Identity.SiteName), cut from article titles
	company companyname.Matcher // the query's company (zero for an identity read)

	// unnamed is true while an early crawl (GatherEarly) does not know the
	// company's name yet: the reads that need it wait in reads, in the
	// order they were made, until name runs them. Calling goroutine only.
	unnamed bool
	reads   []func()

	// Planning state, used by the calling goroutine only.
	known  map[string]bool // normalised URLs fetched or planned
	budget int

	robotsMu sync.Mutex
	robots   map[string]*robotsEntry // by origin

	// Results, appended by the calling goroutine only, in plan order.
	items     []bundle.Item
	profile   bundle.Profile
	jobBoards map[string]bool
}

type robotsEntry struct {
	once  sync.Once
	rules *Robots
	err   error
}

func (s *Source) newCrawl(domain string) *crawl {
	return &crawl{s: s, domain: domain, known: map[string]bool{},
		budget: s.maxPages, robots: map[string]*robotsEntry{}, jobBoards: map[string]bool{}}
}

// read runs f, which turns documents already fetched into items or the
// profile; in an early crawl not yet named it runs later, when name does.
// Every such step goes through read, so that items are appended in the
// same order either way.
func (c *crawl) read(f func()) {
	if c.unnamed {
		c.reads = append(c.reads, f)
		return
	}
	f()
}

// name makes company the crawl's (its names match descriptions and sign
// press items; its domain is the crawl's) and runs the reads waiting for
// it, in order.
func (c *crawl) name(company bundle.Company) {
	c.company = companyname.NewMatcher(company.Name, company.Aliases, c.domain)
	c.publisher = source.Fold(company.Name)
	if c.publisher == "" {
		c.publisher = c.domain
	}
	c.unnamed = false
	reads := c.reads
	c.reads = nil
	for _, f := range reads {
		f()
	}
}

func (c *crawl) usage() bundle.Usage { return bundle.Usage{Contents: int(c.contents.Load())} }

// origin is scheme://host with the configured port when it is not the
// scheme's default.
func (s *Source) origin(scheme, host string) string {
	port := s.httpsPort
	if scheme == "http" {
		port = s.httpPort
	}
	if (scheme == "https" && port == 443) || (scheme == "http" && port == 80) {
		return scheme + "://" + host
	}
	return scheme + "://" + host + ":" + strconv.Itoa(int(port))
}

// onSite reports whether u is on the company's site: the domain or a
// subdomain of it.
func (c *crawl) onSite(u *url.URL) bool {
	h := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	return h == c.domain || strings.HasSuffix(h, "."+c.domain)
}

func (c *crawl) isKnown(u string) bool { return c.known[source.Normalize(u)] }

// home reads the home page — https first, http when https does not
// answer at all — or adopts a read of it made or being made by another
// crawl of the same Source (see memo.go).
func (c *crawl) home(ctx context.Context) (*fetch.Page, error) {
	for {
		if e, ok := c.s.homes.get(c.domain, time.Now()); ok {
			c.adoptRobots(e.robots)
			c.known[source.Normalize(pageURL(e.page))] = true
			c.budget--
			return e.page, nil
		}
		call, first := c.s.flights.join(c.domain)
		if first {
			page, err := c.fetchHome(ctx)
			if err == nil {
				c.s.homes.put(c.domain, homeEntry{page: page, robots: c.robotsReads(true), at: time.Now()})
			}
			c.s.flights.finish(ctx, c, call, page, err, err != nil && ctx.Err() != nil)
			return page, err
		}
		select {
		case <-call.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if call.err != nil {
			if call.abandoned && ctx.Err() == nil {
				continue // its reader went away: read it anew
			}
			return nil, call.err
		}
		c.adoptRobots(call.robots)
		for _, u := range call.known {
			c.known[u] = true
		}
		c.budget--
		return call.page, nil
	}
}

// fetchHome reads the home page: https first, http when https does not
// answer.
func (c *crawl) fetchHome(ctx context.Context) (*fetch.Page, error) {
	var firstErr error
	for _, scheme := range []string{"https", "http"} {
		start := c.s.origin(scheme, c.domain) + "/"
		page, err := c.get(ctx, start, htmlTypes)
		if err == nil {
			c.known[source.Normalize(start)] = true
			c.known[source.Normalize(pageURL(page))] = true
			c.budget--
			return page, nil
		}
		if firstErr == nil {
			firstErr = err
		}
		if ctx.Err() != nil || !noAnswer(err) {
			return nil, err
		}
	}
	return nil, firstErr
}

// homeError is the error Gather and Identity return for a home page that
// could not be read: ErrUnreachable for a site that is down, the context's
// error when the caller went away, nil when the site answered but has
// nothing to read (4xx, not HTML, robots.txt disallows it).
func (c *crawl) homeError(ctx context.Context, err error) error {
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("website: %s: %w", c.domain, err)
	case siteDown(err):
		return fmt.Errorf("%w: %s: %w", ErrUnreachable, c.domain, err)
	}
	c.s.log.DebugContext(ctx, "website: home page not readable", slog.String("domain", c.domain), slog.Any("err", err))
	return nil
}

// noAnswer reports whether err means nothing answered, so the other
// scheme is worth trying.
func noAnswer(err error) bool {
	switch fetch.CodeOf(err) {
	case fetch.CodeNetwork, fetch.CodeTimeout:
		return true
	}
	return false
}

// siteDown reports whether a home-page failure means the site cannot be
// read at all.
func siteDown(err error) bool {
	var fe *fetch.Error
	if !errors.As(err, &fe) {
		return false
	}
	switch fe.Code {
	case fetch.CodeNetwork, fetch.CodeTimeout, fetch.CodeDNSFailure, fetch.CodeBlockedAddress, fetch.CodeBlockedPort:
		return true
	case fetch.CodeHTTPStatus:
		return fe.Status >= 500 || fe.Status == 429
	}
	return false
}

// get fetches rawURL when it is on the site and robots.txt of its origin
// allows it, following redirects itself so that every hop is checked too.
func (c *crawl) get(ctx context.Context, rawURL string, accept []string) (*fetch.Page, error) {
	next := rawURL
	for hop := 0; ; hop++ {
		u, err := url.Parse(next)
		if err != nil {
			return nil, &fetch.Error{Code: fetch.CodeBadURL, URL: next, Err: err}
		}
		if !c.onSite(u) {
			return nil, fmt.Errorf("%w: %s", errOffSite, next)
		}
		rules, err := c.robotsFor(ctx, u.Scheme+"://"+u.Host)
		if err != nil {
			return nil, err
		}
		if !rules.Allowed(requestPath(u)) {
			if rules.unavailable != nil {
				return nil, fmt.Errorf("%w: robots.txt unavailable: %w", errDisallowed, rules.unavailable)
			}
			return nil, fmt.Errorf("%w: %s", errDisallowed, next)
		}
		c.contents.Add(1)
		page, err := c.s.fetcher.Fetch(ctx, next, fetch.Options{Accept: accept, NoRedirects: true})
		var fe *fetch.Error
		if err == nil || !errors.As(err, &fe) || fe.Code != fetch.CodeRedirectRefused || hop == maxRedirects {
			return page, err
		}
		next = fe.URL
	}
}

func requestPath(u *url.URL) string {
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p
}

// robotsFor returns the robots.txt rules of origin, fetching them once.
func (c *crawl) robotsFor(ctx context.Context, origin string) (*Robots, error) {
	c.robotsMu.Lock()
	e := c.robots[origin]
	if e == nil {
		e = &robotsEntry{}
		c.robots[origin] = e
	}
	c.robotsMu.Unlock()
	e.once.Do(func() { e.rules, e.err = c.fetchRobots(ctx, origin) })
	return e.rules, e.err
}

// fetchRobots reads origin's robots.txt (RFC 9309 §2.3.1): a text/plain
// answer is parsed; a 4xx (but 429), a missing file served as HTML or too
// many redirects allow everything; a 5xx or 429 disallows everything; no
// answer at all is an error.
func (c *crawl) fetchRobots(ctx context.Context, origin string) (*Robots, error) {
	c.contents.Add(1)
	page, err := c.s.fetcher.Fetch(ctx, origin+"/robots.txt", fetch.Options{Accept: []string{"text/plain"}, MaxBytes: maxRobotsBytes})
	if err == nil {
		return ParseRobots(page.Body, ProductToken), nil
	}
	var fe *fetch.Error
	errors.As(err, &fe)
	switch fetch.CodeOf(err) {
	case fetch.CodeHTTPStatus:
		if fe.Status >= 500 || fe.Status == 429 {
			r := DisallowAll()
			r.unavailable = err
			c.s.log.DebugContext(ctx, "website: robots.txt unavailable, disallowing all", slog.String("origin", origin), slog.Int("status", fe.Status))
			return r, nil
		}
		return &Robots{}, nil
	case fetch.CodeBadContentType, fetch.CodeTooManyRedirects:
		return &Robots{}, nil
	}
	return nil, err
}

// citeURL is the URL an item of page p cites: its canonical URL when that
// is on the site, else the URL it was read from.
func (c *crawl) citeURL(p *fetch.Page, m htmlmeta.Meta) string {
	if u, err := url.Parse(m.Canonical); err == nil && m.Canonical != "" && c.onSite(u) {
		return m.Canonical
	}
	return pageURL(p)
}

func pageURL(p *fetch.Page) string {
	if p.Source.FinalURL != "" {
		return p.Source.FinalURL
	}
	return p.Source.URL
}

func isHTML(p *fetch.Page) bool {
	return p.ContentType == "text/html" || p.ContentType == "application/xhtml+xml"
}

// mustParse parses a URL the fetcher has fetched (so it parses; an empty
// URL otherwise).
func mustParse(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		return &url.URL{}
	}
	return u
}

var domainLabel = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// normalDomain lower-cases a host name and checks its syntax (ASCII, at
// least two labels, a top-level label that is not a number: no IP
// addresses).
func normalDomain(d string) (string, error) {
	d = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(d)), ".")
	labels := strings.Split(d, ".")
	ok := len(d) <= 253 && len(labels) >= 2 && strings.Trim(labels[len(labels)-1], "0123456789") != ""
	for _, l := range labels {
		ok = ok && domainLabel.MatchString(l)
	}
	if !ok {
		return "", fmt.Errorf("website: invalid domain %q", d)
	}
	return d, nil
}
