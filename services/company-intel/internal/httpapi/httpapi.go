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
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/requestid"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/pkg/platform/usecase"
	"github.com/intel402/intel402/services/company-intel/internal/report"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
)

// Route paths (also the OpenAPI paths).
const (
	PathSignals = "/v1/company/signals"
	PathBrief   = "/v1/company/deal-brief"
	PathDeep    = "/v1/company/deal-brief/deep"
)

// Cache operation names (part of the cache key).
const OpSignals = "signals"

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

// Register mounts the operations on e. Per route: body limit, content
// type, strict decoding and bounds (a 400 or 413 is never asked to pay),
// then pay, then the handler.
func (a *API) Register(e *echo.Echo, pay echo.MiddlewareFunc) {
	e.POST(PathSignals, a.Signals, strictjson.BodyLimit(strictjson.MaxBody), input.Middleware(SignalsFrom), pay)
}

// signalsKey is the canonical signals request the response cache keys on.
type signalsKey struct {
	Company      string `json:"company"` // resolve.Input.Key(): the domain, or the name's normal form
	LookbackDays int    `json:"lookbackDays"`
}

// Signals serves POST /v1/company/signals.
func (a *API) Signals(c echo.Context) error {
	return usecase.Serve(c, a.cfg.Cache, usecase.Spec[Signals, report.SignalsDoc]{
		Op: OpSignals, Timeout: a.cfg.Timeout,
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
