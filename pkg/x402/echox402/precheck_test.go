package echox402_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// countingReplay counts reservations, to prove a refusal never touched
// the replay store.
type countingReplay struct {
	echox402.ReplayStore
	reserves atomic.Int32
}

func (c *countingReplay) Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	c.reserves.Add(1)
	return c.ReplayStore.Reserve(ctx, key, ttl)
}

// signing describes one payment to build against a challenge: what is
// signed (req mutated from the offer), by whom, when, with which nonce,
// and what is changed afterwards. accepted is the offer unless changed.
type signing struct {
	key      *ecdsa.PrivateKey
	at       time.Time
	nonce    byte
	req      func(*x402.PaymentRequirements)
	accepted func(*x402.PaymentRequirements)
	payload  func(*x402.ExactEVMPayload)
}

func signPayment(t testing.TB, challengeHeader string, s signing) string {
	t.Helper()
	pr, err := x402.DecodePaymentRequired(challengeHeader)
	if err != nil {
		t.Fatal(err)
	}
	offer := pr.Accepts[0]
	signed := offer
	if s.req != nil {
		s.req(&signed)
	}
	if s.at.IsZero() {
		s.at = testNow
	}
	nonce := bytes.Repeat([]byte{s.nonce}, 32)
	p, err := client.SignExact(s.key, signed, pr, s.at, bytes.NewReader(nonce))
	if err != nil {
		t.Fatal(err)
	}
	p.Accepted = offer
	if s.accepted != nil {
		s.accepted(&p.Accepted)
	}
	if s.payload != nil {
		evm, err := x402.ExactEVMPayloadOf(p)
		if err != nil {
			t.Fatal(err)
		}
		s.payload(&evm)
		if p.Payload, err = json.Marshal(evm); err != nil {
			t.Fatal(err)
		}
	}
	h, err := x402.EncodeHeader(p)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func otherKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d") // anvil account #1
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestPreCheckRefusesLocally: a forged or mismatched payment is refused
// with the reason before the replay store or the facilitator is touched,
// so the genuine authorization with the same (from, nonce) still pays.
func TestPreCheckRefusesLocally(t *testing.T) {
	key, other := testKey(t), otherKey(t)
	payer := crypto.PubkeyToAddress(key.PublicKey).Hex()
	const elsewhere = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
	tests := []struct {
		name   string
		s      signing
		reason string
	}{
		{name: "forged signature (another key signs for the payer)", reason: x402.ReasonInvalidSignature,
			s: signing{key: other, payload: func(p *x402.ExactEVMPayload) { p.Authorization.From = payer }}},
		{name: "authorization pays another address", reason: x402.ReasonRecipientMismatch,
			s: signing{key: key, req: func(r *x402.PaymentRequirements) { r.PayTo = elsewhere }}},
		{name: "authorization for a smaller amount", reason: x402.ReasonAuthorizationValueMismatch,
			s: signing{key: key, req: func(r *x402.PaymentRequirements) { r.Amount = "1" }}},
		{name: "signed for another asset (EIP-712 verifying contract)", reason: x402.ReasonInvalidSignature,
			s: signing{key: key, req: func(r *x402.PaymentRequirements) { r.Asset = x402.USDCBaseSepoliaAddress }}},
		{name: "signed for another network (EIP-712 chain id)", reason: x402.ReasonInvalidSignature,
			s: signing{key: key, req: func(r *x402.PaymentRequirements) { r.Network = x402.NetworkBaseSepolia }}},
		{name: "accepted names another network", reason: echox402.MsgNoMatch,
			s: signing{key: key, accepted: func(r *x402.PaymentRequirements) { r.Network = x402.NetworkBaseSepolia }}},
		{name: "accepted names another payTo", reason: echox402.MsgNoMatch,
			s: signing{key: key, accepted: func(r *x402.PaymentRequirements) { r.PayTo = elsewhere }}},
		{name: "expired (validBefore in the past)", reason: x402.ReasonValidBefore,
			s: signing{key: key, at: testNow.Add(-10 * time.Minute)}},
		{name: "expires within the settlement margin", reason: x402.ReasonValidBefore,
			s: signing{key: key, at: testNow.Add(-297 * time.Second)}},
		{name: "valid for ten years (beyond the offered maxTimeoutSeconds)", reason: x402.ReasonValidBefore,
			s: signing{key: key, req: func(r *x402.PaymentRequirements) { r.MaxTimeoutSeconds = 10 * 365 * 24 * 3600 }}},
		{name: "not valid yet (validAfter in the future)", reason: x402.ReasonValidAfter,
			s: signing{key: key, at: testNow.Add(11 * time.Minute)}},
		{name: "truncated signature", reason: x402.ReasonSignatureFormat,
			s: signing{key: key, payload: func(p *x402.ExactEVMPayload) { p.Signature = p.Signature[:40] }}},
		{name: "malformed nonce", reason: x402.ReasonInvalidExactEVMPayload,
			s: signing{key: key, payload: func(p *x402.ExactEVMPayload) { p.Authorization.Nonce = "0x1234" }}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var replay *countingReplay
			f := newFixture(t, func(c *echox402.Config) {
				replay = &countingReplay{ReplayStore: c.Replay}
				c.Replay = replay
			})
			chal := f.challenge(t, "/v1/paid/1")
			tt.s.nonce = byte(i + 1)
			pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: signPayment(t, chal, tt.s)}))
			if pr.Error != tt.reason {
				t.Fatalf("error = %q, want %q", pr.Error, tt.reason)
			}
			if v, s, r, h := f.fac.verifies.Load(), f.fac.settles.Load(), replay.reserves.Load(), f.handled.Load(); v != 0 || s != 0 || r != 0 || h != 0 {
				t.Fatalf("verifies %d settles %d reservations %d handled %d; want none", v, s, r, h)
			}
			// The genuine authorization with the same payer and nonce was
			// not blocked by a reservation.
			good := signPayment(t, chal, signing{key: key, nonce: byte(i + 1)})
			if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: good}); rec.Code != http.StatusOK {
				t.Fatalf("genuine payment after the refusal: status %d body %s", rec.Code, rec.Body)
			}
		})
	}
}

