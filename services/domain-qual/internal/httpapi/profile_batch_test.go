package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/batch"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/profile"
)

// fakeProfiler and fakeBatcher are use cases made of function fields.
type fakeProfiler struct {
	fn func(ctx context.Context, name domainname.Name, selector string) (profile.Result, error)
}

func (f fakeProfiler) Profile(ctx context.Context, name domainname.Name, selector string) (profile.Result, error) {
	return f.fn(ctx, name, selector)
}

type fakeBatcher struct {
	mu    sync.Mutex
	calls [][]string
	fn    func(ctx context.Context, inputs []string) batch.Result
}

func (f *fakeBatcher) Classify(ctx context.Context, inputs []string) batch.Result {
	f.mu.Lock()
	f.calls = append(f.calls, inputs)
	f.mu.Unlock()
	return f.fn(ctx, inputs)
}

func profileOK(auditTTL uint32, reachable bool) fakeProfiler {
	return fakeProfiler{fn: func(_ context.Context, n domainname.Name, sel string) (profile.Result, error) {
		return profile.Result{Domain: n.ASCII, DNSAudit: audit.Result{Domain: n.ASCII, DKIM: audit.DKIMResult{Selector: sel}, TTLSeconds: auditTTL},
			WebsiteMetadata: profile.Website{Reachable: reachable}}, nil
	}}
}

// batchOK classifies every entry as a business domain with a 300 s TTL.
func batchOK() *fakeBatcher {
	return &fakeBatcher{fn: func(_ context.Context, inputs []string) batch.Result {
		r := batch.Result{Count: len(inputs), Results: make([]batch.Item, len(inputs))}
		for i, in := range inputs {
			r.Results[i] = batch.Item{Index: i, Input: in, Domain: strings.ToLower(in),
				Classification: &batch.Classification{DomainType: "business", TTLSeconds: 300}}
		}
		r.Succeeded = len(inputs)
		return r
	}}
}

