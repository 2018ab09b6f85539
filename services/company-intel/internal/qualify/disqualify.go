// Disqualifiers: what the ICP excludes that the company is, and the
// competitor rule (disqualify, competitor).

package qualify

import (
	"fmt"
	"strings"
)

// Competitor rule thresholds (doc.go).
const (
	CompetitorMinTerms    = 3
	CompetitorMinCoverage = 0.6
)

type disq struct {
	text string
	urls []string
}

func disqualify(in Input, q icp, docs []doc) []disq {
	var out []disq
	n := name(in)
	found, _ := companyModels(in, docs)
	for _, neg := range q.Negated {
		for _, m := range findModels(neg) {
			if urls, ok := found[m]; ok {
				out = append(out, disq{fmt.Sprintf("The ICP excludes %s ('%s'); %s own text describes it as %s.", m, strings.TrimSpace(neg), possessive(n), m), urls})
			}
		}
	}
	if f := in.Profile.EmployeeRange; f != nil {
		if cb, ok := companyBand(f.Value); ok {
			for _, neg := range q.Negated {
				for _, b := range icpBands(neg) {
					if sizeScore(cb, b) == 1 {
						out = append(out, disq{fmt.Sprintf("The ICP excludes '%s' (%s); %s gives %s %s employees.", b.Name, b, sourceName(f.SourceURL), n, f.Value), uniq(f.SourceURL)})
					}
				}
			}
		}
	}
	if f := in.Profile.Headquarters; f != nil {
		if p, ok := locate(f.Value); ok {
			for _, ex := range append(append([]string{}, q.Negated...), q.Outside...) {
				for _, r := range findRegions(ex) {
					if r.Region.contains(p) {
						out = append(out, disq{fmt.Sprintf("The ICP excludes companies in %s; %s gives %s headquarters as %s.", r.Text, sourceName(f.SourceURL), possessive(n), f.Value), uniq(f.SourceURL)})
					}
				}
			}
			for _, scope := range q.Inside {
				rs := findRegions(scope)
				var names []string
				inside := false
				for _, r := range rs {
					names = append(names, r.Text)
					inside = inside || r.Region.contains(p)
				}
				if len(rs) > 0 && !inside {
					out = append(out, disq{fmt.Sprintf("The ICP excludes companies outside %s; %s gives %s headquarters as %s.", quote(names), sourceName(f.SourceURL), possessive(n), f.Value), uniq(f.SourceURL)})
				}
			}
		}
	}
	if f := in.Profile.Industry; f != nil {
		it := topicTerms(f.Value)
		for _, neg := range q.Negated {
			nt := topicTerms(neg)
			var hit []string
			for _, s := range nt.order {
				if it.has(s) {
					hit = append(hit, nt.surface[s])
				}
			}
			if len(hit) > 0 {
				out = append(out, disq{fmt.Sprintf("The ICP excludes %s; %s lists %s as '%s'.", quote(hit), sourceName(f.SourceURL), n, f.Value), uniq(f.SourceURL)})
			}
		}
	}
	if d, ok := competitor(in, docs); ok {
		out = append(out, d)
	}
	return out
}

// competitor applies the competitor rule (doc.go): at least
// CompetitorMinTerms of the seller's product terms, and at least
// CompetitorMinCoverage of them, appear in the company's own text.
func competitor(in Input, docs []doc) (disq, bool) {
	prod := topicTerms(in.Seller.Product)
	if len(prod.order) < CompetitorMinTerms || len(docs) == 0 {
		return disq{}, false
	}
	var hit []string
	var urls []string
	for _, s := range prod.order {
		for _, d := range docs {
			if contains(stems(d.Text), s) {
				if !contains(hit, s) {
					hit = append(hit, s)
				}
				urls = append(urls, d.URL)
			}
		}
	}
	cov := float64(len(hit)) / float64(len(prod.order))
	if len(hit) < CompetitorMinTerms || cov < CompetitorMinCoverage {
		return disq{}, false
	}
	return disq{fmt.Sprintf("Likely competitor: %s own text describes the seller's product category (%s: %d of %d product terms).",
		possessive(name(in)), quote(surfaces(prod, hit, 6)), len(hit), len(prod.order)), uniq(urls...)}, true
}
