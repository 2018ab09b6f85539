// Package client pays for HTTP requests with x402 v2: Transport is an
// http.RoundTripper that answers a 402 challenge by signing an exact-EVM
// (EIP-3009) payment and retrying the request once.
package client

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/x402"
)

// MaxReplayBody bounds a request body buffered so that it can be sent a
// second time with the payment.
const MaxReplayBody = 10 << 20

// AmountTooHighError is returned when the cheapest acceptable requirement
// costs more than the caller's maximum. Nothing was signed.
type AmountTooHighError struct {
	Amount *big.Int // asked, atomic units
	Max    *big.Int // allowed, atomic units
	Asset  string
}

func (e *AmountTooHighError) Error() string {
	return fmt.Sprintf("x402 client: price %s exceeds the maximum %s (atomic units of %s)", e.Amount, e.Max, e.Asset)
}

// ErrNoAcceptableRequirement is returned when no offered requirement is
// exact on a network and asset this client can sign for.
var ErrNoAcceptableRequirement = errors.New("x402 client: no acceptable payment requirement")

// ErrNoSettlement is returned by Settlement when a response carries no
// PAYMENT-RESPONSE header.
var ErrNoSettlement = errors.New("x402 client: response has no PAYMENT-RESPONSE")

// Transport is an http.RoundTripper that pays x402 challenges.
type Transport struct {
	base   http.RoundTripper
	key    *ecdsa.PrivateKey
	max    *big.Int
	assets []x402.Asset
	now    func() time.Time
	rand   io.Reader
	// pendingWait bounds the waits for a pending settlement; sleep waits.
	pendingWait time.Duration
	sleep       func(ctx context.Context, d time.Duration) error
}

// DefaultPendingWait bounds how long RoundTrip keeps resending the same
// payment while the server answers that its settlement is pending.
const DefaultPendingWait = 3 * time.Minute

// maxPendingTries bounds the resends of one pending payment.
const maxPendingTries = 100

// WithPendingWait sets how long RoundTrip keeps resending the same payment
// while its settlement is pending (default DefaultPendingWait; 0: never).
func WithPendingWait(d time.Duration) Option { return func(t *Transport) { t.pendingWait = d } }

// Option configures a Transport.
type Option func(*Transport)

// WithBase sets the underlying RoundTripper (default http.DefaultTransport).
func WithBase(rt http.RoundTripper) Option { return func(t *Transport) { t.base = rt } }

// WithAssets sets the assets the transport pays with (default: USDC on
// Base and Base Sepolia).
func WithAssets(a ...x402.Asset) Option { return func(t *Transport) { t.assets = a } }

// WithClock sets the clock used for validAfter/validBefore.
func WithClock(now func() time.Time) Option { return func(t *Transport) { t.now = now } }

// WithRand sets the source of authorization nonces (default crypto/rand).
func WithRand(r io.Reader) Option { return func(t *Transport) { t.rand = r } }

// NewTransport returns a Transport that signs with key and never pays more
// than maxAmount atomic units for one request.
func NewTransport(key *ecdsa.PrivateKey, maxAmount *big.Int, opts ...Option) (*Transport, error) {
	if key == nil {
		return nil, errors.New("x402 client: nil key")
	}
	if maxAmount == nil || maxAmount.Sign() < 0 {
		return nil, errors.New("x402 client: maximum amount must be >= 0")
	}
	t := &Transport{
		base: http.DefaultTransport, key: key, max: new(big.Int).Set(maxAmount),
		assets: []x402.Asset{x402.USDCBase(), x402.USDCBaseSepolia()},
		now:    time.Now, rand: rand.Reader,
		pendingWait: DefaultPendingWait, sleep: sleepCtx,
	}
	for _, o := range opts {
		o(t)
	}
	return t, nil
}

// RoundTrip implements http.RoundTripper. On a 402 carrying
// PAYMENT-REQUIRED it pays and retries once; the retry's response is
// returned whatever its status, except while it says the payment's
// settlement is pending (PAYMENT-RESPONSE with errorReason
// settlement_pending): then the same request is sent again with the same
// payment, never a new one, after Retry-After (1 to 30 s, default 5 s),
// until the answer is final or the pending wait (WithPendingWait) is over.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	req, err := replayable(req)
	if err != nil {
		return nil, err
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusPaymentRequired {
		return resp, err
	}
	challenge := resp.Header.Get(x402.HeaderPaymentRequired)
	if challenge == "" {
		return resp, nil
	}
	pr, err := x402.DecodePaymentRequired(challenge)
	if err != nil {
		closeBody(resp)
		return nil, fmt.Errorf("x402 client: %w", err)
	}
	payload, err := t.Pay(pr)
	if err != nil {
		closeBody(resp)
		return nil, err
	}
	header, err := x402.EncodeHeader(payload)
	if err != nil {
		closeBody(resp)
		return nil, err
	}
	closeBody(resp)

	resp, err = t.sendPaid(req, header)
	deadline := time.Now().Add(t.pendingWait)
	for tries := 0; err == nil && settlementPending(resp) && time.Now().Before(deadline) && tries < maxPendingTries; tries++ {
		wait := retryAfter(resp)
		closeBody(resp)
		if err := t.sleep(req.Context(), wait); err != nil {
			return nil, fmt.Errorf("x402 client: waiting for a pending settlement: %w", err)
		}
		resp, err = t.sendPaid(req, header)
	}
	return resp, err
}

