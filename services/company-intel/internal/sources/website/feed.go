package website

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/source"
)

// Limits that bound the work done on a hostile feed.
const (
	maxEntries    = 500    // entries read per feed
	maxSummary    = 4096   // bytes of plain text kept per entry summary
	maxFeedDepth  = 64     // element nesting followed outside entries
	maxFeedTokens = 200000 // XML tokens read outside entries
)

// ErrNotFeed is returned by ParseFeed for a document whose root element is
// not rss, feed (Atom) or rdf:RDF (RSS 1.0).
var ErrNotFeed = errors.New("website: not an RSS or Atom feed")

// Feed is a parsed RSS 2.0, RSS 1.0 (RDF) or Atom 1.0 document.
type Feed struct {
	Format  string // "rss", "rdf" or "atom"
	Title   string // the channel's or feed's title, plain text
	Entries []Entry
}

// Entry is one item (RSS) or entry (Atom).
type Entry struct {
	Title string // plain text
	// Link is the entry's page, resolved against the feed's URL: RSS
	// <link>, else a permalink <guid>; Atom <link rel="alternate"> (or
	// without rel), else the first <link>. Empty when the entry has none.
	Link string
	// Published is RSS <pubDate>, else <dc:date>; Atom <published>, else
	// <updated>; zero when absent or not a date parseDate reads.
	Published time.Time
	Precision source.Precision
	// Summary is the plain text of RSS <description>, else
	// <content:encoded>; Atom <summary>, else <content>; HTML reduced to its
	// text, at most maxSummary bytes.
	Summary string
}

// rssItem is an RSS 2.0 or 1.0 item. Tags name local names only, so
// prefixes a feed forgot to declare still match; title, link and
// description are lists because extensions reuse the names (media:title,
// atom:link, media:description) and the unprefixed element is wanted.
type rssItem struct {
	Titles       []rssLink `xml:"title"`
	Links        []rssLink `xml:"link"`
	GUID         rssGUID   `xml:"guid"`
	PubDate      string    `xml:"pubDate"`
	Date         string    `xml:"date"` // dc:date
	Descriptions []rssLink `xml:"description"`
	Encoded      string    `xml:"encoded"` // content:encoded
}

// rssLink is an element that may come from an extension namespace; Href
// is an <atom:link href> inside an item.
type rssLink struct {
	XMLName xml.Name
	Rel     string `xml:"rel,attr"`
	Href    string `xml:"href,attr"`
	Value   string `xml:",chardata"`
}

// own returns the value of the first element without a namespace, else
// of the first element.
func own(els []rssLink) string {
	for _, e := range els {
		if e.XMLName.Space == "" {
			return e.Value
		}
	}
	if len(els) > 0 {
		return els[0].Value
	}
	return ""
}

type rssGUID struct {
	IsPermaLink string `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

type atomEntry struct {
	Title     atomText   `xml:"title"`
	Links     []atomLink `xml:"link"`
	Published string     `xml:"published"`
	Updated   string     `xml:"updated"`
	Summary   atomText   `xml:"summary"`
	Content   atomText   `xml:"content"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Href string `xml:"href,attr"`
}

// atomText is an Atom text construct (RFC 4287 §3.1).
type atomText struct {
	Type  string `xml:"type,attr"`
	Value string `xml:",chardata"`
	Inner string `xml:",innerxml"`
}

// plain returns the construct's text: type "html" and "xhtml" are markup.
func (t atomText) plain() string {
	switch strings.ToLower(strings.TrimSpace(t.Type)) {
	case "html", "text/html":
		return htmlmeta.Text([]byte(t.Value), maxSummary)
	case "xhtml", "application/xhtml+xml":
		return htmlmeta.Text([]byte(t.Inner), maxSummary)
	}
	return capped(source.Fold(t.Value))
}

// ParseFeed reads an RSS 2.0, RSS 1.0 or Atom 1.0 document. Entry links are
// resolved against base (the feed's URL; nil keeps only absolute links).
// The decoder is lenient the way feeds need: HTML entities such as
// &nbsp; are known, undeclared prefixes are tolerated, and UTF-8,
// US-ASCII, ISO-8859-1 and windows-1252 are read. A syntax error after the
// root element returns the entries read before it together with the
// error, so a truncated feed still yields its first entries.
func ParseFeed(body []byte, base *url.URL) (Feed, error) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	dec.CharsetReader = charsetReader

	var f Feed
	var stack []string
	for tokens := 0; ; tokens++ {
		tok, err := dec.Token()
		if err == io.EOF && f.Format != "" {
			return f, nil
		}
		if err != nil {
			if f.Format == "" {
				return Feed{}, fmt.Errorf("%w: %w", ErrNotFeed, err)
			}
			return f, fmt.Errorf("website: feed: %w", err)
		}
		if tokens > maxFeedTokens {
			return f, errors.New("website: feed: too many elements")
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if f.Format == "" {
				switch name {
				case "rss", "rdf":
					f.Format = name
				case "feed":
					f.Format = "atom"
				default:
					return Feed{}, fmt.Errorf("%w: root element <%s>", ErrNotFeed, t.Name.Local)
				}
				stack = append(stack, name)
				continue
			}
			parent := stack[len(stack)-1]
			e, handled, err := f.element(dec, t, name, parent, base)
			if err != nil {
				return f, fmt.Errorf("website: feed: %w", err)
			}
			if handled {
				if e != nil && len(f.Entries) < maxEntries {
					f.Entries = append(f.Entries, *e)
				}
				continue
			}
			if len(stack) >= maxFeedDepth {
				return f, errors.New("website: feed: nesting too deep")
			}
			stack = append(stack, name)
		case xml.EndElement:
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		}
	}
}

