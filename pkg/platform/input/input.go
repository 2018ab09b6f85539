// Package input parses and validates a request before anything else runs
// (payment in particular): a request that cannot succeed is answered 400 or
// 413 and is never asked to pay. Handlers read the typed result with Get.
package input

import (
	"reflect"
	"time"

	"github.com/intel402/intel402/pkg/x402/servertiming"
	"github.com/labstack/echo/v4"
)

type key[T any] struct{}

// String names T by its package path and type (reflect.TypeFor, so an
// interface type has its own name rather than a nil value's, and two
// packages' same-named types differ).
func (key[T]) String() string {
	t := reflect.TypeFor[T]()
	return "intel402.input." + t.PkgPath() + "." + t.String()
}

// Middleware runs parse and stores its result for Get, or returns its error.
func Middleware[T any](parse func(echo.Context) (T, error)) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			// The request's Server-Timing starts here: validation is the
			// first phase of a paid operation, and a request refused now
			// (400, never asked to pay) still says where its time went.
			ctx, timings := servertiming.With(c.Request().Context())
			c.SetRequest(c.Request().WithContext(ctx))
			start := time.Now()
			v, err := parse(c)
			if err != nil {
				timings.Since("validate", start, "refused")
				c.Response().Header().Set(servertiming.Header, timings.String())
				return err
			}
			timings.Since("validate", start, "")
			c.Set(key[T]{}.String(), v)
			return next(c)
		}
	}
}

// Get returns the value stored by Middleware[T]; ok is false when none was.
func Get[T any](c echo.Context) (T, bool) {
	v, ok := c.Get(key[T]{}.String()).(T)
	return v, ok
}
