// whyNow: the signals' why-now sentences and the initiative each opens for
// the seller.

package brief

import (
	"fmt"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

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