func TestProfileCacheTTL(t *testing.T) {
	tests := []struct {
		name      string
		auditTTL  uint32
		unknowns  int
		reachable bool
		want      time.Duration
	}{
		{name: "short DNS TTL wins", auditTTL: 120, reachable: true, want: 120 * time.Second},
		{name: "website cap below the DNS TTL", auditTTL: 7200, reachable: true, want: httpapi.WebsiteCacheTTL},
		{name: "DNS floor", auditTTL: 5, reachable: true, want: httpapi.MinCacheTTL},
		{name: "no definite DNS TTL", auditTTL: 0, reachable: true, want: httpapi.UnknownCacheTTL},
		{name: "unknown audit check", auditTTL: 3600, unknowns: 1, reachable: true, want: httpapi.UnknownCacheTTL},
		{name: "unreachable website", auditTTL: 3600, reachable: false, want: httpapi.UnknownCacheTTL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := profile.Result{DNSAudit: audit.Result{TTLSeconds: tt.auditTTL}, WebsiteMetadata: profile.Website{Reachable: tt.reachable}}
			for range tt.unknowns {
				r.DNSAudit.UnknownChecks = append(r.DNSAudit.UnknownChecks, audit.UnknownCheck{Check: audit.CheckDMARC, Reason: "timeout"})
			}
			if got := httpapi.ProfileCacheTTL(r); got != tt.want {
				t.Fatalf("ProfileCacheTTL = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestBatchCacheTTL(t *testing.T) {
	cl := func(ttl uint32, unknown ...string) batch.Item {
		return batch.Item{Classification: &batch.Classification{TTLSeconds: ttl, UnknownChecks: unknown}}
	}
	fail := func(code batch.ErrorCode) batch.Item { return batch.Item{Error: &batch.ItemError{Code: code}} }
	tests := []struct {
		name  string
		items []batch.Item
		want  time.Duration
	}{
		{name: "smallest item TTL", items: []batch.Item{cl(3600), cl(600), cl(900)}, want: 600 * time.Second},
		{name: "clamped to the batch ceiling", items: []batch.Item{cl(86400), cl(7200)}, want: httpapi.MaxBatchCacheTTL},
		{name: "clamped to the floor", items: []batch.Item{cl(10), cl(3600)}, want: httpapi.MinCacheTTL},
		{name: "an unknown check", items: []batch.Item{cl(3600), cl(3600, "mx")}, want: httpapi.UnknownCacheTTL},
		{name: "no definite TTL", items: []batch.Item{cl(3600), cl(0)}, want: httpapi.UnknownCacheTTL},
		{name: "invalid inputs do not shorten", items: []batch.Item{cl(3600), fail("ip_literal")}, want: httpapi.MaxBatchCacheTTL},
		{name: "only invalid inputs", items: []batch.Item{fail("single_label"), fail("ip_literal")}, want: httpapi.MaxBatchCacheTTL},
		{name: "a timed-out item is not cached", items: []batch.Item{cl(3600), fail(batch.CodeTimeout)}, want: 0},
		{name: "a canceled item is not cached", items: []batch.Item{fail(batch.CodeCanceled)}, want: 0},
		{name: "a failed classification is not cached", items: []batch.Item{cl(600), fail(batch.CodeClassificationFailed)}, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := httpapi.BatchCacheTTL(batch.Result{Results: tt.items}); got != tt.want {
				t.Fatalf("BatchCacheTTL = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestParseBatchBody(t *testing.T) {
	many := func(n int) string {
		xs := make([]string, n)
		for i := range xs {
			xs[i] = fmt.Sprintf(`"d%d.com"`, i)
		}
		return `{"domains":[` + strings.Join(xs, ",") + `]}`
	}
	tests := []struct {
		name      string
		body      string
		want      []string
		wantCode  apierror.Code
		wantField string
		wantRule  string
	}{
		{name: "valid list kept as received", body: `{"domains":["Acme.com"," jane@acme.com ","intranet"]}`, want: []string{"Acme.com", " jane@acme.com ", "intranet"}},
		{name: "exactly 100 entries", body: many(100), want: nil},
		{name: "101 entries", body: many(101), wantCode: apierror.CodeInvalidRequest, wantField: "domains", wantRule: "too_many_domains"},
		{name: "empty list", body: `{"domains":[]}`, wantCode: apierror.CodeInvalidRequest, wantField: "domains", wantRule: "empty_batch"},
		{name: "domains missing", body: `{}`, wantCode: apierror.CodeInvalidRequest, wantField: "domains"},
		{name: "domains null", body: `{"domains":null}`, wantCode: apierror.CodeInvalidRequest, wantField: "domains"},
		{name: "domains a string", body: `{"domains":"acme.com"}`, wantCode: apierror.CodeInvalidRequest, wantField: "domains"},
		{name: "domains an object", body: `{"domains":{"a":"acme.com"}}`, wantCode: apierror.CodeInvalidRequest, wantField: "domains"},
		{name: "number entry", body: `{"domains":["acme.com",42]}`, wantCode: apierror.CodeInvalidRequest, wantField: "domains[1]", wantRule: "entry_not_string"},
		{name: "null entry", body: `{"domains":[null]}`, wantCode: apierror.CodeInvalidRequest, wantField: "domains[0]", wantRule: "entry_not_string"},
		{name: "oversized entry", body: `{"domains":["acme.com","` + strings.Repeat("a", batch.MaxInputLength+1) + `"]}`,
			wantCode: apierror.CodeInvalidRequest, wantField: "domains[1]", wantRule: "entry_too_long"},
		{name: "unknown property", body: `{"domains":["acme.com"],"verbose":true}`, wantCode: apierror.CodeInvalidRequest, wantField: "verbose"},
		{name: "case variant of domains", body: `{"Domains":["acme.com"]}`, wantCode: apierror.CodeInvalidRequest, wantField: "Domains"},
		{name: "domains twice", body: `{"domains":["a.com"],"domains":["acme.com"]}`, wantCode: apierror.CodeInvalidJSON, wantField: "domains"},
		{name: "top-level array", body: `["acme.com"]`, wantCode: apierror.CodeInvalidJSON},
		{name: "malformed JSON", body: `{"domains":["acme.com"`, wantCode: apierror.CodeInvalidJSON},
		{name: "trailing data", body: `{"domains":["acme.com"]} {}`, wantCode: apierror.CodeInvalidJSON},
		{name: "empty body", body: ``, wantCode: apierror.CodeInvalidJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := httpapi.ParseBatchBody([]byte(tt.body))
			if tt.wantCode == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if tt.want != nil && strings.Join(got.Domains, "|") != strings.Join(tt.want, "|") {
					t.Fatalf("domains = %q, want %q", got.Domains, tt.want)
				}
				return
			}
			status, body := apierror.From(err)
			if status != http.StatusBadRequest || body.Code != tt.wantCode {
				t.Fatalf("got %d %q (%v), want 400 %q", status, body.Code, err, tt.wantCode)
			}
			if tt.wantField != "" && body.Details["field"] != tt.wantField {
				t.Fatalf("details.field = %v, want %q (%v)", body.Details["field"], tt.wantField, body.Details)
			}
			if tt.wantRule != "" && body.Details["rule"] != tt.wantRule {
				t.Fatalf("details.rule = %v, want %q", body.Details["rule"], tt.wantRule)
			}
		})
	}
}

func (f *fixture) post(target, contentType, body string) (*httptest.ResponseRecorder, apierror.Envelope) {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	f.e.ServeHTTP(rec, req)
	var env apierror.Envelope
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	return rec, env
}

func TestBatchInputBeforePayment(t *testing.T) {
	b := batchOK()
	f := newFullFixture(t, classifyOK(300), auditOK(300), profileOK(300, true), b)
	tests := []struct {
		name        string
		contentType string
		body        string
		wantStatus  int
		wantCode    apierror.Code
	}{
		{name: "no content type", body: `{"domains":["acme.com"]}`, wantStatus: http.StatusBadRequest, wantCode: apierror.CodeUnsupportedMediaType},
		{name: "form content type", contentType: "application/x-www-form-urlencoded", body: `{"domains":["acme.com"]}`,
			wantStatus: http.StatusBadRequest, wantCode: apierror.CodeUnsupportedMediaType},
		{name: "body over 16 KB", contentType: "application/json", body: `{"domains":["` + strings.Repeat("a", 17<<10) + `"]}`,
			wantStatus: http.StatusRequestEntityTooLarge, wantCode: apierror.CodeBodyTooLarge},
		{name: "too many domains", contentType: "application/json", body: `{"domains":[` + strings.Repeat(`"a.com",`, 100) + `"b.com"]}`,
			wantStatus: http.StatusBadRequest, wantCode: apierror.CodeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, env := f.post(httpapi.PathBatch, tt.contentType, tt.body)
			if rec.Code != tt.wantStatus || env.Error.Code != tt.wantCode {
				t.Fatalf("got %d %q, want %d %q (%s)", rec.Code, env.Error.Code, tt.wantStatus, tt.wantCode, rec.Body)
			}
		})
	}
	if f.payCalls != 0 || len(b.calls) != 0 {
		t.Fatalf("pay ran %d times and the batcher %d times for invalid bodies", f.payCalls, len(b.calls))
	}
	rec, _ := f.post(httpapi.PathBatch, "application/json; charset=utf-8", `{"domains":["Acme.com","beta.org"]}`)
	if rec.Code != http.StatusOK || f.payCalls != 1 || rec.Header().Get("x-domain-qual-cache") != "MISS" {
		t.Fatalf("valid batch: %d, pay calls %d, cache %q", rec.Code, f.payCalls, rec.Header().Get("x-domain-qual-cache"))
	}
	if got := f.store.last(); got != 300*time.Second {
		t.Fatalf("batch cached for %s, want 300s", got)
	}
	if rec, _ := f.post(httpapi.PathBatch, "application/json", `{"domains":["Acme.com","beta.org"]}`); rec.Header().Get("x-domain-qual-cache") != "HIT" {
		t.Fatal("the same ordered list must be a HIT")
	}
	if rec, _ := f.post(httpapi.PathBatch, "application/json", `{"domains":["acme.com","beta.org"]}`); rec.Header().Get("x-domain-qual-cache") != "MISS" {
		t.Fatal("a differently spelt list echoes different inputs: it must be a MISS")
	}
	if rec, _ := f.post(httpapi.PathBatch, "application/json", `{"domains":["beta.org","Acme.com"]}`); rec.Header().Get("x-domain-qual-cache") != "MISS" {
		t.Fatal("a reordered list answers in a different order: it must be a MISS")
	}
	if len(b.calls) != 3 {
		t.Fatalf("batcher ran %d times, want 3", len(b.calls))
	}
}

func TestBatchDeadlineIsPerItem(t *testing.T) {
	b := &fakeBatcher{fn: func(ctx context.Context, inputs []string) batch.Result {
		<-ctx.Done() // the handler's batch deadline
		r := batch.Result{Count: len(inputs), Failed: len(inputs)}
		for i, in := range inputs {
			r.Results = append(r.Results, batch.Item{Index: i, Input: in, Error: &batch.ItemError{Code: batch.CodeTimeout, Message: "late"}})
		}
		return r
	}}
	f := newFullFixture(t, classifyOK(300), auditOK(300), profileOK(300, true), b)
	rec, _ := f.post(httpapi.PathBatch, "application/json", `{"domains":["acme.com"]}`)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d, want 200 with per-item timeouts (%s)", rec.Code, rec.Body)
	}
	var res batch.Result
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil || len(res.Results) != 1 || res.Results[0].Error.Code != batch.CodeTimeout {
		t.Fatalf("body %s: %v", rec.Body, err)
	}
	if len(f.store.ttls) != 0 {
		t.Fatalf("a batch with timed-out items was cached (%v)", f.store.ttls)
	}
}

func TestBatchClientGoneIsNotServed(t *testing.T) {
	b := batchOK()
	f := newFullFixture(t, classifyOK(300), auditOK(300), profileOK(300, true), b)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest(http.MethodPost, httpapi.PathBatch, strings.NewReader(`{"domains":["acme.com"]}`)).WithContext(ctx)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	f.e.ServeHTTP(rec, req)
	var env apierror.Envelope
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	if rec.Code != http.StatusServiceUnavailable || env.Error.Code != apierror.CodeServiceUnavailable {
		t.Fatalf("got %d %q, want 503 service_unavailable", rec.Code, env.Error.Code)
	}
	if len(f.store.ttls) != 0 {
		t.Fatal("a canceled batch was cached")
	}
}

func TestProfileRoute(t *testing.T) {
	var mu sync.Mutex
	var selectors []string
	p := fakeProfiler{fn: func(ctx context.Context, n domainname.Name, sel string) (profile.Result, error) {
		if _, ok := ctx.Deadline(); !ok {
			return profile.Result{}, fmt.Errorf("no deadline on the profile context")
		}
		mu.Lock()
		selectors = append(selectors, sel)
		mu.Unlock()
		return profile.Result{Domain: n.ASCII, DNSAudit: audit.Result{TTLSeconds: 7200}, WebsiteMetadata: profile.Website{Reachable: true}}, nil
	}}
	f := newFullFixture(t, classifyOK(300), auditOK(300), p, batchOK())
	tests := []struct {
		name, query, wantCache string
		wantStatus             int
		wantCode               apierror.Code
	}{
		{name: "first", query: "domain=Northwind.com&selector=S1", wantStatus: 200, wantCache: "MISS"},
		{name: "same canonical request", query: "selector=s1&domain=" + "ops%40northwind.com", wantStatus: 200, wantCache: "HIT"},
		{name: "without selector", query: "domain=northwind.com", wantStatus: 200, wantCache: "MISS"},
		{name: "ip literal", query: "domain=10.0.0.1", wantStatus: 400, wantCode: apierror.CodeInvalidDomain},
		{name: "bad selector", query: "domain=northwind.com&selector=a_b", wantStatus: 400, wantCode: apierror.CodeInvalidRequest},
		{name: "unknown parameter", query: "domain=northwind.com&deep=1", wantStatus: 400, wantCode: apierror.CodeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, env := f.get(httpapi.PathProfile + "?" + tt.query)
			if rec.Code != tt.wantStatus || env.Error.Code != tt.wantCode {
				t.Fatalf("got %d %q, want %d %q (%s)", rec.Code, env.Error.Code, tt.wantStatus, tt.wantCode, rec.Body)
			}
			if tt.wantCache != "" && rec.Header().Get("x-domain-qual-cache") != tt.wantCache {
				t.Fatalf("cache %q, want %q", rec.Header().Get("x-domain-qual-cache"), tt.wantCache)
			}
		})
	}
	if f.payCalls != 3 {
		t.Fatalf("pay ran %d times, want 3 (invalid queries are never asked to pay)", f.payCalls)
	}
	if strings.Join(selectors, ",") != "s1," {
		t.Fatalf("profiler selectors %q, want [s1 \"\"]", selectors)
	}
	if got := f.store.last(); got != httpapi.WebsiteCacheTTL {
		t.Fatalf("profile cached for %s, want the website cap %s", got, httpapi.WebsiteCacheTTL)
	}
}
