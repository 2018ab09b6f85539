package qualify

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// Seller describes what the caller sells; every field is optional.
type Seller struct{ Product, ValueProposition, IdealCustomerProfile string }

// Input is what Qualify reads. Now is the request time (recency only).
type Input struct {
	Company bundle.Company
	Profile bundle.Profile
	Items   []bundle.Item
	Signals []signals.Signal
	Seller  *Seller
	Now     time.Time
}

// Component is one scored part of the fit. Weight is the effective
// (renormalised) weight; an excluded component has Weight 0 and a Reason
// that starts "Excluded:".
type Component struct {
	Name     string   `json:"name"`
	Weight   float64  `json:"weight"`
	Score    float64  `json:"score"` // 0..1
	Evidence []string `json:"evidence"`
	Reason   string   `json:"reason"`
	// Terms are the seller's words the component found in the company's
	// facts or text (industry, textRelevance), in the seller's surface
	// form; empty for the other components.
	Terms []string `json:"terms,omitempty"`
}

// Result is the qualification (openapi/company-intel.yaml) plus the
// components and evidence behind it.
type Result struct {
	FitAssessed     bool                `json:"fitAssessed"`
	FitScore        int                 `json:"fitScore"`
	FitLabel        string              `json:"fitLabel"`
	Components      []Component         `json:"components"`
	ScoreComponents map[string]float64  `json:"scoreComponents"`
	Reasons         []string            `json:"reasons"`
	Disqualifiers   []string            `json:"disqualifiers"`
	Evidence        map[string][]string `json:"evidence"`
}

// Component names.
const (
	CompIndustry     = "industry"
	CompSize         = "size"
	CompGeography    = "geography"
	CompModel        = "businessModel"
	CompText         = "textRelevance"
	CompTiming       = "timing"
	CompCompleteness = "profileCompleteness"
)

// Base weights of the seller-relative fit (sum 1) and of the account
// attractiveness used without a seller (sum 1). See doc.go.
var (
	FitWeights = map[string]float64{
		CompIndustry: 0.25, CompSize: 0.15, CompGeography: 0.15, CompModel: 0.10, CompText: 0.25, CompTiming: 0.10,
	}
	AttractivenessWeights = map[string]float64{CompTiming: 0.6, CompCompleteness: 0.4}
)

// DisqualifiedCap is the highest fitScore a disqualified company gets.
const DisqualifiedCap = 39

// TimingWindow is how far back a signal counts for timing.
const TimingWindow = 90 * 24 * time.Hour

// TypeWeights weigh recent signals by type for timing (doc.go).
var TypeWeights = map[signals.Type]float64{
	signals.TypeFunding: 1.0, signals.TypeAcquisition: 0.9, signals.TypeLeadership: 0.9, signals.TypeExpansion: 0.8,
	signals.TypeHiring: 0.7, signals.TypePartnership: 0.6, signals.TypeProduct: 0.6, signals.TypeRegulatory: 0.5,
	signals.TypeFinancial: 0.5, signals.TypeTechnology: 0.4, signals.TypeOther: 0.2,
}

// Competitor rule thresholds (doc.go).
const (
	CompetitorMinTerms    = 3
	CompetitorMinCoverage = 0.6
)

// Label maps a fitScore to its label: poor <20, weak 20–39, possible
// 40–59, good 60–79, excellent ≥80.
func Label(score int) string {
	switch {
	case score >= 80:
		return "excellent"
	case score >= 60:
		return "good"
	case score >= 40:
		return "possible"
	case score >= 20:
		return "weak"
	}
	return "poor"
}

// scored is a component under construction.
type scored struct {
	Component
	known  bool
	reason string // the Reasons sentence when the component scored
}

