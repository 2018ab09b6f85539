package echox402

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
)

// HeldStore keeps the responses withheld while their settlement's outcome
// is unknown (delivery by authorization), across replicas when it is
// shared (the services pass their Redis cache store).
type HeldStore interface {
	ReplayStore
	// Get returns the value and true, or false when absent or expired.
	Get(ctx context.Context, key string) ([]byte, bool, error)
	// Set stores val for ttl.
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
}

// Executor is implemented by a facilitator that can tell from the chain
// whether a payment's authorization was executed as the transfer
// req asks for (facilitator.Local): the middleware asks it before
// delivering a withheld response when Settle cannot say.
type Executor interface {
	Executed(ctx context.Context, p x402.PaymentPayload, req x402.PaymentRequirements) (tx string, ok bool, err error)
}

// Delivery by authorization.
const (
	// CodeSettlementPending (402): the payment was sent for settlement but
	// its outcome is not known yet. The response is kept; the client must
	// send the same request with the same PAYMENT-SIGNATURE again (never a
	// new payment) and gets the response once the transfer is confirmed.
	CodeSettlementPending = "payment_settlement_pending"
	// PendingRetryAfter is the Retry-After of a settlement_pending answer.
	PendingRetryAfter = 5 * time.Second
	// HeldMargin is kept beyond an authorization's validBefore: a transfer
	// sent before it may be mined a little after.
	HeldMargin = 10 * time.Minute
	// MsgPendingMismatch refuses a pending payment sent with another request.
	MsgPendingMismatch = "this payment's settlement is pending for another request: send the request it paid for"
	heldPrefix         = "x402:held:"
)

// heldResponse is a response withheld while its settlement is pending.
type heldResponse struct {
	Route       string              `json:"route"`
	Request     string              `json:"request"` // requestFingerprint
	Signature   string              `json:"sig"`     // SHA-256 of the payload's signature
	Status      int                 `json:"status"`
	Header      map[string][]string `json:"header"`
	Body        []byte              `json:"body"`
	Transaction string              `json:"tx,omitempty"`
}

