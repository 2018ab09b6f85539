// Package cache provides the response cache both services share: one Store
// interface with a Redis and an in-process implementation, and a Layer that
// derives keys from the canonical request, coalesces identical concurrent
// requests, fails open when the store is down, and reports HIT or MISS.
package cache

import (
	"context"
	"errors"
	"time"
)

// Store is a byte cache with TTLs plus the reserve/release primitive the
// payment layer uses to let one authorization through at most once.
type Store interface {
	// Get returns the value and true, or false when absent or expired.
	Get(ctx context.Context, key string) ([]byte, bool, error)
	// Set stores val for ttl (ttl must be > 0).
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
	// Reserve sets key only if it does not exist (SET NX) and reports
	// whether this call set it.
	Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error)
	// Release deletes key.
	Release(ctx context.Context, key string) error
	// IncrBy adds delta to the integer counter at key and returns the new
	// value, atomically across every process sharing the store. A counter
	// that did not exist starts at 0 and expires after ttl; later calls do
	// not extend it (ttl must be > 0). Counters are not evicted by the
	// in-process store's LRU bound.
	IncrBy(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error)
	// Admit is a rate limiter shared by every process using the store
	// (GCRA, the generic cell rate algorithm) under a rate of one call per
	// interval with bursts of up to burst calls. It reserves the earliest
	// free slot when that slot comes within `within` of now, and returns
	// the wait until it (0: the call may go at once; the caller waits that
	// long and then calls, without asking again); when the slot comes
	// later, nothing is reserved and the returned wait is greater than
	// within. Slots are handed out in the order the store receives the
	// calls, so callers are served first come, first served across every
	// process. The shared store's own clock decides, so replicas' clocks
	// do not matter.
	Admit(ctx context.Context, key string, interval time.Duration, burst int, within time.Duration) (time.Duration, error)
	// Kind names the implementation: "redis" or "memory".
	Kind() string
	Close() error
}

// ErrBadTTL is returned by Set and Reserve for a non-positive TTL.
var ErrBadTTL = errors.New("cache: ttl must be positive")
