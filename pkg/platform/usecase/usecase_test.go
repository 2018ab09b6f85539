package usecase_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/usecase"
)

const header = "x-test-cache"

type query struct{ Domain string }

type result struct {
	Domain string `json:"domain"`
	Known  bool   `json:"known"`
}

// teapot is a Coder that is not an *apierror.Error; its Error() carries an
// internal cause that must not reach the client.
type teapot struct{}

func (teapot) Error() string        { return "teapot: kettle at 10.0.0.7 boiled over" }
func (teapot) HTTPStatus() int      { return http.StatusTeapot }
func (teapot) ErrorCode() string    { return "teapot" }
func (teapot) ErrorMessage() string { return "I'm a teapot" }

// harness serves one Spec through a Layer over a Memory store.
type harness struct {
	store *cache.Memory
	layer *cache.Layer
	runs  atomic.Int32
}

func newHarness() *harness {
	h := &harness{store: cache.NewMemory(10)}
	h.layer = cache.NewLayer(cache.LayerConfig{Store: h.store, Prefix: "test", Header: header})
	return h
}

// spec returns a Spec whose Run counts its calls and then calls run.
func (h *harness) spec(run func(context.Context, query) (result, error)) usecase.Spec[query, result] {
	return usecase.Spec[query, result]{
		Op: "lookup", Timeout: 20 * time.Millisecond,
		Key: func(q query) any { return q.Domain },
		Run: func(ctx context.Context, q query) (result, error) {
			h.runs.Add(1)
			return run(ctx, q)
		},
		TTL:            func(result) time.Duration { return time.Minute },
		TimeoutMessage: "the registry was too slow",
	}
}

// serve runs s for q in an echo test context carrying request id id.
func (h *harness) serve(s usecase.Spec[query, result], q query, id string) (*httptest.ResponseRecorder, error) {
	e := echo.New()
	req := httptest.NewRequest(http.MethodGet, "/lookup", nil)
	req.Header.Set(echo.HeaderXRequestID, id)
	rec := httptest.NewRecorder()
	c := e.NewContext(req, rec)
	parse := input.Middleware(func(echo.Context) (query, error) { return q, nil })
	err := parse(func(c echo.Context) error { return usecase.Serve(c, h.layer, s, nil) })(c)
	return rec, err
}

// cached returns the stored body of q, if any.
func (h *harness) cached(t *testing.T, q query) ([]byte, bool) {
	t.Helper()
	k, err := h.layer.Key("lookup", q.Domain)
	if err != nil {
		t.Fatal(err)
	}
	b, ok, err := h.store.Get(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	return b, ok
}

func found(_ context.Context, q query) (result, error) {
	return result{Domain: q.Domain, Known: true}, nil
}

func TestServeAnswers(t *testing.T) {
	const fresh = `{"domain":"northwind.com","known":true}`
	tests := []struct {
		name        string
		modify      func(*usecase.Spec[query, result])
		wantHeaders []string // per request: HIT or MISS
		wantBodies  []string // per request
		wantRuns    int32
		wantCached  bool
	}{
		{
			name:        "MISS then HIT",
			wantHeaders: []string{cache.MISS, cache.HIT},
			wantBodies:  []string{fresh, fresh},
			wantRuns:    1, wantCached: true,
		},
		{
			name:        "TTL 0 is not cached",
			modify:      func(s *usecase.Spec[query, result]) { s.TTL = func(result) time.Duration { return 0 } },
			wantHeaders: []string{cache.MISS, cache.MISS},
			wantBodies:  []string{fresh, fresh},
			wantRuns:    2,
		},
		{
			name:        "no TTL policy is not cached",
			modify:      func(s *usecase.Spec[query, result]) { s.TTL = nil },
			wantHeaders: []string{cache.MISS, cache.MISS},
			wantBodies:  []string{fresh, fresh},
			wantRuns:    2,
		},
		{
			name: "Deliver on MISS and HIT leaves the cached body alone",
			modify: func(s *usecase.Spec[query, result]) {
				s.Deliver = func(c echo.Context, body []byte) ([]byte, error) {
					copy(body, "[") // in place: must not reach the cache
					id := c.Request().Header.Get(echo.HeaderXRequestID)
					return append(body[:len(body)-1], `,"request_id":"`+id+`"]`...), nil
				}
			},
			wantHeaders: []string{cache.MISS, cache.HIT},
			wantBodies: []string{`["domain":"northwind.com","known":true,"request_id":"req-0"]`,
				`["domain":"northwind.com","known":true,"request_id":"req-1"]`},
			wantRuns: 1, wantCached: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness()
			s := h.spec(found)
			if tt.modify != nil {
				tt.modify(&s)
			}
			q := query{Domain: "northwind.com"}
			for i, want := range tt.wantHeaders {
				rec, err := h.serve(s, q, fmt.Sprintf("req-%d", i))
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				if rec.Code != http.StatusOK || rec.Header().Get(header) != want {
					t.Fatalf("request %d: %d %q, want 200 %q", i, rec.Code, rec.Header().Get(header), want)
				}
				if got := rec.Body.String(); got != tt.wantBodies[i] {
					t.Fatalf("request %d body %s, want %s", i, got, tt.wantBodies[i])
				}
			}
			if got := h.runs.Load(); got != tt.wantRuns {
				t.Fatalf("Run called %d times, want %d", got, tt.wantRuns)
			}
			b, ok := h.cached(t, q)
			if ok != tt.wantCached || (ok && !bytes.Equal(b, []byte(fresh))) {
				t.Fatalf("cached %t %s, want %t %s", ok, b, tt.wantCached, fresh)
			}
		})
	}
}

