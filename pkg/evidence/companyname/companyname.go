// Package companyname is the one owner (for both services) of two judgements:
// "are these two names the same company" (Same: company resolution, the
// SEC ticker lookup, the job-board owner check, Exa's company pages) and
// "does this text mention this company" (Matcher: every news source's
// relevance rule, the signal detector's mention check and its "is this
// phrase the company" test). No other package keeps a name normal form.
//
// Normal form: Unicode letters and digits lower-cased (accents folded for
// Latin letters; soft hyphens and zero-width characters removed), "&" read
// as "and", periods and apostrophes inside a word dropped ("N.V." is "nv",
// "Macy's" is "macys", "O'Neil" is "oneil"; every apostrophe spelling
// counts: ' ’ ‘ ʼ and the ` and ′ put in their place), every other
// character a word break (hyphens too), and trailing legal-form words
// dropped (inc, incorporated, corp, corporation, co, company, ltd, limited,
// llc, llp, lp, plc, gmbh, ag, kg, ug, sa, asa, sas, sarl, sl, bv, nv, oy, ab, as,
// aps, spa, srl, pty, pte, kk, se, holdings, holding) — repeatedly, with an
// "&"/"and" that joined one ("& Co"), so "Acme Holdings, Inc." is "acme". A
// leading "the" is dropped. Names whose normal form is empty compare
// unequal.
//
// Mentions (Matcher): a text mentions the company when its words, in the
// normal form, contain as a contiguous run the words of the company's
// name, of one of its aliases, of its short name (Display: the name as
// written without its legal form, which the normal form already drops) or
// of its domain as written ("acme.com"), or the name's words written as one
// ("NorthwindRobotics"). A word in the possessive also reads without it
// ("Acme's", "Acme’s" and "Acmes'" mention Acme; "Macy's" still mentions
// Macy's), and hyphenation does not matter ("Acme-Robotics"). Whole words
// only: "Acme" does not match "Acmeville", and the first word of a longer
// name alone is not a mention (it would match other companies). Names
// shorter than two characters are not matched, nor are tickers (short
// tickers are common words: "ON", "ALL", "A").
package companyname

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

var legalForms = map[string]bool{
	"inc": true, "incorporated": true, "corp": true, "corporation": true, "co": true, "company": true,
	"ltd": true, "limited": true, "llc": true, "llp": true, "lp": true, "plc": true, "gmbh": true, "ag": true,
	"sa": true, "asa": true, "sas": true, "sarl": true, "bv": true, "nv": true, "oy": true, "ab": true, "as": true, "aps": true,
	"spa": true, "srl": true, "pty": true, "pte": true, "kk": true, "se": true, "holdings": true, "holding": true,
	"kg": true, "ug": true, "sl": true,
}

// IsLegalForm reports whether word, as written ("Inc.", "GmbH", "N.V."),
// is a legal form the normal form drops at a name's end.
func IsLegalForm(word string) bool {
	return legalForms[strings.ToLower(strings.ReplaceAll(strings.Trim(word, ".,"), ".", ""))]
}

// WordsAsWritten returns the name's words in normal form with its legal
// form and a leading "the" kept ("Acme Holdings, Inc." is acme holdings
// inc): for a caller that matches a name both with and without its legal
// form (TrimLegalForms gives the other).
func WordsAsWritten(name string) []string {
	toks := tokenize(name)
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = t.word
	}
	return words
}

// Words returns the normal form as words.
func Words(name string) []string {
	return trimForms(WordsAsWritten(name))
}

// TrimLegalForms drops trailing legal forms (with an "and" that joined
// one) from words in normal form, never the last word.
func TrimLegalForms(words []string) []string {
	for len(words) > 1 && legalForms[words[len(words)-1]] {
		words = words[:len(words)-1]
		// "Chase & Co": the "and" joined the dropped form.
		if len(words) > 1 && words[len(words)-1] == "and" {
			words = words[:len(words)-1]
		}
	}
	return words
}

// trimForms drops trailing legal forms and a leading "the" from words in
// normal form.
func trimForms(words []string) []string {
	words = TrimLegalForms(words)
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	return words
}

// token is one word of a text in normal form. A word written with a
// possessive ("Acme's", "Acme’s") also reads without it: bare is "acme"
// while word is "acmes", so the possessive of a name and a name that ends
// in "'s" ("Macy's") are both found. bare is "" for other words.
// poss marks a word written in the possessive, also a plural one
// ("Acmes'", "Robotics’").
type token struct {
	word, bare string
	poss       bool
}

