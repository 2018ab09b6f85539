// Package research is company-intel's evidence use case: it resolves the
// caller's company, gathers evidence about it from every configured source
// concurrently under the request's deadline, and caches the resulting
// evidence bundle per (company, window) so that every later operation on
// the same company within the bundle's lifetime makes no upstream call.
//
// Gathering: the independent sources (news searches, filings, reference
// entries) start at once; the job-board source starts as soon as the
// company's website has been read, with the boards the site links to.
// For a domain input (the company's domain is known before its name) the
// website's chain starts beside company resolution instead of after it
// (when the website is an EarlySource): the site's pages and feeds are
// fetched while the company is resolved and read into evidence once its
// name is known; the job boards follow the website as usual, and the
// independent sources start when resolution has given the name. Such a
// bundle is keyed by the input's domain, so a cached one needs no
// resolution; a resolution that fails stops the site's read and is the
// error, as it was. A name input is resolved before anything starts.
// When an Enricher is configured (Exa /contents), the newest in-window
// news and press items that arrived without text get it fetched afterwards (at most
// MaxEnrich, within the request's budget).
// Gathering stops early when EvidenceBudget dated items inside the window
// have been collected (the remaining sources are cancelled; that is not a
// failure). A source that fails or times out makes the bundle partial.
//
// Failures (none of them is cached, none is charged):
//   - the cost guard refuses before anything is spent: 503 upstream_budget_exhausted;
//   - every source failed: 503 upstream_rate_limited when they were all
//     rate limited, 504 upstream_timeout when the deadline passed first,
//     502 upstream_failure otherwise;
//   - the company cannot be resolved: 422 company_not_resolved;
//   - the sources answered but found nothing about the company: 422
//     insufficient_evidence.
package research

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/usecase"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/costguard"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/selfdesc"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Source is one evidence provider.
type Source interface {
	Name() string
	Gather(ctx context.Context, q bundle.Query) (bundle.Result, error)
}

// Enricher fetches the text of documents that arrived without any (news
// search results often carry a title only), so that analyses read their
// lead paragraphs. It returns text by canonical URL.
type Enricher interface {
	Name() string
	Enrich(ctx context.Context, urls []string) (map[string]string, bundle.Usage, error)
}

// MaxEnrich is the most documents enriched per bundle.
const MaxEnrich = 5

// Resolver resolves a parsed company input (satisfied by *resolve.Resolver).
type Resolver interface {
	Resolve(ctx context.Context, in resolve.Input) (resolve.Resolution, error)
}

// Store caches resolutions and bundles (satisfied by cache.Store).
type Store interface {
	Get(ctx context.Context, key string) ([]byte, bool, error)
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
}

// Leaser is a Store that can also take a short lease (SET NX), shared by
// every replica: the one that takes a bundle's lease researches it, the
// others wait for its bundle (cache.Store is one).
type Leaser interface {
	Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error)
	Release(ctx context.Context, key string) error
}

// LeasePoll is how often a replica waiting for another's research looks
// for its bundle.
const LeasePoll = 100 * time.Millisecond

// Defaults for zero Config fields.
const (
	DefaultBundleTTL        = 6 * time.Hour
	DefaultPartialBundleTTL = 10 * time.Minute
	DefaultResolutionTTL    = 24 * time.Hour
	DefaultNotResolvedTTL   = 10 * time.Minute
	DefaultEvidenceBudget   = 80
)

// Config configures a Researcher.
type Config struct {
	Resolver Resolver // required
	// Website reads the company's own site; its JobBoards feed Jobs. Either
	// may be nil.
	Website Source
	Jobs    Source
	// Sources are the independent sources.
	Sources []Source
	// Enricher, optional, fills the excerpts of up to MaxEnrich of the
	// newest in-window news and press items that have none, after gathering.
	Enricher Enricher
	// Guard and MinPaidCallUSD: when Guard is set and some source is paid,
	// MinPaidCallUSD is the cheapest paid call; a day whose budget cannot
	// admit it refuses research before any upstream call.
	Guard          *costguard.Guard
	MinPaidCallUSD float64
	Store          Store  // required
	Prefix         string // cache key namespace, e.g. "company-intel:v1"
	// BundleTTL keeps a complete bundle, PartialBundleTTL one with failed
	// sources (so they are retried soon).
	BundleTTL        time.Duration
	PartialBundleTTL time.Duration
	ResolutionTTL    time.Duration
	NotResolvedTTL   time.Duration
	EvidenceBudget   int
	// Lease bounds one research cluster-wide: while a replica gathers a
	// bundle it holds the bundle's lease (when the Store is a Leaser) for
	// at most this long, and the others wait for its bundle instead of
	// gathering it again (0: no lease, each process gathers alone).
	Lease time.Duration
	// SlotWait bounds how long any provider call of one research may wait
	// for its rate slot, counted from the research's start: a call whose
	// slot comes later is skipped (rate limited, the bundle partial) rather
	// than queued behind a burst (upstream.WithStartBy). A request alone
	// never waits that long. 0: only the deadlines bound the wait.
	SlotWait time.Duration
	Now      func() time.Time
	Logger   *slog.Logger
}

