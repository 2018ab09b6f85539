package qualify

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// band is an employee-count range; Hi is math.MaxInt32 when open.
type band struct {
	Lo, Hi int
	Name   string // as the ICP wrote it
}

const openHi = math.MaxInt32

func (b band) String() string {
	if b.Hi == openHi {
		return fmt.Sprintf("%d+ employees", b.Lo)
	}
	return fmt.Sprintf("%d–%d employees", b.Lo, b.Hi)
}

// sizeBands are the size words an ICP may use (doc.go).
var sizeBands = []struct {
	re   *regexp.Regexp
	band band
}{
	{regexp.MustCompile(`\bstart-?ups?\b`), band{1, 50, "startup"}},
	{regexp.MustCompile(`\b(smbs?|small (and|&) medium[- ]sized|small businesses|small business|small)\b`), band{1, 199, "SMB"}},
	{regexp.MustCompile(`\b(mid-?market|mid-?sized?|midsized?|medium[- ]sized|medium)\b`), band{200, 1999, "mid-market"}},
	{regexp.MustCompile(`\b(enterprises?|large)\b`), band{2000, openHi, "enterprise"}},
}

var (
	num        = `(\d[\d,]*)`
	empWord    = `\s*(?:employees|staff|people|ftes?|headcount|workers)`
	rangeRe    = regexp.MustCompile(num + `\s*(?:-|–|—|to)\s*` + num + `\s*\+?` + empWord)
	plusRe     = regexp.MustCompile(num + `\s*\+` + empWord)
	overRe     = regexp.MustCompile(`(?:over|more than|above|at least|>=?)\s*` + num + empWord)
	underRe    = regexp.MustCompile(`(?:under|fewer than|less than|below|up to|<=?)\s*` + num + empWord)
	coRangeRe  = regexp.MustCompile(num + `\s*(?:-|–|—|to)\s*` + num)
	coPlusRe   = regexp.MustCompile(num + `\s*\+`)
	coSingleRe = regexp.MustCompile(num)
)

func atoi(s string) int {
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		return 0
	}
	return n
}

// icpBands reads the size targets an ICP text names: explicit ranges
// ("200-2000 employees", "50+ employees", "over 100 employees", "under 50
// employees") and size words (sizeBands).
func icpBands(text string) []band {
	t := strings.ToLower(text)
	var out []band
	for _, m := range rangeRe.FindAllStringSubmatch(t, -1) {
		out = append(out, band{atoi(m[1]), atoi(m[2]), strings.TrimSpace(m[0])})
	}
	t = rangeRe.ReplaceAllString(t, " ")
	for _, m := range plusRe.FindAllStringSubmatch(t, -1) {
		out = append(out, band{atoi(m[1]), openHi, strings.TrimSpace(m[0])})
	}
	for _, m := range overRe.FindAllStringSubmatch(t, -1) {
		out = append(out, band{atoi(m[1]), openHi, strings.TrimSpace(m[0])})
	}
	for _, m := range underRe.FindAllStringSubmatch(t, -1) {
		out = append(out, band{1, atoi(m[1]), strings.TrimSpace(m[0])})
	}
	for _, sb := range sizeBands {
		if m := sb.re.FindString(t); m != "" {
			b := sb.band
			b.Name = m
			out = append(out, b)
		}
	}
	return out
}

// companyBand parses an employee-range fact: "201-500", "10,001+", "350".
func companyBand(v string) (band, bool) {
	if m := coRangeRe.FindStringSubmatch(v); m != nil {
		lo, hi := atoi(m[1]), atoi(m[2])
		if lo > 0 && hi >= lo {
			return band{lo, hi, v}, true
		}
	}
	if m := coPlusRe.FindStringSubmatch(v); m != nil && atoi(m[1]) > 0 {
		return band{atoi(m[1]), openHi, v}, true
	}
	if m := coSingleRe.FindStringSubmatch(v); m != nil && atoi(m[1]) > 0 {
		n := atoi(m[1])
		return band{n, n, v}, true
	}
	return band{}, false
}

