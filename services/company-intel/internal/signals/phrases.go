// Proper-noun phrases (the names of companies, people, products and places)
// read from headlines and leads: the readers every type's facts use.

package signals

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words that end a proper-noun phrase in any letter case (Title Case
// headlines capitalise them).
var phraseStop = map[string]bool{
	"for": true, "in": true, "to": true, "with": true, "from": true, "as": true,
	"amid": true, "after": true, "at": true, "on": true, "by": true, "and": true,
	"into": true, "over": true, "under": true, "via": true, "deal": true,
	"the": true, "a": true, "an": true, "its": true, "their": true, "of": true,
	"is": true, "are": true, "was": true, "will": true, "has": true, "have": true,
	"that": true, "which": true, "who": true, "across": true, "following": true,
	"ahead": true, "despite": true, "while": true, "says": true, "said": true,
	"announces": true, "announced": true, "today": true, "this": true, "under-": true,
	"be": true, "been": true, "plans": true, "agrees": true, "completes": true,
	"acquires": true, "acquired": true, "buys": true, "bought": true,
	"launches": true, "unveils": true, "introduces": true, "raises": true,
	"opens": true, "names": true, "appoints": true, "joins": true, "expands": true,
	"signs": true, "selects": true, "wins": true, "enters": true, "merges": true,
	"now": true, "new": true, "through": true, "near": true, "outside": true,
	"until": true, "before": true, "per": true, "or": true, "than": true,
}

// Descriptor nouns that precede a name ("startup Routewise", "rival
// Ferrox"); in a Title Case phrase the name follows the last one.
var descriptors = map[string]bool{
	"startup": true, "start-up": true, "firm": true, "company": true, "maker": true,
	"provider": true, "specialist": true, "developer": true, "platform": true,
	"rival": true, "competitor": true, "vendor": true, "operator": true,
	"insurer": true, "reinsurer": true, "lender": true, "supplier": true,
	"distributor": true, "manufacturer": true, "agency": true, "fintech": true,
	"insurtech": true, "biotech": true, "retailer": true, "unit": true,
	"business": true, "brand": true, "app": true, "peer": true, "player": true,
	"group": false, "chain": true, "giant": true, "pioneer": true, "outfit": true,
	"carrier": true, "broker": true, "bank": false, "software": true,
}

// words splits s at spaces; each word keeps its punctuation.
func words(s string) []string { return strings.Fields(s) }

// trimWord splits trailing punctuation (and a possessive) off a word and
// reports whether it ended the phrase.
func trimWord(w string) (string, bool) {
	end := false
	if strings.HasSuffix(w, "'s") {
		w, end = strings.TrimSuffix(w, "'s"), true
	}
	for w != "" {
		r, size := utf8.DecodeLastRuneInString(w)
		if !strings.ContainsRune(`,;:.!?)"'`, r) {
			break
		}
		// keep the period of "Inc." or an initial "J."
		if r == '.' && (abbreviations[strings.ToLower(strings.TrimSuffix(w, "."))] || utf8.RuneCountInString(w) == 2) {
			end = true
			break
		}
		w, end = w[:len(w)-size], true
	}
	return strings.TrimLeft(w, `("'`), end
}

func isNameWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	if unicode.IsUpper(r) || unicode.IsDigit(r) || w == "&" {
		return true
	}
	// "e-Signature", "iBuy": a lower-case letter followed by an upper-case one.
	if len(w) > 1 && unicode.IsLower(r) {
		r2, _ := utf8.DecodeRuneInString(w[1:])
		return unicode.IsUpper(r2)
	}
	return false
}

// isAdjectiveWord reports an upper-case hyphenated adjective such as
// "AI-powered" that describes rather than names.
func isAdjectiveWord(w string) bool {
	i := strings.IndexByte(w, '-')
	if i < 0 || i == len(w)-1 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w[i+1:])
	return unicode.IsLower(r)
}

