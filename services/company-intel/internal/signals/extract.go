package signals

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/intel402/intel402/services/company-intel/internal/companyname"
)

// names recognises the researched company in text by companyname's one
// rule (companyname.Matcher); signals keeps no name normal form of its own.
type names struct{ m companyname.Matcher }

// shortName strips legal suffixes: "Acme Robotics, Inc." → "Acme Robotics".
func shortName(s string) string { return companyname.Display(prepText(s)) }

func newNames(name string, aliases []string, domain string) names {
	return names{m: companyname.NewMatcher(name, aliases, domain)}
}

// is reports whether a proper-noun phrase names the company
// (companyname.Matcher.Refers: equal forms, or one a word-prefix of the
// other, "Acme" and "Acme Robotics").
func (n names) is(phrase string) bool { return n.m.Refers(phrase) }

// without returns toks without the words of the company's names.
func (n names) without(toks []string) []string {
	var out []string
	for _, t := range toks {
		if !n.m.NameWord(t) {
			out = append(out, t)
		}
	}
	return out
}

// mentioned reports whether text names the company
// (companyname.Matcher.Mentions). With no known names every text
// qualifies.
func (n names) mentioned(text string) bool {
	if n.m.Empty() {
		return true
	}
	return n.m.Mentions(text)
}

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

// ---- funding ----

var (
	roundRe = rx(`\b(pre-?seed|seed\+?|angel|series\s+[a-k](?:-?\d|\+{1,2})?|bridge\s+(?:round|financing|loan)|growth\s+(?:equity|round|funding|financing|investment)|mezzanine|venture\s+debt|convertible\s+notes?|(?:revolving\s+)?credit\s+(?:facility|line)|lines?\s+of\s+credit|revolving\s+facility|(?:debt|loan)\s+facility|debt\s+financing|term\s+loan|ipo|initial\s+public\s+offering)\b`)
	ledByRe = rx(`\b(?:co-)?led\s+by\s+`)
	// participants: "with participation from", "from", "backed by",
	// "investors include".
	participantsRe = rx(`\b(?:participation\s+(?:from|of|by)|(?:round|funding|financing|investment|seed|capital|backing|equity|debt|facility|loan)\s+from|backed\s+by|investors\s+(?:include|including)|joined\s+by)\s+(?:existing\s+investors\s+|new\s+investors\s+|investors\s+)?`)
)

// normRound writes a round the way the API reports it.
func normRound(s string) string {
	l := strings.ToLower(strings.Join(strings.Fields(s), " "))
	switch {
	case strings.HasPrefix(l, "pre"):
		return "Pre-seed"
	case strings.HasPrefix(l, "seed"):
		if strings.HasSuffix(l, "+") {
			return "Seed+"
		}
		return "Seed"
	case l == "angel":
		return "Angel"
	case strings.HasPrefix(l, "series "):
		return "Series " + strings.ToUpper(l[len("series "):])
	case strings.HasPrefix(l, "bridge"):
		return "Bridge"
	case strings.HasPrefix(l, "growth"):
		return "Growth"
	case l == "mezzanine":
		return "Mezzanine"
	case l == "venture debt":
		return "Venture debt"
	case strings.HasPrefix(l, "convertible"):
		return "Convertible note"
	case strings.Contains(l, "credit"), strings.HasSuffix(l, "facility"):
		return "Credit facility"
	case l == "debt financing":
		return "Debt financing"
	case l == "term loan":
		return "Term loan"
	case l == "ipo", l == "initial public offering":
		return "IPO"
	}
	return s
}

// nameList reads "A, B and C" as proper-noun phrases.
func nameList(s string) []string {
	var out []string
	rest := s
	for len(out) < 6 {
		p := properNoun(rest, 0, 5)
		if p == "" {
			break
		}
		out = append(out, p)
		i := strings.Index(rest, p)
		rest = strings.TrimSpace(rest[i+len(p):])
		rest = strings.TrimPrefix(rest, "'s")
		switch {
		case strings.HasPrefix(rest, ", and "):
			rest = rest[len(", and "):]
		case strings.HasPrefix(rest, ","):
			rest = strings.TrimSpace(rest[1:])
		case strings.HasPrefix(rest, "and "):
			rest = rest[len("and "):]
		default:
			return out
		}
	}
	return out
}