func TestServeFailures(t *testing.T) {
	unprocessable := apierror.New(apierror.CodeInsufficientEvidence, "too little evidence")
	nothing := apierror.New(apierror.CodeUpstreamFailure, "nothing definite")
	tests := []struct {
		name        string
		run         func(context.Context, query) (result, error)
		check       func(result) error
		wantStatus  int
		wantCode    apierror.Code
		wantMessage string         // a substring of the message
		wantDetails map[string]any // nil: no details expected
		wantSame    error          // the error Serve must return unchanged
	}{
		{
			name: "deadline is a 504 with timeout_ms",
			run: func(ctx context.Context, _ query) (result, error) {
				<-ctx.Done() // the spec's deadline, not the test's clock
				return result{}, ctx.Err()
			},
			wantStatus: http.StatusGatewayTimeout, wantCode: apierror.CodeUpstreamTimeout,
			wantMessage: "lookup did not complete within 20ms; the registry was too slow",
			wantDetails: map[string]any{"timeout_ms": int64(20)},
		},
		{
			name:       "canceled is a 503",
			run:        func(context.Context, query) (result, error) { return result{}, context.Canceled },
			wantStatus: http.StatusServiceUnavailable, wantCode: apierror.CodeServiceUnavailable, wantMessage: "lookup was canceled",
		},
		{
			name:       "other failure is a 502",
			run:        func(context.Context, query) (result, error) { return result{}, errors.New("boom") },
			wantStatus: http.StatusBadGateway, wantCode: apierror.CodeUpstreamFailure, wantMessage: "lookup failed",
		},
		{
			name:       "an apierror passes through",
			run:        func(context.Context, query) (result, error) { return result{}, unprocessable },
			wantStatus: http.StatusUnprocessableEntity, wantCode: apierror.CodeInsufficientEvidence, wantMessage: "too little evidence",
			wantSame: unprocessable,
		},
		{
			name:       "a Coder passes through",
			run:        func(context.Context, query) (result, error) { return result{}, teapot{} },
			wantStatus: http.StatusTeapot, wantCode: "teapot", wantMessage: "I'm a teapot",
			wantSame: teapot{},
		},
		{
			name:       "a failed Check is returned as is",
			run:        found,
			check:      func(result) error { return nothing },
			wantStatus: http.StatusBadGateway, wantCode: apierror.CodeUpstreamFailure, wantMessage: "nothing definite",
			wantSame: nothing,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness()
			s := h.spec(tt.run)
			s.Check = tt.check
			q := query{Domain: "northwind.com"}
			for i := range 2 {
				rec, err := h.serve(s, q, "req")
				if err == nil {
					t.Fatalf("request %d: no error, answered %d %s", i, rec.Code, rec.Body)
				}
				if tt.wantSame != nil && err != tt.wantSame {
					t.Fatalf("request %d: err = %#v, want %#v unchanged", i, err, tt.wantSame)
				}
				status, body := apierror.From(err)
				if status != tt.wantStatus || body.Code != tt.wantCode || !strings.Contains(body.Message, tt.wantMessage) {
					t.Fatalf("request %d: %d %q %q, want %d %q containing %q", i, status, body.Code, body.Message,
						tt.wantStatus, tt.wantCode, tt.wantMessage)
				}
				if strings.Contains(body.Message, "10.0.0.7") {
					t.Fatalf("request %d: message leaks the cause: %q", i, body.Message)
				}
				if len(body.Details) != len(tt.wantDetails) {
					t.Fatalf("request %d: details %v, want %v", i, body.Details, tt.wantDetails)
				}
				for k, v := range tt.wantDetails {
					if body.Details[k] != v {
						t.Fatalf("request %d: details[%s] = %#v, want %#v", i, k, body.Details[k], v)
					}
				}
				if rec.Header().Get(header) != "" {
					t.Fatalf("request %d: a failure carries %s: %q", i, header, rec.Header().Get(header))
				}
			}
			if h.runs.Load() != 2 {
				t.Fatalf("Run called %d times, want 2: a failure must not be cached", h.runs.Load())
			}
			if _, ok := h.cached(t, q); ok || h.store.Len() != 0 {
				t.Fatal("a failure was cached")
			}
		})
	}
}

