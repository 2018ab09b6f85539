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

// serve answers a request to a paid route, step by step: the challenge
// when it carries no payment (unpaid); the payment read and checked
// without a facilitator (admit); verified by the facilitator while or
// before the handler runs into a buffer (verifyAndRun); settled only when
// the handler succeeded (settle); and the buffered response delivered,
// held or withheld by the settlement's outcome (deliver).
func (m *payMiddleware) serve(c echo.Context, next echo.HandlerFunc, o offer) error {
	start := time.Now()
	ctx, timings := withTimings(c)
	// Every answer carries the phases measured so far (Server-Timing): the
	// paths that write the response themselves stamp it first; an error is
	// rendered after this returns, so it is stamped here.
	defer stampTiming(c)
	header := c.Request().Header.Get(x402.HeaderPaymentSignature)
	if header == "" {
		timings.Since("x402", start, "payment required")
		return m.unpaid(c, o)
	}
	p := paid{o: o, timings: timings}
	if done, err := m.admit(ctx, c, header, &p); done {
		return err
	}
	out, done, err := m.verifyAndRun(ctx, c, next, &p)
	if done {
		return err
	}
	if !out.succeeded() {
		return m.notSettled(ctx, c, &p, out)
	}
	sr, err := m.settle(ctx, &p)
	return m.deliver(ctx, c, &p, out, sr, err)
}

// paid is one paid request's state between the steps of serve.
type paid struct {
	o       offer
	timings *servertiming.Timings
	route   string // method and path, for logs and metrics
	client  string // the address the failure limiter counts
	payload x402.PaymentPayload
	req     x402.PaymentRequirements // the route's requirements, as accepted
	evm     x402.ExactEVMPayload
	payer   string // authorization.from, lower-case
	nonce   string // authorization.nonce, lower-case
	log     *slog.Logger
	// checked is the pre-check's reading of the authorization, when
	// prechecked.
	checked    exact.Checked
	prechecked bool
	key        string // the authorization's key in the replay store
	reserved   bool
	pay        *Payment // what the handler sees (PaymentFrom)
}

// withTimings gives the request a Server-Timing collector, unless an
// outer middleware already did.
func withTimings(c echo.Context) (context.Context, *servertiming.Timings) {
	r := c.Request()
	ctx, timings := servertiming.With(r.Context())
	if ctx != r.Context() {
		c.SetRequest(r.WithContext(ctx))
	}
	return ctx, timings
}

// unpaid answers a request that carries no payment with the challenge: a
// browser opening a paid GET route gets it as the paywall page.
func (m *payMiddleware) unpaid(c echo.Context, o offer) error {
	r := c.Request()
	if r.Header.Get(x402.HeaderV1Payment) != "" {
		return m.challenge(c, o, MsgV1NotSupported)
	}
	if m.cfg.Paywall != nil && r.Method == http.MethodGet && IsBrowser(r) {
		return m.paywall(c, o)
	}
	return m.challenge(c, o, MsgPaymentRequired)
}

// admit reads and checks the payment without a facilitator: a client
// whose payments keep being refused is answered 429; the payment must
// decode, match the route's requirements and pass the pre-check; its
// authorization is then reserved. done reports that the request was
// answered, with err the answer's error.
func (m *payMiddleware) admit(ctx context.Context, c echo.Context, header string, p *paid) (done bool, err error) {
	p.route = c.Request().Method + " " + c.Path()
	p.client = m.clientAddr(c)
	if wait := m.failures.blocked(p.client); wait > 0 {
		m.cfg.Logger.InfoContext(ctx, "x402 client limited after repeated refused payments",
			slog.String("client", p.client), slog.String("route", p.route), slog.Duration("retry_after", wait))
		m.observe(ctx, p.route, OutcomeRateLimited)
		return true, rateLimited(c, wait)
	}
	if reason := decode(header, p); reason != "" {
		return true, m.refuse(c, p, reason)
	}
	p.log = m.cfg.Logger.With(slog.String("payer", p.payer), slog.String("nonce", p.nonce), slog.String("route", p.route))
	if !m.cfg.SkipPreCheck {
		if done, err := m.checkLocally(ctx, c, p); done {
			return true, err
		}
	}
	return m.reserve(ctx, c, p)
}

