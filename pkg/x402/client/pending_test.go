package client_test

import (
	"bytes"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
)

// TestPendingSettlementResendsSamePayment: while the server says the
// payment's settlement is pending, the transport sends the same request
// with the same PAYMENT-SIGNATURE again (never a new payment) and returns
// the final answer.
func TestPendingSettlementResendsSamePayment(t *testing.T) {
	var (
		mu       sync.Mutex
		payments []string
		bodies   []string
	)
	pendingAnswers := 2
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h := r.Header.Get(x402.HeaderPaymentSignature)
		mu.Lock()
		defer mu.Unlock()
		if h == "" {
			enc, _ := x402.EncodeHeader(x402.PaymentRequired{X402Version: 2, Accepts: []x402.PaymentRequirements{offer("50000")}})
			w.Header().Set(x402.HeaderPaymentRequired, enc)
			w.WriteHeader(http.StatusPaymentRequired)
			return
		}
		payments, bodies = append(payments, h), append(bodies, string(b))
		if pendingAnswers > 0 {
			pendingAnswers--
			enc, _ := x402.EncodeHeader(x402.SettleResponse{ErrorReason: x402.ReasonSettlementPending, Transaction: "0xabc", Network: x402.NetworkBase})
			w.Header().Set(x402.HeaderPaymentResponse, enc)
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusPaymentRequired)
			_, _ = w.Write([]byte(`{"error":{"code":"payment_settlement_pending"}}`))
			return
		}
		enc, _ := x402.EncodeHeader(x402.SettleResponse{Success: true, Transaction: "0xabc", Network: x402.NetworkBase})
		w.Header().Set(x402.HeaderPaymentResponse, enc)
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	key, _ := crypto.HexToECDSA(anvilKey)
	tr, err := client.NewTransport(key, big.NewInt(50000), client.WithClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	resp, err := (&http.Client{Transport: tr}).Post(srv.URL, "application/json", bytes.NewReader([]byte(`{"domain":"acme.com"}`)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || string(body) != `{"ok":true}` {
		t.Fatalf("final answer %d %s", resp.StatusCode, body)
	}
	if len(payments) != 3 || payments[1] != payments[0] || payments[2] != payments[0] {
		t.Fatalf("payments sent: %d, all the same: %v", len(payments), len(payments) == 3 && payments[1] == payments[0] && payments[2] == payments[0])
	}
	for _, b := range bodies {
		if b != `{"domain":"acme.com"}` {
			t.Fatalf("body resent as %q", b)
		}
	}
	if waited := time.Since(start); waited < 2*time.Second {
		t.Fatalf("waited %v, want Retry-After (1 s) twice", waited)
	}

	// With the pending wait off, the pending answer is returned as it is.
	pendingAnswers = 1
	tr, _ = client.NewTransport(key, big.NewInt(50000), client.WithClock(func() time.Time { return now }), client.WithPendingWait(0))
	resp, err = (&http.Client{Transport: tr}).Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if sr, err := client.Settlement(resp); resp.StatusCode != http.StatusPaymentRequired || err != nil || !sr.Pending() {
		t.Fatalf("no-wait answer %d %+v %v", resp.StatusCode, sr, err)
	}
}
