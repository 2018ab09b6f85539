package cache_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/redistest"
)

func TestAdmit(t *testing.T) {
	for name, mk := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s, ns := mk(t)
			k := ns + ":rate"
			// A burst of 3 is admitted at once; past it, a call that will
			// not wait is refused and consumes nothing; calls that will wait
			// are given the following slots one interval apart, in order.
			const iv = 200 * time.Millisecond
			for i := range 3 {
				if wait, err := s.Admit(ctx, k, iv, 3, 0); err != nil || wait != 0 {
					t.Fatalf("call %d of the burst: wait %v, %v", i+1, wait, err)
				}
			}
			for range 2 {
				wait, err := s.Admit(ctx, k, iv, 3, 0)
				if err != nil || wait < iv-50*time.Millisecond || wait > iv {
					t.Fatalf("past the burst, not waiting: wait %v, %v; want about %v and refused", wait, err, iv)
				}
			}
			for i := 1; i <= 2; i++ {
				wait, err := s.Admit(ctx, k, iv, 3, time.Second)
				if want := time.Duration(i) * iv; err != nil || wait < want-50*time.Millisecond || wait > want {
					t.Fatalf("reserved slot %d: wait %v, %v; want about %v", i, wait, err, want)
				}
			}
			if wait, err := s.Admit(ctx, k, iv, 3, 500*time.Millisecond); err != nil || wait <= 500*time.Millisecond {
				t.Fatalf("a slot later than the caller accepts: wait %v, %v; want > 500ms (refused)", wait, err)
			}
			time.Sleep(3*iv + 10*time.Millisecond)
			if wait, err := s.Admit(ctx, k, iv, 3, 0); err != nil || wait != 0 {
				t.Fatalf("after the reserved slots passed: wait %v, %v", wait, err)
			}
		})
	}
}

// TestAdmitSharedByReplicas: two processes' stores on one Redis share one
// rate: calls admitted to both, as fast as they are admitted, are spaced
// at least one interval apart.
func TestAdmitSharedByReplicas(t *testing.T) {
	url := redistest.URL(t)
	const interval = 50 * time.Millisecond
	key := namespace() + ":shared"
	var (
		mu       sync.Mutex
		admitted []time.Time
		wg       sync.WaitGroup
	)
	for range 2 {
		r, err := cache.NewRedis(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		wg.Go(func() {
			for range 6 {
				wait, err := r.Admit(context.Background(), key, interval, 1, time.Second)
				if err != nil {
					t.Error(err)
					return
				}
				time.Sleep(wait)
				mu.Lock()
				admitted = append(admitted, time.Now())
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(admitted) != 12 {
		t.Fatalf("admitted %d calls", len(admitted))
	}
	first, last := admitted[0], admitted[0]
	for _, a := range admitted {
		if a.Before(first) {
			first = a
		}
		if a.After(last) {
			last = a
		}
	}
	// 12 calls at one per 50 ms take at least 11 intervals between the
	// first and the last, whichever replica sent them.
	if span := last.Sub(first); span < 11*interval-10*time.Millisecond {
		t.Fatalf("12 calls admitted within %v, want >= %v: the replicas did not share the rate", span, 11*interval)
	}
}
