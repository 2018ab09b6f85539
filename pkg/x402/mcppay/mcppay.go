// Package mcppay calls x402-paid MCP tools: the x402 v2 MCP transport
// (x402 specs/transports-v2/mcp.md) on top of the official MCP Go SDK.
//
// A paid tool answers an unpaid call with a tool result whose isError is
// true and which carries the PaymentRequired object as structuredContent
// and, JSON-encoded, as content[0].text. CallTool then signs a payment for
// it with a client.Transport (the same choice of requirement, spending cap
// and EIP-3009 signing as the HTTP transport), calls the tool again with
// the payment object in params._meta["x402/payment"], and returns the final
// result with the settlement the server put in the result's
// _meta["x402/payment-response"].
package mcppay

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
)

// Meta keys of the MCP transport.
const (
	MetaPayment         = "x402/payment"          // client to server: the PaymentPayload object
	MetaPaymentResponse = "x402/payment-response" // server to client: the SettleResponse object
)

// Payer signs payments; *client.Transport is one.
type Payer interface {
	Pay(x402.PaymentRequired) (x402.PaymentPayload, error)
}

var _ Payer = (*client.Transport)(nil)

// Call is the outcome of CallTool.
type Call struct {
	// Result is the final tool result: the paid one, or the first one when
	// the tool asked for no payment.
	Result *mcp.CallToolResult
	// Paid is the payment sent, nil when none was.
	Paid *x402.PaymentPayload
	// Settlement is the result's _meta["x402/payment-response"], nil when
	// it has none.
	Settlement *x402.SettleResponse
	// Challenge is the PaymentRequired of the final result when it is still
	// an x402 refusal (payment rejected, already used, settlement failed).
	Challenge *x402.PaymentRequired
}

// Options tune CallToolWith.
type Options struct {
	// PendingWait bounds how long the same payment is sent again while
	// its settlement is pending (0: never resend).
	PendingWait time.Duration
	// RetryInterval is the wait between those resends.
	RetryInterval time.Duration
}

// DefaultOptions are CallTool's: resend a pending payment every 5 s for up
// to 3 minutes.
var DefaultOptions = Options{PendingWait: 3 * time.Minute, RetryInterval: 5 * time.Second}

// CallTool calls the tool and, when it asks for payment, pays once with
// payer and calls it again. A tool error that is not a payment request is
// returned as the result, unpaid. While the paid call's settlement is
// pending (_meta["x402/payment-response"] with errorReason
// settlement_pending), the call is sent again with the same payment, never
// a new one (DefaultOptions), until the answer is final.
func CallTool(ctx context.Context, s *mcp.ClientSession, payer Payer, name string, args any) (Call, error) {
	return CallToolWith(ctx, s, payer, name, args, DefaultOptions)
}

// CallToolWith is CallTool with its pending-settlement options.
func CallToolWith(ctx context.Context, s *mcp.ClientSession, payer Payer, name string, args any, o Options) (Call, error) {
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return Call{}, err
	}
	pr, ok := PaymentRequired(res)
	if !ok {
		return Call{Result: res}, nil
	}
	payload, err := payer.Pay(pr)
	if err != nil {
		return Call{Result: res, Challenge: &pr}, fmt.Errorf("mcppay: %s: %w", name, err)
	}
	meta, err := metaObject(payload)
	if err != nil {
		return Call{}, err
	}
	params := &mcp.CallToolParams{Name: name, Arguments: args, Meta: mcp.Meta{MetaPayment: meta}}
	paid, err := s.CallTool(ctx, params)
	deadline := time.Now().Add(o.PendingWait)
	for err == nil && pending(paid) && time.Now().Before(deadline) {
		t := time.NewTimer(o.RetryInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return Call{Result: paid, Paid: &payload}, fmt.Errorf("mcppay: %s: waiting for a pending settlement: %w", name, ctx.Err())
		case <-t.C:
		}
		paid, err = s.CallTool(ctx, params)
	}
	if err != nil {
		return Call{Paid: &payload}, err
	}
	c := Call{Result: paid, Paid: &payload}
	if sr, ok := Settlement(paid); ok {
		c.Settlement = &sr
	}
	if pr, ok := PaymentRequired(paid); ok {
		c.Challenge = &pr
	}
	return c, nil
}

// pending reports a result whose settlement is pending.
func pending(res *mcp.CallToolResult) bool {
	sr, ok := Settlement(res)
	return ok && res.IsError && sr.Pending()
}

// PaymentRequired returns the x402 PaymentRequired an isError result
// carries: structuredContent when it holds x402Version and accepts, else
// the JSON in content[0].text.
func PaymentRequired(res *mcp.CallToolResult) (x402.PaymentRequired, bool) {
	if res == nil || !res.IsError {
		return x402.PaymentRequired{}, false
	}
	if res.StructuredContent != nil {
		if pr, ok := decodeChallenge(res.StructuredContent); ok {
			return pr, true
		}
	}
	if len(res.Content) > 0 {
		if t, ok := res.Content[0].(*mcp.TextContent); ok {
			var pr x402.PaymentRequired
			if json.Unmarshal([]byte(t.Text), &pr) == nil && pr.X402Version != 0 && len(pr.Accepts) > 0 {
				return pr, true
			}
		}
	}
	return x402.PaymentRequired{}, false
}

// Settlement returns the result's _meta["x402/payment-response"].
func Settlement(res *mcp.CallToolResult) (x402.SettleResponse, bool) {
	if res == nil || res.Meta == nil {
		return x402.SettleResponse{}, false
	}
	v, ok := res.Meta[MetaPaymentResponse]
	if !ok {
		return x402.SettleResponse{}, false
	}
	b, err := json.Marshal(v)
	if err != nil {
		return x402.SettleResponse{}, false
	}
	var sr x402.SettleResponse
	if json.Unmarshal(b, &sr) != nil {
		return x402.SettleResponse{}, false
	}
	return sr, true
}

func decodeChallenge(v any) (x402.PaymentRequired, bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return x402.PaymentRequired{}, false
	}
	var pr x402.PaymentRequired
	if json.Unmarshal(b, &pr) != nil || pr.X402Version == 0 || len(pr.Accepts) == 0 {
		return x402.PaymentRequired{}, false
	}
	return pr, true
}

// metaObject is the payload as the JSON object the transport puts in _meta.
func metaObject(p x402.PaymentPayload) (map[string]any, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("mcppay: encode payment: %w", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("mcppay: encode payment: %w", err)
	}
	return m, nil
}
