package echox402_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// overlapWait bounds how long one side waits for the other; reaching it
// means the two did not run concurrently (a failure, never a timing
// assertion).
const overlapWait = 10 * time.Second

// gatedFacilitator signals when verify starts and, when gate is set, holds
// verify until gate is closed.
type gatedFacilitator struct {
	x402.Facilitator
	verifying chan struct{} // closed when Verify is entered
	gate      chan struct{} // nil: do not wait
	entered   atomic.Bool
}

func (g *gatedFacilitator) Verify(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	if g.entered.CompareAndSwap(false, true) {
		close(g.verifying)
	}
	if g.gate != nil {
		select {
		case <-g.gate:
		case <-time.After(overlapWait):
			return x402.VerifyResponse{}, errors.New("test: the handler never started while verify was pending")
		}
	}
	return g.Facilitator.Verify(ctx, p, r)
}

// specFixture is a fixture whose "GET /v1/spec" route speculates (when
// speculate says so) and runs handler.
type specFixture struct {
	*fixture
	gf *gatedFacilitator
}

func newSpecFixture(t *testing.T, speculate func(echo.Context) bool, tweak func(*echox402.Config), handler echo.HandlerFunc) *specFixture {
	t.Helper()
	sf := &specFixture{}
	sf.fixture = newFixture(t, func(c *echox402.Config) {
		sf.gf = &gatedFacilitator{Facilitator: c.Facilitator, verifying: make(chan struct{})}
		c.Facilitator = sf.gf
		c.Routes["GET /v1/spec"] = echox402.Route{Amount: "250000", Speculate: speculate}
		if tweak != nil {
			tweak(c)
		}
	})
	sf.e.GET("/v1/spec", handler)
	return sf
}

func always(echo.Context) bool { return true }

func (sf *specFixture) pay(t *testing.T, nonce byte) map[string]string {
	t.Helper()
	return map[string]string{x402.HeaderPaymentSignature: signPayment(t, sf.challenge(t, "/v1/spec"), signing{key: testKey(t), nonce: nonce})}
}

// TestSpeculationOverlapsVerify proves the handler and verify run at the
// same time: each waits for the other to start, which only completes if
// they overlap. The output is delivered after settlement, once.
func TestSpeculationOverlapsVerify(t *testing.T) {
	started := make(chan struct{})
	var seen atomic.Pointer[echox402.Payment]
	var sf *specFixture
	sf = newSpecFixture(t, always, nil, func(c echo.Context) error {
		close(started)
		select {
		case <-sf.gf.verifying:
		case <-time.After(overlapWait):
			return c.String(http.StatusInternalServerError, "verify did not start while the handler ran")
		}
		p, _ := echox402.PaymentFrom(c)
		seen.Store(&p)
		c.Response().Header().Set("X-Handler", "yes")
		return c.JSON(http.StatusOK, map[string]string{"secret": "delivered-content"})
	})
	sf.gf.gate = started
	rec := sf.do(http.MethodGet, "/v1/spec", sf.pay(t, 1))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "delivered-content") || rec.Header().Get("X-Handler") != "yes" {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
	if sr, err := x402.DecodeSettleResponse(rec.Header().Get(x402.HeaderPaymentResponse)); err != nil || !sr.Success {
		t.Fatalf("PAYMENT-RESPONSE %+v %v", sr, err)
	}
	if sf.fac.verifies.Load() != 1 || sf.fac.settles.Load() != 1 {
		t.Fatalf("verifies %d settles %d", sf.fac.verifies.Load(), sf.fac.settles.Load())
	}
	p := seen.Load()
	if p == nil || !p.Speculative || p.Payer != crypto.PubkeyToAddress(testKey(t).PublicKey).Hex() || p.Amount != "250000" {
		t.Fatalf("payment seen by the speculative handler = %+v", p)
	}
}

// TestSpeculationVerifyRejected: the handler ran (and was canceled), but
// nothing it wrote reaches the client; the answer is the challenge with
// the facilitator's reason; nothing is settled; the reservation is
// released, so the same authorization pays once the payer is funded.
func TestSpeculationVerifyRejected(t *testing.T) {
	var canceled atomic.Bool
	var calls atomic.Int32
	sf := newSpecFixture(t, always, nil, func(c echo.Context) error {
		c.Response().Header().Set("X-Handler", "yes")
		if calls.Add(1) == 1 {
			// The speculative run: work until verify's rejection cancels it.
			select {
			case <-c.Request().Context().Done():
				canceled.Store(true)
			case <-time.After(overlapWait):
			}
		}
		return c.JSON(http.StatusOK, map[string]string{"secret": "delivered-content"})
	})
	var after atomic.Bool // an outer middleware still sees a payment
	sf.e.Pre(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			err := next(c)
			_, ok := echox402.PaymentFrom(c)
			after.Store(ok)
			return err
		}
	})
	sf.chain.set(func(c *fakeChain) { c.balance = 1 })
	h := sf.pay(t, 1)
	rec := sf.do(http.MethodGet, "/v1/spec", h)
	pr := decodeChallenge(t, rec)
	if after.Load() {
		t.Fatal("a rejected speculative payment is still visible to outer middleware")
	}
	if pr.Error != x402.ReasonInsufficientBalance {
		t.Fatalf("error %q", pr.Error)
	}
	if strings.Contains(rec.Body.String(), "delivered-content") || rec.Header().Get("X-Handler") != "" || rec.Header().Get(x402.HeaderPaymentResponse) != "" {
		t.Fatalf("handler output leaked: %v %s", rec.Header(), rec.Body)
	}
	if calls.Load() != 1 || !canceled.Load() {
		t.Fatalf("handler calls %d, canceled %v: want the speculative run canceled by the rejection", calls.Load(), canceled.Load())
	}
	if sf.fac.settles.Load() != 0 {
		t.Fatalf("settles %d", sf.fac.settles.Load())
	}
	sf.chain.set(func(c *fakeChain) { c.balance = 1_000_000_000 })
	if rec := sf.do(http.MethodGet, "/v1/spec", h); rec.Code != http.StatusOK || sf.fac.settles.Load() != 1 {
		t.Fatalf("same authorization after funding: status %d settles %d", rec.Code, sf.fac.settles.Load())
	}
}

