// Whom the approach addresses: the economic buyer, the people leadership
// signals name, and rolesToContact (with owner, who owns what a signal sets
// in motion).

package brief

import (
	"fmt"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// economicBuyer is the seller category's economic buyer at the company, or
// without a seller the executive the top leadership signal names, else
// the CEO's office.
func (f *facts) economicBuyer() string {
	if f.seller != nil {
		for _, p := range f.namedPeople() {
			if roleCategory(p.role) == f.cat {
				return p.text
			}
		}
		return fmt.Sprintf("%s %s", possessive(f.name), categoryRoles[f.cat].economic)
	}
	if ps := f.namedPeople(); len(ps) > 0 {
		return ps[0].text
	}
	return fmt.Sprintf("%s CEO office", possessive(f.name))
}

// person is an executive a leadership signal names.
type person struct {
	name, role, text string
	evidence         []string
}

// namedPeople are the people leadership signals name in a role, newest
// signal first: "Dana Whitfield (Chief Financial Officer since 2026-11-20)".
func (f *facts) namedPeople() []person {
	var out []person
	for _, s := range f.byType[signals.TypeLeadership] {
		x := s.Facts
		if x.Person == "" || x.Role == "" {
			continue
		}
		out = append(out, person{x.Person, x.Role, fmt.Sprintf("%s (%s, %s)", x.Person, x.Role, date(s)), s.Evidence})
	}
	return out
}

// personFor is the named person of a leadership signal.
func (f *facts) personFor(s signals.Signal) (string, bool) {
	if s.Type != signals.TypeLeadership || s.Facts.Person == "" {
		return "", false
	}
	return fmt.Sprintf("%s (the new %s)", s.Facts.Person, s.Facts.Role), true
}

// rolesToContact: the people leadership signals name, then with a seller
// the category's economic buyer, champions and technical reviewers; without
// one, the owners of what the signals set in motion.
func (f *facts) rolesToContact() []string {
	var out []string
	for _, p := range f.namedPeople() {
		if f.seller == nil || roleCategory(p.role) == f.cat || signals.RoleKey(p.role) == "ceo" {
			out = appendNew(out, p.text)
		}
	}
	if f.seller != nil {
		r := categoryRoles[f.cat]
		out = appendNew(out, r.economic+" (economic buyer)")
		for _, c := range r.champions {
			out = appendNew(out, c+" (champion)")
		}
		for _, t := range r.technical {
			out = appendNew(out, t+" (technical or risk review)")
		}
	} else {
		for _, s := range f.sigs {
			if o := owner(s); o != "" {
				out = appendNew(out, o)
			}
		}
	}
	if len(out) > MaxRoles {
		out = out[:MaxRoles]
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// owner is who owns what a signal sets in motion.
func owner(s signals.Signal) string {
	x := s.Facts
	switch s.Type {
	case signals.TypeHiring:
		if x.Department != "" {
			return "Head of " + x.Department + " (hiring manager)"
		}
	case signals.TypeExpansion:
		if x.Place != "" {
			return "General manager for " + x.Place
		}
	case signals.TypeProduct:
		if x.Product != "" {
			return "Product lead for " + x.Product
		}
	case signals.TypePartnership:
		if x.Counterparty != "" {
			return "Executive sponsor of the " + x.Counterparty + " agreement"
		}
	case signals.TypeAcquisition:
		return "Integration lead (corporate development)"
	case signals.TypeFunding:
		return "CFO (owner of the funding plan)"
	case signals.TypeRegulatory:
		return "General counsel or compliance lead"
	}
	return ""
}
