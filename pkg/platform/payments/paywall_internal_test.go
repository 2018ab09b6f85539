package payments

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/server"
	"github.com/intel402/intel402/pkg/x402/paywall"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// TestPaywallSetting: X402_PAYWALL (default true) decides whether a
// browser opening a paid GET route gets the paywall page or the JSON
// challenge; a binary without the page answers JSON and says so once.
func TestPaywallSetting(t *testing.T) {
	doc, err := openapidoc.Load(openapi.DomainQual)
	if err != nil {
		t.Fatal(err)
	}
	fac := x402test.NewCheckingFacilitator(nil)
	price := Price{Method: http.MethodGet, Path: "/api/v1/domain/dns-audit", Atomic: "1000", Description: "audit"}
	serve := func(t *testing.T, env map[string]string, logger *slog.Logger) *httptest.ResponseRecorder {
		t.Helper()
		l := config.NewLoader(config.Map(env))
		cfg := Load(l)
		if err := l.Err(); err != nil {
			t.Fatal(err)
		}
		pay, err := Middleware(cfg, []Price{price}, doc.T, fac, cache.NewMemory(10), logger)
		if err != nil {
			t.Fatal(err)
		}
		e := server.New(logger)
		e.GET(price.Path, func(c echo.Context) error { return c.NoContent(http.StatusOK) }, pay)
		var rec *httptest.ResponseRecorder
		for range 2 { // two browsers, one middleware
			req := httptest.NewRequest(http.MethodGet, price.Path+"?domain=example.com", nil)
			req.Header.Set("Accept", "text/html,application/xhtml+xml")
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64)")
			rec = httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != http.StatusPaymentRequired || rec.Header().Get("PAYMENT-REQUIRED") == "" {
				t.Fatalf("status %d, PAYMENT-REQUIRED %q", rec.Code, rec.Header().Get("PAYMENT-REQUIRED"))
			}
		}
		return rec
	}
	base := map[string]string{"X402_PAY_TO": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "X402_FACILITATOR_URL": "http://127.0.0.1:1"}
	quiet := slog.New(slog.DiscardHandler)

	t.Run("default: the page", func(t *testing.T) {
		if _, err := paywall.New(paywall.Options{}); errors.Is(err, paywall.ErrNoAssets) && testing.Short() {
			t.Skip(err)
		}
		rec := serve(t, base, quiet)
		if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" || !strings.Contains(rec.Body.String(), "window.x402 = ") ||
			!strings.Contains(rec.Body.String(), `"appName":"intel402 domain-qual"`) {
			t.Fatalf("Content-Type %s: %.200s", ct, rec.Body)
		}
	})
	t.Run("X402_PAYWALL=false: JSON", func(t *testing.T) {
		env := map[string]string{"X402_PAYWALL": "false"}
		for k, v := range base {
			env[k] = v
		}
		if rec := serve(t, env, quiet); !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Fatalf("Content-Type %s", rec.Header().Get("Content-Type"))
		}
	})
	t.Run("built without the page: JSON and one warning", func(t *testing.T) {
		newPaywall = func(paywall.Options) (*paywall.Paywall, error) { return nil, paywall.ErrNoAssets }
		t.Cleanup(func() { newPaywall = paywall.New })
		var logs bytes.Buffer
		if rec := serve(t, base, slog.New(slog.NewJSONHandler(&logs, nil))); !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Fatalf("Content-Type %s", rec.Header().Get("Content-Type"))
		}
		if n := strings.Count(logs.String(), `"msg":"x402 paywall off: browsers get the JSON challenge"`); n != 1 ||
			!strings.Contains(logs.String(), "make webassets") {
			t.Fatalf("%d warnings: %s", n, logs.String())
		}
	})
}
