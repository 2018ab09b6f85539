package payments_test

import (
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/platform/server"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// TestPaymentGuards wires the pay middleware as a service does (platform
// error handler, input middleware before pay) and checks the X402_*
// switches of the pre-check, speculation and the failure limiter.
func TestPaymentGuards(t *testing.T) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	facURL := x402test.NewCheckingFacilitator(nil).Serve(t)
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	type body struct {
		Company string `json:"company"`
	}
	tests := []struct {
		name            string
		env             map[string]string
		wantSpeculative bool
		limitAfter      int // refused payments before 429; 0 = never within 25
	}{
		{name: "defaults", wantSpeculative: true, limitAfter: echox402.DefaultFailureLimit},
		{name: "speculation off", env: map[string]string{"X402_SPECULATION": "false"}, limitAfter: echox402.DefaultFailureLimit},
		{name: "pre-check off", env: map[string]string{"X402_PRECHECK": "false"}, limitAfter: echox402.DefaultFailureLimit},
		{name: "limit 2", env: map[string]string{"X402_FAILURE_LIMIT": "2"}, wantSpeculative: true, limitAfter: 2},
		{name: "no limit", env: map[string]string{"X402_FAILURE_LIMIT": "0"}, wantSpeculative: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"X402_PAY_TO": payTo, "X402_FACILITATOR_URL": facURL}
			for k, v := range tt.env {
				env[k] = v
			}
			logger := slog.New(slog.DiscardHandler)
			var predicateSaw string
			price := payments.Price{Method: "POST", Path: "/v1/company/signals", Atomic: "50000", Description: "signals",
				Speculate: func(c echo.Context) bool {
					q, ok := input.Get[body](c)
					predicateSaw = q.Company
					return ok
				}}
			pay := paytest.Wire(t, env, []payments.Price{price}, doc, cache.NewMemory(100), logger)
			var speculative *bool
			e := server.New(logger)
			e.POST(price.Path, func(c echo.Context) error {
				p, _ := echox402.PaymentFrom(c)
				speculative = &p.Speculative
				return c.JSON(http.StatusOK, map[string]any{})
			}, strictjson.BodyLimit(strictjson.MaxBody), input.Middleware(func(c echo.Context) (body, error) {
				var b body
				err := strictjson.Decode(c.Request(), &b)
				return b, err
			}), pay)
			post := func(paymentHeader string) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodPost, price.Path, strings.NewReader(`{"company":"acme.com"}`))
				req.Header.Set("Content-Type", "application/json")
				if paymentHeader != "" {
					req.Header.Set(x402.HeaderPaymentSignature, paymentHeader)
				}
				e.ServeHTTP(rec, req)
				return rec
			}
			unpaid := post("")
			pr, err := x402.DecodePaymentRequired(unpaid.Header().Get(x402.HeaderPaymentRequired))
			if err != nil {
				t.Fatalf("challenge: %v (status %d)", err, unpaid.Code)
			}
			p, err := client.SignExact(key, pr.Accepts[0], pr, time.Now(), rand.Reader)
			if err != nil {
				t.Fatal(err)
			}
			h, err := x402.EncodeHeader(p)
			if err != nil {
				t.Fatal(err)
			}
			if rec := post(h); rec.Code != http.StatusOK {
				t.Fatalf("paid: status %d body %s", rec.Code, rec.Body)
			}
			if speculative == nil || *speculative != tt.wantSpeculative {
				t.Fatalf("handler ran speculatively: %v, want %v", speculative, tt.wantSpeculative)
			}
			if tt.wantSpeculative && predicateSaw != "acme.com" {
				t.Fatalf("the predicate saw company %q, want the parsed input", predicateSaw)
			}

			for i := 1; i <= 25; i++ {
				rec := post("not_base64-url")
				if tt.limitAfter == 0 || i <= tt.limitAfter {
					if rec.Code != http.StatusPaymentRequired {
						t.Fatalf("refused payment %d: status %d", i, rec.Code)
					}
					continue
				}
				var env struct {
					Error struct {
						Code      string         `json:"code"`
						RequestID string         `json:"requestId"`
						Details   map[string]any `json:"details"`
					} `json:"error"`
				}
				if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "60" {
					t.Fatalf("refused payment %d: status %d Retry-After %q", i, rec.Code, rec.Header().Get("Retry-After"))
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Error.Code != echox402.CodePaymentFailuresRateLimited ||
					env.Error.RequestID == "" || env.Error.Details["retryAfterSeconds"] != float64(60) {
					t.Fatalf("429 envelope: %s", rec.Body)
				}
				break
			}
		})
	}
}

func TestLoadGuardSettings(t *testing.T) {
	base := map[string]string{"X402_PAY_TO": payTo, "X402_FACILITATOR_URL": "https://f.example"}
	load := func(extra map[string]string) (payments.Config, error) {
		env := map[string]string{}
		for k, v := range base {
			env[k] = v
		}
		for k, v := range extra {
			env[k] = v
		}
		l := config.NewLoader(config.Map(env))
		c := payments.Load(l)
		return c, l.Err()
	}
	c, err := load(nil)
	if err != nil || c.SkipPreCheck || c.NoSpeculation || c.FailureLimit != 20 || c.FailureWindow != time.Minute {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	c, err = load(map[string]string{"X402_PRECHECK": "false", "X402_SPECULATION": "false", "X402_FAILURE_LIMIT": "0", "X402_FAILURE_WINDOW": "5m"})
	if err != nil || !c.SkipPreCheck || !c.NoSpeculation || c.FailureLimit >= 0 || c.FailureWindow != 5*time.Minute {
		t.Fatalf("switched off: %+v %v", c, err)
	}
	if _, err := load(map[string]string{"X402_FAILURE_WINDOW": "2h"}); err == nil || !strings.Contains(err.Error(), "X402_FAILURE_WINDOW") {
		t.Fatalf("window out of range: %v", err)
	}
}
