package webtech

import (
	"bytes"
	"strings"
)

// What the browser loads besides <script src>: scripts preloaded by <link>,
// URL literals that inline loaders inject, JSON-escaped URL lists (Shopify's
// asyncLoad), and vendor snippets whose loader URL is built or obfuscated.
// Script and ScriptHost rules also match the preloaded and inline URLs;
// Snippet rules match inline <script> bodies only; LegacyHost and Legacy
// rules match a vendor's former script hosts in every loading form.

// formFactor scales a Script or ScriptHost rule's weight by the form the URL
// was found in: a <script src> is the surest sign the page runs the vendor's
// code, a preload of it nearly as sure, a literal inside a loader script a
// little less, a JSON-escaped URL in a data list less again.
var formFactor = map[Source]float64{
	SourceScript:       1,
	SourcePreload:      0.95,
	SourceInlineScript: 0.93,
	SourceInlineJSON:   0.9,
}

// maxInlineBytes bounds the inline script text kept for snippet matching.
const maxInlineBytes = 4 << 20

// loaderContext is how many bytes before a URL literal are searched for a
// loader assignment (".src =", "src:", "import(").
const loaderContext = 40

// scriptKind classifies an inline <script> by its type attribute.
type scriptKind int

const (
	kindJS    scriptKind = iota // code the browser runs (or runs once consent is given)
	kindJSON                    // a JSON data block or import map
	kindOther                   // templates, JSON-LD, speculation rules: nothing is loaded from them
)

// scriptKindOf classifies a <script type>. JSON-LD describes the page (its
// sameAs links name profiles, not scripts), so it is not read; text/plain is
// what consent managers turn blocked loaders into until consent is given.
func scriptKindOf(typ string) scriptKind {
	t, _, _ := strings.Cut(typ, ";")
	t = strings.TrimSpace(t)
	is := func(v string) bool { return strings.EqualFold(t, v) }
	switch {
	case t == "", is("text/javascript"), is("application/javascript"), is("module"), is("text/plain"),
		is("text/partytown"), is("text/babel"), is("application/x-javascript"), is("text/ecmascript"),
		is("application/ecmascript"), is("jsx"):
		return kindJS
	case is("application/ld+json"):
		return kindOther
	case is("importmap"), containsFold(t, "json"):
		return kindJSON
	}
	return kindOther
}

// containsFold reports whether s contains the lower-case ASCII word sub,
// ignoring case.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// loadedURL is one URL found in a loading form other than <script src>.
type loadedURL struct {
	form Source
	urlItem
}

// inlineCollector gathers what inline <script> bodies load, bounded and
// deduplicated, during the tokenizer walk.
type inlineCollector struct {
	js     []byte // JS bodies joined by newlines, for snippet rules
	loaded []loadedURL
	seen   map[string]bool
}

// addURL records a script URL found in a loading form, once per form.
func (c *inlineCollector) addURL(form Source, u string) {
	if len(c.loaded) >= maxTags || u == "" {
		return
	}
	key := string(form) + " " + u
	if c.seen == nil {
		c.seen = make(map[string]bool)
	}
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	u = clip(u)
	c.loaded = append(c.loaded, loadedURL{form: form, urlItem: urlItem{raw: u, lower: strings.ToLower(u), host: hostOf(u)}})
}

// addBody reads one inline <script> body of the given kind.
func (c *inlineCollector) addBody(kind scriptKind, body []byte) {
	if kind == kindOther || len(body) == 0 {
		return
	}
	if kind == kindJS && len(c.js)+len(body)+1 <= maxInlineBytes {
		c.js = append(c.js, body...)
		c.js = append(c.js, '\n')
	}
	for _, f := range inlineURLs(body, kind) {
		c.addURL(f.form, f.raw)
	}
}

// urlMarkers are the ways "//" is written inside a script body: plainly,
// JSON-escaped, JS-escaped and as HTML character references.
var urlMarkers = [][]byte{
	[]byte(`//`), []byte(`\/\/`), []byte(`\u002F\u002F`), []byte(`\u002f\u002f`),
	[]byte(`\x2F\x2F`), []byte(`\x2f\x2f`), []byte(`&#x2F;&#x2F;`), []byte(`&#x2f;&#x2f;`), []byte(`&#47;&#47;`),
}

// unescapeURL decodes the escapes JSON encoders, JS minifiers and HTML
// serialisers put into URL strings.
var unescapeURL = strings.NewReplacer(
	`\/`, `/`, `\u002F`, `/`, `\u002f`, `/`, `\x2F`, `/`, `\x2f`, `/`,
	`\u0026`, `&`, `\u003D`, `=`, `\u003d`, `=`, `\u003F`, `?`, `\u003f`, `?`, `\u003A`, `:`, `\u003a`, `:`,
	`&amp;`, `&`, `&#x2F;`, `/`, `&#x2f;`, `/`, `&#47;`, `/`, `&sol;`, `/`, `&#38;`, `&`,
)

