package echox402_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

type fixture struct {
	e        *echo.Echo
	chain    *fakeChain
	fac      *countingFacilitator
	replay   echox402.ReplayStore
	handled  atomic.Int32
	payments chan echox402.Payment
}

type failingStore struct{}

func (failingStore) Reserve(context.Context, string, time.Duration) (bool, error) {
	return false, errors.New("redis: connection refused")
}
func (failingStore) Release(context.Context, string) error {
	return errors.New("redis: connection refused")
}

func newFixture(t *testing.T, tweak func(*echox402.Config)) *fixture {
	t.Helper()
	f := &fixture{chain: newFakeChain(), payments: make(chan echox402.Payment, 100)}
	f.fac = newFacilitator(t, f.chain)
	f.replay = echox402.NewMemoryReplayStore(clock)
	cfg := echox402.Config{
		Routes: map[string]echox402.Route{
			"GET /v1/paid/:id": {Amount: "250000", Description: "A paid thing", MimeType: "application/json",
				Discovery: &echox402.Bazaar{Info: json.RawMessage(`{"input":{"type":"http","method":"GET"}}`), Schema: json.RawMessage(`{"type":"object"}`)}},
			"GET /v1/bad":  {Amount: "250000"},
			"GET /v1/boom": {Amount: "250000"},
		},
		PayTo: payTo, Facilitator: f.fac, Replay: f.replay, Now: clock,
	}
	if tweak != nil {
		tweak(&cfg)
	}
	mw, err := cfg.ToMiddleware()
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	// Emulates the platform's error handler contract.
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		var pe interface {
			error
			HTTPStatus() int
			ErrorCode() string
			ErrorDetails() map[string]any
		}
		if errors.As(err, &pe) {
			_ = c.JSON(pe.HTTPStatus(), map[string]any{"error": map[string]any{"code": pe.ErrorCode(), "message": "payment error", "details": pe.ErrorDetails()}})
			return
		}
		e.DefaultHTTPErrorHandler(err, c)
	}
	e.Use(mw)
	e.GET("/v1/paid/:id", func(c echo.Context) error {
		f.handled.Add(1)
		if p, ok := echox402.PaymentFrom(c); ok {
			f.payments <- p
		}
		c.Response().Header().Set("X-Handler", "yes")
		return c.JSON(http.StatusOK, map[string]string{"secret": "delivered-content"})
	})
	e.GET("/v1/bad", func(c echo.Context) error {
		f.handled.Add(1)
		return echo.NewHTTPError(http.StatusBadRequest, "bad input")
	})
	e.GET("/v1/boom", func(c echo.Context) error {
		f.handled.Add(1)
		return c.JSON(http.StatusInternalServerError, map[string]string{"handler": "failed"})
	})
	e.GET("/free", func(c echo.Context) error { return c.String(http.StatusOK, "free") })
	f.e = e
	return f
}

func (f *fixture) do(method, target string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.e.ServeHTTP(rec, req)
	return rec
}

// challenge fetches a fresh PAYMENT-REQUIRED header for path.
func (f *fixture) challenge(t *testing.T, path string) string {
	t.Helper()
	rec := f.do(http.MethodGet, path, nil)
	if rec.Code != http.StatusPaymentRequired {
		t.Fatalf("unpaid %s: status %d", path, rec.Code)
	}
	return rec.Header().Get(x402.HeaderPaymentRequired)
}

func decodeChallenge(t *testing.T, rec *httptest.ResponseRecorder) x402.PaymentRequired {
	t.Helper()
	if rec.Code != http.StatusPaymentRequired {
		t.Fatalf("status = %d, body %s", rec.Code, rec.Body)
	}
	pr, err := x402.DecodePaymentRequired(rec.Header().Get(x402.HeaderPaymentRequired))
	if err != nil {
		t.Fatalf("PAYMENT-REQUIRED: %v", err)
	}
	var body x402.PaymentRequired
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("body: %v", err)
	}
	hb, _ := json.Marshal(pr)
	bb, _ := json.Marshal(body)
	if string(hb) != string(bb) {
		t.Fatalf("header and body differ:\n%s\n%s", hb, bb)
	}
	return pr
}

