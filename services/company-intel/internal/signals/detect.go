// Detect, the package's entry point: read every item into candidates,
// cluster them into events, rank the events and write the signals and
// why-now sentences.

package signals

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Detect turns an evidence bundle into at most MaxSignals cited, dated,
// deduplicated signals and at most MaxWhyNow why-now sentences. It is
// pure: the same Input always gives the same Result, whatever the order of
// Items.
func Detect(in Input) Result {
	now := in.Now.UTC()
	w := newWindow(in.Window, now)
	n := newNames(in.Company.Name, in.Company.Aliases, in.Company.Domain)
	company := displayName(in.Company)

	items := make([]*bundle.Item, len(in.Items))
	for i := range in.Items {
		items[i] = &in.Items[i]
	}
	sort.SliceStable(items, func(i, j int) bool { return itemLess(items[i], items[j]) })

	// Items are read independently (pure functions over read-only state),
	// so a large bundle is read on every core; the candidates are then
	// put in item order, so the result does not depend on scheduling.
	read := make([][]*cand, len(items))
	forEach(len(items), func(i int) {
		it := items[i]
		switch {
		case it.Kind == bundle.KindFiling || it.Filing != nil:
			read[i] = filingCandidates(it, n, company, w)
		case it.Kind == bundle.KindJobBoard:
			if c := boardCandidate(it, company, w); c != nil {
				read[i] = []*cand{c}
			}
		case it.Kind == bundle.KindNews || it.Kind == bundle.KindPress:
			if c := textCandidate(it, n, w); c != nil {
				read[i] = []*cand{c}
			}
		}
	})
	var cs []*cand
	for _, r := range read {
		cs = append(cs, r...)
	}
	sort.SliceStable(cs, func(i, j int) bool { return candLess(cs[i], cs[j]) })
	for i, c := range cs {
		c.idx = i
	}

	var events []*event
	for _, g := range cluster(cs) {
		retype(g, n)
		events = append(events, buildEvent(g, now))
	}
	sort.SliceStable(events, func(i, j int) bool { return eventLess(events[i], events[j]) })
	if len(events) > MaxSignals {
		events = events[:MaxSignals]
	}

	res := Result{Signals: make([]Signal, 0, len(events)), WhyNow: []string{}}
	for _, e := range events {
		res.Signals = append(res.Signals, e.signal(company))
	}
	index := make(map[*event]int, len(events))
	for i, e := range events {
		index[e] = i
	}
	for _, e := range pickWhyNow(events) {
		w := whyNow(e, company, now)
		res.WhyNow = append(res.WhyNow, w)
		res.Signals[index[e]].WhyNow = w
	}
	return res
}

// parallelFrom is the bundle size from which forEach uses every core.
const parallelFrom = 32

// forEach calls f(0) … f(n-1), on GOMAXPROCS goroutines when n is at
// least parallelFrom; it returns when every call has.
func forEach(n int, f func(int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if n < parallelFrom || workers < 2 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
}

// displayName is the company's name without legal suffix.
func displayName(c bundle.Company) string {
	if s := shortName(c.Name); s != "" {
		return s
	}
	if len(c.Aliases) > 0 {
		return shortName(c.Aliases[0])
	}
	if c.Domain != "" {
		return c.Domain
	}
	return "The company"
}

// itemLess is a total order on items, so that Detect does not depend on
// input order.
func itemLess(a, b *bundle.Item) bool {
	switch {
	case a.Doc.URL != b.Doc.URL:
		return a.Doc.URL < b.Doc.URL
	case a.Kind != b.Kind:
		return a.Kind < b.Kind
	case a.Provider != b.Provider:
		return a.Provider < b.Provider
	case a.Doc.Title != b.Doc.Title:
		return a.Doc.Title < b.Doc.Title
	case !a.Doc.Published.Equal(b.Doc.Published):
		return a.Doc.Published.Before(b.Doc.Published)
	case a.Doc.Excerpt != b.Doc.Excerpt:
		return a.Doc.Excerpt < b.Doc.Excerpt
	case a.Doc.Authority != b.Doc.Authority:
		return a.Doc.Authority < b.Doc.Authority
	}
	return len(a.Jobs) < len(b.Jobs)
}
