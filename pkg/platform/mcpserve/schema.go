package mcpserve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/platform/payments"
)

// tool is a Tool with what is derived from the OpenAPI document.
type tool struct {
	Tool
	def *mcp.Tool
	// bazaar is the bazaar discovery extension in its MCP form (nil for a
	// free tool): it replaces the HTTP form in the tool's PaymentRequired.
	bazaar json.RawMessage
}

// newTool derives a tool's definition from its operation in doc: the input
// schema (the query parameters of a GET, the JSON request body of a POST),
// the title (the summary) and the description (summary, description and
// price).
func newTool(doc *openapi3.T, t Tool) (*tool, error) {
	method := strings.ToUpper(t.Method)
	if t.Name == "" || (method != http.MethodGet && method != http.MethodPost) {
		return nil, fmt.Errorf("mcpserve: tool %q: a name and a GET or POST operation are required", t.Name)
	}
	t.Method = method
	var op *openapi3.Operation
	if item := doc.Paths.Find(t.Path); item != nil {
		op = item.GetOperation(method)
	}
	if op == nil {
		if t.Atomic != "" || method != http.MethodGet || t.Summary == "" {
			return nil, fmt.Errorf("mcpserve: tool %q: %s %s is not in the OpenAPI document", t.Name, method, t.Path)
		}
		// A free document the contract does not list: no arguments.
		op = &openapi3.Operation{Summary: t.Summary}
	}
	schema, err := inputSchema(op, method)
	if err != nil {
		return nil, fmt.Errorf("mcpserve: tool %q: %s %s: %w", t.Name, method, t.Path, err)
	}
	desc := describe(op, t.Atomic)
	readOnly, openWorld := true, t.Atomic != ""
	tl := &tool{
		Tool: t,
		def: &mcp.Tool{
			Name:        t.Name,
			Title:       op.Summary,
			Description: desc,
			InputSchema: schema,
			Annotations: &mcp.ToolAnnotations{Title: op.Summary, ReadOnlyHint: readOnly, OpenWorldHint: &openWorld},
		},
	}
	if t.Atomic != "" {
		if tl.bazaar, err = mcpBazaar(doc, t, schema, desc); err != nil {
			return nil, err
		}
	}
	return tl, nil
}

// inputSchema is the JSON Schema of a tool's arguments: for a GET, an
// object of the operation's query parameters (types, bounds, enums and
// descriptions from their schemas, the required ones required); for a
// POST, the JSON request body's schema. Both are converted by
// payments.JSONSchema, the conversion the HTTP bazaar extension uses.
func inputSchema(op *openapi3.Operation, method string) (map[string]any, error) {
	if method == http.MethodPost {
		if op.RequestBody == nil || op.RequestBody.Value == nil {
			return nil, fmt.Errorf("no request body")
		}
		mt := op.RequestBody.Value.Content.Get("application/json")
		if mt == nil || mt.Schema == nil {
			return nil, fmt.Errorf("no JSON request body schema")
		}
		s := payments.JSONSchema(mt.Schema)
		if t, ok := s["type"]; ok && t != "object" {
			return nil, fmt.Errorf("the request body is a %v, not an object", t)
		}
		s["type"] = "object"
		return s, nil
	}
	props := map[string]any{}
	var required []string
	for _, pr := range op.Parameters {
		p := pr.Value
		if p == nil || p.In != openapi3.ParameterInQuery {
			continue
		}
		s := payments.JSONSchema(p.Schema)
		if p.Description != "" {
			s["description"] = p.Description
		}
		props[p.Name] = s
		if p.Required {
			required = append(required, p.Name)
		}
	}
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		sort.Strings(required)
		s["required"] = required
	}
	return s, nil
}

// describe is the tool description: the operation's summary and
// description, then how it is paid.
func describe(op *openapi3.Operation, atomic string) string {
	var parts []string
	for _, s := range []string{op.Summary, op.Description} {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	if atomic == "" {
		parts = append(parts, "Free: never paid.")
	} else {
		parts = append(parts, fmt.Sprintf("Paid: %s USDC per call via x402 (exact scheme, USDC on Base). "+
			"Call without payment to receive the PaymentRequired (an isError result), then call again with the "+
			`signed PaymentPayload as a JSON object in params._meta["x402/payment"].`, payments.Price{Atomic: atomic}.USD()))
	}
	return strings.Join(parts, "\n\n")
}

// mcpBazaar is the bazaar discovery extension of a paid tool in its MCP
// form (x402 bazaar: info.input.type "mcp" with the tool and its input
// schema). The example arguments and the output example are the HTTP
// extension's (payments.Bazaar), derived from the same document.
func mcpBazaar(doc *openapi3.T, t Tool, schema map[string]any, desc string) (json.RawMessage, error) {
	httpExt, err := payments.Bazaar(doc, t.Method, t.Path)
	if err != nil {
		return nil, fmt.Errorf("mcpserve: tool %q: %w", t.Name, err)
	}
	var httpInfo struct {
		Input struct {
			QueryParams map[string]any `json:"queryParams"`
			Body        any            `json:"body"`
		} `json:"input"`
		Output json.RawMessage `json:"output"`
	}
	if err := json.Unmarshal(httpExt.Info, &httpInfo); err != nil {
		return nil, fmt.Errorf("mcpserve: tool %q: bazaar info: %w", t.Name, err)
	}
	input := map[string]any{
		"type": "mcp", "tool": t.Name, "inputSchema": schema, "description": desc, "transport": "streamable-http",
	}
	inputProps := map[string]any{
		"type":        map[string]any{"type": "string", "const": "mcp"},
		"tool":        map[string]any{"type": "string", "const": t.Name},
		"inputSchema": map[string]any{"type": "object"},
		"description": map[string]any{"type": "string"},
		"transport":   map[string]any{"type": "string", "enum": []string{"streamable-http"}},
	}
	var example any
	if t.Method == http.MethodGet && len(httpInfo.Input.QueryParams) > 0 {
		example = httpInfo.Input.QueryParams
	} else if t.Method == http.MethodPost && httpInfo.Input.Body != nil {
		example = httpInfo.Input.Body
	}
	if example != nil {
		input["example"] = example
		inputProps["example"] = map[string]any{"type": "object"}
	}
	info := map[string]any{"input": input}
	schemaProps := map[string]any{
		"input": map[string]any{
			"type": "object", "properties": inputProps, "additionalProperties": false,
			"required": []string{"type", "tool", "inputSchema"},
		},
	}
	if len(httpInfo.Output) > 0 && string(httpInfo.Output) != "null" {
		info["output"] = httpInfo.Output
		schemaProps["output"] = map[string]any{"type": "object"}
	}
	b, err := json.Marshal(map[string]any{
		"info": info,
		"schema": map[string]any{
			"$schema":    "https://json-schema.org/draft/2020-12/schema",
			"type":       "object",
			"required":   []string{"input"},
			"properties": schemaProps,
		},
	})
	if err != nil {
		return nil, fmt.Errorf("mcpserve: tool %q: bazaar: %w", t.Name, err)
	}
	return b, nil
}
