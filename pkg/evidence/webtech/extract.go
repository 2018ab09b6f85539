package webtech

import (
	"bytes"
	"net/http"
	"strings"

	"golang.org/x/net/html"
)

// Limits on what is collected from one page, so that hostile markup cannot
// make Detect allocate without bound.
const (
	maxTags      = 2000 // script, link and iframe URLs each
	maxMeta      = 500
	maxValueLen  = 2048 // longest attribute value or header value looked at
	maxCookies   = 500
	maxDNSValues = 200
)

// metaTag is one <meta> element reduced to its key and content.
type metaTag struct {
	key     string // lower-cased name, property or http-equiv
	content string
}

// page holds everything one Detect call looks at, normalised once.
type page struct {
	host    string
	headers map[string][]string // canonical name -> values
	cookies []string
	metas   []metaTag
	scripts []urlItem
	links   []urlItem
	iframes []urlItem
	// loaded are the script URLs loaded in forms other than <script src>
	// (preloads, inline literals, escaped JSON lists); inlineJS is the
	// inline JavaScript, for snippet rules.
	loaded   []loadedURL
	inlineJS []byte
	html     []byte
	// regions are where in html a literal is not markup: HTML comments
	// (commented-out code) and the text of <script> and <style> elements.
	regions regions
	txt     []string
}

// urlItem is one script/link/iframe URL with its lower-cased form and host.
type urlItem struct {
	raw, lower, host string
}

func urlItems(raw []string) []urlItem {
	if len(raw) > maxTags {
		raw = raw[:maxTags]
	}
	items := make([]urlItem, 0, len(raw))
	for _, u := range raw {
		u = clip(u)
		items = append(items, urlItem{raw: u, lower: strings.ToLower(u), host: hostOf(u)})
	}
	return items
}

// markup is what the tokenizer pulls out of an HTML document.
type markup struct {
	scripts, links, iframes []string
	metas                   []metaTag
	inline                  inlineCollector
	regions                 regions
}

