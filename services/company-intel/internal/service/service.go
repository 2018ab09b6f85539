// Package service assembles company-intel: configuration, runtime, routes.
package service

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/app"
	pconfig "github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/health"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/services/company-intel/internal/config"
)

// Name is the service name used in logs, metrics, cache keys and headers.
const Name = "company-intel"

// Run loads the configuration from lookup and serves until ctx is done.
// ready, if not nil, receives the listening address.
func Run(ctx context.Context, lookup pconfig.Lookup, logOut io.Writer, version string, ready func(net.Addr)) error {
	load := func() (config.Config, app.Base, []slog.Attr, error) {
		c, effective, err := config.Load(lookup)
		return c, c.Base, effective, err
	}
	return app.Run(ctx, Name, version, logOut, ready, load, Routes)
}

// Routes builds the HTTP surface.
func Routes(rt *app.Runtime, cfg config.Config) (*echo.Echo, error) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	e := rt.NewEcho()
	e.Use(payments.CORS(cfg.Payments, "x-"+Name+"-cache"))
	e.GET("/health", health.Handler(Name, rt.Version, nil))
	e.GET("/openapi.json", doc.Handler())
	return e, nil
}
