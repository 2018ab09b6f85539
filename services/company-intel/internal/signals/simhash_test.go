package signals

import (
	"strings"
	"testing"
)

// release is a press-release excerpt of realistic length (Document
// excerpts are capped at 1200 bytes).
const release = `Brightwave, the workflow automation platform for field service teams, today announced a $40 million Series B round led by Northgate Ventures, with participation from Basalt Capital and existing investors. The company will use the funding to expand its engineering and sales teams, grow its AI scheduling products and open an office in Europe. Brightwave serves more than 900 contractors across HVAC, plumbing and electrical services and has tripled revenue over the past year. "Field service runs on schedules that break every morning," said chief executive Dana Ruiz. "With this round we can put our dispatch engine in front of every mid-sized contractor in North America and start serving customers in the UK and Ireland." Northgate partner Lee Brandt will join the Brightwave board. The company, founded in 2021 in San Francisco, now employs 140 people and plans to reach 220 by the end of next year, with most new roles in engineering, customer success and sales. The round brings total funding to $58 million.`

func TestSimHash(t *testing.T) {
	base := hashTokens("Brightwave raises $40M Series B led by Northgate Ventures " + release)
	tests := []struct {
		name    string
		other   string
		maxDist int // inclusive
		minDist int
	}{
		{"identical", "Brightwave raises $40M Series B led by Northgate Ventures " + release, 0, 0},
		{"case, punctuation and spacing", "BRIGHTWAVE RAISES $40M SERIES B, LED BY NORTHGATE VENTURES!  " + release, 0, 0},
		{"syndicated copy with one word changed", "Brightwave raises $40M Series B led by Northgate Ventures " + strings.Replace(release, "past year", "last year", 1), NearDuplicate, 0},
		{"different story", "Kolibri Labs opens office in Oslo as it expands into the Nordic market with a team of six, its first outside Germany, to serve utilities and battery operators in Norway and Sweden.", 64, NearDuplicate + 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Hamming(SimHash(base), SimHash(hashTokens(tc.other)))
			if d > tc.maxDist || d < tc.minDist {
				t.Fatalf("distance %d, want %d..%d", d, tc.minDist, tc.maxDist)
			}
		})
	}
	if SimHash(nil) != 0 {
		t.Error("SimHash of no tokens must be 0")
	}
}

func TestHamming(t *testing.T) {
	tests := []struct {
		a, b uint64
		want int
	}{
		{0, 0, 0}, {0b1011, 0b0001, 2}, {0, ^uint64(0), 64},
	}
	for _, tc := range tests {
		if got := Hamming(tc.a, tc.b); got != tc.want {
			t.Errorf("Hamming(%b, %b) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
