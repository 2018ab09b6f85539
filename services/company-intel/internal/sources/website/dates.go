package website

import (
	"regexp"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
)

// Years outside this range are read as a CMS's placeholder (0001-01-01,
// 9999-12-31), not a date.
const minYear, maxYear = 1970, 2200

// isoForms are ISO 8601 / W3C-DTF forms (Atom, dc:date, article meta,
// JSON-LD, <time datetime>), most specific first. A time of day without a
// UTC offset does not fix the instant, so it is read as its calendar day.
var isoForms = []struct {
	layout    string
	precision source.Precision
}{
	{time.RFC3339Nano, source.PrecisionTime},
	{"2006-01-02T15:04Z07:00", source.PrecisionTime},
	{"2006-01-02 15:04:05.999999999Z07:00", source.PrecisionTime},
	// Offsets without a colon, as Java and PHP date formatters write them
	// ("2026-03-03T09:30:00.000+0000"), and Ruby's Time#to_s.
	{"2006-01-02T15:04:05.999999999Z0700", source.PrecisionTime},
	{"2006-01-02T15:04Z0700", source.PrecisionTime},
	{"2006-01-02 15:04:05.999999999 -0700", source.PrecisionTime},
	{"2006-01-02T15:04:05.999999999", source.PrecisionDay},
	{"2006-01-02 15:04:05.999999999", source.PrecisionDay},
	{"2006-01-02T15:04", source.PrecisionDay},
	{"2006-01-02", source.PrecisionDay},
	{"2006-01", source.PrecisionMonth},
	{"2006", source.PrecisionYear},
}

// rfc822Forms are RFC 822/1123 forms (RSS pubDate) after the weekday is
// dropped and the zone made numeric; "Jan" also reads full month names
// through the "January" variants.
var rfc822Forms = []string{
	"2 Jan 2006 15:04:05 -0700", "2 Jan 2006 15:04 -0700",
	"2 January 2006 15:04:05 -0700", "2 January 2006 15:04 -0700",
	"2 Jan 06 15:04:05 -0700", "2 Jan 06 15:04 -0700",
}

// dayForms are dates without a time of day, as pages write them.
var dayForms = []struct {
	layout    string
	precision source.Precision
}{
	{"2 Jan 2006", source.PrecisionDay}, {"2 January 2006", source.PrecisionDay},
	{"Jan 2, 2006", source.PrecisionDay}, {"January 2, 2006", source.PrecisionDay},
	{"Jan 2 2006", source.PrecisionDay}, {"January 2 2006", source.PrecisionDay},
	{"January 2006", source.PrecisionMonth}, {"Jan 2006", source.PrecisionMonth},
}

// zoneOffsets are the zone names RFC 822 §5.1 defines plus the European
// and Asia-Pacific ones feeds commonly use. Names that stand for several
// offsets (IST: India, Israel or Ireland) are left out: their time of day
// is not known, only the day.
var zoneOffsets = map[string]string{
	"UT": "+0000", "UTC": "+0000", "GMT": "+0000", "Z": "+0000",
	"EST": "-0500", "EDT": "-0400", "CST": "-0600", "CDT": "-0500",
	"MST": "-0700", "MDT": "-0600", "PST": "-0800", "PDT": "-0700",
	"WET": "+0000", "WEST": "+0100", "BST": "+0100", "CET": "+0100", "CEST": "+0200", "EET": "+0200", "EEST": "+0300",
	"MSK": "+0300", "SGT": "+0800", "HKT": "+0800", "AWST": "+0800", "JST": "+0900", "KST": "+0900",
	"AEST": "+1000", "AEDT": "+1100", "NZST": "+1200", "NZDT": "+1300",
}

