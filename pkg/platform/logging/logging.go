// Package logging builds the services' structured JSON logger. Records
// logged with a request's context carry its request id.
package logging

import (
	"context"
	"io"
	"log/slog"
	"strings"

	"github.com/intel402/intel402/pkg/platform/requestid"
)

// New returns a JSON slog.Logger at the given level ("debug", "info",
// "warn", "error"; anything else is info) that adds request_id from the
// context and service to every record.
func New(w io.Writer, level, service string) *slog.Logger {
	h := slog.NewJSONHandler(w, &slog.HandlerOptions{Level: ParseLevel(level)})
	return slog.New(ctxHandler{h}).With(slog.String("service", service))
}

// ParseLevel maps a level name to a slog.Level.
func ParseLevel(s string) slog.Level {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "debug":
		return slog.LevelDebug
	case "warn", "warning":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}

type ctxHandler struct{ slog.Handler }

func (h ctxHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := requestid.From(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h ctxHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return ctxHandler{h.Handler.WithAttrs(attrs)}
}

func (h ctxHandler) WithGroup(name string) slog.Handler {
	return ctxHandler{h.Handler.WithGroup(name)}
}
