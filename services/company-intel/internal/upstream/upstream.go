// Package upstream is the HTTP client every company-intel source uses to
// call its provider's API: one Client per provider, with a per-call
// deadline, a process-wide rate limit, retries on 429 and 5xx where safe
// (honouring Retry-After within the deadline), a response size cap, cost
// reservation against the request's budget, an OpenTelemetry client span
// per call and the intel402.upstream.calls / intel402.upstream.cost
// metrics. Failures are *Error values whose Kind the research layer maps
// to the API's statuses.
//
// A source that decodes a provider's answer leniently (keeping the records
// it can read and dropping the few it cannot) reports what it dropped with
// Client.Dropped: the counter intel402.upstream.dropped {upstream, reason}
// and a warning with the count, never the records' content.
//
// Website pages are not fetched here: they go through pkg/evidence's
// guarded fetcher. This client talks to configured provider endpoints
// (operator configuration, never request input).
package upstream

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/trace"
	"golang.org/x/time/rate"

	"github.com/intel402/intel402/pkg/x402/paygate"
)

// Defaults for zero Config fields.
const (
	DefaultTimeout      = 8 * time.Second
	DefaultMaxRetries   = 2
	DefaultMaxBodyBytes = 4 << 20
	DefaultUserAgent    = "intel402-company-intel/1.0 (+https://github.com/intel402/intel402)"
	// MaxRetryAfter is the longest Retry-After honoured; a provider asking
	// for more is treated as rate limiting this call.
	MaxRetryAfter = 10 * time.Second
	baseBackoff   = 200 * time.Millisecond
	scope         = "github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Kind classifies a failed call.
type Kind string

// Failure kinds.
const (
	KindRateLimited Kind = "rate_limited" // 429 (after retries), or the local rate limit could not admit the call in time
	KindTimeout     Kind = "timeout"      // the call's deadline passed
	KindCanceled    Kind = "canceled"     // the caller went away
	KindNotFound    Kind = "not_found"    // 404/410: the provider has no such entity (an answer, not an outage)
	KindRejected    Kind = "rejected"     // another 4xx: the provider refused the request (bad key, bad query)
	KindFailure     Kind = "failure"      // 5xx after retries, or a network error
	KindMalformed   Kind = "malformed"    // the body could not be decoded
	KindTooLarge    Kind = "too_large"    // the body exceeded the cap
	KindBudget      Kind = "budget"       // the cost guard refused to spend
)

// Error is a failed upstream call.
type Error struct {
	Upstream string
	Kind     Kind
	Status   int // HTTP status of the last attempt, 0 when none
	Err      error
}

func (e *Error) Error() string {
	s := e.Upstream + ": " + string(e.Kind)
	if e.Status != 0 {
		s += " (HTTP " + strconv.Itoa(e.Status) + ")"
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the Kind of an *Error in err's chain, or "" when none.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

// Recorder receives one call per upstream call (satisfied by
// *telemetry.Metrics).
type Recorder interface {
	Upstream(ctx context.Context, upstream, outcome string, costUSD float64, took time.Duration)
}

// Spender reserves an estimated cost before a paid call; an error refuses
// the call (the cost guard). It travels in the context (WithSpender) because
// the budget belongs to the request while the Client belongs to the process.
type Spender interface {
	Reserve(ctx context.Context, usd float64) error
}

type spenderKey struct{}

// WithSpender returns ctx carrying s.
func WithSpender(ctx context.Context, s Spender) context.Context {
	return context.WithValue(ctx, spenderKey{}, s)
}

// SpenderFrom returns the Spender of ctx, or nil.
func SpenderFrom(ctx context.Context) Spender {
	s, _ := ctx.Value(spenderKey{}).(Spender)
	return s
}

// Config configures a Client.
type Config struct {
	Name string // provider name in metrics, spans and errors, e.g. "gdelt" (required)
	// Timeout bounds one call, retries and their waits included.
	Timeout time.Duration
	// RatePerSecond and Burst bound calls to the provider; 0 = unlimited.
	// With Share.Store set they bound every replica's calls together.
	RatePerSecond float64
	Burst         int
	// Share makes the rate one budget for every replica (a shared store's
	// GCRA); zero: this process alone.
	Share Share
	// MaxRetries is the number of retries after the first attempt
	// (negative: none).
	MaxRetries   int
	MaxBodyBytes int64
	UserAgent    string
	// Header is sent with every request (e.g. an API key). It is never
	// logged.
	Header http.Header
	// Transport is the HTTP transport; nil uses a dedicated pooled one.
	Transport http.RoundTripper
	Recorder  Recorder
	Logger    *slog.Logger
	// TracerProvider is nil for the otel global.
	TracerProvider trace.TracerProvider
	// MeterProvider records intel402.upstream.dropped (Dropped); nil is
	// the otel global.
	MeterProvider metric.MeterProvider
}

// Admitter is a rate limiter shared by every replica (the service's cache
// store: cache.Store.Admit, GCRA on Redis's clock that reserves slots in
// arrival order).
type Admitter interface {
	Admit(ctx context.Context, key string, interval time.Duration, burst int, within time.Duration) (time.Duration, error)
}

// Share is how a provider's rate is shared between replicas.
type Share struct {
	// Store admits calls under the provider's rate for every replica;
	// nil: the rate is this process's alone.
	Store Admitter
	// Scope names the egress the replicas share (the provider sees one
	// address per egress), e.g. "default".
	Scope string
	// Replicas is how many replicas share the rate: while Store is
	// unavailable each keeps RatePerSecond / Replicas locally (default 1).
	Replicas int
}

// SharedKeyPrefix starts the keys of the shared rate budgets:
// <prefix><scope>:<provider>.
const SharedKeyPrefix = "intel402:ratelimit:"

// Client calls one provider. Safe for concurrent use.
type Client struct {
	cfg     Config
	http    *http.Client
	limiter *rate.Limiter
	tracer  trace.Tracer
	log     *slog.Logger
	sleep   func(ctx context.Context, d time.Duration) error
	dropped metric.Int64Counter
	// latency is the provider's recent answer time (an exponentially
	// weighted mean, nanoseconds; 0 until the first answer): a call that
	// could not be answered before its deadline is not started.
	latency atomic.Int64
}

// New returns a Client; zero Config fields take the defaults.
func New(cfg Config) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultMaxRetries
	}
	if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = DefaultUserAgent
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.TracerProvider == nil {
		cfg.TracerProvider = otel.GetTracerProvider()
	}
	if cfg.MeterProvider == nil {
		cfg.MeterProvider = otel.GetMeterProvider()
	}
	tr := cfg.Transport
	if tr == nil {
		tr = &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          64,
			MaxIdleConnsPerHost:   16,
			IdleConnTimeout:       60 * time.Second,
			TLSHandshakeTimeout:   5 * time.Second,
			ResponseHeaderTimeout: cfg.Timeout,
		}
	}
	lim := rate.NewLimiter(rate.Inf, 1)
	if cfg.RatePerSecond > 0 {
		// With a shared budget this is the replica's share, used while the
		// shared store is unavailable.
		share := cfg.RatePerSecond
		if cfg.Share.Store != nil {
			share /= float64(max(cfg.Share.Replicas, 1))
		}
		lim = rate.NewLimiter(rate.Limit(share), max(cfg.Burst, 1))
	}
	c := &Client{
		cfg:     cfg,
		http:    &http.Client{Transport: tr},
		limiter: lim,
		tracer:  cfg.TracerProvider.Tracer(scope),
		log:     cfg.Logger,
		sleep:   sleepCtx,
		dropped: droppedCounter(cfg.MeterProvider),
	}
	c.http.CheckRedirect = c.checkRedirect
	return c
}

