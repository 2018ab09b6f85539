package signals

import (
	"math"
	"net/url"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/companyname"
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
	url      string
	typ      Type
	strength float64
	head     bool // a news or press item whose headline carries the type
	// typed is a news or press item's reading by the type model, with the
	// texts its facts are read from (retype).
	typed      typed
	headText   string // prepText(title)
	leadText   string // leadText(excerpt)
	date       time.Time
	weight     float64
	primary    bool
	domain     string
	title      string
	summary    string
	facts      Facts
	d          details
	structured bool // a filing or a job board: facts come from fields, not prose
	filing     bool // a regulatory filing: its headline is composed from item labels
	// plainSummary: the summary only repeats the title (no excerpt) or
	// lists a filing's form and items
	plainSummary bool
	hash         uint64
	hashed       bool
	headToks     []string
	raw          string   // headline and excerpt as written (mentions)
	text         string   // raw in companyname's normal form, space-padded; set on first use
	runToks      []string // headline tokens without the company's name (sharedRun)
	// names: an other report's distinctive capitalised words (otherNames)
	names map[string]bool
	idx   int // position in the sorted candidate list
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
func summarize(excerpt string) string { return summaryOf(stripDateline(prepText(excerpt))) }

// summaryOf is summarize of an excerpt already prepared and without its
// dateline.
func summaryOf(s string) string {
	if ss := sentences(s); len(ss) > 0 {
		s = ss[0]
	}
	return source.Truncate(s, MaxSummary)
}

// MaxSummary caps Signal.Summary in bytes.
const MaxSummary = 300

// textCandidate classifies a news or press item with the type model.
func textCandidate(it *bundle.Item, n names, w window) *cand {
	title := cleanTitle(it.Doc.Title, it.Doc.Publisher, it.Doc.URL)
	if it.Kind == bundle.KindNews && !n.mentioned(title+" "+it.Doc.Excerpt) {
		return nil
	}
	date, ok := docDate(it.Doc)
	if !ok || !w.in(date) {
		return nil
	}
	body := stripDateline(prepText(it.Doc.Excerpt))
	head, lead := prepText(title), leadOf(body)
	ty, ok := mustModel().classify(foldAbbrev(head), lead, n.m)
	if !ok {
		return nil
	}
	c := newCand(it, ty.t, ty.p, date)
	c.head = ty.head
	c.typed, c.headText, c.leadText = ty, head, lead
	c.title = title
	c.summary = summaryOf(body)
	if c.summary == "" {
		c.summary, c.plainSummary = source.Truncate(title, MaxSummary), true
	}
	c.facts, c.d = extractFacts(ty.t, head, lead, ty.head, n)
	c.hash, c.hashed = SimHash(hashTokens(title+" "+it.Doc.Excerpt)), true
	c.headToks = tokens(title)
	c.runToks = n.without(c.headToks)
	c.raw = title + " " + it.Doc.Excerpt
	if ty.t == TypeOther {
		c.names = otherNames(c.raw, n)
	}
	return c
}

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

// sameEvent decides whether two candidates report one event: same type,
// dated at most MergeWindow apart, and the same URL, or near-duplicate
// text (SimHash), or the same event key, or (when the keys do not
// differ) headline token Jaccard ≥ HeadlineJaccard.
func sameEvent(a, b *cand) bool {
	gap := a.date.Sub(b.date)
	if gap < 0 {
		gap = -gap
	}
	if a.typ != b.typ {
		return crossType(a, b, gap)
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
	case gap <= SameDayWindow && a.typ != TypeOther:
		// One company, one type, facts that do not conflict, reported
		// within a day: one event however it is worded. Not for other:
		// a company collects several awards or talks on one day.
		return true
	case gap <= SameDayWindow && sharesName(a.names, b.names):
		// Other reports of one day that name the same award, list, show
		// or programme ("Green Apple", "Automatica") are one event.
		return true
	case a.hashed && b.hashed && Hamming(a.hash, b.hash) <= NearDuplicate:
		return true
	case jaccard(a.headToks, b.headToks) >= HeadlineJaccard:
		return true
	}
	return sharedRun(a.runToks, b.runToks) >= SharedPhrase
}

// crossType decides whether two news or press reports typed differently
// report one event: reported within SameDayWindow, and each report's
// type at least CrossTypeMin probable for the other (an integration read
// as a product by one outlet and as a partnership by another). A report
// read by its headline alone (no excerpt) knows less than one read with
// its lead, so only its own reading must allow the other's type ("lands
// $62M to fly lab samples", a partnership by the headline, next to the
// same day's report of the round). Structured candidates are typed by
// their form and never merge across types.
func crossType(a, b *cand, gap time.Duration) bool {
	if a.typed.probs == nil || b.typed.probs == nil || gap > SameDayWindow || a.url == b.url {
		return false
	}
	aBare, bBare := a.leadText == "", b.leadText == ""
	switch {
	case aBare && !bBare:
		return a.typed.prob(b.typ) >= CrossTypeMin
	case bBare && !aBare:
		return b.typed.prob(a.typ) >= CrossTypeMin
	}
	return a.typed.prob(b.typ) >= CrossTypeMin && b.typed.prob(a.typ) >= CrossTypeMin
}

// CrossTypeMin is how probable, under the type model, each of two
// same-day reports must find the other's type for them to be one event.
const CrossTypeMin = 0.1

// retype gives a merged group one type: a structured member's (a filing
// or job board is typed by its form), else the type with the largest sum
// of the members' probabilities among the members' types. Members of
// another type are read again as that type (facts, strength).
func retype(group []*cand, n names) {
	var structured Type
	mixed := false
	for _, c := range group {
		mixed = mixed || c.typ != group[0].typ
		if c.typed.probs == nil && structured == "" {
			structured = c.typ
		}
	}
	if !mixed {
		return
	}
	best := structured
	if best == "" {
		sums := map[Type]float64{}
		for _, c := range group {
			sums[c.typ] = 0
		}
		for t := range sums {
			for _, c := range group {
				sums[t] += c.typed.prob(t)
			}
		}
		for _, t := range Types { // precedence order breaks ties
			if v, ok := sums[t]; ok && (best == "" || v > sums[best]) {
				best = t
			}
		}
	}
	for _, c := range group {
		if c.typed.probs == nil || c.typ == best {
			continue
		}
		c.typ = best
		c.strength = c.typed.prob(best)
		c.head = headCarries(foldAbbrev(c.headText), c.leadText, best)
		c.facts, c.d = extractFacts(best, c.headText, c.leadText, c.head, n)
	}
}

// SameDayWindow: two reports of one type (but other) about the company
// whose key facts do not differ are one event when their dates are this
// close.
const SameDayWindow = 36 * time.Hour

// SharedPhrase is how many consecutive headline tokens (stopwords and the
// company's own name left out) two reports of one type must share to be
// one event when their keys do not differ: rewritten reports of a list, an
// award or a deal keep its name ("Massachusetts' fastest-growing private
// companies").
const SharedPhrase = 4

// sharedRun is the length of the longest run of consecutive tokens that a
// and b share.
func sharedRun(a, b []string) int {
	best := 0
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
				best = max(best, cur[j+1])
			} else {
				cur[j+1] = 0
			}
		}
		prev, cur = cur, prev
	}
	return best
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

	// Items are read independently (pure functions over read-only state),
	// so a large bundle is read on every core; the candidates are then
	// put in item order, so the result does not depend on scheduling.
	read := make([][]*cand, len(items))
	forEach(len(items), func(i int) {
		it := items[i]
		switch {
		case it.Kind == bundle.KindFiling || it.Filing != nil:
			read[i] = filingCandidates(it, n, company, w)
		case it.Kind == bundle.KindJobBoard:
			if c := boardCandidate(it, company, w); c != nil {
				read[i] = []*cand{c}
			}
		case it.Kind == bundle.KindNews || it.Kind == bundle.KindPress:
			if c := textCandidate(it, n, w); c != nil {
				read[i] = []*cand{c}
			}
		}
	})
	var cs []*cand
	for _, r := range read {
		cs = append(cs, r...)
	}
	sort.SliceStable(cs, func(i, j int) bool { return candLess(cs[i], cs[j]) })
	for i, c := range cs {
		c.idx = i
	}

	var events []*event
	for _, g := range cluster(cs) {
		retype(g, n)
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
	index := make(map[*event]int, len(events))
	for i, e := range events {
		index[e] = i
	}
	for _, e := range pickWhyNow(events) {
		w := whyNow(e, company, now)
		res.WhyNow = append(res.WhyNow, w)
		res.Signals[index[e]].WhyNow = w
	}
	return res
}

