package service_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/big"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
	"github.com/intel402/intel402/services/company-intel/internal/service"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// The fixture companies the payment scenarios research (see
// sourcetest.World).
const (
	// paidCompany has dated events in every window: research answers 200.
	paidCompany = "northwind-robotics.com"
	// failingCompany is asked for only while every upstream fails; it is
	// never resolved before, so no cache entry answers for it.
	failingCompany = "litware-security.com"
)

// Request bodies of the scenarios. Their lookback windows differ, so that
// no response or evidence cache entry is shared by two scenarios that must
// reach research.
var (
	// paidBody is researched once, then answered from the response cache
	// to every later payment that only needs a request to succeed.
	paidBody = signalsBody(paidCompany, 30)
	// unansweredBody is never answered: the requests that must be refused
	// before the handler (a replay, an unfunded payer) ask for it, so that
	// one reaching the handler would make research call the upstreams.
	unansweredBody = signalsBody(paidCompany, 120)
	concurrentBody = signalsBody(paidCompany, 60)
	frontRunBody   = signalsBody(paidCompany, 45)
	failingBody    = signalsBody(failingCompany, 20)
)

const concurrentUse = 20

var txHash = regexp.MustCompile(`^0x[0-9a-f]{64}$`)

// TestE2EPaymentsOnChain pays the real company-intel (service.Run over the
// fixture world) on a local chain through the production wiring: the
// lazily connected built-in facilitator, payments.Middleware, and the
// service's cache store as the replay store, once on a real Redis
// (REDIS_URL) and once in process. Every claim about money is checked on
// chain. The two variants run side by side, each with its own chain.
func TestE2EPaymentsOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil, Redis and the fixture world")
	}
	t.Parallel()
	for _, st := range []struct {
		name  string
		redis bool
	}{{"redis replay store", true}, {"memory replay store", false}} {
		t.Run(st.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			var store cache.Store
			if st.redis {
				// A private Redis: the scenarios count upstream calls, so
				// the service's caches must start empty.
				u := redistest.Start(t).URL
				r, err := cache.NewRedis(u)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = r.Close() })
				env["REDIS_URL"], store = u, r
			}
			s := startPaidService(t, big.NewInt(100_000_000), env)
			s.redis = store
			s.scenarios(t)
		})
	}
}

func (s *paidService) snapshot(t *testing.T) paytest.Balances {
	t.Helper()
	return s.Balances(t, s.Payer)
}

// unchanged checks that no money moved since before.
func (s *paidService) unchanged(t *testing.T, before paytest.Balances) {
	t.Helper()
	paytest.CheckMoved(t, before, s.snapshot(t), new(big.Int))
}

// settled checks a paid 2xx: PAYMENT-RESPONSE reports success with a
// transaction hash, the payer and the network.
func (s *paidService) settled(t *testing.T, r reply) {
	t.Helper()
	sr := settlementOf(t, r)
	if !sr.Success || !txHash.MatchString(sr.Transaction) || !strings.EqualFold(sr.Payer, s.Payer.Hex()) || sr.Network != x402.NetworkBase {
		t.Errorf("PAYMENT-RESPONSE = %+v, want success with a tx hash, payer %s on %s", sr, s.Payer.Hex(), x402.NetworkBase)
	}
}

// checkReserved checks, where the test reads the service's replay store
// (Redis), that it holds the reservation of the authorization header
// carries (want) or does not. The in-process store is judged by the
// service's behaviour alone: a replay is refused as already used, a
// released authorization pays again.
func (s *paidService) checkReserved(t *testing.T, header string, want bool) {
	t.Helper()
	if s.redis == nil {
		return
	}
	from, nonce := paytest.AuthorizationOf(t, header)
	if got := reserved(t, s.redis, from, nonce); got != want {
		t.Errorf("the replay store holds the authorization: %v, want %v", got, want)
	}
}