func TestServeMisuse(t *testing.T) {
	h := newHarness()
	if _, err := h.serve(usecase.Spec[query, result]{Op: "lookup", Run: found}, query{}, "req"); err == nil {
		t.Fatal("a spec without Timeout and Key was served")
	}
	e := echo.New()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/lookup", nil), httptest.NewRecorder())
	if err := usecase.Serve(c, h.layer, h.spec(found), nil); err == nil || !strings.Contains(err.Error(), "input missing") {
		t.Fatalf("err = %v, want input missing", err)
	}
	if h.runs.Load() != 0 {
		t.Fatal("Run was called for a misconfigured route")
	}
}

func TestDeadlineError(t *testing.T) {
	if err := usecase.DeadlineError("op", time.Second, nil, ""); err != nil {
		t.Fatalf("nil error mapped to %v", err)
	}
	wrapped := usecase.DeadlineError("op", 1500*time.Millisecond, context.DeadlineExceeded, "")
	status, body := apierror.From(wrapped)
	if status != http.StatusGatewayTimeout || body.Message != "op did not complete within 1.5s" || body.Details["timeout_ms"] != int64(1500) {
		t.Fatalf("%d %+v", status, body)
	}
	if !errors.Is(wrapped, context.DeadlineExceeded) {
		t.Fatal("the cause is lost")
	}
}

// TestUnfinished: why decides the code, err is the cause kept, and each
// code gets its message from m.
func TestUnfinished(t *testing.T) {
	cause := errors.New("provider: dial tcp 10.0.0.9:443: i/o timeout")
	m := usecase.Messages{TimedOut: "too slow", TimeoutDetails: map[string]any{"timeout_ms": int64(20)}, Canceled: "gone", Failed: "broke"}
	tests := []struct {
		name    string
		why     error
		status  int
		code    apierror.Code
		message string
		details map[string]any
	}{
		{"deadline", context.DeadlineExceeded, http.StatusGatewayTimeout, apierror.CodeUpstreamTimeout, "too slow", m.TimeoutDetails},
		{"wrapped deadline", fmt.Errorf("run: %w", context.DeadlineExceeded), http.StatusGatewayTimeout, apierror.CodeUpstreamTimeout, "too slow", m.TimeoutDetails},
		{"canceled", context.Canceled, http.StatusServiceUnavailable, apierror.CodeServiceUnavailable, "gone", nil},
		{"no context error", nil, http.StatusBadGateway, apierror.CodeUpstreamFailure, "broke", nil},
		{"another error", cause, http.StatusBadGateway, apierror.CodeUpstreamFailure, "broke", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := usecase.Unfinished(cause, tt.why, m)
			status, body := apierror.From(e)
			if status != tt.status || body.Code != tt.code || body.Message != tt.message || fmt.Sprint(body.Details) != fmt.Sprint(tt.details) {
				t.Fatalf("%d %+v, want %d %s %q %v", status, body, tt.status, tt.code, tt.message, tt.details)
			}
			if !errors.Is(e, cause) {
				t.Fatal("the cause is lost")
			}
		})
	}
}