// fundingFacts reads amount, round and investors; leads is how many of
// the investors (listed first) were named as leading the round.
func fundingFacts(text string, n names) (f Facts, leads int) {
	if a, ok := ParseAmount(text); ok {
		f.AmountUSD, f.AmountText = a.USD, a.Text
	}
	if m := roundRe.FindString(text); m != "" {
		f.Round = normRound(m)
	}
	add := func(list []string) {
		for _, inv := range list {
			if n.is(inv) || genericInvestor(inv) {
				continue
			}
			dup := false
			for k, e := range f.Investors {
				le, li := strings.ToLower(e), strings.ToLower(inv)
				switch {
				case le == li || strings.HasPrefix(le, li+" "):
					dup = true
				case strings.HasPrefix(li, le+" "):
					f.Investors[k], dup = inv, true
				}
			}
			if !dup {
				f.Investors = append(f.Investors, inv)
			}
		}
	}
	for _, m := range ledByRe.FindAllStringIndex(text, -1) {
		add(nameList(text[m[1]:]))
	}
	leads = len(f.Investors)
	for _, m := range participantsRe.FindAllStringIndex(text, -1) {
		add(nameList(text[m[1]:]))
	}
	return f, leads
}

func genericInvestor(s string) bool {
	l := strings.ToLower(s)
	for _, g := range []string{"series", "seed", "existing", "new investors", "the company", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"} {
		if strings.HasPrefix(l, g) {
			return true
		}
	}
	return false
}

// ---- acquisition ----

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

// ---- partnership ----

var (
	partnerWithRe = rx(`\b(?:partner(?:s|ed|ing)?|partnership|teams?\s+up|teamed\s+up|collaborat(?:es|ed|ing|ion)|alliance|joint\s+venture|integrat(?:es|ed|ion)|integration|agreement|contract|deal|pact|mou|memorandum\s+of\s+understanding|link(?:s|ed)?\s+up|ties?\s+up|tie-up|joins?\s+forces)\s+(?:with|alongside)\s+|\bpartner\s+(?:for|to|of)\s+`)
	customerByRe  = rx(`\b(?:selected|chosen|picked|tapped|engaged|contracted|hired)\s+by\s+`)
	contractToRe  = rx(`\b(?:contract|deal|agreement)\s+(?:to\s+\w+\s+(?:[\w-]+\s+){0,3}?)?(?:to|for|from)\s+`)
	selectsRe     = rx(`\b(?:selects|selected|chooses|chose|picks|picked|taps|tapped)\s+`)
	joinsNetRe    = rx(`\bjoin(?:s|ed)?\s+(?:the\s+)?`)
	marketplaceRe = rx(`\b(?:available|listed)\s+(?:on|in|through|via)\s+(?:the\s+)?`)
	andRe         = rx(`\s+(?:and|&)\s+`)
	supplyToRe    = rx(`\bsupply\s+(?:[\w-]+\s+){0,4}?to\s+`)
)

// partnershipFacts finds the partner, and whether it is a customer (the
// company was selected or won a contract). The partner is written without
// its legal suffix ("Contoso Logistics, Inc." → "Contoso Logistics").
func partnershipFacts(text string, n names) (f Facts, customer bool) {
	f, customer = partnershipParts(text, n)
	f.Counterparty = shortName(f.Counterparty)
	return f, customer
}

