// Package htmlmeta extracts page metadata from an HTML document: title,
// description, canonical URL, language, Open Graph, generator, favicon,
// social profiles, contact and careers pages, script hosts and links.
// ParseOutline reads a page's links with their text, the feeds it declares
// and the publication date it states; Text reduces HTML to plain text. It
// also parses security-relevant response headers (see ParseSecurityHeaders).
//
// Everything here is pure: bytes and a base URL in, values out. Input is
// treated as UTF-8; invalid sequences are replaced. URLs in the result are
// absolute http(s) URLs resolved against the document's <base href> (if it is
// http(s)) or the base URL given.
package htmlmeta

import (
	"bytes"
	"io"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Limits that bound the work done on hostile documents.
const (
	maxAnchors    = 2000 // anchors considered
	maxLinks      = 500  // entries kept in Meta.Links
	maxTextLen    = 512  // characters kept of title, descriptions and anchor text
	maxAnchorText = 80   // anchor text longer than this is not used for page classification
)

// OpenGraph holds the Open Graph properties of a page.
type OpenGraph struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Image       string `json:"image,omitempty"` // absolute URL
	SiteName    string `json:"siteName,omitempty"`
	Type        string `json:"type,omitempty"`
	URL         string `json:"url,omitempty"` // absolute URL
}

// SocialLink is a link to a company profile on a social network.
type SocialLink struct {
	Network string `json:"network"` // linkedin, twitter, facebook, instagram, youtube, github, tiktok, pinterest, crunchbase, xing
	URL     string `json:"url"`     // absolute, without query or fragment
}

// LinkTag is one <link> element.
type LinkTag struct {
	Rel  string `json:"rel"`  // lower-case, space-separated as written
	Href string `json:"href"` // absolute URL
}

// Meta is what Parse extracts. Empty fields mean "not found".
type Meta struct {
	Title       string    `json:"title,omitempty"`
	Description string    `json:"description,omitempty"`
	Canonical   string    `json:"canonical,omitempty"` // absolute URL
	Lang        string    `json:"lang,omitempty"`      // <html lang>, as written
	Generator   string    `json:"generator,omitempty"` // <meta name=generator>
	OpenGraph   OpenGraph `json:"openGraph"`
	// Favicon is the declared icon (rel icon, then shortcut icon, then
	// apple-touch-icon) or, when none is declared, /favicon.ico on the base.
	Favicon         string       `json:"favicon,omitempty"`
	FaviconDeclared bool         `json:"faviconDeclared"`
	Social          []SocialLink `json:"social,omitempty"`
	ContactPages    []string     `json:"contactPages,omitempty"`
	CareersPages    []string     `json:"careersPages,omitempty"`
	ScriptHosts     []string     `json:"scriptHosts,omitempty"` // hosts of <script src>, lower case, document order
	Links           []string     `json:"links,omitempty"`       // absolute http(s) <a href> targets, deduplicated, at most 500
	LinkTags        []LinkTag    `json:"linkTags,omitempty"`    // <link rel href> elements
}

// raw is what the tokenizer collects before URLs are resolved.
type raw struct {
	title, lang, baseHref string
	metaName, metaProp    map[string]string
	canonical             string
	icons                 map[string]string // rel kind -> href (first wins)
	scripts               []string
	anchors               []anchor
	linkTags              []LinkTag
	titleDone, inTitle    bool
	titleBuf              strings.Builder
	inAnchor              bool
	anchorBuf             strings.Builder
	svgDepth              int
	hasBase               bool
	outline               *outlineRaw // what ParseOutline also reads; nil for Parse
}

type anchor struct {
	href, text string
}

// Parse extracts metadata from doc. base is the URL the document was
// retrieved from (the final URL after redirects); it may be nil, in which
// case only absolute URLs in the document are kept.
func Parse(doc []byte, base *url.URL) Meta {
	r := tokenize(doc, false)
	return r.resolve(base)
}

// tokenize reads doc; outline also collects what ParseOutline needs.
func tokenize(doc []byte, outline bool) *raw {
	r := &raw{metaName: map[string]string{}, metaProp: map[string]string{}, icons: map[string]string{}}
	if outline {
		r.outline = &outlineRaw{}
	}
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				return r
			}
			r.closeAnchor()
			return r
		case html.TextToken:
			text := z.Text()
			if r.inTitle {
				appendCapped(&r.titleBuf, text)
			}
			if r.inAnchor {
				appendCapped(&r.anchorBuf, text)
			}
			if r.outline != nil {
				r.outline.text(text)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			var attrs map[string]string
			if wantsAttrs(tag) || (r.outline != nil && outlineWantsAttrs(tag)) {
				attrs = readAttrs(z, hasAttr)
			}
			r.startTag(tag, attrs, tt == html.SelfClosingTagToken)
			if r.outline != nil {
				r.outline.startTag(tag, attrs, tt == html.SelfClosingTagToken)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			r.endTag(string(name))
			if r.outline != nil {
				r.outline.endTag(string(name))
			}
		}
	}
}

