package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/profile"
)

func TestCacheTTL(t *testing.T) {
	tests := []struct {
		name     string
		ttl      uint32
		unknowns int
		want     time.Duration
	}{
		{name: "within bounds", ttl: 300, want: 300 * time.Second},
		{name: "below floor", ttl: 5, want: httpapi.MinCacheTTL},
		{name: "above ceiling", ttl: 86400, want: httpapi.MaxCacheTTL},
		{name: "exactly the ceiling", ttl: 3600, want: time.Hour},
		{name: "no definite TTL", ttl: 0, want: httpapi.UnknownCacheTTL},
		{name: "unknown checks shorten a long TTL", ttl: 3600, unknowns: 1, want: httpapi.UnknownCacheTTL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := httpapi.CacheTTL(tt.ttl, tt.unknowns); got != tt.want {
				t.Fatalf("CacheTTL(%d, %d) = %s, want %s", tt.ttl, tt.unknowns, got, tt.want)
			}
		})
	}
}

// fakeClassifier and fakeAuditor are use cases made of function fields.
type fakeClassifier struct {
	fn func(ctx context.Context, name domainname.Name) (classify.Result, error)
}

func (f fakeClassifier) Classify(ctx context.Context, name domainname.Name) (classify.Result, error) {
	return f.fn(ctx, name)
}

type fakeAuditor struct {
	fn func(ctx context.Context, name domainname.Name, selector string) (audit.Result, error)
}

func (f fakeAuditor) Audit(ctx context.Context, name domainname.Name, selector string) (audit.Result, error) {
	return f.fn(ctx, name, selector)
}

// ttlStore records the TTL of every Set.
type ttlStore struct {
	cache.Store
	mu   sync.Mutex
	ttls []time.Duration
}

func (s *ttlStore) Set(ctx context.Context, key string, val []byte, ttl time.Duration) error {
	s.mu.Lock()
	s.ttls = append(s.ttls, ttl)
	s.mu.Unlock()
	return s.Store.Set(ctx, key, val, ttl)
}

func (s *ttlStore) last() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.ttls) == 0 {
		return 0
	}
	return s.ttls[len(s.ttls)-1]
}

type fixture struct {
	e        *echo.Echo
	store    *ttlStore
	payCalls int
}

func newFixture(t *testing.T, c httpapi.Classifier, a httpapi.Auditor) *fixture {
	t.Helper()
	return newFullFixture(t, c, a, profileOK(300, true), batchOK())
}

func newFullFixture(t *testing.T, c httpapi.Classifier, a httpapi.Auditor, p httpapi.Profiler, b httpapi.Batcher) *fixture {
	t.Helper()
	f := &fixture{store: &ttlStore{Store: cache.NewMemory(100)}}
	api, err := httpapi.New(httpapi.Config{
		Classifier: c, Auditor: a, Profiler: p, Batcher: b,
		Cache:           cache.NewLayer(cache.LayerConfig{Store: f.store, Prefix: "test", Header: "x-domain-qual-cache"}),
		ClassifyTimeout: 50 * time.Millisecond, AuditTimeout: 50 * time.Millisecond,
		ProfileTimeout: 50 * time.Millisecond, BatchTimeout: 50 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	f.e = echo.New()
	f.e.HTTPErrorHandler = apierror.Handler(slog.New(slog.DiscardHandler))
	pay := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			f.payCalls++
			return next(c)
		}
	}
	api.Register(f.e, pay)
	return f
}

func (f *fixture) get(target string) (*httptest.ResponseRecorder, apierror.Envelope) {
	rec := httptest.NewRecorder()
	f.e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	var env apierror.Envelope
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	return rec, env
}

func classifyOK(ttl uint32, unknowns ...classify.Unknown) fakeClassifier {
	return fakeClassifier{fn: func(_ context.Context, n domainname.Name) (classify.Result, error) {
		return classify.Result{Domain: n.ASCII, DomainType: classify.TypeBusiness, TTLSeconds: ttl, Unknowns: unknowns}, nil
	}}
}

func auditOK(ttl uint32) fakeAuditor {
	return fakeAuditor{fn: func(_ context.Context, n domainname.Name, sel string) (audit.Result, error) {
		return audit.Result{Domain: n.ASCII, DKIM: audit.DKIMResult{Selector: sel}, TTLSeconds: ttl}, nil
	}}
}

