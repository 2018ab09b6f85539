// Package exa is company-intel's Exa source (paid; only when EXA_API_KEY
// is set): a news search per Gather, a company search for company
// resolution (CompanySearch) and page text for given URLs (Contents).
//
// New returns ErrNoAPIKey for an empty key rather than a nil Source, so a
// caller wiring sources from the environment skips Exa explicitly
// (errors.Is) and never holds a typed nil. The key travels in the
// x-api-key header, which the upstream client never logs.
//
// Gather: POST {BaseURL}/search (BaseURL is EXA_BASE_URL, default
// https://api.exa.ai) with
//
//	{"query":"Company Name news","type":"auto","category":"news","numResults":10,
//	 "startPublishedDate":From,"endPublishedDate":To,
//	 "contents":{"text":{"maxCharacters":1200},"highlights":{"numSentences":2}}}
//
// (dates ISO 8601 in UTC with milliseconds; date filters are allowed with
// category news). The answer is {requestId, resolvedSearchType,
// searchTime, results[], costDollars{total, search{neural},
// contents{…}}}; each of results[]{id, title, url, publishedDate, author,
// score, text, highlights, highlightScores, summary, image, favicon} may
// lack any field or carry null (title, author and publishedDate often do;
// score is absent from answers of type auto). Where each shape was
// learned: Exa's API reference (request options, the fields and their
// nullability, the statuses of /contents, prices); a real /search answer
// kept as a test fixture by a public project (requestId as 32 hex digits,
// resolvedSearchType, searchTime in ms, results without author or score,
// publishedDate "2021-03-24T08:24:00.000Z", page titles ending in the
// site's name "… - Site", costDollars {total, search {neural}}). Mapping:
// Title the page title with HTML entities decoded and the site's own name
// cut when it ends the title ("… | TechCrunch" on techcrunch.com);
// URL; Publisher the URL's host without "www."; Published from
// publishedDate at PrecisionDay when Exa gives a date only or midnight UTC
// (how it reports a date without a time), PrecisionTime otherwise;
// Excerpt the highlights joined by " … ", else the text, else the
// summary; Authority from the URL's host; Kind press for a first-party
// publisher, news otherwise. Relevance: the title (site name included),
// text, highlights or summary mentions the company's name, an alias or
// its domain (newsitem.Matcher). Items outside [From, To] are dropped. An
// HTML page or a truncated body in place of the JSON is malformed.
//
// CompanySearch: POST /search with "category":"company" and no date
// filters (Exa rejects them with that category) and the page text; see
// Company. Contents: POST /contents with "urls" and a top-level "text"
// (on /contents the content options are not nested); a URL Exa could not
// fetch is reported in "statuses" and left out, not an error.
//
// Cost: Usage.CostUSD is the sum of the costDollars.total Exa reports;
// for a response without it, the configured unit price (SearchPriceUSD per
// search, default $0.007 — Exa's price for a search with text and
// highlights for up to 10 results; ContentsPriceUSD per page returned,
// default $0.001). Each call reserves its estimate (the unit price, per
// page for Contents) with the request's cost guard first, so the guard
// can refuse it (budget). A call that failed is not counted as spent.
// POSTs are not retried after a 5xx (the request may have been billed); a
// 429 is retried by the client. Rate: Exa documents 10 queries/s for
// search; the process-wide limit is 10/s with a burst of 5.
package exa

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Name is the provider name.
const Name = "exa"

// Defaults for zero Config fields, and the sizes of the requests.
const (
	DefaultURL              = "https://api.exa.ai"
	DefaultSearchPriceUSD   = 0.007
	DefaultContentsPriceUSD = 0.001
	DefaultContentsMaxChars = 4000
	DefaultRatePerSecond    = 10.0
	DefaultBurst            = 5
	// NumResults is the number of results a search asks for (the most
	// Exa's base search price covers).
	NumResults = 10
	// SearchTextChars caps each search result's text.
	SearchTextChars = 1200
	// MaxContentsURLs is the most URLs one /contents call carries; Contents
	// splits longer lists.
	MaxContentsURLs = 100
)

// ErrNoAPIKey is New's answer when no key is configured.
var ErrNoAPIKey = errors.New("exa: no API key configured (EXA_API_KEY)")

