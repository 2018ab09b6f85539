package echox402_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// pendingAnswer asserts a 402 payment_settlement_pending answer and returns
// its transaction.
func pendingAnswer(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var env struct {
		Error struct {
			Code    string         `json:"code"`
			Details map[string]any `json:"details"`
		} `json:"error"`
	}
	if rec.Code != http.StatusPaymentRequired || json.Unmarshal(rec.Body.Bytes(), &env) != nil ||
		env.Error.Code != echox402.CodeSettlementPending || env.Error.Details["reason"] != x402.ReasonSettlementPending {
		t.Fatalf("want 402 %s, got %d %s", echox402.CodeSettlementPending, rec.Code, rec.Body)
	}
	if strings.Contains(rec.Body.String(), "delivered-content") || rec.Header().Get("X-Handler") != "" {
		t.Fatalf("held output leaked: %v %s", rec.Header(), rec.Body)
	}
	if rec.Header().Get("Retry-After") != "5" {
		t.Fatalf("Retry-After = %q", rec.Header().Get("Retry-After"))
	}
	sr, err := x402.DecodeSettleResponse(rec.Header().Get(x402.HeaderPaymentResponse))
	if err != nil || !sr.Pending() {
		t.Fatalf("PAYMENT-RESPONSE = %+v, %v", sr, err)
	}
	return sr.Transaction
}

// TestPendingSettlementDeliveredOnRetry: a transfer broadcast but not mined
// (a congested chain) is settled once more, then the response is held; the
// same payment sent again gets 402 pending until the transfer is mined,
// then the held response once, and never a second transfer.
func TestPendingSettlementDeliveredOnRetry(t *testing.T) {
	f := newFixture(t, nil)
	f.chain.set(func(c *fakeChain) { c.hold = true })
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
	paid := map[string]string{x402.HeaderPaymentSignature: h}

	tx := pendingAnswer(t, f.do(http.MethodGet, "/v1/paid/1", paid))
	if tx == "" || f.chain.sends != 1 || f.fac.settles.Load() != 2 || f.handled.Load() != 1 {
		t.Fatalf("first answer: tx %q sends %d settles %d handled %d (want one send, one settle retry)",
			tx, f.chain.sends, f.fac.settles.Load(), f.handled.Load())
	}
	// Still unmined: pending again, nothing sent or run again.
	if again := pendingAnswer(t, f.do(http.MethodGet, "/v1/paid/1", paid)); again != tx {
		t.Fatalf("tx changed: %s then %s", tx, again)
	}
	// The same payment for another request gets nothing.
	rec := f.do(http.MethodGet, "/v1/paid/2", paid)
	if pr := decodeChallenge(t, rec); pr.Error != echox402.MsgPendingMismatch {
		t.Fatalf("other request: error %q", pr.Error)
	}
	if f.chain.sends != 1 || f.handled.Load() != 1 {
		t.Fatalf("sends %d handled %d", f.chain.sends, f.handled.Load())
	}

	f.chain.mine()
	// Two retries at once after mining: exactly one gets the response.
	var wg sync.WaitGroup
	recs := make([]*httptest.ResponseRecorder, 2)
	for i := range recs {
		wg.Go(func() { recs[i] = f.do(http.MethodGet, "/v1/paid/1", paid) })
	}
	wg.Wait()
	delivered := 0
	for _, rec := range recs {
		if rec.Code != http.StatusOK {
			if pr := decodeChallenge(t, rec); pr.Error != echox402.MsgAlreadyUsed {
				t.Fatalf("loser: %q", pr.Error)
			}
			continue
		}
		delivered++
		if !strings.Contains(rec.Body.String(), "delivered-content") || rec.Header().Get("X-Handler") != "yes" {
			t.Fatalf("held response = %v %s", rec.Header(), rec.Body)
		}
		sr, err := x402.DecodeSettleResponse(rec.Header().Get(x402.HeaderPaymentResponse))
		if err != nil || !sr.Success || sr.Transaction != tx {
			t.Fatalf("PAYMENT-RESPONSE = %+v, %v (want success with %s)", sr, err, tx)
		}
	}
	if delivered != 1 {
		t.Fatalf("delivered %d times", delivered)
	}
	// Delivered: the payment is used up.
	if pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/1", paid)); pr.Error != echox402.MsgAlreadyUsed {
		t.Fatalf("after delivery: %q", pr.Error)
	}
	if f.chain.sends != 1 || f.handled.Load() != 1 {
		t.Fatalf("sends %d handled %d: charged or run twice", f.chain.sends, f.handled.Load())
	}
}

// TestUnknownSettleDeliveredOnRetry: a facilitator that cannot be reached
// at settle leaves the outcome unknown; the retry settles and delivers.
func TestUnknownSettleDeliveredOnRetry(t *testing.T) {
	f := newFixture(t, nil)
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
	paid := map[string]string{x402.HeaderPaymentSignature: h}
	f.fac.settleDown.Store(true)
	pendingAnswer(t, f.do(http.MethodGet, "/v1/paid/1", paid))
	if f.chain.sends != 0 {
		t.Fatalf("sends = %d", f.chain.sends)
	}
	pendingAnswer(t, f.do(http.MethodGet, "/v1/paid/1", paid))
	f.fac.settleDown.Store(false)
	rec := f.do(http.MethodGet, "/v1/paid/1", paid)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "delivered-content") {
		t.Fatalf("retry: %d %s", rec.Code, rec.Body)
	}
	if f.chain.sends != 1 || f.handled.Load() != 1 {
		t.Fatalf("sends %d handled %d", f.chain.sends, f.handled.Load())
	}
}
