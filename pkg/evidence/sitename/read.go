package sitename

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Limits that bound the work Read does on hostile documents.
const (
	maxText       = 600      // characters kept of one text field
	maxLogos      = 4        // logo texts kept
	maxCopyrights = 3        // copyright lines kept
	maxLDBlocks   = 8        // JSON-LD blocks read
	maxLDBytes    = 64 << 10 // bytes kept of one JSON-LD block
	maxLDNodes    = 4096     // JSON values visited per block
	maxLDDepth    = 12       // nesting followed
	maxEntities   = 16       // JSON-LD entities kept
	maxStack      = 512      // open elements tracked
	maxCopyBuf    = 200      // bytes read after a copyright sign
)

// Entity is a JSON-LD node of an organisation or web-site type.
type Entity struct {
	Type           string   `json:"type"` // the first schema.org type that qualified it
	Name           string   `json:"name,omitempty"`
	AlternateNames []string `json:"alternateNames,omitempty"`
	Description    string   `json:"description,omitempty"`
}

// Page is what a page says about who publishes it, as Read finds it.
// Every text is whitespace-folded valid UTF-8, character references
// decoded; empty means "not on the page".
type Page struct {
	Title           string `json:"title,omitempty"`           // the first <title> outside svg
	SiteName        string `json:"siteName,omitempty"`        // og:site_name
	MetaDescription string `json:"metaDescription,omitempty"` // <meta name=description>
	OGDescription   string `json:"ogDescription,omitempty"`   // og:description
	// Logos are the texts of the site's logo: the alt text of an <img>
	// inside the page header (<header>, <nav>, or an element whose class or
	// id names a header, navbar or masthead; not inside <main>, <article>
	// or role=main, where a <header> heads the content) that has "logo" in its class,
	// id, src or alt or sits in a link or element whose class or id says
	// "logo" or "brand"; and the aria-label or title of such a logo link.
	// A page with no such header (an old layout of plain divs) has its
	// first such image before the first h1 read as the logo.
	Logos []string `json:"logos,omitempty"`
	// Entities are JSON-LD Organization (and its subtypes: Corporation,
	// LocalBusiness, ...), Brand and WebSite nodes, nested ones included
	// (a WebPage's publisher), in document order.
	Entities []Entity `json:"entities,omitempty"`
	// Copyrights are the texts after a copyright sign (©, "(c)",
	// "Copyright"), up to the end of its block, as written, and the
	// content of <meta name="copyright"> (with a © put before it when it
	// has none).
	Copyrights []string `json:"copyrights,omitempty"`
	// HeroHeading is the first <h1> outside the page header, and
	// HeroParagraph the first <p> after it that starts before the next
	// h1-h3 (one h2 or h3 right after the h1, a subheading, is passed
	// over: "Robots for warehouses", "Since 1994", then the paragraph);
	// after an about page's heading ("About us", "Über uns", "Qui
	// sommes-nous"), the first paragraph of the page, past its headings.
	HeroHeading   string `json:"heroHeading,omitempty"`
	HeroParagraph string `json:"heroParagraph,omitempty"`
}

// aboutHeadings are the headings of about pages: they name the page, and
// the text that describes the company follows under headings of its own.
var aboutHeadings = map[string]bool{
	"about": true, "about us": true, "who we are": true, "our story": true, "our company": true, "company": true,
	"the company": true, "über uns": true, "wir über uns": true, "unternehmen": true, "das unternehmen": true,
	"à propos": true, "a propos": true, "qui sommes-nous": true, "qui sommes nous": true, "chi siamo": true,
	"quiénes somos": true, "quienes somos": true, "sobre nosotros": true, "over ons": true, "om oss": true,
	"om os": true, "o nas": true,
}

func aboutHeading(h string) bool {
	return aboutHeadings[strings.ToLower(strings.Trim(h, " .:!?"))]
}

// voidElements have no end tag and are never open.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true,
	"link": true, "meta": true, "source": true, "track": true, "wbr": true, "param": true, "keygen": true,
}

// copyBreaks end a copyright line.
var copyBreaks = map[string]bool{
	"p": true, "div": true, "li": true, "br": true, "footer": true, "section": true, "ul": true, "td": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
}