// properNoun reads the first proper-noun phrase of s, skipping up to
// maxSkip leading lower-case descriptor words ("field-service startup
// Routewise" → "Routewise"). It stops at a function word, punctuation or a
// lower-case word, and keeps at most maxWords words.
func properNoun(s string, maxSkip, maxWords int) string {
	ws := words(s)
	i, skipped := 0, 0
	for i < len(ws) {
		w, end := trimWord(ws[i])
		lw := strings.ToLower(w)
		if isNameWord(w) && !isAdjectiveWord(w) && !phraseStop[lw] {
			break
		}
		if end || skipped >= maxSkip || (phraseStop[lw] && lw != "the" && lw != "a" && lw != "an" && lw != "its" && lw != "new" && lw != "their") {
			return ""
		}
		skipped++
		i++
	}
	var out []string
	lastDesc := -1 // index in out after the last descriptor word
	ended := false
	for ; i < len(ws) && len(out) < maxWords; i++ {
		w, end := trimWord(ws[i])
		lw := strings.ToLower(w)
		if w == "" || (!isNameWord(w) && lw != "of") || phraseStop[lw] && lw != "of" {
			break
		}
		if lw == "of" && (i+1 >= len(ws) || !isNameWord(ws[i+1])) {
			break
		}
		out = append(out, w)
		if descriptors[lw] {
			lastDesc = len(out)
		}
		if ended = end; end {
			break
		}
	}
	// "Plymouth sonar specialist Pell Harbour": a place or adjective
	// followed by a lower-case description ending in a descriptor names
	// the company after it.
	// "Plymouth sonar firm" with no name after it names no company.
	if len(out) > 0 && !ended {
		switch next := describedName(ws[i:]); {
		case next > 0:
			return properNoun(strings.Join(ws[i+next:], " "), 0, maxWords)
		case next == 0:
			return ""
		}
	}
	// "Field-Service Startup Routewise" names Routewise; a descriptor that
	// ends the phrase is part of the name ("Northwind Software").
	if lastDesc > 0 && lastDesc < len(out) {
		out = out[lastDesc:]
	}
	for len(out) > 0 && (strings.ToLower(out[len(out)-1]) == "of" || out[len(out)-1] == "&") {
		out = out[:len(out)-1]
	}
	return strings.Join(out, " ")
}

// describedName reads what follows a capitalised phrase: up to three
// lower-case words ending in a descriptor, then a name ("sonar specialist
// Pell …" → 2, the name's index); 0 when the descriptor is followed by
// no name ("sonar firm as …": the phrase only described it); -1 when
// the words are not such a description.
func describedName(ws []string) int {
	for j := 0; j < len(ws) && j < 3; j++ {
		w, end := trimWord(ws[j])
		lw := strings.ToLower(w)
		if w == "" || isNameWord(w) || phraseStop[lw] {
			return -1
		}
		if descriptors[lw] {
			if !end && j+1 < len(ws) && isNameWord(ws[j+1]) {
				return j + 1
			}
			return 0
		}
		if end {
			return -1
		}
	}
	return -1
}

// phraseAfter returns the proper-noun phrase that follows the first match
// of re in text.
func phraseAfter(re *regexp.Regexp, text string, maxSkip int) string {
	for _, m := range re.FindAllStringIndex(text, -1) {
		if p := properNoun(text[m[1]:], maxSkip, 5); p != "" {
			return p
		}
	}
	return ""
}

// phraseBefore returns the proper-noun phrase that ends just before index
// i of text ("Voltaris" in "Voltaris acquires …").
func phraseBefore(text string, i int) string {
	ws := words(strings.TrimSpace(text[:i]))
	var out []string
	for j := len(ws) - 1; j >= 0 && len(out) < 5; j-- {
		w, end := trimWord(ws[j])
		if end && j != len(ws)-1 {
			break
		}
		lw := strings.ToLower(w)
		if !isNameWord(w) || phraseStop[lw] || descriptors[lw] {
			break
		}
		out = append([]string{w}, out...)
	}
	return strings.Join(out, " ")
}
