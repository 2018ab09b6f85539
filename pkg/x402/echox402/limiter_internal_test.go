package echox402

import (
	"fmt"
	"testing"
	"time"
)

// TestFailureLimiterIsBounded: the tracked addresses never exceed the
// bound; the least recently refused address is forgotten first.
func TestFailureLimiterIsBounded(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	l := newFailureLimiter(1, time.Minute, 3, func() time.Time { return now })
	for i := range 100 {
		l.fail(fmt.Sprintf("198.51.100.%d", i))
		if l.size() > 3 {
			t.Fatalf("%d addresses tracked, bound 3", l.size())
		}
	}
	l.fail("a")
	l.fail("b")
	l.fail("c")
	l.fail("a") // a is now the most recently refused
	l.fail("d") // evicts b
	if l.blocked("b") != 0 {
		t.Fatal("b should have been forgotten")
	}
	for _, addr := range []string{"a", "c", "d"} {
		if l.blocked(addr) == 0 {
			t.Fatalf("%s should still be limited", addr)
		}
	}
	// Expired entries are dropped when looked up.
	now = now.Add(time.Minute)
	if l.blocked("a") != 0 || l.size() != 2 {
		t.Fatalf("after the window: blocked %v, size %d", l.blocked("a"), l.size())
	}
}
