package cache

import (
	"context"
	"time"
)

// Leaser is the part of a Store a lease needs.
type Leaser interface {
	Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error)
	Release(ctx context.Context, key string) error
}

// Lease is the outcome of AwaitLease.
type Lease struct {
	// Filled is true when another process filled the key while this one
	// waited (filled reported it): the caller reads it and does no work.
	Filled bool
	// Release gives the lease back once the caller has filled the key; a
	// no-op when this process does not hold it. Its error only means the
	// lease is left to expire.
	Release func() error
}

// AwaitLease lets one process among those sharing store l fill key (a
// value each would otherwise compute alone: an evidence bundle, a
// reference file): it takes the lease key+":lease" for ttl, or, while
// another process holds it, polls filled every poll until that process
// has filled key. The caller has looked for key just before (filled is
// asked only after the first attempt to take the lease).
//
// Filled false means: compute and store the value, then call Release.
// That is so when this process took the lease (after one more look once
// it has waited: the holder may have filled key as it gave the lease
// back), and also when waiting is over: ctx is done or its deadline is
// within two polls (computing alone is then the better answer), or the
// wait exceeded ttl plus a poll (the holder went away), or the store
// failed (err is that failure: without a shared store, each process
// computes alone).
func AwaitLease(ctx context.Context, l Leaser, key string, ttl, poll time.Duration, filled func() bool) (Lease, error) {
	noop := Lease{Release: func() error { return nil }}
	lkey := key + ":lease"
	giveUp := time.Now().Add(ttl + poll)
	waited := false
	for {
		got, err := l.Reserve(ctx, lkey, ttl)
		if err != nil {
			return noop, err
		}
		if got {
			release := func() error { return l.Release(context.WithoutCancel(ctx), lkey) }
			if waited && filled() {
				_ = release()
				return Lease{Filled: true, Release: noop.Release}, nil
			}
			return Lease{Release: release}, nil
		}
		waited = true
		if filled() {
			return Lease{Filled: true, Release: noop.Release}, nil
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < 2*poll {
			return noop, nil
		}
		if time.Now().After(giveUp) {
			return noop, nil
		}
		select {
		case <-ctx.Done():
			return noop, nil
		case <-time.After(poll):
		}
	}
}