// Qualify scores the company against the seller; without a seller it
// scores account attractiveness. It is pure and deterministic.
func Qualify(in Input) Result {
	r := Result{ScoreComponents: map[string]float64{}, Reasons: []string{}, Disqualifiers: []string{}, Evidence: map[string][]string{}, Components: []Component{}}
	docs := ownDocs(in)
	var parts []scored
	weights := FitWeights
	if hasSeller(in.Seller) {
		icp := parseICP(in.Seller.IdealCustomerProfile)
		parts = []scored{
			industryFit(in, icp), sizeFit(in, icp), geographyFit(in, icp), modelFit(in, icp, docs),
			textFit(in, icp, docs), timingFit(in),
		}
		anySeller := false
		for _, p := range parts[:5] {
			anySeller = anySeller || p.known
		}
		if anySeller {
			r.FitAssessed = true
			for _, d := range disqualify(in, icp, docs) {
				if _, dup := r.Evidence[d.text]; dup {
					continue
				}
				r.Disqualifiers = append(r.Disqualifiers, d.text)
				r.Evidence[d.text] = d.urls
			}
		} else {
			parts = nil
		}
	}
	if !r.FitAssessed {
		weights = AttractivenessWeights
		parts = []scored{timingFit(in), completeness(in)}
		why := "no seller was given"
		if hasSeller(in.Seller) {
			why = "the seller's product, value proposition and ICP name nothing the company's facts can be compared with"
		}
		r.Reasons = append(r.Reasons, "Fit was not assessed: "+why+"; the score is account attractiveness from recent signals and profile completeness only.")
	}
	var total float64
	for _, p := range parts {
		if p.known {
			total += weights[p.Name]
		}
	}
	var sum float64
	for _, p := range parts {
		c := p.Component
		if c.Evidence == nil {
			c.Evidence = []string{}
		}
		if p.known && total > 0 {
			c.Weight = round(weights[p.Name]/total, 4)
			pts := 100 * weights[p.Name] / total * c.Score
			sum += pts
			r.ScoreComponents[c.Name] = round(pts, 1)
			if c.Score > 0 && p.reason != "" {
				r.Reasons = append(r.Reasons, p.reason)
				r.Evidence[p.reason] = c.Evidence
			}
		} else {
			c.Weight = 0
		}
		r.Components = append(r.Components, c)
	}
	r.FitScore = int(math.Round(sum))
	if r.FitScore > 100 {
		r.FitScore = 100
	}
	if len(r.Disqualifiers) > 0 && r.FitScore > DisqualifiedCap {
		r.FitScore = DisqualifiedCap
	}
	r.FitLabel = Label(r.FitScore)
	return r
}

func hasSeller(s *Seller) bool {
	return s != nil && strings.TrimSpace(s.Product+s.ValueProposition+s.IdealCustomerProfile) != ""
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}

// ---- ICP parsing ----

// icp is the seller's ICP split into what it targets and what it excludes.
type icp struct {
	Positive string   // targeted text (negated scopes and "outside …" removed)
	Negated  []string // excluded scopes ("not agencies" → "agencies")
	Outside  []string // "outside X" in targeted text: X is excluded
	Inside   []string // "no … outside X": the company must be in X
}

var (
	clauseRe   = regexp.MustCompile(`[.;!?\n]|\bbut\b`)
	negationRe = regexp.MustCompile(`(?i)\b(not|no|exclude|excludes|excluding|except|avoid|never|without|other than)\b`)
	outsideRe  = regexp.MustCompile(`(?i)\boutside( of)?\b`)
)

func parseICP(text string) icp {
	var out icp
	var pos []string
	for _, cl := range clauseRe.Split(text, -1) {
		neg := ""
		if loc := negationRe.FindStringIndex(cl); loc != nil {
			neg = cl[loc[1]:]
			cl = cl[:loc[0]]
		}
		if loc := outsideRe.FindStringIndex(cl); loc != nil {
			out.Outside = append(out.Outside, cl[loc[1]:])
			cl = cl[:loc[0]]
		}
		if loc := outsideRe.FindStringIndex(neg); loc != nil {
			out.Inside = append(out.Inside, neg[loc[1]:])
			neg = neg[:loc[0]]
		}
		if strings.TrimSpace(neg) != "" {
			out.Negated = append(out.Negated, strings.TrimSpace(neg))
		}
		pos = append(pos, cl)
	}
	out.Positive = strings.Join(pos, ". ")
	return out
}

// ---- documents and terms ----

// doc is one of the company's own documents.
type doc struct {
	URL  string
	Text string
}

// ownDocs are the company's own texts: the description fact, then its
// site pages and press items (title and excerpt), in input order.
func ownDocs(in Input) []doc {
	var out []doc
	if f := in.Profile.Description; f != nil && strings.TrimSpace(f.Value) != "" {
		out = append(out, doc{f.SourceURL, f.Value})
	}
	for _, it := range in.Items {
		if it.Kind != bundle.KindPage && it.Kind != bundle.KindPress {
			continue
		}
		t := strings.TrimSpace(it.Doc.Title + ". " + it.Doc.Excerpt)
		if t != "." {
			out = append(out, doc{it.Doc.URL, t})
		}
	}
	return out
}

