// Package usecase serves a paid operation's use case behind the response
// cache, the same way in every service: it reads the request the input
// middleware validated, runs the use case under its deadline, maps a
// failure to the error envelope, fails a result that established nothing,
// and caches a result for as long as its TTL policy says. A failure is
// never cached and, not being a 2xx, never settled.
package usecase

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/input"
)

// Cache is the response cache Serve runs behind: it serves the body of
// (op, key) from the store or computes it, sets the service's HIT/MISS
// header and writes the body with status 200, passed through deliver first
// unless deliver is nil. *cache.Layer satisfies it.
type Cache interface {
	JSON(c echo.Context, op string, key any, compute cache.Compute, deliver cache.Deliver) error
}

var _ Cache = (*cache.Layer)(nil)

// Spec describes one cached operation: a request of type Q answered with a
// result of type R, encoded as JSON.
type Spec[Q, R any] struct {
	// Op names the operation in cache keys, messages and logs. Required.
	Op string
	// Timeout bounds one Run. Required (> 0).
	Timeout time.Duration
	// Key returns the canonical request the cache keys on (normalised
	// input with defaults applied). Required.
	Key func(Q) any
	// Run is the use case. Its error is mapped by DeadlineError. Required.
	Run func(context.Context, Q) (R, error)
	// Check, optional, fails a result that established nothing; its error
	// is returned as is (it should be an apierror.Coder, e.g. a 502), and
	// such a result is never cached and never settled.
	Check func(R) error
	// TTL is how long a result stays in the cache; 0 (or a nil TTL) means
	// not cached.
	TTL func(R) time.Duration
	// TimeoutMessage, optional, ends the 504 message with the reason the
	// deadline passes, e.g. "DNS or website answers were too slow".
	TimeoutMessage string
	// Deliver, optional, rewrites the (cached or fresh) body just before
	// it is written, e.g. to put the current request id into it; it runs
	// on a HIT and a MISS alike and never changes what is cached.
	Deliver cache.Deliver
}

// Serve answers c with s behind responses: the request is the value of
// type Q stored by input.Middleware[Q]; the result is computed under
// s.Timeout unless the cache holds it, and written as JSON with the
// HIT/MISS header. logger, if not nil, receives a debug line per computed
// result.
func Serve[Q, R any](c echo.Context, responses Cache, s Spec[Q, R], logger *slog.Logger) error {
	if s.Op == "" || s.Timeout <= 0 || s.Key == nil || s.Run == nil {
		return fmt.Errorf("usecase: spec %q needs Op, a positive Timeout, Key and Run", s.Op)
	}
	q, ok := input.Get[Q](c)
	if !ok {
		return fmt.Errorf("usecase: %s input missing (route registered without its input middleware)", s.Op)
	}
	key := s.Key(q)
	return responses.JSON(c, s.Op, key, func(ctx context.Context) ([]byte, time.Duration, error) {
		ctx, cancel := context.WithTimeout(ctx, s.Timeout)
		defer cancel()
		r, err := s.Run(ctx, q)
		if err != nil {
			return nil, 0, DeadlineError(s.Op, s.Timeout, err, s.TimeoutMessage)
		}
		if s.Check != nil {
			if err := s.Check(r); err != nil {
				return nil, 0, err
			}
		}
		body, err := json.Marshal(r)
		if err != nil {
			return nil, 0, fmt.Errorf("usecase: encode %s result: %w", s.Op, err)
		}
		var ttl time.Duration
		if s.TTL != nil {
			ttl = s.TTL(r)
		}
		if logger != nil {
			logger.DebugContext(ctx, s.Op+" computed", slog.Any("request", key), slog.Duration("cache_ttl", ttl))
		}
		return body, ttl, nil
	}, s.Deliver)
}

// DeadlineError maps the failure of operation op, run under timeout, to
// the error envelope; it is never a 500. An error that already carries its
// status, code and client message (an apierror.Coder such as an
// *apierror.Error, anywhere in its chain) is returned unchanged. Otherwise
// Unfinished decides from err itself: a 504 upstream_timeout with
// details.timeout_ms when the deadline passed (the message ends with
// reason unless reason is empty), a 503 service_unavailable when the
// request was canceled, else a 502 upstream_failure. A nil err is nil.
func DeadlineError(op string, timeout time.Duration, err error, reason string) error {
	var coder apierror.Coder
	switch {
	case err == nil:
		return nil
	case errors.As(err, &coder):
		return err
	}
	timedOut := fmt.Sprintf("%s did not complete within %s", op, timeout)
	if reason != "" {
		timedOut += "; " + reason
	}
	return Unfinished(err, err, Messages{
		TimedOut: timedOut, TimeoutDetails: map[string]any{"timeout_ms": timeout.Milliseconds()},
		Canceled: op + " was canceled",
		Failed:   op + " failed",
	})
}

// Messages are the client's text of an operation that ended without a
// result, one per way it ends (see Unfinished).
type Messages struct {
	TimedOut       string         // the deadline passed
	TimeoutDetails map[string]any // optional details of the timeout
	Canceled       string         // the request was canceled
	Failed         string         // anything else
}

// Unfinished is the one place that decides the code of an operation that
// ended without a result, from why it ended (a context error, or an error
// wrapping one): context.DeadlineExceeded is upstream_timeout (504, with
// m.TimedOut and m.TimeoutDetails), context.Canceled service_unavailable
// (503, m.Canceled), anything else, nil included, upstream_failure (502,
// m.Failed). err is the cause the error wraps, for the logs.
func Unfinished(err, why error, m Messages) *apierror.Error {
	switch {
	case errors.Is(why, context.DeadlineExceeded):
		return apierror.Wrap(err, apierror.CodeUpstreamTimeout, m.TimedOut).WithDetails(m.TimeoutDetails)
	case errors.Is(why, context.Canceled):
		return apierror.Wrap(err, apierror.CodeServiceUnavailable, m.Canceled)
	}
	return apierror.Wrap(err, apierror.CodeUpstreamFailure, m.Failed)
}