func TestChallenge(t *testing.T) {
	f := newFixture(t, nil)
	pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/42?x=1", nil))
	if pr.X402Version != 2 || pr.Error != echox402.MsgPaymentRequired {
		t.Fatalf("challenge = %+v", pr)
	}
	if pr.Resource.URL != "http://example.com/v1/paid/42?x=1" || pr.Resource.Description != "A paid thing" || pr.Resource.MimeType != "application/json" {
		t.Fatalf("resource = %+v", pr.Resource)
	}
	want := x402.PaymentRequirements{Scheme: "exact", Network: x402.NetworkBase, Amount: "250000", Asset: x402.USDCBaseAddress,
		PayTo: payTo, MaxTimeoutSeconds: 300, Extra: map[string]any{"name": "USD Coin", "version": "2"}}
	got := pr.Accepts[0]
	if len(pr.Accepts) != 1 || !x402.SameTerms(got, want) || got.MaxTimeoutSeconds != 300 || got.ExtraString("name") != "USD Coin" || got.ExtraString("version") != "2" {
		t.Fatalf("accepts = %+v", pr.Accepts)
	}
	var bazaar echox402.Bazaar
	if err := json.Unmarshal(pr.Extensions["bazaar"], &bazaar); err != nil || !strings.Contains(string(bazaar.Info), `"method":"GET"`) {
		t.Fatalf("bazaar = %s", pr.Extensions["bazaar"])
	}
	if f.handled.Load() != 0 || f.fac.verifies.Load() != 0 {
		t.Fatal("handler or facilitator called for an unpaid request")
	}
}

func TestRefusedPayments(t *testing.T) {
	key := testKey(t)
	tests := []struct {
		name         string
		headers      func(t *testing.T, f *fixture) map[string]string
		wantError    string
		prefix       bool
		skipPreCheck bool
	}{
		{name: "v1 X-PAYMENT header", headers: func(*testing.T, *fixture) map[string]string {
			return map[string]string{"X-PAYMENT": "eyJ4NDAyVmVyc2lvbiI6MX0="}
		}, wantError: echox402.MsgV1NotSupported},
		{name: "v1 payload in PAYMENT-SIGNATURE", headers: func(*testing.T, *fixture) map[string]string {
			return map[string]string{x402.HeaderPaymentSignature: base64.StdEncoding.EncodeToString([]byte(`{"x402Version":1,"scheme":"exact"}`))}
		}, wantError: echox402.MsgV1NotSupported},
		{name: "undecodable header", headers: func(*testing.T, *fixture) map[string]string {
			return map[string]string{x402.HeaderPaymentSignature: "not_base64-url"}
		}, wantError: "invalid PAYMENT-SIGNATURE: ", prefix: true},
		{name: "accepted amount below the price", headers: func(t *testing.T, f *fixture) map[string]string {
			return map[string]string{x402.HeaderPaymentSignature: pay(t, key, f.challenge(t, "/v1/paid/1"), func(r *x402.PaymentRequirements) { r.Amount = "249999" })}
		}, wantError: echox402.MsgNoMatch},
		{name: "accepted for another network", headers: func(t *testing.T, f *fixture) map[string]string {
			return map[string]string{x402.HeaderPaymentSignature: pay(t, key, f.challenge(t, "/v1/paid/1"), func(r *x402.PaymentRequirements) {
				r.Network, r.Asset = x402.NetworkBaseSepolia, x402.USDCBaseSepoliaAddress
			})}
		}, wantError: echox402.MsgNoMatch},
		{name: "signed with the wrong token name", headers: func(t *testing.T, f *fixture) map[string]string {
			h := pay(t, key, f.challenge(t, "/v1/paid/1"), func(r *x402.PaymentRequirements) { r.Extra = map[string]any{"name": "USDC", "version": "2"} })
			return map[string]string{x402.HeaderPaymentSignature: h}
		}, wantError: x402.ReasonInvalidSignature}, // refused by the pre-check
		{name: "signed with the wrong token name, pre-check off", skipPreCheck: true, headers: func(t *testing.T, f *fixture) map[string]string {
			h := pay(t, key, f.challenge(t, "/v1/paid/1"), func(r *x402.PaymentRequirements) { r.Extra = map[string]any{"name": "USDC", "version": "2"} })
			return map[string]string{x402.HeaderPaymentSignature: h}
		}, wantError: x402.ReasonUndeployedSmartWallet}, // the facilitator's answer
		{name: "payer balance too low", headers: func(t *testing.T, f *fixture) map[string]string {
			f.chain.set(func(c *fakeChain) { c.balance = 1 })
			return map[string]string{x402.HeaderPaymentSignature: pay(t, key, f.challenge(t, "/v1/paid/1"), nil)}
		}, wantError: x402.ReasonInsufficientBalance},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *echox402.Config) { c.SkipPreCheck = tt.skipPreCheck })
			rec := f.do(http.MethodGet, "/v1/paid/1", tt.headers(t, f))
			pr := decodeChallenge(t, rec)
			if tt.prefix && !strings.HasPrefix(pr.Error, tt.wantError) || !tt.prefix && pr.Error != tt.wantError {
				t.Fatalf("error = %q, want %q", pr.Error, tt.wantError)
			}
			if f.handled.Load() != 0 || f.fac.settles.Load() != 0 || f.chain.sends != 0 {
				t.Fatalf("handled %d settles %d sends %d; want none", f.handled.Load(), f.fac.settles.Load(), f.chain.sends)
			}
		})
	}
}

