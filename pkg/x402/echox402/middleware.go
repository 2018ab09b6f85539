package echox402

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
)

// Messages of the 402 challenges.
const (
	MsgPaymentRequired   = "PAYMENT-SIGNATURE header is required"
	MsgV1NotSupported    = "x402 v1 X-PAYMENT is not supported, send PAYMENT-SIGNATURE (x402 v2)"
	MsgNoMatch           = "No matching payment requirements"
	MsgAlreadyUsed       = "authorization already used or in flight"
	msgUndecodablePrefix = "invalid PAYMENT-SIGNATURE: "
)

type offer struct {
	route Route
	req   x402.PaymentRequirements
}

type payMiddleware struct {
	cfg    Config
	offers map[string]offer
}

func (m *payMiddleware) handle(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if m.cfg.Skipper(c) {
			return next(c)
		}
		o, ok := m.offers[c.Request().Method+" "+c.Path()]
		if !ok {
			return next(c)
		}
		return m.serve(c, next, o)
	}
}

func (m *payMiddleware) serve(c echo.Context, next echo.HandlerFunc, o offer) error {
	r := c.Request()
	ctx := r.Context()
	header := r.Header.Get(x402.HeaderPaymentSignature)
	if header == "" {
		if r.Header.Get(x402.HeaderV1Payment) != "" {
			return m.challenge(c, o, MsgV1NotSupported)
		}
		return m.challenge(c, o, MsgPaymentRequired)
	}
	payload, err := x402.DecodePaymentPayload(header)
	if err != nil {
		if errors.Is(err, x402.ErrUnsupportedVersion) {
			return m.challenge(c, o, MsgV1NotSupported)
		}
		return m.challenge(c, o, msgUndecodablePrefix+err.Error())
	}
	req, ok := x402.FindAccepted(payload.Accepted, []x402.PaymentRequirements{o.req})
	if !ok {
		return m.challenge(c, o, MsgNoMatch)
	}
	evm, err := x402.ExactEVMPayloadOf(payload)
	if err != nil {
		return m.challenge(c, o, msgUndecodablePrefix+err.Error())
	}
	payer, nonce := strings.ToLower(evm.Authorization.From), strings.ToLower(evm.Authorization.Nonce)
	log := m.cfg.Logger.With(slog.String("payer", payer), slog.String("nonce", nonce), slog.String("route", r.Method+" "+c.Path()))

	key := "x402:auth:" + payer + ":" + nonce
	reserved, err := m.cfg.Replay.Reserve(ctx, key, m.replayTTL(evm.Authorization.ValidBefore))
	switch {
	case err != nil:
		log.WarnContext(ctx, "x402 replay store unavailable; relying on on-chain nonce", slog.Any("error", err))
	case !reserved:
		log.InfoContext(ctx, "x402 authorization replayed or in flight")
		return m.challenge(c, o, MsgAlreadyUsed)
	}
	release := func() {
		if !reserved {
			return
		}
		if err := m.cfg.Replay.Release(context.WithoutCancel(ctx), key); err != nil {
			log.WarnContext(ctx, "x402 replay store release failed", slog.Any("error", err))
		}
	}

	vr, err := m.cfg.Facilitator.Verify(ctx, payload, req)
	if err != nil {
		release()
		log.ErrorContext(ctx, "x402 verify failed: facilitator unavailable", slog.Any("error", err))
		return facilitatorUnavailable("verify", err)
	}
	if !vr.IsValid {
		release()
		log.InfoContext(ctx, "x402 payment rejected", slog.String("reason", vr.InvalidReason))
		return m.challenge(c, o, vr.InvalidReason)
	}

	pay := &Payment{Payer: firstNonEmpty(vr.Payer, evm.Authorization.From), Amount: req.Amount, Network: req.Network}
	c.Set(paymentKey, pay)

	// Run the handler into a buffer.
	orig := c.Response()
	buf := newBufferWriter()
	c.SetResponse(echo.NewResponse(buf, c.Echo()))
	herr := next(c)
	captured := c.Response()
	c.SetResponse(orig)
	status := captured.Status
	if status == 0 {
		status = http.StatusOK
	}
	if herr != nil || status < 200 || status > 299 {
		release()
		log.InfoContext(ctx, "x402 handler did not succeed; not settling", slog.Int("status", status), slog.Bool("error", herr != nil))
		if captured.Committed {
			if err := buf.flushTo(orig, status); err != nil {
				return errors.Join(herr, err)
			}
		}
		return herr
	}

	// Settlement is not tied to the client's connection: once it starts, the
	// transfer may reach the chain, and only a definite answer (logged with
	// its transaction) tells whether the payer was charged.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), m.cfg.SettleTimeout)
	defer cancel()
	sr, err := m.cfg.Facilitator.Settle(sctx, payload, req)
	if err != nil {
		log.ErrorContext(ctx, "x402 settle failed: facilitator unavailable; response withheld", slog.Any("error", err))
		m.setPaymentResponse(orig, x402.SettleResponse{Success: false, ErrorReason: x402.ReasonFacilitatorUnavailable,
			Payer: pay.Payer, Network: req.Network})
		return &Error{Status: http.StatusPaymentRequired, Code: CodeFacilitatorUnavailable,
			Message: "payment could not be settled because the facilitator is unavailable; nothing was delivered",
			Details: map[string]any{"reason": x402.ReasonFacilitatorUnavailable}, Err: err}
	}
	if !sr.Success {
		log.WarnContext(ctx, "x402 settlement failed; response withheld", slog.String("reason", sr.ErrorReason), slog.String("tx", sr.Transaction))
		if sr.Network == "" {
			sr.Network = req.Network
		}
		m.setPaymentResponse(orig, sr)
		details := map[string]any{"reason": sr.ErrorReason}
		if sr.Transaction != "" {
			details["transaction"] = sr.Transaction
		}
		return &Error{Status: http.StatusPaymentRequired, Code: CodeSettlementFailed,
			Message: "payment settlement failed; nothing was delivered", Details: details}
	}
	pay.Transaction = sr.Transaction
	if sr.Payer != "" {
		pay.Payer = sr.Payer
	}
	log.InfoContext(ctx, "x402 payment settled", slog.String("tx", sr.Transaction), slog.String("amount", req.Amount))
	m.setPaymentResponse(orig, sr)
	return buf.flushTo(orig, status)
}