// apostrophes are the characters written as an apostrophe: straight,
// right and left single quotation marks, the modifier letter apostrophe
// and the grave accent and prime that keyboards and OCR put in their place.
const apostrophes = "'\u2019\u2018\u02bc`\u2032"

// folder folds accents and removes format characters; a Transformer
// keeps state, so each call builds its own.
func folder() transform.Transformer {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), runes.Remove(runes.In(unicode.Cf)), norm.NFC)
}

// tokenize splits s into normal-form words: accents folded, soft hyphens
// and zero-width characters removed, lower case, "&" as "and", periods
// and apostrophes inside a word dropped ("N.V." is "nv", "O'Neil" is
// "oneil"), every other character a word break (hyphens too: "Acme-Robotics"
// is "acme robotics").
func tokenize(s string) []token {
	folded := s
	if !isASCII(s) { // only non-ASCII text has accents and format characters to fold
		if f, _, err := transform.String(folder(), s); err == nil {
			folded = f
		}
	}
	folded = strings.ReplaceAll(strings.ToLower(folded), "&", " and ")
	folded = strings.ReplaceAll(folded, ".", "")
	raw := strings.FieldsFunc(folded, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(apostrophes, r)
	})
	toks := make([]token, 0, len(raw))
	for _, w := range raw {
		var bare string
		if r, size := utf8.DecodeLastRuneInString(strings.TrimSuffix(w, "s")); strings.HasSuffix(w, "s") && strings.ContainsRune(apostrophes, r) {
			bare = stripApostrophes(w[:len(w)-1-size])
		}
		last, _ := utf8.DecodeLastRuneInString(w)
		poss := bare != "" || strings.ContainsRune(apostrophes, last)
		w = stripApostrophes(w)
		if w == "" {
			continue
		}
		toks = append(toks, token{word: w, bare: bare, poss: poss})
	}
	return toks
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func stripApostrophes(w string) string {
	if !strings.ContainsAny(w, apostrophes) {
		return w
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(apostrophes, r) {
			return -1
		}
		return r
	}, w)
}

// Normalize returns the normal form as one string of space-separated words.
func Normalize(name string) string { return strings.Join(Words(name), " ") }

// Same reports whether a and b name the same company: equal non-empty
// normal forms, also when one is written without spaces ("Northwind
// Robotics" and "NorthwindRobotics").
func Same(a, b string) bool {
	na, nb := Words(a), Words(b)
	if len(na) == 0 || len(nb) == 0 {
		return false
	}
	return strings.Join(na, "") == strings.Join(nb, "")
}

// Slug returns the normal form joined with hyphens ("northwind-robotics"),
// the shape job-board tokens and domain labels usually take.
func Slug(name string) string { return strings.Join(Words(name), "-") }

// Display returns name as written, cut after the last word of its normal
// form, so trailing legal forms and punctuation go ("Northwind Robotics,
// Inc." → "Northwind Robotics"): the company's short name, as a headline
// or a query writes it. "" when the normal form is empty.
func Display(name string) string {
	want := Words(name)
	if len(want) == 0 {
		return ""
	}
	fields := strings.Fields(name)
	for i := range fields {
		if slices.Equal(Words(strings.Join(fields[:i+1], " ")), want) {
			return strings.TrimRight(strings.Join(fields[:i+1], " "), ",;:-–—")
		}
	}
	return strings.Join(fields, " ")
}

// MinMatch is the shortest normal form (in runes) a Matcher matches.
const MinMatch = 2

// Matcher decides whether texts mention one company and whether a phrase
// names it (see the package comment). The zero Matcher matches nothing.
type Matcher struct {
	needles [][]string // word runs: name, aliases, joined forms, domain
	forms   []string   // normal forms that name the company as a phrase (Refers)
	words   map[string]bool
}

// NewMatcher returns the Matcher for a company's name, aliases and domain
// (each may be empty).
func NewMatcher(name string, aliases []string, domain string) Matcher {
	m := Matcher{words: map[string]bool{}}
	seen := map[string]bool{}
	add := func(words []string) {
		key := strings.Join(words, " ")
		if utf8.RuneCountInString(key) < MinMatch || seen[key] {
			return
		}
		seen[key] = true
		m.needles = append(m.needles, words)
		m.forms = append(m.forms, key)
		for _, w := range words {
			m.words[w] = true
		}
	}
	for _, n := range append([]string{name}, aliases...) {
		w := Words(n)
		add(w)
		if len(w) > 1 {
			add([]string{strings.Join(w, "")})
		}
	}
	if d := strings.ToLower(strings.TrimSpace(domain)); d != "" {
		add(Words(d))
		// The domain's first label names the company as a phrase
		// ("Northwind" for northwind.io) when it is long enough not to be
		// an abbreviation; it is not a needle: alone in a text it could
		// name someone else.
		if label, _, _ := strings.Cut(d, "."); utf8.RuneCountInString(label) >= 4 {
			if f := Normalize(label); f != "" && !slices.Contains(m.forms, f) {
				m.forms = append(m.forms, f)
				for _, w := range strings.Fields(f) {
					m.words[w] = true
				}
			}
		}
	}
	return m
}

