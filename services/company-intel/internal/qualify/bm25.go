package qualify

import "math"

// BM25 parameters (Robertson & Zaragoza 2009), see doc.go.
const (
	BM25K1 = 1.2
	BM25B  = 0.75
	// BM25Half is the best-document BM25 score that normalises to 0.5:
	// relevance = s / (s + BM25Half).
	BM25Half = 6.0
)

// bm25 scores every document of docs against the distinct query terms
// (term frequency in the query is ignored): for each term t with document
// frequency n over the N documents,
//
//	idf(t) = ln(1 + (N − n + 0.5) / (n + 0.5))
//	score(d) = Σ_t idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avgdl))
func bm25(query []string, docs [][]string, k1, b float64) []float64 {
	n := float64(len(docs))
	scores := make([]float64, len(docs))
	if n == 0 {
		return scores
	}
	var total float64
	tfs := make([]map[string]int, len(docs))
	df := map[string]int{}
	for i, d := range docs {
		total += float64(len(d))
		tfs[i] = map[string]int{}
		for _, t := range d {
			tfs[i][t]++
		}
		for t := range tfs[i] {
			df[t]++
		}
	}
	avgdl := total / n
	if avgdl == 0 {
		return scores
	}
	seen := map[string]bool{}
	for _, t := range query {
		if seen[t] {
			continue
		}
		seen[t] = true
		idf := math.Log(1 + (n-float64(df[t])+0.5)/(float64(df[t])+0.5))
		for i, d := range docs {
			tf := float64(tfs[i][t])
			if tf == 0 {
				continue
			}
			scores[i] += idf * tf * (k1 + 1) / (tf + k1*(1-b+b*float64(len(d))/avgdl))
		}
	}
	return scores
}

// background is a fixed corpus of generic business text. It joins the
// company's documents when document frequencies are counted, so words
// every company uses ("company", "customers", "announced") weigh little.
var background = []string{
	"The company announced today that it has appointed a new chief executive officer to lead its next phase of growth.",
	"Our team builds products that help customers save time and money, with support available around the clock.",
	"The firm reported quarterly revenue growth and raised its full-year guidance, citing strong demand from customers.",
	"We are hiring engineers, sales representatives and operations staff across our offices to support expansion.",
	"The business provides services to clients in many industries and markets around the world.",
	"The startup raised a funding round led by venture capital investors to expand its team and accelerate growth.",
	"The company signed a partnership agreement with a leading provider to deliver an integrated solution to customers.",
	"Our platform helps organizations manage their data, improve efficiency and make better decisions.",
	"The company opened a new office and plans to expand into new markets next year.",
	"Management said the acquisition will strengthen the company's position and create value for shareholders.",
	"Founded by industry veterans, the company serves thousands of customers with innovative technology.",
	"The press release describes the launch of a new product designed to meet the needs of modern businesses.",
}
