package payments_test

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

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
)

const payTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

func TestLoadProblems(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string // substrings of the error; none = valid
	}{
		{"nothing set", nil, []string{"X402_PAY_TO", "no facilitator"}},
		{"zero pay-to", map[string]string{"X402_PAY_TO": "0x0000000000000000000000000000000000000000", "X402_FACILITATOR_URL": "https://f.example"}, []string{"X402_PAY_TO"}},
		{"remote facilitator", map[string]string{"X402_PAY_TO": payTo, "X402_FACILITATOR_URL": "https://f.example"}, nil},
		{"built-in facilitator", map[string]string{"X402_PAY_TO": payTo, "X402_SETTLEMENT_KEY": "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"}, nil},
		{"bad settlement key", map[string]string{"X402_PAY_TO": payTo, "X402_SETTLEMENT_KEY": "0x12"}, []string{"X402_SETTLEMENT_KEY"}},
		{"half a CDP key", map[string]string{"X402_PAY_TO": payTo, "X402_FACILITATOR_URL": "https://f.example", "CDP_API_KEY_ID": "k"}, []string{"CDP_API_KEY_ID"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := config.NewLoader(config.Map(tt.env))
			c := payments.Load(l)
			err := l.Err()
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if c.FacilitatorURL == "" && c.RPCURL != payments.DefaultRPCURL {
					t.Fatalf("built-in facilitator without the default RPC URL: %q", c.RPCURL)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q: %v", w, err)
				}
			}
			if strings.Contains(err.Error(), "0x12") {
				t.Error("secret value echoed in the error")
			}
		})
	}
}

func TestDiscoveryFromOpenAPI(t *testing.T) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	b, err := payments.Bazaar(doc.T, "POST", "/v1/company/deal-brief/deep")
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		Input struct {
			Type, Method, BodyType string
			Body                   map[string]any
		}
	}
	if err := json.Unmarshal(b.Info, &info); err != nil {
		t.Fatal(err)
	}
	if info.Input.Type != "http" || info.Input.Method != "POST" || info.Input.BodyType != "json" || info.Input.Body["company"] != "northwind-robotics.com" {
		t.Fatalf("info = %s", b.Info)
	}
	var schema struct {
		Properties struct {
			Input struct {
				Properties struct {
					Body struct {
						Required             []string
						AdditionalProperties *bool
						Properties           map[string]map[string]any
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	body := schema.Properties.Input.Properties.Body
	if strings.Join(body.Required, ",") != "company,seller" || body.AdditionalProperties == nil || *body.AdditionalProperties {
		t.Fatalf("body schema = %s", b.Schema)
	}
	if body.Properties["company"]["maxLength"] != float64(256) || body.Properties["lookbackDays"]["minimum"] != float64(7) {
		t.Fatalf("bounds not carried over: %v", body.Properties)
	}
	if strings.Contains(string(b.Schema), "$ref") {
		t.Fatal("schema keeps unresolved $ref")
	}
	if _, err := payments.Bazaar(doc.T, "POST", "/v1/nope"); err == nil {
		t.Fatal("unknown path accepted")
	}
}

// TestValidationBeforePayment: a request that cannot succeed is answered
// 400/413 and never sees a payment challenge; a valid unpaid one gets 402.
func TestValidationBeforePayment(t *testing.T) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.DiscardHandler)
	price := payments.Price{Method: "POST", Path: "/v1/company/signals", Atomic: "50000", Description: "signals"}
	pay := paytest.Wire(t, map[string]string{"X402_PAY_TO": payTo, "X402_FACILITATOR_URL": "http://127.0.0.1:1"},
		[]payments.Price{price}, doc, cache.NewMemory(100), logger)
	type body struct {
		Company string `json:"company"`
	}
	parse := func(c echo.Context) (body, error) {
		var b body
		err := strictjson.Decode(c.Request(), &b)
		return b, err
	}
	handled := false
	e := server.New(logger)
	e.POST(price.Path, func(c echo.Context) error { handled = true; return c.JSON(200, map[string]any{}) },
		strictjson.BodyLimit(strictjson.MaxBody), input.Middleware(parse), pay)

	for _, tt := range []struct {
		name, body string
		want       int
	}{
		{"unknown field", `{"company":"acme.com","x":1}`, 400},
		{"too large", `{"company":"` + strings.Repeat("a", 17000) + `"}`, 413},
		{"valid, unpaid", `{"company":"acme.com"}`, 402},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", price.Path, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			e.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.want, rec.Body)
			}
			hdr := rec.Header().Get("Payment-Required")
			if tt.want != 402 {
				if hdr != "" {
					t.Fatal("a request that cannot succeed was asked to pay")
				}
				return
			}
			raw, err := base64.StdEncoding.DecodeString(hdr)
			if err != nil {
				t.Fatal(err)
			}
			var pr struct {
				X402Version int `json:"x402Version"`
				Accepts     []struct {
					Amount, PayTo, Network, Asset string
				}
				Extensions map[string]json.RawMessage
			}
			if err := json.Unmarshal(raw, &pr); err != nil {
				t.Fatal(err)
			}
			if pr.X402Version != 2 || len(pr.Accepts) != 1 || pr.Accepts[0].Amount != "50000" || pr.Accepts[0].PayTo != payTo ||
				pr.Accepts[0].Network != "eip155:8453" || pr.Accepts[0].Asset != "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" {
				t.Fatalf("challenge = %s", raw)
			}
			if _, ok := pr.Extensions["bazaar"]; !ok {
				t.Fatal("no bazaar extension")
			}
			b, _ := io.ReadAll(rec.Body)
			if !json.Valid(b) || !strings.Contains(string(b), `"x402Version":2`) {
				t.Fatalf("402 body does not repeat the challenge: %s", b)
			}
		})
	}
	if handled {
		t.Fatal("handler ran without payment")
	}
	_ = http.StatusOK
}