func partnershipParts(text string, n names) (f Facts, customer bool) {
	if loc := customerByRe.FindStringIndex(text); loc != nil {
		if cp := properNoun(text[loc[1]:], 2, 5); cp != "" && !n.is(cp) {
			f.Counterparty = cp
			return f, true
		}
	}
	for _, loc := range selectsRe.FindAllStringIndex(text, -1) {
		subj := phraseBefore(text, loc[0])
		obj := properNoun(text[loc[1]:], 0, 5)
		if n.is(obj) && subj != "" && !n.is(subj) {
			f.Counterparty = subj
			return f, true
		}
	}
	// "Acme and Globex sign …", "Acme, Globex partner …": the pair that
	// acts together names the partner before any object of the verb
	// ("… sign agreement to deploy Atlas robots").
	if cp := pairPartner(text, n); cp != "" {
		f.Counterparty = cp
		return f, false
	}
	for _, loc := range partnerWithRe.FindAllStringIndex(text, -1) {
		cp := properNoun(text[loc[1]:], 3, 5)
		if cp == "" {
			continue
		}
		if !n.is(cp) {
			f.Counterparty = cp
			return f, contractWinRe.MatchString(text)
		}
		// "Globex teams up with Acme": the subject is the partner.
		if subj := phraseBefore(text, loc[0]); subj != "" && !n.is(subj) {
			f.Counterparty = subj
			return f, false
		}
	}
	if cp := phraseAfter(supplyToRe, text, 2); cp != "" && !n.is(cp) {
		f.Counterparty = cp
		return f, true
	}
	if cp := phraseAfter(contractToRe, text, 3); cp != "" && !n.is(cp) {
		f.Counterparty = cp
		return f, true
	}
	// "Acme and Globex announce …", "Acme, Globex collaborate …"
	if rest, ok := afterCompany(text, n); ok {
		if loc := andRe.FindStringIndex(rest); loc != nil && loc[0] <= 1 {
			if cp := properNoun(rest[loc[1]:], 0, 5); cp != "" && !n.is(cp) {
				f.Counterparty = cp
				return f, false
			}
		}
		if strings.HasPrefix(rest, ", ") {
			if cp := properNoun(rest[2:], 0, 5); cp != "" && !n.is(cp) {
				f.Counterparty = cp
				return f, false
			}
		}
	}
	for _, re := range []*regexp.Regexp{joinsNetRe, marketplaceRe} {
		if cp := phraseAfter(re, text, 0); cp != "" && !n.is(cp) {
			f.Counterparty = strings.TrimSuffix(strings.TrimSuffix(cp, " Marketplace"), " Partner")
			return f, false
		}
	}
	return f, false
}

// pairPartner reads the partner of "<company> and <X> <verb> …" or
// "<company>, <X> <verb> …" (verbs of acting together: sign, announce,
// agree, partner, team up, collaborate, …).
func pairPartner(text string, n names) string {
	rest, ok := afterCompany(text, n)
	if !ok {
		return ""
	}
	m := pairVerbRe.FindStringSubmatch(rest)
	if m == nil {
		return ""
	}
	cp := properNoun(m[1], 0, 5)
	if cp == "" || n.is(cp) {
		return ""
	}
	return cp
}

// afterCompany returns the text after the company's name when text
// starts with it (a legal suffix after the name, "Acme, Inc.", belongs to
// the name).
func afterCompany(text string, n names) (string, bool) {
	first := properNoun(text, 0, 5)
	if first == "" || !n.is(first) {
		return "", false
	}
	rest := text[strings.Index(text, first)+len(first):]
	if m := legalSuffixLeadRe.FindString(rest); m != "" && (len(m) == len(rest) || strings.ContainsRune(" ,", rune(rest[len(m)]))) {
		rest = rest[len(m):]
	}
	return rest, true
}

// pairVerbRe reads "<company> and <X> sign/announce/agree/partner/…"
// after the company's name: group 1 is the partner phrase.
var pairVerbRe = rx(`^(?:\s+(?:and|&)\s+|,\s+)(\S.{0,80}?)\s+(?:sign(?:s|ed)?|ink(?:s|ed)?|announc(?:e|es|ed)|agree(?:s|d)?|partner(?:s|ed)?|team(?:s|ed)?\s+up|collaborat(?:e|es|ed)|join(?:s|ed)?\s+forces|form(?:s|ed)?|enter(?:s|ed)?\s+into|strike|struck|unite|launch(?:es|ed)?|unveil(?:s|ed)?|expand(?:s|ed)?|extend(?:s|ed)?|to\s+(?:partner|collaborate|co-develop|develop|build|launch|form))\b`)

// legalSuffixLeadRe is a legal suffix right after a name: ", Inc.", " Ltd".
var legalSuffixLeadRe = rx(`^,?\s+(?:inc|corp|co|ltd|llc|plc|gmbh|ag|sa|nv|bv)\.?`)

// ---- leadership ----

const roleWords = `(?:(?:interim|acting|new|first|global|senior|executive|independent|non-executive)\s+)*(?:chief\s+[a-z]+(?:\s+[a-z&]+){0,3}?\s+officer|chief\s+executive(?:\s+officer)?|chief\s+scientist|ceo|cfo|cto|coo|cro|cmo|cio|ciso|cpo|chro|cdo|cco|cso|cao|clo|president(?:\s+and\s+(?:ceo|coo|chief\s+[a-z]+\s+officer))?|(?:senior\s+|executive\s+)?vice[- ]president(?:\s+of\s+[a-z]+(?:\s+(?:and|&)\s+[a-z]+)?)?|s?vp(?:\s+of\s+[a-z]+)?|evp(?:\s+of\s+[a-z]+)?|general\s+counsel|head\s+of\s+[a-z]+|managing\s+director|executive\s+chair(?:man|woman|person)?|chair(?:man|woman|person)?|directors?|board\s+members?|board(?:\s+of\s+directors)?|finance\s+chief|(?:co-)?founder)`

