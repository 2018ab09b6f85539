// Package discovery builds a service's free discovery documents,
// /capabilities.json and /pricing.json, from its price table and its OpenAPI
// document, so that what agents discover cannot drift from what is charged
// and what the contract says. Both services serve them the same way.
package discovery

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/x402"
)

// Capability is one paid operation with its spec capability id.
type Capability struct {
	ID    string // spec capability id, e.g. "domain_classification"
	Price payments.Price
}

// SchemaRef points into the served OpenAPI document.
type SchemaRef struct {
	Ref string `json:"$ref"` // e.g. "/openapi.json#/components/schemas/ClassifyResult"
}

// CapabilityDoc is one entry of /capabilities.json.
type CapabilityDoc struct {
	ID          string     `json:"id"`
	Description string     `json:"description"`
	Method      string     `json:"method"`
	Path        string     `json:"path"`
	PriceUSD    string     `json:"price_usd"`
	PriceAtomic string     `json:"price_atomic"`
	Input       SchemaRef  `json:"input"`
	Output      SchemaRef  `json:"output"`
	Payment     PaymentRef `json:"payment"`
	MCPTool     string     `json:"mcp_tool,omitempty"` // the operation's tool on the MCP endpoint
}

// PaymentRef says how an operation is paid.
type PaymentRef struct {
	Protocol string `json:"protocol"` // "x402"
	Version  int    `json:"x402_version"`
	Scheme   string `json:"scheme"`  // "exact"
	Network  string `json:"network"` // "eip155:8453"
}

// Capabilities is the /capabilities.json body.
type Capabilities struct {
	Service      string          `json:"service"`
	Version      string          `json:"version"`
	OpenAPI      string          `json:"openapi"`
	MCP          *MCPRef         `json:"mcp,omitempty"`
	Capabilities []CapabilityDoc `json:"capabilities"`
}

// MCPRef names the service's MCP endpoint, which serves the paid
// operations as tools paid with x402 over MCP.
type MCPRef struct {
	Endpoint  string `json:"endpoint"`  // path, e.g. "/mcp"
	Transport string `json:"transport"` // "streamable-http"
}

// WithMCP returns c naming the MCP endpoint at endpoint (Streamable HTTP)
// and each capability's tool, from tools (capability id to tool name). It
// fails when a capability has no tool.
func (c Capabilities) WithMCP(endpoint string, tools map[string]string) (Capabilities, error) {
	out := c
	out.MCP = &MCPRef{Endpoint: endpoint, Transport: "streamable-http"}
	out.Capabilities = make([]CapabilityDoc, len(c.Capabilities))
	for i, cd := range c.Capabilities {
		name, ok := tools[cd.ID]
		if !ok {
			return Capabilities{}, fmt.Errorf("discovery: capability %s has no MCP tool", cd.ID)
		}
		cd.MCPTool = name
		out.Capabilities[i] = cd
	}
	return out, nil
}

// Asset describes the payment asset.
type Asset struct {
	Symbol   string `json:"symbol"`
	Address  string `json:"address"`
	Decimals int    `json:"decimals"`
	Name     string `json:"eip712_name"`
	Version  string `json:"eip712_version"`
}

// PriceDoc is one operation of /pricing.json.
type PriceDoc struct {
	ID          string `json:"id"`
	Method      string `json:"method"`
	Path        string `json:"path"`
	PriceUSD    string `json:"price_usd"`
	PriceAtomic string `json:"price_atomic"`
	Unit        string `json:"unit"` // "call"
}

// Pricing is the /pricing.json body.
type Pricing struct {
	Service     string     `json:"service"`
	Currency    string     `json:"currency"` // "USDC"
	Network     string     `json:"network"`
	Asset       Asset      `json:"asset"`
	PayTo       string     `json:"pay_to"`
	Scheme      string     `json:"scheme"`
	X402Version int        `json:"x402_version"`
	Launch      bool       `json:"launch_pricing"`
	Note        string     `json:"note"`
	Operations  []PriceDoc `json:"operations"`
}

// LaunchNote is the pricing note the spec calls for.
const LaunchNote = "Launch pricing: prices are per call, fixed, in USDC on Base, and may change; " +
	"the 402 challenge of each call states the binding price."

// Build derives both documents. Every capability must be an operation of
// doc whose 200 response has a JSON schema reference.
func Build(service, version, payTo string, caps []Capability, doc *openapi3.T) (Capabilities, Pricing, error) {
	usdc := x402.USDCBase()
	c := Capabilities{Service: service, Version: version, OpenAPI: "/openapi.json"}
	p := Pricing{
		Service: service, Currency: "USDC", Network: x402.NetworkBase, PayTo: payTo, Scheme: x402.SchemeExact,
		X402Version: x402.Version, Launch: true, Note: LaunchNote,
		Asset: Asset{Symbol: "USDC", Address: usdc.Address, Decimals: usdc.Decimals, Name: usdc.Name, Version: usdc.Version},
	}
	for _, cp := range caps {
		in, out, err := refs(doc, cp.Price.Method, cp.Price.Path)
		if err != nil {
			return Capabilities{}, Pricing{}, err
		}
		c.Capabilities = append(c.Capabilities, CapabilityDoc{
			ID: cp.ID, Description: cp.Price.Description, Method: cp.Price.Method, Path: cp.Price.Path,
			PriceUSD: cp.Price.USD(), PriceAtomic: cp.Price.Atomic, Input: in, Output: out,
			Payment: PaymentRef{Protocol: "x402", Version: x402.Version, Scheme: x402.SchemeExact, Network: x402.NetworkBase},
		})
		p.Operations = append(p.Operations, PriceDoc{
			ID: cp.ID, Method: cp.Price.Method, Path: cp.Price.Path, PriceUSD: cp.Price.USD(), PriceAtomic: cp.Price.Atomic, Unit: "call",
		})
	}
	return c, p, nil
}

// refs returns the input and output schema references of an operation:
// the JSON request body schema or, for a query operation, the operation's
// parameters; and the 200 response schema.
func refs(doc *openapi3.T, method, path string) (SchemaRef, SchemaRef, error) {
	item := doc.Paths.Find(path)
	if item == nil || item.GetOperation(method) == nil {
		return SchemaRef{}, SchemaRef{}, fmt.Errorf("discovery: %s %s is not in the OpenAPI document", method, path)
	}
	op := item.GetOperation(method)
	pointer := "/openapi.json#/paths/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(path) + "/" + strings.ToLower(method)
	in := SchemaRef{Ref: pointer + "/parameters"}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		if mt := op.RequestBody.Value.Content.Get(echo.MIMEApplicationJSON); mt != nil && mt.Schema != nil && mt.Schema.Ref != "" {
			in = SchemaRef{Ref: "/openapi.json" + mt.Schema.Ref}
		}
	}
	resp := op.Responses.Status(http.StatusOK)
	if resp == nil || resp.Value == nil {
		return SchemaRef{}, SchemaRef{}, fmt.Errorf("discovery: %s %s has no 200 response", method, path)
	}
	mt := resp.Value.Content.Get(echo.MIMEApplicationJSON)
	if mt == nil || mt.Schema == nil || mt.Schema.Ref == "" {
		return SchemaRef{}, SchemaRef{}, fmt.Errorf("discovery: %s %s 200 response has no schema reference", method, path)
	}
	return in, SchemaRef{Ref: "/openapi.json" + mt.Schema.Ref}, nil
}

// Handler serves a precomputed document as JSON.
func Handler(body any) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=300")
		return c.JSON(http.StatusOK, body)
	}
}
