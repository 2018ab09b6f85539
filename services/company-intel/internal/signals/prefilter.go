package signals

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
)

// filtered is a regular expression with a cheap necessary condition: every
// match contains at least one of lits (case-folded), so a text containing
// none of them is not searched. lits is nil when no useful set is known.
// The condition never changes results, only skips work.
type filtered struct {
	re   *regexp.Regexp
	lits []string
}

// minLiteral is the shortest literal worth filtering on.
const minLiteral = 3

func newFiltered(re *regexp.Regexp) filtered {
	f := filtered{re: re}
	if tree, err := syntax.Parse(re.String(), syntax.Perl); err == nil {
		if lits := requiredLiterals(tree); shortest(lits) >= minLiteral {
			f.lits = lits
		}
	}
	return f
}

// foldCase maps every rune to one representative of its case-folding
// orbit (the lower-case form of the orbit's smallest rune), so that a
// case-insensitive literal occurs in a text exactly when its folded form
// occurs in the folded text.
func foldCase(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x80 {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		return unicode.ToLower(m)
	}, s)
}

// findAll is re.FindAllStringIndex(text, -1), skipped when folded
// (foldCase(text)) contains none of the required literals.
func (f filtered) findAll(text, folded string) [][]int {
	if f.lits != nil && !containsAny(folded, f.lits) {
		return nil
	}
	return f.re.FindAllStringIndex(text, -1)
}

// match is re.MatchString(text), skipped like findAll.
func (f filtered) match(text, folded string) bool {
	if f.lits != nil && !containsAny(folded, f.lits) {
		return false
	}
	return f.re.MatchString(text)
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

func shortest(ss []string) int {
	if len(ss) == 0 {
		return 0
	}
	n := len(ss[0])
	for _, s := range ss[1:] {
		n = min(n, len(s))
	}
	return n
}

// requiredLiterals returns case-folded strings one of which every match of
// re contains, or nil when none is known: a literal is itself; an
// alternation needs one of its branches' sets; a concatenation needs each
// part's set, so it takes the part whose shortest literal is longest; an
// optional part requires nothing.
func requiredLiterals(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{foldCase(string(re.Rune))}
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLiterals(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredLiterals(re.Sub[0])
		}
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			lits := requiredLiterals(sub)
			if lits == nil {
				return nil
			}
			out = append(out, lits...)
		}
		return out
	case syntax.OpConcat:
		var best []string
		for _, sub := range re.Sub {
			if lits := requiredLiterals(sub); lits != nil && shortest(lits) > shortest(best) {
				best = lits
			}
		}
		return best
	}
	return nil
}
