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

// sufficient: a brief needs something to say about the company: what it
// is (a description fact) or why now (at least one dated signal with
// evidence). Only when it has neither is the evidence insufficient; a
// missing half is named in the brief, never guessed.
func sufficient(in Input) error {
	if described(in) {
		return nil
	}
	for _, s := range in.Signals {
		if s.EventDate != nil && len(s.Evidence) > 0 {
			return nil
		}
	}
	return &Insufficient{Reason: fmt.Sprintf("no source describes what the company does, and no dated trigger event in the last %d days", in.LookbackDays)}
}

// described reports whether a source describes what the company does.
func described(in Input) bool {
	return in.Profile.Description != nil && strings.TrimSpace(in.Profile.Description.Value) != ""
}
