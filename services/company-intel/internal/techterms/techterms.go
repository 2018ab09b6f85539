package techterms

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Category groups the terms by what they are used for.
type Category string

// The categories of the lexicon.
const (
	Language       Category = "language"       // programming languages
	Framework      Category = "framework"      // application frameworks and runtimes
	Cloud          Category = "cloud"          // public clouds and hosting platforms
	Infrastructure Category = "infrastructure" // containers, IaC, CI/CD, operating systems, messaging
	Data           Category = "data"           // databases, warehouses, pipelines, BI
	ML             Category = "ml"             // machine-learning frameworks and platforms
	Observability  Category = "observability"  // monitoring, logging, tracing, on-call
	Security       Category = "security"       // security products
	CRM            Category = "crm"            // CRM, marketing automation, sales engagement, support
	ERP            Category = "erp"            // ERP, finance, HR, procurement, supply-chain and fleet systems
	Commerce       Category = "commerce"       // e-commerce platforms and payments
	Embedded       Category = "embedded"       // robotics, embedded, firmware and hardware tooling
	Design         Category = "design"         // product design and CAD
	Collaboration  Category = "collaboration"  // collaboration, work management, IT service management
)

// Categories returns every category in a stable order.
func Categories() []Category {
	return []Category{Language, Framework, Cloud, Infrastructure, Data, ML, Observability, Security, CRM, ERP,
		Commerce, Embedded, Design, Collaboration}
}

// Term is one technology of the lexicon under its canonical name.
type Term struct {
	Name     string   `json:"name"` // canonical, e.g. "Kubernetes", "PostgreSQL", "Google Cloud"
	Category Category `json:"category"`
}

// Find returns the terms text names, deduplicated by Name in the order of
// their first accepted occurrence (see the package documentation for the
// matching rules). It returns nil when text names none.
func Find(text string) []Term {
	toks := tokenize(text)
	if len(toks) == 0 {
		return nil
	}
	var cands []match
	for i := 0; i < len(toks); {
		m, ok := lex.matchAt(text, toks, i)
		if !ok {
			i++
			continue
		}
		cands = append(cands, m)
		i = m.last + 1
	}
	if len(cands) == 0 {
		return nil
	}
	// anchor[i] is the category of the context-free match covering token
	// i ("" when none): what makes a context-dependent match nearby
	// technical.
	anchor := make([]Category, len(toks))
	for _, m := range cands {
		if m.ctx == ctxNone {
			for i := m.first; i <= m.last; i++ {
				anchor[i] = m.e.cat
			}
		}
	}
	var out []Term
	seen := map[string]bool{}
	for _, m := range cands {
		if seen[m.e.name] || !inContext(m, toks, anchor) {
			continue
		}
		seen[m.e.name] = true
		out = append(out, Term{Name: m.e.name, Category: m.e.cat})
	}
	return out
}

// Names returns the canonical names of terms, in order.
func Names(terms []Term) []string {
	if len(terms) == 0 {
		return nil
	}
	out := make([]string, len(terms))
	for i, t := range terms {
		out[i] = t.Name
	}
	return out
}

// Lookup returns the term whose canonical name is name (case ignored).
func Lookup(name string) (Term, bool) {
	e, ok := lex.byName[strings.ToLower(name)]
	if !ok {
		return Term{}, false
	}
	return Term{Name: e.name, Category: e.cat}, true
}