func TestSpeculationVerifyUnavailable(t *testing.T) {
	sf := newSpecFixture(t, always, nil, func(c echo.Context) error {
		c.Response().Header().Set("X-Handler", "yes")
		return c.JSON(http.StatusOK, map[string]string{"secret": "delivered-content"})
	})
	h := sf.pay(t, 1)
	sf.fac.verifyDown.Store(true)
	rec := sf.do(http.MethodGet, "/v1/spec", h)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), echox402.CodeFacilitatorUnavailable) {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
	if strings.Contains(rec.Body.String(), "delivered-content") || rec.Header().Get("X-Handler") != "" || sf.fac.settles.Load() != 0 {
		t.Fatalf("handler output leaked or settled: %v %s", rec.Header(), rec.Body)
	}
	sf.fac.verifyDown.Store(false)
	if rec := sf.do(http.MethodGet, "/v1/spec", h); rec.Code != http.StatusOK {
		t.Fatalf("after recovery: %d", rec.Code)
	}
}

func TestSpeculationHandlerFailureIsNotSettled(t *testing.T) {
	sf := newSpecFixture(t, always, nil, func(c echo.Context) error {
		return c.JSON(http.StatusBadGateway, map[string]string{"handler": "failed"})
	})
	h := sf.pay(t, 1)
	rec := sf.do(http.MethodGet, "/v1/spec", h)
	if rec.Code != http.StatusBadGateway || !strings.Contains(rec.Body.String(), `"handler":"failed"`) {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
	if sf.fac.verifies.Load() != 1 || sf.fac.settles.Load() != 0 || rec.Header().Get(x402.HeaderPaymentResponse) != "" {
		t.Fatalf("verifies %d settles %d", sf.fac.verifies.Load(), sf.fac.settles.Load())
	}
	// Released: the same authorization can be retried.
	if rec := sf.do(http.MethodGet, "/v1/spec", h); rec.Code != http.StatusBadGateway {
		t.Fatalf("retry: %d", rec.Code)
	}
}

// TestNoSpeculation: when the predicate says no, the pre-check is off, or
// the route has no predicate, the handler runs only after verify.
func TestNoSpeculation(t *testing.T) {
	tests := []struct {
		name      string
		speculate func(echo.Context) bool
		tweak     func(*echox402.Config)
	}{
		{name: "predicate false", speculate: func(echo.Context) bool { return false }},
		{name: "no predicate"},
		{name: "pre-check off", speculate: always, tweak: func(c *echox402.Config) { c.SkipPreCheck = true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var verifiedFirst, speculative atomic.Bool
			var sf *specFixture
			sf = newSpecFixture(t, tt.speculate, tt.tweak, func(c echo.Context) error {
				verifiedFirst.Store(sf.fac.verifies.Load() == 1)
				p, _ := echox402.PaymentFrom(c)
				speculative.Store(p.Speculative)
				return c.JSON(http.StatusOK, map[string]string{"secret": "delivered-content"})
			})
			if rec := sf.do(http.MethodGet, "/v1/spec", sf.pay(t, 1)); rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			if !verifiedFirst.Load() || speculative.Load() {
				t.Fatalf("verified before the handler %v, speculative %v", verifiedFirst.Load(), speculative.Load())
			}
		})
	}
}

func TestSpeculationPredicateSeesTheRequest(t *testing.T) {
	var asked atomic.Int32
	sf := newSpecFixture(t, func(c echo.Context) bool {
		asked.Add(1)
		return c.QueryParam("fast") == "1"
	}, nil, func(c echo.Context) error {
		p, _ := echox402.PaymentFrom(c)
		return c.JSON(http.StatusOK, map[string]bool{"speculative": p.Speculative})
	})
	chal := sf.challenge(t, "/v1/spec")
	if asked.Load() != 0 {
		t.Fatal("the predicate ran for an unpaid request")
	}
	for i, q := range []string{"?fast=1", "?fast=0"} {
		h := signPayment(t, chal, signing{key: testKey(t), nonce: byte(i + 1)})
		rec := sf.do(http.MethodGet, "/v1/spec"+q, map[string]string{x402.HeaderPaymentSignature: h})
		want := `{"speculative":` + map[bool]string{true: "true", false: "false"}[q == "?fast=1"] + `}`
		if rec.Code != http.StatusOK || strings.TrimSpace(rec.Body.String()) != want {
			t.Fatalf("%s: status %d body %s, want %s", q, rec.Code, rec.Body, want)
		}
	}
	// A refused payment never asks the predicate.
	before := asked.Load()
	sf.do(http.MethodGet, "/v1/spec?fast=1", map[string]string{x402.HeaderPaymentSignature: "not_base64-url"})
	if asked.Load() != before {
		t.Fatal("the predicate ran for a refused payment")
	}
}