// Researcher runs research. Safe for concurrent use.
type Researcher struct {
	cfg   Config
	group singleflight.Group
	log   *slog.Logger
}

// New validates cfg and returns a Researcher.
func New(cfg Config) (*Researcher, error) {
	if cfg.Resolver == nil || cfg.Store == nil {
		return nil, errors.New("research: Config.Resolver and Config.Store are required")
	}
	if cfg.BundleTTL <= 0 {
		cfg.BundleTTL = DefaultBundleTTL
	}
	if cfg.PartialBundleTTL <= 0 {
		cfg.PartialBundleTTL = DefaultPartialBundleTTL
	}
	if cfg.ResolutionTTL <= 0 {
		cfg.ResolutionTTL = DefaultResolutionTTL
	}
	if cfg.NotResolvedTTL <= 0 {
		cfg.NotResolvedTTL = DefaultNotResolvedTTL
	}
	if cfg.EvidenceBudget <= 0 {
		cfg.EvidenceBudget = DefaultEvidenceBudget
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "research"
	}
	return &Researcher{cfg: cfg, log: cfg.Logger}, nil
}

// Failure is a source that failed.
type Failure struct {
	Source string        `json:"source"`
	Kind   upstream.Kind `json:"kind"`
}

// Bundle is the evidence about one company within one window.
type Bundle struct {
	Company      bundle.Company `json:"company"`
	LookbackDays int            `json:"lookbackDays"`
	From         time.Time      `json:"from"`
	To           time.Time      `json:"to"`
	Items        []bundle.Item  `json:"items"`
	Profile      bundle.Profile `json:"profile"`
	// Usage is what gathering this bundle cost (resolution included).
	Usage bundle.Usage `json:"usage"`
	// Providers are the sources that answered, in a stable order.
	Providers []string  `json:"providers"`
	Failures  []Failure `json:"failures,omitempty"`
	// Partial is true when a source failed or timed out.
	Partial    bool      `json:"partial"`
	GatheredAt time.Time `json:"gatheredAt"`
}

// Outcome is one call's view of a bundle.
type Outcome struct {
	Bundle *Bundle
	// Reused is true when the bundle came from the cache (or an identical
	// in-flight gathering): this call made no upstream call for it.
	Reused bool
	// Usage is what this call made upstream: zero when Reused.
	Usage bundle.Usage
}

// EarlySource is a website Source that can start reading a company's site
// from its domain alone, before the company's name is known (satisfied by
// *website.Source): GatherEarly makes the requests Gather(ctx, q) would
// make at once, calls company when what it read must be turned into
// evidence (company blocks until the name is known or ctx ends), and
// returns what Gather would have returned for q with that company, or
// company's error.
type EarlySource interface {
	Source
	GatherEarly(ctx context.Context, q bundle.Query, company func(context.Context) (bundle.Company, error)) (bundle.Result, error)
}

// Research returns the evidence bundle for a company input and window.
func (r *Researcher) Research(ctx context.Context, in resolve.Input, lookbackDays int) (Outcome, error) {
	if r.cfg.SlotWait > 0 {
		ctx = upstream.WithStartBy(ctx, time.Now().Add(r.cfg.SlotWait))
	}
	if in.Domain != "" {
		res, ok, err := r.cachedResolution(ctx, in)
		switch {
		case !ok:
			return r.researchDomain(ctx, in, lookbackDays)
		case err != nil:
			return Outcome{}, err
		}
		return r.researchResolved(ctx, res, bundle.Usage{}, true, lookbackDays)
	}
	res, resUsage, reusedRes, err := r.resolve(ctx, in)
	if err != nil {
		return Outcome{}, err
	}
	return r.researchResolved(ctx, res, resUsage, reusedRes, lookbackDays)
}

// researchResolved returns the bundle of a resolved company: resUsage is
// what resolving it cost this call, reusedRes whether the resolution came
// from the cache (its cost is then not the bundle's).
func (r *Researcher) researchResolved(ctx context.Context, res resolve.Resolution, resUsage bundle.Usage, reusedRes bool, lookbackDays int) (Outcome, error) {
	key := r.bundleKey(res.Company.Domain, lookbackDays)
	if b, ok := r.cached(ctx, key); ok {
		return Outcome{Bundle: b, Reused: true, Usage: resUsage}, nil
	}
	b, leader, err := r.once(ctx, key, func() (*Bundle, error) { return r.gatherResolved(ctx, res, reusedRes, lookbackDays) })
	if err != nil {
		return Outcome{}, err
	}
	if !leader {
		return Outcome{Bundle: b, Reused: true, Usage: resUsage}, nil
	}
	return Outcome{Bundle: b, Usage: b.Usage}, nil
}

