// strategicInitiatives: the longer-running themes the evidence shows.

package brief

import (
	"fmt"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