// DroppedMetric is the counter Dropped adds to.
const DroppedMetric = "intel402.upstream.dropped"

// droppedCounter creates the DroppedMetric instrument on mp (a no-op one
// if mp refuses: a metric must never stop a provider from being called).
func droppedCounter(mp metric.MeterProvider) metric.Int64Counter {
	c, err := mp.Meter(scope).Int64Counter(DroppedMetric, metric.WithUnit("{record}"),
		metric.WithDescription("records of an upstream answer dropped while decoding it (the rest was used), by upstream and reason"))
	if err != nil {
		return noop.Int64Counter{}
	}
	return c
}

// Dropped records that n records of one answer from this provider were
// dropped for reason (a short snake_case word, e.g. "undecodable") while
// the rest of the answer was used: it adds n to intel402.upstream.dropped
// {upstream, reason}, adds an event to the context's span and logs a
// warning with the count. Nothing of the records themselves is recorded.
// n <= 0 records nothing.
func (c *Client) Dropped(ctx context.Context, reason string, n int) {
	if n <= 0 {
		return
	}
	attrs := []attribute.KeyValue{attribute.String("upstream", c.cfg.Name), attribute.String("reason", reason)}
	c.dropped.Add(ctx, int64(n), metric.WithAttributes(attrs...))
	trace.SpanFromContext(ctx).AddEvent("upstream.dropped", trace.WithAttributes(append(attrs, attribute.Int("count", n))...))
	c.log.WarnContext(ctx, "upstream answer: records dropped", slog.String("upstream", c.cfg.Name),
		slog.String("reason", reason), slog.Int("count", n))
}

