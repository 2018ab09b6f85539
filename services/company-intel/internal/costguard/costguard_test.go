package costguard_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/services/company-intel/internal/costguard"
)

func TestTab(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		daily, req float64
		calls      []float64
		wantErrs   []error
	}{
		{"within both", 1, 0.05, []float64{0.007, 0.007}, []error{nil, nil}},
		{"request budget", 1, 0.01, []float64{0.007, 0.007}, []error{nil, costguard.ErrRequestBudget}},
		{"daily budget", 0.01, 1, []float64{0.007, 0.007, 0.003}, []error{nil, costguard.ErrDailyBudget, nil}},
		{"free calls always pass", 0, 0, []float64{0, 0}, []error{nil, nil}},
		{"zero budget refuses paid", 0, 0, []float64{0.001}, []error{costguard.ErrRequestBudget}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g, err := costguard.New(costguard.Config{Counter: cache.NewMemory(10), DailyUSD: tt.daily, PerRequestUSD: tt.req})
			if err != nil {
				t.Fatal(err)
			}
			tab := g.Begin()
			for i, c := range tt.calls {
				if err := tab.Reserve(context.Background(), c); !errors.Is(err, tt.wantErrs[i]) {
					t.Fatalf("call %d (%v): %v, want %v", i, c, err, tt.wantErrs[i])
				}
			}
		})
	}
}

// TestDailyBudgetAcrossReplicas runs two guards (two replicas) on one real
// Redis: together they never reserve more than the day's budget.
func TestDailyBudgetAcrossReplicas(t *testing.T) {
	url := redistest.URL(t)
	now := func() time.Time { return time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC) }
	prefix := "test:budget:" + t.Name() + time.Now().Format("150405.000000")
	var guards []*costguard.Guard
	for range 2 {
		r, err := cache.NewRedis(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		g, err := costguard.New(costguard.Config{Counter: r, Prefix: prefix, DailyUSD: 0.07, PerRequestUSD: 1, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		guards = append(guards, g)
	}
	var ok atomic.Int32
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			err := guards[i%2].Begin().Reserve(context.Background(), 0.007)
			switch {
			case err == nil:
				ok.Add(1)
			case !errors.Is(err, costguard.ErrDailyBudget):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 10 {
		t.Fatalf("%d calls admitted, want exactly 10 (0.07 / 0.007)", ok.Load())
	}
	spent, err := guards[1].SpentToday(context.Background())
	if err != nil || spent != 0.07 {
		t.Fatalf("spent today = %v, %v; want 0.07 (refusals given back)", spent, err)
	}
	if err := guards[0].CanSpend(context.Background(), 0.007); !errors.Is(err, costguard.ErrDailyBudget) {
		t.Fatalf("CanSpend = %v, want daily budget", err)
	}
}

type brokenCounter struct{}

func (brokenCounter) IncrBy(context.Context, string, int64, time.Duration) (int64, error) {
	return 0, errors.New("connection refused")
}

func TestStoreDownFailsClosed(t *testing.T) {
	t.Parallel()
	g, _ := costguard.New(costguard.Config{Counter: brokenCounter{}, DailyUSD: 10, PerRequestUSD: 1})
	if err := g.Begin().Reserve(context.Background(), 0.007); !errors.Is(err, costguard.ErrStore) {
		t.Fatalf("err = %v, want ErrStore", err)
	}
	if err := g.Begin().Reserve(context.Background(), 0); err != nil {
		t.Fatalf("free call refused: %v", err)
	}
}
