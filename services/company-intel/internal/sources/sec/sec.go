// Package sec is company-intel's SEC EDGAR source: the company's recent
// filings of interest (8-K with the meaning of its items, 10-K/10-Q,
// IPO registrations and prospectuses, merger and tender documents, 13D
// stakes, Form D private offerings) and the profile facts EDGAR records
// (ticker and exchange, business address, SIC industry).
//
// EDGAR needs no key but refuses undeclared automated tools: every request
// carries the operator's SEC_USER_AGENT ("Company Name
// contact@example.com"); without one New returns ErrNoUserAgent and the
// source stays disabled. The SEC's fair-access limit is 10 requests per
// second from one user however many machines; one Source (one
// upstream.Client, one limiter for www.sec.gov and data.sec.gov) is made
// per process and never exceeds it.
//
// Company resolution: q.Company.CIK when set; otherwise the ticker file
// (www.sec.gov/files/company_tickers.json, kept for TickerTTL) by exact
// ticker (case-insensitive), then by title as written, then by exact
// normalised name: the company-name normal form of the title without
// EDGAR's state, country, "/NEW/" and "/ADR/" markers, in every spelling
// they take (see stripMarkers). Nothing fuzzy: no match, or a name shared
// by two CIKs, leaves the company without a CIK and Gather returns an
// empty Result. A Listing carries the title as written and its Name
// without markers: compare Name, not Title, with a company's name
// (companyname.Same("COSTCO WHOLESALE CORP", "Costco Wholesale
// Corporation") holds; with "/NEW" it does not).
//
// The ticker file (about a MiB) is fetched once per TickerTTL per cluster:
// with Config.Store, the store every replica shares, a replica that has no
// copy in memory reads the one in the store (kept gzipped, with the time
// it was fetched); only when there is none does it fetch the file, under a
// lease in the store (TickerLease), while the other replicas poll the
// store for its copy. Without a store, or while it fails, each replica
// fetches the file for itself.
//
// Filings: one item per filing of interest (forms.go), cited by its
// primary document in the EDGAR archives. A filing without a usable
// primary document (EDGAR names none for filings from before about 2001;
// the column may also be missing or null) is still cited, by its filing
// index page (…/{accession}-index.htm), which lists every document of the
// filing: a reader expects every filing of interest, and the index page is
// the SEC's own page for it. The items column is read as 8-K items for
// 8-K and 8-K/A (meanings for the current numbering; "5", "7" from before
// August 2004 kept as written) and as the exemptions a Form D claims
// ("06b": Rule 506(b)); other text found there is not an item. A
// primaryDocDescription that only names the form ("FORM 8-K", "10-Q") is
// not repeated in the excerpt. A row whose accession number or filing date
// does not parse is dropped and counted (upstream.Client.Dropped); columns
// that do not line up make the whole answer malformed.
//
// Dates: Published is the filing date at day precision. The submissions
// JSON's acceptanceDateTime ends in "Z" but for about a fifth of filers it
// is the New York clock with a Z appended (measured against the SGML
// headers, which are always Eastern: datamule-python#115, edgartools#557),
// and filings from before EDGAR recorded acceptance times carry New York
// midnight (T05:00:00.000Z), so it cannot be cited as an instant; it is
// kept as written in Filing.Accepted (zero when absent or unreadable). A
// filing is in the window when its filing day overlaps [q.From, q.To].
//
// Where the shapes were learned: the SEC's EDGAR API documentation
// (data.sec.gov submissions, the ticker file, fair-access rules); the live
// ticker file as public projects mirror it weekly (the title spellings
// above: /DE/, /DE, INC/DE, " / MA", \DE\, a bare trailing state after a
// legal form, /NEW, /ADR, /FI, /CAN/, (Cayman) and spaced legal forms such
// as "N V"); submissions documents that public EDGAR client libraries keep
// as test fixtures, from 2022 and 2026 (compact one-line JSON, the
// filings.recent columns with act, fileNumber, filmNumber, size, core_type
// and isXBRLNumeric beside the ones read here, the files paging block, a
// zero-padded cik string, lei, ownerOrg, isForeignLocation and countryCode
// that may be null, formerNames as objects, empty primaryDocument for old
// filings, the items column also carrying Form D exemptions ("06b") and
// EFFECT notices ("S-4,,2021-03-04 16:00:00"), and primaryDocDescription
// as "8-K", "FORM 8-K", "" or a real title); EDGAR clients' issue
// trackers (the 403 HTML page "Request Rate Threshold Exceeded" / "Your
// Request Originates from an Undeclared Automated Tool", 429 on the
// archives, the acceptanceDateTime clock).
package sec

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
	"go.opentelemetry.io/otel/metric"
)

