package sec_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sec"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

const tickerPath = "/files/company_tickers.json"

// lookups runs LookupTicker("NWRB") perCaller times on each source at
// once and returns the Usage.Contents they report together.
func lookups(t *testing.T, perCaller int, sources ...*sec.Source) int {
	t.Helper()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		total int
	)
	for _, s := range sources {
		for range perCaller {
			wg.Go(func() {
				ls, u, err := s.LookupTicker(context.Background(), "NWRB")
				if err != nil || len(ls) != 1 || ls[0].CIK != "1999001" {
					t.Errorf("LookupTicker = %+v, %v", ls, err)
				}
				mu.Lock()
				total += u.Contents
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	return total
}

func withStore(store sec.Store) func(*sec.Config) {
	return func(c *sec.Config) { c.Store = store }
}

// TestTickerFileSharedByReplicas: replicas sharing a store fetch the
// ticker file once between them, whether they ask at once (one takes the
// lease and fetches, the others wait for its copy) or one after another.
func TestTickerFileSharedByReplicas(t *testing.T) {
	t.Run("at once", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, fixtures()...)
		srv.SetLatency(300 * time.Millisecond)
		store := cache.NewMemory(100)
		a, b, c := newSource(t, srv, withStore(store)), newSource(t, srv, withStore(store)), newSource(t, srv, withStore(store))
		if total := lookups(t, 4, a, b, c); total != 1 {
			t.Errorf("usage reports %d fetches, want 1", total)
		}
		if n := srv.CallsTo(tickerPath); n != 1 {
			t.Errorf("ticker file fetched %d times by three replicas, want 1", n)
		}
	})
	t.Run("one after another", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, fixtures()...)
		store := cache.NewMemory(100)
		a, b := newSource(t, srv, withStore(store)), newSource(t, srv, withStore(store))
		if total := lookups(t, 1, a); total != 1 {
			t.Errorf("replica A: usage %d, want 1", total)
		}
		if total := lookups(t, 1, b); total != 0 {
			t.Errorf("replica B: usage %d, want 0 (read from the store)", total)
		}
		if n := srv.Calls(); n != 1 {
			t.Errorf("%d calls to the SEC, want 1", n)
		}
	})
}

// TestTickerFileSharedTTL: the file is fetched once per TickerTTL for the
// cluster: a replica reading the shared copy keeps it until TickerTTL
// after it was fetched, not after it was read.
func TestTickerFileSharedTTL(t *testing.T) {
	clock := now
	tick := func() time.Time { return clock }
	store := cache.NewMemory(100).WithClock(tick)
	srv := sourcetest.NewSEC(t, fixtures()...)
	at := func(c *sec.Config) { c.Now = tick }
	a, b := newSource(t, srv, withStore(store), at), newSource(t, srv, withStore(store), at)
	for i, step := range []struct {
		advance    time.Duration
		s          *sec.Source
		wantUsage  int
		wantCalls  int
		whatHappen string
	}{
		{0, a, 1, 1, "A fetches"},
		{23 * time.Hour, b, 0, 1, "B reads A's copy"},
		{59 * time.Minute, b, 0, 1, "B keeps it in memory"},
		{time.Minute, b, 1, 2, "24 h after A's fetch: B fetches"},
		{time.Minute, a, 0, 2, "A reads B's copy"},
	} {
		clock = clock.Add(step.advance)
		if got := lookups(t, 1, step.s); got != step.wantUsage {
			t.Errorf("step %d (%s): usage %d, want %d", i, step.whatHappen, got, step.wantUsage)
		}
		if n := srv.CallsTo(tickerPath); n != step.wantCalls {
			t.Fatalf("step %d (%s): %d fetches, want %d", i, step.whatHappen, n, step.wantCalls)
		}
	}
}