// wantsAttrs reports whether startTag reads the attributes of tag; skipping
// the others avoids most allocations on large pages.
func wantsAttrs(tag string) bool {
	switch tag {
	case "html", "base", "meta", "link", "script", "a", "area", "img":
		return true
	}
	return false
}

func readAttrs(z *html.Tokenizer, more bool) map[string]string {
	attrs := map[string]string{}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		key := string(k)
		if _, dup := attrs[key]; !dup { // HTML: the first occurrence of an attribute wins
			attrs[key] = string(v)
		}
	}
	return attrs
}

func appendCapped(b *strings.Builder, p []byte) {
	if b.Len() >= maxTextLen*4 {
		return
	}
	b.Write(p)
	b.WriteByte(' ')
}

func (r *raw) startTag(name string, a map[string]string, selfClosing bool) {
	switch name {
	case "svg", "math":
		if !selfClosing {
			r.svgDepth++
		}
	case "html":
		if r.lang == "" {
			r.lang = strings.TrimSpace(a["lang"])
		}
	case "base":
		if !r.hasBase {
			if h, ok := a["href"]; ok {
				r.hasBase = true
				r.baseHref = strings.TrimSpace(h)
			}
		}
	case "title":
		if r.svgDepth == 0 && !r.titleDone && !selfClosing {
			r.inTitle = true
		}
	case "meta":
		content, ok := a["content"]
		if !ok {
			return
		}
		if n := strings.ToLower(strings.TrimSpace(a["name"])); n != "" {
			if _, seen := r.metaName[n]; !seen {
				r.metaName[n] = content
			}
		}
		if p := strings.ToLower(strings.TrimSpace(a["property"])); p != "" {
			if _, seen := r.metaProp[p]; !seen {
				r.metaProp[p] = content
			}
		}
	case "link":
		href, ok := a["href"]
		rel := strings.Join(strings.Fields(strings.ToLower(a["rel"])), " ")
		if !ok || rel == "" {
			return
		}
		if len(r.linkTags) < maxLinks {
			r.linkTags = append(r.linkTags, LinkTag{Rel: rel, Href: href})
		}
		for _, tok := range strings.Fields(rel) {
			switch tok {
			case "canonical":
				if r.canonical == "" {
					r.canonical = href
				}
			case "icon", "apple-touch-icon", "apple-touch-icon-precomposed":
				kind := tok
				if tok == "icon" && strings.Contains(rel, "shortcut") {
					kind = "shortcut icon"
				}
				if tok == "apple-touch-icon-precomposed" {
					kind = "apple-touch-icon"
				}
				if _, seen := r.icons[kind]; !seen {
					r.icons[kind] = href
				}
			}
		}
	case "script":
		if src, ok := a["src"]; ok && strings.TrimSpace(src) != "" && len(r.scripts) < maxAnchors {
			r.scripts = append(r.scripts, src)
		}
	case "a", "area":
		r.closeAnchor()
		href, ok := a["href"]
		if !ok || len(r.anchors) >= maxAnchors {
			return
		}
		text := a["aria-label"]
		if text == "" {
			text = a["title"]
		}
		r.anchors = append(r.anchors, anchor{href: href, text: text})
		if name == "a" && !selfClosing {
			r.inAnchor = true
			r.anchorBuf.Reset()
		}
	case "img":
		// alt text of an image inside a link names the link ("LinkedIn" icons).
		if r.inAnchor {
			appendCapped(&r.anchorBuf, []byte(a["alt"]))
		}
	}
}

func (r *raw) endTag(name string) {
	switch name {
	case "svg", "math":
		if r.svgDepth > 0 {
			r.svgDepth--
		}
	case "title":
		if r.inTitle {
			r.inTitle = false
			r.titleDone = true
			r.title = r.titleBuf.String()
		}
	case "a":
		r.closeAnchor()
	}
}

// closeAnchor attaches the collected text to the open anchor.
func (r *raw) closeAnchor() {
	if !r.inAnchor {
		return
	}
	r.inAnchor = false
	if n := len(r.anchors); n > 0 {
		if t := clean(r.anchorBuf.String()); t != "" {
			r.anchors[n-1].text = t
		}
	}
}

// clean collapses whitespace, replaces invalid UTF-8 and caps the length.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > maxTextLen {
		rs := []rune(s)
		s = string(rs[:maxTextLen])
	}
	return s
}

