// Package httpapi is domain-qual's HTTP surface for the paid domain
// operations (classify, dns-audit, full-profile, batch-classify): query and
// body parsing and validation (run before payment), thin handlers that call
// the use cases under a deadline, and the response cache policy.
package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/pkg/platform/usecase"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/batch"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/profile"
)

// Response cache TTL policy: a result is cached for the smallest DNS TTL it
// used (its ttl_seconds), clamped to [MinCacheTTL, MaxCacheTTL]; a result
// with unknown checks, or without any definite TTL, for UnknownCacheTTL.
// A full profile is cached at most WebsiteCacheTTL (websites change faster
// than DNS), a batch at most MaxBatchCacheTTL (see ProfileCacheTTL and
// BatchCacheTTL).
const (
	MinCacheTTL      = 30 * time.Second
	MaxCacheTTL      = time.Hour
	UnknownCacheTTL  = 30 * time.Second
	WebsiteCacheTTL  = 15 * time.Minute
	MaxBatchCacheTTL = 15 * time.Minute
)

// Classifier runs the domain_classification use case.
type Classifier interface {
	Classify(ctx context.Context, name domainname.Name) (classify.Result, error)
}

// Auditor runs the email_security_audit use case.
type Auditor interface {
	Audit(ctx context.Context, name domainname.Name, selector string) (audit.Result, error)
}

// Profiler runs the full_domain_profile use case.
type Profiler interface {
	Profile(ctx context.Context, name domainname.Name, selector string) (profile.Result, error)
}

// Batcher runs the batch_domain_classification use case; it never fails as
// a whole (per-item errors).
type Batcher interface {
	Classify(ctx context.Context, inputs []string) batch.Result
}

// Config holds the API's dependencies.
type Config struct {
	Classifier Classifier    // required
	Auditor    Auditor       // required
	Profiler   Profiler      // required
	Batcher    Batcher       // required
	Cache      usecase.Cache // required (*cache.Layer)
	// ClassifyTimeout, AuditTimeout, ProfileTimeout and BatchTimeout bound
	// one use-case call. Required (> 0).
	ClassifyTimeout time.Duration
	AuditTimeout    time.Duration
	ProfileTimeout  time.Duration
	BatchTimeout    time.Duration
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
	case cfg.Profiler == nil:
		return nil, errors.New("httpapi: Config.Profiler is required")
	case cfg.Batcher == nil:
		return nil, errors.New("httpapi: Config.Batcher is required")
	case cfg.Cache == nil:
		return nil, errors.New("httpapi: Config.Cache is required")
	case cfg.ClassifyTimeout <= 0 || cfg.AuditTimeout <= 0 || cfg.ProfileTimeout <= 0 || cfg.BatchTimeout <= 0:
		return nil, errors.New("httpapi: Config.ClassifyTimeout, AuditTimeout, ProfileTimeout and BatchTimeout must be positive")
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &API{cfg: cfg, log: log}, nil
}

// ClassifyInput parses a classify request for input.Middleware.
func ClassifyInput(c echo.Context) (ClassifyQuery, error) {
	return ParseClassifyQuery(c.Request().URL.RawQuery)
}

// AuditInput parses a dns-audit request for input.Middleware.
func AuditInput(c echo.Context) (AuditQuery, error) {
	return ParseAuditQuery(c.Request().URL.RawQuery)
}

// ProfileInput parses a full-profile request for input.Middleware: the
// same query rules as dns-audit (domain, optional selector).
func ProfileInput(c echo.Context) (ProfileQuery, error) {
	return ParseProfileQuery(c.Request().URL.RawQuery)
}

// BatchInput reads and validates a batch-classify body for
// input.Middleware (after strictjson.BodyLimit).
func BatchInput(c echo.Context) (BatchRequest, error) {
	body, err := strictjson.ReadBody(c.Request())
	if err != nil {
		return BatchRequest{}, err
	}
	return ParseBatchBody(body)
}