// decode reads the payment header into p: the payload, the route's
// requirements it accepted and its exact-EVM authorization. It returns
// the reason to refuse the payment, or "".
func decode(header string, p *paid) string {
	payload, err := x402.DecodePaymentPayload(header)
	if err != nil {
		if errors.Is(err, x402.ErrUnsupportedVersion) {
			return MsgV1NotSupported
		}
		return msgUndecodablePrefix + err.Error()
	}
	req, ok := x402.FindAccepted(payload.Accepted, []x402.PaymentRequirements{p.o.req})
	if !ok {
		return MsgNoMatch
	}
	evm, err := x402.ExactEVMPayloadOf(payload)
	if err != nil {
		return msgUndecodablePrefix + err.Error()
	}
	p.payload, p.req, p.evm = payload, req, evm
	p.payer, p.nonce = strings.ToLower(evm.Authorization.From), strings.ToLower(evm.Authorization.Nonce)
	return ""
}

// refuse answers a refused payment with the challenge and counts it
// against the client.
func (m *payMiddleware) refuse(c echo.Context, p *paid, reason string) error {
	m.failures.fail(p.client)
	return m.challenge(c, p.o, reason)
}

// checkLocally runs the pre-check, which refuses a forged or mismatched
// payment before the replay store or the facilitator is touched.
func (m *payMiddleware) checkLocally(ctx context.Context, c echo.Context, p *paid) (done bool, err error) {
	pstart := time.Now()
	chk, reason := preCheck(p.payload, p.req, m.cfg.Now())
	p.timings.Since("precheck", pstart, reason)
	if reason == x402.ReasonValidBefore {
		// An expired authorization may be the retry of a payment whose
		// settlement was pending.
		if done, err := m.redeliver(c, p.o, p.payer+":"+p.nonce, p.payload, p.req, p.evm, p.log); done {
			return true, err
		}
	}
	if reason != "" {
		p.log.InfoContext(ctx, "x402 payment refused by the pre-check", slog.String("reason", reason), slog.String("client", p.client))
		m.observe(ctx, p.route, OutcomePreCheckRefused)
		return true, m.refuse(c, p, reason)
	}
	p.checked, p.prechecked = chk, true
	return false, nil
}

// reserve reserves the authorization in the replay store, so that one
// authorization is served at most once. One already reserved gets the
// response held for it (a retry after a pending settlement), else the
// challenge; a store that cannot be reached leaves the on-chain nonce as
// the guard.
func (m *payMiddleware) reserve(ctx context.Context, c echo.Context, p *paid) (done bool, err error) {
	p.key = "x402:auth:" + p.payer + ":" + p.nonce
	reserved, err := m.cfg.Replay.Reserve(ctx, p.key, m.replayTTL(p.evm.Authorization.ValidBefore))
	switch {
	case err != nil:
		p.log.WarnContext(ctx, "x402 replay store unavailable; relying on on-chain nonce", slog.Any("error", err))
	case !reserved:
		if done, err := m.redeliver(c, p.o, p.payer+":"+p.nonce, p.payload, p.req, p.evm, p.log); done {
			return true, err
		}
		p.log.InfoContext(ctx, "x402 authorization replayed or in flight")
		return true, m.challenge(c, p.o, MsgAlreadyUsed)
	}
	p.reserved = reserved
	return false, nil
}

// release frees the authorization's reservation when the payment is not
// taken.
func (m *payMiddleware) release(ctx context.Context, p *paid) {
	if !p.reserved {
		return
	}
	if err := m.cfg.Replay.Release(context.WithoutCancel(ctx), p.key); err != nil {
		p.log.WarnContext(ctx, "x402 replay store release failed", slog.Any("error", err))
	}
}

