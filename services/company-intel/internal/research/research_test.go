package research_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/costguard"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// fakeSource answers after delay with items, or fails with err.
type fakeSource struct {
	name  string
	delay time.Duration
	items int
	err   error
	calls atomic.Int32
	// seen records the query of the last call.
	mu   sync.Mutex
	seen bundle.Query
	// boards the source reports (website).
	boards []string
	// kind of the items ("" is news).
	kind bundle.Kind
}

func (f *fakeSource) Name() string { return f.name }

func (f *fakeSource) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	f.calls.Add(1)
	f.mu.Lock()
	f.seen = q
	f.mu.Unlock()
	select {
	case <-time.After(f.delay):
	case <-ctx.Done():
		return bundle.Result{}, &upstream.Error{Upstream: f.name, Kind: ctxKind(ctx), Err: ctx.Err()}
	}
	if f.err != nil {
		return bundle.Result{}, f.err
	}
	var res bundle.Result
	for i := range f.items {
		res.Items = append(res.Items, bundle.Item{Provider: f.name, Kind: cmp.Or(f.kind, bundle.KindNews), Doc: source.NewDocument(source.Document{
			URL: "https://news.example-press.com/" + f.name + "/" + string(rune('a'+i)), Title: f.name + " story",
			Published: now.AddDate(0, 0, -i-1), Precision: source.PrecisionDay})})
	}
	res.Usage = bundle.Usage{Searches: 1}
	res.JobBoards = f.boards
	return res, nil
}

func ctxKind(ctx context.Context) upstream.Kind {
	if errors.Is(ctx.Err(), context.Canceled) {
		return upstream.KindCanceled
	}
	return upstream.KindTimeout
}

type fakeResolver struct{ calls atomic.Int32 }

func (f *fakeResolver) Resolve(_ context.Context, in resolve.Input) (resolve.Resolution, error) {
	f.calls.Add(1)
	if in.Name == "Nobody Inc" {
		e := apierror.New(apierror.CodeCompanyNotResolved, "no company named %q", in.Name)
		e.Details = map[string]any{"reason": resolve.ReasonNotFound}
		return resolve.Resolution{}, e
	}
	return resolve.Resolution{Company: bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"},
		Usage: bundle.Usage{Searches: 1}}, nil
}