// researchDomain returns the bundle of a domain input whose resolution is
// not cached. The bundle is keyed by the input's domain (a domain input
// resolves to its own domain), so a cached bundle needs no resolution;
// otherwise the research resolves the company itself (gatherDomain).
func (r *Researcher) researchDomain(ctx context.Context, in resolve.Input, lookbackDays int) (Outcome, error) {
	key := r.bundleKey(in.Domain, lookbackDays)
	if b, ok := r.cached(ctx, key); ok {
		return Outcome{Bundle: b, Reused: true}, nil
	}
	if err := r.budgetOpen(ctx); err != nil {
		return Outcome{}, err
	}
	b, leader, err := r.once(ctx, key, func() (*Bundle, error) { return r.gatherDomain(ctx, in, lookbackDays) })
	if err != nil {
		return Outcome{}, err
	}
	if !leader {
		return Outcome{Bundle: b, Reused: true}, nil
	}
	return Outcome{Bundle: b, Usage: b.Usage}, nil
}

// once runs gather as the only research of key's bundle in this process
// (singleflight) and cluster-wide (the lease), and caches the bundle it
// returns. leader is false when the bundle is another research's.
func (r *Researcher) once(ctx context.Context, key string, gather func() (*Bundle, error)) (b *Bundle, leader bool, err error) {
	v, err, _ := r.group.Do(key, func() (any, error) {
		leader = true
		// One research per company and window cluster-wide: another
		// replica may be gathering this bundle already.
		release, b := r.lease(ctx, key)
		defer release()
		if b != nil {
			leader = false
			return b, nil
		}
		b, err := gather()
		if err != nil {
			return nil, err
		}
		ttl := r.cfg.BundleTTL
		if b.Partial {
			ttl = r.cfg.PartialBundleTTL
		}
		r.store(ctx, key, b, ttl)
		return b, nil
	})
	if err != nil {
		return nil, false, err
	}
	return v.(*Bundle), leader, nil
}

// lease takes the bundle's cluster-wide lease, or waits for the replica
// holding it (cache.AwaitLease): it returns the bundle that replica stored
// (b non-nil), or nothing once this process holds the lease (release gives
// it back after the bundle is stored), the lease has no store, or the
// wait is over (the lease expired, or ctx's deadline nears: gathering
// alone is then the better answer).
func (r *Researcher) lease(ctx context.Context, key string) (release func(), b *Bundle) {
	noop := func() {}
	l, ok := r.cfg.Store.(Leaser)
	if !ok || r.cfg.Lease <= 0 {
		return noop, nil
	}
	got, err := cache.AwaitLease(ctx, l, key, r.cfg.Lease, LeasePoll, func() bool {
		var ok bool
		b, ok = r.cached(ctx, key)
		return ok
	})
	switch {
	case err != nil:
		return noop, nil // no shared store: gather alone
	case got.Filled:
		return noop, b
	}
	return func() {
		if err := got.Release(); err != nil {
			r.log.WarnContext(ctx, "research lease not released", slog.Any("error", err))
		}
	}, nil
}

// Cached reports whether Research(ctx, in, lookbackDays) would be answered
// from the cache alone, making no upstream call and spending nothing:
// either the resolution of in is cached and is a cached "not resolved"
// (answered 422) or the bundle of the resolved company and window is
// cached, or — for a domain input whose resolution is not cached — the
// bundle of its domain and window is cached. It reads the store (two
// lookups at most) and never gathers; a store error is a false. A bundle
// that expires between Cached and Research is gathered then, as usual.
func (r *Researcher) Cached(ctx context.Context, in resolve.Input, lookbackDays int) bool {
	res, ok, err := r.cachedResolution(ctx, in)
	domain := in.Domain
	if ok {
		if err != nil {
			return true // a cached "not resolved"
		}
		domain = res.Company.Domain
	}
	if domain == "" {
		return false
	}
	_, ok, err = r.cfg.Store.Get(ctx, r.bundleKey(domain, lookbackDays))
	return err == nil && ok
}

// resolutionKey and bundleKey are the only builders of a company's cache
// keys: its resolution, by the input's canonical form (resolve.Input.Key),
// and its evidence bundle, by the resolved domain and the window.
func (r *Researcher) resolutionKey(in resolve.Input) string {
	return r.cfg.Prefix + ":resolve:" + in.Key()
}