var (
	personPat = `((?:Dr\.?\s+)?[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?:\s+[A-Z]\.?)?(?:\s+(?:de|van|von|da|di|del|la|le|bin|al)\b)?(?:\s+[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?){1,2})`
	// "Maria Okafor as Chief Revenue Officer", "Daniel Reyes CFO",
	// "Sarah Lindqvist to President".
	personThenRoleRe = regexp.MustCompile(personPat + `(?:,\s*|\s+)(?:(?i:as|to|to\s+the\s+role\s+of|to\s+the\s+post\s+of|to\s+become|will\s+become|becomes)\s+)?(?:(?i:its|the|our)\s+)?(?i:(` + roleWords + `))\b`)
	// "CEO Tom Hargreaves", "chief executive Rita Gomes",
	// "chief financial officer, Grace Holm,".
	roleThenPersonRe = regexp.MustCompile(`(?i:\b(` + roleWords + `|chief))(?:,)?\s+` + personPat)
	// "John Roe steps down as CEO", "Jane Doe joins Acme as CTO".
	personVerbRoleRe = regexp.MustCompile(personPat + `\s+(?i:(?:steps?|stepped|is\s+stepping)\s+(?:down|aside|back)|resigns|resigned|departs|retires|will\s+step\s+down|is\s+named|named|appointed|returns|joins\s+\S+(?:\s+\S+)?|joined\s+\S+(?:\s+\S+)?)\s+(?i:as)\s+(?:(?i:its|the)\s+)?(?:(?i:new)\s+)?(?i:(` + roleWords + `))\b`)
	roleOnlyRe       = rx(`\b` + roleWords + `\b`)
	departureRe      = rx(`\b(?:steps?\s+(?:down|aside|back)|stepping\s+(?:down|aside|back)|stepped\s+(?:down|aside|back)|stands?\s+down|resign\w*|depart\w*|to\s+leave|leaves|leaving|left\s+the|retir\w*|exits?|exiting|ousted|fired|is\s+out)\b`)
	appointRe        = rx(`\b(?:appoint\w*|names?|named|naming|taps?|tapped|hir(?:e|es|ed|ing)|promot\w*|elevat\w*|elect\w*|welcom\w*|joins|joined|takes?\s+(?:over|the\s+helm)|succeed\w*|become|becomes)\b`)
)

// Words a Title Case headline capitalises around a name.
var nameNoise = map[string]bool{
	"names": true, "named": true, "appoints": true, "appointed": true, "taps": true,
	"hires": true, "hired": true, "promotes": true, "promoted": true, "elevates": true,
	"elects": true, "welcomes": true, "picks": true, "adds": true, "steps": true,
	"resigns": true, "joins": true, "retires": true, "departs": true, "to": true,
	"new": true, "former": true, "ex": true, "as": true, "says": true, "will": true,
	"interim": true, "acting": true, "board": true, "chief": true, "the": true,
}

// notPersonWord are words of titles and company names that never appear
// in a person's name.
var notPersonWord = map[string]bool{
	"officer": true, "chief": true, "president": true, "director": true, "counsel": true,
	"chair": true, "vice": true, "head": true, "founder": true, "board": true,
	"executive": true, "manager": true, "operating": true, "motors": true, "labs": true,
	"group": true, "capital": true, "ventures": true, "partners": true, "bank": true,
	"systems": true, "technologies": true, "technology": true, "health": true,
	"robotics": true, "dynamics": true, "analytics": true, "energy": true, "software": true,
	"holdings": true, "inc": true, "corp": true, "ltd": true, "llc": true, "bio": true,
	"pharma": true, "therapeutics": true, "networks": true, "media": true, "foods": true,
	"freight": true, "logistics": true, "industries": true, "aerospace": true,
	"security": true, "cloud": true, "data": true, "ai": true, "university": true,
}

