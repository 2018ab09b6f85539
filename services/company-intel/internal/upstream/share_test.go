package upstream_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// provider records when each call arrived.
type provider struct {
	mu    sync.Mutex
	times []time.Time
}

func (p *provider) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	p.times = append(p.times, time.Now())
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{}`))
}

func (p *provider) span() (int, time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.times) == 0 {
		return 0, 0
	}
	first, last := p.times[0], p.times[0]
	for _, t := range p.times {
		if t.Before(first) {
			first = t
		}
		if t.After(last) {
			last = t
		}
	}
	return len(p.times), last.Sub(first)
}

func sharedClient(t *testing.T, store upstream.Admitter, name string, rps float64) *upstream.Client {
	t.Helper()
	c := upstream.New(upstream.Config{Name: name, Timeout: 5 * time.Second, RatePerSecond: rps, Burst: 1, MaxRetries: -1,
		Share: upstream.Share{Store: store, Scope: "test", Replicas: 2}})
	t.Cleanup(c.Close)
	return c
}

// TestRateSharedByReplicas: two replicas' clients of one provider, each
// with its own connection to one Redis, send as fast as they are admitted:
// the provider sees the calls of both spaced by the one configured rate.
func TestRateSharedByReplicas(t *testing.T) {
	url := redistest.URL(t)
	p := &provider{}
	srv := httptest.NewServer(p)
	defer srv.Close()
	name := "shared-" + time.Now().Format("150405.000000")
	const rps = 10 // one call per 100 ms for both replicas together
	var wg sync.WaitGroup
	for range 2 {
		r, err := cache.NewRedis(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		c := sharedClient(t, r, name, rps)
		wg.Go(func() {
			for range 6 {
				if _, err := c.Do(context.Background(), upstream.Request{URL: srv.URL}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	n, span := p.span()
	if n != 12 || span < 11*100*time.Millisecond-20*time.Millisecond {
		t.Fatalf("the provider received %d calls within %v, want 12 spread over >= 1.1 s (one rate for both replicas)", n, span)
	}
}

// TestSharedSlotsFirstComeFirstServed: calls that arrive one after another
// on two replicas sharing one Redis are answered in the order they
// arrived, each at its own slot, so that early callers finish early (no
// caller that came later overtakes one that is waiting).
func TestSharedSlotsFirstComeFirstServed(t *testing.T) {
	url := redistest.URL(t)
	var (
		mu    sync.Mutex
		order []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		order = append(order, r.URL.Query().Get("n"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	name := "fifo-" + time.Now().Format("150405.000000")
	var clients []*upstream.Client
	for range 2 {
		r, err := cache.NewRedis(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		clients = append(clients, sharedClient(t, r, name, 20)) // one call per 50 ms
	}
	const calls = 10
	var want []string
	var wg sync.WaitGroup
	for i := range calls {
		n := strconv.Itoa(i)
		want = append(want, n)
		c := clients[i%2]
		wg.Go(func() {
			if _, err := c.Do(context.Background(), upstream.Request{URL: srv.URL + "/?n=" + n}); err != nil {
				t.Error(err)
			}
		})
		time.Sleep(10 * time.Millisecond) // the calls arrive in order, faster than the rate admits them
	}
	wg.Wait()
	if !slices.Equal(order, want) {
		t.Fatalf("the provider received the calls in the order %v, want the order they arrived in %v", order, want)
	}
}

// TestRateShareWithoutRedis: while the shared store is unavailable a
// replica keeps its share of the rate (RatePerSecond / Replicas) locally.
func TestRateShareWithoutRedis(t *testing.T) {
	down, err := cache.NewRedis("redis://127.0.0.1:1/0?dial_timeout=100ms")
	if err != nil {
		t.Fatal(err)
	}
	defer down.Close()
	p := &provider{}
	srv := httptest.NewServer(p)
	defer srv.Close()
	c := sharedClient(t, down, "down", 10) // a share of 5/s
	for range 4 {
		if _, err := c.Do(context.Background(), upstream.Request{URL: srv.URL}); err != nil {
			t.Fatal(err)
		}
	}
	if n, span := p.span(); n != 4 || span < 3*200*time.Millisecond-20*time.Millisecond {
		t.Fatalf("%d calls within %v without Redis, want 4 over >= 600 ms (5/s, half of 10/s)", n, span)
	}
}

// TestSharedSlotAfterDeadline: a call whose shared slot comes after its
// deadline is not started.
func TestSharedSlotAfterDeadline(t *testing.T) {
	store := cache.NewMemory(10)
	p := &provider{}
	srv := httptest.NewServer(p)
	defer srv.Close()
	c := sharedClient(t, store, "slow", 0.5) // one call per 2 s
	if _, err := c.Do(context.Background(), upstream.Request{URL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Do(ctx, upstream.Request{URL: srv.URL})
	if upstream.KindOf(err) != upstream.KindRateLimited || time.Since(start) > 100*time.Millisecond {
		t.Fatalf("err %v after %v, want rate_limited at once", err, time.Since(start))
	}
	if n, _ := p.span(); n != 1 {
		t.Fatalf("the provider received %d calls, want 1", n)
	}
}

// slowProvider answers after delay.
type slowProvider struct {
	provider
	delay time.Duration
}

func (p *slowProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	time.Sleep(p.delay)
	p.provider.ServeHTTP(w, r)
}

// TestCallThatCannotFinishIsNotStarted: once a provider's answers take
// 200 ms, a call with 100 ms left is not sent (its answer would be thrown
// away); a call with time enough is.
func TestCallThatCannotFinishIsNotStarted(t *testing.T) {
	p := &slowProvider{delay: 200 * time.Millisecond}
	srv := httptest.NewServer(p)
	defer srv.Close()
	c := upstream.New(upstream.Config{Name: "slow", Timeout: 5 * time.Second, MaxRetries: -1})
	defer c.Close()
	if _, err := c.Do(context.Background(), upstream.Request{URL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := c.Do(ctx, upstream.Request{URL: srv.URL})
	if upstream.KindOf(err) != upstream.KindTimeout {
		t.Fatalf("err = %v, want a timeout before sending", err)
	}
	if n, _ := p.span(); n != 1 {
		t.Fatalf("the provider received %d calls, want 1 (the call that could not finish was sent)", n)
	}
	if _, err := c.Do(context.Background(), upstream.Request{URL: srv.URL}); err != nil {
		t.Fatal(err)
	}
}

// TestStartByBoundsQueueing: calls whose slot comes after their start-by
// time are not started (rate limited at once, no slot taken), even with
// a deadline far ahead; those whose slot comes before it are sent. With
// the shared store and with this process's limiter alike.
func TestStartByBoundsQueueing(t *testing.T) {
	for _, shared := range []bool{true, false} {
		t.Run(map[bool]string{true: "shared", false: "local"}[shared], func(t *testing.T) {
			p := &provider{}
			srv := httptest.NewServer(p)
			defer srv.Close()
			var store upstream.Admitter
			if shared {
				store = cache.NewMemory(10)
			}
			c := upstream.New(upstream.Config{Name: "queue", Timeout: 5 * time.Second, RatePerSecond: 10, Burst: 1, MaxRetries: -1,
				Share: upstream.Share{Store: store, Scope: "test", Replicas: 1}})
			t.Cleanup(c.Close)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			ctx = upstream.WithStartBy(ctx, time.Now().Add(250*time.Millisecond))
			var (
				wg      sync.WaitGroup
				mu      sync.Mutex
				limited int
			)
			start := time.Now()
			for range 6 {
				wg.Go(func() {
					_, err := c.Do(ctx, upstream.Request{URL: srv.URL})
					if upstream.KindOf(err) == upstream.KindRateLimited {
						mu.Lock()
						limited++
						mu.Unlock()
					} else if err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			// Slots at 0, 100 and 200 ms come before the start-by time;
			// the other three would come at 300–500 ms.
			if n, _ := p.span(); n != 3 || limited != 3 || time.Since(start) > time.Second {
				t.Fatalf("%d calls sent, %d rate limited, in %v; want 3 and 3 within about 250 ms", n, limited, time.Since(start))
			}
		})
	}
}
