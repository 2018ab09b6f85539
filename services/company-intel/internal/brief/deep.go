package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// Deep section limits (doc.go).
const (
	MaxInitiatives = 5
	MaxClues       = 8
	MaxCompetitors = 4
	MaxObjections  = 5
	MaxBuyingRoles = 8
	MaxSequence    = 5
)

func (f *facts) deep() Deep {
	d := Deep{Brief: f.brief()}
	d.Initiatives = f.initiatives()
	d.Clues = f.clues()
	d.Competitors = f.competitors()
	d.Objections = f.objections()
	d.BuyingRoles = f.buyingRoles()
	d.Positioning = f.positioning()
	d.Questions = f.discovery()
	d.Plan = f.plan(d.Approach)
	return d
}

// ---- strategicInitiatives ----

// initiatives are the longer-running themes the evidence shows, one per
// theme: the product line, partners and customers, geography, capital,
// acquisitions, compliance (each observed from its signals), then the
// team build-out and the technology focus the job boards show (inferred
// from the mix of open roles).
func (f *facts) initiatives() []Priority {
	out := []Priority{}
	add := func(p Priority) {
		if len(out) < MaxInitiatives && p.Priority != "" {
			out = append(out, p)
		}
	}
	theme := func(t signals.Type, title func([]signals.Signal) string) {
		ss := f.byType[t]
		if len(ss) == 0 {
			return
		}
		var said, ev []string
		for _, s := range ss {
			said = append(said, fmt.Sprintf("%s (%s)", quote(s.Headline), date(s)))
			ev = appendNew(ev, s.Evidence...)
		}
		add(Priority{Priority: title(ss), Basis: Observed, Explanation: fmt.Sprintf("%s reported %s.", f.name, signals.JoinAnd(said)), Evidence: ev})
	}
	theme(signals.TypeProduct, func(ss []signals.Signal) string {
		var ps []string
		for _, s := range ss {
			if s.Facts.Product != "" {
				ps = appendNew(ps, s.Facts.Product)
			}
		}
		if len(ps) > 0 {
			return "Grow the product line with " + signals.JoinAnd(ps)
		}
		return "Grow the product line"
	})
	theme(signals.TypePartnership, func(ss []signals.Signal) string {
		var cs []string
		for _, s := range ss {
			if s.Facts.Counterparty != "" {
				cs = appendNew(cs, s.Facts.Counterparty)
			}
		}
		if len(cs) > 0 {
			return "Win and deliver large accounts and partners such as " + signals.JoinAnd(cs)
		}
		return "Win and deliver large accounts and partners"
	})
	theme(signals.TypeExpansion, func(ss []signals.Signal) string {
		var ps []string
		for _, s := range ss {
			if s.Facts.Place != "" {
				ps = appendNew(ps, s.Facts.Place)
			}
		}
		if len(ps) > 0 {
			return "Expand its footprint to " + signals.JoinAnd(ps)
		}
		return "Expand its footprint"
	})
	theme(signals.TypeFunding, func([]signals.Signal) string { return "Scale on new capital" })
	theme(signals.TypeAcquisition, func([]signals.Signal) string { return "Grow through acquisition" })
	theme(signals.TypeRegulatory, func(ss []signals.Signal) string {
		for _, s := range ss {
			if adverse(s) {
				return "Resolve regulatory issues and strengthen compliance"
			}
		}
		return "Clear regulatory milestones"
	})
	theme(signals.TypeFinancial, func([]signals.Signal) string { return "Manage financial performance" })
	if len(f.depts) >= 2 && len(f.jobs) >= 4 {
		var parts []string
		for _, d := range f.depts[:min(3, len(f.depts))] {
			parts = append(parts, fmt.Sprintf("%s (%d)", d.label, d.n))
		}
		add(Priority{Priority: fmt.Sprintf("Build out %s and %s", f.depts[0].label, f.depts[1].label), Basis: Inferred,
			Explanation: fmt.Sprintf("Of %d open roles on %s job board, most are in %s; where a company hires is where it is investing.", len(f.jobs), possessive(f.name), signals.JoinAnd(parts)),
			Evidence:    f.boardURLs()})
	}
	if len(f.jobTech) > 0 && f.jobTech[0].n >= 2 {
		t := f.jobTech[0]
		add(Priority{Priority: fmt.Sprintf("Invest in %s-based work", t.label), Basis: Inferred,
			Explanation: fmt.Sprintf("%d of %s open roles name %s in their postings; repeated skills in job posts mark a platform the company is committed to.", t.n, possessive(f.name), t.label),
			Evidence:    f.jobTechU[t.label]})
	}
	return out
}

