package website

import (
	"sync"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
)

// Home pages are remembered briefly so that one research request, which
// reads a site's home page to resolve the company's name (Identity) and
// again to gather its evidence (Gather), fetches it and its robots.txt
// once. Only successfully read home pages are kept, with the robots.txt
// rules that admitted them; a failure is always retried.
const (
	homeMemoTTL  = time.Minute
	homeMemoSize = 256
)

type homeMemo struct {
	mu      sync.Mutex
	entries map[string]homeEntry // by domain
}

type homeEntry struct {
	page   *fetch.Page
	robots map[string]*Robots // by origin
	at     time.Time
}

func (m *homeMemo) get(domain string, now time.Time) (homeEntry, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[domain]
	if !ok || now.Sub(e.at) >= homeMemoTTL || now.Before(e.at) {
		return homeEntry{}, false
	}
	return e, true
}

func (m *homeMemo) put(domain string, e homeEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries == nil {
		m.entries = map[string]homeEntry{}
	}
	if len(m.entries) >= homeMemoSize {
		for d, old := range m.entries {
			if e.at.Sub(old.at) >= homeMemoTTL {
				delete(m.entries, d)
			}
		}
		if len(m.entries) >= homeMemoSize {
			return // full of fresh entries: this one is simply not remembered
		}
	}
	m.entries[domain] = e
}

// robotsSnapshot returns the robots.txt rules the crawl has read so far
// (as robotsFor left them, nil rules included). It is called right after
// the home page was read, before the crawl fetches anything concurrently,
// so every entry's once.Do has returned on this goroutine.
func (c *crawl) robotsSnapshot() map[string]*Robots {
	c.robotsMu.Lock()
	defer c.robotsMu.Unlock()
	out := make(map[string]*Robots, len(c.robots))
	for origin, e := range c.robots {
		if e.err == nil {
			out[origin] = e.rules
		}
	}
	return out
}

// adoptRobots makes rules read earlier the crawl's own.
func (c *crawl) adoptRobots(rules map[string]*Robots) {
	c.robotsMu.Lock()
	defer c.robotsMu.Unlock()
	for origin, r := range rules {
		e := &robotsEntry{}
		e.once.Do(func() { e.rules = r })
		c.robots[origin] = e
	}
}
