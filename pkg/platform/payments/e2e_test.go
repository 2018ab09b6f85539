package payments_test

import (
	"encoding/json"
	"math/big"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// Request bodies of the scenarios.
const (
	signalsBody   = `{"company":"acme.com","lookbackDays":30}`
	briefBody     = `{"company":"acme.com","seller":{"product":"Email security gateway"}}`
	noBriefBody   = `{"company":"` + paytest.NoEvidenceCompany + `"}`
	deepBody      = `{"company":"acme.com","seller":{"product":"Email security gateway"}}`
	frontRunBody  = `{"company":"` + paytest.FrontRunCompany + `"}`
	concurrentUse = 20
)

var txHash = regexp.MustCompile(`^0x[0-9a-f]{64}$`)

// TestE2EPaymentsOnChain pays a company-intel-shaped service on a local
// chain (anvil with the dev EIP-3009 token at USDC's Base address) through
// the production wiring: payments.Load, the lazily connected built-in
// facilitator of payments.NewFacilitator, payments.Middleware, once with the
// replay store on a real Redis and once in memory. Every claim about money
// is checked on chain.
func TestE2EPaymentsOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and Redis")
	}
	w := &onChain{paytest.StartChain(t, big.NewInt(100_000_000))}

	stores := []struct {
		name string
		open func(t *testing.T) cache.Store
	}{
		{"redis replay store", func(t *testing.T) cache.Store {
			r, err := cache.NewRedis(redistest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = r.Close() })
			return r
		}},
		{"memory replay store", func(*testing.T) cache.Store { return cache.NewMemory(1000) }},
	}
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			store := st.open(t)
			srv := paytest.StartServer(t, paytest.Env(w.Anvil.RPCURL, w.Payee.Hex(), x402test.DevKey0Hex), store, w.SpendFirst())
			w.scenarios(t, srv, store)
		})
	}
}

// onChain is the chain side of the end-to-end test.
type onChain struct{ *paytest.Chain }

func (w *onChain) snapshot(t *testing.T) paytest.Balances {
	t.Helper()
	return w.Balances(t, w.Payer)
}

// unchanged checks that no money moved since before.
func (w *onChain) unchanged(t *testing.T, before paytest.Balances) {
	t.Helper()
	paytest.CheckMoved(t, before, w.snapshot(t), new(big.Int))
}

// settled checks a paid 2xx: PAYMENT-RESPONSE reports success with a
// transaction hash, the payer and the network.
func (w *onChain) settled(t *testing.T, r reply) x402.SettleResponse {
	t.Helper()
	s := settlementOf(t, r)
	if !s.Success || !txHash.MatchString(s.Transaction) || !strings.EqualFold(s.Payer, w.Payer.Hex()) || s.Network != x402.NetworkBase {
		t.Errorf("PAYMENT-RESPONSE = %+v, want success with a tx hash, payer %s on %s", s, w.Payer.Hex(), x402.NetworkBase)
	}
	return s
}

// reserved reports whether the replay store holds the reservation of an
// authorization, without disturbing it.
func reserved(t *testing.T, store cache.Store, from common.Address, nonce [32]byte) bool {
	t.Helper()
	key := replayKey(from, nonce)
	fresh, err := store.Reserve(t.Context(), key, time.Minute)
	if err != nil {
		t.Fatalf("replay store: %v", err)
	}
	if fresh {
		if err := store.Release(t.Context(), key); err != nil {
			t.Fatalf("replay store: %v", err)
		}
	}
	return !fresh
}

