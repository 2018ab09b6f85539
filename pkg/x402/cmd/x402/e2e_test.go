package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// TestPayThroughLocalFacilitatorOnAnvil runs the whole flow on a local
// chain: `x402 facilitator` settles for an echox402-protected API and
// `x402 pay` pays it. Skipped when anvil is not installed.
func TestPayThroughLocalFacilitatorOnAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	a := x402test.StartAnvil(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	a.InstallUSDC(ctx)
	payer, payee := a.Address(1), a.Address(2)
	a.Mint(ctx, payer, big.NewInt(10_000_000))

	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- runFacilitator(ctx, []string{"--listen", "127.0.0.1:0"}, envMap(map[string]string{
			"X402_RPC_URL": a.RPCURL, "X402_SETTLEMENT_KEY": hex.EncodeToString(crypto.FromECDSA(a.Keys[0])),
		}), slog.New(slog.DiscardHandler), ready)
	}()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("facilitator: %v", err)
	}
	fc, err := facilitator.NewClient("http://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	e.HTTPErrorHandler = echox402.ErrorHandler(e.DefaultHTTPErrorHandler)
	e.Use(echox402.WithConfig(echox402.Config{
		Routes:      map[string]echox402.Route{"GET /v1/signals": {Amount: "50000", Description: "signals"}},
		PayTo:       payee.Hex(),
		Facilitator: fc,
		Replay:      echox402.NewMemoryReplayStore(nil),
	}))
	e.GET("/v1/signals", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]string{"signal": "funding"}) })
	api := httptest.NewServer(e)
	defer api.Close()

	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"pay", "--max", "0.05", "GET", api.URL + "/v1/signals"},
		envMap(map[string]string{"X402_PRIVATE_KEY": hex.EncodeToString(crypto.FromECDSA(a.Keys[1]))}), &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), `"signal":"funding"`) || !strings.Contains(stderr.String(), "x402: paid: tx=0x") {
		t.Fatalf("code %d stdout %q stderr %q", code, stdout.String(), stderr.String())
	}
	if got := a.Balance(ctx, payee); got.Int64() != 50000 {
		t.Fatalf("payee balance = %s, want 50000", got)
	}
	if got := a.Balance(ctx, payer); got.Int64() != 10_000_000-50000 {
		t.Fatalf("payer balance = %s", got)
	}

	cancel()
	if err := <-done; err != nil {
		t.Fatalf("facilitator shutdown: %v", err)
	}
}
