package website

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestHomeReadOfAReaderThatWentAway: a crawl waiting for another's read of
// the home page does not inherit that reader's cancellation: when the
// reader goes away mid-read, the waiting crawl reads the page itself.
func TestHomeReadOfAReaderThatWentAway(t *testing.T) {
	t.Parallel()
	const domain = "northwind-robotics.com"
	sites := sourcetest.NewSites(t, sourcetest.NorthwindSite(time.Now()))
	s, err := New(Config{Fetcher: sites.Fetcher(t, 0), HTTPSPort: sites.HTTPSPort(), HTTPPort: sites.HTTPPort()})
	if err != nil {
		t.Fatal(err)
	}
	// The first reader's robots.txt request hangs until it goes away.
	sites.FailAlways("/robots.txt", sourcetest.FaultStall)

	ctxA, cancelA := context.WithCancel(context.Background())
	defer cancelA()
	errA := make(chan error, 1)
	go func() {
		_, err := s.Identity(ctxA, domain)
		errA <- err
	}()
	waitUntil(t, s, domain, func(c *homeCall) bool { return c != nil })

	type answer struct {
		id  Identity
		err error
	}
	b := make(chan answer, 1)
	go func() {
		id, err := s.Identity(context.Background(), domain)
		b <- answer{id, err}
	}()
	waitUntil(t, s, domain, func(c *homeCall) bool { return c != nil && c.waiters == 1 })

	// Once the first reader's request has reached the site (and stalls),
	// robots.txt answers again.
	for deadline := time.Now().Add(10 * time.Second); sites.Calls() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first reader's request never reached the site")
		}
	}
	sites.FailAlways("/robots.txt", "")
	cancelA()
	if err := <-errA; !errors.Is(err, context.Canceled) {
		t.Fatalf("first reader: err = %v, want its cancellation", err)
	}
	got := <-b
	if got.err != nil || got.id.SiteName != "Northwind Robotics" {
		t.Fatalf("waiting reader: %+v, %v", got.id, got.err)
	}
	if got.id.Usage.Contents != 2 {
		t.Fatalf("waiting reader made %d requests, want robots.txt and the home page", got.id.Usage.Contents)
	}
	for _, path := range []string{"/robots.txt", "/"} {
		if n := sites.Fetched(domain, path); n != 1 {
			t.Fatalf("%s answered %d times, want 1", path, n)
		}
	}
}

// waitUntil waits until ok holds for the read of domain in progress.
func waitUntil(t *testing.T, s *Source, domain string, ok func(*homeCall) bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.flights.mu.Lock()
		done := ok(s.flights.calls[domain])
		s.flights.mu.Unlock()
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the home-page read never reached the expected state")
		}
		time.Sleep(time.Millisecond)
	}
}