func TestPaidRequest(t *testing.T) {
	f := newFixture(t, nil)
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/7"), nil)
	rec := f.do(http.MethodGet, "/v1/paid/7", map[string]string{x402.HeaderPaymentSignature: h})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "delivered-content") || rec.Header().Get("X-Handler") != "yes" {
		t.Fatalf("status %d headers %v body %s", rec.Code, rec.Header(), rec.Body)
	}
	sr, err := x402.DecodeSettleResponse(rec.Header().Get(x402.HeaderPaymentResponse))
	if err != nil || !sr.Success || sr.Transaction == "" || sr.Network != x402.NetworkBase {
		t.Fatalf("PAYMENT-RESPONSE = %+v err %v", sr, err)
	}
	p := <-f.payments
	if !strings.EqualFold(p.Payer, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266") || p.Amount != "250000" || p.Network != x402.NetworkBase {
		t.Fatalf("payment seen by handler = %+v", p)
	}
	if f.fac.settles.Load() != 1 || f.chain.sends != 1 {
		t.Fatalf("settles %d sends %d", f.fac.settles.Load(), f.chain.sends)
	}

	// The same authorization again is refused before the facilitator.
	verifies := f.fac.verifies.Load()
	pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/7", map[string]string{x402.HeaderPaymentSignature: h}))
	if pr.Error != echox402.MsgAlreadyUsed || f.fac.verifies.Load() != verifies || f.handled.Load() != 1 {
		t.Fatalf("replay: error %q verifies %d handled %d", pr.Error, f.fac.verifies.Load(), f.handled.Load())
	}
}

func TestPaymentTransactionVisibleAfterSettlement(t *testing.T) {
	f := newFixture(t, nil)
	var after echox402.Payment
	f.e.Pre(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			err := next(c)
			after, _ = echox402.PaymentFrom(c)
			return err
		}
	})
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/7"), nil)
	rec := f.do(http.MethodGet, "/v1/paid/7", map[string]string{x402.HeaderPaymentSignature: h})
	sr, _ := x402.DecodeSettleResponse(rec.Header().Get(x402.HeaderPaymentResponse))
	if (<-f.payments).Transaction != "" || after.Transaction == "" || after.Transaction != sr.Transaction {
		t.Fatalf("after = %+v, settle = %+v", after, sr)
	}
}

