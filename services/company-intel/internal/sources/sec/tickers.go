package sec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Listing is one row of the SEC ticker file: a listed security of a
// company.
type Listing struct {
	CIK    string `json:"cik"`    // Central Index Key, digits without padding
	Ticker string `json:"ticker"` // e.g. "AAPL", "BRK-B"
	Title  string `json:"title"`  // the company's name as the SEC writes it, e.g. "COSTCO WHOLESALE CORP /NEW"
	// Name is Title without EDGAR's markers (stripMarkers), e.g. "COSTCO
	// WHOLESALE CORP": the name to compare with companyname.Same.
	Name string `json:"name"`
}

// tickerIndex is the ticker file indexed by ticker and by normalised
// company name. Listings keep the file's order (the SEC orders it by
// market value).
type tickerIndex struct {
	byTicker map[string][]Listing
	byName   map[string][]Listing // by normalizeName(title)
	byTitle  map[string][]Listing // by exactTitle(title)
}

// cikValue is a CIK written as a JSON number (the ticker file's cik_str)
// or a string of digits (submissions' cik).
type cikValue string

func (c *cikValue) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		*c = ""
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	cik, ok := canonicalCIK(s)
	if !ok {
		return fmt.Errorf("sec: invalid CIK %q", s)
	}
	*c = cikValue(cik)
	return nil
}

// canonicalCIK returns a CIK as digits without leading zeros; false when s
// is not a positive number of at most 10 digits.
func canonicalCIK(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 10 {
		return "", false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	s = strings.TrimLeft(s, "0")
	return s, s != ""
}

type tickerRow struct {
	CIK    cikValue `json:"cik_str"`
	Ticker string   `json:"ticker"`
	Title  string   `json:"title"`
}

// parseTickers decodes company_tickers.json: an object of rows keyed
// "0", "1", … in the SEC's order.
func parseTickers(body []byte) (*tickerIndex, error) {
	var rows map[string]tickerRow
	if err := json.Unmarshal(body, &rows); err != nil {
		return nil, err
	}
	if rows == nil {
		return nil, errors.New("sec: ticker file is not an object")
	}
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, errA := strconv.Atoi(keys[i])
		b, errB := strconv.Atoi(keys[j])
		switch {
		case errA == nil && errB == nil && a != b:
			return a < b
		case (errA == nil) != (errB == nil):
			return errA == nil
		}
		return keys[i] < keys[j]
	})
	idx := &tickerIndex{byTicker: map[string][]Listing{}, byName: map[string][]Listing{}, byTitle: map[string][]Listing{}}
	for _, k := range keys {
		r := rows[k]
		t := normalizeTicker(r.Ticker)
		if r.CIK == "" || t == "" {
			continue
		}
		l := Listing{CIK: string(r.CIK), Ticker: t, Title: strings.TrimSpace(r.Title)}
		l.Name = stripMarkers(l.Title)
		idx.byTicker[t] = append(idx.byTicker[t], l)
		if n := normalizeName(l.Title); n != "" {
			idx.byName[n] = append(idx.byName[n], l)
			idx.byTitle[exactTitle(l.Title)] = append(idx.byTitle[exactTitle(l.Title)], l)
		}
	}
	return idx, nil
}

// normalizeTicker upper-cases a ticker and writes share classes the way
// the ticker file does ("BRK.B" and "BRK/B" become "BRK-B").
func normalizeTicker(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	return strings.NewReplacer(".", "-", "/", "-").Replace(s)
}

func (x *tickerIndex) ticker(s string) []Listing {
	return append([]Listing(nil), x.byTicker[normalizeTicker(s)]...)
}

// name returns the listings whose title is s as written (case and spacing
// aside: "FIRST BANCORP /PR/" is one company where "First Bancorp" is two),
// else those whose normalised title equals s's.
func (x *tickerIndex) name(s string) []Listing {
	if ls := x.byTitle[exactTitle(s)]; len(ls) > 0 {
		return append([]Listing(nil), ls...)
	}
	n := normalizeName(s)
	if n == "" {
		return nil
	}
	return append([]Listing(nil), x.byName[n]...)
}

// tickerCache holds the ticker file until TickerTTL after it was fetched
// (by this replica or, through the shared store, another); concurrent
// loads share one.
type tickerCache struct {
	mu      sync.Mutex
	idx     *tickerIndex
	loaded  time.Time
	loading *tickerLoad
}

type tickerLoad struct {
	done chan struct{}
	idx  *tickerIndex
	err  error
	// fetching is set when the load asks the SEC for the file (it found
	// no copy in the shared store).
	fetching atomic.Bool
}

// index returns the ticker index, loading it (sharedTickers) when it is
// not cached or older than TickerTTL. Usage.Contents is 1 only for the
// caller that started the load, when the load fetched the file from the
// SEC.
func (s *Source) index(ctx context.Context) (*tickerIndex, bundle.Usage, error) {
	var u bundle.Usage
	c := &s.tickers
	c.mu.Lock()
	if c.idx != nil && s.now().Sub(c.loaded) < TickerTTL {
		idx := c.idx
		c.mu.Unlock()
		return idx, u, nil
	}
	l := c.loading
	started := l == nil
	if started {
		l = &tickerLoad{done: make(chan struct{})}
		c.loading = l
		// The load outlives a caller that goes away (others may wait on
		// it); the client's own deadline bounds it.
		go s.loadTickers(context.WithoutCancel(ctx), l)
	}
	c.mu.Unlock()
	select {
	case <-l.done:
		if started && l.fetching.Load() {
			u.Contents++
		}
		return l.idx, u, l.err
	case <-ctx.Done():
		if started && l.fetching.Load() {
			u.Contents++
		}
		return nil, u, ctxError(ctx)
	}
}

func (s *Source) loadTickers(ctx context.Context, l *tickerLoad) {
	idx, fetched, err := s.sharedTickers(ctx, l)
	c := &s.tickers
	c.mu.Lock()
	if err == nil {
		c.idx, c.loaded = idx, fetched
	}
	c.loading = nil
	l.idx, l.err = idx, err
	c.mu.Unlock()
	close(l.done)
	if err == nil {
		s.log.DebugContext(ctx, "sec ticker file loaded", "tickers", len(idx.byTicker))
	}
}

// fetchTickers fetches the ticker file from the SEC: its index and the
// file as served.
func (s *Source) fetchTickers(ctx context.Context, l *tickerLoad) (*tickerIndex, []byte, error) {
	l.fetching.Store(true)
	resp, err := s.get(ctx, s.www+"/files/company_tickers.json")
	if err != nil {
		return nil, nil, err
	}
	idx, err := parseTickers(resp.Body)
	if err != nil {
		return nil, nil, &upstream.Error{Upstream: Name, Kind: upstream.KindMalformed, Status: resp.Status, Err: err}
	}
	return idx, resp.Body, nil
}

// ctxError is the *upstream.Error for a context that ended while waiting.
func ctxError(ctx context.Context) error {
	kind := upstream.KindTimeout
	if errors.Is(ctx.Err(), context.Canceled) {
		kind = upstream.KindCanceled
	}
	return &upstream.Error{Upstream: Name, Kind: kind, Err: ctx.Err()}
}