func newResearcher(t *testing.T, cfg research.Config) *research.Researcher {
	t.Helper()
	if cfg.Resolver == nil {
		cfg.Resolver = &fakeResolver{}
	}
	if cfg.Store == nil {
		cfg.Store = cache.NewMemory(100)
	}
	cfg.Now = func() time.Time { return now }
	r, err := research.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func input(t *testing.T, s string) resolve.Input {
	in, err := resolve.ParseInput(s)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func TestGatherConcurrentlyAndReuse(t *testing.T) {
	t.Parallel()
	news := &fakeSource{name: "googlenews", delay: 150 * time.Millisecond, items: 3}
	gdelt := &fakeSource{name: "gdelt", delay: 150 * time.Millisecond, items: 2}
	site := &fakeSource{name: "website", delay: 100 * time.Millisecond, items: 1, boards: []string{"https://boards.greenhouse.io/northwind"}}
	jobs := &fakeSource{name: "ats", delay: 100 * time.Millisecond, items: 1}
	res := &fakeResolver{}
	r := newResearcher(t, research.Config{Resolver: res, Sources: []research.Source{news, gdelt}, Website: site, Jobs: jobs})

	start := time.Now()
	out, err := r.Research(context.Background(), input(t, "northwind-robotics.com"), 90)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	// Independent sources run side by side; the job boards wait for the
	// site only: about 200 ms (site then boards), not the 500 ms sum.
	if took > 400*time.Millisecond {
		t.Fatalf("gathering took %s: sources did not run concurrently", took)
	}
	if got := jobs.seen.JobBoards; len(got) != 1 || got[0] != "https://boards.greenhouse.io/northwind" {
		t.Fatalf("job-board source got boards %v, want the website's", got)
	}
	b := out.Bundle
	if out.Reused || len(b.Items) != 7 || b.Partial {
		t.Fatalf("reused=%v items=%d partial=%v", out.Reused, len(b.Items), b.Partial)
	}
	if want := []string{"ats", "gdelt", "googlenews", "website"}; !equal(b.Providers, want) {
		t.Fatalf("providers = %v, want %v", b.Providers, want)
	}
	if out.Usage.Searches != 5 { // 4 sources + resolution
		t.Fatalf("usage = %+v, want 5 searches", out.Usage)
	}
	if from := b.From; !from.Equal(now.AddDate(0, 0, -90)) {
		t.Fatalf("window from = %s", from)
	}

	// Same company by another spelling, same window: no upstream call.
	again, err := r.Research(context.Background(), input(t, "https://www.northwind-robotics.com/"), 90)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Reused || again.Usage != (bundle.Usage{}) {
		t.Fatalf("second call: reused=%v usage=%+v, want reuse with no usage", again.Reused, again.Usage)
	}
	for _, s := range []*fakeSource{news, gdelt, site, jobs} {
		if s.calls.Load() != 1 {
			t.Fatalf("%s called %d times, want 1", s.name, s.calls.Load())
		}
	}
	if res.calls.Load() != 1 {
		t.Fatalf("resolver called %d times, want 1 (resolution cached)", res.calls.Load())
	}
	// Another window is another bundle.
	if _, err := r.Research(context.Background(), input(t, "northwind-robotics.com"), 30); err != nil {
		t.Fatal(err)
	}
	if news.calls.Load() != 2 {
		t.Fatal("a different window must gather anew")
	}
}

func TestConcurrentIdenticalRequestsGatherOnce(t *testing.T) {
	t.Parallel()
	news := &fakeSource{name: "googlenews", delay: 100 * time.Millisecond, items: 2}
	r := newResearcher(t, research.Config{Sources: []research.Source{news}})
	var wg sync.WaitGroup
	var reused atomic.Int32
	for range 10 {
		wg.Go(func() {
			out, err := r.Research(context.Background(), input(t, "northwind-robotics.com"), 90)
			if err != nil {
				t.Error(err)
				return
			}
			if out.Reused {
				reused.Add(1)
			}
		})
	}
	wg.Wait()
	if news.calls.Load() != 1 || reused.Load() != 9 {
		t.Fatalf("calls = %d, reused = %d; want 1 and 9", news.calls.Load(), reused.Load())
	}
}

func TestFailures(t *testing.T) {
	t.Parallel()
	rateLimited := func(n string) *fakeSource {
		return &fakeSource{name: n, err: &upstream.Error{Upstream: n, Kind: upstream.KindRateLimited, Status: 429}}
	}
	failing := func(n string) *fakeSource {
		return &fakeSource{name: n, err: &upstream.Error{Upstream: n, Kind: upstream.KindFailure, Status: 500}}
	}
	tests := []struct {
		name        string
		sources     []research.Source
		timeout     time.Duration
		company     string
		wantStatus  int
		wantCode    apierror.Code
		wantPartial bool
		wantFailed  []research.Failure
	}{
		{name: "one failed: partial 200", sources: []research.Source{&fakeSource{name: "gdelt", items: 2}, failing("googlenews")},
			wantPartial: true, wantFailed: []research.Failure{{Source: "googlenews", Kind: upstream.KindFailure}}},
		{name: "all failed: 502", sources: []research.Source{failing("gdelt"), failing("googlenews")},
			wantStatus: 502, wantCode: apierror.CodeUpstreamFailure},
		{name: "all rate limited: 503", sources: []research.Source{rateLimited("gdelt"), rateLimited("googlenews")},
			wantStatus: 503, wantCode: apierror.CodeUpstreamRateLimited},
		{name: "deadline with nothing: 504", sources: []research.Source{&fakeSource{name: "gdelt", delay: time.Second, items: 1}},
			timeout: 100 * time.Millisecond, wantStatus: 504, wantCode: apierror.CodeUpstreamTimeout},
		{name: "slow source cut by the deadline: partial", sources: []research.Source{&fakeSource{name: "gdelt", delay: time.Second, items: 1},
			&fakeSource{name: "googlenews", items: 1}}, timeout: 150 * time.Millisecond, wantPartial: true,
			wantFailed: []research.Failure{{Source: "gdelt", Kind: upstream.KindTimeout}}},
		{name: "answers without evidence: 422", sources: []research.Source{&fakeSource{name: "gdelt"}},
			wantStatus: 422, wantCode: apierror.CodeInsufficientEvidence},
		{name: "not resolved: 422", company: "Nobody Inc", sources: []research.Source{&fakeSource{name: "gdelt", items: 1}},
			wantStatus: 422, wantCode: apierror.CodeCompanyNotResolved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := newResearcher(t, research.Config{Sources: tt.sources})
			ctx := context.Background()
			if tt.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.timeout)
				defer cancel()
			}
			company := tt.company
			if company == "" {
				company = "northwind-robotics.com"
			}
			out, err := r.Research(ctx, input(t, company), 90)
			if tt.wantStatus != 0 {
				var e *apierror.Error
				if !errors.As(err, &e) || e.HTTPStatus() != tt.wantStatus || e.Code != tt.wantCode {
					t.Fatalf("err = %v, want %d %s", err, tt.wantStatus, tt.wantCode)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.Bundle.Partial != tt.wantPartial || !equalFailures(out.Bundle.Failures, tt.wantFailed) {
				t.Fatalf("partial=%v failures=%v", out.Bundle.Partial, out.Bundle.Failures)
			}
		})
	}
}

func TestNotResolvedIsCachedBriefly(t *testing.T) {
	t.Parallel()
	res := &fakeResolver{}
	r := newResearcher(t, research.Config{Resolver: res, Sources: []research.Source{&fakeSource{name: "gdelt", items: 1}}})
	for range 2 {
		_, err := r.Research(context.Background(), input(t, "Nobody Inc"), 90)
		var e *apierror.Error
		if !errors.As(err, &e) || e.Code != apierror.CodeCompanyNotResolved || e.Details["reason"] != resolve.ReasonNotFound {
			t.Fatalf("err = %v", err)
		}
	}
	if res.calls.Load() != 1 {
		t.Fatalf("resolver called %d times, want 1", res.calls.Load())
	}
}

func TestBudgetExhaustedBeforeAnyCall(t *testing.T) {
	t.Parallel()
	store := cache.NewMemory(100)
	g, err := costguard.New(costguard.Config{Counter: store, DailyUSD: 0.01, PerRequestUSD: 0.05,
		Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	// Another request spent the day's budget.
	if err := g.Begin().Reserve(context.Background(), 0.007); err != nil {
		t.Fatal(err)
	}
	news := &fakeSource{name: "googlenews", items: 1}
	res := &fakeResolver{}
	sites := northwindSite(t, 0)
	site := &earlySite{s: siteSource(t, sites)} // read early for a domain input, but not past the budget
	r := newResearcher(t, research.Config{Resolver: res, Website: site, Sources: []research.Source{news}, Guard: g, MinPaidCallUSD: 0.007, Store: store})
	for _, company := range []string{"northwind-robotics.com", "Northwind Robotics"} {
		_, err = r.Research(context.Background(), input(t, company), 90)
		var e *apierror.Error
		if !errors.As(err, &e) || e.HTTPStatus() != 503 || e.Code != apierror.CodeBudgetExhausted {
			t.Fatalf("%s: err = %v, want 503 %s", company, err, apierror.CodeBudgetExhausted)
		}
	}
	if news.calls.Load() != 0 || res.calls.Load() != 0 || site.earlies.Load()+site.gathers.Load() != 0 || sites.Calls() != 0 {
		t.Fatal("an upstream call was made past the budget")
	}
}

func TestEvidenceBudgetStopsEarly(t *testing.T) {
	t.Parallel()
	fast := &fakeSource{name: "googlenews", items: 5}
	slow := &fakeSource{name: "gdelt", delay: 5 * time.Second, items: 5}
	r := newResearcher(t, research.Config{Sources: []research.Source{fast, slow}, EvidenceBudget: 5})
	start := time.Now()
	out, err := r.Research(context.Background(), input(t, "northwind-robotics.com"), 90)
	if err != nil {
		t.Fatal(err)
	}
	if time.Since(start) > time.Second {
		t.Fatal("gathering did not stop when the evidence budget was met")
	}
	if out.Bundle.Partial || len(out.Bundle.Items) != 5 {
		t.Fatalf("partial=%v items=%d: a source stopped on purpose is not a failure", out.Bundle.Partial, len(out.Bundle.Items))
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalFailures(a, b []research.Failure) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

type fakeEnricher struct {
	mu    sync.Mutex
	asked []string
	err   error
	text  string // the text of every document ("" is "Lead paragraph of <url>")
}

func (f *fakeEnricher) Name() string { return "exa" }

func (f *fakeEnricher) Enrich(_ context.Context, urls []string) (map[string]string, bundle.Usage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, urls...)
	out := map[string]string{}
	for _, u := range urls {
		out[u] = cmp.Or(f.text, "  Lead paragraph of\n"+u+"  ")
	}
	return out, bundle.Usage{Contents: len(urls), CostUSD: 0.001 * float64(len(urls))}, f.err
}

func TestEnrichment(t *testing.T) {
	t.Parallel()
	// 7 dated items without excerpts: the newest MaxEnrich are enriched.
	news := &fakeSource{name: "gdelt", items: 7}
	en := &fakeEnricher{}
	r := newResearcher(t, research.Config{Sources: []research.Source{news}, Enricher: en})
	out, err := r.Research(context.Background(), input(t, "northwind-robotics.com"), 90)
	if err != nil {
		t.Fatal(err)
	}
	if len(en.asked) != research.MaxEnrich {
		t.Fatalf("asked for %d texts, want %d", len(en.asked), research.MaxEnrich)
	}
	enriched := 0
	for _, it := range out.Bundle.Items {
		if it.Doc.Excerpt != "" {
			enriched++
			if it.Doc.Excerpt != "Lead paragraph of "+it.Doc.URL {
				t.Fatalf("excerpt %q not folded", it.Doc.Excerpt)
			}
			if it.Doc.Published.Before(now.AddDate(0, 0, -research.MaxEnrich)) {
				t.Fatalf("an older item was enriched before a newer one: %s", it.Doc.URL)
			}
		}
	}
	if enriched != research.MaxEnrich || out.Usage.Contents != research.MaxEnrich || !equal(out.Bundle.Providers, []string{"exa", "gdelt"}) {
		t.Fatalf("enriched %d, usage %+v, providers %v", enriched, out.Usage, out.Bundle.Providers)
	}

	// A failing enricher keeps what it returned and makes the bundle partial.
	failing := &fakeEnricher{err: &upstream.Error{Upstream: "exa", Kind: upstream.KindBudget}}
	r2 := newResearcher(t, research.Config{Sources: []research.Source{&fakeSource{name: "gdelt", items: 2}}, Enricher: failing})
	out2, err := r2.Research(context.Background(), input(t, "northwind-robotics.com"), 90)
	if err != nil {
		t.Fatal(err)
	}
	if !out2.Bundle.Partial || len(out2.Bundle.Failures) != 1 || out2.Bundle.Failures[0] != (research.Failure{Source: "exa", Kind: upstream.KindBudget}) {
		t.Fatalf("partial %v failures %v", out2.Bundle.Partial, out2.Bundle.Failures)
	}
}

// TestCached: Cached is true exactly when Research would make no upstream
// call (resolution and bundle cached, or a cached "not resolved"), and it
// never gathers or resolves itself.
func TestCached(t *testing.T) {
	t.Parallel()
	news := &fakeSource{name: "googlenews", items: 2}
	res := &fakeResolver{}
	r := newResearcher(t, research.Config{Resolver: res, Sources: []research.Source{news}})
	ctx := context.Background()
	if r.Cached(ctx, input(t, "northwind-robotics.com"), 90) {
		t.Fatal("cached before any research")
	}
	if _, err := r.Research(ctx, input(t, "northwind-robotics.com"), 90); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		company  string
		lookback int
		want     bool
	}{
		{"northwind-robotics.com", 90, true},
		{"https://jobs.northwind-robotics.com/", 90, true}, // same company, same resolution key
		{"northwind-robotics.com", 30, false},              // another window: another bundle
		{"Northwind Robotics", 90, false},                  // a name's resolution is not cached yet
	} {
		if got := r.Cached(ctx, input(t, tc.company), tc.lookback); got != tc.want {
			t.Errorf("Cached(%q, %d) = %v, want %v", tc.company, tc.lookback, got, tc.want)
		}
	}
	if _, err := r.Research(ctx, input(t, "Nobody Inc"), 90); err == nil {
		t.Fatal("Nobody Inc resolved")
	}
	if !r.Cached(ctx, input(t, "Nobody Inc"), 90) {
		t.Fatal("a cached \"not resolved\" answers without upstream calls: Cached must be true")
	}
	if news.calls.Load() != 1 || res.calls.Load() != 2 {
		t.Fatalf("Cached gathered or resolved: source calls %d, resolver calls %d", news.calls.Load(), res.calls.Load())
	}
}

// A wire release found without text is enriched like news, and the
// first sentence of the company's own release then describes it.
func TestReleaseDescribesTheCompany(t *testing.T) {
	t.Parallel()
	wire := &fakeSource{name: "gdelt", items: 1, kind: bundle.KindPress}
	en := &fakeEnricher{text: "PITTSBURGH, Nov. 3, 2026 /PRNewswire/ -- Northwind Robotics, which builds autonomous mobile robots for warehouses, today announced a partnership."}
	r := newResearcher(t, research.Config{Sources: []research.Source{wire}, Enricher: en})
	out, err := r.Research(context.Background(), input(t, "northwind-robotics.com"), 90)
	if err != nil {
		t.Fatal(err)
	}
	d := out.Bundle.Profile.Description
	if len(en.asked) != 1 || d == nil || d.Value != "Northwind Robotics builds autonomous mobile robots for warehouses." || d.SourceURL != en.asked[0] {
		t.Fatalf("asked %v, description %+v", en.asked, d)
	}
}

// TestOneResearchAcrossReplicas: two replicas (two Researchers, each with
// its own connection to one Redis) asked for the same company at once
// gather it once: the one holding the bundle's lease researches, the other
// waits for its bundle.
func TestOneResearchAcrossReplicas(t *testing.T) {
	t.Parallel()
	url := redistest.URL(t)
	news := &fakeSource{name: "googlenews", delay: 300 * time.Millisecond, items: 2}
	prefix := fmt.Sprintf("test-lease-%d", time.Now().UnixNano())
	var replicas []*research.Researcher
	for range 2 {
		store, err := cache.NewRedis(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = store.Close() })
		replicas = append(replicas, newResearcher(t, research.Config{Sources: []research.Source{news}, Store: store,
			Prefix: prefix, Lease: 5 * time.Second}))
	}
	var wg sync.WaitGroup
	var reused atomic.Int32
	for _, r := range replicas {
		wg.Go(func() {
			out, err := r.Research(context.Background(), input(t, "northwind-robotics.com"), 90)
			if err != nil {
				t.Error(err)
				return
			}
			if len(out.Bundle.Items) != 2 {
				t.Errorf("bundle has %d items", len(out.Bundle.Items))
			}
			if out.Reused {
				reused.Add(1)
			}
		})
	}
	wg.Wait()
	if news.calls.Load() != 1 || reused.Load() != 1 {
		t.Fatalf("the source was called %d times and %d replica reused the bundle; want 1 and 1", news.calls.Load(), reused.Load())
	}
}

// limitedSource calls one rate-limited provider (1 call per second, burst
// 1) through an upstream.Client and reports one item when answered.
type limitedSource struct {
	client *upstream.Client
	url    string
}

func (l *limitedSource) Name() string { return "limited" }

func (l *limitedSource) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	if _, err := l.client.Do(ctx, upstream.Request{URL: l.url}); err != nil {
		return bundle.Result{}, err
	}
	return bundle.Result{Usage: bundle.Usage{Searches: 1}, Items: []bundle.Item{{Provider: "limited", Kind: bundle.KindNews,
		Doc: source.NewDocument(source.Document{URL: "https://news.example-press.com/limited/" + q.Company.Domain,
			Title: "limited story", Published: now.AddDate(0, 0, -1), Precision: source.PrecisionDay})}}}, nil
}

// TestSlotWaitSkipsQueuedCalls: two researches at once need the one slot
// per second of a provider; with SlotWait the second does not queue a
// second for it: its call is skipped (rate limited, the bundle partial)
// and it answers at once. Without SlotWait it waits for the slot.
func TestSlotWaitSkipsQueuedCalls(t *testing.T) {
	t.Parallel()
	for _, wait := range []time.Duration{300 * time.Millisecond, 0} {
		t.Run(fmt.Sprint("SlotWait=", wait), func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				calls.Add(1)
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(`{}`))
			}))
			defer srv.Close()
			client := upstream.New(upstream.Config{Name: "limited", Timeout: 5 * time.Second, RatePerSecond: 1, Burst: 1, MaxRetries: -1})
			defer client.Close()
			src := &limitedSource{client: client, url: srv.URL}
			r := newResearcher(t, research.Config{Sources: []research.Source{src}, SlotWait: wait})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var (
				wg       sync.WaitGroup
				partials atomic.Int32
			)
			start := time.Now()
			for _, days := range []int{30, 31} {
				wg.Go(func() {
					out, err := r.Research(ctx, input(t, "northwind-robotics.com"), days)
					switch {
					case err != nil && wait > 0:
						// every source skipped: the rate-limited 503, with
						// when to ask again
						var ae *apierror.Error
						if !errors.As(err, &ae) || ae.Code != apierror.CodeUpstreamRateLimited || ae.RetryAfter != research.RateLimitedRetryAfter {
							t.Error(err)
						}
						partials.Add(1)
					case err != nil:
						t.Error(err)
					case out.Bundle.Partial:
						partials.Add(1)
					}
				})
			}
			wg.Wait()
			took := time.Since(start)
			switch {
			case wait > 0 && (calls.Load() != 1 || partials.Load() != 1 || took > 800*time.Millisecond):
				t.Fatalf("with SlotWait: %d calls, %d partial answers, in %v; want 1 call, 1 skipped, at once", calls.Load(), partials.Load(), took)
			case wait == 0 && (calls.Load() != 2 || partials.Load() != 0 || took < 800*time.Millisecond):
				t.Fatalf("without SlotWait: %d calls, %d partial answers, in %v; want 2 calls a second apart", calls.Load(), partials.Load(), took)
			}
		})
	}
}

// TestCanceledWithNothing: the client goes away before any source
// answered: 503 service_unavailable, decided by usecase.Unfinished.
func TestCanceledWithNothing(t *testing.T) {
	t.Parallel()
	r := newResearcher(t, research.Config{Sources: []research.Source{&fakeSource{name: "gdelt", delay: time.Second, items: 1}}})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err := r.Research(ctx, input(t, "northwind-robotics.com"), 90)
	var e *apierror.Error
	if !errors.As(err, &e) || e.HTTPStatus() != http.StatusServiceUnavailable || e.Code != apierror.CodeServiceUnavailable ||
		e.Message != "the request was canceled" {
		t.Fatalf("err = %v, want 503 %s", err, apierror.CodeServiceUnavailable)
	}
}