// TestTickerFileLease: a replica waits for the one holding the lease; one
// whose fetch fails gives the lease back at once; one that went away
// holds it until it expires, and the file is fetched then.
func TestTickerFileLease(t *testing.T) {
	const lease = sec.DefaultKeyPrefix + "tickers:v1:lease"
	t.Run("a failed fetch stores nothing and releases the lease", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, fixtures()...)
		srv.Fail("/files/", sourcetest.FaultNotFound)
		store := cache.NewMemory(100)
		a, b := newSource(t, srv, withStore(store)), newSource(t, srv, withStore(store))
		if _, _, err := a.LookupTicker(context.Background(), "NWRB"); upstream.KindOf(err) != upstream.KindNotFound {
			t.Fatalf("replica A: err = %v, want not_found", err)
		}
		start := time.Now()
		if total := lookups(t, 1, b); total != 1 {
			t.Errorf("replica B: usage %d, want 1", total)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("replica B took %v: it waited for a lease A should have released", took)
		}
		if n := srv.CallsTo(tickerPath); n != 2 {
			t.Errorf("%d fetches, want 2", n)
		}
	})
	t.Run("a replica gone with the lease", func(t *testing.T) {
		var (
			mu    sync.Mutex
			clock = now
		)
		tick := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
		store := cache.NewMemory(100).WithClock(tick)
		if ok, err := store.Reserve(context.Background(), lease, sec.TickerLease); !ok || err != nil {
			t.Fatal(ok, err)
		}
		srv := sourcetest.NewSEC(t, fixtures()...)
		s := newSource(t, srv, withStore(store))
		ctx, cancel := context.WithTimeout(context.Background(), 3*sec.TickerPoll)
		defer cancel()
		if _, _, err := s.LookupTicker(ctx, "NWRB"); upstream.KindOf(err) != upstream.KindTimeout {
			t.Fatalf("err = %v, want a timeout while another replica holds the lease", err)
		}
		if n := srv.Calls(); n != 0 {
			t.Fatalf("%d fetches while another replica held the lease, want 0", n)
		}
		mu.Lock()
		clock = clock.Add(sec.TickerLease) // the lease expires
		mu.Unlock()
		ls, _, err := s.LookupTicker(context.Background(), "NWRB")
		if err != nil || len(ls) != 1 {
			t.Fatalf("after the lease expired: %+v, %v", ls, err)
		}
		if n := srv.CallsTo(tickerPath); n != 1 {
			t.Errorf("%d fetches, want 1", n)
		}
	})
}

// TestTickerFileStoreAway: a store that does not answer (Redis down) or
// holds a copy that does not decode costs nothing but the sharing: each
// replica fetches the file as before, and a bad copy is replaced.
func TestTickerFileStoreAway(t *testing.T) {
	t.Run("redis down", func(t *testing.T) {
		down, err := cache.NewRedis("redis://127.0.0.1:1/0?dial_timeout=100ms")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = down.Close() })
		srv := sourcetest.NewSEC(t, fixtures()...)
		a, b := newSource(t, srv, withStore(down)), newSource(t, srv, withStore(down))
		if total := lookups(t, 2, a, b); total != 2 {
			t.Errorf("usage %d, want 2", total)
		}
		if n := srv.CallsTo(tickerPath); n != 2 {
			t.Errorf("%d fetches, want 2 (one per replica, as without a store)", n)
		}
	})
	t.Run("undecodable copy", func(t *testing.T) {
		store := cache.NewMemory(100)
		key := sec.DefaultKeyPrefix + "tickers:v1"
		for _, bad := range [][]byte{[]byte("not a ticker file"), []byte(now.Format(time.RFC3339Nano) + "\nnot gzip")} {
			if err := store.Set(context.Background(), key, bad, time.Hour); err != nil {
				t.Fatal(err)
			}
			srv := sourcetest.NewSEC(t, fixtures()...)
			a, b := newSource(t, srv, withStore(store)), newSource(t, srv, withStore(store))
			if total := lookups(t, 1, a); total != 1 {
				t.Errorf("replica A: usage %d, want 1 (fetched)", total)
			}
			if total := lookups(t, 1, b); total != 0 {
				t.Errorf("replica B: usage %d, want 0 (A replaced the bad copy)", total)
			}
			if n := srv.CallsTo(tickerPath); n != 1 {
				t.Errorf("%d fetches, want 1", n)
			}
		}
	})
}

// TestTickerFileSharedRedis: replicas, each with its own connection to one
// real Redis, fetch the file once between them.
func TestTickerFileSharedRedis(t *testing.T) {
	url := redistest.URL(t)
	prefix := "test:sec:" + time.Now().Format("150405.000000000") + ":"
	srv := sourcetest.NewSEC(t, fixtures()...)
	srv.SetLatency(300 * time.Millisecond)
	var sources []*sec.Source
	for range 3 {
		r, err := cache.NewRedis(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = r.Release(context.Background(), prefix+"tickers:v1")
			_ = r.Close()
		})
		sources = append(sources, newSource(t, srv, withStore(r), func(c *sec.Config) { c.KeyPrefix = prefix }))
	}
	if total := lookups(t, 3, sources...); total != 1 {
		t.Errorf("usage %d, want 1", total)
	}
	if n := srv.CallsTo(tickerPath); n != 1 {
		t.Errorf("ticker file fetched %d times by three replicas on one Redis, want 1", n)
	}
}
