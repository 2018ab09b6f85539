package mcpserve_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/intel402/intel402/pkg/platform/mcpserve"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// TestDispatchIsNeverABrowser: a tool call from a browser (Accept with
// text/html, a Mozilla User-Agent) is dispatched as a JSON client's
// request, so a paid GET tool never gets the paywall page.
func TestDispatchIsNeverABrowser(t *testing.T) {
	doc, err := openapidoc.Load([]byte(testDoc))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []*http.Request
	dispatch := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Clone(r.Context()))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	h, err := mcpserve.New(mcpserve.Config{Service: "test", Version: "1", Doc: doc.T, Dispatch: dispatch, Logger: slog.New(slog.DiscardHandler),
		Tools: []mcpserve.Tool{mcpserve.Paid("echo", prices[0]), mcpserve.Free("health", "/health", "Health")}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"
	cs := mcptest.Connect(t, srv.URL, &http.Client{Transport: headerTransport{
		"User-Agent": ua, "Accept": "text/html, application/json, text/event-stream",
	}})
	mcptest.Call(t, cs, "echo", map[string]any{"word": "hi"}, nil)
	mcptest.Call(t, cs, "health", nil, nil)
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 2 {
		t.Fatalf("%d requests dispatched, want 2", len(seen))
	}
	for _, r := range seen {
		if r.Header.Get("User-Agent") != ua {
			t.Errorf("%s %s: User-Agent %q, want the caller's", r.Method, r.URL, r.Header.Get("User-Agent"))
		}
		if echox402.IsBrowser(r) {
			t.Errorf("%s %s dispatched as a browser's request (Accept %q)", r.Method, r.URL, r.Header.Get("Accept"))
		}
	}
}
