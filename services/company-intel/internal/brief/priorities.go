// likelyPriorities: one priority per signal type, observed or inferred,
// and the busiest hiring department.

package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
