package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/services/company-intel/internal/sources/ats"
	"github.com/intel402/intel402/services/company-intel/internal/sources/exa"
	"github.com/intel402/intel402/services/company-intel/internal/sources/gdelt"
	"github.com/intel402/intel402/services/company-intel/internal/sources/googlenews"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sec"
	"github.com/intel402/intel402/services/company-intel/internal/sources/wikidata"
)

// Limit is the rate company-intel keeps with a provider, every replica
// sharing an egress together (GCRA: one call per 1/Rate, Burst at once).
type Limit struct {
	Rate  float64 // calls per second
	Burst int
}

// Period is the window the limit is stated over: one second, or one
// interval when that is longer (GDELT: one query per 5 s).
func (l Limit) Period() time.Duration {
	return max(time.Second, time.Duration(float64(time.Second)/l.Rate))
}

// Allowed is the most calls the limit admits within any window of length
// p: GCRA admits calls i < j only when t_j − t_i ≥ (j − i)/Rate − (Burst −
// 1)/Rate, so fewer than p·Rate + Burst fit in a half-open window of p.
func (l Limit) Allowed(p time.Duration) int {
	return int(math.Ceil(p.Seconds()*l.Rate+float64(l.Burst)-1e-9)) - 1
}

// String is "1/5s, burst 1" or "10/s, burst 1".
func (l Limit) String() string {
	if p := l.Period(); p > time.Second {
		return fmt.Sprintf("%.0f/%s, burst %d", p.Seconds()*l.Rate, p, l.Burst)
	}
	return fmt.Sprintf("%g/s, burst %d", l.Rate, l.Burst)
}

// Limits are the rates the service is built with (each source's defaults;
// wikidata.New and sec.New take a burst of 1). A provider not listed
// (the companies' websites) has none: its calls are counted over 1 s.
var Limits = map[string]Limit{
	googlenews.Name:             {googlenews.DefaultRatePerSecond, googlenews.DefaultBurst},
	gdelt.Name:                  {gdelt.DefaultRatePerSecond, gdelt.DefaultBurst},
	exa.Name:                    {exa.DefaultRatePerSecond, exa.DefaultBurst},
	sec.Name:                    {sec.MaxRatePerSecond, 1},
	wikidata.Name:               {wikidata.DefaultRatePerSecond, 1},
	ats.ProviderGreenhouse:      {ats.DefaultRatePerSecond, ats.DefaultBurst},
	ats.ProviderLever:           {ats.DefaultRatePerSecond, ats.DefaultBurst},
	ats.ProviderAshby:           {ats.DefaultRatePerSecond, ats.DefaultBurst},
	ats.ProviderWorkable:        {ats.DefaultRatePerSecond, ats.DefaultBurst},
	ats.ProviderSmartRecruiters: {ats.DefaultRatePerSecond, ats.DefaultBurst},
}

// ProviderOrder is the order providers are reported in; others follow by
// name.
var ProviderOrder = []string{
	googlenews.Name, gdelt.Name, exa.Name, sec.Name, wikidata.Name, ats.ProviderGreenhouse, ats.ProviderLever,
	ats.ProviderAshby, ats.ProviderWorkable, ats.ProviderSmartRecruiters, "website",
}

// documented503 are the 503 codes the API documents for a burst: the
// providers' rate limits, the budget, an unavailable dependency.
var documented503 = map[string]bool{
	string(apierror.CodeUpstreamRateLimited): true, string(apierror.CodeServiceUnavailable): true,
	string(apierror.CodeBudgetExhausted): true, echox402.CodeFacilitatorUnavailable: true,
}

