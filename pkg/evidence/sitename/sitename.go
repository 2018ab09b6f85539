// Package sitename reads who a web site says it is: the organisation's
// name, picked from the page by evidence (Pick), and the page's own
// description of it (Descriptions). company-intel's identity of a domain
// and domain-qual's full-profile website metadata both use it. How it
// reads real pages of real sites, and what that study changed:
// docs/real-pages.md.
//
// Read collects, in one pass over a page: the title, og:site_name, the
// meta and og: descriptions, the logo's text (see Page.Logos), JSON-LD
// Organization/WebSite nodes, the copyright lines (and <meta
// name="copyright">) and the hero (the first h1 outside the header and
// the paragraph after it; see Page.HeroHeading).
//
// Pick takes candidates from og:site_name, the title's parts (split on
// | │ ｜ ¦ – — - : · • » and, for a title with none of those, on sentence
// ends, not after an initial or an abbreviated legal form: "… e. V."), the
// logo texts, the JSON-LD names and alternate names and the copyright
// lines; generic words are removed first ("BBC Homepage" is "BBC",
// "Welcome to Acme" is "Acme", a part that is only "Home" or
// "Startseite" is no candidate). A site name is split like a title, its
// first part the brand and later parts at half weight ("Kiesel und Kalk -
// Interior | Design" is "Kiesel und Kalk"). A name that ends in a country, a
// region, a capitalised country code or a country-code host ("Kuro
// Thailand", "Caffè Moretti DE", "Emsstadt.de") also stands without it, at 0.9
// of its field's weight. Candidates are grouped by their key — the name's
// words in companyname's normal form, joined, with a trailing legal form
// dropped (companyname.TrimLegalForms: "Acme Corp", "acmecorp" and "ACME
// Corp." are one) — and each group is scored by agreement: the fields
// whose candidates are in it, a title part that contains its words as a
// run among others (a title "Advertising on Jodel" backs "Jodel"), and the
// domain's first registrable label when it spells the name (umlauts also
// written out: "Müller" as "mueller"), holds its initials ("dmg-ag.de" for
// "Drucker Maschinen GmbH") or contains it or is contained in it (half
// weight). Confidence is 1 − Π(1 − w) over the agreeing fields
// (og:site_name and json-ld 0.5, logo 0.4, title and copyright 0.35,
// domain 0.3; half for containment; a derived form carries its share).
// The group of highest confidence wins (ties: the better field in the
// order above, then the name given more often, then the shorter name). A
// title part that nothing else backs is a name only when it is short (at
// most four words, 60 characters), not a sentence and not one sentence of
// a title without separators; a title that is a sentence with no brand
// part gives no name. The name shown is the group's best-cased form (never
// a lower-case slug when a cased form agrees), from the best field, legal
// form as written.
package sitename

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/domainname"

	"github.com/intel402/intel402/pkg/evidence/companyname"
)

// Fields a name is read from, in order of preference; Name.From lists
// them in this order.
const (
	FromSiteName  = "og:site_name"
	FromJSONLD    = "json-ld"
	FromLogo      = "logo"
	FromTitle     = "title"
	FromCopyright = "copyright"
	FromDomain    = "domain"
)

var fieldOrder = []string{FromSiteName, FromJSONLD, FromLogo, FromTitle, FromCopyright, FromDomain}

// weights are how much a field's agreement counts (see the package doc).
var weights = map[string]float64{
	FromSiteName: 0.5, FromJSONLD: 0.5, FromLogo: 0.4, FromTitle: 0.35, FromCopyright: 0.35, FromDomain: 0.3,
}

// Limits of a name.
const (
	maxNameChars      = 60
	maxNameWords      = 8
	maxLoneTitleWords = 4
)

// Name is the organisation's name as the page gives it, with its
// evidence.
type Name struct {
	Value string `json:"value"`
	// From are the fields that agreed on it, in the order of the Fields
	// constants: its own and those that back it.
	From []string `json:"from"`
	// Confidence is in (0, 1): 1 − Π(1 − w) over From.
	Confidence float64 `json:"confidence"`
}

