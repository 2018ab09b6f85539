package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/intel402/intel402/pkg/x402/x402test"
)

func TestRunRejectsBadFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{name: "negative amount", args: []string{"-amount", "-5"}, wantErr: "not a positive integer"},
		{name: "non-numeric amount", args: []string{"-amount", "ten"}, wantErr: "not a positive integer"},
		{name: "bad fund address", args: []string{"-fund", "0x1234"}, wantErr: "not an address"},
		{name: "unknown flag", args: []string{"-nope"}, wantErr: "flag provided but not defined"},
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(context.Background(), tt.args, io.Discard, logger)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestRunSetsUpChain(t *testing.T) {
	a := x402test.StartAnvil(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	extra := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	var out bytes.Buffer
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := run(ctx, []string{"-rpc", a.RPCURL, "-fund", extra.Hex(), "-amount", "7000000"}, &out, logger); err != nil {
		t.Fatal(err)
	}
	for _, who := range []common.Address{a.Address(x402test.PayerKey), extra} {
		if got := a.Balance(ctx, who); got.Cmp(big.NewInt(7_000_000)) != 0 {
			t.Errorf("balance of %s = %s, want 7000000", who, got)
		}
	}
	for _, want := range []string{a.RPCURL, x402test.USDCAddressHex, a.Address(x402test.PayerKey).Hex(), "0x" + x402test.DevKey1Hex} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