func (w *onChain) scenarios(t *testing.T, srv *paytest.Server, store cache.Store) {
	c := newE2EClient(t)
	signalsURL, briefURL, deepURL := srv.URL+paytest.RouteSignals, srv.URL+paytest.RouteBrief, srv.URL+paytest.RouteDeep
	price := func(path string) *big.Int {
		n, ok := new(big.Int).SetString(srv.Prices[path].Atomic, 10)
		if !ok {
			t.Fatalf("price of %s: %q", path, srv.Prices[path].Atomic)
		}
		return n
	}
	// payWithGoClient pays signals with the Go paying transport and returns
	// the reply and the PAYMENT-SIGNATURE it sent.
	payWithGoClient := func(t *testing.T) (reply, string) {
		t.Helper()
		rec := &recordingTransport{base: http.DefaultTransport}
		tr, err := client.NewTransport(w.PayerKey, price(paytest.RouteSignals), client.WithBase(rec))
		if err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, signalsURL, strings.NewReader(signalsBody))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		r := c.do(t, req, &http.Client{Transport: tr, Timeout: 2 * time.Minute})
		sent := rec.sent()
		if len(sent) != 1 {
			t.Fatalf("the Go client sent %d payments, want 1", len(sent))
		}
		return r, sent[0]
	}

	t.Run("Go client pays exactly the price", func(t *testing.T) {
		before, runs := w.snapshot(t), srv.Runs(paytest.RouteSignals)
		r, header := payWithGoClient(t)
		if r.Status != http.StatusOK {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		var body struct {
			Company   struct{ Name string }
			Freshness struct{ LookbackDays int }
		}
		if err := json.Unmarshal(r.Body, &body); err != nil || body.Company.Name != "acme.com" || body.Freshness.LookbackDays != 30 {
			t.Errorf("body = %s (%v)", r.Body, err)
		}
		w.settled(t, r)
		paytest.CheckMoved(t, before, w.snapshot(t), price(paytest.RouteSignals))
		from, nonce := paytest.AuthorizationOf(t, header)
		if from != w.Payer {
			t.Errorf("authorization from %s, want the payer %s", from.Hex(), w.Payer.Hex())
		}
		if !w.Used(t, from, nonce) {
			t.Error("authorizationState(payer, nonce) is false after a settled payment")
		}
		if !reserved(t, store, from, nonce) {
			t.Error("the replay store no longer holds the settled authorization")
		}
		if got := srv.Runs(paytest.RouteSignals) - runs; got != 1 {
			t.Errorf("handler ran %d times, want 1", got)
		}
	})

	t.Run("replayed payment is refused", func(t *testing.T) {
		r, header := payWithGoClient(t)
		if r.Status != http.StatusOK {
			t.Fatalf("first use: status %d: %s", r.Status, r.Body)
		}
		before, runs := w.snapshot(t), srv.Runs(paytest.RouteSignals)
		for i := range 3 {
			r := c.post(t, signalsURL, signalsBody, header)
			if r.Status != http.StatusPaymentRequired || challengeError(t, r) != echox402.MsgAlreadyUsed {
				t.Errorf("replay %d: status %d: %s", i, r.Status, r.Body)
			}
			if r.Header.Get(x402.HeaderPaymentResponse) != "" {
				t.Errorf("replay %d carries a PAYMENT-RESPONSE", i)
			}
		}
		w.unchanged(t, before)
		if got := srv.Runs(paytest.RouteSignals) - runs; got != 0 {
			t.Errorf("handler ran %d times for replays", got)
		}
	})

	t.Run("one payment sent concurrently settles once", func(t *testing.T) {
		header := c.signed(t, w.PayerKey, signalsURL, signalsBody)
		before, runs := w.snapshot(t), srv.Runs(paytest.RouteSignals)
		replies := make([]reply, concurrentUse)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range replies {
			wg.Go(func() {
				<-start
				replies[i] = c.post(t, signalsURL, signalsBody, header)
			})
		}
		close(start)
		wg.Wait()
		ok := 0
		for i, r := range replies {
			switch {
			case r.Status == http.StatusOK:
				ok++
				w.settled(t, r)
			case r.Status == http.StatusPaymentRequired && challengeError(t, r) == echox402.MsgAlreadyUsed:
			default:
				t.Errorf("request %d: status %d: %s", i, r.Status, r.Body)
			}
		}
		if ok != 1 {
			t.Errorf("%d of %d concurrent uses were served, want exactly 1", ok, concurrentUse)
		}
		paytest.CheckMoved(t, before, w.snapshot(t), price(paytest.RouteSignals))
		if got := srv.Runs(paytest.RouteSignals) - runs; got != 1 {
			t.Errorf("handler ran %d times, want 1", got)
		}
		from, nonce := paytest.AuthorizationOf(t, header)
		if !w.Used(t, from, nonce) {
			t.Error("authorization not used on chain")
		}
	})

	t.Run("handler 422 settles nothing and releases the authorization", func(t *testing.T) {
		header := c.signed(t, w.PayerKey, briefURL, noBriefBody)
		from, nonce := paytest.AuthorizationOf(t, header)
		before, runs := w.snapshot(t), srv.Runs(paytest.RouteBrief)
		r := c.post(t, briefURL, noBriefBody, header)
		if r.Status != http.StatusUnprocessableEntity || errorCode(t, r.Body) != "insufficient_evidence" {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		if h := r.Header.Get(x402.HeaderPaymentResponse); h != "" {
			t.Errorf("a failed handler's response carries PAYMENT-RESPONSE %s", h)
		}
		if got := srv.Runs(paytest.RouteBrief) - runs; got != 1 {
			t.Errorf("handler ran %d times, want 1", got)
		}
		w.unchanged(t, before)
		if w.Used(t, from, nonce) {
			t.Fatal("authorization used on chain although the handler failed")
		}
		if reserved(t, store, from, nonce) {
			t.Fatal("authorization still reserved after the handler failed")
		}

		// Released: the same signature (same price and payee) can still
		// pay for a request that succeeds.
		r = c.post(t, briefURL, briefBody, header)
		if r.Status != http.StatusOK {
			t.Fatalf("reuse after release: status %d: %s", r.Status, r.Body)
		}
		w.settled(t, r)
		paytest.CheckMoved(t, before, w.snapshot(t), price(paytest.RouteBrief))
		if !w.Used(t, from, nonce) {
			t.Error("authorization not used on chain after the paid 200")
		}
	})

	t.Run("handler 500 settles nothing and releases the authorization", func(t *testing.T) {
		header := c.signed(t, w.PayerKey, deepURL, deepBody)
		from, nonce := paytest.AuthorizationOf(t, header)
		before, runs := w.snapshot(t), srv.Runs(paytest.RouteDeep)
		for i := range 2 { // the second attempt reaches the handler only if the first released the authorization
			r := c.post(t, deepURL, deepBody, header)
			if r.Status != http.StatusInternalServerError || errorCode(t, r.Body) != "internal_error" {
				t.Fatalf("attempt %d: status %d: %s", i, r.Status, r.Body)
			}
			if h := r.Header.Get(x402.HeaderPaymentResponse); h != "" {
				t.Errorf("attempt %d: a failed handler's response carries PAYMENT-RESPONSE %s", i, h)
			}
		}
		if got := srv.Runs(paytest.RouteDeep) - runs; got != 2 {
			t.Errorf("handler ran %d times, want 2", got)
		}
		w.unchanged(t, before)
		if w.Used(t, from, nonce) {
			t.Error("authorization used on chain although the handler failed")
		}
		if reserved(t, store, from, nonce) {
			t.Error("authorization still reserved after the handler failed")
		}
	})

	t.Run("failed settlement withholds the response", func(t *testing.T) {
		header := c.signed(t, w.PayerKey, signalsURL, frontRunBody)
		from, nonce := paytest.AuthorizationOf(t, header)
		before, runs := w.snapshot(t), srv.Runs(paytest.RouteSignals)
		// The handler spends the authorization on chain itself before
		// answering 200, so the facilitator's settlement must fail.
		r := c.post(t, signalsURL, frontRunBody, header)
		if r.Status != http.StatusPaymentRequired || errorCode(t, r.Body) != echox402.CodeSettlementFailed {
			t.Fatalf("status %d, want 402 %s: %s", r.Status, echox402.CodeSettlementFailed, r.Body)
		}
		if strings.Contains(string(r.Body), paytest.FrontRunCompany) {
			t.Errorf("the handler's response leaked although settlement failed: %s", r.Body)
		}
		s := settlementOf(t, r)
		if s.Success || s.ErrorReason != x402.ReasonNonceAlreadyUsed || !strings.EqualFold(s.Payer, w.Payer.Hex()) || s.Network != x402.NetworkBase {
			t.Errorf("PAYMENT-RESPONSE = %+v, want failure %s for the payer", s, x402.ReasonNonceAlreadyUsed)
		}
		if got := srv.Runs(paytest.RouteSignals) - runs; got != 1 {
			t.Errorf("handler ran %d times, want 1", got)
		}
		paytest.CheckMoved(t, before, w.snapshot(t), price(paytest.RouteSignals)) // once: by the front-run, never twice
		if !w.Used(t, from, nonce) || !reserved(t, store, from, nonce) {
			t.Error("the spent authorization is not kept as used")
		}
		r = c.post(t, signalsURL, frontRunBody, header)
		if r.Status != http.StatusPaymentRequired || challengeError(t, r) != echox402.MsgAlreadyUsed {
			t.Errorf("retry after a failed settlement: status %d: %s", r.Status, r.Body)
		}
	})

	t.Run("invalid input is never challenged nor charged", func(t *testing.T) {
		header := c.signed(t, w.PayerKey, signalsURL, signalsBody)
		from, nonce := paytest.AuthorizationOf(t, header)
		before, runs := w.snapshot(t), srv.Runs(paytest.RouteSignals)
		tests := []struct {
			name, body string
			paid       bool
			status     int
			code       string
		}{
			{"unknown field, unpaid", `{"company":"acme.com","x":1}`, false, 400, "invalid_request"},
			{"unknown field, paid", `{"company":"acme.com","x":1}`, true, 400, "invalid_request"},
			{"lookback out of range, paid", `{"company":"acme.com","lookbackDays":3}`, true, 400, "invalid_request"},
			{"company missing, paid", `{"lookbackDays":30}`, true, 400, "invalid_request"},
			{"malformed JSON, paid", `{"company":`, true, 400, "invalid_json"},
			{"body too large, paid", `{"company":"` + strings.Repeat("a", 17000) + `"}`, true, 413, "body_too_large"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				h := ""
				if tt.paid {
					h = header
				}
				r := c.post(t, signalsURL, tt.body, h)
				if r.Status != tt.status || errorCode(t, r.Body) != tt.code {
					t.Fatalf("status %d, want %d %s: %s", r.Status, tt.status, tt.code, r.Body)
				}
				for _, name := range []string{x402.HeaderPaymentRequired, x402.HeaderPaymentResponse} {
					if r.Header.Get(name) != "" {
						t.Errorf("invalid input answered with %s", name)
					}
				}
			})
		}
		if got := srv.Runs(paytest.RouteSignals) - runs; got != 0 {
			t.Errorf("handler ran %d times on invalid input", got)
		}
		w.unchanged(t, before)
		if w.Used(t, from, nonce) || reserved(t, store, from, nonce) {
			t.Error("invalid input touched the authorization")
		}
	})
}