// Zero reports whether no name was found.
func (n Name) Zero() bool { return n.Value == "" }

// cand is one candidate name.
type cand struct {
	value, from string
	words       []string // words in companyname's normal form, legal form kept
	key         string   // letters and digits of words without a trailing legal form
	full        string   // letters and digits of words, legal form kept
	// spelled are words, key and full with German umlauts written out
	// ("Müller" as "mueller"), the way a domain spells them.
	spelled spelling
	// share is the part of its field's weight the candidate carries: 1, or
	// less for a form derived from what the field says (a later part of a
	// site name, a name without its country).
	share float64
	// sentence marks a sentence of a title that has no separators: a name
	// only when something else backs it.
	sentence bool
}

// spelling is a candidate's words and keys in one spelling.
type spelling struct {
	words     []string
	key, full string
}

// same reports whether a and b spell one name: equal with or without a
// legal form, spaces aside ("Acme Corp", "acmecorp", "ACME Corp.").
func same(a, b cand) bool {
	return a.key == b.key || a.full == b.full || a.key == b.full || a.full == b.key
}

// Pick picks the organisation's name from p, a page of domain (a host
// name: "www.acme.co.uk" and "acme.co.uk" read the same; "" when not
// known). The zero Name when the page names nobody.
func Pick(p Page, domain string) Name {
	cands := candidates(p)
	label := domainLabel(domain)
	type group struct {
		members []cand
		key     string
		words   []string
		agree   map[string]float64
	}
	var groups []*group
	for _, c := range cands {
		var g *group
		for _, og := range groups {
			if slices.ContainsFunc(og.members, func(m cand) bool { return same(m, c) }) {
				g = og
				break
			}
		}
		if g == nil {
			g = &group{key: c.key, words: companyname.TrimLegalForms(c.words), agree: map[string]float64{}}
			groups = append(groups, g)
		}
		g.members = append(g.members, c)
		g.agree[c.from] = max(g.agree[c.from], weights[c.from]*c.share)
	}
	for _, g := range groups {
		for _, c := range cands {
			// A title part that holds the name among other words backs it
			// ("Advertising on Jodel"); a longer name in another field is a
			// fuller name, not a page about this one.
			if _, in := g.agree[c.from]; !in && c.from == FromTitle && containsRun(c.words, g.words) {
				g.agree[c.from] = weights[c.from] / 2
			}
		}
		if w := domainAgreement(g.members, label); w > 0 {
			g.agree[FromDomain] = w
		}
	}
	var best *group
	var bestConf float64
	for _, g := range groups {
		if len(g.agree) == 1 && !loneOK(g.members) {
			continue
		}
		conf := confidence(g.agree)
		if best == nil || conf > bestConf+1e-9 || (math.Abs(conf-bestConf) <= 1e-9 && betterTie(g.members, best.members)) {
			best, bestConf = g, conf
		}
	}
	if best == nil {
		return Name{}
	}
	n := Name{Value: display(best.members), Confidence: math.Round(bestConf*1000) / 1000}
	for _, f := range fieldOrder {
		if _, ok := best.agree[f]; ok {
			n.From = append(n.From, f)
		}
	}
	return n
}

func confidence(agree map[string]float64) float64 {
	miss := 1.0
	for _, f := range fieldOrder { // fixed order: the same float every time
		if w, ok := agree[f]; ok {
			miss *= 1 - w
		}
	}
	return 1 - miss
}

// loneOK reports whether a group that nothing else backs may be a name:
// any field but the title; a title part only when it is short, not a
// sentence and not one sentence of a title without separators.
func loneOK(members []cand) bool {
	for _, c := range members {
		if c.from != FromTitle {
			return true
		}
		if len(c.words) <= maxLoneTitleWords && !sentence(c.value) && !c.sentence {
			return true
		}
	}
	return false
}

