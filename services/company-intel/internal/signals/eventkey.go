// Event keys: whether two candidates of one type report the same event by
// what they name (round and amount, counterparty, person, product, place,
// subtype; keyCompat).

package signals

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/companyname"
)

type compat int

const (
	keyUnknown compat = iota
	keySame
	keyDiffer
)

// keyCompat compares the event keys of two candidates of one type:
// funding by round and amount bucket, acquisition and partnership by
// counterparty, leadership by person, product and technology by name,
// expansion by place, financial and regulatory by subtype; hiring is one
// company-level event. A filing whose key fields are empty matches any
// report of its type (its prose is not parsed for them).
func keyCompat(a, b *cand) compat {
	switch a.typ {
	case TypeFunding:
		ra, rb := a.facts.Round, b.facts.Round
		aa, aok := ParseAmount(a.facts.AmountText)
		ba, bok := ParseAmount(b.facts.AmountText)
		switch {
		case ra != "" && rb != "" && ra != rb:
			return keyDiffer
		case aok && bok && !sameAmount(aa, ba):
			return keyDiffer
		case ra != "" && ra == rb, aok && bok:
			return keySame
		}
		if structuredEmpty(a, a.facts.Round+a.facts.AmountText) || structuredEmpty(b, b.facts.Round+b.facts.AmountText) {
			return keySame
		}
	case TypeAcquisition, TypePartnership:
		c := nameCompat(a.facts.Counterparty, b.facts.Counterparty)
		// A buyer or target misread in one report ("Plymouth" for the
		// Plymouth firm) does not part it from a report whose
		// counterparty it names. Not for partnerships: a partnership's
		// report often names the company's earlier partners.
		if c == keyDiffer && a.typ == TypeAcquisition && (mentions(a, b.facts.Counterparty) || mentions(b, a.facts.Counterparty)) {
			c = keyUnknown
		}
		if c != keyUnknown {
			return c
		}
		if structuredEmpty(a, a.facts.Counterparty) || structuredEmpty(b, b.facts.Counterparty) {
			return keySame
		}
	case TypeLeadership:
		pa, pb := strings.Fields(strings.ToLower(a.facts.Person)), strings.Fields(strings.ToLower(b.facts.Person))
		if len(pa) > 0 && len(pb) > 0 {
			if pa[0] == pb[0] && pa[len(pa)-1] == pb[len(pb)-1] {
				return keySame
			}
			return keyDiffer
		}
		if structuredEmpty(a, a.facts.Person) || structuredEmpty(b, b.facts.Person) {
			return keySame
		}
	case TypeProduct:
		if a.facts.Product != "" && b.facts.Product != "" && productKey(a.facts.Product) == productKey(b.facts.Product) {
			return keySame
		}
	case TypeTechnology:
		if a.facts.Product != "" && b.facts.Product != "" && companyname.Normalize(a.facts.Product) == companyname.Normalize(b.facts.Product) {
			return keySame
		}
	case TypeExpansion:
		// Places differ only when neither report names the other's: a
		// city and its state or country ("São Paulo", "Brazil"), or two
		// of the cities an entry into a state lists, are one expansion.
		c := nameCompat(a.facts.Place, b.facts.Place)
		if c == keyDiffer && (mentions(a, b.facts.Place) || mentions(b, a.facts.Place)) {
			return keyUnknown
		}
		return c
	case TypeHiring:
		return keySame
	case TypeFinancial, TypeRegulatory:
		if a.d.sub != "" && b.d.sub != "" {
			if a.typ == TypeFinancial && resultsAndOutlook(a, b) {
				return keySame
			}
			if a.d.sub != b.d.sub || (a.d.detail != "" && b.d.detail != "" && !strings.EqualFold(a.d.detail, b.d.detail)) {
				return keyDiffer
			}
			// two reports of one fine: the same amount, whoever names the
			// regulator ("FCA fines Acme £2.1mn", "UK watchdog fines Acme
			// 2.1 million pounds")
			if a.d.sub == "enforcement" {
				aa, aok := ParseAmount(a.facts.AmountText)
				ba, bok := ParseAmount(b.facts.AmountText)
				switch {
				case aok && bok && sameAmount(aa, ba):
					return keySame
				case aok && bok:
					return keyDiffer
				}
			}
			if a.structured || b.structured || a.d.detail != "" && strings.EqualFold(a.d.detail, b.d.detail) {
				return keySame
			}
		}
	}
	return keyUnknown
}

// mentions reports whether a news or press candidate's text names a
// place or company (in the normal form, whole words). It is called while clustering,
// on one goroutine, and normalises the text on first use.
func mentions(c *cand, name string) bool {
	if c.raw == "" {
		return false
	}
	if c.text == "" {
		c.text = " " + companyname.Normalize(c.raw) + " "
	}
	p := companyname.Normalize(name)
	return p != "" && strings.Contains(c.text, " "+p+" ")
}

func structuredEmpty(c *cand, key string) bool { return c.structured && key == "" }

// resultsAndOutlook reports a results report and an outlook change or a
// dividend or buyback decision dated the same day: guidance and capital
// returns are announced with results, so they are one event (two outlook
// or capital reports of one day fall to the detail check).
func resultsAndOutlook(a, b *cand) bool {
	if !sameDay(a.date, b.date) || a.d.sub == b.d.sub {
		return false
	}
	return withResults[a.d.sub] && withResults[b.d.sub] && (a.d.sub == "results" || b.d.sub == "results")
}

// withResults are the financial subtypes announced with results.
var withResults = map[string]bool{"results": true, "outlook": true, "capital-return": true}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.UTC().Date()
	by, bm, bd := b.UTC().Date()
	return ay == by && am == bm && ad == bd
}

// productKey is a product's name without the lower-case words that say
// what kind of product it is ("Ridgeback 2 cargo e-bike" → "ridgeback 2"),
// so that reports naming the kind and reports that do not agree; a name
// that is all lower-case words is kept whole.
func productKey(p string) string {
	ws := strings.Fields(p)
	for len(ws) > 1 {
		r, _ := utf8.DecodeRuneInString(ws[len(ws)-1])
		if !unicode.IsLower(r) || isNameWord(ws[len(ws)-1]) {
			break
		}
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 1 {
		if r, _ := utf8.DecodeRuneInString(ws[0]); unicode.IsLower(r) && !isNameWord(ws[0]) {
			return companyname.Normalize(p)
		}
	}
	return companyname.Normalize(strings.Join(ws, " "))
}

// nameCompat compares two names in companyname's normal form (legal
// suffixes, punctuation and case ignored): same when equal or one is a
// word-prefix of the other, different when both are known and not, else
// unknown.
func nameCompat(a, b string) compat {
	na, nb := companyname.Normalize(a), companyname.Normalize(b)
	if na == "" || nb == "" {
		return keyUnknown
	}
	if na == nb || strings.HasPrefix(na, nb+" ") || strings.HasPrefix(nb, na+" ") {
		return keySame
	}
	return keyDiffer
}
