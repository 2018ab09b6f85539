package signals

import (
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

func TestParseDateline(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want time.Time
		ok   bool
	}{
		{"month day year", "March 3, 2026", date(2026, 3, 3), true},
		{"abbreviated with period", "Mar. 3, 2026", date(2026, 3, 3), true},
		{"abbreviated without period", "Mar 3 2026", date(2026, 3, 3), true},
		{"sept", "Sept. 14, 2026", date(2026, 9, 14), true},
		{"ordinal", "March 3rd, 2026", date(2026, 3, 3), true},
		{"day month year", "3 March 2026", date(2026, 3, 3), true},
		{"iso", "2026-03-03", date(2026, 3, 3), true},
		{"iso with time", "published 2026-03-03T10:00:00Z", date(2026, 3, 3), true},
		{"first of several", "On Feb. 17, 2026 it said it expects to close by June 30, 2026", date(2026, 2, 17), true},
		{"wire dateline", "SAN FRANCISCO, March 3, 2026 /PRNewswire/ -- Acme today announced", date(2026, 3, 3), true},
		{"case-insensitive", "MARCH 3, 2026", date(2026, 3, 3), true},
		{"impossible day", "February 30, 2026", time.Time{}, false},
		{"impossible iso", "2026-13-01", time.Time{}, false},
		{"year out of range", "March 3, 1850", time.Time{}, false},
		{"no date", "Acme raises $40M", time.Time{}, false},
		{"month and year only", "March 2026", time.Time{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ParseDateline(tc.in)
			if ok != tc.ok || !got.Equal(tc.want) {
				t.Fatalf("ParseDateline(%q) = %v %v, want %v %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestWireDateline(t *testing.T) {
	tests := []struct {
		name, in string
		want     time.Time
		rest     string
		ok       bool
	}{
		{"PRNewswire", "SAN FRANCISCO, March 3, 2026 /PRNewswire/ -- Acme today announced a round.", date(2026, 3, 3), "Acme today announced a round.", true},
		{"day month year with dashes", "LONDON, 9 March 2026 -- Acme confirmed the deal.", date(2026, 3, 9), "Acme confirmed the deal.", true},
		{"region and Globe Newswire", "OSLO, Norway, April 2, 2026 (GLOBE NEWSWIRE) -- Acme closed its round.", date(2026, 4, 2), "Acme closed its round.", true},
		{"date in the body is not a dateline", "Acme said the deal, signed on March 3, 2026, will close soon.", time.Time{}, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, end, ok := wireDateline(tc.in)
			if ok != tc.ok || !got.Equal(tc.want) {
				t.Fatalf("wireDateline(%q) = %v %v, want %v %v", tc.in, got, ok, tc.want, tc.ok)
			}
			if ok && tc.in[end:] != tc.rest {
				t.Fatalf("text after dateline = %q, want %q", tc.in[end:], tc.rest)
			}
		})
	}
	if got := stripDateline("BERLIN (Reuters) - Acme said on Monday it raised money."); got != "Acme said on Monday it raised money." {
		t.Errorf("stripDateline of a city dateline = %q", got)
	}
}

func TestDatePrecedence(t *testing.T) {
	w := window{from: date(2026, 1, 1), to: date(2026, 3, 31)}
	doc := func(published time.Time, p source.Precision, title, excerpt string) source.Document {
		return source.Document{Title: title, Excerpt: excerpt, Published: published, Precision: p}
	}
	tests := []struct {
		name string
		got  func() (time.Time, bool)
		want time.Time
		ok   bool
	}{
		{"filing accepted beats filed", func() (time.Time, bool) {
			return filingDate(&bundle.Filing{Filed: date(2026, 2, 20), Accepted: time.Date(2026, 2, 19, 21, 5, 0, 0, time.UTC)})
		}, date(2026, 2, 19), true},
		{"filing filed when not accepted", func() (time.Time, bool) {
			return filingDate(&bundle.Filing{Filed: date(2026, 2, 20)})
		}, date(2026, 2, 20), true},
		{"filing without dates", func() (time.Time, bool) { return filingDate(&bundle.Filing{}) }, time.Time{}, false},
		{"published at day precision beats dateline", func() (time.Time, bool) {
			return docDate(doc(date(2026, 3, 4), source.PrecisionDay, "", "NEW YORK, March 3, 2026 /PRNewswire/ -- text"))
		}, date(2026, 3, 4), true},
		{"published time is truncated to its UTC day", func() (time.Time, bool) {
			return docDate(doc(time.Date(2026, 3, 4, 23, 59, 0, 0, time.UTC), source.PrecisionTime, "", ""))
		}, date(2026, 3, 4), true},
		{"month precision yields to a dateline", func() (time.Time, bool) {
			return docDate(doc(date(2026, 3, 1), source.PrecisionMonth, "", "NEW YORK, March 3, 2026 /PRNewswire/ -- text"))
		}, date(2026, 3, 3), true},
		{"month precision without dateline", func() (time.Time, bool) {
			return docDate(doc(date(2026, 3, 1), source.PrecisionMonth, "", "no date here"))
		}, date(2026, 3, 1), true},
		{"no published date: wire dateline", func() (time.Time, bool) {
			return docDate(doc(time.Time{}, source.PrecisionNone, "Acme raises money", "NEW YORK, Mar. 3, 2026 /PRNewswire/ -- text"))
		}, date(2026, 3, 3), true},
		{"no published date: date in title", func() (time.Time, bool) {
			return docDate(doc(time.Time{}, source.PrecisionNone, "Acme 8-K dated 2026-02-11", "text"))
		}, date(2026, 2, 11), true},
		{"no published date: date in excerpt", func() (time.Time, bool) {
			return docDate(doc(time.Time{}, source.PrecisionNone, "Acme raises money", "The round closed on 3 March 2026."))
		}, date(2026, 3, 3), true},
		{"no date at all", func() (time.Time, bool) {
			return docDate(doc(time.Time{}, source.PrecisionNone, "Acme raises money", "no date"))
		}, time.Time{}, false},
		{"job board: newest posting in the window", func() (time.Time, bool) {
			return boardDate(bundle.Item{Jobs: []bundle.Job{{Published: date(2026, 2, 1)}, {Published: date(2026, 3, 12)}, {Published: date(2026, 4, 9)}}}, w)
		}, date(2026, 3, 12), true},
		{"job board: postings all outside the window", func() (time.Time, bool) {
			return boardDate(bundle.Item{Jobs: []bundle.Job{{Published: date(2025, 6, 1)}, {Published: date(2025, 7, 1)}}}, w)
		}, date(2025, 7, 1), true},
		{"job board: undated postings fall back to the document", func() (time.Time, bool) {
			return boardDate(bundle.Item{Jobs: []bundle.Job{{Title: "x"}}, Doc: doc(date(2026, 3, 2), source.PrecisionDay, "", "")}, w)
		}, date(2026, 3, 2), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.got()
			if ok != tc.ok || !got.Equal(tc.want) {
				t.Fatalf("got %v %v, want %v %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestWindow(t *testing.T) {
	now := time.Date(2026, 3, 20, 15, 0, 0, 0, time.UTC)
	q := bundle.Query{From: time.Date(2026, 1, 1, 15, 0, 0, 0, time.UTC), To: now}
	w := newWindow(q, now)
	tests := []struct {
		name string
		t    time.Time
		want bool
	}{
		{"first day counts whole", date(2026, 1, 1), true},
		{"day before", date(2025, 12, 31), false},
		{"inside", date(2026, 2, 14), true},
		{"last day", time.Date(2026, 3, 20, 23, 0, 0, 0, time.UTC), true},
		{"after the request", date(2026, 3, 21), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := w.in(tc.t); got != tc.want {
				t.Fatalf("in(%v) = %v, want %v", tc.t, got, tc.want)
			}
		})
	}
	open := newWindow(bundle.Query{}, now)
	if !open.in(date(2001, 1, 1)) || open.in(date(2026, 3, 21)) {
		t.Error("a zero window is unbounded below and ends now")
	}
}
