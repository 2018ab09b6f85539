package signals

import (
	"fmt"
	"sort"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// A job board is a hiring signal when it lists at least MinOpenRoles open
// roles, or at least MinDepartmentRoles in one department.
const (
	MinOpenRoles       = 5
	MinDepartmentRoles = 3
)

// count is a label and how many roles carry it.
type count struct {
	label string
	n     int
}

// tally counts labels, most frequent first, then alphabetically; empty
// labels are skipped.
func tally(labels []string) []count {
	m := map[string]int{}
	for _, l := range labels {
		if l = strings.TrimSpace(l); l != "" {
			m[l]++
		}
	}
	out := make([]count, 0, len(m))
	for l, n := range m {
		out = append(out, count{l, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].n != out[j].n {
			return out[i].n > out[j].n
		}
		return out[i].label < out[j].label
	})
	return out
}

func formatCounts(cs []count, limit int) string {
	var parts []string
	rest := 0
	for i, c := range cs {
		if i < limit {
			parts = append(parts, fmt.Sprintf("%s %d", c.label, c.n))
		} else {
			rest += c.n
		}
	}
	if rest > 0 {
		parts = append(parts, fmt.Sprintf("%d in %d other", rest, len(cs)-limit))
	}
	return strings.Join(parts, ", ")
}

// boardName names the ATS of a board item: its publisher, else its
// provider, else its host.
func boardName(it *bundle.Item) string {
	if p := strings.TrimSpace(it.Doc.Publisher); p != "" {
		return p
	}
	if p := strings.TrimSpace(it.Provider); p != "" {
		return p
	}
	return publisherDomain(it.Doc.URL, it.Doc.Publisher)
}

// boardCandidate turns a job board that meets the threshold into a
// hiring candidate dated by its newest posting in the window.
func boardCandidate(it *bundle.Item, company string, w window) *cand {
	total := len(it.Jobs)
	var deptLabels, placeLabels []string
	remote := 0
	for _, j := range it.Jobs {
		deptLabels = append(deptLabels, j.Department)
		placeLabels = append(placeLabels, j.Location)
		if j.Remote {
			remote++
		}
	}
	depts, places := tally(deptLabels), tally(placeLabels)
	maxDept := 0
	if len(depts) > 0 {
		maxDept = depts[0].n
	}
	if total < MinOpenRoles && maxDept < MinDepartmentRoles {
		return nil
	}
	date, ok := boardDate(*it, w)
	if !ok || !w.in(date) {
		return nil
	}
	c := newCand(it, TypeHiring, StrengthHeadline, date)
	c.structured = true
	c.d.board, c.d.depts, c.d.places, c.d.remote = boardName(it), depts, places, remote
	c.facts.OpenRoles = total
	if len(depts) > 0 {
		c.facts.Department = depts[0].label
	}
	if len(places) > 0 {
		c.facts.Place = places[0].label
	}
	c.title = fmt.Sprintf("%s lists %d open roles on %s", company, total, c.d.board)
	if len(depts) > 0 {
		c.title += fmt.Sprintf(" (%d in %s)", depts[0].n, depts[0].label)
	}
	s := fmt.Sprintf("%d open roles", total)
	if len(depts) > 0 {
		s += ": " + formatCounts(depts, 3)
	}
	if len(places) > 0 {
		var ps []string
		for i, p := range places {
			if i == 3 {
				break
			}
			ps = append(ps, fmt.Sprintf("%s (%d)", p.label, p.n))
		}
		s += "; locations include " + strings.Join(ps, ", ")
	}
	if remote > 0 {
		s += fmt.Sprintf("; %d remote", remote)
	}
	c.summary = s + "; newest posting " + date.Format("2006-01-02") + "."
	return c
}
