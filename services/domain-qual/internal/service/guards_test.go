package service_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
)

// TestRefusedPaymentsAreLimited: refused payments are answered 402 with
// the reason; past the limit the client address gets the documented 429
// with Retry-After, while an unpaid request still gets its challenge.
func TestRefusedPaymentsAreLimited(t *testing.T) {
	h := newHarness(t, zoneConfig(), map[string]string{"X402_FAILURE_LIMIT": "3"})
	send := func(payment string) (*http.Response, []byte) {
		req, err := http.NewRequest(http.MethodGet, h.base+httpapi.PathClassify+"?domain=tailwind-traders.com", nil)
		if err != nil {
			t.Fatal(err)
		}
		if payment != "" {
			req.Header.Set(x402.HeaderPaymentSignature, payment)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		return res, h.v.CheckResponse(t, req, res)
	}
	before := h.dns.Queries()
	for i := range 3 {
		res, _ := send("bm90IGEgcGF5bWVudA==")
		if res.StatusCode != http.StatusPaymentRequired {
			t.Fatalf("refused payment %d: status %d", i+1, res.StatusCode)
		}
	}
	res, body := send("bm90IGEgcGF5bWVudA==")
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || env.Error.Code != echox402.CodePaymentFailuresRateLimited {
		t.Fatalf("status %d Retry-After %q body %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	if res, _ := send(""); res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("unpaid request of a limited client: status %d, want the challenge", res.StatusCode)
	}
	if got := h.dns.Queries() - before; got != 0 {
		t.Fatalf("%d DNS queries for refused payments, want 0", got)
	}
}
