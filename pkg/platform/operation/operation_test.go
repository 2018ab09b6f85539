package operation_test

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/landing"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/operation"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

//go:embed testdata/eighth.yaml
var eighthDoc []byte

// echoOp is the test service's one paid operation: what a service writes
// to add an operation, besides its handler and its OpenAPI entry.
var echoOp = operation.Operation{
	ID: "echo_text", OperationID: "echoText", Tool: "echo_text", CacheOp: "echo",
	Method: http.MethodPost, Path: "/v1/echo", Atomic: "1234",
	Description: "Echo one text back",
	Speculate:   payments.Always,
}

type echoRequest struct {
	Text string `json:"text"`
}

func parseEcho(c echo.Context) (echoRequest, error) {
	var q echoRequest
	if err := strictjson.Decode(c.Request(), &q); err != nil {
		return q, err
	}
	if q.Text == "" || len(q.Text) > 64 {
		return q, apierror.InvalidField("text", "must be 1 to 64 characters", nil)
	}
	return q, nil
}

func serveEcho(c echo.Context) error {
	q, _ := input.Get[echoRequest](c)
	return c.JSON(http.StatusOK, map[string]string{"text": q.Text})
}

type eighthConfig struct {
	base     app.Base
	payments payments.Config
}

// runEighth is the test service's Run: the platform's runtime, and its
// paid surface mounted from ops alone.
func runEighth(ops func() []operation.Operation) apptest.RunFunc {
	return func(ctx context.Context, lookup config.Lookup, logOut io.Writer, version string, ready func(net.Addr)) error {
		load := func() (eighthConfig, app.Base, []slog.Attr, error) {
			l := config.NewLoader(lookup)
			c := eighthConfig{base: app.LoadBase(l, 0), payments: payments.Load(l)}
			return c, c.base, l.Effective(), l.Err()
		}
		routes := func(rt *app.Runtime, cfg eighthConfig) (*echo.Echo, error) {
			doc, err := openapidoc.Load(eighthDoc)
			if err != nil {
				return nil, err
			}
			e := rt.NewEcho()
			return e, operation.Mount(rt, e, operation.Service{Name: "eighth", Doc: doc, Payments: cfg.payments, Ops: ops()})
		}
		return app.Run(ctx, "eighth", version, logOut, ready, load, routes)
	}
}

