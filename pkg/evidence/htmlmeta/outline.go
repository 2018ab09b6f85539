package htmlmeta

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Limits of ParseOutline and Text.
const (
	maxLDScripts   = 8        // JSON-LD blocks read per page
	maxLDBytes     = 64 << 10 // bytes kept of one JSON-LD block
	maxLDNodes     = 4096     // JSON values visited looking for datePublished
	maxLDDepth     = 16       // nesting followed looking for datePublished
	maxTimeTextLen = 128      // bytes kept of a <time> element's text
)

// Anchor is one link of a page and the text that names it: the anchor's
// text, else its aria-label or title, else the alt text of an image in it.
type Anchor struct {
	URL  string `json:"url"` // absolute http(s) URL without fragment
	Text string `json:"text,omitempty"`
}

// FeedLink is a feed a page declares with <link rel="alternate"> and an
// RSS, Atom or RDF media type.
type FeedLink struct {
	URL   string `json:"url"`  // absolute URL
	Type  string `json:"type"` // media type, lower case: application/rss+xml, application/atom+xml or application/rdf+xml
	Title string `json:"title,omitempty"`
}

// Published is a page's own statement of when it was published, as
// written (not parsed: date formats are the caller's business).
type Published struct {
	Value string `json:"value,omitempty"`
	// From says where Value was read, in order of preference:
	// "article:published_time" (Open Graph article meta), "json-ld" (a
	// datePublished in a <script type="application/ld+json"> block),
	// "microdata" (an element with itemprop="datePublished") or "time" (the
	// first <time> element with the pubdate attribute, else the first <time>;
	// its datetime attribute, else its text). Empty when the page states no
	// date.
	From string `json:"from,omitempty"`
}

// Outline is what ParseOutline reads from a page besides Meta.
type Outline struct {
	// Anchors are the <a>/<area> links in document order, deduplicated by
	// URL (the first non-empty text wins), at most 500: the same URLs as
	// Meta.Links.
	Anchors   []Anchor   `json:"anchors,omitempty"`
	Feeds     []FeedLink `json:"feeds,omitempty"`
	Published Published  `json:"published"`
}

// feedTypes are the media types FeedLink reports.
var feedTypes = map[string]bool{"application/rss+xml": true, "application/atom+xml": true, "application/rdf+xml": true}

// ParseOutline reads the links of doc with their text, the feeds it
// declares and the publication date it states. base is as for Parse.
func ParseOutline(doc []byte, base *url.URL) Outline {
	r := tokenize(doc, true)
	_, ref := r.bases(base)
	var o Outline
	index := map[string]int{}
	for _, a := range r.anchors {
		if strings.HasPrefix(strings.TrimSpace(a.href), "#") {
			continue
		}
		u := resolveURL(ref, a.href)
		if u == nil {
			continue
		}
		u.Fragment, u.RawFragment = "", ""
		s, text := u.String(), clean(a.text)
		if i, seen := index[s]; seen {
			if o.Anchors[i].Text == "" {
				o.Anchors[i].Text = text
			}
			continue
		}
		if len(o.Anchors) < maxLinks {
			index[s] = len(o.Anchors)
			o.Anchors = append(o.Anchors, Anchor{URL: s, Text: text})
		}
	}
	seenFeed := map[string]bool{}
	for _, f := range r.outline.feeds {
		if u := absString(ref, f.URL); u != "" && !seenFeed[u] {
			seenFeed[u] = true
			o.Feeds = append(o.Feeds, FeedLink{URL: u, Type: f.Type, Title: clean(f.Title)})
		}
	}
	o.Published = r.published()
	return o
}

// published applies the order documented on Published.From.
func (r *raw) published() Published {
	if v := strings.TrimSpace(r.og("article:published_time")); v != "" {
		return Published{Value: clean(v), From: "article:published_time"}
	}
	for _, block := range r.outline.ld {
		if v := ldDatePublished(block); v != "" {
			return Published{Value: clean(v), From: "json-ld"}
		}
	}
	o := r.outline
	for _, c := range []struct{ value, from string }{{o.microdata, "microdata"}, {o.timePubdate, "time"}, {o.timeFirst, "time"}} {
		if v := clean(c.value); v != "" {
			return Published{Value: v, From: c.from}
		}
	}
	return Published{}
}

// outlineRaw is what the tokenizer collects for ParseOutline.
type outlineRaw struct {
	feeds                  []FeedLink // URL as written
	microdata              string     // first itemprop="datePublished" value
	timeFirst, timePubdate string
	ld                     []string // JSON-LD blocks

	inTime       bool
	timeAttr     bool // the open <time> has a datetime attribute
	timeIsPub    bool // ... the pubdate attribute
	timeIsMicro  bool // ... itemprop="datePublished"
	timeBuf      strings.Builder
	inLD, ldFull bool
	ldBuf        strings.Builder
}

func outlineWantsAttrs(tag string) bool { return tag == "time" }

func (o *outlineRaw) startTag(tag string, a map[string]string, selfClosing bool) {
	switch tag {
	case "link":
		typ := strings.ToLower(strings.TrimSpace(a["type"]))
		if slices.Contains(strings.Fields(strings.ToLower(a["rel"])), "alternate") && feedTypes[typ] && len(o.feeds) < maxLinks {
			o.feeds = append(o.feeds, FeedLink{URL: a["href"], Type: typ, Title: a["title"]})
		}
	case "meta":
		if o.microdata == "" && isDatePublished(a["itemprop"]) {
			o.microdata = a["content"]
		}
	case "time":
		if selfClosing {
			return
		}
		o.inTime = true
		o.timeBuf.Reset()
		v, hasDatetime := a["datetime"]
		o.timeAttr = hasDatetime
		o.timeBuf.WriteString(v)
		_, o.timeIsPub = a["pubdate"]
		o.timeIsMicro = isDatePublished(a["itemprop"])
	case "script":
		typ, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(a["type"])), ";")
		if !selfClosing && strings.TrimSpace(typ) == "application/ld+json" && len(o.ld) < maxLDScripts {
			o.inLD, o.ldFull = true, false
			o.ldBuf.Reset()
		}
	}
}

