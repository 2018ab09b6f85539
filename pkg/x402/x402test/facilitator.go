package x402test

import (
	"context"
	"encoding/hex"
	"errors"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/exact"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

// CheckingFacilitator is a facilitator for services' tests that need no
// chain: it runs the real chain-free checks (exact.Verify: signature,
// recipient, amount, validity window, asset, network) with an injected
// clock, and settles every valid payment with a fake transaction hash (the
// authorization digest). Settlement on a chain is proven in pkg/x402's own
// end-to-end tests. It counts what it verified and settled, so a test can
// prove that a failure was never settled.
type CheckingFacilitator struct {
	now func() time.Time

	mu       sync.Mutex
	verified int
	settled  int
}

var _ x402.Facilitator = (*CheckingFacilitator)(nil)

// NewCheckingFacilitator returns a facilitator checking against now (nil:
// time.Now).
func NewCheckingFacilitator(now func() time.Time) *CheckingFacilitator {
	if now == nil {
		now = time.Now
	}
	return &CheckingFacilitator{now: now}
}

// Serve runs f over HTTP on a loopback port until cleanup and returns its
// base URL (for X402_FACILITATOR_URL).
func (f *CheckingFacilitator) Serve(tb testing.TB) string {
	tb.Helper()
	s := httptest.NewServer(facilitator.Handler(f, nil))
	tb.Cleanup(s.Close)
	return s.URL
}

func (f *CheckingFacilitator) check(p x402.PaymentPayload, r x402.PaymentRequirements) (exact.Checked, x402.VerifyResponse) {
	c, err := exact.Verify(p, r, f.now())
	if err != nil {
		var rej *x402.Rejection
		if errors.As(err, &rej) {
			return c, x402.VerifyResponse{IsValid: false, InvalidReason: rej.Reason, InvalidMessage: rej.Message}
		}
		return c, x402.VerifyResponse{IsValid: false, InvalidReason: "unexpected_verify_error", InvalidMessage: err.Error()}
	}
	return c, x402.VerifyResponse{IsValid: true, Payer: c.Payer.Hex()}
}

// Verify implements x402.Facilitator.
func (f *CheckingFacilitator) Verify(_ context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	_, v := f.check(p, r)
	f.mu.Lock()
	defer f.mu.Unlock()
	if v.IsValid {
		f.verified++
	}
	return v, nil
}

// Settle implements x402.Facilitator.
func (f *CheckingFacilitator) Settle(_ context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	c, v := f.check(p, r)
	if !v.IsValid {
		return x402.SettleResponse{Success: false, ErrorReason: v.InvalidReason, ErrorMessage: v.InvalidMessage, Network: r.Network}, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.settled++
	return x402.SettleResponse{Success: true, Payer: v.Payer, Transaction: "0x" + hex.EncodeToString(c.Digest[:]),
		Network: r.Network, Amount: r.Amount}, nil
}

// Supported implements x402.Facilitator.
func (f *CheckingFacilitator) Supported(context.Context) (x402.SupportedResponse, error) {
	return x402.SupportedResponse{Kinds: []x402.SupportedKind{{X402Version: x402.Version, Scheme: x402.SchemeExact, Network: x402.NetworkBase}}}, nil
}

// Counts returns how many payments were verified and settled.
func (f *CheckingFacilitator) Counts() (verified, settled int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.verified, f.settled
}
