package echox402

import (
	"context"
	"sync"
	"time"
)

// MemoryReplayStore is an in-process ReplayStore for tests and single
// instances. Expired keys are dropped as new ones are reserved.
type MemoryReplayStore struct {
	mu   sync.Mutex
	keys map[string]time.Time
	now  func() time.Time
}

var _ ReplayStore = (*MemoryReplayStore)(nil)

// NewMemoryReplayStore returns an empty store; now defaults to time.Now.
func NewMemoryReplayStore(now func() time.Time) *MemoryReplayStore {
	if now == nil {
		now = time.Now
	}
	return &MemoryReplayStore{keys: map[string]time.Time{}, now: now}
}

// Reserve implements ReplayStore.
func (s *MemoryReplayStore) Reserve(_ context.Context, key string, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for k, exp := range s.keys {
		if !now.Before(exp) {
			delete(s.keys, k)
		}
	}
	if _, ok := s.keys[key]; ok {
		return false, nil
	}
	s.keys[key] = now.Add(ttl)
	return true, nil
}

// Release implements ReplayStore.
func (s *MemoryReplayStore) Release(_ context.Context, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.keys, key)
	return nil
}