// ---- technologyAndOperationalClues ----

// clues: the home page's technologies (one clue per category), the
// technologies job posts name, where hiring is concentrated, where the
// roles are, and public-company reporting from SEC filings.
func (f *facts) clues() []Clue {
	out := []Clue{}
	add := func(c Clue) {
		if len(out) < MaxClues {
			out = append(out, c)
		}
	}
	var order []string
	byCat := map[string][]bundle.Tech{}
	for _, t := range f.siteTech {
		if _, ok := byCat[t.Category]; !ok {
			order = append(order, t.Category)
		}
		byCat[t.Category] = append(byCat[t.Category], t)
	}
	for _, cat := range order {
		ts := byCat[cat]
		var names []string
		for _, t := range ts {
			names = append(names, fmt.Sprintf("%s (%s)", t.Name, t.Detail))
		}
		add(Clue{Clue: fmt.Sprintf("%s home page shows %s: %s.", possessive(f.name), techCategoryLabel(cat), signals.JoinAnd(names)),
			Implication: techImplication(cat, ts[0].Name, f.name), Evidence: []string{f.homeURL}})
	}
	if len(f.jobTech) > 0 {
		var parts []string
		var ev []string
		for _, t := range f.jobTech[:min(5, len(f.jobTech))] {
			parts = append(parts, fmt.Sprintf("%s (%d)", t.label, t.n))
			ev = appendNew(ev, f.jobTechU[t.label]...)
		}
		add(Clue{Clue: fmt.Sprintf("%s job posts name %s.", possessive(f.name), signals.JoinAnd(parts)),
			Implication: fmt.Sprintf("This is the stack the team works in; a product that integrates with %s fits with less effort, and engineers will judge it against it.", f.jobTech[0].label),
			Evidence:    ev})
	}
	if len(f.depts) > 0 && len(f.jobs) >= 3 {
		var parts []string
		for _, d := range f.depts[:min(3, len(f.depts))] {
			parts = append(parts, fmt.Sprintf("%d in %s", d.n, d.label))
		}
		add(Clue{Clue: fmt.Sprintf("%d open roles: %s.", len(f.jobs), signals.JoinAnd(parts)),
			Implication: fmt.Sprintf("%s is where %s adds people now; its managers feel growing pains first and are the likeliest champions.", f.depts[0].label, f.name),
			Evidence:    f.boardURLs()})
	}
	if len(f.places) >= 2 {
		var parts []string
		remote := 0
		for _, p := range f.places {
			if p.label == "Remote" {
				remote = p.n
				continue
			}
			if len(parts) < 4 {
				parts = append(parts, p.label)
			}
		}
		c := fmt.Sprintf("Roles are open in %s", signals.JoinAnd(parts))
		switch {
		case remote == 1:
			c += ", and 1 is remote"
		case remote > 1:
			c += fmt.Sprintf(", and %d are remote", remote)
		}
		add(Clue{Clue: c + ".", Implication: fmt.Sprintf("%s works across %d locations: a rollout has to serve several sites, time zones and possibly countries.", f.name, len(parts)),
			Evidence: f.boardURLs()})
	}
	if fl, url, ok := f.latestFiling(); ok {
		tk := ""
		if v := fact(f.in.Profile.Ticker); v != "" {
			tk = " (" + v + ")"
		} else if f.in.Company.Ticker != "" {
			tk = " (" + f.in.Company.Ticker + ")"
		}
		add(Clue{Clue: fmt.Sprintf("%s%s files with the SEC; its latest filing in the window is %s %s on %s.", f.name, tk, formArticle(fl.Form), fl.Form, fl.Filed.Format("2006-01-02")),
			Implication: "As a US public company it works under SOX controls and a quarterly reporting cadence: expect finance and audit review of new vendors, and slower signatures near quarter-end.",
			Evidence:    []string{url}})
	}
	return out
}