// Name is the provider name.
const Name = "sec"

// Defaults and limits.
const (
	DefaultWWWURL  = "https://www.sec.gov"  // SEC_WWW_URL: ticker file, archives, browse pages
	DefaultDataURL = "https://data.sec.gov" // SEC_DATA_URL: submissions JSON
	// MaxRatePerSecond is the SEC's fair-access limit (requests per second
	// per user, across machines).
	MaxRatePerSecond = 10
	// TickerTTL is how long the ticker file is kept after a successful load.
	TickerTTL = 24 * time.Hour
	// Publisher is Doc.Publisher of every item.
	Publisher = "SEC EDGAR"
)

// ErrNoUserAgent is New's answer to an empty UserAgent: the SEC blocks
// requests that do not declare who sends them.
var ErrNoUserAgent = errors.New("sec: SEC_USER_AGENT is not set (the SEC requires a User-Agent naming the company and a contact e-mail); SEC EDGAR source disabled")

// Config configures the source.
type Config struct {
	WWWURL    string // SEC_WWW_URL; DefaultWWWURL when empty
	DataURL   string // SEC_DATA_URL; DefaultDataURL when empty
	UserAgent string // SEC_USER_AGENT, e.g. "Intel402 ops@intel402.example" (required)
	// Timeout bounds one upstream call (upstream.DefaultTimeout when 0).
	Timeout time.Duration
	// RatePerSecond is the process-wide request rate; 0 or more than
	// MaxRatePerSecond gives MaxRatePerSecond.
	RatePerSecond float64
	MaxRetries    int   // upstream.DefaultMaxRetries when 0, none when negative
	MaxBodyBytes  int64 // upstream.DefaultMaxBodyBytes when 0
	Recorder      upstream.Recorder
	// MeterProvider records the filings dropped as unreadable
	// (upstream.DroppedMetric); nil is the otel global.
	MeterProvider metric.MeterProvider
	Logger        *slog.Logger
	Now           func() time.Time // nil = time.Now
	// Share makes the rate one budget for every replica (the SEC's limit
	// is per address).
	Share upstream.Share
	// Store, optional, is the store every replica shares: the ticker file
	// is kept there (see the package comment).
	Store Store
	// KeyPrefix starts Store's keys (DefaultKeyPrefix when empty).
	KeyPrefix string
}

// Source reads SEC EDGAR. Safe for concurrent use; make one per process.
type Source struct {
	www, data string
	client    *upstream.Client
	now       func() time.Time
	log       *slog.Logger
	tickers   tickerCache
	store     Store // nil: the ticker file is not shared
	keyPrefix string
	maxBody   int64 // the largest answer read
}

