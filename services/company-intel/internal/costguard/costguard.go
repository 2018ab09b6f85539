// Package costguard bounds what company-intel spends on paid upstream
// providers: a budget per request (a Tab) and a daily budget shared by every
// replica through the cache store's atomic counter (Redis INCRBY; the
// in-process store when no Redis is configured). Amounts are counted in
// micro-USD so the shared counter stays an integer.
//
// A Tab reserves an estimated price before each paid call (it implements
// upstream.Spender); a reservation that would pass the request's budget or
// the day's is refused and nothing is spent. When the store cannot be
// reached, paid calls are refused (fail closed: an outage of the counter
// must not become unbounded spend); free sources are not affected.
package costguard

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"sync"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Errors of a refused reservation.
var (
	ErrRequestBudget = errors.New("costguard: the request's upstream budget is used up")
	ErrDailyBudget   = errors.New("costguard: the daily upstream budget is used up")
	ErrStore         = errors.New("costguard: the budget counter is unavailable")
)

// Counter is the shared counter (satisfied by cache.Store).
type Counter interface {
	IncrBy(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error)
}

// Config configures a Guard.
type Config struct {
	Counter Counter // required
	// Prefix namespaces the daily keys, e.g. "company-intel:budget".
	Prefix string
	// DailyUSD is the most spent per UTC day across replicas.
	DailyUSD float64
	// PerRequestUSD is the most one request may spend.
	PerRequestUSD float64
	Now           func() time.Time
	Logger        *slog.Logger
}

// Guard holds the budgets. Safe for concurrent use.
type Guard struct {
	cfg Config
}

// dayTTL keeps a day's counter long enough for clock skew between
// replicas around midnight.
const dayTTL = 48 * time.Hour

// New returns a Guard.
func New(cfg Config) (*Guard, error) {
	if cfg.Counter == nil {
		return nil, errors.New("costguard: Config.Counter is required")
	}
	if cfg.DailyUSD < 0 || cfg.PerRequestUSD < 0 {
		return nil, errors.New("costguard: budgets must not be negative")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "budget"
	}
	return &Guard{cfg: cfg}, nil
}

func micros(usd float64) int64 { return int64(math.Ceil(usd * 1e6)) }

func (g *Guard) dayKey() string {
	return g.cfg.Prefix + ":" + g.cfg.Now().UTC().Format(time.DateOnly)
}

// SpentToday returns what the replicas have reserved today.
func (g *Guard) SpentToday(ctx context.Context) (float64, error) {
	n, err := g.cfg.Counter.IncrBy(ctx, g.dayKey(), 0, dayTTL)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrStore, err)
	}
	return float64(n) / 1e6, nil
}

// CanSpend reports whether a call costing usd would be admitted today
// (without reserving it): the pre-check before any upstream call.
func (g *Guard) CanSpend(ctx context.Context, usd float64) error {
	if usd > g.cfg.PerRequestUSD {
		return ErrRequestBudget
	}
	spent, err := g.SpentToday(ctx)
	if err != nil {
		return err
	}
	if micros(spent)+micros(usd) > micros(g.cfg.DailyUSD) {
		return ErrDailyBudget
	}
	return nil
}

// Tab is one request's budget.
type Tab struct {
	g        *Guard
	mu       sync.Mutex
	reserved int64
}

var _ upstream.Spender = (*Tab)(nil)

// Begin opens a request's tab.
func (g *Guard) Begin() *Tab { return &Tab{g: g} }

// Reserve admits a call costing usd, or refuses it with ErrRequestBudget,
// ErrDailyBudget or ErrStore; a refused call reserves nothing.
func (t *Tab) Reserve(ctx context.Context, usd float64) error {
	m := micros(usd)
	if m <= 0 {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.reserved+m > micros(t.g.cfg.PerRequestUSD) {
		return ErrRequestBudget
	}
	key := t.g.dayKey()
	n, err := t.g.cfg.Counter.IncrBy(ctx, key, m, dayTTL)
	if err != nil {
		t.g.cfg.Logger.WarnContext(ctx, "upstream budget counter unavailable; paid call refused", slog.Any("err", err))
		return fmt.Errorf("%w: %v", ErrStore, err)
	}
	if n > micros(t.g.cfg.DailyUSD) {
		// Give the reservation back; a failure here only under-spends.
		if _, err := t.g.cfg.Counter.IncrBy(context.WithoutCancel(ctx), key, -m, dayTTL); err != nil {
			t.g.cfg.Logger.WarnContext(ctx, "upstream budget: returning a refused reservation failed", slog.Any("err", err))
		}
		t.g.cfg.Logger.WarnContext(ctx, "daily upstream budget reached; paid call refused",
			slog.Float64("daily_usd", t.g.cfg.DailyUSD))
		return ErrDailyBudget
	}
	t.reserved += m
	return nil
}

// Reserved returns what the tab has reserved.
func (t *Tab) Reserved() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return float64(t.reserved) / 1e6
}
