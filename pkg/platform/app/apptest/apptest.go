// Package apptest boots a whole service in a test, on 127.0.0.1:0, the way
// its main does, and stops it (draining) at cleanup.
package apptest

import (
	"context"
	"io"
	"net"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/config"
)

// RunFunc is a service's Run: it serves until ctx is done.
type RunFunc func(ctx context.Context, lookup config.Lookup, logOut io.Writer, version string, ready func(net.Addr)) error

// Defaults are the variables Boot sets unless env overrides them: a free
// loopback port, a dev pay-to address (anvil's public account #2) and a
// facilitator URL nothing listens on — a service must start without it.
func Defaults() map[string]string {
	return map[string]string{
		"PORT": "0", "LISTEN_HOST": "127.0.0.1",
		"X402_PAY_TO": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "X402_FACILITATOR_URL": "http://127.0.0.1:1",
	}
}

// Boot runs the service with Defaults overridden by env and returns its
// base URL ("http://127.0.0.1:port").
func Boot(tb testing.TB, run RunFunc, env map[string]string) string {
	tb.Helper()
	vars := Defaults()
	for k, v := range env {
		vars[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- run(ctx, config.Map(vars), io.Discard, "test", func(a net.Addr) { addrc <- a }) }()
	select {
	case a := <-addrc:
		tb.Cleanup(func() {
			cancel()
			if err := <-done; err != nil {
				tb.Errorf("service stopped with: %v", err)
			}
		})
		return "http://" + a.String()
	case err := <-done:
		cancel()
		tb.Fatalf("service did not start: %v", err)
	case <-time.After(15 * time.Second):
		cancel()
		tb.Fatal("service did not start within 15s")
	}
	return ""
}
