// The seller's ICP read into the text it targets and the scopes it
// excludes (parseICP).

package qualify

import (
	"regexp"
	"strings"
)

// icp is the seller's ICP split into what it targets and what it excludes.
type icp struct {
	Positive string   // targeted text (negated scopes and "outside …" removed)
	Negated  []string // excluded scopes ("not agencies" → "agencies")
	Outside  []string // "outside X" in targeted text: X is excluded
	Inside   []string // "no … outside X": the company must be in X
}

var (
	clauseRe   = regexp.MustCompile(`[.;!?\n]|\bbut\b`)
	negationRe = regexp.MustCompile(`(?i)\b(not|no|exclude|excludes|excluding|except|avoid|never|without|other than)\b`)
	outsideRe  = regexp.MustCompile(`(?i)\boutside( of)?\b`)
)

func parseICP(text string) icp {
	var out icp
	var pos []string
	for _, cl := range clauseRe.Split(text, -1) {
		neg := ""
		if loc := negationRe.FindStringIndex(cl); loc != nil {
			neg = cl[loc[1]:]
			cl = cl[:loc[0]]
		}
		if loc := outsideRe.FindStringIndex(cl); loc != nil {
			out.Outside = append(out.Outside, cl[loc[1]:])
			cl = cl[:loc[0]]
		}
		if loc := outsideRe.FindStringIndex(neg); loc != nil {
			out.Inside = append(out.Inside, neg[loc[1]:])
			neg = neg[:loc[0]]
		}
		if strings.TrimSpace(neg) != "" {
			out.Negated = append(out.Negated, strings.TrimSpace(neg))
		}
		pos = append(pos, cl)
	}
	out.Positive = strings.Join(pos, ". ")
	return out
}
