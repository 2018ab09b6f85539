// Package app is the start-up sequence both services share: base settings
// from the environment, logger, telemetry, cache store and layer, and
// serving with graceful shutdown.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/logging"
	"github.com/intel402/intel402/pkg/platform/server"
	"github.com/intel402/intel402/pkg/platform/telemetry"
)

// Base holds the settings every service reads (docs/configuration.md).
type Base struct {
	Port            int           // PORT
	ListenHost      string        // LISTEN_HOST (default all interfaces)
	RedisURL        string        // REDIS_URL; empty = in-process cache
	CacheMaxEntries int           // CACHE_MAX_ENTRIES for the in-process cache
	LogLevel        string        // LOG_LEVEL
	OTLPEndpoint    string        // OTEL_EXPORTER_OTLP_ENDPOINT
	ShutdownTimeout time.Duration // SHUTDOWN_TIMEOUT
	WriteTimeout    time.Duration // HTTP_WRITE_TIMEOUT
}

// baseDocs describes the shared settings (docs/configuration.md).
var baseDocs = map[string]string{
	"PORT":        "listen port (0 = any free port)",
	"LISTEN_HOST": "listen address; unset = all interfaces",
	"REDIS_URL": "shared cache: `redis://[user:pass@]host:port/db` (single node, `rediss://` for TLS); add " +
		"`?master_name=NAME&addr=h2:p` for Sentinel; `?addr=h2:p&addr=h3:p` (no master_name) for Cluster; " +
		"unset = in-process LRU cache",
	"CACHE_MAX_ENTRIES": "bound of the in-process cache",
	"LOG_LEVEL":         "debug, info, warn, error (JSON logs on stdout)",
	"OTEL_EXPORTER_OTLP_ENDPOINT": "OTLP/HTTP endpoint for traces and metrics; unset = no export (other " +
		"`OTEL_EXPORTER_OTLP_*` variables are honoured)",
	"SHUTDOWN_TIMEOUT":   "how long in-flight requests may drain after SIGTERM",
	"HTTP_WRITE_TIMEOUT": "per-response write timeout",
}

// LoadBase reads the shared settings.
func LoadBase(l *config.Loader, defaultPort int) Base {
	l.Describe(baseDocs)
	b := Base{
		Port:            l.Int("PORT", defaultPort, 0, 65535),
		ListenHost:      l.String("LISTEN_HOST", ""),
		RedisURL:        l.URL("REDIS_URL", "", "redis", "rediss"),
		CacheMaxEntries: l.Int("CACHE_MAX_ENTRIES", 10000, 1, 10_000_000),
		LogLevel:        l.String("LOG_LEVEL", "info"),
		OTLPEndpoint:    l.URL("OTEL_EXPORTER_OTLP_ENDPOINT", "", "http", "https"),
		ShutdownTimeout: l.Duration("SHUTDOWN_TIMEOUT", 20*time.Second, time.Second, 5*time.Minute),
		WriteTimeout:    l.Duration("HTTP_WRITE_TIMEOUT", 60*time.Second, time.Second, 10*time.Minute),
	}
	if b.RedisURL != "" {
		if err := cache.ValidateRedisURL(b.RedisURL); err != nil {
			l.Problem("REDIS_URL: %v", err)
		}
	}
	return b
}

// Runtime is what a started service runs on.
type Runtime struct {
	Name    string
	Version string
	Base    Base
	Logger  *slog.Logger
	Metrics *telemetry.Metrics
	Store   cache.Store
	Cache   *cache.Layer

	closers []func(context.Context) error
}

