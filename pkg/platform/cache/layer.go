package cache

import (
	"github.com/intel402/intel402/pkg/x402/servertiming"

	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/singleflight"
)

// Outcomes reported to the Recorder.
const (
	OutcomeHit    = "hit"
	OutcomeMiss   = "miss"
	OutcomeShared = "shared" // coalesced onto an identical in-flight request
	OutcomeError  = "error"  // the store failed; served as a MISS
)

// Header values.
const (
	HIT  = "HIT"
	MISS = "MISS"
)

// Recorder receives one call per cache lookup (metrics).
type Recorder interface {
	CacheLookup(ctx context.Context, op, outcome string)
}

// Layer caches whole responses in a Store.
type Layer struct {
	store     Store
	prefix    string
	header    string
	logger    *slog.Logger
	rec       Recorder
	group     singleflight.Group
	downUntil atomic.Int64 // unix nanos; while in the future the store is bypassed
	now       func() time.Time
}

// LayerConfig configures a Layer.
type LayerConfig struct {
	Store    Store
	Prefix   string // key namespace, e.g. "domain-qual:v1"
	Header   string // e.g. "x-domain-qual-cache"
	Logger   *slog.Logger
	Recorder Recorder // may be nil
}

// NewLayer returns a Layer.
func NewLayer(cfg LayerConfig) *Layer {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Layer{store: cfg.Store, prefix: cfg.Prefix, header: cfg.Header, logger: cfg.Logger, rec: cfg.Recorder, now: time.Now}
}

// Store returns the layer's store.
func (l *Layer) Store() Store { return l.store }

// Key derives the cache key of an operation from its canonical request:
// the JSON encoding of key (normalised input with defaults applied), hashed.
func (l *Layer) Key(op string, key any) (string, error) {
	b, err := json.Marshal(key)
	if err != nil {
		return "", fmt.Errorf("cache.Key: %w", err)
	}
	sum := sha256.Sum256(b)
	return l.prefix + ":" + op + ":" + hex.EncodeToString(sum[:16]), nil
}

// Compute produces a response body and how long it may be cached
// (0 = do not cache).
type Compute func(ctx context.Context) (body []byte, ttl time.Duration, err error)

// Result is what Do returns.
type Result struct {
	Body []byte
	Hit  bool // served from the store or from an identical in-flight request
}

// Do returns the cached body for (op, key) or computes, stores and returns
// it. Identical concurrent calls share one computation. Store failures are
// logged and recorded, and the call is served as a MISS.
func (l *Layer) Do(ctx context.Context, op string, key any, compute Compute) (Result, error) {
	k, err := l.Key(op, key)
	if err != nil {
		return Result{}, err
	}
	if l.storeUp() {
		b, ok, err := l.store.Get(ctx, k)
		switch {
		case err != nil:
			l.storeFailed(ctx, op, "get", err)
		case ok:
			l.record(ctx, op, OutcomeHit)
			return Result{Body: b, Hit: true}, nil
		}
	}
	// singleflight reports shared=true to the leader too when others joined;
	// only the caller whose function ran computed the response (a MISS).
	leader := false
	v, err, _ := l.group.Do(k, func() (any, error) {
		leader = true
		body, ttl, err := compute(ctx)
		if err != nil {
			return nil, err
		}
		if ttl > 0 && l.storeUp() {
			if err := l.store.Set(ctx, k, body, ttl); err != nil {
				l.storeFailed(ctx, op, "set", err)
			}
		}
		return body, nil
	})
	if err != nil {
		return Result{}, err
	}
	if !leader {
		l.record(ctx, op, OutcomeShared)
		return Result{Body: v.([]byte), Hit: true}, nil
	}
	l.record(ctx, op, OutcomeMiss)
	return Result{Body: v.([]byte)}, nil
}

// Deliver rewrites a response body just before it is written, e.g. to put
// the current request's id into it. It receives a copy of the cached or
// computed body, so it never changes what is cached.
type Deliver func(c echo.Context, body []byte) ([]byte, error)

// JSON serves a cached JSON response from an echo handler: it sets the
// HIT/MISS header and writes the body with status 200, passed through
// deliver first unless deliver is nil (on a HIT and a MISS alike).
func (l *Layer) JSON(c echo.Context, op string, key any, compute Compute, deliver Deliver) error {
	start := time.Now()
	res, err := l.Do(c.Request().Context(), op, key, compute)
	// The work phase of Server-Timing: a HIT is a store read, a MISS the
	// use case itself.
	timings := servertiming.From(c.Request().Context())
	if err != nil {
		timings.Since("work", start, "failed")
		return err
	}
	if res.Hit {
		timings.Since("work", start, "cache hit")
	} else {
		timings.Since("work", start, "cache miss")
	}
	body := res.Body
	if deliver != nil {
		if body, err = deliver(c, bytes.Clone(res.Body)); err != nil {
			return err
		}
	}
	if res.Hit {
		c.Response().Header().Set(l.header, HIT)
	} else {
		c.Response().Header().Set(l.header, MISS)
	}
	return c.JSONBlob(http.StatusOK, body)
}

const bypassFor = 2 * time.Second

func (l *Layer) storeUp() bool { return l.now().UnixNano() >= l.downUntil.Load() }

func (l *Layer) storeFailed(ctx context.Context, op, action string, err error) {
	l.downUntil.Store(l.now().Add(bypassFor).UnixNano())
	l.record(ctx, op, OutcomeError)
	l.logger.WarnContext(ctx, "cache store failed; serving without cache",
		slog.String("store", l.store.Kind()), slog.String("op", op), slog.String("action", action),
		slog.Duration("bypass_for", bypassFor), slog.Any("err", err))
}

func (l *Layer) record(ctx context.Context, op, outcome string) {
	if l.rec != nil {
		l.rec.CacheLookup(ctx, op, outcome)
	}
}