func TestHandlerFailureIsNotSettled(t *testing.T) {
	tests := []struct {
		name       string
		path       string
		wantStatus int
		wantBody   string
	}{
		{name: "handler returns 4xx error", path: "/v1/bad", wantStatus: http.StatusBadRequest, wantBody: "bad input"},
		{name: "handler writes 5xx", path: "/v1/boom", wantStatus: http.StatusInternalServerError, wantBody: `"handler":"failed"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			h := pay(t, testKey(t), f.challenge(t, tt.path), nil)
			rec := f.do(http.MethodGet, tt.path, map[string]string{x402.HeaderPaymentSignature: h})
			if rec.Code != tt.wantStatus || !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Fatalf("status %d body %s", rec.Code, rec.Body)
			}
			if rec.Header().Get(x402.HeaderPaymentResponse) != "" || f.fac.settles.Load() != 0 || f.chain.sends != 0 {
				t.Fatalf("settled after a failed handler: settles %d", f.fac.settles.Load())
			}
			// The reservation was released: the same authorization can be retried.
			rec = f.do(http.MethodGet, tt.path, map[string]string{x402.HeaderPaymentSignature: h})
			if rec.Code != tt.wantStatus || f.handled.Load() != 2 {
				t.Fatalf("retry: status %d handled %d", rec.Code, f.handled.Load())
			}
		})
	}
}

func TestSettlementFailureDeliversNothing(t *testing.T) {
	tests := []struct {
		name       string
		setup      func(*fixture)
		wantReason string
		wantCode   string
	}{
		{name: "transaction reverted", setup: func(f *fixture) { f.chain.set(func(c *fakeChain) { c.revert = true }) },
			wantReason: x402.ReasonTransactionFailed, wantCode: echox402.CodeSettlementFailed},
		{name: "facilitator unreachable at settle", setup: func(f *fixture) { f.fac.settleDown.Store(true) },
			wantReason: x402.ReasonSettlementPending, wantCode: echox402.CodeSettlementPending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
			tt.setup(f)
			rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h})
			if rec.Code != http.StatusPaymentRequired {
				t.Fatalf("status = %d", rec.Code)
			}
			if strings.Contains(rec.Body.String(), "delivered-content") || rec.Header().Get("X-Handler") != "" {
				t.Fatalf("handler output leaked: %v %s", rec.Header(), rec.Body)
			}
			sr, err := x402.DecodeSettleResponse(rec.Header().Get(x402.HeaderPaymentResponse))
			if err != nil || sr.Success || sr.ErrorReason != tt.wantReason {
				t.Fatalf("PAYMENT-RESPONSE = %+v err %v", sr, err)
			}
			var env struct {
				Error struct {
					Code    string         `json:"code"`
					Details map[string]any `json:"details"`
				} `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Error.Code != tt.wantCode || env.Error.Details["reason"] != tt.wantReason {
				t.Fatalf("body = %s", rec.Body)
			}
			if f.handled.Load() != 1 {
				t.Fatalf("handled = %d", f.handled.Load())
			}
		})
	}
}

func TestFacilitatorUnavailableAtVerify(t *testing.T) {
	f := newFixture(t, nil)
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
	f.fac.verifyDown.Store(true)
	rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h})
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), echox402.CodeFacilitatorUnavailable) {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
	if f.handled.Load() != 0 || f.fac.settles.Load() != 0 {
		t.Fatal("delivered without verification")
	}
	// The reservation was released, so the payment works once the
	// facilitator is back.
	f.fac.verifyDown.Store(false)
	if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h}); rec.Code != http.StatusOK {
		t.Fatalf("after recovery: status %d body %s", rec.Code, rec.Body)
	}
}

func TestErrorHandlerWithoutPlatform(t *testing.T) {
	f := newFixture(t, nil)
	f.e.HTTPErrorHandler = echox402.ErrorHandler(f.e.DefaultHTTPErrorHandler)
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
	f.fac.verifyDown.Store(true)
	if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h}); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503 (never 500)", rec.Code)
	}
	// Other errors still reach the default handler.
	if rec := f.do(http.MethodGet, "/nowhere", nil); rec.Code != http.StatusNotFound {
		t.Fatalf("status %d", rec.Code)
	}
}

func TestReplayStoreErrorDoesNotBlockPayment(t *testing.T) {
	f := newFixture(t, func(c *echox402.Config) { c.Replay = failingStore{} })
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
	if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h}); rec.Code != http.StatusOK {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
	// Without the store, the chain still refuses the second use.
	pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h}))
	if pr.Error != x402.ReasonNonceAlreadyUsed || f.chain.sends != 1 {
		t.Fatalf("error %q sends %d", pr.Error, f.chain.sends)
	}
}

