// Command loadgen measures paid (x402) request throughput and latency of a
// service against a bare handler, offline. scripts/load.sh (make load) runs
// it. One process runs one of four modes:
//
//	loadgen -facilitator-listen 127.0.0.1:0
//	    a zero-latency x402 facilitator over HTTP (POST /verify, POST
//	    /settle, GET /supported): x402test.CheckingFacilitator, which really
//	    checks every payment (EIP-712 signature recovery, recipient, amount,
//	    validity window, asset, network) and settles a valid one at once
//	    with a fake transaction hash; no chain. Like a chain, it settles an
//	    authorization at most once and records every settle call per
//	    (payer, nonce): GET /ledger reports them (scripts/faults.sh).
//	loadgen -bare-listen 127.0.0.1:0 -bare-body FILE [-bare-content-type T]
//	    a bare echo server answering every request 200 with FILE's bytes.
//	loadgen -capture FILE -target URL [-method M] [-body B] [-pay]
//	    one request; writes the response body to FILE and prints its status,
//	    content type and cache header as JSON.
//	loadgen -target URL [-method M] [-body B] [-pay] [-duration 10s]
//	        [-concurrency 16] [-warmup 1s] [-presign N] [-rss-pid PID]
//	        [-cpu name=pid,...] [-record FILE] [-vary] [-replay-every N]
//	    closed-loop load: N workers send the request back to back for the
//	    duration and one JSON line is printed with requests, errors, non2xx,
//	    rps, p50_ms, p99_ms, hits (responses whose x-*-cache header is HIT),
//	    max_rss_kb (the largest VmRSS of -rss-pid seen during the run) and
//	    cpu_us_per_req (user+system CPU time per completed request of each
//	    -cpu process and of loadgen itself over the measured duration).
//	    -record writes one JSON line per measured request (start time,
//	    latency, status, error.code of a non-2xx envelope, cache header,
//	    the authorization's payer:nonce); -vary replaces {n} in the target
//	    and body by a sequence number (uncached requests); -replay-every N
//	    makes every Nth request of a worker resend its previous
//	    authorization.
//
// With -pay every request carries a fresh EIP-3009 authorization (random
// nonce, signed with anvil's dev payer key) in PAYMENT-SIGNATURE, built
// like pkg/x402/client builds it for the requirement the target's 402
// challenge offers. Signing happens before the measured request: with
// -presign N, N authorizations are signed before the run (the run ends
// early if they run out, reported as pool_exhausted), otherwise each worker
// signs inline; either way sign_us reports the signing cost per
// authorization and latencies exclude it.
//
// The listening modes print "listening on ADDR" on stdout and serve until
// SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

var errUsage = errors.New("usage")

type options struct {
	facilitatorListen string
	bareListen        string
	bareBody          string
	bareContentType   string
	capture           string

	target      string
	method      string
	body        string
	contentType string
	pay         bool
	duration    time.Duration
	warmup      time.Duration
	concurrency int
	presign     int
	rssPID      int
	cpu         string
	timeout     time.Duration
	record      string
	vary        bool
	replayEvery int
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.facilitatorListen, "facilitator-listen", "", "serve the zero-latency checking facilitator on this address")
	fs.StringVar(&o.bareListen, "bare-listen", "", "serve the bare echo handler on this address")
	fs.StringVar(&o.bareBody, "bare-body", "", "file whose bytes the bare handler answers")
	fs.StringVar(&o.bareContentType, "bare-content-type", "application/json", "content type of the bare handler's answer")
	fs.StringVar(&o.capture, "capture", "", "send one request and write the response body to this file")
	fs.StringVar(&o.target, "target", "", "URL to load")
	fs.StringVar(&o.method, "method", "GET", "request method")
	fs.StringVar(&o.body, "body", "", "request body")
	fs.StringVar(&o.contentType, "content-type", "application/json", "content type of a non-empty body")
	fs.BoolVar(&o.pay, "pay", false, "pay every request with a fresh x402 authorization")
	fs.DurationVar(&o.duration, "duration", 10*time.Second, "measured duration")
	fs.DurationVar(&o.warmup, "warmup", time.Second, "unmeasured load before the measured duration")
	fs.IntVar(&o.concurrency, "concurrency", 16, "concurrent workers (closed loop)")
	fs.IntVar(&o.presign, "presign", 0, "sign this many authorizations before the run (0: sign inline)")
	fs.IntVar(&o.rssPID, "rss-pid", 0, "sample this process's VmRSS during the run")
	fs.StringVar(&o.cpu, "cpu", "", "report the CPU time per request of these processes: name=pid,name=pid (loadgen itself is always reported)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "per-request timeout")
	fs.StringVar(&o.record, "record", "", "write one JSON line per measured request to this file (time, status, error code, cache, authorization)")
	fs.BoolVar(&o.vary, "vary", false, "replace {n} in -target and -body by a per-request sequence number (uncached requests)")
	fs.IntVar(&o.replayEvery, "replay-every", 0, "every Nth request of a worker resends its previous authorization (0: never)")
	if err := fs.Parse(args); err != nil {
		return o, fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() != 0 {
		return o, fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	modes := 0
	for _, set := range []bool{o.facilitatorListen != "", o.bareListen != "", o.target != ""} {
		if set {
			modes++
		}
	}
	switch {
	case modes != 1:
		return o, fmt.Errorf("%w: give exactly one of -facilitator-listen, -bare-listen, -target", errUsage)
	case o.bareListen != "" && o.bareBody == "":
		return o, fmt.Errorf("%w: -bare-listen needs -bare-body", errUsage)
	case o.capture != "" && o.target == "":
		return o, fmt.Errorf("%w: -capture needs -target", errUsage)
	case o.cpu != "" && parseCPU(o.cpu) == nil:
		return o, fmt.Errorf("%w: -cpu wants name=pid,name=pid", errUsage)
	case o.concurrency < 1 || o.duration <= 0 || o.warmup < 0 || o.presign < 0 || o.timeout <= 0 || o.replayEvery < 0:
		return o, fmt.Errorf("%w: -concurrency, -duration and -timeout must be positive, -warmup and -presign not negative", errUsage)
	}
	return o, nil
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parse(args, stderr)
	if err != nil {
		return err
	}
	switch {
	case o.facilitatorListen != "":
		return serve(ctx, o.facilitatorListen, facilitatorHandler(), stdout)
	case o.bareListen != "":
		h, err := bareHandler(o.bareBody, o.bareContentType)
		if err != nil {
			return err
		}
		return serve(ctx, o.bareListen, h, stdout)
	case o.capture != "":
		return capture(ctx, o, stdout)
	default:
		return load(ctx, o, stdout, stderr)
	}
}
