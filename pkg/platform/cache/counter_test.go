package cache_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
)

func TestIncrBy(t *testing.T) {
	for name, mk := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s, ns := mk(t)
			k := ns + ":budget"
			var wg sync.WaitGroup
			for range 50 {
				wg.Go(func() {
					if _, err := s.IncrBy(ctx, k, 7, time.Minute); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			n, err := s.IncrBy(ctx, k, -50, time.Minute)
			if err != nil || n != 300 {
				t.Fatalf("after 50 concurrent +7 and one -50: %d, %v; want 300", n, err)
			}
			if _, err := s.IncrBy(ctx, k, 1, 0); !errors.Is(err, cache.ErrBadTTL) {
				t.Fatalf("zero ttl: %v", err)
			}
			short := ns + ":short"
			if _, err := s.IncrBy(ctx, short, 5, 200*time.Millisecond); err != nil {
				t.Fatal(err)
			}
			// A later increment does not extend the lifetime.
			time.Sleep(120 * time.Millisecond)
			if _, err := s.IncrBy(ctx, short, 5, time.Hour); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			if n, err := s.IncrBy(ctx, short, 1, time.Minute); err != nil || n != 1 {
				t.Fatalf("after expiry: %d, %v; want a fresh counter at 1", n, err)
			}
		})
	}
}

func TestMemoryCountersSurviveLRU(t *testing.T) {
	ctx := context.Background()
	m := cache.NewMemory(1)
	if _, err := m.IncrBy(ctx, "c", 10, time.Minute); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"a", "b", "c2"} {
		if err := m.Set(ctx, k, []byte("x"), time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := m.IncrBy(ctx, "c", 1, time.Minute); n != 11 {
		t.Fatalf("counter = %d after LRU churn, want 11", n)
	}
}
