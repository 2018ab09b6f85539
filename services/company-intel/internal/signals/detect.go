package signals

import (
	"math"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// details are what sentences need beyond Facts.
type details struct {
	departure bool // leadership: someone leaves
	target    bool // acquisition: the company is acquired
	merger    bool
	divest    bool   // acquisition: the company sells a business
	customer  bool   // partnership: the counterparty is a customer
	leads     int    // funding: how many of Investors (listed first) lead the round
	object    string // acquisition: the part of the counterparty bought
	sub       string // financial, regulatory, technology, other subtype
	detail    string // regulatory: certification or regulator
	facility  string // expansion: "office", "data center", …
	board     string // hiring: the ATS
	depts     []count
	places    []count
	remote    int
}

// cand is one item's reading of one event.
type cand struct {
	url        string
	typ        Type
	strength   float64
	date       time.Time
	weight     float64
	primary    bool
	domain     string
	title      string
	summary    string
	facts      Facts
	d          details
	structured bool // a filing or a job board: facts come from fields, not prose
	hash       uint64
	hashed     bool
	headToks   []string
	idx        int // position in the sorted candidate list
}

func newCand(it *bundle.Item, t Type, strength float64, date time.Time) *cand {
	a := it.Doc.Authority
	if a == "" {
		a = source.AuthorityAggregator
	}
	return &cand{
		url:      it.Doc.URL,
		typ:      t,
		strength: strength,
		date:     date,
		weight:   a.Weight(),
		primary:  a.Primary(),
		domain:   publisherDomain(it.Doc.URL, it.Doc.Publisher),
	}
}

// cleanTitle removes a trailing " - Publisher" (or " | Publisher") that
// news aggregators append: the suffix is dropped when it names the item's
// publisher or host, or when the item comes through an aggregator and the
// suffix is at most five words.
func cleanTitle(title, publisher, rawURL string) string {
	t := prepText(title)
	host := ""
	if u, err := url.Parse(rawURL); err == nil {
		host = strings.ToLower(u.Hostname())
	}
	agg := aggregatorHosts[host] || aggregatorHosts[strings.TrimPrefix(host, "www.")]
	for range 2 {
		cut := -1
		for _, sep := range []string{" - ", " | "} {
			if i := strings.LastIndex(t, sep); i > cut {
				cut = i
			}
		}
		if cut <= 0 {
			break
		}
		suffix := strings.TrimSpace(t[cut+3:])
		if !(agg && len(strings.Fields(suffix)) <= 5) && !namesPublisher(suffix, publisher, host) {
			break
		}
		t = strings.TrimSpace(t[:cut])
	}
	return t
}

func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, strings.ToLower(s))
}

func namesPublisher(suffix, publisher, host string) bool {
	s := squash(suffix)
	if s == "" {
		return false
	}
	if p := squash(publisher); p != "" && (s == p || strings.TrimSuffix(s, "com") == strings.TrimSuffix(p, "com")) {
		return true
	}
	if host != "" {
		host = strings.TrimPrefix(host, "www.")
		reg := registrable(host)
		label, _, _ := strings.Cut(reg, ".")
		first, _, _ := strings.Cut(host, ".")
		return s == squash(host) || s == squash(reg) || s == squash(label) || s == squash(first)
	}
	return false
}

// summarize is the first sentence of an excerpt without its dateline,
// cut to MaxSummary bytes.
func summarize(excerpt string) string {
	s := stripDateline(prepText(excerpt))
	if ss := sentences(s); len(ss) > 0 {
		s = ss[0]
	}
	return source.Truncate(s, MaxSummary)
}

// MaxSummary caps Signal.Summary in bytes.
const MaxSummary = 300

// textCandidate classifies a news or press item.
func textCandidate(it *bundle.Item, n names, w window) *cand {
	title := cleanTitle(it.Doc.Title, it.Doc.Publisher, it.Doc.URL)
	t, strength, ok := Classify(title, it.Doc.Excerpt)
	if !ok {
		return nil
	}
	if it.Kind == bundle.KindNews && !n.mentioned(title+" "+it.Doc.Excerpt) {
		return nil
	}
	date, ok := docDate(it.Doc)
	if !ok || !w.in(date) {
		return nil
	}
	c := newCand(it, t, strength, date)
	c.title = title
	c.summary = summarize(it.Doc.Excerpt)
	if c.summary == "" {
		c.summary = source.Truncate(title, MaxSummary)
	}
	head, lead := prepText(title), leadText(it.Doc.Excerpt)
	c.facts, c.d = extractFacts(t, head, lead, strength, n)
	c.hash, c.hashed = SimHash(hashTokens(title+" "+it.Doc.Excerpt)), true
	c.headToks = tokens(title)
	return c
}

