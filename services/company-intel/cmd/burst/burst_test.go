package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

func TestLimitAllowed(t *testing.T) {
	for _, c := range []struct {
		provider string
		period   time.Duration
		allowed  int
	}{
		{"gdelt", 5 * time.Second, 1},  // one query per 5 s
		{"googlenews", time.Second, 2}, // 1/s, burst 2
		{"wikidata", time.Second, 5},   // 5/s, burst 1
		{"sec", time.Second, 10},       // 10/s, burst 1
		{"exa", time.Second, 14},       // 10/s, burst 5
		{"greenhouse", time.Second, 7}, // 4/s, burst 4
		{"smartrecruiters", time.Second, 7} /* idem */} {
		l, ok := Limits[c.provider]
		if !ok {
			t.Fatalf("no limit for %s", c.provider)
		}
		if p := l.Period(); p != c.period {
			t.Errorf("%s: period %v, want %v", c.provider, p, c.period)
		}
		if a := l.Allowed(l.Period()); a != c.allowed {
			t.Errorf("%s (%s): allowed %d, want %d", c.provider, l, a, c.allowed)
		}
	}
	if s := Limits["gdelt"].String(); s != "1/5s, burst 1" {
		t.Errorf("gdelt limit reads %q", s)
	}
}

// TestAllowedIsGCRA: calls sent at the earliest instants GCRA admits
// never put more than Allowed in a window, and one more call would.
func TestAllowedIsGCRA(t *testing.T) {
	for _, l := range []Limit{{0.2, 1}, {1, 2}, {5, 1}, {10, 5}, {4, 4}} {
		interval := 1e3 / l.Rate // ms
		tolerance := float64(l.Burst-1) * interval
		var times []float64
		tat := 0.0
		for range 40 {
			t0 := max(tat-tolerance, 0) // the earliest conforming instant
			times = append(times, t0)
			tat = max(tat, t0) + interval
		}
		window := float64(l.Period().Milliseconds())
		if got := peak(times, window); got != l.Allowed(l.Period()) {
			t.Errorf("%s: GCRA's earliest schedule peaks at %d per %v, Allowed says %d", l, got, l.Period(), l.Allowed(l.Period()))
		}
	}
}

func TestPeak(t *testing.T) {
	for _, c := range []struct {
		times  []float64
		window float64
		want   int
	}{
		{nil, 1000, 0},
		{[]float64{5}, 1000, 1},
		{[]float64{0, 999, 1000}, 1000, 2}, // [t, t+1000): 1000 is in the next window
		{[]float64{0, 200, 400, 600, 800, 1000}, 1000, 5},
		{[]float64{30, 200, 400, 600, 800, 1000}, 1000, 6}, // a late first call
		{[]float64{30, 200, 400, 600, 800, 1000}, 950, 5},  // absorbed by 50 ms of slack
		{[]float64{0, 0, 0}, 0, 1},
	} {
		if got := peak(c.times, c.window); got != c.want {
			t.Errorf("peak(%v, %v) = %d, want %d", c.times, c.window, got, c.want)
		}
	}
}

func TestPercentile(t *testing.T) {
	if p := percentile([]float64{1, 2, 3, 4}, 50); p != 2 {
		t.Errorf("p50 = %v", p)
	}
	if p := percentile([]float64{1, 2, 3, 4}, 99); p != 4 {
		t.Errorf("p99 = %v", p)
	}
	if p := percentile(nil, 99); p != 0 {
		t.Errorf("empty p99 = %v", p)
	}
}

func TestReadBody(t *testing.T) {
	r := Request{Status: 200}
	readBody(&r, []byte(`{"meta":{"provider":"googlenews+sec","partial":true}}`))
	if !r.Partial || r.Provider != "googlenews+sec" {
		t.Errorf("200: %+v", r)
	}
	r = Request{Status: 503}
	readBody(&r, []byte(`{"error":{"code":"upstream_rate_limited","message":"x"}}`))
	if r.Code != "upstream_rate_limited" {
		t.Errorf("503: %+v", r)
	}
	r = Request{Status: 402}
	readBody(&r, []byte(`{"x402Version":2,"error":"nonce already used","accepts":[]}`))
	if r.Code != "challenge: nonce already used" {
		t.Errorf("402: %+v", r)
	}
}