// element decodes an entry or the feed's title when start is one; handled
// reports that the element was consumed.
func (f *Feed) element(dec *xml.Decoder, start xml.StartElement, name, parent string, base *url.URL) (e *Entry, handled bool, err error) {
	atom := f.Format == "atom"
	switch {
	case !atom && name == "item":
		var it rssItem
		if err := dec.DecodeElement(&it, &start); err != nil {
			return nil, true, err
		}
		return it.entry(base), true, nil
	case atom && name == "entry":
		var en atomEntry
		if err := dec.DecodeElement(&en, &start); err != nil {
			return nil, true, err
		}
		return en.entry(base), true, nil
	case name == "title" && f.Title == "" && ((atom && parent == "feed") || (!atom && parent == "channel")):
		var t atomText
		if err := dec.DecodeElement(&t, &start); err != nil {
			return nil, true, err
		}
		if !atom {
			t.Type = "" // RSS titles are plain text
		}
		f.Title = t.plain()
		return nil, true, nil
	}
	return nil, false, nil
}

func (it rssItem) entry(base *url.URL) *Entry {
	e := &Entry{Title: capped(source.Fold(own(it.Titles)))}
	// The item's own <link> first, then an <atom:link href> (alternate).
	e.Link = resolve(base, own(it.Links))
	for _, l := range it.Links {
		if e.Link != "" {
			break
		}
		if rel := strings.ToLower(strings.TrimSpace(l.Rel)); l.XMLName.Space != "" && (rel == "" || rel == "alternate") {
			e.Link = resolve(base, l.Href)
		}
	}
	if e.Link == "" && !strings.EqualFold(strings.TrimSpace(it.GUID.IsPermaLink), "false") {
		e.Link = resolve(base, it.GUID.Value)
	}
	for _, d := range []string{it.PubDate, it.Date} {
		if t, p, ok := parseDate(d); ok {
			e.Published, e.Precision = t, p
			break
		}
	}
	body := own(it.Descriptions)
	if strings.TrimSpace(body) == "" {
		body = it.Encoded
	}
	e.Summary = htmlmeta.Text([]byte(body), maxSummary)
	return e
}

func (en atomEntry) entry(base *url.URL) *Entry {
	e := &Entry{Title: capped(en.Title.plain())}
	for _, l := range en.Links {
		if rel := strings.ToLower(strings.TrimSpace(l.Rel)); rel == "" || rel == "alternate" {
			if e.Link = resolve(base, l.Href); e.Link != "" {
				break
			}
		}
	}
	if e.Link == "" && len(en.Links) > 0 {
		e.Link = resolve(base, en.Links[0].Href)
	}
	for _, d := range []string{en.Published, en.Updated} {
		if t, p, ok := parseDate(d); ok {
			e.Published, e.Precision = t, p
			break
		}
	}
	e.Summary = en.Summary.plain()
	if e.Summary == "" {
		e.Summary = en.Content.plain()
	}
	return e
}

// resolve returns ref as an absolute http(s) URL without credentials or
// fragment, resolved against base; "" otherwise.
func resolve(base *url.URL, ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" || len(ref) > 4096 {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ""
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return ""
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}

// capped cuts s to maxSummary bytes at a rune boundary.
func capped(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) <= maxSummary {
		return s
	}
	n := maxSummary
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// charsetReader reads the single-byte charsets feeds still declare.
// encoding/xml calls it for any declared encoding other than UTF-8.
func charsetReader(label string, in io.Reader) (io.Reader, error) {
	var table *[32]rune // 0x80-0x9F; nil: ISO-8859-1 (the C1 controls)
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf8", "us-ascii", "ascii":
		return in, nil
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
	case "windows-1252", "cp1252":
		table = &cp1252
	default:
		return nil, fmt.Errorf("unsupported charset %q", label)
	}
	b, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	out := make([]rune, len(b))
	for i, c := range b {
		out[i] = rune(c)
		if table != nil && c >= 0x80 && c < 0xa0 {
			out[i] = table[c-0x80]
		}
	}
	return strings.NewReader(string(out)), nil
}

// cp1252 maps windows-1252 0x80-0x9F (the WHATWG table; the five undefined
// bytes map to the C1 controls, as browsers do).
var cp1252 = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}
