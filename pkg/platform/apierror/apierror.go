// Package apierror defines the JSON error envelope every intel402 error
// response uses, its stable codes, and the echo error handler that renders it.
package apierror

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Code is a stable error code: the envelope's error.code. Codes are part of
// the public contract: clients branch on them, so existing values never
// change meaning. Each code has one HTTP status, in the table below; callers
// name the code, never the status.
type Code string

// The codes of the table. A new code needs a row in statuses and a place
// in the OpenAPI documents' list of error codes (both are tested).
const (
	CodeInvalidJSON          Code = "invalid_json"              // 400: the body is not one well-formed JSON object
	CodeInvalidRequest       Code = "invalid_request"           // 400: a field is missing, unknown, of the wrong type or out of range
	CodeUnsupportedMediaType Code = "unsupported_content_type"  // 400: a paid POST without Content-Type: application/json
	CodeInvalidDomain        Code = "invalid_domain"            // 400: a domain parameter that is not a public registrable domain (domain-qual)
	CodeBodyTooLarge         Code = "body_too_large"            // 413: the body exceeds the documented limit
	CodeNotFound             Code = "not_found"                 // 404: no such route
	CodeMethodNotAllowed     Code = "method_not_allowed"        // 405: the route exists for another method
	CodeInsufficientEvidence Code = "insufficient_evidence"     // 422: not enough reliable public evidence
	CodeCompanyNotResolved   Code = "company_not_resolved"      // 422: the input names no company we can evidence, or several (company-intel)
	CodeUpstreamFailure      Code = "upstream_failure"          // 502: an upstream provider failed
	CodeUpstreamRateLimited  Code = "upstream_rate_limited"     // 503: an upstream rate limit
	CodeBudgetExhausted      Code = "upstream_budget_exhausted" // 503: our upstream cost guard (daily or per-request budget); nothing was spent
	CodeServiceUnavailable   Code = "service_unavailable"       // 503: the service cannot serve right now
	CodeUpstreamTimeout      Code = "upstream_timeout"          // 504: an upstream call timed out
	CodeInternal             Code = "internal_error"            // 500: a bug; details are logged, never returned
)

// statuses is the one table from code to HTTP status.
var statuses = map[Code]int{
	CodeInvalidJSON:          http.StatusBadRequest,
	CodeInvalidRequest:       http.StatusBadRequest,
	CodeUnsupportedMediaType: http.StatusBadRequest,
	CodeInvalidDomain:        http.StatusBadRequest,
	CodeBodyTooLarge:         http.StatusRequestEntityTooLarge,
	CodeNotFound:             http.StatusNotFound,
	CodeMethodNotAllowed:     http.StatusMethodNotAllowed,
	CodeInsufficientEvidence: http.StatusUnprocessableEntity,
	CodeCompanyNotResolved:   http.StatusUnprocessableEntity,
	CodeUpstreamFailure:      http.StatusBadGateway,
	CodeUpstreamRateLimited:  http.StatusServiceUnavailable,
	CodeBudgetExhausted:      http.StatusServiceUnavailable,
	CodeServiceUnavailable:   http.StatusServiceUnavailable,
	CodeUpstreamTimeout:      http.StatusGatewayTimeout,
	CodeInternal:             http.StatusInternalServerError,
}

// Status is the HTTP status an error of code c is sent with; false when the
// table has no row for c (a programming error: such an error is answered
// 500 internal_error, and Handler logs the code).
func (c Code) Status() (int, bool) {
	s, ok := statuses[c]
	return s, ok
}

// Coder is implemented by errors that know their HTTP status, stable code
// and client-safe message. ErrorMessage is what the client reads: it never
// includes the cause, upstream URLs or secrets, which stay in Error() for
// the logs. *Error takes its status from the table; packages that cannot
// import apierror (pkg/x402's payment errors: 402, 429, 503) return errors
// of this shape with their own status.
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

// Error is an error with a stable code (its HTTP status is the code's in
// the table), a client-safe message and optional details. Use cases return
// it without knowing about HTTP.
type Error struct {
	Code    Code
	Message string
	Details map[string]any
	Err     error // the cause, logged but never sent
	// RetryAfter, when positive, is sent as the Retry-After header (whole
	// seconds, at least 1): when asking again is worth it (a 503 of a
	// provider's rate limit).
	RetryAfter time.Duration
}

// New returns an Error.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an Error whose cause is err.
func Wrap(err error, code Code, message string) *Error {
	return &Error{Code: code, Message: message, Err: err}
}

func (e *Error) Error() string {
	if e.Err != nil {
		return string(e.Code) + ": " + e.Message + ": " + e.Err.Error()
	}
	return string(e.Code) + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// HTTPStatus is the status of e's code in the table; 500 for a code the
// table does not hold.
func (e *Error) HTTPStatus() int {
	if s, ok := e.Code.Status(); ok {
		return s
	}
	return http.StatusInternalServerError
}

func (e *Error) ErrorCode() string            { return string(e.Code) }
func (e *Error) ErrorMessage() string         { return e.Message }
func (e *Error) ErrorDetails() map[string]any { return e.Details }

// WithDetails returns e with details set.
func (e *Error) WithDetails(details map[string]any) *Error {
	e.Details = details
	return e
}

// InvalidField is a 400 invalid_request naming the offending field in
// details.field.
func InvalidField(field, reason string, extra map[string]any) *Error {
	d := map[string]any{"field": field, "reason": reason}
	for k, v := range extra {
		d[k] = v
	}
	msg := reason
	if field != "" {
		msg = fmt.Sprintf("%s: %s", field, reason)
	}
	return &Error{Code: CodeInvalidRequest, Message: msg, Details: d}
}

// Envelope is the body of every error response:
// {"error":{"code","message","requestId","details?"}}.
type Envelope struct {
	Error Body `json:"error"`
}

// Body is the inner object of the envelope.
type Body struct {
	Code      Code           `json:"code"`
	Message   string         `json:"message"`
	RequestID string         `json:"requestId"`
	Details   map[string]any `json:"details,omitempty"`
}

// From converts any error into the status and body the client will see:
// the first Coder in err's chain gives the status, code and message (an
// *Error's status is its code's in the table). Errors that carry no code,
// and an *Error whose code the table does not hold, become a 500 with a
// generic message.
func From(err error) (int, Body) {
	var c Coder
	if errors.As(err, &c) {
		if _, unknown := untabled(c); unknown {
			return internal()
		}
		b := Body{Code: Code(c.ErrorCode()), Message: c.ErrorMessage()}
		var d Detailer
		if errors.As(err, &d) {
			b.Details = d.ErrorDetails()
		}
		return c.HTTPStatus(), b
	}
	return internal()
}

func internal() (int, Body) {
	return http.StatusInternalServerError, Body{Code: CodeInternal, Message: "internal error"}
}

// untabled returns the code of c when c is an *Error whose code has no row
// in the table.
func untabled(c Coder) (Code, bool) {
	if e, ok := c.(*Error); ok {
		if _, known := e.Code.Status(); !known {
			return e.Code, true
		}
	}
	return "", false
}
