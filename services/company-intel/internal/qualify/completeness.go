// The profileCompleteness component of account attractiveness: how many
// profile facts are known (completeness).

package qualify

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

func completeness(in Input) scored {
	p := in.Profile
	fields := []struct {
		n string
		f *bundle.Fact
	}{{"description", p.Description}, {"industry", p.Industry}, {"headquarters", p.Headquarters}, {"employee range", p.EmployeeRange},
		{"business model", p.BusinessModel}, {"ticker", p.Ticker}, {"founding year", p.Founded}}
	c := scored{known: true, Component: Component{Name: CompCompleteness}}
	var known []string
	for _, f := range fields {
		if f.f != nil && strings.TrimSpace(f.f.Value) != "" {
			known = append(known, f.n)
			c.Evidence = uniq(append(c.Evidence, f.f.SourceURL)...)
		}
	}
	c.Score = round(float64(len(known))/float64(len(fields)), 4)
	if len(known) == 0 {
		c.Reason = "Profile completeness: no profile facts are known."
		return c
	}
	c.reason = fmt.Sprintf("Profile completeness: %d of %d facts are known (%s).", len(known), len(fields), strings.Join(known, ", "))
	c.Reason = c.reason
	return c
}