// TestPreCheckLeavesContractWalletsToTheFacilitator: a signature longer
// than 65 bytes (EIP-1271, ERC-6492) cannot be checked without a chain and
// goes on to the facilitator.
func TestPreCheckLeavesContractWalletsToTheFacilitator(t *testing.T) {
	f := newFixture(t, nil)
	h := signPayment(t, f.challenge(t, "/v1/paid/1"), signing{key: testKey(t), payload: func(p *x402.ExactEVMPayload) {
		p.Signature = hexutil.Encode(bytes.Repeat([]byte{0xab}, 96))
	}})
	pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h}))
	if pr.Error != x402.ReasonUndeployedSmartWallet || f.fac.verifies.Load() != 1 {
		t.Fatalf("error %q verifies %d; want the facilitator's %q", pr.Error, f.fac.verifies.Load(), x402.ReasonUndeployedSmartWallet)
	}
}

// mutableClock is a clock tests move forward.
type mutableClock struct{ offset atomic.Int64 }

func (m *mutableClock) now() time.Time          { return testNow.Add(time.Duration(m.offset.Load())) }
func (m *mutableClock) advance(d time.Duration) { m.offset.Add(int64(d)) }

func (f *fixture) doFrom(remote string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "/v1/paid/1", nil)
	req.RemoteAddr = remote
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.e.ServeHTTP(rec, req)
	return rec
}

