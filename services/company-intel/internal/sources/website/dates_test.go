package website

import (
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
)

func TestParseDate(t *testing.T) {
	t.Parallel()
	utc := func(y int, m time.Month, d, h, mi, s int) time.Time { return time.Date(y, m, d, h, mi, s, 0, time.UTC) }
	tests := []struct {
		name string
		in   string
		want time.Time
		p    source.Precision
		ok   bool
	}{
		{"rfc 3339 with offset", "2026-03-03T09:30:00-05:00", utc(2026, 3, 3, 14, 30, 0), source.PrecisionTime, true},
		{"rfc 3339 utc with fraction", "2026-03-03T09:30:00.123Z", time.Date(2026, 3, 3, 9, 30, 0, 123e6, time.UTC), source.PrecisionTime, true},
		{"w3c-dtf minutes", "2026-03-03T09:30+01:00", utc(2026, 3, 3, 8, 30, 0), source.PrecisionTime, true},
		{"space instead of T", "2026-03-03 09:30:00+00:00", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"time without zone is the day", "2026-03-03T23:30:00", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"date only", "2026-03-03", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"month", "2026-03", utc(2026, 3, 1, 0, 0, 0), source.PrecisionMonth, true},
		{"year", "2026", utc(2026, 1, 1, 0, 0, 0), source.PrecisionYear, true},
		{"rfc 1123 numeric zone", "Tue, 03 Mar 2026 09:30:00 -0500", utc(2026, 3, 3, 14, 30, 0), source.PrecisionTime, true},
		{"rfc 1123 GMT", "Tue, 03 Mar 2026 09:30:00 GMT", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"rfc 822 named US zone", "Tue, 3 Mar 2026 09:30:00 PDT", utc(2026, 3, 3, 16, 30, 0), source.PrecisionTime, true},
		{"offset with colon", "Tue, 03 Mar 2026 09:30:00 +01:00", utc(2026, 3, 3, 8, 30, 0), source.PrecisionTime, true},
		{"no seconds", "Tue, 03 Mar 2026 09:30 +0000", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"two-digit year", "03 Mar 26 09:30:00 +0000", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"full weekday and month names", "Tuesday, 03 March 2026 09:30:00 +0000", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"wrong weekday is ignored", "Fri, 03 Mar 2026 09:30:00 +0000", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"unknown zone name keeps the day", "Tue, 03 Mar 2026 23:30:00 XYZT", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"no zone keeps the day", "Tue, 03 Mar 2026 23:30:00", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"rfc 822 date only", "Mon, 02 Mar 2026", utc(2026, 3, 2, 0, 0, 0), source.PrecisionDay, true},
		{"us prose", "March 3, 2026", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"abbreviated prose with a dot", "Mar. 3, 2026", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"day first prose", "3 March 2026", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"month and year prose", "March 2026", utc(2026, 3, 1, 0, 0, 0), source.PrecisionMonth, true},
		{"surrounding space", "  2026-03-03 \n", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"iso offset without colon (Java, PHP)", "2026-03-03T09:30:00.000+0000", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"iso offset without colon, no fraction", "2026-03-03T09:30:00+0530", utc(2026, 3, 3, 4, 0, 0), source.PrecisionTime, true},
		{"iso minutes, offset without colon", "2026-03-03T09:30-0500", utc(2026, 3, 3, 14, 30, 0), source.PrecisionTime, true},
		{"ruby Time#to_s", "2026-03-03 09:30:00 +0100", utc(2026, 3, 3, 8, 30, 0), source.PrecisionTime, true},
		{"space instead of T with fraction", "2026-03-03 09:30:00.5Z", time.Date(2026, 3, 3, 9, 30, 0, 5e8, time.UTC), source.PrecisionTime, true},
		{"rfc 822 comment after the zone", "Tue, 03 Mar 2026 09:30:00 +0000 (UTC)", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"weekday glued to the day", "Tue,03 Mar 2026 09:30:00 GMT", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"single-digit day and hour", "Tue, 3 Mar 2026 9:30:00 GMT", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"european zone name", "Tue, 03 Mar 2026 09:30:00 CET", utc(2026, 3, 3, 8, 30, 0), source.PrecisionTime, true},
		{"asia-pacific zone name", "Tue, 03 Mar 2026 09:30:00 JST", utc(2026, 3, 3, 0, 30, 0), source.PrecisionTime, true},
		{"australian zone name", "Tue, 03 Mar 2026 09:30:00 AEDT", utc(2026, 3, 2, 22, 30, 0), source.PrecisionTime, true},
		{"ambiguous zone name keeps the day", "Tue, 03 Mar 2026 23:30:00 IST", utc(2026, 3, 3, 0, 0, 0), source.PrecisionDay, true},
		{"lower-case zone", "Tue, 03 Mar 2026 09:30:00 gmt", utc(2026, 3, 3, 9, 30, 0), source.PrecisionTime, true},
		{"AP style Sept.", "Sept. 5, 2025", utc(2025, 9, 5, 0, 0, 0), source.PrecisionDay, true},
		{"Sept in rfc 822", "Fri, 05 Sept 2025 10:00:00 +0000", utc(2025, 9, 5, 10, 0, 0), source.PrecisionTime, true},
		{"September is not touched", "September 5, 2025", utc(2025, 9, 5, 0, 0, 0), source.PrecisionDay, true},
		{"too long", strings.Repeat("2026-03-03 ", 30), time.Time{}, source.PrecisionNone, false},
		{"cms placeholder year", "0001-01-01T00:00:00Z", time.Time{}, source.PrecisionNone, false},
		{"far future", "9999-12-31", time.Time{}, source.PrecisionNone, false},
		{"not a date", "yesterday", time.Time{}, source.PrecisionNone, false},
		{"empty", "", time.Time{}, source.PrecisionNone, false},
		{"number", "12345", time.Time{}, source.PrecisionNone, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, p, ok := parseDate(tt.in)
			if !got.Equal(tt.want) || p != tt.p || ok != tt.ok {
				t.Fatalf("parseDate(%q) = %v, %q, %v; want %v, %q, %v", tt.in, got, p, ok, tt.want, tt.p, tt.ok)
			}
			if ok && got.Location() != time.UTC {
				t.Fatalf("parseDate(%q) not in UTC", tt.in)
			}
		})
	}
}

