// Package wikidata is company-intel's Wikidata source: a reference profile
// of the company (English description, industry, headquarters, employee
// range, founding year, ticker) from its Wikidata item, cited to the
// item's page.
//
// The headquarters fact is the label of the P159 headquarters location
// followed by the label of the item's own P17 country ("Dublin, Ireland"),
// so that it names a country even when P159 is a city; the country is
// left off when the P159 label already contains it, and stands alone
// when there is no P159. Its label comes with the other labels, in the
// same wbgetentities call.
//
// The company's item is q.Company.WikidataID when set, else the item whose
// official website (P856) is the company's domain, found with one SPARQL
// query on the Wikidata Query Service: the website must be exactly
// http(s)://[www.]domain with or without a trailing slash (a site stored
// with a path, such as https://acme.com/en/, is not matched). When several
// items share the website, the company-like one with the lowest id (the
// oldest item) is taken. No domain and no id: empty Result.
//
// Calls: a domain costs the SPARQL query, one wbgetentities for the
// candidates and one per 50 items they refer to for the labels (three
// for a company); an id costs the last two; a name (Search) costs one
// wbsearchentities and the same two. With Config.Store, the store every
// replica shares, they are made once per cluster: each entity built
// (labels resolved) is kept under its id for EntityTTL and ByDomain's
// answer under the domain for as long ("no item" for NoItemTTL), so Get
// answers from the store with no call (research's Gather after
// resolution, another replica's resolution of the same domain). A
// failed call or a failed label lookup keeps nothing; a store that fails
// costs only the saving (the source asks Wikidata, as without a store).
//
// Statement ranks and qualifiers: statements that ended before now (a P582
// end time that has passed, or of unknown value) or start after it (P580)
// are set aside first; of the rest, preferred statements win over normal
// ones and deprecated ones are never used (so a former headquarters left
// at preferred rank gives way to the current one). The employee count is
// the best-ranked one with the latest point in time (P585, compared to
// its precision); the founding year the earliest best-ranked P571 read to
// a year or finer. "novalue" and "somevalue" snaks carry no value and
// state nothing. Aliases are the English and "mul" aliases, the P1448
// official names and the P1813 short names.
//
// Where the shapes were learned: the Wikibase JSON data model and the
// wbgetentities, wbsearchentities and WDQS documentation; real answers
// recorded in public client libraries' test fixtures (a 2016
// wbgetentities answer whose item values carry only "numeric-id", year
// times written "+YYYY-00-00T00:00:00Z" at precision 9, quantities as
// signed decimal strings with unit "1" and upper/lower bounds, qualifiers
// with "qualifiers-order", references, statement ids with a lower-case
// "q", sitelinks with badges; a 2019 one with "id" beside "numeric-id",
// "lastrevid", "modified" and empty "labels": {}; a terms-only answer for
// several ids; the "no-such-entity" error with "servedby" and
// "messages"; a wbsearchentities answer with "match" and no description
// on some hits; WDQS JSON results with "head.vars" and uri, literal and
// bnode bindings); Wikimedia's announcement that empty maps, serialised
// as "[]" until April 2019, became "{}"; client libraries' issue trackers
// for redirected (merged) items, answered under the id asked with the
// target's "id" and "redirects": {"from","to"}, and for terms served by
// language fallback ("language": "mul", "for-language": "en"). No
// recorded answer for a company item was found: the company claims
// (P159, P452, P1128, P414/P249) follow the data model with those shapes.
//
// Failures: an HTML page in place of JSON (Wikimedia's error page, a
// proxy's) and an answer cut short (WDQS ends a timed-out query's 200 with
// a Java stack trace) are malformed answers; a MediaWiki error answer
// ("error": {"code", "info"}, HTTP 200) rejects the call, except
// "no-such-entity" (an empty answer) and "maxlag"/"ratelimited" (rate
// limited). 429 with Retry-After and 5xx are upstream's.
//
// Wikidata asks API clients for a descriptive User-Agent (upstream's
// default names the project and its URL) and a modest request rate: one
// Source per process sends at most DefaultRatePerSecond requests per
// second to the API and the query service together.
package wikidata

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Name is the provider name.
const Name = "wikidata"

