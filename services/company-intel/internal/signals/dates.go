package signals

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

const monthPat = `(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

var (
	mdyRe = rx(`\b` + monthPat + `\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`)
	dmyRe = rx(`\b(\d{1,2})(?:st|nd|rd|th)?\s+` + monthPat + `\.?,?\s+(\d{4})\b`)
	isoRe = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})(?:T|\b)`)
	// wireTailRe follows the date of a wire dateline: an optional wire tag
	// ("/PRNewswire/", "(GLOBE NEWSWIRE)") and the dash that opens the text.
	wireTailRe = regexp.MustCompile(`^\s*(?:/[^/]{2,40}/|\([^)]{2,40}\))?\s*(?:--|-)\s*`)
	// cityDashRe is a dateline without a date: "SAN FRANCISCO -- " or
	// "LONDON (Reuters) - ".
	// wireTagRe is Business Wire's dateline: "SAN FRANCISCO--(BUSINESS
	// WIRE)--", written without spaces around the dashes.
	wireTagRe  = regexp.MustCompile(`^[A-Z][A-Z .,'&-]{1,60}?\s*--\s*\([A-Z][A-Za-z .]{2,30}\)\s*--\s*`)
	cityDashRe = regexp.MustCompile(`^[A-Z][A-Z .,'&-]{1,40}?(?:\s*\([A-Za-z .]{2,20}\))?\s+(?:--|-)\s+`)
)

func monthOf(s string) time.Month {
	s = strings.ToLower(s)
	if len(s) < 3 {
		return 0
	}
	switch s[:3] {
	case "jan":
		return time.January
	case "feb":
		return time.February
	case "mar":
		return time.March
	case "apr":
		return time.April
	case "may":
		return time.May
	case "jun":
		return time.June
	case "jul":
		return time.July
	case "aug":
		return time.August
	case "sep":
		return time.September
	case "oct":
		return time.October
	case "nov":
		return time.November
	case "dec":
		return time.December
	}
	return 0
}