// classifyKey, auditKey and batchKey are the canonical requests the cache
// keys on (the full profile uses auditKey under its own operation name).
type classifyKey struct {
	Domain string `json:"domain"`
}

type auditKey struct {
	Domain   string `json:"domain"`
	Selector string `json:"selector"`
}

// timeoutReason ends the 504 message of every operation.
const timeoutReason = "DNS or website answers were too slow"

// Classify serves GET /api/v1/domain/classify.
func (a *API) Classify(c echo.Context) error {
	return usecase.Serve(c, a.cfg.Cache, usecase.Spec[ClassifyQuery, classify.Result]{
		Op: ClassifyOp.CacheOp, Timeout: a.cfg.ClassifyTimeout, TimeoutMessage: timeoutReason,
		Key: func(q ClassifyQuery) any { return classifyKey{Domain: q.Name.ASCII} },
		Run: func(ctx context.Context, q ClassifyQuery) (classify.Result, error) {
			return a.cfg.Classifier.Classify(ctx, q.Name)
		},
		Check: func(r classify.Result) error {
			if r.DomainType != classify.TypeUnknown {
				return nil
			}
			checks := make([]string, 0, len(r.Unknowns))
			for _, u := range r.Unknowns {
				checks = append(checks, u.Check)
			}
			return nothingDefinite(ClassifyOp.CacheOp, r.Domain, checks)
		},
		TTL: func(r classify.Result) time.Duration { return CacheTTL(r.TTLSeconds, len(r.Unknowns)) },
	}, a.log)
}

// Audit serves GET /api/v1/domain/dns-audit.
func (a *API) Audit(c echo.Context) error {
	return usecase.Serve(c, a.cfg.Cache, usecase.Spec[AuditQuery, audit.Result]{
		Op: AuditOp.CacheOp, Timeout: a.cfg.AuditTimeout, TimeoutMessage: timeoutReason,
		Key: func(q AuditQuery) any { return auditKey{Domain: q.Name.ASCII, Selector: q.Selector} },
		Run: func(ctx context.Context, q AuditQuery) (audit.Result, error) {
			return a.cfg.Auditor.Audit(ctx, q.Name, q.Selector)
		},
		Check: func(r audit.Result) error { return auditDefinite(AuditOp.CacheOp, r) },
		TTL:   func(r audit.Result) time.Duration { return CacheTTL(r.TTLSeconds, len(r.UnknownChecks)) },
	}, a.log)
}

// Profile serves GET /api/v1/domain/full-profile.
func (a *API) Profile(c echo.Context) error {
	return usecase.Serve(c, a.cfg.Cache, usecase.Spec[ProfileQuery, profile.Result]{
		Op: ProfileOp.CacheOp, Timeout: a.cfg.ProfileTimeout, TimeoutMessage: timeoutReason,
		Key: func(q ProfileQuery) any { return auditKey{Domain: q.Name.ASCII, Selector: q.Selector} },
		Run: func(ctx context.Context, q ProfileQuery) (profile.Result, error) {
			return a.cfg.Profiler.Profile(ctx, q.Name, q.Selector)
		},
		Check: func(r profile.Result) error { return auditDefinite(ProfileOp.CacheOp, r.DNSAudit) },
		TTL:   ProfileCacheTTL,
	}, a.log)
}

