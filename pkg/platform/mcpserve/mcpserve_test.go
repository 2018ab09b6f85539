package mcpserve_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/mcpserve"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/server"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/mcppay"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

const payTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

// testDoc is the small app's contract: a paid GET with bounded query
// parameters, a paid POST with a JSON body, a paid GET whose handler fails
// and a free GET.
const testDoc = `openapi: 3.0.3
info: {title: mcpserve test, version: 1.0.0}
paths:
  /v1/echo:
    get:
      summary: Echo a word (paid, 0.0001 USDC)
      description: Echoes the word the given number of times.
      parameters:
        - name: word
          in: query
          required: true
          description: The word to echo.
          schema: {type: string, minLength: 1, maxLength: 20, example: hello}
        - name: times
          in: query
          description: How many times.
          schema: {type: integer, minimum: 1, maximum: 3}
      responses:
        '200':
          description: The echo.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Echo'}
              example: {word: hello, times: 1, echo: [hello]}
  /v1/things:
    post:
      summary: Make a thing (paid, 0.001 USDC)
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/ThingRequest'}
            example: {name: lamp, tags: [desk]}
      responses:
        '200':
          description: The thing.
          content:
            application/json:
              schema: {type: object}
              example: {name: lamp, tags: [desk]}
  /v1/broken:
    get:
      summary: Always fails (paid)
      parameters:
        - name: word
          in: query
          required: true
          schema: {type: string, example: x}
      responses:
        '200':
          description: Never.
          content:
            application/json:
              schema: {type: object}
              example: {}
  /pricing.json:
    get:
      summary: Prices (free)
      responses:
        '200':
          description: The prices.
          content:
            application/json:
              schema: {type: object}
components:
  schemas:
    Echo:
      type: object
      additionalProperties: false
      required: [word, times, echo]
      properties:
        word: {type: string}
        times: {type: integer}
        echo: {type: array, items: {type: string}}
    ThingRequest:
      type: object
      additionalProperties: false
      required: [name]
      properties:
        name: {type: string, minLength: 1, maxLength: 10, description: The thing's name.}
        tags: {type: array, maxItems: 3, items: {type: string}}
`

var prices = []payments.Price{
	{Method: http.MethodGet, Path: "/v1/echo", Atomic: "100", Description: "Echo a word"},
	{Method: http.MethodPost, Path: "/v1/things", Atomic: "1000", Description: "Make a thing"},
	{Method: http.MethodGet, Path: "/v1/broken", Atomic: "100", Description: "Always fails"},
}

// facilitator is the checking facilitator, whose settlements can be made to
// fail.
type facilitator struct {
	*x402test.CheckingFacilitator
	failSettle atomic.Bool
}

func (f *facilitator) Settle(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	if f.failSettle.Load() {
		return x402.SettleResponse{Success: false, ErrorReason: "insufficient_funds", Network: r.Network}, nil
	}
	return f.CheckingFacilitator.Settle(ctx, p, r)
}

// app is the small echo app with the real pay middleware, its MCP endpoint
// and what its handlers saw.
type app struct {
	url  string
	fac  *facilitator
	runs atomic.Int64 // echo/things handler runs

	mu       sync.Mutex
	remote   string // RemoteAddr of the last echo request
	realIP   string // c.RealIP() of the last echo request
	lastHost string
}

