package echox402

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
)

// Error codes of the errors the middleware returns for the platform's error
// handler to render.
const (
	CodeFacilitatorUnavailable = "payment_facilitator_unavailable"
	CodeSettlementFailed       = "payment_settlement_failed"
	// CodePaymentFailuresRateLimited (429): the client address sent too
	// many refused payments (Config.FailureLimit); Retry-After says when
	// it may pay again.
	CodePaymentFailuresRateLimited = "payment_failures_rate_limited"
)

// Error is returned by the middleware when it cannot answer with a plain
// 402 challenge: the facilitator is unreachable, or settlement failed. It
// implements the platform's error contract (HTTPStatus, ErrorCode,
// ErrorMessage, ErrorDetails). Applications without such an error handler
// wrap theirs with ErrorHandler; echo's default handler alone would answer
// 500.
type Error struct {
	Status  int
	Code    string
	Message string
	Details map[string]any
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Message + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

// HTTPStatus is the response status.
func (e *Error) HTTPStatus() int { return e.Status }

// ErrorCode is the machine-readable error code.
func (e *Error) ErrorCode() string { return e.Code }

// ErrorMessage is the client-safe message: Message alone, never the cause
// (which may name the facilitator's URL or a transport error).
func (e *Error) ErrorMessage() string { return e.Message }

// ErrorDetails are extra, client-safe facts (such as the failure reason).
func (e *Error) ErrorDetails() map[string]any { return e.Details }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// ErrorHandler renders an *Error (anywhere in the chain) as
// {"error":{"code","message","details"}} with its status, and passes every
// other error to next (for example e.DefaultHTTPErrorHandler).
func ErrorHandler(next echo.HTTPErrorHandler) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		var pe *Error
		if !errors.As(err, &pe) || c.Response().Committed {
			next(err, c)
			return
		}
		body := map[string]any{"code": pe.Code, "message": pe.Message}
		if len(pe.Details) > 0 {
			body["details"] = pe.Details
		}
		if jerr := c.JSON(pe.Status, map[string]any{"error": body}); jerr != nil {
			next(errors.Join(err, jerr), c)
		}
	}
}

// rateLimited answers a limited client: Retry-After (whole seconds, at
// least 1) on the response and the *Error for the error handler.
func rateLimited(c echo.Context, wait time.Duration) error {
	secs := int64((wait + time.Second - 1) / time.Second)
	c.Response().Header().Set("Retry-After", strconv.FormatInt(secs, 10))
	return &Error{
		Status: http.StatusTooManyRequests, Code: CodePaymentFailuresRateLimited,
		Message: "too many refused payments from this client address; nothing was verified or charged, retry after " +
			strconv.FormatInt(secs, 10) + " s with a valid payment",
		Details: map[string]any{"retryAfterSeconds": secs},
	}
}

func facilitatorUnavailable(op string, err error) *Error {
	return &Error{
		Status: http.StatusServiceUnavailable, Code: CodeFacilitatorUnavailable,
		Message: "the payment facilitator is unavailable (" + op + "); nothing was charged or delivered, retry later",
		Details: map[string]any{"operation": op}, Err: err,
	}
}