// formArticle is "an" before a form read with a vowel sound ("an 8-K",
// "an S-1"), "a" otherwise ("a 10-Q").
func formArticle(form string) string {
	if strings.HasPrefix(form, "8") || strings.HasPrefix(form, "11") || strings.HasPrefix(form, "18") ||
		strings.HasPrefix(form, "S-") || strings.HasPrefix(form, "F-") {
		return "an"
	}
	return signals.Article(form)
}

// latestFiling is the newest filing item of the bundle.
func (f *facts) latestFiling() (bundle.Filing, string, bool) {
	var best *bundle.Item
	for i := range f.in.Items {
		it := &f.in.Items[i]
		if it.Filing == nil {
			continue
		}
		if best == nil || it.Filing.Filed.After(best.Filing.Filed) || (it.Filing.Filed.Equal(best.Filing.Filed) && it.Doc.URL < best.Doc.URL) {
			best = it
		}
	}
	if best == nil {
		return bundle.Filing{}, "", false
	}
	return *best.Filing, best.Doc.URL, true
}

// techCategoryLabel is a webtech category in words.
func techCategoryLabel(cat string) string {
	return strings.ReplaceAll(cat, "_", " ")
}

// techImplication says what a category of site technology tells a seller.
func techImplication(cat, name, company string) string {
	switch cat {
	case "marketing_automation", "crm", "sales_engagement", "sales_intelligence":
		return fmt.Sprintf("%s runs an instrumented go-to-market stack on %s; sales and marketing tools must integrate with it, and its owners (Marketing Ops, RevOps) are reachable buyers.", company, name)
	case "analytics", "tag_manager", "ab_testing", "advertising":
		return fmt.Sprintf("%s measures its web funnel with %s; the marketing team is data-driven and will want results it can see there.", company, name)
	case "ecommerce", "payments":
		return fmt.Sprintf("%s sells or takes payments online with %s; checkout, fraud and finance reconciliation run through it.", company, name)
	case "cdn", "hosting", "paas", "security", "web_server":
		return fmt.Sprintf("%s serves its site through %s; infrastructure choices are made by an in-house web or platform team.", company, name)
	case "chat_support":
		return fmt.Sprintf("%s talks to visitors and customers through %s; support tooling decisions sit with Support or CX operations.", company, name)
	case "cms", "site_builder":
		return fmt.Sprintf("%s publishes its site with %s; marketing owns the web stack.", company, name)
	case "identity":
		return fmt.Sprintf("%s uses %s for sign-in; identity is centrally managed, and new tools will be expected to support it.", company, name)
	case "consent_management":
		return fmt.Sprintf("%s manages cookie consent with %s: privacy compliance is handled deliberately, so expect a data-processing review.", company, name)
	}
	return fmt.Sprintf("%s uses %s on its public site.", company, name)
}

// siteCategory maps webtech categories to the seller categories.
func siteCategory(cat string) category {
	switch cat {
	case "email_security_gateway", "security", "identity":
		return catSecurity
	case "payments":
		return catFinanceHR
	case "marketing_automation", "crm", "sales_engagement", "sales_intelligence", "analytics", "advertising", "ab_testing", "tag_manager":
		return catSalesMarketing
	case "cdn", "hosting", "paas", "monitoring", "web_framework", "javascript_framework":
		return catDevInfra
	}
	return catNone
}