func TestConcurrentIdenticalPaymentsSettleOnce(t *testing.T) {
	f := newFixture(t, nil)
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
	var wg sync.WaitGroup
	var ok, refused atomic.Int32
	for range 20 {
		wg.Go(func() {
			rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h})
			switch rec.Code {
			case http.StatusOK:
				ok.Add(1)
			case http.StatusPaymentRequired:
				refused.Add(1)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 1 || refused.Load() != 19 || f.fac.settles.Load() != 1 || f.chain.sends != 1 || f.handled.Load() != 1 {
		t.Fatalf("ok %d refused %d settles %d sends %d handled %d", ok.Load(), refused.Load(), f.fac.settles.Load(), f.chain.sends, f.handled.Load())
	}
}

func TestFreeAndSkippedRoutes(t *testing.T) {
	f := newFixture(t, func(c *echox402.Config) {
		c.Skipper = func(c echo.Context) bool { return c.Request().Header.Get("X-Internal") == "1" }
	})
	if rec := f.do(http.MethodGet, "/free", nil); rec.Code != http.StatusOK || rec.Body.String() != "free" {
		t.Fatalf("free route: %d", rec.Code)
	}
	if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{"X-Internal": "1"}); rec.Code != http.StatusOK {
		t.Fatalf("skipped route: %d", rec.Code)
	}
	if rec := f.do(http.MethodPost, "/v1/paid/1", nil); rec.Code == http.StatusPaymentRequired {
		t.Fatal("POST is not priced and must not be challenged")
	}
}

func TestResourceURL(t *testing.T) {
	headers := map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.example.org, proxy.internal"}
	tests := []struct {
		name  string
		trust bool
		want  string
	}{
		{"forwarded headers ignored by default", false, "http://example.com/v1/paid/1"},
		{"forwarded headers honoured when trusted", true, "https://api.example.org/v1/paid/1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *echox402.Config) { c.TrustForwardedHeaders = tt.trust })
			pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/1", headers))
			if pr.Resource.URL != tt.want {
				t.Fatalf("url = %s", pr.Resource.URL)
			}
		})
	}
}

func TestCORS(t *testing.T) {
	f := newFixture(t, nil)
	f.e.Pre(middleware.CORSWithConfig(echox402.CORSConfig("https://app.example.org")))
	pre := f.do(http.MethodOptions, "/v1/paid/1", map[string]string{
		"Origin": "https://app.example.org", "Access-Control-Request-Method": "GET",
		"Access-Control-Request-Headers": "payment-signature",
	})
	if !strings.Contains(strings.ToUpper(pre.Header().Get("Access-Control-Allow-Headers")), x402.HeaderPaymentSignature) {
		t.Fatalf("preflight allow headers = %q", pre.Header().Get("Access-Control-Allow-Headers"))
	}
	rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{"Origin": "https://app.example.org"})
	expose := rec.Header().Get("Access-Control-Expose-Headers")
	if !strings.Contains(expose, x402.HeaderPaymentRequired) || !strings.Contains(expose, x402.HeaderPaymentResponse) {
		t.Fatalf("expose headers = %q", expose)
	}
}

func TestConfigValidation(t *testing.T) {
	valid := func() echox402.Config {
		return echox402.Config{Routes: map[string]echox402.Route{"GET /x": {Amount: "1"}}, PayTo: payTo,
			Facilitator: &countingFacilitator{}, Replay: echox402.NewMemoryReplayStore(nil)}
	}
	tests := []struct {
		name    string
		mutate  func(*echox402.Config)
		wantErr string
	}{
		{name: "valid"},
		{name: "missing payTo", mutate: func(c *echox402.Config) { c.PayTo = "" }, wantErr: "PayTo"},
		{name: "bad route key", mutate: func(c *echox402.Config) { c.Routes = map[string]echox402.Route{"/x": {Amount: "1"}} }, wantErr: "METHOD /path"},
		{name: "decimal amount", mutate: func(c *echox402.Config) { c.Routes = map[string]echox402.Route{"GET /x": {Amount: "0.25"}} }, wantErr: "atomic units"},
		{name: "zero amount", mutate: func(c *echox402.Config) { c.Routes = map[string]echox402.Route{"GET /x": {Amount: "0"}} }, wantErr: "atomic units"},
		{name: "custom asset without domain", mutate: func(c *echox402.Config) { c.Asset = payTo }, wantErr: "EIP-712"},
		{name: "no facilitator", mutate: func(c *echox402.Config) { c.Facilitator = nil }, wantErr: "Facilitator"},
		{name: "no replay store", mutate: func(c *echox402.Config) { c.Replay = nil }, wantErr: "Replay"},
		{name: "challenge too large for a header", mutate: func(c *echox402.Config) {
			c.Routes = map[string]echox402.Route{"GET /x": {Amount: "1", Discovery: &echox402.Bazaar{
				Info: json.RawMessage(`{"example":"` + strings.Repeat("x", 12<<10) + `"}`), Schema: json.RawMessage(`{}`)}}}
		}, wantErr: "PAYMENT-REQUIRED would be"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := valid()
			if tt.mutate != nil {
				tt.mutate(&c)
			}
			_, err := c.ToMiddleware()
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
		})
	}
}