// inlineURLs returns the absolute and protocol-relative URL string literals
// of a script body that the browser is made to load. A literal counts when
// it is a script URL (.js, .mjs, a /js/ path), or, in code, when a loader
// assigns it (src =, src:, import(...)) or builds on it ('https://host/c-' +
// id). Concatenated scheme and host parts ("https://" + host) are not
// reassembled. JSON blocks and JSON-escaped literals give inline_json,
// plain literals in code inline_script.
func inlineURLs(body []byte, kind scriptKind) []loadedURL {
	var out []loadedURL
	for _, m := range urlMarkers {
		for off := 0; ; {
			i := bytes.Index(body[off:], m)
			if i < 0 {
				break
			}
			i += off
			off = i + len(m)
			start, ok := literalStart(body, i)
			if !ok {
				continue
			}
			quote := body[start-1]
			end := literalEnd(body, off, quote)
			raw := string(body[start:end])
			escaped := strings.IndexByte(raw, '\\') >= 0
			u := raw
			if escaped || strings.IndexByte(raw, '&') >= 0 {
				u = unescapeURL.Replace(raw)
				if j := strings.IndexByte(u, '\\'); j >= 0 {
					u = u[:j]
				}
			}
			h := hostOf(u)
			if !plausibleHost(h) {
				continue
			}
			form := SourceInlineScript
			if kind == kindJSON || escaped {
				form = SourceInlineJSON
			}
			if !scriptLike(u) && (form == SourceInlineJSON || !loaderAssigned(body, start, end, quote)) {
				continue
			}
			out = append(out, loadedURL{form: form, urlItem: urlItem{raw: u, host: h}})
		}
	}
	return out
}

// literalStart finds where the URL literal containing the "//" at i begins:
// right after a quote, with an http: or https: scheme or none.
func literalStart(body []byte, i int) (int, bool) {
	start := i
	for _, scheme := range []string{"https:", "http:"} {
		if j := i - len(scheme); j >= 0 && strings.EqualFold(string(body[j:i]), scheme) {
			start = j
			break
		}
	}
	if start == 0 || !isQuote(body[start-1]) {
		return 0, false
	}
	return start, true
}

// literalEnd returns where the literal opened by quote ends: at the closing
// quote, an escaped quote, white space, a tag bracket or maxValueLen.
func literalEnd(body []byte, from int, quote byte) int {
	limit := min(len(body), from+maxValueLen)
	for j := from; j < limit; j++ {
		switch c := body[j]; {
		case c == quote, c == '"', c == '\'', c == '`', c == '<', c == '>', c <= ' ':
			return j
		case c == '\\' && j+1 < len(body) && isQuote(body[j+1]):
			return j
		}
	}
	return limit
}

func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// loaderAssigned reports whether code loads the literal body[start:end]: a
// src assignment or import( shortly before it, or a "+" right after it (the
// loader appends an id: 'https://static.hotjar.com/c/hotjar-' + id).
func loaderAssigned(body []byte, start, end int, quote byte) bool {
	after := end
	if after < len(body) && body[after] == quote {
		after++
	}
	for after < len(body) && (body[after] == ' ' || body[after] == '\t') {
		after++
	}
	if after < len(body) && body[after] == '+' {
		return true
	}
	before := body[max(0, start-1-loaderContext) : start-1]
	if k := bytes.LastIndexAny(before, ";{}\n"); k >= 0 {
		before = before[k+1:] // the literal's own statement only
	}
	return bytes.Contains(before, []byte("src")) || bytes.Contains(before, []byte("import(")) ||
		bytes.Contains(before, []byte("loadScript(")) || bytes.Contains(before, []byte("getScript("))
}

// scriptLike reports whether a URL's path names a script: a .js, .mjs or
// .cjs file, or a js path segment (/js/…, /gtag/js?id=…).
func scriptLike(u string) bool {
	if i := strings.Index(u, "//"); i >= 0 {
		u = u[i+2:]
	}
	path := u
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	slash := strings.IndexByte(path, '/')
	if slash < 0 {
		return false
	}
	path = strings.ToLower(path[slash:])
	return strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".mjs") || strings.HasSuffix(path, ".cjs") ||
		strings.HasSuffix(path, "/js") || strings.Contains(path, "/js/")
}

