package audit

import (
	"context"
	"strings"
	"sync"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// session wraps the resolver for one audit: identical questions asked by
// concurrent checks are sent once, and the queries and smallest TTL are
// recorded. It is safe for concurrent use.
type session struct {
	r       Resolver
	mu      sync.Mutex
	calls   map[question]*call
	queries int
	minTTL  uint32
}

type question struct {
	name  string
	qtype uint16
}

type call struct {
	done chan struct{}
	ans  resolver.Answer
}

func newSession(r Resolver) *session {
	return &session{r: r, calls: map[question]*call{}}
}

// Lookup implements the Resolver interfaces of the analysis packages.
func (s *session) Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer {
	q := question{name: dns.Fqdn(strings.ToLower(name)), qtype: qtype}
	s.mu.Lock()
	if c, ok := s.calls[q]; ok {
		s.mu.Unlock()
		select {
		case <-c.done:
			return c.ans
		case <-ctx.Done():
			return resolver.Answer{Name: q.name, Type: qtype, Status: resolver.StatusUnknown, Reason: ctx.Err().Error()}
		}
	}
	c := &call{done: make(chan struct{})}
	s.calls[q] = c
	s.queries++
	s.mu.Unlock()

	c.ans = s.r.Lookup(ctx, q.name, qtype)
	s.mu.Lock()
	if c.ans.Status != resolver.StatusUnknown && c.ans.TTL > 0 && (s.minTTL == 0 || c.ans.TTL < s.minTTL) {
		s.minTTL = c.ans.TTL
	}
	s.mu.Unlock()
	close(c.done)
	return c.ans
}

func (s *session) stats() (queries int, minTTL uint32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queries, s.minTTL
}
