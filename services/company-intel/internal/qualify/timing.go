// The timing component: recent dated signals weighted by type and
// confidence (timingFit).

package qualify

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// TimingWindow is how far back a signal counts for timing.
const TimingWindow = 90 * 24 * time.Hour

// TypeWeights weigh recent signals by type for timing (doc.go).
var TypeWeights = map[signals.Type]float64{
	signals.TypeFunding: 1.0, signals.TypeAcquisition: 0.9, signals.TypeLeadership: 0.9, signals.TypeExpansion: 0.8,
	signals.TypeHiring: 0.7, signals.TypePartnership: 0.6, signals.TypeProduct: 0.6, signals.TypeRegulatory: 0.5,
	signals.TypeFinancial: 0.5, signals.TypeTechnology: 0.4, signals.TypeOther: 0.2,
}

func timingFit(in Input) scored {
	if in.Now.IsZero() {
		return excluded(CompTiming, "no request time was given")
	}
	c := scored{known: true, Component: Component{Name: CompTiming}}
	var s float64
	var seen []string
	for _, sg := range in.Signals {
		if sg.EventDate == nil {
			continue
		}
		d, err := time.Parse("2006-01-02", *sg.EventDate)
		if err != nil {
			continue
		}
		age := in.Now.Sub(d)
		if age < -24*time.Hour || age > TimingWindow {
			continue
		}
		conf := math.Max(0, math.Min(1, sg.Confidence))
		s += TypeWeights[sg.Type] * conf
		seen = append(seen, fmt.Sprintf("%s on %s", sg.Type, *sg.EventDate))
		c.Evidence = uniq(append(c.Evidence, sg.Evidence...)...)
	}
	if len(seen) == 0 {
		c.Reason = "Timing is neutral: no dated signals in the last 90 days."
		return c
	}
	c.Score = round(1-math.Exp(-s), 4)
	noun := "signals"
	if len(seen) == 1 {
		noun = "signal"
	}
	c.reason = fmt.Sprintf("Timing: %d %s in the last 90 days (%s) make now a good moment to reach out.", len(seen), noun, strings.Join(seen, ", "))
	c.Reason = c.reason
	return c
}
