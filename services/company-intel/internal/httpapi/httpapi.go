// Package httpapi is company-intel's HTTP surface for the paid research
// operations: request parsing and validation (run before payment), thin
// handlers that run the research use case under its deadline, and the
// response cache policy.
package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/requestid"
	"github.com/intel402/intel402/pkg/platform/usecase"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/report"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
)

// Response cache policy: a document built from a complete evidence bundle
// is cached ResponseTTL, one from a partial bundle PartialResponseTTL (a
// failed source is retried soon). Both stay within the bundle's own
// lifetime, so a cached response never outlives the evidence it cites.
const (
	ResponseTTL        = 15 * time.Minute
	PartialResponseTTL = 2 * time.Minute
)

// Researcher gathers (or reuses) the evidence bundle of a company.
type Researcher interface {
	Research(ctx context.Context, in resolve.Input, lookbackDays int) (research.Outcome, error)
}

// Config holds the API's dependencies.
type Config struct {
	Researcher Researcher    // required
	Cache      usecase.Cache // required
	// Timeout bounds one research call (RESEARCH_TIMEOUT); required.
	Timeout time.Duration
	Now     func() time.Time
	Logger  *slog.Logger
}

// API serves the paid company operations.
type API struct {
	cfg Config
	log *slog.Logger
}

