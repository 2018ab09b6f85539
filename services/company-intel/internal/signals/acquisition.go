// Acquisition: the counterparty, whether the company is the target or the
// seller, a merger, and the part of the counterparty bought (acquisitionFacts).

package signals

import "strings"

var (
	acquiredByRe  = rx(`\b(?:acquired|bought|purchased|taken\s+over|snapped\s+up|taken\s+private)\s+by\s+|\bsold\s+to\s+|\bsell\s+itself\s+to\s+|\btakeover\s+(?:offer|bid|approach)\s+from\s+|\bmerg(?:e|es|ed|ing|er)\s+with\s+`)
	acquireVerbRe = rx(`\b(?:acquires|acquired|acquiring|to\s+acquire|agreed\s+to\s+acquire|buys|bought|to\s+buy|snaps\s+up|snapped\s+up|scoops\s+up|picks\s+up|picked\s+up|swallows|completes\s+(?:its\s+|the\s+)?(?:acquisition|purchase)\s+of|acquisition\s+of|purchase\s+of|(?:deal|bid|offer)\s+for|takes?\s+over|to\s+take\s+over)\s+`)
	takePrivateRe = rx(`\btak(?:e|es|ing)\s+`)
	sellToRe      = rx(`\b(?:sells?|sold|selling|divests?|divested)\b[^.;:]{0,60}?\bto\s+`)
	mergerRe      = rx(`\bmerg(?:e|es|ed|ing|er)\b`)
)

// acqFacts is what an acquisition's text says.
type acqFacts struct {
	f      Facts
	target bool   // the company is acquired
	merger bool   // the deal is a merger
	divest bool   // the company sells a business
	object string // what is bought when it is part of the counterparty: "Solvane's inverter business"
}

// acquisitionFacts finds the counterparty of an acquisition, whether the
// company is the target, and what exactly is bought.
func acquisitionFacts(text string, n names) acqFacts {
	f, target, merger, divest, object := acquisitionParts(text, n)
	return acqFacts{f, target, merger, divest, object}
}

// ownedPart reads "'s inverter business" after a counterparty: the
// possessive and up to four lower-case words.
func ownedPart(cp, rest string) string {
	if !strings.HasPrefix(rest, "'s ") {
		return ""
	}
	var ws []string
	for _, raw := range words(rest[3:]) {
		w, end := trimWord(raw)
		if w == "" || lowerStop[strings.ToLower(w)] || isNameWord(w) || len(ws) == 4 {
			break
		}
		ws = append(ws, w)
		if end {
			break
		}
	}
	if len(ws) == 0 {
		return ""
	}
	return cp + "'s " + strings.Join(ws, " ")
}

func acquisitionParts(text string, n names) (f Facts, target, merger, divest bool, object string) {
	if a, ok := ParseAmount(text); ok {
		f.AmountUSD, f.AmountText = a.USD, a.Text
	}
	merger = mergerRe.MatchString(text)
	if loc := acquiredByRe.FindStringIndex(text); loc != nil {
		cp := properNoun(text[loc[1]:], 3, 5)
		subj := phraseBefore(text, loc[0])
		switch {
		case strings.HasPrefix(strings.ToLower(strings.TrimSpace(text[loc[0]:loc[1]])), "merg"):
			if n.is(cp) {
				cp = subj
			}
			return withCounterparty(f, cp, n), false, true, false, ""
		case cp != "" && !n.is(cp):
			if strings.HasPrefix(strings.ToLower(text[loc[0]:loc[1]]), "sold") && subj != "" && !n.is(subj) {
				return withCounterparty(f, cp, n), false, merger, true, ""
			}
			return withCounterparty(f, cp, n), true, merger, false, ""
		}
	}
	if loc := sellToRe.FindStringIndex(text); loc != nil {
		if cp := properNoun(text[loc[1]:], 3, 5); cp != "" && !n.is(cp) {
			return withCounterparty(f, cp, n), false, merger, true, ""
		}
	}
	for _, loc := range acquireVerbRe.FindAllStringIndex(text, -1) {
		obj := properNoun(text[loc[1]:], 4, 5)
		subj := phraseBefore(text, loc[0])
		switch {
		case obj != "" && n.is(obj) && subj != "" && !n.is(subj):
			return withCounterparty(f, subj, n), true, merger, false, ""
		case obj != "" && !n.is(obj):
			rest := text[loc[1]:]
			after := rest[strings.Index(rest, obj)+len(obj):]
			// "to buy Plymouth's Pell Harbour Sonar": the name after a
			// possessive is what is bought.
			if owned := strings.TrimPrefix(after, "'s "); owned != after && properNoun(owned, 0, 5) != "" && !n.is(properNoun(owned, 0, 5)) {
				return withCounterparty(f, properNoun(owned, 0, 5), n), false, merger, false, ""
			}
			return withCounterparty(f, obj, n), false, merger, false, ownedPart(obj, after)
		}
	}
	// "Stonebridge takes Sablecrest private"
	if loc := takePrivateRe.FindStringIndex(text); loc != nil && strings.Contains(strings.ToLower(text[loc[1]:]), "private") {
		obj := properNoun(text[loc[1]:], 0, 5)
		subj := phraseBefore(text, loc[0])
		if n.is(obj) && subj != "" && !n.is(subj) {
			return withCounterparty(f, subj, n), true, merger, false, ""
		}
	}
	return f, false, merger, false, ""
}

// withCounterparty sets the counterparty, written without its legal
// suffix, unless it is the company itself.
func withCounterparty(f Facts, cp string, n names) Facts {
	if cp != "" && !n.is(cp) {
		f.Counterparty = shortName(cp)
	}
	return f
}
