package facilitator

import (
	"context"
	"errors"
	"fmt"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"log/slog"
	"math/big"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/exact"
)

// Chain is what the local facilitator needs from an EVM chain.
// evmchain.Client implements it.
//
// Errors that mean the chain could not be reached should wrap
// x402.ErrFacilitatorUnavailable or a net.Error so that Local reports them
// as unavailability rather than as a rejection.
type Chain interface {
	CodeAt(ctx context.Context, account common.Address) ([]byte, error)
	// IsValidSignature calls EIP-1271 isValidSignature on a contract wallet.
	IsValidSignature(ctx context.Context, wallet common.Address, digest [32]byte, sig []byte) (bool, error)
	TokenNameVersion(ctx context.Context, token common.Address) (name, version string, err error)
	BalanceOf(ctx context.Context, token, account common.Address) (*big.Int, error)
	AuthorizationState(ctx context.Context, token, authorizer common.Address, nonce [32]byte) (bool, error)
	SimulateTransferWithAuthorization(ctx context.Context, token common.Address, a eip3009.Authorization, sig []byte) error
	// SendTransferWithAuthorization sends the transfer and waits for its
	// receipt within ctx; ok reports receipt status 1.
	SendTransferWithAuthorization(ctx context.Context, token common.Address, a eip3009.Authorization, sig []byte) (tx common.Hash, ok bool, err error)
	// TransactionStatus looks a transaction's receipt up once (mined
	// false while it has none).
	TransactionStatus(ctx context.Context, tx common.Hash) (mined, ok bool, err error)
	// AuthorizationExecuted finds the transaction that executed the
	// authorization (from, nonce) as a transfer of value to to.
	AuthorizationExecuted(ctx context.Context, token, from, to common.Address, value *big.Int, nonce [32]byte) (tx common.Hash, found bool, err error)
}

// DefaultSettleTimeout bounds sending a settlement and waiting for its
// receipt.
const DefaultSettleTimeout = 2 * time.Minute

// LocalConfig configures a Local facilitator.
type LocalConfig struct {
	// Chain is the chain of Network. Required.
	Chain Chain
	// Network is the CAIP-2 id of Chain, e.g. x402.NetworkBase. Required.
	Network string
	// Signer is the settlement account, reported by Supported. Optional.
	Signer common.Address
	// Now is the clock (default time.Now).
	Now func() time.Time
	// SettleTimeout bounds send + receipt wait (default 2 minutes).
	SettleTimeout time.Duration
	// Logger (default: discard). Payloads and signatures are never logged.
	Logger *slog.Logger
	// Pending keeps the settlements broadcast but not seen confirmed
	// (default: in-process; share it between replicas).
	Pending PendingStore
	// ReconcileWait bounds the receipt wait of a Settle that reconciles a
	// pending settlement (default DefaultReconcileWait).
	ReconcileWait time.Duration
}

// Local is a built-in exact-EVM facilitator: it runs the pure checks of
// package exact, then verifies signatures of contract wallets, simulates
// and sends transferWithAuthorization through a Chain.
type Local struct {
	cfg   LocalConfig
	locks keyedMutex
}

var _ x402.Facilitator = (*Local)(nil)

