// Package googlenews is company-intel's Google News source: one search of
// Google News's RSS search feed per Gather (key-less, free).
//
// Request: GET {BaseURL}?q=QUERY&hl=en-US&gl=US&ceid=US:en (BaseURL is
// NEWS_RSS_URL, default https://news.google.com/rss/search) where QUERY is
//
//	"Company Name" after:YYYY-MM-DD before:YYYY-MM-DD
//
// with the name of newsitem.QueryName in quotes (an exact phrase). The
// after:/before: operators are day-granular and Google does not document
// whether they include the named day, so the query asks for one extra day
// on each side (after: the day before From, before: the day after To) and
// Gather applies the exact window itself to each item's pubDate.
//
// Response: RSS 2.0, channel/item{title, link, guid, pubDate,
// description, source[@url]}. Mapping:
//   - Title: <title> without Google's " - Publisher" suffix.
//   - Publisher: the <source> text (or, without one, the suffix cut from
//     the title). Authority: source.AuthorityOf the <source url> host.
//   - URL: the description's anchor when it gives the publisher's URL
//     (a non-Google href, or an old-style Google redirect carrying the
//     target in its url= or q= parameter); otherwise <link>. Today's feed
//     carries the same opaque news.google.com/rss/articles/… redirect in
//     both places, so the URL is normally that redirect, which opens the
//     article in a browser. The opaque id is not decoded (that needs a
//     further call to Google).
//   - Published: pubDate (RFC 1123 with zone) at PrecisionTime.
//   - Excerpt: the description's prose outside its linked headlines and
//     publisher labels; today's feed has none, so it is usually empty.
//   - Kind: press when the publisher is first-party (the company's site, a
//     press-release wire), news otherwise.
//
// Relevance: the title or the description mentions the company
// (newsitem.Matcher: name, aliases or domain, whole words,
// case-insensitive). Items outside [From, To] are dropped.
//
// Rate: Google publishes no limit for this feed; the advice of one poll a
// minute is for re-reading one feed. This source asks a different query
// per company and request, and a service cannot wait a minute, so it keeps
// a process-wide limit of 1 request/s with a burst of 2 (at most 60
// searches a minute however busy the process is; two concurrent requests
// are not delayed). A 404 from the search endpoint is not a "no such
// entity" answer (a search without hits is an empty feed): it is returned
// as an error.
package googlenews

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Name is the provider name.
const Name = "googlenews"

// Defaults for zero Config fields.
const (
	DefaultURL           = "https://news.google.com/rss/search"
	DefaultRatePerSecond = 1.0
	DefaultBurst         = 2
)

// Config configures a Source.
type Config struct {
	// BaseURL is the RSS search endpoint (NEWS_RSS_URL); "" = DefaultURL.
	BaseURL string
	// Upstream configures the HTTP client. Name is always "googlenews"; a
	// zero RatePerSecond takes DefaultRatePerSecond and DefaultBurst.
	Upstream upstream.Config
	// Now stamps RetrievedAt; nil = time.Now.
	Now func() time.Time
}

// Source searches Google News. Safe for concurrent use.
type Source struct{ ep newsitem.Endpoint }

// New validates cfg and returns a Source.
func New(cfg Config) (*Source, error) {
	ep, err := newsitem.NewEndpoint(Name, cfg.BaseURL, DefaultURL, cfg.Upstream, DefaultRatePerSecond, DefaultBurst, cfg.Now)
	if err != nil {
		return nil, err
	}
	return &Source{ep: ep}, nil
}

// Name returns "googlenews".
func (s *Source) Name() string { return Name }

// Gather searches Google News for q.Company within q's window.
func (s *Source) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	var res bundle.Result
	name := newsitem.QueryName(q.Company)
	if name == "" {
		return res, nil
	}
	var feed rssFeed
	_, err := s.ep.Client.GetXML(ctx, s.searchURL(name, q.From, q.To), &feed)
	res.Usage = newsitem.SearchUsage(err)
	if err != nil {
		return res, fmt.Errorf("googlenews search: %w", err)
	}
	res.Items = newsitem.Collect(feed.Channel.Items, q, s.ep.Now().UTC(), toItem)
	s.ep.Log.DebugContext(ctx, "googlenews search", slog.Int("items", len(feed.Channel.Items)), slog.Int("kept", len(res.Items)))
	return res, nil
}

