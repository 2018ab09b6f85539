// accountPlan: the objective and a dated sequence of steps from the
// approach's first action to a pilot proposal.

package brief

import (
	"fmt"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