// New validates cfg and returns the API.
func New(cfg Config) (*API, error) {
	if cfg.Researcher == nil || cfg.Cache == nil || cfg.Timeout <= 0 {
		return nil, errors.New("httpapi: Config.Researcher, Config.Cache and a positive Config.Timeout are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &API{cfg: cfg, log: log}, nil
}

// EvidenceCache is implemented by a Researcher that can tell, without any
// upstream call, whether Research would be answered from its cache alone
// (*research.Researcher does).
type EvidenceCache interface {
	Cached(ctx context.Context, in resolve.Input, lookbackDays int) bool
}

const evidenceProbeKey = "intel402.company-intel.httpapi.evidence-probe"

// EvidenceCached is the paid routes' speculation predicate
// (payments.Price.Speculate): true when the request's research would be
// answered from the evidence cache alone, so that running the handler
// while the facilitator verifies the payment spends no upstream money. A
// MISS would spend it (and a rejected payment would waste it), so it is
// false then, and false on a route registered without Register's probe or
// with a Researcher that is no EvidenceCache. It costs one or two cache
// store reads and runs only for payments that passed the local pre-check.
func EvidenceCached(c echo.Context) bool {
	probe, ok := c.Get(evidenceProbeKey).(func(echo.Context) bool)
	return ok && probe(c)
}

// probeEvidence stores, for EvidenceCached, a probe of the evidence cache
// for the request's parsed input Q (stored by input.Middleware[Q]).
func probeEvidence[Q any](a *API, research func(Q) (resolve.Input, int)) echo.MiddlewareFunc {
	ec, ok := a.cfg.Researcher.(EvidenceCache)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if !ok {
			return next
		}
		probe := func(c echo.Context) bool {
			q, ok := input.Get[Q](c)
			if !ok {
				return false
			}
			in, days := research(q)
			return ec.Cached(c.Request().Context(), in, days)
		}
		return func(c echo.Context) error {
			c.Set(evidenceProbeKey, probe)
			return next(c)
		}
	}
}

// signalsKey is the canonical signals request the response cache keys on.
type signalsKey struct {
	Company      string `json:"company"` // resolve.Input.Key(): the domain, or the name's normal form
	LookbackDays int    `json:"lookbackDays"`
}

// Signals serves POST /v1/company/signals.
func (a *API) Signals(c echo.Context) error {
	return usecase.Serve(c, a.cfg.Cache, usecase.Spec[Signals, report.SignalsDoc]{
		Op: SignalsOp.CacheOp, Timeout: a.cfg.Timeout,
		Key: func(q Signals) any { return signalsKey{Company: q.Input.Key(), LookbackDays: q.LookbackDays} },
		Run: func(ctx context.Context, q Signals) (report.SignalsDoc, error) {
			out, err := a.cfg.Researcher.Research(ctx, q.Input, q.LookbackDays)
			if err != nil {
				return report.SignalsDoc{}, err
			}
			return report.Signals(out, a.cfg.Now())
		},
		TTL:            func(d report.SignalsDoc) time.Duration { return ResponseTTLOf(d.Meta.Partial) },
		TimeoutMessage: "the public sources answered too slowly",
		Deliver:        withRequestID,
	}, a.log)
}

// briefKey is the canonical deal-brief (or deep) request the response
// cache keys on: the company and window, and the seller's three fields
// (trimmed; empty when absent), so that different sellers never share a
// brief. An absent seller and one with every field empty are the same
// request (both are "no seller").
type briefKey struct {
	Company      string    `json:"company"`
	LookbackDays int       `json:"lookbackDays"`
	Seller       sellerKey `json:"seller"`
}

type sellerKey struct {
	Product              string `json:"product"`
	ValueProposition     string `json:"valueProposition"`
	IdealCustomerProfile string `json:"idealCustomerProfile"`
}

func keyOf(q Brief) briefKey {
	k := briefKey{Company: q.Input.Key(), LookbackDays: q.LookbackDays}
	if q.Seller != nil {
		k.Seller = sellerKey{
			Product:              strings.TrimSpace(q.Seller.Product),
			ValueProposition:     strings.TrimSpace(q.Seller.ValueProposition),
			IdealCustomerProfile: strings.TrimSpace(q.Seller.IdealCustomerProfile),
		}
	}
	return k
}

// sellerOf is the request's seller as qualification reads it; nil when
// absent or empty.
func sellerOf(q Brief) *qualify.Seller {
	k := keyOf(q).Seller
	if k == (sellerKey{}) {
		return nil
	}
	return &qualify.Seller{Product: k.Product, ValueProposition: k.ValueProposition, IdealCustomerProfile: k.IdealCustomerProfile}
}

// Brief serves POST /v1/company/deal-brief. Its research is the same
// Researcher.Research call as signals', so the evidence bundle one
// operation gathered serves the others on that company and window.
func (a *API) Brief(c echo.Context) error {
	return usecase.Serve(c, a.cfg.Cache, usecase.Spec[Brief, report.BriefDoc]{
		Op: BriefOp.CacheOp, Timeout: a.cfg.Timeout,
		Key: func(q Brief) any { return keyOf(q) },
		Run: func(ctx context.Context, q Brief) (report.BriefDoc, error) {
			out, err := a.cfg.Researcher.Research(ctx, q.Input, q.LookbackDays)
			if err != nil {
				return report.BriefDoc{}, err
			}
			return report.Brief(out, sellerOf(q), a.cfg.Now())
		},
		TTL:            func(d report.BriefDoc) time.Duration { return ResponseTTLOf(d.Meta.Partial) },
		TimeoutMessage: "the public sources answered too slowly",
		Deliver:        withRequestID,
	}, a.log)
}

// Deep serves POST /v1/company/deal-brief/deep.
func (a *API) Deep(c echo.Context) error {
	return usecase.Serve(c, a.cfg.Cache, usecase.Spec[Deep, report.DeepDoc]{
		Op: DeepOp.CacheOp, Timeout: a.cfg.Timeout,
		Key: func(q Deep) any { return keyOf(q.Brief) },
		Run: func(ctx context.Context, q Deep) (report.DeepDoc, error) {
			out, err := a.cfg.Researcher.Research(ctx, q.Input, q.LookbackDays)
			if err != nil {
				return report.DeepDoc{}, err
			}
			return report.Deep(out, sellerOf(q.Brief), a.cfg.Now())
		},
		TTL:            func(d report.DeepDoc) time.Duration { return ResponseTTLOf(d.Meta.Partial) },
		TimeoutMessage: "the public sources answered too slowly",
		Deliver:        withRequestID,
	}, a.log)
}

// ResponseTTLOf is the response cache lifetime of a document built from a
// complete (false) or partial (true) bundle.
func ResponseTTLOf(partial bool) time.Duration {
	if partial {
		return PartialResponseTTL
	}
	return ResponseTTL
}

// withRequestID puts this request's id in front of a cached or fresh
// document: {"requestId":"…", …}. The id is the sanitised X-Request-Id.
func withRequestID(c echo.Context, body []byte) ([]byte, error) {
	body = bytes.TrimSpace(body)
	if len(body) < 2 || body[0] != '{' {
		return nil, errors.New("httpapi: a response document must be a JSON object")
	}
	id, err := json.Marshal(requestid.FromEcho(c))
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(body)+len(id)+16)
	out = append(out, `{"requestId":`...)
	out = append(out, id...)
	if len(bytes.TrimSpace(body[1:])) > 1 { // not "{}"
		out = append(out, ',')
	}
	return append(out, body[1:]...), nil
}
