package signals

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// rx compiles a case-insensitive pattern.
func rx(s string) *regexp.Regexp { return regexp.MustCompile(`(?i)` + s) }

var punctFolder = strings.NewReplacer(
	"\u2019", "'", "\u2018", "'", "\u201c", `"`, "\u201d", `"`,
	"\u2013", " - ", "\u2014", " - ", "\u00a0", " ",
)

// prepText folds typographic quotes and dashes to ASCII and collapses
// white space, so patterns only need to know one spelling.
func prepText(s string) string {
	return strings.Join(strings.Fields(punctFolder.Replace(s)), " ")
}

// abbreviations that end in a period without ending a sentence.
var abbreviations = map[string]bool{
	"inc": true, "corp": true, "co": true, "ltd": true, "llc": true, "plc": true,
	"mr": true, "ms": true, "mrs": true, "dr": true, "jr": true, "sr": true,
	"st": true, "no": true, "vs": true, "u.s": true, "u.k": true, "e.g": true,
	"i.e": true, "jan": true, "feb": true, "mar": true, "apr": true, "jun": true,
	"jul": true, "aug": true, "sep": true, "sept": true, "oct": true, "nov": true,
	"dec": true, "gov": true, "sen": true, "rep": true, "gen": true, "lt": true,
	"col": true, "prof": true, "approx": true, "est": true, "dept": true,
	"mt": true, "ft": true, "bros": true,
}

// sentences splits s into sentences at '.', '!' or '?' followed by a space
// and an upper-case letter, digit or quote, unless the period ends a known
// abbreviation or a single-letter initial.
func sentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		if i+2 >= len(s) || s[i+1] != ' ' {
			continue
		}
		next, _ := utf8.DecodeRuneInString(s[i+2:])
		if !unicode.IsUpper(next) && !unicode.IsDigit(next) && next != '"' && next != '\'' {
			continue
		}
		if c == '.' {
			w := lastWord(s[start:i])
			lw := strings.ToLower(w)
			if abbreviations[lw] || (utf8.RuneCountInString(w) == 1 && unicode.IsUpper([]rune(w)[0])) {
				continue
			}
		}
		if seg := strings.TrimSpace(s[start : i+1]); seg != "" {
			out = append(out, seg)
		}
		start = i + 2
	}
	if seg := strings.TrimSpace(s[start:]); seg != "" {
		out = append(out, seg)
	}
	return out
}

// lastWord returns the last space-separated word of s without leading
// punctuation.
func lastWord(s string) string {
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimLeft(s, `("'`)
}

// firstSentences returns the first n sentences of s joined by a space.
func firstSentences(s string, n int) string {
	ss := sentences(s)
	if len(ss) > n {
		ss = ss[:n]
	}
	return strings.Join(ss, " ")
}

// tokenRe finds word tokens for set comparisons and hashing.
var tokenRe = regexp.MustCompile(`[\p{L}\p{N}]+(?:['.][\p{L}\p{N}]+)*`)

// stopwords are dropped from token sets (headline Jaccard, SimHash).
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "of": true,
	"to": true, "in": true, "on": true, "for": true, "with": true, "by": true,
	"at": true, "as": true, "from": true, "its": true, "it": true, "is": true,
	"are": true, "be": true, "has": true, "have": true, "that": true, "this": true,
	"after": true, "into": true, "s": true, "new": true, "says": true, "said": true,
}

// tokens returns the lower-cased word tokens of s, stopwords removed.
func tokens(s string) []string {
	var out []string
	for _, t := range tokenRe.FindAllString(strings.ToLower(prepText(s)), -1) {
		t = strings.TrimSuffix(t, "'s")
		if !stopwords[t] {
			out = append(out, t)
		}
	}
	return out
}

// hashTokens returns every lower-cased word token of s (stopwords kept:
// on short texts more features make SimHash steadier).
func hashTokens(s string) []string {
	return tokenRe.FindAllString(strings.ToLower(prepText(s)), -1)
}

// jaccard is |A∩B| / |A∪B| over the token sets of a and b (0 when both
// are empty).
func jaccard(a, b []string) float64 {
	sa := make(map[string]bool, len(a))
	for _, t := range a {
		sa[t] = true
	}
	sb := make(map[string]bool, len(b))
	for _, t := range b {
		sb[t] = true
	}
	inter := 0
	for t := range sa {
		if sb[t] {
			inter++
		}
	}
	union := len(sa) + len(sb) - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}
