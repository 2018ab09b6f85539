// Package gdelt is company-intel's GDELT source: one article-list query of
// the GDELT DOC 2.0 API per Gather (key-less, free).
//
// Request: GET {BaseURL}?query=QUERY&mode=artlist&format=json&maxrecords=75
// &sort=DateDesc&startdatetime=YYYYMMDDhhmmss&enddatetime=YYYYMMDDhhmmss
// (BaseURL is GDELT_DOC_URL, default
// https://api.gdeltproject.org/api/v2/doc/doc) where QUERY is
//
//	"Company Name" sourcelang:english
//
// with the name of newsitem.QueryName as an exact phrase: the newest 75
// articles (Config.MaxRecords, up to GDELT's 250). GDELT searches a
// rolling window of about three months, so the start is clipped to 90 days
// before To (a longer window asks for its last 90 days); times are UTC.
//
// Response: {"articles":[{url, url_mobile, title, seendate
// ("20240702T121500Z": UTC, basic ISO 8601), socialimage, domain,
// language ("English"), sourcecountry ("United States")}]}, url_mobile and
// socialimage often "". Where each shape was learned: the DOC 2.0 API's
// announcement (modes, parameters, the 250 cap, the artlist fields); a real
// artlist answer kept as a test fixture by a public project (every field
// as above, url_mobile and socialimage empty, a non-English title with
// its commas set apart " , "); GDELT client libraries' issue trackers and
// fixes (invalid escapes and raw control characters in titles that make a
// strict JSON decoder reject the whole answer; rate-limit and rejection
// texts, HTTP 200 text/html for a rejected query); public projects'
// recorded answers of the rate limit (HTTP 429 with the plain-text "Please
// limit requests to one every 5 seconds or contact … for larger queries.",
// no Retry-After).
//
// Answers: HTTP 200 with an empty object {} (or an empty body) when
// nothing matches: an empty result, not an error. A query GDELT rejects is
// answered with HTTP 200 and a plain-text message (as text/html) instead
// of JSON: a rejected error carrying the message, or rate_limited when the
// message asks to slow down. The rate limit itself comes as HTTP 429 with
// that message: rate_limited (retried by the client through the 5-second
// limiter while the deadline allows). An HTML page in place of JSON (a
// proxy's or maintenance page) is malformed, as is a truncated body.
//
// Bad escapes: when the strict decode of an otherwise complete answer
// fails, each article is read on its own. A \' is read as the apostrophe
// it stands for ("Acme\'s" is "Acme's"), a backslash that starts no JSON
// escape as a literal backslash, a raw control character as a space; an
// article that still cannot be read (an unescaped quote, a backslash
// before the closing quote) or whose url was damaged is dropped, and the
// others are kept. Drops are counted in intel402.upstream.dropped
// {upstream="gdelt", reason="undecodable"|"bad_url"} and logged as a
// warning with the count (upstream.Client.Dropped).
//
// Mapping: Title from title, HTML entities decoded, whitespace folded and
// GDELT's spaced commas and semicolons closed up; URL from url; Publisher
// from domain; Published from seendate (when GDELT first saw the article,
// at PrecisionTime; an unparsable one leaves the item undated); no Excerpt
// (GDELT has no article text); Authority from the URL's host; Kind press
// for a first-party publisher, news otherwise.
//
// Relevance: the title mentions the company (newsitem.Matcher: name,
// aliases or domain, whole words, case-insensitive); GDELT matches the
// phrase anywhere in the article, which is not enough to cite it. Items
// outside [From, To] are dropped.
//
// Rate: the community advice is at least 5 s between queries, so the
// process-wide limit is one query per 5 s (burst 1). A busy process
// therefore serves GDELT results only to some requests: when the limiter
// cannot admit the query before the request's deadline the Gather fails at
// once as rate_limited, and the research layer marks that bundle partial.
// The limit belongs to the Source (build one per process); retries after
// a 429 or a 5xx pass through it too.
package gdelt

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Name is the provider name.
const Name = "gdelt"

// Defaults for zero Config fields, and GDELT's own limits.
const (
	DefaultURL           = "https://api.gdeltproject.org/api/v2/doc/doc"
	DefaultRatePerSecond = 1.0 / 5
	DefaultBurst         = 1
	DefaultMaxRecords    = 75
	MaxRecords           = 250 // GDELT's cap for maxrecords
	// Horizon is how far back a query reaches (GDELT's rolling window is
	// about three months).
	Horizon = 90 * 24 * time.Hour
)

// Config configures a Source.
type Config struct {
	// BaseURL is the DOC 2.0 endpoint (GDELT_DOC_URL); "" = DefaultURL.
	BaseURL string
	// MaxRecords is the maxrecords parameter, 1..MaxRecords; 0 =
	// DefaultMaxRecords.
	MaxRecords int
	// Upstream configures the HTTP client. Name is always "gdelt"; a zero
	// RatePerSecond takes DefaultRatePerSecond and DefaultBurst.
	Upstream upstream.Config
	// Now stamps RetrievedAt; nil = time.Now.
	Now func() time.Time
}

// Source queries GDELT. Safe for concurrent use.
type Source struct {
	ep         newsitem.Endpoint
	maxRecords int
}