func (r *Researcher) bundleKey(domain string, lookbackDays int) string {
	return fmt.Sprintf("%s:bundle:%s:%d", r.cfg.Prefix, domain, lookbackDays)
}

// resolve resolves in, through the resolution cache; resolving anew asks
// the cost guard first (budgetOpen).
func (r *Researcher) resolve(ctx context.Context, in resolve.Input) (resolve.Resolution, bundle.Usage, bool, error) {
	if res, ok, err := r.cachedResolution(ctx, in); ok {
		return res, bundle.Usage{}, true, err
	}
	if err := r.budgetOpen(ctx); err != nil {
		return resolve.Resolution{}, bundle.Usage{}, false, err
	}
	res, err := r.resolveAnew(ctx, in)
	return res, res.Usage, false, err
}

// cachedResolution reads in's resolution from the cache: ok is false when
// it is not there (or unreadable); err is the cached 422 of an input that
// was not resolved.
func (r *Researcher) cachedResolution(ctx context.Context, in resolve.Input) (res resolve.Resolution, ok bool, err error) {
	raw, ok, err := r.cfg.Store.Get(ctx, r.resolutionKey(in))
	if err != nil || !ok {
		return resolve.Resolution{}, false, nil
	}
	var c cachedResolution
	if err := json.Unmarshal(raw, &c); err != nil {
		return resolve.Resolution{}, false, nil
	}
	if c.NotResolved != nil {
		return resolve.Resolution{}, true, c.NotResolved.apiError()
	}
	return c.Resolution, true, nil
}

// resolveAnew asks the Resolver and caches its answer. A 422 is cached
// too (briefly): asking again for a name nobody carries costs nothing.
func (r *Researcher) resolveAnew(ctx context.Context, in resolve.Input) (resolve.Resolution, error) {
	key := r.resolutionKey(in)
	res, err := r.cfg.Resolver.Resolve(ctx, in)
	var ae *apierror.Error
	switch {
	case errors.As(err, &ae) && ae.Code == apierror.CodeCompanyNotResolved:
		r.store(ctx, key, cachedResolution{NotResolved: &storedError{Message: ae.Message, Details: ae.Details}}, r.cfg.NotResolvedTTL)
		return resolve.Resolution{}, err
	case err != nil:
		return resolve.Resolution{}, gatherError(ctx, "company resolution", err)
	}
	r.store(ctx, key, cachedResolution{Resolution: res}, r.cfg.ResolutionTTL)
	return res, nil
}

type cachedResolution struct {
	Resolution  resolve.Resolution `json:"resolution"`
	NotResolved *storedError       `json:"notResolved,omitempty"`
}

type storedError struct {
	Message string         `json:"message"`
	Details map[string]any `json:"details"`
}

func (s *storedError) apiError() error {
	e := apierror.New(apierror.CodeCompanyNotResolved, "%s", s.Message)
	e.Details = s.Details
	return e
}

// budgetOpen refuses research when the day's budget cannot admit even the
// cheapest paid call (only when paid sources are configured).
func (r *Researcher) budgetOpen(ctx context.Context) error {
	if r.cfg.Guard == nil || r.cfg.MinPaidCallUSD <= 0 {
		return nil
	}
	if err := r.cfg.Guard.CanSpend(ctx, r.cfg.MinPaidCallUSD); err != nil {
		return apierror.Wrap(err, apierror.CodeBudgetExhausted,
			"the upstream research budget is used up for now; nothing was spent or charged, retry later")
	}
	return nil
}

func (r *Researcher) cached(ctx context.Context, key string) (*Bundle, bool) {
	raw, ok, err := r.cfg.Store.Get(ctx, key)
	if err != nil || !ok {
		if err != nil {
			r.log.WarnContext(ctx, "evidence cache read failed; gathering anew", slog.Any("err", err))
		}
		return nil, false
	}
	var b Bundle
	if err := json.Unmarshal(raw, &b); err != nil {
		r.log.WarnContext(ctx, "evidence cache entry unreadable; gathering anew", slog.Any("err", err))
		return nil, false
	}
	return &b, true
}

func (r *Researcher) store(ctx context.Context, key string, v any, ttl time.Duration) {
	raw, err := json.Marshal(v)
	if err == nil {
		err = r.cfg.Store.Set(context.WithoutCancel(ctx), key, raw, ttl)
	}
	if err != nil {
		r.log.WarnContext(ctx, "evidence cache write failed", slog.String("key", key), slog.Any("err", err))
	}
}

// answer is one source's contribution.
type answer struct {
	name string
	res  bundle.Result
	err  error
}

// gatherResolved is gather, the resolution's cost added to the bundle's
// unless the resolution was reused from the cache.
func (r *Researcher) gatherResolved(ctx context.Context, res resolve.Resolution, reusedRes bool, lookbackDays int) (*Bundle, error) {
	b, err := r.gather(ctx, res, lookbackDays)
	if err != nil {
		return nil, err
	}
	if !reusedRes {
		b.Usage = b.Usage.Add(res.Usage)
	}
	return b, nil
}

