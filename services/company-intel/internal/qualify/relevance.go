// The textRelevance component: BM25 of the seller's terms against the
// company's own documents (textFit; bm25.go scores).

package qualify

import (
	"fmt"
	"sort"
)

func textFit(in Input, q icp, docs []doc) scored {
	if len(docs) == 0 {
		return excluded(CompText, "the company has no description, site pages or press items to read")
	}
	query := topicTerms(in.Seller.Product, in.Seller.ValueProposition, q.Positive)
	if len(query.order) == 0 {
		return excluded(CompText, "the seller's text has no content terms")
	}
	corpus := make([][]string, 0, len(docs)+len(background))
	for _, d := range docs {
		corpus = append(corpus, stems(d.Text))
	}
	for _, b := range background {
		corpus = append(corpus, stems(b))
	}
	scores := bm25(query.order, corpus, BM25K1, BM25B)[:len(docs)]
	idx := make([]int, len(docs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
	c := scored{known: true, Component: Component{Name: CompText}}
	best := scores[idx[0]]
	var matched []string
	for _, s := range query.order {
		for i := range docs {
			if scores[i] > 0 && contains(corpus[i], s) {
				matched = append(matched, s)
				break
			}
		}
	}
	for _, i := range idx {
		if scores[i] > 0 {
			c.Evidence = uniq(append(c.Evidence, docs[i].URL)...)
		}
	}
	if best <= 0 {
		c.Reason = fmt.Sprintf("Text relevance is nil: none of the seller's terms (%s) appear in %s own text.", quote(surfaces(query, query.order, 6)), possessive(name(in)))
		return c
	}
	c.Score = round(best/(best+BM25Half), 4)
	c.Terms = surfaces(query, matched, 6)
	c.reason = fmt.Sprintf("%s own text matches the seller's terms %s (best BM25 %.2f, relevance %.2f).", possessive(name(in)), quote(surfaces(query, matched, 6)), best, c.Score)
	c.Reason = c.reason
	return c
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
