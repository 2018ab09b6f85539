// Command burst fires paid company-intel requests at once and reports what
// the burst cost: each request's latency and meta.partial, and what every
// provider received (the fixture world's call log) against the rate the
// service is configured to keep with it. scripts/burst.sh (make burst) runs
// it, offline, against replicas started on the fixture world
// (fakeupstreams -control) and loadgen's checking facilitator.
//
// Usage:
//
//	burst -targets http://127.0.0.1:P1[,http://127.0.0.1:P2] \
//	      -companies a.com,b.com,... [-calls http://127.0.0.1:CTL] \
//	      [-lookback 90] [-timeout 60s] [-settle 1s] [-slack 50ms] [-label L]
//
// Request i asks for companies[i] (POST /v1/company/signals) on
// targets[i mod len(targets)]. Before the burst, burst reads each target's
// 402 challenge (an unpaid request: no research) and signs one fresh
// EIP-3009 authorization per request with anvil's dev payer key, as
// loadgen does; then it resets the call log (POST /calls/reset), sends
// every request at the same instant, waits for every answer, waits -settle
// more and reads the call log (GET /calls).
//
// It prints one JSON line (Result) on stdout and a readable summary on
// stderr. A provider's peak is the most calls that arrived within any
// window of its limit period (1 s; 5 s for GDELT's one query per 5 s)
// shortened by -slack, the scheduling jitter between the replica taking a
// slot and the request arriving; allowed is the most calls the configured
// rate and burst admit in such a window (GCRA: burst − 1 + period × rate).
// Violations lists what must fail the run: a provider over its allowance,
// a transport error, a 402 (the payment was refused), a 5xx other than a
// documented 503, calls the log dropped.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "burst:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

var errUsage = errors.New("usage")

// SignalsPath is the operation a burst pays for.
const SignalsPath = "/v1/company/signals"

type options struct {
	targets   []string
	companies []string
	calls     string
	lookback  int
	timeout   time.Duration
	settle    time.Duration
	slack     time.Duration
	label     string
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	var targets, companies string
	fs := flag.NewFlagSet("burst", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&targets, "targets", "", "comma-separated base URLs of the replicas (requests alternate between them)")
	fs.StringVar(&companies, "companies", "", "comma-separated companies, one request each, all sent at once")
	fs.StringVar(&o.calls, "calls", "", "base URL of the fixture world's call log (fakeupstreams -control); empty: no provider counts")
	fs.IntVar(&o.lookback, "lookback", 90, "lookbackDays of every request")
	fs.DurationVar(&o.timeout, "timeout", 60*time.Second, "per-request timeout")
	fs.DurationVar(&o.settle, "settle", time.Second, "wait this long after the last answer before reading the call log")
	fs.DurationVar(&o.slack, "slack", 50*time.Millisecond, "shorten each provider's window by this much (arrival jitter)")
	fs.StringVar(&o.label, "label", "", "label copied into the result")
	if err := fs.Parse(args); err != nil {
		return o, fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() != 0 {
		return o, fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	o.targets, o.companies = splitList(targets), splitList(companies)
	switch {
	case len(o.targets) == 0 || len(o.companies) == 0:
		return o, fmt.Errorf("%w: -targets and -companies are required", errUsage)
	case o.lookback < 1 || o.timeout <= 0 || o.settle < 0 || o.slack < 0:
		return o, fmt.Errorf("%w: -lookback and -timeout must be positive, -settle and -slack not negative", errUsage)
	}
	for i, t := range o.targets {
		o.targets[i] = strings.TrimRight(t, "/")
	}
	o.calls = strings.TrimRight(o.calls, "/")
	return o, nil
}

func splitList(s string) []string {
	var out []string
	for part := range strings.SplitSeq(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parse(args, stderr)
	if err != nil {
		return err
	}
	hc := &http.Client{
		Timeout: o.timeout,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: len(o.companies) + 1, DisableCompression: true, IdleConnTimeout: 30 * time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer hc.CloseIdleConnections()
	res, err := burst(ctx, hc, o)
	if err != nil {
		return err
	}
	if err := writeSummary(stderr, res); err != nil {
		return err
	}
	return writeJSON(stdout, res)
}
