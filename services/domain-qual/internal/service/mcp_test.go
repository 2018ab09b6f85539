package service_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/mcpserve"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// TestMCPTools: the MCP endpoint lists one tool per paid operation (input
// schemas from the OpenAPI document) and the free documents; every paid
// tool, paid over MCP, answers the HTTP response body of the same request,
// charged once, at the operation's price.
func TestMCPTools(t *testing.T) {
	h := newHarness(t, zoneConfig(), fixtureSite(t))
	cs := mcptest.Connect(t, h.base, nil)

	schemas, names := mcptest.Tools(t, cs)
	if s := schemas["dns_audit"]; !strings.Contains(s, `"selector"`) || !strings.Contains(s, `"required":["domain"]`) {
		t.Errorf("dns_audit schema lacks the document's parameters: %s", s)
	}
	if s := schemas["batch_classify"]; !strings.Contains(s, `"domains"`) || !strings.Contains(s, `"maxItems":100`) {
		t.Errorf("batch_classify schema is not the request body's: %s", s)
	}
	if names != "batch_classify,capabilities,classify,dns_audit,full_profile,pricing" {
		t.Fatalf("tools = %s", names)
	}
	if paid := len(strings.Split(names, ",")) - 2; paid != len(service.Operations()) { // less pricing and capabilities
		t.Fatalf("%d paid MCP tools for %d paid operations", paid, len(service.Operations()))
	}

	calls := []struct {
		tool, path, query, price string
		args                     map[string]any
	}{
		{tool: "classify", path: pathClassify, query: "domain=tailwind-traders.com", price: httpapi.ClassifyOp.Atomic,
			args: map[string]any{"domain": "tailwind-traders.com"}},
		{tool: "dns_audit", path: pathAudit, query: "domain=tailwind-traders.com&selector=s1", price: httpapi.AuditOp.Atomic,
			args: map[string]any{"domain": "tailwind-traders.com", "selector": "s1"}},
		{tool: "full_profile", path: pathProfile, query: "domain=fourth-coffee.com&selector=google", price: httpapi.ProfileOp.Atomic,
			args: map[string]any{"domain": "fourth-coffee.com", "selector": "google"}},
		{tool: "batch_classify", path: pathBatch, price: httpapi.BatchOp.Atomic,
			args: map[string]any{"domains": []any{"tailwind-traders.com", "jane@wingtip-toys.net", "intranet"}}},
	}
	for i, c := range calls {
		t.Run(c.tool, func(t *testing.T) {
			pr, res := mcptest.Pay(t, cs, c.tool, c.args)
			if pr.Accepts[0].Amount != c.price {
				t.Fatalf("amount %s, want %s", pr.Accepts[0].Amount, c.price)
			}
			if res.IsError {
				t.Fatalf("paid call failed: %s", mcptest.Text(t, res))
			}
			if sr, ok := mcptest.Settlement(t, res); !ok || !sr.Success || sr.Transaction == "" {
				t.Fatalf("payment-response %+v (present %v)", sr, ok)
			}
			if res.Meta[mcpserve.MetaCache] != "MISS" || res.Meta[mcpserve.MetaRequestID] == "" {
				t.Fatalf("meta = %v", res.Meta)
			}
			if _, settled := h.fac.Counts(); settled != 2*i+1 {
				t.Fatalf("settled %d, want %d", settled, 2*i+1)
			}
			// The same request over HTTP, paid, answered from the cache the
			// MCP call filled: the same body.
			var status int
			var body []byte
			if c.path == pathBatch {
				hres, out := h.post(t, h.paid, c.path, "application/json", mustJSON(t, c.args))
				status, body = hres.StatusCode, out
			} else {
				hres, out := h.get(t, h.paid, c.path, c.query)
				status, body = hres.StatusCode, out
			}
			if status != http.StatusOK || !mcptest.JSONEqual(t, mcptest.Structured(t, res), body) {
				t.Fatalf("MCP output %s\nHTTP %d %s", mcptest.Structured(t, res), status, body)
			}
		})
	}

	t.Run("invalid arguments are refused before payment", func(t *testing.T) {
		verified, settled := h.fac.Counts()
		pr := mcptest.PaymentRequired(t, mcptest.Call(t, cs, "classify", map[string]any{"domain": "tailwind-traders.com"}, nil), "classify")
		res := mcptest.Call(t, cs, "classify", map[string]any{"domain": "192.0.2.1"}, mcptest.Sign(t, pr))
		var env envelope
		if err := json.Unmarshal(mcptest.Structured(t, res), &env); err != nil || !res.IsError || env.Error.Code != "invalid_domain" {
			t.Fatalf("isError %v %s", res.IsError, mcptest.Structured(t, res))
		}
		if v, s := h.fac.Counts(); v != verified || s != settled {
			t.Fatal("an invalid call reached the facilitator")
		}
	})

	t.Run("free documents", func(t *testing.T) {
		for tool, path := range map[string]string{"pricing": "/pricing.json", "capabilities": "/capabilities.json"} {
			res := mcptest.Call(t, cs, tool, nil, nil)
			_, body := h.get(t, http.DefaultClient, path, "")
			if res.IsError || !mcptest.JSONEqual(t, mcptest.Structured(t, res), body) {
				t.Fatalf("%s: %s, HTTP %s", tool, mcptest.Text(t, res), body)
			}
		}
	})

	t.Run("capabilities name the endpoint and the tools", func(t *testing.T) {
		_, body := h.get(t, http.DefaultClient, "/capabilities.json", "")
		var caps struct {
			MCP          struct{ Endpoint, Transport string }
			Capabilities []struct {
				Path    string
				MCPTool string `json:"mcp_tool"`
			}
		}
		if err := json.Unmarshal(body, &caps); err != nil {
			t.Fatal(err)
		}
		if caps.MCP.Endpoint != mcpserve.Path || caps.MCP.Transport != "streamable-http" {
			t.Fatalf("mcp = %+v", caps.MCP)
		}
		for _, c := range caps.Capabilities {
			if _, ok := schemas[c.MCPTool]; !ok {
				t.Fatalf("%s: mcp_tool %q is not a listed tool", c.Path, c.MCPTool)
			}
		}
	})
}