func TestWindowContains(t *testing.T) {
	t.Parallel()
	w := window{from: time.Date(2026, 3, 3, 12, 0, 0, 0, time.UTC), to: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)}
	day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name string
		t    time.Time
		p    source.Precision
		want bool
	}{
		{"instant inside", time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC), source.PrecisionTime, true},
		{"instant before the start", time.Date(2026, 3, 3, 11, 0, 0, 0, time.UTC), source.PrecisionTime, false},
		{"instant at the end", w.to, source.PrecisionTime, true},
		{"instant after the end", w.to.Add(time.Second), source.PrecisionTime, false},
		{"the start's day overlaps", day(3), source.PrecisionDay, true},
		{"the day before does not", day(2), source.PrecisionDay, false},
		{"the end's day starts inside", day(10), source.PrecisionDay, true},
		{"the day after does not", day(11), source.PrecisionDay, false},
		{"the month overlaps", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), source.PrecisionMonth, true},
		{"the previous month does not", time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), source.PrecisionMonth, false},
		{"the year overlaps", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), source.PrecisionYear, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := w.contains(tt.t, tt.p); got != tt.want {
				t.Fatalf("contains(%v, %q) = %v, want %v", tt.t, tt.p, got, tt.want)
			}
		})
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{
		"2026-03-03T09:30:00.000+0000", "Tue, 03 Mar 2026 09:30:00 +0000 (UTC)", "Tue,03 Mar 2026 09:30 GMT", "Sept. 5, 2025",
		"Tue, 03 Mar 2026 23:30:00 IST", "2026-03-03 09:30:00 +0100", "March 2026", "2026", "0001-01-01T00:00:00Z",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, p, ok := parseDate(s)
		if !ok {
			if !got.IsZero() || p != source.PrecisionNone {
				t.Fatalf("parseDate(%q) = %v, %q without ok", s, got, p)
			}
			return
		}
		if got.Location() != time.UTC || got.Year() < minYear || got.Year() > maxYear || p == source.PrecisionNone {
			t.Fatalf("parseDate(%q) = %v, %q", s, got, p)
		}
		if !truncate(got, p).Equal(got) {
			t.Fatalf("parseDate(%q) = %v: finer than its precision %q", s, got, p)
		}
	})
}