// verifyAndRun has the facilitator verify the payment and runs the handler
// into a buffer: speculatively, while the facilitator verifies, when the
// route asks for it and the pre-check read the payer; else after a valid
// verify. done reports that the request was answered (the facilitator was
// unavailable or rejected the payment), with err the answer's error.
func (m *payMiddleware) verifyAndRun(ctx context.Context, c echo.Context, next echo.HandlerFunc, p *paid) (out handled, done bool, err error) {
	p.pay = &Payment{Amount: p.req.Amount, Network: p.req.Network}
	var vr x402.VerifyResponse
	if p.prechecked && p.o.route.Speculate != nil && p.o.route.Speculate(c) {
		// Speculative: the handler runs while the facilitator verifies; the
		// handler sees the payer the pre-check read from the authorization.
		p.pay.Payer, p.pay.Speculative = p.checked.Payer.Hex(), true
		c.Set(paymentKey, p.pay)
		out, vr, err = m.speculate(c, next, p.payload, p.req)
	} else {
		vstart := time.Now()
		vr, err = m.cfg.Facilitator.Verify(ctx, p.payload, p.req)
		p.timings.Since("verify", vstart, "")
	}
	if (err != nil || !vr.IsValid) && p.pay.Speculative {
		c.Set(paymentKey, nil) // no payment for this request after all
	}
	if err != nil {
		m.release(ctx, p)
		p.log.ErrorContext(ctx, "x402 verify failed: facilitator unavailable", slog.Any("error", err), slog.Bool("speculative", p.pay.Speculative))
		return out, true, facilitatorUnavailable("verify", err)
	}
	if !vr.IsValid {
		m.release(ctx, p)
		m.failures.fail(p.client)
		p.log.InfoContext(ctx, "x402 payment rejected", slog.String("reason", vr.InvalidReason), slog.String("client", p.client),
			slog.Bool("speculative", p.pay.Speculative))
		return out, true, m.challenge(c, p.o, vr.InvalidReason)
	}
	p.pay.Payer = firstNonEmpty(vr.Payer, firstNonEmpty(p.pay.Payer, p.evm.Authorization.From))
	if !p.pay.Speculative {
		c.Set(paymentKey, p.pay)
		out = runHandler(c, next)
	}
	return out, false, nil
}

// notSettled answers for a handler that did not succeed: the reservation
// is released, nothing is settled, and what the handler wrote (or its
// error) is the answer.
func (m *payMiddleware) notSettled(ctx context.Context, c echo.Context, p *paid, out handled) error {
	m.release(ctx, p)
	p.log.InfoContext(ctx, "x402 handler did not succeed; not settling", slog.Int("status", out.status), slog.Bool("error", out.err != nil))
	if out.committed {
		stampTiming(c)
		if err := out.buf.flushTo(c.Response(), out.status); err != nil {
			return errors.Join(out.err, err)
		}
	}
	return out.err
}

// settle has the facilitator settle the payment. Settlement is not tied to
// the client's connection: once it starts, the transfer may reach the
// chain, and only a definite answer (logged with its transaction) tells
// whether the payer was charged.
func (m *payMiddleware) settle(ctx context.Context, p *paid) (x402.SettleResponse, error) {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), m.cfg.SettleTimeout)
	defer cancel()
	sstart := time.Now()
	sr, err := m.cfg.Facilitator.Settle(sctx, p.payload, p.req)
	if err == nil && sr.Pending() {
		// Broadcast, not yet confirmed: settle the same payment once more,
		// which reconciles against the broadcast transaction.
		p.log.InfoContext(ctx, "x402 settlement pending; settling the same payment again", slog.String("tx", sr.Transaction))
		first := sr
		sr, err = m.cfg.Facilitator.Settle(sctx, p.payload, p.req)
		if err == nil && sr.Transaction == "" {
			sr.Transaction = first.Transaction
		}
	}
	p.timings.Since("settle", sstart, "")
	return sr, err
}

// deliver answers by the settlement's outcome: settled, the buffered
// response goes out with PAYMENT-RESPONSE; unknown (an error, or still
// pending), it is held for a retry with the same payment; failed, it is
// withheld.
func (m *payMiddleware) deliver(ctx context.Context, c echo.Context, p *paid, out handled, sr x402.SettleResponse, err error) error {
	if err != nil || sr.Pending() {
		// The outcome is unknown: the transfer may have been sent. Keep the
		// response for a retry with the same payment (delivery by
		// authorization); the reservation stays, so the payment is never
		// served twice.
		if err != nil {
			p.log.ErrorContext(ctx, "x402 settle failed: facilitator unavailable; outcome unknown", slog.Any("error", err))
			sr = x402.SettleResponse{Payer: p.pay.Payer, Network: p.req.Network}
		}
		if sr.Network == "" {
			sr.Network = p.req.Network
		}
		m.observe(ctx, p.route, OutcomeSettlementPending)
		return m.hold(c, p.payer+":"+p.nonce, out, p.evm, sr, err, p.log)
	}
	if !sr.Success {
		return m.withhold(ctx, c, p, sr)
	}
	p.pay.Transaction = sr.Transaction
	if sr.Payer != "" {
		p.pay.Payer = sr.Payer
	}
	p.log.InfoContext(ctx, "x402 payment settled", slog.String("tx", sr.Transaction), slog.String("amount", p.req.Amount),
		slog.Bool("speculative", p.pay.Speculative))
	m.setPaymentResponse(c.Response(), sr)
	stampTiming(c)
	return out.buf.flushTo(c.Response(), out.status)
}

