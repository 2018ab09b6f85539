package website

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"

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
	// Link is the entry's page, resolved against the feed's URL and any
	// xml:base in scope: RSS <feedburner:origLink> (the publisher's URL
	// behind a feed proxy's tracking link), else <link>, else an
	// <atom:link> (alternate), else a <guid> that is a permalink and an
	// absolute URL; Atom <feedburner:origLink>, else <link
	// rel="alternate"> (or without rel), else the first <link>. Empty when
	// the entry has none.
	Link string
	// Published is RSS <pubDate>, else <dc:date>, else <atom:updated>;
	// Atom <published>, else <updated> (Atom 0.3: <issued>, <modified>);
	// zero when absent or not a date parseDate reads.
	Published time.Time
	Precision source.Precision
	// Summary is the plain text of RSS <description>, else
	// <content:encoded>, else <media:description>; Atom <summary>, else
	// <content>, else <media:description> (in or outside <media:group>);
	// HTML reduced to its text, at most maxSummary bytes.
	Summary string
}

// Namespaces whose elements are a format's own (unprefixed in practice).
const (
	nsAtom   = "http://www.w3.org/2005/Atom"
	nsAtom03 = "http://purl.org/atom/ns#"
	nsRSS10  = "http://purl.org/rss/1.0/"
	nsRSS090 = "http://my.netscape.com/rdf/simple/0.9/"
	nsRSS2UL = "http://backend.userland.com/rss2" // early RSS 2.0 feeds declare it as the default
	nsXML    = "http://www.w3.org/XML/1998/namespace"
)

// rssOwn and atomOwn report whether an element of namespace space belongs
// to the format rather than to an extension (media:, itunes:, atom: in
// RSS, ...). An undeclared prefix leaves the prefix as the namespace, so
// it is not the format's own either.
func rssOwn(space string) bool {
	return space == "" || space == nsRSS10 || space == nsRSS090 || space == nsRSS2UL
}

func atomOwn(space string) bool { return space == "" || space == nsAtom || space == nsAtom03 }

// rssItem is an RSS 2.0 or 1.0 item. Tags name local names only, so
// prefixes a feed forgot to declare still match; title, link and
// description are lists because extensions reuse the names (media:title,
// atom:link, media:description) and the format's own element is wanted.
type rssItem struct {
	Base         string       `xml:"http://www.w3.org/XML/1998/namespace base,attr"`
	Titles       []rssText    `xml:"title"`
	Links        []rssText    `xml:"link"`
	OrigLinks    []string     `xml:"origLink"` // feedburner:origLink
	GUID         rssGUID      `xml:"guid"`
	PubDates     []string     `xml:"pubDate"`
	Dates        []string     `xml:"date"`    // dc:date
	Updated      []string     `xml:"updated"` // atom:updated (.NET writes a10:updated)
	Descriptions []rssText    `xml:"description"`
	Encoded      string       `xml:"encoded"` // content:encoded
	Groups       []mediaGroup `xml:"group"`   // media:group
}

// rssText is an element that may come from an extension namespace; Rel
// and Href are an <atom:link>'s, Type a <media:description>'s.
type rssText struct {
	XMLName xml.Name
	Base    string `xml:"http://www.w3.org/XML/1998/namespace base,attr"`
	Rel     string `xml:"rel,attr"`
	Href    string `xml:"href,attr"`
	Type    string `xml:"type,attr"`
	Value   string `xml:",chardata"`
}

// ownText returns the value of the first element of the format's own
// namespace (own reports which); "" when there is none.
func ownText(els []rssText, own func(string) bool) string {
	for _, e := range els {
		if own(e.XMLName.Space) {
			return e.Value
		}
	}
	return ""
}

// anyText is ownText, else the value of the first element: a feed that
// puts its own elements in a namespace of its making still has titles.
func anyText(els []rssText, own func(string) bool) string {
	if v := ownText(els, own); v != "" || len(els) == 0 {
		return v
	}
	return els[0].Value
}

// mediaGroup is a Media RSS <media:group>: YouTube's entries carry their
// description only there.
type mediaGroup struct {
	Descriptions []rssText `xml:"description"`
}

