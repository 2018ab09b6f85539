package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// Report is the JSON line a load run prints.
type Report struct {
	Target        string         `json:"target"`
	Paid          bool           `json:"paid"`
	Concurrency   int            `json:"concurrency"`
	DurationS     float64        `json:"duration_s"`
	Requests      int            `json:"requests"`
	Errors        int            `json:"errors"`
	Non2xx        int            `json:"non2xx"`
	RPS           float64        `json:"rps"`
	P50ms         float64        `json:"p50_ms"`
	P90ms         float64        `json:"p90_ms"`
	P99ms         float64        `json:"p99_ms"`
	MaxMs         float64        `json:"max_ms"`
	Hits          int            `json:"hits"`
	Statuses      map[string]int `json:"statuses,omitempty"`
	SignUs        float64        `json:"sign_us,omitempty"`
	Presigned     int            `json:"presigned,omitempty"`
	PoolExhausted bool           `json:"pool_exhausted,omitempty"`
	MaxRSSKB      int64          `json:"max_rss_kb,omitempty"`
	CPUusPerReq   map[string]int `json:"cpu_us_per_req,omitempty"`
	FirstError    string         `json:"first_error,omitempty"`
}

// percentile returns the nearest-rank p-th percentile (0 < p <= 100) of
// sorted, or 0 when it is empty.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

func ms(d time.Duration) float64 { return math.Round(float64(d)/1e3) / 1e3 }

func newHTTPClient(o options) *http.Client {
	return &http.Client{
		Timeout: o.timeout,
		Transport: &http.Transport{
			MaxIdleConns: 2 * o.concurrency, MaxIdleConnsPerHost: 2 * o.concurrency,
			IdleConnTimeout: 90 * time.Second, DisableCompression: true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func newRequest(ctx context.Context, o options) (*http.Request, error) {
	return newRequestN(ctx, o, 0)
}

// newRequestN is newRequest with "{n}" in the target and the body replaced
// by n when o.vary is set (a distinct, uncached request per n).
func newRequestN(ctx context.Context, o options, n int64) (*http.Request, error) {
	target, text := o.target, o.body
	if o.vary {
		v := strconv.FormatInt(n, 10)
		target, text = strings.ReplaceAll(target, "{n}", v), strings.ReplaceAll(text, "{n}", v)
	}
	var body io.Reader
	if text != "" {
		body = strings.NewReader(text)
	}
	req, err := http.NewRequestWithContext(ctx, o.method, target, body)
	if err != nil {
		return nil, err
	}
	if o.body != "" {
		req.Header.Set("Content-Type", o.contentType)
	}
	return req, nil
}

// payer signs fresh authorizations for the requirement the target offers.
type payer struct {
	key       *ecdsa.PrivateKey
	req       x402.PaymentRequirements
	challenge x402.PaymentRequired
}

// newPayer reads the target's 402 challenge (an unpaid request) and picks
// its exact requirement on a known asset (USDC on Base or Base Sepolia).
func newPayer(ctx context.Context, hc *http.Client, o options) (*payer, error) {
	req, err := newRequest(ctx, o)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusPaymentRequired {
		return nil, fmt.Errorf("unpaid %s %s answered %d, want 402", o.method, o.target, resp.StatusCode)
	}
	pr, err := x402.DecodePaymentRequired(resp.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		return nil, err
	}
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		return nil, err
	}
	for _, r := range pr.Accepts {
		if _, ok := x402.KnownAsset(r.Network, r.Asset); ok && r.Scheme == x402.SchemeExact {
			return &payer{key: key, req: r, challenge: pr}, nil
		}
	}
	return nil, errors.New("the challenge offers no exact requirement on a known asset")
}

// signed is one authorization: its PAYMENT-SIGNATURE header value and its
// nonce.
type signed struct {
	header string
	nonce  string
}

// sign returns a PAYMENT-SIGNATURE header value with a fresh nonce.
func (p *payer) sign() (string, error) {
	s, err := p.signFull()
	return s.header, err
}

func (p *payer) signFull() (signed, error) {
	payload, err := client.SignExact(p.key, p.req, p.challenge, time.Now(), rand.Reader)
	if err != nil {
		return signed{}, err
	}
	h, err := x402.EncodeHeader(payload)
	if err != nil {
		return signed{}, err
	}
	return signed{header: h, nonce: authKey(payload)}, nil
}

// presign signs n authorizations on all cores and returns them with the
// signing CPU time per authorization.
func (p *payer) presign(n int) ([]signed, time.Duration, error) {
	out := make([]signed, n)
	workers := runtime.GOMAXPROCS(0)
	var (
		wg    sync.WaitGroup
		next  atomic.Int64
		spent atomic.Int64
		errMu sync.Mutex
		first error
	)
	for range workers {
		wg.Go(func() {
			start := time.Now()
			defer func() { spent.Add(int64(time.Since(start))) }()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				h, err := p.signFull()
				if err != nil {
					errMu.Lock()
					if first == nil {
						first = err
					}
					errMu.Unlock()
					return
				}
				out[i] = h
			}
		})
	}
	wg.Wait()
	if first != nil {
		return nil, 0, first
	}
	return out, time.Duration(spent.Load() / int64(max(n, 1))), nil
}

// cacheHeader returns the value of the response's x-…-cache header.
func cacheHeader(h http.Header) string {
	for k, v := range h {
		if strings.HasPrefix(k, "X-") && strings.HasSuffix(k, "-Cache") && len(v) > 0 {
			return v[0]
		}
	}
	return ""
}

// capture sends one (paid) request and writes its body to o.capture.
func capture(ctx context.Context, o options, stdout io.Writer) error {
	hc := newHTTPClient(o)
	req, err := newRequest(ctx, o)
	if err != nil {
		return err
	}
	if o.pay {
		p, err := newPayer(ctx, hc, o)
		if err != nil {
			return err
		}
		h, err := p.sign()
		if err != nil {
			return err
		}
		req.Header.Set(x402.HeaderPaymentSignature, h)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.capture, body, 0o644); err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{
		"status": resp.StatusCode, "content_type": resp.Header.Get("Content-Type"),
		"cache": cacheHeader(resp.Header), "bytes": len(body),
		"settled": resp.Header.Get(x402.HeaderPaymentResponse) != "",
	})
}

