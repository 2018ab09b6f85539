package service_test

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/mcppay"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// TestMCPPaysOnChain pays every company-intel tool over MCP on a local chain
// with the built-in facilitator: the Go client (pkg/x402/mcppay) for all
// three, and the official TypeScript MCP SDK with @x402/evm signing
// (scripts/mcp-pay.mjs) for one. Each paid call moves exactly its price;
// a call that fails (422) moves nothing.
func TestMCPPaysOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil, the fixture world and node")
	}
	t.Parallel()
	s := startPaidService(t, big.NewInt(10_000_000), nil)
	cs := mcptest.Connect(t, s.base, nil)
	payer, err := client.NewTransport(s.PayerKey, big.NewInt(1_000_000))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	call := func(t *testing.T, tool, body string) (mcppay.Call, *big.Int) {
		t.Helper()
		var args map[string]any
		if err := json.Unmarshal([]byte(body), &args); err != nil {
			t.Fatal(err)
		}
		before := s.Balances(t, s.Payer)
		c, err := mcppay.CallTool(ctx, cs, payer, tool, args)
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		paid, received := before.Moved(s.Balances(t, s.Payer))
		if paid.Cmp(received) != 0 {
			t.Errorf("%s: payer paid %s, payee received %s", tool, paid, received)
		}
		return c, paid
	}

	for _, tc := range []struct{ tool, path, body string }{
		{"company_signals", pathSignals, paidBody},
		{"deal_brief", pathBrief, briefBody(paidCompany, sellers[1], 30)},
		{"deal_brief_deep", pathDeep, briefBody(paidCompany, sellers[1], 30)},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			c, paid := call(t, tc.tool, tc.body)
			if c.Result.IsError || c.Settlement == nil || !c.Settlement.Success || !txHash.MatchString(c.Settlement.Transaction) {
				t.Fatalf("result %+v, settlement %+v", c.Result, c.Settlement)
			}
			if price := priceOf(t, tc.path); paid.Cmp(price) != 0 {
				t.Errorf("paid %s, want exactly the price %s", paid, price)
			}
			from, nonce := authorization(t, c.Paid)
			if from != s.Payer || !s.Used(t, from, nonce) {
				t.Errorf("authorization from %s used=%v", from.Hex(), s.Used(t, from, nonce))
			}
		})
	}

	t.Run("a failing tool call moves nothing", func(t *testing.T) {
		c, paid := call(t, "company_signals", signalsBody(quietCompany(t, s.world), 90))
		if !c.Result.IsError || c.Settlement != nil || paid.Sign() != 0 {
			t.Fatalf("result %+v, settlement %+v, paid %s", c.Result, c.Settlement, paid)
		}
		if from, nonce := authorization(t, c.Paid); s.Used(t, from, nonce) {
			t.Error("the authorization of a failed call was used on chain")
		}
	})

	t.Run("official TypeScript MCP SDK with @x402/evm", func(t *testing.T) {
		before := s.Balances(t, s.Payer)
		out := mcptest.PayWithTypeScript(t, s.base+"/mcp", "company_signals", signalsBody(paidCompany, 60), x402test.DevKey1Hex)
		paid, received := before.Moved(s.Balances(t, s.Payer))
		if out.IsError || out.PaymentResponse == nil || !out.PaymentResponse.Success {
			t.Fatalf("TypeScript client result: %+v", out)
		}
		if price := priceOf(t, pathSignals); paid.Cmp(price) != 0 || received.Cmp(price) != 0 {
			t.Errorf("payer paid %s, payee received %s, want exactly %s", paid, received, price)
		}
		if out.Challenge.Resource.URL != "mcp://tool/company_signals" {
			t.Errorf("challenge resource %q", out.Challenge.Resource.URL)
		}
		var body struct {
			Company struct{ Domain string }
		}
		if err := json.Unmarshal(out.StructuredContent, &body); err != nil || body.Company.Domain != paidCompany {
			t.Errorf("structured content %s (%v)", out.StructuredContent, err)
		}
	})
}

// authorization is the payer and nonce of a payment sent over MCP.
func authorization(t *testing.T, p *x402.PaymentPayload) (common.Address, [32]byte) {
	t.Helper()
	if p == nil {
		t.Fatal("no payment was sent")
	}
	h, err := x402.EncodeHeader(*p)
	if err != nil {
		t.Fatal(err)
	}
	return paytest.AuthorizationOf(t, h)
}
