package apierror

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/requestid"
)

// Handler returns the echo.HTTPErrorHandler that renders every error as the
// envelope, including echo's own (404, 405, 413 and the like).
func Handler(logger *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, body := fromEcho(err)
		body.RequestID = requestid.FromEcho(c)
		var coder Coder
		if errors.As(err, &coder) {
			if code, unknown := untabled(coder); unknown {
				logger.ErrorContext(c.Request().Context(), "error code missing from apierror's status table; answered 500",
					slog.String("code", string(code)))
			}
		}
		if status >= 500 {
			logger.ErrorContext(c.Request().Context(), "request failed",
				slog.String("code", string(body.Code)), slog.Int("status", status), slog.Any("err", err))
		}
		var ae *Error
		if errors.As(err, &ae) && ae.RetryAfter > 0 {
			c.Response().Header().Set("Retry-After", strconv.FormatInt(int64(max((ae.RetryAfter+time.Second-1)/time.Second, 1)), 10))
		}
		var werr error
		if c.Request().Method == http.MethodHead {
			werr = c.NoContent(status)
		} else {
			werr = c.JSON(status, Envelope{Error: body})
		}
		if werr != nil {
			logger.WarnContext(c.Request().Context(), "writing error response", slog.Any("err", werr))
		}
	}
}

func fromEcho(err error) (int, Body) {
	var he *echo.HTTPError
	if errors.As(err, &he) && !isCoder(err) {
		msg := http.StatusText(he.Code)
		if s, ok := he.Message.(string); ok && s != "" {
			msg = s
		}
		switch he.Code {
		case http.StatusNotFound:
			return he.Code, Body{Code: CodeNotFound, Message: "no such route"}
		case http.StatusMethodNotAllowed:
			return he.Code, Body{Code: CodeMethodNotAllowed, Message: "method not allowed on this route"}
		case http.StatusRequestEntityTooLarge:
			return he.Code, Body{Code: CodeBodyTooLarge, Message: msg}
		case http.StatusServiceUnavailable:
			return he.Code, Body{Code: CodeServiceUnavailable, Message: msg}
		}
		if he.Code >= 400 && he.Code < 500 {
			return he.Code, Body{Code: CodeInvalidRequest, Message: fmt.Sprint(msg)}
		}
		return http.StatusInternalServerError, Body{Code: CodeInternal, Message: "internal error"}
	}
	return From(err)
}

func isCoder(err error) bool {
	var c Coder
	return errors.As(err, &c)
}