// gather runs the sources for res's company and assembles the bundle.
func (r *Researcher) gather(ctx context.Context, res resolve.Resolution, lookbackDays int) (*Bundle, error) {
	g := r.begin(ctx, res.Company, lookbackDays)
	defer g.stop()
	if r.cfg.Website != nil {
		q := g.q
		g.startSite(func(ctx context.Context) (bundle.Result, error) { return r.cfg.Website.Gather(ctx, q) })
	} else {
		g.startSite(nil)
	}
	g.startSources()
	return g.collect(res)
}

// gatherDomain resolves a domain input and gathers its bundle. With an
// EarlySource website the site's chain (and the job boards after it)
// starts at once, beside resolution; the other sources start once the
// company is resolved. A resolution that fails stops the site's read and
// is the error (nothing of the read is kept).
func (r *Researcher) gatherDomain(ctx context.Context, in resolve.Input, lookbackDays int) (*Bundle, error) {
	site, early := r.cfg.Website.(EarlySource)
	if !early {
		res, reused, err := r.resolveChecked(ctx, in)
		if err != nil {
			return nil, err
		}
		return r.gatherResolved(ctx, res, reused, lookbackDays)
	}

	g := r.begin(ctx, bundle.Company{Domain: in.Domain}, lookbackDays)
	defer g.stop()
	known := make(chan struct{}) // closed once company or resErr is set
	var company bundle.Company
	var resErr error
	named := func(ctx context.Context) (bundle.Company, error) {
		select {
		case <-known:
		case <-ctx.Done():
			select {
			case <-known:
			default:
				return bundle.Company{}, ctx.Err()
			}
		}
		return company, resErr
	}
	wq := g.q
	g.startSite(func(ctx context.Context) (bundle.Result, error) { return site.GatherEarly(ctx, wq, named) })

	res, reused, err := r.resolveChecked(ctx, in)
	switch {
	case err != nil:
		resErr = err
		close(known)
		g.abandon()
		r.log.DebugContext(ctx, "company not resolved; the early read of its site was stopped", slog.String("domain", in.Domain),
			slog.Any("err", err))
		return nil, err
	case res.Company.Domain != in.Domain:
		// The Resolver broke its rule: the site read early is not the
		// resolved company's. Gather as for any other input.
		resErr = fmt.Errorf("research: %s resolved to another domain, %s", in.Domain, res.Company.Domain)
		close(known)
		g.abandon()
		r.log.WarnContext(ctx, "domain input resolved to another domain; gathering anew", slog.String("domain", in.Domain),
			slog.String("resolved", res.Company.Domain))
		return r.gatherResolved(ctx, res, reused, lookbackDays)
	}
	company = res.Company
	close(known)
	g.q.Company = res.Company
	g.startSources()
	b, err := g.collect(res)
	if err != nil {
		return nil, err
	}
	if !reused {
		b.Usage = b.Usage.Add(res.Usage)
	}
	return b, nil
}

// resolveChecked is resolve for a caller that has already asked the cost
// guard (researchDomain does, before the bundle's lease). It reads the
// cache again: another replica may have resolved the input while this one
// waited for the lease. reused is true when the resolution was cached.
func (r *Researcher) resolveChecked(ctx context.Context, in resolve.Input) (res resolve.Resolution, reused bool, err error) {
	if res, ok, err := r.cachedResolution(ctx, in); ok {
		return res, true, err
	}
	res, err = r.resolveAnew(ctx, in)
	return res, false, err
}

// gathering is one bundle's sources at work.
type gathering struct {
	r   *Researcher
	ctx context.Context // the request's, with the cost guard's spender
	// gctx is the sources' context: stop cancels it once the evidence
	// budget is met (or the gathering is abandoned).
	gctx    context.Context
	stop    context.CancelFunc
	now     time.Time
	days    int // the window's lookback
	q       bundle.Query
	answers chan answer
	wg      sync.WaitGroup
	// pendingJobs: the job-board source waits for the website's answer;
	// its slot in wg is held until then, so that answers cannot close
	// before it has run.
	pendingJobs bool
}

// begin prepares the gathering of company's evidence within the window.
func (r *Researcher) begin(ctx context.Context, company bundle.Company, lookbackDays int) *gathering {
	now := r.cfg.Now().UTC()
	g := &gathering{r: r, now: now, days: lookbackDays, answers: make(chan answer),
		q: bundle.Query{Company: company, From: now.AddDate(0, 0, -lookbackDays), To: now}}
	if r.cfg.Guard != nil {
		ctx = upstream.WithSpender(ctx, r.cfg.Guard.Begin())
	}
	g.ctx = ctx
	g.gctx, g.stop = context.WithCancel(ctx)
	return g
}

