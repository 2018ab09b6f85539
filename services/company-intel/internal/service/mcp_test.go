package service_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/platform/mcpserve"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestMCPTools: the MCP endpoint lists one tool per paid operation (input
// schemas from the OpenAPI document) and the free documents; every paid
// tool, paid over MCP, answers the HTTP response body of the same request
// (but for the request id and the times), charged once, at the operation's
// price. One company, so the research runs once (the briefs reuse the
// signals' evidence).
func TestMCPTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	cs := mcptest.Connect(t, h.base, nil)

	schemas, names := mcptest.Tools(t, cs)
	if s := schemas["deal_brief_deep"]; !strings.Contains(s, `"seller"`) || !strings.Contains(s, `"maxLength":256`) {
		t.Errorf("deal_brief_deep schema is not the request body's: %s", s)
	}
	if names != "capabilities,company_signals,deal_brief,deal_brief_deep,pricing" {
		t.Fatalf("tools = %s", names)
	}

	const domain = "acme-analytics.com"
	calls := []struct {
		tool, path, body, price string
	}{
		{"company_signals", pathSignals, `{"company":"` + domain + `","lookbackDays":60}`, httpapi.SignalsOp.Atomic},
		{"deal_brief", pathBrief, briefBody(domain, sellers[1], 60), httpapi.BriefOp.Atomic},
		{"deal_brief_deep", pathDeep, briefBody(domain, sellers[1], 60), httpapi.DeepOp.Atomic},
	}
	payer := briefPayer(t)
	for i, c := range calls {
		var args map[string]any
		if err := json.Unmarshal([]byte(c.body), &args); err != nil {
			t.Fatal(err)
		}
		pr, res := mcptest.Pay(t, cs, c.tool, args)
		if pr.Accepts[0].Amount != c.price {
			t.Fatalf("%s: amount %s, want %s", c.tool, pr.Accepts[0].Amount, c.price)
		}
		if res.IsError {
			t.Fatalf("%s: paid call failed: %s", c.tool, mcptest.Text(t, res))
		}
		if sr, ok := mcptest.Settlement(t, res); !ok || !sr.Success || sr.Transaction == "" {
			t.Fatalf("%s: payment-response %+v (present %v)", c.tool, sr, ok)
		}
		if _, settled := h.fac.Counts(); settled != 2*i+1 {
			t.Fatalf("%s: settled %d, want %d", c.tool, settled, 2*i+1)
		}
		out := mcptest.Structured(t, res)
		var doc struct {
			RequestID string `json:"requestId"`
		}
		if err := json.Unmarshal(out, &doc); err != nil || doc.RequestID == "" || res.Meta[mcpserve.MetaRequestID] != doc.RequestID ||
			res.Meta[mcpserve.MetaCache] != "MISS" {
			t.Fatalf("%s: requestId %q, meta %v", c.tool, doc.RequestID, res.Meta)
		}
		// The same request over HTTP, paid: a HIT of what the MCP call
		// cached, the same document.
		hres, body := h.post(t, payer, c.path, c.body)
		if hres.StatusCode != http.StatusOK || hres.Header.Get("x-company-intel-cache") != "HIT" ||
			!mcptest.JSONEqual(t, stripVolatile(out), stripVolatile(body)) {
			t.Fatalf("%s: MCP output %s\nHTTP %d %s", c.tool, out, hres.StatusCode, body)
		}
	}

	var caps discovery.Capabilities
	for tool, path := range map[string]string{"pricing": "/pricing.json", "capabilities": "/capabilities.json"} {
		res := mcptest.Call(t, cs, tool, nil, nil)
		hres, err := http.Get(h.base + path)
		if err != nil {
			t.Fatal(err)
		}
		var body json.RawMessage
		err = json.NewDecoder(hres.Body).Decode(&body)
		hres.Body.Close()
		if err != nil || res.IsError || !mcptest.JSONEqual(t, mcptest.Structured(t, res), body) {
			t.Fatalf("%s: %s, HTTP %s (%v)", tool, mcptest.Text(t, res), body, err)
		}
		if tool == "capabilities" {
			if err := json.Unmarshal(body, &caps); err != nil {
				t.Fatal(err)
			}
		}
	}
	if caps.MCP == nil || caps.MCP.Endpoint != mcpserve.Path || caps.MCP.Transport != "streamable-http" {
		t.Fatalf("capabilities mcp = %+v", caps.MCP)
	}
	for _, c := range caps.Capabilities {
		if _, ok := schemas[c.MCPTool]; !ok {
			t.Fatalf("%s: mcp_tool %q is not a listed tool", c.ID, c.MCPTool)
		}
	}
}