type workerStats struct {
	lat      []time.Duration
	errors   int
	non2xx   int
	hits     int
	statuses map[int]int
	signNs   int64
	signs    int
	firstErr string
}

// load runs the closed-loop load and prints one Report.
func load(ctx context.Context, o options, stdout, stderr io.Writer) error {
	hc := newHTTPClient(o)
	rep := Report{Target: o.target, Paid: o.pay, Concurrency: o.concurrency}
	var (
		p    *payer
		pool []signed
		err  error
	)
	if o.pay {
		if p, err = newPayer(ctx, hc, o); err != nil {
			return err
		}
		if o.presign > 0 {
			var per time.Duration
			if pool, per, err = p.presign(o.presign); err != nil {
				return err
			}
			rep.Presigned, rep.SignUs = len(pool), float64(per)/1e3
		}
	}
	var (
		next      atomic.Int64
		exhausted atomic.Bool
	)
	header := func(ws *workerStats) (signed, bool, error) {
		if p == nil {
			return signed{}, true, nil
		}
		if pool != nil {
			i := int(next.Add(1)) - 1
			if i >= len(pool) {
				exhausted.Store(true)
				return signed{}, false, nil
			}
			return pool[i], true, nil
		}
		t := time.Now()
		h, err := p.signFull()
		ws.signNs += int64(time.Since(t))
		ws.signs++
		return h, err == nil, err
	}
	rec, err := newRecorder(o.record)
	if err != nil {
		return err
	}
	defer rec.close()
	var seq atomic.Int64

	begin := time.Now().Add(o.warmup)
	deadline := begin.Add(o.duration)
	rss := sampleRSS(o.rssPID, begin, deadline)
	procs := parseCPU(o.cpu)
	procs["loadgen"] = os.Getpid()
	cpu0 := make(chan map[string]time.Duration, 1)
	go func() {
		time.Sleep(time.Until(begin))
		cpu0 <- cpuTimes(procs)
	}()
	stats := make([]*workerStats, o.concurrency)
	var wg sync.WaitGroup
	for w := range stats {
		ws := &workerStats{statuses: map[int]int{}}
		stats[w] = ws
		wg.Go(func() {
			var prev signed
			sent := 0
			for ctx.Err() == nil {
				var h signed
				replay := o.replayEvery > 0 && prev.header != "" && (sent+1)%o.replayEvery == 0
				if replay {
					h = prev
				} else {
					var ok bool
					var serr error
					h, ok, serr = header(ws)
					if serr != nil {
						ws.firstErr = "sign: " + serr.Error()
						return
					}
					if !ok {
						return
					}
				}
				prev = h
				sent++
				start := time.Now()
				if start.After(deadline) {
					return
				}
				n := seq.Add(1)
				req, err := newRequestN(ctx, o, n)
				if err != nil {
					ws.firstErr = err.Error()
					return
				}
				if h.header != "" {
					req.Header.Set(x402.HeaderPaymentSignature, h.header)
				}
				resp, err := hc.Do(req)
				var hit bool
				var status int
				var code string
				if err == nil {
					if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
						_, err = io.Copy(io.Discard, resp.Body)
					} else {
						var b []byte
						b, err = io.ReadAll(resp.Body)
						code = errorCode(b)
					}
					_ = resp.Body.Close()
					hit, status = cacheHeader(resp.Header) == "HIT", resp.StatusCode
				}
				took := time.Since(start)
				if start.Before(begin) {
					continue // warm-up
				}
				rec.write(record{T: float64(start.UnixMicro()) / 1e3, Ms: ms(took), N: n, Status: status, Code: code,
					Cache: map[bool]string{true: "HIT", false: ""}[hit], Auth: h.nonce, Replay: replay, Err: errString(err)})
				switch {
				case err != nil:
					ws.errors++
					if ws.firstErr == "" {
						ws.firstErr = err.Error()
					}
				default:
					ws.lat = append(ws.lat, took)
					ws.statuses[status]++
					if status < 200 || status > 299 {
						ws.non2xx++
					}
					if hit {
						ws.hits++
					}
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(begin)
	cpu1 := cpuTimes(procs)
	if ctx.Err() != nil {
		return ctx.Err()
	}

	var all []time.Duration
	rep.Statuses = map[string]int{}
	var signNs int64
	var signs int
	for _, ws := range stats {
		all = append(all, ws.lat...)
		rep.Errors += ws.errors
		rep.Non2xx += ws.non2xx
		rep.Hits += ws.hits
		for s, n := range ws.statuses {
			rep.Statuses[strconv.Itoa(s)] += n
		}
		signNs += ws.signNs
		signs += ws.signs
		if rep.FirstError == "" {
			rep.FirstError = ws.firstErr
		}
	}
	if signs > 0 {
		rep.SignUs = math.Round(float64(signNs)/float64(signs)/10) / 100
	}
	slices.Sort(all)
	rep.Requests = len(all) + rep.Errors
	rep.DurationS = math.Round(elapsed.Seconds()*1000) / 1000
	rep.RPS = math.Round(float64(len(all))/elapsed.Seconds()*10) / 10
	rep.P50ms, rep.P90ms, rep.P99ms = ms(percentile(all, 50)), ms(percentile(all, 90)), ms(percentile(all, 99))
	if len(all) > 0 {
		rep.MaxMs = ms(all[len(all)-1])
	}
	rep.SignUs = math.Round(rep.SignUs*100) / 100
	rep.PoolExhausted = exhausted.Load()
	rep.MaxRSSKB = <-rss
	if start := <-cpu0; len(all) > 0 {
		rep.CPUusPerReq = map[string]int{}
		for name, t := range cpu1 {
			if t0, ok := start[name]; ok {
				rep.CPUusPerReq[name] = int((t - t0).Microseconds() / int64(len(all)))
			}
		}
	}
	if rep.PoolExhausted {
		fmt.Fprintf(stderr, "loadgen: the %d presigned authorizations ran out after %.1fs\n", len(pool), elapsed.Seconds())
	}
	return json.NewEncoder(stdout).Encode(rep)
}

// sampleRSS reports the largest VmRSS (kB) of pid seen every 100 ms
// between begin and deadline (0 without a pid).
func sampleRSS(pid int, begin, deadline time.Time) <-chan int64 {
	out := make(chan int64, 1)
	if pid <= 0 {
		out <- 0
		return out
	}
	go func() {
		var peak int64
		time.Sleep(time.Until(begin))
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			if kb, err := vmRSS(pid); err == nil {
				peak = max(peak, kb)
			}
			if time.Now().After(deadline) {
				break
			}
			<-t.C
		}
		out <- peak
	}()
	return out
}

func vmRSS(pid int) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := bytes.CutPrefix(sc.Bytes(), []byte("VmRSS:")); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(string(rest)), " kB"), 10, 64)
		}
	}
	return 0, errors.New("no VmRSS")
}

// parseCPU parses "name=pid,name=pid" (nil when malformed; empty for "").
func parseCPU(s string) map[string]int {
	out := map[string]int{}
	if s == "" {
		return out
	}
	for part := range strings.SplitSeq(s, ",") {
		name, pid, ok := strings.Cut(part, "=")
		n, err := strconv.Atoi(pid)
		if !ok || name == "" || err != nil || n <= 0 {
			return nil
		}
		out[name] = n
	}
	return out
}

// cpuTimes reads the user+system CPU time of each process (those that
// cannot be read are left out).
func cpuTimes(procs map[string]int) map[string]time.Duration {
	out := make(map[string]time.Duration, len(procs))
	for name, pid := range procs {
		if t, err := procCPU(pid); err == nil {
			out[name] = t
		}
	}
	return out
}

// procCPU is utime+stime of /proc/PID/stat (in USER_HZ = 100 ticks/s).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces; fields after ")" start at 3.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("malformed stat")
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, errors.New("short stat")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("malformed stat times")
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}
