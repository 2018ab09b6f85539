package service_test

import (
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/paywall"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
)

// TestPaywallOnPaidGETs: a browser opening one of the paid GET routes gets
// the paywall page (402, PAYMENT-REQUIRED); the paid POST route, an
// invalid request and the free routes answer a browser as they answer any
// client.
func TestPaywallOnPaidGETs(t *testing.T) {
	if _, err := paywall.New(paywall.Options{}); errors.Is(err, paywall.ErrNoAssets) && testing.Short() {
		t.Skip(err)
	}
	h := newHarness(t, zoneConfig(), nil)
	do := func(t *testing.T, method, path, body string) (*http.Response, string) {
		t.Helper()
		req, err := http.NewRequest(method, h.base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	for _, op := range []struct{ path, price string }{
		{httpapi.PathClassify, httpapi.ClassifyOp.Atomic},
		{httpapi.PathAudit, httpapi.AuditOp.Atomic},
		{httpapi.PathProfile, httpapi.ProfileOp.Atomic},
	} {
		res, body := do(t, http.MethodGet, op.path+"?domain=tailwind-traders.com", "")
		pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
		if res.StatusCode != http.StatusPaymentRequired || err != nil || pr.Accepts[0].Amount != op.price ||
			res.Header.Get("Content-Type") != "text/html; charset=utf-8" || res.Header.Get("Cache-Control") != "no-store" ||
			!strings.Contains(res.Header.Get("Content-Security-Policy"), "connect-src 'self' https://mainnet.base.org") ||
			!strings.Contains(body, `"amount":`+x402.FormatUnits(mustAtomic(t, op.price), x402.USDCDecimals)+`,`) {
			t.Errorf("GET %s: %d %v (%v), %.120s", op.path, res.StatusCode, res.Header, err, body)
		}
	}
	for name, tc := range map[string]struct {
		method, path, body string
		status             int
	}{
		"paid POST":       {http.MethodPost, httpapi.PathBatch, `{"domains":["tailwind-traders.com"]}`, http.StatusPaymentRequired},
		"invalid request": {http.MethodGet, httpapi.PathAudit + "?domain=127.0.0.1", "", http.StatusBadRequest},
		"free route":      {http.MethodGet, "/pricing.json", "", http.StatusOK},
	} {
		res, body := do(t, tc.method, tc.path, tc.body)
		if res.StatusCode != tc.status || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || !json.Valid([]byte(body)) {
			t.Errorf("%s: %d %s: %.120s", name, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
	if verified, settled := h.fac.Counts(); verified != 0 || settled != 0 {
		t.Error("the facilitator was called")
	}
}

func mustAtomic(t *testing.T, s string) *big.Int {
	t.Helper()
	n, ok := x402.ParseAtomic(s)
	if !ok {
		t.Fatalf("price %q", s)
	}
	return n
}