// cancelingFacilitator cancels the client's request right after verifying,
// as a client that goes away while its paid request is handled.
type cancelingFacilitator struct {
	x402.Facilitator
	cancel    context.CancelFunc
	settleCtx chan error
}

func (c *cancelingFacilitator) Verify(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	v, err := c.Facilitator.Verify(ctx, p, r)
	c.cancel()
	return v, err
}

func (c *cancelingFacilitator) Settle(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	c.settleCtx <- ctx.Err()
	if _, ok := ctx.Deadline(); !ok {
		c.settleCtx <- errors.New("settlement context has no deadline")
	}
	return c.Facilitator.Settle(ctx, p, r)
}

// TestSettlementSurvivesClientDisconnect: once the handler succeeded, a
// client that went away does not abort the settlement half-way (the
// transfer may already be on chain); it runs to a definite answer under its
// own deadline.
func TestSettlementSurvivesClientDisconnect(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cf := &cancelingFacilitator{cancel: cancel, settleCtx: make(chan error, 2)}
	f := newFixture(t, func(c *echox402.Config) {
		cf.Facilitator = c.Facilitator
		c.Facilitator = cf
	})
	h := pay(t, testKey(t), f.challenge(t, "/v1/paid/3"), nil)
	req := httptest.NewRequest(http.MethodGet, "/v1/paid/3", nil).WithContext(ctx)
	req.Header.Set(x402.HeaderPaymentSignature, h)
	f.e.ServeHTTP(httptest.NewRecorder(), req)
	if err := <-cf.settleCtx; err != nil {
		t.Fatalf("settlement ran on a canceled context: %v", err)
	}
	select {
	case err := <-cf.settleCtx:
		t.Fatal(err)
	default:
	}
	if f.chain.sends != 1 {
		t.Fatalf("sends = %d, want the settlement to complete", f.chain.sends)
	}
}

// TestHeadIsNeverPaid: HEAD on a paid GET route (the platform routes HEAD
// to GET routes) answers the challenge, whatever payment it carries: the
// handler does not run, nothing is verified, reserved or settled, and no
// response is withheld from a payer who cannot read a body.
func TestHeadIsNeverPaid(t *testing.T) {
	f := newFixture(t, nil)
	f.e.HEAD("/v1/paid/:id", func(c echo.Context) error {
		f.handled.Add(1)
		return c.JSON(http.StatusOK, map[string]string{"secret": "delivered-content"})
	})
	chal := f.challenge(t, "/v1/paid/1")
	pay := signPayment(t, chal, signing{key: testKey(t), nonce: 7})
	rec := f.do(http.MethodHead, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: pay})
	pr := decodeChallenge(t, rec)
	if rec.Code != http.StatusPaymentRequired || pr.Error != echox402.MsgHeadNotPaid {
		t.Fatalf("HEAD with a payment: %d %q", rec.Code, pr.Error)
	}
	if v, s, h := f.fac.verifies.Load(), f.fac.settles.Load(), f.handled.Load(); v != 0 || s != 0 || h != 0 {
		t.Fatalf("verifies %d settles %d handled %d; want none", v, s, h)
	}
	// The same payment still pays a GET.
	if rec := f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: pay}); rec.Code != http.StatusOK {
		t.Fatalf("GET with the payment HEAD carried: %d %s", rec.Code, rec.Body)
	}
}
