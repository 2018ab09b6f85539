package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// Section limits (doc.go).
const (
	MaxWhyNow     = 4
	MaxPriorities = 5
	MaxRoles      = 6
	MaxValidate   = 4
	MaxRisks      = 5
)

func (f *facts) brief() Brief {
	return Brief{WhyNow: f.whyNow(), Priorities: f.priorities(), Approach: f.approach(), Risks: f.risks()}
}

// ---- whyNow ----

// whyNow: the signals' own why-now sentences (dated trigger, what it
// implies, how long the window is open), each followed, when a seller is
// given, by the initiative the seller's product can attach to.
func (f *facts) whyNow() []WhyNow {
	out := []WhyNow{}
	for _, s := range f.ranked {
		if s.WhyNow == "" || len(out) == MaxWhyNow {
			continue
		}
		r := s.WhyNow
		if f.seller != nil {
			if in := initiative(s, f.name); in != "" {
				r += fmt.Sprintf(" For %s, the opening is %s.", f.product, in)
			}
		}
		out = append(out, WhyNow{Reason: r, Evidence: s.Evidence})
	}
	return out
}

// initiative names what a signal sets in motion at the company, with its
// facts; "" for signals that set nothing in motion (awards, events).
func initiative(s signals.Signal, company string) string {
	x := s.Facts
	switch s.Type {
	case signals.TypeFunding:
		if x.AmountText != "" && x.Round != "" {
			return fmt.Sprintf("how %s deploys its %s %s", company, x.AmountText, x.Round)
		}
		if x.AmountText != "" {
			return fmt.Sprintf("how %s deploys the %s it raised", company, x.AmountText)
		}
		return fmt.Sprintf("how %s deploys its new funding", company)
	case signals.TypeLeadership:
		if x.Role != "" && x.Person != "" {
			return fmt.Sprintf("%s first 90 days as %s", possessive(x.Person), x.Role)
		}
		if x.Role != "" {
			return fmt.Sprintf("the new %s's first 90 days", x.Role)
		}
		return fmt.Sprintf("the review of priorities that follows %s", quote(s.Headline))
	case signals.TypeProduct:
		if x.Product != "" {
			return fmt.Sprintf("the rollout of %s", x.Product)
		}
		return fmt.Sprintf("the rollout behind %s", quote(s.Headline))
	case signals.TypePartnership:
		if x.Counterparty != "" {
			return fmt.Sprintf("delivering the %s agreement", x.Counterparty)
		}
		return fmt.Sprintf("delivering what %s announces", quote(s.Headline))
	case signals.TypeExpansion:
		if x.Place != "" {
			return fmt.Sprintf("standing up the new operation in %s", x.Place)
		}
		return fmt.Sprintf("the expansion in %s", quote(s.Headline))
	case signals.TypeHiring:
		if x.Department != "" && x.OpenRoles > 0 {
			return fmt.Sprintf("equipping the people %s is hiring (%d open roles, most in %s)", company, x.OpenRoles, x.Department)
		}
		if x.OpenRoles > 0 {
			return fmt.Sprintf("equipping the %d people %s is hiring", x.OpenRoles, company)
		}
		return fmt.Sprintf("equipping the people %s is hiring", company)
	case signals.TypeAcquisition:
		if x.Counterparty != "" {
			return fmt.Sprintf("integrating %s", x.Counterparty)
		}
		return fmt.Sprintf("the integration after %s", quote(s.Headline))
	case signals.TypeRegulatory:
		if adverse(s) {
			return fmt.Sprintf("the remediation that %s demands", quote(s.Headline))
		}
		if x.Product != "" {
			return fmt.Sprintf("the rollout of %s that %s allows", x.Product, quote(s.Headline))
		}
		return fmt.Sprintf("the work that %s allows", quote(s.Headline))
	case signals.TypeFinancial:
		return fmt.Sprintf("the plan behind %s", quote(s.Headline))
	case signals.TypeTechnology:
		if x.Product != "" {
			return fmt.Sprintf("the move to %s", x.Product)
		}
		return fmt.Sprintf("the technology change in %s", quote(s.Headline))
	}
	return ""
}