// run runs one source's gathering; its answer goes to g.answers.
func (g *gathering) run(name string, gather func(context.Context) (bundle.Result, error)) {
	g.wg.Go(func() {
		out, err := gather(g.gctx)
		g.answers <- answer{name: name, res: out, err: err}
	})
}

// startSite starts the website with website (the job-board source then
// waits for its answer), or the job-board source alone when there is no
// website (website is then nil).
func (g *gathering) startSite(website func(context.Context) (bundle.Result, error)) {
	cfg := g.r.cfg
	switch {
	case cfg.Website != nil && cfg.Jobs != nil:
		g.pendingJobs = true
		g.wg.Add(1)
		g.run(cfg.Website.Name(), website)
	case cfg.Website != nil:
		g.run(cfg.Website.Name(), website)
	case cfg.Jobs != nil:
		q := g.q
		g.run(cfg.Jobs.Name(), func(ctx context.Context) (bundle.Result, error) { return cfg.Jobs.Gather(ctx, q) })
	}
}

// startSources starts the independent sources with g.q; no source is
// started after it.
func (g *gathering) startSources() {
	for _, s := range g.r.cfg.Sources {
		q := g.q
		g.run(s.Name(), func(ctx context.Context) (bundle.Result, error) { return s.Gather(ctx, q) })
	}
	go func() {
		g.wg.Wait()
		close(g.answers)
	}()
}

// abandon stops the sources started (startSources not called) and waits
// for them, dropping their answers.
func (g *gathering) abandon() {
	g.stop()
	if g.pendingJobs {
		g.pendingJobs = false
		g.wg.Done()
	}
	go func() {
		g.wg.Wait()
		close(g.answers)
	}()
	for range g.answers {
	}
}

// collect merges the answers of the sources started into res's bundle.
func (g *gathering) collect(res resolve.Resolution) (*Bundle, error) {
	r, ctx, q := g.r, g.ctx, g.q
	b := &Bundle{Company: res.Company, LookbackDays: g.days, From: q.From, To: q.To, GatheredAt: g.now}
	b.Items = append(b.Items, res.Evidence...)
	var failures []answer
	profiles := map[string][]bundle.Profile{}
	budgetMet := false
	dated := 0
	for a := range g.answers {
		if g.pendingJobs && a.name == r.cfg.Website.Name() {
			g.pendingJobs = false
			jq := q
			jq.JobBoards = a.res.JobBoards
			if budgetMet {
				g.wg.Done()
			} else {
				go func() {
					defer g.wg.Done()
					out, err := r.cfg.Jobs.Gather(g.gctx, jq)
					g.answers <- answer{name: r.cfg.Jobs.Name(), res: out, err: err}
				}()
			}
		}
		b.Usage = b.Usage.Add(a.res.Usage)
		b.Items = append(b.Items, a.res.Items...)
		profiles[a.name] = append(profiles[a.name], a.res.Profile)
		if a.err != nil {
			if budgetMet && upstream.KindOf(a.err) == upstream.KindCanceled {
				continue // stopped on purpose
			}
			failures = append(failures, a)
			r.log.InfoContext(ctx, "evidence source failed", slog.String("source", a.name),
				slog.String("kind", string(kindOf(a.err))), slog.Any("err", a.err))
		}
		if a.err == nil || len(a.res.Items) > 0 {
			b.Providers = append(b.Providers, a.name)
		}
		for _, it := range a.res.Items {
			if !it.Doc.Published.IsZero() && q.In(it.Doc.Published) {
				dated++
			}
		}
		if !budgetMet && dated >= r.cfg.EvidenceBudget {
			budgetMet = true
			r.log.DebugContext(ctx, "evidence budget met; stopping the remaining sources", slog.Int("items", dated))
			g.stop()
		}
	}
	if r.cfg.Enricher != nil && !budgetMet {
		if f, ok := r.enrich(ctx, b, q); !ok {
			failures = append(failures, f)
		}
	}
	b.Items = dedupe(b.Items)
	if d := selfdesc.FromItems(b.Items, res.Company); d != nil {
		profiles[ReleasesProfile] = append(profiles[ReleasesProfile], bundle.Profile{Description: d})
	}
	b.Profile = mergeProfiles(profiles)
	slices.Sort(b.Providers)
	b.Providers = slices.Compact(b.Providers)
	for _, f := range failures {
		b.Failures = append(b.Failures, Failure{Source: f.name, Kind: kindOf(f.err)})
	}
	slices.SortFunc(b.Failures, func(x, y Failure) int { return strings.Compare(x.Source, y.Source) })
	b.Partial = len(b.Failures) > 0

	if len(b.Providers) == 0 && len(failures) > 0 {
		errs := make([]error, len(failures))
		for i, f := range failures {
			errs[i] = f.err
		}
		return nil, gatherError(ctx, "every evidence source", errors.Join(errs...))
	}
	if len(b.Items) == 0 {
		return nil, apierror.New(apierror.CodeInsufficientEvidence,
			"the sources answered but hold no public evidence about %s (%s)", res.Company.Name, res.Company.Domain)
	}
	return b, nil
}

