package sourcetest

import (
	"bytes"
	"cmp"
	"embed"
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
	fx, err := newWorldFixture(now)
	if err != nil {
		return nil, err
	}
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
	zones, err := fx.zones()
	if err != nil {
		return err
	}
	w.dns, err = dnstest.Serve(dnstest.Config{Zones: zones, NXDomainOutside: true})
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

// The rest of this file is the world's fixture: the types of the
// description of each company in testdata/world.json (read by
// worldCompanies; JSON keys are the field names in lower camel case) and
// the generators that render it for every provider, so that one fact is
// written once and every provider tells it the same way.

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
type wOutlet struct{ Name, Site string }

// wStory is one article about an event at one outlet, published on the
// event's day at hh:mm UTC.
type wStory struct {
	Hh, Mm   int
	Outlet   wOutlet
	Path     string // at the outlet; {yyyy}, {mm}, {dd} and {ymd} are the story's date
	Headline string
	Lead     string // the first paragraph; {date} (AP style) and {weekday} are the story's date
	In       wIndex
	Direct   bool   // Google News links the article itself, not its redirect
	Author   string // as Exa reports it
	DateOnly bool   // Exa knows the day only
	// language and country are GDELT's, when not English and the United
	// States.
	Language, Country string
	// broken is how GDELT writes the story's title as invalid JSON ("" valid).
	Broken GDELTBreak
}

// lostToGDELT reports whether GDELT's invalid JSON loses the story (a
// careful decoder repairs the other breaks).
func (s wStory) lostToGDELT() bool {
	return s.Broken == GDELTTrailingBackslash || s.Broken == GDELTUnescapedQuote
}

// wPost is a newsroom post of the company's own site, published on the
// event's day at hh:mm UTC.
type wPost struct {
	Hh, Mm int
	Path   string // on the site
	// link, when set, is where the feed entry points instead: off the site
	// (the website source drops it).
	Link           string
	Title, Summary string
	// style is how the post's page states its date (read only on sites
	// without a feed): "" article:published_time, "jsonld", "time", or
	// "none" (undated).
	Style string
}

// wFiling is an SEC filing: an event's (filed on the event's day) or a
// routine one (filed days ago).
type wFiling struct {
	Days   int
	Hh, Mm int    // acceptance time, UTC
	Form   string // "" is 8-K
	Items  []string
	Desc   string // primaryDocDescription
	Report int    // days from the report date to the filing; 0 is the filing day
}

// wEvent is one thing that happened to a company, as reported by the
// company (post, filing) and by outlets (stories).
type wEvent struct {
	Signal  string // the signal type it should yield; "" for a decoy
	Decoy   string // why a decoy is not a signal
	Days    int
	Post    *wPost
	Filing  *wFiling
	Stories []wStory
}

// wListing is a listed company's exchange and EDGAR records.
type wListing struct {
	Cik                      int64
	Ticker, Exchange         string // "NWRB", "Nasdaq"
	SecName, SecTitle        string // submissions' name, the ticker file's title
	Sic, SicDesc, State, Web string
	Address                  SECAddress
	Routine                  []wFiling
}

// wSite is a company's website.
type wSite struct {
	Title, SiteName, Desc string // home page <title>, og:site_name ("" none), meta description
	H1, Intro, About      string
	Tz                    string // the clock of its feed and pages (a key of siteClocks)
	News, NewsText        string // newsroom path and the home page's anchor text for it ("" none)
	Feed                  string // feed path ("" none)
	Atom                  bool
	FeedOnHome            bool   // the home page declares the feed (else the newsroom does)
	Careers               string // careers path ("" none)
	CareersHTML           string // its body: text and links (a job board)
	Robots                string // robots.txt ("" answers 404)
	Down                  bool   // every request answers 503
	// tags is markup the home page's head carries (tracking and widget
	// scripts, generator meta tags) and header the home page's response
	// headers (server, CDN): what technology detection reads on it.
	Tags   string
	Header http.Header
}

// wRole is an open role: posted days ago, in a department, at a place
// written "City, Country, CC", "City, Region, Country, CC" or "Remote,
// Country, CC", with the salary range its listing states (none: 0).
type wRole struct {
	Days                 int
	Title, Dept, Place   string
	SalaryMin, SalaryMax int
	Currency             string
}

// wBoard is a company's job board (ATSBoard) with its open roles.
type wBoard struct {
	Provider, Token, Name, Description, Industry string
	Roles                                        []wRole
}

// wCompany is one company of the world.
type wCompany struct {
	Name, Legal, Domain string
	Qid, Description    string
	Aliases             []string
	Class               string // P31 class item
	Website             string // P856 as Wikidata writes it
	Industry, Hq        string // labels of the P452 and P159 items
	Country             string // label of the P17 item (a key of wdCountries)
	Employees, Prior    int64  // P1128 at the end of last year (preferred) and of the year before
	Founded             time.Time
	ExaTitle            string // its home page's title in Exa's company index
	Listing             *wListing
	// UnlistedOnWikidata: its Wikidata entry states no stock exchange or
	// ticker, so only the SEC ticker file's title (with its state
	// marker) ties the company to its filings.
	UnlistedOnWikidata bool
	Board              *wBoard
	BoardLinked        bool
	SmallBoard         string // why the board is too small for a hiring signal ("" when it is not)
	// RoleText are descriptions of its roles by title (every role of that
	// title), served by the providers whose listings carry one.
	RoleText map[string]string
	Site     wSite
	// ReleaseDescribes: the first sentence of one of its newsroom posts
	// describes it (its only self-description when site and Wikidata
	// say nothing).
	ReleaseDescribes bool
	Events           []wEvent
	// Mail is the mail setup its DNS publishes (none: no MX, SPF or DMARC).
	Mail             wMail
	Quiet, Ambiguous bool
}

// worldFixture is the world's data, dated by c.
type worldFixture struct {
	c         wclock
	companies []wCompany
}

func newWorldFixture(now time.Time) (worldFixture, error) {
	cos, err := worldCompanies()
	return worldFixture{c: wclock{now: now.UTC().Truncate(time.Second)}, companies: cos}, err
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

func (s wStory) published(c wclock, e wEvent) time.Time { return c.at(e.Days, s.Hh, s.Mm) }

// filled is the story with the placeholders of its path, headline and
// lead replaced by its date t.
func (s wStory) filled(t time.Time) wStory {
	s.Path, s.Headline, s.Lead = fill(s.Path, t), fill(s.Headline, t), fill(s.Lead, t)
	return s
}

func (s wStory) url() string { return s.Outlet.Site + s.Path }

// each calls f for every story of every company, filled with its
// publication time t.
func (fx worldFixture) each(f func(s wStory, t time.Time)) {
	for _, co := range fx.companies {
		for _, e := range co.Events {
			for _, s := range e.Stories {
				t := s.published(fx.c, e)
				f(s.filled(t), t)
			}
		}
	}
}

func (fx worldFixture) googleNews() []GoogleNewsItem {
	var out []GoogleNewsItem
	fx.each(func(s wStory, t time.Time) {
		if s.In&inGoogle != 0 {
			out = append(out, GoogleNewsItem{Headline: s.Headline, Publisher: s.Outlet.Name, SiteURL: s.Outlet.Site,
				URL: s.url(), Published: t, Body: s.Lead, DirectLink: s.Direct})
		}
	})
	return out
}

func (fx worldFixture) gdelt() []GDELTArticle {
	var out []GDELTArticle
	fx.each(func(s wStory, t time.Time) {
		if s.In&inGDELT != 0 {
			// GDELT sees an article some minutes after it is published.
			seen := t.Add(17 * time.Minute)
			if seen.After(fx.c.now) {
				seen = fx.c.now
			}
			out = append(out, GDELTArticle{URL: s.url(), Title: s.Headline, Seen: seen, Text: s.Lead,
				Language: s.Language, SourceCountry: s.Country, Broken: s.Broken})
		}
	})
	return out
}

func (fx worldFixture) exa() []ExaResult {
	var out []ExaResult
	fx.each(func(s wStory, t time.Time) {
		if s.In&inExa != 0 {
			first, _, _ := strings.Cut(s.Lead, ". ")
			out = append(out, ExaResult{URL: s.url(), Title: s.Headline, Published: t, DateOnly: s.DateOnly,
				Author: s.Author, Score: 0.3, Text: s.Lead, Highlights: []string{strings.TrimSuffix(first, ".") + "."}})
		}
	})
	for _, co := range fx.companies {
		out = append(out, ExaResult{URL: "https://" + co.Domain + "/", Title: co.ExaTitle, Category: "company",
			Score: 0.5, Text: cmp.Or(co.Site.Desc, co.Description)})
	}
	return out
}

// secDoc is a filing's primary document name.
func secDoc(ticker string, f wFiling, filed, report time.Time) string {
	t := strings.ToLower(ticker)
	switch f.Form {
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
	l := co.Listing
	var fs []wFiling
	for _, e := range co.Events {
		if e.Filing != nil {
			f := *e.Filing
			f.Days = e.Days
			fs = append(fs, f)
		}
	}
	fs = append(fs, l.Routine...)
	var out []SECFiling
	for i, f := range fs {
		filed := fx.c.at(f.Days, 0, 0)
		report := fx.c.at(f.Days+f.Report, 0, 0)
		form := cmp.Or(f.Form, "8-K")
		sf := SECFiling{
			Accession: fmt.Sprintf("%010d-%02d-%06d", l.Cik, filed.Year()%100, 20+i), Form: form,
			Filed: filed, Accepted: fx.c.at(f.Days, f.Hh, f.Mm), ReportDate: report, Items: f.Items,
			PrimaryDocument: secDoc(l.Ticker, f, filed, report), Description: cmp.Or(f.Desc, "FORM "+form),
			XBRL: form == "10-Q" || form == "10-K",
		}
		out = append(out, sf)
	}
	return out
}

func (fx worldFixture) sec() []SECCompany {
	var out []SECCompany
	for _, co := range fx.companies {
		l := co.Listing
		if l == nil {
			continue
		}
		out = append(out, SECCompany{
			CIK: l.Cik, Name: l.SecName, Title: l.SecTitle, Tickers: []string{l.Ticker}, Exchanges: []string{l.Exchange},
			SIC: l.Sic, SICDescription: l.SicDesc, StateOfIncorporation: l.State, Website: l.Web, Business: l.Address,
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
			ID: co.Qid, Label: co.Name, Description: co.Description, Aliases: co.Aliases, InstanceOf: []string{co.Class},
			Websites: []string{co.Website}, Industries: []string{ref(138200100, co.Industry)}, Headquarters: ref(138200200, co.Hq),
			Country:   country(co.Country),
			Employees: []WikidataEmployees{{Count: co.Prior, AsOf: end(last - 1)}, {Count: co.Employees, AsOf: end(last), Rank: "preferred"}},
			Inception: co.Founded,
		}
		if l := co.Listing; l != nil && !co.UnlistedOnWikidata {
			exchange := wdNasdaq
			if l.Exchange == "NYSE" {
				exchange = wdNYSE
			}
			e.Listings = []WikidataListing{{Exchange: exchange, Ticker: l.Ticker}}
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
		j := ATSJob{Title: r.Title, Department: r.Dept, EmploymentType: "Full-time", Published: c.at(r.Days, 14, 20),
			SalaryMin: r.SalaryMin, SalaryMax: r.SalaryMax, Currency: r.Currency}
		p := strings.Split(r.Place, ", ")
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
		if b := co.Board; b != nil {
			out = append(out, ATSBoard{Provider: b.Provider, Token: b.Token, Name: b.Name, Description: b.Description,
				Industry: b.Industry, Jobs: described(fx.c.jobs(b.Roles...), co.RoleText)})
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
	for _, e := range co.Events {
		if e.Post != nil {
			p, t := *e.Post, fx.c.at(e.Days, e.Post.Hh, e.Post.Mm)
			p.Title, p.Summary = fill(p.Title, t), fill(p.Summary, t)
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
	s := co.Site
	if s.Down {
		unavailable := SitePage{Status: 503, Body: "<!doctype html><title>503 Service Unavailable</title><h1>Service Unavailable</h1>"}
		return Site{Domain: co.Domain, NoTLS: true, Pages: map[string]SitePage{"/robots.txt": unavailable, "/": unavailable}}
	}
	posts, times := fx.posts(co)
	esc := html.EscapeString
	pages := map[string]SitePage{}
	if s.Robots != "" {
		pages["/robots.txt"] = SitePage{ContentType: "text/plain; charset=utf-8", Body: s.Robots}
	}
	feedLink := ""
	if s.Feed != "" {
		kind := "application/rss+xml"
		if s.Atom {
			kind = "application/atom+xml"
		}
		feedLink = `<link rel="alternate" type="` + kind + `" title="` + esc(co.Name) + ` news" href="` + s.Feed + `">` + "\n"
	}
	head := func(title, desc, path string) string {
		return "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + esc(title) + "</title>\n" +
			`<meta name="description" content="` + esc(desc) + `">` + "\n" +
			`<link rel="canonical" href="` + SiteOrigin + path + `">` + "\n"
	}
	nav := `<a href="/">Home</a> <a href="/about">About</a>`
	if s.News != "" {
		nav += ` <a href="` + s.News + `">` + esc(s.NewsText) + `</a>`
	}
	if s.Careers != "" {
		nav += ` <a href="` + s.Careers + `">Careers</a>`
	}
	page := func(title, desc, path, extraHead, body string) SitePage {
		return SitePage{Body: head(title, desc, path) + extraHead + "</head>\n<body>\n<header><nav>" + nav + "</nav></header>\n<main>\n" +
			body + "\n</main>\n<footer>© " + strconv.Itoa(fx.c.now.Year()) + " " + esc(co.Legal) + "</footer>\n</body>\n</html>\n"}
	}
	homeHead := ""
	if s.SiteName != "" {
		homeHead += `<meta property="og:site_name" content="` + esc(s.SiteName) + `">` + "\n"
	}
	if s.FeedOnHome {
		homeHead += feedLink
	}
	homeHead += s.Tags
	pages["/"] = page(s.Title, s.Desc, "/", homeHead, "<h1>"+esc(s.H1)+"</h1>\n<p>"+esc(s.Intro)+"</p>")
	if home := pages["/"]; s.Header != nil {
		home.Header = s.Header
		pages["/"] = home
	}
	pages["/about"] = page("About | "+co.Name, s.About, "/about", "", "<h1>About "+esc(co.Name)+"</h1>\n<p>"+esc(s.About)+"</p>")
	if s.Careers != "" {
		pages[s.Careers] = page("Careers | "+co.Name, "Open roles at "+co.Name+".", s.Careers, "", "<h1>Careers at "+esc(co.Name)+"</h1>\n"+s.CareersHTML)
	}
	if s.News != "" {
		var list strings.Builder
		for _, p := range posts {
			href := cmp.Or(p.Link, p.Path)
			fmt.Fprintf(&list, "<li><a href=\"%s\">%s</a></li>\n", esc(href), esc(p.Title))
		}
		roomHead := ""
		if !s.FeedOnHome {
			roomHead = feedLink
		}
		pages[s.News] = page(s.NewsText+" | "+co.Name, "News and announcements from "+co.Name+".", s.News, roomHead,
			"<h1>"+esc(s.NewsText)+"</h1>\n<ul>\n"+list.String()+"</ul>")
	}
	for i, p := range posts {
		if p.Link != "" {
			continue
		}
		t := times[i].In(siteClocks[s.Tz])
		var meta, stamp string
		switch p.Style {
		case "":
			meta = `<meta property="article:published_time" content="` + t.Format(time.RFC3339) + `">` + "\n"
		case "jsonld":
			meta = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"` +
				jsonText(p.Title) + `","datePublished":"` + t.Format(time.DateOnly) + `"}</script>` + "\n"
		case "time":
			stamp = `<p><time datetime="` + t.Format(time.DateOnly) + `">` + t.Format("January 2, 2006") + "</time></p>\n"
		}
		pages[p.Path] = page(p.Title+" | "+co.Name, p.Summary, p.Path, meta,
			"<article>\n<h1>"+esc(p.Title)+"</h1>\n"+stamp+"<p>"+esc(p.Summary)+"</p>\n</article>")
	}
	if s.Feed != "" {
		pages[s.Feed] = fx.feed(co, posts, times)
	}
	return Site{Domain: co.Domain, NoTLS: true, Pages: pages}
}

// jsonText escapes s for a JSON string in a script element.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return strings.ReplaceAll(string(b[1:len(b)-1]), "</", `<\/`)
}

// feed renders the site's RSS 2.0 or Atom feed of posts.
func (fx worldFixture) feed(co wCompany, posts []wPost, times []time.Time) SitePage {
	s := co.Site
	esc := html.EscapeString
	var b strings.Builder
	link := func(p wPost) string { return cmp.Or(p.Link, SiteOrigin+p.Path) }
	if s.Atom {
		b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n")
		fmt.Fprintf(&b, "<title>%s</title>\n<link href=\"%s/\" rel=\"alternate\"/>\n<link href=\"%s%s\" rel=\"self\"/>\n<id>tag:%s,2020:feed</id>\n",
			esc(co.Name), SiteOrigin, SiteOrigin, s.Feed, co.Domain)
		if len(times) > 0 {
			fmt.Fprintf(&b, "<updated>%s</updated>\n", times[0].In(siteClocks[s.Tz]).Format(time.RFC3339))
		}
		for i, p := range posts {
			t := times[i].In(siteClocks[s.Tz]).Format(time.RFC3339)
			fmt.Fprintf(&b, "<entry>\n<title>%s</title>\n<link rel=\"alternate\" href=\"%s\"/>\n<id>tag:%s,2020:%s</id>\n<published>%s</published>\n<updated>%s</updated>\n<summary>%s</summary>\n</entry>\n",
				esc(p.Title), esc(link(p)), co.Domain, esc(cmp.Or(p.Path, p.Link)), t, t, esc(p.Summary))
		}
		b.WriteString("</feed>\n")
		return SitePage{ContentType: "application/atom+xml; charset=utf-8", Body: b.String()}
	}
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n")
	fmt.Fprintf(&b, "<title>%s news</title>\n<link>%s%s</link>\n<description>News and announcements from %s</description>\n<language>en-us</language>\n<atom:link href=\"%s%s\" rel=\"self\" type=\"application/rss+xml\"/>\n",
		esc(co.Name), SiteOrigin, s.News, esc(co.Name), SiteOrigin, s.Feed)
	for i, p := range posts {
		fmt.Fprintf(&b, "<item>\n<title>%s</title>\n<link>%s</link>\n<guid isPermaLink=\"true\">%s</guid>\n<pubDate>%s</pubDate>\n<description>%s</description>\n</item>\n",
			esc(p.Title), esc(link(p)), esc(link(p)), times[i].In(siteClocks[s.Tz]).Format(time.RFC1123Z), esc(p.Summary))
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
		wc := WorldCompany{Name: co.Name, Aliases: slices.Clone(co.Aliases), Domain: co.Domain, Industry: co.Industry, Headquarters: co.Hq, Country: co.Country,
			WikidataID:  co.Qid,
			BoardLinked: co.BoardLinked, Quiet: co.Quiet, SiteDown: co.Site.Down, Ambiguous: co.Ambiguous, Mail: co.Mail.Summary,
			Described: co.Site.Desc != "" || co.Site.About != "" || co.Description != "" || co.ReleaseDescribes}
		var filings []SECFiling
		if l := co.Listing; l != nil {
			wc.Ticker, wc.CIK = l.Ticker, strconv.FormatInt(l.Cik, 10)
			filings = fx.secFilings(co)
		}
		for i, e := range co.Events {
			ev := WorldEvent{Type: e.Signal, DaysAgo: e.Days, Decoy: e.Decoy} // headline: the first story's, else the post's title
			for _, s := range e.Stories {
				t := s.published(fx.c, e)
				s = s.filled(t)
				if ev.Headline == "" {
					ev.Headline = s.Headline
				}
				dropped := s.Language != "" || !newsMentions(co, s.Headline)
				if s.In&inGoogle != 0 {
					u := GoogleRedirect(s.url())
					if s.Direct {
						u = s.url()
					}
					ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderGoogleNews, URL: normalURL(u), Dropped: dropped})
				}
				if s.In&inGDELT != 0 {
					ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderGDELT, URL: normalURL(s.url()), Dropped: dropped || s.lostToGDELT()})
				}
				if s.In&inExa != 0 {
					ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderExa, URL: normalURL(s.url()),
						Dropped: !newsMentions(co, s.Headline+" "+s.Lead)})
				}
			}
			if p := e.Post; p != nil {
				if ev.Headline == "" {
					ev.Headline = fill(p.Title, fx.c.at(e.Days, p.Hh, p.Mm))
				}
				u := cmp.Or(p.Link, sites.URL("http", co.Domain, p.Path))
				ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderWebsite, URL: normalURL(u), Dropped: p.Link != ""})
			}
			if e.Filing != nil {
				f := filings[eventFilingIndex(co, i)]
				u := secURL + "/Archives/edgar/data/" + wc.CIK + "/" + strings.ReplaceAll(f.Accession, "-", "") + "/" + f.PrimaryDocument
				ev.Evidence = append(ev.Evidence, WorldEvidence{Provider: ProviderSEC, URL: normalURL(u)})
			}
			if e.Signal == "" {
				wc.Decoys = append(wc.Decoys, ev)
			} else {
				wc.Events = append(wc.Events, ev)
			}
		}
		if b := co.Board; b != nil {
			board := atsSites[b.Provider].root + b.Token
			wc.Board = board
			newest := slices.MinFunc(b.Roles, func(x, y wRole) int { return x.Days - y.Days })
			ev := WorldEvent{Type: "hiring", DaysAgo: newest.Days,
				Headline: fmt.Sprintf("%s lists %d open roles on %s", co.Name, len(b.Roles), atsSites[b.Provider].name),
				Evidence: []WorldEvidence{{Provider: b.Provider, URL: normalURL(board)}}}
			if co.SmallBoard != "" {
				ev.Type, ev.Decoy = "", co.SmallBoard
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
	for _, e := range co.Events[:i] {
		if e.Filing != nil {
			n++
		}
	}
	return n
}

// newsMentions reports whether text names the company as the news
// sources require (newsitem.Matcher).
func newsMentions(co wCompany, text string) bool {
	return newsitem.NewMatcher(bundle.Company{Name: co.Name, Domain: co.Domain, Aliases: co.Aliases}).Mentions(text)
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

// worldData is the world's description: its companies (world.json) and
// the mail providers' zones their mail setups depend on (dns/*.zone).
//
//go:embed testdata/world.json testdata/dns/*.zone
var worldData embed.FS

// worldCompanies reads the world's companies from world.json: every date
// in it is a number of days before the world's now (with a time of day),
// so the world is the same whenever it runs.
func worldCompanies() ([]wCompany, error) {
	b, err := worldData.ReadFile("testdata/world.json")
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var cos []wCompany
	if err := dec.Decode(&cos); err != nil {
		return nil, fmt.Errorf("sourcetest: testdata/world.json: %w", err)
	}
	for _, co := range cos {
		if _, ok := siteClocks[co.Site.Tz]; !ok && !co.Site.Down {
			return nil, fmt.Errorf("sourcetest: testdata/world.json: %s: no site clock %q", co.Domain, co.Site.Tz)
		}
	}
	return cos, nil
}

// siteClocks are the clocks the sites date their feeds and pages in
// (wSite.Tz).
var siteClocks = map[string]*time.Location{
	"EST": time.FixedZone("EST", -5*3600), "CST": time.FixedZone("CST", -6*3600), "MST": time.FixedZone("MST", -7*3600),
	"PST": time.FixedZone("PST", -8*3600), "GMT": time.FixedZone("GMT", 0), "CET": time.FixedZone("CET", 3600),
	"CEST": time.FixedZone("CEST", 2*3600), "UTC": time.UTC,
}
