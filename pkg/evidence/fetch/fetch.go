// Package fetch retrieves public web documents for evidence, safely.
//
// A Fetcher only talks HTTP(S) to public unicast addresses on ports 80 and
// 443 (see package guard), re-checks every redirect, follows at most five,
// never uses an environment proxy, never sends credentials, caps the body it
// reads (2 MiB by default), checks the media type against a per-call list and
// bounds every fetch with a deadline. Failures are *Error values with stable
// codes. Each fetch is traced with an OpenTelemetry span and counted in the
// "evidence.fetch.requests" counter by outcome.
package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/pkg/evidence/source"
)

// Defaults used when a Config field is zero.
const (
	DefaultUserAgent             = "intel402-evidence/1.0 (+https://github.com/intel402/intel402/tree/main/pkg/evidence)"
	DefaultTimeout               = 15 * time.Second
	DefaultDialTimeout           = 5 * time.Second
	DefaultTLSHandshakeTimeout   = 5 * time.Second
	DefaultResponseHeaderTimeout = 10 * time.Second
	DefaultMaxBodyBytes          = 2 << 20 // 2 MiB
	MaxRedirects                 = 5       // hard ceiling on redirects followed
	maxResponseHeaderBytes       = 64 << 10
	instrumentationName          = "github.com/intel402/intel402/pkg/evidence/fetch"
)

// DefaultAccept is the media-type list used when Options.Accept is empty.
func DefaultAccept() []string {
	return []string{"text/html", "application/xhtml+xml", "text/plain"}
}

// Config configures a Fetcher. The zero value is usable and safe.
type Config struct {
	// AllowList lets tests and demos reach otherwise refused endpoints
	// (loopback fixtures). Fill it from operator configuration only, never
	// from request input. Empty by default.
	AllowList guard.AllowList
	// Resolver resolves host names; nil means net.DefaultResolver.
	Resolver Resolver
	// Timeout bounds one Fetch call end to end, body included.
	Timeout               time.Duration
	DialTimeout           time.Duration
	TLSHandshakeTimeout   time.Duration
	ResponseHeaderTimeout time.Duration
	// MaxBodyBytes caps the body read per fetch; Options.MaxBytes may lower it.
	MaxBodyBytes int64
	// MaxRedirects is the number of redirects followed, at most MaxRedirects
	// (the default). Negative means none.
	MaxRedirects int
	UserAgent    string
	// RootCAs overrides the system roots (tests use httptest's CA).
	RootCAs        *x509.CertPool
	Logger         *slog.Logger
	TracerProvider trace.TracerProvider // nil: otel global
	MeterProvider  metric.MeterProvider // nil: otel global
	// Now returns the retrieval time; nil means time.Now.
	Now func() time.Time
	// Wait, when set, is called before a fetch touches the network; an
	// error refuses the fetch (CodeCanceled). The services pass
	// paygate.Wait, so that work running while its payment is verified
	// fetches nothing for a payer who cannot pay.
	Wait func(ctx context.Context) error
}

// Options are per-call settings.
type Options struct {
	// Accept lists acceptable media types (e.g. "text/html"); empty means
	// DefaultAccept(). A response with another media type is refused with
	// CodeBadContentType and its body is not read.
	Accept []string
	// MaxBytes lowers the body cap for this call (0: the Fetcher's cap).
	MaxBytes int64
	// RequireComplete makes a body over the cap an error (CodeTooLarge)
	// instead of a truncated page.
	RequireComplete bool
	// HTTPSOnly refuses http:// for the URL and every redirect.
	HTTPSOnly bool
	// NoRedirects refuses any redirect with CodeRedirectRefused.
	NoRedirects bool
	// AllowErrorStatus returns 4xx/5xx responses as pages instead of
	// CodeHTTPStatus errors (useful for reading headers of error pages).
	AllowErrorStatus bool
}

// Hop is one redirect response that was followed.
type Hop struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
}

// TLSInfo describes the TLS connection of the final response.
type TLSInfo struct {
	Version            string    `json:"version"`
	CipherSuite        string    `json:"cipherSuite"`
	ServerName         string    `json:"serverName"`
	NegotiatedProtocol string    `json:"negotiatedProtocol,omitempty"`
	Issuer             string    `json:"issuer,omitempty"`
	NotAfter           time.Time `json:"notAfter,omitzero"`
}