// requestFingerprint binds a held response to the request that paid for
// it: method, URI and body. The authorization alone is public once it is
// on chain; the request it paid for is not.
func requestFingerprint(r *http.Request) string {
	h := sha256.New()
	io.WriteString(h, r.Method+" "+r.URL.RequestURI()+"\n")
	if r.Body != nil && r.Body != http.NoBody {
		// The body was read (and left readable again) by the route's input
		// middleware; it is bounded by the route's body limit.
		b, err := io.ReadAll(r.Body)
		if err == nil {
			h.Write(b)
			r.Body = io.NopCloser(bytes.NewReader(b))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func signatureDigest(sig string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(sig)))
	return hex.EncodeToString(sum[:])
}

// hold keeps the handler's response until the payment's validBefore plus
// HeldMargin and answers 402 CodeSettlementPending.
func (m *payMiddleware) hold(c echo.Context, key string, out handled, evm x402.ExactEVMPayload, sr x402.SettleResponse, cause error, log *slog.Logger) error {
	ctx := c.Request().Context()
	rec := heldResponse{
		Route: c.Request().Method + " " + c.Path(), Request: requestFingerprint(c.Request()),
		Signature: signatureDigest(evm.Signature), Status: out.status, Header: out.buf.header, Body: out.buf.body.Bytes(),
		Transaction: sr.Transaction,
	}
	raw, err := json.Marshal(rec)
	if err == nil {
		err = m.cfg.Held.Set(context.WithoutCancel(ctx), heldPrefix+key, raw, m.replayTTL(evm.Authorization.ValidBefore)+HeldMargin)
	}
	if err != nil {
		log.ErrorContext(ctx, "x402 response could not be held for a pending settlement", slog.Any("error", err), slog.String("tx", sr.Transaction))
	} else {
		log.WarnContext(ctx, "x402 settlement pending: response held for a retry with the same payment", slog.String("tx", sr.Transaction))
	}
	return m.pending(c, sr, cause)
}

// pending answers 402 CodeSettlementPending with the pending settlement in
// PAYMENT-RESPONSE and Retry-After.
func (m *payMiddleware) pending(c echo.Context, sr x402.SettleResponse, cause error) error {
	sr.Success = false
	sr.ErrorReason = x402.ReasonSettlementPending
	m.setPaymentResponse(c.Response(), sr)
	secs := int64(PendingRetryAfter / time.Second)
	c.Response().Header().Set("Retry-After", strconv.FormatInt(secs, 10))
	details := map[string]any{"reason": x402.ReasonSettlementPending, "retryAfterSeconds": secs}
	if sr.Transaction != "" {
		details["transaction"] = sr.Transaction
	}
	return &Error{Status: http.StatusPaymentRequired, Code: CodeSettlementPending,
		Message: "the payment was sent for settlement and its outcome is not known yet; nothing was delivered yet. " +
			"Send the same request with the same PAYMENT-SIGNATURE again (do not sign a new payment): " +
			"the response is kept and is delivered once the transfer is confirmed",
		Details: details, Err: cause}
}

// redeliver answers a payment whose authorization is already reserved or
// expired: when a response is held for it, the same request with the same
// payment gets that response once the transfer is known to be executed on
// chain (never twice), and 402 CodeSettlementPending while it is not. ok is
// false when nothing is held for the authorization.
func (m *payMiddleware) redeliver(c echo.Context, o offer, key string, payload x402.PaymentPayload, req x402.PaymentRequirements,
	evm x402.ExactEVMPayload, log *slog.Logger) (bool, error) {
	r := c.Request()
	ctx := r.Context()
	raw, found, err := m.cfg.Held.Get(ctx, heldPrefix+key)
	if err != nil || !found {
		return false, nil
	}
	var rec heldResponse
	if err := json.Unmarshal(raw, &rec); err != nil {
		log.ErrorContext(ctx, "x402 held response undecodable", slog.Any("error", err))
		return false, nil
	}
	if rec.Signature != signatureDigest(evm.Signature) {
		return false, nil // another authorization with the same nonce
	}
	if rec.Route != r.Method+" "+c.Path() || rec.Request != requestFingerprint(r) {
		log.InfoContext(ctx, "x402 pending payment sent with another request")
		return true, m.challenge(c, o, MsgPendingMismatch)
	}

	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), m.cfg.SettleTimeout)
	defer cancel()
	sr, err := m.cfg.Facilitator.Settle(sctx, payload, req)
	executed, tx := err == nil && sr.Success, sr.Transaction
	if !executed && (err != nil || !sr.Pending()) {
		// The facilitator cannot say (unreachable, no record of the
		// broadcast, nonce already used): ask the chain.
		if ex, ok := m.cfg.Facilitator.(Executor); ok {
			if etx, used, eerr := ex.Executed(sctx, payload, req); eerr == nil && used {
				executed, tx, err = true, etx, nil
				sr = x402.SettleResponse{Success: true, Transaction: etx, Network: req.Network, Payer: sr.Payer}
			}
		}
	}
	switch {
	case executed:
		claimed, cerr := m.cfg.Held.Reserve(sctx, heldPrefix+key+":delivered", m.replayTTL(evm.Authorization.ValidBefore)+HeldMargin)
		if cerr != nil || !claimed {
			log.InfoContext(ctx, "x402 held response already delivered", slog.Any("error", cerr))
			return true, m.challenge(c, o, MsgAlreadyUsed)
		}
		if err := m.cfg.Held.Release(sctx, heldPrefix+key); err != nil {
			log.WarnContext(ctx, "x402 held response not removed after delivery", slog.Any("error", err))
		}
		if sr.Network == "" {
			sr.Network = req.Network
		}
		if sr.Payer == "" {
			sr.Payer = evm.Authorization.From
		}
		if sr.Amount == "" {
			sr.Amount = req.Amount
		}
		log.InfoContext(ctx, "x402 pending settlement confirmed: held response delivered", slog.String("tx", tx))
		m.observe(ctx, r.Method+" "+c.Path(), OutcomeHeldDelivered)
		resp := c.Response()
		for k, v := range rec.Header {
			resp.Header()[k] = v
		}
		m.setPaymentResponse(resp, sr)
		stampTiming(c)
		resp.WriteHeader(rec.Status)
		_, werr := resp.Write(rec.Body)
		return true, werr
	case err != nil || sr.Pending():
		if err != nil {
			log.WarnContext(ctx, "x402 settlement of a held response still unknown", slog.Any("error", err))
			sr = x402.SettleResponse{Transaction: rec.Transaction, Network: req.Network, Payer: evm.Authorization.From}
		}
		if sr.Transaction == "" {
			sr.Transaction = rec.Transaction
		}
		return true, m.pending(c, sr, err)
	default:
		// A definite failure (the authorization expired unmined, was
		// cancelled, the transfer reverted): nobody was charged.
		log.WarnContext(ctx, "x402 pending settlement failed; held response dropped", slog.String("reason", sr.ErrorReason))
		if err := m.cfg.Held.Release(sctx, heldPrefix+key); err != nil {
			log.WarnContext(ctx, "x402 held response not removed", slog.Any("error", err))
		}
		if sr.Network == "" {
			sr.Network = req.Network
		}
		m.setPaymentResponse(c.Response(), sr)
		details := map[string]any{"reason": sr.ErrorReason}
		if sr.Transaction != "" {
			details["transaction"] = sr.Transaction
		}
		return true, &Error{Status: http.StatusPaymentRequired, Code: CodeSettlementFailed,
			Message: "the pending settlement failed (details.reason); nothing was delivered", Details: details}
	}
}
