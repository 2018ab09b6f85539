package server_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/server"
)

func newEcho(t *testing.T, logs io.Writer) *echo.Echo {
	if logs == nil {
		logs = io.Discard
	}
	e := server.New(slog.New(slog.NewJSONHandler(logs, nil)))
	e.GET("/ok", func(c echo.Context) error { return c.JSON(200, map[string]bool{"ok": true}) })
	e.GET("/panic", func(echo.Context) error { panic("boom") })
	e.GET("/coded", func(echo.Context) error {
		return apierror.New(apierror.CodeUpstreamFailure, "search provider failed")
	})
	e.GET("/plain", func(echo.Context) error { return io.ErrUnexpectedEOF })
	return e
}

func TestErrorEnvelopes(t *testing.T) {
	e := newEcho(t, nil)
	tests := []struct {
		name, method, path string
		wantStatus         int
		wantCode           apierror.Code
	}{
		{"unknown route", "GET", "/nope", 404, apierror.CodeNotFound},
		{"wrong method", "POST", "/ok", 405, apierror.CodeMethodNotAllowed},
		{"panic", "GET", "/panic", 500, apierror.CodeInternal},
		{"coded error", "GET", "/coded", 502, apierror.CodeUpstreamFailure},
		{"uncoded error hides text", "GET", "/plain", 500, apierror.CodeInternal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d", rec.Code, tt.wantStatus)
			}
			var env apierror.Envelope
			dec := json.NewDecoder(rec.Body)
			dec.DisallowUnknownFields()
			if err := dec.Decode(&env); err != nil {
				t.Fatalf("not an envelope: %v", err)
			}
			if env.Error.Code != tt.wantCode || env.Error.Message == "" || env.Error.RequestID != rec.Header().Get("X-Request-Id") {
				t.Fatalf("envelope %+v", env)
			}
			if strings.Contains(env.Error.Message, "unexpected EOF") || strings.Contains(env.Error.Message, "boom") {
				t.Fatalf("internal error text leaked: %q", env.Error.Message)
			}
		})
	}
}

func TestRequestID(t *testing.T) {
	var logs strings.Builder
	e := newEcho(t, &logs)
	tests := []struct{ in, want string }{
		{"abc-123", "abc-123"},
		{"bad id with spaces", ""},
		{strings.Repeat("a", 129), ""},
		{"", ""},
	}
	for _, tt := range tests {
		req := httptest.NewRequest("GET", "/ok", nil)
		if tt.in != "" {
			req.Header.Set("X-Request-Id", tt.in)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		got := rec.Header().Get("X-Request-Id")
		if tt.want != "" && got != tt.want {
			t.Errorf("in %q: got %q", tt.in, got)
		}
		if tt.want == "" && (got == "" || got == tt.in || !strings.HasPrefix(got, "req_")) {
			t.Errorf("in %q: generated %q", tt.in, got)
		}
	}
	// The access log names route, status and latency.
	line := strings.Split(strings.TrimSpace(logs.String()), "\n")[0]
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"route", "status", "latency", "method"} {
		if _, ok := m[k]; !ok {
			t.Errorf("access log lacks %s: %s", k, line)
		}
	}
}

func TestGracefulShutdownCompletesInFlight(t *testing.T) {
	e := server.New(slog.New(slog.DiscardHandler))
	started := make(chan struct{})
	e.GET("/slow", func(c echo.Context) error {
		close(started)
		time.Sleep(500 * time.Millisecond)
		return c.String(200, "done")
	})
	ln, err := server.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() {
		runErr <- server.Run(ctx, e, ln, server.Timeouts{Shutdown: 5 * time.Second}, slog.New(slog.DiscardHandler))
	}()

	type result struct {
		body string
		err  error
	}
	resc := make(chan result, 1)
	go func() {
		res, err := http.Get("http://" + ln.Addr().String() + "/slow")
		if err != nil {
			resc <- result{err: err}
			return
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		resc <- result{string(b), err}
	}()
	<-started
	cancel() // SIGTERM arrives while the request is in flight
	r := <-resc
	if r.err != nil || r.body != "done" {
		t.Fatalf("in-flight request: %q %v", r.body, r.err)
	}
	if err := <-runErr; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/slow"); err == nil {
		t.Fatal("server still accepting after shutdown")
	}
}

// TestHeadOnGetRoutes: HEAD on a GET route answers the GET's status and
// headers with no body, over a real connection (net/http drops the body);
// HEAD where there is no GET route answers like GET would (405); the
// access log says HEAD.
func TestHeadOnGetRoutes(t *testing.T) {
	var logs strings.Builder
	e := newEcho(t, &logs)
	e.POST("/only-post", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	srv := httptest.NewServer(e)
	defer srv.Close()

	get, err := http.Get(srv.URL + "/ok")
	if err != nil {
		t.Fatal(err)
	}
	getBody, _ := io.ReadAll(get.Body)
	get.Body.Close()
	res, err := http.Head(srv.URL + "/ok")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || len(body) != 0 || len(getBody) == 0 {
		t.Fatalf("HEAD /ok: %d, %d body bytes (GET had %d)", res.StatusCode, len(body), len(getBody))
	}
	if ct := res.Header.Get("Content-Type"); ct != get.Header.Get("Content-Type") || res.Header.Get("X-Request-Id") == "" {
		t.Errorf("HEAD headers %v, GET's Content-Type %q", res.Header, get.Header.Get("Content-Type"))
	}
	res, err = http.Head(srv.URL + "/only-post")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("HEAD on a POST-only route: %d, want 405", res.StatusCode)
	}
	if !strings.Contains(logs.String(), `"method":"HEAD"`) {
		t.Errorf("the access log does not record HEAD: %s", logs.String())
	}
}

// TestContentLengthAndTransferEncodingCloseTheConnection: a request with
// both Content-Length and Transfer-Encoding is answered once and the
// connection closed, so a request pipelined behind it is never served
// (RFC 9112 §6.3); a plain request keeps the connection open.
func TestContentLengthAndTransferEncodingCloseTheConnection(t *testing.T) {
	e := newEcho(t, nil)
	e.POST("/echo", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	srv := httptest.NewServer(e)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")

	send := func(raw string) string {
		conn, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(3 * time.Second))
		if _, err := io.WriteString(conn, raw); err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(conn) // until the server closes, or the deadline
		return string(out)
	}
	smuggle := "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" +
		"GET /ok HTTP/1.1\r\nHost: x\r\n\r\n"
	out := send(smuggle)
	if n := strings.Count(out, "HTTP/1.1 "); n != 1 || !strings.Contains(out, "Connection: close") {
		t.Fatalf("CL+TE: %d responses, want 1 with Connection: close:\n%s", n, out)
	}
	plain := "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n" +
		"GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
	if n := strings.Count(send(plain), "HTTP/1.1 "); n != 2 {
		t.Fatalf("a plain request followed by another: %d responses, want 2", n)
	}
}
