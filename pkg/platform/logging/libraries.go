package logging

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/go-logr/logr"
	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel"
)

// RouteLibraries sends what the libraries the services use would print on
// their own through logger, so every line a service writes is one JSON
// record: go-redis (which writes plain "redis: ..." lines to stderr), the
// OpenTelemetry SDK's internal logger and error handler (exporter
// failures), and the standard log package (slog.SetDefault). net/http's
// server has its ErrorLog set where it is built (pkg/platform/server).
//
// These hooks are process-wide: the last service started in a process (tests
// boot several) owns them, which is harmless since all write the same format.
func RouteLibraries(logger *slog.Logger) {
	redis.SetLogger(redisLogger{logger.With(slog.String("component", "go-redis"))})
	otelLog := logger.With(slog.String("component", "opentelemetry"))
	otel.SetLogger(logr.FromSlogHandler(otelLog.Handler()))
	otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) {
		otelLog.Warn("opentelemetry error", slog.Any("error", err))
	}))
	slog.SetDefault(logger)
}

// redisLogger adapts go-redis's Printf logging. Its messages are about
// connections and pools failing: warnings.
type redisLogger struct{ l *slog.Logger }

func (r redisLogger) Printf(ctx context.Context, format string, v ...any) {
	r.l.WarnContext(ctx, strings.TrimSpace(fmt.Sprintf(format, v...)))
}
