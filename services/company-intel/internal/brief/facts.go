package brief

import (
	"sort"
	"strings"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// facts is one composition's view of the evidence: the signals by type,
// the job boards' roles, the home page's technologies and the seller's
// category, computed once.
type facts struct {
	in       Input
	name     string           // the company's display name
	sigs     []signals.Signal // dated signals with evidence, rank order
	ranked   []signals.Signal // sigs by relevance to the seller, then rank
	byType   map[signals.Type][]signals.Signal
	items    map[string]bundle.Item // by Doc.URL
	boards   []bundle.Item          // job boards with roles
	jobs     []bundle.Job
	depts    []count             // open roles by department, most first
	places   []count             // open roles by location (city or country), most first
	jobTech  []count             // technologies named in job posts, most first
	jobTechU map[string][]string // technology → board URLs naming it
	siteTech []bundle.Tech       // technologies on the home page
	homeURL  string
	seller   *qualify.Seller
	cat      category // the seller's product category; catNone without a seller
	product  string   // the seller's product, shortened for sentences
	now      time.Time
}

// count is a label with how many roles (or posts) carry it.
type count struct {
	label string
	n     int
}

func newFacts(in Input) *facts {
	f := &facts{in: in, name: in.Company.Name, byType: map[signals.Type][]signals.Signal{}, items: map[string]bundle.Item{},
		jobTechU: map[string][]string{}, seller: in.Seller, now: in.Now.UTC()}
	for _, it := range in.Items {
		f.items[it.Doc.URL] = it
	}
	for _, s := range in.Signals {
		if s.EventDate == nil || len(s.Evidence) == 0 {
			continue
		}
		f.sigs = append(f.sigs, s)
		f.byType[s.Type] = append(f.byType[s.Type], s)
	}
	depts, places, tech := newTally(), newTally(), newTally()
	for _, it := range in.Items {
		switch {
		case it.Kind == bundle.KindJobBoard && len(it.Jobs) > 0:
			f.boards = append(f.boards, it)
			for _, j := range it.Jobs {
				f.jobs = append(f.jobs, j)
				if d := strings.TrimSpace(j.Department); d != "" {
					depts.add(d)
				}
				if p := placeOf(j); p != "" {
					places.add(p)
				}
				for _, t := range j.Technologies {
					tech.add(t)
					f.jobTechU[t] = appendNew(f.jobTechU[t], it.Doc.URL)
				}
			}
		case it.Kind == bundle.KindPage && len(it.Tech) > 0 && f.homeURL == "":
			f.homeURL = it.Doc.URL
			f.siteTech = it.Tech
		}
	}
	f.depts, f.places, f.jobTech = depts.ranked(), places.ranked(), tech.ranked()
	if hasSeller(in.Seller) {
		f.cat = classify(in.Seller.Product + " " + in.Seller.ValueProposition)
		f.product = shortProduct(in.Seller)
	}
	f.ranked = append([]signals.Signal(nil), f.sigs...)
	sort.SliceStable(f.ranked, func(i, j int) bool { return relevance(f.ranked[i], f.cat) > relevance(f.ranked[j], f.cat) })
	return f
}

func hasSeller(s *qualify.Seller) bool {
	return s != nil && strings.TrimSpace(s.Product+s.ValueProposition+s.IdealCustomerProfile) != ""
}

// tally counts labels and remembers the order they were first seen in.
type tally struct {
	n     map[string]int
	order []string
}

func newTally() *tally { return &tally{n: map[string]int{}} }

func (t *tally) add(label string) {
	if _, ok := t.n[label]; !ok {
		t.order = append(t.order, label)
	}
	t.n[label]++
}

// ranked lists the labels by count, most first; ties keep the order the
// labels were first seen in (bundle order, so deterministic).
func (t *tally) ranked() []count {
	out := make([]count, 0, len(t.order))
	for _, l := range t.order {
		out = append(out, count{l, t.n[l]})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].n > out[j].n })
	return out
}

// placeOf is the city of a role's location ("Pittsburgh" from
// "Pittsburgh, PA, United States"), "Remote" for remote roles.
func placeOf(j bundle.Job) string {
	if j.Remote {
		return "Remote"
	}
	l := strings.TrimSpace(j.Location)
	if l == "" {
		return ""
	}
	return strings.TrimSpace(strings.Split(l, ",")[0])
}

