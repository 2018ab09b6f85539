package website

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
)

// Home pages are shared so that one research request, which reads a
// site's home page to resolve the company's name (Identity) and again to
// gather its evidence (Gather, GatherEarly), fetches it and its
// robots.txt once, whether the two reads follow each other or start at
// the same moment:
//   - reads of one domain that overlap share one fetch (homeFlight): the
//     first makes it, the others wait for its outcome — success or
//     failure — and adopt it (the page, the robots.txt rules read and the
//     URLs fetched), making no request and counting none; when the first
//     reader's context ends before its fetch does, the others that are
//     still waiting read the page themselves;
//   - a home page read successfully is remembered briefly (homeMemo), with
//     the robots.txt rules that admitted it; a failure is never
//     remembered, so a later read retries it.
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
	robots map[string]robotsRead // by origin, rules only (no errors)
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

// homeFlight is the home-page reads in progress, by domain.
type homeFlight struct {
	mu    sync.Mutex
	calls map[string]*homeCall
}

// homeCall is one home-page read in progress; its fields are set before
// done is closed.
type homeCall struct {
	done   chan struct{}
	page   *fetch.Page
	err    error
	robots map[string]robotsRead // every origin whose robots.txt was asked for, errors included
	known  []string              // the normalised URLs fetched
	// abandoned: the reader's context ended before its fetch did, so err
	// says nothing about the site.
	abandoned bool
	waiters   int // the crawls that joined it (under homeFlight.mu)
}

// join returns the read of domain in progress, or starts one: first is
// true when the caller must read the page and then call finish.
func (f *homeFlight) join(domain string) (call *homeCall, first bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if call := f.calls[domain]; call != nil {
		call.waiters++
		return call, false
	}
	if f.calls == nil {
		f.calls = map[string]*homeCall{}
	}
	call = &homeCall{done: make(chan struct{})}
	f.calls[domain] = call
	return call, true
}

// finish publishes the outcome of the first reader's crawl c to the
// others. It runs on c's goroutine right after the home page was read,
// before c fetches anything concurrently.
func (f *homeFlight) finish(ctx context.Context, c *crawl, call *homeCall, page *fetch.Page, err error, abandoned bool) {
	call.page, call.err, call.abandoned = page, err, abandoned
	call.robots = c.robotsReads(false)
	for u := range c.known {
		call.known = append(call.known, u)
	}
	f.mu.Lock()
	delete(f.calls, c.domain)
	waiters := call.waiters
	f.mu.Unlock()
	close(call.done)
	if waiters > 0 {
		c.s.log.DebugContext(ctx, "website: home page read shared", slog.String("domain", c.domain), slog.Int("waiters", waiters),
			slog.Bool("abandoned", abandoned), slog.String("code", string(fetch.CodeOf(err))))
	}
}

// robotsRead is what asking for one origin's robots.txt gave.
type robotsRead struct {
	rules *Robots
	err   error
}

// robotsReads returns the robots.txt reads the crawl has made so far (as
// robotsFor left them, nil rules included; failed ones too unless
// rulesOnly). It is called right after the home page was read, before the
// crawl fetches anything concurrently, so every entry's once.Do has
// returned on this goroutine.
func (c *crawl) robotsReads(rulesOnly bool) map[string]robotsRead {
	c.robotsMu.Lock()
	defer c.robotsMu.Unlock()
	out := make(map[string]robotsRead, len(c.robots))
	for origin, e := range c.robots {
		if e.err == nil || !rulesOnly {
			out[origin] = robotsRead{rules: e.rules, err: e.err}
		}
	}
	return out
}

// adoptRobots makes robots.txt reads made earlier, or by another crawl,
// the crawl's own.
func (c *crawl) adoptRobots(reads map[string]robotsRead) {
	c.robotsMu.Lock()
	defer c.robotsMu.Unlock()
	for origin, r := range reads {
		e := &robotsEntry{}
		e.once.Do(func() { e.rules, e.err = r.rules, r.err })
		c.robots[origin] = e
	}
}
