// Package service assembles company-intel: configuration, runtime, the
// evidence sources, the research use case and the routes.
package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/platform/app"
	pconfig "github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/health"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/operation"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/x402/paygate"
	"github.com/intel402/intel402/services/company-intel/internal/config"
	"github.com/intel402/intel402/services/company-intel/internal/costguard"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
	"github.com/intel402/intel402/services/company-intel/internal/sources/ats"
	"github.com/intel402/intel402/services/company-intel/internal/sources/exa"
	"github.com/intel402/intel402/services/company-intel/internal/sources/gdelt"
	"github.com/intel402/intel402/services/company-intel/internal/sources/googlenews"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sec"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
	"github.com/intel402/intel402/services/company-intel/internal/sources/wikidata"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
	"github.com/intel402/intel402/services/company-intel/ops"
)

// Name is the service name used in logs, metrics, cache keys and headers.
const Name = "company-intel"

// FetchTimeout bounds one guarded fetch of a company's web page.
const FetchTimeout = 8 * time.Second

// Operations are the paid operations' descriptors (httpapi.SignalsOp,
// BriefOp, DeepOp), unbound, in price-table order: what discovery, the
// price table and the MCP tools list. The served ones are bound to their
// handlers by httpapi.API.Operations.
func Operations() []operation.Operation {
	return []operation.Operation{httpapi.SignalsOp, httpapi.BriefOp, httpapi.DeepOp}
}

// Run loads the configuration from lookup and serves until ctx is done.
// ready, if not nil, receives the listening address.
func Run(ctx context.Context, lookup pconfig.Lookup, logOut io.Writer, version string, ready func(net.Addr)) error {
	load := func() (config.Config, app.Base, []slog.Attr, error) {
		c, effective, err := config.Load(lookup)
		return c, c.Base, effective, err
	}
	return app.Run(ctx, Name, version, logOut, ready, load, Routes)
}

// Routes builds the HTTP surface and its dependencies; what it builds is
// released by the runtime once the server has drained, also when Routes
// fails part-way.
func Routes(rt *app.Runtime, cfg config.Config) (*echo.Echo, error) {
	// The signal type model is part of the code: a model file that does
	// not match the code's feature set stops the service here.
	if err := signals.CheckModel(); err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	researcher, err := newResearcher(rt, cfg, nil)
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	api, err := httpapi.New(httpapi.Config{Researcher: researcher, Cache: rt.Cache, Timeout: cfg.Research.Timeout, Logger: rt.Logger})
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}

	e := rt.NewEcho()
	e.Use(payments.CORS(cfg.Payments, "x-"+Name+"-cache"))
	e.GET(ops.HealthPath, health.Handler(Name, rt.Version, nil))
	// The discovery documents, the landing page and API reference, the paid
	// routes and the MCP tools, all from the operation descriptors.
	if err := operation.Mount(rt, e, operation.Service{
		Name: Name, Doc: doc, Payments: cfg.Payments, Ops: api.Operations(), Health: ops.HealthPath,
	}); err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	return e, nil
}

