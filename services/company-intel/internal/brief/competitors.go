// competitorConsiderations: a competitor disqualifier, the incumbent
// technology, the company's partners, and doing nothing.

package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
