package apierror

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/requestid"
)

// coderErr is a Coder that is not an *Error, like the ones pkg/x402 returns:
// its Error() carries an internal cause, its ErrorMessage only client text.
type coderErr struct{}

func (coderErr) Error() string {
	return "payment_required: payment required: post https://facilitator.internal:8443/verify: dial tcp 10.0.0.9:8443: connection refused"
}
func (coderErr) HTTPStatus() int      { return http.StatusPaymentRequired }
func (coderErr) ErrorCode() string    { return "payment_required" }
func (coderErr) ErrorMessage() string { return "payment required" }

type detailedCoder struct{ coderErr }

func (detailedCoder) ErrorDetails() map[string]any { return map[string]any{"network": "base"} }

func TestConstructors(t *testing.T) {
	cause := errors.New("db exploded at 10.0.0.3")
	tests := []struct {
		name      string
		err       *Error
		status    int
		code      Code
		message   string
		errString string
		details   map[string]any
		unwrap    error
	}{
		{
			name: "New formats the message", err: New(CodeNotFound, "no %s %d", "thing", 7),
			status: 404, code: CodeNotFound, message: "no thing 7", errString: "not_found: no thing 7",
		},
		{
			name: "New without args keeps the message", err: New(CodeInvalidJSON, "plain"),
			status: 400, code: CodeInvalidJSON, message: "plain", errString: "invalid_json: plain",
		},
		{
			name: "Wrap keeps the cause", err: Wrap(cause, CodeUpstreamFailure, "upstream failed"),
			status: 502, code: CodeUpstreamFailure, message: "upstream failed",
			errString: "upstream_failure: upstream failed: db exploded at 10.0.0.3", unwrap: cause,
		},
		{
			name:   "WithDetails sets details",
			err:    New(CodeInsufficientEvidence, "thin").WithDetails(map[string]any{"sources": 1}),
			status: 422, code: CodeInsufficientEvidence, message: "thin", errString: "insufficient_evidence: thin",
			details: map[string]any{"sources": 1},
		},
		{
			name: "InvalidField names the field", err: InvalidField("domain", "is required", nil),
			status: 400, code: CodeInvalidRequest, message: "domain: is required", errString: "invalid_request: domain: is required",
			details: map[string]any{"field": "domain", "reason": "is required"},
		},
		{
			name: "InvalidField merges extra", err: InvalidField("limit", "too big", map[string]any{"maximum": 10}),
			status: 400, code: CodeInvalidRequest, message: "limit: too big", errString: "invalid_request: limit: too big",
			details: map[string]any{"field": "limit", "reason": "too big", "maximum": 10},
		},
		{
			name: "InvalidField without field uses the reason", err: InvalidField("", "bad body", nil),
			status: 400, code: CodeInvalidRequest, message: "bad body", errString: "invalid_request: bad body",
			details: map[string]any{"field": "", "reason": "bad body"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.err
			if e.HTTPStatus() != tt.status {
				t.Errorf("status = %d, want %d", e.HTTPStatus(), tt.status)
			}
			if e.Code != tt.code || e.ErrorCode() != string(tt.code) {
				t.Errorf("code = %q/%q, want %q", e.Code, e.ErrorCode(), tt.code)
			}
			if e.Message != tt.message {
				t.Errorf("message = %q, want %q", e.Message, tt.message)
			}
			if got := e.Error(); got != tt.errString {
				t.Errorf("Error() = %q, want %q", got, tt.errString)
			}
			if !reflect.DeepEqual(e.ErrorDetails(), tt.details) {
				t.Errorf("details = %#v, want %#v", e.ErrorDetails(), tt.details)
			}
			if e.Unwrap() != tt.unwrap {
				t.Errorf("Unwrap() = %v, want %v", e.Unwrap(), tt.unwrap)
			}
			if tt.unwrap != nil && !errors.Is(e, tt.unwrap) {
				t.Errorf("errors.Is(e, cause) = false")
			}
		})
	}
}

