// buyingCommitteeRoles: the economic buyer, sponsor, technical and risk
// reviewers, users and procurement, named where the evidence names them.

package brief

import (
	"fmt"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