// cleanPerson drops Title Case verbs and company words around a name and
// keeps it only when two to four words remain.
func cleanPerson(p string, n names) string {
	ws := strings.Fields(p)
	for len(ws) > 0 && (nameNoise[strings.ToLower(ws[0])] || n.is(ws[0])) {
		ws = ws[1:]
	}
	for len(ws) > 0 && nameNoise[strings.ToLower(ws[len(ws)-1])] {
		ws = ws[:len(ws)-1]
	}
	if len(ws) < 2 || len(ws) > 4 || n.is(strings.Join(ws, " ")) {
		return ""
	}
	for _, w := range ws {
		if notPersonWord[strings.ToLower(strings.TrimRight(w, ".,"))] {
			return ""
		}
	}
	if strings.TrimSuffix(ws[0], ".") == "Dr" {
		ws = ws[1:]
		if len(ws) < 2 {
			return ""
		}
	}
	return strings.Join(ws, " ")
}

func cleanRole(r string) string {
	r = strings.Join(strings.Fields(r), " ")
	for _, p := range []string{"new ", "New ", "first ", "First "} {
		r = strings.TrimPrefix(r, p)
	}
	return r
}

// roleKey canonicalises a role for comparison: "chief executive
// officer", "chief executive" and "CEO" are all "ceo"; "chief X Y
// officer" becomes its initials.
func roleKey(r string) string {
	l := strings.ToLower(strings.Join(strings.Fields(r), " "))
	for _, p := range []string{"interim ", "acting ", "new ", "first ", "global ", "senior ", "independent ", "non-executive "} {
		l = strings.TrimPrefix(l, p)
	}
	switch {
	case l == "chief executive" || l == "chief executive officer":
		return "ceo"
	case l == "finance chief":
		return "cfo"
	case strings.HasPrefix(l, "chief ") && strings.HasSuffix(l, " officer"):
		key := "c"
		for _, w := range strings.Fields(strings.TrimSuffix(strings.TrimPrefix(l, "chief "), " officer")) {
			if w != "and" && w != "&" {
				key += w[:1]
			}
		}
		return key + "o"
	case strings.Contains(l, "founder"):
		return "founder"
	case strings.HasPrefix(l, "chair") || strings.HasPrefix(l, "executive chair"):
		return "chair"
	case strings.Contains(l, "board") || strings.HasPrefix(l, "director"):
		return "board"
	}
	return l
}

type personRole struct {
	at           int
	person, role string
}