// Name returns the provider name.
func (c *Client) Name() string { return c.cfg.Name }

// Close releases idle connections.
func (c *Client) Close() { c.http.CloseIdleConnections() }

// Request is one call.
type Request struct {
	Method string // GET when empty
	URL    string
	Body   []byte
	// ContentType of Body; Accept defaults to application/json.
	ContentType string
	Accept      string
	Header      http.Header
	// Retry5xx allows retrying after a 5xx or a network error. Set it for
	// reads (GET) and for calls the provider documents as not charged when
	// they fail; 429 is always retried (the request was not processed).
	Retry5xx bool
	// CostUSD is the estimated price of the call, reserved with the
	// context's Spender before the first attempt (0: free).
	CostUSD float64
}

// Response is a successful (2xx) answer.
type Response struct {
	Status   int
	Header   http.Header
	Body     []byte
	Attempts int
}

// Do performs req with retries. Only a 2xx answer is a Response; anything
// else is an *Error.
func (c *Client) Do(ctx context.Context, req Request) (*Response, error) {
	if req.Method == "" {
		req.Method = http.MethodGet
	}
	// Work running while its payment is verified calls no upstream until
	// the payment is (paygate): nothing is spent for a payer who cannot pay.
	if err := paygate.Wait(ctx); err != nil {
		return nil, &Error{Upstream: c.cfg.Name, Kind: KindCanceled, Err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	host := ""
	if u, err := url.Parse(req.URL); err == nil {
		host = u.Host
	}
	ctx, span := c.tracer.Start(ctx, "upstream "+c.cfg.Name, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("upstream.name", c.cfg.Name), attribute.String("http.request.method", req.Method),
			attribute.String("server.address", host)))
	defer span.End()

	start := time.Now()
	resp, err := c.do(ctx, req)
	outcome := "ok"
	attrs := []attribute.KeyValue{}
	if err != nil {
		outcome = string(KindOf(err))
		span.RecordError(err)
		span.SetStatus(codes.Error, outcome)
		var e *Error
		if errors.As(err, &e) && e.Status != 0 {
			attrs = append(attrs, attribute.Int("http.response.status_code", e.Status))
		}
	} else {
		attrs = append(attrs, attribute.Int("http.response.status_code", resp.Status),
			attribute.Int("upstream.attempts", resp.Attempts), attribute.Int("upstream.bytes", len(resp.Body)))
	}
	span.SetAttributes(append(attrs, attribute.String("upstream.outcome", outcome))...)
	cost := 0.0
	if err == nil || KindOf(err) != KindBudget {
		cost = req.CostUSD
	}
	if c.cfg.Recorder != nil {
		c.cfg.Recorder.Upstream(ctx, c.cfg.Name, outcome, cost, time.Since(start))
	}
	c.log.DebugContext(ctx, "upstream call", slog.String("upstream", c.cfg.Name), slog.String("host", host),
		slog.String("outcome", outcome), slog.Duration("took", time.Since(start)))
	return resp, err
}

func (c *Client) do(ctx context.Context, req Request) (*Response, error) {
	if req.CostUSD > 0 {
		if s := SpenderFrom(ctx); s != nil {
			if err := s.Reserve(ctx, req.CostUSD); err != nil {
				return nil, &Error{Upstream: c.cfg.Name, Kind: KindBudget, Err: err}
			}
		}
	}
	var last *Error
	for attempt := 0; ; attempt++ {
		if err := c.admit(ctx); err != nil {
			if ctx.Err() != nil {
				return nil, c.ctxError(ctx, err)
			}
			if errors.Is(err, errTooLate) {
				return nil, &Error{Upstream: c.cfg.Name, Kind: KindTimeout, Err: err}
			}
			// The limiter cannot admit the call before the deadline: it is
			// not started (no quota spent on an answer thrown away).
			return nil, &Error{Upstream: c.cfg.Name, Kind: KindRateLimited, Err: err}
		}
		resp, retryAfter, err := c.attempt(ctx, req)
		if err == nil {
			resp.Attempts = attempt + 1
			return resp, nil
		}
		last = err
		if !c.retryable(req, err) || attempt >= c.cfg.MaxRetries {
			return nil, last
		}
		wait := retryAfter
		if wait <= 0 {
			wait = baseBackoff << attempt
		}
		if wait > MaxRetryAfter || !fits(ctx, wait) {
			return nil, last
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, c.ctxError(ctx, err)
		}
	}
}

// errNoSlot: the provider's next slot comes after the call's deadline (less
// its expected latency); errTooLate: the call would not be answered before
// its deadline even if started now. Either way it is not started.
var (
	errNoSlot  = errors.New("the provider's rate admits no call that could be answered before the deadline")
	errTooLate = errors.New("skipped: the provider's recent answers take longer than the time left")
)

// expectedLatency is the provider's recent answer time (0 before the first).
func (c *Client) expectedLatency() time.Duration { return time.Duration(c.latency.Load()) }

// observeLatency folds one answer's time into the mean (weight 1/4).
func (c *Client) observeLatency(d time.Duration) {
	for {
		old := c.latency.Load()
		next := int64(d)
		if old > 0 {
			next = old + (int64(d)-old)/4
		}
		if c.latency.CompareAndSwap(old, next) {
			return
		}
	}
}

// admit waits for the provider's rate to admit one call: through the
// shared budget when there is one (every replica's calls together), else,
// or while the shared store is unavailable, through this process's
// limiter (its share). A call is not started, and no slot is taken for it,
// when its slot plus the provider's expected latency comes after its
// deadline: quota is not spent on an answer that would be thrown away.
func (c *Client) admit(ctx context.Context) error {
	expected := c.expectedLatency()
	if !fits(ctx, expected) {
		// Skipped: let the estimate recover, so that one slow spell does
		// not keep the provider skipped once it is fast again.
		c.latency.CompareAndSwap(int64(expected), int64(expected)*3/4)
		return errTooLate
	}
	sh := c.cfg.Share
	if sh.Store == nil || c.cfg.RatePerSecond <= 0 {
		return c.admitLocal(ctx, expected)
	}
	key := SharedKeyPrefix + cmp.Or(sh.Scope, "default") + ":" + c.cfg.Name
	interval := time.Duration(float64(time.Second) / c.cfg.RatePerSecond)
	// The slot is reserved in the order the store receives the calls
	// (first come, first served across every replica), and only when it
	// leaves time for the answer before the deadline.
	within := latest(ctx, expected)
	wait, err := sh.Store.Admit(ctx, key, interval, max(c.cfg.Burst, 1), within)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		c.log.DebugContext(ctx, "shared rate budget unavailable; using this replica's share", slog.String("upstream", c.cfg.Name), slog.Any("error", err))
		return c.admitLocal(ctx, expected)
	}
	if wait > within {
		return errNoSlot
	}
	if wait > 0 {
		return c.sleep(ctx, wait)
	}
	return nil
}

