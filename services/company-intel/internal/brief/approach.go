// recommendedApproach: the anchor trigger, when to contact, the message
// angle and the first action (contacts.go names whom, questions.go what
// to validate).

package brief

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// anchor is the trigger the approach is built on: the top-ranked signal
// that sets something in motion.
func (f *facts) anchor() (signals.Signal, bool) {
	for _, s := range f.ranked {
		if initiative(s, f.name) != "" {
			return s, true
		}
	}
	return signals.Signal{}, false
}

// contactDays is how soon to reach out after a trigger (reference §6
// timing heuristics: funding one week, new executive two weeks,
// acquisition one month; others two weeks, hiring one month).
func contactDays(t signals.Type) int {
	switch t {
	case signals.TypeFunding:
		return 7
	case signals.TypeAcquisition, signals.TypeHiring:
		return 30
	}
	return 14
}

func (f *facts) approach() Approach {
	a := Approach{RolesToContact: f.rolesToContact(), QuestionsToValidate: f.questionsToValidate(), Evidence: []string{}}
	s, ok := f.anchor()
	if f.seller != nil {
		angle := f.messageAngle(s, ok)
		a.MessageAngle = &angle
	}
	a.RecommendedAction = f.action(s, ok)
	if ok {
		a.Evidence = s.Evidence
	}
	for _, p := range f.namedPeople() {
		a.Evidence = appendNew(a.Evidence, p.evidence...)
	}
	return a
}

func (f *facts) messageAngle(s signals.Signal, ok bool) string {
	vp := strings.TrimRight(strings.TrimSpace(f.seller.ValueProposition), ".")
	var b strings.Builder
	switch {
	case ok:
		fmt.Fprintf(&b, "Tie %s to %s (%s, %s)", f.product, initiative(s, f.name), quote(s.Headline), date(s))
	case described(f.in) || len(f.ranked) == 0:
		fmt.Fprintf(&b, "Tie %s to what %s does, %s", f.product, f.name, f.descPhrase())
	default:
		s0 := f.ranked[0]
		fmt.Fprintf(&b, "Tie %s to %s news, %s (%s) — %s, so ask what it does before tailoring the pitch",
			f.product, possessive(f.name), quote(s0.Headline), date(s0), f.noSelfDescription())
	}
	if vp != "" {
		fmt.Fprintf(&b, ", and lead with the outcome: %s", lowerFirst(vp))
	}
	if terms := f.matchedTerms(); len(terms) > 0 {
		fmt.Fprintf(&b, "; use %s own words — %s", possessive(f.name), signals.JoinAnd(quoteAll(terms)))
	}
	b.WriteString(".")
	return b.String()
}

// matchedTerms are the seller's words qualification found in the
// company's own text (text relevance, then industry), at most four.
func (f *facts) matchedTerms() []string {
	var out []string
	for _, name := range []string{qualify.CompText, qualify.CompIndustry} {
		for _, c := range f.in.Fit.Components {
			if c.Name == name && c.Score > 0 {
				out = appendNew(out, c.Terms...)
			}
		}
	}
	if len(out) > 4 {
		out = out[:4]
	}
	return out
}

func quoteAll(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = "“" + t + "”"
	}
	return out
}

func (f *facts) action(s signals.Signal, ok bool) string {
	if f.in.Fit.FitAssessed && len(f.in.Fit.Disqualifiers) > 0 {
		return fmt.Sprintf("Do not open an opportunity with %s now: %s Revisit only if that changes.", f.name, f.in.Fit.Disqualifiers[0])
	}
	if f.in.Fit.FitAssessed && f.in.Fit.FitScore < 20 {
		return fmt.Sprintf("Deprioritise %s: the fit score is %d/100 (%s); watch for a trigger closer to what you sell before reaching out.", f.name, f.in.Fit.FitScore, f.in.Fit.FitLabel)
	}
	if !ok && (described(f.in) || len(f.ranked) == 0) {
		return fmt.Sprintf("Reach %s through %s with a note on what %s does, %s.", f.name, f.economicBuyer(), f.name, f.descPhrase())
	}
	if !ok {
		s0 := f.ranked[0]
		return fmt.Sprintf("Reach %s through %s with a note that cites %s (%s) and asks what %s does today: %s.",
			f.name, f.economicBuyer(), quote(s0.Headline), date(s0), f.name, f.noSelfDescription())
	}
	by := sinceDays(s, contactDays(s.Type))
	if by < f.now.Format("2006-01-02") {
		by = f.plusDays(7)
	}
	who := f.economicBuyer()
	if o := owner(s); f.seller == nil && o != "" {
		who = "the " + lowerFirst(strings.Split(o, " (")[0]) + " at " + f.name
	}
	if p, found := f.personFor(s); found {
		who = p
	}
	return fmt.Sprintf("Contact %s by %s with a short note that cites %s (%s) and asks for 20 minutes on %s.",
		who, by, quote(s.Headline), date(s), initiative(s, f.name))
}