// challenge answers 402 with PAYMENT-REQUIRED and the same PaymentRequired
// as the JSON body.
func (m *payMiddleware) challenge(c echo.Context, o offer, reason string) error {
	pr, err := o.paymentRequired(m.resourceURL(c.Request()), reason)
	if err != nil {
		return err
	}
	h, err := x402.EncodeHeader(pr)
	if err != nil {
		return fmt.Errorf("echox402: encode challenge: %w", err)
	}
	c.Response().Header().Set(x402.HeaderPaymentRequired, h)
	return c.JSON(http.StatusPaymentRequired, pr)
}

// paymentRequired builds the route's challenge.
func (o offer) paymentRequired(url, reason string) (x402.PaymentRequired, error) {
	pr := x402.PaymentRequired{
		X402Version: x402.Version,
		Error:       reason,
		Resource:    x402.ResourceInfo{URL: url, Description: o.route.Description, MimeType: o.route.MimeType},
		Accepts:     []x402.PaymentRequirements{o.req},
	}
	if d := o.route.Discovery; d != nil {
		raw, err := json.Marshal(d)
		if err != nil {
			return pr, fmt.Errorf("echox402: encode bazaar extension: %w", err)
		}
		pr.Extensions = map[string]json.RawMessage{"bazaar": raw}
	}
	return pr, nil
}

func (m *payMiddleware) setPaymentResponse(r *echo.Response, sr x402.SettleResponse) {
	h, err := x402.EncodeHeader(sr)
	if err != nil {
		m.cfg.Logger.Error("x402 encode PAYMENT-RESPONSE", slog.Any("error", err))
		return
	}
	r.Header().Set(x402.HeaderPaymentResponse, h)
}

func (m *payMiddleware) replayTTL(validBefore string) time.Duration {
	ttl := ReplayMargin
	if vb, ok := x402.ParseAtomic(validBefore); ok && vb.IsInt64() {
		if left := time.Unix(vb.Int64(), 0).Sub(m.cfg.Now()); left > 0 {
			ttl += left
		}
	}
	return min(ttl, MaxReplayTTL)
}

func (m *payMiddleware) resourceURL(r *http.Request) string {
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if m.cfg.TrustForwardedHeaders {
		if p := firstValue(r.Header.Get("X-Forwarded-Proto")); p == "http" || p == "https" {
			scheme = p
		}
		if h := firstValue(r.Header.Get("X-Forwarded-Host")); h != "" {
			host = h
		}
	}
	return scheme + "://" + host + r.URL.RequestURI()
}

func firstValue(s string) string {
	v, _, _ := strings.Cut(s, ",")
	return strings.TrimSpace(v)
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// bufferWriter captures a handler's response.
type bufferWriter struct {
	header http.Header
	body   bytes.Buffer
}

func newBufferWriter() *bufferWriter { return &bufferWriter{header: http.Header{}} }

func (b *bufferWriter) Header() http.Header         { return b.header }
func (b *bufferWriter) Write(p []byte) (int, error) { return b.body.Write(p) }
func (b *bufferWriter) WriteHeader(int)             {}

// Flush is a no-op: nothing leaves the buffer before settlement.
func (b *bufferWriter) Flush() {}

func (b *bufferWriter) flushTo(r *echo.Response, status int) error {
	dst := r.Header()
	for k, v := range b.header {
		dst[k] = v
	}
	r.WriteHeader(status)
	if _, err := r.Write(b.body.Bytes()); err != nil {
		return err
	}
	return nil
}
