// discoveryQuestions: DiscoveryQuestions questions in MEDDICC order.

package brief

import "fmt"

// discovery returns exactly DiscoveryQuestions questions, in MEDDICC
// order where the evidence allows: the pain the anchor trigger implies,
// the economic buyer, the metric of success, the competition or status
// quo, the decision process; then further signal questions and what the
// qualification could not verify, as replacements.
func (f *facts) discovery() []Statement {
	var out []Statement
	seen := map[string]bool{}
	add := func(text string, ev []string) {
		if text == "" || seen[text] || len(out) == DiscoveryQuestions {
			return
		}
		seen[text] = true
		if ev == nil {
			ev = []string{}
		}
		out = append(out, Statement{Text: text, Evidence: ev})
	}
	if !described(f.in) {
		add(f.descriptionQuestion(), nil)
	}
	s, ok := f.anchor()
	if ok {
		add(question(s, f.name), s.Evidence)
	}
	r := categoryRoles[f.cat]
	econ, econEv := r.economic, []string(nil)
	for _, p := range f.namedPeople() {
		if roleCategory(p.role) == f.cat {
			econ, econEv = p.name+" as "+p.role, p.evidence
			break
		}
	}
	add(fmt.Sprintf("Who signs off on %s purchases at %s — %s, or someone else — and what would they need to see?", r.area, f.name, econ), econEv)
	if ps := f.priorities(); len(ps) > 0 {
		add(fmt.Sprintf("How will %s measure success on “%s” by %s, and what does it cost if it slips?", f.name, ps[0].Priority, f.plusDays(90)), ps[0].Evidence)
	}
	if t, ok := f.incumbent(); ok {
		add(fmt.Sprintf("What does %s not do for %s today that %s would have to, and when does it renew?", t.Name, f.name, f.product), []string{f.homeURL})
	} else {
		add(fmt.Sprintf("What does %s use today for what %s does, and what would make it switch?", f.name, f.product), nil)
	}
	process := fmt.Sprintf("What does buying a new %s tool involve at %s — security review, procurement, legal — and how long did the last one take?", r.area, f.name)
	if why, ev := f.regulated(); why != "" {
		add(process+" "+upperFirst(why)+".", ev)
	} else {
		add(process, nil)
	}
	for _, s := range f.sigs {
		add(question(s, f.name), s.Evidence)
	}
	for _, c := range f.in.Fit.Components {
		add(unknownQuestion(c, f.name, fact(f.in.Profile.Headquarters)), nil)
	}
	if len(f.depts) > 0 {
		d := f.depts[0]
		add(fmt.Sprintf("What will the %d new people in %s need on day one, and who provides it?", d.n, d.label), f.boardURLs())
	}
	add(fmt.Sprintf("Which teams at %s would use %s first, and who would run the pilot?", f.name, f.product), nil)
	add(fmt.Sprintf("What has %s tried before for %s, and why did it stop?", f.name, r.area), nil)
	return out
}