// fakeService is a paid signals route (echox402 through the checking
// facilitator) answering by company: "slow-*" after 50 ms, "partial-*"
// with meta.partial, "fail-*" 502, "busy-*" 503 upstream_rate_limited.
func fakeService(t *testing.T, fac x402.Facilitator, seen *sync.Map) *httptest.Server {
	t.Helper()
	e := echo.New()
	e.Use(echox402.WithConfig(echox402.Config{
		Routes:      map[string]echox402.Route{"POST " + SignalsPath: {Amount: "50000"}},
		PayTo:       "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
		Facilitator: fac,
		Replay:      echox402.NewMemoryReplayStore(time.Now),
	}))
	e.POST(SignalsPath, func(c echo.Context) error {
		var in struct {
			Company      string `json:"company"`
			LookbackDays int    `json:"lookbackDays"`
		}
		if err := c.Bind(&in); err != nil || in.LookbackDays != 90 {
			return c.JSONBlob(http.StatusBadRequest, []byte(`{"error":{"code":"invalid_request"}}`))
		}
		seen.Store(in.Company, c.Request().Host)
		c.Response().Header().Set("X-Company-Intel-Cache", "MISS")
		switch {
		case strings.HasPrefix(in.Company, "fail-"):
			return c.JSONBlob(http.StatusBadGateway, []byte(`{"error":{"code":"upstream_failure"}}`))
		case strings.HasPrefix(in.Company, "busy-"):
			return c.JSONBlob(http.StatusServiceUnavailable, []byte(`{"error":{"code":"upstream_rate_limited"}}`))
		case strings.HasPrefix(in.Company, "slow-"):
			time.Sleep(50 * time.Millisecond)
		}
		partial := strings.HasPrefix(in.Company, "partial-")
		b, _ := json.Marshal(map[string]any{"meta": map[string]any{"provider": "googlenews", "partial": partial}})
		return c.JSONBlob(http.StatusOK, b)
	})
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv
}