// validDate builds a UTC midnight date, rejecting impossible days and
// years outside 1990..2100.
func validDate(y int, m time.Month, d int) (time.Time, bool) {
	if y < 1990 || y > 2100 || m < time.January || m > time.December || d < 1 || d > 31 {
		return time.Time{}, false
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || t.Month() != m {
		return time.Time{}, false
	}
	return t, true
}

type dateHit struct {
	t          time.Time
	start, end int
}

// findDates returns every valid date in s in the three accepted forms
// ("March 3, 2026" / "Mar. 3, 2026", "3 March 2026", "2026-03-03"),
// leftmost first.
func findDates(s string) []dateHit {
	var out []dateHit
	for _, m := range mdyRe.FindAllStringSubmatchIndex(s, -1) {
		d, _ := strconv.Atoi(s[m[4]:m[5]])
		y, _ := strconv.Atoi(s[m[6]:m[7]])
		if t, ok := validDate(y, monthOf(s[m[2]:m[3]]), d); ok {
			out = append(out, dateHit{t, m[0], m[1]})
		}
	}
	for _, m := range dmyRe.FindAllStringSubmatchIndex(s, -1) {
		d, _ := strconv.Atoi(s[m[2]:m[3]])
		y, _ := strconv.Atoi(s[m[6]:m[7]])
		if t, ok := validDate(y, monthOf(s[m[4]:m[5]]), d); ok {
			out = append(out, dateHit{t, m[0], m[1]})
		}
	}
	for _, m := range isoRe.FindAllStringSubmatchIndex(s, -1) {
		y, _ := strconv.Atoi(s[m[2]:m[3]])
		mo, _ := strconv.Atoi(s[m[4]:m[5]])
		d, _ := strconv.Atoi(s[m[6]:m[7]])
		if t, ok := validDate(y, time.Month(mo), d); ok {
			out = append(out, dateHit{t, m[0], m[1]})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// ParseDateline returns the first date written in s in one of the forms
// "March 3, 2026", "Mar. 3, 2026", "Sept 3rd, 2026", "3 March 2026" or
// "2026-03-03", as UTC midnight. ok is false when s holds no valid date.
func ParseDateline(s string) (t time.Time, ok bool) {
	ds := findDates(s)
	if len(ds) == 0 {
		return time.Time{}, false
	}
	return ds[0].t, true
}

// maxDatelinePrefix bounds the place part ("SAN FRANCISCO, Calif., ") of
// a wire dateline.
const maxDatelinePrefix = 80

// wireDateline recognises a press-release dateline at the start of s:
// "CITY, Month D, YYYY /PRNewswire/ -- ", "CITY, 9 March 2026 -- ",
// "CITY, Region, Month D, YYYY (GLOBE NEWSWIRE) -- ". It returns the date
// and the index where the text proper starts.
func wireDateline(s string) (time.Time, int, bool) {
	// a dateline's date starts within maxDatelinePrefix bytes and is at
	// most 40 bytes long
	head := s[:min(len(s), maxDatelinePrefix+40)]
	if !strings.ContainsAny(head, "0123456789") {
		return time.Time{}, 0, false
	}
	for _, d := range findDates(head) {
		if d.start > maxDatelinePrefix {
			break
		}
		prefix := s[:d.start]
		if strings.ContainsAny(prefix, "/!?") || strings.Contains(prefix, "--") {
			break
		}
		if m := wireTailRe.FindStringIndex(s[d.end:]); m != nil {
			return d.t, d.end + m[1], true
		}
	}
	return time.Time{}, 0, false
}

// stripDateline removes a leading wire or city dateline from s.
func stripDateline(s string) string {
	if _, end, ok := wireDateline(s); ok {
		return strings.TrimSpace(s[end:])
	}
	if m := wireTagRe.FindStringIndex(s); m != nil {
		return strings.TrimSpace(s[m[1]:])
	}
	if m := cityDashRe.FindStringIndex(s); m != nil {
		return strings.TrimSpace(s[m[1]:])
	}
	return s
}

// ReleaseText is a press release's text as the detector reads it:
// typographic quotes and dashes folded to ASCII, white space collapsed,
// a leading wire or city dateline removed.
func ReleaseText(s string) string { return stripDateline(prepText(s)) }

// Sentences splits text into sentences the way the detector does (a
// period after a known abbreviation or an initial does not end one).
func Sentences(s string) []string { return sentences(s) }

// textDate finds an event date in a title and excerpt: a wire dateline,
// else the first date in the title, else the first date in the excerpt.
func textDate(title, excerpt string) (time.Time, bool) {
	if t, _, ok := wireDateline(prepText(excerpt)); ok {
		return t, true
	}
	if t, ok := ParseDateline(title); ok {
		return t, true
	}
	return ParseDateline(excerpt)
}

// day truncates t to its UTC calendar day.
func day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// docDate applies the date precedence to a news, press or page item:
// Doc.Published at time or day precision; at month or year precision a
// dateline in the text if there is one, else Doc.Published; with no
// published date a dateline in the text; else none.
func docDate(d source.Document) (time.Time, bool) {
	switch d.Precision {
	case source.PrecisionTime, source.PrecisionDay:
		if !d.Published.IsZero() {
			return day(d.Published), true
		}
	case source.PrecisionMonth, source.PrecisionYear:
		if t, ok := textDate(d.Title, d.Excerpt); ok {
			return t, true
		}
		if !d.Published.IsZero() {
			return day(d.Published), true
		}
	}
	return textDate(d.Title, d.Excerpt)
}

// filingDate is a filing's acceptance time, else its filing date.
func filingDate(f *bundle.Filing) (time.Time, bool) {
	switch {
	case !f.Accepted.IsZero():
		return day(f.Accepted), true
	case !f.Filed.IsZero():
		return day(f.Filed), true
	}
	return time.Time{}, false
}

// window is the inclusive day range events must fall in.
type window struct{ from, to time.Time }

// newWindow builds the day range of q: a zero From has no lower bound, a
// zero To is now.
func newWindow(q bundle.Query, now time.Time) window {
	w := window{to: day(q.To)}
	if q.To.IsZero() {
		w.to = day(now)
	}
	if !q.From.IsZero() {
		w.from = day(q.From)
	}
	return w
}

func (w window) in(t time.Time) bool {
	t = day(t)
	return (w.from.IsZero() || !t.Before(w.from)) && !t.After(w.to)
}

// boardDate is the newest posting date of a job board that lies in the
// window; when postings are dated but none in the window, the newest
// posting date (which the window then rejects); when no posting is dated,
// the document's date.
func boardDate(it bundle.Item, w window) (time.Time, bool) {
	var newestIn, newest time.Time
	for _, j := range it.Jobs {
		if j.Published.IsZero() {
			continue
		}
		if j.Published.After(newest) {
			newest = j.Published
		}
		if w.in(j.Published) && j.Published.After(newestIn) {
			newestIn = j.Published
		}
	}
	switch {
	case !newestIn.IsZero():
		return day(newestIn), true
	case !newest.IsZero():
		return day(newest), true
	}
	return docDate(it.Doc)
}
