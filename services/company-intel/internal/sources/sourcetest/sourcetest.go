// Package sourcetest runs fake upstream providers for company-intel's
// tests, benchmarks and demo: loopback HTTP servers that answer with each
// provider's documented payload shapes (see the provider files of this
// package) and can be told to fail the way real providers do: 429 with
// Retry-After, 5xx, a stall past the caller's deadline, a malformed or an
// oversized body. Every server counts the calls it answers, so a test can
// prove that a cached request made none.
package sourcetest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Fault is a way a provider fails.
type Fault string

// Faults a Server can inject.
const (
	// Fault429 answers 429 Too Many Requests with "Retry-After: 1".
	Fault429 Fault = "429"
	// Fault429Long answers 429 with "Retry-After: 120" (longer than any
	// deadline: the client must give up at once).
	Fault429Long Fault = "429-long"
	// Fault500 answers 500 Internal Server Error.
	Fault500 Fault = "500"
	// Fault503 answers 503 Service Unavailable.
	Fault503 Fault = "503"
	// FaultStall holds the request until the client goes away (or 30 s).
	FaultStall Fault = "stall"
	// FaultMalformed answers 200 with a truncated body of the route's
	// content type.
	FaultMalformed Fault = "malformed"
	// FaultOversized answers 200 with a body of 9 MiB.
	FaultOversized Fault = "oversized"
	// FaultNotFound answers 404.
	FaultNotFound Fault = "404"
	// FaultHTMLPage answers 200 with an HTML page (text/html) where the
	// route sends JSON or XML: what a provider's CDN, maintenance page or
	// captive portal serves in place of the API's answer.
	FaultHTMLPage Fault = "html-page"
)

// OversizedBytes is the size of a FaultOversized body.
const OversizedBytes = 9 << 20

// Server is one fake provider on a loopback port.
type Server struct {
	*httptest.Server
	mux *http.ServeMux

	mu       sync.Mutex
	calls    map[string]int // by request path
	total    int
	queued   map[string][]Fault // path prefix -> faults for the next requests, in order
	always   map[string]Fault   // path prefix -> fault for every request
	latency  time.Duration
	requests []*http.Request
	hook     func(*http.Request)
}

// New starts an empty fake server; it is closed at cleanup.
func New(tb testing.TB) *Server {
	tb.Helper()
	return closeAtCleanup(tb, Start())
}

