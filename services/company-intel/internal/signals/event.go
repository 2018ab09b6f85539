// Events: a merged group's representative, wording, facts, confidence and
// score (buildEvent), their ranking, and the signal each becomes.

package signals

import (
	"math"
	"sort"
	"strings"
	"time"
)

// event is one merged signal under construction.
type event struct {
	typ     Type
	date    time.Time
	rep     *cand // dates the event and leads its evidence
	word    *cand // gives the headline and summary
	summary string
	members []*cand
	facts   Facts
	d       details
	conf    float64
	score   float64
}

// repLess orders a group's members: highest authority weight, then
// earliest date, then a filing before other items (on the same day and
// authority as a first-party release, the filing is the disclosure of
// record), then URL.
func repLess(a, b *cand) bool {
	switch {
	case a.weight != b.weight:
		return a.weight > b.weight
	case !a.date.Equal(b.date):
		return a.date.Before(b.date)
	case a.filing != b.filing:
		return a.filing
	case a.url != b.url:
		return a.url < b.url
	}
	return a.idx < b.idx
}

// wordingRep is the member whose text states the event most specifically:
// the first, in representative order, of the news and press items whose
// headline carries the classification; else the representative. A filing's
// headline is composed from its item labels ("officer or director
// change") and a lead-only item's headline does not state the event, so
// neither words an event that a classified headline reports. A job board's
// composed headline states counted facts and words its hiring event.
func wordingRep(ms []*cand) *cand {
	if ms[0].structured && !ms[0].filing {
		return ms[0]
	}
	for _, m := range ms {
		if !m.structured && m.head {
			return m
		}
	}
	return ms[0]
}

// factOrder lists the members in the order their facts are read: the
// wording representative, the other news and press items, then filings
// and job boards, each in representative order. A value stated in a text
// is more specific than one read from a filing's item labels.
func factOrder(ms []*cand, word *cand) []*cand {
	out := []*cand{word}
	for _, structured := range []bool{false, true} {
		for _, m := range ms {
			if m != word && m.structured == structured {
				out = append(out, m)
			}
		}
	}
	return out
}

func buildEvent(group []*cand, now time.Time) *event {
	ms := append([]*cand(nil), group...)
	sort.SliceStable(ms, func(i, j int) bool { return repLess(ms[i], ms[j]) })
	rep := ms[0]
	word := wordingRep(ms)
	e := &event{typ: rep.typ, date: rep.date, rep: rep, word: word, members: ms, facts: word.facts, d: word.d, summary: word.summary}
	e.facts.Investors = append([]string(nil), word.facts.Investors...)
	e.facts.Items8K = append([]string(nil), word.facts.Items8K...)
	var contrib []contribution
	for _, m := range ms {
		contrib = append(contrib, contribution{domain: m.domain, weight: m.weight, strength: m.strength, primary: m.primary})
	}
	order := factOrder(ms, word)
	for _, m := range order {
		if !m.plainSummary {
			e.summary = m.summary
			break
		}
	}
	for _, m := range order[1:] {
		mergeFacts(&e.facts, m.facts)
		mergeDetails(&e.d, m.d, nameCompat(e.facts.Counterparty, m.facts.Counterparty) == keySame)
	}
	sortItems(e.facts.Items8K)
	e.conf = confidence(contrib, e.typ, e.date, now)
	e.score = TypeWeight[e.typ] * e.conf
	return e
}

// mergeFacts fills dst's empty fields from src and adds src's investors
// and 8-K items.
func mergeFacts(dst *Facts, src Facts) {
	if dst.AmountText == "" && src.AmountText != "" {
		dst.AmountText, dst.AmountUSD = src.AmountText, src.AmountUSD
	}
	fill := func(d *string, s string) {
		if *d == "" {
			*d = s
		}
	}
	fill(&dst.Round, src.Round)
	fill(&dst.Counterparty, src.Counterparty)
	if dst.Person == "" && src.Person != "" {
		dst.Person = src.Person
		fill(&dst.Role, src.Role)
	}
	// a role that names an office beats a generic one ("Chief Financial
	// Officer" over the 8-K item's "Directors" or "officer or director")
	if dst.Role == "" || genericRole(dst.Role) && src.Role != "" && !genericRole(src.Role) {
		dst.Role = src.Role
	}
	fill(&dst.Product, src.Product)
	fill(&dst.Place, src.Place)
	fill(&dst.Department, src.Department)
	if dst.OpenRoles == 0 {
		dst.OpenRoles = src.OpenRoles
	}
	for _, inv := range src.Investors {
		dup := false
		for k, e := range dst.Investors {
			le, li := strings.ToLower(e), strings.ToLower(inv)
			switch {
			case le == li || strings.HasPrefix(le, li+" "):
				dup = true
			case strings.HasPrefix(li, le+" "):
				dst.Investors[k], dup = inv, true
			}
		}
		if !dup {
			dst.Investors = append(dst.Investors, inv)
		}
	}
	for _, it := range src.Items8K {
		if !contains(dst.Items8K, it) {
			dst.Items8K = append(dst.Items8K, it)
		}
	}
}

