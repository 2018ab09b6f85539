package facilitator

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/exact"
)

// PendingStore keeps the settlements Local broadcast but could not see
// confirmed, so that a second Settle of the same payment reconciles against
// the broadcast transaction instead of sending another. Share it between
// replicas (the services pass their Redis cache store) so that a retry
// reaching another replica reconciles too.
type PendingStore interface {
	// Get returns the value and true, or false when absent or expired.
	Get(ctx context.Context, key string) ([]byte, bool, error)
	// Set stores val for ttl.
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
	// Release deletes key.
	Release(ctx context.Context, key string) error
}

// Defaults of the pending-settlement handling.
const (
	// DefaultReconcileWait bounds how long a Settle of a pending payment
	// waits for the broadcast transaction's receipt before answering
	// settlement_pending again.
	DefaultReconcileWait = 5 * time.Second
	// PendingMargin is kept beyond an authorization's validBefore: a
	// transaction broadcast before it may be mined a little after.
	PendingMargin = 10 * time.Minute
	reconcilePoll = 250 * time.Millisecond
)

// pendingRecord is what the store keeps per (payer, nonce).
type pendingRecord struct {
	Tx          string `json:"tx"`
	To          string `json:"to"`
	Value       string `json:"value"`
	ValidBefore int64  `json:"validBefore"`
	SentAt      int64  `json:"sentAt"`
	// Sig is the Keccak-256 of the signature: only the very payment that
	// was broadcast reconciles against it.
	Sig string `json:"sig"`
}

func pendingKey(from common.Address, nonce [32]byte) string {
	return "x402:pending:" + strings.ToLower(from.Hex()) + ":" + strings.ToLower(common.Hash(nonce).Hex())
}

// matches reports whether the record was written for this authorization
// (same payee and amount; the nonce and payer are the key).
func (r pendingRecord) matches(c exact.Checked) bool {
	return strings.EqualFold(r.To, c.Authorization.To.Hex()) && r.Value == c.Authorization.Value.String() &&
		r.Sig == crypto.Keccak256Hash(c.Signature).Hex()
}

// pendingCheck decodes a payment for the pending-settlement lookup: every
// check of exact.Check except the validity window, since a retry of a
// broadcast payment may arrive after its authorization expired.
func pendingCheck(p x402.PaymentPayload, req x402.PaymentRequirements) (exact.Checked, bool) {
	evm, err := x402.ExactEVMPayloadOf(p)
	if err != nil {
		return exact.Checked{}, false
	}
	after, ok := x402.ParseAtomic(evm.Authorization.ValidAfter)
	if !ok || !after.IsInt64() {
		return exact.Checked{}, false
	}
	req.MaxTimeoutSeconds = 0
	c, err := exact.Check(p, req, time.Unix(after.Int64(), 0))
	return c, err == nil
}

func (l *Local) loadPending(ctx context.Context, c exact.Checked) (pendingRecord, bool) {
	raw, ok, err := l.cfg.Pending.Get(ctx, pendingKey(c.Payer, c.Authorization.Nonce))
	if err != nil {
		l.cfg.Logger.WarnContext(ctx, "x402 pending-settlement store unavailable", slog.Any("error", err))
		return pendingRecord{}, false
	}
	if !ok {
		return pendingRecord{}, false
	}
	var r pendingRecord
	if json.Unmarshal(raw, &r) != nil || !common.IsHexAddress(r.To) || len(r.Tx) != 66 || !r.matches(c) {
		return pendingRecord{}, false
	}
	return r, true
}

func (l *Local) savePending(ctx context.Context, c exact.Checked, tx common.Hash) {
	vb := c.Authorization.ValidBefore
	r := pendingRecord{Tx: tx.Hex(), To: c.Authorization.To.Hex(), Value: c.Authorization.Value.String(), SentAt: l.cfg.Now().Unix(),
		Sig: crypto.Keccak256Hash(c.Signature).Hex()}
	ttl := PendingMargin
	if vb.IsInt64() {
		r.ValidBefore = vb.Int64()
		if left := time.Unix(r.ValidBefore, 0).Sub(l.cfg.Now()); left > 0 {
			ttl += left
		}
	}
	raw, _ := json.Marshal(r)
	if err := l.cfg.Pending.Set(context.WithoutCancel(ctx), pendingKey(c.Payer, c.Authorization.Nonce), raw, ttl); err != nil {
		l.cfg.Logger.ErrorContext(ctx, "x402 pending settlement not recorded; a retry will find the nonce used",
			slog.String("tx", r.Tx), slog.Any("error", err))
	}
}

func (l *Local) dropPending(ctx context.Context, c exact.Checked) {
	if err := l.cfg.Pending.Release(context.WithoutCancel(ctx), pendingKey(c.Payer, c.Authorization.Nonce)); err != nil {
		l.cfg.Logger.WarnContext(ctx, "x402 pending-settlement record not removed", slog.Any("error", err))
	}
}