// incumbent is a home-page technology in the seller's category.
func (f *facts) incumbent() (bundle.Tech, bool) {
	if f.seller == nil {
		return bundle.Tech{}, false
	}
	for _, t := range f.siteTech {
		if siteCategory(t.Category) == f.cat {
			return t, true
		}
	}
	return bundle.Tech{}, false
}

// ---- competitorConsiderations ----

func (f *facts) competitors() []Statement {
	out := []Statement{}
	add := func(s Statement) {
		if len(out) < MaxCompetitors {
			if s.Evidence == nil {
				s.Evidence = []string{}
			}
			out = append(out, s)
		}
	}
	for _, d := range f.in.Fit.Disqualifiers {
		if strings.Contains(strings.ToLower(d), "competitor") {
			add(Statement{Text: d + " Selling to a competitor rarely works; treat this as partnership or research, not a deal.", Evidence: f.in.Fit.Evidence[d]})
		}
	}
	if t, ok := f.incumbent(); ok {
		add(Statement{Text: fmt.Sprintf("%s already runs %s (%s) in the same category as %s: this is a displacement or coexistence sale, not greenfield — find what %s does not do for them.", f.name, t.Name, t.Detail, f.product, t.Name),
			Evidence: []string{f.homeURL}})
	}
	for _, s := range f.byType[signals.TypePartnership] {
		if c := s.Facts.Counterparty; c != "" {
			add(Statement{Text: fmt.Sprintf("%s is tied to %s (%s, %s): a vendor already serving %s has a reference inside the deal, and one competing with %s faces a conflict.", f.name, c, quote(s.Headline), date(s), c, c),
				Evidence: s.Evidence})
		}
	}
	if s, ok := f.anchor(); ok {
		add(Statement{Text: fmt.Sprintf("The strongest alternative is doing nothing: unless %s creates a deadline, %s can keep its current %s setup — tie the proposal to that deadline.", initiative(s, f.name), f.name, categoryRoles[f.cat].area),
			Evidence: s.Evidence})
	}
	return out
}

// ---- likelyObjections ----

func (f *facts) objections() []Statement {
	out := []Statement{}
	add := func(s Statement) {
		if len(out) < MaxObjections {
			if s.Evidence == nil {
				s.Evidence = []string{}
			}
			out = append(out, s)
		}
	}
	var cut *signals.Signal
	for i, s := range f.byType[signals.TypeFinancial] {
		if restructuring(s) {
			cut = &f.byType[signals.TypeFinancial][i]
			break
		}
	}
	switch fs, ok := f.first(signals.TypeFunding); {
	case cut != nil:
		add(Statement{Text: fmt.Sprintf("“No budget” is likely real after %s (%s): build the case on savings %s can book this year.", quote(cut.Headline), date(*cut), f.name), Evidence: cut.Evidence})
	case ok:
		add(Statement{Text: fmt.Sprintf("“No budget”: answer with %s (%s) — the new money exists to fund exactly this kind of initiative.", quote(fs.Headline), date(fs)), Evidence: fs.Evidence})
	default:
		if p := f.priorities(); len(p) > 0 { // ranked by relevance to the seller
			add(Statement{Text: fmt.Sprintf("“No budget”: no funding event appears in the window, so build the business case on “%s”; most purchases start without a budget line.", p[0].Priority), Evidence: p[0].Evidence})
		}
	}
	if p := f.namedPeople(); len(p) > 0 {
		add(Statement{Text: fmt.Sprintf("“Talk to us after %s settles in”: agree a date inside the first 90 days and bring a point of view on %s.", p[0].name, signals.RoleDomain(p[0].role)), Evidence: p[0].evidence})
	}
	if s, ok := f.first(signals.TypeAcquisition); ok {
		add(Statement{Text: fmt.Sprintf("“Not during the integration” (%s, %s): show how you shorten the integration rather than add to it.", quote(s.Headline), date(s)), Evidence: s.Evidence})
	}
	if t, ok := f.incumbent(); ok {
		add(Statement{Text: fmt.Sprintf("“We already use %s”: ask what it does not cover and when its contract renews; offer to run alongside it first.", t.Name), Evidence: []string{f.homeURL}})
	}
	if why, ev := f.regulated(); why != "" {
		add(Statement{Text: fmt.Sprintf("“It has to pass our security and compliance review”: %s; bring your security documentation and data-processing terms to the first meeting.", why), Evidence: ev})
	}
	if len(f.jobTech) > 0 {
		var names []string
		for _, t := range f.jobTech[:min(3, len(f.jobTech))] {
			names = append(names, t.label)
		}
		add(Statement{Text: fmt.Sprintf("“It will not work with our stack”: %s job posts name %s — show the integration or a customer running the same stack.", possessive(f.name), signals.JoinAnd(names)), Evidence: f.jobTechU[f.jobTech[0].label]})
	}
	if s, ok := f.anchor(); ok {
		add(Statement{Text: fmt.Sprintf("“Not a priority right now”: point to %s (%s) and what waiting costs %s while %s is under way.", quote(s.Headline), date(s), f.name, initiative(s, f.name)), Evidence: s.Evidence})
	}
	return out
}