// NewLocal returns a Local facilitator.
func NewLocal(cfg LocalConfig) (*Local, error) {
	if cfg.Chain == nil {
		return nil, errors.New("facilitator: LocalConfig.Chain is required")
	}
	if _, err := x402.EVMChainID(cfg.Network); err != nil {
		return nil, fmt.Errorf("facilitator: LocalConfig.Network: %w", err)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SettleTimeout <= 0 {
		cfg.SettleTimeout = DefaultSettleTimeout
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Pending == nil {
		cfg.Pending = NewMemoryPendingStore()
	}
	if cfg.ReconcileWait <= 0 {
		cfg.ReconcileWait = DefaultReconcileWait
	}
	return &Local{cfg: cfg, locks: keyedMutex{m: map[string]*keyedEntry{}}}, nil
}

// Supported implements x402.Facilitator.
func (l *Local) Supported(context.Context) (x402.SupportedResponse, error) {
	r := x402.SupportedResponse{
		Kinds: []x402.SupportedKind{{X402Version: x402.Version, Scheme: x402.SchemeExact, Network: l.cfg.Network}},
	}
	if l.cfg.Signer != (common.Address{}) {
		r.Signers = map[string][]string{"eip155:*": {l.cfg.Signer.Hex()}}
	}
	return r, nil
}

// Verify implements x402.Facilitator.
func (l *Local) Verify(ctx context.Context, p x402.PaymentPayload, req x402.PaymentRequirements) (x402.VerifyResponse, error) {
	c, rej, err := l.verify(ctx, p, req)
	if err != nil {
		return x402.VerifyResponse{}, &x402.FacilitatorError{Op: "verify", Err: err}
	}
	if rej != nil {
		l.cfg.Logger.InfoContext(ctx, "x402 verify rejected", slog.String("reason", rej.Reason), slog.String("payer", payerOf(c, p)))
		return x402.VerifyResponse{IsValid: false, InvalidReason: rej.Reason, InvalidMessage: rej.Message, Payer: payerOf(c, p)}, nil
	}
	return x402.VerifyResponse{IsValid: true, Payer: c.Payer.Hex()}, nil
}

// Settle implements x402.Facilitator: it re-verifies, sends the transfer
// and waits for its receipt. One Local never settles the same (from, nonce)
// twice concurrently: a second call waits, then finds the nonce used.
//
// A transfer that was sent but whose receipt could not be seen within
// SettleTimeout is reported as x402.ReasonSettlementPending with its
// transaction, and recorded in the PendingStore: a later Settle of the same
// payment reconciles against that transaction (success once it is mined)
// instead of sending a second one.
func (l *Local) Settle(ctx context.Context, p x402.PaymentPayload, req x402.PaymentRequirements) (x402.SettleResponse, error) {
	fail := func(payer, reason, msg, tx string) x402.SettleResponse {
		return x402.SettleResponse{Success: false, ErrorReason: reason, ErrorMessage: msg, Payer: payer, Transaction: tx, Network: req.Network}
	}
	// Serialise on (from, nonce) before verifying, so that a concurrent
	// settlement of the same authorization is seen as used.
	evm, err := x402.ExactEVMPayloadOf(p)
	if err != nil {
		var rej *x402.Rejection
		if errors.As(err, &rej) {
			return fail("", rej.Reason, rej.Message, ""), nil
		}
		return x402.SettleResponse{}, fmt.Errorf("facilitator settle: %w", err)
	}
	key := strings.ToLower(evm.Authorization.From) + ":" + strings.ToLower(evm.Authorization.Nonce)
	unlock, err := l.locks.lock(ctx, key)
	if err != nil {
		return x402.SettleResponse{}, &x402.FacilitatorError{Op: "settle", Err: err}
	}
	defer unlock()

	if c, ok := pendingCheck(p, req); ok && req.Network == l.cfg.Network {
		if r, ok := l.loadPending(ctx, c); ok {
			sr, done, err := l.reconcile(ctx, c, r, req)
			if err != nil {
				return x402.SettleResponse{}, &x402.FacilitatorError{Op: "settle", Err: err}
			}
			if done {
				return sr, nil
			}
		}
	}

	c, rej, err := l.verify(ctx, p, req)
	if err != nil {
		return x402.SettleResponse{}, &x402.FacilitatorError{Op: "settle", Err: err}
	}
	payer := c.Payer.Hex()
	if rej != nil {
		return fail(payer, rej.Reason, rej.Message, ""), nil
	}
	sctx, cancel := context.WithTimeout(ctx, l.cfg.SettleTimeout)
	defer cancel()
	tx, ok, err := l.cfg.Chain.SendTransferWithAuthorization(sctx, c.Token, c.Authorization, c.Signature)
	log := l.cfg.Logger.With(slog.String("payer", payer), slog.String("nonce", common.Hash(c.Authorization.Nonce).Hex()))
	switch {
	case err != nil && tx == (common.Hash{}):
		if unavailable(ctx, err) {
			return x402.SettleResponse{}, &x402.FacilitatorError{Op: "settle", Err: err}
		}
		log.WarnContext(ctx, "x402 settlement not sent", slog.Any("error", err))
		return fail(payer, x402.ReasonFailedToExecuteTransfer, err.Error(), ""), nil
	case err != nil:
		// Sent, but the receipt is unknown: the transfer may still land.
		log.WarnContext(ctx, "x402 settlement sent but not confirmed yet: pending", slog.String("tx", tx.Hex()), slog.Any("error", err))
		l.savePending(ctx, c, tx)
		return fail(payer, x402.ReasonSettlementPending,
			"the settlement was broadcast and is not confirmed yet; settle the same payment again", tx.Hex()), nil
	case !ok:
		log.WarnContext(ctx, "x402 settlement reverted", slog.String("tx", tx.Hex()))
		return fail(payer, x402.ReasonTransactionFailed, "transaction reverted", tx.Hex()), nil
	}
	log.InfoContext(ctx, "x402 settled", slog.String("tx", tx.Hex()), slog.String("amount", c.Authorization.Value.String()))
	return x402.SettleResponse{Success: true, Payer: payer, Transaction: tx.Hex(), Network: req.Network, Amount: c.Authorization.Value.String()}, nil
}

// verify returns a rejection, or a transport error when the chain could not
// answer.
func (l *Local) verify(ctx context.Context, p x402.PaymentPayload, req x402.PaymentRequirements) (exact.Checked, *x402.Rejection, error) {
	if req.Network != l.cfg.Network {
		return exact.Checked{}, &x402.Rejection{Reason: x402.ReasonInvalidNetwork, Message: "this facilitator settles on " + l.cfg.Network}, nil
	}
	c, err := exact.Check(p, req, l.cfg.Now())
	if err != nil {
		var rej *x402.Rejection
		if errors.As(err, &rej) {
			return c, rej, nil
		}
		return c, nil, err
	}
	if rej, err := l.verifySignature(ctx, c); rej != nil || err != nil {
		return c, rej, err
	}
	auth := c.Authorization
	simErr := l.cfg.Chain.SimulateTransferWithAuthorization(ctx, c.Token, auth, c.Signature)
	if simErr == nil {
		return c, nil, nil
	}
	if unavailable(ctx, simErr) {
		return c, nil, fmt.Errorf("simulate transfer: %w", simErr)
	}
	rej, err := l.diagnose(ctx, c, simErr)
	return c, rej, err
}

func (l *Local) verifySignature(ctx context.Context, c exact.Checked) (*x402.Rejection, error) {
	if c.EOASigned {
		return nil, nil
	}
	code, err := l.cfg.Chain.CodeAt(ctx, c.Payer)
	if err != nil {
		return nil, fmt.Errorf("code at payer: %w", err)
	}
	if len(code) > 0 {
		ok, err := l.cfg.Chain.IsValidSignature(ctx, c.Payer, c.Digest, c.Signature)
		if err != nil {
			if unavailable(ctx, err) {
				return nil, fmt.Errorf("EIP-1271 isValidSignature: %w", err)
			}
			return &x402.Rejection{Reason: x402.ReasonInvalidSignature, Message: "EIP-1271 isValidSignature failed: " + err.Error()}, nil
		}
		if !ok {
			return &x402.Rejection{Reason: x402.ReasonInvalidSignature, Message: "contract wallet rejected the signature (EIP-1271)"}, nil
		}
		return nil, nil
	}
	if c.ERC6492 {
		return &x402.Rejection{Reason: x402.ReasonERC6492Unsupported, Message: "ERC-6492 signatures of undeployed wallets are not supported by this facilitator"}, nil
	}
	return &x402.Rejection{Reason: x402.ReasonUndeployedSmartWallet, Message: "signature does not recover to from and from has no contract code"}, nil
}

// diagnose explains a failed simulation, in the reference order.
func (l *Local) diagnose(ctx context.Context, c exact.Checked, simErr error) (*x402.Rejection, error) {
	used, err := l.cfg.Chain.AuthorizationState(ctx, c.Token, c.Payer, c.Authorization.Nonce)
	switch {
	case err != nil && unavailable(ctx, err):
		return nil, fmt.Errorf("authorizationState: %w", err)
	case err != nil:
		return &x402.Rejection{Reason: x402.ReasonEIP3009NotSupported, Message: "token has no authorizationState: " + err.Error()}, nil
	case used:
		return &x402.Rejection{Reason: x402.ReasonNonceAlreadyUsed, Message: "authorization nonce already used"}, nil
	}
	name, version, err := l.cfg.Chain.TokenNameVersion(ctx, c.Token)
	if err == nil {
		if name != c.Domain.Name {
			return &x402.Rejection{Reason: x402.ReasonTokenNameMismatch, Message: fmt.Sprintf("token name is %q, domain says %q", name, c.Domain.Name)}, nil
		}
		if version != c.Domain.Version {
			return &x402.Rejection{Reason: x402.ReasonTokenVersionMismatch, Message: fmt.Sprintf("token version is %q, domain says %q", version, c.Domain.Version)}, nil
		}
	} else if unavailable(ctx, err) {
		return nil, fmt.Errorf("token name/version: %w", err)
	}
	bal, err := l.cfg.Chain.BalanceOf(ctx, c.Token, c.Payer)
	if err == nil && bal.Cmp(c.Authorization.Value) < 0 {
		return &x402.Rejection{Reason: x402.ReasonInsufficientBalance, Message: "payer balance is below the amount"}, nil
	} else if err != nil && unavailable(ctx, err) {
		return nil, fmt.Errorf("balanceOf: %w", err)
	}
	return &x402.Rejection{Reason: x402.ReasonTransactionSimulationFailed, Message: simErr.Error()}, nil
}

// unavailable reports whether err means the chain could not answer, as
// opposed to the chain answering with a failure.
func unavailable(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, x402.ErrFacilitatorUnavailable) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne)
}

