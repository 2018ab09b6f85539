package signals

import (
	"math"
	"strings"
	"testing"
	"time"
)

// FuzzParseDateline checks that date parsing never panics, returns only
// valid UTC midnights, and reads back every form it accepts. Seeds live
// in testdata/fuzz/FuzzParseDateline.
func FuzzParseDateline(f *testing.F) {
	f.Add("SAN FRANCISCO, March 3, 2026 /PRNewswire/ -- Acme today announced")
	f.Add("Sept. 31, 2026")
	f.Fuzz(func(t *testing.T, s string) {
		if _, end, ok := wireDateline(s); ok && (end < 0 || end > len(s)) {
			t.Fatalf("wireDateline end %d outside %q", end, s)
		}
		if out := stripDateline(s); len(out) > len(s) {
			t.Fatalf("stripDateline grew %q to %q", s, out)
		}
		d, ok := ParseDateline(s)
		if !ok {
			if !d.IsZero() {
				t.Fatalf("ParseDateline(%q) failed with a non-zero time %v", s, d)
			}
			return
		}
		if d.Location() != time.UTC || d.Hour() != 0 || d.Minute() != 0 || d.Second() != 0 || d.Nanosecond() != 0 {
			t.Fatalf("ParseDateline(%q) = %v, not a UTC midnight", s, d)
		}
		if d.Year() < 1990 || d.Year() > 2100 {
			t.Fatalf("ParseDateline(%q) = %v, year out of range", s, d)
		}
		for _, layout := range []string{"January 2, 2006", "Jan. 2, 2006", "Jan 2 2006", "2 January 2006", "2006-01-02"} {
			text := d.Format(layout)
			if got, ok := ParseDateline(text); !ok || !got.Equal(d) {
				t.Fatalf("ParseDateline(%q) = %v %v, want %v (from %q)", text, got, ok, d, s)
			}
		}
	})
}

// FuzzParseAmount checks that amount parsing never panics, keeps values
// in range, converts nothing but dollars, and that the normalised text
// parses back to (nearly) the same amount. Seeds live in
// testdata/fuzz/FuzzParseAmount.
func FuzzParseAmount(f *testing.F) {
	f.Add("raises $40M Series B")
	f.Add("€2,5 million")
	f.Fuzz(func(t *testing.T, s string) {
		a, ok := ParseAmount(s)
		if !ok {
			if a != (Amount{}) {
				t.Fatalf("ParseAmount(%q) failed with %+v", s, a)
			}
			return
		}
		if !(a.Value >= minAmount && a.Value <= maxAmount) || math.IsNaN(a.Value) {
			t.Fatalf("ParseAmount(%q) value %v out of range", s, a.Value)
		}
		switch a.Currency {
		case "USD":
			if a.USD != int64(math.Round(a.Value)) || !strings.HasPrefix(a.Text, "$") {
				t.Fatalf("ParseAmount(%q) = %+v", s, a)
			}
		case "EUR", "GBP":
			if a.USD != 0 {
				t.Fatalf("ParseAmount(%q) converted %s to dollars: %+v", s, a.Currency, a)
			}
		default:
			t.Fatalf("ParseAmount(%q) currency %q", s, a.Currency)
		}
		b, ok := ParseAmount(a.Text)
		if !ok || b.Currency != a.Currency || math.Abs(b.Value-a.Value) > 0.01*a.Value {
			t.Fatalf("ParseAmount(%q) = %+v, but its text %q parses to %+v %v", s, a, a.Text, b, ok)
		}
	})
}