// regulated says why the company will run a security and compliance
// review: a regulated industry, a US public company, or a regulatory
// signal; with the evidence.
func (f *facts) regulated() (string, []string) {
	ind := strings.ToLower(fact(f.in.Profile.Industry) + " " + fact(f.in.Profile.Description))
	for _, w := range []string{"medical", "health", "pharma", "payment", "bank", "financial services", "insurance", "fintech", "defense", "government"} {
		if strings.Contains(ind, w) {
			u := factURL(f.in.Profile.Industry)
			if !strings.Contains(strings.ToLower(fact(f.in.Profile.Industry)), w) {
				u = factURL(f.in.Profile.Description)
			}
			return fmt.Sprintf("%s works in a regulated field (%s)", f.name, w), []string{u}
		}
	}
	if s, ok := f.first(signals.TypeRegulatory); ok {
		return fmt.Sprintf("%s is dealing with %s (%s)", f.name, quote(s.Headline), date(s)), s.Evidence
	}
	if fl, url, ok := f.latestFiling(); ok {
		return fmt.Sprintf("%s is an SEC filer (latest %s on %s) under SOX controls", f.name, fl.Form, fl.Filed.Format("2006-01-02")), []string{url}
	}
	return "", nil
}

// ---- buyingCommitteeRoles ----

func (f *facts) buyingRoles() []Statement {
	out := []Statement{}
	add := func(s Statement) {
		if len(out) < MaxBuyingRoles {
			if s.Evidence == nil {
				s.Evidence = []string{}
			}
			out = append(out, s)
		}
	}
	r := categoryRoles[f.cat]
	econ := Statement{Text: fmt.Sprintf("Economic buyer: %s %s — owns the %s budget.", possessive(f.name), r.economic, r.area)}
	for _, p := range f.namedPeople() {
		if roleCategory(p.role) == f.cat {
			econ = Statement{Text: fmt.Sprintf("Economic buyer: %s — owns %s.", p.text, signals.RoleDomain(p.role)), Evidence: p.evidence}
			break
		}
	}
	add(econ)
	for _, p := range f.namedPeople() {
		if roleCategory(p.role) != f.cat {
			add(Statement{Text: fmt.Sprintf("Executive sponsor or approver: %s — new in the role, and owns %s.", p.text, signals.RoleDomain(p.role)), Evidence: p.evidence})
		}
	}
	champ := fmt.Sprintf("Champion: %s %s.", possessive(f.name), signals.JoinAnd(r.champions))
	var ev []string
	for _, d := range f.depts {
		if departmentCategory(d.label) == f.cat {
			champ = fmt.Sprintf("Champion: %s — the %s team is hiring (%d open roles), so its managers feel the growing pains.", signals.JoinAnd(r.champions), d.label, d.n)
			ev = f.boardURLs()
			break
		}
	}
	add(Statement{Text: champ, Evidence: ev})
	add(Statement{Text: fmt.Sprintf("Technical and risk review at %s: %s.", f.name, signals.JoinAnd(r.technical))})
	for _, d := range f.depts {
		if departmentCategory(d.label) == f.cat {
			add(Statement{Text: fmt.Sprintf("Users: the %s team at %s, which has %d of the %d open roles.", d.label, f.name, d.n, len(f.jobs)), Evidence: f.boardURLs()})
			break
		}
	}
	add(Statement{Text: fmt.Sprintf("Procurement and legal at %s: contract, data-processing terms and vendor onboarding.", f.name)})
	return out
}