// latest is the longest a call may wait for its slot: it must still be
// answered, at the expected latency, before ctx's deadline, and start by
// ctx's start-by time (WithStartBy) when it has one; a day when neither is
// set. Never negative.
func latest(ctx context.Context, expected time.Duration) time.Duration {
	within := 24 * time.Hour
	if dl, ok := ctx.Deadline(); ok {
		within = time.Until(dl) - expected
	}
	if t, ok := ctx.Value(startByKey{}).(time.Time); ok {
		within = min(within, time.Until(t))
	}
	return max(within, 0)
}

type startByKey struct{}

// WithStartBy returns ctx whose provider calls must start by t: a call
// whose rate slot comes later is not started (it fails rate limited, as
// skipped, and takes no slot), however far its deadline is. Research sets
// it to bound how long a burst's requests queue for provider slots; a
// request alone never waits that long.
func WithStartBy(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, startByKey{}, t)
}

// admitLocal takes a slot of this process's limiter, unless it comes too
// late (then the slot is given back).
func (c *Client) admitLocal(ctx context.Context, expected time.Duration) error {
	r := c.limiter.Reserve()
	if !r.OK() {
		return errNoSlot
	}
	d := r.Delay()
	if d <= 0 {
		return nil
	}
	if d > latest(ctx, expected) {
		r.Cancel()
		return errNoSlot
	}
	if err := c.sleep(ctx, d); err != nil {
		r.Cancel()
		return err
	}
	return nil
}