// genericRole reports a role that does not name one office: plural or
// alternative forms read from a filing's item title ("Directors",
// "Certain Officers", "officer or director").
func genericRole(r string) bool {
	l := strings.ToLower(strings.Join(strings.Fields(r), " "))
	switch l {
	case "officer", "officers", "directors", "board members", "executives", "executive":
		return true
	}
	return strings.Contains(l, " or ") || strings.HasPrefix(l, "certain ")
}

// mergeDetails fills dst's empty details from src. The direction of an
// event (departure, target, merger, divestiture) is dst's; a partner is a
// customer when any report that names the same partner says so
// (sameParty).
func mergeDetails(dst *details, src details, sameParty bool) {
	if sameParty && src.customer {
		dst.customer = true
	}
	if dst.sub == "" {
		dst.sub = src.sub
	}
	if dst.detail == "" {
		dst.detail = src.detail
	}
	if dst.facility == "" {
		dst.facility = src.facility
	}
	if dst.board == "" {
		dst.board, dst.depts, dst.places, dst.remote = src.board, src.depts, src.places, src.remote
	}
	if dst.object == "" {
		dst.object = src.object
	}
	dst.leads = max(dst.leads, src.leads)
}

// TypeWeight ranks types by how strongly they indicate a buying window.
var TypeWeight = map[Type]float64{
	TypeFunding:     1.00,
	TypeAcquisition: 0.95,
	TypeLeadership:  0.90,
	TypeExpansion:   0.85,
	TypeProduct:     0.80,
	TypePartnership: 0.80,
	TypeHiring:      0.75,
	TypeRegulatory:  0.70,
	TypeFinancial:   0.70,
	TypeTechnology:  0.65,
	TypeOther:       0.40,
}

// eventLess ranks events: score desc, then date desc, then headline, then
// first evidence URL.
func eventLess(a, b *event) bool {
	switch {
	case a.score != b.score:
		return a.score > b.score
	case !a.date.Equal(b.date):
		return a.date.After(b.date)
	case a.word.title != b.word.title:
		return a.word.title < b.word.title
	}
	return a.rep.url < b.rep.url
}

func (e *event) signal(company string) Signal {
	date := e.date.Format("2006-01-02")
	var ev []string
	seen := map[string]bool{}
	for _, m := range e.members {
		if !seen[m.url] {
			seen[m.url] = true
			ev = append(ev, m.url)
		}
	}
	return Signal{
		Type:              e.typ,
		Headline:          e.word.title,
		EventDate:         &date,
		Summary:           e.summary,
		CommercialMeaning: commercialMeaning(e, company),
		Confidence:        e.conf,
		Evidence:          ev,
		Facts:             e.facts,
	}
}

// pickWhyNow chooses up to MaxWhyNow events, one per type first (in rank
// order), then the next-ranked of any type, and returns them in rank
// order.
func pickWhyNow(events []*event) []*event {
	chosen := make([]bool, len(events))
	k := 0
	seen := map[Type]bool{}
	for i, e := range events {
		if k < MaxWhyNow && !seen[e.typ] {
			chosen[i], seen[e.typ] = true, true
			k++
		}
	}
	for i := range events {
		if k < MaxWhyNow && !chosen[i] {
			chosen[i] = true
			k++
		}
	}
	var out []*event
	for i, e := range events {
		if chosen[i] {
			out = append(out, e)
		}
	}
	return out
}

// ageDays is the whole number of days from the event to now (0 if the
// event is later).
func ageDays(date, now time.Time) int {
	d := now.Sub(date).Hours() / 24
	if d < 0 {
		return 0
	}
	return int(math.Floor(d))
}
