// Other: the subtype of a report of no other type (anniversary, event,
// milestone, recognition; otherSubtype).

package signals

import "strings"

var (
	eventAppearRe  = rx(`\b(?:booth|(?:meet|visit|see|find|join)\s+us\s+at|exhibit\w*|keynot\w*|sponsor\w*|speak\w*|present\w*\s+at|showcas\w*|host\w*|attend\w*|conference|summit|expo|symposium|investor\s+day)\b`)
	milestoneRe    = rx(`\b(?:surpass\w*|cross\w*|tops|hits?|reach\w*|passes|passed|anniversary|milestone|celebrat\w*)\b`)
	ordinalYearsRe = rx(`\b(?:anniversary|celebrat\w+\s+\w+\s+years)\b`)
)

func otherSubtype(text string) string {
	switch {
	case ordinalYearsRe.MatchString(text):
		return "anniversary"
	case eventAppearRe.MatchString(text):
		return "event"
	case milestoneRe.MatchString(text) && strings.ContainsAny(text, "0123456789"):
		return "milestone"
	}
	return "recognition"
}