// sentence reports whether s reads as a sentence: it ends with sentence
// punctuation or holds a contraction ("It's", "we're").
func sentence(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return true
	}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		for _, suf := range []string{"'s", "’s", "'re", "’re", "n't", "n’t", "'ll", "’ll"} {
			if strings.HasSuffix(w, suf) && len(w) > len(suf) {
				return true
			}
		}
	}
	return false
}

// betterTie reports whether group a beats group b at equal confidence:
// the better best field, then the name the page gives more often (three
// photo credits, two of one holder), then the shorter name.
func betterTie(a, b []cand) bool {
	ra, rb := bestRank(a), bestRank(b)
	if ra != rb {
		return ra < rb
	}
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return utf8.RuneCountInString(display(a)) < utf8.RuneCountInString(display(b))
}

func bestRank(members []cand) int {
	r := len(fieldOrder)
	for _, c := range members {
		r = min(r, slices.Index(fieldOrder, c.from))
	}
	return r
}

// display is the form of a group's name shown: a cased form before a
// lower-case one, then the better field, then document order.
func display(members []cand) string {
	best := members[0]
	for _, c := range members[1:] {
		bc, cc := cased(best.value), cased(c.value)
		if cc != bc {
			if cc {
				best = c
			}
			continue
		}
		if slices.Index(fieldOrder, c.from) < slices.Index(fieldOrder, best.from) {
			best = c
		}
	}
	return best.value
}

// cased reports whether s has an upper-case letter (or no cased letter at
// all): not a lower-case slug.
func cased(s string) bool {
	lower := true
	for _, r := range s {
		if unicode.IsUpper(r) || unicode.IsTitle(r) {
			return true
		}
		if unicode.IsLetter(r) && !unicode.IsLower(r) {
			lower = false
		}
	}
	return !lower || !strings.ContainsFunc(s, unicode.IsLetter)
}

// Shares of a field's weight that derived candidates carry.
const (
	laterPartShare = 0.5 // a site name's part after its first ("Kiesel und Kalk - Interior | Design")
	localeShare    = 0.9 // a name without the country it ends in ("Kuro Thailand" as "Kuro")
)

// candidates are the page's candidate names, in field order.
func candidates(p Page) []cand {
	var out []cand
	var add func(v, from string, share float64, sentence bool)
	add = func(v, from string, share float64, sentence bool) {
		v = stripGeneric(v)
		if v == "" || utf8.RuneCountInString(v) > maxNameChars {
			return
		}
		words := companyname.WordsAsWritten(v)
		if len(words) == 0 || len(words) > maxNameWords {
			return
		}
		c := cand{value: v, from: from, share: share, sentence: sentence}
		c.words, c.key, c.full = keys(words)
		if c.key == "" {
			return
		}
		c.spelled.words, c.spelled.key, c.spelled.full = keys(companyname.WordsAsWritten(spellUmlauts(v)))
		out = append(out, c)
		if local, ok := withoutLocale(v); ok {
			add(local, from, share*localeShare, sentence)
		}
	}
	// A site name is a name, not a title: when it carries a tagline after
	// a separator, its parts are the candidates, the first the brand.
	addSiteName := func(v, from string) {
		for i, part := range separatorParts(v) {
			share := 1.0
			if i > 0 {
				share = laterPartShare
			}
			add(part, from, share, false)
		}
	}
	addSiteName(p.SiteName, FromSiteName)
	for _, e := range p.Entities {
		addSiteName(e.Name, FromJSONLD)
		for _, a := range e.AlternateNames {
			addSiteName(a, FromJSONLD)
		}
	}
	for _, l := range p.Logos {
		add(stripLogoWords(l), FromLogo, 1, false)
	}
	parts, sentences := titleParts(p.Title)
	for _, part := range parts {
		add(part, FromTitle, 1, sentences)
	}
	for _, c := range p.Copyrights {
		add(copyrightName(c), FromCopyright, 1, false)
	}
	return out
}

