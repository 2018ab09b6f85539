package brief

import (
	"fmt"
	"strings"
)

// Compose writes the deal brief's sections from the evidence. It returns
// *Insufficient when the evidence cannot support a brief (doc.go).
func Compose(in Input) (Brief, error) {
	if err := sufficient(in); err != nil {
		return Brief{}, err
	}
	f := newFacts(in)
	return f.brief(), nil
}

// ComposeDeep writes the deep brief's sections. It returns *Insufficient
// under the same rule as Compose.
func ComposeDeep(in Input) (Deep, error) {
	if err := sufficient(in); err != nil {
		return Deep{}, err
	}
	f := newFacts(in)
	return f.deep(), nil
}

// sufficient: a brief needs to say what the company is (a description
// fact) and why now (at least one dated signal with evidence).
func sufficient(in Input) error {
	var missing []string
	if in.Profile.Description == nil || strings.TrimSpace(in.Profile.Description.Value) == "" {
		missing = append(missing, "no source describes what the company does")
	}
	n := 0
	for _, s := range in.Signals {
		if s.EventDate != nil && len(s.Evidence) > 0 {
			n++
		}
	}
	if n == 0 {
		missing = append(missing, fmt.Sprintf("no dated trigger event in the last %d days", in.LookbackDays))
	}
	if len(missing) > 0 {
		return &Insufficient{Reason: strings.Join(missing, "; ")}
	}
	return nil
}