// All returns the whole lexicon, sorted by category (in Categories order)
// then name.
func All() []Term {
	out := make([]Term, 0, len(lex.entries))
	for _, e := range lex.entries {
		out = append(out, Term{Name: e.name, Category: e.cat})
	}
	order := map[Category]int{}
	for i, c := range Categories() {
		order[c] = i
	}
	slices.SortFunc(out, func(a, b Term) int {
		if d := order[a.Category] - order[b.Category]; d != 0 {
			return d
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// Tokens.

type token struct {
	start, end int    // byte offsets in the text
	text       string // text[start:end]
	lower      string
	sent       int // sentence number
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// wordAt reports whether a word rune starts at s[i:].
func wordAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isWord(r)
}

// letterAt reports whether a letter starts at s[i:].
func letterAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// wordBefore reports whether a word rune ends at s[:i].
func wordBefore(s string, i int) bool {
	if i <= 0 {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return isWord(r)
}

// tokenize splits s into tokens (see the package documentation).
func tokenize(s string) []token {
	var toks []token
	sent, prevEnd := 0, 0
	for i := 0; i < len(s); {
		start := -1
		switch {
		case wordAt(s, i):
			start = i
		case s[i] == '.' && !wordBefore(s, i) && letterAt(s, i+1):
			start = i
		}
		if start < 0 {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
			continue
		}
		j := start
		if s[j] == '.' {
			j++
		}
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			switch {
			case isWord(r):
				j += size
				continue
			case r == '.' && wordAt(s, j+1):
				j++
				continue
			}
			break
		}
		k := j
		for k < len(s) && k-j < 2 && (s[k] == '+' || s[k] == '#') {
			k++
		}
		if k > j && !wordAt(s, k) {
			j = k
		}
		if len(toks) > 0 && strings.ContainsAny(s[prevEnd:start], ".!?;\n") {
			sent++
		}
		text := s[start:j]
		toks = append(toks, token{start: start, end: j, text: text, lower: strings.ToLower(text), sent: sent})
		prevEnd, i = j, j
	}
	return toks
}

// gapClass is what must agree between the gaps of an alias and of the
// text: the gap without spaces and hyphens (line breaks kept).
func gapClass(g string) string {
	if strings.Trim(g, " \t-\u00a0") == "" {
		return ""
	}
	var b strings.Builder
	for _, r := range g {
		if r == '\n' || (!unicode.IsSpace(r) && r != '-' && r != '\u2010' && r != '\u2011') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Lexicon.

type contextRule uint8

const (
	ctxNone  contextRule = iota
	ctxNear              // a term or cue within nearWindow tokens
	ctxTight             // a language/embedded term or a tight cue within tightWindow tokens
)

const (
	nearWindow  = 5
	tightWindow = 2
)

// entry is one term of the lexicon and how it is named.
type entry struct {
	name    string
	cat     Category
	aliases []string // "=" prefix: case-sensitive; none: the name, case-insensitive
	ctx     contextRule
	prevIn  bool     // "in", "with" or "using" right before is context
	notNext []string // lower-case tokens that, right after, veto the match
}

// term starts an entry.
func term(name string, cat Category, aliases ...string) entry {
	return entry{name: name, cat: cat, aliases: aliases}
}

func (e entry) near() entry  { e.ctx = ctxNear; return e }
func (e entry) tight() entry { e.ctx = ctxTight; return e }
func (e entry) afterIn() entry {
	e.prevIn = true
	return e
}
func (e entry) vetoNext(words ...string) entry {
	e.notNext = words
	return e
}

// alias is one compiled way of naming an entry.
type alias struct {
	e     *entry
	exact bool
	text  []string // tokens as written
	lower []string
	gaps  []string    // gapClass between tokens i and i+1
	ctx   contextRule // the entry's rule for a case-sensitive alias, else none
}

type lexicon struct {
	entries []*entry
	byFirst map[string][]*alias // by the lower-cased first token; longest first
	byName  map[string]*entry   // by the lower-cased canonical name
}

var lex = compile(entries)

// compile builds the lexicon; it panics on an alias that is not one or
// more tokens, is given twice, or names two terms (a programming error in
// the table, caught by any test).
func compile(es []entry) *lexicon {
	l := &lexicon{byFirst: map[string][]*alias{}, byName: map[string]*entry{}}
	seen := map[string]string{}
	for i := range es {
		e := &es[i]
		if _, dup := l.byName[strings.ToLower(e.name)]; dup {
			panic(fmt.Sprintf("techterms: %q listed twice", e.name))
		}
		l.entries = append(l.entries, e)
		l.byName[strings.ToLower(e.name)] = e
		names := e.aliases
		if len(names) == 0 {
			names = []string{e.name}
		}
		for _, n := range names {
			exact := strings.HasPrefix(n, "=")
			n = strings.TrimPrefix(n, "=")
			toks := tokenize(n)
			if len(toks) == 0 || toks[0].start != 0 || toks[len(toks)-1].end != len(n) {
				panic(fmt.Sprintf("techterms: alias %q of %q is not whole tokens", n, e.name))
			}
			key := strings.ToLower(n)
			if exact {
				key = "=" + n
			}
			if other, dup := seen[key]; dup {
				panic(fmt.Sprintf("techterms: alias %q of %q already names %q", n, e.name, other))
			}
			seen[key] = e.name
			a := &alias{e: e, exact: exact}
			if exact {
				a.ctx = e.ctx
			}
			for k, t := range toks {
				a.text = append(a.text, t.text)
				a.lower = append(a.lower, t.lower)
				if k > 0 {
					a.gaps = append(a.gaps, gapClass(n[toks[k-1].end:t.start]))
				}
			}
			l.byFirst[a.lower[0]] = append(l.byFirst[a.lower[0]], a)
		}
	}
	for _, as := range l.byFirst {
		slices.SortStableFunc(as, func(x, y *alias) int { return len(y.text) - len(x.text) })
	}
	return l
}

// match is one alias found at tokens first..last.
type match struct {
	e           *entry
	ctx         contextRule
	first, last int
}

// matchAt returns the longest alias at token i whose vetoes pass.
func (l *lexicon) matchAt(s string, toks []token, i int) (match, bool) {
	for _, a := range l.byFirst[toks[i].lower] {
		if last, ok := a.matches(s, toks, i); ok && (a.ctx == ctxNone || !vetoed(a, s, toks, i, last)) {
			return match{e: a.e, ctx: a.ctx, first: i, last: last}, true
		}
	}
	// A dotted token ("Salesforce.com", "Python3.12") may name a term up
	// to its first period.
	t := toks[i]
	if dot := strings.IndexByte(t.text[1:], '.'); dot >= 0 {
		head := t.text[:dot+1]
		for _, a := range l.byFirst[strings.ToLower(head)] {
			if a.ctx == ctxNone && len(a.text) == 1 && (!a.exact || a.text[0] == head) {
				return match{e: a.e, first: i, last: i}, true
			}
		}
	}
	return match{}, false
}

// matches reports whether a matches the tokens from i, and the last token.
func (a *alias) matches(s string, toks []token, i int) (int, bool) {
	if i+len(a.text) > len(toks) {
		return 0, false
	}
	for k := range a.text {
		t := toks[i+k]
		if a.exact && t.text != a.text[k] || !a.exact && t.lower != a.lower[k] {
			return 0, false
		}
		if k > 0 && gapClass(s[toks[i+k-1].end:t.start]) != a.gaps[k-1] {
			return 0, false
		}
	}
	return i + len(a.text) - 1, true
}

// vetoed applies the vetoes of a context-dependent alias to a match at
// tokens first..last.
func vetoed(a *alias, s string, toks []token, first, last int) bool {
	if next := last + 1; next < len(toks) && toks[next].sent == toks[last].sent && slices.Contains(a.e.notNext, toks[next].lower) {
		return true
	}
	if a.ctx == ctxTight {
		start, end := toks[first].start, toks[last].end
		if r, _ := utf8.DecodeLastRuneInString(s[:start]); start > 0 && strings.ContainsRune(sticky, r) {
			return true
		}
		if r, _ := utf8.DecodeRuneInString(s[end:]); end < len(s) && strings.ContainsRune(sticky, r) {
			return true
		}
	}
	return false
}

// sticky are characters that make a one-letter token part of something
// else ("R&D", "C-suite", "C's").
const sticky = "&-'’_@"

// inContext reports whether a match keeps its term: always for an alias
// without a context rule, otherwise by the rule (see the package
// documentation).
func inContext(m match, toks []token, anchor []Category) bool {
	e := m.e
	if m.ctx == ctxNone {
		return true
	}
	sent := toks[m.first].sent
	if e.prevIn && m.first > 0 && toks[m.first-1].sent == sent && prepositions[toks[m.first-1].lower] {
		return true
	}
	window := nearWindow
	if m.ctx == ctxTight {
		window = tightWindow
	}
	for j := max(m.first-window, 0); j <= min(m.last+window, len(toks)-1); j++ {
		if (j >= m.first && j <= m.last) || toks[j].sent != sent {
			continue
		}
		w := toks[j].lower
		if m.ctx == ctxTight {
			if tightCues[w] || anchor[j] == Language || anchor[j] == Embedded {
				return true
			}
			continue
		}
		if anchor[j] != "" || generalCues[w] || cues[e.cat][w] {
			return true
		}
	}
	return false
}

// prepositions before Go make it the language ("written in Go").
var prepositions = set("in", "with", "using")

// generalCues make any near-context term technical.
var generalCues = set("tools", "tool", "tooling", "stack", "stacks", "technologies", "technology", "tech", "platform", "platforms", "software")

// tightCues make R and C languages.
var tightCues = set("programming", "language", "languages", "embedded", "firmware", "code", "coding", "scripting", "written", "compiler", "statistical", "bare")

// languageCues are the context words of languages and frameworks.
var languageCues = set("programming", "language", "languages", "code", "coding", "codebase", "codebases", "written", "write", "writing",
	"developer", "developers", "development", "engineer", "engineers", "engineering", "backend", "frontend", "fullstack",
	"services", "service", "microservices", "library", "libraries", "framework", "frameworks", "sdk", "sdks", "api", "apis",
	"compiler", "embedded", "firmware", "experience", "proficiency", "proficient", "fluency", "fluent", "scripting", "scripts",
	"concurrency", "web", "mobile", "ios", "apps", "app", "applications", "systems")

// cues are each category's context words for near-context terms.
var cues = map[Category]map[string]bool{
	Language:  languageCues,
	Framework: languageCues,
	Infrastructure: set("infrastructure", "deployment", "deployments", "deploy", "pipelines", "pipeline", "ci", "cd", "cluster", "clusters",
		"containers", "container", "cloud", "devops", "sre", "automation", "configuration", "charts", "chart", "iac", "experience",
		"builds", "provisioning", "mesh", "proxy"),
	Data: set("data", "pipelines", "pipeline", "warehouse", "warehousing", "lakehouse", "etl", "elt", "analytics", "streaming", "dags",
		"batch", "queries", "modeling", "modelling", "dashboards", "reporting", "processing", "spreadsheets", "formulas", "pivot",
		"advanced", "experience", "skills", "engineering"),
	ML: set("models", "model", "training", "machine", "learning", "ml", "ai", "deep", "inference", "experience"),
	Observability: set("monitoring", "observability", "alerting", "alerts", "logs", "logging", "metrics", "tracing", "dashboards",
		"incidents", "errors", "experience"),
	Security: set("security", "detection", "endpoint", "siem", "edr", "xdr", "identity", "threat", "soc", "cloud", "posture", "experience"),
	CRM:      set("crm", "sequences", "sequencing", "cadences", "calls", "recordings", "prospecting", "automation", "marketing"),
	ERP:      set("erp", "finance", "accounting", "payroll", "hris", "procurement", "system", "systems", "module", "modules", "implementation"),
	Commerce: set("checkout", "payments", "storefront", "ecommerce", "commerce", "store"),
	Embedded: set("embedded", "firmware", "rtos", "microcontroller", "microcontrollers", "mcu", "mcus", "kernel", "drivers", "device",
		"devices", "hardware", "simulation", "simulator", "robot", "robots", "robotics", "sensor", "sensors", "bsp", "bootloader"),
	Design:        set("design", "designs", "prototypes", "prototyping", "wireframes", "mockups", "cad", "ux", "ui"),
	Collaboration: set("workspace", "channels", "tickets", "docs", "documentation", "wiki"),
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