// fakeCallLog serves GET /calls (calls at the given offsets from the
// reset, by provider) and POST /calls/reset.
func fakeCallLog(t *testing.T, offsets map[string][]float64, resets *atomic.Int32) *httptest.Server {
	t.Helper()
	var since atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("POST /calls/reset", func(w http.ResponseWriter, _ *http.Request) {
		resets.Add(1)
		since.Store(time.Now().UnixMilli())
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /calls", func(w http.ResponseWriter, _ *http.Request) {
		type call struct {
			Provider string  `json:"provider"`
			T        float64 `json:"t"`
			Path     string  `json:"path"`
		}
		var calls []call
		s := float64(since.Load())
		for p, offs := range offsets {
			for _, o := range offs {
				calls = append(calls, call{p, s + o, "/"})
			}
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"since": s, "now": s + 1, "calls": calls})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestBurst: every request is paid and sent at once, alternating between
// the replicas; latencies, partial answers and statuses are reported, and
// the call log's peaks are held against the limits.
func TestBurst(t *testing.T) {
	fac := x402test.NewCheckingFacilitator(nil)
	var seen sync.Map
	a, b := fakeService(t, fac, &seen), fakeService(t, fac, &seen)
	var resets atomic.Int32
	calls := fakeCallLog(t, map[string][]float64{
		"gdelt":    {0, 1000},                   // two queries within 5 s: one too many
		"wikidata": {0, 200, 400, 600, 800},     // 5 within 1 s: allowed
		"website":  {0, 1, 2, 3},                // no limit
		"lever":    {0, 10, 20, 30, 40, 50, 60}, // 7 within 1 s: 4/s with a burst of 4 allows 7
	}, &resets)
	companies := []string{"slow-a.com", "partial-b.com", "c.com", "partial-d.com", "fail-e.com", "busy-f.com"}
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-targets", a.URL + "," + b.URL + "/", "-companies", strings.Join(companies, ","),
		"-calls", calls.URL, "-settle", "0s", "-label", "t"}, &out, &errOut)
	if err != nil {
		t.Fatalf("run: %v (%s)", err, errOut.String())
	}
	var res Result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("result %q: %v", out.String(), err)
	}
	if res.N != 6 || res.Distinct != 6 || res.Replicas != 2 || res.OK != 4 || res.Partial != 2 || res.PartialPct != 50 {
		t.Errorf("result %+v", res)
	}
	if res.Statuses["200"] != 4 || res.Statuses["502 upstream_failure"] != 1 || res.Statuses["503 upstream_rate_limited"] != 1 {
		t.Errorf("statuses %v", res.Statuses)
	}
	if _, settled := fac.Counts(); settled != 4 {
		t.Errorf("%d payments settled, want 4 (the 200s)", settled)
	}
	if resets.Load() != 1 {
		t.Errorf("call log reset %d times", resets.Load())
	}
	for i, r := range res.Requests {
		host, _ := seen.Load(r.Company)
		want := a.Listener.Addr().String()
		if i%2 == 1 {
			want = b.Listener.Addr().String()
		}
		if r.Company != companies[i] || r.Replica != i%2+1 || host != want {
			t.Errorf("request %d: %+v reached %v", i, r, host)
		}
	}
	if res.MaxMs < 50 || res.P99ms != res.MaxMs || res.P50ms > res.MaxMs {
		t.Errorf("latencies p50 %v p99 %v max %v", res.P50ms, res.P99ms, res.MaxMs)
	}
	got := map[string]ProviderStats{}
	var order []string
	for _, p := range res.Providers {
		got[p.Provider] = p
		order = append(order, p.Provider)
	}
	if g := got["gdelt"]; g.Calls != 2 || g.Peak != 2 || g.Allowed != 1 || g.Verdict != "EXCEEDED" || g.WindowS != 5 ||
		g.LastS <= 0.5 || g.LastS > 1 {
		t.Errorf("gdelt %+v", g)
	}
	if w := got["wikidata"]; w.Calls != 5 || w.Peak != 5 || w.Verdict != "OK" {
		t.Errorf("wikidata %+v", w)
	}
	if l := got["lever"]; l.Peak != 7 || l.Allowed != 7 || l.Verdict != "OK" {
		t.Errorf("lever %+v", l)
	}
	if w := got["website"]; w.Calls != 4 || w.Verdict != "-" || w.Limit != "" {
		t.Errorf("website %+v", w)
	}
	if s := got["sec"]; s.Calls != 0 || s.Verdict != "OK" {
		t.Errorf("sec (no calls) %+v", s)
	}
	if !slices.Equal(order, ProviderOrder) || res.Calls != 18 {
		t.Errorf("providers %v, %d calls", order, res.Calls)
	}
	// The 502 and gdelt's peak fail the run; the documented 503 does not.
	if len(res.Violations) != 2 || !strings.Contains(res.Violations[0], "fail-e.com: 502") ||
		!strings.HasPrefix(res.Violations[1], "gdelt: 2 calls") {
		t.Errorf("violations %q", res.Violations)
	}
	if s := errOut.String(); !strings.Contains(s, "gdelt") || !strings.Contains(s, "EXCEEDED") || !strings.Contains(s, "VIOLATION") {
		t.Errorf("summary:\n%s", s)
	}
}

func TestParseRejects(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-targets", "http://x"},
		{"-companies", "a.com"},
		{"-targets", "http://x", "-companies", "a.com", "-lookback", "0"},
		{"-targets", "http://x", "-companies", "a.com", "extra"},
	} {
		if _, err := parse(args, &bytes.Buffer{}); err == nil {
			t.Errorf("parse(%q) accepted", args)
		}
	}
}
