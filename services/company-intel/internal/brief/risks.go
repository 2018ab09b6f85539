// risks: disqualifiers, a weak fit, unknown inputs, adverse signals, stale
// or thin evidence and failed sources.

package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
