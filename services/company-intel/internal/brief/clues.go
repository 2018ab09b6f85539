// technologyAndOperationalClues: the site's and job posts' technologies,
// where hiring is concentrated and public-company reporting.

package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
