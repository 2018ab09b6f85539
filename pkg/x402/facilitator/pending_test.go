package facilitator_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

// congested is a chain whose sent transfers stay unmined until mined is set.
type congested struct {
	mu       sync.Mutex
	sends    int
	mined    bool
	reverted bool
	executed bool
}

func (c *congested) chain() *fakeChain {
	tx := common.HexToHash("0xbeef")
	return &fakeChain{
		send: func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error) {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.sends++
			return tx, false, errors.New("wait for receipt: context deadline exceeded")
		},
		status: func(common.Hash) (bool, bool, error) {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.mined || c.reverted, c.mined, nil
		},
		executed: func([32]byte) (common.Hash, bool, error) {
			c.mu.Lock()
			defer c.mu.Unlock()
			return tx, c.executed, nil
		},
	}
}

func TestLocalReconcilesPendingSettlement(t *testing.T) {
	key := testKey(t)
	req := baseRequirements()
	tests := []struct {
		name      string
		after     func(*congested)
		late      time.Duration // clock moved on before the second Settle
		wantOK    bool
		wantRetry string // reason of the second Settle when it fails
		wantSends int
	}{
		{name: "still unmined", after: func(*congested) {}, wantRetry: x402.ReasonSettlementPending, wantSends: 1},
		{name: "mined", after: func(c *congested) { c.mined = true }, wantOK: true, wantSends: 1},
		{name: "reverted, authorization unused: settled afresh", after: func(c *congested) { c.reverted = true },
			wantRetry: x402.ReasonSettlementPending, wantSends: 2},
		{name: "expired unmined", after: func(*congested) {}, late: time.Hour, wantRetry: x402.ReasonValidBefore, wantSends: 1},
		{name: "expired, executed by another transaction", after: func(c *congested) { c.executed = true }, late: time.Hour,
			wantOK: true, wantSends: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &congested{}
			now := testNow
			l, err := facilitator.NewLocal(facilitator.LocalConfig{Chain: c.chain(), Network: x402.NetworkBase,
				Now: func() time.Time { return now }, ReconcileWait: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			p := signedPayment(t, key, req)
			first, err := l.Settle(context.Background(), p, req)
			if err != nil || !first.Pending() || first.Transaction == "" {
				t.Fatalf("first settle = %+v, %v (want settlement_pending with its transaction)", first, err)
			}
			tt.after(c)
			now = now.Add(tt.late)
			second, err := l.Settle(context.Background(), p, req)
			if err != nil {
				t.Fatal(err)
			}
			if second.Success != tt.wantOK || (!tt.wantOK && second.ErrorReason != tt.wantRetry) {
				t.Fatalf("second settle = %+v", second)
			}
			if tt.wantOK && second.Transaction != first.Transaction {
				t.Fatalf("settled by %s, broadcast %s", second.Transaction, first.Transaction)
			}
			if c.sends != tt.wantSends {
				t.Fatalf("sends = %d, want %d", c.sends, tt.wantSends)
			}
		})
	}
}

// TestPendingRecordNeedsTheSamePayment: only the very payment that was
// broadcast reconciles; another signature over the same nonce is verified
// afresh.
func TestPendingRecordNeedsTheSamePayment(t *testing.T) {
	key := testKey(t)
	req := baseRequirements()
	c := &congested{mined: false}
	l, err := facilitator.NewLocal(facilitator.LocalConfig{Chain: c.chain(), Network: x402.NetworkBase,
		Now: func() time.Time { return testNow }, ReconcileWait: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	p := signedPayment(t, key, req)
	if first, _ := l.Settle(context.Background(), p, req); !first.Pending() {
		t.Fatalf("first = %+v", first)
	}
	c.mined = true
	forged := withSignature(t, p, make([]byte, 65))
	got, err := l.Settle(context.Background(), forged, req)
	if err != nil || got.Success {
		t.Fatalf("forged payment settled: %+v %v", got, err)
	}
}
