package fetch_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/x509"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/pkg/evidence/source"
)

const homeHTML = `<!doctype html><html lang="en"><head><title>Acme Corp</title></head><body>hello</body></html>`

// fixtureSite serves a small loopback site; every behaviour the positive
// tests need has its own path.
func fixtureSite() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		w.Header().Set("Strict-Transport-Security", "max-age=31536000")
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "abc", HttpOnly: true})
		http.SetCookie(w, &http.Cookie{Name: "_ga", Value: "GA1.1"})
		_, _ = w.Write([]byte(homeHTML))
	})
	mux.HandleFunc("/echo-headers", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte("ua=" + r.UserAgent() + "\nauth=" + r.Header.Get("Authorization") + "\naccept=" + r.Header.Get("Accept")))
	})
	mux.HandleFunc("/hop/", func(w http.ResponseWriter, r *http.Request) {
		// /hop/N redirects N times, then lands on /.
		n, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/hop/"))
		switch {
		case err != nil:
			http.NotFound(w, r)
		case n == 0:
			http.Redirect(w, r, "/", http.StatusMovedPermanently)
		default:
			http.Redirect(w, r, "/hop/"+strconv.Itoa(n-1), http.StatusFound)
		}
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write(bytes.Repeat([]byte("a"), 5000))
	})
	mux.HandleFunc("/endless", func(w http.ResponseWriter, r *http.Request) {
		// Streams until the client goes away: only a capped reader returns.
		w.Header().Set("Content-Type", "text/html")
		chunk := bytes.Repeat([]byte("<p>x</p>"), 512)
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"a":1}`))
	})
	mux.HandleFunc("/no-type", func(w http.ResponseWriter, _ *http.Request) {
		w.Header()["Content-Type"] = nil // suppress sniffing
		_, _ = w.Write([]byte("<html></html>"))
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers before the client gives up
	})
	mux.HandleFunc("/gone", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusGone)
		_, _ = w.Write([]byte("<title>Gone</title>"))
	})
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			_, _ = w.Write([]byte("client did not ask for gzip"))
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		_, _ = zw.Write([]byte(homeHTML))
		_ = zw.Close()
	})
	mux.HandleFunc("/mta-sts", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("version: STSv1\nmode: enforce\nmx: mail.example.com\nmax_age: 86400\n"))
	})
	mux.HandleFunc("/mta-sts-redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/mta-sts", http.StatusFound)
	})
	return mux
}

// newFixture starts the site on loopback and returns a fetcher whose
// allow-list contains exactly that endpoint.
func newFixture(t testing.TB, tlsOn bool, cfg fetch.Config) (*httptest.Server, *fetch.Fetcher) {
	t.Helper()
	srv := httptest.NewUnstartedServer(fixtureSite())
	// Handshake failures are expected in some tests; keep them out of the output.
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	if tlsOn {
		srv.StartTLS()
		pool := x509.NewCertPool()
		pool.AddCert(srv.Certificate())
		cfg.RootCAs = pool
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	allow, err := guard.ParseAllowList([]string{srv.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	cfg.AllowList = allow
	if cfg.Resolver == nil {
		cfg.Resolver = newSequenceResolver(map[string][]string{"fixture.test": {"127.0.0.1"}})
	}
	f := fetch.New(cfg)
	t.Cleanup(f.Close)
	return srv, f
}

func TestFetchPage(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 22, 4, 0, 0, 0, time.UTC)
	srv, f := newFixture(t, false, fetch.Config{Now: func() time.Time { return at }})
	page, err := f.Fetch(context.Background(), srv.URL+"/", fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if page.Status != 200 || page.ContentType != "text/html" || page.Charset != "utf-8" {
		t.Fatalf("status %d, type %q, charset %q", page.Status, page.ContentType, page.Charset)
	}
	if string(page.Body) != homeHTML || page.Truncated {
		t.Fatalf("body %q truncated=%v", page.Body, page.Truncated)
	}
	if got := strings.Join(page.CookieNames, ","); got != "session,_ga" {
		t.Fatalf("cookie names = %q", got)
	}
	if len(page.SetCookie) != 2 || !strings.Contains(page.SetCookie[0], "HttpOnly") {
		t.Fatalf("raw Set-Cookie = %q", page.SetCookie)
	}
	if page.Header.Get("Strict-Transport-Security") == "" {
		t.Fatal("response headers not kept")
	}
	if page.TLS != nil || len(page.Redirects) != 0 {
		t.Fatalf("TLS %v, redirects %v", page.TLS, page.Redirects)
	}
	want := source.Source{
		ID: source.ID(srv.URL + "/"), URL: srv.URL + "/", RetrievedAt: at, Status: 200,
		ContentHash: source.ContentHash([]byte(homeHTML)),
	}
	if page.Source != want {
		t.Fatalf("source = %+v\nwant     %+v", page.Source, want)
	}
}

func TestFetchThroughInjectedResolver(t *testing.T) {
	t.Parallel()
	srv, f := newFixture(t, false, fetch.Config{})
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	page, err := f.Fetch(context.Background(), "http://fixture.test:"+port+"/", fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page.Body), "Acme Corp") {
		t.Fatalf("body %q", page.Body)
	}
}

func TestFetchRequestHeaders(t *testing.T) {
	t.Parallel()
	srv, f := newFixture(t, false, fetch.Config{})
	page, err := f.Fetch(context.Background(), srv.URL+"/echo-headers", fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	body := string(page.Body)
	if !strings.Contains(body, "ua="+fetch.DefaultUserAgent+"\n") {
		t.Fatalf("user agent not sent: %q", body)
	}
	if !strings.Contains(body, "auth=\n") {
		t.Fatalf("authorization sent: %q", body)
	}
	if !strings.Contains(body, "accept=text/html, application/xhtml+xml, text/plain") {
		t.Fatalf("accept header: %q", body)
	}
}

func TestFetchRedirects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		path      string
		cfg       fetch.Config
		wantHops  int
		wantCode  fetch.Code
		wantFinal string
	}{
		{name: "one hop", path: "/hop/0", wantHops: 1, wantFinal: "/"},
		{name: "five hops is the limit", path: "/hop/4", wantHops: 5, wantFinal: "/"},
		{name: "six hops is too many", path: "/hop/5", wantCode: fetch.CodeTooManyRedirects},
		{name: "configured lower limit", path: "/hop/2", cfg: fetch.Config{MaxRedirects: 2}, wantCode: fetch.CodeTooManyRedirects},
		{name: "configured above ceiling is clamped", path: "/hop/6", cfg: fetch.Config{MaxRedirects: 50}, wantCode: fetch.CodeTooManyRedirects},
		{name: "redirects disabled", path: "/hop/0", cfg: fetch.Config{MaxRedirects: -1}, wantCode: fetch.CodeRedirectRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, f := newFixture(t, false, tt.cfg)
			page, err := f.Fetch(context.Background(), srv.URL+tt.path, fetch.Options{})
			if tt.wantCode != "" {
				if fetch.CodeOf(err) != tt.wantCode {
					t.Fatalf("err = %v, want code %s", err, tt.wantCode)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Redirects) != tt.wantHops {
				t.Fatalf("hops = %v, want %d", page.Redirects, tt.wantHops)
			}
			if first := page.Redirects[0]; first.URL != srv.URL+tt.path || (first.Status != http.StatusFound && first.Status != http.StatusMovedPermanently) {
				t.Fatalf("first hop = %+v", page.Redirects[0])
			}
			if page.Source.URL != srv.URL+tt.path || page.Source.FinalURL != srv.URL+tt.wantFinal {
				t.Fatalf("source url %q final %q", page.Source.URL, page.Source.FinalURL)
			}
			if page.Source.ID != source.ID(srv.URL+tt.wantFinal) {
				t.Fatalf("id %q is not derived from the final URL", page.Source.ID)
			}
		})
	}
}

func TestFetchBodyAndTypeLimits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		path          string
		opts          fetch.Options
		wantCode      fetch.Code
		wantLen       int
		wantTruncated bool
		wantStatus    int
	}{
		{name: "body under the cap", path: "/big", opts: fetch.Options{MaxBytes: 6000}, wantLen: 5000, wantStatus: 200},
		{name: "body over the cap is truncated", path: "/big", opts: fetch.Options{MaxBytes: 1024}, wantLen: 1024, wantTruncated: true, wantStatus: 200},
		{name: "body exactly at the cap is complete", path: "/big", opts: fetch.Options{MaxBytes: 5000}, wantLen: 5000, wantStatus: 200},
		{name: "endless body stops at the cap", path: "/endless", opts: fetch.Options{MaxBytes: 100000}, wantLen: 100000, wantTruncated: true, wantStatus: 200},
		{name: "endless body stops at the default cap", path: "/endless", wantLen: fetch.DefaultMaxBodyBytes, wantTruncated: true, wantStatus: 200},
		{name: "complete body required", path: "/big", opts: fetch.Options{MaxBytes: 1024, RequireComplete: true}, wantCode: fetch.CodeTooLarge},
		{name: "json refused by default", path: "/json", wantCode: fetch.CodeBadContentType},
		{name: "json accepted when asked", path: "/json", opts: fetch.Options{Accept: []string{"application/json"}}, wantLen: 7, wantStatus: 200},
		{name: "html refused when only text is accepted", path: "/", opts: fetch.Options{Accept: []string{"text/plain"}}, wantCode: fetch.CodeBadContentType},
		{name: "missing content type refused", path: "/no-type", wantCode: fetch.CodeBadContentType},
		{name: "error status", path: "/gone", wantCode: fetch.CodeHTTPStatus},
		{name: "error status allowed", path: "/gone", opts: fetch.Options{AllowErrorStatus: true}, wantLen: len("<title>Gone</title>"), wantStatus: 410},
		{name: "not found", path: "/missing", wantCode: fetch.CodeHTTPStatus},
		{name: "gzip is requested and decoded", path: "/gzip", wantLen: len(homeHTML), wantStatus: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, f := newFixture(t, false, fetch.Config{})
			page, err := f.Fetch(context.Background(), srv.URL+tt.path, tt.opts)
			if tt.wantCode != "" {
				if fetch.CodeOf(err) != tt.wantCode {
					t.Fatalf("err = %v, want code %s", err, tt.wantCode)
				}
				if page != nil {
					t.Fatal("a failed fetch returned a page")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Body) != tt.wantLen || page.Truncated != tt.wantTruncated || page.Status != tt.wantStatus {
				t.Fatalf("len %d truncated %v status %d; want %d %v %d",
					len(page.Body), page.Truncated, page.Status, tt.wantLen, tt.wantTruncated, tt.wantStatus)
			}
			if page.Source.ContentHash != source.ContentHash(page.Body) {
				t.Fatal("content hash does not match the bytes kept")
			}
		})
	}
}

func TestFetchHTTPStatusCarriesStatus(t *testing.T) {
	t.Parallel()
	srv, f := newFixture(t, false, fetch.Config{})
	_, err := f.Fetch(context.Background(), srv.URL+"/gone", fetch.Options{})
	var fe *fetch.Error
	if !errors.As(err, &fe) || fe.Status != http.StatusGone {
		t.Fatalf("err = %#v, want status 410", err)
	}
}

func TestFetchTimeoutAndCancel(t *testing.T) {
	t.Parallel()
	t.Run("per-fetch timeout", func(t *testing.T) {
		t.Parallel()
		srv, f := newFixture(t, false, fetch.Config{Timeout: 200 * time.Millisecond})
		_, err := f.Fetch(context.Background(), srv.URL+"/slow", fetch.Options{})
		if fetch.CodeOf(err) != fetch.CodeTimeout {
			t.Fatalf("err = %v, want timeout", err)
		}
	})
	t.Run("response header timeout", func(t *testing.T) {
		t.Parallel()
		srv, f := newFixture(t, false, fetch.Config{ResponseHeaderTimeout: 100 * time.Millisecond})
		_, err := f.Fetch(context.Background(), srv.URL+"/slow", fetch.Options{})
		if fetch.CodeOf(err) != fetch.CodeTimeout {
			t.Fatalf("err = %v, want timeout", err)
		}
	})
	t.Run("caller cancels", func(t *testing.T) {
		t.Parallel()
		srv, f := newFixture(t, false, fetch.Config{})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := f.Fetch(ctx, srv.URL+"/", fetch.Options{})
		if fetch.CodeOf(err) != fetch.CodeCanceled {
			t.Fatalf("err = %v, want canceled", err)
		}
	})
}

func TestFetchDNSFailure(t *testing.T) {
	t.Parallel()
	empty := fetch.ResolverFunc(func(context.Context, string) ([]net.IPAddr, error) { return nil, nil })
	tests := []struct {
		name     string
		resolver fetch.Resolver
	}{
		{"nxdomain", newSequenceResolver(nil)},
		{"no addresses", empty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := fetch.New(fetch.Config{Resolver: tt.resolver})
			defer f.Close()
			_, err := f.Fetch(context.Background(), "https://nowhere.test/", fetch.Options{})
			if fetch.CodeOf(err) != fetch.CodeDNSFailure {
				t.Fatalf("err = %v, want dns_failure", err)
			}
		})
	}
}

func TestFetchBadURL(t *testing.T) {
	t.Parallel()
	f := fetch.New(fetch.Config{Resolver: newSequenceResolver(nil)})
	defer f.Close()
	for _, u := range []string{"", "/relative", "http://", "http:opaque", "http://[::1", "http://exa mple.com/"} {
		_, err := f.Fetch(context.Background(), u, fetch.Options{})
		if fetch.CodeOf(err) != fetch.CodeBadURL {
			t.Errorf("Fetch(%q) = %v, want bad_url", u, err)
		}
	}
}

func TestFetchText(t *testing.T) {
	t.Parallel()
	srv, f := newFixture(t, true, fetch.Config{})
	page, err := f.FetchText(context.Background(), srv.URL+"/mta-sts", 1024)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(page.Body), "version: STSv1\n") {
		t.Fatalf("body %q", page.Body)
	}
	if page.TLS == nil || page.TLS.Version == "" || page.TLS.Issuer == "" {
		t.Fatalf("TLS info = %+v", page.TLS)
	}

	tests := []struct {
		name string
		url  string
		max  int64
		want fetch.Code
	}{
		{"plain http refused", strings.Replace(srv.URL, "https://", "http://", 1) + "/mta-sts", 1024, fetch.CodeBlockedScheme},
		{"redirect not followed", srv.URL + "/mta-sts-redirect", 1024, fetch.CodeRedirectRefused},
		{"too large", srv.URL + "/mta-sts", 10, fetch.CodeTooLarge},
		{"html refused", srv.URL + "/", 4096, fetch.CodeBadContentType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.FetchText(context.Background(), tt.url, tt.max)
			if fetch.CodeOf(err) != tt.want {
				t.Fatalf("err = %v, want %s", err, tt.want)
			}
		})
	}
}

func TestFetchTLSUntrustedCertificate(t *testing.T) {
	t.Parallel()
	srv, _ := newFixture(t, true, fetch.Config{})
	allow, err := guard.ParseAllowList([]string{srv.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	f := fetch.New(fetch.Config{AllowList: allow}) // system roots only
	defer f.Close()
	_, err = f.Fetch(context.Background(), srv.URL+"/", fetch.Options{})
	if fetch.CodeOf(err) != fetch.CodeNetwork {
		t.Fatalf("err = %v, want network_error for an untrusted certificate", err)
	}
}

func TestFetchTelemetry(t *testing.T) {
	t.Parallel()
	spans := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	srv, f := newFixture(t, false, fetch.Config{TracerProvider: tp, MeterProvider: mp})

	if _, err := f.Fetch(context.Background(), srv.URL+"/", fetch.Options{}); err != nil {
		t.Fatal(err)
	}
	_, _ = f.Fetch(context.Background(), "http://169.254.169.254/", fetch.Options{})
	_, _ = f.Fetch(context.Background(), srv.URL+"/json", fetch.Options{})

	ended := spans.Ended()
	if len(ended) != 3 {
		t.Fatalf("%d spans, want 3", len(ended))
	}
	attrs := map[attribute.Key]attribute.Value{}
	for _, kv := range ended[0].Attributes() {
		attrs[kv.Key] = kv.Value
	}
	if ended[0].Name() != "evidence.fetch" || attrs["server.address"].AsString() != "127.0.0.1" ||
		attrs["http.response.status_code"].AsInt64() != 200 || attrs["evidence.fetch.bytes"].AsInt64() != int64(len(homeHTML)) {
		t.Fatalf("span %s attributes %v", ended[0].Name(), attrs)
	}
	if ended[1].Status().Description != string(fetch.CodeBlockedAddress) {
		t.Fatalf("blocked fetch span status = %+v", ended[1].Status())
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name != "evidence.fetch.requests" {
				continue
			}
			sum, ok := m.Data.(metricdata.Sum[int64])
			if !ok {
				t.Fatalf("metric data %T", m.Data)
			}
			for _, dp := range sum.DataPoints {
				v, _ := dp.Attributes.Value("outcome")
				got[v.AsString()] += dp.Value
			}
		}
	}
	want := map[string]int64{"ok": 1, "blocked_address": 1, "bad_content_type": 1}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("counter by outcome = %v, want %v", got, want)
		}
	}
}
