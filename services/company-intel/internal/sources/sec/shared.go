package sec

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
)

// Store is the store every replica shares (the service's cache.Store
// satisfies it): the ticker file is kept there, so that the cluster
// fetches it once per TickerTTL, and a short lease in it lets one replica
// fetch while the others wait for its copy.
type Store interface {
	// Get returns the value and true, or false when absent or expired.
	Get(ctx context.Context, key string) ([]byte, bool, error)
	// Set stores val for ttl.
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
	// Reserve sets key only if it does not exist and reports whether this
	// call set it.
	Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error)
	// Release deletes key.
	Release(ctx context.Context, key string) error
}

// Shared ticker file.
const (
	// DefaultKeyPrefix starts the keys the source keeps in Store: the
	// ticker file under <prefix>tickers:v1, its lease under
	// <prefix>tickers:v1:lease. The version changes with the encoding.
	DefaultKeyPrefix = "intel402:sec:"
	// TickerLease bounds one replica's fetch of the ticker file: the
	// others wait for its copy at most this long (the lease expires if
	// the replica goes away) before fetching the file themselves.
	TickerLease = time.Minute
	// TickerPoll is how often a replica waiting for another's fetch looks
	// for the file in the store.
	TickerPoll = 100 * time.Millisecond
)

func (s *Source) tickerKey() string { return s.keyPrefix + "tickers:v1" }

// sharedTickers returns the ticker index and when the file was fetched:
// with a store, the copy a replica fetched less than TickerTTL ago; when
// there is none, this replica fetches the file under the lease and shares
// it, or waits for the replica that holds the lease (polling the store
// every TickerPoll, for at most TickerLease). Without a store, or while it
// fails, the file is fetched here, as each replica did before it was
// shared. ctx outlives the callers (they may go away; others may wait).
func (s *Source) sharedTickers(ctx context.Context, l *tickerLoad) (*tickerIndex, time.Time, error) {
	if s.store == nil {
		idx, _, err := s.fetchTickers(ctx, l)
		return idx, s.now(), err
	}
	key := s.tickerKey()
	idx, at, err := s.storedTickers(ctx, key)
	switch {
	case err != nil:
		s.log.DebugContext(ctx, "sec: shared store unavailable; fetching the ticker file", slog.Any("error", err))
		return s.fetchAndShare(ctx, l, key)
	case idx != nil:
		return idx, at, nil
	}
	lease, err := cache.AwaitLease(ctx, s.store, key, TickerLease, TickerPoll, func() bool {
		got, gotAt, err := s.storedTickers(ctx, key)
		if err != nil || got == nil {
			return false
		}
		idx, at = got, gotAt
		return true
	})
	if err != nil {
		s.log.DebugContext(ctx, "sec: shared store unavailable; fetching the ticker file", slog.Any("error", err))
		return s.fetchAndShare(ctx, l, key)
	}
	if lease.Filled {
		return idx, at, nil
	}
	defer func() {
		if err := lease.Release(); err != nil {
			s.log.DebugContext(ctx, "sec: ticker file lease not released (it expires)", slog.Any("error", err))
		}
	}()
	return s.fetchAndShare(ctx, l, key)
}

// fetchAndShare fetches the ticker file and stores it for the other
// replicas (a store that fails costs only the sharing).
func (s *Source) fetchAndShare(ctx context.Context, l *tickerLoad, key string) (*tickerIndex, time.Time, error) {
	idx, body, err := s.fetchTickers(ctx, l)
	at := s.now()
	if err != nil {
		return nil, at, err
	}
	val, err := encodeTickers(at, body)
	if err == nil {
		err = s.store.Set(ctx, key, val, TickerTTL)
	}
	if err != nil {
		s.log.DebugContext(ctx, "sec: ticker file not shared", slog.Any("error", err))
	} else {
		s.log.DebugContext(ctx, "sec: ticker file shared", slog.Int("bytes", len(body)), slog.Int("stored_bytes", len(val)))
	}
	return idx, at, nil
}

// storedTickers reads the stored ticker file: nil without an error when
// there is none, or none younger than TickerTTL (by this replica's clock),
// or one that does not decode (it is replaced by the next fetch).
func (s *Source) storedTickers(ctx context.Context, key string) (*tickerIndex, time.Time, error) {
	val, ok, err := s.store.Get(ctx, key)
	if err != nil || !ok {
		return nil, time.Time{}, err
	}
	at, body, err := decodeTickers(val, s.maxBody)
	var idx *tickerIndex
	if err == nil {
		idx, err = parseTickers(body)
	}
	if err != nil {
		s.log.DebugContext(ctx, "sec: unreadable ticker file in the shared store; fetching it", slog.Any("error", err))
		return nil, time.Time{}, nil
	}
	now := s.now()
	if at.After(now) {
		at = now // another replica's clock runs ahead
	}
	if now.Sub(at) >= TickerTTL {
		return nil, time.Time{}, nil
	}
	return idx, at, nil
}

// encodeTickers is the stored form of the ticker file: the time it was
// fetched (RFC 3339, this replica's clock), a newline, then the file as
// the SEC served it, gzipped (a few hundred KiB in place of about a MiB,
// read back in one short store command).
func encodeTickers(fetched time.Time, body []byte) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(fetched.UTC().Format(time.RFC3339Nano))
	b.WriteByte('\n')
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// decodeTickers reads encodeTickers' form back; a file larger than
// maxBody (what the SEC may send) is refused.
func decodeTickers(val []byte, maxBody int64) (time.Time, []byte, error) {
	head, zipped, ok := bytes.Cut(val, []byte{'\n'})
	if !ok {
		return time.Time{}, nil, errors.New("sec: stored ticker file without its header")
	}
	at, err := time.Parse(time.RFC3339Nano, string(head))
	if err != nil {
		return time.Time{}, nil, fmt.Errorf("sec: stored ticker file time: %w", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		return time.Time{}, nil, fmt.Errorf("sec: stored ticker file: %w", err)
	}
	body, err := io.ReadAll(io.LimitReader(zr, maxBody+1))
	if err != nil {
		return time.Time{}, nil, fmt.Errorf("sec: stored ticker file: %w", err)
	}
	if int64(len(body)) > maxBody {
		return time.Time{}, nil, fmt.Errorf("sec: stored ticker file larger than %d bytes", maxBody)
	}
	return at, body, nil
}
