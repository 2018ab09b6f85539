// Package server builds the echo instance both services run on (request id,
// panic recovery, access logs, telemetry, the error envelope) and runs it
// with server timeouts and a bounded graceful shutdown.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/requestid"
)

// Timeouts bound every connection. Zero fields take the defaults.
type Timeouts struct {
	ReadHeader time.Duration // default 5s
	Read       time.Duration // default 15s
	Write      time.Duration // default 60s: paid research calls can take long
	Idle       time.Duration // default 120s
	Shutdown   time.Duration // default 20s: how long in-flight requests may drain
}

func (t Timeouts) withDefaults() Timeouts {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&t.ReadHeader, 5*time.Second)
	def(&t.Read, 15*time.Second)
	def(&t.Write, 60*time.Second)
	def(&t.Idle, 120*time.Second)
	def(&t.Shutdown, 20*time.Second)
	return t
}

// New returns an echo instance with the shared middleware chain:
// request id, panic recovery, access log and the extra middlewares given
// (telemetry first is usual), and the envelope error handler.
func New(logger *slog.Logger, extra ...echo.MiddlewareFunc) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = apierror.Handler(logger)
	e.Pre(HeadAsGet())
	e.Pre(CloseChunked())
	e.Use(RestoreHead())
	e.Use(requestid.Middleware())
	e.Use(AccessLog(logger))
	e.Use(Recover(logger))
	e.Use(extra...)
	return e
}

// headKey marks, in the echo context, a request that arrived as HEAD.
const headKey = "server.head"

// HeadAsGet (with RestoreHead) answers HEAD on every GET route (health,
// discovery, OpenAPI): before routing, the request's method is set to GET
// so that echo finds the GET route; RestoreHead, the first middleware
// after routing, sets it back to HEAD, so the handler, the access log and
// net/http see HEAD, and net/http writes the GET's status and headers
// without the body (RFC 9110 §9.3.2). A path with no GET route answers
// HEAD as it answers GET (405 with the envelope's headers).
func HeadAsGet() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if req := c.Request(); req.Method == http.MethodHead {
				req.Method = http.MethodGet
				c.Set(headKey, true)
			}
			return next(c)
		}
	}
}

// RestoreHead is HeadAsGet's second half (see there).
func RestoreHead() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if head, _ := c.Get(headKey).(bool); head {
				c.Request().Method = http.MethodHead
			}
			return next(c)
		}
	}
}

// CloseChunked closes the connection after answering a request sent with
// Transfer-Encoding. net/http reads such a body by its chunks and drops a
// Content-Length sent with it, so a request that carried both (a
// smuggling attempt, RFC 9112 §6.3) cannot be told apart here: every
// chunked request is answered with Connection: close, so nothing
// pipelined behind it is read as a request. Clients of these JSON APIs send
// Content-Length; a chunked upload only loses keep-alive.
func CloseChunked() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if len(c.Request().TransferEncoding) > 0 {
				c.Response().Header().Set(echo.HeaderConnection, "close")
			}
			return next(c)
		}
	}
}

// Recover turns a panic in a handler into a 500 envelope and logs the stack.
func Recover(logger *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				if r := recover(); r != nil {
					if r == http.ErrAbortHandler {
						panic(r)
					}
					logger.ErrorContext(c.Request().Context(), "panic in handler",
						slog.Any("panic", r), slog.String("stack", string(debug.Stack())))
					err = apierror.Wrap(fmt.Errorf("panic: %v", r), apierror.CodeInternal, "internal error")
				}
			}()
			return next(c)
		}
	}
}

// AccessLog writes one structured line per request: method, route, path,
// status, latency, bytes, request id (from the context).
func AccessLog(logger *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				// Render now so the logged status is the one the client sees.
				c.Error(err)
			}
			req, res := c.Request(), c.Response()
			level := slog.LevelInfo
			if res.Status >= 500 {
				level = slog.LevelError
			}
			logger.LogAttrs(req.Context(), level, "request",
				slog.String("method", req.Method),
				slog.String("route", c.Path()),
				slog.String("path", req.URL.Path),
				slog.Int("status", res.Status),
				slog.Duration("latency", time.Since(start)),
				slog.Int64("bytes_out", res.Size),
				slog.String("remote_ip", c.RealIP()),
			)
			return nil
		}
	}
}

// Listen opens a TCP listener on addr ("127.0.0.1:0" picks a free port).
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("server.Listen %s: %w", addr, err)
	}
	return ln, nil
}

// Run serves e on ln until ctx is done, then stops accepting connections and
// waits up to t.Shutdown for in-flight requests to finish.
func Run(ctx context.Context, e *echo.Echo, ln net.Listener, t Timeouts, logger *slog.Logger) error {
	t = t.withDefaults()
	srv := &http.Server{
		Handler:           e,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	logger.Info("listening", slog.String("addr", ln.Addr().String()))

	select {
	case err := <-errc:
		return fmt.Errorf("server.Run: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down", slog.Duration("drain_timeout", t.Shutdown))
	sctx, cancel := context.WithTimeout(context.Background(), t.Shutdown)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("server.Run: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server.Run: %w", err)
	}
	logger.Info("stopped")
	return nil
}