// extractFacts reads the facts of a classified text. Names and amounts
// are looked for in the headline first, then in the lead; subtypes come
// from the text that carried the classification.
func extractFacts(t Type, head, lead string, strength float64, n names) (Facts, details) {
	full := head + ". " + lead
	evid := head
	if strength < StrengthHeadline {
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
		d.sub = financialSubtype(evid)
	case TypeOther:
		d.sub = otherSubtype(evid)
	}
	return f, d
}

// displayName is the company's name without legal suffix.
func displayName(c bundle.Company) string {
	if s := shortName(c.Name); s != "" {
		return s
	}
	if len(c.Aliases) > 0 {
		return shortName(c.Aliases[0])
	}
	if c.Domain != "" {
		return c.Domain
	}
	return "The company"
}

// itemLess is a total order on items, so that Detect does not depend on
// input order.
func itemLess(a, b *bundle.Item) bool {
	switch {
	case a.Doc.URL != b.Doc.URL:
		return a.Doc.URL < b.Doc.URL
	case a.Kind != b.Kind:
		return a.Kind < b.Kind
	case a.Provider != b.Provider:
		return a.Provider < b.Provider
	case a.Doc.Title != b.Doc.Title:
		return a.Doc.Title < b.Doc.Title
	case !a.Doc.Published.Equal(b.Doc.Published):
		return a.Doc.Published.Before(b.Doc.Published)
	case a.Doc.Excerpt != b.Doc.Excerpt:
		return a.Doc.Excerpt < b.Doc.Excerpt
	case a.Doc.Authority != b.Doc.Authority:
		return a.Doc.Authority < b.Doc.Authority
	}
	return len(a.Jobs) < len(b.Jobs)
}

// candLess orders candidates: type precedence, date, URL, title.
func candLess(a, b *cand) bool {
	switch {
	case a.typ != b.typ:
		return precedence[a.typ] < precedence[b.typ]
	case !a.date.Equal(b.date):
		return a.date.Before(b.date)
	case a.url != b.url:
		return a.url < b.url
	}
	return a.title < b.title
}

// MergeWindow is how far apart two reports of one event may be dated.
const MergeWindow = 7 * day24

// HeadlineJaccard is the headline token overlap at which two reports of
// the same type are one event.
const HeadlineJaccard = 0.6

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
		if c := nameCompat(a.facts.Counterparty, b.facts.Counterparty); c != keyUnknown {
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
	case TypeProduct, TypeTechnology:
		if a.facts.Product != "" && b.facts.Product != "" && normName(a.facts.Product) == normName(b.facts.Product) {
			return keySame
		}
	case TypeExpansion:
		return nameCompat(a.facts.Place, b.facts.Place)
	case TypeHiring:
		return keySame
	case TypeFinancial, TypeRegulatory:
		if a.d.sub != "" && b.d.sub != "" {
			if a.d.sub != b.d.sub || (a.d.detail != "" && b.d.detail != "" && !strings.EqualFold(a.d.detail, b.d.detail)) {
				return keyDiffer
			}
			if a.structured || b.structured || a.d.detail != "" && strings.EqualFold(a.d.detail, b.d.detail) {
				return keySame
			}
		}
	}
	return keyUnknown
}

func structuredEmpty(c *cand, key string) bool { return c.structured && key == "" }

// nameCompat compares two names: same when equal or one is a word-prefix
// of the other, different when both are known and not, else unknown.
func nameCompat(a, b string) compat {
	na, nb := normName(a), normName(b)
	if na == "" || nb == "" {
		return keyUnknown
	}
	if na == nb || strings.HasPrefix(na, nb+" ") || strings.HasPrefix(nb, na+" ") {
		return keySame
	}
	return keyDiffer
}

// sameEvent decides whether two candidates report one event: same type,
// dated at most MergeWindow apart, and the same URL, or near-duplicate
// text (SimHash), or the same event key, or (when the keys do not
// differ) headline token Jaccard ≥ HeadlineJaccard.
func sameEvent(a, b *cand) bool {
	if a.typ != b.typ {
		return false
	}
	gap := a.date.Sub(b.date)
	if gap < 0 {
		gap = -gap
	}
	if gap > MergeWindow {
		return false
	}
	if a.url == b.url {
		return true
	}
	k := keyCompat(a, b)
	switch {
	case k == keyDiffer:
		return false
	case k == keySame:
		return true
	case a.hashed && b.hashed && Hamming(a.hash, b.hash) <= NearDuplicate:
		return true
	}
	return jaccard(a.headToks, b.headToks) >= HeadlineJaccard
}