// uncharged checks the authorization of header after requests that failed
// or were refused since before: no money moved, it is neither used on
// chain nor reserved, and so (released) the same signature, same price and
// payee, still pays for a request that succeeds (paidBody, answered from
// the cache), moving exactly the price.
func (s *paidService) uncharged(t *testing.T, c *e2eClient, header string, before paytest.Balances) {
	t.Helper()
	s.unchanged(t, before)
	from, nonce := paytest.AuthorizationOf(t, header)
	if s.Used(t, from, nonce) {
		t.Fatal("authorization used on chain although nothing was delivered")
	}
	s.checkReserved(t, header, false)

	r := c.post(t, s.url, paidBody, header)
	if r.Status != http.StatusOK {
		t.Fatalf("reuse of the unused authorization: status %d: %s", r.Status, r.Body)
	}
	s.settled(t, r)
	paytest.CheckMoved(t, before, s.snapshot(t), s.price)
	if !s.Used(t, from, nonce) {
		t.Error("authorization not used on chain after the paid 200")
	}
}

// quietCompany is the world's company that resolves but has nothing dated
// in any window.
func quietCompany(t *testing.T, w *sourcetest.World) string {
	t.Helper()
	for _, co := range w.Companies() {
		if co.Quiet {
			return co.Domain
		}
	}
	t.Fatal("the fixture world has no quiet company")
	return ""
}

// briefless returns a quiet company that no source describes: nothing
// supports a brief of it (422).
func briefless(t *testing.T, w *sourcetest.World) string {
	t.Helper()
	for _, co := range w.Companies() {
		if co.Quiet && !co.Described {
			return co.Domain
		}
	}
	t.Fatal("the fixture world has no quiet company without a description")
	return ""
}

