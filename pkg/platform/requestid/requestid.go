// Package requestid gives every request an id: a sane incoming X-Request-Id
// is honoured, otherwise one is generated; the id is echoed on the response
// and carried in the context for logs and error envelopes.
package requestid

import (
	"context"
	"crypto/rand"
	"encoding/hex"

	"github.com/labstack/echo/v4"
)

// Header is the request and response header name.
const Header = "X-Request-Id"

type ctxKey struct{}

// Middleware sets the id on the response, the echo context and the request
// context.
func Middleware() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(Header)
			if !Valid(id) {
				id = New()
			}
			c.Response().Header().Set(Header, id)
			c.Set(echoKey, id)
			req := c.Request()
			c.SetRequest(req.WithContext(context.WithValue(req.Context(), ctxKey{}, id)))
			return next(c)
		}
	}
}

const echoKey = "intel402.requestid"

// Valid reports whether an incoming id is safe to reuse: 1..128 characters of
// letters, digits and . _ : -.
func Valid(id string) bool {
	if len(id) == 0 || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		ch := id[i]
		switch {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9':
		case ch == '.', ch == '_', ch == ':', ch == '-':
		default:
			return false
		}
	}
	return true
}

// New returns a fresh random id ("req_" + 24 hex digits).
func New() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "req_" + hex.EncodeToString(b[:])
}

// From returns the id carried in ctx, or "".
func From(ctx context.Context) string {
	id, _ := ctx.Value(ctxKey{}).(string)
	return id
}

// FromEcho returns the id of the request, or the response header's, or "".
func FromEcho(c echo.Context) string {
	if id, ok := c.Get(echoKey).(string); ok {
		return id
	}
	if id := c.Response().Header().Get(Header); id != "" {
		return id
	}
	return From(c.Request().Context())
}
