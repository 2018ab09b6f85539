package echox402_test

import (
	"context"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/rpc"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/evmchain"
	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// TestPendingSettlementOnCongestedAnvil proves delivery by authorization on
// a real chain: with automine off the built-in facilitator broadcasts the
// transfer and cannot see it mined, the middleware settles once more and
// holds the response (402 payment_settlement_pending); the official retry
// rule — the same request with the same payment — gets that 402 while the
// block is not mined, then the response with the transaction once it is.
// The payer is charged exactly once and the handler runs once.
func TestPendingSettlementOnCongestedAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	a := x402test.StartAnvil(t)
	ctx := t.Context()
	a.InstallUSDC(ctx)
	payer, payee := a.Address(1), a.Address(2)
	a.Mint(ctx, payer, big.NewInt(1_000_000))

	chain, err := evmchain.Dial(ctx, a.RPCURL, a.Keys[0])
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Close()
	local, err := facilitator.NewLocal(facilitator.LocalConfig{Chain: chain, Network: x402.NetworkBase,
		SettleTimeout: time.Second, ReconcileWait: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var handled atomic.Int32
	e := echo.New()
	e.HTTPErrorHandler = echox402.ErrorHandler(e.DefaultHTTPErrorHandler)
	e.Use(echox402.WithConfig(echox402.Config{
		Routes:      map[string]echox402.Route{"POST /v1/signals": {Amount: "50000"}},
		PayTo:       payee.Hex(),
		Facilitator: local,
		Replay:      echox402.NewMemoryReplayStore(nil),
	}))
	e.POST("/v1/signals", func(c echo.Context) error {
		handled.Add(1)
		return c.JSON(http.StatusOK, map[string]string{"signal": "funding"})
	})
	api := httptest.NewServer(e)
	defer api.Close()

	rc, err := rpc.DialContext(ctx, a.RPCURL)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if err := rc.CallContext(ctx, nil, "evm_setAutomine", false); err != nil {
		t.Fatal(err)
	}

	// The client signs once and resends the same payment while pending;
	// mine the block after the first few pending answers.
	tr, err := client.NewTransport(a.Keys[1], big.NewInt(50000), client.WithBase(&mineAfter{rt: http.DefaultTransport, rpc: rc, after: 2}))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := (&http.Client{Transport: tr}).Post(api.URL+"/v1/signals", "application/json", strings.NewReader(`{"company":"acme.com"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"signal":"funding"`) {
		t.Fatalf("final answer %d %s", resp.StatusCode, body)
	}
	sr, err := client.Settlement(resp)
	if err != nil || !sr.Success || !strings.HasPrefix(sr.Transaction, "0x") {
		t.Fatalf("PAYMENT-RESPONSE %+v %v", sr, err)
	}
	if got := a.Balance(ctx, payee); got.Int64() != 50000 {
		t.Fatalf("payee balance %s, want 50000 (charged once)", got)
	}
	if got := a.Balance(ctx, payer); got.Int64() != 1_000_000-50000 {
		t.Fatalf("payer balance %s", got)
	}
	if handled.Load() != 1 {
		t.Fatalf("handler ran %d times", handled.Load())
	}
}

// mineAfter is a RoundTripper that mines one block once it has passed
// `after` answers saying the settlement is pending.
type mineAfter struct {
	rt      http.RoundTripper
	rpc     *rpc.Client
	after   int
	pending int
}

func (m *mineAfter) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := m.rt.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	if sr, serr := client.Settlement(resp); serr == nil && sr.Pending() {
		if m.pending++; m.pending == m.after {
			if err := m.rpc.CallContext(context.Background(), nil, "evm_mine"); err != nil {
				return nil, err
			}
		}
	}
	return resp, nil
}
