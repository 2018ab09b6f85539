package research_test

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

const northwind = "northwind-robotics.com"

// northwindSite serves Northwind's fixture site, every answer delayed by
// latency.
func northwindSite(t *testing.T, latency time.Duration) *sourcetest.Sites {
	t.Helper()
	sites := sourcetest.NewSites(t, sourcetest.NorthwindSite(now))
	sites.SetLatency(latency)
	return sites
}

// siteSource is a website source reading sites (each has its own
// home-page memo).
func siteSource(t *testing.T, sites *sourcetest.Sites) *website.Source {
	t.Helper()
	s, err := website.New(website.Config{Fetcher: sites.Fetcher(t, 0), HTTPSPort: sites.HTTPSPort(), HTTPPort: sites.HTTPPort(),
		Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// identityNamer names the company at a domain from its own site, as the
// service's resolution does.
type identityNamer struct{ s *website.Source }

func (n identityNamer) NameDomain(ctx context.Context, domain string) (*resolve.Candidate, error) {
	id, err := n.s.Identity(ctx, domain)
	if err != nil || id.SiteName == "" {
		return nil, err
	}
	return &resolve.Candidate{Company: bundle.Company{Name: id.SiteName, Domain: domain}, Evidence: []bundle.Item{id.Home},
		Usage: id.Usage}, nil
}

// gateNamer knows nothing about any domain and answers only once open
// holds (or after 10 s): a resolution asking it cannot finish before.
type gateNamer struct {
	open   func() bool
	opened atomic.Bool
}

func (g *gateNamer) NameDomain(ctx context.Context, _ string) (*resolve.Candidate, error) {
	deadline := time.Now().Add(10 * time.Second)
	for !g.open() {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return nil, nil
		}
		time.Sleep(2 * time.Millisecond)
	}
	g.opened.Store(true)
	return nil, nil
}

// lateSite hides the website's GatherEarly: research then reads the site
// after resolution, as it did before sites were read early.
type lateSite struct{ s *website.Source }

func (l lateSite) Name() string { return l.s.Name() }
func (l lateSite) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	return l.s.Gather(ctx, q)
}

// earlySite records the website's calls and what GatherEarly returned.
type earlySite struct {
	s           *website.Source
	gathers     atomic.Int32
	earlies     atomic.Int32
	returned    atomic.Bool
	earlyErr    error
	earlyResult bundle.Result
	earlyDomain string
}

func (e *earlySite) Name() string { return e.s.Name() }
func (e *earlySite) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	e.gathers.Add(1)
	return e.s.Gather(ctx, q)
}
func (e *earlySite) GatherEarly(ctx context.Context, q bundle.Query, company func(context.Context) (bundle.Company, error)) (bundle.Result, error) {
	e.earlies.Add(1)
	e.earlyDomain = q.Company.Domain
	res, err := e.s.GatherEarly(ctx, q, company)
	e.earlyResult, e.earlyErr = res, err
	e.returned.Store(true)
	return res, err
}

// TestDomainInputReadsSiteBesideResolution: for a domain input the
// website's chain starts beside company resolution — the site's newsroom
// has been read before resolution finishes (resolution here cannot finish
// before it) — robots.txt and the home page are fetched once although
// resolution reads the home page too, the job boards follow the website,
// and the news source starts with the resolved name.
func TestDomainInputReadsSiteBesideResolution(t *testing.T) {
	t.Parallel()
	sites := northwindSite(t, 100*time.Millisecond)
	site := siteSource(t, sites)
	gate := &gateNamer{open: func() bool { return sites.Fetched(northwind, "/newsroom") > 0 }}
	news := &fakeSource{name: "googlenews", delay: 100 * time.Millisecond, items: 2}
	jobs := &fakeSource{name: "ats", delay: 100 * time.Millisecond, items: 1}
	r := newResearcher(t, research.Config{Resolver: resolve.New(resolve.Config{DomainNamers: []resolve.DomainNamer{identityNamer{site}, gate}}),
		Website: site, Jobs: jobs, Sources: []research.Source{news}})

	out, err := r.Research(context.Background(), input(t, northwind), 90)
	if err != nil {
		t.Fatal(err)
	}
	if !gate.opened.Load() {
		t.Fatal("resolution finished before the site's newsroom was read: the site waited for resolution")
	}
	for _, path := range []string{"/robots.txt", "/"} {
		if n := sites.Fetched(northwind, path); n != 1 {
			t.Errorf("%s fetched %d times in one research, want 1", path, n)
		}
	}
	if news.seen.Company.Name != "Northwind Robotics" || news.seen.Company.Domain != northwind {
		t.Errorf("news source asked about %+v, want the resolved company", news.seen.Company)
	}
	if got := jobs.seen.JobBoards; !slices.Equal(got, []string{"https://boards.greenhouse.io/northwindrobotics"}) {
		t.Errorf("job boards %v, want the site's", got)
	}
	b := out.Bundle
	if want := []string{"ats", "googlenews", "website"}; !slices.Equal(b.Providers, want) || b.Partial || out.Reused {
		t.Errorf("providers %v partial %v reused %v", b.Providers, b.Partial, out.Reused)
	}
	// Every site request is counted once (resolution's included), and the
	// sources' searches: news and jobs.
	if want := (bundle.Usage{Contents: len(sites.Requests()), Searches: 2}); out.Usage != want || b.Usage != want {
		t.Errorf("usage %+v (bundle %+v), want %+v", out.Usage, b.Usage, want)
	}
}