func payerOf(c exact.Checked, p x402.PaymentPayload) string {
	if c.Payer != (common.Address{}) {
		return c.Payer.Hex()
	}
	if e, err := x402.ExactEVMPayloadOf(p); err == nil && common.IsHexAddress(e.Authorization.From) {
		return common.HexToAddress(e.Authorization.From).Hex()
	}
	return ""
}

// keyedMutex is a set of context-aware mutexes created on demand and
// dropped when unused.
type keyedMutex struct {
	mu sync.Mutex
	m  map[string]*keyedEntry
}

type keyedEntry struct {
	ch   chan struct{} // holds one token while locked
	refs int
}

func (k *keyedMutex) lock(ctx context.Context, key string) (func(), error) {
	k.mu.Lock()
	e, ok := k.m[key]
	if !ok {
		e = &keyedEntry{ch: make(chan struct{}, 1)}
		k.m[key] = e
	}
	e.refs++
	k.mu.Unlock()
	release := func() {
		k.mu.Lock()
		e.refs--
		if e.refs == 0 {
			delete(k.m, key)
		}
		k.mu.Unlock()
	}
	select {
	case e.ch <- struct{}{}:
		return func() { <-e.ch; release() }, nil
	case <-ctx.Done():
		release()
		return nil, fmt.Errorf("wait for in-flight settlement of the same authorization: %w", ctx.Err())
	}
}
