// Reading an event's facts from a classified text: extractFacts hands the
// headline and lead to the reader of the event's type (funding.go,
// acquisition.go, …); names recognises the company in them.

package signals

import "github.com/intel402/intel402/pkg/evidence/companyname"

// extractFacts reads the facts of a classified text. Names and amounts
// are looked for in the headline first, then in the lead; subtypes come
// from the text that carried the classification (the headline when
// inHead).
func extractFacts(t Type, head, lead string, inHead bool, n names) (Facts, details) {
	full := head + ". " + lead
	evid := head
	if !inHead {
		evid = lead
	}
	var f Facts
	var d details
	switch t {
	case TypeFunding:
		f, d.leads = fundingFacts(full, n)
	case TypeAcquisition:
		a := acquisitionFacts(head, n)
		if a.f.Counterparty == "" {
			a = acquisitionFacts(full, n)
		}
		f, d.target, d.merger, d.divest, d.object = a.f, a.target, a.merger, a.divest, a.object
	case TypePartnership:
		f, d.customer = partnershipFacts(head, n)
		if f.Counterparty == "" {
			f, d.customer = partnershipFacts(full, n)
		}
	case TypeLeadership:
		f, d.departure = leadershipFacts(head, lead, n)
	case TypeProduct:
		f = productFacts(evid, n)
		if f.Product == "" {
			f = productFacts(full, n)
		}
	case TypeExpansion:
		f, d.facility = expansionFacts(head, n)
		if f.Place == "" {
			f, d.facility = expansionFacts(full, n)
		}
	case TypeHiring:
		f = hiringTextFacts(full, n)
	case TypeTechnology:
		f = techFacts(full)
		d.sub = technologySubtype(evid)
	case TypeRegulatory:
		d.sub, d.detail = regulatorySubtype(evid)
		if d.sub == "enforcement" {
			if a, ok := ParseAmount(evid); ok {
				f.AmountUSD, f.AmountText = a.USD, a.Text
			}
		}
	case TypeFinancial:
		d.sub = financialSubtypeOf(evid, full)
	case TypeOther:
		d.sub = otherSubtype(evid)
	}
	return f, d
}

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
