package httpapi_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/server"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
)

// researcher answers nothing (the test stops before the handler); cached
// says which company keys have their evidence cached.
type researcher struct {
	mu     sync.Mutex
	cached map[string]bool
	asked  []string
}

func (r *researcher) Research(context.Context, resolve.Input, int) (research.Outcome, error) {
	panic("not called")
}

func (r *researcher) Cached(_ context.Context, in resolve.Input, lookbackDays int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked = append(r.asked, in.Key())
	return r.cached[in.Key()] && lookbackDays == 90
}

// plainResearcher cannot tell what is cached.
type plainResearcher struct{}

func (plainResearcher) Research(context.Context, resolve.Input, int) (research.Outcome, error) {
	panic("not called")
}

// TestEvidenceCached: the routes Register mounts let the pay middleware's
// speculation predicate probe the evidence cache for the parsed request,
// and the predicate is false wherever that cannot be known.
func TestEvidenceCached(t *testing.T) {
	tests := []struct {
		name, path, body string
		researcher       httpapi.Researcher
		want             bool
	}{
		{name: "signals, evidence cached", path: httpapi.PathSignals, body: `{"company":"https://www.acme.com/x"}`, want: true},
		{name: "signals, other window", path: httpapi.PathSignals, body: `{"company":"acme.com","lookbackDays":30}`},
		{name: "brief, evidence cached", path: httpapi.PathBrief, body: `{"company":"acme.com","seller":{"product":"x"}}`, want: true},
		{name: "deep, evidence cached", path: httpapi.PathDeep, body: `{"company":"acme.com","seller":{"product":"x"}}`, want: true},
		{name: "deep, not cached", path: httpapi.PathDeep, body: `{"company":"contoso.com","seller":{"product":"x"}}`},
		{name: "researcher without a cache probe", path: httpapi.PathSignals, body: `{"company":"acme.com"}`, researcher: plainResearcher{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.researcher
			if r == nil {
				r = &researcher{cached: map[string]bool{"domain:acme.com": true}}
			}
			api, err := httpapi.New(httpapi.Config{Researcher: r, Cache: cache.NewLayer(cache.LayerConfig{Store: cache.NewMemory(10)}), Timeout: 1})
			if err != nil {
				t.Fatal(err)
			}
			var got *bool
			// Stands in for the pay middleware: asks the predicate, then
			// answers instead of the handler.
			pay := func(echo.HandlerFunc) echo.HandlerFunc {
				return func(c echo.Context) error {
					v := httpapi.EvidenceCached(c)
					got = &v
					return c.NoContent(http.StatusPaymentRequired)
				}
			}
			e := server.New(slog.New(slog.DiscardHandler))
			api.Register(e, pay)
			req := httptest.NewRequest(http.MethodPost, tt.path, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != http.StatusPaymentRequired || got == nil {
				t.Fatalf("status %d: the request did not reach the pay middleware (%s)", rec.Code, rec.Body)
			}
			if *got != tt.want {
				t.Fatalf("EvidenceCached = %v, want %v", *got, tt.want)
			}
		})
	}
	// Outside Register's routes the predicate is false.
	c := echo.New().NewContext(httptest.NewRequest(http.MethodPost, "/", nil), httptest.NewRecorder())
	if httpapi.EvidenceCached(c) {
		t.Fatal("EvidenceCached without a probe")
	}
}