// Config configures a Source.
type Config struct {
	APIKey  string // EXA_API_KEY (required)
	BaseURL string // EXA_BASE_URL; "" = DefaultURL
	// SearchPriceUSD is the price of one search and ContentsPriceUSD of
	// one page of contents, used as the cost guard's estimate and when a
	// response reports no cost; 0 = the defaults.
	SearchPriceUSD   float64
	ContentsPriceUSD float64
	// ContentsMaxChars caps each page's text from Contents; 0 =
	// DefaultContentsMaxChars.
	ContentsMaxChars int
	// Upstream configures the HTTP client. Name is always "exa" and the
	// x-api-key header is added; a zero RatePerSecond takes
	// DefaultRatePerSecond and DefaultBurst.
	Upstream upstream.Config
	// Now stamps RetrievedAt; nil = time.Now.
	Now func() time.Time
}

// Source calls Exa. Safe for concurrent use.
type Source struct {
	ep  newsitem.Endpoint
	cfg Config
}

// New validates cfg and returns a Source; ErrNoAPIKey without a key.
func New(cfg Config) (*Source, error) {
	key := strings.TrimSpace(cfg.APIKey)
	if key == "" {
		return nil, ErrNoAPIKey
	}
	if cfg.SearchPriceUSD <= 0 {
		cfg.SearchPriceUSD = DefaultSearchPriceUSD
	}
	if cfg.ContentsPriceUSD <= 0 {
		cfg.ContentsPriceUSD = DefaultContentsPriceUSD
	}
	if cfg.ContentsMaxChars <= 0 {
		cfg.ContentsMaxChars = DefaultContentsMaxChars
	}
	uc := cfg.Upstream
	uc.Header = uc.Header.Clone()
	if uc.Header == nil {
		uc.Header = http.Header{}
	}
	uc.Header.Set("x-api-key", key)
	ep, err := newsitem.NewEndpoint(Name, cfg.BaseURL, DefaultURL, uc, DefaultRatePerSecond, DefaultBurst, cfg.Now)
	if err != nil {
		return nil, err
	}
	cfg.APIKey = ""
	return &Source{ep: ep, cfg: cfg}, nil
}

// Name returns "exa".
func (s *Source) Name() string { return Name }

// searchRequest is the /search body.
type searchRequest struct {
	Query              string          `json:"query"`
	Type               string          `json:"type"`
	Category           string          `json:"category"`
	NumResults         int             `json:"numResults"`
	StartPublishedDate string          `json:"startPublishedDate,omitempty"`
	EndPublishedDate   string          `json:"endPublishedDate,omitempty"`
	Contents           contentsOptions `json:"contents"`
}

type contentsOptions struct {
	Text       *textOptions      `json:"text,omitempty"`
	Highlights *highlightOptions `json:"highlights,omitempty"`
}

type textOptions struct {
	MaxCharacters int `json:"maxCharacters"`
}

type highlightOptions struct {
	NumSentences int `json:"numSentences"`
}

// result is one entry of results[] (/search and /contents).
type result struct {
	ID              string    `json:"id"`
	Title           string    `json:"title"`
	URL             string    `json:"url"`
	PublishedDate   string    `json:"publishedDate"`
	Author          string    `json:"author"`
	Score           float64   `json:"score"`
	Text            string    `json:"text"`
	Highlights      []string  `json:"highlights"`
	HighlightScores []float64 `json:"highlightScores"`
	Summary         string    `json:"summary"`
}

// response is the /search and /contents answer.
type response struct {
	RequestID          string   `json:"requestId"`
	ResolvedSearchType string   `json:"resolvedSearchType"`
	Results            []result `json:"results"`
	Statuses           []struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Error  *struct {
			Tag            string `json:"tag"`
			HTTPStatusCode int    `json:"httpStatusCode"`
		} `json:"error"`
	} `json:"statuses"`
	CostDollars *struct {
		Total *float64 `json:"total"`
	} `json:"costDollars"`
}

// cost is the reported total, or fallback when the response has none.
func (r *response) cost(fallback float64) float64 {
	if r.CostDollars != nil && r.CostDollars.Total != nil {
		return *r.CostDollars.Total
	}
	return fallback
}

