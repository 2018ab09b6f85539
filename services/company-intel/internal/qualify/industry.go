// The industry component: the seller's terms against the industry fact and
// the description (industryFit).

package qualify

import (
	"fmt"
	"math"
)

func industryFit(in Input, q icp) scored {
	ind, desc := in.Profile.Industry, in.Profile.Description
	if ind == nil && desc == nil {
		return excluded(CompIndustry, "the company has no industry or description fact")
	}
	seller := topicTerms(q.Positive, in.Seller.Product)
	if len(seller.order) == 0 {
		return excluded(CompIndustry, "the seller's ICP and product name no industry terms")
	}
	var indHits, descHits []string
	var indScore, descScore float64
	if ind != nil {
		it := topicTerms(ind.Value)
		for _, s := range it.order {
			if seller.has(s) {
				indHits = append(indHits, s)
			}
		}
		if len(it.order) > 0 {
			indScore = float64(len(indHits)) / float64(len(it.order))
		}
	}
	if desc != nil {
		dt := topicTerms(desc.Value)
		for _, s := range seller.order {
			if dt.has(s) {
				descHits = append(descHits, s)
			}
		}
		descScore = 0.8 * math.Min(1, float64(len(descHits))/4)
	}
	c := scored{known: true, Component: Component{Name: CompIndustry}}
	n := name(in)
	switch {
	case indScore > 0 && indScore >= descScore:
		c.Score = indScore
		c.Evidence = uniq(ind.SourceURL)
		c.Terms = surfaces(seller, indHits, 6)
		c.reason = fmt.Sprintf("Industry matches the ICP: %s lists %s as '%s'; the seller names %s.", sourceName(ind.SourceURL), n, ind.Value, quote(surfaces(seller, indHits, 6)))
	case descScore > 0:
		c.Score = descScore
		c.Evidence = uniq(desc.SourceURL)
		c.Terms = surfaces(seller, descHits, 6)
		c.reason = fmt.Sprintf("Industry matches the ICP: %s description (%s) mentions %s, which the seller names.", possessive(n), sourceName(desc.SourceURL), quote(surfaces(seller, descHits, 6)))
	default:
		what := ""
		if ind != nil {
			what = fmt.Sprintf("%s lists %s as '%s'", sourceName(ind.SourceURL), n, ind.Value)
			c.Evidence = uniq(ind.SourceURL)
		} else {
			what = fmt.Sprintf("%s description names none of them", possessive(n))
			c.Evidence = uniq(desc.SourceURL)
		}
		c.Reason = fmt.Sprintf("Industry does not match: the seller names %s; %s.", quote(surfaces(seller, seller.order, 6)), what)
		return c
	}
	c.Score = round(c.Score, 4)
	c.Reason = c.reason
	return c
}