// Defaults.
const (
	DefaultAPIURL    = "https://www.wikidata.org/w/api.php" // WIKIDATA_API_URL
	DefaultSPARQLURL = "https://query.wikidata.org/sparql"  // WIKIDATA_SPARQL_URL
	// PageBaseURL + an item id is the item's page, what facts cite.
	PageBaseURL = "https://www.wikidata.org/wiki/"
	// DefaultRatePerSecond is the process-wide request rate.
	DefaultRatePerSecond = 5
	// DefaultMaxBodyBytes caps one answer: wbgetentities for ten large
	// items with all their statements runs to a few MiB.
	DefaultMaxBodyBytes = 8 << 20
	// Publisher is Doc.Publisher of the profile item.
	Publisher = "Wikidata"
	// maxIDs is wbgetentities' limit of ids per call.
	maxIDs = 50
	// searchLimit is how many hits Search asks for.
	searchLimit = 10
	// entityPrefix starts an item's URI in SPARQL results.
	entityPrefix = "http://www.wikidata.org/entity/"
)

// Config configures the source.
type Config struct {
	APIURL    string // WIKIDATA_API_URL; DefaultAPIURL when empty
	SPARQLURL string // WIKIDATA_SPARQL_URL; DefaultSPARQLURL when empty
	// Timeout bounds one upstream call (upstream.DefaultTimeout when 0).
	Timeout       time.Duration
	RatePerSecond float64 // DefaultRatePerSecond when 0
	MaxRetries    int     // upstream.DefaultMaxRetries when 0, none when negative
	MaxBodyBytes  int64   // DefaultMaxBodyBytes when 0
	Recorder      upstream.Recorder
	Logger        *slog.Logger
	Now           func() time.Time // nil = time.Now
	// Share makes the rate one budget for every replica.
	Share upstream.Share
	// Store, optional, is the store every replica shares: entities and
	// domain answers are kept there (see the package comment).
	Store Store
	// EntityTTL keeps an entity and a domain's item in Store
	// (DefaultEntityTTL when 0); NoItemTTL keeps a domain without an item
	// (DefaultNoItemTTL when 0).
	EntityTTL time.Duration
	NoItemTTL time.Duration
	// KeyPrefix starts Store's keys (DefaultKeyPrefix when empty).
	KeyPrefix string
}

// Source reads Wikidata. Safe for concurrent use; make one per process.
type Source struct {
	api, sparql string
	client      *upstream.Client
	now         func() time.Time
	log         *slog.Logger
	store       Store // nil: nothing shared
	keyPrefix   string
	entityTTL   time.Duration
	noItemTTL   time.Duration
}