// New returns the source, or ErrNoUserAgent when cfg.UserAgent is empty.
func New(cfg Config) (*Source, error) {
	ua := strings.TrimSpace(cfg.UserAgent)
	if ua == "" {
		return nil, ErrNoUserAgent
	}
	www, err := upstream.BaseURL(cfg.WWWURL, DefaultWWWURL)
	if err != nil {
		return nil, fmt.Errorf("sec: SEC_WWW_URL: %w", err)
	}
	data, err := upstream.BaseURL(cfg.DataURL, DefaultDataURL)
	if err != nil {
		return nil, fmt.Errorf("sec: SEC_DATA_URL: %w", err)
	}
	rate := cfg.RatePerSecond
	if rate <= 0 || rate > MaxRatePerSecond {
		rate = MaxRatePerSecond
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	client := upstream.New(upstream.Config{
		Name: Name, Timeout: cfg.Timeout, RatePerSecond: rate, Burst: 1, MaxRetries: cfg.MaxRetries,
		MaxBodyBytes: cfg.MaxBodyBytes, UserAgent: ua, Recorder: cfg.Recorder, Logger: cfg.Logger,
		MeterProvider: cfg.MeterProvider, Share: cfg.Share,
	})
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = upstream.DefaultMaxBodyBytes
	}
	if cfg.KeyPrefix == "" {
		cfg.KeyPrefix = DefaultKeyPrefix
	}
	return &Source{www: www, data: data, client: client, now: cfg.Now, log: cfg.Logger, store: cfg.Store,
		keyPrefix: cfg.KeyPrefix, maxBody: cfg.MaxBodyBytes}, nil
}

// Name returns "sec".
func (s *Source) Name() string { return Name }

// Close releases idle connections.
func (s *Source) Close() { s.client.Close() }

// LookupTicker resolves a ticker or a company name with the SEC ticker
// file: the listings whose ticker equals nameOrTicker (case-insensitive,
// "BRK.B" = "BRK-B"), else those whose title is nameOrTicker as written
// (case and spacing aside), else those whose normalised title equals its
// normalised form (normalizeName: "Costco Wholesale Corporation" finds
// "COSTCO WHOLESALE CORP /NEW"); none otherwise (never a fuzzy guess).
// Several listings may share a CIK (share classes) and a name may match
// several CIKs: the caller decides. Usage.Contents is 1 when the ticker
// file was fetched from the SEC for this call, 0 when it came from memory
// or the shared store.
func (s *Source) LookupTicker(ctx context.Context, nameOrTicker string) ([]Listing, bundle.Usage, error) {
	if strings.TrimSpace(nameOrTicker) == "" {
		return nil, bundle.Usage{}, nil
	}
	idx, u, err := s.index(ctx)
	if err != nil {
		return nil, u, err
	}
	if ls := idx.ticker(nameOrTicker); len(ls) > 0 {
		return ls, u, nil
	}
	return idx.name(nameOrTicker), u, nil
}

// resolve returns the company's CIK ("" when it has none): c.CIK, else
// the one CIK whose ticker equals c.Ticker, else the one CIK whose title
// is c.Name as written or, failing that, whose normalised title equals
// c.Name's.
func (s *Source) resolve(ctx context.Context, c bundle.Company) (string, bundle.Usage, error) {
	if cik, ok := canonicalCIK(c.CIK); ok {
		return cik, bundle.Usage{}, nil
	}
	if strings.TrimSpace(c.Ticker) == "" && strings.TrimSpace(c.Name) == "" {
		return "", bundle.Usage{}, nil
	}
	idx, u, err := s.index(ctx)
	if err != nil {
		return "", u, err
	}
	for _, ls := range [][]Listing{idx.ticker(c.Ticker), idx.name(c.Name)} {
		if cik, ok := oneCIK(ls); ok {
			return cik, u, nil
		}
		if len(ls) > 0 {
			s.log.DebugContext(ctx, "sec: company matches several CIKs; not guessing", "company", c.Name)
			return "", u, nil
		}
	}
	return "", u, nil
}

// oneCIK returns the CIK of listings that all share one.
func oneCIK(ls []Listing) (string, bool) {
	if len(ls) == 0 {
		return "", false
	}
	for _, l := range ls[1:] {
		if l.CIK != ls[0].CIK {
			return "", false
		}
	}
	return ls[0].CIK, true
}

