package sourcetest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"maps"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
)

// World is one coherent fixture world: every provider fake (Google News,
// GDELT, Exa, SEC EDGAR, Wikidata, the five ATS board APIs), the fixture
// websites and a loopback DNS server, all populated with the same
// fictitious companies (see Companies), dated relative to one instant. A
// service configured with Env reaches all of it over loopback through its
// real code paths, the DNS resolver included, so the whole service can be
// tested, benchmarked and demonstrated offline. The DNS server also
// publishes mail setups (MX, SPF, DMARC, DKIM, TLS-RPT) for a few
// companies (WorldCompany.Mail), so that domain-qual, given the same Env,
// classifies, audits and profiles them offline too.
//
// The websites are served over HTTP only: the HTTPS port answers every
// handshake with a TLS alert at once (no site has a certificate), so the
// website source falls back to http:// without waiting, as it does for a
// real site without TLS.
type World struct {
	now  time.Time
	opts WorldOptions

	googleNews, gdelt, exa, sec, wikidata, ats *Server
	sites                                      *Sites
	dns                                        *dnstest.Server

	companies []WorldCompany
}

// WorldOptions configures a World.
type WorldOptions struct {
	// Exa puts EXA_API_KEY (ExaKey) in Env, so that a service uses the
	// paid Exa source; without it the Exa fake runs but a service leaves
	// Exa disabled.
	Exa bool
}

// WorldCompany is one company of the world and what researching it
// should yield.
type WorldCompany struct {
	Name         string   // the name it resolves to (its Wikidata label)
	Aliases      []string // its other names on Wikidata
	Domain       string   // the registrable domain of its website
	Industry     string
	Headquarters string // the city (P159)
	Country      string // the country as Wikidata labels it (P17)
	WikidataID   string
	Ticker       string // exchange ticker of a listed company ("" for a private one)
	CIK          string // SEC Central Index Key of a listed company
	// Board is the URL of its job board ("" none); BoardLinked reports that
	// its careers page links it (otherwise only the ATS source's
	// name-verified guess finds it).
	Board       string
	BoardLinked bool
	// Quiet: it resolves (site and Wikidata) but nothing is dated inside
	// any window, so research finds no signal (422 insufficient_evidence).
	Quiet bool
	// SiteDown: its site answers 503 to everything.
	SiteDown bool
	// Ambiguous: another company of the world has the same name, so
	// research by name is a 422 (reason ambiguous); by domain it resolves.
	Ambiguous bool
	// Described: some source says what it does (its site, its Wikidata
	// entry or the first sentence of its own press release). A quiet
	// company that is not described gets no brief (422).
	Described bool
	// Mail summarises the mail setup its DNS publishes ("" none: no MX,
	// SPF or DMARC record).
	Mail string
	// Events are the signals research should find, newest first; those
	// older than the request's window are expected only with a longer
	// lookback.
	Events []WorldEvent
	// Decoys are items about the company that must not become signals
	// (or must be dropped by their source), newest first.
	Decoys []WorldEvent
}

// WorldEvent is one thing that happened to a company and the items that
// report it.
type WorldEvent struct {
	Type     string // signal type as the API names it ("funding", …); "" for a decoy
	DaysAgo  int    // the event's calendar day, counted back from the world's now (UTC)
	Headline string // the representative headline
	Decoy    string // for a decoy: why it is not a signal
	Evidence []WorldEvidence
}

// WorldEvidence is one item a source returns (or, Dropped, must not
// return) for an event.
type WorldEvidence struct {
	Provider string // the item's Provider: "googlenews", "gdelt", "exa", "sec", "website", "greenhouse", …
	URL      string // the item's Doc.URL, normalised as sources normalise it
	// Dropped: the provider serves it, but the source must not return it
	// (the company is named only in the article's body, the article is not
	// in English, a feed entry links off the site).
	Dropped bool
}

// Providers of WorldEvidence that are not ATS providers.
const (
	ProviderGoogleNews = "googlenews"
	ProviderGDELT      = "gdelt"
	ProviderExa        = "exa"
	ProviderSEC        = "sec"
	ProviderWebsite    = "website"
)

// WorldUserAgent is the SEC_USER_AGENT Env gives (the SEC fake refuses
// undeclared clients).
const WorldUserAgent = "intel402 fixture world ops@intel402.dev"

// StartWorld starts the world (OpenWorld) for a test and closes it at
// cleanup. now should be the clock of the service under test: every date
// of the world is relative to it.
func StartWorld(tb testing.TB, now time.Time, opts ...WorldOptions) *World {
	tb.Helper()
	var o WorldOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	w, err := OpenWorld(now, o)
	if err != nil {
		tb.Fatal(err)
	}
	return closeAtCleanup(tb, w)
}

// OpenWorld starts the world outside a test (the fakeupstreams command);
// the caller closes it.
func OpenWorld(now time.Time, opts WorldOptions) (*World, error) {
	fx := newWorldFixture(now)
	w := &World{now: fx.c.now, opts: opts}
	if err := w.start(fx); err != nil {
		w.Close()
		return nil, err
	}
	w.companies = fx.summaries(w.sec.URL, w.sites)
	return w, nil
}

// start starts the servers of fx; Close stops those that started.
func (w *World) start(fx worldFixture) error {
	w.googleNews = StartGoogleNews(fx.googleNews()...)
	w.gdelt = StartGDELT(GDELTFixture{Articles: fx.gdelt()})
	w.exa = StartExa(ExaFixture{APIKey: ExaKey, Results: fx.exa()})
	w.sec = StartSEC(fx.sec()...)
	w.wikidata = StartWikidata(fx.wikidata()...)
	var err error
	if w.ats, err = StartATS(fx.boards()...); err != nil {
		return err
	}
	if w.sites, err = StartSites(fx.sites()...); err != nil {
		return err
	}
	w.dns, err = dnstest.Serve(dnstest.Config{Zones: fx.zones(), NXDomainOutside: true})
	return err
}

// Close stops every server of the world.
func (w *World) Close() {
	for _, s := range w.servers() {
		if s != nil {
			s.Close()
		}
	}
	if w.sites != nil {
		w.sites.Close()
	}
	if w.dns != nil {
		w.dns.Close()
	}
}

// servers are the provider fakes.
func (w *World) servers() []*Server {
	return []*Server{w.googleNews, w.gdelt, w.exa, w.sec, w.wikidata, w.ats}
}

// Now is the instant the world's dates are relative to (UTC).
func (w *World) Now() time.Time { return w.now }

// Companies returns the companies of the world and what they should
// yield.
func (w *World) Companies() []WorldCompany { return slices.Clone(w.companies) }

// Company returns the company at domain.
func (w *World) Company(domain string) (WorldCompany, bool) {
	i := slices.IndexFunc(w.companies, func(c WorldCompany) bool { return c.Domain == domain })
	if i < 0 {
		return WorldCompany{}, false
	}
	return w.companies[i], true
}

// GoogleNews is the Google News fake (GoogleNewsPath).
func (w *World) GoogleNews() *Server { return w.googleNews }

// GDELT is the GDELT DOC 2.0 fake (GDELTPath).
func (w *World) GDELT() *Server { return w.gdelt }

// Exa is the Exa fake; it accepts ExaKey.
func (w *World) Exa() *Server { return w.exa }

// SEC is the SEC EDGAR fake (both hosts).
func (w *World) SEC() *Server { return w.sec }

// Wikidata is the Wikidata API and query service fake.
func (w *World) Wikidata() *Server { return w.wikidata }

// ATS is the fake of the five ATS board APIs.
func (w *World) ATS() *Server { return w.ats }

// Sites are the companies' websites.
func (w *World) Sites() *Sites { return w.sites }

// DNSAddr is the loopback address (host:port, UDP and TCP) of the DNS
// server. It is authoritative for every company's domain: SOA, NS, A
// 127.0.0.1 for the domain and its www. host (no AAAA), and the mail
// setups (WorldCompany.Mail) with the providers' records they use (MX
// host addresses, SPF includes, DKIM keys behind CNAMEs); NODATA for
// other types of a name it knows, NXDOMAIN for every other name.
func (w *World) DNSAddr() string { return w.dns.Addr() }

// DNSQueries counts the questions the DNS server has answered.
func (w *World) DNSQueries() int { return w.dns.Queries() }

// Calls counts the requests every provider fake and both website servers
// have received. DNS queries are not requests and are not counted (see
// DNSQueries).
func (w *World) Calls() int {
	n := w.sites.Calls()
	for _, s := range w.servers() {
		n += s.Calls()
	}
	return n
}

// SetLatency delays every answer of every provider fake and of the
// websites by d (benchmarks: a provider's round trip); DNS answers at
// once.
func (w *World) SetLatency(d time.Duration) {
	for _, s := range w.servers() {
		s.SetLatency(d)
	}
	w.sites.SetLatency(d)
}

// FailAll makes every request to every provider fake and to the websites
// fail with f (Server.FailAlways on every path); an empty f clears it.
// DNS keeps answering. Inject finer faults through the accessors.
func (w *World) FailAll(f Fault) {
	for _, s := range w.servers() {
		s.FailAlways("", f)
	}
	w.sites.FailAlways("", f)
}

// SetDNSFault makes the world's DNS server fail every query with f
// (DNSServfail, DNSTimeout) from now on; DNSOK restores it.
func (w *World) SetDNSFault(f DNSFault) {
	w.dns.SetFaultAll(dnsFaultKinds[f])
}

// ParseDNSFault parses "ok" (or ""), "servfail" or "timeout".
func ParseDNSFault(s string) (DNSFault, bool) {
	switch f := DNSFault(s); f {
	case "ok", DNSOK:
		return DNSOK, true
	case DNSServfail, DNSTimeout:
		return f, true
	}
	return "", false
}

// Env returns every variable a company-intel service needs to use the
// world instead of the public providers: the providers' endpoints, the SEC
// User-Agent, the DNS server, the fetch allow-list (exactly the two
// website listeners) and the website ports; EXA_API_KEY only when the
// world was opened with Exa (EXA_BASE_URL always points at the fake, so a
// key set elsewhere never reaches the real Exa). A domain-qual service
// reads the same DNS_RESOLVERS, FETCH_ALLOWLIST and WEBSITE_*_PORT (and
// ignores the rest), so the same Env points it at the world's DNS and
// websites. EGRESS_ID names the world, so that services over one world
// share its providers' rate budgets and services over another do not.
func (w *World) Env() map[string]string {
	https, http := w.sites.HTTPSPort(), w.sites.HTTPPort()
	env := map[string]string{
		"NEWS_RSS_URL":            w.googleNews.URL + GoogleNewsPath,
		"GDELT_DOC_URL":           w.gdelt.URL + GDELTPath,
		"EXA_BASE_URL":            w.exa.URL,
		"SEC_DATA_URL":            w.sec.URL,
		"SEC_WWW_URL":             w.sec.URL,
		"SEC_USER_AGENT":          WorldUserAgent,
		"WIKIDATA_API_URL":        w.wikidata.URL + WikidataAPIPath,
		"WIKIDATA_SPARQL_URL":     w.wikidata.URL + WikidataSPARQLPath,
		"GREENHOUSE_API_URL":      w.ats.URL,
		"LEVER_API_URL":           w.ats.URL,
		"ASHBY_API_URL":           w.ats.URL,
		"WORKABLE_API_URL":        w.ats.URL,
		"SMARTRECRUITERS_API_URL": w.ats.URL,
		"DNS_RESOLVERS":           w.dns.Addr(),
		"FETCH_ALLOWLIST":         loopback(https) + "," + loopback(http),
		"WEBSITE_HTTPS_PORT":      strconv.Itoa(int(https)),
		"WEBSITE_HTTP_PORT":       strconv.Itoa(int(http)),
		// The world's providers are its own: services over this world
		// share their rate budgets with each other (as replicas behind
		// one egress do), not with services over another world.
		"EGRESS_ID": "world-" + strconv.Itoa(int(https)),
	}
	if w.opts.Exa {
		env["EXA_API_KEY"] = ExaKey
	}
	return env
}

func loopback(port uint16) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(int(port))) }

// Exports renders Env as POSIX shell lines, "export KEY=value" sorted by
// key, a value quoted when the shell needs it.
func (w *World) Exports() string {
	var b strings.Builder
	env := w.Env()
	for _, k := range slices.Sorted(maps.Keys(env)) {
		fmt.Fprintf(&b, "export %s=%s\n", k, shellQuote(env[k]))
	}
	return b.String()
}

// EnvFile renders Env as "KEY=value" lines sorted by key, a value quoted
// as in Exports when the shell needs it: a file that "set -a; . FILE",
// compose's env_file and systemd's EnvironmentFile all read.
func (w *World) EnvFile() string {
	var b strings.Builder
	env := w.Env()
	for _, k := range slices.Sorted(maps.Keys(env)) {
		fmt.Fprintf(&b, "%s=%s\n", k, shellQuote(env[k]))
	}
	return b.String()
}