// New returns the source.
func New(cfg Config) (*Source, error) {
	api, err := upstream.BaseURL(cfg.APIURL, DefaultAPIURL)
	if err != nil {
		return nil, fmt.Errorf("wikidata: WIKIDATA_API_URL: %w", err)
	}
	sparql, err := upstream.BaseURL(cfg.SPARQLURL, DefaultSPARQLURL)
	if err != nil {
		return nil, fmt.Errorf("wikidata: WIKIDATA_SPARQL_URL: %w", err)
	}
	if cfg.RatePerSecond <= 0 {
		cfg.RatePerSecond = DefaultRatePerSecond
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	client := upstream.New(upstream.Config{
		Name: Name, Timeout: cfg.Timeout, RatePerSecond: cfg.RatePerSecond, Burst: 1, MaxRetries: cfg.MaxRetries,
		MaxBodyBytes: cfg.MaxBodyBytes, Recorder: cfg.Recorder, Logger: cfg.Logger, Share: cfg.Share,
	})
	if cfg.EntityTTL <= 0 {
		cfg.EntityTTL = DefaultEntityTTL
	}
	if cfg.NoItemTTL <= 0 {
		cfg.NoItemTTL = DefaultNoItemTTL
	}
	if cfg.KeyPrefix == "" {
		cfg.KeyPrefix = DefaultKeyPrefix
	}
	return &Source{api: api, sparql: sparql, client: client, now: cfg.Now, log: cfg.Logger, store: cfg.Store,
		keyPrefix: cfg.KeyPrefix, entityTTL: cfg.EntityTTL, noItemTTL: cfg.NoItemTTL}, nil
}

// Name returns "wikidata".
func (s *Source) Name() string { return Name }

// Close releases idle connections.
func (s *Source) Close() { s.client.Close() }

// Search finds company-like items by name: one wbsearchentities query
// (label and alias match, English, ten hits), one wbgetentities for the
// hits and one per 50 referenced items to resolve labels. It keeps the
// hits that are organisations (see organisation: a company-like P31 class
// or an official website), in the search's order. Each hit returned is
// kept in the shared store (when the labels were all read), for Get.
func (s *Source) Search(ctx context.Context, name string) ([]Entity, bundle.Usage, error) {
	var u bundle.Usage
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, u, nil
	}
	v := url.Values{"action": {"wbsearchentities"}, "search": {name}, "language": {"en"}, "uselang": {"en"},
		"type": {"item"}, "format": {"json"}, "limit": {strconv.Itoa(searchLimit)}}
	resp, err := s.client.Do(ctx, upstream.Request{URL: s.api + "?" + v.Encode(), Retry5xx: true})
	u.Searches++
	if err != nil {
		return nil, u, err
	}
	if err := notHTML(resp); err != nil {
		return nil, u, malformed(resp, err)
	}
	ids, apiErr, err := parseSearch(resp.Body)
	if err != nil {
		return nil, u, malformed(resp, err)
	}
	if apiErr != nil {
		return nil, u, s.apiErr(apiErr)
	}
	raws, labels, lu, err := s.load(ctx, ids)
	u = u.Add(lu)
	now := s.now()
	var out []Entity
	for _, id := range ids {
		if r, ok := raws[id]; ok && r.organisation(labels, now) {
			e := r.entity(labels, now)
			out = append(out, e)
			if err == nil {
				s.keepEntity(ctx, e, id)
			}
		}
	}
	return out, u, err
}

// Get returns the item with id (nil when Wikidata has no such item). An
// item merged into another comes back as the other, with its id. An
// entity in the shared store is returned with no call (and zero Usage);
// else Get reads it (wbgetentities and its labels) and keeps it there.
func (s *Source) Get(ctx context.Context, id string) (*Entity, bundle.Usage, error) {
	id = normalizeQID(id)
	if !validQID(id) {
		return nil, bundle.Usage{}, nil
	}
	if e, ok := s.storedEntity(ctx, id); ok {
		return e, bundle.Usage{}, nil
	}
	return s.read(ctx, id)
}

// read is Get from Wikidata: the item and its labels, kept in the shared
// store when complete.
func (s *Source) read(ctx context.Context, id string) (*Entity, bundle.Usage, error) {
	raws, labels, u, err := s.load(ctx, []string{id})
	r, ok := raws[id]
	if !ok {
		return nil, u, err
	}
	e := r.entity(labels, s.now())
	if err == nil {
		s.keepEntity(ctx, e, id)
	}
	return &e, u, err
}

// normalizeQID trims an item id and upper-cases its "q" ("q95" is how
// statement ids and hand-typed ids often spell it).
func normalizeQID(id string) string {
	id = strings.TrimSpace(id)
	if strings.HasPrefix(id, "q") {
		id = "Q" + id[1:]
	}
	return id
}

