package cache_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/redistest"
)

// stores returns every Store implementation, each under a fresh namespace.
func stores(t *testing.T) map[string]func(t *testing.T) (cache.Store, string) {
	return map[string]func(t *testing.T) (cache.Store, string){
		"memory": func(t *testing.T) (cache.Store, string) { return cache.NewMemory(1000), namespace() },
		"redis": func(t *testing.T) (cache.Store, string) {
			r, err := cache.NewRedis(redistest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = r.Close() })
			return r, namespace()
		},
	}
}

func namespace() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return "test:" + hex.EncodeToString(b[:])
}

type countingRecorder struct {
	mu sync.Mutex
	n  map[string]int
}

func (r *countingRecorder) CacheLookup(_ context.Context, _ string, outcome string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == nil {
		r.n = map[string]int{}
	}
	r.n[outcome]++
}

func (r *countingRecorder) get(o string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n[o]
}

func TestStoreSuite(t *testing.T) {
	for name, mk := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			t.Run("get set expire", func(t *testing.T) {
				s, ns := mk(t)
				k := ns + ":k"
				if _, ok, err := s.Get(ctx, k); err != nil || ok {
					t.Fatalf("empty get = %v, %v", ok, err)
				}
				if err := s.Set(ctx, k, []byte("v1"), 150*time.Millisecond); err != nil {
					t.Fatal(err)
				}
				v, ok, err := s.Get(ctx, k)
				if err != nil || !ok || string(v) != "v1" {
					t.Fatalf("get = %q %v %v", v, ok, err)
				}
				time.Sleep(400 * time.Millisecond)
				if _, ok, _ := s.Get(ctx, k); ok {
					t.Fatal("entry survived its TTL")
				}
				if err := s.Set(ctx, k, []byte("x"), 0); !errors.Is(err, cache.ErrBadTTL) {
					t.Fatalf("zero ttl err = %v", err)
				}
			})
			t.Run("reserve once", func(t *testing.T) {
				s, ns := mk(t)
				k := ns + ":nonce"
				var wins atomic.Int32
				var wg sync.WaitGroup
				for range 20 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						ok, err := s.Reserve(ctx, k, time.Minute)
						if err != nil {
							t.Error(err)
						}
						if ok {
							wins.Add(1)
						}
					}()
				}
				wg.Wait()
				if wins.Load() != 1 {
					t.Fatalf("%d concurrent reservations won, want 1", wins.Load())
				}
				if err := s.Release(ctx, k); err != nil {
					t.Fatal(err)
				}
				if ok, _ := s.Reserve(ctx, k, time.Minute); !ok {
					t.Fatal("reserve after release failed")
				}
			})
			t.Run("layer MISS then HIT", func(t *testing.T) {
				s, ns := mk(t)
				rec := &countingRecorder{}
				l := cache.NewLayer(cache.LayerConfig{Store: s, Prefix: ns, Header: "x-test-cache", Recorder: rec})
				e := echo.New()
				var computed atomic.Int32
				e.GET("/r", func(c echo.Context) error {
					key := struct {
						Domain string `json:"domain"`
					}{c.QueryParam("d")}
					return l.JSON(c, "op", key, func(context.Context) ([]byte, time.Duration, error) {
						computed.Add(1)
						return []byte(`{"n":1}`), time.Minute, nil
					}, nil)
				})
				get := func(d string) *httptest.ResponseRecorder {
					rr := httptest.NewRecorder()
					e.ServeHTTP(rr, httptest.NewRequest(http.MethodGet, "/r?d="+d, nil))
					return rr
				}
				if h := get("a.com").Header().Get("x-test-cache"); h != "MISS" {
					t.Fatalf("first = %q, want MISS", h)
				}
				r2 := get("a.com")
				if h := r2.Header().Get("x-test-cache"); h != "HIT" {
					t.Fatalf("second = %q, want HIT", h)
				}
				if r2.Body.String() != `{"n":1}` || r2.Code != 200 {
					t.Fatalf("hit body %q code %d", r2.Body.String(), r2.Code)
				}
				if h := get("b.com").Header().Get("x-test-cache"); h != "MISS" {
					t.Fatalf("other key = %q, want MISS", h)
				}
				if computed.Load() != 2 || rec.get(cache.OutcomeHit) != 1 || rec.get(cache.OutcomeMiss) != 2 {
					t.Fatalf("computed %d, hits %d, misses %d", computed.Load(), rec.get("hit"), rec.get("miss"))
				}
			})
			t.Run("errors are not cached", func(t *testing.T) {
				s, ns := mk(t)
				l := cache.NewLayer(cache.LayerConfig{Store: s, Prefix: ns})
				boom := errors.New("upstream down")
				calls := 0
				f := func(context.Context) ([]byte, time.Duration, error) {
					calls++
					if calls == 1 {
						return nil, 0, boom
					}
					return []byte("ok"), time.Minute, nil
				}
				if _, err := l.Do(ctx, "op", "k", f); !errors.Is(err, boom) {
					t.Fatalf("err = %v", err)
				}
				res, err := l.Do(ctx, "op", "k", f)
				if err != nil || res.Hit || string(res.Body) != "ok" {
					t.Fatalf("after error: %+v %v", res, err)
				}
			})
			t.Run("concurrent identical requests coalesce", func(t *testing.T) {
				s, ns := mk(t)
				l := cache.NewLayer(cache.LayerConfig{Store: s, Prefix: ns})
				var computed atomic.Int32
				release := make(chan struct{})
				var wg sync.WaitGroup
				var hits atomic.Int32
				for range 10 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						res, err := l.Do(ctx, "op", "same", func(context.Context) ([]byte, time.Duration, error) {
							computed.Add(1)
							<-release
							return []byte("v"), time.Minute, nil
						})
						if err != nil {
							t.Error(err)
						}
						if res.Hit {
							hits.Add(1)
						}
					}()
				}
				time.Sleep(100 * time.Millisecond)
				close(release)
				wg.Wait()
				if computed.Load() != 1 {
					t.Fatalf("computed %d times, want 1", computed.Load())
				}
				if hits.Load() != 9 {
					t.Fatalf("hits = %d, want 9 (one MISS)", hits.Load())
				}
			})
		})
	}
}