// cluster groups candidates into events (connected components of
// sameEvent), each group and the group list in candidate order.
func cluster(cs []*cand) [][]*cand {
	parent := make([]int, len(cs))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if sameEvent(cs[i], cs[j]) {
				if ri, rj := find(i), find(j); ri != rj {
					parent[max(ri, rj)] = min(ri, rj)
				}
			}
		}
	}
	var groups [][]*cand
	at := map[int]int{}
	for i, c := range cs {
		r := find(i)
		g, ok := at[r]
		if !ok {
			g = len(groups)
			at[r] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], c)
	}
	return groups
}

// event is one merged signal under construction.
type event struct {
	typ     Type
	date    time.Time
	rep     *cand
	members []*cand
	facts   Facts
	d       details
	conf    float64
	score   float64
}

// repLess orders a group's members: highest authority weight, then
// earliest date, then URL.
func repLess(a, b *cand) bool {
	switch {
	case a.weight != b.weight:
		return a.weight > b.weight
	case !a.date.Equal(b.date):
		return a.date.Before(b.date)
	case a.url != b.url:
		return a.url < b.url
	}
	return a.idx < b.idx
}

func buildEvent(group []*cand, now time.Time) *event {
	ms := append([]*cand(nil), group...)
	sort.SliceStable(ms, func(i, j int) bool { return repLess(ms[i], ms[j]) })
	rep := ms[0]
	e := &event{typ: rep.typ, date: rep.date, rep: rep, members: ms, facts: rep.facts, d: rep.d}
	e.facts.Investors = append([]string(nil), rep.facts.Investors...)
	e.facts.Items8K = append([]string(nil), rep.facts.Items8K...)
	var contrib []contribution
	for _, m := range ms {
		contrib = append(contrib, contribution{domain: m.domain, weight: m.weight, strength: m.strength, primary: m.primary})
		if m == rep {
			continue
		}
		mergeFacts(&e.facts, m.facts)
		mergeDetails(&e.d, m.d)
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
	fill(&dst.Role, src.Role)
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

func mergeDetails(dst *details, src details) {
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
	case a.rep.title != b.rep.title:
		return a.rep.title < b.rep.title
	}
	return a.rep.url < b.rep.url
}

// Detect turns an evidence bundle into at most MaxSignals cited, dated,
// deduplicated signals and at most MaxWhyNow why-now sentences. It is
// pure: the same Input always gives the same Result, whatever the order of
// Items.
func Detect(in Input) Result {
	now := in.Now.UTC()
	w := newWindow(in.Window, now)
	n := newNames(in.Company.Name, in.Company.Aliases, in.Company.Domain)
	company := displayName(in.Company)

	items := make([]*bundle.Item, len(in.Items))
	for i := range in.Items {
		items[i] = &in.Items[i]
	}
	sort.SliceStable(items, func(i, j int) bool { return itemLess(items[i], items[j]) })

	var cs []*cand
	for _, it := range items {
		switch {
		case it.Kind == bundle.KindFiling || it.Filing != nil:
			cs = append(cs, filingCandidates(it, n, company, w)...)
		case it.Kind == bundle.KindJobBoard:
			if c := boardCandidate(it, company, w); c != nil {
				cs = append(cs, c)
			}
		case it.Kind == bundle.KindNews || it.Kind == bundle.KindPress:
			if c := textCandidate(it, n, w); c != nil {
				cs = append(cs, c)
			}
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return candLess(cs[i], cs[j]) })
	for i, c := range cs {
		c.idx = i
	}

	var events []*event
	for _, g := range cluster(cs) {
		events = append(events, buildEvent(g, now))
	}
	sort.SliceStable(events, func(i, j int) bool { return eventLess(events[i], events[j]) })
	if len(events) > MaxSignals {
		events = events[:MaxSignals]
	}

	res := Result{Signals: make([]Signal, 0, len(events)), WhyNow: []string{}}
	for _, e := range events {
		res.Signals = append(res.Signals, e.signal(company))
	}
	for _, e := range pickWhyNow(events) {
		res.WhyNow = append(res.WhyNow, whyNow(e, company, now))
	}
	return res
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
		Headline:          e.rep.title,
		EventDate:         &date,
		Summary:           e.rep.summary,
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
