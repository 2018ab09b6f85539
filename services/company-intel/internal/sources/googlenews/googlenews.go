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
// Response: RSS 2.0 (one line, standalone="yes"): a channel preamble
// (generator NFE/5.0, title `"QUERY" - Google News`, link, language,
// webMaster, copyright, lastBuildDate, image, description), then
// item{title, link, guid isPermaLink="false", pubDate, description,
// source[@url]}. Where each shape was learned: real Google News search
// feeds kept as test fixtures by public projects (a 2026 search feed:
// titles "Headline - Publisher" with straight and curly apostrophes and
// quotes, <source url> naming the publisher, CBMi… article ids that are
// opaque, pubDate "Fri, 03 Jul 2026 07:00:00 GMT", a description that is
// the escaped HTML `<a href="…" target="_blank">Headline</a>&nbsp;&nbsp;
// <font color="#6f6f6f">Publisher</font>`; a 2020 top-stories feed: a
// story cluster as an <ol> of such pairs ending with a "full coverage"
// link, __i/rss/rd/articles/CBMi… ids that carry the article's URL in
// clear, numeric guids, attribute quotes escaped as &quot;); RSS readers'
// issue trackers (publishers' headlines with HTML entities that the feed
// escapes once more, "&amp;#39;"). Mapping:
//   - Title: <title> with HTML entities decoded ("&#39;" "&quot;" "&amp;"
//     that reach the text), whitespace folded, apostrophes and quotes kept
//     as written ("Acme's", "Acme’s", “…”: the matcher reads possessives),
//     and Google's " - Publisher" suffix cut: the <source> name's suffix
//     only (case-insensitive), so a headline that itself contains " - "
//     keeps it; without a <source>, the text after the last " - ".
//   - Publisher: the <source> text (or, without one, the suffix cut from
//     the title). Authority: source.AuthorityOf the <source url> host.
//   - URL: the description's anchor when it gives the publisher's URL (a
//     non-Google href, or an old-style Google redirect carrying the target
//     in its url= or q= parameter); else the URL an article id carries in
//     clear (the 2020 form, decoded from the description's anchor or
//     <link>); otherwise <link>. Today's feed carries the same opaque
//     news.google.com/rss/articles/CBMi… redirect in both places, so the
//     URL is normally that redirect, which opens the article in a browser.
//     The opaque id is not resolved (that needs a further call to Google).
//   - Published: pubDate (RFC 1123 with zone, "GMT") at PrecisionTime.
//   - Excerpt: the description's prose outside its linked headlines and
//     publisher labels; today's feed has none, so it is usually empty.
//   - Kind: press when the publisher is first-party (the company's site, a
//     press-release wire), news otherwise.
//
// Relevance: the title or the description's prose mentions the company
// (newsitem.Matcher). The headlines a story cluster lists after the
// item's own are other articles: a mention there does not make the item
// (whose URL is the first story's) about the company. Items outside
// [From, To] are dropped.
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
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

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
	rawTitle := plainText(it.Title)
	title, publisher := splitTitle(rawTitle, plainText(it.Source.Name))
	desc := parseDescription(it.Description)
	if !m.Mentions(title, desc.prose) {
		return bundle.Item{}, false
	}
	link := publisherURL(desc.href)
	if link == "" {
		link = articleURL(desc.href)
	}
	if link == "" {
		link = articleURL(it.Link)
	}
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
	if excerpt == title || excerpt == rawTitle {
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

// plainText is a feed text as a reader sees it: HTML entities that
// reached it decoded (publishers' headlines arrive with "&#39;", "&quot;",
// "&amp;" that the feed escapes once more for XML), whitespace folded.
func plainText(s string) string {
	if strings.Contains(s, "&") {
		s = html.UnescapeString(s)
	}
	return source.Fold(s)
}

// splitTitle cuts Google's " - Publisher" suffix off a headline. With a
// <source> name only that suffix is cut (also when its case differs), so
// a headline that itself contains " - " keeps it; without one, the text
// after the last " - " is taken as the publisher.
func splitTitle(title, sourceName string) (headline, publisher string) {
	if sourceName != "" {
		cut := len(title) - len(" - "+sourceName)
		if cut > 0 && strings.EqualFold(title[cut:], " - "+sourceName) && strings.TrimSpace(title[:cut]) != "" {
			return title[:cut], sourceName
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

// articleURL returns the publisher's URL that a Google News article link
// carries in clear, "" when it carries none. The link's last path segment
// (…/rss/articles/ID, …/__i/rss/rd/articles/ID) is a base64url protocol
// buffer: 0x08 0x13, then field 4 (0x22), length-prefixed. In the feeds of
// 2020 and before that field is the article's URL; today it is an opaque
// id ("AU_yqL…") that only Google can resolve.
func articleURL(link string) string {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil || !isGoogle(newsitem.Host(link)) || !strings.Contains(u.Path, "/articles/") {
		return ""
	}
	id := u.Path[strings.LastIndexByte(u.Path, '/')+1:]
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(id, "="))
	if err != nil || len(b) < 3 || b[0] != 0x08 {
		return ""
	}
	_, n := binary.Uvarint(b[1:])
	if n <= 0 || len(b) < 1+n+1 || b[1+n] != 0x22 {
		return ""
	}
	b = b[1+n+1:]
	size, n := binary.Uvarint(b)
	if n <= 0 || size > uint64(len(b)-n) {
		return ""
	}
	target := string(b[n : n+int(size)])
	if !utf8.ValidString(target) || strings.ContainsFunc(target, unicode.IsSpace) {
		return ""
	}
	if host := newsitem.Host(target); host == "" || isGoogle(host) {
		return ""
	}
	return target
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
