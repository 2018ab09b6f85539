package cache_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
)

type brokenLeaser struct{}

func (brokenLeaser) Reserve(context.Context, string, time.Duration) (bool, error) {
	return false, errors.New("store down")
}
func (brokenLeaser) Release(context.Context, string) error { return errors.New("store down") }

// TestAwaitLease: one process takes the lease and fills; another waits
// for the fill, and stops waiting when the holder goes away, when its own
// deadline nears, or when the store fails.
func TestAwaitLease(t *testing.T) {
	ctx := context.Background()
	const poll = 10 * time.Millisecond

	t.Run("free lease is taken, released, and taken again", func(t *testing.T) {
		m := cache.NewMemory(100)
		var asked atomic.Int32
		l, err := cache.AwaitLease(ctx, m, "k", time.Minute, poll, func() bool { asked.Add(1); return false })
		if err != nil || l.Filled || asked.Load() != 0 {
			t.Fatalf("first: %+v %v, filled asked %d times (want 0: the caller looked just before)", l, err, asked.Load())
		}
		if got, _ := m.Reserve(ctx, "k:lease", time.Minute); got {
			t.Fatal("the lease is not held")
		}
		if err := l.Release(); err != nil {
			t.Fatal(err)
		}
		if got, _ := m.Reserve(ctx, "k:lease", time.Minute); !got {
			t.Fatal("Release did not give the lease back")
		}
	})

	t.Run("a waiter gets the holder's fill", func(t *testing.T) {
		m := cache.NewMemory(100)
		if got, _ := m.Reserve(ctx, "k:lease", time.Minute); !got {
			t.Fatal("setup")
		}
		var fills atomic.Int32
		start := time.Now()
		l, err := cache.AwaitLease(ctx, m, "k", time.Minute, poll, func() bool { return fills.Add(1) >= 3 })
		if err != nil || !l.Filled || fills.Load() != 3 {
			t.Fatalf("%+v %v after %d looks", l, err, fills.Load())
		}
		if time.Since(start) < 2*poll {
			t.Fatalf("did not poll: %v", time.Since(start))
		}
		if err := l.Release(); err != nil { // a no-op: this process holds nothing
			t.Fatal(err)
		}
		if got, _ := m.Reserve(ctx, "k:lease", time.Minute); got {
			t.Fatal("a waiter's Release freed the holder's lease")
		}
	})

	t.Run("the lease expires: the waiter takes it and looks once more", func(t *testing.T) {
		m := cache.NewMemory(100)
		if got, _ := m.Reserve(ctx, "k:lease", 30*time.Millisecond); !got {
			t.Fatal("setup")
		}
		var looks atomic.Int32
		l, err := cache.AwaitLease(ctx, m, "k", 30*time.Millisecond, poll, func() bool { looks.Add(1); return false })
		if err != nil || l.Filled || looks.Load() < 2 {
			t.Fatalf("%+v %v after %d looks", l, err, looks.Load())
		}
		if got, _ := m.Reserve(ctx, "k:lease", time.Minute); got {
			t.Fatal("the waiter does not hold the expired holder's lease")
		}
	})

	t.Run("the deadline nears: compute alone", func(t *testing.T) {
		m := cache.NewMemory(100)
		if got, _ := m.Reserve(ctx, "k:lease", time.Minute); !got {
			t.Fatal("setup")
		}
		dctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		start := time.Now()
		l, err := cache.AwaitLease(dctx, m, "k", time.Minute, poll, func() bool { return false })
		if err != nil || l.Filled || time.Since(start) > 5*time.Second {
			t.Fatalf("%+v %v after %v", l, err, time.Since(start))
		}
	})

	t.Run("store down: compute alone", func(t *testing.T) {
		l, err := cache.AwaitLease(ctx, brokenLeaser{}, "k", time.Minute, poll, func() bool { return true })
		if err == nil || l.Filled || l.Release() != nil {
			t.Fatalf("%+v %v", l, err)
		}
	})
}
