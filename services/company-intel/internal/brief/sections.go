// The deal brief: its section limits and brief, which composes the four
// sections (whynow.go, priorities.go, approach.go with contacts.go and
// questions.go, risks.go).

package brief

import "strings"

// Section limits (doc.go).
const (
	MaxWhyNow     = 4
	MaxPriorities = 5
	MaxRoles      = 6
	MaxValidate   = 4
	MaxRisks      = 5
)

func (f *facts) brief() Brief {
	return Brief{WhyNow: f.whyNow(), Priorities: f.priorities(), Approach: f.approach(), Risks: f.risks()}
}

// possessive is "Northwind Robotics'" or "Acme's".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