func TestFrom(t *testing.T) {
	secret := "pq: password authentication failed for user admin"
	base := New(CodeBudgetExhausted, "budget spent").
		WithDetails(map[string]any{"retryAfter": 60})
	tests := []struct {
		name   string
		err    error
		status int
		body   Body
	}{
		{"direct *Error", base, 503, Body{Code: CodeBudgetExhausted, Message: "budget spent", Details: map[string]any{"retryAfter": 60}}},
		{"wrapped once with %w", fmt.Errorf("handler: %w", base), 503,
			Body{Code: CodeBudgetExhausted, Message: "budget spent", Details: map[string]any{"retryAfter": 60}}},
		{"wrapped twice with %w", fmt.Errorf("a: %w", fmt.Errorf("b: %w", New(CodeNotFound, "gone"))), 404,
			Body{Code: CodeNotFound, Message: "gone"}},
		{"Wrap hides the cause text", Wrap(errors.New(secret), CodeUpstreamTimeout, "upstream timed out"), 504,
			Body{Code: CodeUpstreamTimeout, Message: "upstream timed out"}},
		{"wrapped Wrap hides the cause text", fmt.Errorf("svc: %w", Wrap(errors.New(secret), CodeUpstreamFailure, "provider failed")), 502,
			Body{Code: CodeUpstreamFailure, Message: "provider failed"}},
		{"plain error becomes 500", errors.New(secret), 500, Body{Code: CodeInternal, Message: "internal error"}},
		{"%v-formatted *Error loses its code", fmt.Errorf("x: %v", base), 500, Body{Code: CodeInternal, Message: "internal error"}},
		{"foreign Coder uses its ErrorMessage", coderErr{}, 402, Body{Code: "payment_required", Message: "payment required"}},
		{"foreign Coder wrapped with %w", fmt.Errorf("payments: verify: %w", coderErr{}), 402,
			Body{Code: "payment_required", Message: "payment required"}},
		{"foreign Coder with Detailer", fmt.Errorf("w: %w", detailedCoder{}), 402,
			Body{Code: "payment_required", Message: "payment required", Details: map[string]any{"network": "base"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := From(tt.err)
			if status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
			if !reflect.DeepEqual(body, tt.body) {
				t.Errorf("body = %#v, want %#v", body, tt.body)
			}
			for _, internal := range []string{"password", "https://", "10.0.0.", "connection refused", "payment_required:"} {
				if strings.Contains(body.Message, internal) {
					t.Errorf("message leaks internal text %q: %q", internal, body.Message)
				}
			}
		})
	}
}

func TestCodeConstants(t *testing.T) {
	// The codes are a public contract; pin their wire values.
	want := map[Code]string{
		CodeInvalidJSON:          "invalid_json",
		CodeInvalidRequest:       "invalid_request",
		CodeUnsupportedMediaType: "unsupported_content_type",
		CodeInvalidDomain:        "invalid_domain",
		CodeBodyTooLarge:         "body_too_large",
		CodeNotFound:             "not_found",
		CodeMethodNotAllowed:     "method_not_allowed",
		CodeInsufficientEvidence: "insufficient_evidence",
		CodeCompanyNotResolved:   "company_not_resolved",
		CodeUpstreamFailure:      "upstream_failure",
		CodeUpstreamRateLimited:  "upstream_rate_limited",
		CodeBudgetExhausted:      "upstream_budget_exhausted",
		CodeServiceUnavailable:   "service_unavailable",
		CodeUpstreamTimeout:      "upstream_timeout",
		CodeInternal:             "internal_error",
	}
	if len(want) != 15 {
		t.Fatalf("duplicate code values: %d distinct", len(want))
	}
	for got, w := range want {
		if string(got) != w {
			t.Errorf("code %q, want %q", got, w)
		}
	}
}

type logBuf struct{ strings.Builder }

func newServer(logOut io.Writer) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = Handler(slog.New(slog.NewJSONHandler(logOut, nil)))
	e.Use(requestid.Middleware())
	return e
}