func (r *raw) resolve(base *url.URL) Meta {
	if r.inTitle { // unterminated <title>: use what was read
		r.title = r.titleBuf.String()
	}
	doc, base := r.bases(base)
	m := Meta{
		Title:       clean(r.title),
		Description: clean(r.metaName["description"]),
		Lang:        clean(r.lang),
		Generator:   clean(r.metaName["generator"]),
		OpenGraph: OpenGraph{
			Title:       clean(r.og("og:title")),
			Description: clean(r.og("og:description")),
			Image:       absString(base, r.og("og:image")),
			SiteName:    clean(r.og("og:site_name")),
			Type:        clean(r.og("og:type")),
			URL:         absString(base, r.og("og:url")),
		},
		Canonical: absString(base, r.canonical),
	}
	if m.Description == "" {
		m.Description = m.OpenGraph.Description
	}
	for _, kind := range []string{"icon", "shortcut icon", "apple-touch-icon"} {
		if href, ok := r.icons[kind]; ok {
			if u := absString(base, href); u != "" {
				m.Favicon, m.FaviconDeclared = u, true
				break
			}
		}
	}
	if m.Favicon == "" && doc != nil {
		m.Favicon = doc.ResolveReference(&url.URL{Path: "/favicon.ico"}).String()
	}

	seenHost := map[string]bool{}
	for _, s := range r.scripts {
		if u := resolveURL(base, s); u != nil {
			h := strings.ToLower(u.Hostname())
			if !seenHost[h] {
				seenHost[h] = true
				m.ScriptHosts = append(m.ScriptHosts, h)
			}
		}
	}
	for _, lt := range r.linkTags {
		if u := absString(base, lt.Href); u != "" {
			m.LinkTags = append(m.LinkTags, LinkTag{Rel: lt.Rel, Href: u})
		}
	}

	seenLink := map[string]bool{}
	seenSocial := map[string]bool{}
	seenContact := map[string]bool{}
	seenCareers := map[string]bool{}
	for _, a := range r.anchors {
		if strings.HasPrefix(strings.TrimSpace(a.href), "#") {
			continue // a fragment of this document, not another page
		}
		u := resolveURL(base, a.href)
		if u == nil {
			continue
		}
		u.Fragment, u.RawFragment = "", ""
		s := u.String()
		if !seenLink[s] && len(m.Links) < maxLinks {
			seenLink[s] = true
			m.Links = append(m.Links, s)
		}
		if sl, ok := socialProfile(u); ok {
			if key := sl.Network + " " + strings.ToLower(sl.URL); !seenSocial[key] {
				seenSocial[key] = true
				m.Social = append(m.Social, sl)
			}
			continue
		}
		text := strings.ToLower(clean(a.text))
		if len(text) > maxAnchorText {
			text = ""
		}
		sameSite := doc == nil || sameSite(doc, u)
		if sameSite && (pathMatches(u, contactWords) || textMatches(text, contactPhrases)) {
			if !seenContact[s] {
				seenContact[s] = true
				m.ContactPages = append(m.ContactPages, s)
			}
		}
		if (sameSite && (pathMatches(u, careersWords) || textMatches(text, careersPhrases) || careersHost(u))) ||
			(!sameSite && atsHost(u)) {
			if !seenCareers[s] {
				seenCareers[s] = true
				m.CareersPages = append(m.CareersPages, s)
			}
		}
	}
	return m
}

// bases returns the document's own URL (default favicon and "same site"
// use it) and the URL relative references resolve against (its <base
// href> when that is http(s)), both without credentials.
func (r *raw) bases(base *url.URL) (doc, ref *url.URL) {
	if base != nil {
		if !isHTTP(base) {
			base = nil
		} else {
			b := *base // never copy credentials of the base into results
			b.User = nil
			base = &b
		}
	}
	doc = base
	if r.hasBase {
		if b := resolveURL(base, r.baseHref); b != nil {
			base = b
		}
	}
	return doc, base
}

// og reads an Open Graph property, also when written as <meta name="og:...">.
func (r *raw) og(prop string) string {
	if v, ok := r.metaProp[prop]; ok {
		return v
	}
	return r.metaName[prop]
}

func isHTTP(u *url.URL) bool {
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// resolveURL resolves ref against base and returns it when the result is an
// absolute http(s) URL without credentials.
func resolveURL(base *url.URL, ref string) *url.URL {
	ref = strings.TrimSpace(ref)
	if ref == "" || len(ref) > 4096 {
		return nil
	}
	u, err := url.Parse(ref)
	if err != nil {
		return nil
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if !isHTTP(u) || u.User != nil {
		return nil
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	return u
}

func absString(base *url.URL, ref string) string {
	if u := resolveURL(base, ref); u != nil {
		return u.String()
	}
	return ""
}