// reconcile answers a Settle of a payment whose transfer was broadcast
// earlier: success once that transaction (or any transaction executing the
// same authorization) is mined, settlement_pending while it is not, and a
// terminal failure once the authorization expired unexecuted. done is false
// when the broadcast transaction reverted and the authorization is still
// unused: the caller then settles afresh.
func (l *Local) reconcile(ctx context.Context, c exact.Checked, r pendingRecord, req x402.PaymentRequirements) (x402.SettleResponse, bool, error) {
	payer := c.Payer.Hex()
	tx := common.HexToHash(r.Tx)
	log := l.cfg.Logger.With(slog.String("payer", payer), slog.String("tx", r.Tx))
	ok := func(tx string) x402.SettleResponse {
		l.dropPending(ctx, c)
		log.InfoContext(ctx, "x402 pending settlement confirmed", slog.String("settled_by", tx))
		return x402.SettleResponse{Success: true, Payer: payer, Transaction: tx, Network: req.Network, Amount: r.Value}
	}
	pending := x402.SettleResponse{Success: false, ErrorReason: x402.ReasonSettlementPending, Payer: payer,
		ErrorMessage: "the settlement was broadcast and is not confirmed yet; settle the same payment again",
		Transaction:  r.Tx, Network: req.Network}

	wctx, cancel := context.WithTimeout(ctx, l.cfg.ReconcileWait)
	defer cancel()
	for {
		mined, success, err := l.cfg.Chain.TransactionStatus(wctx, tx)
		switch {
		case err == nil && mined && success:
			return ok(r.Tx), true, nil
		case err == nil && mined:
			// Ours reverted: someone else's transaction may have executed
			// the same authorization first (the payee is still paid).
			if other, found, ferr := l.cfg.Chain.AuthorizationExecuted(ctx, c.Token, c.Payer, c.Authorization.To, c.Authorization.Value, c.Authorization.Nonce); ferr == nil && found {
				return ok(other.Hex()), true, nil
			}
			l.dropPending(ctx, c)
			log.WarnContext(ctx, "x402 pending settlement reverted; settling afresh")
			return x402.SettleResponse{}, false, nil
		case err != nil && !unavailable(wctx, err):
			return x402.SettleResponse{}, true, fmt.Errorf("receipt of %s: %w", r.Tx, err)
		}
		select {
		case <-wctx.Done():
		case <-time.After(reconcilePoll):
			continue
		}
		break
	}
	if ctx.Err() != nil {
		return pending, true, nil
	}
	// Not mined yet. Once the authorization has expired, the broadcast
	// transaction can only revert: unless another one executed it, nobody
	// was charged.
	if r.ValidBefore > 0 && !l.cfg.Now().Before(time.Unix(r.ValidBefore, 0).Add(exact.ValiditySkew)) {
		other, found, err := l.cfg.Chain.AuthorizationExecuted(ctx, c.Token, c.Payer, c.Authorization.To, c.Authorization.Value, c.Authorization.Nonce)
		switch {
		case err != nil:
			return pending, true, nil
		case found:
			return ok(other.Hex()), true, nil
		}
		l.dropPending(ctx, c)
		log.WarnContext(ctx, "x402 pending settlement expired unmined")
		return x402.SettleResponse{Success: false, ErrorReason: x402.ReasonValidBefore, Payer: payer, Transaction: r.Tx,
			ErrorMessage: "the authorization expired before its settlement was mined; nothing was charged", Network: req.Network}, true, nil
	}
	log.InfoContext(ctx, "x402 settlement still pending")
	return pending, true, nil
}

// Executed reports whether the payment's authorization was executed on
// chain as the transfer it signs (its AuthorizationUsed event and the
// Transfer to the payee in the same transaction), and by which
// transaction. A cancelled authorization is not executed. The payments
// middleware asks before delivering a response it withheld while a
// settlement's outcome was unknown.
func (l *Local) Executed(ctx context.Context, p x402.PaymentPayload, req x402.PaymentRequirements) (string, bool, error) {
	evm, err := x402.ExactEVMPayloadOf(p)
	if err != nil {
		return "", false, nil
	}
	// Our payee and price, whatever the authorization says.
	a := evm.Authorization
	value, ok := x402.ParseAtomic(req.Amount)
	nonce, nerr := hexutil.Decode(a.Nonce)
	if !ok || nerr != nil || len(nonce) != 32 || !common.IsHexAddress(a.From) || !common.IsHexAddress(req.PayTo) || !common.IsHexAddress(req.Asset) {
		return "", false, nil
	}
	tx, found, err := l.cfg.Chain.AuthorizationExecuted(ctx, common.HexToAddress(req.Asset), common.HexToAddress(a.From),
		common.HexToAddress(req.PayTo), value, [32]byte(nonce))
	if err != nil {
		return "", false, &x402.FacilitatorError{Op: "executed", Err: err}
	}
	if !found {
		return "", false, nil
	}
	return tx.Hex(), true, nil
}

// MemoryPendingStore is an in-process PendingStore for tests and single
// instances.
type MemoryPendingStore struct {
	mu sync.Mutex
	m  map[string]memoryEntry
}

type memoryEntry struct {
	val []byte
	exp time.Time
}

// NewMemoryPendingStore returns an empty store.
func NewMemoryPendingStore() *MemoryPendingStore {
	return &MemoryPendingStore{m: map[string]memoryEntry{}}
}

// Get implements PendingStore.
func (s *MemoryPendingStore) Get(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.m[key]
	if !ok || !time.Now().Before(e.exp) {
		delete(s.m, key)
		return nil, false, nil
	}
	return e.val, true, nil
}

// Set implements PendingStore.
func (s *MemoryPendingStore) Set(_ context.Context, key string, val []byte, ttl time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	for k, e := range s.m {
		if !now.Before(e.exp) {
			delete(s.m, k)
		}
	}
	s.m[key] = memoryEntry{val: append([]byte(nil), val...), exp: now.Add(ttl)}
	return nil
}

// Release implements PendingStore.
func (s *MemoryPendingStore) Release(_ context.Context, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, key)
	return nil
}