// ---- likelyPriorities ----

// priorities: one per signal type in rank order — observed where the
// evidence states what the company is doing, inferred (by the rule given
// in the explanation) where it follows from an event — then the busiest
// hiring department when no hiring signal covers it.
func (f *facts) priorities() []Priority {
	out := []Priority{}
	seen := map[signals.Type]bool{}
	for _, s := range f.ranked {
		if seen[s.Type] || len(out) == MaxPriorities {
			continue
		}
		seen[s.Type] = true
		if p, ok := f.priorityOf(s); ok {
			out = append(out, p)
		}
	}
	if !seen[signals.TypeHiring] && len(out) < MaxPriorities && len(f.depts) > 0 && f.depts[0].n >= 2 {
		d := f.depts[0]
		out = append(out, Priority{
			Priority: fmt.Sprintf("Grow the %s team", d.label), Basis: Observed,
			Explanation: fmt.Sprintf("%d of the %d roles open on %s job board are in %s.", d.n, len(f.jobs), possessive(f.name), d.label),
			Evidence:    f.boardURLs(),
		})
	}
	return out
}

func (f *facts) priorityOf(s signals.Signal) (Priority, bool) {
	x, d := s.Facts, date(s)
	said := fmt.Sprintf("%s (%s).", strings.TrimRight(s.Summary, "."), d)
	p := Priority{Basis: Observed, Evidence: s.Evidence, Explanation: said}
	switch s.Type {
	case signals.TypeFunding:
		p.Priority = "Put the new funding to work"
		if x.AmountText != "" {
			p.Priority = fmt.Sprintf("Put the %s %s to work", x.AmountText, strings.TrimSpace(x.Round))
			p.Priority = strings.Replace(p.Priority, "  ", " ", 1)
		}
	case signals.TypeLeadership:
		if x.Role == "" {
			p.Priority = "Settle the new leadership team"
			break
		}
		p.Basis = Inferred
		p.Priority = fmt.Sprintf("Review %s under the new %s", signals.RoleDomain(x.Role), x.Role)
		who := "A new " + x.Role
		if x.Person != "" {
			who = x.Person + ", the new " + x.Role + ","
		}
		p.Explanation = fmt.Sprintf("%s took over on %s (%s); a new executive typically reviews %s within 90 days, so until about %s.",
			who, d, quote(s.Headline), signals.RoleDomain(x.Role), sinceDays(s, 90))
	case signals.TypeProduct:
		p.Priority = "Bring the new product to market"
		if x.Product != "" {
			p.Priority = fmt.Sprintf("Bring %s to market", x.Product)
		}
	case signals.TypePartnership:
		p.Priority = "Deliver the new partnership"
		if x.Counterparty != "" {
			p.Priority = fmt.Sprintf("Deliver the %s agreement", x.Counterparty)
		}
	case signals.TypeExpansion:
		p.Priority = "Expand into a new location"
		if x.Place != "" {
			p.Priority = fmt.Sprintf("Expand in %s", x.Place)
		}
	case signals.TypeHiring:
		p.Priority = "Hire and onboard new staff"
		if x.Department != "" {
			p.Priority = fmt.Sprintf("Grow the %s team", x.Department)
		}
		if n := f.deptCount(x.Department); n > 0 && x.OpenRoles > 0 {
			p.Explanation = fmt.Sprintf("%d of the %d roles open on %s job board are in %s; the newest was posted %s.", n, x.OpenRoles, possessive(f.name), x.Department, d)
		} else if x.OpenRoles > 0 {
			p.Explanation = fmt.Sprintf("%s job board lists %d open roles; the newest was posted %s.", possessive(f.name), x.OpenRoles, d)
		}
	case signals.TypeAcquisition:
		p.Priority = "Integrate the acquisition"
		if x.Counterparty != "" {
			p.Priority = fmt.Sprintf("Integrate %s", x.Counterparty)
		}
	case signals.TypeRegulatory:
		p.Priority = "Roll out what the regulatory milestone allows: " + s.Headline
		if adverse(s) {
			p.Priority = "Remediate: " + s.Headline
		}
	case signals.TypeFinancial:
		p.Priority = "Deliver on the financial plan: " + s.Headline
	case signals.TypeTechnology:
		p.Priority = "Technology change: " + s.Headline
	default:
		return Priority{}, false
	}
	return p, true
}