// ---- recommendedPositioning ----

func (f *facts) positioning() Statement {
	vp := strings.TrimRight(strings.TrimSpace(f.seller.ValueProposition), ".")
	var b strings.Builder
	fmt.Fprintf(&b, "Position %s for %s", f.product, f.name)
	s, ok := f.anchor()
	if d := f.descPhrase(); d != "" {
		fmt.Fprintf(&b, ", %s", d)
		if ok {
			b.WriteString(",")
		}
	}
	var ev []string
	if ok {
		fmt.Fprintf(&b, " as part of %s", initiative(s, f.name))
		ev = s.Evidence
	}
	if vp != "" {
		fmt.Fprintf(&b, ": %s", lowerFirst(vp))
	}
	b.WriteString(".")
	if t, ok := f.incumbent(); ok {
		fmt.Fprintf(&b, " Against %s, lead with what it leaves undone rather than a rip-and-replace.", t.Name)
		ev = appendNew(ev, f.homeURL)
	}
	if f.in.Fit.FitAssessed {
		fmt.Fprintf(&b, " Fit is %s (%d/100)", f.in.Fit.FitLabel, f.in.Fit.FitScore)
		if len(f.in.Fit.Disqualifiers) > 0 {
			b.WriteString(", capped by a disqualifier: qualify before investing time.")
		} else {
			b.WriteString(".")
		}
	}
	ev = appendNew(ev, factURL(f.in.Profile.Description))
	return Statement{Text: b.String(), Evidence: ev}
}

// ---- discoveryQuestions ----

// discovery returns exactly DiscoveryQuestions questions, in MEDDICC
// order where the evidence allows: the pain the anchor trigger implies,
// the economic buyer, the metric of success, the competition or status
// quo, the decision process; then further signal questions and what the
// qualification could not verify, as replacements.
func (f *facts) discovery() []Statement {
	var out []Statement
	seen := map[string]bool{}
	add := func(text string, ev []string) {
		if text == "" || seen[text] || len(out) == DiscoveryQuestions {
			return
		}
		seen[text] = true
		if ev == nil {
			ev = []string{}
		}
		out = append(out, Statement{Text: text, Evidence: ev})
	}
	if !described(f.in) {
		add(f.descriptionQuestion(), nil)
	}
	s, ok := f.anchor()
	if ok {
		add(question(s, f.name), s.Evidence)
	}
	r := categoryRoles[f.cat]
	econ, econEv := r.economic, []string(nil)
	for _, p := range f.namedPeople() {
		if roleCategory(p.role) == f.cat {
			econ, econEv = p.name+" as "+p.role, p.evidence
			break
		}
	}
	add(fmt.Sprintf("Who signs off on %s purchases at %s — %s, or someone else — and what would they need to see?", r.area, f.name, econ), econEv)
	if ps := f.priorities(); len(ps) > 0 {
		add(fmt.Sprintf("How will %s measure success on “%s” by %s, and what does it cost if it slips?", f.name, ps[0].Priority, f.plusDays(90)), ps[0].Evidence)
	}
	if t, ok := f.incumbent(); ok {
		add(fmt.Sprintf("What does %s not do for %s today that %s would have to, and when does it renew?", t.Name, f.name, f.product), []string{f.homeURL})
	} else {
		add(fmt.Sprintf("What does %s use today for what %s does, and what would make it switch?", f.name, f.product), nil)
	}
	process := fmt.Sprintf("What does buying a new %s tool involve at %s — security review, procurement, legal — and how long did the last one take?", r.area, f.name)
	if why, ev := f.regulated(); why != "" {
		add(process+" "+upperFirst(why)+".", ev)
	} else {
		add(process, nil)
	}
	for _, s := range f.sigs {
		add(question(s, f.name), s.Evidence)
	}
	for _, c := range f.in.Fit.Components {
		add(unknownQuestion(c, f.name, fact(f.in.Profile.Headquarters)), nil)
	}
	if len(f.depts) > 0 {
		d := f.depts[0]
		add(fmt.Sprintf("What will the %d new people in %s need on day one, and who provides it?", d.n, d.label), f.boardURLs())
	}
	add(fmt.Sprintf("Which teams at %s would use %s first, and who would run the pilot?", f.name, f.product), nil)
	add(fmt.Sprintf("What has %s tried before for %s, and why did it stop?", f.name, r.area), nil)
	return out
}

