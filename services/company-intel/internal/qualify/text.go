package qualify

import (
	"strings"
	"unicode"
)

// token is one normalised word: its stem and the surface form it was read
// from (lower-cased), so reasons can quote the words people wrote.
type token struct {
	Stem    string
	Surface string
}

var stopWords = setOf(`a about above after again against all also am an and any are as at be because been
before being below between both but by can could did do does doing down during each few for from further
had has have having he her here hers him his how i if in into is it its itself just me more most my no nor
not of off on once only or other our ours out over own same she should so some such than that the their
theirs them then there these they this those through to too under until up very was we were what when
where which while who whom why will with would you your yours per via etc who whose within across among
including include includes like e g i e eg ie`)

// genericWords are business words too common to say anything about fit;
// they are dropped from seller terms (after stemming).
var genericWords = stemSet(`company companies business businesses firm firms organisation organisations
organization organizations team teams customer customers client clients solution solutions platform
platforms product products service services tool tools software help helps use uses using used people
person based run running runs operate operating operates provide provides providing new make makes
best leading world global worldwide industry industries sector sectors need needs want wants target
targets targeting ideal profile icp buyer buyers sell selling seller value proposition offer offers
type types kind kinds focus focused focusing who`)

// sizeWords, modelWords and place words describe size, business model and
// geography; the dedicated components read them, so they are not topic
// terms for industry fit or the competitor rule.
var sizeWords = stemSet(`startup startups smb smbs small medium mid midsize midsized market midmarket sized
size enterprise enterprises large employee employees staff headcount fte ftes under over fewer less more
than above below least most up`)

var modelWords = stemSet(`b2b b2c saas marketplace marketplaces consumer consumers agency agencies
subscription direct dtc two sided`)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

func stemSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[stem(w)] = true
	}
	return m
}

// words splits s into lower-case words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// tokenize lower-cases s, splits it into words, drops stop words, words of
// one letter and pure numbers, and stems the rest.
func tokenize(s string) []token {
	var out []token
	for _, w := range words(s) {
		if len(w) < 2 || stopWords[w] || isNumber(w) {
			continue
		}
		out = append(out, token{Stem: stem(w), Surface: w})
	}
	return out
}

func stems(s string) []string {
	ts := tokenize(s)
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Stem
	}
	return out
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// suffixes are tried longest first; the first that leaves a stem of at
// least minStem letters is removed (or replaced). See doc.go.
var suffixes = []struct{ suf, repl string }{
	{"ational", "ate"}, {"ations", "ate"}, {"ation", "ate"},
	{"ingly", ""}, {"edly", ""}, {"ies", "y"}, {"ing", ""}, {"ers", ""}, {"er", ""},
	{"ed", ""}, {"ly", ""}, {"s", ""},
}

const minStem = 3

// stem is a small suffix stripper (doc.go): one suffix from the list, then
// a doubled final consonant is undoubled ("shipping" → "ship") and a final
// "e" dropped ("warehouses" → "warehouse" → "warehous"), so inflections of
// one word meet at one stem. Words ending in "ss", "us", "is" or "aas" keep their
// final s.
func stem(w string) string {
	if len(w) <= minStem {
		return w
	}
	stripped := false
	for _, s := range suffixes {
		if !strings.HasSuffix(w, s.suf) || len(w)-len(s.suf) < minStem {
			continue
		}
		if s.suf == "s" && (strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") || strings.HasSuffix(w, "aas")) {
			continue
		}
		w = w[:len(w)-len(s.suf)] + s.repl
		stripped = s.repl == ""
		break
	}
	if n := len(w); stripped && n > minStem && w[n-1] == w[n-2] && !strings.ContainsRune("aeioulsz", rune(w[n-1])) {
		w = w[:n-1]
	}
	if n := len(w); n > minStem && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}