// ProviderPriority orders the sources from the most to the least
// authoritative about a company: its own site, its regulatory filings,
// its job boards, its reference entry, then news.
var ProviderPriority = []string{"website", "sec", "ats", "wikidata", "googlenews", "gdelt", "exa"}

func providerRank(name string) int {
	if i := slices.Index(ProviderPriority, name); i >= 0 {
		return i
	}
	return len(ProviderPriority)
}

// ReleasesProfile names the profile read from the company's own press
// releases (selfdesc.FromItems over the first-party items of every
// source) in fieldPriority.
const ReleasesProfile = "releases"

// fieldPriority is, per profile field, the order in which sources' facts
// are preferred (the sources not named follow in ProviderPriority order):
// the company's own words describe it — its website first, then its press
// releases (ReleasesProfile), then its reference entry; the reference entry's industry
// (Wikidata P452) is more specific than the SEC's SIC class; the SEC's
// business address is the most precise headquarters.
var fieldPriority = map[string][]string{
	"description":  {"website", ReleasesProfile, "wikidata", "sec"},
	"industry":     {"wikidata", "sec", "website"},
	"headquarters": {"sec", "wikidata", "website"},
	"ticker":       {"sec", "wikidata"},
}

// mergeProfiles merges the sources' profiles field by field in a fixed
// order, so the profile does not depend on which source answered first.
func mergeProfiles(by map[string][]bundle.Profile) bundle.Profile {
	order := func(field string) []string {
		out := slices.Clone(fieldPriority[field])
		for _, n := range ProviderPriority {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
		var rest []string
		for n := range by {
			if !slices.Contains(out, n) {
				rest = append(rest, n)
			}
		}
		slices.Sort(rest)
		return append(out, rest...)
	}
	pick := func(field string, get func(bundle.Profile) *bundle.Fact) *bundle.Fact {
		for _, n := range order(field) {
			for _, p := range by[n] {
				if f := get(p); f != nil && strings.TrimSpace(f.Value) != "" {
					v := *f
					return &v
				}
			}
		}
		return nil
	}
	return bundle.Profile{
		Description:   pick("description", func(p bundle.Profile) *bundle.Fact { return p.Description }),
		Industry:      pick("industry", func(p bundle.Profile) *bundle.Fact { return p.Industry }),
		Headquarters:  pick("headquarters", func(p bundle.Profile) *bundle.Fact { return p.Headquarters }),
		EmployeeRange: pick("employeeRange", func(p bundle.Profile) *bundle.Fact { return p.EmployeeRange }),
		BusinessModel: pick("businessModel", func(p bundle.Profile) *bundle.Fact { return p.BusinessModel }),
		Ticker:        pick("ticker", func(p bundle.Profile) *bundle.Fact { return p.Ticker }),
		Founded:       pick("founded", func(p bundle.Profile) *bundle.Fact { return p.Founded }),
	}
}

// kindOf classifies a source error; errors that are not upstream errors
// (a website's fetch error) are read from the context kinds they wrap.
// enrich fills the excerpts of the newest in-window news and press items
// without one (at most MaxEnrich; a release found on a wire without its
// text can then describe the company; aggregator redirect links such as Google News
// items cannot be read and are skipped). It reports the failure, if any,
// as a source failure of the enricher (the bundle is then partial).
func (r *Researcher) enrich(ctx context.Context, b *Bundle, q bundle.Query) (answer, bool) {
	var picks []int
	for i, it := range b.Items {
		if (it.Kind == bundle.KindNews || it.Kind == bundle.KindPress) && it.Doc.Excerpt == "" && !it.Doc.Published.IsZero() && q.In(it.Doc.Published) &&
			!strings.HasPrefix(it.Doc.URL, "https://news.google.com/") {
			picks = append(picks, i)
		}
	}
	if len(picks) == 0 {
		return answer{}, true
	}
	slices.SortStableFunc(picks, func(x, y int) int {
		if c := b.Items[y].Doc.Published.Compare(b.Items[x].Doc.Published); c != 0 {
			return c
		}
		return strings.Compare(b.Items[x].Doc.URL, b.Items[y].Doc.URL)
	})
	picks = picks[:min(len(picks), MaxEnrich)]
	urls := make([]string, len(picks))
	for i, p := range picks {
		urls[i] = b.Items[p].Doc.URL
	}
	texts, usage, err := r.cfg.Enricher.Enrich(ctx, urls)
	b.Usage = b.Usage.Add(usage)
	for _, p := range picks {
		if t := texts[b.Items[p].Doc.URL]; t != "" {
			b.Items[p].Doc.Excerpt = source.Truncate(source.Fold(t), source.MaxExcerpt)
		}
	}
	if len(texts) > 0 && !slices.Contains(b.Providers, r.cfg.Enricher.Name()) {
		b.Providers = append(b.Providers, r.cfg.Enricher.Name())
	}
	if err != nil {
		r.log.InfoContext(ctx, "evidence enrichment failed", slog.String("source", r.cfg.Enricher.Name()), slog.Any("err", err))
		return answer{name: r.cfg.Enricher.Name(), err: err}, false
	}
	return answer{}, true
}

func kindOf(err error) upstream.Kind {
	if k := upstream.KindOf(err); k != "" {
		return k
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return upstream.KindTimeout
	case errors.Is(err, context.Canceled):
		return upstream.KindCanceled
	}
	return upstream.KindFailure
}

// RateLimitedRetryAfter is the Retry-After of a 503 upstream_rate_limited:
// about when a burst's queue for provider slots has drained (the slowest
// shared rate, GDELT's, admits one query per 5 s).
const RateLimitedRetryAfter = 5 * time.Second

// gatherError maps failures that left nothing usable to the API's codes:
// the client went away → service_unavailable, the deadline passed (ours or
// a source's) → upstream_timeout, as usecase.Unfinished decides; all
// refused by the budget → upstream_budget_exhausted; all rate limited or
// refused by the budget → upstream_rate_limited; else upstream_failure.
func gatherError(ctx context.Context, what string, err error) error {
	var kinds []upstream.Kind
	for _, e := range unjoin(err) {
		kinds = append(kinds, kindOf(e))
	}
	all := func(ks ...upstream.Kind) bool {
		for _, k := range kinds {
			if !slices.Contains(ks, k) {
				return false
			}
		}
		return len(kinds) > 0
	}
	why := ctx.Err()
	if why == nil && slices.Contains(kinds, upstream.KindTimeout) {
		why = context.DeadlineExceeded
	}
	unfinished := usecase.Messages{
		TimedOut: what + " timed out before any usable evidence arrived; nothing was charged",
		Canceled: "the request was canceled",
		Failed:   what + " failed; nothing was charged",
	}
	switch {
	case why != nil:
		return usecase.Unfinished(err, why, unfinished)
	case all(upstream.KindBudget):
		return apierror.Wrap(err, apierror.CodeBudgetExhausted,
			"the upstream research budget is used up for now; nothing was charged, retry later")
	case all(upstream.KindRateLimited, upstream.KindBudget):
		e := apierror.Wrap(err, apierror.CodeUpstreamRateLimited,
			what+" is rate limited right now; nothing was charged, retry later")
		e.RetryAfter = RateLimitedRetryAfter
		return e
	}
	return usecase.Unfinished(err, nil, unfinished)
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, unjoin(e)...)
		}
		return out
	}
	return []error{err}
}

