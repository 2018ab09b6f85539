// Command devchain prepares a running local anvil node for x402 payments:
// it installs the dev EIP-3009 token at USDC's Base address, mints dev USDC
// to the payer (and any other -fund addresses), and prints what a local
// client and facilitator need. scripts/devchain.sh starts anvil and runs it.
//
//	go run ./pkg/x402/x402test/cmd/devchain -rpc http://127.0.0.1:8545
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/intel402/intel402/pkg/x402/x402test"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(ctx, os.Args[1:], os.Stdout, logger); err != nil {
		logger.Error("devchain failed", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer, logger *slog.Logger) error {
	fs := flag.NewFlagSet("devchain", flag.ContinueOnError)
	rpcURL := fs.String("rpc", "http://127.0.0.1:8545", "anvil JSON-RPC URL")
	fundList := fs.String("fund", "", "extra comma-separated addresses to fund besides the dev payer")
	amountStr := fs.String("amount", "1000000000", "dev USDC to mint to each funded address, in atomic units (6 decimals)")
	wait := fs.Duration("wait", 30*time.Second, "how long to wait for the node to answer")
	if err := fs.Parse(args); err != nil {
		return err
	}
	amount, ok := new(big.Int).SetString(*amountStr, 10)
	if !ok || amount.Sign() <= 0 {
		return fmt.Errorf("-amount %q is not a positive integer", *amountStr)
	}
	payerKey, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		return err
	}
	facilitatorKey, err := x402test.DevKey(x402test.FacilitatorKey)
	if err != nil {
		return err
	}
	payer := crypto.PubkeyToAddress(payerKey.PublicKey)
	fund := []common.Address{payer}
	for _, s := range strings.Split(*fundList, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if !common.IsHexAddress(s) {
			return fmt.Errorf("-fund: %q is not an address", s)
		}
		fund = append(fund, common.HexToAddress(s))
	}

	if err := waitForNode(ctx, *rpcURL, *wait); err != nil {
		return err
	}
	if err := x402test.SetupDevChain(ctx, *rpcURL, fund, amount); err != nil {
		return err
	}
	logger.Info("dev chain ready", "rpc", *rpcURL, "usdc", x402test.USDCAddressHex, "funded", len(fund), "amount", amount.String())

	_, err = fmt.Fprintf(out, `Dev chain ready (anvil, chain id %d). Public anvil test keys: never use them on a real network.
RPC URL:               %s
Dev USDC (dev token):  %s  ("USD Coin", version "2", 6 decimals; mint is open)
Dev payer address:     %s  (funded with %s atomic units)
Dev payer key:         0x%s
Facilitator address:   %s  (pays gas for settlement)
Facilitator key:       0x%s
`, x402test.ChainID, *rpcURL, x402test.USDCAddressHex, payer, amount, x402test.DevKey1Hex,
		crypto.PubkeyToAddress(facilitatorKey.PublicKey), x402test.DevKey0Hex)
	return err
}

// waitForNode polls eth_chainId until the node answers or wait passes.
func waitForNode(ctx context.Context, rpcURL string, wait time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	var lastErr error
	for {
		c, err := rpc.DialContext(ctx, rpcURL)
		if err == nil {
			var id string
			err = c.CallContext(ctx, &id, "eth_chainId")
			c.Close()
			if err == nil {
				return nil
			}
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return fmt.Errorf("node at %s did not answer within %s: %w", rpcURL, wait, errors.Join(ctx.Err(), lastErr))
		case <-time.After(100 * time.Millisecond):
		}
	}
}
