// likelyObjections: the objections the evidence predicts (no budget, a new
// leader or an integration, an incumbent, security review, the stack, not
// a priority) with how to answer each.

package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

func (f *facts) objections() []Statement {
	out := []Statement{}
	add := func(s Statement) {
		if len(out) < MaxObjections {
			if s.Evidence == nil {
				s.Evidence = []string{}
			}
			out = append(out, s)
		}
	}
	var cut *signals.Signal
	for i, s := range f.byType[signals.TypeFinancial] {
		if restructuring(s) {
			cut = &f.byType[signals.TypeFinancial][i]
			break
		}
	}
	switch fs, ok := f.first(signals.TypeFunding); {
	case cut != nil:
		add(Statement{Text: fmt.Sprintf("“No budget” is likely real after %s (%s): build the case on savings %s can book this year.", quote(cut.Headline), date(*cut), f.name), Evidence: cut.Evidence})
	case ok:
		add(Statement{Text: fmt.Sprintf("“No budget”: answer with %s (%s) — the new money exists to fund exactly this kind of initiative.", quote(fs.Headline), date(fs)), Evidence: fs.Evidence})
	default:
		if p := f.priorities(); len(p) > 0 { // ranked by relevance to the seller
			add(Statement{Text: fmt.Sprintf("“No budget”: no funding event appears in the window, so build the business case on “%s”; most purchases start without a budget line.", p[0].Priority), Evidence: p[0].Evidence})
		}
	}
	if p := f.namedPeople(); len(p) > 0 {
		add(Statement{Text: fmt.Sprintf("“Talk to us after %s settles in”: agree a date inside the first 90 days and bring a point of view on %s.", p[0].name, signals.RoleDomain(p[0].role)), Evidence: p[0].evidence})
	}
	if s, ok := f.first(signals.TypeAcquisition); ok {
		add(Statement{Text: fmt.Sprintf("“Not during the integration” (%s, %s): show how you shorten the integration rather than add to it.", quote(s.Headline), date(s)), Evidence: s.Evidence})
	}
	if t, ok := f.incumbent(); ok {
		add(Statement{Text: fmt.Sprintf("“We already use %s”: ask what it does not cover and when its contract renews; offer to run alongside it first.", t.Name), Evidence: []string{f.homeURL}})
	}
	if why, ev := f.regulated(); why != "" {
		add(Statement{Text: fmt.Sprintf("“It has to pass our security and compliance review”: %s; bring your security documentation and data-processing terms to the first meeting.", why), Evidence: ev})
	}
	if len(f.jobTech) > 0 {
		var names []string
		for _, t := range f.jobTech[:min(3, len(f.jobTech))] {
			names = append(names, t.label)
		}
		add(Statement{Text: fmt.Sprintf("“It will not work with our stack”: %s job posts name %s — show the integration or a customer running the same stack.", possessive(f.name), signals.JoinAnd(names)), Evidence: f.jobTechU[f.jobTech[0].label]})
	}
	if s, ok := f.anchor(); ok {
		add(Statement{Text: fmt.Sprintf("“Not a priority right now”: point to %s (%s) and what waiting costs %s while %s is under way.", quote(s.Headline), date(s), f.name, initiative(s, f.name)), Evidence: s.Evidence})
	}
	return out
}

// regulated says why the company will run a security and compliance
// review: a regulated industry, a US public company, or a regulatory
// signal; with the evidence.
func (f *facts) regulated() (string, []string) {
	ind := strings.ToLower(fact(f.in.Profile.Industry) + " " + fact(f.in.Profile.Description))
	for _, w := range []string{"medical", "health", "pharma", "payment", "bank", "financial services", "insurance", "fintech", "defense", "government"} {
		if strings.Contains(ind, w) {
			u := factURL(f.in.Profile.Industry)
			if !strings.Contains(strings.ToLower(fact(f.in.Profile.Industry)), w) {
				u = factURL(f.in.Profile.Description)
			}
			return fmt.Sprintf("%s works in a regulated field (%s)", f.name, w), []string{u}
		}
	}
	if s, ok := f.first(signals.TypeRegulatory); ok {
		return fmt.Sprintf("%s is dealing with %s (%s)", f.name, quote(s.Headline), date(s)), s.Evidence
	}
	if fl, url, ok := f.latestFiling(); ok {
		return fmt.Sprintf("%s is an SEC filer (latest %s on %s) under SOX controls", f.name, fl.Form, fl.Filed.Format("2006-01-02")), []string{url}
	}
	return "", nil
}