// shellQuote single-quotes s unless it is made of characters a POSIX
// shell reads literally.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:,@+=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// WriteCompanies writes one block per company: its name, domain and
// facts, then its events and decoys with their day and the providers that
// carry them.
func (w *World) WriteCompanies(out io.Writer) error {
	var b strings.Builder
	for _, c := range w.companies {
		var notes []string
		if c.Ticker != "" {
			notes = append(notes, "ticker "+c.Ticker+", CIK "+c.CIK)
		}
		if c.Board != "" {
			how := "linked"
			if !c.BoardLinked {
				how = "found by name"
			}
			notes = append(notes, "board "+c.Board+" ("+how+")")
		}
		for _, f := range []struct {
			on   bool
			note string
		}{{c.Quiet, "quiet: no event in any window"}, {c.SiteDown, "site down (503)"}, {c.Ambiguous, "name shared: ambiguous by name"}} {
			if f.on {
				notes = append(notes, f.note)
			}
		}
		fmt.Fprintf(&b, "%s (%s) — %s, %s; %s\n", c.Name, c.Domain, c.Industry, c.Headquarters, strings.Join(notes, "; "))
		if c.Mail != "" {
			fmt.Fprintf(&b, "  %-12s        %s\n", "mail", c.Mail)
		}
		for _, e := range c.Events {
			fmt.Fprintf(&b, "  %-12s %5s  %s  [%s]\n", e.Type, "-"+strconv.Itoa(e.DaysAgo)+"d", e.Headline, evidenceProviders(e))
		}
		for _, e := range c.Decoys {
			fmt.Fprintf(&b, "  %-12s %5s  %s  [%s] (%s)\n", "decoy", "-"+strconv.Itoa(e.DaysAgo)+"d", e.Headline, evidenceProviders(e), e.Decoy)
		}
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// evidenceProviders lists an event's providers, once each, in order.
func evidenceProviders(e WorldEvent) string {
	var ps []string
	for _, ev := range e.Evidence {
		p := ev.Provider
		if ev.Dropped {
			p += " (dropped)"
		}
		if !slices.Contains(ps, p) {
			ps = append(ps, p)
		}
	}
	return strings.Join(ps, ", ")
}

// normalURL is a URL as sources cite it.
func normalURL(u string) string { return source.Normalize(u) }

// The rest of this file is the world's fixture: a declarative description
// of each company (worldCompanies) and the generators that render it for
// every provider, so that one fact is written once and every provider
// tells it the same way.

// wclock dates the world.
type wclock struct{ now time.Time }

// at is hh:mm UTC on the calendar day days before now (days ≥ 1, so that
// it is always in the past).
func (c wclock) at(days, hh, mm int) time.Time {
	d := c.now.AddDate(0, 0, -days)
	return time.Date(d.Year(), d.Month(), d.Day(), hh, mm, 0, 0, time.UTC)
}

// wIndex says which news providers index a story.
type wIndex uint8

const (
	inGoogle wIndex = 1 << iota
	inGDELT
	inExa
)

// wOutlet is a publisher.
type wOutlet struct{ name, site string }

// wStory is one article about an event at one outlet, published on the
// event's day at hh:mm UTC.
type wStory struct {
	hh, mm   int
	outlet   wOutlet
	path     string // at the outlet; {yyyy}, {mm}, {dd} and {ymd} are the story's date
	headline string
	lead     string // the first paragraph; {date} (AP style) and {weekday} are the story's date
	in       wIndex
	direct   bool   // Google News links the article itself, not its redirect
	author   string // as Exa reports it
	dateOnly bool   // Exa knows the day only
	// language and country are GDELT's, when not English and the United
	// States.
	language, country string
	// broken is how GDELT writes the story's title as invalid JSON ("" valid).
	broken GDELTBreak
}

// lostToGDELT reports whether GDELT's invalid JSON loses the story (a
// careful decoder repairs the other breaks).
func (s wStory) lostToGDELT() bool {
	return s.broken == GDELTTrailingBackslash || s.broken == GDELTUnescapedQuote
}

// wPost is a newsroom post of the company's own site, published on the
// event's day at hh:mm UTC.
type wPost struct {
	hh, mm int
	path   string // on the site
	// link, when set, is where the feed entry points instead: off the site
	// (the website source drops it).
	link           string
	title, summary string
	// style is how the post's page states its date (read only on sites
	// without a feed): "" article:published_time, "jsonld", "time", or
	// "none" (undated).
	style string
}

// wFiling is an SEC filing: an event's (filed on the event's day) or a
// routine one (filed days ago).
type wFiling struct {
	days   int
	hh, mm int    // acceptance time, UTC
	form   string // "" is 8-K
	items  []string
	desc   string // primaryDocDescription
	report int    // days from the report date to the filing; 0 is the filing day
}

// wEvent is one thing that happened to a company, as reported by the
// company (post, filing) and by outlets (stories).
type wEvent struct {
	signal  string // the signal type it should yield; "" for a decoy
	decoy   string // why a decoy is not a signal
	days    int
	post    *wPost
	filing  *wFiling
	stories []wStory
}

// wListing is a listed company's exchange and EDGAR records.
type wListing struct {
	cik                      int64
	ticker, exchange         string // "NWRB", "Nasdaq"
	secName, secTitle        string // submissions' name, the ticker file's title
	sic, sicDesc, state, web string
	address                  SECAddress
	routine                  []wFiling
}

// wSite is a company's website.
type wSite struct {
	title, siteName, desc string // home page <title>, og:site_name ("" none), meta description
	h1, intro, about      string
	tz                    *time.Location // the clock of its feed and pages
	news, newsText        string         // newsroom path and the home page's anchor text for it ("" none)
	feed                  string         // feed path ("" none)
	atom                  bool
	feedOnHome            bool   // the home page declares the feed (else the newsroom does)
	careers               string // careers path ("" none)
	careersHTML           string // its body: text and links (a job board)
	robots                string // robots.txt ("" answers 404)
	down                  bool   // every request answers 503
	// tags is markup the home page's head carries (tracking and widget
	// scripts, generator meta tags) and header the home page's response
	// headers (server, CDN): what technology detection reads on it.
	tags   string
	header http.Header
}

// wRole is an open role: posted days ago, in a department, at a place
// written "City, Country, CC", "City, Region, Country, CC" or "Remote,
// Country, CC".
type wRole struct {
	days               int
	title, dept, place string
}

// wCompany is one company of the world.
type wCompany struct {
	name, legal, domain string
	qid, description    string
	aliases             []string
	class               string // P31 class item
	website             string // P856 as Wikidata writes it
	industry, hq        string // labels of the P452 and P159 items
	country             string // label of the P17 item (a key of wdCountries)
	employees, prior    int64  // P1128 at the end of last year (preferred) and of the year before
	founded             time.Time
	exaTitle            string // its home page's title in Exa's company index
	listing             *wListing
	// unlistedOnWikidata: its Wikidata entry states no stock exchange or
	// ticker, so only the SEC ticker file's title (with its state
	// marker) ties the company to its filings.
	unlistedOnWikidata bool
	board              *ATSBoard
	boardLinked        bool
	smallBoard         string // why the board is too small for a hiring signal ("" when it is not)
	// roleText are descriptions of its roles by title (every role of that
	// title), served by the providers whose listings carry one.
	roleText map[string]string
	site     wSite
	// releaseDescribes: the first sentence of one of its newsroom posts
	// describes it (its only self-description when site and Wikidata
	// say nothing).
	releaseDescribes bool
	events           []wEvent
	quiet, ambiguous bool
}

// worldFixture is the world's data, dated by c.
type worldFixture struct {
	c         wclock
	companies []wCompany
}

func newWorldFixture(now time.Time) worldFixture {
	c := wclock{now: now.UTC().Truncate(time.Second)}
	return worldFixture{c: c, companies: worldCompanies(c)}
}

var apMonths = [...]string{"Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."}

// fill replaces the date placeholders of a fixture text with t's.
func fill(s string, t time.Time) string {
	return strings.NewReplacer(
		"{date}", fmt.Sprintf("%s %d, %d", apMonths[t.Month()-1], t.Day(), t.Year()),
		"{weekday}", t.Weekday().String(),
		"{yyyy}", t.Format("2006"), "{mm}", t.Format("01"), "{dd}", t.Format("02"), "{ymd}", t.Format("20060102"),
		"{year}", strconv.Itoa(t.Year()),
	).Replace(s)
}

func (s wStory) published(c wclock, e wEvent) time.Time { return c.at(e.days, s.hh, s.mm) }

// filled is the story with the placeholders of its path, headline and
// lead replaced by its date t.
func (s wStory) filled(t time.Time) wStory {
	s.path, s.headline, s.lead = fill(s.path, t), fill(s.headline, t), fill(s.lead, t)
	return s
}

func (s wStory) url() string { return s.outlet.site + s.path }

// each calls f for every story of every company, filled with its
// publication time t.
func (fx worldFixture) each(f func(s wStory, t time.Time)) {
	for _, co := range fx.companies {
		for _, e := range co.events {
			for _, s := range e.stories {
				t := s.published(fx.c, e)
				f(s.filled(t), t)
			}
		}
	}
}

func (fx worldFixture) googleNews() []GoogleNewsItem {
	var out []GoogleNewsItem
	fx.each(func(s wStory, t time.Time) {
		if s.in&inGoogle != 0 {
			out = append(out, GoogleNewsItem{Headline: s.headline, Publisher: s.outlet.name, SiteURL: s.outlet.site,
				URL: s.url(), Published: t, Body: s.lead, DirectLink: s.direct})
		}
	})
	return out
}

func (fx worldFixture) gdelt() []GDELTArticle {
	var out []GDELTArticle
	fx.each(func(s wStory, t time.Time) {
		if s.in&inGDELT != 0 {
			// GDELT sees an article some minutes after it is published.
			seen := t.Add(17 * time.Minute)
			if seen.After(fx.c.now) {
				seen = fx.c.now
			}
			out = append(out, GDELTArticle{URL: s.url(), Title: s.headline, Seen: seen, Text: s.lead,
				Language: s.language, SourceCountry: s.country, Broken: s.broken})
		}
	})
	return out
}

func (fx worldFixture) exa() []ExaResult {
	var out []ExaResult
	fx.each(func(s wStory, t time.Time) {
		if s.in&inExa != 0 {
			first, _, _ := strings.Cut(s.lead, ". ")
			out = append(out, ExaResult{URL: s.url(), Title: s.headline, Published: t, DateOnly: s.dateOnly,
				Author: s.author, Score: 0.3, Text: s.lead, Highlights: []string{strings.TrimSuffix(first, ".") + "."}})
		}
	})
	for _, co := range fx.companies {
		out = append(out, ExaResult{URL: "https://" + co.domain + "/", Title: co.exaTitle, Category: "company",
			Score: 0.5, Text: cmp.Or(co.site.desc, co.description)})
	}
	return out
}

// secDoc is a filing's primary document name.
func secDoc(ticker string, f wFiling, filed, report time.Time) string {
	t := strings.ToLower(ticker)
	switch f.form {
	case "", "8-K":
		return t + "-" + filed.Format("20060102") + "x8k.htm"
	case "4":
		return "xslF345X05/wk-form4_" + strconv.FormatInt(filed.Unix(), 10) + ".xml"
	case "DEF 14A":
		return t + "-def14a_" + filed.Format("20060102") + ".htm"
	}
	return t + "-" + report.Format("20060102") + ".htm"
}

// secFilings renders a listed company's filings: its events' and its
// routine ones.
func (fx worldFixture) secFilings(co wCompany) []SECFiling {
	l := co.listing
	var fs []wFiling
	for _, e := range co.events {
		if e.filing != nil {
			f := *e.filing
			f.days = e.days
			fs = append(fs, f)
		}
	}
	fs = append(fs, l.routine...)
	var out []SECFiling
	for i, f := range fs {
		filed := fx.c.at(f.days, 0, 0)
		report := fx.c.at(f.days+f.report, 0, 0)
		form := cmp.Or(f.form, "8-K")
		sf := SECFiling{
			Accession: fmt.Sprintf("%010d-%02d-%06d", l.cik, filed.Year()%100, 20+i), Form: form,
			Filed: filed, Accepted: fx.c.at(f.days, f.hh, f.mm), ReportDate: report, Items: f.items,
			PrimaryDocument: secDoc(l.ticker, f, filed, report), Description: cmp.Or(f.desc, "FORM "+form),
			XBRL: form == "10-Q" || form == "10-K",
		}
		out = append(out, sf)
	}
	return out
}

func (fx worldFixture) sec() []SECCompany {
	var out []SECCompany
	for _, co := range fx.companies {
		l := co.listing
		if l == nil {
			continue
		}
		out = append(out, SECCompany{
			CIK: l.cik, Name: l.secName, Title: l.secTitle, Tickers: []string{l.ticker}, Exchanges: []string{l.exchange},
			SIC: l.sic, SICDescription: l.sicDesc, StateOfIncorporation: l.state, Website: l.web, Business: l.address,
			Filings: fx.secFilings(co),
		})
	}
	return out
}

// Wikidata items the companies refer to: the classes and countries are
// Wikidata's own, the exchanges fictitious (industries and places are
// numbered in order of first use).
const (
	wdPublic  = "Q891723"  // public company
	wdPrivate = "Q1589009" // privately held company
	wdNasdaq  = "Q138200301"
	wdNYSE    = "Q138200302"
)

// wdCountries are the countries' items by their English labels.
var wdCountries = map[string]string{
	"United States of America":   WikidataUSA,
	"United Kingdom":             WikidataUK,
	"Ireland":                    WikidataIreland,
	"Kingdom of the Netherlands": WikidataNetherlands,
}

func (fx worldFixture) wikidata() []WikidataEntity {
	ids := map[string]string{} // by base and label
	used := map[int]int{}      // ids numbered from each base
	var refs []WikidataEntity
	country := func(label string) string {
		id, ok := wdCountries[label]
		if !ok {
			panic("sourcetest: no Wikidata item for country " + strconv.Quote(label))
		}
		if !slices.ContainsFunc(refs, func(e WikidataEntity) bool { return e.ID == id }) {
			refs = append(refs, WikidataEntity{ID: id, Label: label})
		}
		return id
	}
	ref := func(base int, label string) string {
		key := strconv.Itoa(base) + label
		if id, ok := ids[key]; ok {
			return id
		}
		used[base]++
		id := "Q" + strconv.Itoa(base+used[base])
		ids[key] = id
		refs = append(refs, WikidataEntity{ID: id, Label: label})
		return id
	}
	end := func(year int) time.Time { return time.Date(year, 12, 31, 0, 0, 0, 0, time.UTC) }
	last := fx.c.now.Year() - 1
	var out []WikidataEntity
	for _, co := range fx.companies {
		e := WikidataEntity{
			ID: co.qid, Label: co.name, Description: co.description, Aliases: co.aliases, InstanceOf: []string{co.class},
			Websites: []string{co.website}, Industries: []string{ref(138200100, co.industry)}, Headquarters: ref(138200200, co.hq),
			Country:   country(co.country),
			Employees: []WikidataEmployees{{Count: co.prior, AsOf: end(last - 1)}, {Count: co.employees, AsOf: end(last), Rank: "preferred"}},
			Inception: co.founded,
		}
		if l := co.listing; l != nil && !co.unlistedOnWikidata {
			exchange := wdNasdaq
			if l.exchange == "NYSE" {
				exchange = wdNYSE
			}
			e.Listings = []WikidataListing{{Exchange: exchange, Ticker: l.ticker}}
		}
		out = append(out, e)
	}
	return append(append(out, refs...),
		// A film named like a company (no website, not company-like) and
		// a product sharing a company's website (not company-like).
		WikidataEntity{ID: "Q138200090", Label: "Northwind Robotics", Description: "2019 short film by Ines Calder", InstanceOf: []string{"Q11424"}},
		WikidataEntity{ID: "Q138200091", Label: "Acme Cloud", Description: "demand forecasting software by Acme Analytics",
			InstanceOf: []string{"Q7397"}, Websites: []string{"https://acme-analytics.com/"}},
		WikidataEntity{ID: wdPublic, Label: "public company"},
		WikidataEntity{ID: wdPrivate, Label: "privately held company"},
		WikidataEntity{ID: "Q11424", Label: "film"},
		WikidataEntity{ID: "Q7397", Label: "software"},
		WikidataEntity{ID: wdNasdaq, Label: "Nasdaq"},
		WikidataEntity{ID: wdNYSE, Label: "New York Stock Exchange"},
	)
}

// jobs renders roles, each posted at 14:20 UTC on its day.
func (c wclock) jobs(roles ...wRole) []ATSJob {
	out := make([]ATSJob, 0, len(roles))
	for _, r := range roles {
		j := ATSJob{Title: r.title, Department: r.dept, EmploymentType: "Full-time", Published: c.at(r.days, 14, 20)}
		p := strings.Split(r.place, ", ")
		switch {
		case p[0] == "Remote":
			j.Remote, j.Country, j.CountryCode = true, p[1], p[2]
		case len(p) == 4:
			j.City, j.Region, j.Country, j.CountryCode = p[0], p[1], p[2], p[3]
		default:
			j.City, j.Country, j.CountryCode = p[0], p[1], p[2]
		}
		out = append(out, j)
	}
	return out
}

func (fx worldFixture) boards() []ATSBoard {
	var out []ATSBoard
	for _, co := range fx.companies {
		if co.board != nil {
			b := *co.board
			b.Jobs = described(b.Jobs, co.roleText)
			out = append(out, b)
		}
	}
	return out
}

// described returns a copy of jobs with the descriptions of texts (by
// title); a title that names no job is a fixture error and panics.
func described(jobs []ATSJob, texts map[string]string) []ATSJob {
	jobs = slices.Clone(jobs)
	for title, text := range texts {
		n := 0
		for i := range jobs {
			if jobs[i].Title == title {
				jobs[i].Description, n = text, n+1
			}
		}
		if n == 0 {
			panic(fmt.Sprintf("sourcetest: no role %q to describe", title))
		}
	}
	return jobs
}

// posts are the company's newsroom posts, newest first, with their
// publication times.
func (fx worldFixture) posts(co wCompany) ([]wPost, []time.Time) {
	type dated struct {
		p wPost
		t time.Time
	}
	var ds []dated
	for _, e := range co.events {
		if e.post != nil {
			p, t := *e.post, fx.c.at(e.days, e.post.hh, e.post.mm)
			p.title, p.summary = fill(p.title, t), fill(p.summary, t)
			ds = append(ds, dated{p, t})
		}
	}
	slices.SortStableFunc(ds, func(a, b dated) int { return b.t.Compare(a.t) })
	ps, ts := make([]wPost, len(ds)), make([]time.Time, len(ds))
	for i, d := range ds {
		ps[i], ts[i] = d.p, d.t
	}
	return ps, ts
}

func (fx worldFixture) sites() []Site {
	var out []Site
	for _, co := range fx.companies {
		out = append(out, fx.site(co))
	}
	return out
}

// site renders a company's website; every site is HTTP only.
func (fx worldFixture) site(co wCompany) Site {
	s := co.site
	if s.down {
		unavailable := SitePage{Status: 503, Body: "<!doctype html><title>503 Service Unavailable</title><h1>Service Unavailable</h1>"}
		return Site{Domain: co.domain, NoTLS: true, Pages: map[string]SitePage{"/robots.txt": unavailable, "/": unavailable}}
	}
	posts, times := fx.posts(co)
	esc := html.EscapeString
	pages := map[string]SitePage{}
	if s.robots != "" {
		pages["/robots.txt"] = SitePage{ContentType: "text/plain; charset=utf-8", Body: s.robots}
	}
	feedLink := ""
	if s.feed != "" {
		kind := "application/rss+xml"
		if s.atom {
			kind = "application/atom+xml"
		}
		feedLink = `<link rel="alternate" type="` + kind + `" title="` + esc(co.name) + ` news" href="` + s.feed + `">` + "\n"
	}
	head := func(title, desc, path string) string {
		return "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + esc(title) + "</title>\n" +
			`<meta name="description" content="` + esc(desc) + `">` + "\n" +
			`<link rel="canonical" href="` + SiteOrigin + path + `">` + "\n"
	}
	nav := `<a href="/">Home</a> <a href="/about">About</a>`
	if s.news != "" {
		nav += ` <a href="` + s.news + `">` + esc(s.newsText) + `</a>`
	}
	if s.careers != "" {
		nav += ` <a href="` + s.careers + `">Careers</a>`
	}
	page := func(title, desc, path, extraHead, body string) SitePage {
		return SitePage{Body: head(title, desc, path) + extraHead + "</head>\n<body>\n<header><nav>" + nav + "</nav></header>\n<main>\n" +
			body + "\n</main>\n<footer>© " + strconv.Itoa(fx.c.now.Year()) + " " + esc(co.legal) + "</footer>\n</body>\n</html>\n"}
	}
	homeHead := ""
	if s.siteName != "" {
		homeHead += `<meta property="og:site_name" content="` + esc(s.siteName) + `">` + "\n"
	}
	if s.feedOnHome {
		homeHead += feedLink
	}
	homeHead += s.tags
	pages["/"] = page(s.title, s.desc, "/", homeHead, "<h1>"+esc(s.h1)+"</h1>\n<p>"+esc(s.intro)+"</p>")
	if home := pages["/"]; s.header != nil {
		home.Header = s.header
		pages["/"] = home
	}
	pages["/about"] = page("About | "+co.name, s.about, "/about", "", "<h1>About "+esc(co.name)+"</h1>\n<p>"+esc(s.about)+"</p>")
	if s.careers != "" {
		pages[s.careers] = page("Careers | "+co.name, "Open roles at "+co.name+".", s.careers, "", "<h1>Careers at "+esc(co.name)+"</h1>\n"+s.careersHTML)
	}
	if s.news != "" {
		var list strings.Builder
		for _, p := range posts {
			href := cmp.Or(p.link, p.path)
			fmt.Fprintf(&list, "<li><a href=\"%s\">%s</a></li>\n", esc(href), esc(p.title))
		}
		roomHead := ""
		if !s.feedOnHome {
			roomHead = feedLink
		}
		pages[s.news] = page(s.newsText+" | "+co.name, "News and announcements from "+co.name+".", s.news, roomHead,
			"<h1>"+esc(s.newsText)+"</h1>\n<ul>\n"+list.String()+"</ul>")
	}
	for i, p := range posts {
		if p.link != "" {
			continue
		}
		t := times[i].In(s.tz)
		var meta, stamp string
		switch p.style {
		case "":
			meta = `<meta property="article:published_time" content="` + t.Format(time.RFC3339) + `">` + "\n"
		case "jsonld":
			meta = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"` +
				jsonText(p.title) + `","datePublished":"` + t.Format(time.DateOnly) + `"}</script>` + "\n"
		case "time":
			stamp = `<p><time datetime="` + t.Format(time.DateOnly) + `">` + t.Format("January 2, 2006") + "</time></p>\n"
		}
		pages[p.path] = page(p.title+" | "+co.name, p.summary, p.path, meta,
			"<article>\n<h1>"+esc(p.title)+"</h1>\n"+stamp+"<p>"+esc(p.summary)+"</p>\n</article>")
	}
	if s.feed != "" {
		pages[s.feed] = fx.feed(co, posts, times)
	}
	return Site{Domain: co.domain, NoTLS: true, Pages: pages}
}

// jsonText escapes s for a JSON string in a script element.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return strings.ReplaceAll(string(b[1:len(b)-1]), "</", `<\/`)
}

// feed renders the site's RSS 2.0 or Atom feed of posts.
func (fx worldFixture) feed(co wCompany, posts []wPost, times []time.Time) SitePage {
	s := co.site
	esc := html.EscapeString
	var b strings.Builder
	link := func(p wPost) string { return cmp.Or(p.link, SiteOrigin+p.path) }
	if s.atom {
		b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n")
		fmt.Fprintf(&b, "<title>%s</title>\n<link href=\"%s/\" rel=\"alternate\"/>\n<link href=\"%s%s\" rel=\"self\"/>\n<id>tag:%s,2020:feed</id>\n",
			esc(co.name), SiteOrigin, SiteOrigin, s.feed, co.domain)
		if len(times) > 0 {
			fmt.Fprintf(&b, "<updated>%s</updated>\n", times[0].In(s.tz).Format(time.RFC3339))
		}
		for i, p := range posts {
			t := times[i].In(s.tz).Format(time.RFC3339)
			fmt.Fprintf(&b, "<entry>\n<title>%s</title>\n<link rel=\"alternate\" href=\"%s\"/>\n<id>tag:%s,2020:%s</id>\n<published>%s</published>\n<updated>%s</updated>\n<summary>%s</summary>\n</entry>\n",
				esc(p.title), esc(link(p)), co.domain, esc(cmp.Or(p.path, p.link)), t, t, esc(p.summary))
		}
		b.WriteString("</feed>\n")
		return SitePage{ContentType: "application/atom+xml; charset=utf-8", Body: b.String()}
	}
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n")
	fmt.Fprintf(&b, "<title>%s news</title>\n<link>%s%s</link>\n<description>News and announcements from %s</description>\n<language>en-us</language>\n<atom:link href=\"%s%s\" rel=\"self\" type=\"application/rss+xml\"/>\n",
		esc(co.name), SiteOrigin, s.news, esc(co.name), SiteOrigin, s.feed)
	for i, p := range posts {
		fmt.Fprintf(&b, "<item>\n<title>%s</title>\n<link>%s</link>\n<guid isPermaLink=\"true\">%s</guid>\n<pubDate>%s</pubDate>\n<description>%s</description>\n</item>\n",
			esc(p.title), esc(link(p)), esc(link(p)), times[i].In(s.tz).Format(time.RFC1123Z), esc(p.summary))
	}
	b.WriteString("</channel>\n</rss>\n")
	return SitePage{ContentType: "application/rss+xml; charset=utf-8", Body: b.String()}
}

// summaries describes the companies as WorldCompany, with the URLs the
// sources cite (the SEC fake's and the sites' addresses are known once
// they run).
func (fx worldFixture) summaries(secURL string, sites *Sites) []WorldCompany {
	var out []WorldCompany
	for _, co := range fx.companies {
		wc := WorldCompany{Name: co.name, Aliases: slices.Clone(co.aliases), Domain: co.domain, Industry: co.industry, Headquarters: co.hq, Country: co.country,
			WikidataID:  co.qid,
			BoardLinked: co.boardLinked, Quiet: co.quiet, SiteDown: co.site.down, Ambiguous: co.ambiguous, Mail: worldMail[co.domain].summary,
			Described: co.site.desc != "" || co.site.about != "" || co.description != "" || co.releaseDescribes}
		var filings []SECFiling
		if l := co.listing; l != nil {
			wc.Ticker, wc.CIK = l.ticker, strconv.FormatInt(l.cik, 10)
			filings = fx.secFilings(co)
		}
		for i, e := range co.events {
			ev := WorldEvent{Type: e.signal, DaysAgo: e.days, Decoy: e.decoy} // headline: the first story's, else the post's title
			for _, s := range e.stories {
				t := s.published(fx.c, e)
				s = s.filled(t)
				if ev.Headline == "" {
					ev.Headline = s.headline
				}
				dropped := s.language != "" || !newsMentions(co, s.headline)
				if s.in&inGoogle != 0 {
					u := GoogleRedirect(s.url())
					if s.direct {
						u = s.url()
					}
					ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderGoogleNews, URL: normalURL(u), Dropped: dropped})
				}
				if s.in&inGDELT != 0 {
					ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderGDELT, URL: normalURL(s.url()), Dropped: dropped || s.lostToGDELT()})
				}
				if s.in&inExa != 0 {
					ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderExa, URL: normalURL(s.url()),
						Dropped: !newsMentions(co, s.headline+" "+s.lead)})
				}
			}
			if p := e.post; p != nil {
				if ev.Headline == "" {
					ev.Headline = fill(p.title, fx.c.at(e.days, p.hh, p.mm))
				}
				u := cmp.Or(p.link, sites.URL("http", co.domain, p.path))
				ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderWebsite, URL: normalURL(u), Dropped: p.link != ""})
			}
			if e.filing != nil {
				f := filings[eventFilingIndex(co, i)]
				u := secURL + "/Archives/edgar/data/" + wc.CIK + "/" + strings.ReplaceAll(f.Accession, "-", "") + "/" + f.PrimaryDocument
				ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderSEC, URL: normalURL(u)})
			}
			if e.signal == "" {
				wc.Decoys = append(wc.Decoys, ev)
			} else {
				wc.Events = append(wc.Events, ev)
			}
		}
		if b := co.board; b != nil {
			board := boardURL(*b)
			wc.Board = board
			newest := slices.MinFunc(b.Jobs, func(x, y ATSJob) int { return y.Published.Compare(x.Published) })
			ev := WorldEvent{Type: "hiring", DaysAgo: int(fx.c.at(0, 0, 0).Sub(newest.Published.Truncate(24*time.Hour)).Hours() / 24),
				Headline: fmt.Sprintf("%s lists %d open roles on %s", co.name, len(b.Jobs), atsSites[b.Provider].name),
				Evidence: []WorldEvidence{{Provider: b.Provider, URL: normalURL(board)}}}
			if co.smallBoard != "" {
				ev.Type, ev.Decoy = "", co.smallBoard
				wc.Decoys = append(wc.Decoys, ev)
			} else {
				wc.Events = append(wc.Events, ev)
			}
		}
		byDay := func(a, b WorldEvent) int { return a.DaysAgo - b.DaysAgo }
		slices.SortStableFunc(wc.Events, byDay)
		slices.SortStableFunc(wc.Decoys, byDay)
		out = append(out, wc)
	}
	return out
}