// withhold answers a failed settlement: 402 with the facilitator's reason
// and PAYMENT-RESPONSE, and nothing of the handler's response.
func (m *payMiddleware) withhold(ctx context.Context, c echo.Context, p *paid, sr x402.SettleResponse) error {
	p.log.WarnContext(ctx, "x402 settlement failed; response withheld", slog.String("reason", sr.ErrorReason), slog.String("tx", sr.Transaction))
	if sr.Network == "" {
		sr.Network = p.req.Network
	}
	m.setPaymentResponse(c.Response(), sr)
	details := map[string]any{"reason": sr.ErrorReason}
	if sr.Transaction != "" {
		details["transaction"] = sr.Transaction
	}
	return &Error{Status: http.StatusPaymentRequired, Code: CodeSettlementFailed,
		Message: "payment settlement failed; nothing was delivered", Details: details}
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

// succeeded reports a handler that returned no error and a 2xx status:
// only then is the payment settled.
func (h handled) succeeded() bool { return h.err == nil && h.status >= 200 && h.status <= 299 }

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
	pr, err := m.setChallenge(c, o, reason)
	if err != nil {
		return err
	}
	stampTiming(c)
	return c.JSON(http.StatusPaymentRequired, pr)
}

// setChallenge builds the request's challenge and sets PAYMENT-REQUIRED.
func (m *payMiddleware) setChallenge(c echo.Context, o offer, reason string) (x402.PaymentRequired, error) {
	pr, err := o.paymentRequired(m.resourceURL(c.Request()), reason)
	if err != nil {
		return pr, err
	}
	h, err := x402.EncodeHeader(pr)
	if err != nil {
		return pr, fmt.Errorf("echox402: encode challenge: %w", err)
	}
	c.Response().Header().Set(x402.HeaderPaymentRequired, h)
	return pr, nil
}

// paywall answers a browser's unpaid GET with the challenge as the paywall
// page, as the official server SDKs do: 402, Content-Type text/html,
// PAYMENT-REQUIRED, Cache-Control no-store, and the page's own headers
// (its Content-Security-Policy). A page that cannot be rendered leaves the
// JSON challenge.
func (m *payMiddleware) paywall(c echo.Context, o offer) error {
	pr, err := m.setChallenge(c, o, MsgPaymentRequired)
	if err != nil {
		return err
	}
	body, header, err := m.cfg.Paywall.HTML(pr)
	if err != nil {
		m.cfg.Logger.WarnContext(c.Request().Context(), "x402 paywall page not rendered; answering the JSON challenge",
			slog.String("route", c.Request().Method+" "+c.Path()), slog.Any("error", err))
		stampTiming(c)
		return c.JSON(http.StatusPaymentRequired, pr)
	}
	h := c.Response().Header()
	for k, v := range header {
		h[k] = v
	}
	h.Set(echo.HeaderCacheControl, "no-store")
	stampTiming(c)
	return c.Blob(http.StatusPaymentRequired, "text/html; charset=utf-8", body)
}

// IsBrowser reports a request made by a web browser by the official x402
// server SDKs' rule (@x402/core's x402HTTPResourceServer.isWebBrowser): its
// Accept contains "text/html" and its User-Agent contains "Mozilla", both
// case-sensitive.
func IsBrowser(r *http.Request) bool {
	return strings.Contains(strings.Join(r.Header.Values(echo.HeaderAccept), ", "), "text/html") &&
		strings.Contains(strings.Join(r.Header.Values("User-Agent"), ", "), "Mozilla")
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
