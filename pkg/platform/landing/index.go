package landing

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/platform/payments"
)

// Index is the JSON answer of GET / to a client that prefers JSON: what
// the service is, its paid operations with their prices, and where
// everything else is. The HTML page shows the same.
type Index struct {
	Service     string               `json:"service"`
	Version     string               `json:"version"`
	Description string               `json:"description"` // the first paragraph of the OpenAPI info.description
	Payment     discovery.PaymentRef `json:"payment"`
	Currency    string               `json:"currency"` // "USDC"
	Operations  []Operation          `json:"operations"`
	MCP         MCP                  `json:"mcp"`
	Links       Links                `json:"links"`
}

// Operation is one paid operation of the index, as /capabilities.json
// states it.
type Operation struct {
	ID          string `json:"id"`           // capability id
	OperationID string `json:"operation_id"` // in /openapi.json
	Method      string `json:"method"`
	Path        string `json:"path"`
	Description string `json:"description"`
	PriceUSD    string `json:"price_usd"`
	PriceAtomic string `json:"price_atomic"`
	MCPTool     string `json:"mcp_tool"`
}

// MCP is the service's MCP endpoint and every tool it lists.
type MCP struct {
	Endpoint  string   `json:"endpoint"`
	Transport string   `json:"transport"`
	Tools     []string `json:"tools"` // the paid operations' tools, then the free ones
}

// Links are the service's free documents.
type Links struct {
	OpenAPI      string `json:"openapi"`
	Docs         string `json:"docs,omitempty"`     // absent when the binary carries no Swagger UI
	Licenses     string `json:"licenses,omitempty"` // with Docs
	Capabilities string `json:"capabilities"`
	Pricing      string `json:"pricing"`
	Health       string `json:"health,omitempty"`
	MCP          string `json:"mcp"`
}

// example is what the page shows of one operation beyond the index.
type example struct {
	Params map[string]string // GET: the example query parameters
	Query  string            // GET: the example query string, "" for none
	Body   string            // POST: the example request body (compact JSON)
	Answer string            // the 200 example, abridged; "" when the document has none
}

// buildIndex derives the index from the capabilities document (the
// descriptors' prices and tools), the OpenAPI document and the paths the
// service serves, and each operation's example from the document.
func buildIndex(cfg Config, withDocs bool) (Index, []example, error) {
	caps := cfg.Capabilities
	if caps.MCP == nil {
		return Index{}, nil, fmt.Errorf("landing: the capabilities name no MCP endpoint")
	}
	ix := Index{
		Service: cfg.Service, Version: cfg.Version, Description: firstParagraph(cfg.Doc.Info.Description),
		Currency: "USDC",
		MCP:      MCP{Endpoint: caps.MCP.Endpoint, Transport: caps.MCP.Transport, Tools: cfg.Tools},
		Links: Links{
			OpenAPI: caps.OpenAPI, Capabilities: "/capabilities.json", Pricing: "/pricing.json",
			Health: cfg.Health, MCP: caps.MCP.Endpoint,
		},
	}
	if withDocs {
		ix.Links.Docs, ix.Links.Licenses = DocsPath, LicensesPath
	}
	examples := make([]example, 0, len(caps.Capabilities))
	for _, c := range caps.Capabilities {
		op := operationOf(cfg.Doc, c.Method, c.Path)
		if op == nil {
			return Index{}, nil, fmt.Errorf("landing: %s %s is not in the OpenAPI document", c.Method, c.Path)
		}
		ix.Payment = c.Payment
		ix.Operations = append(ix.Operations, Operation{
			ID: c.ID, OperationID: op.OperationID, Method: c.Method, Path: c.Path, Description: c.Description,
			PriceUSD: c.PriceUSD, PriceAtomic: c.PriceAtomic, MCPTool: c.MCPTool,
		})
		ex, err := exampleOf(cfg.Doc, op, c.Method, c.Path)
		if err != nil {
			return Index{}, nil, err
		}
		examples = append(examples, ex)
	}
	return ix, examples, nil
}

func operationOf(doc *openapi3.T, method, path string) *openapi3.Operation {
	if item := doc.Paths.Find(path); item != nil {
		return item.GetOperation(method)
	}
	return nil
}

// exampleOf reads an operation's example request from its x402 catalogue
// entry (payments.Bazaar: the query parameters' or the request body's
// examples) and its example answer, the 200 response's example, abridged.
func exampleOf(doc *openapi3.T, op *openapi3.Operation, method, path string) (example, error) {
	bz, err := payments.Bazaar(doc, method, path)
	if err != nil {
		return example{}, fmt.Errorf("landing: %w", err)
	}
	var info struct {
		Input struct {
			QueryParams map[string]any `json:"queryParams"`
			Body        any            `json:"body"`
		} `json:"input"`
	}
	if err := json.Unmarshal(bz.Info, &info); err != nil {
		return example{}, fmt.Errorf("landing: %s %s example: %w", method, path, err)
	}
	var ex example
	if len(info.Input.QueryParams) > 0 {
		q := url.Values{}
		ex.Params = map[string]string{}
		for k, v := range info.Input.QueryParams {
			ex.Params[k] = fmt.Sprint(v)
			q.Set(k, ex.Params[k])
		}
		ex.Query = q.Encode()
	}
	if method == http.MethodPost && info.Input.Body != nil {
		ex.Body = jsonText(info.Input.Body)
	}
	if resp := op.Responses.Status(http.StatusOK); resp != nil && resp.Value != nil {
		if mt := resp.Value.Content.Get("application/json"); mt != nil && mt.Example != nil {
			ex.Answer = Abridge(mt.Example)
		}
	}
	return ex, nil
}

// firstParagraph is the first paragraph of a description, its lines
// joined.
func firstParagraph(s string) string {
	p, _, _ := strings.Cut(strings.TrimSpace(s), "\n\n")
	return strings.Join(strings.Fields(p), " ")
}