// ---- accountPlan ----

func (f *facts) plan(a Approach) Plan {
	p := Plan{FirstStep: a.RecommendedAction, Sequence: []string{}, Evidence: a.Evidence}
	s, ok := f.anchor()
	topic := "what it does today"
	if ok {
		topic = initiative(s, f.name)
	}
	switch {
	case f.in.Fit.FitAssessed && len(f.in.Fit.Disqualifiers) > 0:
		p.Objective = fmt.Sprintf("Confirm or rule out %s as an account for %s within two weeks (by %s): a disqualifier caps the fit at %d/100.", f.name, f.product, f.plusDays(14), f.in.Fit.FitScore)
	default:
		p.Objective = fmt.Sprintf("Open a qualified opportunity with %s for %s tied to %s by %s.", f.name, f.product, topic, f.plusDays(45))
	}
	who := f.economicBuyer()
	champ := signals.JoinAnd(categoryRoles[f.cat].champions)
	if f.in.Fit.FitAssessed && len(f.in.Fit.Disqualifiers) > 0 {
		p.Sequence = []string{
			fmt.Sprintf("By %s: check the disqualifier against %s own sources: %s", f.plusDays(7), possessive(f.name), f.in.Fit.Disqualifiers[0]),
			fmt.Sprintf("By %s: if it does not hold, contact %s about %s; if it holds, close the account and watch for a change.", f.plusDays(14), who, topic),
		}
		return p
	}
	steps := []string{
		fmt.Sprintf("By %s: confirm the facts this brief cites and map %s, %s and the technical reviewers at %s.", f.plusDays(2), who, champ, f.name),
	}
	if ok {
		steps = append(steps, fmt.Sprintf("By %s: first touch to %s citing %s (%s).", f.plusDays(7), who, quote(s.Headline), date(s)))
	} else {
		steps = append(steps, fmt.Sprintf("By %s: first touch to %s.", f.plusDays(7), who))
	}
	if len(f.depts) > 0 && departmentCategory(f.depts[0].label) == f.cat {
		steps = append(steps, fmt.Sprintf("By %s: reach the %s managers who are hiring %d people with a point of view on %s.", f.plusDays(14), f.depts[0].label, f.depts[0].n, topic))
	} else {
		steps = append(steps, fmt.Sprintf("By %s: follow up with the %s and a point of view on %s.", f.plusDays(14), lowerFirst(champ), topic))
	}
	steps = append(steps, fmt.Sprintf("By %s: discovery call with %s on the five discovery questions; agree success metrics.", f.plusDays(30), f.name))
	steps = append(steps, fmt.Sprintf("By %s: propose a pilot of %s scoped to %s, with a decision date.", f.plusDays(45), f.product, topic))
	if len(steps) > MaxSequence {
		steps = steps[:MaxSequence]
	}
	p.Sequence = steps
	return p
}
