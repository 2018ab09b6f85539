// Partnership: the partner and whether it is a customer (partnershipFacts).

package signals

import (
	"regexp"
	"strings"
)

var (
	partnerWithRe = rx(`\b(?:partner(?:s|ed|ing)?|partnership|teams?\s+up|teamed\s+up|collaborat(?:es|ed|ing|ion)|alliance|joint\s+venture|integrat(?:es|ed|ion)|integration|agreement|contract|deal|pact|mou|memorandum\s+of\s+understanding|link(?:s|ed)?\s+up|ties?\s+up|tie-up|joins?\s+forces)\s+(?:with|alongside)\s+|\bpartner\s+(?:for|to|of)\s+`)
	customerByRe  = rx(`\b(?:selected|chosen|picked|tapped|engaged|contracted|hired)\s+by\s+`)
	contractToRe  = rx(`\b(?:contract|deal|agreement)\s+(?:to\s+\w+\s+(?:[\w-]+\s+){0,3}?)?(?:to|for|from)\s+`)
	selectsRe     = rx(`\b(?:selects|selected|chooses|chose|picks|picked|taps|tapped)\s+`)
	joinsNetRe    = rx(`\bjoin(?:s|ed)?\s+(?:the\s+)?`)
	marketplaceRe = rx(`\b(?:available|listed)\s+(?:on|in|through|via)\s+(?:the\s+)?`)
	andRe         = rx(`\s+(?:and|&)\s+`)
	contractWinRe = rx(`\b(?:wins?|won|awarded|contract\s+(?:with|from|to|for))\b`)
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
