// Package mcptest calls a service's MCP endpoint in tests with the official
// Go SDK's client, and pays its tools with x402 over MCP (the dev payer key
// of pkg/x402/x402test).
package mcptest

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/platform/mcpserve"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// Connect opens a session to base's MCP endpoint (base + mcpserve.Path)
// over the Streamable HTTP transport, closed at cleanup. httpClient may be
// nil.
func Connect(tb testing.TB, base string, httpClient *http.Client) *mcp.ClientSession {
	tb.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "mcptest", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: base + mcpserve.Path, HTTPClient: httpClient}, nil)
	if err != nil {
		tb.Fatalf("mcptest: connect to %s%s: %v", base, mcpserve.Path, err)
	}
	tb.Cleanup(func() { _ = cs.Close() })
	return cs
}

// Call calls tool name with args, with payment (a PaymentPayload, sent in
// params._meta["x402/payment"]) unless it is nil.
func Call(tb testing.TB, cs *mcp.ClientSession, name string, args, payment any) *mcp.CallToolResult {
	tb.Helper()
	p := &mcp.CallToolParams{Name: name, Arguments: args}
	if payment != nil {
		p.Meta = mcp.Meta{mcpserve.MetaPayment: payment}
	}
	res, err := cs.CallTool(context.Background(), p)
	if err != nil {
		tb.Fatalf("mcptest: tools/call %s: %v", name, err)
	}
	return res
}

// Text is the text of the result's content[0].
func Text(tb testing.TB, res *mcp.CallToolResult) string {
	tb.Helper()
	if len(res.Content) == 0 {
		tb.Fatal("mcptest: the result has no content")
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		tb.Fatalf("mcptest: content[0] is %T, not text", res.Content[0])
	}
	return tc.Text
}

// Structured is the JSON of the result's structuredContent.
func Structured(tb testing.TB, res *mcp.CallToolResult) []byte {
	tb.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// PaymentRequired checks that res is the x402 MCP transport's
// payment-required answer for tool (isError; the PaymentRequired as
// structuredContent and as the JSON text of content[0]; its resource
// mcp://tool/<tool>) and returns the PaymentRequired.
func PaymentRequired(tb testing.TB, res *mcp.CallToolResult, tool string) x402.PaymentRequired {
	tb.Helper()
	if !res.IsError {
		tb.Fatalf("mcptest: %s: not a payment-required answer: %s", tool, Text(tb, res))
	}
	s := Structured(tb, res)
	if !JSONEqual(tb, s, []byte(Text(tb, res))) {
		tb.Fatalf("mcptest: %s: structuredContent %s and content[0].text %s differ", tool, s, Text(tb, res))
	}
	var pr x402.PaymentRequired
	if err := json.Unmarshal(s, &pr); err != nil {
		tb.Fatalf("mcptest: %s: %v (%s)", tool, err, s)
	}
	if pr.X402Version != x402.Version || len(pr.Accepts) == 0 || pr.Resource.URL != mcpserve.ResourcePrefix+tool {
		tb.Fatalf("mcptest: %s: not a PaymentRequired for the tool: %s", tool, s)
	}
	return pr
}

// Sign signs the first requirement of pr with the dev payer key.
func Sign(tb testing.TB, pr x402.PaymentRequired) x402.PaymentPayload {
	tb.Helper()
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := client.SignExact(key, pr.Accepts[0], pr, time.Now(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// Pay calls tool name unpaid, signs its PaymentRequired and calls again
// with the payment: it returns the PaymentRequired and the paid result,
// whatever it is.
func Pay(tb testing.TB, cs *mcp.ClientSession, name string, args any) (x402.PaymentRequired, *mcp.CallToolResult) {
	tb.Helper()
	pr := PaymentRequired(tb, Call(tb, cs, name, args, nil), name)
	return pr, Call(tb, cs, name, args, Sign(tb, pr))
}

// Settlement decodes result._meta["x402/payment-response"] (ok false when
// absent).
func Settlement(tb testing.TB, res *mcp.CallToolResult) (x402.SettleResponse, bool) {
	tb.Helper()
	v, ok := res.Meta[mcpserve.MetaPaymentResponse]
	if !ok {
		return x402.SettleResponse{}, false
	}
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	var sr x402.SettleResponse
	if err := json.Unmarshal(b, &sr); err != nil {
		tb.Fatalf("mcptest: payment-response %s: %v", b, err)
	}
	return sr, true
}

// JSONEqual reports whether a and b hold the same JSON value.
func JSONEqual(tb testing.TB, a, b []byte) bool {
	tb.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		tb.Fatalf("mcptest: %v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		tb.Fatalf("mcptest: %v: %s", err, b)
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return string(xb) == string(yb)
}

// Tools lists the session's tools as name -> input schema (JSON), failing
// the test for a tool without an object input schema or a description.
// names is the sorted, comma-joined list of tool names.
func Tools(tb testing.TB, cs *mcp.ClientSession) (schemas map[string]string, names string) {
	tb.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		tb.Fatalf("mcptest: tools/list: %v", err)
	}
	schemas = map[string]string{}
	var all []string
	for _, tl := range list.Tools {
		b, _ := json.Marshal(tl.InputSchema)
		if !strings.Contains(string(b), `"type":"object"`) || tl.Description == "" {
			tb.Errorf("mcptest: %s: schema %s, description %q", tl.Name, b, tl.Description)
		}
		schemas[tl.Name] = string(b)
		all = append(all, tl.Name)
	}
	sort.Strings(all)
	return schemas, strings.Join(all, ",")
}