// eventFilingIndex is the index in secFilings of event i's filing (event
// filings come first, in event order).
func eventFilingIndex(co wCompany, i int) int {
	n := 0
	for _, e := range co.events[:i] {
		if e.filing != nil {
			n++
		}
	}
	return n
}

// newsMentions reports whether text names the company as the news
// sources require (newsitem.Matcher).
func newsMentions(co wCompany, text string) bool {
	return newsitem.NewMatcher(bundle.Company{Name: co.name, Domain: co.domain, Aliases: co.aliases}).Mentions(text)
}

// atsSites are the ATS providers' names and the roots of their public
// board pages.
var atsSites = map[string]struct{ name, root string }{
	ATSGreenhouse:      {"Greenhouse", "https://boards.greenhouse.io/"},
	ATSLever:           {"Lever", "https://jobs.lever.co/"},
	ATSAshby:           {"Ashby", "https://jobs.ashbyhq.com/"},
	ATSWorkable:        {"Workable", "https://apply.workable.com/"},
	ATSSmartRecruiters: {"SmartRecruiters", "https://jobs.smartrecruiters.com/"},
}

// boardURL is the board's public page as the ATS source cites it.
func boardURL(b ATSBoard) string { return atsSites[b.Provider].root + b.Token }

// Outlets the world's stories run at.
var (
	outBusinessWire   = wOutlet{"Business Wire", "https://www.businesswire.com"}
	outPRNewswire     = wOutlet{"PR Newswire", "https://www.prnewswire.com"}
	outGlobeNewswire  = wOutlet{"GlobeNewswire", "https://www.globenewswire.com"}
	outReuters        = wOutlet{"Reuters", "https://www.reuters.com"}
	outFT             = wOutlet{"Financial Times", "https://www.ft.com"}
	outTechCrunch     = wOutlet{"TechCrunch", "https://techcrunch.com"}
	outGeekWire       = wOutlet{"GeekWire", "https://www.geekwire.com"}
	outRobotReport    = wOutlet{"The Robot Report", "https://www.therobotreport.com"}
	outRobotics247    = wOutlet{"Robotics 24/7", "https://www.robotics247.com"}
	outSupplyChain    = wOutlet{"Supply Chain Dive", "https://www.supplychaindive.com"}
	outRetailDive     = wOutlet{"Retail Dive", "https://www.retaildive.com"}
	outInfoQ          = wOutlet{"InfoQ", "https://www.infoq.com"}
	outNextgov        = wOutlet{"Nextgov/FCW", "https://www.nextgov.com"}
	outSeattleTimes   = wOutlet{"The Seattle Times", "https://www.seattletimes.com"}
	outLesEchos       = wOutlet{"Les Echos", "https://www.lesechos.fr"}
	outMassDevice     = wOutlet{"MassDevice", "https://www.massdevice.com"}
	outMedTechDive    = wOutlet{"MedTech Dive", "https://www.medtechdive.com"}
	outBetaKit        = wOutlet{"BetaKit", "https://betakit.com"}
	outComputerWeekly = wOutlet{"Computer Weekly", "https://www.computerweekly.com"}
	outBizJournals    = wOutlet{"The Business Journals", "https://www.bizjournals.com"}
	outInsuranceJrnl  = wOutlet{"Insurance Journal", "https://www.insurancejournal.com"}
	outDarkReading    = wOutlet{"Dark Reading", "https://www.darkreading.com"}
	outNewStack       = wOutlet{"The New Stack", "https://thenewstack.io"}
	outFreightWaves   = wOutlet{"FreightWaves", "https://www.freightwaves.com"}
	outElectrek       = wOutlet{"Electrek", "https://electrek.co"}
	outBicycleRetail  = wOutlet{"Bicycle Retailer", "https://www.bicycleretailer.com"}
	outBikeEurope     = wOutlet{"Bike Europe", "https://www.bike-eu.com"}
	outEdSurge        = wOutlet{"EdSurge", "https://www.edsurge.com"}
	outCrains         = wOutlet{"Crain's Chicago Business", "https://www.chicagobusiness.com"}
	outSGB            = wOutlet{"SGB Media", "https://sgbonline.com"}
)

