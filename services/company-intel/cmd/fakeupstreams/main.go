// Command fakeupstreams runs company-intel's fixture world for offline
// demos and end-to-end tests: fakes of every upstream provider (Google
// News, GDELT, Exa, SEC EDGAR, Wikidata, the five ATS board APIs), the
// fictitious companies' websites and a DNS server that resolves their
// domains to 127.0.0.1 and publishes the mail setups (MX, SPF, DMARC,
// DKIM) of a few of them, all on loopback only, with dates relative to the
// moment it starts (see sourcetest.World). Every company, person and story
// in it is fictitious.
//
// Usage:
//
//	fakeupstreams [-exa] [-latency 0s] [-env-file PATH] [-control 127.0.0.1:PORT]
//
// It prints the environment a company-intel service needs to use the
// world on stdout as "export KEY=value" lines (with -env-file, it writes
// KEY=value lines to PATH instead), lists the companies, their mail setups
// and the signals each should yield on stderr, and serves until SIGINT or
// SIGTERM:
//
//	fakeupstreams -env-file world.env &
//	set -a; . ./world.env; set +a   # then start company-intel in this shell
//
// The same environment serves domain-qual: it reads DNS_RESOLVERS (the
// world's DNS server), FETCH_ALLOWLIST and WEBSITE_HTTPS_PORT /
// WEBSITE_HTTP_PORT (the websites) from it and ignores the rest, so a
// domain-qual started in that shell classifies, audits and profiles the
// world's domains (northwind-robotics.com, adventureworks-cycles.com and
// proseware-learning.com have mail setups). scripts/demo.sh runs both.
//
// -exa puts the Exa fake's key in EXA_API_KEY, so the service uses the
// paid source too; -latency delays every answer of every fake and website
// (benchmarks).
//
// -control serves an HTTP endpoint switching faults at run time (fault
// runs, scripts/faults.sh): POST /dns?mode=ok|servfail|timeout, POST
// /upstreams?fault=ok|429|500|503|stall|… (every provider fake and
// website), POST /latency?d=2s, GET /state. It must be a loopback address.
// The same endpoint serves the world's call log (burst runs,
// scripts/burst.sh): GET /calls lists every request each provider
// received since the last POST /calls/reset, with its arrival time, the
// provider named as company-intel names it (googlenews, gdelt, exa, sec,
// wikidata, website, and greenhouse, lever, ashby, workable,
// smartrecruiters told apart by path on the shared ATS fake).
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

func main() {
	exa := flag.Bool("exa", false, "enable the Exa fake: put its key in EXA_API_KEY")
	latency := flag.Duration("latency", 0, "delay every answer of every fake and website by this much")
	envFile := flag.String("env-file", "", "write KEY=value lines to this file instead of printing exports")
	control := flag.String("control", "", "serve the fault control endpoint on this loopback address (e.g. 127.0.0.1:0)")
	flag.Parse()
	if err := run(*exa, *latency, *envFile, *control); err != nil {
		fmt.Fprintln(os.Stderr, "fakeupstreams:", err)
		os.Exit(1)
	}
}

func run(exa bool, latency time.Duration, envFile, control string) error {
	if latency < 0 {
		return fmt.Errorf("-latency %v is negative", latency)
	}
	var ctl net.Listener
	if control != "" {
		host, _, err := net.SplitHostPort(control)
		if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
			return fmt.Errorf("-control %q is not a loopback IP address and port", control)
		}
		if ctl, err = net.Listen("tcp", control); err != nil {
			return err
		}
		defer ctl.Close()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w, err := sourcetest.OpenWorld(time.Now(), sourcetest.WorldOptions{Exa: exa})
	if err != nil {
		return err
	}
	defer w.Close()
	w.SetLatency(latency)
	if ctl != nil {
		calls := newCallLog(time.Now)
		w.OnRequest(calls.add)
		srv := &http.Server{Handler: controlMux(w, calls), ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = srv.Serve(ctl) }() // ends when ctl is closed
		defer srv.Close()
		fmt.Fprintf(os.Stderr, "control on http://%s\n", ctl.Addr())
	}

	if envFile == "" {
		fmt.Print(w.Exports())
	} else if err := writeAtomically(envFile, w.EnvFile()); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "The world at %s (every company is fictitious):\n\n", w.Now().Format(time.RFC3339))
	if err := w.WriteCompanies(os.Stderr); err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "\nServing on loopback until interrupted.")
	<-ctx.Done()
	return nil
}

// writeAtomically writes the file under another name and renames it, so
// that a script waiting for it never reads half of it.
func writeAtomically(path, content string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fakeupstreams-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(content); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