// dedupe merges items with the same canonical URL (the first keeps its
// place; structured facts and jobs are merged in) and orders the result
// stably: by kind, then date (newest first), then URL.
func dedupe(items []bundle.Item) []bundle.Item {
	// The same URL from two sources keeps the more authoritative source's
	// item (ProviderPriority), whichever answered first.
	slices.SortStableFunc(items, func(a, b bundle.Item) int { return providerRank(a.Provider) - providerRank(b.Provider) })
	byURL := map[string]int{}
	var out []bundle.Item
	for _, it := range items {
		if i, ok := byURL[it.Doc.URL]; ok {
			o := &out[i]
			if o.Filing == nil {
				o.Filing = it.Filing
			}
			if len(o.Jobs) == 0 {
				o.Jobs = it.Jobs
			}
			if o.Doc.Excerpt == "" {
				o.Doc.Excerpt = it.Doc.Excerpt
			}
			if o.Doc.Precision == "" && it.Doc.Precision != "" {
				o.Doc.Published, o.Doc.Precision = it.Doc.Published, it.Doc.Precision
			}
			continue
		}
		byURL[it.Doc.URL] = len(out)
		out = append(out, it)
	}
	slices.SortStableFunc(out, func(a, b bundle.Item) int {
		if c := strings.Compare(string(a.Kind), string(b.Kind)); c != 0 {
			return c
		}
		if c := b.Doc.Published.Compare(a.Doc.Published); c != 0 {
			return c
		}
		return strings.Compare(a.Doc.URL, b.Doc.URL)
	})
	return out
}
