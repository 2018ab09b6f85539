// Package telemetry sets up OpenTelemetry tracing and metrics for a
// service (OTLP over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set, no
// exporter otherwise) and provides the instruments and echo middleware both
// services use.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
)

// Config selects the exporters. The OTLP exporters read the standard
// OTEL_EXPORTER_OTLP_* variables themselves (headers, protocol details).
type Config struct {
	Service      string
	Version      string
	OTLPEndpoint string // OTEL_EXPORTER_OTLP_ENDPOINT; empty = no export
}

// Shutdown flushes and stops the providers.
type Shutdown func(context.Context) error

// Setup installs global tracer and meter providers and the W3C propagator.
// Without an endpoint the providers still record (so spans and metrics can be
// read in tests) but export nothing.
func Setup(ctx context.Context, cfg Config) (Shutdown, error) {
	res := resource.NewWithAttributes(semconv.SchemaURL,
		semconv.ServiceName(cfg.Service), semconv.ServiceVersion(cfg.Version))

	var tpOpts []sdktrace.TracerProviderOption
	var mpOpts []sdkmetric.Option
	tpOpts = append(tpOpts, sdktrace.WithResource(res))
	mpOpts = append(mpOpts, sdkmetric.WithResource(res))
	if cfg.OTLPEndpoint != "" {
		te, err := otlptracehttp.New(ctx)
		if err != nil {
			return nil, fmt.Errorf("telemetry: trace exporter: %w", err)
		}
		me, err := otlpmetrichttp.New(ctx)
		if err != nil {
			return nil, fmt.Errorf("telemetry: metric exporter: %w", err)
		}
		tpOpts = append(tpOpts, sdktrace.WithBatcher(te))
		mpOpts = append(mpOpts, sdkmetric.WithReader(sdkmetric.NewPeriodicReader(me, sdkmetric.WithInterval(30*time.Second))))
	}
	tp := sdktrace.NewTracerProvider(tpOpts...)
	mp := sdkmetric.NewMeterProvider(mpOpts...)
	otel.SetTracerProvider(tp)
	otel.SetMeterProvider(mp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	return func(ctx context.Context) error {
		return errors.Join(tp.Shutdown(ctx), mp.Shutdown(ctx))
	}, nil
}
