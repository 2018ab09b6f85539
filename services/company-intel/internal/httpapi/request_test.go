package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/server"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"

	"log/slog"
)

func TestParse(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		name      string
		parse     string // signals | brief | deep
		body      string
		wantField string // "" = valid
		wantCode  apierror.Code
	}{
		{"signals minimal", "signals", `{"company":"acme.com"}`, "", ""},
		{"signals full", "signals", `{"company":"Acme Inc","lookbackDays":365}`, "", ""},
		{"lookback 7 ok", "signals", `{"company":"acme.com","lookbackDays":7}`, "", ""},
		{"unknown property", "signals", `{"company":"acme.com","foo":1}`, "foo", apierror.CodeInvalidRequest},
		{"duplicate key, the last would win", "signals", `{"company":"a","company":"acme.com"}`, "company", apierror.CodeInvalidJSON},
		{"case variant beside the field", "signals", `{"company":"a","Company":"acme.com"}`, "Company", apierror.CodeInvalidRequest},
		{"case variant alone", "signals", `{"COMPANY":"acme.com"}`, "COMPANY", apierror.CodeInvalidRequest},
		{"seller not allowed on signals", "signals", `{"company":"acme.com","seller":{}}`, "seller", apierror.CodeInvalidRequest},
		{"missing company", "signals", `{"lookbackDays":30}`, "company", apierror.CodeInvalidRequest},
		{"null company", "signals", `{"company":null}`, "company", apierror.CodeInvalidRequest},
		{"lookbackDays 6", "signals", `{"company":"acme.com","lookbackDays":6}`, "lookbackDays", apierror.CodeInvalidRequest},
		{"lookbackDays 366", "signals", `{"company":"acme.com","lookbackDays":366}`, "lookbackDays", apierror.CodeInvalidRequest},
		{"lookbackDays string", "signals", `{"company":"acme.com","lookbackDays":"90"}`, "lookbackDays", apierror.CodeInvalidRequest},
		{"lookbackDays float", "signals", `{"company":"acme.com","lookbackDays":9.5}`, "lookbackDays", apierror.CodeInvalidRequest},
		{"company number", "signals", `{"company":42}`, "company", apierror.CodeInvalidRequest},
		{"company 1 char", "signals", `{"company":"a"}`, "company", apierror.CodeInvalidRequest},
		{"company 2 chars", "signals", `{"company":"ab"}`, "", ""},
		{"company 256 chars", "signals", `{"company":"` + long(256) + `"}`, "", ""},
		{"company 257 chars", "signals", `{"company":"` + long(257) + `"}`, "company", apierror.CodeInvalidRequest},
		{"company 256 multibyte chars", "signals", `{"company":"` + strings.Repeat("é", 256) + `"}`, "", ""},
		{"not an object", "signals", `["acme.com"]`, "", apierror.CodeInvalidJSON},
		{"malformed", "signals", `{"company":`, "", apierror.CodeInvalidJSON},
		{"trailing data", "signals", `{"company":"acme.com"} {}`, "", apierror.CodeInvalidJSON},
		{"empty body", "signals", ``, "", apierror.CodeInvalidJSON},
		{"brief without seller", "brief", `{"company":"acme.com"}`, "", ""},
		{"brief seller product 1200", "brief", `{"company":"acme.com","seller":{"product":"` + long(1200) + `"}}`, "", ""},
		{"brief seller product 1201", "brief", `{"company":"acme.com","seller":{"product":"` + long(1201) + `"}}`, "seller.product", apierror.CodeInvalidRequest},
		{"brief seller empty product", "brief", `{"company":"acme.com","seller":{"product":""}}`, "seller.product", apierror.CodeInvalidRequest},
		{"brief seller unknown field", "brief", `{"company":"acme.com","seller":{"price":1}}`, "seller.price", apierror.CodeInvalidRequest},
		{"brief valueProposition 1201", "brief", `{"company":"acme.com","seller":{"valueProposition":"` + long(1201) + `"}}`, "seller.valueProposition", apierror.CodeInvalidRequest},
		{"brief icp 1201", "brief", `{"company":"acme.com","seller":{"idealCustomerProfile":"` + long(1201) + `"}}`, "seller.idealCustomerProfile", apierror.CodeInvalidRequest},
		{"brief seller product number", "brief", `{"company":"acme.com","seller":{"product":5}}`, "seller.product", apierror.CodeInvalidRequest},
		{"brief seller not object", "brief", `{"company":"acme.com","seller":"acme"}`, "seller", apierror.CodeInvalidRequest},
		{"deep missing seller", "deep", `{"company":"acme.com"}`, "seller", apierror.CodeInvalidRequest},
		{"deep with empty seller object", "deep", `{"company":"acme.com","seller":{}}`, "", ""},
		{"deep missing company", "deep", `{"seller":{"product":"x"}}`, "company", apierror.CodeInvalidRequest},
		{"company url", "signals", `{"company":"https://www.acme.com/about"}`, "", ""},
		{"company reserved domain", "signals", `{"company":"acme.internal"}`, "company", apierror.CodeInvalidRequest},
		{"company ip literal", "brief", `{"company":"http://192.168.1.10/"}`, "company", apierror.CodeInvalidRequest},
		{"company public suffix", "signals", `{"company":"co.uk"}`, "company", apierror.CodeInvalidRequest},
		{"company punctuation only", "signals", `{"company":"?!"}`, "company", apierror.CodeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			switch tt.parse {
			case "signals":
				_, err = httpapi.ParseSignals([]byte(tt.body))
			case "brief":
				_, err = httpapi.ParseBrief([]byte(tt.body))
			case "deep":
				_, err = httpapi.ParseDeep([]byte(tt.body))
			}
			if tt.wantCode == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			status, body := apierror.From(err)
			if status != http.StatusBadRequest || body.Code != tt.wantCode {
				t.Fatalf("got %d %s (%v), want 400 %s", status, body.Code, err, tt.wantCode)
			}
			if tt.wantField != "" && body.Details["field"] != tt.wantField {
				t.Fatalf("details.field = %v, want %s (details %v)", body.Details["field"], tt.wantField, body.Details)
			}
			if tt.wantField != "" && !strings.Contains(body.Message, tt.wantField) {
				t.Fatalf("message %q does not name %s", body.Message, tt.wantField)
			}
		})
	}
}

