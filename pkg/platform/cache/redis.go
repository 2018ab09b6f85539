package cache

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/extra/redisotel/v9"
	"github.com/redis/go-redis/v9"
)

// Redis is a Store on a go-redis UniversalClient, so a single node, a
// Sentinel-managed primary or a Cluster all work.
type Redis struct {
	client redis.UniversalClient
	// downUntil (unix nanos) is set after a connection failure: until then
	// every command fails at once with ErrRedisDown instead of waiting for
	// its own dial timeouts, so the service's Redis users (response cache,
	// replay store, evidence and budget counters) all degrade together and
	// quickly. The first command after it tries Redis again.
	downUntil atomic.Int64
	now       func() time.Time
}

// RedisDownFor is how long commands fail fast after a connection failure.
const RedisDownFor = 2 * time.Second

// ErrRedisDown is returned without contacting Redis while it is considered
// down (RedisDownFor after a connection failure).
var ErrRedisDown = errors.New("cache: redis unavailable (failing fast after a connection failure)")

// available reports ErrRedisDown while the breaker is open.
func (r *Redis) available() error {
	if r.now().UnixNano() < r.downUntil.Load() {
		return ErrRedisDown
	}
	return nil
}

// observe opens the breaker when err says Redis could not be reached or
// did not answer in time; a reply error (the server answered) or the
// caller's own cancellation does not count.
func (r *Redis) observe(ctx context.Context, err error) error {
	if err == nil || errors.Is(err, redis.Nil) || ctx.Err() != nil {
		return err
	}
	var reply redis.Error
	if errors.As(err, &reply) {
		return err
	}
	r.downUntil.Store(r.now().Add(RedisDownFor).UnixNano())
	return err
}

// NewRedis connects lazily to the deployment described by rawURL:
//
//	redis://[user:pass@]host:port[/db]            single node (rediss:// for TLS)
//	redis://host:port?master_name=NAME&addr=...  Sentinel (host:port and each addr are sentinels)
//	redis://host:port?addr=host2:port&addr=...   Cluster (two or more seed nodes)
//
// Other query parameters follow go-redis' URL options (dial_timeout, ...).
// Commands get short timeouts so that a Redis outage costs little latency:
// the cache fails open.
func NewRedis(rawURL string) (*Redis, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("cache.NewRedis: %w", err)
	}
	q := u.Query()
	var client redis.UniversalClient
	switch {
	case q.Has("master_name"):
		o, err := redis.ParseFailoverURL(rawURL)
		if err != nil {
			return nil, fmt.Errorf("cache.NewRedis: sentinel URL: %w", err)
		}
		shortTimeouts(&o.DialTimeout, &o.ReadTimeout, &o.WriteTimeout, q)
		o.MaxRetries = 1
		client = redis.NewFailoverClient(o)
	case q.Has("addr"):
		o, err := redis.ParseClusterURL(rawURL)
		if err != nil {
			return nil, fmt.Errorf("cache.NewRedis: cluster URL: %w", err)
		}
		shortTimeouts(&o.DialTimeout, &o.ReadTimeout, &o.WriteTimeout, q)
		o.MaxRetries = 1
		client = redis.NewClusterClient(o)
	default:
		o, err := redis.ParseURL(rawURL)
		if err != nil {
			return nil, fmt.Errorf("cache.NewRedis: %w", err)
		}
		shortTimeouts(&o.DialTimeout, &o.ReadTimeout, &o.WriteTimeout, q)
		o.MaxRetries = 1
		client = redis.NewClient(o)
	}
	if err := redisotel.InstrumentTracing(client); err != nil {
		return nil, fmt.Errorf("cache.NewRedis: tracing: %w", err)
	}
	if err := redisotel.InstrumentMetrics(client); err != nil {
		return nil, fmt.Errorf("cache.NewRedis: metrics: %w", err)
	}
	return &Redis{client: client, now: time.Now}, nil
}