// deptCount is the number of open roles in a department.
func (f *facts) deptCount(dept string) int {
	for _, d := range f.depts {
		if d.label == dept {
			return d.n
		}
	}
	return 0
}

// possessive is "Northwind Robotics'" or "Acme's".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// ---- recommendedApproach ----

// anchor is the trigger the approach is built on: the top-ranked signal
// that sets something in motion.
func (f *facts) anchor() (signals.Signal, bool) {
	for _, s := range f.ranked {
		if initiative(s, f.name) != "" {
			return s, true
		}
	}
	return signals.Signal{}, false
}

// contactDays is how soon to reach out after a trigger (reference §6
// timing heuristics: funding one week, new executive two weeks,
// acquisition one month; others two weeks, hiring one month).
func contactDays(t signals.Type) int {
	switch t {
	case signals.TypeFunding:
		return 7
	case signals.TypeAcquisition, signals.TypeHiring:
		return 30
	}
	return 14
}

func (f *facts) approach() Approach {
	a := Approach{RolesToContact: f.rolesToContact(), QuestionsToValidate: f.questionsToValidate(), Evidence: []string{}}
	s, ok := f.anchor()
	if f.seller != nil {
		angle := f.messageAngle(s, ok)
		a.MessageAngle = &angle
	}
	a.RecommendedAction = f.action(s, ok)
	if ok {
		a.Evidence = s.Evidence
	}
	for _, p := range f.namedPeople() {
		a.Evidence = appendNew(a.Evidence, p.evidence...)
	}
	return a
}

func (f *facts) messageAngle(s signals.Signal, ok bool) string {
	vp := strings.TrimRight(strings.TrimSpace(f.seller.ValueProposition), ".")
	var b strings.Builder
	switch {
	case ok:
		fmt.Fprintf(&b, "Tie %s to %s (%s, %s)", f.product, initiative(s, f.name), quote(s.Headline), date(s))
	case described(f.in) || len(f.ranked) == 0:
		fmt.Fprintf(&b, "Tie %s to what %s does, %s", f.product, f.name, f.descPhrase())
	default:
		s0 := f.ranked[0]
		fmt.Fprintf(&b, "Tie %s to %s news, %s (%s) — %s, so ask what it does before tailoring the pitch",
			f.product, possessive(f.name), quote(s0.Headline), date(s0), f.noSelfDescription())
	}
	if vp != "" {
		fmt.Fprintf(&b, ", and lead with the outcome: %s", lowerFirst(vp))
	}
	if terms := f.matchedTerms(); len(terms) > 0 {
		fmt.Fprintf(&b, "; use %s own words — %s", possessive(f.name), signals.JoinAnd(quoteAll(terms)))
	}
	b.WriteString(".")
	return b.String()
}

// matchedTerms are the seller's words qualification found in the
// company's own text (text relevance, then industry), at most four.
func (f *facts) matchedTerms() []string {
	var out []string
	for _, name := range []string{qualify.CompText, qualify.CompIndustry} {
		for _, c := range f.in.Fit.Components {
			if c.Name == name && c.Score > 0 {
				out = appendNew(out, c.Terms...)
			}
		}
	}
	if len(out) > 4 {
		out = out[:4]
	}
	return out
}

func quoteAll(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = "“" + t + "”"
	}
	return out
}

