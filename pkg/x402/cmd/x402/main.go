// Command x402 pays for x402 v2 APIs and runs a local exact-EVM
// facilitator.
//
//	x402 pay [--max 0.10] METHOD URL [-d body] [-H 'K: V']... [-D headers-file]
//	x402 facilitator [--listen 127.0.0.1:8402]
//	x402 mcp call [--max 0.10] URL TOOL [ARGS-JSON]
//
// pay signs with X402_PRIVATE_KEY (hex) or the key in X402_PRIVATE_KEY_FILE,
// writes the response body to stdout and the settlement to stderr; -D
// writes the final response's status line and headers to a file (- for
// stderr), as curl -D does.
// facilitator settles on the chain at X402_RPC_URL, paying gas with
// X402_SETTLEMENT_KEY or the key in X402_SETTLEMENT_KEY_FILE.
//
// make build writes bin/x402. scripts/run.sh (make run) starts
// "x402 facilitator" on the local anvil chain for both services, and
// docker-compose.yml's local profile runs it in a container;
// scripts/e2e-company-intel.sh (make e2e) pays company-intel with
// "x402 pay".
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.LookupEnv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// lookupEnv is os.LookupEnv, injectable for tests.
type lookupEnv func(string) (string, bool)

// errUsage marks command-line mistakes (exit code 2).
var errUsage = errors.New("usage")

const usage = `usage:
  x402 pay [--max 0.10] METHOD URL [-d body] [-H 'K: V']... [-D headers-file]
  x402 facilitator [--listen 127.0.0.1:8402]
  x402 mcp call [--max 0.10] URL TOOL [ARGS-JSON]`

func run(ctx context.Context, args []string, env lookupEnv, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		_, _ = fmt.Fprintln(stderr, usage)
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	var err error
	switch args[0] {
	case "pay":
		err = runPay(ctx, args[1:], env, stdout, stderr)
	case "mcp":
		err = runMCP(ctx, args[1:], env, "dev", stdout, stderr)
	case "facilitator":
		err = runFacilitator(ctx, args[1:], env, logger, nil)
	case "-h", "--help", "help":
		_, _ = fmt.Fprintln(stdout, usage)
		return 0
	default:
		err = fmt.Errorf("%w: unknown command %q", errUsage, args[0])
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		_, _ = fmt.Fprintf(stderr, "x402: %v\n%s\n", err, usage)
		return 2
	default:
		_, _ = fmt.Fprintf(stderr, "x402: %v\n", err)
		return 1
	}
}
