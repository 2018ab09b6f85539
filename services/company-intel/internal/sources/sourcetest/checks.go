package sourcetest

import (
	"errors"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// The world's Northwind Robotics and Acme Analytics as company resolution
// gives them (testdata/world.json).
var (
	NorthwindRobotics = bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"}
	AcmeAnalytics     = bundle.Company{Name: "Acme Analytics", Domain: "acme-analytics.com"}
)

// WantItem is a news item a source should return.
type WantItem struct {
	URL, Title, Publisher, Excerpt string
	Published                      time.Time
	Precision                      source.Precision
	Authority                      source.Authority
	Kind                           bundle.Kind
}

// CheckItems fails t unless items are exactly want, in order, each from
// provider and retrieved at retrieved.
func CheckItems(t testing.TB, items []bundle.Item, provider string, retrieved time.Time, want []WantItem) {
	t.Helper()
	if len(items) != len(want) {
		for _, it := range items {
			t.Logf("got %s %q", it.Doc.Published, it.Doc.Title)
		}
		t.Fatalf("items = %d, want %d", len(items), len(want))
	}
	for i, w := range want {
		it := items[i]
		d := it.Doc
		got := WantItem{URL: d.URL, Title: d.Title, Publisher: d.Publisher, Excerpt: d.Excerpt,
			Published: d.Published, Precision: d.Precision, Authority: d.Authority, Kind: it.Kind}
		if !got.Published.Equal(w.Published) || got.Published.Location() != time.UTC {
			t.Errorf("item %d published %v, want %v (UTC)", i, got.Published, w.Published)
		}
		got.Published = w.Published
		if got != w || it.Provider != provider || !d.RetrievedAt.Equal(retrieved) {
			t.Errorf("item %d = %+v from %s retrieved %v\nwant %+v from %s retrieved %v", i, got, it.Provider, d.RetrievedAt, w, provider, retrieved)
		}
	}
}

// CheckSearch fails t unless a free news source's Gather (res, err) was
// one search that found want (CheckItems).
func CheckSearch(t testing.TB, res bundle.Result, err error, provider string, retrieved time.Time, want []WantItem) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	CheckItems(t, res.Items, provider, retrieved, want)
	if res.Usage != (bundle.Usage{Searches: 1}) {
		t.Errorf("usage = %+v, want one free search", res.Usage)
	}
}

// FaultCase is one row of the failure matrix a source is tested against:
// faults injected on the provider's route and how the call must end.
type FaultCase struct {
	Name    string
	Faults  []Fault       // queued for the next requests
	Always  Fault         // for every request ("" = none)
	Timeout time.Duration // the source's upstream timeout
	// Want is the outcome; its Items is set by Check (the source's item
	// count on success, none on failure).
	Want       FaultExpectation
	WantStatus int // HTTP status the error carries (0: none)
	// WantAnswered is whether the provider answered, so that the call
	// counts as a search (or fetch) made in the source's Usage.
	WantAnswered bool
}

// FaultCases is the failure matrix for a source whose calls retry a 5xx
// (reads: retry5xx true) or do not (paid POSTs). Every case uses a
// 5-second timeout except the stall, which uses 300 ms.
func FaultCases(retry5xx bool) []FaultCase {
	type x = FaultExpectation
	cases := []FaultCase{
		{Name: "429 then success honours Retry-After", Faults: []Fault{Fault429}, Want: x{Calls: 2, MinTook: time.Second}, WantAnswered: true},
		{Name: "429 with a long Retry-After fails fast", Faults: []Fault{Fault429Long}, Want: x{Kind: upstream.KindRateLimited, Calls: 1, MaxTook: 2 * time.Second}, WantStatus: 429, WantAnswered: true},
		{Name: "stall past the timeout", Faults: []Fault{FaultStall}, Timeout: 300 * time.Millisecond, Want: x{Kind: upstream.KindTimeout, Calls: 1, MaxTook: 2 * time.Second}},
		{Name: "malformed body", Faults: []Fault{FaultMalformed}, Want: x{Kind: upstream.KindMalformed, Calls: 1}, WantStatus: 200, WantAnswered: true},
		{Name: "oversized body", Faults: []Fault{FaultOversized}, Want: x{Kind: upstream.KindTooLarge, Calls: 1}, WantStatus: 200, WantAnswered: true},
		{Name: "404", Faults: []Fault{FaultNotFound}, Want: x{Kind: upstream.KindNotFound, Calls: 1}, WantStatus: 404, WantAnswered: true},
	}
	if retry5xx {
		cases = append(cases,
			FaultCase{Name: "500 then success", Faults: []Fault{Fault500}, Want: x{Calls: 2}, WantAnswered: true},
			FaultCase{Name: "503 then success", Faults: []Fault{Fault503}, Want: x{Calls: 2}, WantAnswered: true},
			FaultCase{Name: "500 every time", Always: Fault500, Want: x{Kind: upstream.KindFailure, Calls: 3}, WantStatus: 500, WantAnswered: true},
			FaultCase{Name: "503 every time", Always: Fault503, Want: x{Kind: upstream.KindFailure, Calls: 3}, WantStatus: 503, WantAnswered: true},
		)
	} else {
		cases = append(cases,
			FaultCase{Name: "500 is not retried", Faults: []Fault{Fault500}, Want: x{Kind: upstream.KindFailure, Calls: 1}, WantStatus: 500, WantAnswered: true},
			FaultCase{Name: "503 is not retried", Faults: []Fault{Fault503}, Want: x{Kind: upstream.KindFailure, Calls: 1}, WantStatus: 503, WantAnswered: true},
		)
	}
	for i := range cases {
		if cases[i].Timeout == 0 {
			cases[i].Timeout = 5 * time.Second
		}
	}
	return cases
}

// Inject arms the case's faults on the routes under prefix.
func (c FaultCase) Inject(s *Server, prefix string) {
	s.Fail(prefix, c.Faults...)
	if c.Always != "" {
		s.FailAlways(prefix, c.Always)
	}
}

// Outcome is what a source's call came to.
type Outcome struct {
	Err      error
	Items    int           // items (or records) returned
	Answered int           // the searches or fetches the source counted in its Usage
	Took     time.Duration // how long the call took
}

// Check fails t unless o is what the case wants from provider's call to
// the routes under prefix of s, a call that returns okItems items when it
// succeeds.
func (c FaultCase) Check(t testing.TB, s *Server, prefix, provider string, o Outcome, okItems int) {
	t.Helper()
	want := c.Want
	if want.Kind == "" {
		want.Items = okItems
	}
	want.Check(t, s, prefix, provider, o.Items, o.Err, o.Took)
	var e *upstream.Error
	if o.Err != nil && errors.As(o.Err, &e) && e.Status != c.WantStatus {
		t.Errorf("error = %v, want HTTP status %d", o.Err, c.WantStatus)
	}
	wantAnswered := 0
	if c.WantAnswered {
		wantAnswered = 1
	}
	if o.Answered != wantAnswered {
		t.Errorf("usage counted %d calls, want %d", o.Answered, wantAnswered)
	}
}