func TestDefaultsApplied(t *testing.T) {
	s, err := httpapi.ParseSignals([]byte(`{"company":"  acme.com  "}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Company != "acme.com" || s.LookbackDays != 90 {
		t.Fatalf("%+v", s)
	}
}

// TestThroughServer registers a route the way the paid routes are
// registered (body limit, then input validation) and checks the wire.
func TestThroughServer(t *testing.T) {
	e := server.New(slog.New(slog.DiscardHandler))
	e.POST("/t", func(c echo.Context) error {
		s, _ := input.Get[httpapi.Signals](c)
		return c.JSON(http.StatusOK, s)
	}, strictjson.BodyLimit(strictjson.MaxBody), input.Middleware(httpapi.SignalsFrom))
	srv := httptest.NewServer(e)
	defer srv.Close()

	padded := func(n int) string {
		base := `{"company":"acme.com","lookbackDays":30}`
		return base[:len(base)-1] + strings.Repeat(" ", n-len(base)) + "}"
	}
	tests := []struct {
		name        string
		body        string
		contentType string
		chunked     bool
		wantStatus  int
		wantCode    apierror.Code
	}{
		{"16384 bytes accepted", padded(16384), "application/json", false, 200, ""},
		{"16385 bytes rejected", padded(16385), "application/json", false, 413, apierror.CodeBodyTooLarge},
		{"16385 bytes chunked rejected", padded(16385), "application/json", true, 413, apierror.CodeBodyTooLarge},
		{"16384 bytes chunked accepted", padded(16384), "application/json", true, 200, ""},
		{"charset allowed", `{"company":"acme.com"}`, "application/json; charset=utf-8", false, 200, ""},
		{"no content type", `{"company":"acme.com"}`, "", false, 400, apierror.CodeUnsupportedMediaType},
		{"text/plain", `{"company":"acme.com"}`, "text/plain", false, 400, apierror.CodeUnsupportedMediaType},
		{"unknown field", `{"company":"acme.com","x":1}`, "application/json", false, 400, apierror.CodeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.body) != 16384 && len(tt.body) != 16385 && strings.HasPrefix(tt.name, "1638") {
				t.Fatalf("fixture length %d", len(tt.body))
			}
			var rd io.Reader = strings.NewReader(tt.body)
			if tt.chunked {
				rd = io.MultiReader(rd) // hides the length: sent chunked
			}
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/t", rd)
			if tt.contentType != "" {
				req.Header.Set("Content-Type", tt.contentType)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			if res.StatusCode != tt.wantStatus {
				b, _ := io.ReadAll(res.Body)
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.wantStatus, b)
			}
			if tt.wantCode != "" {
				var env apierror.Envelope
				if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
					t.Fatal(err)
				}
				if env.Error.Code != tt.wantCode || env.Error.RequestID == "" || env.Error.RequestID != res.Header.Get("X-Request-Id") {
					t.Fatalf("envelope %+v, request id header %q", env, res.Header.Get("X-Request-Id"))
				}
			}
		})
	}
}

// knownCompany resolves every input to one company, without upstream calls.
type knownCompany struct{}

func (knownCompany) Resolve(context.Context, resolve.Input) (resolve.Resolution, error) {
	return resolve.Resolution{Company: bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"}}, nil
}

// rateLimitedSource is a provider that answers 429 (after retries).
type rateLimitedSource struct{ name string }

func (s rateLimitedSource) Name() string { return s.name }

func (s rateLimitedSource) Gather(context.Context, bundle.Query) (bundle.Result, error) {
	return bundle.Result{}, &upstream.Error{Upstream: s.name, Kind: upstream.KindRateLimited, Status: http.StatusTooManyRequests}
}

// TestRateLimitedOverHTTP drives the error path end to end: every source
// of a real Researcher is rate limited, so research answers
// upstream_rate_limited; the signals route (Register, usecase.Serve and
// the platform's error handler) answers it 503 with Retry-After, the
// envelope and the request id, as the OpenAPI document describes the
// route's 503.
func TestRateLimitedOverHTTP(t *testing.T) {
	r, err := research.New(research.Config{
		Resolver: knownCompany{},
		Sources:  []research.Source{rateLimitedSource{"gdelt"}, rateLimitedSource{"googlenews"}},
		Store:    cache.NewMemory(10),
	})
	if err != nil {
		t.Fatal(err)
	}
	api, err := httpapi.New(httpapi.Config{Researcher: r, Cache: cache.NewLayer(cache.LayerConfig{Store: cache.NewMemory(10)}), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	e := server.New(slog.New(slog.DiscardHandler))
	free := func(next echo.HandlerFunc) echo.HandlerFunc { return next } // stands in for the pay middleware
	api.Register(e, free)

	req := httptest.NewRequest(http.MethodPost, httpapi.PathSignals, strings.NewReader(`{"company":"northwind-robotics.com"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)

	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503: %s", rec.Code, rec.Body)
	}
	if got, want := rec.Header().Get("Retry-After"), "5"; got != want || research.RateLimitedRetryAfter != 5*time.Second {
		t.Fatalf("Retry-After %q, want %q (research.RateLimitedRetryAfter %s)", got, want, research.RateLimitedRetryAfter)
	}
	var env apierror.Envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		t.Fatalf("body is not an envelope: %v: %s", err, rec.Body)
	}
	if env.Error.Code != apierror.CodeUpstreamRateLimited || env.Error.RequestID == "" || env.Error.RequestID != rec.Header().Get("X-Request-Id") {
		t.Fatalf("envelope %+v, X-Request-Id %q", env, rec.Header().Get("X-Request-Id"))
	}
	if want := "every evidence source is rate limited right now; nothing was charged, retry later"; env.Error.Message != want {
		t.Fatalf("message %q, want %q", env.Error.Message, want)
	}
	contracttest.New(t, openapi.CompanyIntel).Check(t, req, rec.Code, rec.Header(), rec.Body.Bytes())
}