// newResearcher builds every evidence source once per process (their rate
// limits are process-wide), company resolution over them, the cost guard
// and the research use case. now is research's clock (nil: time.Now).
func newResearcher(rt *app.Runtime, cfg config.Config, now func() time.Time) (*research.Researcher, error) {
	// Every provider's rate is one budget for the replicas sharing the
	// store and the egress (GCRA in Redis); each keeps its share locally
	// while Redis is away.
	share := upstream.Share{Store: rt.Store, Scope: cfg.Research.EgressID, Replicas: cfg.Research.ExpectedReplicas}
	up := func() upstream.Config {
		return upstream.Config{Timeout: cfg.Research.UpstreamTimeout, Recorder: rt.Metrics, Logger: rt.Logger, Share: share}
	}
	u := cfg.Upstreams
	fetcher := fetch.New(fetch.Config{
		AllowList: cfg.Fetch.AllowList, Resolver: fetch.NewDNSResolver(cfg.DNSServers, 0), Timeout: FetchTimeout, Logger: rt.Logger,
		Wait: paygate.Wait,
	})
	rt.OnClose(func(context.Context) error { fetcher.Close(); return nil })
	site, err := website.New(website.Config{Fetcher: fetcher, HTTPSPort: cfg.Fetch.HTTPSPort, HTTPPort: cfg.Fetch.HTTPPort, Logger: rt.Logger})
	if err != nil {
		return nil, err
	}
	boards, err := ats.New(ats.Config{
		GreenhouseURL: u.GreenhouseAPIURL, LeverURL: u.LeverAPIURL, AshbyURL: u.AshbyAPIURL, WorkableURL: u.WorkableAPIURL,
		SmartRecruitersURL: u.SmartRecruitersURL, Timeout: cfg.Research.UpstreamTimeout, Recorder: rt.Metrics, Logger: rt.Logger,
		Share: share,
	})
	if err != nil {
		return nil, err
	}
	rt.OnClose(func(context.Context) error { boards.Close(); return nil })
	news, err := googlenews.New(googlenews.Config{BaseURL: u.NewsRSSURL, Upstream: up()})
	if err != nil {
		return nil, err
	}
	articles, err := gdelt.New(gdelt.Config{BaseURL: u.GDELTDocURL, Upstream: up()})
	if err != nil {
		return nil, err
	}
	// Entities, domain answers (wikidata) and the ticker file (sec) are
	// kept in the shared store: fetched once per cluster, not per replica
	// and per request.
	wd, err := wikidata.New(wikidata.Config{APIURL: u.WikidataAPIURL, SPARQLURL: u.WikidataSPARQLURL,
		Timeout: cfg.Research.UpstreamTimeout, Recorder: rt.Metrics, Logger: rt.Logger, Share: share, Store: rt.Store})
	if err != nil {
		return nil, err
	}
	rt.OnClose(func(context.Context) error { wd.Close(); return nil })

	sources := []research.Source{news, articles, wd}
	resolver := resolve.Config{
		DomainNamers: []resolve.DomainNamer{wikidataNamer{wd}, siteNamer{site}},
		Finders:      []resolve.Finder{wikidataFinder{wd}},
		Logger:       rt.Logger,
	}
	filings, err := sec.New(sec.Config{WWWURL: u.SECWWWURL, DataURL: u.SECDataURL, UserAgent: u.SECUserAgent,
		Timeout: cfg.Research.UpstreamTimeout, Recorder: rt.Metrics, Logger: rt.Logger, Share: share, Store: rt.Store})
	switch {
	case errors.Is(err, sec.ErrNoUserAgent):
		rt.Logger.Warn("SEC EDGAR source disabled: SEC_USER_AGENT is not set (the SEC requires a declared User-Agent with contact details)")
	case err != nil:
		return nil, err
	default:
		rt.OnClose(func(context.Context) error { filings.Close(); return nil })
		sources = append(sources, filings)
		resolver.Lister = secLister{filings}
	}
	var enricher research.Enricher
	minPaid := 0.0
	search, err := exa.New(exa.Config{APIKey: u.ExaAPIKey, BaseURL: u.ExaBaseURL, SearchPriceUSD: u.ExaSearchPrice,
		ContentsPriceUSD: u.ExaContentPrice, Upstream: up()})
	switch {
	case errors.Is(err, exa.ErrNoAPIKey):
		rt.Logger.Info("Exa source disabled: EXA_API_KEY is not set; research uses the key-less sources only")
	case err != nil:
		return nil, err
	default:
		sources = append(sources, search)
		resolver.PaidFinders = []resolve.Finder{exaFinder{search}}
		enricher = exaEnricher{search}
		minPaid = u.ExaSearchPrice // research's first paid call is an Exa search
	}
	guard, err := costguard.New(costguard.Config{Counter: rt.Store, Prefix: Name + ":budget",
		DailyUSD: cfg.Budget.DailyUSD, PerRequestUSD: cfg.Budget.PerRequestUSD, Logger: rt.Logger})
	if err != nil {
		return nil, err
	}
	return research.New(research.Config{
		Resolver: resolve.New(resolver), Website: site, Jobs: boards, Sources: sources, Enricher: enricher,
		Guard: guard, MinPaidCallUSD: minPaid, Store: rt.Store, Prefix: Name + ":v1",
		BundleTTL: cfg.Research.EvidenceTTL, Logger: rt.Logger, Now: now,
		// One research per company and window cluster-wide: the replica
		// that takes the lease gathers, the others wait for its bundle.
		Lease: cfg.Research.Timeout + LeaseMargin,
		// Under a burst, a provider call is skipped rather than queued
		// past this long after the request came.
		SlotWait: cfg.Research.SlotWait,
	})
}

// LeaseMargin is added to RESEARCH_TIMEOUT for the evidence lease: the
// gathering replica stores the bundle just after its deadline.
const LeaseMargin = 5 * time.Second