// Start starts an empty fake server outside a test (a command serving
// fakes); the caller closes it.
func Start() *Server {
	s := newServer()
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// newServer is a Server not yet listening: set its Server to an
// httptest.Server running s.serve.
func newServer() *Server {
	return &Server{mux: http.NewServeMux(), calls: map[string]int{}, queued: map[string][]Fault{}, always: map[string]Fault{}}
}

// closeAtCleanup closes v when the test ends and returns it.
func closeAtCleanup[T interface{ Close() }](tb testing.TB, v T) T {
	tb.Cleanup(v.Close)
	return v
}

// Handle registers a handler for an http.ServeMux pattern ("GET /v1/x/{id}").
func (s *Server) Handle(pattern string, h http.HandlerFunc) { s.mux.HandleFunc(pattern, h) }

// Fail makes the next len(faults) requests whose path starts with prefix
// fail, in order ("" matches every path).
func (s *Server) Fail(prefix string, faults ...Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queued[prefix] = append(s.queued[prefix], faults...)
}

// FailAlways makes every request whose path starts with prefix fail with f;
// an empty f clears it.
func (s *Server) FailAlways(prefix string, f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f == "" {
		delete(s.always, prefix)
		return
	}
	s.always[prefix] = f
}

// SetLatency delays every answer by d (benchmarks: a provider's round trip).
func (s *Server) SetLatency(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.latency = d
}

// OnRequest makes f see every request the server receives, after it is
// counted and before it is answered (before any latency or fault), in the
// request's goroutine: the answer waits for f. A nil f removes it. A test
// uses it to act at the moment a service's research reaches the provider.
func (s *Server) OnRequest(f func(*http.Request)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hook = f
}

// Calls returns how many requests the server has received.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// CallsTo returns how many requests had a path starting with prefix.
func (s *Server) CallsTo(prefix string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for p, c := range s.calls {
		if strings.HasPrefix(p, prefix) {
			n += c
		}
	}
	return n
}

// MaxRecorded is how many of the latest requests a Server (and Sites)
// keeps for Requests, so that a long-running demo does not grow without
// bound; Calls and CallsTo count every request.
const MaxRecorded = 10000

// record appends v to list, dropping the oldest beyond MaxRecorded.
func record[T any](list []T, v T) []T {
	if len(list) >= MaxRecorded {
		list = slices.Delete(list, 0, len(list)-MaxRecorded+1)
	}
	return append(list, v)
}

// Requests returns copies of the requests received (method, URL, header),
// the latest MaxRecorded.
func (s *Server) Requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.requests...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls[r.URL.Path]++
	s.total++
	s.requests = record(s.requests, r.Clone(r.Context()))
	fault := s.takeFault(r.URL.Path)
	latency, hook := s.latency, s.hook
	s.mu.Unlock()

	if hook != nil {
		hook(r)
	}
	if latency > 0 {
		t := time.NewTimer(latency)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		}
	}
	if fault != "" {
		s.inject(w, r, fault)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// takeFault returns the fault for path (queued first, longest prefix
// first among equals is not needed: prefixes are disjoint in practice).
func (s *Server) takeFault(path string) Fault {
	for prefix, q := range s.queued {
		if len(q) > 0 && strings.HasPrefix(path, prefix) {
			s.queued[prefix] = q[1:]
			return q[0]
		}
	}
	for prefix, f := range s.always {
		if strings.HasPrefix(path, prefix) {
			return f
		}
	}
	return ""
}

func (s *Server) inject(w http.ResponseWriter, r *http.Request, f Fault) {
	switch f {
	case Fault429:
		w.Header().Set("Retry-After", "1")
		http.Error(w, `{"error":"rate limit exceeded"}`, http.StatusTooManyRequests)
	case Fault429Long:
		w.Header().Set("Retry-After", "120")
		http.Error(w, `{"error":"rate limit exceeded"}`, http.StatusTooManyRequests)
	case Fault500:
		http.Error(w, "internal error", http.StatusInternalServerError)
	case Fault503:
		http.Error(w, "service unavailable", http.StatusServiceUnavailable)
	case FaultNotFound:
		http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
	case FaultStall:
		// Read the body first: until then the server does not notice a
		// client that went away, and Close would wait out the timer.
		_, _ = io.Copy(io.Discard, r.Body)
		t := time.NewTimer(30 * time.Second)
		defer t.Stop()
		select {
		case <-r.Context().Done():
		case <-t.C:
		}
	case FaultMalformed:
		// Run the real handler, then cut its body in half.
		rec := httptest.NewRecorder()
		s.mux.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		b := rec.Body.Bytes()
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(b[:len(b)/2])
	case FaultHTMLPage:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, htmlErrorPage)
	case FaultOversized:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"data":"`))
		_, _ = w.Write(bytes.Repeat([]byte("x"), OversizedBytes))
		_, _ = w.Write([]byte(`"}`))
	}
}

// htmlErrorPage is the shape of a CDN's or maintenance page served with a
// 200 in place of an API answer: a full document, a title, no data.
const htmlErrorPage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Service temporarily unavailable</title>
<style>body{font-family:sans-serif}</style></head>
<body><h1>We&#39;ll be back soon</h1><p>The service is undergoing maintenance. Please try again later.</p>
<p>Reference&nbsp;#18.6c2f1302.1732640000.1a2b3c4d</p></body></html>
`
