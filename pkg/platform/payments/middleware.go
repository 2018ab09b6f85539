package payments

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/paywall"
	"github.com/intel402/intel402/pkg/x402/servertiming"
)

// Price is one paid operation.
type Price struct {
	Method      string // GET, POST
	Path        string // echo route path, also the OpenAPI path
	Atomic      string // price in atomic USDC units, e.g. "50000"
	Description string
	// Speculate, when it returns true for a request, runs the handler
	// concurrently with the facilitator's verify once the payment passed
	// the local pre-check (echox402.Route.Speculate); the output is still
	// delivered only after verify and settlement succeeded. It runs after
	// the route's input middleware, so it can read the parsed request.
	// Use it only where wasted work costs nothing but CPU (a rejected
	// payment wastes it). nil: never; X402_SPECULATION=false: never.
	Speculate func(c echo.Context) bool
}

// Always is a Speculate predicate that always speculates.
func Always(echo.Context) bool { return true }

// USD renders the atomic price in dollars ("0.0001"), exactly; "" when
// Atomic is not an amount.
func (p Price) USD() string {
	n, ok := x402.ParseAtomic(p.Atomic)
	if !ok {
		return ""
	}
	return x402.FormatUnits(n, x402.USDCDecimals)
}

// Key is the route key of the middleware's price table.
func (p Price) Key() string { return p.Method + " " + p.Path }

// Middleware builds the x402 middleware for the priced routes: the
// requirements come from cfg and the price table, discovery from doc, and
// authorizations are reserved in store (Redis SET NX when it is Redis).
// Errors the middleware raises are rendered by the platform's envelope.
func Middleware(cfg Config, prices []Price, doc *openapi3.T, f x402.Facilitator, store cache.Store, logger *slog.Logger) (echo.MiddlewareFunc, error) {
	return observedMiddleware(cfg, prices, doc, f, store, logger, nil)
}

// observedMiddleware is Middleware telling observe of the payments it refuses
// itself (echox402.Config.Observe).
func observedMiddleware(cfg Config, prices []Price, doc *openapi3.T, f x402.Facilitator, store cache.Store, logger *slog.Logger,
	observe func(ctx context.Context, route, outcome string)) (echo.MiddlewareFunc, error) {
	routes := make(map[string]echox402.Route, len(prices))
	for _, p := range prices {
		disc, err := Bazaar(doc, p.Method, p.Path)
		if err != nil {
			return nil, err
		}
		r := echox402.Route{Amount: p.Atomic, Description: p.Description, MimeType: "application/json", Discovery: disc}
		if !cfg.NoSpeculation {
			r.Speculate = p.Speculate
		}
		routes[p.Key()] = r
	}
	mw, err := echox402.Config{
		Routes:                routes,
		PayTo:                 cfg.PayTo,
		Network:               x402.NetworkBase,
		MaxTimeoutSeconds:     cfg.MaxTimeoutSeconds,
		Facilitator:           f,
		Replay:                store,
		Logger:                logger,
		TrustForwardedHeaders: cfg.TrustForwarded,
		SkipPreCheck:          cfg.SkipPreCheck,
		FailureLimit:          cfg.FailureLimit,
		FailureWindow:         cfg.FailureWindow,
		SettleTimeout:         middlewareSettleTimeout(cfg.SettleTimeout),
		Observe:               observe,
		Paywall:               browserPaywall(cfg, doc, logger),
	}.ToMiddleware()
	if err != nil {
		return nil, fmt.Errorf("payments.Middleware: %w", err)
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		h := mw(next)
		return func(c echo.Context) error {
			err := h(c)
			timingAttributes(c.Request().Context())
			return err
		}
	}, nil
}

// newPaywall builds the paywall (a variable for the test of a binary built
// without the page).
var newPaywall = paywall.New

// browserPaywall is the paywall page browsers get on the paid GET routes,
// or nil when X402_PAYWALL is false or the binary was built without the
// page (then every client gets the JSON challenge, and a warning says so).
func browserPaywall(cfg Config, doc *openapi3.T, logger *slog.Logger) echox402.Paywall {
	if !cfg.Paywall {
		return nil
	}
	o := paywall.Options{}
	if doc != nil && doc.Info != nil {
		o.AppName = doc.Info.Title
	}
	pw, err := newPaywall(o)
	if err != nil {
		if logger != nil {
			logger.Warn("x402 paywall off: browsers get the JSON challenge", slog.Any("error", err))
		}
		return nil
	}
	return pw
}

// middlewareSettleTimeout bounds the middleware's settle calls: the
// facilitator's own receipt wait plus time for its reconciliation (a second
// settle of a pending payment) and the network.
func middlewareSettleTimeout(facilitatorWait time.Duration) time.Duration {
	if facilitatorWait <= 0 {
		return 0 // echox402's default
	}
	return facilitatorWait + facilitator.DefaultReconcileWait + 20*time.Second
}

// timingAttributes records the request's Server-Timing phases on its span
// (intel402.timing.<phase>_ms, and .<phase>_desc when described), so traces
// and the header tell the same story.
func timingAttributes(ctx context.Context) {
	span := trace.SpanFromContext(ctx)
	if !span.IsRecording() {
		return
	}
	for _, m := range servertiming.From(ctx).Metrics() {
		span.SetAttributes(attribute.Float64("intel402.timing."+m.Name+"_ms", float64(m.Duration.Microseconds())/1000))
		if m.Desc != "" {
			span.SetAttributes(attribute.String("intel402.timing."+m.Name+"_desc", m.Desc))
		}
	}
}

// The middleware's *echox402.Error is rendered by the platform's envelope
// as it is: it carries its own status, code, client-safe message and details.
var (
	_ apierror.Coder    = (*echox402.Error)(nil)
	_ apierror.Detailer = (*echox402.Error)(nil)
)

// CORS lets browsers send PAYMENT-SIGNATURE and read the payment headers,
// the request id and the extra headers named (e.g. the cache header).
func CORS(cfg Config, expose ...string) echo.MiddlewareFunc {
	c := echox402.CORSConfig(cfg.CORSOrigins...)
	c.ExposeHeaders = append(append(c.ExposeHeaders, "X-Request-Id"), expose...)
	c.AllowMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodOptions}
	return middleware.CORSWithConfig(c)
}