// terms are distinct stems in first-seen order with a surface form each.
type terms struct {
	order   []string
	surface map[string]string
}

func (t *terms) add(s, surface string) {
	if t.surface == nil {
		t.surface = map[string]string{}
	}
	if _, ok := t.surface[s]; !ok {
		t.order = append(t.order, s)
		t.surface[s] = surface
	}
}

func (t terms) has(s string) bool { _, ok := t.surface[s]; return ok }

// topicTerms are a text's stems minus generic business, size, model and
// place words: what the text is about.
func topicTerms(texts ...string) terms {
	var t terms
	for _, s := range texts {
		for _, tok := range tokenize(s) {
			if genericWords[tok.Stem] || sizeWords[tok.Stem] || modelWords[tok.Stem] || placeWords[tok.Stem] {
				continue
			}
			t.add(tok.Stem, tok.Surface)
		}
	}
	return t
}

func quote(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = "'" + s + "'"
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

func surfaces(t terms, stems []string, limit int) []string {
	var out []string
	for _, s := range stems {
		if len(out) == limit {
			break
		}
		out = append(out, t.surface[s])
	}
	return out
}

// sourceName names where a fact came from: "Wikidata", "SEC EDGAR" or the
// host.
func sourceName(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return "a cited source"
	}
	h := strings.TrimPrefix(strings.ToLower(p.Hostname()), "www.")
	switch {
	case strings.Contains(h, "wikidata"):
		return "Wikidata"
	case strings.HasSuffix(h, "sec.gov"):
		return "SEC EDGAR"
	}
	return h
}

// possessive is "Acme's", or "Northwind Robotics'" for a name ending in s.
func possessive(n string) string {
	if strings.HasSuffix(n, "s") {
		return n + "'"
	}
	return n + "'s"
}

func name(in Input) string {
	if in.Company.Name != "" {
		return in.Company.Name
	}
	return in.Company.Domain
}