func TestCompactExample(t *testing.T) {
	small := map[string]any{"a": 1.0, "b": "x"}
	if got := payments.CompactExample(small, 100); !reflect.DeepEqual(got, small) {
		t.Fatalf("small example changed: %v", got)
	}
	big := map[string]any{
		"domain": "acme.com",
		"list":   []any{map[string]any{"n": 1.0, "deep": map[string]any{"x": strings.Repeat("y", 500)}}, "second", "third"},
		"nested": map[string]any{"level2": map[string]any{"level3": map[string]any{"level4": strings.Repeat("z", 2000)}}},
	}
	got := payments.CompactExample(big, 300)
	b, _ := json.Marshal(got)
	if len(b) > 300 {
		t.Fatalf("compacted example is %d bytes: %s", len(b), b)
	}
	m := got.(map[string]any)
	if m["domain"] != "acme.com" {
		t.Fatalf("top-level scalar lost: %s", b)
	}
	if l, ok := m["list"].([]any); ok && len(l) > 1 {
		t.Fatalf("array not shortened: %s", b)
	}
}

// TestChallengeHeaderSize: every priced operation of both documents yields
// a discovery extension small enough for proxies' header limits.
func TestChallengeHeaderSize(t *testing.T) {
	for name, raw := range map[string][]byte{"company-intel": openapi.CompanyIntel, "domain-qual": openapi.DomainQual} {
		doc, err := openapidoc.Load(raw)
		if err != nil {
			t.Fatal(err)
		}
		for path, item := range doc.T.Paths.Map() {
			for method, op := range item.Operations() {
				if op.Extensions["x-price-atomic"] == nil {
					continue
				}
				b, err := payments.Bazaar(doc.T, method, path)
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, method, path, err)
				}
				// base64 inflates by 4/3; the rest of the challenge is ~600 bytes.
				if n := (len(b.Info)+len(b.Schema))*4/3 + 800; n > 4096 {
					t.Errorf("%s %s %s: challenge header ≈ %d bytes (info %d, schema %d)", name, method, path, n, len(b.Info), len(b.Schema))
				}
			}
		}
	}
}

// Every payment setting has exactly one description (docs/configuration.md),
// and X402_RPC_URL's default is the one the built-in facilitator uses.
func TestLoadDescribesWhatItReads(t *testing.T) {
	decls, err := config.Declare(func(l *config.Loader) { payments.Load(l) })
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(decls, func(d config.Decl) bool { return d.Name == "X402_RPC_URL" })
	if i < 0 || decls[i].Default != payments.DefaultRPCURL {
		t.Errorf("declarations %+v", decls)
	}
}