// Gather returns the company's filings of interest filed within the
// window (Kind filing), its EDGAR company page (Kind profile) and the
// profile facts EDGAR records. A company without a CIK, or a CIK EDGAR
// does not know, gives an empty Result and no error.
func (s *Source) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	var res bundle.Result
	cik, u, err := s.resolve(ctx, q.Company)
	res.Usage = u
	if err != nil || cik == "" {
		return res, err
	}
	resp, err := s.get(ctx, s.data+"/submissions/CIK"+pad(cik)+".json")
	res.Usage.Contents++
	if err != nil {
		if upstream.KindOf(err) == upstream.KindNotFound {
			return res, nil
		}
		return res, err
	}
	sub, rows, dropped, err := parseSubmissions(resp.Body)
	if err != nil {
		return res, &upstream.Error{Upstream: Name, Kind: upstream.KindMalformed, Status: resp.Status, Err: err}
	}
	s.client.Dropped(ctx, "undecodable", dropped)
	retrieved := s.now().UTC()
	// Submissions' name is EDGAR's conformed name, markers included
	// ("COSTCO WHOLESALE CORP /NEW"): items name the company without them.
	name := stripMarkers(sub.Name)
	if name == "" {
		name = q.Company.Name
	}
	f := filer{cik: string(sub.CIK), name: name, www: s.www, retrieved: retrieved}

	profile := f.profileItem(sub)
	res.Items = append(res.Items, profile)
	res.Profile = f.facts(sub, profile.Doc.URL)
	res.Items = append(res.Items, f.filings(rows, q)...)

	for _, file := range sub.Filings.Files {
		if !pageOverlaps(file, q) {
			continue
		}
		rows, err := s.filingPage(ctx, file.Name)
		res.Usage.Contents++
		if err != nil {
			sortItems(res.Items)
			return res, err
		}
		res.Items = append(res.Items, f.filings(rows, q)...)
	}
	sortItems(res.Items)
	return res, nil
}

// pageOverlaps reports whether a page of older filings may hold filings
// within the window.
func pageOverlaps(f filingFile, q bundle.Query) bool {
	from, err1 := time.Parse(time.DateOnly, f.FilingFrom)
	to, err2 := time.Parse(time.DateOnly, f.FilingTo)
	if err1 != nil || err2 != nil || !safeFileName(f.Name) {
		return false
	}
	return !from.After(q.To) && to.Add(24*time.Hour).After(q.From)
}

