package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/intel402/intel402/pkg/x402/evmchain"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

const shutdownTimeout = 10 * time.Second

// runFacilitator serves the local facilitator until ctx ends. ready, when
// not nil, receives the listening address.
func runFacilitator(ctx context.Context, args []string, env lookupEnv, logger *slog.Logger, ready chan<- string) error {
	fs := flag.NewFlagSet("facilitator", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	listen := fs.String("listen", "127.0.0.1:8402", "listen address")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	rpcURL, _ := env("X402_RPC_URL")
	if rpcURL == "" {
		return errors.New("X402_RPC_URL must be set")
	}
	key, err := loadKey(env, "X402_SETTLEMENT_KEY")
	if err != nil {
		return err
	}
	chain, err := evmchain.Dial(ctx, rpcURL, key)
	if err != nil {
		return fmt.Errorf("connect to chain: %w", err)
	}
	defer chain.Close()
	chainID, err := chain.ChainID(ctx)
	if err != nil {
		return fmt.Errorf("chain id: %w", err)
	}
	network := "eip155:" + chainID.String()
	local, err := facilitator.NewLocal(facilitator.LocalConfig{
		Chain: chain, Network: network, Signer: chain.SettlementAddress(), Logger: logger,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{
		Handler:           facilitator.Handler(local, logger),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      facilitator.DefaultSettleTimeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	logger.Info("x402 facilitator listening", slog.String("addr", ln.Addr().String()),
		slog.String("network", network), slog.String("signer", chain.SettlementAddress().Hex()))
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	logger.Info("x402 facilitator stopped")
	return nil
}