// Site clocks.
var (
	tzEastern  = time.FixedZone("EST", -5*3600)
	tzCentral  = time.FixedZone("CST", -6*3600)
	tzMountain = time.FixedZone("MST", -7*3600)
	tzPacific  = time.FixedZone("PST", -8*3600)
	tzLondon   = time.FixedZone("GMT", 0)
	tzCET      = time.FixedZone("CET", 3600)
)

func ymd(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// worldCompanies are the world's fictitious companies. Every name, person,
// product and investor is invented; publishers, regulators and
// technologies are real names used generically.
func worldCompanies(c wclock) []wCompany {
	return []wCompany{
		{
			name: "Northwind Robotics", legal: "Northwind Robotics, Inc.", domain: "northwind-robotics.com",
			qid: "Q138200001", description: "American maker of autonomous mobile robots for warehouses",
			aliases: []string{"Northwind Robotics, Inc.", "NWRB"}, class: wdPublic, website: "https://www.northwind-robotics.com/",
			industry: "warehouse automation", hq: "Pittsburgh", country: "United States of America", employees: 1420, prior: 1180, founded: ymd(2011, time.April, 12),
			exaTitle: "Northwind Robotics — Autonomous mobile robots for warehouses",
			roleText: map[string]string{
				"Senior Robotics Software Engineer, Navigation": "Own path planning and localisation for the Atlas fleet, in modern C++ on ROS 2, running on NVIDIA Jetson under Linux. Every release is tested in Gazebo simulation before it goes to a customer site.",
				"Embedded Firmware Engineer":                    "Write motor-control firmware in C for Arm Cortex-M microcontrollers (STM32) on FreeRTOS, and the CAN bus drivers that tie the drive units together.",
				"Supply Chain Planner":                          "Plan component supply for Atlas production in SAP S/4HANA and Excel, and run supplier orders through SAP Ariba.",
				"Enterprise Account Executive, Grocery":         "Sell Atlas fleets to grocers and keep pipeline and forecasts current in Salesforce.",
			},
			listing: &wListing{
				cik: 1999001, ticker: "NWRB", exchange: "Nasdaq", secName: "Northwind Robotics, Inc.", secTitle: "NORTHWIND ROBOTICS INC /DE/",
				sic: "3569", sicDesc: "General Industrial Machinery & Equipment, NEC", state: "DE", web: "https://www.northwind-robotics.com",
				address: SECAddress{Street1: "2100 SMALLMAN STREET", City: "PITTSBURGH", StateOrCountry: "PA", StateOrCountryDescription: "PA", ZipCode: "15222"},
				routine: []wFiling{
					{days: 25, hh: 22, mm: 2, form: "4", report: 2},
					{days: 41, hh: 20, mm: 12, form: "10-Q", report: 31},
					{days: 230, hh: 21, mm: 30, form: "10-K", report: 60},
				},
			},
			board: &ATSBoard{Provider: ATSGreenhouse, Token: "northwindrobotics", Name: "Northwind Robotics", Industry: "Robotics",
				Description: "Northwind Robotics builds and services autonomous mobile robots for warehouses.",
				Jobs: c.jobs(
					wRole{1, "Senior Robotics Software Engineer, Navigation", "Engineering", "Pittsburgh, PA, United States, US"},
					wRole{3, "Perception Engineer", "Engineering", "Pittsburgh, PA, United States, US"},
					wRole{6, "Embedded Firmware Engineer", "Engineering", "Pittsburgh, PA, United States, US"},
					wRole{9, "Controls Engineer, Atlas 2", "Engineering", "Pittsburgh, PA, United States, US"},
					wRole{4, "Manufacturing Test Technician", "Manufacturing", "Pittsburgh, PA, United States, US"},
					wRole{15, "Supply Chain Planner", "Manufacturing", "Pittsburgh, PA, United States, US"},
					wRole{7, "Field Service Technician", "Customer Operations", "Columbus, OH, United States, US"},
					wRole{12, "Field Service Technician", "Customer Operations", "Rotterdam, Netherlands, NL"},
					wRole{10, "Enterprise Account Executive, Grocery", "Sales", "Remote, United States, US"},
					wRole{20, "Solutions Engineer", "Sales", "Chicago, IL, United States, US"},
				)},
			boardLinked: true,
			site: wSite{
				title: "Northwind Robotics — Autonomous mobile robots for warehouses", siteName: "Northwind Robotics",
				desc: "Northwind Robotics builds autonomous mobile robots that move pallets through warehouses and cold stores, alongside people.",
				h1:   "Robots that move the warehouse", intro: "Atlas robots pick up pallets where people leave them and bring them where they are needed, in ambient and frozen aisles.",
				about: "Northwind Robotics was founded in 2011 in Pittsburgh, Pennsylvania, and has shipped more than 1,000 Atlas robots to grocers and third-party logistics providers.",
				tz:    tzEastern, news: "/newsroom", newsText: "Newsroom", feed: "/newsroom/rss.xml",
				tags: `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-NW7K2QX');</script>
<script type="text/javascript" id="hs-script-loader" async defer src="//js.hs-scripts.com/20418833.js"></script>
`,
				header:      http.Header{"Server": {"cloudflare"}, "Cf-Ray": {"8f1c2a3b4d5e6f70-PIT"}},
				careers:     "/careers",
				careersHTML: `<p>We design, build and service our robots in Pittsburgh and support customers across North America and Europe.</p>` + "\n" + `<p><a href="https://boards.greenhouse.io/northwindrobotics">See all open roles</a></p>`,
				robots:      "User-agent: *\nDisallow: /admin/\nDisallow: /search\n\nSitemap: " + SiteOrigin + "/sitemap.xml\n",
			},
			events: []wEvent{
				{signal: "leadership", days: 3,
					post:   &wPost{hh: 13, mm: 30, path: "/newsroom/dana-whitfield-cfo", title: "Northwind Robotics names Dana Whitfield chief financial officer", summary: "Dana Whitfield succeeds Raj Patel, who retires after nine years as CFO, and will lead finance and investor relations as Atlas 2 production ramps up."},
					filing: &wFiling{hh: 21, mm: 5, items: []string{"5.02", "9.01"}},
					stories: []wStory{{hh: 13, mm: 30, outlet: outBusinessWire, in: inGoogle, direct: true,
						path:     "/news/home/{ymd}005321/en/Northwind-Robotics-Names-Dana-Whitfield-Chief-Financial-Officer",
						headline: "Northwind Robotics Names Dana Whitfield Chief Financial Officer",
						lead:     "PITTSBURGH--(BUSINESS WIRE)--{date}--Northwind Robotics, Inc. (Nasdaq: NWRB), which builds autonomous mobile robots for warehouses, today announced that Dana Whitfield has been named chief financial officer, effective immediately. Whitfield succeeds Raj Patel, who is retiring after nine years with the company and will remain an adviser through the end of the year."}}},
				{signal: "partnership", days: 10,
					post:   &wPost{hh: 11, mm: 0, path: "/newsroom/contoso-logistics-agreement", title: "Northwind Robotics and Contoso Logistics sign five-year agreement to deploy Atlas robots in 40 distribution centers", summary: "Contoso Logistics will deploy more than 600 Atlas robots across its North American network from next quarter under a master supply agreement that includes fleet software and on-site service."},
					filing: &wFiling{hh: 11, mm: 2, items: []string{"1.01", "9.01"}, desc: "Master Supply Agreement with Contoso Logistics, Inc."},
					stories: []wStory{{hh: 9, mm: 12, outlet: outReuters, in: inGoogle | inGDELT,
						path:     "/technology/northwind-robotics-signs-five-year-deal-with-contoso-logistics-{yyyy}-{mm}-{dd}/",
						headline: "Northwind Robotics signs five-year deal to automate Contoso Logistics warehouses",
						lead:     "Northwind Robotics said on {weekday} it had signed a five-year agreement to supply Contoso Logistics with more than 600 of its Atlas mobile robots, its largest order to date. The robots will go into 40 distribution centers across the United States and Canada."}}},
				{signal: "product", days: 17,
					post: &wPost{hh: 14, mm: 0, path: "/newsroom/atlas-2", title: "Atlas 2 is now available to order", summary: "Atlas 2 lifts 1.5-tonne pallets, travels at 2 m/s and keeps running at -25 °C, so one fleet can serve ambient and frozen aisles."},
					stories: []wStory{{hh: 14, mm: 40, outlet: outRobotReport, in: inGDELT | inExa, author: "Clara Benning",
						path:     "/northwind-robotics-unveils-atlas-2-cold-storage-amr/",
						headline: "Northwind Robotics unveils Atlas 2, a pallet-moving robot built for freezer aisles",
						lead:     "Northwind Robotics has unveiled Atlas 2, the second generation of its autonomous pallet mover, with a heated sensor mast and batteries rated for -25 °C so that grocers can run one fleet across ambient and frozen storage. Deliveries begin next quarter from the company's Pittsburgh plant."}}},
				{decoy: "a customer story: the customer acts, not Northwind", days: 6,
					post: &wPost{hh: 15, mm: 0, path: "/newsroom/lakeshore-grocers-customer-story", title: "Customer story: how Lakeshore Grocers cut mis-picks by 31% with Atlas", summary: "Lakeshore Grocers' Madison distribution center runs 24 Atlas robots across two shifts."}},
				{decoy: "a feed entry that links off the site", days: 5,
					post: &wPost{hh: 12, mm: 0, link: "https://www.logisticsmgmt.com/article/warehouse_robots_in_the_cold_chain", title: "Northwind in Logistics Management: robots in the cold chain", summary: "Our head of product talked to Logistics Management about freezer automation."}},
				{decoy: "an interview, not an event", days: 15,
					stories: []wStory{{hh: 16, mm: 5, outlet: outRobotics247, in: inGoogle,
						path:     "/article/northwind_robotics_ceo_grippers",
						headline: "Northwind Robotics CEO on why warehouse robots need better grippers",
						lead:     "Northwind Robotics chief executive Elena Sorensen says the next gains in warehouse automation will come from grippers, not navigation."}}},
				{decoy: "names Northwind Robotics only in its body", days: 8,
					stories: []wStory{{hh: 11, mm: 45, outlet: outSupplyChain, in: inGoogle | inGDELT,
						path:     "/news/warehouse-robot-makers-component-tariffs/",
						headline: "Warehouse robot makers brace for higher component tariffs",
						lead:     "Vendors including Northwind Robotics expect the cost of lidar sensors and drive motors to rise by as much as 12% this year."}}},
				{signal: "expansion", days: 200,
					post: &wPost{hh: 14, mm: 0, path: "/newsroom/rotterdam-service-hub", title: "Northwind Robotics opens European service hub in Rotterdam", summary: "The Rotterdam hub stocks spare parts and houses 30 field engineers serving customers in the Netherlands, Belgium and Germany."},
					stories: []wStory{{hh: 10, mm: 30, outlet: outRobotReport, in: inGoogle,
						path:     "/northwind-robotics-rotterdam-service-hub/",
						headline: "Northwind Robotics opens European service hub in Rotterdam",
						lead:     "Northwind Robotics has opened a service hub in Rotterdam, its first facility outside North America, to support a growing base of European grocery customers."}}},
				{signal: "other", days: 400,
					post: &wPost{hh: 14, mm: 0, path: "/newsroom/1000th-atlas", title: "Northwind Robotics marks 1,000th Atlas robot milestone", summary: "The 1,000th Atlas robot left our Pittsburgh plant for a frozen-food warehouse in Ohio."}},
			},
		},
		{
			name: "Acme Analytics", legal: "Acme Analytics Corp", domain: "acme-analytics.com",
			qid: "Q138200002", description: "American demand forecasting software company",
			aliases: []string{"Acme Analytics Corp", "ACAN"}, class: wdPublic, website: "http://acme-analytics.com",
			industry: "business intelligence software", hq: "Austin", country: "United States of America", employees: 5200, prior: 4870, founded: ymd(2008, time.September, 1),
			exaTitle: "Acme Analytics: demand forecasting for retailers",
			roleText: map[string]string{
				"Staff Data Platform Engineer":           "Build the lakehouse behind Acme Cloud: Kafka streams land in Snowflake, modelled with dbt and orchestrated by Airflow, all on Kubernetes in AWS. Most of our services are Python.",
				"Machine Learning Engineer, Forecasting": "Train demand models in Python with PyTorch and XGBoost, and track experiments in MLflow on Databricks.",
				"Site Reliability Engineer":              "Keep Acme Cloud up: Kubernetes and Terraform on AWS, with Datadog dashboards and PagerDuty on-call.",
				"Federal Account Executive":              "Work public-sector deals in Salesforce and prospect with Outreach and ZoomInfo.",
			},
			listing: &wListing{
				cik: 1999002, ticker: "ACAN", exchange: "NYSE", secName: "Acme Analytics Corp", secTitle: "ACME ANALYTICS CORP /NEW",
				sic: "7372", sicDesc: "Services-Prepackaged Software", state: "DE", web: "https://acme-analytics.com",
				address: SECAddress{Street1: "500 CONGRESS AVENUE", City: "AUSTIN", StateOrCountry: "TX", StateOrCountryDescription: "TX", ZipCode: "78701"},
				routine: []wFiling{
					{days: 5, hh: 20, mm: 30, form: "10-Q", report: 37},
					{days: 44, hh: 13, mm: 15, form: "DEF 14A"},
				},
			},
			board: &ATSBoard{Provider: ATSLever, Token: "acme-analytics", Name: "Acme Analytics", Industry: "Software",
				Jobs: c.jobs(
					wRole{2, "Staff Data Platform Engineer", "Engineering", "Austin, TX, United States, US"},
					wRole{5, "Machine Learning Engineer, Forecasting", "Engineering", "Austin, TX, United States, US"},
					wRole{11, "Site Reliability Engineer", "Engineering", "Remote, United States, US"},
					wRole{8, "Federal Account Executive", "Sales", "Washington, DC, United States, US"},
					wRole{14, "Solutions Consultant, Retail", "Customer Success", "London, United Kingdom, GB"},
					wRole{19, "Senior Product Manager, Tidewater", "Product", "Austin, TX, United States, US"},
				)},
			boardLinked: true,
			site: wSite{
				title: "Acme Analytics | Demand forecasting for retailers",
				desc:  "Acme Analytics turns point-of-sale and supply data into store-level demand forecasts that retail planners trust.",
				h1:    "Forecasts planners trust", intro: "Acme Cloud forecasts demand for every product in every store, every hour.",
				about: "Acme Analytics was founded in Austin, Texas, in 2008 and serves more than 400 retailers and consumer brands.",
				tz:    tzCentral, feed: "/insights/atom.xml", atom: true, feedOnHome: true,
				tags: `<script src="//munchkin.marketo.net/munchkin.js"></script>
<script>Munchkin.init('512-ACM-204');</script>
<script src="https://cdn.segment.com/analytics.js/v1/aCm3SeGm3nTkEy/analytics.min.js"></script>
`,
				header:      http.Header{"Via": {"1.1 5e2c0f1d2a.cloudfront.net (CloudFront)"}, "X-Amz-Cf-Pop": {"IAH50-C1"}, "X-Amz-Cf-Id": {"kq3Xn0Acme7uYtR9Lr2bW1"}},
				careers:     "/careers",
				careersHTML: `<p>Join 5,000 people building forecasting software retailers run on.</p>` + "\n" + `<p><a href="https://jobs.lever.co/acme-analytics">Open positions</a></p>`,
			},
			events: []wEvent{
				{signal: "financial", days: 6,
					post:   &wPost{hh: 21, mm: 5, path: "/insights/third-quarter-results", title: "Acme Analytics reports third quarter fiscal {year} results", summary: "Revenue of $212.4 million, up 18% year over year; subscription revenue up 21%; full-year outlook raised."},
					filing: &wFiling{hh: 21, mm: 8, items: []string{"2.02", "9.01"}, desc: "Press release announcing third quarter fiscal year results"},
					stories: []wStory{
						{hh: 21, mm: 5, outlet: outGlobeNewswire, in: inGoogle,
							path:     "/news-release/{yyyy}/{mm}/{dd}/2998765/0/en/Acme-Analytics-Reports-Third-Quarter-Fiscal-{yyyy}-Results.html",
							headline: "Acme Analytics Reports Third Quarter Fiscal {year} Results",
							lead:     "AUSTIN, Texas, {date} (GLOBE NEWSWIRE) -- Acme Analytics Corp (NYSE: ACAN) today reported revenue of $212.4 million for its fiscal third quarter, up 18% from a year earlier, and raised its full-year revenue outlook to between $830 million and $836 million. Subscription revenue grew 21% to $189.7 million."},
						{hh: 22, mm: 40, outlet: outReuters, in: inGoogle | inGDELT,
							path:     "/technology/acme-analytics-raises-annual-forecast-{yyyy}-{mm}-{dd}/",
							headline: "Acme Analytics lifts annual revenue forecast as retailers lean on demand planning",
							lead:     "Acme Analytics raised its annual revenue forecast on {weekday} after third-quarter sales beat Wall Street estimates, as grocers and apparel chains bought more of its demand-planning software."},
					}},
				{signal: "technology", days: 13,
					post: &wPost{hh: 15, mm: 0, path: "/insights/open-sourcing-tidewater", title: "We're open-sourcing Tidewater, our streaming feature store", summary: "Tidewater computes 40,000 forecast features a second from point-of-sale streams; from today it is Apache-2.0 licensed on GitHub."},
					stories: []wStory{{hh: 16, mm: 20, outlet: outInfoQ, in: inExa, author: "Sergio De Simone", dateOnly: true,
						path:     "/news/{yyyy}/{mm}/acme-analytics-tidewater-feature-store/",
						headline: "Acme Analytics open-sources Tidewater, a streaming feature store built on Apache Kafka",
						lead:     "Acme Analytics has released Tidewater, the feature store behind its retail demand forecasts, under the Apache 2.0 license. Tidewater reads point-of-sale events from Kafka and serves features to models with a p99 latency under 15 ms, according to the company's engineering team."}}},
				{signal: "regulatory", days: 24,
					post: &wPost{hh: 14, mm: 30, path: "/insights/fedramp-moderate", title: "Acme Cloud achieves FedRAMP Moderate authorization", summary: "US federal agencies can now forecast supply demand with Acme Cloud, authorized at the FedRAMP Moderate impact level."},
					stories: []wStory{{hh: 17, mm: 10, outlet: outNextgov, in: inGoogle,
						path:     "/digital-government/{yyyy}/{mm}/acme-analytics-fedramp-moderate/",
						headline: "Acme Analytics receives FedRAMP Moderate authorization for its forecasting cloud",
						lead:     "Acme Analytics' forecasting cloud has been authorized at the FedRAMP Moderate level with the Defense Logistics Agency as sponsor, clearing the way for other agencies to buy it."}}},
				{decoy: "\"raises concerns\" is not a funding round", days: 9,
					stories: []wStory{{hh: 13, mm: 0, outlet: outRetailDive, in: inGoogle,
						path:     "/news/acme-analytics-loyalty-data-limits/",
						headline: "Acme Analytics raises concerns over proposed limits on retail loyalty data",
						lead:     "Acme Analytics told state lawmakers that the bill would leave retailers with too little purchase history to plan store inventory."}}},
				{decoy: "about demand forecasting, but never names Acme Analytics", days: 7,
					stories: []wStory{{hh: 9, mm: 0, outlet: outRetailDive, in: inExa, dateOnly: true,
						path:     "/news/retailers-demand-forecasting-inflation/",
						headline: "Retailers turn to demand forecasting as shoppers trade down",
						lead:     "Grocers and apparel chains are spending more on analytics and forecasting software to keep shelves full without tying up cash in stock."}}},
				{signal: "expansion", days: 150,
					post: &wPost{hh: 9, mm: 0, path: "/insights/berlin-engineering-office", title: "Acme Analytics opens Berlin engineering office", summary: "Our first engineering office outside the US will house 80 engineers working on Acme Cloud for European retailers."}},
			},
		},
		{
			name: "Contoso Drones", legal: "Contoso Drones, Inc.", domain: "contoso-drones.com",
			qid: "Q138200003", description: "American medical drone delivery company",
			aliases: []string{"Contoso Drones, Inc."}, class: wdPrivate, website: "https://contoso-drones.com",
			industry: "drone delivery", hq: "Seattle", country: "United States of America", employees: 140, prior: 85, founded: ymd(2019, time.February, 1),
			exaTitle: "Contoso Drones | Medical deliveries by drone",
			roleText: map[string]string{
				"Senior Flight Software Engineer": "Write flight software in C++ and Rust on a Linux companion computer; our ground tooling runs on ROS 2.",
				"Avionics Hardware Engineer":      "Design flight-controller boards in Altium and bring up STM32 processors and CAN bus sensors.",
			},
			board: &ATSBoard{Provider: ATSAshby, Token: "contoso-drones",
				Jobs: append(c.jobs(
					wRole{2, "Remote Pilot in Command", "Flight Operations", "Seattle, WA, United States, US"},
					wRole{4, "Remote Pilot in Command", "Flight Operations", "Tacoma, WA, United States, US"},
					wRole{9, "Flight Operations Lead", "Flight Operations", "Spokane, WA, United States, US"},
					wRole{3, "Senior Flight Software Engineer", "Engineering", "Seattle, WA, United States, US"},
					wRole{6, "Avionics Hardware Engineer", "Engineering", "Seattle, WA, United States, US"},
					wRole{13, "Test Engineer, Airworthiness", "Engineering", "Seattle, WA, United States, US"},
					wRole{8, "Regulatory Affairs Manager", "Regulatory", "Remote, United States, US"},
					wRole{5, "Hospital Partnerships Manager", "Partnerships", "Portland, OR, United States, US"},
				), ATSJob{Title: "Hospital Partnerships Manager", Department: "Partnerships", City: "Denver", Region: "CO", Country: "United States",
					CountryCode: "US", EmploymentType: "Full-time", Published: c.at(11, 14, 20), SalaryMin: 118000, SalaryMax: 142000, Currency: "USD"})},
			boardLinked: true,
			site: wSite{
				title: "Contoso Drones | Medical deliveries by drone", siteName: "Contoso Drones",
				desc: "Contoso Drones flies lab samples, blood and prescriptions between hospital campuses in minutes instead of hours.",
				h1:   "Lab samples in minutes, not hours", intro: "Our drones link 11 hospital systems across the Pacific Northwest.",
				about: "Contoso Drones was founded in Seattle in 2019 by former air-ambulance pilots and avionics engineers.",
				tz:    tzPacific, news: "/news", newsText: "News", feed: "/news/feed.xml",
				tags: `<meta name="generator" content="Webflow">
<link href="https://assets-global.website-files.com/64f0c0d7a1/css/contoso-drones.webflow.css" rel="stylesheet" type="text/css">
<script async src="https://www.googletagmanager.com/gtag/js?id=G-CDR0N35X1"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','G-CDR0N35X1');</script>
<script>window.intercomSettings={api_base:"https://api-iam.intercom.io",app_id:"cdr0n35"};</script>
<script async src="https://widget.intercom.io/widget/cdr0n35"></script>
`,
				careers:     "/careers",
				careersHTML: `<p>We are hiring pilots, engineers and hospital partnership managers.</p>` + "\n" + `<p><a href="https://jobs.ashbyhq.com/contoso-drones">Browse open roles</a></p>`,
				robots:      "User-agent: *\nAllow: /\n",
			},
			events: []wEvent{
				{signal: "funding", days: 5,
					post: &wPost{hh: 12, mm: 0, path: "/news/series-c", title: "Contoso Drones raises $62 million Series C led by Alder Peak Capital", summary: "The round will take our hospital delivery network from 11 to 40 health systems by the end of next year."},
					stories: []wStory{
						{hh: 12, mm: 0, outlet: outPRNewswire, in: inGoogle | inGDELT,
							path:     "/news-releases/contoso-drones-raises-62-million-series-c-to-scale-hospital-delivery-network-302418877.html",
							headline: "Contoso Drones Raises $62 Million Series C to Scale Hospital Delivery Network",
							lead:     "SEATTLE, {date} /PRNewswire/ -- Contoso Drones, which flies lab samples and prescriptions between hospitals, today announced a $62 million Series C round led by Alder Peak Capital, with participation from Ridgeline Ventures and existing investor Harbor Lane Partners. The company will use the funding to expand its network from 11 to 40 hospital systems."},
						{hh: 14, mm: 10, outlet: outTechCrunch, in: inGoogle | inExa, author: "Kirsten Ward",
							path:     "/{yyyy}/{mm}/{dd}/contoso-drones-series-c-alder-peak/",
							headline: "Contoso Drones lands $62M to fly lab samples between hospitals",
							lead:     "Contoso Drones, a Seattle startup whose quadcopters shuttle blood samples and prescriptions between hospital campuses, has raised a $62 million Series C led by Alder Peak Capital. CEO Priya Raman said the round values the company at roughly $410 million."},
						{hh: 16, mm: 45, outlet: outGeekWire, in: inGDELT | inExa, author: "Taylor Soper",
							path:     "/{yyyy}/contoso-drones-62m-series-c/",
							headline: "Seattle drone delivery startup Contoso Drones raises $62M Series C",
							lead:     "Contoso Drones has raised $62 million in a Series C round, bringing its total funding to $118 million. The Seattle company employs about 140 people and plans to add 60 more this year, mostly in flight operations."},
					}},
				{signal: "regulatory", days: 16,
					post: &wPost{hh: 18, mm: 0, path: "/news/faa-bvlos-approval", title: "Contoso Drones receives FAA approval for beyond-visual-line-of-sight hospital routes", summary: "Our pilots can now fly six hospital routes in King County without visual observers along the way."},
					stories: []wStory{{hh: 17, mm: 20, outlet: outSeattleTimes, in: inGoogle,
						path:     "/business/local-business/faa-clears-contoso-drones-bvlos-hospital-routes/",
						headline: "FAA clears Contoso Drones to fly beyond visual line of sight over Seattle hospitals",
						lead:     "The Federal Aviation Administration has granted Contoso Drones a waiver to fly delivery drones beyond the pilot's line of sight on routes linking six hospital campuses in King County, the first such approval for medical deliveries in Washington state."}}},
				{decoy: "a job ad on a news site, not a hiring trend", days: 3,
					stories: []wStory{{hh: 10, mm: 0, outlet: outGeekWire, in: inGoogle,
						path:     "/jobs/contoso-drones-senior-flight-test-engineer/",
						headline: "Contoso Drones is hiring a Senior Flight Test Engineer in Seattle",
						lead:     "Contoso Drones is looking for a senior flight test engineer to plan and run test campaigns for its next delivery drone. Apply by the end of the month."}}},
				{decoy: "in French: the gdelt source asks for English", days: 5,
					stories: []wStory{{hh: 15, mm: 30, outlet: outLesEchos, in: inGDELT, language: "French", country: "France",
						path:     "/tech-medias/hightech/contoso-drones-leve-62-millions-de-dollars",
						headline: "Contoso Drones lève 62 millions de dollars pour ses livraisons médicales",
						lead:     "La start-up de Seattle Contoso Drones a levé 62 millions de dollars auprès d'Alder Peak Capital."}}},
				{signal: "other", days: 45,
					stories: []wStory{{hh: 19, mm: 0, outlet: outGeekWire, in: inGoogle,
						path:     "/{yyyy}/contoso-drones-10000-hospital-deliveries/",
						headline: "Contoso Drones celebrates 10,000 hospital deliveries",
						lead:     "Contoso Drones has flown 10,000 deliveries between hospitals since its first route opened, most of them blood samples bound for central labs."}}},
			},
		},
		{
			name: "Fabrikam Medical", legal: "Fabrikam Medical, Inc.", domain: "fabrikam-medical.com",
			unlistedOnWikidata: true,
			qid:                "Q138200004", description: "American medical device company",
			aliases: []string{"Fabrikam Medical, Inc.", "FBMD"}, class: wdPublic, website: "https://www.fabrikam-medical.com",
			industry: "medical device industry", hq: "Minneapolis", country: "United States of America", employees: 2300, prior: 2150, founded: ymd(1998, time.March, 2),
			exaTitle: "Fabrikam Medical | Cardiac monitoring devices",
			listing: &wListing{
				cik: 1999004, ticker: "FBMD", exchange: "Nasdaq", secName: "Fabrikam Medical, Inc.", secTitle: "FABRIKAM MEDICAL INC / MA",
				sic: "3845", sicDesc: "Electromedical & Electrotherapeutic Apparatus", state: "MN", web: "https://www.fabrikam-medical.com",
				address: SECAddress{Street1: "1200 WASHINGTON AVENUE SOUTH", City: "MINNEAPOLIS", StateOrCountry: "MN", StateOrCountryDescription: "MN", ZipCode: "55415"},
				routine: []wFiling{
					{days: 12, hh: 21, mm: 45, form: "4", report: 2},
					{days: 70, hh: 21, mm: 10, form: "10-K", report: 55},
				},
			},
			board: &ATSBoard{Provider: ATSSmartRecruiters, Token: "FabrikamMedical", Name: "Fabrikam Medical", Industry: "Medical Devices",
				Jobs: c.jobs(
					wRole{2, "Regulatory Affairs Specialist", "Quality & Regulatory", "Minneapolis, MN, United States, US"},
					wRole{6, "Quality Engineer, Wearables", "Quality & Regulatory", "Minneapolis, MN, United States, US"},
					wRole{4, "Clinical Specialist, Cardiac Monitoring", "Clinical", "Boston, MA, United States, US"},
					wRole{9, "Clinical Specialist, Cardiac Monitoring", "Clinical", "Atlanta, GA, United States, US"},
					wRole{7, "Firmware Engineer, CardiaPatch (Embedded C, Zephyr RTOS)", "R&D", "Minneapolis, MN, United States, US"},
					wRole{15, "Ultrasound Systems Engineer", "R&D", "Minneapolis, MN, United States, US"},
					wRole{21, "Territory Manager", "Sales", "Dallas, TX, United States, US"},
				)},
			boardLinked: true,
			site: wSite{
				title: "Fabrikam Medical | Cardiac monitoring devices", siteName: "Fabrikam Medical",
				desc: "Fabrikam Medical designs wearable and implantable devices that help cardiologists find arrhythmias sooner.",
				h1:   "Find arrhythmias sooner", intro: "From adhesive ECG patches to implantable loop recorders, our monitors are worn by 600,000 patients a year.",
				about: "Fabrikam Medical was founded in Minneapolis in 1998 and is listed on Nasdaq under the symbol FBMD.",
				tz:    tzCentral, news: "/press", newsText: "Press releases", feed: "/press/rss.xml",
				tags: `<meta name="generator" content="WordPress 6.5.3">
<link rel="stylesheet" href="/wp-content/themes/fabrikam/style.css?ver=6.5.3">
<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" data-domain-script="0f4e2a11-fabrikam"></script>
<script>piAId = '1019482'; piCId = '4412'; (function() { var s = document.createElement('script'); s.src = 'https://pi.pardot.com/pd.js'; document.head.appendChild(s); })();</script>
`,
				header:      http.Header{"Server": {"AkamaiGHost"}, "Link": {`<` + SiteOrigin + `/wp-json/>; rel="https://api.w.org/"`}},
				careers:     "/careers",
				careersHTML: `<p>Help us build the next generation of cardiac monitors.</p>` + "\n" + `<p><a href="https://jobs.smartrecruiters.com/FabrikamMedical">Current openings</a></p>`,
				robots:      "User-agent: *\nDisallow: /patients/portal/\n",
			},
			events: []wEvent{
				{signal: "regulatory", days: 8,
					post:   &wPost{hh: 12, mm: 30, path: "/press/cardiapatch-fda-clearance", title: "Fabrikam Medical receives FDA 510(k) clearance for CardiaPatch", summary: "CardiaPatch is a 14-day adhesive ECG monitor that flags atrial fibrillation on the device; US shipments start in the spring."},
					filing: &wFiling{hh: 12, mm: 40, items: []string{"8.01", "9.01"}, desc: "Press release: FDA 510(k) clearance for CardiaPatch"},
					stories: []wStory{{hh: 15, mm: 30, outlet: outMassDevice, in: inGoogle,
						path:     "/fabrikam-medical-fda-clearance-cardiapatch-ecg/",
						headline: "Fabrikam Medical wins FDA 510(k) clearance for CardiaPatch wearable ECG monitor",
						lead:     "Fabrikam Medical said the U.S. Food and Drug Administration has cleared CardiaPatch, a 14-day adhesive ECG monitor that flags atrial fibrillation with an on-device algorithm. The Minneapolis company expects a U.S. launch through cardiology practices in the spring."}}},
				{signal: "acquisition", days: 19,
					post:   &wPost{hh: 12, mm: 0, path: "/press/fabrikam-to-acquire-lucerne-imaging", title: "Fabrikam Medical to acquire Lucerne Imaging, adding handheld ultrasound to its cardiac portfolio", summary: "Fabrikam Medical will pay $120 million in cash for Lucerne Imaging, maker of the Lumo handheld ultrasound probe."},
					filing: &wFiling{hh: 12, mm: 5, items: []string{"1.01", "9.01"}, desc: "Agreement and Plan of Merger with Lucerne Imaging, Inc."},
					stories: []wStory{
						{hh: 12, mm: 45, outlet: outReuters, in: inGoogle | inGDELT,
							path:     "/business/healthcare-pharmaceuticals/fabrikam-medical-buy-lucerne-imaging-120-million-{yyyy}-{mm}-{dd}/",
							headline: "Fabrikam Medical to buy Lucerne Imaging for $120 million",
							lead:     "Fabrikam Medical Inc said on {weekday} it would acquire Lucerne Imaging, a maker of handheld ultrasound probes, for $120 million in cash to add point-of-care imaging to its cardiac monitoring business. The deal is expected to close in the second half of the year."},
						{hh: 18, mm: 0, outlet: outMedTechDive, in: inExa, author: "Nick Paul Taylor", dateOnly: true,
							path:     "/news/fabrikam-medical-lucerne-imaging-acquisition/",
							headline: "Fabrikam Medical to acquire handheld ultrasound maker Lucerne Imaging for $120M",
							lead:     "Fabrikam Medical agreed to acquire Lucerne Imaging for $120 million, betting that cardiologists who already use its CardiaPatch monitors will want a pocket-sized ultrasound probe in the same workflow."},
					}},
				{signal: "product", days: 120,
					stories: []wStory{{hh: 14, mm: 0, outlet: outMassDevice, in: inGoogle,
						path:     "/fabrikam-medical-launches-infusense-smart-infusion-pump/",
						headline: "Fabrikam Medical launches InfuSense smart infusion pump",
						lead:     "Fabrikam Medical has launched InfuSense, an infusion pump that checks doses against the hospital's drug library before every start."}}},
			},
		},
		{
			name: "Woodgrove Payments", legal: "Woodgrove Payments Ltd", domain: "woodgrove-payments.com",
			qid: "Q138200005", description: "British payment processing company",
			aliases: []string{"Woodgrove Payments Ltd", "Woodgrove"}, class: wdPrivate, website: "https://woodgrove-payments.com/",
			industry: "payment processing", hq: "London", country: "United Kingdom", employees: 610, prior: 480, founded: ymd(2015, time.June, 15),
			exaTitle: "Woodgrove Payments — Card and account-to-account payments for online merchants",
			roleText: map[string]string{
				"Senior Backend Engineer, Ledger": "Build our double-entry ledger in Go on PostgreSQL, with Kafka carrying every balance change.",
				"Platform Engineer, AWS":          "Run our AWS estate with Terraform and Kubernetes, and our observability in Grafana and Prometheus.",
				"Backend Engineer, Payouts":       "Payout services in Go on PostgreSQL, connecting bank partners over ISO 20022 and SWIFT.",
				"Financial Crime Analyst":         "Investigate transaction-monitoring alerts and size typologies with SQL and Looker.",
			},
			board: &ATSBoard{Provider: ATSWorkable, Token: "woodgrove-payments", Name: "Woodgrove Payments", Industry: "Financial Services",
				Description: "Woodgrove Payments processes card and account-to-account payments for 9,000 online merchants.",
				Jobs: c.jobs(
					wRole{1, "Senior Backend Engineer, Ledger", "Engineering", "London, England, United Kingdom, GB"},
					wRole{5, "Platform Engineer, AWS", "Engineering", "London, England, United Kingdom, GB"},
					wRole{7, "Backend Engineer, Payouts", "Engineering", "Toronto, ON, Canada, CA"},
					wRole{3, "Merchant Success Manager", "Customer Success", "Toronto, ON, Canada, CA"},
					wRole{10, "Head of Sales, North America", "Sales", "Toronto, ON, Canada, CA"},
					wRole{12, "Account Executive, Marketplaces", "Sales", "London, England, United Kingdom, GB"},
					wRole{6, "Financial Crime Analyst", "Risk & Compliance", "London, England, United Kingdom, GB"},
					wRole{16, "MLRO Deputy", "Risk & Compliance", "London, England, United Kingdom, GB"},
				)},
			boardLinked: true,
			site: wSite{
				title: "Woodgrove Payments — Card and account-to-account payments for online merchants", siteName: "Woodgrove Payments",
				desc: "Woodgrove Payments lets online merchants take cards and bank payments through one integration, with next-day payouts in 14 currencies.",
				h1:   "One integration, every way to pay", intro: "Cards, open banking and wallets, settled next day in 14 currencies.",
				about: "Woodgrove Payments was founded in London in 2015 and is authorised by the Financial Conduct Authority as an electronic money institution.",
				tz:    tzLondon, news: "/newsroom", newsText: "Newsroom",
				tags: `<script src="https://js.sentry-cdn.com/6a0e4b2f9c1d.min.js" crossorigin="anonymous"></script>
<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key=1f0a9c3e-woodgrove"></script>
`,
				header:      http.Header{"Server": {"cloudflare"}, "Cf-Ray": {"8f1c7d0e9a2b3c41-LHR"}, "Cf-Cache-Status": {"DYNAMIC"}},
				careers:     "/careers",
				careersHTML: `<p>We are hiring in London and Toronto.</p>` + "\n" + `<p><a href="https://apply.workable.com/woodgrove-payments/">View all jobs</a></p>`,
				robots:      "User-agent: *\nDisallow: /dashboard/\n",
			},
			events: []wEvent{
				{signal: "expansion", days: 9,
					post: &wPost{hh: 7, mm: 0, style: "jsonld", path: "/newsroom/toronto-headquarters", title: "Woodgrove Payments opens North American headquarters in Toronto", summary: "We will hire 120 people in Toronto over the next two years to serve Canadian and US merchants."},
					stories: []wStory{{hh: 14, mm: 0, outlet: outBetaKit, in: inGoogle,
						path:     "/uk-fintech-woodgrove-payments-toronto-headquarters/",
						headline: "UK fintech Woodgrove Payments opens North American headquarters in Toronto",
						lead:     "London-based Woodgrove Payments, which processes card and account-to-account payments for 9,000 online merchants, has opened its North American headquarters in Toronto's King West neighbourhood and plans to hire 120 people there over the next two years."}}},
				{signal: "technology", days: 20,
					post: &wPost{hh: 9, mm: 30, path: "/newsroom/ledger-on-aws", title: "Our card ledger now runs on AWS", summary: "After 18 months of parallel running, every card authorisation is now recorded on our new ledger on AWS, and the mainframe is switched off."},
					stories: []wStory{{hh: 10, mm: 15, outlet: outComputerWeekly, in: inExa, author: "Karl Flinders",
						path:     "/news/366612345/Woodgrove-Payments-moves-card-ledger-off-mainframe-to-AWS",
						headline: "Woodgrove Payments moves card ledger off the mainframe and onto AWS",
						lead:     "Woodgrove Payments has completed an 18-month migration of its card-authorisation ledger from an IBM mainframe to Amazon Web Services, cutting batch settlement times from four hours to 12 minutes, chief technology officer Tomás Ferreira said."}}},
				{signal: "regulatory", days: 27,
					stories: []wStory{
						{hh: 7, mm: 0, outlet: outFT, in: inGoogle,
							path:     "/content/5b1e3c2a-9d4f-4e8a-b2c7-woodgrove-fca-fine",
							headline: "FCA fines Woodgrove Payments £2.1mn over money-laundering controls",
							lead:     "The Financial Conduct Authority said on {weekday} it had fined Woodgrove Payments £2.1mn after finding that the payments firm onboarded thousands of merchants between 2021 and 2023 without adequate checks on where their money came from."},
						{hh: 9, mm: 30, outlet: outReuters, in: inGDELT,
							path:     "/business/finance/uk-watchdog-fines-woodgrove-payments-{yyyy}-{mm}-{dd}/",
							headline: "UK watchdog fines Woodgrove Payments 2.1 million pounds over anti-money laundering lapses",
							lead:     "Britain's Financial Conduct Authority fined Woodgrove Payments 2.1 million pounds on {weekday}, saying the firm had failed to check the source of funds of high-risk merchants."},
					}},
				{decoy: "undated: no event to place in the window", days: 30,
					post: &wPost{hh: 9, mm: 0, style: "none", path: "/newsroom/accessible-checkout", title: "Our commitment to accessible checkout", summary: "Every Woodgrove checkout page meets WCAG 2.2 AA, and we test each release with screen-reader users."}},
				{signal: "funding", days: 300,
					post: &wPost{hh: 8, mm: 0, style: "time", path: "/newsroom/series-a", title: "Woodgrove Payments raises £18 million Series A", summary: "The round, led by Fenwick Row Capital, funds our expansion beyond the UK."}},
			},
		},
		{
			name: "Litware Security", legal: "Litware Security, Inc.", domain: "litware-security.com",
			qid: "Q138200006", description: "American cybersecurity company",
			aliases: []string{"Litware Security, Inc.", "Litware"}, class: wdPrivate, website: "https://www.litware-security.com/",
			industry: "computer security", hq: "Boston", country: "United States of America", employees: 380, prior: 290, founded: ymd(2017, time.October, 3),
			exaTitle: "Litware Security | Managed detection and response",
			roleText: map[string]string{
				"Senior Rust Engineer, Endpoint Agent": "Our endpoint agent is written in Rust and runs on Windows, macOS and Linux.",
				"Detection Engineer":                   "Write detections in Splunk and Microsoft Sentinel, hunt across CrowdStrike and SentinelOne telemetry, and automate triage in Python.",
				"SOC Analyst, Night Shift":             "Triage alerts from CrowdStrike, Okta and Zscaler in Splunk, overnight.",
				"Sales Development Representative":     "Prospect into insurers and brokers with Salesforce, Outreach and ZoomInfo.",
			},
			board: &ATSBoard{Provider: ATSGreenhouse, Token: "litwaresecurity", Name: "Litware Security", Industry: "Computer Security",
				Description: "Litware Security watches the endpoints of 1,200 mid-sized companies around the clock.",
				Jobs: c.jobs(
					wRole{2, "Senior Rust Engineer, Endpoint Agent", "Engineering", "Boston, MA, United States, US"},
					wRole{8, "Detection Engineer", "Engineering", "Remote, United States, US"},
					wRole{14, "Engineering Manager, Cloud Detection", "Engineering", "Boston, MA, United States, US"},
					wRole{4, "SOC Analyst, Night Shift", "Security Operations", "Boston, MA, United States, US"},
					wRole{6, "SOC Analyst", "Security Operations", "Austin, TX, United States, US"},
					wRole{11, "Incident Response Lead", "Security Operations", "Remote, United States, US"},
					wRole{9, "Channel Account Manager, Insurance", "Sales", "Hartford, CT, United States, US"},
					wRole{18, "Sales Development Representative", "Sales", "Boston, MA, United States, US"},
				)},
			boardLinked: true,
			site: wSite{
				title: "Litware Security | Managed detection and response", siteName: "Litware Security",
				desc: "Litware Security watches the laptops and servers of mid-sized companies around the clock and stops intrusions before they spread.",
				h1:   "We watch, you sleep", intro: "Managed detection and response for companies with 200 to 5,000 employees.",
				about: "Litware Security was founded in Boston in 2017 by incident responders and now protects 1,200 companies.",
				tz:    tzEastern, news: "/blog", newsText: "Blog", feed: "/blog/feed.atom", atom: true,
				tags: `<script src="https://j.6sc.co/j/7a1b2c3d-litware.js"></script>
<script src="https://js.driftt.com/include/1712000000000/l1tw4r3s3c.js" async></script>
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-L1TW4RE');</script>
`,
				header:      http.Header{"X-Served-By": {"cache-bos4620-BOS"}, "X-Fastly-Request-Id": {"3f0c9b1e7a2d4c58"}},
				careers:     "/careers",
				careersHTML: `<p>Our analysts and engineers work from Boston, Austin and home.</p>` + "\n" + `<p><a href="https://boards.greenhouse.io/litwaresecurity">Open roles</a></p>`,
				robots:      "User-agent: *\nDisallow: /portal/\n",
			},
			events: []wEvent{
				{signal: "partnership", days: 4,
					post: &wPost{hh: 13, mm: 0, path: "/blog/humongous-insurance-partnership", title: "Litware Security partners with Humongous Insurance on cyber coverage for mid-sized firms", summary: "Humongous Insurance policyholders that run Litware's managed detection get up to 20% off their cyber premiums."},
					stories: []wStory{
						{hh: 13, mm: 15, outlet: outInsuranceJrnl, in: inGoogle,
							path:     "/news/national/{yyyy}/{mm}/{dd}/humongous-insurance-litware-security-cyber/",
							headline: "Humongous Insurance teams up with Litware Security to price cyber policies from live telemetry",
							lead:     "Humongous Insurance will offer premium discounts of up to 20% to mid-sized businesses that run Litware Security's managed detection service, using the security firm's telemetry to price cyber policies, the companies said."},
						{hh: 15, mm: 50, outlet: outDarkReading, in: inGDELT,
							path:     "/cyber-risk/litware-security-humongous-insurance-partner",
							headline: "Litware Security and Humongous Insurance partner to tie cyber premiums to threat data",
							lead:     "The partnership gives the insurer a live view of policyholders' security posture instead of an annual questionnaire."},
					}},
				{signal: "other", days: 12,
					post: &wPost{hh: 14, mm: 0, path: "/blog/fastest-growing-private-companies", title: "Litware Security named one of Massachusetts' fastest-growing private companies", summary: "Revenue grew 212% over three years, ranking us 14th on this year's list."},
					stories: []wStory{{hh: 10, mm: 0, outlet: outBizJournals, in: inGoogle,
						path:     "/boston/news/{yyyy}/{mm}/{dd}/fastest-growing-private-companies-massachusetts.html",
						headline: "Litware Security ranks No. 14 on list of Massachusetts' fastest-growing private companies",
						lead:     "Boston's Litware Security grew revenue 212% over three years to earn the 14th spot on this year's ranking of the state's fastest-growing private companies."}}},
				{signal: "technology", days: 21,
					post: &wPost{hh: 16, mm: 0, path: "/blog/agent-rewritten-in-rust", title: "We rewrote the Litware endpoint agent in Rust", summary: "The new agent uses 60% less memory and has had no crash reports in three months of beta."},
					stories: []wStory{{hh: 17, mm: 0, outlet: outNewStack, in: inExa, author: "Joab Jackson",
						path:     "/litware-security-rewrites-endpoint-agent-in-rust/",
						headline: "Litware Security rewrites its endpoint agent in Rust, cutting memory use by 60%",
						lead:     "Litware Security has rewritten its endpoint detection agent in Rust, replacing a C++ codebase that had grown to 400,000 lines. The company says the new agent uses 60% less memory on customer laptops."}}},
			},
		},
		{
			name: "Tailspin Freight", legal: "Tailspin Freight Inc.", domain: "tailspin-freight.com",
			unlistedOnWikidata: true,
			qid:                "Q138200007", description: "American truckload carrier",
			aliases: []string{"Tailspin Freight Inc.", "TSPF"}, class: wdPublic, website: "https://tailspin-freight.com/",
			industry: "trucking industry", hq: "Memphis", country: "United States of America", employees: 4800, prior: 5100, founded: ymd(1987, time.May, 20),
			exaTitle: "Tailspin Freight — Truckload and dedicated freight across North America",
			listing: &wListing{
				cik: 1999005, ticker: "TSPF", exchange: "NYSE", secName: "Tailspin Freight Inc.", secTitle: "TAILSPIN FREIGHT INC TN",
				sic: "4213", sicDesc: "Trucking (No Local)", state: "TN", web: "https://tailspin-freight.com",
				address: SECAddress{Street1: "4400 AIRWAYS BOULEVARD", City: "MEMPHIS", StateOrCountry: "TN", StateOrCountryDescription: "TN", ZipCode: "38116"},
				routine: []wFiling{
					{days: 34, hh: 21, mm: 20, form: "10-Q", report: 34},
					{days: 18, hh: 22, mm: 0, form: "4", report: 2},
				},
			},
			// Not linked from the site: the ATS source finds it by name.
			board: &ATSBoard{Provider: ATSSmartRecruiters, Token: "tailspinfreight", Name: "Tailspin Freight", Industry: "Transportation",
				Jobs: c.jobs(
					wRole{3, "CDL-A Regional Truck Driver", "Drivers", "Memphis, TN, United States, US"},
					wRole{5, "CDL-A Regional Truck Driver", "Drivers", "Nashville, TN, United States, US"},
					wRole{9, "CDL-A Dedicated Truck Driver", "Drivers", "Jackson, MS, United States, US"},
					wRole{4, "Diesel Technician", "Maintenance", "Memphis, TN, United States, US"},
					wRole{12, "Trailer Mechanic", "Maintenance", "Birmingham, AL, United States, US"},
					wRole{7, "Driver Manager", "Operations", "Memphis, TN, United States, US"},
				)},
			site: wSite{
				title: "Tailspin Freight — Truckload and dedicated freight across North America", siteName: "Tailspin Freight",
				desc: "Tailspin Freight moves truckload and dedicated freight for shippers across the United States, Canada and Mexico from 31 terminals.",
				h1:   "Freight that arrives when we say", intro: "3,900 tractors, 12,000 trailers and 31 terminals.",
				about: "Tailspin Freight was founded in Memphis in 1987 with six trucks and is listed on the New York Stock Exchange.",
				tz:    tzCentral, news: "/news", newsText: "News", feed: "/news/rss.xml",
				tags: `<script async src="https://www.google-analytics.com/analytics.js"></script>
<script>window.ga=window.ga||function(){(ga.q=ga.q||[]).push(arguments)};ga('create', 'UA-4417220-1', 'auto');ga('send', 'pageview');</script>
`,
				header:      http.Header{"Server": {"nginx/1.24.0"}},
				careers:     "/careers",
				careersHTML: `<p>Drivers: call our recruiting line or visit any terminal. We hire experienced CDL-A drivers every week.</p>`,
			},
			events: []wEvent{
				{signal: "financial", days: 7,
					post:   &wPost{hh: 20, mm: 30, path: "/news/network-consolidation", title: "Tailspin Freight announces network consolidation and workforce reduction", summary: "We are closing our Little Rock and Shreveport terminals and reducing our workforce by about 400 people."},
					filing: &wFiling{hh: 20, mm: 35, items: []string{"2.05", "7.01", "9.01"}, desc: "Network consolidation and workforce reduction"},
					stories: []wStory{{hh: 21, mm: 10, outlet: outReuters, in: inGoogle | inGDELT,
						path:     "/business/autos-transportation/tailspin-freight-cut-400-jobs-{yyyy}-{mm}-{dd}/",
						headline: "Tailspin Freight to cut 400 jobs, close two terminals as freight slump drags on",
						lead:     "Tailspin Freight Inc said on {weekday} it would cut about 400 jobs, or 8% of its workforce, and close terminals in Little Rock and Shreveport as a prolonged slump in truckload demand weighs on rates. The Memphis-based carrier expects restructuring charges of $14 million to $18 million."}}},
				{signal: "financial", days: 34,
					filing: &wFiling{hh: 21, mm: 5, items: []string{"2.02", "9.01"}, desc: "Press release announcing third quarter results"},
					stories: []wStory{{hh: 21, mm: 40, outlet: outFreightWaves, in: inGoogle,
						path:     "/news/tailspin-freight-swings-to-third-quarter-loss",
						headline: "Tailspin Freight swings to third-quarter loss as spot rates slide",
						lead:     "Tailspin Freight reported a third-quarter net loss of $6.2 million, or 11 cents a share, against a profit of $21.5 million a year earlier, as revenue per loaded mile fell 7%."}}},
			},
		},
		{
			name: "Adventure Works Cycles", legal: "Adventure Works Cycles, Inc.", domain: "adventureworks-cycles.com",
			qid: "Q138200008", description: "American electric cargo bike maker",
			aliases: []string{"Adventure Works"}, class: wdPrivate, website: "https://adventureworks-cycles.com/",
			industry: "bicycle industry", hq: "Portland", country: "United States of America", employees: 260, prior: 210, founded: ymd(2014, time.August, 8),
			exaTitle: "Adventure Works Cycles | Electric cargo bikes",
			roleText: map[string]string{
				"Supplier Quality Engineer":          "Audit frame and battery suppliers, track nonconformances in NetSuite and review SolidWorks drawings.",
				"Dealer Development Manager, DACH":   "Grow our dealer network in Germany, Austria and Switzerland: dealer orders flow through our Shopify B2B store and NetSuite, and the pipeline lives in HubSpot.",
				"Electrical Engineer, Drive Systems": "Design e-bike motor controllers: schematics in Altium, firmware in C on STM32, CAN bus to the battery.",
			},
			board: &ATSBoard{Provider: ATSLever, Token: "adventureworks", Name: "Adventure Works Cycles",
				Jobs: c.jobs(
					wRole{1, "Production Supervisor", "Manufacturing", "Porto, Portugal, PT"},
					wRole{3, "Assembly Technician", "Manufacturing", "Porto, Portugal, PT"},
					wRole{8, "Supplier Quality Engineer", "Manufacturing", "Porto, Portugal, PT"},
					wRole{5, "Dealer Development Manager, DACH", "Sales", "Munich, Germany, DE"},
					wRole{13, "Electrical Engineer, Drive Systems", "Engineering", "Portland, OR, United States, US"},
				)},
			boardLinked: true,
			site: wSite{
				title: "Adventure Works Cycles | Electric cargo bikes", siteName: "Adventure Works Cycles",
				desc: "Adventure Works Cycles designs electric cargo bikes in Portland, Oregon, that carry two kids and the week's groceries.",
				h1:   "Leave the car at home", intro: "Longtail and front-loader cargo e-bikes, sold through 300 dealers.",
				about: "Adventure Works Cycles was founded in Portland, Oregon, in 2014 and sells through 300 dealers in North America and Europe.",
				tz:    tzPacific, feed: "/journal/atom.xml", atom: true, feedOnHome: true,
				tags: `<link rel="stylesheet" href="https://cdn.shopify.com/s/files/1/0582/1337/t/4/assets/base.css">
<script src="https://cdn.shopify.com/s/trekkie.storefront.4f1d2a.min.js" defer></script>
<script>Shopify.theme = {"name":"Dawn","id":133742};</script>
<script async src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AWC4rg0"></script>
`,
				header:      http.Header{"Server": {"cloudflare"}, "Cf-Ray": {"8f1d0a2b3c4d5e6f-PDX"}, "X-Shopid": {"58213377"}, "Powered-By": {"Shopify"}},
				careers:     "/jobs",
				careersHTML: `<p>We are hiring in Portland, Porto and Munich.</p>` + "\n" + `<p><a href="https://jobs.lever.co/adventureworks">Open jobs</a></p>`,
				robots:      "User-agent: *\nDisallow: /checkout/\n",
			},
			events: []wEvent{
				{signal: "product", days: 2,
					post: &wPost{hh: 15, mm: 0, path: "/journal/introducing-ridgeback-2", title: "Introducing Ridgeback 2, our longest-range cargo bike yet", summary: "Two batteries, 120 miles of range and room for two kids on the back."},
					stories: []wStory{
						{hh: 15, mm: 0, outlet: outElectrek, in: inGoogle,
							path:     "/{yyyy}/{mm}/{dd}/adventure-works-cycles-ridgeback-2-cargo-e-bike/",
							headline: "Adventure Works Cycles unveils Ridgeback 2 cargo e-bike with 120-mile range",
							lead:     "Portland's Adventure Works Cycles has unveiled the Ridgeback 2, a longtail cargo e-bike with two 720 Wh batteries good for up to 120 miles, a 440-pound payload rating and a belt drive. It starts at $4,299 and reaches dealers next month."},
						{hh: 17, mm: 30, outlet: outBicycleRetail, in: inExa, dateOnly: true,
							path:     "/news/{yyyy}/{mm}/{dd}/adventure-works-cycles-launches-ridgeback-2",
							headline: "Adventure Works Cycles launches Ridgeback 2 longtail to dealers",
							lead:     "Adventure Works Cycles is launching the Ridgeback 2 longtail through its 300 dealers, with demo bikes in stores from next month."},
					}},
				{signal: "expansion", days: 23,
					post: &wPost{hh: 9, mm: 0, path: "/journal/porto-assembly-plant", title: "We've opened our European assembly plant in Porto", summary: "Bikes for European riders are now assembled in Porto, Portugal, and reach dealers two weeks sooner."},
					stories: []wStory{{hh: 9, mm: 0, outlet: outBikeEurope, in: inGoogle | inGDELT,
						path:     "/en/{yyyy}/{mm}/{dd}/adventure-works-cycles-opens-porto-assembly-plant/",
						headline: "Adventure Works Cycles opens European assembly plant in Porto",
						lead:     "US e-bike maker Adventure Works Cycles has opened an assembly plant in Porto, Portugal, with capacity for 60,000 bikes a year, letting it ship to European dealers without paying import duties on complete bikes."}}},
			},
		},
		{
			name: "Proseware Learning", legal: "Proseware Learning, Inc.", domain: "proseware-learning.com",
			qid: "Q138200009", description: "American education technology company",
			aliases: []string{"Proseware"}, class: wdPrivate, website: "https://proseware-learning.com",
			industry: "educational technology", hq: "Chicago", country: "United States of America", employees: 190, prior: 150, founded: ymd(2016, time.January, 11),
			exaTitle: "Proseware Learning | Writing feedback for every student",
			roleText: map[string]string{
				"Senior Full-Stack Engineer":    "Build our writing coach in React and TypeScript, over Node.js services and PostgreSQL on Google Cloud.",
				"District Partnerships Manager": "Manage district renewals and pilots in HubSpot.",
			},
			board: &ATSBoard{Provider: ATSAshby, Token: "proseware",
				Jobs: c.jobs(
					wRole{6, "Senior Full-Stack Engineer", "Engineering", "Chicago, IL, United States, US"},
					wRole{17, "District Partnerships Manager", "Sales", "Remote, United States, US"},
					wRole{24, "Curriculum Specialist, Grades 6-8", "Learning Design", "Chicago, IL, United States, US"},
				)},
			boardLinked: true,
			smallBoard:  "three open roles: below the hiring-signal threshold",
			site: wSite{
				title: "Proseware Learning | Writing feedback for every student", siteName: "Proseware Learning",
				desc: "Proseware Learning gives every student feedback on their writing within minutes, so teachers can spend class time on revision.",
				h1:   "Feedback while the essay is still fresh", intro: "Used by 2,300 school districts in the United States.",
				about: "Proseware Learning was founded in Chicago in 2016 by two former English teachers.",
				tz:    tzCentral, news: "/blog", newsText: "Blog", feed: "/blog/rss.xml",
				tags: `<script id="__NEXT_DATA__" type="application/json">{"page":"/","buildId":"pw-2026"}</script>
<script src="/_next/static/chunks/framework-2c79e2a64abdb08b.js" defer></script>
<script type="text/javascript" id="hs-script-loader" async defer src="//js.hs-scripts.com/44712093.js"></script>
`,
				header:      http.Header{"Server": {"Vercel"}, "X-Vercel-Id": {"iad1::pw7xk-1712000000000-4f1d2a"}, "X-Vercel-Cache": {"HIT"}},
				careers:     "/careers",
				careersHTML: `<p>Help every student become a confident writer.</p>` + "\n" + `<p><a href="https://jobs.ashbyhq.com/proseware">See open roles</a></p>`,
			},
			events: []wEvent{
				{signal: "acquisition", days: 11,
					post: &wPost{hh: 16, mm: 0, path: "/blog/welcome-brightpath-tutors", title: "Proseware Learning acquires Brightpath Tutors", summary: "Students will be able to book a Brightpath tutor from inside their Proseware feedback, starting this semester."},
					stories: []wStory{
						{hh: 16, mm: 0, outlet: outEdSurge, in: inGoogle,
							path:     "/news/{yyyy}-{mm}-{dd}-proseware-learning-acquires-brightpath-tutors",
							headline: "Proseware Learning acquires tutoring marketplace Brightpath Tutors",
							lead:     "Proseware Learning, whose writing-feedback software is used in 2,300 U.S. school districts, has acquired Brightpath Tutors, a marketplace of 4,000 vetted tutors, for an undisclosed sum. Brightpath's 38 employees will join Proseware's Chicago office."},
						{hh: 18, mm: 30, outlet: outCrains, in: inExa, dateOnly: true,
							path:     "/technology/chicago-edtech-proseware-learning-buys-brightpath-tutors",
							headline: "Chicago edtech Proseware Learning buys Brightpath Tutors",
							lead:     "Proseware Learning has bought Brightpath Tutors, adding live tutoring to the writing-feedback software it sells to school districts, chief executive Maya Okafor said."},
					}},
				{signal: "other", days: 29,
					post: &wPost{hh: 15, mm: 0, path: "/blog/midwest-edtech-award", title: "Proseware Learning wins Midwest EdTech Award for best writing tool", summary: "Judges from 40 school districts picked Proseware from 120 entries."}},
			},
		},
		{
			name: "Wingtip Outdoor", legal: "Wingtip Outdoor LLC", domain: "wingtip-outdoor.com",
			qid: "Q138200010", description: "American outdoor gear retailer",
			aliases: []string{"Wingtip Outdoor LLC"}, class: wdPrivate, website: "https://wingtip-outdoor.com/",
			industry: "sporting goods retail", hq: "Denver", country: "United States of America", employees: 900, prior: 840, founded: ymd(2003, time.April, 1),
			exaTitle: "Wingtip Outdoor | Camping, climbing and ski gear",
			roleText: map[string]string{
				"E-commerce Merchandiser": "Merchandise our Shopify storefront and report on it with Google Analytics and Excel.",
				"Buyer, Footwear":         "Plan footwear assortments and open-to-buy in Blue Yonder and Excel.",
			},
			// The site is down, so the ATS source finds the board by name.
			board: &ATSBoard{Provider: ATSGreenhouse, Token: "wingtipoutdoor", Name: "Wingtip Outdoor", Industry: "Retail",
				Description: "Wingtip Outdoor runs 14 stores for camping, climbing and ski gear in Colorado.",
				Jobs: c.jobs(
					wRole{4, "Store Manager, Salt Lake City", "Stores", "Salt Lake City, UT, United States, US"},
					wRole{6, "Assistant Store Manager, Salt Lake City", "Stores", "Salt Lake City, UT, United States, US"},
					wRole{9, "Ski Technician", "Stores", "Salt Lake City, UT, United States, US"},
					wRole{5, "Climbing Department Lead", "Stores", "Boulder, CO, United States, US"},
					wRole{11, "E-commerce Merchandiser", "Digital", "Denver, CO, United States, US"},
					wRole{14, "Distribution Center Associate", "Logistics", "Denver, CO, United States, US"},
					wRole{20, "Buyer, Footwear", "Merchandising", "Denver, CO, United States, US"},
				)},
			site: wSite{down: true},
			events: []wEvent{
				{signal: "expansion", days: 14,
					stories: []wStory{{hh: 12, mm: 0, outlet: outBizJournals, in: inGoogle | inGDELT,
						path:     "/denver/news/{yyyy}/{mm}/{dd}/wingtip-outdoor-salt-lake-city-flagship.html",
						headline: "Wingtip Outdoor to open flagship store in Salt Lake City",
						lead:     "Wingtip Outdoor will open a 38,000-square-foot flagship store in Salt Lake City's Granary District in the fall, its first location outside Colorado, the company said."}}},
				{signal: "leadership", days: 25,
					stories: []wStory{
						{hh: 14, mm: 0, outlet: outSGB, in: inGoogle,
							path:     "/wingtip-outdoor-appoints-marisol-vega-ceo/",
							headline: "Wingtip Outdoor appoints Marisol Vega chief executive officer",
							lead:     "Wingtip Outdoor, the Denver-based retailer of camping and climbing gear, has appointed Marisol Vega as chief executive officer, succeeding co-founder Greg Hollis, who becomes executive chairman. Vega previously ran stores and e-commerce at a national sporting-goods chain."},
						{hh: 19, mm: 0, outlet: outSGB, in: inExa, dateOnly: true,
							path:     "/marisol-vega-takes-the-helm-at-wingtip-outdoor/",
							headline: "Marisol Vega takes the helm at Wingtip Outdoor",
							lead:     "Marisol Vega started as chief executive of Wingtip Outdoor this week with a plan to open stores in three new states within two years."},
					}},
			},
		},
		{
			name: "Wide World Importers", legal: "Wide World Importers B.V.", domain: "wideworld-importers.com",
			qid: "Q138200011", description: "Dutch importer of specialty foods",
			aliases: []string{"Wide World Importers B.V."}, class: wdPrivate, website: "https://www.wideworld-importers.com/",
			industry: "food import", hq: "Rotterdam", country: "Kingdom of the Netherlands", employees: 45, prior: 44, founded: ymd(1996, time.November, 4),
			exaTitle: "Wide World Importers — Specialty foods for European retailers",
			quiet:    true,
			site: wSite{
				title: "Wide World Importers — Specialty foods for European retailers", siteName: "Wide World Importers",
				desc: "Wide World Importers sources olive oils, spices and preserves from 30 countries for delicatessens and grocers across Europe.",
				h1:   "Good food from far away", intro: "Olive oils, spices and preserves from 30 countries, delivered from our Rotterdam warehouse.",
				about: "Wide World Importers has imported specialty foods through the port of Rotterdam since 1996.",
				tz:    tzCET, news: "/news", newsText: "News",
				careers:     "/careers",
				careersHTML: `<p>We have no open positions at the moment. Send an open application to our office in Rotterdam.</p>`,
			},
			events: []wEvent{
				{decoy: "older than any window (365 days)", days: 540,
					post: &wPost{hh: 9, mm: 0, style: "time", path: "/news/new-warehouse-rotterdam", title: "Wide World Importers moves to a larger warehouse in the Waalhaven", summary: "Our new warehouse has three times the space and a cold room for cheeses."}},
			},
		},
		{
			name: "Mercury Labs", legal: "Mercury Labs, Inc.", domain: "mercury-labs.com",
			qid: "Q138200012", description: "American battery materials startup",
			class: wdPrivate, website: "https://mercury-labs.com/",
			industry: "battery materials", hq: "Golden", country: "United States of America", employees: 60, prior: 38, founded: ymd(2020, time.July, 1),
			exaTitle:  "Mercury Labs | Solid-state electrolytes",
			ambiguous: true,
			site: wSite{
				title: "Mercury Labs | Solid-state electrolytes", siteName: "Mercury Labs",
				desc: "Mercury Labs makes sulfide solid electrolytes that let battery makers build safer solid-state cells on existing lines.",
				h1:   "Solid-state, at scale", intro: "Sulfide electrolytes made in Golden, Colorado.",
				about: "Mercury Labs was spun out of a materials science lab in Golden, Colorado, in 2020.",
				tz:    tzMountain, feed: "/updates/atom.xml", atom: true, feedOnHome: true,
			},
			events: []wEvent{
				{signal: "product", days: 18,
					post: &wPost{hh: 16, mm: 0, path: "/updates/mx-1-samples", title: "Mercury Labs ships first samples of its MX-1 sulfide electrolyte", summary: "Three cell makers received 5 kg samples of MX-1 from our pilot line this week."}},
			},
		},
		{
			name: "Mercury Labs", legal: "Mercury Labs Limited", domain: "mercurylabs.ie",
			qid: "Q138200013", description: "Irish user research consultancy",
			class: wdPrivate, website: "https://www.mercurylabs.ie",
			industry: "user research", hq: "Dublin", country: "Ireland", employees: 35, prior: 31, founded: ymd(2012, time.March, 19),
			exaTitle:  "Mercury Labs — User research for product teams",
			ambiguous: true,
			site: wSite{
				title: "Mercury Labs — User research for product teams", siteName: "Mercury Labs",
				desc: "Mercury Labs runs usability studies, interviews and diary studies for product teams in Ireland and the UK.",
				h1:   "Know your users", intro: "Usability testing and user interviews from our Dublin studio.",
				about: "Mercury Labs is a user research consultancy founded in Dublin in 2012.",
				tz:    tzLondon,
			},
		},
		{
			// Its only self-description is the first sentence of its own
			// press release; the trade press writes it in the possessive.
			name: "Larkspur Rota", legal: "Larkspur Rota Ltd", domain: "larkspur-rota.com",
			qid:   "Q138200014",
			class: wdPrivate, website: "https://larkspur-rota.com/",
			industry: "workforce management software", hq: "Leeds", country: "United Kingdom", employees: 48, prior: 30, founded: ymd(2019, time.May, 2),
			exaTitle:         "Larkspur Rota",
			releaseDescribes: true,
			site: wSite{
				title: "Larkspur Rota", siteName: "Larkspur Rota",
				h1: "Rotas, sorted", intro: "Sign in to your ward.",
				tz: tzLondon, news: "/news", newsText: "News", feed: "/news/feed.xml",
			},
			events: []wEvent{
				{signal: "funding", days: 9,
					post: &wPost{hh: 7, mm: 0, path: "/news/series-a",
						title:   "Larkspur Rota raises £9 million Series A to bring shift swaps to more clinics",
						summary: "LEEDS, England, {date} /PRNewswire/ -- Larkspur Rota, which helps clinics schedule their staff, today announced a £9 million Series A led by Northzone, with participation from existing investors. The company will use the funds to double its engineering team."}},
				{signal: "product", days: 21,
					stories: []wStory{{hh: 10, mm: 30, outlet: outComputerWeekly, in: inGoogle | inGDELT,
						path:     "/news/366{ymd}/larkspur-rotas-swapshift-app-launches",
						headline: "Larkspur Rota’s SwapShift app now available to 40 NHS trusts",
						lead:     "The Leeds start-up has launched SwapShift, an app that lets nurses swap shifts without a call to the ward manager, in 40 NHS trusts."}}},
			},
		},
		{
			// Events, but no source says what it does.
			name: "Quillon Systems", legal: "Quillon Systems, Inc.", domain: "quillon-systems.com",
			qid:   "Q138200015",
			class: wdPrivate, website: "https://quillon-systems.com/",
			industry: "software", hq: "Austin", country: "United States of America", employees: 22, prior: 12, founded: ymd(2022, time.February, 14),
			exaTitle: "Quillon Systems",
			site: wSite{
				title: "Quillon Systems", siteName: "Quillon Systems",
				h1: "Quillon", intro: "Coming to you soon.",
				tz: tzCentral,
			},
			events: []wEvent{
				{signal: "funding", days: 12,
					stories: []wStory{
						{hh: 15, mm: 0, outlet: outTechCrunch, in: inGoogle | inGDELT,
							path:     "/{yyyy}/{mm}/{dd}/quillon-systems-series-a/",
							headline: "Quillon Systems raises $14M Series A led by Index Ventures",
							lead:     "Austin-based Quillon Systems has raised $14 million in a Series A round led by Index Ventures, it said on {weekday}."},
						// GDELT writes this title's apostrophe as \' (invalid
						// JSON, repaired by the source).
						{hh: 17, mm: 10, outlet: outGeekWire, in: inGDELT, broken: GDELTBackslashApostrophe,
							path:     "/{yyyy}/quillon-systems-raises-14m-austin/",
							headline: "Quillon Systems raises $14M to take on Austin's legacy IT vendors",
							lead:     "Quillon Systems closed a $14 million Series A led by Index Ventures."},
					}},
				{decoy: "GDELT wrote its title as invalid JSON: the article is lost, the rest of the answer kept", days: 5,
					stories: []wStory{{hh: 9, mm: 0, outlet: outBizJournals, in: inGDELT, broken: GDELTTrailingBackslash,
						path:     "/austin/news/{yyyy}/{mm}/{dd}/quillon-systems-hackathon.html",
						headline: "Quillon Systems sponsors Austin hackathon",
						lead:     "Quillon Systems will sponsor a weekend hackathon in Austin."}}},
			},
		},
		{
			// Neither a description nor an event: no brief (422).
			name: "Tallowmere", legal: "Tallowmere Ltd", domain: "tallowmere.co.uk",
			qid:   "Q138200016",
			class: wdPrivate, website: "https://www.tallowmere.co.uk/",
			industry: "candle making", hq: "Leeds", country: "United Kingdom", employees: 9, prior: 8, founded: ymd(2011, time.September, 1),
			exaTitle: "Tallowmere",
			quiet:    true,
			site: wSite{
				title: "Tallowmere", siteName: "Tallowmere",
				h1: "Tallowmere", intro: "Welcome.",
				tz: tzLondon,
			},
		},
	}
}
