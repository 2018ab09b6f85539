package service_test

import (
	"context"
	"encoding/json"
	"maps"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/mcppay"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// TestMCPPaysOnChain pays every domain-qual tool over MCP on a local chain
// with the built-in facilitator: the Go client (pkg/x402/mcppay) for all
// four, and the official TypeScript MCP SDK with @x402/evm signing
// (scripts/mcp-pay.mjs) for one. Each paid call moves exactly its price; a
// call that fails (invalid input, refused before payment; and a 502 when
// DNS establishes nothing) moves nothing.
func TestMCPPaysOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	ch := paytest.StartChain(t, big.NewInt(10_000_000))
	cfg := zoneConfig()
	for _, n := range []string{"all-fail.com", "www.all-fail.com"} {
		cfg.Faults = append(cfg.Faults, dnstest.Fault{Name: n, Kind: dnstest.FaultServFail})
	}
	srv := dnstest.Start(t, cfg)
	env := map[string]string{"DNS_RESOLVERS": srv.Addr(), "DNS_ATTEMPTS": "1", "DNS_QUERY_TIMEOUT": "500ms"}
	maps.Copy(env, fixtureSite(t))
	maps.Copy(env, paytest.Env(ch.Anvil.RPCURL, ch.Payee.Hex(), x402test.DevKey0Hex))
	base := apptest.Boot(t, service.Run, env)
	cs := mcptest.Connect(t, base, nil)
	payer, err := client.NewTransport(ch.PayerKey, big.NewInt(10_000))
	if err != nil {
		t.Fatal(err)
	}
	call := func(t *testing.T, tool string, args map[string]any) (mcppay.Call, *big.Int) {
		t.Helper()
		before := ch.Balances(t, ch.Payer)
		c, err := mcppay.CallTool(context.Background(), cs, payer, tool, args)
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		paid, received := before.Moved(ch.Balances(t, ch.Payer))
		if paid.Cmp(received) != 0 {
			t.Errorf("%s: payer paid %s, payee received %s", tool, paid, received)
		}
		return c, paid
	}
	price := func(s string) *big.Int { n, _ := new(big.Int).SetString(s, 10); return n }

	for _, tc := range []struct {
		tool  string
		args  map[string]any
		price string
	}{
		{"classify", map[string]any{"domain": "tailwind-traders.com"}, httpapi.ClassifyOp.Atomic},
		{"dns_audit", map[string]any{"domain": "tailwind-traders.com", "selector": "s1"}, httpapi.AuditOp.Atomic},
		{"full_profile", map[string]any{"domain": "fourth-coffee.com"}, httpapi.ProfileOp.Atomic},
		{"batch_classify", map[string]any{"domains": []any{"tailwind-traders.com", "fourth-coffee.com"}}, httpapi.BatchOp.Atomic},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			c, paid := call(t, tc.tool, tc.args)
			if c.Result.IsError || c.Settlement == nil || !c.Settlement.Success {
				t.Fatalf("result %+v, settlement %+v", c.Result, c.Settlement)
			}
			if paid.Cmp(price(tc.price)) != 0 {
				t.Errorf("paid %s, want exactly the price %s", paid, tc.price)
			}
			if from, nonce := mcpAuthorization(t, c.Paid); from != ch.Payer || !ch.Used(t, from, nonce) {
				t.Errorf("authorization from %s not used on chain", from.Hex())
			}
		})
	}

	t.Run("failing tool calls move nothing", func(t *testing.T) {
		// Invalid input: refused before any payment is asked for.
		c, paid := call(t, "classify", map[string]any{"domain": "127.0.0.1"})
		if !c.Result.IsError || c.Paid != nil || paid.Sign() != 0 {
			t.Errorf("invalid input: paid=%v moved %s, result %+v", c.Paid != nil, paid, c.Result)
		}
		// DNS establishes nothing (every lookup fails): 502, paid for, not settled.
		c, paid = call(t, "classify", map[string]any{"domain": "all-fail.com"})
		if !c.Result.IsError || c.Paid == nil || c.Settlement != nil || paid.Sign() != 0 || c.Result.Meta["intel402/http-status"] != float64(502) {
			t.Errorf("502: settlement %+v moved %s, result %+v", c.Settlement, paid, c.Result)
		}
		if from, nonce := mcpAuthorization(t, c.Paid); ch.Used(t, from, nonce) {
			t.Error("the authorization of a failed call was used on chain")
		}
	})

	t.Run("official TypeScript MCP SDK with @x402/evm", func(t *testing.T) {
		before := ch.Balances(t, ch.Payer)
		out := mcptest.PayWithTypeScript(t, base+"/mcp", "dns_audit", `{"domain":"fourth-coffee.com"}`, x402test.DevKey1Hex)
		paid, received := before.Moved(ch.Balances(t, ch.Payer))
		if out.IsError || out.PaymentResponse == nil || !out.PaymentResponse.Success {
			t.Fatalf("TypeScript client result: %+v", out)
		}
		if want := price(httpapi.AuditOp.Atomic); paid.Cmp(want) != 0 || received.Cmp(want) != 0 {
			t.Errorf("payer paid %s, payee received %s, want exactly %s", paid, received, want)
		}
		var body struct{ Domain string }
		if err := json.Unmarshal(out.StructuredContent, &body); err != nil || body.Domain != "fourth-coffee.com" {
			t.Errorf("structured content %s (%v)", out.StructuredContent, err)
		}
	})
}

func mcpAuthorization(t *testing.T, p *x402.PaymentPayload) (common.Address, [32]byte) {
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
