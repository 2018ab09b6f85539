package payments

import (
	"context"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/app"
)

// ForRuntime is a service's payment side as both services assemble it:
// the facilitator cfg selects (released when the runtime closes) and the
// pay middleware charging prices, with the runtime's store as replay store.
func ForRuntime(rt *app.Runtime, cfg Config, prices []Price, doc *openapi3.T) (echo.MiddlewareFunc, error) {
	fac, closeFac, err := NewFacilitator(cfg, rt.Logger, rt.Metrics)
	if err != nil {
		return nil, err
	}
	rt.OnClose(func(context.Context) error { closeFac(); return nil })
	return Middleware(cfg, prices, doc, fac, rt.Store, rt.Logger)
}
