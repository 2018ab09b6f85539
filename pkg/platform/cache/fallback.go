package cache

import (
	"context"
	"errors"
	"time"
)

// LocalFallbackEntries bounds the process-local copy kept beside a shared
// store (WithLocalFallback).
const LocalFallbackEntries = 1000

// fallback is a shared store with a process-local copy of what this
// process wrote to it.
type fallback struct {
	primary Store
	local   *Memory
}

// WithLocalFallback returns primary with a process-local copy of the
// values this process writes: Set writes both (the copy with the same
// TTL), and Get answers from primary, or from the copy when primary fails
// (an outage then costs cached answers nothing). Reserve, Release and
// IncrBy use primary only: they must be shared by every replica, and
// their callers handle an unavailable store (Admit too).
func WithLocalFallback(primary Store, local *Memory) Store {
	return &fallback{primary: primary, local: local}
}

func (f *fallback) Get(ctx context.Context, key string) ([]byte, bool, error) {
	v, ok, err := f.primary.Get(ctx, key)
	if err == nil {
		return v, ok, nil
	}
	if lv, lok, _ := f.local.Get(ctx, key); lok {
		return lv, true, nil
	}
	return nil, false, err
}

func (f *fallback) Set(ctx context.Context, key string, val []byte, ttl time.Duration) error {
	if err := f.local.Set(ctx, key, val, ttl); err != nil {
		return err
	}
	return f.primary.Set(ctx, key, val, ttl)
}

func (f *fallback) Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	return f.primary.Reserve(ctx, key, ttl)
}

func (f *fallback) Release(ctx context.Context, key string) error {
	return f.primary.Release(ctx, key)
}

func (f *fallback) IncrBy(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error) {
	return f.primary.IncrBy(ctx, key, delta, ttl)
}

// Admit uses primary only: a rate shared by every replica; its callers
// keep a local share when the store is away.
func (f *fallback) Admit(ctx context.Context, key string, interval time.Duration, burst int, within time.Duration) (time.Duration, error) {
	return f.primary.Admit(ctx, key, interval, burst, within)
}

func (f *fallback) Kind() string { return f.primary.Kind() }

func (f *fallback) Close() error { return errors.Join(f.primary.Close(), f.local.Close()) }
