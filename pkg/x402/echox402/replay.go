package echox402

import (
	"context"
	"sync"
	"time"
)

// MemoryReplayStore is an in-process ReplayStore for tests and single
// instances. Expired keys are swept when the map has doubled since the
// last sweep, so reservations cost amortised O(1).
type MemoryReplayStore struct {
	mu        sync.Mutex
	keys      map[string]time.Time
	now       func() time.Time
	nextSweep int
}

// minSweep is the map size below which expired keys are not swept.
const minSweep = 1024

var _ ReplayStore = (*MemoryReplayStore)(nil)

// NewMemoryReplayStore returns an empty store; now defaults to time.Now.
func NewMemoryReplayStore(now func() time.Time) *MemoryReplayStore {
	if now == nil {
		now = time.Now
	}
	return &MemoryReplayStore{keys: map[string]time.Time{}, now: now, nextSweep: minSweep}
}

// Reserve implements ReplayStore.
func (s *MemoryReplayStore) Reserve(_ context.Context, key string, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if len(s.keys) >= s.nextSweep {
		for k, exp := range s.keys {
			if !now.Before(exp) {
				delete(s.keys, k)
			}
		}
		s.nextSweep = max(minSweep, 2*len(s.keys))
	}
	if exp, ok := s.keys[key]; ok && now.Before(exp) {
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