func TestKeyCanonical(t *testing.T) {
	l := cache.NewLayer(cache.LayerConfig{Store: cache.NewMemory(1), Prefix: "p"})
	type req struct {
		Company      string `json:"company"`
		LookbackDays int    `json:"lookbackDays"`
	}
	a, _ := l.Key("signals", req{"acme.com", 90})
	b, _ := l.Key("signals", req{"acme.com", 90})
	c, _ := l.Key("signals", req{"acme.com", 30})
	d, _ := l.Key("brief", req{"acme.com", 90})
	if a != b || a == c || a == d {
		t.Fatalf("keys: %s %s %s %s", a, b, c, d)
	}
}

func TestMemoryLRUBound(t *testing.T) {
	m := cache.NewMemory(3)
	ctx := context.Background()
	for i := range 5 {
		_ = m.Set(ctx, fmt.Sprint(i), []byte("v"), time.Minute)
	}
	if m.Len() != 3 {
		t.Fatalf("len = %d", m.Len())
	}
	if _, ok, _ := m.Get(ctx, "0"); ok {
		t.Fatal("oldest entry not evicted")
	}
	if _, ok, _ := m.Get(ctx, "4"); !ok {
		t.Fatal("newest entry evicted")
	}
}

// TestRedisStoppedMidTest: a Redis the test started itself is stopped; the
// layer keeps answering as MISS and records the store errors.
func TestRedisStoppedMidTest(t *testing.T) {
	inst := redistest.Start(t)
	r, err := cache.NewRedis(inst.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rec := &countingRecorder{}
	l := cache.NewLayer(cache.LayerConfig{Store: r, Prefix: namespace(), Header: "x-test-cache", Recorder: rec})
	ctx := context.Background()
	f := func(context.Context) ([]byte, time.Duration, error) { return []byte("v"), time.Minute, nil }
	if res, err := l.Do(ctx, "op", "k", f); err != nil || res.Hit {
		t.Fatalf("first: %+v %v", res, err)
	}
	if res, err := l.Do(ctx, "op", "k", f); err != nil || !res.Hit {
		t.Fatalf("second: %+v %v", res, err)
	}
	inst.Stop()
	for i := range 3 {
		res, err := l.Do(ctx, "op", "k", f)
		if err != nil || res.Hit || string(res.Body) != "v" {
			t.Fatalf("after stop #%d: %+v %v", i, res, err)
		}
	}
	if rec.get(cache.OutcomeError) == 0 {
		t.Fatal("store failure not recorded")
	}
}

// TestRedisFailsFastWhileDown: after a connection failure every command —
// whichever Redis user makes it — fails at once for RedisDownFor instead of
// waiting for its own dial timeouts, and Redis is used again once it is
// back and the interval has passed.
func TestRedisFailsFastWhileDown(t *testing.T) {
	inst := redistest.Start(t)
	r, err := cache.NewRedis(inst.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx := context.Background()
	key := namespace() + ":k"
	if err := r.Set(ctx, key, []byte("v"), time.Minute); err != nil {
		t.Fatal(err)
	}
	inst.Stop()
	if _, _, err := r.Get(ctx, key); err == nil || errors.Is(err, cache.ErrRedisDown) {
		t.Fatalf("first command after the stop: %v, want a connection error", err)
	}
	start := time.Now()
	for _, call := range []func() error{
		func() error { _, _, err := r.Get(ctx, key); return err },
		func() error { return r.Set(ctx, key, []byte("v"), time.Minute) },
		func() error { _, err := r.Reserve(ctx, key+":r", time.Minute); return err },
		func() error { _, err := r.IncrBy(ctx, key+":n", 1, time.Minute); return err },
		func() error { return r.Release(ctx, key+":r") },
	} {
		if err := call(); !errors.Is(err, cache.ErrRedisDown) {
			t.Fatalf("while down: %v, want ErrRedisDown", err)
		}
	}
	if took := time.Since(start); took > 100*time.Millisecond {
		t.Fatalf("five commands while down took %s; they must not wait for Redis", took)
	}
	time.Sleep(cache.RedisDownFor + 100*time.Millisecond)
	if _, _, err := r.Get(ctx, key); errors.Is(err, cache.ErrRedisDown) || err == nil {
		t.Fatalf("after the interval: %v, want Redis tried again (and still unreachable)", err)
	}
}

// TestLocalFallback: with Redis gone, values this process wrote are still
// served (from its local copy) while shared primitives fail; a value it
// did not write is a miss with the store's error.
func TestLocalFallback(t *testing.T) {
	inst := redistest.Start(t)
	r, err := cache.NewRedis(inst.URL)
	if err != nil {
		t.Fatal(err)
	}
	s := cache.WithLocalFallback(r, cache.NewMemory(8))
	defer s.Close()
	ctx := context.Background()
	ns := namespace()
	if err := s.Set(ctx, ns+":mine", []byte("v"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := r.Set(ctx, ns+":other", []byte("w"), time.Minute); err != nil { // another replica's write
		t.Fatal(err)
	}
	if v, ok, err := s.Get(ctx, ns+":other"); err != nil || !ok || string(v) != "w" {
		t.Fatalf("while up: %q %v %v", v, ok, err)
	}
	inst.Stop()
	if v, ok, err := s.Get(ctx, ns+":mine"); err != nil || !ok || string(v) != "v" {
		t.Fatalf("own value while down: %q %v %v", v, ok, err)
	}
	if _, ok, err := s.Get(ctx, ns+":other"); err == nil || ok {
		t.Fatalf("other replica's value while down: ok %v err %v, want a miss with the store error", ok, err)
	}
	if _, err := s.Reserve(ctx, ns+":auth", time.Minute); err == nil {
		t.Fatal("Reserve succeeded without the shared store")
	}
	if _, err := s.IncrBy(ctx, ns+":n", 1, time.Minute); err == nil {
		t.Fatal("IncrBy succeeded without the shared store")
	}
	if s.Kind() != "redis" {
		t.Fatalf("kind = %q", s.Kind())
	}
}

func TestValidateRedisURL(t *testing.T) {
	for raw, ok := range map[string]bool{
		"redis://127.0.0.1:6379/0":                        true,
		"rediss://user:pass@redis.example:6380/2":         true,
		"redis://s1:26379?master_name=main&addr=s2:26379": true,
		"redis://n1:6379?addr=n2:6379&addr=n3:6379":       true,
		"redis://127.0.0.1:6379/notanumber":               false,
		"redis://127.0.0.1:6379/0?dial_timeout=soon":      false,
		"http://127.0.0.1:6379":                           false,
	} {
		err := cache.ValidateRedisURL(raw)
		if (err == nil) != ok {
			t.Errorf("ValidateRedisURL(%q) = %v, want ok %v", raw, err, ok)
		}
		r, nerr := cache.NewRedis(raw)
		if nerr == nil {
			_ = r.Close()
		}
		if (nerr == nil) != (err == nil) {
			t.Errorf("%q: ValidateRedisURL %v but NewRedis %v", raw, err, nerr)
		}
	}
}
