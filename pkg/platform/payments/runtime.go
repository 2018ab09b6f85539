package payments

import (
	"context"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/telemetry"
)

// ForRuntime is a service's payment side as both services assemble it:
// the facilitator cfg selects (released when the runtime closes) and the
// pay middleware charging prices, with the runtime's store as replay store.
func ForRuntime(rt *app.Runtime, cfg Config, prices []Price, doc *openapi3.T) (echo.MiddlewareFunc, error) {
	fac, closeFac, err := NewFacilitator(cfg, rt.Logger, rt.Metrics, rt.Store)
	if err != nil {
		return nil, err
	}
	rt.OnClose(func(context.Context) error { closeFac(); return nil })
	var store cache.Store = rt.Store
	var observe func(ctx context.Context, route, outcome string)
	if rt.Metrics != nil {
		store = replayMetered{Store: rt.Store, m: rt.Metrics}
		// intel402.payments{outcome="precheck_refused"|"rate_limited"}:
		// payments refused before the facilitator.
		observe = func(ctx context.Context, _, outcome string) { rt.Metrics.Payment(ctx, "", outcome, 0) }
	}
	return observedMiddleware(cfg, prices, doc, fac, store, rt.Logger, observe)
}

// replayMetered counts the authorizations the replay store refuses
// (intel402.payments{outcome="replayed"}): an authorization already used or
// still in flight.
type replayMetered struct {
	cache.Store
	m *telemetry.Metrics
}

func (r replayMetered) Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	ok, err := r.Store.Reserve(ctx, key, ttl)
	if err == nil && !ok {
		r.m.Payment(ctx, "", "replayed", 0)
	}
	return ok, err
}
