package paytest

import (
	"fmt"
	"log/slog"
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/telemetry"
)

// Env is the X402_* environment of a service using the built-in
// facilitator over rpcURL, settling with the key settlementKeyHex (hex
// without 0x) and paying payTo. X402_FACILITATOR_URL is present and empty
// (unset): it overrides a remote facilitator of a default environment such
// as apptest.Defaults.
func Env(rpcURL, payTo, settlementKeyHex string) map[string]string {
	return map[string]string{
		"X402_PAY_TO":          payTo,
		"X402_FACILITATOR_URL": "",
		"X402_RPC_URL":         rpcURL,
		"X402_SETTLEMENT_KEY":  "0x" + settlementKeyHex,
	}
}

// PricesFromDoc reads the price of every paid operation from the
// document's x-price-atomic extension, so a test charges (or expects) what
// the contract announces.
func PricesFromDoc(doc *openapidoc.Doc, paths ...string) ([]payments.Price, error) {
	var out []payments.Price
	for _, p := range paths {
		item := doc.T.Paths.Find(p)
		if item == nil || item.Post == nil {
			return nil, fmt.Errorf("no POST %s in the document", p)
		}
		atomic, ok := item.Post.Extensions["x-price-atomic"].(string)
		if !ok || atomic == "" {
			return nil, fmt.Errorf("POST %s has no x-price-atomic", p)
		}
		out = append(out, payments.Price{Method: http.MethodPost, Path: p, Atomic: atomic, Description: item.Post.Summary})
	}
	return out, nil
}

// Wire is the payment side of a service as production assembles it from an
// environment: it loads the X402_* configuration from env, selects the
// facilitator (closed at cleanup) and returns payments.Middleware for
// prices over store.
func Wire(tb testing.TB, env map[string]string, prices []payments.Price, doc *openapidoc.Doc, store cache.Store, logger *slog.Logger) echo.MiddlewareFunc {
	tb.Helper()
	l := config.NewLoader(config.Map(env))
	cfg := payments.Load(l)
	if err := l.Err(); err != nil {
		tb.Fatal(err)
	}
	m, err := telemetry.NewMetrics()
	if err != nil {
		tb.Fatal(err)
	}
	f, closeF, err := payments.NewFacilitator(cfg, logger, m, store)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(closeF)
	pay, err := payments.Middleware(cfg, prices, doc.T, f, store, logger)
	if err != nil {
		tb.Fatal(err)
	}
	return pay
}