func newApp(t *testing.T, trustForwarded bool) *app {
	t.Helper()
	doc, err := openapidoc.Load([]byte(testDoc))
	if err != nil {
		t.Fatal(err)
	}
	a := &app{fac: &facilitator{CheckingFacilitator: x402test.NewCheckingFacilitator(nil)}}
	logger := slog.New(slog.DiscardHandler)
	cfg := payments.Config{PayTo: payTo, MaxTimeoutSeconds: 300, TrustForwarded: trustForwarded, CORSOrigins: []string{"*"}}
	pay, err := payments.Middleware(cfg, prices, doc.T, a.fac, cache.NewMemory(1000), logger)
	if err != nil {
		t.Fatal(err)
	}
	e := server.New(logger)
	e.Pre(mcpserve.CORS(cfg.CORSOrigins))
	e.Use(payments.CORS(cfg, "x-test-cache"))
	e.GET("/health", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]string{"status": "ok"}) })
	e.GET("/pricing.json", func(c echo.Context) error {
		return c.JSON(http.StatusOK, map[string]any{"currency": "USDC", "operations": len(prices)})
	})
	e.GET("/v1/echo", a.echo, validateEcho, pay)
	e.POST("/v1/things", a.things, validateThing, pay)
	e.GET("/v1/broken", func(echo.Context) error {
		return apierror.New(apierror.CodeUpstreamFailure, "the upstream failed")
	}, pay)

	h, err := mcpserve.New(mcpserve.Config{
		Service: "test", Version: "1", Doc: doc.T, Dispatch: e, TrustForwarded: trustForwarded, CacheHeader: "x-test-cache",
		Tools: []mcpserve.Tool{
			mcpserve.Paid("echo", prices[0]), mcpserve.Paid("things", prices[1]), mcpserve.Paid("broken", prices[2]),
			mcpserve.Free("pricing", "/pricing.json", "unused: the document has it"),
			mcpserve.Free("health", "/health", "Health of the service (free)"),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	h.Register(e)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	a.url = srv.URL
	return a
}

func validateEcho(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		q := c.QueryParams()
		for k := range q {
			if k != "word" && k != "times" {
				return apierror.InvalidField(k, "unknown parameter", nil)
			}
		}
		if w := q.Get("word"); w == "" || len(w) > 20 {
			return apierror.InvalidField("word", "required, 1 to 20 characters", nil)
		}
		if s := q.Get("times"); s != "" {
			if n, err := strconv.Atoi(s); err != nil || n < 1 || n > 3 {
				return apierror.InvalidField("times", "an integer from 1 to 3", nil)
			}
		}
		return next(c)
	}
}

func (a *app) echo(c echo.Context) error {
	a.runs.Add(1)
	a.mu.Lock()
	a.remote, a.realIP, a.lastHost = c.Request().RemoteAddr, c.RealIP(), c.Request().Host
	a.mu.Unlock()
	word, n := c.QueryParam("word"), 1
	if s := c.QueryParam("times"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = word
	}
	c.Response().Header().Set("x-test-cache", "MISS")
	return c.JSON(http.StatusOK, map[string]any{"word": word, "times": n, "echo": out})
}

type thing struct {
	Name string   `json:"name"`
	Tags []string `json:"tags,omitempty"`
}

func validateThing(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Header.Get(echo.HeaderContentType) != echo.MIMEApplicationJSON {
			return apierror.New(apierror.CodeUnsupportedMediaType, "send application/json")
		}
		b, err := io.ReadAll(c.Request().Body)
		if err != nil {
			return err
		}
		var th thing // decoded like the services' bodies
		if err := strictjson.DecodeBytes(b, &th); err != nil {
			return err
		}
		if th.Name == "" || len(th.Name) > 10 {
			return apierror.InvalidField("name", "required, 1 to 10 characters", nil)
		}
		c.Set("thing", th)
		return next(c)
	}
}

func (a *app) things(c echo.Context) error {
	a.runs.Add(1)
	return c.JSON(http.StatusOK, c.Get("thing"))
}