var (
	sept        = regexp.MustCompile(`\bSept\b`)          // AP style's "Sept. 5, 2026"
	comment     = regexp.MustCompile(`\s*\([^()]*\)\s*$`) // RFC 822 comment after the zone: "+0000 (UTC)"
	numericZone = regexp.MustCompile(`^[+-]\d{2}:?\d{2}$`)
	alphaZone   = regexp.MustCompile(`^[A-Za-z]{1,5}$`)
	weekday     = regexp.MustCompile(`^(?i)(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?$`)
)

// parseDate reads a publication date as feeds and pages write it (RFC 3339
// and the W3C-DTF subsets, RFC 822/1123 with numeric or named zones,
// "March 3, 2026", "3 March 2026", "March 2026") and says how much of it
// is known: an instant with its UTC offset is PrecisionTime; a time of day
// in an unknown zone, or a date alone, is the calendar day; a month or a
// year alone is that. The time returned is UTC (the start of the day,
// month or year for the coarser precisions). ok is false when s is not a
// date this reads.
func parseDate(s string) (t time.Time, p source.Precision, ok bool) {
	if len(s) > 256 {
		return time.Time{}, source.PrecisionNone, false
	}
	s = source.Fold(sept.ReplaceAllString(comment.ReplaceAllString(s, ""), "Sep"))
	if s == "" || len(s) > 64 {
		return time.Time{}, source.PrecisionNone, false
	}
	t, p, ok = parseISO(s)
	if !ok {
		t, p, ok = parseRFC822(s)
	}
	if !ok {
		for _, f := range dayForms {
			if d, err := time.Parse(f.layout, strings.ReplaceAll(s, ".", "")); err == nil {
				t, p, ok = d, f.precision, true
				break
			}
		}
	}
	if !ok || t.Year() < minYear || t.Year() > maxYear {
		return time.Time{}, source.PrecisionNone, false
	}
	return truncate(t.UTC(), p), p, true
}

func parseISO(s string) (time.Time, source.Precision, bool) {
	if s[0] < '0' || s[0] > '9' {
		return time.Time{}, "", false
	}
	for _, f := range isoForms {
		if t, err := time.Parse(f.layout, s); err == nil {
			return t, f.precision, true
		}
	}
	return time.Time{}, "", false
}

// parseRFC822 drops a leading weekday (also one glued to the day by its
// comma: "Wed,05 Mar 2026") and reads the rest with a numeric zone. A
// named zone it does not know, or no zone, leaves the instant unknown: the
// calendar day is kept.
func parseRFC822(s string) (time.Time, source.Precision, bool) {
	f := strings.Fields(strings.Replace(s, ",", ", ", 1))
	if len(f) > 0 && weekday.MatchString(f[0]) {
		f = f[1:]
	}
	if len(f) < 3 {
		return time.Time{}, "", false
	}
	precision := source.PrecisionTime
	switch zone := f[len(f)-1]; {
	case numericZone.MatchString(zone):
		f[len(f)-1] = strings.ReplaceAll(zone, ":", "")
	case zoneOffsets[strings.ToUpper(zone)] != "":
		f[len(f)-1] = zoneOffsets[strings.ToUpper(zone)]
	case alphaZone.MatchString(zone) && len(f) >= 5:
		f[len(f)-1], precision = "+0000", source.PrecisionDay
	case strings.Contains(zone, ":"):
		f, precision = append(f, "+0000"), source.PrecisionDay
	default:
		for _, d := range dayForms[:2] { // "3 Mar 2026", "3 March 2026"
			if t, err := time.Parse(d.layout, strings.Join(f, " ")); err == nil {
				return t, source.PrecisionDay, true
			}
		}
		return time.Time{}, "", false
	}
	v := strings.Join(f, " ")
	for _, layout := range rfc822Forms {
		if t, err := time.Parse(layout, v); err == nil {
			return t, precision, true
		}
	}
	return time.Time{}, "", false
}

// truncate drops what p says is unknown.
func truncate(t time.Time, p source.Precision) time.Time {
	switch p {
	case source.PrecisionDay:
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	case source.PrecisionMonth:
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	case source.PrecisionYear:
		return time.Date(t.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	}
	return t
}
