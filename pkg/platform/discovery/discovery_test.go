package discovery_test

import (
	"strings"
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
)

// The company-intel document has a POST operation with a body schema
// reference: enough to exercise both reference kinds without depending on
// the domain-qual document's state.
func TestBuild(t *testing.T) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	caps := []discovery.Capability{
		{ID: "signals", Price: payments.Price{Method: "POST", Path: "/v1/company/signals", Atomic: "50000", Description: "signals"}},
		{ID: "deep", Price: payments.Price{Method: "POST", Path: "/v1/company/deal-brief/deep", Atomic: "750000", Description: "deep"}},
	}
	c, p, err := discovery.Build("svc", "1.2.3", "0xabc", caps, doc.T)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Capabilities) != 2 || c.Capabilities[0].ID != "signals" || c.Capabilities[0].PriceUSD != "0.05" ||
		c.Capabilities[1].PriceUSD != "0.75" || c.Capabilities[1].PriceAtomic != "750000" {
		t.Fatalf("capabilities = %+v", c.Capabilities)
	}
	if c.Capabilities[0].Input.Ref != "/openapi.json#/components/schemas/SignalsRequest" ||
		c.Capabilities[0].Output.Ref != "/openapi.json#/components/schemas/SignalsResponse" {
		t.Fatalf("refs = %+v %+v", c.Capabilities[0].Input, c.Capabilities[0].Output)
	}
	if p.Network != "eip155:8453" || p.Asset.Address != "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" || p.Asset.Decimals != 6 ||
		p.Asset.Name != "USD Coin" || p.PayTo != "0xabc" || !p.Launch || !strings.Contains(p.Note, "Launch pricing") {
		t.Fatalf("pricing = %+v", p)
	}
	if len(p.Operations) != 2 || p.Operations[1].PriceUSD != "0.75" || p.Operations[0].Unit != "call" {
		t.Fatalf("operations = %+v", p.Operations)
	}
	if _, _, err := discovery.Build("svc", "1", "0xabc", []discovery.Capability{{ID: "x", Price: payments.Price{Method: "GET", Path: "/nope"}}}, doc.T); err == nil {
		t.Fatal("an operation missing from the document was accepted")
	}

	m, err := c.WithMCP("/mcp", map[string]string{"signals": "company_signals", "deep": "deal_brief_deep"})
	if err != nil {
		t.Fatal(err)
	}
	if m.MCP == nil || m.MCP.Endpoint != "/mcp" || m.MCP.Transport != "streamable-http" ||
		m.Capabilities[0].MCPTool != "company_signals" || m.Capabilities[1].MCPTool != "deal_brief_deep" {
		t.Fatalf("with MCP = %+v", m)
	}
	if c.MCP != nil || c.Capabilities[0].MCPTool != "" {
		t.Fatal("WithMCP changed its receiver")
	}
	if _, err := c.WithMCP("/mcp", map[string]string{"signals": "company_signals"}); err == nil {
		t.Fatal("a capability without a tool was accepted")
	}
}

func TestPriceUSD(t *testing.T) {
	for atomic, want := range map[string]string{"100": "0.0001", "1000": "0.001", "5000": "0.005", "10000": "0.01", "250000": "0.25"} {
		if got := (payments.Price{Atomic: atomic}).USD(); got != want {
			t.Errorf("%s: %s, want %s", atomic, got, want)
		}
	}
}