// domainRE is a lower-case ASCII host name of at least two labels.
var domainRE = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$`)

// ByDomain returns the item whose official website (P856) is
// http(s)://[www.]domain[/] (nil when none): one SPARQL query, then
// wbgetentities for the candidates and their labels. Among several, the
// company-like item with the lowest id wins. The answer (the item, or
// none) is kept in the shared store, and the item too: asked again, on any
// replica, ByDomain makes no call.
func (s *Source) ByDomain(ctx context.Context, domain string) (*Entity, bundle.Usage, error) {
	var u bundle.Usage
	domain = strings.TrimPrefix(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(domain)), "."), "www.")
	if !domainRE.MatchString(domain) {
		return nil, u, nil
	}
	if id, ok := s.storedDomain(ctx, domain); ok {
		if id == "" {
			return nil, u, nil
		}
		if e, ok := s.storedEntity(ctx, id); ok {
			return e, u, nil
		}
		// The item's entry went first (evicted): read the item alone.
		return s.read(ctx, id)
	}
	e, u, err := s.byDomain(ctx, domain)
	if err == nil {
		id := ""
		if e != nil {
			id = e.ID
			s.keepEntity(ctx, *e)
		}
		s.keepDomain(ctx, domain, id)
	}
	return e, u, err
}

// byDomain is ByDomain from Wikidata.
func (s *Source) byDomain(ctx context.Context, domain string) (*Entity, bundle.Usage, error) {
	var u bundle.Usage
	v := url.Values{"query": {DomainQuery(domain)}, "format": {"json"}}
	resp, err := s.client.Do(ctx, upstream.Request{URL: s.sparql + "?" + v.Encode(), Retry5xx: true,
		Accept: "application/sparql-results+json"})
	u.Searches++
	if err != nil {
		return nil, u, err
	}
	if err := notHTML(resp); err != nil {
		return nil, u, malformed(resp, err)
	}
	ids, err := parseSPARQLItems(resp.Body)
	if err != nil {
		return nil, u, malformed(resp, err)
	}
	if len(ids) == 0 {
		return nil, u, nil
	}
	raws, labels, lu, err := s.load(ctx, ids)
	u = u.Add(lu)
	now := s.now()
	var cands []rawEntity
	for _, id := range ids {
		r, ok := raws[id]
		if !ok {
			continue
		}
		for _, w := range r.websites(now) {
			if websiteHost(w) == domain {
				cands = append(cands, r)
				break
			}
		}
	}
	if len(cands) == 0 {
		return nil, u, err
	}
	if len(cands) > 1 {
		s.log.DebugContext(ctx, "wikidata: several items have the website", "domain", domain, "items", len(cands))
	}
	sort.SliceStable(cands, func(i, j int) bool {
		oi, oj := cands[i].companyClass(labels), cands[j].companyClass(labels)
		if oi != oj {
			return oi
		}
		return qidNumber(cands[i].ID) < qidNumber(cands[j].ID)
	})
	e := cands[0].entity(labels, now)
	return &e, u, err
}

func qidNumber(id string) int64 {
	n, _ := strconv.ParseInt(strings.TrimPrefix(id, "Q"), 10, 64)
	return n
}

// DomainQuery is the SPARQL query ByDomain sends: the items whose P856 is
// one of the eight spellings of the domain's home page. VALUES makes it an
// index lookup; a FILTER over every P856 value would scan them all and
// risk the service's 60-second limit.
func DomainQuery(domain string) string {
	var sites []string
	for _, scheme := range []string{"https", "http"} {
		for _, host := range []string{domain, "www." + domain} {
			sites = append(sites, "<"+scheme+"://"+host+"/>", "<"+scheme+"://"+host+">")
		}
	}
	return "PREFIX wdt: <http://www.wikidata.org/prop/direct/>\n" +
		"SELECT DISTINCT ?item WHERE {\n" +
		"  VALUES ?site { " + strings.Join(sites, " ") + " }\n" +
		"  ?item wdt:P856 ?site .\n" +
		"}\nLIMIT 5"
}

// parseSPARQLItems reads the ?item bindings of SPARQL JSON results as
// item ids. A binding of another variable, or of ?item to a literal
// (with its xml:lang or datatype) or a blank node, is not an item.
func parseSPARQLItems(body []byte) ([]string, error) {
	var r struct {
		Results *struct {
			Bindings []map[string]struct {
				Type  string `json:"type"`
				Value string `json:"value"`
			} `json:"bindings"`
		} `json:"results"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, err
	}
	if r.Results == nil {
		return nil, errors.New("wikidata: SPARQL answer without results")
	}
	var ids []string
	for _, b := range r.Results.Bindings {
		it, ok := b["item"]
		if !ok || it.Type != "uri" || !strings.HasPrefix(it.Value, entityPrefix) {
			continue
		}
		if id := strings.TrimPrefix(it.Value, entityPrefix); validQID(id) && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// load fetches entities (one call, at most maxIDs) and the English labels
// of the items they refer to. A failed label call returns the entities
// with the labels gathered so far and the error.
func (s *Source) load(ctx context.Context, ids []string) (map[string]rawEntity, map[string]string, bundle.Usage, error) {
	var u bundle.Usage
	if len(ids) == 0 {
		return nil, nil, u, nil
	}
	if len(ids) > maxIDs {
		ids = ids[:maxIDs]
	}
	raws, err := s.entities(ctx, ids, "labels|descriptions|aliases|claims")
	u.Contents++
	if err != nil {
		return nil, nil, u, err
	}
	now := s.now()
	var refs []string
	for _, r := range raws {
		for _, id := range r.referencedIDs(now) {
			if !slices.Contains(refs, id) {
				refs = append(refs, id)
			}
		}
	}
	sort.Strings(refs)
	labels := map[string]string{}
	for start := 0; start < len(refs); start += maxIDs {
		chunk := refs[start:min(start+maxIDs, len(refs))]
		got, err := s.entities(ctx, chunk, "labels")
		u.Contents++
		if err != nil {
			return raws, labels, u, err
		}
		for id, r := range got {
			if l := r.label(); l != "" {
				labels[id] = l
			}
		}
	}
	return raws, labels, u, nil
}

// entities is one wbgetentities call. Unknown ids are absent from the
// map; an unknown-id error answer is an empty map.
func (s *Source) entities(ctx context.Context, ids []string, props string) (map[string]rawEntity, error) {
	v := url.Values{"action": {"wbgetentities"}, "ids": {strings.Join(ids, "|")}, "props": {props},
		"languages": {langEnglish + "|" + langMultiple}, "format": {"json"}}
	resp, err := s.client.Do(ctx, upstream.Request{URL: s.api + "?" + v.Encode(), Retry5xx: true})
	if err != nil {
		return nil, err
	}
	if err := notHTML(resp); err != nil {
		return nil, malformed(resp, err)
	}
	raws, apiErr, skipped, err := parseEntities(resp.Body)
	if err != nil {
		return nil, malformed(resp, err)
	}
	if skipped > 0 {
		s.log.WarnContext(ctx, "wikidata: entities the parser could not read were skipped", "skipped", skipped)
	}
	if apiErr != nil {
		if apiErr.Code == "no-such-entity" {
			return map[string]rawEntity{}, nil
		}
		return nil, s.apiErr(apiErr)
	}
	return raws, nil
}

// parseSearch reads a wbsearchentities answer: the ids of its hits, in
// order, without repeats. An answer without "search" is not one.
func parseSearch(body []byte) ([]string, *apiError, error) {
	var sr struct {
		Search *[]struct {
			ID string `json:"id"`
		} `json:"search"`
		Error *apiError `json:"error"`
	}
	if err := json.Unmarshal(body, &sr); err != nil {
		return nil, nil, err
	}
	if sr.Error != nil {
		return nil, sr.Error, nil
	}
	if sr.Search == nil {
		return nil, nil, errors.New("wikidata: search answer without search")
	}
	var ids []string
	for _, h := range *sr.Search {
		if id := normalizeQID(h.ID); validQID(id) && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, nil, nil
}

// notHTML refuses an HTML page served in place of JSON (a maintenance or
// error page of Wikimedia's front end or of a proxy, with a 200).
func notHTML(resp *upstream.Response) error {
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	b := bytes.TrimLeft(resp.Body, " \t\r\n\ufeff")
	if strings.HasPrefix(ct, "text/html") || (len(b) > 0 && b[0] == '<') {
		return errors.New("wikidata: an HTML page in place of JSON")
	}
	return nil
}

func malformed(resp *upstream.Response, err error) error {
	return &upstream.Error{Upstream: Name, Kind: upstream.KindMalformed, Status: resp.Status, Err: err}
}

// apiErr maps a MediaWiki API error answer (HTTP 200) to a failed call:
// "maxlag" (the database replicas lag) and "ratelimited" are the server
// asking to come back later; any other code rejects the request.
func (s *Source) apiErr(e *apiError) error {
	kind := upstream.KindRejected
	if e.Code == "maxlag" || e.Code == "ratelimited" {
		kind = upstream.KindRateLimited
	}
	return &upstream.Error{Upstream: Name, Kind: kind, Status: 200, Err: fmt.Errorf("%s: %s", e.Code, e.Info)}
}

// Gather returns the company's Wikidata item as a profile Item and the
// profile facts it states: q.Company.WikidataID when set, else the item
// found by ByDomain(q.Company.Domain). No item: empty Result, nil error.
// A failed label lookup returns the item with the facts it could read and
// the error.
func (s *Source) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	var (
		res bundle.Result
		e   *Entity
		err error
	)
	switch {
	case validQID(normalizeQID(q.Company.WikidataID)):
		e, res.Usage, err = s.Get(ctx, q.Company.WikidataID)
	case q.Company.Domain != "":
		e, res.Usage, err = s.ByDomain(ctx, q.Company.Domain)
	}
	if e == nil {
		return res, err
	}
	item := s.Item(*e)
	res.Items = []bundle.Item{item}
	res.Profile = facts(*e, item.Doc.URL)
	return res, err
}

// Item is the entity's page as a citable item (Kind profile, reference
// authority, undated), what Gather returns and what company resolution
// cites for a name/domain match.
func (s *Source) Item(e Entity) bundle.Item {
	return bundle.Item{
		Doc: source.NewDocument(source.Document{
			URL: e.PageURL(), Title: e.Label + " — Wikidata", Publisher: Publisher,
			RetrievedAt: s.now().UTC(), Excerpt: excerpt(e), Authority: source.AuthorityReference,
		}),
		Provider: Name,
		Kind:     bundle.KindProfile,
	}
}

// maxIndustries is how many industry labels the Industry fact joins.
const maxIndustries = 3

func industry(e Entity) string {
	return strings.Join(e.Industry[:min(len(e.Industry), maxIndustries)], ", ")
}

func listing(e Entity) string {
	if e.Ticker == "" || e.Exchange == "" {
		return e.Ticker
	}
	return e.Exchange + ": " + e.Ticker
}

func facts(e Entity, pageURL string) bundle.Profile {
	fact := func(v string) *bundle.Fact {
		if v = source.Fold(v); v == "" {
			return nil
		}
		return &bundle.Fact{Value: v, SourceURL: pageURL}
	}
	p := bundle.Profile{
		Description:   fact(e.Description),
		Industry:      fact(industry(e)),
		Headquarters:  fact(e.Location()),
		EmployeeRange: fact(EmployeeRange(e.Employees)),
		Ticker:        fact(listing(e)),
	}
	if e.Inception > 0 {
		p.Founded = fact(strconv.Itoa(e.Inception))
	}
	return p
}

// excerpt summarises the item: its description, then the facts read.
func excerpt(e Entity) string {
	var parts []string
	if e.Description != "" {
		parts = append(parts, strings.TrimSuffix(e.Description, ".")+".")
	}
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+": "+v+".")
		}
	}
	add("Industry", industry(e))
	add("Headquarters", e.Location())
	if e.Employees > 0 {
		n := groupThousands(e.Employees)
		if e.EmployeesYear > 0 {
			n += " (" + strconv.Itoa(e.EmployeesYear) + ")"
		}
		add("Employees", n)
	}
	if e.Inception > 0 {
		add("Founded", strconv.Itoa(e.Inception))
	}
	add("Listed", listing(e))
	if len(e.Websites) > 0 {
		add("Website", e.Websites[0])
	}
	return strings.Join(parts, " ")
}

func groupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Employee ranges, the buckets EmployeeRange returns.
var employeeRanges = []struct {
	upTo  int64
	label string
}{
	{10, "1-10"}, {50, "11-50"}, {200, "51-200"}, {500, "201-500"}, {1000, "501-1000"},
	{5000, "1001-5000"}, {10000, "5001-10000"},
}

// EmployeeRange buckets an employee count: "1-10", "11-50", "51-200",
// "201-500", "501-1000", "1001-5000", "5001-10000", "10001+"; "" for
// zero (unknown).
func EmployeeRange(n int64) string {
	if n <= 0 {
		return ""
	}
	for _, r := range employeeRanges {
		if n <= r.upTo {
			return r.label
		}
	}
	return "10001+"
}
