// questionsToValidate: the question a signal leaves open, what the
// qualification could not verify and the incumbent question (discovery.go
// asks them too).

package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
