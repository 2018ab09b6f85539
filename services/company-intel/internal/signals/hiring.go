// Hiring read from news and press text: the number of roles and the place
// (hiringTextFacts); job boards are read in jobs.go.

package signals

import "strings"

var inAtRe = rx(`\b(?:in|at)\s+`)

var hireCountRe = rx(`\b(?:hir(?:e|es|ed|ing)|recruit(?:s|ed|ing)?|add(?:s|ed|ing)?|creat(?:e|es|ed|ing)|seek(?:s|ing)?|onboard(?:s|ed|ing)?|post(?:s|ed|ing)?|lists?|listing|ha(?:s|ve))\s+(?:about\s+|roughly\s+|around\s+|more\s+than\s+|over\s+|up\s+to\s+|some\s+)?(\d[\d,]*)\+?\s+(?:new\s+)?(?:open\s+)?(?:[\w-]+\s+){0,2}?(?:jobs|roles|positions|openings|vacancies|employees|staff|workers|people|engineers|developers|nurses|hires|executives|scientists|researchers|technicians|drivers|installers|specialists|electricians)\b|\b(\d[\d,]*)\+?\s+(?:new\s+|open\s+)+(?:[\w-]+\s+){0,2}?(?:jobs|roles|positions|openings|vacancies)\b|\b(\d[\d,]*)\+?\s+(?:[\w-]+\s+)?(?:openings|vacancies|open\s+roles|open\s+positions)\b`)

func hiringTextFacts(text string, n names) Facts {
	var f Facts
	if m := hireCountRe.FindStringSubmatch(text); m != nil {
		for _, g := range m[1:] {
			if v, ok := parseNumber(g); g != "" && ok && v > 0 && v < 1e6 {
				f.OpenRoles = int(v)
				break
			}
		}
	}
	if loc := inAtRe.FindAllStringIndex(text, -1); loc != nil {
		for _, l := range loc {
			if p := placePhrase(text[l[1]:]); p != "" && !n.is(p) && !strings.ContainsAny(p, "0123456789") {
				f.Place = p
				break
			}
		}
	}
	return f
}