// TestE2EFacilitatorUnreachable runs the service with the built-in
// facilitator pointed at a closed port: challenges are still answered, a
// signed payment gets 503 payment_facilitator_unavailable (never 500) and
// nothing is delivered; the authorization is not burnt.
func TestE2EFacilitatorUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	payee := common.HexToAddress(payTo)
	srv := paytest.StartServer(t, paytest.Env(closed, payee.Hex(), x402test.DevKey0Hex), cache.NewMemory(100), nil)
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	c := newE2EClient(t)
	url := srv.URL + paytest.RouteSignals

	pr := c.challenge(t, url, signalsBody)
	if len(pr.Accepts) != 1 || pr.Accepts[0].Amount != srv.Prices[paytest.RouteSignals].Atomic || pr.Accepts[0].PayTo != payee.Hex() {
		t.Fatalf("challenge = %+v", pr)
	}
	header := c.signed(t, key, url, signalsBody)
	for i := range 2 { // a released authorization meets the same answer, not "already used"
		r := c.post(t, url, signalsBody, header)
		if r.Status != http.StatusServiceUnavailable || errorCode(t, r.Body) != echox402.CodeFacilitatorUnavailable {
			t.Fatalf("attempt %d: status %d, want 503 %s: %s", i, r.Status, echox402.CodeFacilitatorUnavailable, r.Body)
		}
		if r.Header.Get(x402.HeaderPaymentResponse) != "" {
			t.Errorf("attempt %d: PAYMENT-RESPONSE on an unverified payment", i)
		}
	}
	if n := srv.Runs(paytest.RouteSignals); n != 0 {
		t.Fatalf("handler ran %d times without a verified payment", n)
	}
}