func appendNew(list []string, vs ...string) []string {
	for _, v := range vs {
		if v == "" {
			continue
		}
		dup := false
		for _, x := range list {
			if x == v {
				dup = true
				break
			}
		}
		if !dup {
			list = append(list, v)
		}
	}
	return list
}

// first returns the top-ranked signal of a type, if any.
func (f *facts) first(t signals.Type) (signals.Signal, bool) {
	if s := f.byType[t]; len(s) > 0 {
		return s[0], true
	}
	return signals.Signal{}, false
}

// date is a signal's event date.
func date(s signals.Signal) string {
	if s.EventDate == nil {
		return ""
	}
	return *s.EventDate
}

// age is the signal's age in whole days at f.now (0 when undated or later).
func (f *facts) age(s signals.Signal) int {
	d, err := time.Parse("2006-01-02", date(s))
	if err != nil || d.After(f.now) {
		return 0
	}
	return int(f.now.Sub(d).Hours() / 24)
}

// plusDays is now + n days as YYYY-MM-DD.
func (f *facts) plusDays(n int) string { return f.now.AddDate(0, 0, n).Format("2006-01-02") }

// sinceDays is the date n days after the signal's event date.
func sinceDays(s signals.Signal, n int) string {
	d, err := time.Parse("2006-01-02", date(s))
	if err != nil {
		return ""
	}
	return d.AddDate(0, 0, n).Format("2006-01-02")
}

// quote puts a headline in typographic quotes.
func quote(s string) string { return "“" + s + "”" }

// fact returns a profile value or "".
func fact(p *bundle.Fact) string {
	if p == nil {
		return ""
	}
	return strings.TrimSpace(p.Value)
}

// factURL returns a profile fact's source URL or "".
func factURL(p *bundle.Fact) string {
	if p == nil {
		return ""
	}
	return p.SourceURL
}

// boardURLs are the job boards' URLs.
func (f *facts) boardURLs() []string {
	var out []string
	for _, b := range f.boards {
		out = append(out, b.Doc.URL)
	}
	return out
}

// shortProduct is the seller's product as a noun phrase for sentences:
// the first clause of Product (cut at the first ".", ";", ":" or " — "),
// at most 80 characters on a word boundary, with "your" before a
// descriptive phrase; "your product" when only a value proposition or ICP
// was given.
func shortProduct(s *qualify.Seller) string {
	p := strings.TrimSpace(s.Product)
	if p == "" {
		return "your product"
	}
	for _, sep := range []string{". ", "; ", ": ", " — ", " - ", "\n"} {
		if i := strings.Index(p, sep); i > 0 {
			p = p[:i]
		}
	}
	p = strings.TrimRight(p, ".;: ")
	if r := []rune(p); len(r) > 80 {
		cut := string(r[:80])
		if i := strings.LastIndex(cut, " "); i > 40 {
			cut = cut[:i]
		}
		p = cut
	}
	// A descriptive phrase ("Warehouse safety monitoring SaaS") becomes
	// "your warehouse safety monitoring SaaS"; a name ("Acme Shield")
	// stays as it is.
	if w := strings.Fields(p); len(w) >= 2 && strings.ToLower(w[1]) == w[1] {
		p = "your " + lowerFirst(p)
	}
	return p
}

// upperFirst capitalises the first letter.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// descPhrase is the description as a relative clause about the company:
// "which builds autonomous mobile robots …" when it starts with the
// company's name, otherwise the description quoted.
func (f *facts) descPhrase() string {
	d := strings.TrimRight(fact(f.in.Profile.Description), ". ")
	if d == "" {
		return ""
	}
	for _, n := range append([]string{f.name}, f.in.Company.Aliases...) {
		if n != "" && strings.HasPrefix(d, n+" ") {
			rest := strings.TrimSpace(d[len(n):])
			if w := strings.Fields(rest)[0]; strings.HasSuffix(w, "s") && strings.ToLower(w) == w && w != "is" {
				return "which " + rest
			}
			if strings.HasPrefix(rest, "is ") {
				return "which " + rest
			}
		}
	}
	return "described as “" + d + "”"
}

// lowerFirst lower-cases the first letter unless the first word is an
// acronym or a name ("AI", "SOC 2").
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	w := strings.Fields(s)[0]
	if len(w) > 1 && strings.ToUpper(w) == w {
		return s
	}
	if len(w) > 1 && strings.ToLower(w[1:]) != w[1:] { // "HubSpot", "iPhone"
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