// keys are words and their keys: key without a trailing legal form, full
// with it.
func keys(words []string) ([]string, string, string) {
	return words, strings.Join(companyname.TrimLegalForms(words), ""), strings.Join(words, "")
}

// umlauts are how German writes its umlauts where they cannot be used, as
// in a domain name: "mueller-baeckerei.de" for Müller Bäckerei.
var umlauts = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss")

func spellUmlauts(s string) string { return umlauts.Replace(s) }

// titleSeparators split a title into its brand and page parts. The
// vertical bars include the box-drawing and full-width forms titles are
// written with ("Neue Produkte testen│Wiesenhof Marktplatz").
var titleSeparators = regexp.MustCompile(`\s+[|│｜¦–—:·•»«\-]+\s+|\s*[|│｜¦–—·•»«]\s*|:\s+`)

// sentenceEnds split a title with no separator into its sentences.
var sentenceEnds = regexp.MustCompile(`[.!?]+\s+`)

// TitleParts splits a page title on its separators (| │ ｜ ¦ – — - : · •
// » «; a hyphen only with spaces around it) or, when it has none, on
// sentence ends ("Twitter. It's what's happening." is "Twitter" and "It's
// what's happening."; not after an initial or an abbreviated legal form:
// "Kleingartenverein Aurich e. V." is one part); empty parts are dropped.
func TitleParts(title string) []string {
	parts, _ := titleParts(title)
	return parts
}

// titleParts is TitleParts, and whether it split on sentence ends.
func titleParts(title string) ([]string, bool) {
	if parts := separatorParts(title); len(parts) > 1 {
		return parts, false
	}
	var parts []string
	start := 0
	for _, m := range sentenceEnds.FindAllStringIndex(title, -1) {
		if title[m[0]] == '.' && abbreviation(title[:m[0]]) {
			continue // "e. V.", "Inc.": not a sentence end
		}
		parts = append(parts, title[start:m[0]])
		start = m[1]
	}
	parts = trimParts(append(parts, title[start:]))
	return parts, len(parts) > 1
}

// separatorParts splits s on title separators; empty parts are dropped.
func separatorParts(s string) []string {
	return trimParts(titleSeparators.Split(s, -1))
}

func trimParts(parts []string) []string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// abbreviation reports whether text ends in a word a period abbreviates,
// not a sentence: an initial ("e. V.", "K. & J. Brenner") or a legal form
// ("Inc.", "Co.").
func abbreviation(text string) bool {
	word := text
	if i := strings.LastIndexFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		_, size := utf8.DecodeRuneInString(text[i:])
		word = text[i+size:]
	}
	return utf8.RuneCountInString(word) == 1 || (word != "" && companyname.IsLegalForm(word))
}

// TitleSeparators finds the separators TitleParts splits on (not sentence
// ends), as index pairs of title.
func TitleSeparators(title string) [][]int { return titleSeparators.FindAllStringIndex(title, -1) }

// genericNames name a page or say "this is a site", not who runs it.
var genericNames = map[string]bool{
	"home": true, "homepage": true, "home page": true, "welcome": true, "start": true, "startseite": true,
	"accueil": true, "inicio": true, "official site": true, "official website": true, "index": true, "main": true,
	"website": true, "logo": true, "home page logo": true, "page d'accueil": true, "willkommen": true, "bienvenue": true,
}

var (
	genericPrefixes = []string{"welcome to ", "welcome at ", "willkommen bei ", "willkommen auf ", "bienvenue chez ",
		"bienvenue sur ", "bienvenido a ", "the official website of ", "official website of ", "the official site of ",
		"official site of ", "home of ", "home - ", "homepage - "}
	genericSuffixes = []string{" homepage", " home page", " home", " official site", " official website", " website",
		" startseite", " accueil", " online"}
)