func uniq(urls ...string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, u := range urls {
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

func excluded(n, why string) scored {
	return scored{Component: Component{Name: n, Reason: "Excluded: " + why + "; its weight is shared among the other components."}}
}

// ---- components ----

func industryFit(in Input, q icp) scored {
	ind, desc := in.Profile.Industry, in.Profile.Description
	if ind == nil && desc == nil {
		return excluded(CompIndustry, "the company has no industry or description fact")
	}
	seller := topicTerms(q.Positive, in.Seller.Product)
	if len(seller.order) == 0 {
		return excluded(CompIndustry, "the seller's ICP and product name no industry terms")
	}
	var indHits, descHits []string
	var indScore, descScore float64
	if ind != nil {
		it := topicTerms(ind.Value)
		for _, s := range it.order {
			if seller.has(s) {
				indHits = append(indHits, s)
			}
		}
		if len(it.order) > 0 {
			indScore = float64(len(indHits)) / float64(len(it.order))
		}
	}
	if desc != nil {
		dt := topicTerms(desc.Value)
		for _, s := range seller.order {
			if dt.has(s) {
				descHits = append(descHits, s)
			}
		}
		descScore = 0.8 * math.Min(1, float64(len(descHits))/4)
	}
	c := scored{known: true, Component: Component{Name: CompIndustry}}
	n := name(in)
	switch {
	case indScore > 0 && indScore >= descScore:
		c.Score = indScore
		c.Evidence = uniq(ind.SourceURL)
		c.Terms = surfaces(seller, indHits, 6)
		c.reason = fmt.Sprintf("Industry matches the ICP: %s lists %s as '%s'; the seller names %s.", sourceName(ind.SourceURL), n, ind.Value, quote(surfaces(seller, indHits, 6)))
	case descScore > 0:
		c.Score = descScore
		c.Evidence = uniq(desc.SourceURL)
		c.Terms = surfaces(seller, descHits, 6)
		c.reason = fmt.Sprintf("Industry matches the ICP: %s description (%s) mentions %s, which the seller names.", possessive(n), sourceName(desc.SourceURL), quote(surfaces(seller, descHits, 6)))
	default:
		what := ""
		if ind != nil {
			what = fmt.Sprintf("%s lists %s as '%s'", sourceName(ind.SourceURL), n, ind.Value)
			c.Evidence = uniq(ind.SourceURL)
		} else {
			what = fmt.Sprintf("%s description names none of them", possessive(n))
			c.Evidence = uniq(desc.SourceURL)
		}
		c.Reason = fmt.Sprintf("Industry does not match: the seller names %s; %s.", quote(surfaces(seller, seller.order, 6)), what)
		return c
	}
	c.Score = round(c.Score, 4)
	c.Reason = c.reason
	return c
}

func sizeFit(in Input, q icp) scored {
	f := in.Profile.EmployeeRange
	if f == nil {
		return excluded(CompSize, "the company has no employee-range fact")
	}
	cb, ok := companyBand(f.Value)
	if !ok {
		return excluded(CompSize, fmt.Sprintf("the employee range '%s' is not a number or range", f.Value))
	}
	targets := icpBands(q.Positive)
	if len(targets) == 0 {
		return excluded(CompSize, "the ICP says nothing about company size")
	}
	best, bi := -1.0, 0
	for i, t := range targets {
		if s := sizeScore(cb, t); s > best {
			best, bi = s, i
		}
	}
	t := targets[bi]
	c := scored{known: true, Component: Component{Name: CompSize, Score: round(best, 4), Evidence: uniq(f.SourceURL)}}
	facts := fmt.Sprintf("%s gives %s %s employees; the ICP targets '%s' (%s)", sourceName(f.SourceURL), name(in), f.Value, t.Name, t)
	switch {
	case best == 1:
		c.reason = "Size fits the ICP: " + facts + "."
	case best > 0:
		c.reason = fmt.Sprintf("Size is near the ICP: %s, a partial fit of %.2f.", facts, best)
	default:
		c.Reason = "Size does not fit: " + facts + "."
		return c
	}
	c.Reason = c.reason
	return c
}

func geographyFit(in Input, q icp) scored {
	f := in.Profile.Headquarters
	if f == nil {
		return excluded(CompGeography, "the company has no headquarters fact")
	}
	p, ok := locate(f.Value)
	if !ok {
		return excluded(CompGeography, fmt.Sprintf("the headquarters '%s' names no known country or US state", f.Value))
	}
	targets := findRegions(q.Positive)
	if len(targets) == 0 {
		return excluded(CompGeography, "the ICP names no country or region")
	}
	var hit, all []string
	for _, t := range targets {
		all = append(all, t.Text)
		if t.Region.contains(p) {
			hit = append(hit, t.Text)
		}
	}
	c := scored{known: true, Component: Component{Name: CompGeography, Evidence: uniq(f.SourceURL)}}
	if len(hit) == 0 {
		c.Reason = fmt.Sprintf("Geography does not match: %s gives %s headquarters as %s; the ICP names %s.", sourceName(f.SourceURL), possessive(name(in)), f.Value, quote(all))
		return c
	}
	c.Score = 1
	c.reason = fmt.Sprintf("Geography matches the ICP: %s gives %s headquarters as %s; the ICP names %s.", sourceName(f.SourceURL), possessive(name(in)), f.Value, quote(hit))
	c.Reason = c.reason
	return c
}

// companyModels reads the business models the company's own text states:
// the business-model fact, then its own documents; with the URLs behind
// each.
func companyModels(in Input, docs []doc) (map[string][]string, []string) {
	found := map[string][]string{}
	var order []string
	add := func(text, u string) {
		for _, m := range findCompanyModels(text) {
			if _, ok := found[m]; !ok {
				order = append(order, m)
			}
			found[m] = uniq(append(found[m], u)...)
		}
	}
	if f := in.Profile.BusinessModel; f != nil {
		add(f.Value, f.SourceURL)
	}
	for _, d := range docs {
		add(d.Text, d.URL)
	}
	return found, order
}

func modelFit(in Input, q icp, docs []doc) scored {
	found, order := companyModels(in, docs)
	if len(order) == 0 {
		return excluded(CompModel, "the company's own text states no business model")
	}
	want := findModels(q.Positive)
	if len(want) == 0 {
		return excluded(CompModel, "the ICP names no business model")
	}
	c := scored{known: true, Component: Component{Name: CompModel}}
	var hit []string
	for _, m := range want {
		if _, ok := found[m]; ok {
			hit = append(hit, m)
			c.Evidence = uniq(append(c.Evidence, found[m]...)...)
		}
	}
	if len(hit) == 0 {
		for _, m := range order {
			c.Evidence = uniq(append(c.Evidence, found[m]...)...)
		}
		c.Reason = fmt.Sprintf("Business model does not match: %s own text describes it as %s; the ICP names %s.", possessive(name(in)), quote(order), quote(want))
		return c
	}
	c.Score = 1
	c.reason = fmt.Sprintf("Business model matches the ICP: %s own text describes it as %s; the ICP names %s.", possessive(name(in)), quote(hit), quote(want))
	c.Reason = c.reason
	return c
}

func textFit(in Input, q icp, docs []doc) scored {
	if len(docs) == 0 {
		return excluded(CompText, "the company has no description, site pages or press items to read")
	}
	query := topicTerms(in.Seller.Product, in.Seller.ValueProposition, q.Positive)
	if len(query.order) == 0 {
		return excluded(CompText, "the seller's text has no content terms")
	}
	corpus := make([][]string, 0, len(docs)+len(background))
	for _, d := range docs {
		corpus = append(corpus, stems(d.Text))
	}
	for _, b := range background {
		corpus = append(corpus, stems(b))
	}
	scores := bm25(query.order, corpus, BM25K1, BM25B)[:len(docs)]
	idx := make([]int, len(docs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
	c := scored{known: true, Component: Component{Name: CompText}}
	best := scores[idx[0]]
	var matched []string
	for _, s := range query.order {
		for i := range docs {
			if scores[i] > 0 && contains(corpus[i], s) {
				matched = append(matched, s)
				break
			}
		}
	}
	for _, i := range idx {
		if scores[i] > 0 {
			c.Evidence = uniq(append(c.Evidence, docs[i].URL)...)
		}
	}
	if best <= 0 {
		c.Reason = fmt.Sprintf("Text relevance is nil: none of the seller's terms (%s) appear in %s own text.", quote(surfaces(query, query.order, 6)), possessive(name(in)))
		return c
	}
	c.Score = round(best/(best+BM25Half), 4)
	c.Terms = surfaces(query, matched, 6)
	c.reason = fmt.Sprintf("%s own text matches the seller's terms %s (best BM25 %.2f, relevance %.2f).", possessive(name(in)), quote(surfaces(query, matched, 6)), best, c.Score)
	c.Reason = c.reason
	return c
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func timingFit(in Input) scored {
	if in.Now.IsZero() {
		return excluded(CompTiming, "no request time was given")
	}
	c := scored{known: true, Component: Component{Name: CompTiming}}
	var s float64
	var seen []string
	for _, sg := range in.Signals {
		if sg.EventDate == nil {
			continue
		}
		d, err := time.Parse("2006-01-02", *sg.EventDate)
		if err != nil {
			continue
		}
		age := in.Now.Sub(d)
		if age < -24*time.Hour || age > TimingWindow {
			continue
		}
		conf := math.Max(0, math.Min(1, sg.Confidence))
		s += TypeWeights[sg.Type] * conf
		seen = append(seen, fmt.Sprintf("%s on %s", sg.Type, *sg.EventDate))
		c.Evidence = uniq(append(c.Evidence, sg.Evidence...)...)
	}
	if len(seen) == 0 {
		c.Reason = "Timing is neutral: no dated signals in the last 90 days."
		return c
	}
	c.Score = round(1-math.Exp(-s), 4)
	noun := "signals"
	if len(seen) == 1 {
		noun = "signal"
	}
	c.reason = fmt.Sprintf("Timing: %d %s in the last 90 days (%s) make now a good moment to reach out.", len(seen), noun, strings.Join(seen, ", "))
	c.Reason = c.reason
	return c
}

func completeness(in Input) scored {
	p := in.Profile
	fields := []struct {
		n string
		f *bundle.Fact
	}{{"description", p.Description}, {"industry", p.Industry}, {"headquarters", p.Headquarters}, {"employee range", p.EmployeeRange},
		{"business model", p.BusinessModel}, {"ticker", p.Ticker}, {"founding year", p.Founded}}
	c := scored{known: true, Component: Component{Name: CompCompleteness}}
	var known []string
	for _, f := range fields {
		if f.f != nil && strings.TrimSpace(f.f.Value) != "" {
			known = append(known, f.n)
			c.Evidence = uniq(append(c.Evidence, f.f.SourceURL)...)
		}
	}
	c.Score = round(float64(len(known))/float64(len(fields)), 4)
	if len(known) == 0 {
		c.Reason = "Profile completeness: no profile facts are known."
		return c
	}
	c.reason = fmt.Sprintf("Profile completeness: %d of %d facts are known (%s).", len(known), len(fields), strings.Join(known, ", "))
	c.Reason = c.reason
	return c
}

// ---- disqualifiers ----

type disq struct {
	text string
	urls []string
}

func disqualify(in Input, q icp, docs []doc) []disq {
	var out []disq
	n := name(in)
	found, _ := companyModels(in, docs)
	for _, neg := range q.Negated {
		for _, m := range findModels(neg) {
			if urls, ok := found[m]; ok {
				out = append(out, disq{fmt.Sprintf("The ICP excludes %s ('%s'); %s own text describes it as %s.", m, strings.TrimSpace(neg), possessive(n), m), urls})
			}
		}
	}
	if f := in.Profile.EmployeeRange; f != nil {
		if cb, ok := companyBand(f.Value); ok {
			for _, neg := range q.Negated {
				for _, b := range icpBands(neg) {
					if sizeScore(cb, b) == 1 {
						out = append(out, disq{fmt.Sprintf("The ICP excludes '%s' (%s); %s gives %s %s employees.", b.Name, b, sourceName(f.SourceURL), n, f.Value), uniq(f.SourceURL)})
					}
				}
			}
		}
	}
	if f := in.Profile.Headquarters; f != nil {
		if p, ok := locate(f.Value); ok {
			for _, ex := range append(append([]string{}, q.Negated...), q.Outside...) {
				for _, r := range findRegions(ex) {
					if r.Region.contains(p) {
						out = append(out, disq{fmt.Sprintf("The ICP excludes companies in %s; %s gives %s headquarters as %s.", r.Text, sourceName(f.SourceURL), possessive(n), f.Value), uniq(f.SourceURL)})
					}
				}
			}
			for _, scope := range q.Inside {
				rs := findRegions(scope)
				var names []string
				inside := false
				for _, r := range rs {
					names = append(names, r.Text)
					inside = inside || r.Region.contains(p)
				}
				if len(rs) > 0 && !inside {
					out = append(out, disq{fmt.Sprintf("The ICP excludes companies outside %s; %s gives %s headquarters as %s.", quote(names), sourceName(f.SourceURL), possessive(n), f.Value), uniq(f.SourceURL)})
				}
			}
		}
	}
	if f := in.Profile.Industry; f != nil {
		it := topicTerms(f.Value)
		for _, neg := range q.Negated {
			nt := topicTerms(neg)
			var hit []string
			for _, s := range nt.order {
				if it.has(s) {
					hit = append(hit, nt.surface[s])
				}
			}
			if len(hit) > 0 {
				out = append(out, disq{fmt.Sprintf("The ICP excludes %s; %s lists %s as '%s'.", quote(hit), sourceName(f.SourceURL), n, f.Value), uniq(f.SourceURL)})
			}
		}
	}
	if d, ok := competitor(in, docs); ok {
		out = append(out, d)
	}
	return out
}

// competitor applies the competitor rule (doc.go): at least
// CompetitorMinTerms of the seller's product terms, and at least
// CompetitorMinCoverage of them, appear in the company's own text.
func competitor(in Input, docs []doc) (disq, bool) {
	prod := topicTerms(in.Seller.Product)
	if len(prod.order) < CompetitorMinTerms || len(docs) == 0 {
		return disq{}, false
	}
	var hit []string
	var urls []string
	for _, s := range prod.order {
		for _, d := range docs {
			if contains(stems(d.Text), s) {
				if !contains(hit, s) {
					hit = append(hit, s)
				}
				urls = append(urls, d.URL)
			}
		}
	}
	cov := float64(len(hit)) / float64(len(prod.order))
	if len(hit) < CompetitorMinTerms || cov < CompetitorMinCoverage {
		return disq{}, false
	}
	return disq{fmt.Sprintf("Likely competitor: %s own text describes the seller's product category (%s: %d of %d product terms).",
		possessive(name(in)), quote(surfaces(prod, hit, 6)), len(hit), len(prod.order)), uniq(urls...)}, true
}