// paymentRequired checks that res is the transport's payment-required
// answer for tool and returns its PaymentRequired.
func paymentRequired(t *testing.T, res *mcp.CallToolResult, tool string) x402.PaymentRequired {
	t.Helper()
	pr := mcptest.PaymentRequired(t, res, tool)
	if len(pr.Accepts) != 1 || pr.Resource.URL != "mcp://tool/"+tool {
		t.Fatalf("PaymentRequired = %+v", pr)
	}
	var bazaar struct {
		Info struct {
			Input struct {
				Type, Tool, Transport string
				InputSchema           map[string]any `json:"inputSchema"`
				Example               map[string]any
			}
			Output struct{ Example any }
		}
		Schema struct {
			Properties struct {
				Input struct{ Required []string }
			}
		}
	}
	if err := json.Unmarshal(pr.Extensions["bazaar"], &bazaar); err != nil {
		t.Fatalf("bazaar: %v (%s)", err, pr.Extensions["bazaar"])
	}
	in := bazaar.Info.Input
	if in.Type != "mcp" || in.Tool != tool || in.Transport != "streamable-http" || in.InputSchema["type"] != "object" ||
		len(in.Example) == 0 || bazaar.Info.Output.Example == nil ||
		strings.Join(bazaar.Schema.Properties.Input.Required, ",") != "type,tool,inputSchema" {
		t.Fatalf("bazaar is not the MCP form: %s", pr.Extensions["bazaar"])
	}
	return pr
}

// paidHTTP is an HTTP client paying any challenge.
func paidHTTP(t *testing.T) *http.Client {
	t.Helper()
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(1000))
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Transport: tr}
}

