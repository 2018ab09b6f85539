package echox402_test

import (
	"context"
	"crypto/rand"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// instantFacilitator accepts everything at once: it isolates the
// middleware's own cost (decode, match, reserve, buffer, encode).
type instantFacilitator struct{}

func (instantFacilitator) Verify(context.Context, x402.PaymentPayload, x402.PaymentRequirements) (x402.VerifyResponse, error) {
	return x402.VerifyResponse{IsValid: true, Payer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"}, nil
}

func (instantFacilitator) Settle(_ context.Context, _ x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	return x402.SettleResponse{Success: true, Transaction: "0x01", Network: r.Network}, nil
}

func (instantFacilitator) Supported(context.Context) (x402.SupportedResponse, error) {
	return x402.SupportedResponse{}, nil
}

func benchServer(b *testing.B, fac x402.Facilitator, skipPreCheck bool) *echo.Echo {
	e := echo.New()
	e.Use(echox402.WithConfig(echox402.Config{
		Routes: map[string]echox402.Route{"GET /v1/paid": {Amount: "250000"}},
		PayTo:  payTo, Facilitator: fac, Replay: echox402.NewMemoryReplayStore(clock), Now: clock,
		SkipPreCheck: skipPreCheck,
	}))
	e.GET("/v1/paid", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]string{"ok": "yes"}) })
	return e
}

// signedHeaders pre-signs n distinct payments so signing is not measured.
func signedHeaders(b *testing.B, e *echo.Echo, n int) []string {
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/paid", nil))
	pr, err := x402.DecodePaymentRequired(rec.Header().Get(x402.HeaderPaymentRequired))
	if err != nil {
		b.Fatal(err)
	}
	key := testKey(b)
	out := make([]string, n)
	for i := range out {
		p, err := client.SignExact(key, pr.Accepts[0], pr, testNow, rand.Reader)
		if err != nil {
			b.Fatal(err)
		}
		if out[i], err = x402.EncodeHeader(p); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

func benchPaid(b *testing.B, fac x402.Facilitator, skipPreCheck bool) {
	e := benchServer(b, fac, skipPreCheck)
	headers := signedHeaders(b, e, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req := httptest.NewRequest(http.MethodGet, "/v1/paid", nil)
		req.Header.Set(x402.HeaderPaymentSignature, headers[i])
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}

// BenchmarkPaidRequestInstantFacilitator is the middleware's overhead per
// paid request with a facilitator that answers instantly, local pre-check
// (one EIP-712 digest and ECDSA recovery) included.
func BenchmarkPaidRequestInstantFacilitator(b *testing.B) { benchPaid(b, instantFacilitator{}, false) }

// BenchmarkPaidRequestInstantFacilitatorNoPreCheck is the same with
// SkipPreCheck: the difference is the pre-check's cost.
func BenchmarkPaidRequestInstantFacilitatorNoPreCheck(b *testing.B) {
	benchPaid(b, instantFacilitator{}, true)
}

// BenchmarkPaidRequestLocalFacilitator adds the local facilitator's real
// verification (EIP-712 digest, ecrecover, twice: verify and settle) over
// an in-memory chain.
func BenchmarkPaidRequestLocalFacilitator(b *testing.B) {
	benchPaid(b, newFacilitator(b, newFakeChain()), false)
}

// BenchmarkChallenge is the cost of answering an unpaid request.
func BenchmarkChallenge(b *testing.B) {
	e := benchServer(b, instantFacilitator{}, false)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/paid", nil))
		if rec.Code != http.StatusPaymentRequired {
			b.Fatal(rec.Code)
		}
	}
}