// TestEighthOperation: one descriptor, one handler and the OpenAPI entry
// make a paid operation. Mounted from the descriptor alone, it is listed
// in /capabilities.json (with its MCP tool) and /pricing.json, charged its
// price by the x402 middleware over HTTP (a real EIP-712 signature,
// verified and settled by a checking facilitator), and offered and charged
// as an MCP tool.
func TestEighthOperation(t *testing.T) {
	fac := x402test.NewCheckingFacilitator(nil)
	base := apptest.Boot(t, runEighth(func() []operation.Operation {
		return []operation.Operation{echoOp.Bind(serveEcho, strictjson.BodyLimit(strictjson.MaxBody), input.Middleware(parseEcho))}
	}), map[string]string{"X402_FACILITATOR_URL": fac.Serve(t)})

	var caps struct {
		MCP          struct{ Endpoint string }
		Capabilities []struct {
			ID, Method, Path string
			PriceAtomic      string `json:"price_atomic"`
			MCPTool          string `json:"mcp_tool"`
			Input            struct {
				Ref string `json:"$ref"`
			}
		}
	}
	getJSON(t, base+"/capabilities.json", &caps)
	if len(caps.Capabilities) != 1 || caps.MCP.Endpoint != "/mcp" {
		t.Fatalf("capabilities: %+v", caps)
	}
	if c := caps.Capabilities[0]; c.ID != "echo_text" || c.Method != http.MethodPost || c.Path != "/v1/echo" ||
		c.PriceAtomic != "1234" || c.MCPTool != "echo_text" || c.Input.Ref != "/openapi.json#/components/schemas/EchoRequest" {
		t.Fatalf("capability: %+v", c)
	}
	var pricing struct {
		Operations []struct {
			ID, Path    string
			PriceAtomic string `json:"price_atomic"`
		}
	}
	getJSON(t, base+"/pricing.json", &pricing)
	if len(pricing.Operations) != 1 || pricing.Operations[0].ID != "echo_text" || pricing.Operations[0].PriceAtomic != "1234" {
		t.Fatalf("pricing: %+v", pricing)
	}

	// The landing page's JSON index states the operation as its descriptor
	// does, and the MCP endpoint's tools.
	req, _ := http.NewRequest(http.MethodGet, base+"/", nil)
	req.Header.Set("Accept", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var index landing.Index
	err = json.NewDecoder(res.Body).Decode(&index)
	res.Body.Close()
	want := landing.Operation{
		ID: echoOp.ID, OperationID: echoOp.OperationID, Method: echoOp.Method, Path: echoOp.Path, Description: echoOp.Description,
		PriceUSD: echoOp.Price().USD(), PriceAtomic: echoOp.Atomic, MCPTool: echoOp.Tool,
	}
	if err != nil || res.StatusCode != http.StatusOK || len(index.Operations) != 1 || index.Operations[0] != want ||
		index.Service != "eighth" || !slices.Equal(index.MCP.Tools, []string{"echo_text", "pricing", "capabilities"}) ||
		index.MCP.Endpoint != "/mcp" || index.Links.Health != "" {
		t.Fatalf("landing index: %d %v %+v, want operation %+v", res.StatusCode, err, index, want)
	}

	// Payments: bad input is refused before any payment; a good request
	// without one gets the challenge at the descriptor's price; a paid one
	// is answered and settled once.
	res = post(t, http.DefaultClient, base+"/v1/echo", `{"text":""}`)
	if res.StatusCode != http.StatusBadRequest || res.Header.Get("Payment-Required") != "" {
		t.Fatalf("invalid input: %d, Payment-Required %q", res.StatusCode, res.Header.Get("Payment-Required"))
	}
	res = post(t, http.DefaultClient, base+"/v1/echo", `{"text":"hi"}`)
	pr, err := x402.DecodePaymentRequired(res.Header.Get("Payment-Required"))
	if res.StatusCode != http.StatusPaymentRequired || err != nil || len(pr.Accepts) != 1 || pr.Accepts[0].Amount != "1234" ||
		!strings.HasSuffix(pr.Resource.URL, "/v1/echo") {
		t.Fatalf("challenge: %d %v %+v", res.StatusCode, err, pr)
	}
	res = post(t, x402test.PayingClient(t, 1234), base+"/v1/echo", `{"text":"hi"}`)
	body, _ := io.ReadAll(res.Body)
	settle, err := client.Settlement(res)
	if res.StatusCode != http.StatusOK || string(bytes.TrimSpace(body)) != `{"text":"hi"}` || err != nil || !settle.Success {
		t.Fatalf("paid: %d %s, settlement %+v %v", res.StatusCode, body, settle, err)
	}
	if _, settled := fac.Counts(); settled != 1 {
		t.Fatalf("settled %d, want 1", settled)
	}

	// MCP: the tool is listed, with the request body's schema, and a call
	// is charged the same price.
	cs := mcptest.Connect(t, base, nil)
	schemas, names := mcptest.Tools(t, cs)
	if names != "capabilities,echo_text,pricing" || !strings.Contains(schemas["echo_text"], `"maxLength":64`) {
		t.Fatalf("tools %s, echo_text schema %s", names, schemas["echo_text"])
	}
	pr, out := mcptest.Pay(t, cs, "echo_text", map[string]any{"text": "over mcp"})
	if pr.Accepts[0].Amount != "1234" || out.IsError || !strings.Contains(mcptest.Text(t, out), "over mcp") {
		t.Fatalf("MCP call: amount %s, error %v, %s", pr.Accepts[0].Amount, out.IsError, mcptest.Text(t, out))
	}
	if _, settled := fac.Counts(); settled != 2 {
		t.Fatalf("settled %d after the MCP call, want 2", settled)
	}
}

// TestMountRefusesDisagreement: a service whose descriptors disagree with
// its OpenAPI document, or are incomplete, does not start.
func TestMountRefusesDisagreement(t *testing.T) {
	bound := echoOp.Bind(serveEcho)
	wrongPrice := bound
	wrongPrice.Atomic = "1000"
	err := startErr(t, runEighth(func() []operation.Operation { return []operation.Operation{wrongPrice} }))
	if err == nil || !strings.Contains(err.Error(), `x-price-atomic of POST /v1/echo is "1234", the descriptor says "1000"`) {
		t.Fatalf("a price the document does not say: %v", err)
	}
	err = startErr(t, runEighth(func() []operation.Operation { return nil }))
	if err == nil || !strings.Contains(err.Error(), "POST /v1/echo (echoText) is paid but has no descriptor") {
		t.Fatalf("a paid operation without a descriptor: %v", err)
	}
}

func TestCheck(t *testing.T) {
	doc, err := openapidoc.Load(eighthDoc)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(*operation.Operation)) []operation.Operation {
		o := echoOp
		f(&o)
		return []operation.Operation{o}
	}
	for _, tc := range []struct {
		name string
		ops  []operation.Operation
		want string // "" = no error
	}{
		{"agrees", []operation.Operation{echoOp}, ""},
		{"operation id", edit(func(o *operation.Operation) { o.OperationID = "echo" }),
			`OpenAPI operationId of POST /v1/echo is "echoText", the descriptor says "echo"`},
		{"price", edit(func(o *operation.Operation) { o.Atomic = "1235" }), `x-price-atomic of POST /v1/echo is "1234"`},
		{"path", edit(func(o *operation.Operation) { o.Path = "/v1/echo2" }), "POST /v1/echo2 is not in the OpenAPI document"},
		{"method", edit(func(o *operation.Operation) { o.Method = http.MethodGet }), "GET /v1/echo is not in the OpenAPI document"},
		{"free operation", edit(func(o *operation.Operation) {
			o.Method, o.Path, o.OperationID, o.Atomic = http.MethodGet, "/v1/free", "free", ""
		}), "OpenAPI GET /v1/free has no 402 response"},
		{"undescribed", nil, "POST /v1/echo (echoText) is paid but has no descriptor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := operation.Check(tc.ops, doc.T)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Check: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("Check: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	ok := echoOp.Bind(serveEcho)
	if err := operation.Validate([]operation.Operation{ok}); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	second := ok
	second.ID, second.OperationID, second.Path = "echo_again", "echoAgain", "/v1/echo-again"
	for _, tc := range []struct {
		name string
		ops  []operation.Operation
		want string
	}{
		{"unbound", []operation.Operation{echoOp}, "echo_text: no handler"},
		{"empty tool", []operation.Operation{func() operation.Operation { o := ok; o.Tool = ""; return o }()}, "echo_text: Tool is empty"},
		{"price", []operation.Operation{func() operation.Operation { o := ok; o.Atomic = "0.5"; return o }()}, `price "0.5"`},
		{"method", []operation.Operation{func() operation.Operation { o := ok; o.Method = http.MethodPut; return o }()}, `method "PUT"`},
		{"shared tool", []operation.Operation{ok, second}, `echo_text and echo_again share the MCP tool "echo_text"`},
		{"shared cache op", []operation.Operation{ok, second}, `share the cache operation "echo"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := operation.Validate(tc.ops); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate: %v, want %q", err, tc.want)
			}
		})
	}
}

// startErr runs a service that is expected not to start and returns why;
// one that does start serves until a short deadline and returns nil.
func startErr(t *testing.T, run apptest.RunFunc) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return run(ctx, config.Map(apptest.Defaults()), io.Discard, "test", nil)
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

func post(t *testing.T, c *http.Client, url, body string) *http.Response {
	t.Helper()
	res, err := c.Post(url, echo.MIMEApplicationJSON, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func TestCheckTable(t *testing.T) {
	table := "| Service | Operation | Capability id | MCP tool | USDC | Atomic |\n|---|---|---|---|---|---|\n" +
		"| eighth | `POST /v1/echo` | `echo_text` | `echo_text` | 0.001234 | 1234 |\n"
	if err := operation.CheckTable([]byte(table), "eighth", []operation.Operation{echoOp}); err != nil {
		t.Fatalf("CheckTable: %v", err)
	}
	cheaper := echoOp
	cheaper.Atomic = "1000"
	if err := operation.CheckTable([]byte(table), "eighth", []operation.Operation{cheaper}); err == nil {
		t.Fatal("a row with another price passed")
	}
	if err := operation.CheckTable([]byte(table), "ninth", []operation.Operation{echoOp}); err == nil {
		t.Fatal("a row of another service passed")
	}
}