// mid is the band's geometric midpoint; an open band counts as twice its
// lower bound.
func (b band) mid() float64 {
	hi := b.Hi
	if hi == openHi {
		hi = 2 * b.Lo
	}
	return math.Sqrt(float64(b.Lo) * float64(hi))
}

// sizeScore: 1 when the company's midpoint lies in the target band,
// otherwise max(0, 1 − 2·d) with d the distance in decades (log10) to the
// nearest bound.
func sizeScore(company, target band) float64 {
	m := company.mid()
	if m >= float64(target.Lo) && (target.Hi == openHi || m <= float64(target.Hi)) {
		return 1
	}
	var d float64
	if m < float64(target.Lo) {
		d = math.Log10(float64(target.Lo) / m)
	} else {
		d = math.Log10(m / float64(target.Hi))
	}
	return math.Max(0, 1-2*d)
}

func sizeFit(in Input, q icp) scored {
	f := in.Profile.EmployeeRange
	if f == nil {
		return excluded(CompSize, "the company has no employee-range fact")
	}
	cb, ok := companyBand(f.Value)
	if !ok {
		return excluded(CompSize, fmt.Sprintf("the employee range '%s' is not a number or range", f.Value))
	}
	targets := icpBands(q.Positive)
	if len(targets) == 0 {
		return excluded(CompSize, "the ICP says nothing about company size")
	}
	best, bi := -1.0, 0
	for i, t := range targets {
		if s := sizeScore(cb, t); s > best {
			best, bi = s, i
		}
	}
	t := targets[bi]
	c := scored{known: true, Component: Component{Name: CompSize, Score: round(best, 4), Evidence: uniq(f.SourceURL)}}
	facts := fmt.Sprintf("%s gives %s %s employees; the ICP targets '%s' (%s)", sourceName(f.SourceURL), name(in), f.Value, t.Name, t)
	switch {
	case best == 1:
		c.reason = "Size fits the ICP: " + facts + "."
	case best > 0:
		c.reason = fmt.Sprintf("Size is near the ICP: %s, a partial fit of %.2f.", facts, best)
	default:
		c.Reason = "Size does not fit: " + facts + "."
		return c
	}
	c.Reason = c.reason
	return c
}

// models are the business-model cues (lower-case regexps over raw text).
var models = []struct {
	Name string
	re   *regexp.Regexp
}{
	{"B2B", regexp.MustCompile(`\b(b2b|business-to-business|for businesses|enterprise customers|operators|manufacturers|retailers|distributors|3pls?)\b`)},
	{"B2C", regexp.MustCompile(`\b(b2c|business-to-consumer|direct-to-consumer|dtc|consumers?|shoppers|households)\b`)},
	{"marketplace", regexp.MustCompile(`\b(marketplaces?|two-sided)\b`)},
	{"SaaS", regexp.MustCompile(`\b(saas|software-as-a-service|subscription software|cloud-based software)\b`)},
	{"agency", regexp.MustCompile(`\b(agency|agencies)\b`)},
}

// customerCues name business customers. They count as B2B only in the
// company's own text ("sells to grocers and logistics providers"); in an
// ICP the same words describe the target itself ("dental clinics"), not
// its customers, so findModels does not read them.
var customerCues = regexp.MustCompile(`\b(grocers|logistics providers|third-party logistics|merchants|hospitals|health systems|clinics|banks|insurers|school districts|cell makers|battery makers|product teams|security teams|carriers|shippers|utilities|airlines|municipalities|enterprises)\b`)

// findCompanyModels returns the business models the company's own text
// names: findModels plus B2B when it names business customers.
func findCompanyModels(text string) []string {
	out := findModels(text)
	if !slices.Contains(out, "B2B") && customerCues.MatchString(strings.ToLower(text)) {
		out = append([]string{"B2B"}, out...)
	}
	return out
}

// findModels returns the business models a text names, in models order.
func findModels(text string) []string {
	t := strings.ToLower(text)
	var out []string
	for _, m := range models {
		if m.re.MatchString(t) {
			out = append(out, m.Name)
		}
	}
	return out
}