// Start builds the runtime. effective is the masked configuration to log.
func Start(ctx context.Context, name, version string, base Base, logOut io.Writer, effective []slog.Attr) (*Runtime, error) {
	logger := logging.New(logOut, base.LogLevel, name)
	logging.RouteLibraries(logger)
	logger.LogAttrs(ctx, slog.LevelInfo, "configuration", append([]slog.Attr{slog.String("version", version)}, effective...)...)

	shutdown, err := telemetry.Setup(ctx, telemetry.Config{Service: name, Version: version, OTLPEndpoint: base.OTLPEndpoint})
	if err != nil {
		return nil, fmt.Errorf("app.Start: %w", err)
	}
	metrics, err := telemetry.NewMetrics()
	if err != nil {
		return nil, fmt.Errorf("app.Start: %w", err)
	}
	rt := &Runtime{Name: name, Version: version, Base: base, Logger: logger, Metrics: metrics}
	rt.closers = append(rt.closers, func(ctx context.Context) error {
		// A collector that is down when the service stops loses the last
		// batch; that is worth a warning, not a failed exit.
		if err := shutdown(ctx); err != nil {
			logger.WarnContext(ctx, "telemetry: final export failed", slog.Any("error", err))
		}
		return nil
	})

	if base.RedisURL != "" {
		r, err := cache.NewRedis(base.RedisURL)
		if err != nil {
			return nil, fmt.Errorf("app.Start: %w", err)
		}
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		if err := r.Ping(pctx); err != nil {
			// Fail open: the cache layer serves MISSes until Redis answers.
			logger.Warn("redis not reachable at start-up; serving without cache until it is", slog.Any("err", err))
		}
		cancel()
		// What this process caches stays readable through a Redis outage.
		rt.Store = cache.WithLocalFallback(r, cache.NewMemory(min(base.CacheMaxEntries, cache.LocalFallbackEntries)))
	} else {
		rt.Store = cache.NewMemory(base.CacheMaxEntries)
	}
	rt.closers = append(rt.closers, func(context.Context) error { return rt.Store.Close() })
	rt.Cache = cache.NewLayer(cache.LayerConfig{
		Store: rt.Store, Prefix: name + ":v1", Header: "x-" + name + "-cache", Logger: logger, Recorder: metrics,
	})
	logger.Info("cache", slog.String("store", rt.Store.Kind()))
	return rt, nil
}

// NewEcho returns the shared echo instance with telemetry installed.
func (rt *Runtime) NewEcho() *echo.Echo {
	return server.New(rt.Logger, rt.Metrics.Middleware(rt.Name))
}

// Addr is the listen address from the settings.
func (rt *Runtime) Addr() string {
	return net.JoinHostPort(rt.Base.ListenHost, strconv.Itoa(rt.Base.Port))
}

// Serve listens and serves e until ctx is done, then drains and closes the
// runtime. ready, if not nil, receives the bound address once listening.
func (rt *Runtime) Serve(ctx context.Context, e *echo.Echo, ready func(net.Addr)) error {
	ln, err := server.Listen(rt.Addr())
	if err != nil {
		return err
	}
	if ready != nil {
		ready(ln.Addr())
	}
	err = server.Run(ctx, e, ln, server.Timeouts{Shutdown: rt.Base.ShutdownTimeout, Write: rt.Base.WriteTimeout}, rt.Logger)
	return errors.Join(err, rt.Close(context.Background()))
}

// OnClose registers a function run when the runtime closes (after the
// server has drained), in reverse order of registration.
func (rt *Runtime) OnClose(f func(context.Context) error) { rt.closers = append(rt.closers, f) }

// Run is the whole life of a service: load the configuration (every
// problem reported at once), start the runtime, build the routes, serve
// until ctx is done, drain and close. ready, if not nil, receives the
// listening address.
func Run[C any](ctx context.Context, name, version string, logOut io.Writer, ready func(net.Addr),
	load func() (C, Base, []slog.Attr, error), routes func(*Runtime, C) (*echo.Echo, error)) error {
	cfg, base, effective, err := load()
	if err != nil {
		return err
	}
	rt, err := Start(ctx, name, version, base, logOut, effective)
	if err != nil {
		return err
	}
	e, err := routes(rt, cfg)
	if err != nil {
		return errors.Join(err, rt.Close(ctx))
	}
	return rt.Serve(ctx, e, ready)
}

// Close releases the runtime's resources.
func (rt *Runtime) Close(ctx context.Context) error {
	var errs []error
	for i := len(rt.closers) - 1; i >= 0; i-- {
		errs = append(errs, rt.closers[i](ctx))
	}
	rt.closers = nil
	return errors.Join(errs...)
}