// post sends body to path, reserving estimate, and decodes the answer.
func (s *Source) post(ctx context.Context, path string, body any, estimate float64) (*response, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("exa: encoding %s request: %w", path, err)
	}
	resp, err := s.ep.Client.Do(ctx, upstream.Request{
		Method: http.MethodPost, URL: s.ep.URL.JoinPath(path).String(), Body: b, ContentType: "application/json", CostUSD: estimate,
	})
	if err != nil {
		return nil, err
	}
	var out response
	if err := s.ep.Client.DecodeJSON(resp, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// isoTime is the date form Exa's filters take.
func isoTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// Gather searches Exa's news category for q.Company within q's window.
func (s *Source) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	var res bundle.Result
	name := newsitem.QueryName(q.Company)
	if name == "" {
		return res, nil
	}
	req := searchRequest{
		Query: name + " news", Type: "auto", Category: "news", NumResults: NumResults,
		Contents: contentsOptions{Text: &textOptions{MaxCharacters: SearchTextChars}, Highlights: &highlightOptions{NumSentences: 2}},
	}
	if !q.From.IsZero() {
		req.StartPublishedDate = isoTime(q.From)
	}
	if !q.To.IsZero() {
		req.EndPublishedDate = isoTime(q.To)
	}
	out, err := s.post(ctx, "/search", req, s.cfg.SearchPriceUSD)
	res.Usage = newsitem.SearchUsage(err)
	if err != nil {
		return res, fmt.Errorf("exa news search: %w", err)
	}
	res.Usage.CostUSD = out.cost(s.cfg.SearchPriceUSD)
	res.Items = newsitem.Collect(out.Results, q, s.ep.Now().UTC(), toItem)
	s.ep.Log.DebugContext(ctx, "exa news search", slog.String("requestId", out.RequestID),
		slog.Int("results", len(out.Results)), slog.Int("kept", len(res.Items)), slog.Float64("costUsd", res.Usage.CostUSD))
	return res, nil
}

// toItem maps one news result; ok is false when it has no http(s) URL,
// does not mention the company or lies outside the window.
func toItem(r result, q bundle.Query, m newsitem.Matcher, retrieved time.Time) (bundle.Item, bool) {
	host := newsitem.Host(r.URL)
	full := plainText(r.Title)
	if host == "" || !m.Mentions(append([]string{full, r.Text, r.Summary}, r.Highlights...)...) {
		return bundle.Item{}, false
	}
	published, precision := parsePublished(r.PublishedDate)
	if !newsitem.InWindow(q, published, precision) {
		return bundle.Item{}, false
	}
	doc := source.NewDocument(source.Document{
		URL:         r.URL,
		Title:       cutSiteName(full, host),
		Publisher:   newsitem.Publisher(host),
		Published:   published,
		Precision:   precision,
		RetrievedAt: retrieved,
		Excerpt:     excerpt(r),
		Authority:   source.AuthorityOf(host, q.Company.Domain),
	})
	return newsitem.Item(Name, doc), true
}

// siteSeparators are what a page title puts between its headline and
// its site's name.
var siteSeparators = []string{" | ", " - ", " – ", " — "}

// plainText is a text as a reader sees it: HTML entities that reached it
// decoded ("Acme&#39;s", "AT&amp;T"), whitespace folded. Apostrophes and
// quotes stay as written.
func plainText(s string) string {
	if strings.Contains(s, "&") {
		s = html.UnescapeString(s)
	}
	return source.Fold(s)
}

// cutSiteName cuts a page title's trailing site name when it is the
// site's own ("… | TechCrunch" on techcrunch.com, "… - The Verge" on
// theverge.com), leaving the headline; other suffixes stay.
func cutSiteName(title, host string) string {
	site := squash(strings.TrimPrefix(host, "www."))
	for _, sep := range siteSeparators {
		i := strings.LastIndex(title, sep)
		if i <= 0 {
			continue
		}
		if name := squash(title[i+len(sep):]); name != "" && (strings.HasPrefix(site, name+".") || site == name) {
			return strings.TrimSpace(title[:i])
		}
	}
	return title
}

// squash keeps the lower-case letters, digits and dots of s: "The Verge"
// is "theverge", "theverge.com" stays.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return unicode.ToLower(r)
		case r == '.':
			return r
		}
		return -1
	}, s)
}

// excerpt is the highlights (Exa's most relevant sentences) joined, else
// the text, else the summary.
func excerpt(r result) string {
	var hs []string
	for _, h := range r.Highlights {
		if h = source.Fold(h); h != "" {
			hs = append(hs, h)
		}
	}
	switch {
	case len(hs) > 0:
		return strings.Join(hs, " … ")
	case strings.TrimSpace(r.Text) != "":
		return r.Text
	}
	return r.Summary
}

// parsePublished reads publishedDate: an RFC 3339 instant (PrecisionTime,
// or PrecisionDay at exactly midnight UTC, which is how Exa reports a
// date without a time) or a bare YYYY-MM-DD (PrecisionDay). Zero and
// PrecisionNone when absent or unparsable.
func parsePublished(s string) (time.Time, source.Precision) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, source.PrecisionNone
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, source.PrecisionDay
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, source.PrecisionNone
	}
	t = t.UTC()
	if t.Equal(t.Truncate(24 * time.Hour)) {
		return t, source.PrecisionDay
	}
	return t, source.PrecisionTime
}
