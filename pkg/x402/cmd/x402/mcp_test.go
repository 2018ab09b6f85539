package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/mcppay"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// mcpServer serves one paid tool ("report", 0.01 USDC, checked and settled
// by a CheckingFacilitator) over Streamable HTTP.
func mcpServer(t *testing.T) (string, *x402test.CheckingFacilitator) {
	t.Helper()
	fac := x402test.NewCheckingFacilitator(nil)
	a := x402.USDCBase()
	req := x402.PaymentRequirements{Scheme: x402.SchemeExact, Network: a.Network, Amount: "10000", Asset: a.Address,
		PayTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", MaxTimeoutSeconds: 60,
		Extra: map[string]any{"name": a.Name, "version": a.Version}}
	challenge := func(reason string) *mcp.CallToolResult {
		pr := x402.PaymentRequired{X402Version: x402.Version, Error: reason, Accepts: []x402.PaymentRequirements{req}}
		b, _ := json.Marshal(pr)
		return &mcp.CallToolResult{IsError: true, StructuredContent: pr, Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "report", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, r *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw, ok := r.Params.Meta[mcppay.MetaPayment]
		if !ok {
			return challenge("payment required"), nil
		}
		b, _ := json.Marshal(raw)
		var p x402.PaymentPayload
		_ = json.Unmarshal(b, &p)
		if vr, err := fac.Verify(ctx, p, req); err != nil || !vr.IsValid {
			return challenge(vr.InvalidReason), nil
		}
		sr, err := fac.Settle(ctx, p, req)
		if err != nil {
			return nil, err
		}
		var args map[string]any
		_ = json.Unmarshal(r.Params.Arguments, &args)
		return &mcp.CallToolResult{StructuredContent: map[string]any{"for": args["company"]},
			Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}, Meta: mcp.Meta{mcppay.MetaPaymentResponse: sr}}, nil
	})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	return srv.URL, fac
}

func TestMCPCallCommand(t *testing.T) {
	url, fac := mcpServer(t)
	env := envMap(map[string]string{"X402_PRIVATE_KEY": payerKeyHex})
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"mcp", "call", url, "report", `{"company":"acme.com"}`}, env, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, stderr.String())
	}
	if got := strings.TrimSpace(stdout.String()); got != `{"for":"acme.com"}` {
		t.Errorf("stdout %q", got)
	}
	if !strings.Contains(stderr.String(), "x402: paid: tx=") {
		t.Errorf("stderr %q", stderr.String())
	}
	if v, s := fac.Counts(); v != 1 || s != 1 {
		t.Errorf("verified %d settled %d", v, s)
	}

	stdout.Reset()
	stderr.Reset()
	code = run(context.Background(), []string{"mcp", "call", "--max", "0.001", url, "report"}, env, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "maximum") {
		t.Errorf("over the cap: exit %d, stderr %q", code, stderr.String())
	}
	if _, s := fac.Counts(); s != 1 {
		t.Errorf("settled %d after a refused call", s)
	}
}

func TestMCPCallUsage(t *testing.T) {
	env := envMap(map[string]string{"X402_PRIVATE_KEY": payerKeyHex})
	for _, args := range [][]string{
		{"mcp"},
		{"mcp", "list"},
		{"mcp", "call", "http://127.0.0.1:1/mcp"},
		{"mcp", "call", "not a url", "tool"},
		{"mcp", "call", "http://127.0.0.1:1/mcp", "tool", "[1,2]"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, env, &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, stderr.String())
		}
	}
}