func (f *facts) action(s signals.Signal, ok bool) string {
	if f.in.Fit.FitAssessed && len(f.in.Fit.Disqualifiers) > 0 {
		return fmt.Sprintf("Do not open an opportunity with %s now: %s Revisit only if that changes.", f.name, f.in.Fit.Disqualifiers[0])
	}
	if f.in.Fit.FitAssessed && f.in.Fit.FitScore < 20 {
		return fmt.Sprintf("Deprioritise %s: the fit score is %d/100 (%s); watch for a trigger closer to what you sell before reaching out.", f.name, f.in.Fit.FitScore, f.in.Fit.FitLabel)
	}
	if !ok && (described(f.in) || len(f.ranked) == 0) {
		return fmt.Sprintf("Reach %s through %s with a note on what %s does, %s.", f.name, f.economicBuyer(), f.name, f.descPhrase())
	}
	if !ok {
		s0 := f.ranked[0]
		return fmt.Sprintf("Reach %s through %s with a note that cites %s (%s) and asks what %s does today: %s.",
			f.name, f.economicBuyer(), quote(s0.Headline), date(s0), f.name, f.noSelfDescription())
	}
	by := sinceDays(s, contactDays(s.Type))
	if by < f.now.Format("2006-01-02") {
		by = f.plusDays(7)
	}
	who := f.economicBuyer()
	if o := owner(s); f.seller == nil && o != "" {
		who = "the " + lowerFirst(strings.Split(o, " (")[0]) + " at " + f.name
	}
	if p, found := f.personFor(s); found {
		who = p
	}
	return fmt.Sprintf("Contact %s by %s with a short note that cites %s (%s) and asks for 20 minutes on %s.",
		who, by, quote(s.Headline), date(s), initiative(s, f.name))
}

// economicBuyer is the seller category's economic buyer at the company, or
// without a seller the executive the top leadership signal names, else
// the CEO's office.
func (f *facts) economicBuyer() string {
	if f.seller != nil {
		for _, p := range f.namedPeople() {
			if roleCategory(p.role) == f.cat {
				return p.text
			}
		}
		return fmt.Sprintf("%s %s", possessive(f.name), categoryRoles[f.cat].economic)
	}
	if ps := f.namedPeople(); len(ps) > 0 {
		return ps[0].text
	}
	return fmt.Sprintf("%s CEO office", possessive(f.name))
}

// person is an executive a leadership signal names.
type person struct {
	name, role, text string
	evidence         []string
}

// namedPeople are the people leadership signals name in a role, newest
// signal first: "Dana Whitfield (Chief Financial Officer since 2026-11-20)".
func (f *facts) namedPeople() []person {
	var out []person
	for _, s := range f.byType[signals.TypeLeadership] {
		x := s.Facts
		if x.Person == "" || x.Role == "" {
			continue
		}
		out = append(out, person{x.Person, x.Role, fmt.Sprintf("%s (%s, %s)", x.Person, x.Role, date(s)), s.Evidence})
	}
	return out
}

// personFor is the named person of a leadership signal.
func (f *facts) personFor(s signals.Signal) (string, bool) {
	if s.Type != signals.TypeLeadership || s.Facts.Person == "" {
		return "", false
	}
	return fmt.Sprintf("%s (the new %s)", s.Facts.Person, s.Facts.Role), true
}