// parallelFrom is the bundle size from which forEach uses every core.
const parallelFrom = 32

// forEach calls f(0) … f(n-1), on GOMAXPROCS goroutines when n is at
// least parallelFrom; it returns when every call has.
func forEach(n int, f func(int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if n < parallelFrom || workers < 2 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
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

// otherNames returns an other report's distinctive names: the capitalised
// words of its headline and excerpt (an award's, a list's, a show's or a
// programme's name) that are not the company's name, a calendar word or a
// word any such report uses.
func otherNames(raw string, n names) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(raw, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) || utf8.RuneCountInString(w) < 3 || n.m.NameWord(w) {
			continue
		}
		lw := strings.ToLower(w)
		if stopwords[lw] || genericOtherWords[lw] {
			continue
		}
		out[lw] = true
	}
	return out
}

// sharesName reports whether two name sets have a word in common.
func sharesName(a, b map[string]bool) bool {
	for w := range a {
		if b[w] {
			return true
		}
	}
	return false
}

// genericOtherWords are capitalised words that name no particular award,
// list or show: titles, months and days, and the words of any such report.
var genericOtherWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`award awards prize prizes winner winners win wins won best top year years
		annual conference summit expo show fair festival week keynote talk panel demo booth stage live today
		ceo cto cfo coo founder cofounder team teams company companies group inc ltd llc plc corp gmbh
		january february march april may june july august september october november december
		monday tuesday wednesday thursday friday saturday sunday
		proud thrilled excited honoured honored delighted congratulations thank thanks big news new
		anniversary birthday celebrating celebrates celebrate milestone named recognised recognized list`) {
		m[w] = true
	}
	return m
}()
