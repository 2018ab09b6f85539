package mcpserve

import (
	"fmt"
	"log/slog"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/discovery"
)

// Service describes one service's MCP endpoint as both services mount it.
type Service struct {
	Name    string // "domain-qual"
	Version string
	Doc     *openapi3.T
	// Capabilities are the paid operations (the price table); ToolNames
	// names the MCP tool of each, by capability id.
	Capabilities []discovery.Capability
	ToolNames    map[string]string
	// TrustForwarded and CORSOrigins are the service's payment settings.
	TrustForwarded bool
	CORSOrigins    []string
	Logger         *slog.Logger
}

// Tools are the service's tools: one per paid operation, in price-table
// order, then the free pricing and capabilities documents.
func (s Service) Tools() ([]Tool, error) {
	var out []Tool
	for _, c := range s.Capabilities {
		name, ok := s.ToolNames[c.ID]
		if !ok {
			return nil, fmt.Errorf("mcpserve: capability %s has no MCP tool", c.ID)
		}
		out = append(out, Paid(name, c.Price))
	}
	return append(out,
		Free("pricing", "/pricing.json", "The price of every paid operation and how to pay (free, never paid)"),
		Free("capabilities", "/capabilities.json", "The paid operations with their capability ids, prices, schemas and MCP tool names (free, never paid)"),
	), nil
}

// Mount serves the service's tools at Path on e, dispatching each call to
// e itself: a paid tool call is charged by the HTTP route it dispatches to.
func Mount(e *echo.Echo, s Service) error {
	tools, err := s.Tools()
	if err != nil {
		return err
	}
	h, err := New(Config{
		Service: s.Name, Version: s.Version, Doc: s.Doc, Tools: tools, Dispatch: e,
		TrustForwarded: s.TrustForwarded, CacheHeader: "x-" + s.Name + "-cache", Logger: s.Logger,
	})
	if err != nil {
		return err
	}
	e.Pre(CORS(s.CORSOrigins))
	h.Register(e)
	return nil
}