// personRoles finds the person-and-role pairs of text, in text order.
func personRoles(text string, n names) []personRole {
	var out []personRole
	for _, m := range personThenRoleRe.FindAllStringSubmatchIndex(text, -1) {
		if p := cleanPerson(text[m[2]:m[3]], n); p != "" {
			out = append(out, personRole{m[2], p, cleanRole(text[m[4]:m[5]])})
		}
	}
	for _, m := range roleThenPersonRe.FindAllStringSubmatchIndex(text, -1) {
		if p := cleanPerson(text[m[4]:m[5]], n); p != "" {
			out = append(out, personRole{m[4], p, cleanRole(text[m[2]:m[3]])})
		}
	}
	for _, m := range personVerbRoleRe.FindAllStringSubmatchIndex(text, -1) {
		if p := cleanPerson(text[m[2]:m[3]], n); p != "" {
			out = append(out, personRole{m[2], p, cleanRole(text[m[4]:m[5]])})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// vagueRole is a role word that does not say which office ("chief").
func vagueRole(r string) bool {
	l := strings.ToLower(r)
	return l == "chief" || l == "executive"
}

// leadershipFacts finds the person and role of a leadership event, and
// whether it is a departure. The headline decides the role; a person named
// only in the lead is taken when the lead gives them the same role (or
// states the headline's role just before the name), so that a successor's
// or predecessor's current title is not reported as the new one.
func leadershipFacts(headline, lead string, n names) (f Facts, departure bool) {
	hRole := ""
	if m := roleOnlyRe.FindString(headline); m != "" && !vagueRole(m) {
		hRole = cleanRole(m)
	}
	if prs := personRoles(headline, n); len(prs) > 0 {
		f.Person, f.Role = prs[0].person, prs[0].role
		if vagueRole(f.Role) {
			f.Role = hRole
		}
	} else {
		f.Role = hRole
		for _, pr := range personRoles(lead, n) {
			before := strings.ToLower(lead[max(0, pr.at-40):pr.at])
			if hRole == "" || roleKey(pr.role) == roleKey(hRole) || strings.Contains(before, strings.ToLower(hRole)) {
				f.Person = pr.person
				if hRole == "" && !vagueRole(pr.role) {
					f.Role = pr.role
				}
				break
			}
		}
		if f.Role == "" {
			if m := roleOnlyRe.FindString(lead); m != "" && !vagueRole(m) {
				f.Role = cleanRole(m)
			}
		}
	}
	text := headline
	if !departureRe.MatchString(headline) && !appointRe.MatchString(headline) {
		text = headline + ". " + lead
	}
	d := departureRe.FindStringIndex(text)
	a := appointRe.FindStringIndex(text)
	departure = d != nil && (a == nil || d[0] < a[0])
	return f, departure
}

// ---- product ----

var (
	launchVerbRe  = rx(`\b(?:launch(?:es|ed|ing)?|unveil(?:s|ed|ing)?|introduc(?:es|ed|ing)|debut(?:s|ed|ing)?|releas(?:es|ed|ing)|rolls?\s+out|rolled\s+out|rolling\s+out|ships|shipped|previews?|previewed|(?:general\s+)?availability\s+of|early\s+access\s+to|beta\s+of|brings?|adds?|added|expands?\s+(?:its\s+)?(?:platform|product|suite)\s+with)\s+`)
	availableRe   = rx(`^(.{3,80}?)\s+(?:is|are)\s+now\s+(?:generally\s+)?available\b`)
	nowAvailRe    = rx(`^now\s+(?:generally\s+)?available\s*:\s*`)
	versionOnlyRe = regexp.MustCompile(`^[\d.]+$`)
	samplesOfRe   = rx(`^(?:the\s+|its\s+|our\s+)?(?:first\s+|initial\s+|early\s+)?(?:commercial\s+|customer\s+|engineering\s+|production\s+)?(?:samples?|units|shipments|deliveries|batch(?:es)?|volumes)\s+of\s+(?:the\s+|its\s+|our\s+|their\s+)?`)
	acronymRe     = regexp.MustCompile(`^[A-Z]{2,4}$`)
	lowerStop     = map[string]bool{"for": true, "to": true, "with": true, "in": true, "at": true, "on": true, "that": true, "which": true, "as": true, "across": true, "amid": true, "after": true, "by": true, "from": true, "of": true, "and": true, "into": true, "aimed": true, "designed": true, "built": true, "powered": true}
)

// objectPhrase reads the noun phrase at the start of s: a proper-noun
// product name when there is one within two words, else up to six
// lower-case words ending before a function word.
func objectPhrase(s string) string {
	if p := properNoun(s, 2, 5); p != "" && !versionOnlyRe.MatchString(p) && !(acronymRe.MatchString(p) && !strings.HasPrefix(s, p)) {
		// "the M4 smart inverter": keep up to three lower-case words that
		// name the product's kind.
		rest := s[strings.Index(s, p)+len(p):]
		if rest != "" && rest[0] == ' ' {
			var tail []string
			for _, raw := range words(rest) {
				w, end := trimWord(raw)
				lw := strings.ToLower(w)
				if lowerStop[lw] || isNameWord(w) || len(tail) >= 3 || w == "" {
					break
				}
				tail = append(tail, w)
				if end {
					break
				}
			}
			if len(tail) > 0 {
				p += " " + strings.Join(tail, " ")
			}
		}
		return p
	}
	var out []string
	for _, raw := range words(s) {
		w, end := trimWord(raw)
		lw := strings.ToLower(w)
		if lowerStop[lw] || len(out) >= 6 {
			break
		}
		if len(out) == 0 && (lw == "a" || lw == "an" || lw == "the" || lw == "its" || lw == "new" || lw == "their") {
			continue
		}
		out = append(out, w)
		if end {
			break
		}
	}
	return strings.Join(out, " ")
}

func productFacts(text string, n names) Facts {
	var f Facts
	head, _, _ := strings.Cut(text, ". ")
	if m := nowAvailRe.FindStringIndex(head); m != nil {
		f.Product = objectPhrase(head[m[1]:])
	} else if m := availableRe.FindStringSubmatch(head); m != nil {
		subj := m[1]
		// "Acme's Widget Pro is now available": the product is what the
		// company's possessive names.
		if owner, rest, ok := strings.Cut(subj, "'s "); ok && n.is(owner) {
			subj = rest
		}
		f.Product = strings.TrimSpace(subj)
	} else if loc := launchVerbRe.FindStringIndex(text); loc != nil {
		obj := text[loc[1]:]
		// "ships first samples of its MX-1 electrolyte": the product is
		// what is sampled or shipped, not the samples.
		if m := samplesOfRe.FindStringIndex(obj); m != nil {
			obj = obj[m[1]:]
		}
		f.Product = objectPhrase(obj)
	}
	if n.is(f.Product) && !strings.Contains(f.Product, " ") {
		f.Product = ""
	}
	return f
}

// ---- expansion ----

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

// ---- hiring (text) ----

var hireCountRe = rx(`\b(?:hir(?:e|es|ed|ing)|recruit(?:s|ed|ing)?|add(?:s|ed|ing)?|creat(?:e|es|ed|ing)|seek(?:s|ing)?|onboard(?:s|ed|ing)?|post(?:s|ed|ing)?|lists?|listing|ha(?:s|ve))\s+(?:about\s+|roughly\s+|around\s+|more\s+than\s+|over\s+|up\s+to\s+|some\s+)?(\d[\d,]*)\+?\s+(?:new\s+)?(?:open\s+)?(?:[\w-]+\s+){0,2}?(?:jobs|roles|positions|openings|vacancies|employees|staff|workers|people|engineers|developers|nurses|hires|executives|scientists|researchers|technicians|drivers|installers|specialists|electricians)\b|\b(\d[\d,]*)\+?\s+(?:new\s+|open\s+)+(?:[\w-]+\s+){0,2}?(?:jobs|roles|positions|openings|vacancies)\b|\b(\d[\d,]*)\+?\s+(?:[\w-]+\s+)?(?:openings|vacancies|open\s+roles|open\s+positions)\b`)

func hiringTextFacts(text string, n names) Facts {
	var f Facts
	if m := hireCountRe.FindStringSubmatch(text); m != nil {
		for _, g := range m[1:] {
			if v, ok := parseNumber(g); g != "" && ok && v > 0 && v < 1e6 {
				f.OpenRoles = int(v)
				break
			}
		}
	}
	if loc := inAtRe.FindAllStringIndex(text, -1); loc != nil {
		for _, l := range loc {
			if p := placePhrase(text[l[1]:]); p != "" && !n.is(p) && !strings.ContainsAny(p, "0123456789") {
				f.Place = p
				break
			}
		}
	}
	return f
}

// ---- technology ----

var (
	techRe      = rx(`\b` + tech + `\b`)
	genericTech = map[string]bool{"the cloud": true, "cloud": true, "legacy": true, "on-prem": true, "on-premise": true, "on-premises": true, "cloud-native": true, "microservices": true, "serverless": true, "gpus": true, "gpu": true, "llm": true, "llms": true}
)

// techFacts names the adopted technology: the first specific one, else
// the first generic one.
func techFacts(text string) Facts {
	var f Facts
	for _, m := range techRe.FindAllString(text, -1) {
		if !genericTech[strings.ToLower(m)] {
			f.Product = m
			return f
		}
	}
	return f
}

// ---- regulatory and financial subtypes ----

var (
	certNameRe        = rx(`\b` + cert + `\b`)
	approvalRe        = rx(`\b(?:approv\w*|clearance|cleared|clears|authori[sz]\w*|510\(k\)|ce\s+mark\w*|licen[cs]e|permit|designation|green[- ]?light|nod)\b`)
	breachRe          = rx(`\b(?:data\s+breach\w*|breach(?:es)?\s+of\s+(?:data|security)|cyber-?attacks?|cybersecurity\s+incident|security\s+incident|ransomware|hacked)\b`)
	regulatorRe       = rx(`\b(?:FDA|EMA|MHRA|FCC|FAA|FTC|SEC|DOJ|CFPB|FINRA|OCC|EPA|OSHA|NHTSA|CMA|ICO|CNIL|BaFin|FCA|ESMA|Health Canada|European Commission)\b`)
	resultsRe         = rx(`\b(?:results?|revenues?|sales|turnover|profits?|earnings|loss(?:es)?|income|ebitda|margins?|arr|bookings|quarter\w*|q[1-4]|h[12]|fy\d*|fiscal|half-year\w*|full-year|interim|trading\s+update)\b`)
	restructureRe     = rx(`\b(?:layoffs?|lay(?:s|ing)?\s+off|laid\s+off|job\s+cuts|cut\w*\s+[^.;:]{0,30}(?:jobs|roles|staff|workforce|employees|positions)|slash\w*\s+[^.;:]{0,30}(?:jobs|roles|staff|workforce)|reduc\w*\s+[^.;:]{0,20}(?:workforce|headcount|staff)|furlough\w*|workforce\s+reduction|reductions?\s+in\s+force|restructur\w*|exit\s+or\s+disposal|clos\w*\s+(?:\d+|\w+)\s+(?:stores|branches|plants|sites|locations|shops|offices)|downsiz\w*|wind(?:s|ing)?\s+down|shut(?:s|ting)?\s+down|exits?\s+(?:the\s+)?\w+\s+business)\b`)
	insolvencyRe      = rx(`\b(?:bankrupt\w*|chapter\s+(?:11|7|15)|insolven\w*|(?:enters?|into)\s+administration|receivership|liquidation|going[- ]concern|defaults?\s+on|defaulted)\b`)
	capitalRe         = rx(`\b(?:dividends?|buybacks?|share\s+repurchase|repurchase)\b`)
	valuationRe       = rx(`\b(?:valuation|valued\s+at|values?\s+(?:the\s+)?(?:company|firm|startup|business)|unicorn|decacorn|tender\s+offer|secondary\s+(?:sale|round|transaction)|employee\s+share\s+sale)\b`)
	outlookRe         = rx(`\b(?:rais|cut|lower|lift|boost|trim|reaffirm|withdr|slash|hik|reduc|upgrad|downgrad)\w*\s+(?:its\s+)?(?:[\w-]+\s+){0,2}?(?:guidance|outlook|forecasts?)\b|\bprofit\s+warning\b`)
	openSourceRe      = rx(`\bopen[- ]?sourc\w*`)
	patentRe          = rx(`\bpatent`)
	eventAppearRe     = rx(`\b(?:booth|(?:meet|visit|see|find|join)\s+us\s+at|exhibit\w*|keynot\w*|sponsor\w*|speak\w*|present\w*\s+at|showcas\w*|host\w*|attend\w*|conference|summit|expo|symposium|investor\s+day)\b`)
	milestoneRe       = rx(`\b(?:surpass\w*|cross\w*|tops|hits?|reach\w*|passes|passed|anniversary|milestone|celebrat\w*)\b`)
	ordinalYearsRe    = rx(`\b(?:anniversary|celebrat\w+\s+\w+\s+years)\b`)
	certTroubleRe     = rx(`\b(?:fine|violation|complaint|breach)`)
	enforcementWordRe = rx(`\b(?:fin(?:e|ed|es)|sue[sd]?|lawsuit|probe|investigat\w*|settle\w*|penalt\w*|charg\w*|recall\w*)\b`)
	contractWinRe     = rx(`\b(?:wins?|won|awarded|contract\s+(?:with|from|to|for))\b`)
	inAtRe            = rx(`\b(?:in|at)\s+`)
)

func regulatorySubtype(text string) (sub, detail string) {
	if m := certNameRe.FindString(text); m != "" && !certTroubleRe.MatchString(text) {
		return "certification", strings.Join(strings.Fields(m), " ")
	}
	if breachRe.MatchString(text) {
		return "incident", ""
	}
	reg := regulatorRe.FindString(text)
	if approvalRe.MatchString(text) && !enforcementWordRe.MatchString(text) {
		return "approval", reg
	}
	return "enforcement", reg
}

// financialSubtypeOf is the subtype the evidence text states, else the
// one the whole text states ("Form 8-K — Item 2.05 …" whose lead says
// what was cut), else results.
func financialSubtypeOf(evid, full string) string {
	if s := financialSubtype(evid); s != "" {
		return s
	}
	if s := financialSubtype(full); s != "" {
		return s
	}
	return "results"
}

// financialSubtype is the subtype text states, "" when it states none.
func financialSubtype(text string) string {
	switch {
	case insolvencyRe.MatchString(text):
		return "insolvency"
	case restructureRe.MatchString(text):
		return "restructuring"
	case capitalRe.MatchString(text):
		return "capital-return"
	case valuationRe.MatchString(text):
		return "valuation"
	case outlookRe.MatchString(text):
		return "outlook"
	case resultsRe.MatchString(text):
		return "results"
	}
	return ""
}

func technologySubtype(text string) string {
	switch {
	case openSourceRe.MatchString(text):
		return "open-source"
	case patentRe.MatchString(text):
		return "patent"
	}
	return "adoption"
}

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
