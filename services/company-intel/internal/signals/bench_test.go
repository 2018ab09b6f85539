package signals

import (
	"fmt"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// benchItems builds about 200 items: the labelled headlines rewritten to
// name the test company, spread over the window and over publishers of
// every authority class, plus filings and a job board.
func benchItems(b *testing.B) []bundle.Item {
	set := loadLabelled(b, "testdata/labelled.jsonl")
	authorities := []source.Authority{source.AuthorityWire, source.AuthorityTrade, source.AuthorityAggregator, source.AuthorityFirstParty}
	var items []bundle.Item
	for i, l := range set {
		if len(items) == 190 {
			break
		}
		a := authorities[i%len(authorities)]
		publisher := fmt.Sprintf("Outlet %d", i%17)
		it := news(fmt.Sprintf("https://outlet%d.example/%s", i%17, l.ID), "Brightwave: "+l.Headline+" - "+publisher, l.Lead, publisher, a, testNow.AddDate(0, 0, -(i%80)))
		if a == source.AuthorityFirstParty {
			it.Kind = bundle.KindPress
		}
		items = append(items, it)
	}
	for i, its := range [][]string{{"5.02", "9.01"}, {"2.02", "9.01"}, {"1.01"}, {"8.01"}, {"3.02"}} {
		items = append(items, filing(fmt.Sprintf("https://www.sec.gov/Archives/edgar/data/1/%d.htm", i), "8-K", its, testNow.AddDate(0, 0, -10*i), "Press release dated March 3, 2026"))
	}
	var jobs []jobSpec
	for i := range 40 {
		jobs = append(jobs, jobSpec{[]string{"Engineering", "Sales", "Support"}[i%3], testNow.AddDate(0, 0, -i)})
	}
	items = append(items, board("https://boards.greenhouse.io/brightwave", jobsOf(jobs)))
	return items
}

func BenchmarkDetect(b *testing.B) {
	items := benchItems(b)
	in := Input{Company: testCompany, Window: testWindow, Items: items, Now: testNow}
	b.ReportAllocs()
	b.ReportMetric(float64(len(items)), "items")
	for b.Loop() {
		Detect(in)
	}
}

// BenchmarkClassify is the type model's cost per item: an item of the
// corpus's development part (its prepared headline and lead, the guard,
// the features, the prediction and the headline-or-lead reading).
func BenchmarkClassify(b *testing.B) {
	items := loadLabelled(b, corpusDev)
	type prepared struct{ h, l string }
	ps := make([]prepared, len(items))
	for i, it := range items {
		ps[i] = prepared{foldAbbrev(prepText(it.Headline)), leadText(it.Lead)}
	}
	m := newNames("Brightwave", nil, "").m
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := ps[i%len(ps)]
		mustModel().classify(p.h, p.l, m)
		i++
	}
}
