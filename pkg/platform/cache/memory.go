package cache

import (
	"container/list"
	"context"
	"sync"
	"time"
)

// Memory is a bounded in-process LRU cache with per-entry TTLs, used when no
// Redis is configured. It is safe for concurrent use.
type Memory struct {
	mu      sync.Mutex
	max     int
	ll      *list.List // front = most recently used
	entries map[string]*list.Element
	// counters live outside the LRU: evicting one would reset a budget.
	counters map[string]*memCounter
	// tats are Admit's theoretical arrival times, outside the LRU too.
	tats map[string]time.Time
	now  func() time.Time
}

type memCounter struct {
	n       int64
	expires time.Time
}

type memEntry struct {
	key     string
	val     []byte
	expires time.Time
}

// NewMemory returns a cache holding at most maxEntries (minimum 1).
func NewMemory(maxEntries int) *Memory {
	if maxEntries < 1 {
		maxEntries = 1
	}
	return &Memory{max: maxEntries, ll: list.New(), entries: make(map[string]*list.Element),
		counters: make(map[string]*memCounter), tats: make(map[string]time.Time), now: time.Now}
}

// WithClock replaces the clock (tests).
func (m *Memory) WithClock(now func() time.Time) *Memory { m.now = now; return m }

func (m *Memory) Kind() string { return "memory" }
func (m *Memory) Close() error { return nil }

// Len reports the number of entries held, expired ones included.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ll.Len()
}

func (m *Memory) Get(_ context.Context, key string) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.entries[key]
	if !ok {
		return nil, false, nil
	}
	e := el.Value.(*memEntry)
	if !m.now().Before(e.expires) {
		m.remove(el)
		return nil, false, nil
	}
	m.ll.MoveToFront(el)
	return append([]byte(nil), e.val...), true, nil
}

func (m *Memory) Set(_ context.Context, key string, val []byte, ttl time.Duration) error {
	if ttl <= 0 {
		return ErrBadTTL
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.put(key, val, ttl)
	return nil
}

func (m *Memory) Reserve(_ context.Context, key string, ttl time.Duration) (bool, error) {
	if ttl <= 0 {
		return false, ErrBadTTL
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.entries[key]; ok {
		if m.now().Before(el.Value.(*memEntry).expires) {
			return false, nil
		}
		m.remove(el)
	}
	m.put(key, []byte{1}, ttl)
	return true, nil
}

func (m *Memory) Release(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.entries[key]; ok {
		m.remove(el)
	}
	return nil
}

func (m *Memory) put(key string, val []byte, ttl time.Duration) {
	exp := m.now().Add(ttl)
	v := append([]byte(nil), val...)
	if el, ok := m.entries[key]; ok {
		e := el.Value.(*memEntry)
		e.val, e.expires = v, exp
		m.ll.MoveToFront(el)
		return
	}
	m.entries[key] = m.ll.PushFront(&memEntry{key: key, val: v, expires: exp})
	for m.ll.Len() > m.max {
		m.remove(m.ll.Back())
	}
}

func (m *Memory) remove(el *list.Element) {
	m.ll.Remove(el)
	delete(m.entries, el.Value.(*memEntry).key)
}

// IncrBy adds delta to a counter kept outside the LRU. Expired counters
// are dropped when the next counter is created.
func (m *Memory) IncrBy(_ context.Context, key string, delta int64, ttl time.Duration) (int64, error) {
	if ttl <= 0 {
		return 0, ErrBadTTL
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	c, ok := m.counters[key]
	if !ok || !now.Before(c.expires) {
		for k, old := range m.counters {
			if !now.Before(old.expires) {
				delete(m.counters, k)
			}
		}
		c = &memCounter{expires: now.Add(ttl)}
		m.counters[key] = c
	}
	c.n += delta
	return c.n, nil
}

// Admit implements Store (GCRA) for this process alone.
func (m *Memory) Admit(_ context.Context, key string, interval time.Duration, burst int, within time.Duration) (time.Duration, error) {
	if interval <= 0 {
		return 0, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	tat, ok := m.tats[key]
	if !ok || tat.Before(now) {
		tat = now
	}
	wait := max(tat.Add(-interval*time.Duration(max(burst, 1)-1)).Sub(now), 0)
	if wait > within {
		return wait, nil
	}
	m.tats[key] = tat.Add(interval)
	return wait, nil
}