func (c *Client) retryable(req Request, e *Error) bool {
	switch e.Kind {
	case KindRateLimited:
		return true
	case KindFailure:
		return req.Retry5xx
	}
	return false
}

// attempt makes one HTTP exchange. It returns the Retry-After the provider
// asked for (0 when none).
func (c *Client) attempt(ctx context.Context, req Request) (*Response, time.Duration, *Error) {
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return nil, 0, &Error{Upstream: c.cfg.Name, Kind: KindRejected, Err: err}
	}
	for k, vs := range c.cfg.Header {
		hr.Header[k] = append([]string(nil), vs...)
	}
	for k, vs := range req.Header {
		hr.Header[k] = append([]string(nil), vs...)
	}
	hr.Header.Set("User-Agent", c.cfg.UserAgent)
	accept := req.Accept
	if accept == "" {
		accept = "application/json"
	}
	hr.Header.Set("Accept", accept)
	if req.ContentType != "" {
		hr.Header.Set("Content-Type", req.ContentType)
	}
	start := time.Now()
	res, err := c.http.Do(hr)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, c.ctxError(ctx, err)
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil, 0, &Error{Upstream: c.cfg.Name, Kind: KindTimeout, Err: err}
		}
		return nil, 0, &Error{Upstream: c.cfg.Name, Kind: KindFailure, Err: err}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, c.cfg.MaxBodyBytes+1))
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, c.ctxError(ctx, err)
		}
		return nil, 0, &Error{Upstream: c.cfg.Name, Kind: KindFailure, Status: res.StatusCode, Err: err}
	}
	c.observeLatency(time.Since(start))
	if int64(len(b)) > c.cfg.MaxBodyBytes {
		return nil, 0, &Error{Upstream: c.cfg.Name, Kind: KindTooLarge, Status: res.StatusCode,
			Err: fmt.Errorf("body exceeds %d bytes", c.cfg.MaxBodyBytes)}
	}
	switch s := res.StatusCode; {
	case s >= 200 && s < 300:
		return &Response{Status: s, Header: res.Header, Body: b}, 0, nil
	case s == http.StatusTooManyRequests:
		return nil, RetryAfter(res.Header.Get("Retry-After"), time.Now()), &Error{Upstream: c.cfg.Name, Kind: KindRateLimited, Status: s}
	case s == http.StatusNotFound || s == http.StatusGone:
		return nil, 0, &Error{Upstream: c.cfg.Name, Kind: KindNotFound, Status: s}
	case s >= 500:
		return nil, RetryAfter(res.Header.Get("Retry-After"), time.Now()), &Error{Upstream: c.cfg.Name, Kind: KindFailure, Status: s}
	default:
		return nil, 0, &Error{Upstream: c.cfg.Name, Kind: KindRejected, Status: s, Err: fmt.Errorf("%s", snippet(b))}
	}
}