// plausibleHost reports whether h looks like a DNS name with a dot.
func plausibleHost(h string) bool {
	if len(h) < 4 || strings.IndexByte(h, '.') <= 0 || h[len(h)-1] == '.' {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// preloadsScript reports whether a <link> makes the browser fetch a script
// ahead of use: rel=modulepreload, or rel=preload|prefetch with as=script
// (or, for prefetch without as, a script URL).
func preloadsScript(rel, as, href string) bool {
	var preload, prefetch bool
	for rest := rel; rest != ""; {
		var tok string
		rest = strings.TrimLeft(rest, " \t\n\f\r")
		if i := strings.IndexAny(rest, " \t\n\f\r"); i >= 0 {
			tok, rest = rest[:i], rest[i:]
		} else {
			tok, rest = rest, ""
		}
		switch {
		case strings.EqualFold(tok, "modulepreload"):
			return true
		case strings.EqualFold(tok, "preload"):
			preload = true
		case strings.EqualFold(tok, "prefetch"):
			prefetch = true
		}
	}
	switch {
	case strings.EqualFold(as, "script"):
		return preload || prefetch
	case as == "":
		return prefetch && scriptLike(href)
	}
	return false
}

// loadHit is a rule's first match in one loading form.
type loadHit struct {
	form   Source
	detail string
}

// indexLoaded records which host rules (ScriptHost in the forms besides
// <script src>, LegacyHost in every form) each loaded URL matches.
func (sc *scan) indexLoaded() {
	sc.loadHits = make(map[int][]loadHit)
	record := func(rules []*Rule, form Source, detail string) {
		for _, r := range rules {
			hits := sc.loadHits[r.id]
			if !containsForm(hits, form) {
				sc.loadHits[r.id] = append(hits, loadHit{form, detail})
			}
		}
	}
	visit := func(host, detail string, form Source) {
		for h := host; h != ""; {
			if form != SourceScript {
				record(registry.hosts[SourceScript][h], form, detail)
			}
			record(registry.hosts[SourceLegacyHost][h], form, detail)
			_, rest, ok := strings.Cut(h, ".")
			if !ok {
				break
			}
			h = rest
		}
	}
	for _, it := range sc.p.scripts {
		visit(it.host, it.raw, SourceScript)
	}
	for _, it := range sc.p.loaded {
		visit(it.host, it.raw, it.form)
	}
}

func containsForm(hits []loadHit, form Source) bool {
	for _, h := range hits {
		if h.form == form {
			return true
		}
	}
	return false
}

// matchLoaded reports the hits of a rule in the loading forms: ScriptHost
// and Script rules in the forms besides <script src>, Legacy rules in all,
// Snippet rules in the inline script text. Each hit carries its weight.
func (r *Rule) matchLoaded(sc *scan, yield func(form Source, detail string, w float64)) {
	switch {
	case r.Source == SourceSnippet:
		if detail, ok := r.matchSnippet(sc); ok {
			yield(SourceSnippet, detail, r.Weight)
		}
	case r.Kind == MatchHostSuffix && (r.Source == SourceScript || r.Source == SourceLegacyHost):
		for _, h := range sc.loadHits[r.id] {
			yield(r.loadSource(h.form), h.detail, r.Weight*formFactor[h.form])
		}
	case r.Kind == MatchRegexp && (r.Source == SourceScript || r.Source == SourceLegacyHost):
		var done []Source
		if r.Source == SourceLegacyHost {
			if detail, _, ok := r.matchURLs(sc.p.scripts); ok {
				yield(SourceLegacyHost, detail, r.Weight)
			}
		}
		for _, it := range sc.p.loaded {
			if containsSource(done, it.form) {
				continue
			}
			if _, ok := r.find(it.raw, it.lower); ok {
				done = append(done, it.form)
				yield(r.loadSource(it.form), it.raw, r.Weight*formFactor[it.form])
			}
		}
	}
}

// loadSource is the evidence source of a loading-form hit: the form itself,
// or legacy_host for a Legacy rule.
func (r *Rule) loadSource(form Source) Source {
	if r.Source == SourceLegacyHost {
		return SourceLegacyHost
	}
	return form
}

func containsSource(list []Source, s Source) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// matchSnippet checks a Snippet or SnippetRe rule against the inline script
// text.
func (r *Rule) matchSnippet(sc *scan) (string, bool) {
	if sc.snippetFound == nil || !sc.snippetFound[r.litID] {
		return "", false
	}
	if r.Kind == MatchContains {
		return r.Pattern, true
	}
	loc := r.re.FindIndex(sc.p.inlineJS)
	if loc == nil {
		return "", false
	}
	return string(sc.p.inlineJS[loc[0]:min(loc[1], loc[0]+4*maxDetail)]), true
}
