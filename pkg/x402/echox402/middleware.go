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
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"github.com/intel402/intel402/pkg/x402/exact"
	"github.com/intel402/intel402/pkg/x402/paygate"
	"github.com/intel402/intel402/pkg/x402/servertiming"
)

// Messages of the 402 challenges.
const (
	MsgPaymentRequired   = "PAYMENT-SIGNATURE header is required"
	MsgHeadNotPaid       = "a HEAD request is never paid: send the payment with the route's own method"
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
	cfg      Config
	offers   map[string]offer
	failures *failureLimiter // nil: no limit
}

func (m *payMiddleware) handle(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if m.cfg.Skipper(c) {
			return next(c)
		}
		method := c.Request().Method
		if method == http.MethodHead {
			// HEAD on a paid GET route (answered by the GET route) never
			// pays and never runs the handler: it gets the challenge's
			// status and headers, whatever payment it carries.
			method = http.MethodGet
		}
		o, ok := m.offers[method+" "+c.Path()]
		if !ok {
			return next(c)
		}
		if c.Request().Method == http.MethodHead {
			return m.challenge(c, o, MsgHeadNotPaid)
		}
		return m.serve(c, next, o)
	}
}

func (m *payMiddleware) serve(c echo.Context, next echo.HandlerFunc, o offer) error {
	start := time.Now()
	r := c.Request()
	ctx, timings := servertiming.With(r.Context())
	if ctx != r.Context() {
		r = r.WithContext(ctx)
		c.SetRequest(r)
	}
	// Every answer carries the phases measured so far (Server-Timing): the
	// paths that write the response themselves stamp it first; an error is
	// rendered after this returns, so it is stamped here.
	defer stampTiming(c)
	header := r.Header.Get(x402.HeaderPaymentSignature)
	if header == "" {
		timings.Since("x402", start, "payment required")
		if r.Header.Get(x402.HeaderV1Payment) != "" {
			return m.challenge(c, o, MsgV1NotSupported)
		}
		return m.challenge(c, o, MsgPaymentRequired)
	}
	client := m.clientAddr(c)
	if wait := m.failures.blocked(client); wait > 0 {
		m.cfg.Logger.InfoContext(ctx, "x402 client limited after repeated refused payments",
			slog.String("client", client), slog.String("route", r.Method+" "+c.Path()), slog.Duration("retry_after", wait))
		m.observe(ctx, r.Method+" "+c.Path(), OutcomeRateLimited)
		return rateLimited(c, wait)
	}
	// refuse answers a refused payment with the challenge and counts it
	// against the client.
	refuse := func(reason string) error {
		m.failures.fail(client)
		return m.challenge(c, o, reason)
	}
	payload, err := x402.DecodePaymentPayload(header)
	if err != nil {
		if errors.Is(err, x402.ErrUnsupportedVersion) {
			return refuse(MsgV1NotSupported)
		}
		return refuse(msgUndecodablePrefix + err.Error())
	}
	req, ok := x402.FindAccepted(payload.Accepted, []x402.PaymentRequirements{o.req})
	if !ok {
		return refuse(MsgNoMatch)
	}
	evm, err := x402.ExactEVMPayloadOf(payload)
	if err != nil {
		return refuse(msgUndecodablePrefix + err.Error())
	}
	payer, nonce := strings.ToLower(evm.Authorization.From), strings.ToLower(evm.Authorization.Nonce)
	log := m.cfg.Logger.With(slog.String("payer", payer), slog.String("nonce", nonce), slog.String("route", r.Method+" "+c.Path()))

	// The pre-check refuses a forged or mismatched payment before the
	// replay store or the facilitator is touched.
	var checked *exact.Checked
	if !m.cfg.SkipPreCheck {
		pstart := time.Now()
		chk, reason := preCheck(payload, req, m.cfg.Now())
		timings.Since("precheck", pstart, reason)
		if reason == x402.ReasonValidBefore {
			// An expired authorization may be the retry of a payment whose
			// settlement was pending.
			if done, err := m.redeliver(c, o, payer+":"+nonce, payload, req, evm, log); done {
				return err
			}
		}
		if reason != "" {
			log.InfoContext(ctx, "x402 payment refused by the pre-check", slog.String("reason", reason), slog.String("client", client))
			m.observe(ctx, r.Method+" "+c.Path(), OutcomePreCheckRefused)
			return refuse(reason)
		}
		checked = &chk
	}

	key := "x402:auth:" + payer + ":" + nonce
	reserved, err := m.cfg.Replay.Reserve(ctx, key, m.replayTTL(evm.Authorization.ValidBefore))
	switch {
	case err != nil:
		log.WarnContext(ctx, "x402 replay store unavailable; relying on on-chain nonce", slog.Any("error", err))
	case !reserved:
		if done, err := m.redeliver(c, o, payer+":"+nonce, payload, req, evm, log); done {
			return err
		}
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

	pay := &Payment{Amount: req.Amount, Network: req.Network}
	var (
		vr  x402.VerifyResponse
		out handled
	)
	if checked != nil && o.route.Speculate != nil && o.route.Speculate(c) {
		// Speculative: the handler runs while the facilitator verifies; the
		// handler sees the payer the pre-check read from the authorization.
		pay.Payer, pay.Speculative = checked.Payer.Hex(), true
		c.Set(paymentKey, pay)
		out, vr, err = m.speculate(c, next, payload, req)
	} else {
		vstart := time.Now()
		vr, err = m.cfg.Facilitator.Verify(ctx, payload, req)
		timings.Since("verify", vstart, "")
	}
	if (err != nil || !vr.IsValid) && pay.Speculative {
		c.Set(paymentKey, nil) // no payment for this request after all
	}
	if err != nil {
		release()
		log.ErrorContext(ctx, "x402 verify failed: facilitator unavailable", slog.Any("error", err), slog.Bool("speculative", pay.Speculative))
		return facilitatorUnavailable("verify", err)
	}
	if !vr.IsValid {
		release()
		m.failures.fail(client)
		log.InfoContext(ctx, "x402 payment rejected", slog.String("reason", vr.InvalidReason), slog.String("client", client),
			slog.Bool("speculative", pay.Speculative))
		return m.challenge(c, o, vr.InvalidReason)
	}
	pay.Payer = firstNonEmpty(vr.Payer, firstNonEmpty(pay.Payer, evm.Authorization.From))
	if !pay.Speculative {
		c.Set(paymentKey, pay)
		out = runHandler(c, next)
	}

	orig := c.Response()
	if out.err != nil || out.status < 200 || out.status > 299 {
		release()
		log.InfoContext(ctx, "x402 handler did not succeed; not settling", slog.Int("status", out.status), slog.Bool("error", out.err != nil))
		if out.committed {
			stampTiming(c)
			if err := out.buf.flushTo(orig, out.status); err != nil {
				return errors.Join(out.err, err)
			}
		}
		return out.err
	}

	// Settlement is not tied to the client's connection: once it starts, the
	// transfer may reach the chain, and only a definite answer (logged with
	// its transaction) tells whether the payer was charged.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), m.cfg.SettleTimeout)
	defer cancel()
	sstart := time.Now()
	sr, err := m.cfg.Facilitator.Settle(sctx, payload, req)
	if err == nil && sr.Pending() {
		// Broadcast, not yet confirmed: settle the same payment once more,
		// which reconciles against the broadcast transaction.
		log.InfoContext(ctx, "x402 settlement pending; settling the same payment again", slog.String("tx", sr.Transaction))
		first := sr
		sr, err = m.cfg.Facilitator.Settle(sctx, payload, req)
		if err == nil && sr.Transaction == "" {
			sr.Transaction = first.Transaction
		}
	}
	timings.Since("settle", sstart, "")
	if err != nil || sr.Pending() {
		// The outcome is unknown: the transfer may have been sent. Keep the
		// response for a retry with the same payment (delivery by
		// authorization); the reservation stays, so the payment is never
		// served twice.
		if err != nil {
			log.ErrorContext(ctx, "x402 settle failed: facilitator unavailable; outcome unknown", slog.Any("error", err))
			sr = x402.SettleResponse{Payer: pay.Payer, Network: req.Network}
		}
		if sr.Network == "" {
			sr.Network = req.Network
		}
		m.observe(ctx, r.Method+" "+c.Path(), OutcomeSettlementPending)
		return m.hold(c, payer+":"+nonce, out, evm, sr, err, log)
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
	log.InfoContext(ctx, "x402 payment settled", slog.String("tx", sr.Transaction), slog.String("amount", req.Amount),
		slog.Bool("speculative", pay.Speculative))
	m.setPaymentResponse(orig, sr)
	stampTiming(c)
	return out.buf.flushTo(orig, out.status)
}

// stampTiming sets Server-Timing from the request's collector unless the
// response is already on its way.
func stampTiming(c echo.Context) {
	if c.Response().Committed {
		return
	}
	if h := servertiming.From(c.Request().Context()).String(); h != "" {
		c.Response().Header().Set(servertiming.Header, h)
	}
}

func (m *payMiddleware) observe(ctx context.Context, route, outcome string) {
	if m.cfg.Observe != nil {
		m.cfg.Observe(ctx, route, outcome)
	}
}

// preCheck runs the chain-free checks of an exact-EVM payment against req
// (exact.Check) and refuses a 65-byte signature that does not recover to
// authorization.from. Longer signatures (EIP-1271 contract wallets,
// ERC-6492) pass: only a chain can tell. It returns the refusal's reason,
// or "" when the payment passed.
func preCheck(payload x402.PaymentPayload, req x402.PaymentRequirements, now time.Time) (exact.Checked, string) {
	chk, err := exact.Check(payload, req, now)
	if err != nil {
		var rej *x402.Rejection
		if errors.As(err, &rej) {
			return chk, rej.Reason
		}
		return chk, x402.ReasonInvalidExactEVMPayload
	}
	if len(chk.Signature) == eip3009.SignatureLength && !chk.EOASigned {
		return chk, x402.ReasonInvalidSignature
	}
	return chk, ""
}

// handled is a handler's outcome, captured in a buffer.
type handled struct {
	buf       *bufferWriter
	status    int
	committed bool
	err       error
}

// runHandler runs next with its response captured in a buffer.
func runHandler(c echo.Context, next echo.HandlerFunc) handled {
	orig := c.Response()
	h := handled{buf: newBufferWriter()}
	c.SetResponse(echo.NewResponse(h.buf, c.Echo()))
	defer c.SetResponse(orig)
	h.err = next(c)
	captured := c.Response()
	h.status, h.committed = captured.Status, captured.Committed
	if h.status == 0 {
		h.status = http.StatusOK
	}
	return h
}

// speculate runs the facilitator's verify in a goroutine while the handler
// runs into its buffer in this one, and returns both outcomes once both
// finished. The handler's outbound requests wait for the verify
// (paygate.Wait). A verify that fails or cannot be done cancels the
// handler's request context, so that wasted work stops early; the caller
// discards the buffer then.
func (m *payMiddleware) speculate(c echo.Context, next echo.HandlerFunc, payload x402.PaymentPayload, req x402.PaymentRequirements) (handled, x402.VerifyResponse, error) {
	r := c.Request()
	hctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	// Outbound requests of the handler wait for the verification
	// (paygate.Wait): a payer who cannot pay never makes the service reach
	// out; local work overlaps.
	hctx, open := paygate.New(hctx)
	defer open(false)
	type verified struct {
		vr  x402.VerifyResponse
		err error
	}
	done := make(chan verified, 1)
	go func() {
		vstart := time.Now()
		vr, err := m.cfg.Facilitator.Verify(r.Context(), payload, req)
		servertiming.From(r.Context()).Since("verify", vstart, "speculative")
		ok := err == nil && vr.IsValid
		open(ok)
		if !ok {
			cancel()
		}
		done <- verified{vr, err}
	}()
	c.SetRequest(r.WithContext(hctx))
	out := func() handled {
		defer c.SetRequest(r)
		return runHandler(c, next)
	}()
	v := <-done
	return out, v.vr, v.err
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
	stampTiming(c)
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
