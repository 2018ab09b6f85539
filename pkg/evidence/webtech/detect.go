package webtech

import (
	"math"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"
)

// Input is one observation of a domain: an already fetched page plus DNS
// answers. Every field is optional; Detect looks only at what is there.
type Input struct {
	URL     string      // final URL of the fetched page (its host feeds url rules)
	Headers http.Header // response headers; Set-Cookie names are added to Cookies
	Cookies []string    // cookie names
	HTML    []byte      // response body, already capped by the caller

	// ScriptSrcs and Links are extracted from HTML when empty.
	ScriptSrcs []string
	Links      []string

	DNSTXT []string // apex TXT records, each with its character-strings joined

	// Mail lists the mail services the caller identified from the domain's
	// MX hosts and SPF targets with its own provider fingerprints
	// (domain-qual's mxprovider): webtech keeps no MX or SPF table, so one
	// judge names the provider everywhere.
	Mail []Mail
}

// Mail is one mail service seen in DNS, as the caller identified it.
type Mail struct {
	// Name is the service's display name ("Google Workspace"); a
	// registered technology of the same name (e.g. one also recognised by a
	// TXT verification token) is the same technology.
	Name string
	// Category is EmailHosting, EmailSecurityGateway or EmailSending; a
	// registered technology's own category wins.
	Category Category
	// Source is SourceMX (Detail is an MX host) or SourceSPF (Detail is an
	// SPF include or redirect target); other sources are ignored.
	Source Source
	// Detail is the host or target.
	Detail string
}

// Weights of Mail observations: an MX host is where the mail goes; an SPF
// target only says who may send.
const (
	mailMXWeight  = 0.95
	mailSPFWeight = 0.85
)

// Evidence is one rule hit behind a Hint.
type Evidence struct {
	Source Source `json:"source"`
	Detail string `json:"detail"` // what matched, at most ~120 characters
}

// Hint is one detected technology.
type Hint struct {
	Name       string     `json:"name"`
	Category   Category   `json:"category"`
	Version    string     `json:"version,omitempty"`
	Confidence float64    `json:"confidence"` // 0..1, noisy-or of the rule weights that hit
	Evidence   []Evidence `json:"evidence"`
	Website    string     `json:"website"`
}

// impliedFactor scales the confidence a technology passes to those it implies.
const impliedFactor = 0.9

// maxDetail bounds Evidence.Detail in runes.
const maxDetail = 120