func httpDo(t *testing.T, c *http.Client, method, url, body string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

func counts(a *app) (int, int) { return a.fac.Counts() }

func TestListTools(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tl := range res.Tools {
		tools[tl.Name] = tl
	}
	if len(tools) != 5 || tools["echo"] == nil || tools["things"] == nil || tools["broken"] == nil || tools["pricing"] == nil || tools["health"] == nil {
		t.Fatalf("tools = %v", res.Tools)
	}
	schema := func(name string) map[string]any {
		b, err := json.Marshal(tools[name].InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	// GET: the query parameters, from the document.
	want := map[string]any{
		"type": "object", "additionalProperties": false, "required": []any{"word"},
		"properties": map[string]any{
			"word":  map[string]any{"type": "string", "minLength": float64(1), "maxLength": float64(20), "description": "The word to echo."},
			"times": map[string]any{"type": "integer", "minimum": float64(1), "maximum": float64(3), "description": "How many times."},
		},
	}
	if got := schema("echo"); !reflect.DeepEqual(got, want) {
		t.Fatalf("echo input schema = %v\nwant %v", got, want)
	}
	// POST: the request body schema, resolved.
	body := schema("things")
	props, _ := body["properties"].(map[string]any)
	name, _ := props["name"].(map[string]any)
	if body["type"] != "object" || body["additionalProperties"] != false || name["maxLength"] != float64(10) ||
		name["description"] != "The thing's name." || !reflect.DeepEqual(body["required"], []any{"name"}) {
		t.Fatalf("things input schema = %v", body)
	}
	if s := schema("pricing"); s["type"] != "object" {
		t.Fatalf("pricing input schema = %v", s)
	}
	echoTool := tools["echo"]
	if echoTool.Title != "Echo a word (paid, 0.0001 USDC)" ||
		!strings.Contains(echoTool.Description, "Echoes the word the given number of times.") ||
		!strings.Contains(echoTool.Description, "Paid: 0.0001 USDC per call via x402") {
		t.Fatalf("echo title %q description %q", echoTool.Title, echoTool.Description)
	}
	if !strings.Contains(tools["things"].Description, "Paid: 0.001 USDC") || !strings.HasPrefix(tools["pricing"].Description, "Prices (free)") ||
		!strings.Contains(tools["pricing"].Description, "Free") || tools["health"].Title != "Health of the service (free)" {
		t.Fatalf("descriptions: %q / %q / %q", tools["things"].Description, tools["pricing"].Description, tools["health"].Title)
	}
	if a.runs.Load() != 0 {
		t.Fatal("listing ran a handler")
	}
}

func TestPaidCall(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	args := map[string]any{"word": "hi", "times": 2}

	// No payment: the PaymentRequired, nothing run, nothing verified.
	res := mcptest.Call(t, cs, "echo", args, nil)
	pr := paymentRequired(t, res, "echo")
	if pr.Error != echox402.MsgPaymentRequired || pr.Accepts[0].Amount != "100" || pr.Accepts[0].PayTo != payTo {
		t.Fatalf("PaymentRequired = %+v", pr)
	}
	if res.Meta[mcpserve.MetaHTTPStatus] != float64(402) {
		t.Fatalf("meta = %v", res.Meta)
	}
	if v, s := counts(a); a.runs.Load() != 0 || v != 0 || s != 0 {
		t.Fatalf("unpaid call: runs %d verified %d settled %d", a.runs.Load(), v, s)
	}

	// Paid: the HTTP body as structured output, the settlement in _meta.
	payload := mcptest.Sign(t, pr)
	res = mcptest.Call(t, cs, "echo", args, payload)
	if res.IsError {
		t.Fatalf("paid call failed: %s", mcptest.Text(t, res))
	}
	if v, s := counts(a); v != 1 || s != 1 {
		t.Fatalf("paid call: verified %d settled %d, want 1 1", v, s)
	}
	var settle x402.SettleResponse
	b, _ := json.Marshal(res.Meta[mcpserve.MetaPaymentResponse])
	if err := json.Unmarshal(b, &settle); err != nil || !settle.Success || settle.Transaction == "" || settle.Network != x402.NetworkBase {
		t.Fatalf("payment-response = %s (%v)", b, err)
	}
	if st, _ := res.Meta[mcpserve.MetaServerTiming].(string); !strings.Contains(st, "settle;dur=") {
		t.Errorf("Server-Timing in _meta = %q", st)
	}
	if res.Meta[mcpserve.MetaCache] != "MISS" || res.Meta[mcpserve.MetaRequestID] == "" || res.Meta[mcpserve.MetaHTTPStatus] != float64(200) {
		t.Fatalf("meta = %v", res.Meta)
	}
	got := mcptest.Structured(t, res)
	if !mcptest.JSONEqual(t, got, []byte(mcptest.Text(t, res))) {
		t.Fatalf("structuredContent %s != content[0].text %s", got, mcptest.Text(t, res))
	}
	hres, hbody := httpDo(t, paidHTTP(t), http.MethodGet, a.url+"/v1/echo?word=hi&times=2", "", nil)
	if hres.StatusCode != http.StatusOK || !mcptest.JSONEqual(t, got, hbody) {
		t.Fatalf("MCP output %s, HTTP %d %s", got, hres.StatusCode, hbody)
	}

	// The same authorization again over MCP: refused by the replay guard.
	res = mcptest.Call(t, cs, "echo", args, payload)
	if pr := paymentRequired(t, res, "echo"); pr.Error != echox402.MsgAlreadyUsed {
		t.Fatalf("replay over MCP: error %q", pr.Error)
	}
	// ... and over HTTP: one authorization is served once across both.
	header, err := x402.EncodeHeader(payload)
	if err != nil {
		t.Fatal(err)
	}
	hres, hbody = httpDo(t, http.DefaultClient, http.MethodGet, a.url+"/v1/echo?word=hi&times=2", "",
		map[string]string{x402.HeaderPaymentSignature: header})
	hpr, err := x402.DecodePaymentRequired(hres.Header.Get(x402.HeaderPaymentRequired))
	if hres.StatusCode != http.StatusPaymentRequired || err != nil || hpr.Error != echox402.MsgAlreadyUsed {
		t.Fatalf("replay over HTTP: %d %s (%v)", hres.StatusCode, hbody, err)
	}
	if _, s := counts(a); s != 2 { // the MCP call and the HTTP comparison call
		t.Fatalf("settled %d, want 2", s)
	}
}

func TestHTTPAuthorizationRefusedOverMCP(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	res, _ := httpDo(t, http.DefaultClient, http.MethodGet, a.url+"/v1/echo?word=hi", "", nil)
	pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		t.Fatal(err)
	}
	payload := mcptest.Sign(t, pr)
	header, err := x402.EncodeHeader(payload)
	if err != nil {
		t.Fatal(err)
	}
	res, body := httpDo(t, http.DefaultClient, http.MethodGet, a.url+"/v1/echo?word=hi", "", map[string]string{x402.HeaderPaymentSignature: header})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("HTTP paid: %d %s", res.StatusCode, body)
	}
	r := mcptest.Call(t, cs, "echo", map[string]any{"word": "hi"}, payload)
	if pr := paymentRequired(t, r, "echo"); pr.Error != echox402.MsgAlreadyUsed {
		t.Fatalf("HTTP authorization replayed over MCP: error %q", pr.Error)
	}
	if _, s := counts(a); s != 1 {
		t.Fatalf("settled %d, want 1", s)
	}
}

func TestPaidPOSTTool(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	args := map[string]any{"name": "lamp", "tags": []string{"desk"}}
	pr := paymentRequired(t, mcptest.Call(t, cs, "things", args, nil), "things")
	if pr.Accepts[0].Amount != "1000" {
		t.Fatalf("amount %s", pr.Accepts[0].Amount)
	}
	res := mcptest.Call(t, cs, "things", args, mcptest.Sign(t, pr))
	if res.IsError {
		t.Fatalf("paid call failed: %s", mcptest.Text(t, res))
	}
	_, hbody := httpDo(t, paidHTTP(t), http.MethodPost, a.url+"/v1/things", `{"name":"lamp","tags":["desk"]}`, nil)
	if got := mcptest.Structured(t, res); !mcptest.JSONEqual(t, got, hbody) {
		t.Fatalf("MCP %s, HTTP %s", got, hbody)
	}
}

// TestPaidByTheMCPClientSide: pkg/x402/mcppay (the client half of the
// transport, behind `x402 mcp call`) pays a tool of this server half.
func TestPaidByTheMCPClientSide(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	payer, err := client.NewTransport(key, big.NewInt(1000))
	if err != nil {
		t.Fatal(err)
	}
	c, err := mcppay.CallTool(context.Background(), cs, payer, "things", map[string]any{"name": "lamp"})
	if err != nil || c.Paid == nil || c.Challenge != nil || c.Settlement == nil || !c.Settlement.Success || c.Result.IsError {
		t.Fatalf("call %+v: %v", c, err)
	}
	if got := mcptest.Structured(t, c.Result); !mcptest.JSONEqual(t, got, []byte(`{"name":"lamp"}`)) {
		t.Fatalf("output %s", got)
	}
	// Over the cap: nothing signed, nothing settled.
	cheap, err := client.NewTransport(key, big.NewInt(999))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mcppay.CallTool(context.Background(), cs, cheap, "things", map[string]any{"name": "lamp"}); err == nil {
		t.Fatal("paid over the cap")
	}
	if _, s := counts(a); s != 1 {
		t.Fatalf("settled %d, want 1", s)
	}
}

func TestInvalidArgumentsAreNeverCharged(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	pr := paymentRequired(t, mcptest.Call(t, cs, "echo", map[string]any{"word": "hi"}, nil), "echo")
	payload := mcptest.Sign(t, pr) // a valid payment, sent with invalid arguments
	thingsPR := paymentRequired(t, mcptest.Call(t, cs, "things", map[string]any{"name": "lamp"}, nil), "things")
	thingsPayload := mcptest.Sign(t, thingsPR)
	cases := []struct {
		tool    string
		code    apierror.Code
		args    any
		payment any
	}{
		{"echo", apierror.CodeInvalidRequest, map[string]any{}, payload},
		{"echo", apierror.CodeInvalidRequest, map[string]any{"word": strings.Repeat("w", 21)}, payload},
		{"echo", apierror.CodeInvalidRequest, map[string]any{"word": "hi", "times": 9}, payload},
		{"echo", apierror.CodeInvalidRequest, map[string]any{"word": "hi", "verbose": true}, payload},
		{"things", apierror.CodeInvalidRequest, map[string]any{"name": ""}, thingsPayload},
		{"things", apierror.CodeInvalidRequest, map[string]any{"name": "lamp", "colour": "red"}, thingsPayload},
		{"things", apierror.CodeInvalidRequest, nil, thingsPayload}, // no arguments: the body {}
		// Strict JSON arguments, as bodies are: a property named twice
		// (the last would win in a map), and names that match only
		// case-insensitively.
		{"echo", apierror.CodeInvalidJSON, json.RawMessage(`{"word":"hi","word":"bye"}`), payload},
		{"echo", apierror.CodeInvalidRequest, json.RawMessage(`{"Word":"hi"}`), payload},
		{"things", apierror.CodeInvalidJSON, json.RawMessage(`{"name":"lamp","name":"desk"}`), thingsPayload},
		{"things", apierror.CodeInvalidRequest, json.RawMessage(`{"Name":"lamp"}`), thingsPayload},
	}
	for _, tc := range cases {
		res := mcptest.Call(t, cs, tc.tool, tc.args, tc.payment)
		var env apierror.Envelope
		if err := json.Unmarshal(mcptest.Structured(t, res), &env); err != nil || !res.IsError || env.Error.Code != tc.code {
			t.Fatalf("%s %v: isError %v, %s (%v)", tc.tool, tc.args, res.IsError, mcptest.Structured(t, res), err)
		}
		if mcptest.Text(t, res) == "" || !mcptest.JSONEqual(t, mcptest.Structured(t, res), []byte(mcptest.Text(t, res))) {
			t.Fatalf("content[0] %q is not the envelope", mcptest.Text(t, res))
		}
		if res.Meta[mcpserve.MetaPaymentResponse] != nil {
			t.Fatalf("a payment response for an invalid call: %v", res.Meta)
		}
	}
	// A payment that is not a PaymentPayload object is judged by the route
	// like an undecodable PAYMENT-SIGNATURE: the challenge, with the reason.
	for _, bad := range []any{42, "not base64", map[string]any{"x402Version": 2}} {
		pr := paymentRequired(t, mcptest.Call(t, cs, "echo", map[string]any{"word": "hi"}, bad), "echo")
		if !strings.HasPrefix(pr.Error, "invalid PAYMENT-SIGNATURE") && pr.Error != echox402.MsgNoMatch {
			t.Fatalf("payment %v: error %q", bad, pr.Error)
		}
	}
	if v, s := counts(a); v != 0 || s != 0 || a.runs.Load() != 0 {
		t.Fatalf("invalid calls: verified %d settled %d runs %d, want 0 0 0", v, s, a.runs.Load())
	}
}

func TestHandlerFailureIsNotSettled(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	pr := paymentRequired(t, mcptest.Call(t, cs, "broken", map[string]any{"word": "x"}, nil), "broken")
	res := mcptest.Call(t, cs, "broken", map[string]any{"word": "x"}, mcptest.Sign(t, pr))
	var env apierror.Envelope
	if err := json.Unmarshal(mcptest.Structured(t, res), &env); err != nil || !res.IsError || env.Error.Code != apierror.CodeUpstreamFailure {
		t.Fatalf("isError %v, %s (%v)", res.IsError, mcptest.Structured(t, res), err)
	}
	if res.Meta[mcpserve.MetaHTTPStatus] != float64(http.StatusBadGateway) || res.Meta[mcpserve.MetaPaymentResponse] != nil {
		t.Fatalf("meta = %v", res.Meta)
	}
	if v, s := counts(a); v != 1 || s != 0 {
		t.Fatalf("verified %d settled %d, want 1 0", v, s)
	}
}

func TestSettlementFailureWithholdsTheOutput(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	args := map[string]any{"word": "secret"}
	pr := paymentRequired(t, mcptest.Call(t, cs, "echo", args, nil), "echo")
	a.fac.failSettle.Store(true)
	res := mcptest.Call(t, cs, "echo", args, mcptest.Sign(t, pr))
	got := paymentRequired(t, res, "echo")
	if got.Error != "insufficient_funds" {
		t.Fatalf("error %q, want the settlement failure", got.Error)
	}
	if strings.Contains(mcptest.Text(t, res), "secret") {
		t.Fatalf("the output leaked: %s", mcptest.Text(t, res))
	}
	b, _ := json.Marshal(res.Meta[mcpserve.MetaPaymentResponse])
	var settle x402.SettleResponse
	if err := json.Unmarshal(b, &settle); err != nil || settle.Success || settle.ErrorReason != "insufficient_funds" {
		t.Fatalf("payment-response = %s", b)
	}
	if a.runs.Load() != 1 {
		t.Fatalf("runs %d, want 1 (the operation ran, its output was withheld)", a.runs.Load())
	}
	if _, s := counts(a); s != 0 {
		t.Fatalf("settled %d", s)
	}
}

func TestFreeTool(t *testing.T) {
	a := newApp(t, false)
	cs := mcptest.Connect(t, a.url, nil)
	for tool, path := range map[string]string{"pricing": "/pricing.json", "health": "/health"} {
		res := mcptest.Call(t, cs, tool, nil, nil)
		_, body := httpDo(t, http.DefaultClient, http.MethodGet, a.url+path, "", nil)
		if res.IsError || !mcptest.JSONEqual(t, mcptest.Structured(t, res), body) {
			t.Fatalf("%s: isError %v %s, HTTP %s", tool, res.IsError, mcptest.Structured(t, res), body)
		}
	}
}

// headerTransport adds headers to every request.
type headerTransport map[string]string

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func TestClientAddressReachesTheRoute(t *testing.T) {
	for _, trust := range []bool{false, true} {
		t.Run("trust forwarded "+strconv.FormatBool(trust), func(t *testing.T) {
			a := newApp(t, trust)
			cs := mcptest.Connect(t, a.url, &http.Client{Transport: headerTransport{
				"X-Forwarded-For": "203.0.113.7", "X-Intel402-Mcp-Remote-Addr": "198.51.100.1:1",
			}})
			pr := paymentRequired(t, mcptest.Call(t, cs, "echo", map[string]any{"word": "hi"}, nil), "echo")
			if res := mcptest.Call(t, cs, "echo", map[string]any{"word": "hi"}, mcptest.Sign(t, pr)); res.IsError {
				t.Fatal(mcptest.Text(t, res))
			}
			a.mu.Lock()
			remote, realIP, host := a.remote, a.realIP, a.lastHost
			a.mu.Unlock()
			ip, _, err := net.SplitHostPort(remote)
			if err != nil || ip != "127.0.0.1" {
				t.Fatalf("RemoteAddr %q: not the MCP caller's (a spoofed one?)", remote)
			}
			want := "127.0.0.1"
			if trust {
				want = "203.0.113.7"
			}
			if realIP != want {
				t.Fatalf("RealIP %q, want %q", realIP, want)
			}
			if !strings.HasPrefix(a.url, "http://"+host) {
				t.Fatalf("Host %q, want the MCP request's (%s)", host, a.url)
			}
		})
	}
}

func TestEndpointIsFreeAndCORS(t *testing.T) {
	a := newApp(t, false)
	// initialize over raw JSON-RPC, no payment.
	res, body := httpDo(t, http.DefaultClient, http.MethodPost, a.url+mcpserve.Path,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`,
		map[string]string{"Accept": "application/json, text/event-stream", "Origin": "https://agent.example"})
	if res.StatusCode != http.StatusOK || res.Header.Get(x402.HeaderPaymentRequired) != "" || !strings.Contains(string(body), `"serverInfo"`) {
		t.Fatalf("initialize: %d %s", res.StatusCode, body)
	}
	if res.Header.Get("Access-Control-Allow-Origin") == "" || len(res.Header.Values("Vary")) != 1 {
		t.Fatalf("initialize CORS headers: %v", res.Header)
	}
	res, body = httpDo(t, http.DefaultClient, http.MethodPost, a.url+mcpserve.Path,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		map[string]string{"Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"})
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"echo"`) {
		t.Fatalf("tools/list: %d %s", res.StatusCode, body)
	}
	// A browser's preflight for a call carrying the MCP headers.
	req, err := http.NewRequest(http.MethodOptions, a.url+mcpserve.Path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", "https://agent.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type,mcp-protocol-version")
	pres, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	pres.Body.Close()
	allowed := strings.ToLower(pres.Header.Get("Access-Control-Allow-Headers"))
	if pres.StatusCode != http.StatusNoContent || pres.Header.Get("Access-Control-Allow-Origin") == "" || !strings.Contains(allowed, "mcp-protocol-version") {
		t.Fatalf("preflight: %d %v", pres.StatusCode, pres.Header)
	}
	// Other paths keep the payment CORS configuration.
	req.URL.Path = "/v1/echo"
	req.Header.Set("Access-Control-Request-Headers", "payment-signature")
	pres, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	pres.Body.Close()
	if !strings.Contains(strings.ToLower(pres.Header.Get("Access-Control-Allow-Headers")), "payment-signature") {
		t.Fatalf("payment preflight: %v", pres.Header)
	}
}

func TestConfigErrors(t *testing.T) {
	doc, err := openapidoc.Load([]byte(testDoc))
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	for name, tools := range map[string][]mcpserve.Tool{
		"unknown path":                      {{Name: "x", Method: http.MethodGet, Path: "/v1/nope"}},
		"duplicate":                         {mcpserve.Free("p", "/pricing.json", ""), mcpserve.Free("p", "/pricing.json", "")},
		"bad method":                        {{Name: "x", Method: http.MethodDelete, Path: "/v1/echo"}},
		"undocumented paid operation":       {{Name: "x", Method: http.MethodGet, Path: "/v1/nope", Atomic: "100", Summary: "Nope"}},
		"undocumented free without summary": {mcpserve.Free("x", "/v1/nope", "")},
	} {
		if _, err := mcpserve.New(mcpserve.Config{Doc: doc.T, Dispatch: e, Tools: tools}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := mcpserve.New(mcpserve.Config{Tools: nil}); err == nil {
		t.Error("no doc: accepted")
	}
}

// TestTransportErrorsAreJSON: every answer of /mcp is JSON, also the
// transport's own refusals (a GET, a malformed body, a body over the 16 KB
// limit every route has, a wrong content type): a JSON-RPC error with id
// null and the HTTP status in error.data.
func TestTransportErrorsAreJSON(t *testing.T) {
	a := newApp(t, false)
	accept := map[string]string{"Accept": "application/json, text/event-stream"}
	big := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"` + strings.Repeat("x", 17*1024) + `"}}`
	for _, tc := range []struct {
		name, method, body, contentType string
		status                          int
	}{
		{"GET", http.MethodGet, "", "", http.StatusMethodNotAllowed},
		{"malformed body", http.MethodPost, "{", "application/json", http.StatusBadRequest},
		{"body over 16 KB", http.MethodPost, big, "application/json", http.StatusRequestEntityTooLarge},
		{"not JSON", http.MethodPost, "hello", "text/plain", http.StatusUnsupportedMediaType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, a.url+mcpserve.Path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range accept {
				req.Header.Set(k, v)
			}
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var env struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
					Data    struct {
						HTTPStatus int `json:"httpStatus"`
					} `json:"data"`
				} `json:"error"`
			}
			if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
				t.Fatalf("%d %s: body is not JSON: %v", res.StatusCode, res.Header.Get("Content-Type"), err)
			}
			if res.StatusCode != tc.status || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") ||
				env.JSONRPC != "2.0" || string(env.ID) != "null" || env.Error.Code >= 0 || env.Error.Message == "" || env.Error.Data.HTTPStatus != tc.status {
				t.Fatalf("%d %s %+v, want %d and a JSON-RPC error", res.StatusCode, res.Header.Get("Content-Type"), env, tc.status)
			}
		})
	}
}