type rssGUID struct {
	IsPermaLink string `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

type atomEntry struct {
	Base      string       `xml:"http://www.w3.org/XML/1998/namespace base,attr"`
	Titles    []atomText   `xml:"title"`
	Links     []atomLink   `xml:"link"`
	OrigLinks []string     `xml:"origLink"` // feedburner:origLink
	Published []string     `xml:"published"`
	Updated   []string     `xml:"updated"`
	Issued    []string     `xml:"issued"`   // Atom 0.3
	Modified  []string     `xml:"modified"` // Atom 0.3
	Summaries []atomText   `xml:"summary"`
	Contents  []atomText   `xml:"content"`
	Groups    []mediaGroup `xml:"group"`       // media:group
	Media     []rssText    `xml:"description"` // media:description outside a group
}

type atomLink struct {
	XMLName xml.Name
	Base    string `xml:"http://www.w3.org/XML/1998/namespace base,attr"`
	Rel     string `xml:"rel,attr"`
	Href    string `xml:"href,attr"`
}

// atomText is an Atom text construct (RFC 4287 §3.1).
type atomText struct {
	XMLName xml.Name
	Type    string `xml:"type,attr"`
	Value   string `xml:",chardata"`
	Inner   string `xml:",innerxml"`
}

// plain returns the construct's text: type "html" and "xhtml" are markup;
// in text, entities a publisher escaped once more than XML needs
// ("AT&amp;amp;T" in the document, "AT&amp;T" after XML) are decoded.
func (t atomText) plain() string {
	switch strings.ToLower(strings.TrimSpace(t.Type)) {
	case "html", "text/html":
		return htmlmeta.Text([]byte(t.Value), maxSummary)
	case "xhtml", "application/xhtml+xml":
		return htmlmeta.Text([]byte(t.Inner), maxSummary)
	}
	return plainText(t.Value)
}

// ownAtom returns the first construct of the Atom namespace, else the
// first one; the zero construct when there is none.
func ownAtom(els []atomText) atomText {
	for _, e := range els {
		if atomOwn(e.XMLName.Space) {
			return e
		}
	}
	if len(els) > 0 {
		return els[0]
	}
	return atomText{}
}

// plainText is a plain-text field as a reader sees it: entities that
// reached it escaped twice decoded, white space folded, capped.
func plainText(s string) string {
	if strings.Contains(s, "&") {
		s = html.UnescapeString(s)
	}
	return capped(source.Fold(s))
}

// ParseFeed reads an RSS 2.0, RSS 1.0 or Atom 1.0 document. Entry links are
// resolved against base (the feed's URL; nil keeps only absolute links)
// and the xml:base attributes in scope. The decoder is lenient the way
// real feeds need: a byte-order mark (UTF-8 or UTF-16), white space before
// the XML declaration, HTML entities such as &nbsp;, undeclared prefixes,
// any charset the WHATWG Encoding Standard names (ISO-8859-1 and US-ASCII
// read as windows-1252, as browsers do), a legacy charset declared for a
// body that is in fact UTF-8, and stray windows-1252 bytes in a UTF-8
// feed. A syntax error after the root element returns the entries read
// before it together with the error, so a truncated feed still yields its
// first entries.
func ParseFeed(body []byte, base *url.URL) (Feed, error) {
	body, err := toUTF8(body)
	if err != nil {
		return Feed{}, fmt.Errorf("%w: %w", ErrNotFeed, err)
	}
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	dec.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil } // toUTF8 did it

	var f Feed
	var stack []string
	var bases []*url.URL // the xml:base in scope at each level of stack
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
				stack, bases = append(stack, name), append(bases, withBase(base, xmlBase(t.Attr)))
				continue
			}
			parent, scope := stack[len(stack)-1], bases[len(bases)-1]
			e, handled, err := f.element(dec, t, name, parent, scope)
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
			stack, bases = append(stack, name), append(bases, withBase(scope, xmlBase(t.Attr)))
		case xml.EndElement:
			if len(stack) > 1 {
				stack, bases = stack[:len(stack)-1], bases[:len(bases)-1]
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
	case name == "title" && f.Title == "" &&
		((atom && parent == "feed" && atomOwn(start.Name.Space)) || (!atom && parent == "channel" && rssOwn(start.Name.Space))):
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
	base = withBase(base, it.Base)
	e := &Entry{Title: plainText(anyText(it.Titles, rssOwn))}
	e.Link = origLink(it.OrigLinks)
	if e.Link == "" {
		e.Link = resolve(base, ownText(it.Links, rssOwn))
	}
	for _, l := range it.Links { // <atom:link href> (alternate), or a <link> in a namespace of the feed's making
		if e.Link != "" {
			break
		}
		if rel := strings.ToLower(strings.TrimSpace(l.Rel)); !rssOwn(l.XMLName.Space) && (rel == "" || rel == "alternate") {
			e.Link = resolve(withBase(base, l.Base), cmp.Or(l.Href, l.Value))
		}
	}
	if e.Link == "" && !strings.EqualFold(strings.TrimSpace(it.GUID.IsPermaLink), "false") {
		e.Link = resolve(nil, it.GUID.Value) // a permalink guid is a URL, never a relative one
	}
	e.Published, e.Precision = firstDate(it.PubDates, it.Dates, it.Updated)
	switch desc := ownText(it.Descriptions, rssOwn); {
	case strings.TrimSpace(desc) != "":
		e.Summary = htmlmeta.Text([]byte(desc), maxSummary)
	case strings.TrimSpace(it.Encoded) != "":
		e.Summary = htmlmeta.Text([]byte(it.Encoded), maxSummary)
	default:
		e.Summary = mediaDescription(it.Descriptions, it.Groups)
	}
	return e
}

func (en atomEntry) entry(base *url.URL) *Entry {
	base = withBase(base, en.Base)
	e := &Entry{Title: capped(ownAtom(en.Titles).plain())}
	e.Link = origLink(en.OrigLinks)
	var links []atomLink // the entry's own links (not those of an extension)
	for _, l := range en.Links {
		if atomOwn(l.XMLName.Space) {
			links = append(links, l)
		}
	}
	for _, l := range links {
		if e.Link != "" {
			break
		}
		if rel := strings.ToLower(strings.TrimSpace(l.Rel)); rel == "" || rel == "alternate" {
			e.Link = resolve(withBase(base, l.Base), l.Href)
		}
	}
	if e.Link == "" && len(links) > 0 {
		e.Link = resolve(withBase(base, links[0].Base), links[0].Href)
	}
	e.Published, e.Precision = firstDate(en.Published, en.Updated, en.Issued, en.Modified)
	e.Summary = ownAtom(en.Summaries).plain()
	if e.Summary == "" {
		e.Summary = ownAtom(en.Contents).plain()
	}
	if e.Summary == "" {
		e.Summary = mediaDescription(en.Media, en.Groups)
	}
	return e
}

// firstDate returns the first date parseDate reads among the lists, in
// order; the zero time and PrecisionNone when none reads.
func firstDate(lists ...[]string) (time.Time, source.Precision) {
	for _, l := range lists {
		for _, d := range l {
			if t, p, ok := parseDate(d); ok {
				return t, p
			}
		}
	}
	return time.Time{}, source.PrecisionNone
}

// origLink returns a FeedBurner-style <origLink>, the publisher's own URL
// behind a feed proxy's tracking link, when it is an absolute http(s) URL.
func origLink(links []string) string {
	for _, l := range links {
		if u := resolve(nil, l); u != "" {
			return u
		}
	}
	return ""
}

// mediaDescription returns the text of the first Media RSS description:
// one outside a group whose namespace is an extension's, else one inside
// a <media:group>. Its type is "plain" unless it says "html".
func mediaDescription(direct []rssText, groups []mediaGroup) string {
	var all []rssText
	for _, d := range direct {
		if !rssOwn(d.XMLName.Space) && !atomOwn(d.XMLName.Space) {
			all = append(all, d)
		}
	}
	for _, g := range groups {
		all = append(all, g.Descriptions...)
	}
	for _, d := range all {
		if strings.TrimSpace(d.Value) == "" {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(d.Type), "html") {
			return htmlmeta.Text([]byte(d.Value), maxSummary)
		}
		return capped(source.Fold(d.Value))
	}
	return ""
}

// xmlBase returns the xml:base attribute among attrs.
func xmlBase(attrs []xml.Attr) string {
	for _, a := range attrs {
		if a.Name.Space == nsXML && a.Name.Local == "base" {
			return a.Value
		}
	}
	return ""
}

// withBase returns the base URL an xml:base value ref sets inside an
// element whose base is base: ref resolved against base. It keeps base
// when ref is empty or does not resolve to an absolute http(s) URL.
func withBase(base *url.URL, ref string) *url.URL {
	ref = strings.TrimSpace(ref)
	if ref == "" || len(ref) > 4096 {
		return base
	}
	u, err := url.Parse(ref)
	if err != nil {
		return base
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return base
	}
	return u
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

var (
	bomUTF8    = []byte("\xef\xbb\xbf")
	xmlDecl    = regexp.MustCompile(`^<\?xml\s[^>]*?encoding\s*=\s*["']\s*([A-Za-z0-9._:-]+)\s*["']`)
	bomUTF16LE = []byte{0xff, 0xfe}
	bomUTF16BE = []byte{0xfe, 0xff}
)

// toUTF8 returns body as UTF-8, so the XML decoder need not know charsets
// (XML 1.0 Appendix F, with the leniency real feeds need):
//   - a byte-order mark decides: UTF-8 (dropped) or UTF-16 (decoded);
//   - else the XML declaration's encoding, looked up as the WHATWG
//     Encoding Standard labels it (so ISO-8859-1 and US-ASCII are
//     windows-1252, as browsers read them). A body that is valid UTF-8 is
//     taken as UTF-8 whatever legacy charset it declares: real feeds
//     declare ISO-8859-1 and send UTF-8, and the other way round text in
//     a legacy charset is almost never valid UTF-8. A declaration read
//     as ASCII cannot be UTF-16's, so a UTF-16 label is UTF-8 too;
//   - in a body read as UTF-8, a byte that is not part of a UTF-8
//     sequence is a windows-1252 character (a CMS pasting "café" from a
//     legacy database into a UTF-8 feed).
//
// An encoding no WHATWG label names (or the "replacement" one) is an
// error.
func toUTF8(body []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(body, bomUTF8):
		return repairUTF8(body[len(bomUTF8):]), nil
	case bytes.HasPrefix(body, bomUTF16LE), bytes.HasPrefix(body, bomUTF16BE):
		return unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder().Bytes(body)
	}
	label := declaredEncoding(body)
	if label == "" {
		return repairUTF8(body), nil
	}
	enc, err := htmlindex.Get(label)
	if err != nil {
		return nil, fmt.Errorf("unsupported charset %q", label)
	}
	name, _ := htmlindex.Name(enc)
	switch {
	case name == "replacement":
		return nil, fmt.Errorf("unsupported charset %q", label)
	case name == "utf-8", strings.HasPrefix(name, "utf-16"):
		return repairUTF8(body), nil
	case name != "iso-2022-jp" && utf8.Valid(body): // ISO-2022-JP is 7-bit: valid UTF-8 that still needs decoding
		return body, nil
	}
	return enc.NewDecoder().Bytes(body)
}

// declaredEncoding returns the encoding an XML declaration at the start of
// body names (white space before it tolerated); "" when there is none.
func declaredEncoding(body []byte) string {
	head := bytes.TrimLeft(body[:min(len(body), 1024)], " \t\r\n")
	if m := xmlDecl.FindSubmatch(head); m != nil {
		return string(m[1])
	}
	return ""
}

// repairUTF8 returns b with every byte that is not part of a valid UTF-8
// sequence read as windows-1252.
func repairUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	out := make([]byte, 0, len(b)+len(b)/4)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n <= 1 {
			r = charmap.Windows1252.DecodeByte(b[0])
			n = 1
		}
		out = utf8.AppendRune(out, r)
		b = b[n:]
	}
	return out
}