// Page is a fetched document.
type Page struct {
	// Source is the citation record (id, url, final url, status, hash of the
	// bytes read, retrieval time). Title is left for the caller (htmlmeta).
	Source      source.Source
	Status      int
	Header      http.Header
	ContentType string   // media type, lower case, without parameters
	Charset     string   // charset parameter of Content-Type, if any
	CookieNames []string // names from the final response's Set-Cookie headers
	SetCookie   []string // raw Set-Cookie values of the final response
	Body        []byte
	Truncated   bool  // the body was longer than the cap; Body holds the first cap bytes
	Redirects   []Hop // redirect responses followed, in order
	TLS         *TLSInfo
}

// Fetcher performs guarded fetches. It is safe for concurrent use.
type Fetcher struct {
	cfg       Config
	policy    *guard.Policy
	transport *http.Transport
	tracer    trace.Tracer
	fetches   metric.Int64Counter
	log       *slog.Logger
}

// New builds a Fetcher; zero Config fields take the defaults above.
func New(cfg Config) *Fetcher {
	if cfg.Resolver == nil {
		cfg.Resolver = net.DefaultResolver
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.DialTimeout <= 0 {
		cfg.DialTimeout = DefaultDialTimeout
	}
	if cfg.TLSHandshakeTimeout <= 0 {
		cfg.TLSHandshakeTimeout = DefaultTLSHandshakeTimeout
	}
	if cfg.ResponseHeaderTimeout <= 0 {
		cfg.ResponseHeaderTimeout = DefaultResponseHeaderTimeout
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if cfg.MaxRedirects == 0 || cfg.MaxRedirects > MaxRedirects {
		cfg.MaxRedirects = MaxRedirects
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
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if !cfg.AllowList.Empty() {
		cfg.Logger.Warn("evidence fetch allow-list is active: listed non-public endpoints are reachable",
			slog.Int("prefixes", len(cfg.AllowList.Prefixes)), slog.Int("endpoints", len(cfg.AllowList.Endpoints)))
	}
	policy := guard.NewPolicy(cfg.AllowList)
	d := &guardedDialer{
		resolver: cfg.Resolver,
		dialer:   net.Dialer{Timeout: cfg.DialTimeout, Control: policy.Control},
	}
	tr := &http.Transport{
		Proxy:                  nil, // an environment proxy would bypass the address check
		DialContext:            d.DialContext,
		TLSClientConfig:        &tls.Config{RootCAs: cfg.RootCAs, MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    cfg.TLSHandshakeTimeout,
		ResponseHeaderTimeout:  cfg.ResponseHeaderTimeout,
		MaxResponseHeaderBytes: maxResponseHeaderBytes,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           32,
		IdleConnTimeout:        30 * time.Second,
	}
	meter := cfg.MeterProvider.Meter(instrumentationName)
	counter, err := meter.Int64Counter("evidence.fetch.requests",
		metric.WithDescription("Guarded evidence fetches by outcome (ok or error code)."),
		metric.WithUnit("{fetch}"))
	if err != nil {
		// The OTel API returns a usable no-op instrument alongside the error.
		cfg.Logger.Warn("evidence fetch counter unavailable", slog.Any("err", err))
	}
	return &Fetcher{
		cfg:       cfg,
		policy:    policy,
		transport: tr,
		tracer:    cfg.TracerProvider.Tracer(instrumentationName),
		fetches:   counter,
		log:       cfg.Logger,
	}
}

// Close releases idle connections.
func (f *Fetcher) Close() { f.transport.CloseIdleConnections() }

// FetchText fetches a small text/plain resource over HTTPS only, following
// no redirects (RFC 8461 §3.3 forbids following them for MTA-STS policies),
// and fails with CodeTooLarge when the body exceeds maxBytes (0: the
// Fetcher's cap). The text is string(page.Body).
func (f *Fetcher) FetchText(ctx context.Context, rawURL string, maxBytes int64) (*Page, error) {
	return f.Fetch(ctx, rawURL, Options{
		Accept:          []string{"text/plain"},
		MaxBytes:        maxBytes,
		RequireComplete: true,
		HTTPSOnly:       true,
		NoRedirects:     true,
	})
}

// Fetch GETs rawURL under the fetcher's policy. On failure it returns an
// *Error (see CodeOf).
func (f *Fetcher) Fetch(ctx context.Context, rawURL string, opts Options) (*Page, error) {
	if f.cfg.Wait != nil {
		if err := f.cfg.Wait(ctx); err != nil {
			return nil, &Error{Code: CodeCanceled, URL: rawURL, Err: err}
		}
	}
	ctx, cancel := context.WithTimeout(ctx, f.cfg.Timeout)
	defer cancel()

	host := ""
	if u, err := url.Parse(rawURL); err == nil {
		host = u.Hostname()
	}
	ctx, span := f.tracer.Start(ctx, "evidence.fetch", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("server.address", host)))
	defer span.End()

	page, err := f.fetch(ctx, rawURL, opts)
	outcome := "ok"
	if err != nil {
		outcome = string(CodeOf(err))
		span.RecordError(err)
		span.SetStatus(codes.Error, outcome)
	}
	attrs := []attribute.KeyValue{attribute.String("evidence.fetch.outcome", outcome)}
	if page != nil {
		attrs = append(attrs,
			attribute.Int("http.response.status_code", page.Status),
			attribute.Int("evidence.fetch.bytes", len(page.Body)),
			attribute.Int("evidence.fetch.redirects", len(page.Redirects)),
			attribute.Bool("evidence.fetch.truncated", page.Truncated))
	} else {
		var fe *Error
		if errors.As(err, &fe) && fe.Status != 0 {
			attrs = append(attrs, attribute.Int("http.response.status_code", fe.Status))
		}
	}
	span.SetAttributes(attrs...)
	f.fetches.Add(ctx, 1, metric.WithAttributes(attribute.String("outcome", outcome)))
	if err != nil {
		f.log.DebugContext(ctx, "evidence fetch failed", slog.String("host", host), slog.String("code", outcome), slog.Any("err", err))
	} else {
		f.log.DebugContext(ctx, "evidence fetch", slog.String("host", host), slog.Int("status", page.Status),
			slog.Int("bytes", len(page.Body)), slog.Int("redirects", len(page.Redirects)))
	}
	return page, err
}

func (f *Fetcher) fetch(ctx context.Context, rawURL string, opts Options) (*Page, error) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return nil, &Error{Code: CodeBadURL, URL: rawURL, Err: err}
	}
	if !u.IsAbs() {
		return nil, &Error{Code: CodeBadURL, URL: rawURL, Err: errString("URL is not absolute")}
	}
	if err := f.preflight(ctx, u, opts.HTTPSOnly); err != nil {
		return nil, err
	}

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &Error{Code: CodeBadURL, URL: redact(u), Err: err}
	}
	accept := opts.Accept
	if len(accept) == 0 {
		accept = DefaultAccept()
	}
	req.Header.Set("User-Agent", f.cfg.UserAgent)
	req.Header.Set("Accept", strings.Join(accept, ", ")+";q=0.9, */*;q=0.1")

	var hops []Hop
	client := http.Client{
		Transport: f.transport,
		CheckRedirect: func(next *http.Request, via []*http.Request) error {
			if resp := next.Response; resp != nil {
				hops = append(hops, Hop{URL: redact(resp.Request.URL), Status: resp.StatusCode})
			}
			if opts.NoRedirects || f.cfg.MaxRedirects < 0 {
				return &Error{Code: CodeRedirectRefused, URL: redact(next.URL), Err: errString("redirects are not followed")}
			}
			if len(via) > f.cfg.MaxRedirects {
				return &Error{Code: CodeTooManyRedirects, URL: redact(next.URL),
					Err: fmt.Errorf("more than %d redirects", f.cfg.MaxRedirects)}
			}
			return f.preflight(next.Context(), next.URL, opts.HTTPSOnly)
		},
	}
	resp, err := client.Do(req)
	if err != nil {
		code := classify(err)
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			code = CodeTimeout
		}
		var fe *Error
		if errors.As(err, &fe) {
			return nil, fe
		}
		return nil, &Error{Code: code, URL: redact(u), Err: err}
	}
	defer func() { _ = resp.Body.Close() }()
	final := resp.Request.URL

	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		// A redirect without a usable Location, or one refused by policy above.
		return nil, &Error{Code: CodeHTTPStatus, URL: redact(final), Status: resp.StatusCode, Err: errString("redirect not followed")}
	}
	if resp.StatusCode >= 400 && !opts.AllowErrorStatus {
		return nil, &Error{Code: CodeHTTPStatus, URL: redact(final), Status: resp.StatusCode}
	}
	mediaType, charset, ok := acceptable(resp.Header.Get("Content-Type"), accept)
	if !ok {
		return nil, &Error{Code: CodeBadContentType, URL: redact(final),
			Err: fmt.Errorf("content type %q is not one of %v", resp.Header.Get("Content-Type"), accept)}
	}

	limit := f.cfg.MaxBodyBytes
	if opts.MaxBytes > 0 && opts.MaxBytes < limit {
		limit = opts.MaxBytes
	}
	if opts.RequireComplete && resp.ContentLength > limit {
		return nil, &Error{Code: CodeTooLarge, URL: redact(final),
			Err: fmt.Errorf("content length %d exceeds %d bytes", resp.ContentLength, limit)}
	}
	// Read at most one byte past the cap, only to learn whether there is more.
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		code := classify(err)
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			code = CodeTimeout
		}
		return nil, &Error{Code: code, URL: redact(final), Err: fmt.Errorf("read body: %w", err)}
	}
	truncated := int64(len(body)) > limit
	if truncated {
		if opts.RequireComplete {
			return nil, &Error{Code: CodeTooLarge, URL: redact(final), Err: fmt.Errorf("body exceeds %d bytes", limit)}
		}
		body = body[:limit]
	}

	page := &Page{
		Status:      resp.StatusCode,
		Header:      resp.Header,
		ContentType: mediaType,
		Charset:     charset,
		SetCookie:   resp.Header.Values("Set-Cookie"),
		Body:        body,
		Truncated:   truncated,
		Redirects:   hops,
		TLS:         tlsInfo(resp.TLS),
	}
	for _, c := range resp.Cookies() {
		page.CookieNames = append(page.CookieNames, c.Name)
	}
	page.Source = source.Source{
		ID:          source.ID(final.String()),
		URL:         redact(u),
		Title:       "",
		RetrievedAt: f.cfg.Now().UTC(),
		Status:      resp.StatusCode,
		ContentHash: source.ContentHash(body),
	}
	if fs := final.String(); source.Normalize(fs) != source.Normalize(page.Source.URL) {
		page.Source.FinalURL = fs
	}
	return page, nil
}