// safeFileName admits the names EDGAR gives filing pages
// (CIK0001998101-submissions-001.json), so nothing else is requested.
func safeFileName(n string) bool {
	if !strings.HasSuffix(n, ".json") || strings.Contains(n, "..") {
		return false
	}
	for _, r := range n {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

func (s *Source) filingPage(ctx context.Context, name string) ([]filingRow, error) {
	resp, err := s.get(ctx, s.data+"/submissions/"+name)
	if err != nil {
		return nil, err
	}
	rows, dropped, err := parseFilingPage(resp.Body)
	if err != nil {
		return nil, &upstream.Error{Upstream: Name, Kind: upstream.KindMalformed, Status: resp.Status, Err: err}
	}
	s.client.Dropped(ctx, "undecodable", dropped)
	return rows, nil
}

// get GETs one of EDGAR's JSON files. The SEC answers 403 with an HTML
// page ("Request Rate Threshold Exceeded" / "Your Request Originates from
// an Undeclared Automated Tool") both to a User-Agent it does not accept
// and to a client over its rate threshold (it then blocks the address for
// about ten minutes): a rejection that retrying would only prolong, kept
// as KindRejected with the reason spelled out.
func (s *Source) get(ctx context.Context, u string) (*upstream.Response, error) {
	resp, err := s.client.Do(ctx, upstream.Request{URL: u, Retry5xx: true})
	var ue *upstream.Error
	if errors.As(err, &ue) && ue.Kind == upstream.KindRejected && ue.Status == http.StatusForbidden {
		return nil, &upstream.Error{Upstream: Name, Kind: upstream.KindRejected, Status: ue.Status,
			Err: fmt.Errorf("the SEC refused the request as from an undeclared automated tool or over its rate threshold "+
				"(SEC_USER_AGENT must name the company and a contact e-mail; at most %d requests/s): %w", MaxRatePerSecond, ue.Err)}
	}
	return resp, err
}

// pad zero-pads a CIK to EDGAR's 10 digits.
func pad(cik string) string {
	if len(cik) >= 10 {
		return cik
	}
	return strings.Repeat("0", 10-len(cik)) + cik
}

// filer renders one company's EDGAR records as items.
type filer struct {
	cik, name string
	www       string
	retrieved time.Time
}

// pageURL is the company's EDGAR filings page.
func (f filer) pageURL() string {
	return f.www + "/cgi-bin/browse-edgar?action=getcompany&CIK=" + f.cik
}

func (f filer) profileItem(sub *submissions) bundle.Item {
	parts := []string{f.name + " (CIK " + f.cik + ")."}
	if d := strings.TrimSpace(sub.SICDescription); d != "" {
		parts = append(parts, "Industry (SIC "+strings.TrimSpace(sub.SIC)+"): "+d+".")
	}
	if st := strings.TrimSpace(sub.StateOfIncorporation); st != "" {
		parts = append(parts, "State of incorporation: "+st+".")
	}
	if hq := headquarters(sub.Addresses.Business); hq != "" {
		parts = append(parts, "Business address: "+hq+".")
	}
	if t := ticker(sub); t != "" {
		parts = append(parts, "Listed: "+t+".")
	}
	if w := strings.TrimSpace(sub.Website); w != "" {
		parts = append(parts, "Website: "+w+".")
	}
	return bundle.Item{
		Doc: source.NewDocument(source.Document{
			URL: f.pageURL(), Title: f.name + " — SEC EDGAR filings (CIK " + f.cik + ")", Publisher: Publisher,
			RetrievedAt: f.retrieved, Excerpt: strings.Join(parts, " "), Authority: source.AuthorityRegulatory,
		}),
		Provider: Name,
		Kind:     bundle.KindProfile,
	}
}

// ticker renders the first ticker with its exchange, e.g. "Nasdaq: NWRB".
func ticker(sub *submissions) string {
	if len(sub.Tickers) == 0 || strings.TrimSpace(sub.Tickers[0]) == "" {
		return ""
	}
	t := strings.TrimSpace(sub.Tickers[0])
	if len(sub.Exchanges) > 0 && strings.TrimSpace(sub.Exchanges[0]) != "" {
		return strings.TrimSpace(sub.Exchanges[0]) + ": " + t
	}
	return t
}

func (f filer) facts(sub *submissions, pageURL string) bundle.Profile {
	fact := func(v string) *bundle.Fact {
		if v == "" {
			return nil
		}
		return &bundle.Fact{Value: v, SourceURL: pageURL}
	}
	return bundle.Profile{
		Ticker:       fact(ticker(sub)),
		Headquarters: fact(headquarters(sub.Addresses.Business)),
		Industry:     fact(source.Fold(sub.SICDescription)),
	}
}

// filings returns the rows of interest within the window as items.
func (f filer) filings(rows []filingRow, q bundle.Query) []bundle.Item {
	var out []bundle.Item
	for _, r := range rows {
		meaning, ok := forms[r.form]
		if !ok || !dayInWindow(r.filed, q) {
			continue
		}
		out = append(out, bundle.Item{
			Doc: source.NewDocument(source.Document{
				URL: f.documentURL(r), Title: f.title(r, meaning), Publisher: Publisher,
				Published: r.filed, Precision: source.PrecisionDay, RetrievedAt: f.retrieved,
				Excerpt: excerpt(r, meaning), Authority: source.AuthorityRegulatory,
			}),
			Provider: Name,
			Kind:     bundle.KindFiling,
			Filing: &bundle.Filing{
				Form: r.form, Items: r.items, Filed: r.filed, Accepted: r.accepted,
				Accession: r.accession, Description: r.description,
			},
		})
	}
	return out
}

// dayInWindow reports whether the calendar day starting at day overlaps
// [q.From, q.To].
func dayInWindow(day time.Time, q bundle.Query) bool {
	return !day.After(q.To) && day.Add(24*time.Hour).After(q.From)
}

// documentURL is the filing's primary document in the EDGAR archives (the
// filing's index page when no primary document is named).
func (f filer) documentURL(r filingRow) string {
	dir := f.www + "/Archives/edgar/data/" + f.cik + "/" + strings.ReplaceAll(r.accession, "-", "") + "/"
	if r.document == "" {
		return dir + r.accession + "-index.htm"
	}
	segs := strings.Split(r.document, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return dir + strings.Join(segs, "/")
}

// title is "Form 8-K: Name — items 5.02, 9.01 (short meanings)" for a
// current report with items, "Form D: Name — Notice of an exempt offering
// of securities (Rule 506(b))" for a Form D with its exemptions, "Form
// 10-Q: Name — Quarterly report" otherwise.
func (f filer) title(r filingRow, meaning string) string {
	t := "Form " + r.form + ": " + f.name + " — "
	switch {
	case isFormD(r.form):
		if ex := exemptionNames(r.items); len(ex) > 0 {
			return t + meaning + " (" + strings.Join(ex, ", ") + ")"
		}
		return t + meaning
	case !isCurrentReport(r.form) || len(r.items) == 0:
		return t + meaning
	}
	word := "item "
	if len(r.items) > 1 {
		word = "items "
	}
	t += word + strings.Join(r.items, ", ")
	var known []string
	for _, it := range r.items {
		if m, ok := items[it]; ok {
			known = append(known, m.short)
		}
	}
	if len(known) > 0 {
		t += " (" + strings.Join(known, "; ") + ")"
	}
	return t
}

// excerpt is the primary document's description (unless it only names
// the form: "FORM 8-K", "10-Q") followed by the form's wording of each
// 8-K item ("Item 5.02: Departure of Directors …") or the exemptions a
// Form D claims; "Quarterly report (Form 10-Q)." when there is none of
// these.
func excerpt(r filingRow, meaning string) string {
	var parts []string
	if informative(r.description, r.form) {
		parts = append(parts, strings.TrimSuffix(r.description, ".")+".")
	}
	switch {
	case isCurrentReport(r.form):
		for _, it := range r.items {
			if m, ok := items[it]; ok {
				parts = append(parts, "Item "+it+": "+m.full+".")
			}
		}
	case isFormD(r.form):
		if ex := exemptionNames(r.items); len(ex) > 0 {
			parts = append(parts, "Exemption claimed: "+strings.Join(ex, ", ")+".")
		}
	}
	if len(parts) == 0 {
		return meaning + " (Form " + r.form + ")."
	}
	return strings.Join(parts, " ")
}

func isCurrentReport(form string) bool { return form == "8-K" || form == "8-K/A" }

func isFormD(form string) bool { return form == "D" || form == "D/A" }

// informative reports whether a primaryDocDescription says more than the
// form's name: "FORM 8-K", "8-K", "Form 10-Q" and "" do not; "Credit
// Agreement" and "CURRENT REPORT, ITEM 5.02" do.
func informative(desc, form string) bool {
	key := func(s string) string {
		s = strings.ToUpper(strings.TrimSpace(s))
		s = strings.TrimPrefix(s, "FORM ")
		return strings.NewReplacer(" ", "", "-", "", ".", "").Replace(s)
	}
	d := key(desc)
	return d != "" && d != key(form)
}

// exemptionNames are the meanings of a Form D's items (the federal
// exemptions it claims), in order; codes without a known meaning are
// written as they are.
func exemptionNames(codes []string) []string {
	var out []string
	for _, c := range codes {
		if m, ok := exemptions[strings.ToLower(c)]; ok {
			out = append(out, m)
		} else if strings.HasPrefix(strings.ToLower(c), "3c.") {
			out = append(out, "Investment Company Act Section 3(c)("+c[3:]+")")
		} else {
			out = append(out, c)
		}
	}
	return out
}

// sortItems orders items by publication date, newest first (undated
// last), then by URL.
func sortItems(items []bundle.Item) {
	slices.SortStableFunc(items, func(a, b bundle.Item) int {
		if c := b.Doc.Published.Compare(a.Doc.Published); c != 0 {
			return c
		}
		return strings.Compare(a.Doc.URL, b.Doc.URL)
	})
}
