package operation

import (
	"fmt"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/platform/landing"
	"github.com/intel402/intel402/pkg/platform/mcpserve"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
)

// Service is what Mount serves for one service.
type Service struct {
	Name     string          // "company-intel"
	Doc      *openapidoc.Doc // the service's OpenAPI document
	Payments payments.Config
	Ops      []Operation // the paid operations, bound to their handlers, in price-table order
	// Health is the path of the service's health check, which the landing
	// page links ("": none).
	Health string
}

// Mount serves s on e, all of it read from the descriptors: the free
// documents (/openapi.json, /capabilities.json, /pricing.json), the pages
// for people (the landing page at /, the API reference at /docs), the paid
// routes behind the x402 middleware, and the MCP endpoint with one tool per
// paid operation. It fails, and the service does not start, when a
// descriptor is incomplete or disagrees with the OpenAPI document.
func Mount(rt *app.Runtime, e *echo.Echo, s Service) error {
	if err := Validate(s.Ops); err != nil {
		return err
	}
	if err := Check(s.Ops, s.Doc.T); err != nil {
		return err
	}
	caps, pricing, err := discovery.Build(s.Name, rt.Version, s.Payments.PayTo, Capabilities(s.Ops), s.Doc.T)
	if err != nil {
		return err
	}
	if caps, err = caps.WithMCP(mcpserve.Path, Tools(s.Ops)); err != nil {
		return err
	}
	pay, err := payments.ForRuntime(rt, s.Payments, Prices(s.Ops), s.Doc.T)
	if err != nil {
		return err
	}
	mcp := mcpserve.Service{
		Name: s.Name, Version: rt.Version, Doc: s.Doc.T, Capabilities: Capabilities(s.Ops), ToolNames: Tools(s.Ops),
		TrustForwarded: s.Payments.TrustForwarded, CORSOrigins: s.Payments.CORSOrigins, Logger: rt.Logger,
	}
	tools, err := mcp.Tools()
	if err != nil {
		return fmt.Errorf("operation.Mount: %w", err)
	}
	toolNames := make([]string, len(tools))
	for i, t := range tools {
		toolNames[i] = t.Name
	}
	site, err := landing.New(landing.Config{
		Service: s.Name, Version: rt.Version, Doc: s.Doc.T, Capabilities: caps, Tools: toolNames,
		Health: s.Health, Logger: rt.Logger,
	})
	if err != nil {
		return fmt.Errorf("operation.Mount: %w", err)
	}
	e.GET("/openapi.json", s.Doc.Handler())
	e.GET("/capabilities.json", discovery.Handler(caps))
	e.GET("/pricing.json", discovery.Handler(pricing))
	site.Mount(e)
	Register(e, s.Ops, pay)
	if err := mcpserve.Mount(e, mcp); err != nil {
		return fmt.Errorf("operation.Mount: %w", err)
	}
	return nil
}
