// Package service assembles domain-qual: configuration, runtime, routes.
package service

import (
	"context"
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
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/batch"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/config"
	"github.com/intel402/intel402/services/domain-qual/internal/domainlists"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/profile"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
	"github.com/intel402/intel402/services/domain-qual/ops"
)

// Name is the service name used in logs, metrics, cache keys and headers.
const Name = "domain-qual"

// FetchTimeout bounds one guarded fetch (an MTA-STS policy file, one
// website URL of the full profile), so that a slow host yields an
// "unknown" mta_sts section or an unreachable website rather than using up
// the use case's whole deadline.
const FetchTimeout = 5 * time.Second

// Operations are the paid operations' descriptors (httpapi.ClassifyOp,
// AuditOp, ProfileOp, BatchOp), unbound, in price-table order: what
// discovery, the price table and the MCP tools list. The served ones are
// bound to their handlers by httpapi.API.Operations.
func Operations() []operation.Operation {
	return []operation.Operation{httpapi.ClassifyOp, httpapi.AuditOp, httpapi.ProfileOp, httpapi.BatchOp}
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

// Routes builds the HTTP surface and its dependencies: one resolver, one
// fetcher (shared by the audit's MTA-STS policy fetches and the profile's
// website fetches), one facilitator and one pay middleware per process.
// What it builds is released by the runtime once the server has drained,
// also when Routes fails part-way.
func Routes(rt *app.Runtime, cfg config.Config) (*echo.Echo, error) {
	doc, err := openapidoc.Load(openapi.DomainQual)
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	res, err := resolver.New(resolver.Config{
		Servers: cfg.DNS.Servers, Timeout: cfg.DNS.QueryTimeout, Attempts: cfg.DNS.Attempts,
		CacheSize: cfg.DNS.CacheSize, Logger: rt.Logger,
	})
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	lists, err := domainlists.Load()
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	fetcher := fetch.New(fetch.Config{
		AllowList: cfg.Fetch.AllowList, Resolver: addrResolver{r: res}, Timeout: FetchTimeout, Logger: rt.Logger,
		Wait: paygate.Wait,
	})
	rt.OnClose(func(context.Context) error { fetcher.Close(); return nil })
	prober, err := newProber(rt, cfg)
	if err != nil {
		return nil, fmt.Errorf("service.Routes: %w", err)
	}
	api, err := newAPI(rt, cfg, res, lists, fetcher, prober)
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

// newProber builds the STARTTLS probe of the MX hosts when SMTP_PROBE is
// on (nil otherwise: the audit reports not_probed). It reaches what the
// fetcher reaches (public addresses, plus FETCH_ALLOWLIST), and, like
// every outbound request, connects only once the payment is verified.
func newProber(rt *app.Runtime, cfg config.Config) (audit.Prober, error) {
	p := cfg.Probe
	if !p.Enabled {
		return nil, nil
	}
	return smtpprobe.New(smtpprobe.Config{
		AllowList: cfg.Fetch.AllowList, Port: p.Port, HeloName: p.HeloName,
		Timeout: p.Timeout, StepTimeout: min(smtpprobe.DefaultStepTimeout, p.Timeout),
		Logger: rt.Logger, Wait: paygate.Wait,
	})
}

// newAPI builds the four use cases over one resolver, one fetcher and the
// optional STARTTLS prober, and the HTTP API that serves them.
func newAPI(rt *app.Runtime, cfg config.Config, res *resolver.Resolver, lists *domainlists.Lists, fetcher *fetch.Fetcher, prober audit.Prober) (*httpapi.API, error) {
	classifier, err := classify.New(classify.Config{Resolver: res, Lists: lists, Logger: rt.Logger})
	if err != nil {
		return nil, err
	}
	auditor, err := audit.New(audit.Config{Resolver: res, Fetcher: policyFetcher{f: fetcher}, Prober: prober, Logger: rt.Logger})
	if err != nil {
		return nil, err
	}
	profiler, err := profile.New(profile.Config{
		Auditor: auditor, Fetcher: fetcher, Resolver: res,
		HTTPSPort: cfg.Website.HTTPSPort, HTTPPort: cfg.Website.HTTPPort, Logger: rt.Logger,
	})
	if err != nil {
		return nil, err
	}
	batcher, err := batch.New(batch.Config{Classifier: classifier, Logger: rt.Logger})
	if err != nil {
		return nil, err
	}
	return httpapi.New(httpapi.Config{
		Classifier: classifier, Auditor: auditor, Profiler: profiler, Batcher: batcher, Cache: rt.Cache,
		ClassifyTimeout: cfg.Deadline.Classify, AuditTimeout: cfg.Deadline.Audit,
		ProfileTimeout: cfg.Deadline.Profile, BatchTimeout: cfg.Deadline.Batch, Logger: rt.Logger,
	})
}