type open struct {
	tag    string
	header bool // this element starts the page header
	logo   bool // its class or id says logo or brand
	main   bool // <main>, <article> or role=main: content, never the page header
	footer bool // <footer>, or an element whose class or id names a footer
}

// reader is Read's state.
type reader struct {
	p                      Page
	stack                  []open
	headerDepth, logoDepth int
	mainDepth, footerDepth int
	skip                   int // inside script/style/template/noscript/svg (text not read)

	inTitle, titleDone bool
	titleBuf           strings.Builder
	svgDepth           int

	inLD, ldFull bool
	ldBuf        strings.Builder
	ldBlocks     int

	copying bool
	copyBuf strings.Builder

	heroState          int  // 0 looking for h1, 1 in h1, 2 looking for p, 3 in p, 4 done
	heroSub            bool // a subheading after the hero heading was passed over
	heroBuf            strings.Builder
	seenHeader, seenH1 bool // a page header, an h1 have started
	metaSeen, propSet  map[string]bool
}

// Read reads a page (HTML, UTF-8 assumed) for what it says about who
// publishes it. It never fails: a broken document gives what was read.
func Read(doc []byte) Page {
	r := &reader{metaSeen: map[string]bool{}, propSet: map[string]bool{}}
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken: // io.EOF or a read error: either way what was read
			r.finish()
			return r.p
		case html.TextToken:
			r.text(z.Text())
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			r.start(string(name), attrs(z, more), tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			name, _ := z.TagName()
			r.end(string(name))
		}
	}
}

func attrs(z *html.Tokenizer, more bool) map[string]string {
	var a map[string]string
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		if a == nil {
			a = map[string]string{}
		}
		if _, dup := a[string(k)]; !dup {
			a[string(k)] = string(v)
		}
	}
	return a
}

// marks reports whether the class or id of a names one of words.
func marks(a map[string]string, words ...string) bool {
	ci := strings.ToLower(a["class"] + " " + a["id"])
	for _, w := range words {
		if strings.Contains(ci, w) {
			return true
		}
	}
	return false
}

func (r *reader) start(tag string, a map[string]string, selfClosing bool) {
	if copyBreaks[tag] {
		r.endCopy()
	}
	switch tag {
	case "svg", "math":
		if !selfClosing {
			r.svgDepth++
		}
	case "title":
		if r.svgDepth == 0 && !r.titleDone && !selfClosing {
			r.inTitle = true
		}
	case "meta":
		r.meta(a)
	case "script":
		typ, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(a["type"])), ";")
		if !selfClosing && strings.TrimSpace(typ) == "application/ld+json" && r.ldBlocks < maxLDBlocks {
			r.inLD, r.ldFull = true, false
			r.ldBuf.Reset()
		}
	case "img":
		r.logoImage(a)
	case "h1":
		if r.heroState == 0 && r.headerDepth == 0 && !selfClosing {
			r.heroState = 1
			r.heroBuf.Reset()
		}
		r.seenH1 = true
	case "h2", "h3":
		if r.heroState == 2 && !aboutHeading(r.p.HeroHeading) {
			if r.heroSub {
				r.heroState = 4 // the hero heading has no paragraph
			}
			r.heroSub = true
		}
	case "p":
		if r.heroState == 2 && !selfClosing {
			r.heroState = 3
			r.heroBuf.Reset()
		}
	}
	if textSkipped[tag] && !selfClosing {
		r.skip++
	}
	if voidElements[tag] || selfClosing || len(r.stack) >= maxStack {
		return
	}
	o := open{tag: tag}
	o.main = tag == "main" || tag == "article" || strings.EqualFold(a["role"], "main")
	o.header = r.mainDepth == 0 && !o.main && (tag == "header" || tag == "nav" ||
		(tag != "body" && tag != "html" && marks(a, "header", "navbar", "masthead")))
	if o.main {
		r.mainDepth++
	}
	if o.footer = tag == "footer" || marks(a, "footer"); o.footer {
		r.footerDepth++
	}
	o.logo = marks(a, "logo", "brand")
	if o.header {
		r.headerDepth++
		r.seenHeader = true
	}
	if o.logo {
		r.logoDepth++
		if tag == "a" && r.headerDepth > 0 {
			r.addLogo(a["aria-label"])
			r.addLogo(a["title"])
		}
	}
	r.stack = append(r.stack, o)
}

