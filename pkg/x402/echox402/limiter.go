package echox402

import (
	"container/list"
	"net"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// failureLimiter counts refused payments per client address in fixed
// windows that start at the address's first refusal. It is in-process and
// bounded: past max addresses the least recently refused is forgotten.
type failureLimiter struct {
	limit  int
	window time.Duration
	max    int
	now    func() time.Time

	mu     sync.Mutex
	lru    *list.List // of *failures; front: most recently refused
	byAddr map[string]*list.Element
}

type failures struct {
	addr  string
	start time.Time
	count int
}

func newFailureLimiter(limit int, window time.Duration, maxAddrs int, now func() time.Time) *failureLimiter {
	return &failureLimiter{limit: limit, window: window, max: maxAddrs, now: now,
		lru: list.New(), byAddr: make(map[string]*list.Element)}
}

// blocked returns how long addr stays limited; 0 when it is not.
func (l *failureLimiter) blocked(addr string) time.Duration {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	el, ok := l.byAddr[addr]
	if !ok {
		return 0
	}
	f := el.Value.(*failures)
	left := f.start.Add(l.window).Sub(l.now())
	if left <= 0 {
		l.lru.Remove(el)
		delete(l.byAddr, addr)
		return 0
	}
	if f.count < l.limit {
		return 0
	}
	return left
}

// fail records one refused payment of addr.
func (l *failureLimiter) fail(addr string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if el, ok := l.byAddr[addr]; ok {
		f := el.Value.(*failures)
		if now.Before(f.start.Add(l.window)) {
			f.count++
		} else {
			f.start, f.count = now, 1
		}
		l.lru.MoveToFront(el)
		return
	}
	for l.lru.Len() >= l.max {
		oldest := l.lru.Back()
		l.lru.Remove(oldest)
		delete(l.byAddr, oldest.Value.(*failures).addr)
	}
	l.byAddr[addr] = l.lru.PushFront(&failures{addr: addr, start: now, count: 1})
}

// size is the number of addresses tracked (tests).
func (l *failureLimiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.byAddr)
}

// clientAddr is the address refused payments are counted under: echo's
// RealIP when forwarded headers are trusted or an IPExtractor is set, else
// the connection's remote address; an IPv6 address counts as its /64.
func (m *payMiddleware) clientAddr(c echo.Context) string {
	var s string
	if m.cfg.TrustForwardedHeaders || c.Echo().IPExtractor != nil {
		s = c.RealIP()
	} else {
		s = echo.ExtractIPDirect()(c.Request())
	}
	ip := net.ParseIP(s)
	if ip == nil {
		return s
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}