// ProviderStats is what one provider received during a burst.
type ProviderStats struct {
	Provider string  `json:"provider"`
	Calls    int     `json:"calls"`
	WindowS  float64 `json:"window_s"` // the limit's period
	// Peak is the most calls within any window of WindowS less the slack;
	// PeakStrict the most within any window of WindowS.
	Peak       int     `json:"peak"`
	PeakStrict int     `json:"peak_strict"`
	LastS      float64 `json:"last_s"`          // the last call's arrival, seconds after the burst started
	Limit      string  `json:"limit,omitempty"` // "" for no limit
	Allowed    int     `json:"allowed,omitempty"`
	Verdict    string  `json:"verdict"` // OK, EXCEEDED, or "-" without a limit
}

// Result is the JSON line a burst prints.
type Result struct {
	Label      string          `json:"label,omitempty"`
	Replicas   int             `json:"replicas"`
	N          int             `json:"n"`
	Distinct   int             `json:"distinct"` // distinct companies
	StartMs    float64         `json:"start_ms"` // the burst's start, Unix ms
	WallMs     float64         `json:"wall_ms"`  // from the burst's start to its last answer
	P50ms      float64         `json:"p50_ms"`
	P99ms      float64         `json:"p99_ms"`
	MaxMs      float64         `json:"max_ms"`
	OK         int             `json:"ok"`      // 200s
	Partial    int             `json:"partial"` // 200s with meta.partial true
	PartialPct float64         `json:"partial_pct"`
	Statuses   map[string]int  `json:"statuses"`
	Calls      int             `json:"calls"` // every provider call logged
	SlackMs    float64         `json:"slack_ms"`
	Providers  []ProviderStats `json:"providers"`
	Violations []string        `json:"violations"`
	Requests   []Request       `json:"requests"`
}

// summarize builds the result of a burst from its answers and the call
// log (nil: none was read).
func summarize(o options, reqs []Request, began time.Time, wall time.Duration, log *CallLog) Result {
	res := Result{Label: o.label, Replicas: len(o.targets), N: len(reqs), StartMs: unixMs(began), WallMs: ms(wall),
		Statuses: map[string]int{}, SlackMs: ms(o.slack), Requests: reqs, Violations: []string{}}
	distinct := map[string]bool{}
	var lat []float64
	for _, r := range reqs {
		distinct[strings.ToLower(r.Company)] = true
		lat = append(lat, r.Ms)
		res.Statuses[statusKey(r)]++
		switch {
		case r.Err != "":
			res.Violations = append(res.Violations, fmt.Sprintf("%s: transport error: %s", r.Company, r.Err))
		case r.Status == 200:
			res.OK++
			if r.Partial {
				res.Partial++
			}
		case r.Status == 402:
			res.Violations = append(res.Violations, fmt.Sprintf("%s: 402 %s (payment refused)", r.Company, r.Code))
		case r.Status >= 500 && !(r.Status == 503 && documented503[r.Code]):
			res.Violations = append(res.Violations, fmt.Sprintf("%s: %d %s (not a documented 503)", r.Company, r.Status, r.Code))
		}
	}
	res.Distinct = len(distinct)
	slices.Sort(lat)
	res.P50ms, res.P99ms = percentile(lat, 50), percentile(lat, 99)
	if len(lat) > 0 {
		res.MaxMs = lat[len(lat)-1]
	}
	if res.OK > 0 {
		res.PartialPct = math.Round(float64(res.Partial)/float64(res.OK)*1000) / 10
	}
	if log == nil {
		return res
	}
	if log.Dropped > 0 {
		res.Violations = append(res.Violations, fmt.Sprintf("the call log dropped %d calls", log.Dropped))
	}
	times := map[string][]float64{}
	for _, p := range ProviderOrder {
		times[p] = nil
	}
	for _, c := range log.Calls {
		times[c.Provider] = append(times[c.Provider], c.T)
		res.Calls++
	}
	for _, p := range slices.SortedFunc(maps.Keys(times), byOrder) {
		st := providerStats(p, times[p], o.slack, res.StartMs)
		if st.Verdict == "EXCEEDED" {
			res.Violations = append(res.Violations, fmt.Sprintf("%s: %d calls within %gs (less %s), %s allows %d",
				p, st.Peak, st.WindowS, o.slack, st.Limit, st.Allowed))
		}
		res.Providers = append(res.Providers, st)
	}
	return res
}