// ValidateRedisURL checks rawURL as NewRedis reads it (single node,
// Sentinel or Cluster form) without creating a client.
func ValidateRedisURL(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	q := u.Query()
	switch {
	case q.Has("master_name"):
		_, err = redis.ParseFailoverURL(rawURL)
	case q.Has("addr"):
		_, err = redis.ParseClusterURL(rawURL)
	default:
		_, err = redis.ParseURL(rawURL)
	}
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// shortTimeouts applies 500 ms dial and I/O timeouts unless the URL set them.
func shortTimeouts(dial, read, write *time.Duration, q url.Values) {
	if !q.Has("dial_timeout") {
		*dial = 500 * time.Millisecond
	}
	if !q.Has("read_timeout") {
		*read = 500 * time.Millisecond
	}
	if !q.Has("write_timeout") {
		*write = 500 * time.Millisecond
	}
}

// Client exposes the underlying client (health checks, tests).
func (r *Redis) Client() redis.UniversalClient { return r.client }

func (r *Redis) Kind() string { return "redis" }
func (r *Redis) Close() error { return r.client.Close() }

// Ping checks connectivity.
func (r *Redis) Ping(ctx context.Context) error {
	return r.observe(ctx, r.client.Ping(ctx).Err())
}

func (r *Redis) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if err := r.available(); err != nil {
		return nil, false, err
	}
	b, err := r.client.Get(ctx, key).Bytes()
	err = r.observe(ctx, err)
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("redis GET: %w", err)
	}
	return b, true, nil
}

func (r *Redis) Set(ctx context.Context, key string, val []byte, ttl time.Duration) error {
	if ttl <= 0 {
		return ErrBadTTL
	}
	if err := r.available(); err != nil {
		return err
	}
	if err := r.observe(ctx, r.client.Set(ctx, key, val, ttl).Err()); err != nil {
		return fmt.Errorf("redis SET: %w", err)
	}
	return nil
}

func (r *Redis) Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	if ttl <= 0 {
		return false, ErrBadTTL
	}
	if err := r.available(); err != nil {
		return false, err
	}
	ok, err := r.client.SetNX(ctx, key, "1", ttl).Result()
	if err = r.observe(ctx, err); err != nil {
		return false, fmt.Errorf("redis SET NX: %w", err)
	}
	return ok, nil
}

func (r *Redis) Release(ctx context.Context, key string) error {
	if err := r.available(); err != nil {
		return err
	}
	if err := r.observe(ctx, r.client.Del(ctx, key).Err()); err != nil {
		return fmt.Errorf("redis DEL: %w", err)
	}
	return nil
}

// IncrBy is INCRBY plus PEXPIRE NX (Redis 7) in one transaction, so the
// first increment sets the lifetime and later ones keep it.
func (r *Redis) IncrBy(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error) {
	if ttl <= 0 {
		return 0, ErrBadTTL
	}
	if err := r.available(); err != nil {
		return 0, err
	}
	var incr *redis.IntCmd
	_, err := r.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		incr = p.IncrBy(ctx, key, delta)
		p.Do(ctx, "PEXPIRE", key, ttl.Milliseconds(), "NX")
		return nil
	})
	if err = r.observe(ctx, err); err != nil {
		return 0, fmt.Errorf("redis INCRBY: %w", err)
	}
	return incr.Val(), nil
}

// gcraScript is GCRA on Redis's clock with reservation: KEYS[1] holds the
// theoretical arrival time (TAT, microseconds); ARGV[1] is the interval,
// ARGV[2] the burst tolerance (interval × (burst−1)) and ARGV[3] the
// longest acceptable wait, all in microseconds. It returns the wait until
// the earliest free slot; when that wait is at most ARGV[3] the slot is
// taken (the TAT moves on by one interval), else nothing changes.
var gcraScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local within = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local wait = tat - tolerance - now
if wait < 0 then wait = 0 end
if wait > within then return wait end
local newTat = tat + interval
redis.call('SET', KEYS[1], newTat, 'PX', math.ceil((newTat - now) / 1000) + 1000)
return wait
`)

// Admit implements Store with one script call (GCRA on Redis's clock).
func (r *Redis) Admit(ctx context.Context, key string, interval time.Duration, burst int, within time.Duration) (time.Duration, error) {
	if interval <= 0 {
		return 0, nil
	}
	if err := r.available(); err != nil {
		return 0, err
	}
	iv := interval.Microseconds()
	wait, err := gcraScript.Run(ctx, r.client, []string{key}, iv, iv*int64(max(burst, 1)-1), max(within, 0).Microseconds()).Int64()
	if err = r.observe(ctx, err); err != nil {
		return 0, fmt.Errorf("redis GCRA: %w", err)
	}
	return time.Duration(wait) * time.Microsecond, nil
}
