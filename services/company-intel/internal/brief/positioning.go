// recommendedPositioning: one statement placing the seller's product in
// the anchor trigger's initiative, against any incumbent, with the fit.

package brief

import (
	"fmt"
	"strings"
)

func (f *facts) positioning() Statement {
	vp := strings.TrimRight(strings.TrimSpace(f.seller.ValueProposition), ".")
	var b strings.Builder
	fmt.Fprintf(&b, "Position %s for %s", f.product, f.name)
	s, ok := f.anchor()
	if d := f.descPhrase(); d != "" {
		fmt.Fprintf(&b, ", %s", d)
		if ok {
			b.WriteString(",")
		}
	}
	var ev []string
	if ok {
		fmt.Fprintf(&b, " as part of %s", initiative(s, f.name))
		ev = s.Evidence
	}
	if vp != "" {
		fmt.Fprintf(&b, ": %s", lowerFirst(vp))
	}
	b.WriteString(".")
	if t, ok := f.incumbent(); ok {
		fmt.Fprintf(&b, " Against %s, lead with what it leaves undone rather than a rip-and-replace.", t.Name)
		ev = appendNew(ev, f.homeURL)
	}
	if f.in.Fit.FitAssessed {
		fmt.Fprintf(&b, " Fit is %s (%d/100)", f.in.Fit.FitLabel, f.in.Fit.FitScore)
		if len(f.in.Fit.Disqualifiers) > 0 {
			b.WriteString(", capped by a disqualifier: qualify before investing time.")
		} else {
			b.WriteString(".")
		}
	}
	ev = appendNew(ev, factURL(f.in.Profile.Description))
	return Statement{Text: b.String(), Evidence: ev}
}
