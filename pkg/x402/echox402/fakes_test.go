package echox402_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"errors"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"math/big"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

const (
	anvilKey = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	payTo    = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C"
)

var testNow = time.Unix(1_800_000_000, 0)

func clock() time.Time { return testNow }

// fakeChain is a token that marks an authorization used when its transfer
// is mined. balance and sendOK can be changed between requests.
type fakeChain struct {
	mu      sync.Mutex
	used    map[[32]byte]bool
	balance int64
	revert  bool // mined receipts have status 0
	sends   int
	// hold leaves sent transfers unmined (a congested chain): the send
	// reports its transaction with a receipt timeout until mine is called.
	hold   bool
	queued map[common.Hash][32]byte
	mined  map[common.Hash]bool
}

// mine includes every held transfer.
func (f *fakeChain) mine() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for tx, n := range f.queued {
		if !f.used[n] {
			f.used[n] = true
			f.mined[tx] = true
		}
		delete(f.queued, tx)
	}
}

func (f *fakeChain) TransactionStatus(_ context.Context, tx common.Hash) (bool, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.mined[tx], f.mined[tx], nil
}

func (f *fakeChain) AuthorizationExecuted(_ context.Context, _, _, _ common.Address, _ *big.Int, n [32]byte) (common.Hash, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for tx := range f.mined {
		if crypto.Keccak256Hash(n[:]) == tx {
			return tx, true, nil
		}
	}
	return common.Hash{}, false, nil
}

func newFakeChain() *fakeChain {
	return &fakeChain{used: map[[32]byte]bool{}, balance: 1_000_000_000, queued: map[common.Hash][32]byte{}, mined: map[common.Hash]bool{}}
}

func (f *fakeChain) CodeAt(context.Context, common.Address) ([]byte, error) { return nil, nil }
func (f *fakeChain) IsValidSignature(context.Context, common.Address, [32]byte, []byte) (bool, error) {
	return false, errors.New("not a contract")
}
func (f *fakeChain) TokenNameVersion(context.Context, common.Address) (string, string, error) {
	return x402.USDCBaseName, x402.USDCVersion, nil
}
func (f *fakeChain) BalanceOf(context.Context, common.Address, common.Address) (*big.Int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return big.NewInt(f.balance), nil
}
func (f *fakeChain) AuthorizationState(_ context.Context, _, _ common.Address, n [32]byte) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.used[n], nil
}
func (f *fakeChain) SimulateTransferWithAuthorization(_ context.Context, _ common.Address, a eip3009.Authorization, _ []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.used[a.Nonce] || f.balance < a.Value.Int64() {
		return errors.New("execution reverted")
	}
	return nil
}
func (f *fakeChain) SendTransferWithAuthorization(_ context.Context, _ common.Address, a eip3009.Authorization, _ []byte) (common.Hash, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sends++
	tx := crypto.Keccak256Hash(a.Nonce[:])
	if f.hold {
		f.queued[tx] = a.Nonce
		return tx, false, errors.New("wait for receipt: context deadline exceeded")
	}
	if f.revert || f.used[a.Nonce] {
		return tx, false, nil
	}
	f.used[a.Nonce] = true
	f.mined[tx] = true
	return tx, true, nil
}

func (f *fakeChain) set(fn func(*fakeChain)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

// Executed forwards to the wrapped facilitator when it can tell.
func (c *countingFacilitator) Executed(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (string, bool, error) {
	if ex, ok := c.Facilitator.(echox402.Executor); ok {
		return ex.Executed(ctx, p, r)
	}
	return "", false, nil
}

// countingFacilitator counts calls and can simulate an unreachable
// facilitator for verify or settle.
type countingFacilitator struct {
	x402.Facilitator
	verifies, settles      atomic.Int32
	verifyDown, settleDown atomic.Bool
}

func (c *countingFacilitator) Verify(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	c.verifies.Add(1)
	if c.verifyDown.Load() {
		return x402.VerifyResponse{}, &x402.FacilitatorError{Op: "verify", Err: errors.New("connection refused")}
	}
	return c.Facilitator.Verify(ctx, p, r)
}

func (c *countingFacilitator) Settle(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	c.settles.Add(1)
	if c.settleDown.Load() {
		return x402.SettleResponse{}, &x402.FacilitatorError{Op: "settle", Err: errors.New("connection reset")}
	}
	return c.Facilitator.Settle(ctx, p, r)
}

func newFacilitator(t testing.TB, chain facilitator.Chain) *countingFacilitator {
	t.Helper()
	l, err := facilitator.NewLocal(facilitator.LocalConfig{Chain: chain, Network: x402.NetworkBase, Now: clock,
		ReconcileWait: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return &countingFacilitator{Facilitator: l}
}

func testKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.HexToECDSA(anvilKey)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// pay signs a payment for the first requirement of a challenge header.
func pay(t testing.TB, key *ecdsa.PrivateKey, challengeHeader string, mutate func(*x402.PaymentRequirements)) string {
	t.Helper()
	pr, err := x402.DecodePaymentRequired(challengeHeader)
	if err != nil {
		t.Fatal(err)
	}
	req := pr.Accepts[0]
	if mutate != nil {
		mutate(&req)
	}
	p, err := client.SignExact(key, req, pr, testNow, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	h, err := x402.EncodeHeader(p)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
