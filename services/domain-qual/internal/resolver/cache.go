package resolver

import (
	"container/list"
	"sync"
	"time"
)

// question is a cache and singleflight key.
type question struct {
	name  string // lower-case FQDN
	qtype uint16
}

// cache is a bounded LRU of answers that expire with their TTL. It is safe
// for concurrent use.
type cache struct {
	mu      sync.Mutex
	max     int
	maxTTL  time.Duration
	order   *list.List // front = most recently used; values are *cacheEntry
	entries map[question]*list.Element
}

type cacheEntry struct {
	key     question
	answer  Answer
	expires time.Time
}

func newCache(size int, maxTTL time.Duration) *cache {
	return &cache{max: size, maxTTL: maxTTL, order: list.New(), entries: make(map[question]*list.Element)}
}

// get returns the cached answer with its TTL lowered to the time left.
func (c *cache) get(k question, now time.Time) (Answer, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[k]
	if !ok {
		return Answer{}, false
	}
	e := el.Value.(*cacheEntry)
	left := e.expires.Sub(now)
	if left <= 0 {
		c.order.Remove(el)
		delete(c.entries, k)
		return Answer{}, false
	}
	c.order.MoveToFront(el)
	a := e.answer.clone()
	a.TTL = uint32((left + time.Second - 1) / time.Second)
	return a, true
}

// put stores a definite answer for its TTL (capped at maxTTL). Unknown
// answers and answers with a zero TTL are never stored.
func (c *cache) put(k question, a Answer, now time.Time) {
	if a.Status == StatusUnknown || a.TTL == 0 {
		return
	}
	ttl := time.Duration(a.TTL) * time.Second
	if ttl > c.maxTTL {
		ttl = c.maxTTL
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[k]; ok {
		el.Value = &cacheEntry{key: k, answer: a.clone(), expires: now.Add(ttl)}
		c.order.MoveToFront(el)
		return
	}
	c.entries[k] = c.order.PushFront(&cacheEntry{key: k, answer: a.clone(), expires: now.Add(ttl)})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*cacheEntry).key)
	}
}