func (o *outlineRaw) endTag(tag string) {
	switch tag {
	case "time":
		if !o.inTime {
			return
		}
		o.inTime = false
		v := o.timeBuf.String()
		if o.timeIsMicro && o.microdata == "" {
			o.microdata = v
		}
		if o.timeIsPub && o.timePubdate == "" {
			o.timePubdate = v
		}
		if o.timeFirst == "" {
			o.timeFirst = v
		}
	case "script":
		if o.inLD {
			o.inLD = false
			if !o.ldFull {
				o.ld = append(o.ld, o.ldBuf.String())
			}
		}
	}
}

func (o *outlineRaw) text(t []byte) {
	if o.inTime && !o.timeAttr && o.timeBuf.Len() < maxTimeTextLen {
		o.timeBuf.Write(t)
	}
	if o.inLD {
		if o.ldBuf.Len()+len(t) > maxLDBytes {
			o.ldFull = true // a cut JSON block would not decode
			return
		}
		o.ldBuf.Write(t)
	}
}

func isDatePublished(itemprop string) bool {
	for _, p := range strings.Fields(itemprop) {
		if strings.EqualFold(p, "datePublished") {
			return true
		}
	}
	return false
}

// ldDatePublished returns the first string "datePublished" in a JSON-LD
// block, depth first in document order (an object, an array of objects or
// an @graph); "" when there is none or the block does not decode.
func ldDatePublished(block string) string {
	dec := json.NewDecoder(strings.NewReader(block))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return ""
	}
	budget := maxLDNodes
	var walk func(v any, depth int) string
	walk = func(v any, depth int) string {
		budget--
		if budget < 0 || depth > maxLDDepth {
			return ""
		}
		switch x := v.(type) {
		case map[string]any:
			if s, ok := x["datePublished"].(string); ok && strings.TrimSpace(s) != "" {
				return s
			}
			// Map order is random: visit the keys in a fixed order.
			for _, k := range sortedKeys(x) {
				if s := walk(x[k], depth+1); s != "" {
					return s
				}
			}
		case []any:
			for _, e := range x {
				if s := walk(e, depth+1); s != "" {
					return s
				}
			}
		}
		return ""
	}
	return walk(v, 0)
}

// sortedKeys returns m's keys with "@graph" first, then the others in
// byte order.
func sortedKeys(m map[string]any) []string {
	keys := slices.Sorted(maps.Keys(m))
	if i := slices.Index(keys, "@graph"); i > 0 {
		keys = slices.Insert(slices.Delete(keys, i, i+1), 0, "@graph")
	}
	return keys
}

// textSkipped are elements whose content is not visible text.
var textSkipped = map[string]bool{
	"head": true, "title": true, "script": true, "style": true, "template": true,
	"noscript": true, "svg": true, "math": true, "iframe": true,
}

// textBreaks are elements that separate words: block-level elements and
// line breaks.
var textBreaks = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "br": true, "dd": true, "div": true,
	"dl": true, "dt": true, "figcaption": true, "figure": true, "footer": true, "form": true, "h1": true,
	"h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hr": true, "li": true,
	"main": true, "nav": true, "ol": true, "option": true, "p": true, "pre": true, "section": true,
	"table": true, "td": true, "th": true, "tr": true, "ul": true,
}

// Text returns the visible text of an HTML document or fragment (a feed
// entry's description, say): character references decoded, the content of
// head, script, style, template, noscript, svg, math and iframe left out
// (<body> ends a <head> left open), block elements and <br> separating words, white space folded
// to single spaces and invalid UTF-8 replaced. The result is at most
// maxBytes long (cut at a rune boundary); maxBytes <= 0 means no cap.
func Text(doc []byte, maxBytes int) string {
	var b strings.Builder
	pending := false // a word break is due before the next text
	skip := 0
	z := html.NewTokenizer(bytes.NewReader(doc))
	full := func() bool { return maxBytes > 0 && b.Len() >= maxBytes }
	for !full() {
		tt := z.Next()
		switch tt {
		case html.ErrorToken: // io.EOF or a read error: either way the text so far
			return capText(b.String(), maxBytes)
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if tag == "body" {
				skip = 0
			}
			if textSkipped[tag] && tt != html.SelfClosingTagToken {
				if tt == html.StartTagToken {
					skip++
				} else if skip > 0 {
					skip--
				}
			}
			if textBreaks[tag] {
				pending = true
			}
		case html.TextToken:
			if skip > 0 {
				continue
			}
			t := strings.ToValidUTF8(string(z.Text()), "\uFFFD")
			t = strings.ReplaceAll(t, "\u00a0", " ")
			lead := t != "" && isSpace(t[0])
			words := strings.Fields(t)
			if len(words) == 0 {
				if t != "" {
					pending = true
				}
				continue
			}
			if b.Len() > 0 && (pending || lead) {
				b.WriteByte(' ')
			}
			b.WriteString(strings.Join(words, " "))
			pending = isSpace(t[len(t)-1])
		}
	}
	return capText(b.String(), maxBytes)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// capText cuts s to at most n bytes at a rune boundary (n <= 0: no cap).
func capText(s string, n int) string {
	if n <= 0 || len(s) <= n {
		return strings.TrimSpace(s)
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strings.TrimSpace(s[:n])
}
