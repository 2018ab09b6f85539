// Package apierror defines the JSON error envelope every intel402 error
// response uses, its stable codes, and the echo error handler that renders it.
package apierror

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Stable error codes. They are part of the public contract: clients branch
// on them, so existing values never change meaning.
const (
	CodeInvalidJSON          = "invalid_json"              // 400: the body is not one well-formed JSON object
	CodeInvalidRequest       = "invalid_request"           // 400: a field is missing, unknown, of the wrong type or out of range
	CodeUnsupportedMediaType = "unsupported_content_type"  // 400: a paid POST without Content-Type: application/json
	CodeBodyTooLarge         = "body_too_large"            // 413: the body exceeds the documented limit
	CodeNotFound             = "not_found"                 // 404: no such route
	CodeMethodNotAllowed     = "method_not_allowed"        // 405: the route exists for another method
	CodeInsufficientEvidence = "insufficient_evidence"     // 422: not enough reliable public evidence
	CodeUpstreamFailure      = "upstream_failure"          // 502: an upstream provider failed
	CodeUpstreamRateLimited  = "upstream_rate_limited"     // 503: an upstream rate limit
	CodeBudgetExhausted      = "upstream_budget_exhausted" // 503: our upstream cost guard (daily or per-request budget); nothing was spent
	CodeServiceUnavailable   = "service_unavailable"       // 503: the service cannot serve right now
	CodeUpstreamTimeout      = "upstream_timeout"          // 504: an upstream call timed out
	CodeInternal             = "internal_error"            // 500: a bug; details are logged, never returned
)

// Coder is implemented by errors that know their HTTP status, stable code
// and client-safe message. ErrorMessage is what the client reads: it never
// includes the cause, upstream URLs or secrets, which stay in Error() for
// the logs. Packages that cannot import apierror (pkg/x402) return errors
// of this shape.
type Coder interface {
	error
	HTTPStatus() int
	ErrorCode() string
	ErrorMessage() string
}

// Detailer is optionally implemented by a Coder to add the envelope's details.
type Detailer interface {
	ErrorDetails() map[string]any
}

// Error is an error with an HTTP status, a stable code, a client-safe message
// and optional details.
type Error struct {
	Status  int
	Code    string
	Message string
	Details map[string]any
	Err     error // the cause, logged but never sent
	// RetryAfter, when positive, is sent as the Retry-After header (whole
	// seconds, at least 1): when asking again is worth it (a 503 of a
	// provider's rate limit).
	RetryAfter time.Duration
}

// New returns an Error.
func New(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an Error whose cause is err.
func Wrap(err error, status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message, Err: err}
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Message + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error                { return e.Err }
func (e *Error) HTTPStatus() int              { return e.Status }
func (e *Error) ErrorCode() string            { return e.Code }
func (e *Error) ErrorMessage() string         { return e.Message }
func (e *Error) ErrorDetails() map[string]any { return e.Details }

// WithDetails returns e with details set.
func (e *Error) WithDetails(details map[string]any) *Error {
	e.Details = details
	return e
}

// InvalidField is a 400 naming the offending field in details.field.
func InvalidField(field, reason string, extra map[string]any) *Error {
	d := map[string]any{"field": field, "reason": reason}
	for k, v := range extra {
		d[k] = v
	}
	msg := reason
	if field != "" {
		msg = fmt.Sprintf("%s: %s", field, reason)
	}
	return &Error{Status: http.StatusBadRequest, Code: CodeInvalidRequest, Message: msg, Details: d}
}

// Envelope is the body of every error response:
// {"error":{"code","message","requestId","details?"}}.
type Envelope struct {
	Error Body `json:"error"`
}

// Body is the inner object of the envelope.
type Body struct {
	Code      string         `json:"code"`
	Message   string         `json:"message"`
	RequestID string         `json:"requestId"`
	Details   map[string]any `json:"details,omitempty"`
}

// From converts any error into the status and body the client will see:
// the first Coder in err's chain gives the status, code and message.
// Errors that carry no code become a 500 with a generic message.
func From(err error) (int, Body) {
	var c Coder
	if errors.As(err, &c) {
		b := Body{Code: c.ErrorCode(), Message: c.ErrorMessage()}
		var d Detailer
		if errors.As(err, &d) {
			b.Details = d.ErrorDetails()
		}
		return c.HTTPStatus(), b
	}
	return http.StatusInternalServerError, Body{Code: CodeInternal, Message: "internal error"}
}
