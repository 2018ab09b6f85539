// Package facilitator talks to x402 facilitators and is one: Client calls a
// remote facilitator over HTTP, Local verifies and settles exact-EVM
// payments itself against a chain, and Handler serves any x402.Facilitator
// over the facilitator HTTP API.
package facilitator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/x402"
)

// Client defaults.
const (
	DefaultTimeout = 30 * time.Second
	// maxResponseBody bounds what is read from a facilitator response.
	maxResponseBody = 1 << 20
)

// Client is an x402.Facilitator backed by a remote facilitator's HTTP API.
// Only GET /supported is retried (on 429, 5xx and transport errors); verify
// and settle are never retried, since a settle retry could pay twice.
type Client struct {
	base    *url.URL
	hc      *http.Client
	auth    Authenticator
	timeout time.Duration
	backoff []time.Duration
	sleep   func(ctx context.Context, d time.Duration) error
	logger  *slog.Logger
}

var _ x402.Facilitator = (*Client)(nil)

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client (default: a new http.Client).
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithAuthenticator sets how requests are authenticated (default: none).
func WithAuthenticator(a Authenticator) Option { return func(c *Client) { c.auth = a } }

// WithTimeout bounds each facilitator call, including retries (default 30s).
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithRetryBackoff sets the waits between /supported attempts (default 1s
// then 2s: three attempts). No delays means a single attempt.
func WithRetryBackoff(delays ...time.Duration) Option {
	return func(c *Client) { c.backoff = delays }
}

// WithLogger sets the logger (default: discard).
func WithLogger(l *slog.Logger) Option { return func(c *Client) { c.logger = l } }

// NewClient returns a client for the facilitator at baseURL (for example
// "https://x402.org/facilitator"); endpoints are baseURL + "/verify" etc.
func NewClient(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("facilitator: parse base URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("facilitator: base URL %q must be absolute http(s)", baseURL)
	}
	c := &Client{
		base: u, hc: &http.Client{}, timeout: DefaultTimeout,
		backoff: []time.Duration{time.Second, 2 * time.Second},
		sleep:   sleepCtx,
		logger:  slog.New(slog.DiscardHandler),
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// Verify implements x402.Facilitator.
func (c *Client) Verify(ctx context.Context, p x402.PaymentPayload, req x402.PaymentRequirements) (x402.VerifyResponse, error) {
	status, body, err := c.post(ctx, "verify", p, req)
	if err != nil {
		return x402.VerifyResponse{}, err
	}
	var r struct {
		IsValid        *bool  `json:"isValid"`
		InvalidReason  string `json:"invalidReason"`
		InvalidMessage string `json:"invalidMessage"`
		Payer          string `json:"payer"`
	}
	jerr := json.Unmarshal(body, &r)
	switch {
	case status == http.StatusOK && jerr == nil && r.IsValid != nil:
		out := x402.VerifyResponse{IsValid: *r.IsValid, InvalidReason: r.InvalidReason, InvalidMessage: r.InvalidMessage, Payer: r.Payer}
		if !out.IsValid && out.InvalidReason == "" {
			out.InvalidReason = x402.ReasonUnexpectedVerifyError
		}
		return out, nil
	case status != http.StatusOK && jerr == nil && (r.IsValid != nil || r.InvalidReason != ""):
		reason := r.InvalidReason
		if reason == "" {
			reason = x402.ReasonUnexpectedVerifyError
		}
		return x402.VerifyResponse{IsValid: false, InvalidReason: reason, InvalidMessage: r.InvalidMessage, Payer: r.Payer}, nil
	default:
		return x402.VerifyResponse{}, unexpected("verify", status, body)
	}
}

// Settle implements x402.Facilitator.
func (c *Client) Settle(ctx context.Context, p x402.PaymentPayload, req x402.PaymentRequirements) (x402.SettleResponse, error) {
	status, body, err := c.post(ctx, "settle", p, req)
	if err != nil {
		return x402.SettleResponse{}, err
	}
	var r struct {
		Success      *bool   `json:"success"`
		Transaction  *string `json:"transaction"`
		Network      *string `json:"network"`
		ErrorReason  string  `json:"errorReason"`
		ErrorMessage string  `json:"errorMessage"`
		Payer        string  `json:"payer"`
		Amount       string  `json:"amount"`
	}
	jerr := json.Unmarshal(body, &r)
	out := func(success bool) x402.SettleResponse {
		s := x402.SettleResponse{Success: success, ErrorReason: r.ErrorReason, ErrorMessage: r.ErrorMessage, Payer: r.Payer, Amount: r.Amount}
		if r.Transaction != nil {
			s.Transaction = *r.Transaction
		}
		if r.Network != nil {
			s.Network = *r.Network
		}
		if !success && s.ErrorReason == "" {
			s.ErrorReason = x402.ReasonUnexpectedSettleError
		}
		return s
	}
	switch {
	case status == http.StatusOK && jerr == nil && r.Success != nil && r.Transaction != nil && r.Network != nil:
		s := out(*r.Success)
		if s.Success && s.Transaction == "" {
			return x402.SettleResponse{}, unexpected("settle", status, body)
		}
		return s, nil
	case status != http.StatusOK && jerr == nil && (r.Success != nil || r.ErrorReason != ""):
		return out(false), nil
	default:
		return x402.SettleResponse{}, unexpected("settle", status, body)
	}
}

// Supported implements x402.Facilitator. It retries on 429, 5xx and
// transport errors with the configured backoff.
func (c *Client) Supported(ctx context.Context) (x402.SupportedResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var lastErr error
	for attempt := 0; ; attempt++ {
		status, body, err := c.do(ctx, http.MethodGet, "supported", nil)
		if err == nil && status == http.StatusOK {
			var s x402.SupportedResponse
			if jerr := json.Unmarshal(body, &s); jerr != nil {
				return x402.SupportedResponse{}, &x402.FacilitatorError{Op: "supported", StatusCode: status, Err: fmt.Errorf("decode response: %w", jerr)}
			}
			return s, nil
		}
		if err == nil {
			lastErr = unexpected("supported", status, body)
			if status != http.StatusTooManyRequests && status < 500 {
				return x402.SupportedResponse{}, lastErr
			}
		} else {
			lastErr = err
		}
		if attempt >= len(c.backoff) {
			return x402.SupportedResponse{}, lastErr
		}
		c.logger.WarnContext(ctx, "x402 facilitator /supported failed, retrying",
			slog.Int("attempt", attempt+1), slog.Any("error", lastErr))
		if err := c.sleep(ctx, c.backoff[attempt]); err != nil {
			return x402.SupportedResponse{}, &x402.FacilitatorError{Op: "supported", Err: errors.Join(lastErr, err)}
		}
	}
}

func (c *Client) post(ctx context.Context, op string, p x402.PaymentPayload, req x402.PaymentRequirements) (int, []byte, error) {
	body, err := json.Marshal(x402.FacilitatorRequest{X402Version: x402.Version, PaymentPayload: p, PaymentRequirements: req})
	if err != nil {
		return 0, nil, fmt.Errorf("facilitator %s: encode request: %w", op, err)
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	return c.do(ctx, http.MethodPost, op, body)
}

// do sends one request. Transport failures come back as
// *x402.FacilitatorError; any HTTP response comes back as status and body.
func (c *Client) do(ctx context.Context, method, op string, body []byte) (int, []byte, error) {
	u := c.base.JoinPath(op)
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return 0, nil, fmt.Errorf("facilitator %s: build request: %w", op, err)
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.auth != nil {
		if err := c.auth.Authorize(req); err != nil {
			return 0, nil, fmt.Errorf("facilitator %s: authorize: %w", op, err)
		}
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, &x402.FacilitatorError{Op: op, Err: err}
	}
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody))
	if err != nil {
		return 0, nil, &x402.FacilitatorError{Op: op, StatusCode: resp.StatusCode, Err: fmt.Errorf("read response: %w", err)}
	}
	return resp.StatusCode, b, nil
}

func unexpected(op string, status int, body []byte) error {
	const max = 200
	snippet := strings.TrimSpace(string(body))
	if len(snippet) > max {
		snippet = snippet[:max] + "…"
	}
	return &x402.FacilitatorError{Op: op, StatusCode: status, Err: fmt.Errorf("unexpected response %q", snippet)}
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