func (s *paidService) scenarios(t *testing.T) {
	c := newE2EClient(t)
	// payWithGoClient pays for paidBody with the Go paying transport and
	// returns the reply and the PAYMENT-SIGNATURE it sent.
	payWithGoClient := func(t *testing.T) (reply, string) {
		t.Helper()
		rec := &recordingTransport{base: http.DefaultTransport}
		tr, err := client.NewTransport(s.PayerKey, s.price, client.WithBase(rec))
		if err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, s.url, strings.NewReader(paidBody))
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
		before, researched := s.snapshot(t), s.researches()
		r, header := payWithGoClient(t)
		if r.Status != http.StatusOK {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		var body struct {
			Company   struct{ Domain string }
			Signals   []json.RawMessage
			Freshness struct{ LookbackDays int }
		}
		if err := json.Unmarshal(r.Body, &body); err != nil || body.Company.Domain != paidCompany ||
			body.Freshness.LookbackDays != 30 || len(body.Signals) == 0 {
			t.Errorf("body = %s (%v)", r.Body, err)
		}
		if got := r.Header.Get("x-company-intel-cache"); got != "MISS" {
			t.Errorf("cache %q, want MISS: the first payment must be researched", got)
		}
		s.settled(t, r)
		paytest.CheckMoved(t, before, s.snapshot(t), s.price)
		from, nonce := paytest.AuthorizationOf(t, header)
		if from != s.Payer {
			t.Errorf("authorization from %s, want the payer %s", from.Hex(), s.Payer.Hex())
		}
		if !s.Used(t, from, nonce) {
			t.Error("authorizationState(payer, nonce) is false after a settled payment")
		}
		s.checkReserved(t, header, true)
		if got := s.researches() - researched; got != 1 {
			t.Errorf("research ran %d times, want 1", got)
		}
	})

	t.Run("replayed payment is refused", func(t *testing.T) {
		r, header := payWithGoClient(t)
		if r.Status != http.StatusOK {
			t.Fatalf("first use: status %d: %s", r.Status, r.Body)
		}
		// The replays ask for a window never answered: had one reached
		// the handler, research would have called the upstreams.
		before, calls := s.snapshot(t), s.world.Calls()
		for i := range 3 {
			r := c.post(t, s.url, unansweredBody, header)
			if r.Status != http.StatusPaymentRequired || challengeError(t, r) != echox402.MsgAlreadyUsed {
				t.Errorf("replay %d: status %d: %s", i, r.Status, r.Body)
			}
			if r.Header.Get(x402.HeaderPaymentResponse) != "" {
				t.Errorf("replay %d carries a PAYMENT-RESPONSE", i)
			}
		}
		s.unchanged(t, before)
		if got := s.world.Calls() - calls; got != 0 {
			t.Errorf("replays made %d upstream calls: the handler ran", got)
		}
	})

	t.Run("one payment sent concurrently settles once", func(t *testing.T) {
		header := c.signed(t, s.PayerKey, s.url, concurrentBody)
		before, researched := s.snapshot(t), s.researches()
		replies := make([]reply, concurrentUse)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range replies {
			wg.Go(func() {
				<-start
				replies[i] = c.post(t, s.url, concurrentBody, header)
			})
		}
		close(start)
		wg.Wait()
		ok := 0
		for i, r := range replies {
			switch {
			case r.Status == http.StatusOK:
				ok++
				s.settled(t, r)
			case r.Status == http.StatusPaymentRequired && challengeError(t, r) == echox402.MsgAlreadyUsed:
			default:
				t.Errorf("request %d: status %d: %s", i, r.Status, r.Body)
			}
		}
		if ok != 1 {
			t.Errorf("%d of %d concurrent uses were served, want exactly 1", ok, concurrentUse)
		}
		paytest.CheckMoved(t, before, s.snapshot(t), s.price)
		if got := s.researches() - researched; got != 1 {
			t.Errorf("research ran %d times, want 1", got)
		}
		from, nonce := paytest.AuthorizationOf(t, header)
		if !s.Used(t, from, nonce) {
			t.Error("authorization not used on chain")
		}
	})

	t.Run("insufficient evidence (422) settles nothing and releases the authorization", func(t *testing.T) {
		body := signalsBody(quietCompany(t, s.world), 90)
		header := c.signed(t, s.PayerKey, s.url, body)
		before, researched := s.snapshot(t), s.researches()
		r := c.post(t, s.url, body, header)
		if r.Status != http.StatusUnprocessableEntity || errorCode(t, r.Body) != "insufficient_evidence" {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		if h := r.Header.Get(x402.HeaderPaymentResponse); h != "" {
			t.Errorf("a failed request's response carries PAYMENT-RESPONSE %s", h)
		}
		if got := s.researches() - researched; got != 1 {
			t.Errorf("research ran %d times, want 1", got)
		}
		s.uncharged(t, c, header, before)
	})

	t.Run("upstream failure (502) settles nothing and releases the authorization", func(t *testing.T) {
		header := c.signed(t, s.PayerKey, s.url, failingBody)
		before, calls := s.snapshot(t), s.world.Calls()
		s.world.FailAll(sourcetest.Fault500)
		t.Cleanup(func() { s.world.FailAll("") })
		for i := range 2 { // the second attempt reaches the handler only if the first released the authorization
			r := c.post(t, s.url, failingBody, header)
			if r.Status != http.StatusBadGateway || errorCode(t, r.Body) != "upstream_failure" {
				t.Fatalf("attempt %d: status %d: %s", i, r.Status, r.Body)
			}
			if h := r.Header.Get(x402.HeaderPaymentResponse); h != "" {
				t.Errorf("attempt %d: a failed request's response carries PAYMENT-RESPONSE %s", i, h)
			}
			n := s.world.Calls()
			if n == calls {
				t.Errorf("attempt %d made no upstream call: the handler did not run", i)
			}
			calls = n
		}
		s.world.FailAll("")
		s.uncharged(t, c, header, before)
	})

	t.Run("failed settlement withholds the response", func(t *testing.T) {
		header := c.signed(t, s.PayerKey, s.url, frontRunBody)
		from, nonce := paytest.AuthorizationOf(t, header)
		before, researched := s.snapshot(t), s.researches()
		// When research reaches Google News, the authorization is spent on
		// chain by someone else; research completes, settlement must fail.
		frontRuns := s.frontRun(t, paidCompany, func() string { return header })
		r := c.post(t, s.url, frontRunBody, header)
		if n := frontRuns.Load(); n != 1 {
			t.Fatalf("the authorization was front-run %d times, want 1", n)
		}
		if r.Status != http.StatusPaymentRequired || errorCode(t, r.Body) != echox402.CodeSettlementFailed {
			t.Fatalf("status %d, want 402 %s: %s", r.Status, echox402.CodeSettlementFailed, r.Body)
		}
		if bytes.Contains(r.Body, []byte(paidCompany)) || bytes.Contains(r.Body, []byte(`"signals"`)) {
			t.Errorf("the research leaked although settlement failed: %s", r.Body)
		}
		sr := settlementOf(t, r)
		if sr.Success || sr.ErrorReason != x402.ReasonNonceAlreadyUsed || !strings.EqualFold(sr.Payer, s.Payer.Hex()) || sr.Network != x402.NetworkBase {
			t.Errorf("PAYMENT-RESPONSE = %+v, want failure %s for the payer", sr, x402.ReasonNonceAlreadyUsed)
		}
		if got := s.researches() - researched; got != 1 {
			t.Errorf("research ran %d times, want 1", got)
		}
		paytest.CheckMoved(t, before, s.snapshot(t), s.price) // once: by the front-run, never twice
		if !s.Used(t, from, nonce) {
			t.Error("the spent authorization is not used on chain")
		}
		s.checkReserved(t, header, true)
		r = c.post(t, s.url, frontRunBody, header)
		if r.Status != http.StatusPaymentRequired || challengeError(t, r) != echox402.MsgAlreadyUsed {
			t.Errorf("retry after a failed settlement: status %d: %s", r.Status, r.Body)
		}
	})

	t.Run("invalid input is never challenged nor charged", func(t *testing.T) {
		header := c.signed(t, s.PayerKey, s.url, paidBody)
		before, calls := s.snapshot(t), s.world.Calls()
		tests := []struct {
			name, body string
			paid       bool
			status     int
			code       string
		}{
			{"unknown field, unpaid", `{"company":"` + paidCompany + `","x":1}`, false, 400, "invalid_request"},
			{"unknown field, paid", `{"company":"` + paidCompany + `","x":1}`, true, 400, "invalid_request"},
			{"lookback out of range, paid", `{"company":"` + paidCompany + `","lookbackDays":3}`, true, 400, "invalid_request"},
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
				r := c.post(t, s.url, tt.body, h)
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
		if got := s.world.Calls() - calls; got != 0 {
			t.Errorf("invalid input made %d upstream calls", got)
		}
		s.uncharged(t, c, header, before)
	})
}

// TestE2EFacilitatorUnreachable runs the service with the built-in
// facilitator pointed at a closed port: challenges are still answered, a
// signed payment gets 503 payment_facilitator_unavailable (never 500) and
// nothing is delivered nor researched; the authorization is not burnt.
func TestE2EFacilitatorUnreachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	payeeKey, err := x402test.DevKey(x402test.PayeeKey)
	if err != nil {
		t.Fatal(err)
	}
	payee := crypto.PubkeyToAddress(payeeKey.PublicKey)
	w := sourcetest.StartWorld(t, time.Now().UTC())
	env := w.Env()
	maps.Copy(env, paytest.Env(closed, payee.Hex(), x402test.DevKey0Hex))
	url := apptest.Boot(t, service.Run, env) + httpapi.PathSignals
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	c := newE2EClient(t)

	pr := c.challenge(t, url, paidBody)
	if len(pr.Accepts) != 1 || pr.Accepts[0].Amount != signalsPrice(t).String() || pr.Accepts[0].PayTo != payee.Hex() {
		t.Fatalf("challenge = %+v", pr)
	}
	header := c.signed(t, key, url, paidBody)
	for i := range 2 { // a released authorization meets the same answer, not "already used"
		r := c.post(t, url, paidBody, header)
		if r.Status != http.StatusServiceUnavailable || errorCode(t, r.Body) != echox402.CodeFacilitatorUnavailable {
			t.Fatalf("attempt %d: status %d, want 503 %s: %s", i, r.Status, echox402.CodeFacilitatorUnavailable, r.Body)
		}
		if r.Header.Get(x402.HeaderPaymentResponse) != "" {
			t.Errorf("attempt %d: PAYMENT-RESPONSE on an unverified payment", i)
		}
	}
	if n := w.Calls(); n != 0 {
		t.Fatalf("%d upstream calls without a verified payment: the handler ran", n)
	}
}