// Detect returns the technologies the observation shows, sorted by category
// then name. It is pure: no I/O, no logging, safe for concurrent use.
//
// Every distinct observation that a rule matches (a header, a cookie, a
// script URL, a literal in the HTML, a DNS record) contributes its rule's
// weight once; when several rules match the same observation only the
// strongest counts. The weights of one technology combine as a noisy-or,
// 1 - Π(1 - w), so independent signals strengthen each other without ever
// exceeding 1. A technology implied by a detected one is added (or
// strengthened) with the implier's confidence times 0.9.
func Detect(in Input) []Hint {
	sc := newScan(newPage(in))
	hits := make(map[string]*hitState)
	for i := range registry.techs {
		t := &registry.techs[i]
		var st *hitState
		for j := range t.Rules {
			r := &t.Rules[j]
			detail, version, ok := r.match(sc)
			if !ok {
				continue
			}
			if st == nil {
				st = &hitState{tech: t}
				hits[t.Name] = st
			}
			st.add(r.Source, detail, r.Weight)
			if version != "" && r.Weight > st.versionWeight {
				st.version, st.versionWeight = version, r.Weight
			}
		}
		for j := range t.Rules {
			t.Rules[j].matchLoaded(sc, func(form Source, detail string, w float64) {
				if st == nil {
					st = &hitState{tech: t}
					hits[t.Name] = st
				}
				st.addLoad(form, detail, w)
			})
		}
	}
	addMail(hits, in.Mail)
	applyImplies(hits)

	out := make([]Hint, 0, len(hits))
	for _, st := range hits {
		out = append(out, Hint{
			Name:       st.tech.Name,
			Category:   st.tech.Category,
			Version:    st.version,
			Confidence: math.Round(st.confidence()*1000) / 1000,
			Evidence:   st.allEvidence(),
			Website:    st.tech.Website,
		})
	}
	slices.SortFunc(out, func(a, b Hint) int {
		if c := strings.Compare(string(a.Category), string(b.Category)); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// scan is one Detect call's precomputed view of the page: which HTML
// literals occur and which host-suffix rules matched which value.
type scan struct {
	p            *page
	htmlFound    []bool
	snippetFound []bool
	hostHits     map[int]string    // rule id -> first matching URL or host
	loadHits     map[int][]loadHit // rule id -> first matching URL per loading form
}

func newScan(p *page) *scan {
	sc := &scan{p: p, hostHits: make(map[int]string)}
	if len(p.html) > 0 {
		sc.htmlFound = registry.html.scanIn(p.html, registry.htmlPlace, &p.regions)
	}
	if len(p.inlineJS) > 0 {
		sc.snippetFound = registry.snippets.scan(p.inlineJS)
	}
	sc.indexLoaded()
	sc.indexHost(SourceURL, p.host, p.host)
	for _, src := range []struct {
		source Source
		items  []urlItem
	}{{SourceScript, p.scripts}, {SourceLink, p.links}, {SourceIframe, p.iframes}} {
		for _, it := range src.items {
			sc.indexHost(src.source, it.host, it.raw)
		}
	}
	return sc
}

// indexHost records host-suffix rules of source that host matches: the host
// itself and each parent domain are looked up in the suffix index.
func (sc *scan) indexHost(source Source, host, detail string) {
	bySuffix := registry.hosts[source]
	for h := host; h != ""; {
		for _, r := range bySuffix[h] {
			if _, seen := sc.hostHits[r.id]; !seen {
				sc.hostHits[r.id] = detail
			}
		}
		_, rest, ok := strings.Cut(h, ".")
		if !ok {
			break
		}
		h = rest
	}
}

// hitState accumulates one technology's matches during Detect.
type hitState struct {
	tech          *Technology
	evidence      []Evidence
	weights       []float64 // weights[i] belongs to evidence[i]
	version       string
	versionWeight float64
	// loadEvidence lists the hits in the loading forms (preload, inline
	// URL, escaped JSON URL, snippet, legacy host); together they are one
	// observation, "the page loads the vendor's code", of weight loadWeight,
	// the strongest of them.
	loadEvidence []Evidence
	loadWeight   float64
}

// add records a hit. Two rules that matched the same observed item (same
// source and detail) are one observation, not two independent signals, so
// only the stronger weight is kept for it.
func (s *hitState) add(src Source, detail string, w float64) {
	e := Evidence{Source: src, Detail: truncate(detail)}
	w = clamp01(w)
	if i := slices.Index(s.evidence, e); i >= 0 {
		s.weights[i] = max(s.weights[i], w)
		return
	}
	s.evidence = append(s.evidence, e)
	s.weights = append(s.weights, w)
}

// addLoad records a hit in a loading form; only the strongest counts.
func (s *hitState) addLoad(src Source, detail string, w float64) {
	e := Evidence{Source: src, Detail: truncate(detail)}
	if !slices.Contains(s.loadEvidence, e) && !slices.Contains(s.evidence, e) {
		s.loadEvidence = append(s.loadEvidence, e)
	}
	s.loadWeight = max(s.loadWeight, clamp01(w))
}

// allEvidence is the rule evidence followed by the loading-form evidence.
func (s *hitState) allEvidence() []Evidence {
	if len(s.loadEvidence) == 0 {
		return s.evidence
	}
	return append(slices.Clip(s.evidence), s.loadEvidence...)
}

// confidence is the noisy-or of the observation weights, 1 - Π(1 - w), or
// the loading-form weight when that is stronger: the loading forms show
// what the other rules show, so they establish a technology those rules
// missed but never raise one they found.
func (s *hitState) confidence() float64 {
	miss := 1.0
	for _, w := range s.weights {
		miss *= 1 - w
	}
	return max(1-miss, s.loadWeight)
}

// addMail records the caller's mail observations as evidence. Several MX
// hosts (or SPF targets) of one service are one observation, not
// independent signals: the first one is the evidence.
func addMail(hits map[string]*hitState, mail []Mail) {
	if len(mail) > maxDNSValues {
		mail = mail[:maxDNSValues]
	}
	seen := make(map[[2]string]bool)
	for _, m := range mail {
		var w float64
		switch m.Source {
		case SourceMX:
			w = mailMXWeight
		case SourceSPF:
			w = mailSPFWeight
		default:
			continue
		}
		name := strings.TrimSpace(m.Name)
		if name == "" || seen[[2]string{name, string(m.Source)}] {
			continue
		}
		seen[[2]string{name, string(m.Source)}] = true
		st := hits[name]
		if st == nil {
			t := registry.byName[name]
			if t == nil {
				t = &Technology{Name: name, Category: m.Category}
			}
			st = &hitState{tech: t}
			hits[name] = st
		}
		st.add(m.Source, normHost(m.Detail), w)
	}
}

// applyImplies adds implied technologies until no implication is left to
// apply. Each (implier, implied) edge is applied once, in a fixed order, so
// the result is deterministic.
func applyImplies(hits map[string]*hitState) {
	applied := make(map[[2]string]bool)
	for changed := true; changed; {
		changed = false
		names := make([]string, 0, len(hits))
		for n := range hits {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			parent := hits[n]
			for _, child := range parent.tech.Implies {
				edge := [2]string{n, child}
				if applied[edge] {
					continue
				}
				ct, ok := registry.byName[child]
				if !ok {
					continue
				}
				applied[edge] = true
				changed = true
				st := hits[child]
				if st == nil {
					st = &hitState{tech: ct}
					hits[child] = st
				}
				st.add(SourceImplied, "implied by "+n, impliedFactor*parent.confidence())
			}
		}
	}
}

// match evaluates one rule and returns what matched and the captured
// version, if any.
func (r *Rule) match(sc *scan) (detail, version string, ok bool) {
	p := sc.p
	if r.Kind == MatchHostSuffix {
		detail, ok = sc.hostHits[r.id]
		return detail, "", ok
	}
	switch r.Source {
	case SourceHeader:
		vals, present := p.headers[r.Key]
		if !present {
			return "", "", false
		}
		if r.Kind == MatchPresent {
			return r.Key + ": " + first(vals), "", true
		}
		for _, v := range vals {
			if ver, ok := r.find(v, strings.ToLower(v)); ok {
				return r.Key + ": " + v, ver, true
			}
		}
	case SourceCookie:
		for _, c := range p.cookies {
			if r.matchName(c) {
				return c, "", true
			}
		}
	case SourceMeta:
		for _, m := range p.metas {
			if m.key != r.Key {
				continue
			}
			if r.Kind == MatchPresent {
				return m.key + "=" + m.content, "", true
			}
			if ver, ok := r.find(m.content, strings.ToLower(m.content)); ok {
				return m.key + "=" + m.content, ver, true
			}
		}
	case SourceScript:
		return r.matchURLs(p.scripts)
	case SourceLink:
		return r.matchURLs(p.links)
	case SourceIframe:
		return r.matchURLs(p.iframes)
	case SourceHTML:
		return r.matchHTML(sc)
	case SourceDNSTXT:
		for _, t := range p.txt {
			if len(t) >= len(r.Pattern) && strings.EqualFold(t[:len(r.Pattern)], r.Pattern) {
				return t, "", true
			}
		}
	}
	return "", "", false
}

// find runs the rule's regexp on s (lower is s lower-cased, for the
// required-literal pre-check) and returns the "version" group, if any.
func (r *Rule) find(s, lower string) (string, bool) {
	if r.needs != "" && !strings.Contains(lower, r.needs) {
		return "", false
	}
	if r.verIdx >= 0 {
		m := r.re.FindStringSubmatch(s)
		if m == nil {
			return "", false
		}
		return m[r.verIdx], true
	}
	return "", r.re.MatchString(s)
}

// matchName compares a cookie name.
func (r *Rule) matchName(name string) bool {
	switch r.Kind {
	case MatchExact:
		return name == r.Pattern
	case MatchPrefix:
		return strings.HasPrefix(name, r.Pattern)
	case MatchRegexp:
		return r.re.MatchString(name)
	}
	return false
}

// matchURLs checks script/link/iframe URLs against a regexp rule.
func (r *Rule) matchURLs(items []urlItem) (string, string, bool) {
	for _, it := range items {
		if ver, ok := r.find(it.raw, it.lower); ok {
			return it.raw, ver, true
		}
	}
	return "", "", false
}

// maxRegexpHits bounds the matches of one HTML regexp looked at for one
// that lies where the rule counts.
const maxRegexpHits = 64

// firstAllowed is the submatch index (in doc) of the rule's first match
// that lies where the rule counts, nil when none does.
func (r *Rule) firstAllowed(doc []byte, rg *regions) []int {
	for off, n := 0, 0; off <= len(doc) && n < maxRegexpHits; n++ {
		loc := r.re.FindSubmatchIndex(doc[off:])
		if loc == nil {
			return nil
		}
		for i := range loc {
			if loc[i] >= 0 {
				loc[i] += off
			}
		}
		if rg.allows(r.place, loc[0]) {
			return loc
		}
		off = max(loc[1], loc[0]+1)
	}
	return nil
}

// matchHTML checks a literal or anchored-regexp rule against the document.
func (r *Rule) matchHTML(sc *scan) (string, string, bool) {
	if sc.htmlFound == nil || !sc.htmlFound[r.litID] {
		return "", "", false
	}
	if r.Kind == MatchContains {
		return r.Pattern, "", true
	}
	doc := sc.p.html
	loc := r.firstAllowed(doc, &sc.p.regions)
	if loc == nil {
		return "", "", false
	}
	var version string
	if r.verIdx >= 0 && loc[2*r.verIdx] >= 0 {
		version = string(doc[loc[2*r.verIdx]:loc[2*r.verIdx+1]])
	}
	return string(doc[loc[0]:min(loc[1], loc[0]+4*maxDetail)]), version, true
}

func first(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}

func clamp01(w float64) float64 {
	return math.Max(0, math.Min(1, w))
}

// truncate bounds s to maxDetail runes, replacing invalid UTF-8 and control
// characters so Evidence is always printable JSON-safe text.
func truncate(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
	if utf8.RuneCountInString(s) <= maxDetail {
		return s
	}
	rs := []rune(s)
	return string(rs[:maxDetail-1]) + "…"
}
