// Package httpapi is domain-qual's HTTP surface for the paid domain
// operations: query parsing and validation (run before payment), thin
// handlers that call the use cases under a deadline, and the response
// cache policy.
package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/domainname"
)

// Route paths (also the OpenAPI paths).
const (
	PathClassify = "/api/v1/domain/classify"
	PathAudit    = "/api/v1/domain/dns-audit"
)

// Cache operation names (part of the cache key).
const (
	OpClassify = "classify"
	OpAudit    = "dns-audit"
)

// Response cache TTL policy: a result is cached for the smallest DNS TTL it
// used (its ttl_seconds), clamped to [MinCacheTTL, MaxCacheTTL]; a result
// with unknown checks, or without any definite TTL, for UnknownCacheTTL.
const (
	MinCacheTTL     = 30 * time.Second
	MaxCacheTTL     = time.Hour
	UnknownCacheTTL = 30 * time.Second
)

// Classifier runs the domain_classification use case.
type Classifier interface {
	Classify(ctx context.Context, name domainname.Name) (classify.Result, error)
}

// Auditor runs the email_security_audit use case.
type Auditor interface {
	Audit(ctx context.Context, name domainname.Name, selector string) (audit.Result, error)
}

// ResponseCache serves a JSON body from the cache or computes it, setting
// the HIT/MISS header (satisfied by *cache.Layer).
type ResponseCache interface {
	JSON(c echo.Context, op string, key any, compute cache.Compute) error
}

// Config holds the API's dependencies.
type Config struct {
	Classifier Classifier    // required
	Auditor    Auditor       // required
	Cache      ResponseCache // required
	// ClassifyTimeout and AuditTimeout bound one use-case call. Required (> 0).
	ClassifyTimeout time.Duration
	AuditTimeout    time.Duration
	// Logger receives debug lines; nil discards.
	Logger *slog.Logger
}

// API serves the paid domain operations.
type API struct {
	cfg Config
	log *slog.Logger
}

// New validates cfg and returns the API.
func New(cfg Config) (*API, error) {
	switch {
	case cfg.Classifier == nil:
		return nil, errors.New("httpapi: Config.Classifier is required")
	case cfg.Auditor == nil:
		return nil, errors.New("httpapi: Config.Auditor is required")
	case cfg.Cache == nil:
		return nil, errors.New("httpapi: Config.Cache is required")
	case cfg.ClassifyTimeout <= 0 || cfg.AuditTimeout <= 0:
		return nil, errors.New("httpapi: Config.ClassifyTimeout and AuditTimeout must be positive")
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &API{cfg: cfg, log: log}, nil
}

// Register mounts the operations on e. Per route the order is: query
// validation (a 400 is never asked to pay), then pay, then the handler.
func (a *API) Register(e *echo.Echo, pay echo.MiddlewareFunc) {
	e.GET(PathClassify, a.Classify, input.Middleware(ClassifyInput), pay)
	e.GET(PathAudit, a.Audit, input.Middleware(AuditInput), pay)
}

// ClassifyInput parses a classify request for input.Middleware.
func ClassifyInput(c echo.Context) (ClassifyQuery, error) {
	return ParseClassifyQuery(c.Request().URL.RawQuery)
}

// AuditInput parses a dns-audit request for input.Middleware.
func AuditInput(c echo.Context) (AuditQuery, error) {
	return ParseAuditQuery(c.Request().URL.RawQuery)
}

// classifyKey and auditKey are the canonical requests the cache keys on.
type classifyKey struct {
	Domain string `json:"domain"`
}

type auditKey struct {
	Domain   string `json:"domain"`
	Selector string `json:"selector"`
}

// Classify serves GET /api/v1/domain/classify.
func (a *API) Classify(c echo.Context) error {
	q, ok := input.Get[ClassifyQuery](c)
	if !ok {
		return errors.New("httpapi: classify input missing (route registered without its input middleware)")
	}
	return a.cfg.Cache.JSON(c, OpClassify, classifyKey{Domain: q.Name.ASCII}, func(ctx context.Context) ([]byte, time.Duration, error) {
		ctx, cancel := context.WithTimeout(ctx, a.cfg.ClassifyTimeout)
		defer cancel()
		r, err := a.cfg.Classifier.Classify(ctx, q.Name)
		if err != nil {
			return nil, 0, useCaseError(OpClassify, a.cfg.ClassifyTimeout, err)
		}
		body, err := json.Marshal(r)
		if err != nil {
			return nil, 0, fmt.Errorf("httpapi: encode classify result: %w", err)
		}
		ttl := CacheTTL(r.TTLSeconds, len(r.Unknowns))
		a.log.DebugContext(ctx, "classify computed", slog.String("domain", r.Domain), slog.Duration("cache_ttl", ttl))
		return body, ttl, nil
	})
}

// Audit serves GET /api/v1/domain/dns-audit.
func (a *API) Audit(c echo.Context) error {
	q, ok := input.Get[AuditQuery](c)
	if !ok {
		return errors.New("httpapi: dns-audit input missing (route registered without its input middleware)")
	}
	key := auditKey{Domain: q.Name.ASCII, Selector: q.Selector}
	return a.cfg.Cache.JSON(c, OpAudit, key, func(ctx context.Context) ([]byte, time.Duration, error) {
		ctx, cancel := context.WithTimeout(ctx, a.cfg.AuditTimeout)
		defer cancel()
		r, err := a.cfg.Auditor.Audit(ctx, q.Name, q.Selector)
		if err != nil {
			return nil, 0, useCaseError(OpAudit, a.cfg.AuditTimeout, err)
		}
		body, err := json.Marshal(r)
		if err != nil {
			return nil, 0, fmt.Errorf("httpapi: encode dns-audit result: %w", err)
		}
		ttl := CacheTTL(r.TTLSeconds, len(r.UnknownChecks))
		a.log.DebugContext(ctx, "dns-audit computed", slog.String("domain", r.Domain), slog.Duration("cache_ttl", ttl))
		return body, ttl, nil
	})
}

// CacheTTL is how long a result stays in the response cache: UnknownCacheTTL
// when some check could not complete or no DNS TTL was seen, else the
// result's ttl_seconds clamped to [MinCacheTTL, MaxCacheTTL].
func CacheTTL(ttlSeconds uint32, unknowns int) time.Duration {
	if unknowns > 0 || ttlSeconds == 0 {
		return UnknownCacheTTL
	}
	return min(max(time.Duration(ttlSeconds)*time.Second, MinCacheTTL), MaxCacheTTL)
}

// useCaseError maps a use-case failure (its context ended) to the
// envelope: 504 upstream_timeout when the deadline passed, 503 when the
// request was canceled, 502 otherwise. It is never a 500.
func useCaseError(op string, timeout time.Duration, err error) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return apierror.Wrap(err, http.StatusGatewayTimeout, apierror.CodeUpstreamTimeout,
			fmt.Sprintf("%s did not complete within %s; DNS answers were too slow", op, timeout)).
			WithDetails(map[string]any{"timeout_ms": timeout.Milliseconds()})
	case errors.Is(err, context.Canceled):
		return apierror.Wrap(err, http.StatusServiceUnavailable, apierror.CodeServiceUnavailable, op+" was canceled")
	}
	return apierror.Wrap(err, http.StatusBadGateway, apierror.CodeUpstreamFailure, op+" failed")
}