// TestDomainInputBundleAsBefore: the bundle of a domain input gathered
// with the site read early is the one resolving first and then gathering
// gave — same company, items, profile, providers and usage — from the
// same site requests.
func TestDomainInputBundleAsBefore(t *testing.T) {
	t.Parallel()
	sites := northwindSite(t, 50*time.Millisecond)
	research1 := func(web func(*website.Source) research.Source) (research.Outcome, []string) {
		site := siteSource(t, sites)
		r := newResearcher(t, research.Config{
			Resolver: resolve.New(resolve.Config{DomainNamers: []resolve.DomainNamer{identityNamer{site}}}),
			Website:  web(site), Jobs: &fakeSource{name: "ats", delay: 50 * time.Millisecond, items: 1},
			Sources: []research.Source{&fakeSource{name: "googlenews", delay: 50 * time.Millisecond, items: 3},
				&fakeSource{name: "gdelt", delay: 50 * time.Millisecond, items: 2}},
		})
		before := len(sites.Requests())
		out, err := r.Research(context.Background(), input(t, northwind), 90)
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, req := range sites.Requests()[before:] {
			paths = append(paths, req.Scheme+" "+req.Path)
		}
		slices.Sort(paths)
		return out, paths
	}
	want, wantPaths := research1(func(s *website.Source) research.Source { return lateSite{s} })
	early := &earlySite{}
	got, gotPaths := research1(func(s *website.Source) research.Source { early.s = s; return early })

	if early.earlies.Load() != 1 || early.gathers.Load() != 0 || early.earlyDomain != northwind {
		t.Fatalf("website: %d early gathers of %q, %d gathers; want one early gather of the input's domain",
			early.earlies.Load(), early.earlyDomain, early.gathers.Load())
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("bundle differs from resolving first:\n got %+v\nwant %+v", got.Bundle, want.Bundle)
	}
	if !slices.Equal(gotPaths, wantPaths) {
		t.Fatalf("site requests %v, want %v", gotPaths, wantPaths)
	}
	if len(got.Bundle.Items) < 10 || got.Bundle.Profile.Description == nil {
		t.Fatalf("the fixture gave %d items and profile %+v: not a real comparison", len(got.Bundle.Items), got.Bundle.Profile)
	}
}

// notResolvedResolver answers 422 for every input, once wait holds (when
// set).
type notResolvedResolver struct {
	wait  func() bool
	calls atomic.Int32
}

func (f *notResolvedResolver) Resolve(ctx context.Context, in resolve.Input) (resolve.Resolution, error) {
	f.calls.Add(1)
	for deadline := time.Now().Add(10 * time.Second); f.wait != nil && !f.wait() && time.Now().Before(deadline) && ctx.Err() == nil; {
		time.Sleep(2 * time.Millisecond)
	}
	e := apierror.New(apierror.CodeCompanyNotResolved, "nothing public names the company at %s", in.Domain)
	e.Details = map[string]any{"input": in.Raw, "reason": resolve.ReasonNoEvidence, "candidates": []any{}}
	return resolve.Resolution{}, e
}

// TestDomainInputNotResolved: a domain that cannot be resolved gives the
// 422 it gave before; the site's early read, under way while resolution
// ran, is stopped before Research returns (its feed, two round trips
// further, is never fetched), nothing is cached as a bundle, and the
// cached "not resolved" answers the next call with no request at all.
func TestDomainInputNotResolved(t *testing.T) {
	t.Parallel()
	sites := northwindSite(t, 200*time.Millisecond)
	before := &notResolvedResolver{}
	_, wantErr := newResearcher(t, research.Config{Resolver: before, Website: lateSite{siteSource(t, sites)}}).
		Research(context.Background(), input(t, northwind), 90)
	if sites.Calls() != 0 {
		t.Fatalf("resolving first: %d site requests, want none", sites.Calls())
	}

	res := &notResolvedResolver{wait: func() bool { return sites.Fetched(northwind, "/") > 0 }}
	site := &earlySite{s: siteSource(t, sites)}
	store := cache.NewMemory(100)
	r := newResearcher(t, research.Config{Resolver: res, Website: site, Jobs: &fakeSource{name: "ats", items: 1},
		Sources: []research.Source{&fakeSource{name: "googlenews", items: 1}}, Store: store})
	_, err := r.Research(context.Background(), input(t, northwind), 90)
	var e, we *apierror.Error
	if !errors.As(err, &e) || !errors.As(wantErr, &we) || e.HTTPStatus() != we.HTTPStatus() || e.Code != we.Code || e.Message != we.Message ||
		!reflect.DeepEqual(e.Details, we.Details) {
		t.Fatalf("err = %v, want %v", err, wantErr)
	}
	if !site.returned.Load() {
		t.Fatal("Research returned while the site's early read was still running")
	}
	// Stopped while waiting for the name (the resolution's error) or
	// while still fetching (canceled), it returns no evidence.
	if stopped := errors.As(site.earlyErr, &e) && e.Code == apierror.CodeCompanyNotResolved || errors.Is(site.earlyErr, context.Canceled); !stopped ||
		len(site.earlyResult.Items) != 0 {
		t.Fatalf("early read returned %d items, err %v; want none, stopped", len(site.earlyResult.Items), site.earlyErr)
	}
	if n := sites.Fetched(northwind, "/newsroom/rss.xml"); n != 0 {
		t.Fatalf("the feed was fetched %d times after resolution failed", n)
	}
	if _, ok, _ := store.Get(context.Background(), "research:bundle:"+northwind+":90"); ok {
		t.Fatal("a bundle was cached for a company that was not resolved")
	}

	calls := sites.Calls()
	if _, err := r.Research(context.Background(), input(t, northwind), 90); !errors.As(err, &e) || e.Code != apierror.CodeCompanyNotResolved {
		t.Fatalf("second call: err = %v", err)
	}
	if res.calls.Load() != 1 || site.earlies.Load() != 1 || sites.Calls() != calls {
		t.Fatalf("second call: %d resolutions, %d early reads, %d new site requests; want the cached 422 alone",
			res.calls.Load(), site.earlies.Load(), sites.Calls()-calls)
	}
}