func TestValidationRunsBeforePayment(t *testing.T) {
	f := newFixture(t, classifyOK(300), auditOK(300))
	rec, env := f.get("/api/v1/domain/classify?domain=127.0.0.1")
	if rec.Code != http.StatusBadRequest || env.Error.Code != apierror.CodeInvalidDomain {
		t.Fatalf("got %d %+v", rec.Code, env)
	}
	if f.payCalls != 0 {
		t.Fatalf("pay middleware ran %d times for an invalid request", f.payCalls)
	}
	if rec, _ := f.get("/api/v1/domain/classify?domain=northwind.com"); rec.Code != http.StatusOK || f.payCalls != 1 {
		t.Fatalf("valid request: %d, pay calls %d", rec.Code, f.payCalls)
	}
}

func TestCachePolicy(t *testing.T) {
	f := newFixture(t, classifyOK(7200), auditOK(120))
	rec, _ := f.get("/api/v1/domain/classify?domain=northwind.com")
	if rec.Code != http.StatusOK || rec.Header().Get("x-domain-qual-cache") != "MISS" {
		t.Fatalf("first: %d %q", rec.Code, rec.Header().Get("x-domain-qual-cache"))
	}
	if got := f.store.last(); got != httpapi.MaxCacheTTL {
		t.Fatalf("cached for %s, want the ceiling %s", got, httpapi.MaxCacheTTL)
	}
	rec, _ = f.get("/api/v1/domain/classify?domain=" + "ops%40NorthWind.com")
	if rec.Header().Get("x-domain-qual-cache") != "HIT" {
		t.Fatal("an email address of the same domain is the same canonical request")
	}

	if rec, _ = f.get("/api/v1/domain/dns-audit?domain=northwind.com&selector=S1"); rec.Code != http.StatusOK {
		t.Fatalf("audit: %d %s", rec.Code, rec.Body)
	}
	if got := f.store.last(); got != 120*time.Second {
		t.Fatalf("audit cached for %s, want 120s", got)
	}
	if rec, _ = f.get("/api/v1/domain/dns-audit?domain=northwind.com&selector=s1"); rec.Header().Get("x-domain-qual-cache") != "HIT" {
		t.Fatal("selector case must not change the canonical request")
	}
	if rec, _ = f.get("/api/v1/domain/dns-audit?domain=northwind.com"); rec.Header().Get("x-domain-qual-cache") != "MISS" {
		t.Fatal("a request without selector is a different canonical request")
	}
}

func TestUnknownResultsAreCachedBriefly(t *testing.T) {
	f := newFixture(t, classifyOK(60, classify.Unknown{Check: classify.CheckMX, Reason: "SERVFAIL"}), auditOK(0))
	if rec, _ := f.get("/api/v1/domain/classify?domain=northwind.com"); rec.Code != http.StatusOK {
		t.Fatalf("%d", rec.Code)
	}
	if got := f.store.last(); got != httpapi.UnknownCacheTTL {
		t.Fatalf("cached for %s, want %s", got, httpapi.UnknownCacheTTL)
	}
}

func TestUseCaseErrors(t *testing.T) {
	waitForDeadline := func(ctx context.Context) error {
		<-ctx.Done() // the handler's deadline, not the test's clock
		return ctx.Err()
	}
	tests := []struct {
		name       string
		err        func(ctx context.Context) error
		wantStatus int
		wantCode   apierror.Code
	}{
		{name: "deadline", err: waitForDeadline, wantStatus: http.StatusGatewayTimeout, wantCode: apierror.CodeUpstreamTimeout},
		{name: "canceled", err: func(context.Context) error { return context.Canceled }, wantStatus: http.StatusServiceUnavailable, wantCode: apierror.CodeServiceUnavailable},
		{name: "other failure", err: func(context.Context) error { return errors.New("boom") }, wantStatus: http.StatusBadGateway, wantCode: apierror.CodeUpstreamFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := fakeClassifier{fn: func(ctx context.Context, _ domainname.Name) (classify.Result, error) {
				return classify.Result{}, tt.err(ctx)
			}}
			a := fakeAuditor{fn: func(ctx context.Context, _ domainname.Name, _ string) (audit.Result, error) {
				return audit.Result{}, tt.err(ctx)
			}}
			p := fakeProfiler{fn: func(ctx context.Context, _ domainname.Name, _ string) (profile.Result, error) {
				return profile.Result{}, tt.err(ctx)
			}}
			f := newFullFixture(t, c, a, p, batchOK())
			for _, path := range []string{"/api/v1/domain/classify?domain=northwind.com", "/api/v1/domain/dns-audit?domain=northwind.com",
				"/api/v1/domain/full-profile?domain=northwind.com"} {
				rec, env := f.get(path)
				if rec.Code != tt.wantStatus || env.Error.Code != tt.wantCode {
					t.Fatalf("%s: got %d %q, want %d %q", path, rec.Code, env.Error.Code, tt.wantStatus, tt.wantCode)
				}
			}
			if len(f.store.ttls) != 0 {
				t.Fatal("a failure was cached")
			}
		})
	}
}

