package echox402

import (
	"context"
	"sync"
	"time"
)

// MemoryReplayStore is an in-process ReplayStore (and HeldStore) for tests
// and single instances. Expired keys are swept when the map has doubled
// since the last sweep, so reservations cost amortised O(1).
type MemoryReplayStore struct {
	mu        sync.Mutex
	keys      map[string]memoryEntry
	now       func() time.Time
	nextSweep int
}

type memoryEntry struct {
	exp time.Time
	val []byte
}

// minSweep is the map size below which expired keys are not swept.
const minSweep = 1024

var (
	_ ReplayStore = (*MemoryReplayStore)(nil)
	_ HeldStore   = (*MemoryReplayStore)(nil)
)

// NewMemoryReplayStore returns an empty store; now defaults to time.Now.
func NewMemoryReplayStore(now func() time.Time) *MemoryReplayStore {
	if now == nil {
		now = time.Now
	}
	return &MemoryReplayStore{keys: map[string]memoryEntry{}, now: now, nextSweep: minSweep}
}

// sweepLocked drops expired keys once the map has doubled.
func (s *MemoryReplayStore) sweepLocked(now time.Time) {
	if len(s.keys) < s.nextSweep {
		return
	}
	for k, e := range s.keys {
		if !now.Before(e.exp) {
			delete(s.keys, k)
		}
	}
	s.nextSweep = max(minSweep, 2*len(s.keys))
}

// Reserve implements ReplayStore.
func (s *MemoryReplayStore) Reserve(_ context.Context, key string, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.sweepLocked(now)
	if e, ok := s.keys[key]; ok && now.Before(e.exp) {
		return false, nil
	}
	s.keys[key] = memoryEntry{exp: now.Add(ttl)}
	return true, nil
}

// Release implements ReplayStore.
func (s *MemoryReplayStore) Release(_ context.Context, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.keys, key)
	return nil
}

// Get implements HeldStore.
func (s *MemoryReplayStore) Get(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.keys[key]
	if !ok || !s.now().Before(e.exp) {
		return nil, false, nil
	}
	return e.val, true, nil
}

// Set implements HeldStore.
func (s *MemoryReplayStore) Set(_ context.Context, key string, val []byte, ttl time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.sweepLocked(now)
	s.keys[key] = memoryEntry{exp: now.Add(ttl), val: append([]byte(nil), val...)}
	return nil
}