// preflight runs the syntactic checks and then resolves the host and checks
// every address (a name with one private address among public ones is
// refused). The dial-time Control check still runs on the address actually
// connected to, which is what defeats DNS rebinding.
func (f *Fetcher) preflight(ctx context.Context, u *url.URL, httpsOnly bool) error {
	t, ferr := checkURL(u, f.cfg.AllowList, httpsOnly)
	if ferr != nil {
		return ferr
	}
	if t.addr.IsValid() {
		return nil // IP literal: already checked by checkURL
	}
	ips, err := f.cfg.Resolver.LookupIPAddr(ctx, t.host)
	if err != nil {
		code := CodeDNSFailure
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			code = CodeTimeout
		}
		return &Error{Code: code, URL: redact(u), Err: &lookupError{host: t.host, err: err}}
	}
	if len(ips) == 0 {
		return &Error{Code: CodeDNSFailure, URL: redact(u), Err: &lookupError{host: t.host, err: errString("no addresses")}}
	}
	for _, ip := range ips {
		a, ok := netip.AddrFromSlice(ip.IP)
		if !ok {
			return &Error{Code: CodeDNSFailure, URL: redact(u), Err: fmt.Errorf("resolver returned invalid IP %v", ip.IP)}
		}
		a = a.Unmap()
		if ip.Zone != "" {
			a = a.WithZone(ip.Zone)
		}
		ap := netip.AddrPortFrom(a, t.port)
		if err := f.policy.CheckAddrPort(ap, "ip", t.host+" -> "+ap.String()); err != nil {
			return &Error{Code: classify(err), URL: redact(u), Err: err}
		}
	}
	return nil
}

// acceptable parses a Content-Type header and reports whether its media type
// is in accept. A missing or unparsable Content-Type is not acceptable.
func acceptable(contentType string, accept []string) (mediaType, charset string, ok bool) {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", "", false
	}
	mt = strings.ToLower(mt)
	for _, a := range accept {
		if strings.EqualFold(strings.TrimSpace(a), mt) {
			return mt, strings.ToLower(params["charset"]), true
		}
	}
	return mt, "", false
}

func tlsInfo(cs *tls.ConnectionState) *TLSInfo {
	if cs == nil {
		return nil
	}
	info := &TLSInfo{
		Version:            tls.VersionName(cs.Version),
		CipherSuite:        tls.CipherSuiteName(cs.CipherSuite),
		ServerName:         cs.ServerName,
		NegotiatedProtocol: cs.NegotiatedProtocol,
	}
	if len(cs.PeerCertificates) > 0 {
		leaf := cs.PeerCertificates[0]
		info.Issuer = leaf.Issuer.String()
		info.NotAfter = leaf.NotAfter.UTC()
	}
	return info
}
