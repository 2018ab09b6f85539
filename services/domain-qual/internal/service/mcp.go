package service

import (
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/mcpserve"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
)

// MCPTools names the MCP tool of each paid operation, by capability id.
var MCPTools = map[string]string{
	CapabilityClassify: "classify",
	CapabilityAudit:    "dns_audit",
	CapabilityProfile:  "full_profile",
	CapabilityBatch:    "batch_classify",
}

// mountMCP serves the MCP endpoint (pkg/platform/mcpserve) on e.
func mountMCP(rt *app.Runtime, e *echo.Echo, cfg payments.Config, doc *openapidoc.Doc) error {
	return mcpserve.Mount(e, mcpserve.Service{
		Name: Name, Version: rt.Version, Doc: doc.T, Capabilities: Capabilities(), ToolNames: MCPTools,
		TrustForwarded: cfg.TrustForwarded, CORSOrigins: cfg.CORSOrigins, Logger: rt.Logger,
	})
}
