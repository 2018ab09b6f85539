package paytest

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"math/big"
	"net/http"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/mcppay"
)

// PendingSettleTimeout is the X402_SETTLE_TIMEOUT the delivery-by-
// authorization scenarios boot a service with: the built-in facilitator
// gives up waiting for its receipt that soon, so a congested chain leaves
// the settlement pending.
const PendingSettleTimeout = "2s"

// CheckPendingOverHTTP proves delivery by authorization over HTTP on a
// congested chain (the service booted with X402_SETTLE_TIMEOUT
// PendingSettleTimeout and the built-in facilitator on c): the paid request
// is answered 402 payment_settlement_pending while the block is not mined,
// and again when sent once more; after Mine the same request with the same
// PAYMENT-SIGNATURE gets the response with the broadcast transaction, a
// further retry gets nothing, and the payer paid price exactly once.
// newRequest builds the request afresh for every send; every answer is
// checked against the service's contract v.
func CheckPendingOverHTTP(t *testing.T, c *Chain, v *contracttest.Validator, newRequest func() *http.Request, price *big.Int) {
	t.Helper()
	send := func(payment string) (*http.Response, []byte) {
		t.Helper()
		req := newRequest()
		if payment != "" {
			req.Header.Set(x402.HeaderPaymentSignature, payment)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		return res, v.CheckResponse(t, req, res)
	}
	res, _ := send("")
	pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
	if res.StatusCode != http.StatusPaymentRequired || err != nil || len(pr.Accepts) == 0 {
		t.Fatalf("unpaid: %d %v", res.StatusCode, err)
	}
	payload, err := client.SignExact(c.PayerKey, pr.Accepts[0], pr, time.Now(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	payment, err := x402.EncodeHeader(payload)
	if err != nil {
		t.Fatal(err)
	}

	c.Congest(t)
	before := c.Balances(t, c.Payer)
	pendingTx := ""
	for i := range 2 {
		res, body := send(payment)
		sr, _ := client.Settlement(res)
		var env struct {
			Error struct{ Code string } `json:"error"`
		}
		_ = json.Unmarshal(body, &env)
		if res.StatusCode != http.StatusPaymentRequired || env.Error.Code != echox402.CodeSettlementPending || sr == nil || !sr.Pending() ||
			res.Header.Get("Retry-After") == "" {
			t.Fatalf("send %d while unmined: %d %s, PAYMENT-RESPONSE %+v", i+1, res.StatusCode, body, sr)
		}
		if pendingTx == "" {
			pendingTx = sr.Transaction
		}
		if sr.Transaction != pendingTx || pendingTx == "" {
			t.Fatalf("pending transaction %q, then %q", pendingTx, sr.Transaction)
		}
	}
	if paid, _ := before.Moved(c.Balances(t, c.Payer)); paid.Sign() != 0 {
		t.Fatalf("moved %s before the block was mined", paid)
	}

	c.Mine(t)
	res, body := send(payment)
	sr, err := client.Settlement(res)
	if res.StatusCode != http.StatusOK || err != nil || !sr.Success || sr.Transaction != pendingTx || !json.Valid(body) {
		t.Fatalf("after mining: %d %s, PAYMENT-RESPONSE %+v (%v), want the held response with %s", res.StatusCode, body, sr, err, pendingTx)
	}
	res, _ = send(payment)
	if again, _ := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired)); res.StatusCode != http.StatusPaymentRequired ||
		again.Error != echox402.MsgAlreadyUsed {
		t.Fatalf("a second retry after delivery: %d %q", res.StatusCode, again.Error)
	}
	CheckMoved(t, before, c.Balances(t, c.Payer), price)
}

// CheckPendingOverMCP is CheckPendingOverHTTP for a paid MCP tool: the
// pending answer is an isError result whose _meta carries the pending
// settlement, and the same payment in _meta, sent again after Mine, gets
// the tool's result once.
func CheckPendingOverMCP(t *testing.T, c *Chain, cs *mcp.ClientSession, tool string, args any, price *big.Int) {
	t.Helper()
	ctx := context.Background()
	signer, err := client.NewTransport(c.PayerKey, price)
	if err != nil {
		t.Fatal(err)
	}
	c.Congest(t)
	before := c.Balances(t, c.Payer)
	first, err := mcppay.CallToolWith(ctx, cs, signer, tool, args, mcppay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !first.Result.IsError || first.Settlement == nil || !first.Settlement.Pending() || first.Paid == nil {
		t.Fatalf("while unmined: result %+v, settlement %+v", first.Result, first.Settlement)
	}
	if paid, _ := before.Moved(c.Balances(t, c.Payer)); paid.Sign() != 0 {
		t.Fatalf("moved %s before the block was mined", paid)
	}

	c.Mine(t)
	same := samePayment{*first.Paid}
	second, err := mcppay.CallToolWith(ctx, cs, same, tool, args, mcppay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if second.Result.IsError || second.Settlement == nil || !second.Settlement.Success || second.Settlement.Transaction != first.Settlement.Transaction {
		t.Fatalf("after mining: result %+v, settlement %+v, want success with %s", second.Result, second.Settlement, first.Settlement.Transaction)
	}
	third, err := mcppay.CallToolWith(ctx, cs, same, tool, args, mcppay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !third.Result.IsError || third.Challenge == nil || third.Challenge.Error != echox402.MsgAlreadyUsed {
		t.Fatalf("a second retry after delivery: %+v", third.Challenge)
	}
	CheckMoved(t, before, c.Balances(t, c.Payer), price)
}

// samePayment answers every challenge with one payment: a client resending
// a payment whose settlement was pending.
type samePayment struct{ p x402.PaymentPayload }

func (s samePayment) Pay(x402.PaymentRequired) (x402.PaymentPayload, error) { return s.p, nil }