// sendPaid sends req again, its body replayed, with the payment header.
func (t *Transport) sendPaid(req *http.Request, header string) (*http.Response, error) {
	paid := req.Clone(req.Context())
	if req.GetBody != nil {
		var err error
		if paid.Body, err = req.GetBody(); err != nil {
			return nil, fmt.Errorf("x402 client: replay request body: %w", err)
		}
	}
	paid.Header.Set(x402.HeaderPaymentSignature, header)
	return t.base.RoundTrip(paid)
}

// settlementPending reports a 402 whose PAYMENT-RESPONSE says the payment
// was sent for settlement and its outcome is not known yet.
func settlementPending(resp *http.Response) bool {
	if resp.StatusCode != http.StatusPaymentRequired {
		return false
	}
	sr, err := Settlement(resp)
	return err == nil && sr.Pending()
}

// retryAfter is the response's Retry-After in seconds, bounded to 1–30 s,
// 5 s when absent.
func retryAfter(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(strings.TrimSpace(resp.Header.Get("Retry-After")))
	if err != nil {
		return 5 * time.Second
	}
	return time.Duration(min(max(secs, 1), 30)) * time.Second
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Pay answers a challenge: it picks the cheapest exact requirement it may
// pay (a supported asset whose EIP-712 domain it knows, within the maximum)
// and signs a fresh EIP-3009 authorization for it. The HTTP transport sends
// the result in PAYMENT-SIGNATURE; the MCP transport (package mcppay) in
// the tool call's _meta.
func (t *Transport) Pay(pr x402.PaymentRequired) (x402.PaymentPayload, error) {
	chosen, err := t.choose(pr.Accepts)
	if err != nil {
		return x402.PaymentPayload{}, err
	}
	return SignExact(t.key, chosen, pr, t.now(), t.rand)
}

// choose returns the cheapest exact requirement on a supported asset whose
// domain is known; it fails with *AmountTooHighError when that one costs
// more than the maximum.
func (t *Transport) choose(accepts []x402.PaymentRequirements) (x402.PaymentRequirements, error) {
	var best x402.PaymentRequirements
	var bestAmount *big.Int
	for _, r := range accepts {
		if r.Scheme != x402.SchemeExact || !t.canPay(r) {
			continue
		}
		amt, ok := x402.ParseAtomic(r.Amount)
		if !ok {
			continue
		}
		if bestAmount == nil || amt.Cmp(bestAmount) < 0 {
			best, bestAmount = r, amt
		}
	}
	if bestAmount == nil {
		return x402.PaymentRequirements{}, ErrNoAcceptableRequirement
	}
	if bestAmount.Cmp(t.max) > 0 {
		return x402.PaymentRequirements{}, &AmountTooHighError{Amount: bestAmount, Max: new(big.Int).Set(t.max), Asset: best.Asset}
	}
	return best, nil
}

func (t *Transport) canPay(r x402.PaymentRequirements) bool {
	if m := r.ExtraString("assetTransferMethod"); m != "" && m != "eip3009" {
		return false
	}
	for _, a := range t.assets {
		if a.Network == r.Network && strings.EqualFold(a.Address, r.Asset) &&
			r.ExtraString("name") == a.Name && r.ExtraString("version") == a.Version {
			return true
		}
	}
	return false
}

// Settlement decodes the PAYMENT-RESPONSE of a response.
func Settlement(resp *http.Response) (*x402.SettleResponse, error) {
	h := resp.Header.Get(x402.HeaderPaymentResponse)
	if h == "" {
		return nil, ErrNoSettlement
	}
	s, err := x402.DecodeSettleResponse(h)
	if err != nil {
		return nil, fmt.Errorf("x402 client: %w", err)
	}
	return &s, nil
}

// replayable makes sure req's body can be sent twice.
func replayable(req *http.Request) (*http.Request, error) {
	if req.Body == nil || req.Body == http.NoBody || req.GetBody != nil {
		return req, nil
	}
	b, err := io.ReadAll(io.LimitReader(req.Body, MaxReplayBody+1))
	_ = req.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("x402 client: buffer request body: %w", err)
	}
	if len(b) > MaxReplayBody {
		return nil, fmt.Errorf("x402 client: request body over %d bytes cannot be replayed", MaxReplayBody)
	}
	r := req.Clone(req.Context())
	r.Body = io.NopCloser(bytes.NewReader(b))
	r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	r.ContentLength = int64(len(b))
	return r, nil
}

func closeBody(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
}