// BatchClassify serves POST /api/v1/domain/batch-classify. Items the
// deadline cut short are per-item "timeout" errors and the call still
// answers 200; only a client that went away (request canceled) gets an
// error, so that it is not charged for an answer it never reads.
func (a *API) BatchClassify(c echo.Context) error {
	req, ok := input.Get[BatchRequest](c)
	if !ok {
		return errors.New("httpapi: batch-classify input missing (route registered without its input middleware)")
	}
	return a.cfg.Cache.JSON(c, BatchOp.CacheOp, batchKey(req), func(parent context.Context) ([]byte, time.Duration, error) {
		ctx, cancel := context.WithTimeout(parent, a.cfg.BatchTimeout)
		defer cancel()
		r := a.cfg.Batcher.Classify(ctx, req.Domains)
		if err := parent.Err(); err != nil {
			return nil, 0, usecase.DeadlineError(BatchOp.CacheOp, a.cfg.BatchTimeout, err, timeoutReason)
		}
		body, err := json.Marshal(r)
		if err != nil {
			return nil, 0, fmt.Errorf("httpapi: encode batch-classify result: %w", err)
		}
		ttl := BatchCacheTTL(r)
		a.log.DebugContext(ctx, "batch-classify computed", slog.Int("count", r.Count), slog.Int("unique", r.UniqueDomains),
			slog.Int("failed", r.Failed), slog.Duration("cache_ttl", ttl))
		return body, ttl, nil
	}, nil)
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

// ProfileCacheTTL is how long a full profile stays in the response cache:
// UnknownCacheTTL when a DNS check of its audit could not complete or the
// website was unreachable (often transient), else the audit's CacheTTL
// capped at WebsiteCacheTTL.
func ProfileCacheTTL(r profile.Result) time.Duration {
	if !r.WebsiteMetadata.Reachable || len(r.DNSAudit.UnknownChecks) > 0 {
		return UnknownCacheTTL
	}
	return min(CacheTTL(r.DNSAudit.TTLSeconds, 0), WebsiteCacheTTL)
}

// BatchCacheTTL is how long a batch response stays in the response cache:
//
//   - 0 (not cached) when an item has a timeout, canceled or
//     classification_failed error, so that a retry classifies again;
//   - UnknownCacheTTL when a classification has unknown checks or no
//     definite TTL;
//   - else the smallest ttl_seconds of the classifications clamped to
//     [MinCacheTTL, MaxBatchCacheTTL]; MaxBatchCacheTTL when every entry
//     is an invalid input (a per-item error that does not change).
func BatchCacheTTL(r batch.Result) time.Duration {
	smallest := uint32(0)
	seen := false
	for _, it := range r.Results {
		if it.Error != nil {
			switch it.Error.Code {
			case batch.CodeTimeout, batch.CodeCanceled, batch.CodeClassificationFailed:
				return 0
			}
			continue
		}
		if it.Classification == nil {
			continue
		}
		cl := it.Classification
		if len(cl.UnknownChecks) > 0 || cl.TTLSeconds == 0 {
			return UnknownCacheTTL
		}
		if !seen || cl.TTLSeconds < smallest {
			smallest, seen = cl.TTLSeconds, true
		}
	}
	if !seen {
		return MaxBatchCacheTTL
	}
	return min(max(time.Duration(smallest)*time.Second, MinCacheTTL), MaxBatchCacheTTL)
}

// nothingDefinite is the answer when DNS established nothing about the
// domain (every resolver failed or timed out): a 502 that is not settled,
// rather than a paid result made only of "unknown". Partial failures are
// results: the affected fields say "unknown" and the call answers 200.
func nothingDefinite(op, domain string, checks []string) error {
	return apierror.New(apierror.CodeUpstreamFailure,
		"%s: DNS gave no definite answer for %s; nothing was charged, retry later", op, domain).
		WithDetails(map[string]any{"unknown_checks": checks})
}

// auditDefinite fails an audit whose core checks (MX, SPF and DMARC) all
// came back unknown: such a result would say nothing about the domain.
func auditDefinite(op string, r audit.Result) error {
	core := map[audit.CheckName]bool{audit.CheckMX: false, audit.CheckSPF: false, audit.CheckDMARC: false}
	var checks []string
	for _, u := range r.UnknownChecks {
		checks = append(checks, string(u.Check))
		if _, ok := core[u.Check]; ok {
			core[u.Check] = true
		}
	}
	for _, unknown := range core {
		if !unknown {
			return nil
		}
	}
	return nothingDefinite(op, r.Domain, checks)
}