// searchURL builds the feed URL for name within [from, to] (see the
// package comment for the extra day on each side).
func (s *Source) searchURL(name string, from, to time.Time) string {
	terms := []string{`"` + strings.ReplaceAll(name, `"`, "") + `"`}
	if !from.IsZero() {
		terms = append(terms, "after:"+from.UTC().AddDate(0, 0, -1).Format(time.DateOnly))
	}
	if !to.IsZero() {
		terms = append(terms, "before:"+to.UTC().AddDate(0, 0, 1).Format(time.DateOnly))
	}
	u := *s.ep.URL
	v := u.Query()
	v.Set("q", strings.Join(terms, " "))
	v.Set("hl", "en-US")
	v.Set("gl", "US")
	v.Set("ceid", "US:en")
	u.RawQuery = v.Encode()
	return u.String()
}

// rssFeed is the part of Google's RSS 2.0 answer that is read.
type rssFeed struct {
	Channel struct {
		Items []rssItem `xml:"item"`
	} `xml:"channel"`
}

type rssItem struct {
	Title       string `xml:"title"`
	Link        string `xml:"link"`
	GUID        string `xml:"guid"`
	PubDate     string `xml:"pubDate"`
	Description string `xml:"description"`
	Source      struct {
		URL  string `xml:"url,attr"`
		Name string `xml:",chardata"`
	} `xml:"source"`
}

// toItem maps one feed item; ok is false when it has no usable URL, does
// not mention the company or lies outside the window.
func toItem(it rssItem, q bundle.Query, m newsitem.Matcher, retrieved time.Time) (bundle.Item, bool) {
	title, publisher := splitTitle(source.Fold(it.Title), source.Fold(it.Source.Name))
	desc := parseDescription(it.Description)
	if !m.Mentions(title, desc.text) {
		return bundle.Item{}, false
	}
	link := publisherURL(desc.href)
	if link == "" {
		link = strings.TrimSpace(it.Link)
	}
	if newsitem.Host(link) == "" {
		return bundle.Item{}, false
	}
	published, err := parseDate(it.PubDate)
	if err != nil {
		published = time.Time{}
	}
	if !newsitem.InWindow(q, published, source.PrecisionTime) {
		return bundle.Item{}, false
	}
	site := newsitem.Host(it.Source.URL)
	if site == "" {
		site = newsitem.Host(link)
	}
	excerpt := desc.prose
	if excerpt == title || excerpt == source.Fold(it.Title) {
		excerpt = ""
	}
	doc := source.NewDocument(source.Document{
		URL:         link,
		Title:       title,
		Publisher:   publisher,
		Published:   published,
		Precision:   source.PrecisionTime,
		RetrievedAt: retrieved,
		Excerpt:     excerpt,
		Authority:   source.AuthorityOf(site, q.Company.Domain),
	})
	return newsitem.Item(Name, doc), true
}

// splitTitle cuts Google's " - Publisher" suffix off a headline. With a
// <source> name only that exact suffix is cut; without one, the text after
// the last " - " is taken as the publisher.
func splitTitle(title, sourceName string) (headline, publisher string) {
	if sourceName != "" {
		if h, ok := strings.CutSuffix(title, " - "+sourceName); ok && h != "" {
			return h, sourceName
		}
		return title, sourceName
	}
	if i := strings.LastIndex(title, " - "); i > 0 {
		return title[:i], strings.TrimSpace(title[i+3:])
	}
	return title, ""
}

// publisherURL returns the article's own URL when an anchor href gives it:
// a non-Google http(s) URL, or a Google redirect of the older form that
// carries the target in clear (…/url?url=TARGET or ?q=TARGET). "" when the
// href is an opaque Google redirect or not a URL.
func publisherURL(href string) string {
	host := newsitem.Host(href)
	if host == "" {
		return ""
	}
	if !isGoogle(host) {
		return href
	}
	u, err := url.Parse(href)
	if err != nil {
		return ""
	}
	for _, k := range []string{"url", "q"} {
		if v := u.Query().Get(k); newsitem.Host(v) != "" && !isGoogle(newsitem.Host(v)) {
			return v
		}
	}
	return ""
}

func isGoogle(host string) bool {
	return host == "google.com" || strings.HasSuffix(host, ".google.com") || strings.HasPrefix(host, "news.google.")
}

// pubDate layouts: RFC 1123 with a zone name or offset (RSS 2.0), also
// with a one-digit day, and RFC 3339 as feeds sometimes use it.
var dateLayouts = []string{
	time.RFC1123, time.RFC1123Z,
	"Mon, 2 Jan 2006 15:04:05 MST", "Mon, 2 Jan 2006 15:04:05 -0700",
	time.RFC3339,
}

var errNoDate = errors.New("no pubDate")

func parseDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, errNoDate
	}
	var first error
	for _, layout := range dateLayouts {
		t, err := time.Parse(layout, s)
		if err == nil {
			return t.UTC(), nil
		}
		if first == nil {
			first = err
		}
	}
	return time.Time{}, first
}