// rolesToContact: the people leadership signals name, then with a seller
// the category's economic buyer, champions and technical reviewers; without
// one, the owners of what the signals set in motion.
func (f *facts) rolesToContact() []string {
	var out []string
	for _, p := range f.namedPeople() {
		if f.seller == nil || roleCategory(p.role) == f.cat || signals.RoleKey(p.role) == "ceo" {
			out = appendNew(out, p.text)
		}
	}
	if f.seller != nil {
		r := categoryRoles[f.cat]
		out = appendNew(out, r.economic+" (economic buyer)")
		for _, c := range r.champions {
			out = appendNew(out, c+" (champion)")
		}
		for _, t := range r.technical {
			out = appendNew(out, t+" (technical or risk review)")
		}
	} else {
		for _, s := range f.sigs {
			if o := owner(s); o != "" {
				out = appendNew(out, o)
			}
		}
	}
	if len(out) > MaxRoles {
		out = out[:MaxRoles]
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// owner is who owns what a signal sets in motion.
func owner(s signals.Signal) string {
	x := s.Facts
	switch s.Type {
	case signals.TypeHiring:
		if x.Department != "" {
			return "Head of " + x.Department + " (hiring manager)"
		}
	case signals.TypeExpansion:
		if x.Place != "" {
			return "General manager for " + x.Place
		}
	case signals.TypeProduct:
		if x.Product != "" {
			return "Product lead for " + x.Product
		}
	case signals.TypePartnership:
		if x.Counterparty != "" {
			return "Executive sponsor of the " + x.Counterparty + " agreement"
		}
	case signals.TypeAcquisition:
		return "Integration lead (corporate development)"
	case signals.TypeFunding:
		return "CFO (owner of the funding plan)"
	case signals.TypeRegulatory:
		return "General counsel or compliance lead"
	}
	return ""
}

// questionsToValidate: one question per top signal that sets something in
// motion (two at most), then what the qualification could not verify,
// then the incumbent question for a seller.
func (f *facts) questionsToValidate() []string {
	var out []string
	for _, s := range f.ranked {
		if len(out) == 2 {
			break
		}
		if q := question(s, f.name); q != "" {
			out = append(out, q)
		}
	}
	if !described(f.in) {
		out = append(out, f.descriptionQuestion())
	}
	if f.in.Fit.FitAssessed {
		for _, c := range f.in.Fit.Components {
			if len(out) == MaxValidate-1 {
				break
			}
			if q := unknownQuestion(c, f.name, fact(f.in.Profile.Headquarters)); q != "" {
				out = append(out, q)
			}
		}
	}
	if f.seller != nil && len(out) < MaxValidate {
		out = append(out, f.incumbentQuestion())
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// question asks what a signal leaves open, with its facts.
func question(s signals.Signal, company string) string {
	x := s.Facts
	switch s.Type {
	case signals.TypeFunding:
		r := "the new funding"
		if x.AmountText != "" {
			r = "the " + strings.TrimSpace(x.AmountText+" "+x.Round)
		}
		return fmt.Sprintf("Which plans does %s fund first, and who owns those budgets at %s?", r, company)
	case signals.TypeLeadership:
		if x.Person != "" && x.Role != "" {
			return fmt.Sprintf("What will %s change first as %s, and which vendor decisions are on hold until then?", x.Person, x.Role)
		}
	case signals.TypeProduct:
		if x.Product != "" {
			return fmt.Sprintf("What has to be in place for %s to scale, and what is the launch timeline?", x.Product)
		}
	case signals.TypePartnership:
		if x.Counterparty != "" {
			return fmt.Sprintf("What does %s have to deliver under the %s agreement, and by when?", company, x.Counterparty)
		}
	case signals.TypeExpansion:
		if x.Place != "" {
			return fmt.Sprintf("When does the %s operation open, and who is setting up its systems?", x.Place)
		}
	case signals.TypeHiring:
		if x.Department != "" {
			return fmt.Sprintf("What is the %s team being grown to do, and how many of the %d open roles start this quarter?", x.Department, x.OpenRoles)
		}
	case signals.TypeAcquisition:
		if x.Counterparty != "" {
			return fmt.Sprintf("Which of %s systems will %s keep, and when do integration decisions close?", possessive(x.Counterparty), company)
		}
	case signals.TypeRegulatory:
		if adverse(s) {
			return fmt.Sprintf("What does %s require of %s, and by which date?", quote(s.Headline), company)
		}
		return fmt.Sprintf("Which customers or deals does %s open for %s, and what has to scale to serve them?", quote(s.Headline), company)
	}
	return ""
}

// noSelfDescription names the gap when no source describes the company.
func (f *facts) noSelfDescription() string {
	return fmt.Sprintf("we found no self-description of %s (its website, its press releases and its reference entry do not say what it does)", f.name)
}

// descriptionQuestion asks what the company does when no source says.
func (f *facts) descriptionQuestion() string {
	return fmt.Sprintf("What does %s do, and for whom? We found no self-description: ask what it sells and to which customers before tailoring the pitch.", f.name)
}

// unknownQuestion asks for a qualification input no source stated.
func unknownQuestion(c qualify.Component, company, hq string) string {
	if c.Weight != 0 || !strings.HasPrefix(c.Reason, "Excluded:") {
		return ""
	}
	r := strings.ToLower(c.Reason)
	if strings.Contains(r, "icp") || strings.Contains(r, "seller") {
		return "" // the seller's side is silent, not the company's
	}
	switch c.Name {
	case qualify.CompSize:
		return fmt.Sprintf("How many employees does %s have? No source states a headcount, so size fit is unverified.", company)
	case qualify.CompGeography:
		if strings.Contains(r, "headquarters") && hq != "" {
			return fmt.Sprintf("Which country and region does %s (headquartered in %s) buy for? The sources name the city only.", company, hq)
		}
		return fmt.Sprintf("Where is %s headquartered and where does it buy? No source states its headquarters.", company)
	case qualify.CompModel:
		return fmt.Sprintf("Who are %s customers — businesses, consumers or both? Its own text does not say.", possessive(company))
	case qualify.CompIndustry:
		return fmt.Sprintf("Which industry does %s report itself in? No source states one.", company)
	}
	return ""
}

// incumbentQuestion asks about the incumbent in the seller's category,
// naming one the home page shows when there is one.
func (f *facts) incumbentQuestion() string {
	if t, ok := f.incumbent(); ok {
		return fmt.Sprintf("%s site runs %s: is it the incumbent for what %s does, and when does its contract renew?", possessive(f.name), t.Name, f.product)
	}
	return fmt.Sprintf("What does %s use today for what %s does, and when does that contract renew?", f.name, f.product)
}

// ---- risks ----

// risks: disqualifiers; a weak assessed fit with the components that
// missed; inputs no source stated; what the signals put at risk (a
// leadership change or an acquisition pausing decisions, restructuring,
// regulatory trouble); stale or thin evidence; a failed source.
func (f *facts) risks() []Risk {
	out := []Risk{}
	add := func(r Risk) {
		if len(out) < MaxRisks {
			if r.Evidence == nil {
				r.Evidence = []string{}
			}
			out = append(out, r)
		}
	}
	fit := f.in.Fit
	for _, d := range fit.Disqualifiers {
		add(Risk{Risk: "Disqualified for " + f.product, Explanation: d, Evidence: fit.Evidence[d]})
	}
	if !described(f.in) {
		add(Risk{Risk: "No self-description", Explanation: upperFirst(f.noSelfDescription()) +
			": this brief rests on its trigger events alone and the fit score leaves the description out; ask what it does before tailoring the pitch."})
	}
	if fit.FitAssessed && len(fit.Disqualifiers) == 0 && fit.FitScore < 40 {
		var missed []string
		var ev []string
		for _, c := range fit.Components {
			if c.Weight > 0 && c.Score == 0 {
				missed = append(missed, c.Reason)
				ev = appendNew(ev, c.Evidence...)
			}
		}
		if len(missed) > 0 {
			add(Risk{Risk: fmt.Sprintf("Weak fit (%d/100, %s)", fit.FitScore, fit.FitLabel), Explanation: strings.Join(missed, " "), Evidence: ev})
		}
	}
	for _, s := range f.sigs {
		x := s.Facts
		switch s.Type {
		case signals.TypeLeadership:
			if x.Role != "" {
				add(Risk{Risk: fmt.Sprintf("%s in transition", upperFirst(x.Role)),
					Explanation: fmt.Sprintf("%s (%s): decisions about %s may wait until the new %s has set priorities, around %s.", quote(s.Headline), date(s), signals.RoleDomain(x.Role), x.Role, sinceDays(s, 90)),
					Evidence:    s.Evidence})
			}
		case signals.TypeAcquisition:
			add(Risk{Risk: "Integration freeze",
				Explanation: fmt.Sprintf("%s (%s): companies integrating an acquisition often freeze new vendor decisions in the affected teams for a quarter or two.", quote(s.Headline), date(s)),
				Evidence:    s.Evidence})
		case signals.TypeFinancial:
			if restructuring(s) {
				add(Risk{Risk: "Spending scrutiny",
					Explanation: fmt.Sprintf("%s (%s): cost cutting puts every new purchase under review; lead with savings.", quote(s.Headline), date(s)),
					Evidence:    s.Evidence})
			}
		case signals.TypeRegulatory:
			if adverse(s) {
				add(Risk{Risk: "Regulatory distraction",
					Explanation: fmt.Sprintf("%s (%s): legal and compliance teams will be busy, and purchases touching them will be slow.", quote(s.Headline), date(s)),
					Evidence:    s.Evidence})
			}
		}
	}
	if fit.FitAssessed {
		for _, c := range fit.Components {
			if q := unknownQuestion(c, f.name, fact(f.in.Profile.Headquarters)); q != "" {
				what := fmt.Sprintf("No source states %s %s", possessive(f.name), componentLabel(c.Name))
				if hq := fact(f.in.Profile.Headquarters); c.Name == qualify.CompGeography && hq != "" {
					what = fmt.Sprintf("The sources give %s headquarters only as %s, which does not say which country or region it is in", possessive(f.name), hq)
				}
				add(Risk{Risk: fmt.Sprintf("%s %s unverified", possessive(f.name), componentLabel(c.Name)), Explanation: what + fmt.Sprintf(", so the ICP's %s criterion was left out of the fit score rather than counted as a match; confirm it early.", componentLabel(c.Name))})
			}
		}
	}
	if len(f.sigs) > 0 {
		newest := f.sigs[0]
		for _, s := range f.sigs {
			if date(s) > date(newest) {
				newest = s
			}
		}
		if age := f.age(newest); age > 45 {
			add(Risk{Risk: "Stale trigger", Explanation: fmt.Sprintf("The newest trigger, %s, is %d days old (%s); the buying window it opened may have closed.", quote(newest.Headline), age, date(newest)), Evidence: newest.Evidence})
		}
		thin := true
		for _, s := range f.sigs {
			thin = thin && s.Confidence < 0.6
		}
		if thin {
			add(Risk{Risk: "Thin evidence", Explanation: fmt.Sprintf("Every trigger found for %s rests on weak evidence (confidence below 0.6); confirm %s before relying on it.", f.name, quote(f.sigs[0].Headline)), Evidence: f.sigs[0].Evidence})
		}
	}
	if f.in.Partial {
		add(Risk{Risk: "Incomplete research", Explanation: fmt.Sprintf("A public source did not answer while %s was researched, so a recent event may be missing from this brief.", f.name)})
	}
	return out
}

func componentLabel(name string) string {
	switch name {
	case qualify.CompSize:
		return "company size"
	case qualify.CompGeography:
		return "headquarters location"
	case qualify.CompModel:
		return "business model"
	case qualify.CompIndustry:
		return "industry"
	}
	return name
}

func restructuring(s signals.Signal) bool {
	l := strings.ToLower(s.Headline + " " + s.Summary)
	for _, w := range []string{"layoff", "lay off", "job cuts", "cuts jobs", "restructur", "cost-cutting", "cost cutting", "bankruptcy", "chapter 11", "workforce reduction"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

func adverse(s signals.Signal) bool {
	l := strings.ToLower(s.Headline + " " + s.Summary)
	for _, w := range []string{"lawsuit", "sues", "sued", "investigation", "fine", "fined", "penalty", "recall", "warning letter", "consent order", "probe"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}