// textSkipped are elements whose text is not read.
var textSkipped = map[string]bool{"script": true, "style": true, "template": true, "noscript": true, "svg": true, "math": true}

func (r *reader) end(tag string) {
	if copyBreaks[tag] || tag == "small" {
		r.endCopy()
	}
	switch tag {
	case "svg", "math":
		if r.svgDepth > 0 {
			r.svgDepth--
		}
	case "title":
		if r.inTitle {
			r.inTitle, r.titleDone = false, true
			r.p.Title = fold(r.titleBuf.String())
		}
	case "script":
		if r.inLD {
			r.inLD = false
			r.ldBlocks++
			if !r.ldFull {
				r.entities(r.ldBuf.String())
			}
		}
	case "h1":
		if r.heroState == 1 {
			r.p.HeroHeading = fold(r.heroBuf.String())
			r.heroState = 2
			if r.p.HeroHeading == "" {
				r.heroState = 0
			}
		}
	case "p":
		if r.heroState == 3 {
			r.endHeroParagraph()
		}
	}
	if textSkipped[tag] && r.skip > 0 {
		r.skip--
	}
	// Close the element and any left open inside it.
	for i := len(r.stack) - 1; i >= 0; i-- {
		if r.stack[i].tag != tag {
			continue
		}
		for _, o := range r.stack[i:] {
			if o.header {
				r.headerDepth--
			}
			if o.logo {
				r.logoDepth--
			}
			if o.main {
				r.mainDepth--
			}
			if o.footer {
				r.footerDepth--
			}
		}
		r.stack = r.stack[:i]
		break
	}
}

func (r *reader) endHeroParagraph() {
	r.p.HeroParagraph = fold(r.heroBuf.String())
	r.heroState = 4
	if r.p.HeroParagraph == "" {
		r.heroState = 2 // an empty <p>: the next one
	}
}

func (r *reader) text(t []byte) {
	if r.inTitle {
		appendCapped(&r.titleBuf, t)
	}
	if r.inLD {
		if r.ldBuf.Len()+len(t) > maxLDBytes {
			r.ldFull = true // a cut JSON block would not decode
		} else {
			r.ldBuf.Write(t)
		}
	}
	if r.skip > 0 {
		return
	}
	if r.heroState == 1 || r.heroState == 3 {
		appendCapped(&r.heroBuf, t)
	}
	s := string(t)
	if r.copying {
		if r.copyBuf.Len() < maxCopyBuf {
			r.copyBuf.WriteString(s)
		}
		return
	}
	if i := copyrightSign(s); i >= 0 && len(r.p.Copyrights) < maxCopyrights {
		r.copying = true
		r.copyBuf.Reset()
		r.copyBuf.WriteString(s[i:])
	}
}

// copyrightSign is the index of the first copyright sign in s, -1 when
// none.
func copyrightSign(s string) int {
	if i := strings.Index(s, "©"); i >= 0 {
		return i
	}
	lower := strings.ToLower(s)
	for _, m := range []string{"copyright", "(c)"} {
		if i := strings.Index(lower, m); i >= 0 && len(lower) == len(s) {
			return i
		}
	}
	return -1
}

func (r *reader) endCopy() {
	if !r.copying {
		return
	}
	r.copying = false
	if v := fold(r.copyBuf.String()); v != "" {
		r.p.Copyrights = append(r.p.Copyrights, v)
	}
}

func (r *reader) finish() {
	r.endCopy()
	if r.inTitle {
		r.p.Title = fold(r.titleBuf.String())
	}
	switch r.heroState {
	case 1:
		r.p.HeroHeading = fold(r.heroBuf.String())
	case 3:
		r.endHeroParagraph()
	}
}

func (r *reader) meta(a map[string]string) {
	content, ok := a["content"]
	if !ok {
		return
	}
	key := strings.ToLower(strings.TrimSpace(a["property"]))
	if key == "" {
		key = strings.ToLower(strings.TrimSpace(a["name"]))
	}
	if r.metaSeen[key] {
		return
	}
	r.metaSeen[key] = true
	switch key {
	case "og:site_name":
		r.p.SiteName = fold(content)
	case "description":
		r.p.MetaDescription = fold(content)
	case "og:description":
		r.p.OGDescription = fold(content)
	case "copyright":
		if v := fold(content); v != "" && len(r.p.Copyrights) < maxCopyrights {
			if !strings.Contains(v, "©") {
				v = "© " + v
			}
			r.p.Copyrights = append(r.p.Copyrights, v)
		}
	}
}

