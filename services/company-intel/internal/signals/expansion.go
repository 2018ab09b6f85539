// Expansion: the place and the kind of facility (expansionFacts).

package signals

import "strings"

var (
	placeAnchorRe = rx(`\b(?:expan\w*|enter\w*|open\w*|launch\w*|arriv\w*|relocat\w*|mov\w*|establish\w*|build\w*|invest\w*|offices?|hubs?|headquarters|hq|facilit(?:y|ies)|plants?|factor(?:y|ies)|cent(?:er|re)s?|showrooms?|stations?|terminals?|lab|campus|clinics?|warehouses?|footprint|presence|operations)\b`)
	placePrepRe   = rx(`\b(?:in|into|to|across|throughout|near|outside)\s+((?:the\s+)?)`)
	marketRe      = rx(`\benter\w*\s+(?:the\s+)?((?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?)\s+markets?\b`)
	facilityRe    = rx(`\b(?:(?:european|global|regional|us|u\.s\.|new|second|third|first|flagship)\s+)?(?:headquarters|hq|office|hub|facility|plant|factory|gigafactory|warehouse|data\s+cent(?:er|re)|campus|showroom|engineering\s+cent(?:er|re)|operations\s+cent(?:er|re)|research\s+lab|lab|ground\s+station|distribution\s+cent(?:er|re)|clinics?|store|terminals?)\b`)
)

// placePhrase reads a place: a proper noun, optionally ", Region".
func placePhrase(s string) string {
	p := properNoun(s, 0, 4)
	if p == "" {
		return ""
	}
	rest := strings.TrimPrefix(s[strings.Index(s, p)+len(p):], ",")
	if strings.HasPrefix(s[strings.Index(s, p)+len(p):], ", ") {
		if q := properNoun(strings.TrimSpace(rest), 0, 2); q != "" && !strings.ContainsAny(q, "0123456789") {
			return p + ", " + q
		}
	}
	return p
}

func expansionFacts(text string, n names) (f Facts, facility string) {
	if m := marketRe.FindStringSubmatch(text); m != nil && !n.is(m[1]) {
		f.Place = "the " + m[1] + " market"
	}
	// the first place named after a preposition within 60 bytes of an
	// expansion word, keeping its article ("the Nordics")
anchors:
	for _, a := range placeAnchorRe.FindAllStringIndex(text, -1) {
		if f.Place != "" {
			break
		}
		win := text[a[1]:min(len(text), a[1]+60)]
		for _, loc := range placePrepRe.FindAllStringSubmatchIndex(win, -1) {
			if p := placePhrase(text[a[1]+loc[1]:]); p != "" && !n.is(p) && !strings.ContainsAny(p, "0123456789") {
				if loc[3] > loc[2] {
					p = "the " + p
				}
				f.Place = p
				break anchors
			}
		}
	}
	if m := facilityRe.FindString(text); m != "" {
		facility = strings.ToLower(m)
	}
	return f, facility
}
