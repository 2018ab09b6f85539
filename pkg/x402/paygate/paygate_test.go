package paygate_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402/paygate"
)

func TestWait(t *testing.T) {
	if err := paygate.Wait(context.Background()); err != nil {
		t.Fatalf("no gate: %v", err)
	}
	tests := []struct {
		name string
		ok   bool
		want error
	}{
		{name: "verified", ok: true},
		{name: "refused", ok: false, want: paygate.ErrRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, open := paygate.New(context.Background())
			if !paygate.Pending(ctx) {
				t.Fatal("a new gate is not pending")
			}
			got := make(chan error, 1)
			go func() { got <- paygate.Wait(ctx) }()
			select {
			case err := <-got:
				t.Fatalf("Wait returned %v before the gate opened", err)
			case <-time.After(20 * time.Millisecond):
			}
			open(tt.ok)
			open(!tt.ok) // only the first call counts
			if err := <-got; !errors.Is(err, tt.want) {
				t.Fatalf("Wait = %v, want %v", err, tt.want)
			}
			if paygate.Pending(ctx) {
				t.Fatal("still pending after open")
			}
		})
	}
	ctx, _ := paygate.New(context.Background())
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := paygate.Wait(cctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled: %v", err)
	}
}
