// The geography component: the headquarters against the places the ICP
// names (geographyFit); the gazetteer is places.go.

package qualify

import "fmt"

func geographyFit(in Input, q icp) scored {
	f := in.Profile.Headquarters
	if f == nil {
		return excluded(CompGeography, "the company has no headquarters fact")
	}
	p, ok := locate(f.Value)
	if !ok {
		return excluded(CompGeography, fmt.Sprintf("the headquarters '%s' names no known country or US state", f.Value))
	}
	targets := findRegions(q.Positive)
	if len(targets) == 0 {
		return excluded(CompGeography, "the ICP names no country or region")
	}
	var hit, all []string
	for _, t := range targets {
		all = append(all, t.Text)
		if t.Region.contains(p) {
			hit = append(hit, t.Text)
		}
	}
	c := scored{known: true, Component: Component{Name: CompGeography, Evidence: uniq(f.SourceURL)}}
	if len(hit) == 0 {
		c.Reason = fmt.Sprintf("Geography does not match: %s gives %s headquarters as %s; the ICP names %s.", sourceName(f.SourceURL), possessive(name(in)), f.Value, quote(all))
		return c
	}
	c.Score = 1
	c.reason = fmt.Sprintf("Geography matches the ICP: %s gives %s headquarters as %s; the ICP names %s.", sourceName(f.SourceURL), possessive(name(in)), f.Value, quote(hit))
	c.Reason = c.reason
	return c
}