func (c *Client) ctxError(ctx context.Context, err error) *Error {
	if errors.Is(ctx.Err(), context.Canceled) {
		return &Error{Upstream: c.cfg.Name, Kind: KindCanceled, Err: err}
	}
	return &Error{Upstream: c.cfg.Name, Kind: KindTimeout, Err: err}
}

// GetJSON GETs rawURL and decodes its JSON body into v.
func (c *Client) GetJSON(ctx context.Context, rawURL string, v any) (*Response, error) {
	resp, err := c.Do(ctx, Request{URL: rawURL, Retry5xx: true})
	if err != nil {
		return nil, err
	}
	return resp, c.DecodeJSON(resp, v)
}

// GetXML GETs rawURL (RSS, Atom) and decodes its XML body into v.
func (c *Client) GetXML(ctx context.Context, rawURL string, v any) (*Response, error) {
	resp, err := c.Do(ctx, Request{URL: rawURL, Retry5xx: true,
		Accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8"})
	if err != nil {
		return nil, err
	}
	if err := xml.Unmarshal(resp.Body, v); err != nil {
		return nil, &Error{Upstream: c.cfg.Name, Kind: KindMalformed, Status: resp.Status, Err: err}
	}
	return resp, nil
}

// DecodeJSON decodes a response body, mapping a failure to KindMalformed.
func (c *Client) DecodeJSON(resp *Response, v any) error {
	if err := json.Unmarshal(resp.Body, v); err != nil {
		return &Error{Upstream: c.cfg.Name, Kind: KindMalformed, Status: resp.Status, Err: err}
	}
	return nil
}

// RetryAfter parses a Retry-After header value (delta seconds or an HTTP
// date) relative to now; 0 when absent or unparsable.
func RetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return 0
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// fits reports whether waiting d still leaves the context's deadline ahead.
func fits(ctx context.Context, d time.Duration) bool {
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) > d
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// checkRedirect follows at most 3 redirects (Workable's documented
// endpoint redirects once), never to a non-HTTP scheme, and drops the
// configured headers (API keys) when a redirect leaves the original host.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 3 {
		return errors.New("too many redirects")
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return fmt.Errorf("redirect to %s refused", req.URL.Scheme)
	}
	if req.URL.Host != via[0].URL.Host {
		for k := range c.cfg.Header {
			req.Header.Del(k)
		}
	}
	return nil
}

func snippet(b []byte) string {
	const n = 200
	if len(b) > n {
		b = b[:n]
	}
	return string(bytes.ToValidUTF8(b, []byte("?")))
}

// BaseURL returns raw (or def when raw is blank) as a provider base URL:
// an absolute http(s) URL without query, fragment or trailing slash, to
// which request paths and queries are appended.
func BaseURL(raw, def string) (string, error) {
	if raw = strings.TrimSpace(raw); raw == "" {
		raw = def
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	if u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(raw, "?") {
		return "", fmt.Errorf("%q: a base URL takes no query or fragment", raw)
	}
	return strings.TrimRight(raw, "/"), nil
}