func TestHandlerEnvelope(t *testing.T) {
	secret := "dial tcp 10.1.2.3:5432: connection refused"
	tests := []struct {
		name       string
		method     string
		path       string
		handlerErr error
		status     int
		code       Code
		message    string
		details    map[string]any
		logged     bool
	}{
		{"apierror with details", http.MethodGet, "/x",
			InvalidField("domain", "is required", nil), 400, CodeInvalidRequest, "domain: is required",
			map[string]any{"field": "domain", "reason": "is required"}, false},
		{"wrapped apierror", http.MethodGet, "/x",
			fmt.Errorf("svc: %w", New(CodeUpstreamFailure, "provider down")), 502, CodeUpstreamFailure, "provider down", nil, true},
		{"foreign Coder renders its ErrorMessage only", http.MethodGet, "/x",
			fmt.Errorf("svc: %w", coderErr{}), 402, "payment_required", "payment required", nil, false},
		{"plain error is 500 and not leaked", http.MethodGet, "/x",
			errors.New(secret), 500, CodeInternal, "internal error", nil, true},
		{"echo 404 for unknown route", http.MethodGet, "/nope", nil, 404, CodeNotFound, "no such route", nil, false},
		{"echo 405 for wrong method", http.MethodDelete, "/x", nil, 405, CodeMethodNotAllowed, "method not allowed on this route", nil, false},
		{"echo 413", http.MethodGet, "/x", echo.ErrStatusRequestEntityTooLarge, 413, CodeBodyTooLarge, "Request Entity Too Large", nil, false},
		{"echo 503 with message", http.MethodGet, "/x", echo.NewHTTPError(503, "draining"), 503, CodeServiceUnavailable, "draining", nil, true},
		{"echo 400 with message", http.MethodGet, "/x", echo.NewHTTPError(400, "bad query"), 400, CodeInvalidRequest, "bad query", nil, false},
		{"echo 401 without string message", http.MethodGet, "/x", echo.NewHTTPError(401, 42), 401, CodeInvalidRequest, "Unauthorized", nil, false},
		{"echo 500 hides its message", http.MethodGet, "/x", echo.NewHTTPError(500, secret), 500, CodeInternal, "internal error", nil, true},
		{"echo 502 becomes 500", http.MethodGet, "/x", echo.NewHTTPError(502, "gw"), 500, CodeInternal, "internal error", nil, true},
		{"apierror wrapped in echo.HTTPError keeps its code", http.MethodGet, "/x",
			echo.NewHTTPError(500).SetInternal(New(CodeUpstreamRateLimited, "slow down")),
			503, CodeUpstreamRateLimited, "slow down", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs logBuf
			e := newServer(&logs)
			e.GET("/x", func(echo.Context) error { return tt.handlerErr })
			req := httptest.NewRequest(tt.method, tt.path, nil)
			req.Header.Set(requestid.Header, "abc-123")
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)

			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d; body %s", rec.Code, tt.status, rec.Body)
			}
			if ct := rec.Header().Get(echo.HeaderContentType); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type = %q", ct)
			}
			// Shape: exactly {"error":{...}} with the documented keys.
			var raw map[string]map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &raw); err != nil {
				t.Fatalf("body is not an envelope: %v: %s", err, rec.Body)
			}
			if len(raw) != 1 || raw["error"] == nil {
				t.Fatalf("top-level keys = %v, want only error", raw)
			}
			wantKeys := 3
			if tt.details != nil {
				wantKeys = 4
			}
			if len(raw["error"]) != wantKeys {
				t.Errorf("error keys = %v, want %d keys", raw["error"], wantKeys)
			}
			var env Envelope
			if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
				t.Fatal(err)
			}
			if env.Error.Code != tt.code || env.Error.Message != tt.message {
				t.Errorf("code/message = %q/%q, want %q/%q", env.Error.Code, env.Error.Message, tt.code, tt.message)
			}
			if env.Error.RequestID != "abc-123" {
				t.Errorf("requestId = %q, want abc-123", env.Error.RequestID)
			}
			if !reflect.DeepEqual(env.Error.Details, tt.details) {
				t.Errorf("details = %#v, want %#v", env.Error.Details, tt.details)
			}
			if strings.Contains(rec.Body.String(), "10.1.2.3") || strings.Contains(rec.Body.String(), "10.0.0.9") {
				t.Errorf("internal text leaked: %s", rec.Body)
			}
			if got := strings.Contains(logs.String(), "request failed"); got != tt.logged {
				t.Errorf("logged = %v, want %v; logs %q", got, tt.logged, logs.String())
			}
		})
	}
}

func TestHandlerHeadHasNoBody(t *testing.T) {
	e := newServer(io.Discard)
	e.HEAD("/x", func(echo.Context) error { return New(CodeNotFound, "gone") })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodHead, "/x", nil))
	if rec.Code != 404 || rec.Body.Len() != 0 {
		t.Fatalf("HEAD: status %d body %q, want 404 and empty", rec.Code, rec.Body)
	}
}

func TestHandlerCommittedResponseUntouched(t *testing.T) {
	e := newServer(io.Discard)
	e.GET("/x", func(c echo.Context) error {
		_ = c.String(http.StatusOK, "partial")
		return errors.New("late failure")
	})
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
	if rec.Code != 200 || rec.Body.String() != "partial" {
		t.Fatalf("status %d body %q, want 200 partial", rec.Code, rec.Body)
	}
}

func TestHandlerGeneratesRequestIDWhenAbsent(t *testing.T) {
	e := newServer(io.Discard)
	e.GET("/x", func(echo.Context) error { return New(CodeInvalidRequest, "bad") })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
	var env Envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	if env.Error.RequestID == "" || env.Error.RequestID != rec.Header().Get(requestid.Header) {
		t.Fatalf("requestId %q, header %q: want equal and non-empty", env.Error.RequestID, rec.Header().Get(requestid.Header))
	}
}

// TestHandlerRetryAfter: an Error with RetryAfter sends it in whole
// seconds (rounded up, at least 1); one without sends none.
func TestHandlerRetryAfter(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&Error{Code: CodeUpstreamRateLimited, Message: "later", RetryAfter: 5 * time.Second}, "5"},
		{fmt.Errorf("wrapped: %w", &Error{Code: CodeUpstreamRateLimited, Message: "later", RetryAfter: 1500 * time.Millisecond}), "2"},
		{&Error{Code: CodeUpstreamRateLimited, Message: "later", RetryAfter: time.Millisecond}, "1"},
		{New(CodeUpstreamFailure, "down"), ""},
	}
	for _, tt := range tests {
		var logs logBuf
		e := newServer(&logs)
		e.GET("/x", func(echo.Context) error { return tt.err })
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
		if got := rec.Header().Get("Retry-After"); got != tt.want {
			t.Errorf("%v: Retry-After %q, want %q", tt.err, got, tt.want)
		}
	}
}
