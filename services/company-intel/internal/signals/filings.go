package signals

import (
	"fmt"
	"sort"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// itemTypes maps 8-K items to signal types (reference §3). 1.01 becomes
// acquisition when the filing's text speaks of a merger or acquisition;
// 7.01 and 8.01 are typed by their text; 9.01 (exhibits) and items not
// listed here produce no signal.
var itemTypes = map[string]Type{
	"1.01": TypePartnership,
	"1.02": TypePartnership,
	"1.03": TypeFinancial,
	"1.05": TypeRegulatory,
	"2.01": TypeAcquisition,
	"2.02": TypeFinancial,
	"2.03": TypeFunding,
	"2.04": TypeFinancial,
	"2.05": TypeFinancial,
	"2.06": TypeFinancial,
	"3.01": TypeFinancial,
	"3.02": TypeFunding,
	"4.01": TypeFinancial,
	"4.02": TypeRegulatory,
	"5.01": TypeAcquisition,
	"5.02": TypeLeadership,
}

// itemLabels are short descriptions of 8-K items for headlines.
var itemLabels = map[string]string{
	"1.01": "material definitive agreement",
	"1.02": "termination of a material agreement",
	"1.03": "bankruptcy or receivership",
	"1.05": "material cybersecurity incident",
	"2.01": "completed acquisition or disposition of assets",
	"2.02": "results of operations",
	"2.03": "new direct financial obligation",
	"2.04": "accelerated financial obligation",
	"2.05": "exit or disposal costs",
	"2.06": "material impairment",
	"3.01": "delisting notice",
	"3.02": "unregistered sale of equity",
	"4.01": "change of auditor",
	"4.02": "non-reliance on prior financial statements",
	"5.01": "change in control",
	"5.02": "officer or director change",
	"7.01": "Regulation FD disclosure",
	"8.01": "other events",
	"9.01": "financial statements and exhibits",
}

// otherItemStrength is the match strength of a 7.01/8.01 filing whose
// text does not classify (type other).
const otherItemStrength = 0.5

var (
	filingMergerRe = rx(`\b(?:merger|merge|acquisition|acquire|to\s+be\s+acquired|purchase\s+agreement|business\s+combination|tender\s+offer)\b`)
	itemNumRe      = rx(`\d+\.\d{2}`)
	genericDescRe  = rx(`^(?:form\s+)?(?:8-k|8-k/a|s-1|s-1/a|f-1|f-1/a|424b\d|current\s+report|registration\s+statement|prospectus)?\.?$`)
)

// ipoForm reports registration and prospectus forms of a public offering.
func ipoForm(form string) bool {
	switch form {
	case "S-1", "S-1/A", "F-1", "F-1/A":
		return true
	}
	return strings.HasPrefix(form, "424B")
}

func normItems(items []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, it := range items {
		if m := itemNumRe.FindString(it); m != "" && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// filingCandidates turns a filing into one candidate per signal type its
// items map to.
func filingCandidates(it *bundle.Item, n names, company string, w window) []*cand {
	f := it.Filing
	if f == nil {
		return nil
	}
	date, ok := filingDate(f)
	if !ok || !w.in(date) {
		return nil
	}
	form := strings.ToUpper(strings.Join(strings.Fields(f.Form), ""))
	desc := prepText(f.Description)
	if genericDescRe.MatchString(desc) {
		desc = ""
	}
	text := strings.TrimSpace(strings.Join([]string{desc, prepText(it.Doc.Title), leadText(it.Doc.Excerpt)}, ". "))
	prose := filingProse(it.Doc.Excerpt)
	items := normItems(f.Items)

	base := func(t Type, strength float64, headline string) *cand {
		c := newCand(it, t, strength, date)
		c.structured, c.filing = true, true
		c.title = headline
		c.summary, c.plainSummary = filingSummary(desc, prose, form, date.Format("2006-01-02"), items)
		c.facts.Items8K = items
		return c
	}

	if ipoForm(form) {
		c := base(TypeFunding, StrengthHeadline, fmt.Sprintf("%s files Form %s for a public offering", company, form))
		fc, leads := fundingFacts(text, n)
		c.facts.AmountUSD, c.facts.AmountText, c.facts.Investors, c.d.leads = fc.AmountUSD, fc.AmountText, fc.Investors, leads
		c.facts.Round = "IPO"
		return []*cand{c}
	}
	if form != "8-K" && form != "8-K/A" {
		return nil
	}

	type mapped struct {
		t        Type
		strength float64
		items    []string
	}
	var order []Type
	byType := map[Type]*mapped{}
	add := func(t Type, strength float64, item string) {
		if m, ok := byType[t]; ok {
			m.items = append(m.items, item)
			return
		}
		byType[t] = &mapped{t, strength, []string{item}}
		order = append(order, t)
	}
	hasItem := func(x string) bool {
		for _, i := range items {
			if i == x {
				return true
			}
		}
		return false
	}
	for _, item := range items {
		switch item {
		case "1.01":
			switch {
			case filingMergerRe.MatchString(text):
				add(TypeAcquisition, StrengthHeadline, item)
			case hasItem("2.03"):
				// the agreement is the debt instrument Item 2.03 reports
			default:
				add(TypePartnership, StrengthHeadline, item)
			}
		case "7.01", "8.01":
			// An exhibit's description is a few words ("Investor
			// presentation"), not the news the type model learnt from:
			// the lexicon types it, as it was written to.
			t, s, ok := lexiconType(firstNonEmpty(desc, prepText(it.Doc.Title)), it.Doc.Excerpt)
			if !ok {
				t, s = TypeOther, otherItemStrength
			}
			add(t, s, item)
		default:
			if t, ok := itemTypes[item]; ok {
				add(t, StrengthHeadline, item)
			}
		}
	}

	var out []*cand
	for _, t := range order {
		m := byType[t]
		var labels []string
		for _, item := range m.items {
			labels = append(labels, fmt.Sprintf("%s (Item %s)", itemLabels[item], item))
		}
		c := base(t, m.strength, fmt.Sprintf("%s %s: %s", company, form, strings.Join(labels, "; ")))
		switch t {
		case TypeLeadership:
			c.facts.Person, c.facts.Role = "", ""
			if desc != "" || prose != "" {
				lf, dep := leadershipFacts(desc, leadText(prose), n)
				c.facts.Person, c.facts.Role, c.d.departure = lf.Person, lf.Role, dep
			}
		case TypeAcquisition:
			a := acquisitionFacts(text, n)
			c.facts.Counterparty, c.facts.AmountUSD, c.facts.AmountText = a.f.Counterparty, a.f.AmountUSD, a.f.AmountText
			c.d.target, c.d.merger, c.d.divest, c.d.object = a.target, a.merger, a.divest, a.object
		case TypeFunding:
			fc, leads := fundingFacts(text, n)
			c.facts.AmountUSD, c.facts.AmountText, c.facts.Investors, c.d.leads = fc.AmountUSD, fc.AmountText, fc.Investors, leads
			switch {
			case fc.Round != "":
				c.facts.Round = fc.Round
			case contains(m.items, "2.03"):
				c.facts.Round = "Debt financing"
			case contains(m.items, "3.02"):
				c.facts.Round = "Private placement"
			}
		case TypeFinancial:
			switch {
			case contains(m.items, "1.03"):
				c.d.sub = "insolvency"
			case contains(m.items, "2.05"):
				c.d.sub = "restructuring"
			case contains(m.items, "2.02"):
				c.d.sub = "results"
			default:
				c.d.sub = financialSubtypeOf(text, text)
			}
		case TypeRegulatory:
			if contains(m.items, "1.05") {
				c.d.sub = "incident"
			} else {
				c.d.sub, c.d.detail = regulatorySubtype(text)
			}
		case TypePartnership:
			pf, customer := partnershipFacts(text, n)
			c.facts.Counterparty, c.d.customer = pf.Counterparty, customer
		}
		out = append(out, c)
	}
	return out
}

// filingProse is a filing's excerpt without what the form itself says: the
// form's name ("FORM 8-K.") and the titles of its items ("Item 5.02:
// Departure of Directors or Certain Officers; …"), which name no person,
// role or counterparty of this filing.
func filingProse(excerpt string) string {
	var keep []string
	for _, s := range sentences(prepText(excerpt)) {
		if itemTitleRe.MatchString(s) || genericDescRe.MatchString(strings.TrimSpace(s)) {
			continue
		}
		keep = append(keep, s)
	}
	return strings.Join(keep, " ")
}

var itemTitleRe = rx(`^item\s+\d+\.\d{2}\b`)

// filingSummary is the first sentence of the filing's description, else
// of its excerpt's prose, else a sentence naming its form, date and items
// (plain is then true).
func filingSummary(desc, excerpt, form, date string, items []string) (summary string, plain bool) {
	if desc != "" {
		return summarize(desc), false
	}
	if s := summarize(excerpt); s != "" {
		return s, false
	}
	var parts []string
	for _, it := range items {
		if l, ok := itemLabels[it]; ok {
			parts = append(parts, fmt.Sprintf("Item %s (%s)", it, l))
		}
	}
	s := fmt.Sprintf("Form %s filed %s", form, date)
	if len(parts) > 0 {
		s += " reporting " + joinAnd(parts)
	}
	return s + ".", true
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// sortItems orders 8-K item numbers numerically ("2.02" < "5.02").
func sortItems(items []string) {
	sort.SliceStable(items, func(i, j int) bool {
		if len(items[i]) != len(items[j]) {
			return len(items[i]) < len(items[j])
		}
		return items[i] < items[j]
	})
}