// Empty reports whether the Matcher knows no name (it then matches nothing).
func (m Matcher) Empty() bool { return len(m.needles) == 0 }

// Mentions reports whether any of texts mentions the company.
func (m Matcher) Mentions(texts ...string) bool {
	if len(m.needles) == 0 {
		return false
	}
	for _, t := range texts {
		toks := tokenize(t)
		for _, n := range m.needles {
			if containsRun(toks, n) {
				return true
			}
		}
	}
	return false
}

// containsRun reports whether toks holds run as consecutive words; a
// possessive word matches by its bare form too.
func containsRun(toks []token, run []string) bool {
	for i := 0; i+len(run) <= len(toks); i++ {
		ok := true
		for j, w := range run {
			if t := toks[i+j]; t.word != w && t.bare != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// Refers reports whether a proper-noun phrase names the company: its
// normal form (a possessive read without the "'s") equals one of the
// company's forms, or one is a word-prefix of the other ("Acme" and "Acme
// Robotics", "Acme Robotics Europe" and "Acme Robotics"). Unlike Mentions,
// the domain's first label counts. This is for a phrase already read as a
// name in a text about the company (a counterparty, a person's employer),
// not for deciding relevance.
func (m Matcher) Refers(phrase string) bool {
	for _, p := range phraseForms(phrase) {
		if p == "" {
			continue
		}
		for _, f := range m.forms {
			if p == f || strings.HasPrefix(p, f+" ") || strings.HasPrefix(f, p+" ") {
				return true
			}
		}
	}
	return false
}

// Is reports whether phrase is one of the company's names as a whole: its
// normal form (also with a possessive read without its "'s") equals the
// name's, an alias's, a joined form's or the domain's first label's.
func (m Matcher) Is(phrase string) bool {
	for _, p := range phraseForms(phrase) {
		if slices.Contains(m.forms, p) {
			return true
		}
	}
	return false
}

// phraseForms is a phrase's normal form and, when it holds a possessive,
// the normal form with the possessive read without its "'s".
func phraseForms(phrase string) []string {
	toks := tokenize(phrase)
	words := make([]string, len(toks))
	bare := make([]string, len(toks))
	possessive := false
	for i, t := range toks {
		words[i], bare[i] = t.word, t.word
		if t.bare != "" {
			bare[i], possessive = t.bare, true
		}
	}
	out := []string{strings.Join(trimForms(words), " ")}
	if possessive {
		out = append(out, strings.Join(trimForms(bare), " "))
	}
	return out
}

// NameWord reports whether w, one word of a text, is one of the words of
// the company's names (read in the normal form, a possessive without its
// "'s").
func (m Matcher) NameWord(w string) bool {
	toks := tokenize(w)
	if len(toks) == 0 {
		return false
	}
	for _, t := range toks {
		if !m.words[t.word] && !m.words[t.bare] {
			return false
		}
	}
	return true
}

// Word is one word of a text in the normal form (Mark). Name marks a word
// of a mention of the company; Possessive marks the last word of a mention
// written in the possessive ("Acme's").
type Word struct {
	Text       string
	Name       bool
	Possessive bool
}

// Mark returns text's words in the normal form with the company's
// mentions marked, by the rule Mentions applies (see the package comment).
// A possessive word that is not part of a mention keeps its bare form out:
// Text is the word as the normal form reads it.
func (m Matcher) Mark(text string) []Word {
	toks := tokenize(text)
	out := make([]Word, len(toks))
	for i, t := range toks {
		out[i].Text = t.word
	}
	for _, n := range m.needles {
		for i := 0; i+len(n) <= len(toks); i++ {
			poss := false
			ok := true
			for j, w := range n {
				t := toks[i+j]
				if t.word == w {
					// "Robotics’" is a possessive; "Macy's" is the name.
					poss = poss || (t.poss && t.bare == "" && j == len(n)-1)
					continue
				}
				if t.bare == w {
					poss = poss || j == len(n)-1
					continue
				}
				ok = false
				break
			}
			if !ok {
				continue
			}
			for j := range n {
				out[i+j].Name = true
			}
			if poss {
				out[i+len(n)-1].Possessive = true
			}
		}
	}
	return out
}