func TestNewRequiresDependencies(t *testing.T) {
	full := httpapi.Config{Classifier: classifyOK(1), Auditor: auditOK(1), Profiler: profileOK(1, true), Batcher: batchOK(),
		Cache:           cache.NewLayer(cache.LayerConfig{Store: cache.NewMemory(1)}),
		ClassifyTimeout: time.Second, AuditTimeout: time.Second, ProfileTimeout: time.Second, BatchTimeout: time.Second}
	tests := []struct {
		name   string
		modify func(*httpapi.Config)
	}{
		{name: "no classifier", modify: func(c *httpapi.Config) { c.Classifier = nil }},
		{name: "no auditor", modify: func(c *httpapi.Config) { c.Auditor = nil }},
		{name: "no profiler", modify: func(c *httpapi.Config) { c.Profiler = nil }},
		{name: "no batcher", modify: func(c *httpapi.Config) { c.Batcher = nil }},
		{name: "no cache", modify: func(c *httpapi.Config) { c.Cache = nil }},
		{name: "no deadline", modify: func(c *httpapi.Config) { c.AuditTimeout = 0 }},
		{name: "no profile deadline", modify: func(c *httpapi.Config) { c.ProfileTimeout = 0 }},
		{name: "no batch deadline", modify: func(c *httpapi.Config) { c.BatchTimeout = -time.Second }},
	}
	if _, err := httpapi.New(full); err != nil {
		t.Fatalf("complete config: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := full
			tt.modify(&cfg)
			if _, err := httpapi.New(cfg); err == nil {
				t.Fatal("New accepted an incomplete config")
			}
		})
	}
}

// TestNothingDefiniteIsAFailure: when DNS established nothing, the call
// fails with 502 (so the payment layer does not settle) and nothing is
// cached; a partial failure stays a 200 result.
func TestNothingDefiniteIsAFailure(t *testing.T) {
	unknownClassifier := fakeClassifier{fn: func(_ context.Context, n domainname.Name) (classify.Result, error) {
		return classify.Result{Domain: n.ASCII, DomainType: classify.TypeUnknown,
			Unknowns: []classify.Unknown{{Check: "ns", Reason: "timeout"}, {Check: "mx", Reason: "timeout"}}}, nil
	}}
	auditWith := func(checks ...audit.CheckName) fakeAuditor {
		return fakeAuditor{fn: func(_ context.Context, n domainname.Name, _ string) (audit.Result, error) {
			r := audit.Result{Domain: n.ASCII, TTLSeconds: 300}
			for _, c := range checks {
				r.UnknownChecks = append(r.UnknownChecks, audit.UnknownCheck{Check: c, Reason: "SERVFAIL"})
			}
			return r, nil
		}}
	}
	profileWith := func(a fakeAuditor) fakeProfiler {
		return fakeProfiler{fn: func(ctx context.Context, n domainname.Name, sel string) (profile.Result, error) {
			r, _ := a.Audit(ctx, n, sel)
			return profile.Result{Domain: n.ASCII, DNSAudit: r}, nil
		}}
	}
	allCore := auditWith(audit.CheckMX, audit.CheckSPF, audit.CheckDMARC, audit.CheckDKIM)
	partial := auditWith(audit.CheckMX, audit.CheckDMARC)
	tests := []struct {
		name   string
		c      httpapi.Classifier
		a      fakeAuditor
		path   string
		status int
	}{
		{"classify type unknown", unknownClassifier, partial, "/api/v1/domain/classify?domain=northwind.com", http.StatusBadGateway},
		{"audit all core checks unknown", classifyOK(60), allCore, "/api/v1/domain/dns-audit?domain=northwind.com", http.StatusBadGateway},
		{"profile all core checks unknown", classifyOK(60), allCore, "/api/v1/domain/full-profile?domain=northwind.com", http.StatusBadGateway},
		{"audit partly unknown is a result", classifyOK(60), partial, "/api/v1/domain/dns-audit?domain=northwind.com", http.StatusOK},
		{"profile partly unknown is a result", classifyOK(60), partial, "/api/v1/domain/full-profile?domain=northwind.com", http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFullFixture(t, tt.c, tt.a, profileWith(tt.a), batchOK())
			rec, env := f.get(tt.path)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status == http.StatusOK {
				return
			}
			if env.Error.Code != apierror.CodeUpstreamFailure || env.Error.Details["unknown_checks"] == nil {
				t.Fatalf("envelope %+v", env)
			}
			if len(f.store.ttls) != 0 {
				t.Fatal("a failure was cached")
			}
		})
	}
}
