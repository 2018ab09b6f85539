package upstream_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

type recorder struct {
	mu    sync.Mutex
	calls []string
	cost  float64
	took  time.Duration
}

func (r *recorder) Upstream(_ context.Context, name, outcome string, cost float64, took time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, name+":"+outcome)
	r.cost += cost
	r.took += took
}

func fake(t *testing.T) *sourcetest.Server {
	s := sourcetest.New(t)
	s.Handle("GET /ok", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"answer":42}`))
	})
	s.Handle("POST /ok", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"answer":43}`))
	})
	s.Handle("GET /bad", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":"invalid key"}`, http.StatusUnauthorized)
	})
	return s
}

func TestDo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		faults       []sourcetest.Fault
		always       sourcetest.Fault
		method       string
		path         string
		timeout      time.Duration
		wantKind     upstream.Kind
		wantStatus   int
		wantCalls    int
		wantAnswer   int
		wantMinTaken time.Duration
	}{
		{name: "ok", path: "/ok", wantCalls: 1, wantAnswer: 42},
		{name: "429 then ok honours Retry-After", path: "/ok", faults: []sourcetest.Fault{sourcetest.Fault429}, wantCalls: 2, wantAnswer: 42, wantMinTaken: time.Second},
		{name: "429 with a Retry-After beyond the limit fails at once", path: "/ok", faults: []sourcetest.Fault{sourcetest.Fault429Long}, wantKind: upstream.KindRateLimited, wantStatus: 429, wantCalls: 1},
		{name: "429 every time", path: "/ok", always: sourcetest.Fault429, timeout: 10 * time.Second, wantKind: upstream.KindRateLimited, wantStatus: 429, wantCalls: 3},
		{name: "500 then ok", path: "/ok", faults: []sourcetest.Fault{sourcetest.Fault500}, wantCalls: 2, wantAnswer: 42},
		{name: "503 every time", path: "/ok", always: sourcetest.Fault503, wantKind: upstream.KindFailure, wantStatus: 503, wantCalls: 3},
		{name: "POST 500 is not retried", method: http.MethodPost, path: "/ok", faults: []sourcetest.Fault{sourcetest.Fault500}, wantKind: upstream.KindFailure, wantStatus: 500, wantCalls: 1},
		{name: "POST 429 is retried", method: http.MethodPost, path: "/ok", faults: []sourcetest.Fault{sourcetest.Fault429}, wantCalls: 2, wantAnswer: 43},
		{name: "stall past the deadline", path: "/ok", faults: []sourcetest.Fault{sourcetest.FaultStall}, timeout: 300 * time.Millisecond, wantKind: upstream.KindTimeout, wantCalls: 1},
		{name: "malformed body", path: "/ok", faults: []sourcetest.Fault{sourcetest.FaultMalformed}, wantKind: upstream.KindMalformed, wantStatus: 200, wantCalls: 1},
		{name: "oversized body", path: "/ok", faults: []sourcetest.Fault{sourcetest.FaultOversized}, wantKind: upstream.KindTooLarge, wantStatus: 200, wantCalls: 1},
		{name: "404", path: "/ok", faults: []sourcetest.Fault{sourcetest.FaultNotFound}, wantKind: upstream.KindNotFound, wantStatus: 404, wantCalls: 1},
		{name: "401 is a rejection, not retried", path: "/bad", wantKind: upstream.KindRejected, wantStatus: 401, wantCalls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := fake(t)
			s.Fail("/", tt.faults...)
			if tt.always != "" {
				s.FailAlways("/", tt.always)
			}
			rec := &recorder{}
			timeout := tt.timeout
			if timeout == 0 {
				timeout = 5 * time.Second
			}
			c := upstream.New(upstream.Config{Name: "fake", Timeout: timeout, MaxBodyBytes: 1 << 20, Recorder: rec})
			defer c.Close()
			req := upstream.Request{Method: tt.method, URL: s.URL + tt.path, Retry5xx: tt.method == ""}
			if tt.method == http.MethodPost {
				req.Body, req.ContentType = []byte(`{}`), "application/json"
			}
			start := time.Now()
			resp, err := c.Do(context.Background(), req)
			var v struct{ Answer int }
			if err == nil {
				err = c.DecodeJSON(resp, &v)
			}
			taken := time.Since(start)
			if got := upstream.KindOf(err); got != tt.wantKind {
				t.Fatalf("kind = %q (err %v), want %q", got, err, tt.wantKind)
			}
			if err != nil {
				var e *upstream.Error
				if !errors.As(err, &e) || e.Status != tt.wantStatus || e.Upstream != "fake" {
					t.Fatalf("error = %#v, want status %d from fake", e, tt.wantStatus)
				}
			} else if v.Answer != tt.wantAnswer {
				t.Fatalf("answer = %d, want %d", v.Answer, tt.wantAnswer)
			}
			if got := s.Calls(); got != tt.wantCalls {
				t.Fatalf("calls = %d, want %d", got, tt.wantCalls)
			}
			if taken < tt.wantMinTaken {
				t.Fatalf("took %s, want at least %s (Retry-After)", taken, tt.wantMinTaken)
			}
			if len(rec.calls) != 1 {
				t.Fatalf("recorder saw %v, want one call", rec.calls)
			}
			if rec.took <= 0 || rec.took > taken || rec.took < tt.wantMinTaken {
				t.Fatalf("recorded latency %s; the call took %s (at least %s)", rec.took, taken, tt.wantMinTaken)
			}
		})
	}
}