func checkLimited(t *testing.T, rec *httptest.ResponseRecorder, retryAfter string) {
	t.Helper()
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != retryAfter {
		t.Fatalf("status %d Retry-After %q, want 429 with %q (body %s)", rec.Code, rec.Header().Get("Retry-After"), retryAfter, rec.Body)
	}
	var env struct {
		Error struct {
			Code    string         `json:"code"`
			Details map[string]any `json:"details"`
		} `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Error.Code != echox402.CodePaymentFailuresRateLimited ||
		env.Error.Details["retryAfterSeconds"] == nil {
		t.Fatalf("body %s", rec.Body)
	}
	if rec.Header().Get(x402.HeaderPaymentRequired) != "" {
		t.Fatal("a limited request carries no challenge")
	}
}

func TestFailureLimiter(t *testing.T) {
	clk := &mutableClock{}
	f := newFixture(t, func(c *echox402.Config) {
		c.FailureLimit, c.FailureWindow, c.Now = 3, time.Minute, clk.now
	})
	chal := f.challenge(t, "/v1/paid/1")
	key := testKey(t)
	nonce := byte(0)
	valid := func() map[string]string {
		nonce++
		// Signed at the fixture facilitator's fixed clock (testNow): the
		// middleware's clock moves by at most a minute, well inside the
		// authorization's window on both sides.
		return map[string]string{x402.HeaderPaymentSignature: signPayment(t, chal, signing{key: key, nonce: nonce, at: testNow})}
	}
	bad := map[string]string{x402.HeaderPaymentSignature: "not_base64-url"}
	const a, b = "198.51.100.7:4000", "198.51.100.8:4000"

	// Unpaid requests never count.
	for range 5 {
		if rec := f.doFrom(a, nil); rec.Code != http.StatusPaymentRequired {
			t.Fatalf("unpaid: %d", rec.Code)
		}
	}
	for range 3 {
		if rec := f.doFrom(a, bad); rec.Code != http.StatusPaymentRequired {
			t.Fatalf("refused payment: %d", rec.Code)
		}
	}
	verifies := f.fac.verifies.Load()
	// Past the limit even a valid payment is not looked at.
	checkLimited(t, f.doFrom(a, valid()), "60")
	if f.fac.verifies.Load() != verifies || f.handled.Load() != 0 {
		t.Fatal("a limited request reached the facilitator or the handler")
	}
	// An unpaid request still gets its challenge; another address pays.
	if rec := f.doFrom(a, nil); rec.Code != http.StatusPaymentRequired {
		t.Fatalf("unpaid request of a limited client: %d, want the 402 challenge", rec.Code)
	}
	if rec := f.doFrom(b, valid()); rec.Code != http.StatusOK {
		t.Fatalf("other client: %d %s", rec.Code, rec.Body)
	}
	clk.advance(30*time.Second + 300*time.Millisecond)
	checkLimited(t, f.doFrom(a, valid()), "30") // 29.7 s rounded up
	clk.advance(30 * time.Second)
	if rec := f.doFrom(a, valid()); rec.Code != http.StatusOK {
		t.Fatalf("after the window: %d %s", rec.Code, rec.Body)
	}
}

func TestFailureLimiterCounts(t *testing.T) {
	key := testKey(t)
	tests := []struct {
		name    string
		refused func(t *testing.T, f *fixture, chal string) map[string]string
		counted bool
	}{
		{name: "pre-check refusal", counted: true, refused: func(t *testing.T, f *fixture, chal string) map[string]string {
			return map[string]string{x402.HeaderPaymentSignature: signPayment(t, chal, signing{key: otherKey(t), nonce: 1,
				payload: func(p *x402.ExactEVMPayload) { p.Authorization.From = crypto.PubkeyToAddress(key.PublicKey).Hex() }})}
		}},
		{name: "no matching offer", counted: true, refused: func(t *testing.T, f *fixture, chal string) map[string]string {
			return map[string]string{x402.HeaderPaymentSignature: signPayment(t, chal, signing{key: key, nonce: 1,
				accepted: func(r *x402.PaymentRequirements) { r.Amount = "1" }})}
		}},
		{name: "verify rejection", counted: true, refused: func(t *testing.T, f *fixture, chal string) map[string]string {
			f.chain.set(func(c *fakeChain) { c.balance = 1 })
			h := signPayment(t, chal, signing{key: key, nonce: 1})
			rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h})
			f.chain.set(func(c *fakeChain) { c.balance = 1_000_000_000 })
			if pr := decodeChallenge(t, rec); pr.Error != x402.ReasonInsufficientBalance {
				t.Fatalf("error %q", pr.Error)
			}
			return nil
		}},
		{name: "replayed authorization", counted: false, refused: func(t *testing.T, f *fixture, chal string) map[string]string {
			h := signPayment(t, chal, signing{key: key, nonce: 1})
			if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h}); rec.Code != http.StatusOK {
				t.Fatalf("first use: %d", rec.Code)
			}
			return map[string]string{x402.HeaderPaymentSignature: h}
		}},
		{name: "facilitator unavailable", counted: false, refused: func(t *testing.T, f *fixture, chal string) map[string]string {
			f.fac.verifyDown.Store(true)
			rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: signPayment(t, chal, signing{key: key, nonce: 1})})
			f.fac.verifyDown.Store(false)
			if rec.Code != http.StatusServiceUnavailable {
				t.Fatalf("status %d", rec.Code)
			}
			return nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *echox402.Config) { c.FailureLimit = 1 })
			chal := f.challenge(t, "/v1/paid/1")
			if h := tt.refused(t, f, chal); h != nil {
				if rec := f.do(http.MethodGet, "/v1/paid/1", h); rec.Code != http.StatusPaymentRequired {
					t.Fatalf("refused payment: status %d", rec.Code)
				}
			}
			rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: signPayment(t, chal, signing{key: key, nonce: 2})})
			if limited := rec.Code == http.StatusTooManyRequests; limited != tt.counted {
				t.Fatalf("next valid payment: status %d, counted %v", rec.Code, tt.counted)
			}
		})
	}
}

func TestFailureLimiterDisabled(t *testing.T) {
	f := newFixture(t, func(c *echox402.Config) { c.FailureLimit = -1 })
	for range echox402.DefaultFailureLimit + 5 {
		if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: "not_base64-url"}); rec.Code != http.StatusPaymentRequired {
			t.Fatalf("status %d with the limiter off", rec.Code)
		}
	}
}

func TestFailureLimiterDefault(t *testing.T) {
	f := newFixture(t, nil)
	bad := map[string]string{x402.HeaderPaymentSignature: "not_base64-url"}
	for range echox402.DefaultFailureLimit {
		if rec := f.do(http.MethodGet, "/v1/paid/1", bad); rec.Code != http.StatusPaymentRequired {
			t.Fatalf("status %d before the default limit", rec.Code)
		}
	}
	checkLimited(t, f.do(http.MethodGet, "/v1/paid/1", bad), "60")
}

func TestFailureLimiterClientAddress(t *testing.T) {
	bad := func(xff string) map[string]string {
		return map[string]string{x402.HeaderPaymentSignature: "not_base64-url", "X-Forwarded-For": xff}
	}
	tests := []struct {
		name              string
		trust             bool
		first, second     string // RemoteAddr
		xff1, xff2        string
		wantSecondLimited bool
	}{
		{name: "same address", first: "198.51.100.7:1", second: "198.51.100.7:2", wantSecondLimited: true},
		{name: "forwarded header ignored by default", first: "198.51.100.7:1", second: "198.51.100.7:2",
			xff1: "203.0.113.1", xff2: "203.0.113.2", wantSecondLimited: true},
		{name: "forwarded header honoured when trusted", trust: true, first: "198.51.100.7:1", second: "198.51.100.7:2",
			xff1: "203.0.113.1", xff2: "203.0.113.2"},
		{name: "forwarded client limited when trusted", trust: true, first: "198.51.100.7:1", second: "198.51.100.9:2",
			xff1: "203.0.113.1", xff2: "203.0.113.1", wantSecondLimited: true},
		{name: "IPv6 counted per /64", first: "[2001:db8::1]:1", second: "[2001:db8::ffff]:2", wantSecondLimited: true},
		{name: "another IPv6 /64", first: "[2001:db8::1]:1", second: "[2001:db8:0:1::1]:2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *echox402.Config) { c.FailureLimit, c.TrustForwardedHeaders = 1, tt.trust })
			if rec := f.doFrom(tt.first, bad(tt.xff1)); rec.Code != http.StatusPaymentRequired {
				t.Fatalf("first: %d", rec.Code)
			}
			rec := f.doFrom(tt.second, bad(tt.xff2))
			if limited := rec.Code == http.StatusTooManyRequests; limited != tt.wantSecondLimited {
				t.Fatalf("second: status %d, want limited %v", rec.Code, tt.wantSecondLimited)
			}
		})
	}
}

func TestRateLimitedErrorWithoutPlatform(t *testing.T) {
	f := newFixture(t, func(c *echox402.Config) { c.FailureLimit = 1 })
	f.e.HTTPErrorHandler = echox402.ErrorHandler(f.e.DefaultHTTPErrorHandler)
	bad := map[string]string{x402.HeaderPaymentSignature: "not_base64-url"}
	f.do(http.MethodGet, "/v1/paid/1", bad)
	rec := f.do(http.MethodGet, "/v1/paid/1", bad)
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" ||
		!strings.Contains(rec.Body.String(), echox402.CodePaymentFailuresRateLimited) {
		t.Fatalf("status %d headers %v body %s", rec.Code, rec.Header(), rec.Body)
	}
}

func TestObserveRefusals(t *testing.T) {
	var got []string
	f := newFixture(t, func(c *echox402.Config) {
		c.FailureLimit = 1
		c.Observe = func(_ context.Context, route, outcome string) { got = append(got, route+" "+outcome) }
	})
	forged := signPayment(t, f.challenge(t, "/v1/paid/1"), signing{key: otherKey(t), nonce: 1,
		payload: func(p *x402.ExactEVMPayload) {
			p.Authorization.From = crypto.PubkeyToAddress(testKey(t).PublicKey).Hex()
		}})
	f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: forged})
	f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: forged})
	want := []string{"GET /v1/paid/:id " + echox402.OutcomePreCheckRefused, "GET /v1/paid/:id " + echox402.OutcomeRateLimited}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("observed %v, want %v", got, want)
	}
}
