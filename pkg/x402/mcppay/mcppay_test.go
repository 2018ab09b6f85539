package mcppay_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/mcppay"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

const payTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

// paidServer is a minimal x402 MCP server for the client's tests: "paid"
// costs amount and is checked and settled by a CheckingFacilitator (real
// EIP-712 checks); "free" asks for nothing; "broken" fails without asking.
type paidServer struct {
	fac    *x402test.CheckingFacilitator
	amount string
	calls  atomic.Int32
}

func (p *paidServer) requirements() x402.PaymentRequirements {
	a := x402.USDCBase()
	return x402.PaymentRequirements{Scheme: x402.SchemeExact, Network: a.Network, Amount: p.amount, Asset: a.Address,
		PayTo: payTo, MaxTimeoutSeconds: 60, Extra: map[string]any{"name": a.Name, "version": a.Version}}
}

func (p *paidServer) challenge(reason string) *mcp.CallToolResult {
	pr := x402.PaymentRequired{X402Version: x402.Version, Error: reason,
		Resource: x402.ResourceInfo{URL: "mcp://tool/paid"}, Accepts: []x402.PaymentRequirements{p.requirements()}}
	b, _ := json.Marshal(pr)
	return &mcp.CallToolResult{IsError: true, StructuredContent: pr, Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}
}

func (p *paidServer) paid(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p.calls.Add(1)
	raw, ok := req.Params.Meta[mcppay.MetaPayment]
	if !ok {
		return p.challenge("payment required"), nil
	}
	b, _ := json.Marshal(raw)
	var payload x402.PaymentPayload
	if err := json.Unmarshal(b, &payload); err != nil {
		return p.challenge("undecodable payment"), nil
	}
	vr, err := p.fac.Verify(ctx, payload, p.requirements())
	if err != nil || !vr.IsValid {
		return p.challenge(vr.InvalidReason), nil
	}
	sr, err := p.fac.Settle(ctx, payload, p.requirements())
	if err != nil || !sr.Success {
		return p.challenge("settlement failed"), nil
	}
	return &mcp.CallToolResult{StructuredContent: map[string]any{"answer": 42},
		Content: []mcp.Content{&mcp.TextContent{Text: `{"answer":42}`}},
		Meta:    mcp.Meta{mcppay.MetaPaymentResponse: sr}}, nil
}

func session(t *testing.T, p *paidServer, textOnly bool) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	schema := map[string]any{"type": "object"}
	s.AddTool(&mcp.Tool{Name: "paid", InputSchema: schema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := p.paid(ctx, req)
		if textOnly && res != nil && res.IsError {
			res.StructuredContent = nil // the client must fall back to content[0].text
		}
		return res, err
	})
	s.AddTool(&mcp.Tool{Name: "free", InputSchema: schema}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "free"}}}, nil
	})
	s.AddTool(&mcp.Tool{Name: "broken", InputSchema: schema}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: `{"error":{"code":"invalid_request"}}`}}}, nil
	})
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func payer(t *testing.T, max int64) *client.Transport {
	t.Helper()
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(max))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestCallToolPays(t *testing.T) {
	for _, textOnly := range []bool{false, true} {
		p := &paidServer{fac: x402test.NewCheckingFacilitator(nil), amount: "1000"}
		cs := session(t, p, textOnly)
		call, err := mcppay.CallTool(context.Background(), cs, payer(t, 5000), "paid", map[string]any{"q": 1})
		if err != nil {
			t.Fatalf("textOnly=%v: %v", textOnly, err)
		}
		if call.Result.IsError || call.Paid == nil || call.Settlement == nil || !call.Settlement.Success || call.Challenge != nil {
			t.Fatalf("textOnly=%v: call = %+v", textOnly, call)
		}
		if got := call.Paid.Accepted.Amount; got != "1000" {
			t.Errorf("paid amount %s", got)
		}
		if v, s := p.fac.Counts(); v != 1 || s != 1 || p.calls.Load() != 2 {
			t.Errorf("verified %d settled %d calls %d, want 1 1 2", v, s, p.calls.Load())
		}
	}
}

func TestCallToolWithinTheCap(t *testing.T) {
	p := &paidServer{fac: x402test.NewCheckingFacilitator(nil), amount: "20000"}
	cs := session(t, p, false)
	call, err := mcppay.CallTool(context.Background(), cs, payer(t, 10000), "paid", nil)
	var tooHigh *client.AmountTooHighError
	if !errors.As(err, &tooHigh) || call.Paid != nil || call.Challenge == nil {
		t.Fatalf("err = %v, call = %+v; want AmountTooHighError and no payment", err, call)
	}
	if p.calls.Load() != 1 {
		t.Errorf("%d calls, want 1 (no paid retry)", p.calls.Load())
	}
}

func TestCallToolUnpaid(t *testing.T) {
	p := &paidServer{fac: x402test.NewCheckingFacilitator(nil), amount: "1000"}
	cs := session(t, p, false)
	for _, tool := range []string{"free", "broken"} {
		call, err := mcppay.CallTool(context.Background(), cs, payer(t, 5000), tool, nil)
		if err != nil || call.Paid != nil || call.Settlement != nil || call.Challenge != nil {
			t.Errorf("%s: err %v call %+v", tool, err, call)
		}
		if (tool == "broken") != call.Result.IsError {
			t.Errorf("%s: IsError %v", tool, call.Result.IsError)
		}
	}
	if v, s := p.fac.Counts(); v != 0 || s != 0 {
		t.Errorf("verified %d settled %d", v, s)
	}
}

func TestPaymentRequiredNeedsAccepts(t *testing.T) {
	for _, res := range []*mcp.CallToolResult{
		nil,
		{IsError: false, StructuredContent: map[string]any{"x402Version": 2, "accepts": []any{map[string]any{"scheme": "exact"}}}},
		{IsError: true, StructuredContent: map[string]any{"x402Version": 2}},
		{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "not json"}}},
	} {
		if _, ok := mcppay.PaymentRequired(res); ok {
			t.Errorf("PaymentRequired(%+v) = true", res)
		}
	}
}
