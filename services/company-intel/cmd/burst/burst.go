package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// Request is one request of a burst.
type Request struct {
	Company  string  `json:"company"`
	Replica  int     `json:"replica"` // index into -targets, from 1
	Ms       float64 `json:"ms"`
	Status   int     `json:"status,omitempty"`
	Code     string  `json:"code,omitempty"` // error.code of a non-2xx envelope
	Partial  bool    `json:"partial,omitempty"`
	Cache    string  `json:"cache,omitempty"`    // x-company-intel-cache
	Provider string  `json:"provider,omitempty"` // meta.provider of a 200
	Err      string  `json:"err,omitempty"`      // transport error
}

// signalsBody is the request body for company.
func signalsBody(company string, lookback int) []byte {
	b, _ := json.Marshal(map[string]any{"company": company, "lookbackDays": lookback})
	return b
}

// challenge reads the target's 402 challenge (an unpaid request, refused
// before any research) and returns its exact requirement on a known asset.
func challenge(ctx context.Context, hc *http.Client, target string, body []byte) (x402.PaymentRequirements, x402.PaymentRequired, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target+SignalsPath, bytes.NewReader(body))
	if err != nil {
		return x402.PaymentRequirements{}, x402.PaymentRequired{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return x402.PaymentRequirements{}, x402.PaymentRequired{}, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusPaymentRequired {
		return x402.PaymentRequirements{}, x402.PaymentRequired{}, fmt.Errorf("unpaid POST %s%s answered %d, want 402", target, SignalsPath, resp.StatusCode)
	}
	pr, err := x402.DecodePaymentRequired(resp.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		return x402.PaymentRequirements{}, x402.PaymentRequired{}, err
	}
	for _, r := range pr.Accepts {
		if _, ok := x402.KnownAsset(r.Network, r.Asset); ok && r.Scheme == x402.SchemeExact {
			return r, pr, nil
		}
	}
	return x402.PaymentRequirements{}, x402.PaymentRequired{}, fmt.Errorf("%s: the challenge offers no exact requirement on a known asset", target)
}

// burst signs one authorization per request, resets the call log, sends
// every request at once and gathers the answers and the calls.
func burst(ctx context.Context, hc *http.Client, o options) (Result, error) {
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		return Result{}, err
	}
	type prepared struct {
		req     *http.Request
		company string
		replica int
	}
	reqs := make([]prepared, len(o.companies))
	for t, target := range o.targets {
		if t >= len(o.companies) {
			break
		}
		accept, pr, err := challenge(ctx, hc, target, signalsBody(o.companies[t], o.lookback))
		if err != nil {
			return Result{}, err
		}
		for i := t; i < len(o.companies); i += len(o.targets) {
			payload, err := client.SignExact(key, accept, pr, time.Now(), rand.Reader)
			if err != nil {
				return Result{}, err
			}
			h, err := x402.EncodeHeader(payload)
			if err != nil {
				return Result{}, err
			}
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, target+SignalsPath,
				bytes.NewReader(signalsBody(o.companies[i], o.lookback)))
			if err != nil {
				return Result{}, err
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set(x402.HeaderPaymentSignature, h)
			reqs[i] = prepared{req: req, company: o.companies[i], replica: t + 1}
		}
	}
	if o.calls != "" {
		if err := resetCalls(ctx, hc, o.calls); err != nil {
			return Result{}, err
		}
	}

	out := make([]Request, len(reqs))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, p := range reqs {
		wg.Go(func() {
			<-start
			out[i] = send(hc, p.req)
			out[i].Company, out[i].Replica = p.company, p.replica
		})
	}
	began := time.Now()
	close(start)
	wg.Wait()
	wall := time.Since(began)
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}

	var log *CallLog
	if o.calls != "" {
		t := time.NewTimer(o.settle)
		select {
		case <-ctx.Done():
			t.Stop()
			return Result{}, ctx.Err()
		case <-t.C:
		}
		if log, err = readCalls(ctx, hc, o.calls); err != nil {
			return Result{}, err
		}
	}
	return summarize(o, out, began, wall, log), nil
}

// send sends one prepared request and reads what the burst reports of it.
func send(hc *http.Client, req *http.Request) Request {
	t0 := time.Now()
	resp, err := hc.Do(req)
	var r Request
	if err == nil {
		var body []byte
		body, err = io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		r.Status, r.Cache = resp.StatusCode, resp.Header.Get("X-Company-Intel-Cache")
		if err == nil {
			readBody(&r, body)
		}
	}
	r.Ms = ms(time.Since(t0))
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// readBody takes meta.partial and meta.provider from a 200's body and
// error.code from an error envelope.
func readBody(r *Request, body []byte) {
	if r.Status >= 200 && r.Status <= 299 {
		var doc struct {
			Meta struct {
				Partial  bool   `json:"partial"`
				Provider string `json:"provider"`
			} `json:"meta"`
		}
		if json.Unmarshal(body, &doc) == nil {
			r.Partial, r.Provider = doc.Meta.Partial, doc.Meta.Provider
		}
		return
	}
	var env struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &env) != nil || len(env.Error) == 0 {
		return
	}
	var e struct {
		Code string `json:"code"`
	}
	if json.Unmarshal(env.Error, &e) == nil && e.Code != "" {
		r.Code = e.Code
		return
	}
	// A 402 challenge's body is the PaymentRequired JSON: "error" says why.
	var why string
	if json.Unmarshal(env.Error, &why) == nil && why != "" {
		r.Code = "challenge: " + why
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }

// CallLog is what the fixture world's GET /calls answers.
type CallLog struct {
	Since   float64 `json:"since"`
	Now     float64 `json:"now"`
	Dropped int     `json:"dropped"`
	Calls   []struct {
		Provider string  `json:"provider"`
		T        float64 `json:"t"` // Unix ms
		Path     string  `json:"path"`
	} `json:"calls"`
}

func resetCalls(ctx context.Context, hc *http.Client, base string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/calls/reset", nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		return fmt.Errorf("POST %s/calls/reset: %d", base, resp.StatusCode)
	}
	return nil
}

func readCalls(ctx context.Context, hc *http.Client, base string) (*CallLog, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/calls", nil)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s/calls: %d", base, resp.StatusCode)
	}
	var l CallLog
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
		return nil, fmt.Errorf("GET %s/calls: %w", base, err)
	}
	return &l, nil
}

// writeJSON prints the result as one JSON line.
func writeJSON(w io.Writer, res Result) error {
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// statusKey is how Result.Statuses names an answer: "200", "503
// upstream_rate_limited", "error" for a transport error.
func statusKey(r Request) string {
	switch {
	case r.Err != "":
		return "error"
	case r.Code != "":
		return strconv.Itoa(r.Status) + " " + r.Code
	}
	return strconv.Itoa(r.Status)
}