// TestE2EBriefPaymentsOnChain pays for a deal brief on a local chain
// through the built-in facilitator: a 200 moves exactly the brief's price
// (250000, as the contract announces), a 422 and a 502 move nothing and
// leave the authorization unused.
func TestE2EBriefPaymentsOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and the fixture world")
	}
	t.Parallel()
	s := startPaidService(t, big.NewInt(100_000_000), nil)
	s.url, s.price = s.base+httpapi.PathBrief, priceOf(t, httpapi.PathBrief)
	if s.price.Cmp(big.NewInt(250000)) != 0 {
		t.Fatalf("the contract prices the deal brief at %s, want 250000", s.price)
	}
	c := newE2EClient(t)
	const seller = `{"product":"Workforce scheduling software for warehouse teams"}`

	t.Run("a paid brief moves exactly the price", func(t *testing.T) {
		body := briefBody(paidCompany, seller, 0)
		header := c.signed(t, s.PayerKey, s.url, body)
		before := s.snapshot(t)
		r := c.post(t, s.url, body, header)
		if r.Status != http.StatusOK {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		var d struct {
			Company       struct{ Domain string }
			Qualification struct{ FitAssessed bool }
		}
		if err := json.Unmarshal(r.Body, &d); err != nil || d.Company.Domain != paidCompany || !d.Qualification.FitAssessed {
			t.Errorf("body = %.300s (%v)", r.Body, err)
		}
		s.settled(t, r)
		paytest.CheckMoved(t, before, s.snapshot(t), s.price)
		from, nonce := paytest.AuthorizationOf(t, header)
		if !s.Used(t, from, nonce) {
			t.Error("authorization not used on chain after the paid brief")
		}
	})

	t.Run("a 422 brief moves nothing", func(t *testing.T) {
		body := briefBody(briefless(t, s.world), seller, 0)
		header := c.signed(t, s.PayerKey, s.url, body)
		before := s.snapshot(t)
		r := c.post(t, s.url, body, header)
		if r.Status != http.StatusUnprocessableEntity || errorCode(t, r.Body) != "insufficient_evidence" {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		if h := r.Header.Get(x402.HeaderPaymentResponse); h != "" {
			t.Errorf("a failed request's response carries PAYMENT-RESPONSE %s", h)
		}
		s.unchanged(t, before)
		if from, nonce := paytest.AuthorizationOf(t, header); s.Used(t, from, nonce) {
			t.Error("authorization used on chain although nothing was delivered")
		}
	})

	t.Run("a 502 brief moves nothing", func(t *testing.T) {
		body := briefBody(failingCompany, seller, 20)
		header := c.signed(t, s.PayerKey, s.url, body)
		before := s.snapshot(t)
		s.world.FailAll(sourcetest.Fault500)
		t.Cleanup(func() { s.world.FailAll("") })
		r := c.post(t, s.url, body, header)
		if r.Status != http.StatusBadGateway || errorCode(t, r.Body) != "upstream_failure" {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		if h := r.Header.Get(x402.HeaderPaymentResponse); h != "" {
			t.Errorf("a failed request's response carries PAYMENT-RESPONSE %s", h)
		}
		s.unchanged(t, before)
		if from, nonce := paytest.AuthorizationOf(t, header); s.Used(t, from, nonce) {
			t.Error("authorization used on chain although nothing was delivered")
		}
	})
}