// TestDomainInputResolutionTimeout: a resolution cut by the request's
// deadline is the 504 it was, and the site's early read has stopped when
// Research returns.
func TestDomainInputResolutionTimeout(t *testing.T) {
	t.Parallel()
	sites := northwindSite(t, 100*time.Millisecond)
	site := &earlySite{s: siteSource(t, sites)}
	r := newResearcher(t, research.Config{Resolver: stuckResolver{}, Website: site, Sources: []research.Source{&fakeSource{name: "googlenews", items: 1}}})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := r.Research(ctx, input(t, northwind), 90)
	var e *apierror.Error
	if !errors.As(err, &e) || e.HTTPStatus() != http.StatusGatewayTimeout || e.Code != apierror.CodeUpstreamTimeout {
		t.Fatalf("err = %v, want 504 %s", err, apierror.CodeUpstreamTimeout)
	}
	if !site.returned.Load() || site.earlyErr == nil {
		t.Fatalf("early read: returned %v, err %v", site.returned.Load(), site.earlyErr)
	}
}

// stuckResolver answers when its context ends.
type stuckResolver struct{}

func (stuckResolver) Resolve(ctx context.Context, _ resolve.Input) (resolve.Resolution, error) {
	<-ctx.Done()
	return resolve.Resolution{}, ctx.Err()
}

// siteCountingResolver is fakeResolver noting how many requests the site
// had received when resolution finished.
type siteCountingResolver struct {
	fakeResolver
	sites  *sourcetest.Sites
	atDone atomic.Int32
}

func (f *siteCountingResolver) Resolve(ctx context.Context, in resolve.Input) (resolve.Resolution, error) {
	time.Sleep(100 * time.Millisecond)
	res, err := f.fakeResolver.Resolve(ctx, in)
	f.atDone.Store(int32(f.sites.Calls()))
	return res, err
}

// TestNameInputResolvesFirst: a name input is resolved before anything
// else starts, the site included (its domain is not known before); the
// bundle is the resolved domain's, which a later domain input reuses
// without resolving.
func TestNameInputResolvesFirst(t *testing.T) {
	t.Parallel()
	sites := northwindSite(t, 50*time.Millisecond)
	site := &earlySite{s: siteSource(t, sites)}
	res := &siteCountingResolver{sites: sites}
	r := newResearcher(t, research.Config{Resolver: res, Website: site, Sources: []research.Source{&fakeSource{name: "googlenews", items: 1}}})
	out, err := r.Research(context.Background(), input(t, "Northwind Robotics"), 90)
	if err != nil {
		t.Fatal(err)
	}
	if n := res.atDone.Load(); n != 0 {
		t.Fatalf("the site had %d requests before a name input was resolved", n)
	}
	if site.earlies.Load() != 0 || site.gathers.Load() != 1 || sites.Calls() == 0 {
		t.Fatalf("website: %d early gathers, %d gathers, %d requests", site.earlies.Load(), site.gathers.Load(), sites.Calls())
	}
	if out.Reused || !slices.Contains(out.Bundle.Providers, "website") {
		t.Fatalf("reused %v providers %v", out.Reused, out.Bundle.Providers)
	}

	// The domain's own input: its bundle is cached, no resolution needed.
	if !r.Cached(context.Background(), input(t, northwind), 90) {
		t.Fatal("Cached: the bundle of the input's domain is cached")
	}
	again, err := r.Research(context.Background(), input(t, northwind), 90)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Reused || again.Usage != (bundle.Usage{}) || res.calls.Load() != 1 || !reflect.DeepEqual(again.Bundle.Items, out.Bundle.Items) {
		t.Fatalf("domain input after name input: reused %v usage %+v resolutions %d", again.Reused, again.Usage, res.calls.Load())
	}
}