// extractMarkup walks the HTML once with the x/net/html tokenizer and
// collects script/link/iframe URLs and meta tags, and where comments and
// script/style text lie.
func extractMarkup(doc []byte) markup {
	var m markup
	if len(doc) == 0 {
		return m
	}
	z := html.NewTokenizer(bytes.NewReader(doc))
	// off is the offset in doc of the current token: the tokenizer emits
	// every input byte in exactly one token's Raw.
	off, rawLen := 0, 0
	next := func() html.TokenType {
		off += rawLen
		tt := z.Next()
		rawLen = len(z.Raw())
		return tt
	}
	for {
		tt := next()
		if tt == html.ErrorToken { // io.EOF or a read error: either way we are done
			return m
		}
		if tt == html.CommentToken {
			if !conditionalComment(z.Text()) {
				m.regions.add(regionComment, off, off+rawLen)
			}
			continue
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if string(name) == "style" && tt == html.StartTagToken {
			if next() == html.TextToken {
				m.regions.add(regionText, off, off+rawLen)
			}
			continue
		}
		if string(name) == "script" {
			var a tagAttrs
			if hasAttr {
				a = attrs(z, "src", "type", "")
			}
			if a.src != "" {
				if len(m.scripts) < maxTags {
					m.scripts = append(m.scripts, a.src)
				}
			} else if tt == html.StartTagToken && next() == html.TextToken {
				m.regions.add(regionText, off, off+rawLen)
				m.inline.addBody(scriptKindOf(a.typ), z.Text())
			}
			continue
		}
		if !hasAttr {
			continue
		}
		switch string(name) {
		case "link":
			a := attrs(z, "href", "rel", "as")
			if a.src != "" && len(m.links) < maxTags {
				m.links = append(m.links, a.src)
			}
			if a.src != "" && preloadsScript(a.typ, a.as, a.src) {
				m.inline.addURL(SourcePreload, a.src)
			}
		case "iframe":
			if v := attr(z, "src"); v != "" && len(m.iframes) < maxTags {
				m.iframes = append(m.iframes, v)
			}
		case "meta":
			if len(m.metas) < maxMeta {
				if mt, ok := metaOf(z); ok {
					m.metas = append(m.metas, mt)
				}
			}
		}
	}
}

// attr returns the trimmed value of the named attribute of the current tag.
func attr(z *html.Tokenizer, want string) string {
	for {
		k, v, more := z.TagAttr()
		if string(k) == want {
			return clip(strings.TrimSpace(string(v)))
		}
		if !more {
			return ""
		}
	}
}

// tagAttrs holds the three attributes attrs was asked for.
type tagAttrs struct{ src, typ, as string }

// attrs reads the trimmed values of up to three named attributes of the
// current tag (into src, typ and as, in that order); the first of each wins.
func attrs(z *html.Tokenizer, a, b, c string) tagAttrs {
	var t tagAttrs
	var seenA, seenB, seenC bool
	for {
		k, v, more := z.TagAttr()
		switch key := string(k); {
		case key == a && !seenA:
			t.src, seenA = clip(strings.TrimSpace(string(v))), true
		case key == b && !seenB:
			t.typ, seenB = clip(strings.TrimSpace(string(v))), true
		case c != "" && key == c && !seenC:
			t.as, seenC = clip(strings.TrimSpace(string(v))), true
		}
		if !more {
			return t
		}
	}
}

// metaOf reads a <meta> tag's key (name, property or http-equiv) and content.
func metaOf(z *html.Tokenizer) (metaTag, bool) {
	var mt metaTag
	for {
		k, v, more := z.TagAttr()
		switch string(k) {
		case "name", "property", "http-equiv":
			if mt.key == "" {
				mt.key = strings.ToLower(strings.TrimSpace(string(v)))
			}
		case "content":
			mt.content = clip(strings.TrimSpace(string(v)))
		}
		if !more {
			break
		}
	}
	return mt, mt.key != ""
}

// clip bounds a value's length.
func clip(s string) string {
	if len(s) > maxValueLen {
		return s[:maxValueLen]
	}
	return s
}

// hostOf returns the lower-cased host of an absolute or scheme-relative URL
// ("https://a.example/x", "//a.example/x"); relative URLs have no host.
func hostOf(raw string) string {
	s := strings.TrimSpace(raw)
	if i := strings.Index(s, "//"); i >= 0 {
		scheme := s[:i]
		if scheme != "" && !(strings.HasSuffix(scheme, ":") && isScheme(scheme[:len(scheme)-1])) {
			return ""
		}
		s = s[i+2:]
	} else {
		return ""
	}
	if i := strings.IndexAny(s, "/?#\\"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:]
	}
	if strings.HasPrefix(s, "[") { // IPv6 literal: no vendor host to match
		return ""
	}
	if i := strings.IndexByte(s, ':'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSuffix(strings.ToLower(s), ".")
}

// isScheme reports whether s is a syntactically valid URL scheme.
func isScheme(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// normHost lower-cases a DNS name and drops a trailing dot.
func normHost(s string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".")
}

// cookieNamesFromSetCookie returns the cookie names in Set-Cookie values.
func cookieNamesFromSetCookie(values []string) []string {
	var names []string
	for _, v := range values {
		name, _, ok := strings.Cut(v, "=")
		name = strings.TrimSpace(name)
		if ok && name != "" {
			names = append(names, name)
		}
	}
	return names
}

// newPage normalises an Input into a page.
func newPage(in Input) *page {
	p := &page{
		host:    hostOf(in.URL),
		headers: make(map[string][]string, len(in.Headers)),
		html:    in.HTML,
	}
	if p.host == "" && in.URL != "" && !strings.Contains(in.URL, "/") {
		p.host = hostOf("//" + in.URL) // a bare host name, maybe with a port
	}
	for k, vs := range in.Headers {
		ck := http.CanonicalHeaderKey(k)
		for _, v := range vs {
			p.headers[ck] = append(p.headers[ck], clip(v))
		}
	}

	seen := make(map[string]bool)
	addCookie := func(n string) {
		n = strings.TrimSpace(n)
		if n != "" && !seen[n] && len(p.cookies) < maxCookies {
			seen[n] = true
			p.cookies = append(p.cookies, n)
		}
	}
	for _, n := range in.Cookies {
		addCookie(n)
	}
	for _, n := range cookieNamesFromSetCookie(p.headers["Set-Cookie"]) {
		addCookie(n)
	}

	m := extractMarkup(in.HTML)
	p.metas = m.metas
	p.iframes = urlItems(m.iframes)
	scripts, links := in.ScriptSrcs, in.Links
	if len(scripts) == 0 {
		scripts = m.scripts
	}
	if len(links) == 0 {
		links = m.links
	}
	p.scripts, p.links = urlItems(scripts), urlItems(links)
	p.loaded, p.inlineJS = m.inline.loaded, m.inline.js
	p.regions = m.regions

	p.txt = capList(in.DNSTXT)
	return p
}

// capList bounds a caller-supplied list.
func capList(vs []string) []string {
	if len(vs) > maxDNSValues {
		return vs[:maxDNSValues]
	}
	return vs
}