// logoImage reads an <img> that shows the site's logo: in the page
// header, or on a page without one, the first before the first h1.
func (r *reader) logoImage(a map[string]string) {
	headerless := !r.seenHeader && !r.seenH1 && r.mainDepth == 0 && r.footerDepth == 0 && len(r.p.Logos) == 0
	if r.headerDepth == 0 && !headerless {
		return
	}
	own := strings.ToLower(a["class"] + " " + a["id"] + " " + a["src"] + " " + a["alt"])
	if r.logoDepth > 0 || strings.Contains(own, "logo") {
		r.addLogo(a["alt"])
	}
}

func (r *reader) addLogo(s string) {
	if v := fold(s); v != "" && len(r.p.Logos) < maxLogos {
		r.p.Logos = append(r.p.Logos, v)
	}
}

// entities decodes one JSON-LD block and keeps its organisation and site
// nodes.
func (r *reader) entities(block string) {
	dec := json.NewDecoder(strings.NewReader(block))
	var v any
	if err := dec.Decode(&v); err != nil {
		return
	}
	budget := maxLDNodes
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		budget--
		if budget < 0 || depth > maxLDDepth || len(r.p.Entities) >= maxEntities {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			if t := entityType(x["@type"]); t != "" {
				e := Entity{Type: t, Name: fold(ldString(x["name"])), Description: fold(ldString(x["description"]))}
				for _, alt := range ldStrings(x["alternateName"]) {
					if s := fold(alt); s != "" {
						e.AlternateNames = append(e.AlternateNames, s)
					}
				}
				if e.Name != "" || len(e.AlternateNames) > 0 || e.Description != "" {
					r.p.Entities = append(r.p.Entities, e)
				}
			}
			for _, k := range []string{"@graph", "publisher", "author", "provider", "brand", "parentOrganization", "mainEntity", "about", "isPartOf"} {
				if c, ok := x[k]; ok {
					walk(c, depth+1)
				}
			}
		case []any:
			for _, e := range x {
				walk(e, depth+1)
			}
		}
	}
	walk(v, 0)
}

// orgTypes are the schema.org types whose name is an organisation's or
// its site's; any type ending in "Organization" or "Business" qualifies
// too.
var orgTypes = map[string]bool{
	"organization": true, "corporation": true, "website": true, "brand": true, "localbusiness": true,
	"onlinestore": true, "store": true, "airline": true, "ngo": true, "consortium": true, "project": true,
}

// entityType returns the first of the @type values that qualifies.
func entityType(v any) string {
	for _, t := range ldStrings(v) {
		t = strings.TrimPrefix(strings.TrimPrefix(t, "https://schema.org/"), "http://schema.org/")
		l := strings.ToLower(t)
		if orgTypes[l] || strings.HasSuffix(l, "organization") || strings.HasSuffix(l, "business") {
			return t
		}
	}
	return ""
}

// ldString is a JSON-LD value as one string: a string, the first string
// of an array, or a language-tagged {"@value": ...}.
func ldString(v any) string {
	if s := ldStrings(v); len(s) > 0 {
		return s[0]
	}
	return ""
}

func ldStrings(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case map[string]any:
		if s, ok := x["@value"].(string); ok {
			return []string{s}
		}
	case []any:
		var out []string
		for _, e := range x {
			if len(out) >= 8 {
				break
			}
			out = append(out, ldStrings(e)...)
		}
		return out
	}
	return nil
}

func appendCapped(b *strings.Builder, p []byte) {
	if b.Len() >= maxText*4 {
		return
	}
	b.Write(p)
	b.WriteByte(' ')
}

// fold collapses white space (no-break spaces too), replaces invalid
// UTF-8 and caps the length at maxText characters.
func fold(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\u00a0", " ")
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > maxText {
		s = string([]rune(s)[:maxText])
	}
	return s
}