// stripGeneric removes the words that name a page rather than its owner
// and trims punctuation left around the name.
func stripGeneric(s string) string {
	s = strings.Trim(strings.TrimSpace(s), " ,;|-–—:·")
	for changed := true; changed; {
		changed = false
		l := strings.ToLower(s)
		for _, p := range genericPrefixes {
			if strings.HasPrefix(l, p) && len(s) > len(p) {
				s, changed = strings.TrimSpace(s[len(p):]), true
				break
			}
		}
		l = strings.ToLower(s)
		for _, suf := range genericSuffixes {
			if strings.HasSuffix(l, suf) && len(s) > len(suf) {
				s, changed = strings.TrimSpace(s[:len(s)-len(suf)]), true
				break
			}
		}
		s = strings.Trim(s, " ,;|-–—:·'’")
	}
	if genericNames[strings.ToLower(s)] {
		return ""
	}
	return s
}

// logoWords are what logo texts add to the name.
var logoWords = map[string]bool{"logo": true, "logotype": true, "home": true, "homepage": true, "link": true,
	"go": true, "to": true, "back": true}

// stripLogoWords removes "logo", "home" and the like from a logo text
// ("Acme Corp logo", "Logo Acme", "Acme - go to homepage", "Acme (Logo)",
// "Acme - Weblogo").
func stripLogoWords(s string) string {
	var kept []string
	for _, w := range strings.Fields(s) {
		bare := strings.ToLower(strings.Trim(w, " -–—|:,.()"))
		// "Weblogo", "Firmenlogo" after the name.
		if logoWords[bare] || (len(kept) > 0 && strings.HasSuffix(bare, "logo")) {
			continue
		}
		kept = append(kept, w)
	}
	return strings.Join(kept, " ")
}

// containsRun reports whether needle's words appear in hay as a
// contiguous run, hay being longer.
func containsRun(hay, needle []string) bool {
	if len(needle) == 0 || len(hay) <= len(needle) {
		return false
	}
	for i := 0; i+len(needle) <= len(hay); i++ {
		if slices.Equal(hay[i:i+len(needle)], needle) {
			return true
		}
	}
	return false
}

// domainLabel is the first label of domain's registrable domain, lower
// case ("acme" for www.acme.co.uk); "" when domain does not parse.
func domainLabel(domain string) string {
	domain = strings.TrimSpace(domain)
	if domain == "" {
		return ""
	}
	host := strings.ToLower(strings.TrimPrefix(domain, "www."))
	if n, err := domainname.Parse(domain); err == nil {
		host = n.Registrable
		if host == "" {
			host = n.ASCII
		}
	}
	first, _, _ := strings.Cut(host, ".")
	return first
}

// domainAgreement is how much the domain label backs a group of key and
// words (legal form kept): the label spelling the name (hyphens aside, a
// legal-form part dropped: "dmg-ag") or the initials of its words (with
// or without the legal form), full weight; one containing the other (at
// least three characters), half.
func domainAgreement(members []cand, label string) float64 {
	best := 0.0
	for _, m := range members {
		best = max(best, domainBacks(m.key, m.full, m.words, label), domainBacks(m.spelled.key, m.spelled.full, m.spelled.words, label))
	}
	return best
}

func domainBacks(key, full string, words []string, label string) float64 {
	if label == "" || key == "" {
		return 0
	}
	parts := strings.Split(label, "-")
	forms := []string{strings.Join(parts, "")}
	if t := companyname.TrimLegalForms(parts); len(t) < len(parts) {
		forms = append(forms, strings.Join(t, ""))
	}
	inits := []string{initials(words), initials(companyname.TrimLegalForms(words))}
	for _, f := range forms {
		if f == key || f == full {
			return weights[FromDomain]
		}
		for _, in := range inits {
			if len(in) >= 2 && in == f {
				return weights[FromDomain]
			}
		}
	}
	f := forms[0]
	if len(key) >= 3 && len(f) >= 3 && (strings.Contains(f, key) || strings.Contains(key, f)) {
		return weights[FromDomain] / 2
	}
	return 0
}

func initials(words []string) string {
	var b strings.Builder
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		b.WriteRune(r)
	}
	return b.String()
}