func TestHeadersAndUserAgent(t *testing.T) {
	t.Parallel()
	s := fake(t)
	c := upstream.New(upstream.Config{Name: "fake", UserAgent: "Acme Research ops@acme.example", Header: http.Header{"X-Api-Key": {"secret"}}})
	if _, err := c.GetJSON(context.Background(), s.URL+"/ok", &struct{}{}); err != nil {
		t.Fatal(err)
	}
	r := s.Requests()[0]
	if r.Header.Get("User-Agent") != "Acme Research ops@acme.example" || r.Header.Get("X-Api-Key") != "secret" {
		t.Fatalf("headers = %v", r.Header)
	}
}

func TestRedirectToAnotherHostDropsKeys(t *testing.T) {
	t.Parallel()
	target := fake(t)
	origin := sourcetest.New(t)
	origin.Handle("GET /moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.URL+"/ok", http.StatusFound)
	})
	// Same host, different port is another host for the rule.
	c := upstream.New(upstream.Config{Name: "fake", Header: http.Header{"X-Api-Key": {"secret"}}})
	if _, err := c.GetJSON(context.Background(), origin.URL+"/moved", &struct{}{}); err != nil {
		t.Fatal(err)
	}
	if got := target.Requests()[0].Header.Get("X-Api-Key"); got != "" {
		t.Fatalf("API key leaked across hosts: %q", got)
	}
}

type spender struct {
	mu       sync.Mutex
	reserved float64
	limit    float64
}

func (s *spender) Reserve(_ context.Context, usd float64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reserved+usd > s.limit {
		return errors.New("budget exhausted")
	}
	s.reserved += usd
	return nil
}

func TestCostReservation(t *testing.T) {
	t.Parallel()
	s := fake(t)
	rec := &recorder{}
	c := upstream.New(upstream.Config{Name: "paid", Recorder: rec})
	sp := &spender{limit: 0.01}
	ctx := upstream.WithSpender(context.Background(), sp)
	req := upstream.Request{Method: http.MethodPost, URL: s.URL + "/ok", Body: []byte(`{}`), CostUSD: 0.007}
	if _, err := c.Do(ctx, req); err != nil {
		t.Fatal(err)
	}
	_, err := c.Do(ctx, req)
	if upstream.KindOf(err) != upstream.KindBudget {
		t.Fatalf("second call: %v, want budget refusal", err)
	}
	if s.Calls() != 1 {
		t.Fatalf("calls = %d: a refused call must not reach the provider", s.Calls())
	}
	if rec.cost != 0.007 {
		t.Fatalf("recorded cost = %v, want 0.007 (the refused call costs nothing)", rec.cost)
	}
}

func TestRateLimitCannotFitDeadline(t *testing.T) {
	t.Parallel()
	s := fake(t)
	c := upstream.New(upstream.Config{Name: "slow", RatePerSecond: 0.2, Burst: 1, Timeout: 500 * time.Millisecond})
	if _, err := c.GetJSON(context.Background(), s.URL+"/ok", &struct{}{}); err != nil {
		t.Fatal(err)
	}
	_, err := c.GetJSON(context.Background(), s.URL+"/ok", &struct{}{})
	if upstream.KindOf(err) != upstream.KindRateLimited {
		t.Fatalf("err = %v, want rate_limited (the limiter cannot admit the call within the deadline)", err)
	}
	if s.Calls() != 1 {
		t.Fatalf("calls = %d, want 1", s.Calls())
	}
}

func TestCanceled(t *testing.T) {
	t.Parallel()
	s := fake(t)
	s.Fail("/", sourcetest.FaultStall)
	c := upstream.New(upstream.Config{Name: "fake"})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := c.GetJSON(ctx, s.URL+"/ok", &struct{}{})
	if upstream.KindOf(err) != upstream.KindCanceled {
		t.Fatalf("err = %v, want canceled", err)
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name, in string
		want     time.Duration
	}{
		{"empty", "", 0},
		{"seconds", "3", 3 * time.Second},
		{"negative", "-1", 0},
		{"http date", now.Add(5 * time.Second).Format(http.TimeFormat), 5 * time.Second},
		{"past date", now.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"garbage", "soon", 0},
	}
	for _, tt := range tests {
		if got := upstream.RetryAfter(tt.in, now); got != tt.want {
			t.Errorf("%s: RetryAfter(%q) = %s, want %s", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestErrorText(t *testing.T) {
	t.Parallel()
	e := &upstream.Error{Upstream: "gdelt", Kind: upstream.KindFailure, Status: 502, Err: errors.New("bad gateway")}
	if got := e.Error(); !strings.Contains(got, "gdelt: failure (HTTP 502): bad gateway") {
		t.Fatalf("Error() = %q", got)
	}
}

func TestBaseURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, raw, def, want string
		wantErr              bool
	}{
		{name: "default", def: "https://api.exa.ai/", want: "https://api.exa.ai"},
		{name: "configured", raw: " http://127.0.0.1:9000/v1/ ", def: "https://api.exa.ai", want: "http://127.0.0.1:9000/v1"},
		{name: "no scheme", raw: "api.exa.ai", wantErr: true},
		{name: "ftp", raw: "ftp://api.exa.ai", wantErr: true},
		{name: "query", raw: "https://query.wikidata.org/sparql?format=json", wantErr: true},
		{name: "fragment", raw: "https://api.exa.ai/#x", wantErr: true},
	}
	for _, tt := range tests {
		got, err := upstream.BaseURL(tt.raw, tt.def)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("%s: BaseURL(%q, %q) = %q, %v", tt.name, tt.raw, tt.def, got, err)
		}
	}
}
