package telemetry

import (
	"context"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/propagation"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

const scope = "github.com/intel402/intel402/pkg/platform/telemetry"

// Metrics holds the instruments every service records:
//
//	intel402.http.requests            counter   {route, method, status}
//	intel402.http.request.duration    histogram seconds {route, method, status}
//	intel402.cache.lookups            counter   {op, outcome=hit|miss|shared|error}
//	intel402.payments                 counter   {route, outcome=challenged|verified|settled|rejected|settle_failed|settle_pending|settlement_pending|held_delivered}
//	intel402.payments.amount          counter   atomic USDC units settled {route}
//	intel402.upstream.calls           counter   {upstream, outcome}
//	intel402.upstream.cost            counter   estimated USD spent upstream {upstream}
type Metrics struct {
	requests       metric.Int64Counter
	duration       metric.Float64Histogram
	cacheLookups   metric.Int64Counter
	payments       metric.Int64Counter
	paymentAmount  metric.Int64Counter
	upstreamCalls  metric.Int64Counter
	upstreamTime   metric.Float64Histogram
	upstreamCostUS metric.Float64Counter
	facilitator    metric.Float64Histogram
}

// NewMetrics creates the instruments on the global meter provider.
func NewMetrics() (*Metrics, error) {
	m := otel.Meter(scope)
	var err error
	var ms Metrics
	mk := func(f func() error) {
		if err == nil {
			err = f()
		}
	}
	mk(func() (e error) {
		ms.requests, e = m.Int64Counter("intel402.http.requests", metric.WithDescription("HTTP requests served"))
		return
	})
	mk(func() (e error) {
		ms.duration, e = m.Float64Histogram("intel402.http.request.duration", metric.WithUnit("s"),
			metric.WithDescription("HTTP request latency"))
		return
	})
	mk(func() (e error) {
		ms.cacheLookups, e = m.Int64Counter("intel402.cache.lookups", metric.WithDescription("response cache lookups by outcome"))
		return
	})
	mk(func() (e error) {
		ms.payments, e = m.Int64Counter("intel402.payments", metric.WithDescription("x402 payment events by outcome"))
		return
	})
	mk(func() (e error) {
		ms.paymentAmount, e = m.Int64Counter("intel402.payments.amount", metric.WithUnit("{USDC atomic}"),
			metric.WithDescription("settled amount in atomic USDC units"))
		return
	})
	mk(func() (e error) {
		ms.upstreamCalls, e = m.Int64Counter("intel402.upstream.calls", metric.WithDescription("calls to upstream providers"))
		return
	})
	mk(func() (e error) {
		ms.upstreamTime, e = m.Float64Histogram("intel402.upstream.duration", metric.WithUnit("s"),
			metric.WithDescription("upstream call latency (retries included) by upstream and outcome"))
		return
	})
	mk(func() (e error) {
		ms.facilitator, e = m.Float64Histogram("intel402.facilitator.duration", metric.WithUnit("s"),
			metric.WithDescription("x402 facilitator verify and settle latency by operation and outcome"))
		return
	})
	mk(func() (e error) {
		ms.upstreamCostUS, e = m.Float64Counter("intel402.upstream.cost", metric.WithUnit("USD"),
			metric.WithDescription("estimated upstream spend"))
		return
	})
	if err != nil {
		return nil, err
	}
	return &ms, nil
}

// CacheLookup implements cache.Recorder.
func (m *Metrics) CacheLookup(ctx context.Context, op, outcome string) {
	m.cacheLookups.Add(ctx, 1, metric.WithAttributes(attribute.String("op", op), attribute.String("outcome", outcome)))
}

// Payment records a payment event; amount (atomic units) is added when > 0.
func (m *Metrics) Payment(ctx context.Context, route, outcome string, amount int64) {
	m.payments.Add(ctx, 1, metric.WithAttributes(attribute.String("route", route), attribute.String("outcome", outcome)))
	if amount > 0 {
		m.paymentAmount.Add(ctx, amount, metric.WithAttributes(attribute.String("route", route)))
	}
}

// Upstream records one upstream call, its latency and its estimated cost
// in USD.
func (m *Metrics) Upstream(ctx context.Context, upstream, outcome string, costUSD float64, took time.Duration) {
	attrs := metric.WithAttributes(attribute.String("upstream", upstream), attribute.String("outcome", outcome))
	m.upstreamCalls.Add(ctx, 1, attrs)
	m.upstreamTime.Record(ctx, took.Seconds(), attrs)
	if costUSD > 0 {
		m.upstreamCostUS.Add(ctx, costUSD, metric.WithAttributes(attribute.String("upstream", upstream)))
	}
}

// Facilitator records one facilitator call (op "verify" or "settle") and
// its latency.
func (m *Metrics) Facilitator(ctx context.Context, op, outcome string, took time.Duration) {
	m.facilitator.Record(ctx, took.Seconds(), metric.WithAttributes(attribute.String("op", op), attribute.String("outcome", outcome)))
}

// Middleware starts a server span per request (continuing an incoming W3C
// trace) and records the request metrics by route template.
func (m *Metrics) Middleware(service string) echo.MiddlewareFunc {
	tracer := otel.Tracer(scope)
	prop := otel.GetTextMapPropagator()
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			ctx := prop.Extract(req.Context(), propagation.HeaderCarrier(req.Header))
			route := c.Path()
			if route == "" {
				route = "unmatched"
			}
			ctx, span := tracer.Start(ctx, req.Method+" "+route, trace.WithSpanKind(trace.SpanKindServer),
				trace.WithAttributes(
					semconv.HTTPRequestMethodKey.String(req.Method),
					semconv.HTTPRoute(route),
					semconv.URLPath(req.URL.Path),
					attribute.String("service.name", service),
				))
			defer span.End()
			c.SetRequest(req.WithContext(ctx))
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			status := c.Response().Status
			span.SetAttributes(semconv.HTTPResponseStatusCode(status))
			if status >= 500 {
				span.SetAttributes(attribute.Bool("error", true))
			}
			attrs := metric.WithAttributes(attribute.String("route", route), attribute.String("method", req.Method),
				attribute.String("status", strconv.Itoa(status)))
			m.requests.Add(ctx, 1, attrs)
			m.duration.Record(ctx, time.Since(start).Seconds(), attrs)
			return nil
		}
	}
}