// New validates cfg and returns a Source.
func New(cfg Config) (*Source, error) {
	switch {
	case cfg.MaxRecords == 0:
		cfg.MaxRecords = DefaultMaxRecords
	case cfg.MaxRecords < 0 || cfg.MaxRecords > MaxRecords:
		return nil, fmt.Errorf("gdelt: MaxRecords %d is outside 1..%d", cfg.MaxRecords, MaxRecords)
	}
	ep, err := newsitem.NewEndpoint(Name, cfg.BaseURL, DefaultURL, cfg.Upstream, DefaultRatePerSecond, DefaultBurst, cfg.Now)
	if err != nil {
		return nil, err
	}
	return &Source{ep: ep, maxRecords: cfg.MaxRecords}, nil
}

// Name returns "gdelt".
func (s *Source) Name() string { return Name }

// Gather queries GDELT for q.Company within q's window (clipped to the
// last 90 days).
func (s *Source) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	var res bundle.Result
	name := newsitem.QueryName(q.Company)
	if name == "" {
		return res, nil
	}
	to := q.To
	if to.IsZero() {
		to = s.ep.Now()
	}
	from := q.From
	if earliest := to.Add(-Horizon); from.Before(earliest) {
		from = earliest
	}
	resp, err := s.ep.Client.Do(ctx, upstream.Request{URL: s.queryURL(name, from, to), Retry5xx: true})
	res.Usage = newsitem.SearchUsage(err)
	if err != nil {
		return res, fmt.Errorf("gdelt query: %w", err)
	}
	list, err := parseBody(resp.Body)
	if err != nil {
		return res, fmt.Errorf("gdelt query: %w", bodyError(resp, err))
	}
	for _, reason := range slices.Sorted(maps.Keys(list.dropped)) {
		s.ep.Client.Dropped(ctx, reason, list.dropped[reason])
	}
	res.Items = newsitem.Collect(list.articles, q, s.ep.Now().UTC(), toItem)
	s.ep.Log.DebugContext(ctx, "gdelt query", slog.Int("articles", len(list.articles)), slog.Int("repaired", list.repaired),
		slog.Int("kept", len(res.Items)))
	return res, nil
}

// queryURL builds the artlist query for name within [from, to].
func (s *Source) queryURL(name string, from, to time.Time) string {
	const layout = "20060102150405"
	u := *s.ep.URL
	v := u.Query()
	v.Set("query", `"`+strings.ReplaceAll(name, `"`, "")+`" sourcelang:english`)
	v.Set("mode", "artlist")
	v.Set("format", "json")
	v.Set("maxrecords", strconv.Itoa(s.maxRecords))
	v.Set("sort", "DateDesc")
	v.Set("startdatetime", from.UTC().Format(layout))
	v.Set("enddatetime", to.UTC().Format(layout))
	u.RawQuery = v.Encode()
	return u.String()
}

// article is one entry of GDELT's artlist.
type article struct {
	URL           string `json:"url"`
	URLMobile     string `json:"url_mobile"`
	Title         string `json:"title"`
	SeenDate      string `json:"seendate"`
	SocialImage   string `json:"socialimage"`
	Domain        string `json:"domain"`
	Language      string `json:"language"`
	SourceCountry string `json:"sourcecountry"`
}

// bodyError maps a parseBody error to an *upstream.Error.
func bodyError(resp *upstream.Response, err error) error {
	var text *textAnswer
	if !errors.As(err, &text) {
		return &upstream.Error{Upstream: Name, Kind: upstream.KindMalformed, Status: resp.Status, Err: err}
	}
	kind := upstream.KindRejected
	if isSlowDown(text.message) {
		kind = upstream.KindRateLimited
	}
	return &upstream.Error{Upstream: Name, Kind: kind, Status: resp.Status, Err: err}
}

// isSlowDown reports whether a plain-text answer asks to slow down
// ("Please limit requests to one every 5 seconds or contact … for larger
// queries.").
func isSlowDown(msg string) bool {
	return strings.Contains(strings.ToLower(msg), "limit requests")
}

// toItem maps one article; ok is false when it has no http(s) URL, its
// title does not mention the company or it lies outside the window.
func toItem(a article, q bundle.Query, m newsitem.Matcher, retrieved time.Time) (bundle.Item, bool) {
	host := newsitem.Host(a.URL)
	title := cleanTitle(a.Title)
	if host == "" || !m.Mentions(title) {
		return bundle.Item{}, false
	}
	seen, err := time.Parse("20060102T150405Z", strings.TrimSpace(a.SeenDate))
	if err != nil {
		seen = time.Time{}
	}
	if !newsitem.InWindow(q, seen, source.PrecisionTime) {
		return bundle.Item{}, false
	}
	publisher := strings.ToLower(strings.TrimSpace(a.Domain))
	if publisher == "" {
		publisher = newsitem.Publisher(host)
	}
	doc := source.NewDocument(source.Document{
		URL:         a.URL,
		Title:       title,
		Publisher:   publisher,
		Published:   seen,
		Precision:   source.PrecisionTime,
		RetrievedAt: retrieved,
		Authority:   source.AuthorityOf(host, q.Company.Domain),
	})
	return newsitem.Item(Name, doc), true
}