// byOrder sorts providers by ProviderOrder, others after them by name.
func byOrder(a, b string) int {
	ia, ib := slices.Index(ProviderOrder, a), slices.Index(ProviderOrder, b)
	if ia < 0 {
		ia = len(ProviderOrder)
	}
	if ib < 0 {
		ib = len(ProviderOrder)
	}
	return cmp.Or(cmp.Compare(ia, ib), cmp.Compare(a, b))
}

// providerStats counts a provider's calls (arrival times, Unix ms) and
// their peak against its limit.
func providerStats(name string, times []float64, slack time.Duration, startMs float64) ProviderStats {
	slices.Sort(times)
	st := ProviderStats{Provider: name, Calls: len(times), Verdict: "-"}
	if len(times) > 0 {
		st.LastS = math.Round(times[len(times)-1]-startMs) / 1e3
	}
	period := time.Second
	l, limited := Limits[name]
	if limited {
		period = l.Period()
		st.Limit, st.Allowed = l.String(), l.Allowed(period)
	}
	st.WindowS = period.Seconds()
	st.PeakStrict = peak(times, ms(period))
	st.Peak = peak(times, ms(max(period-slack, 0)))
	if limited {
		st.Verdict = "OK"
		if st.Peak > st.Allowed {
			st.Verdict = "EXCEEDED"
		}
	}
	return st
}

// peak is the most of the sorted times (ms) within any half-open window
// of window ms: [t, t+window).
func peak(sorted []float64, window float64) int {
	if window <= 0 {
		return min(len(sorted), 1)
	}
	best, i := 0, 0
	for j := range sorted {
		for sorted[j]-sorted[i] >= window {
			i++
		}
		best = max(best, j-i+1)
	}
	return best
}

func unixMs(t time.Time) float64 { return float64(t.UnixMicro()) / 1e3 }

// percentile is the nearest-rank p-th percentile of sorted (0 if empty).
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// writeSummary prints the burst as a few readable lines.
func writeSummary(w io.Writer, res Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d requests (%d distinct companies) on %d replica(s): p50 %.2f s, p99 %.2f s, max %.2f s; "+
		"%d of %d were 200, %d partial (%.0f%%)\n", cmp.Or(res.Label, "burst"), res.N, res.Distinct, res.Replicas,
		res.P50ms/1e3, res.P99ms/1e3, res.MaxMs/1e3, res.OK, res.N, res.Partial, res.PartialPct)
	keys := slices.Sorted(maps.Keys(res.Statuses))
	var st []string
	for _, k := range keys {
		st = append(st, fmt.Sprintf("%s ×%d", k, res.Statuses[k]))
	}
	fmt.Fprintf(&b, "  statuses: %s; %d provider calls\n", strings.Join(st, ", "), res.Calls)
	if len(res.Providers) > 0 {
		fmt.Fprintf(&b, "  %-16s %5s  %-12s %-20s %-9s %s\n", "provider", "calls", "peak/window", "limit (allowed)", "verdict", "last call")
	}
	for _, p := range res.Providers {
		lim := "none"
		if p.Limit != "" {
			lim = fmt.Sprintf("%s (%d)", p.Limit, p.Allowed)
		}
		last := "-"
		if p.Calls > 0 {
			last = fmt.Sprintf("%.1f s", p.LastS)
		}
		fmt.Fprintf(&b, "  %-16s %5d  %-12s %-20s %-9s %s\n", p.Provider, p.Calls, fmt.Sprintf("%d/%gs", p.Peak, p.WindowS), lim, p.Verdict, last)
	}
	for _, v := range res.Violations {
		fmt.Fprintf(&b, "  VIOLATION: %s\n", v)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
