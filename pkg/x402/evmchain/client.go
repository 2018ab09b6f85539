package evmchain

import (
	"context"
	"crypto/ecdsa"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

// ErrNoSettlementKey is returned by SendTransferWithAuthorization on a
// Client dialled without a settlement key.
var ErrNoSettlementKey = errors.New("evmchain: no settlement key: client is read-only")

const (
	// defaultReceiptWait bounds the wait for a receipt when the caller's
	// context has no deadline of its own.
	defaultReceiptWait = 2 * time.Minute
	// Receipt polling starts fast (a local chain mines at once) and backs
	// off to about a Base block time.
	firstReceiptPoll = 25 * time.Millisecond
	maxReceiptPoll   = time.Second
	// gasHeadroomPercent is added to eth_estimateGas so a transaction still
	// fits when state moves a little between estimate and inclusion.
	gasHeadroomPercent = 20
)

// Client reads EIP-3009 token and EIP-1271 wallet state over JSON-RPC and,
// when it has a settlement key, sends transferWithAuthorization
// transactions. It is safe for concurrent use.
type Client struct {
	eth     *ethclient.Client
	chainID *big.Int
	abis    contractABIs

	key    *ecdsa.PrivateKey // nil for a read-only client
	sender common.Address    // address of key, zero when key is nil
	signer types.Signer

	// sendMu serialises nonce assignment and submission so concurrent
	// settlements never reuse a nonce.
	sendMu    sync.Mutex
	nextNonce uint64 // next nonce this client will use; valid when haveNonce
	haveNonce bool
}

// Dial connects to the JSON-RPC endpoint at rpcURL and reads its chain ID.
// settlementKey pays gas for and signs settlement transactions; it may be
// nil for a read-only client.
func Dial(ctx context.Context, rpcURL string, settlementKey *ecdsa.PrivateKey, opts ...rpc.ClientOption) (*Client, error) {
	abis, err := loadABIs()
	if err != nil {
		return nil, fmt.Errorf("evmchain.Dial: %w", err)
	}
	rc, err := rpc.DialOptions(ctx, rpcURL, opts...)
	if err != nil {
		return nil, fmt.Errorf("evmchain.Dial: %w", err)
	}
	eth := ethclient.NewClient(rc)
	chainID, err := eth.ChainID(ctx)
	if err != nil {
		eth.Close()
		return nil, fmt.Errorf("evmchain.Dial: read chain id: %w", err)
	}
	c := &Client{
		eth:     eth,
		chainID: chainID,
		abis:    abis,
		key:     settlementKey,
		signer:  types.LatestSignerForChainID(chainID),
	}
	if settlementKey != nil {
		c.sender = crypto.PubkeyToAddress(settlementKey.PublicKey)
	}
	return c, nil
}

// Close closes the underlying RPC connection.
func (c *Client) Close() {
	c.eth.Close()
}

// ChainID returns the chain ID read when the client was dialled.
func (c *Client) ChainID(ctx context.Context) (*big.Int, error) {
	return new(big.Int).Set(c.chainID), nil
}

// SettlementAddress returns the address that sends settlement
// transactions, or the zero address for a read-only client.
func (c *Client) SettlementAddress() common.Address {
	return c.sender
}

// CodeAt returns the code deployed at account in the latest block; it is
// empty for an externally owned account.
func (c *Client) CodeAt(ctx context.Context, account common.Address) ([]byte, error) {
	code, err := c.eth.CodeAt(ctx, account, nil)
	if err != nil {
		return nil, fmt.Errorf("evmchain: code at %s: %w", account, err)
	}
	return code, nil
}

// IsValidSignature asks the EIP-1271 wallet whether sig is its signature of
// digest. It is true only when the wallet returns the magic value
// 0x1626ba7e; a revert, a short answer or an account without code is false.
func (c *Client) IsValidSignature(ctx context.Context, wallet common.Address, digest [32]byte, sig []byte) (bool, error) {
	data, err := c.abis.erc1271.Pack("isValidSignature", digest, sig)
	if err != nil {
		return false, fmt.Errorf("evmchain: encode isValidSignature: %w", err)
	}
	out, err := c.eth.CallContract(ctx, ethereum.CallMsg{To: &wallet, Data: data}, nil)
	if err != nil {
		var rev *RevertError
		if errors.As(asRevert(err), &rev) {
			return false, nil
		}
		return false, fmt.Errorf("evmchain: isValidSignature on %s: %w", wallet, err)
	}
	if len(out) < 32 {
		return false, nil
	}
	return binary.BigEndian.Uint32(out[:4]) == magicValue1271, nil
}

// TokenNameVersion reads the token's EIP-712 domain name and version.
func (c *Client) TokenNameVersion(ctx context.Context, token common.Address) (name, version string, err error) {
	if err := c.call(ctx, token, "name", &name); err != nil {
		return "", "", err
	}
	if err := c.call(ctx, token, "version", &version); err != nil {
		return "", "", err
	}
	return name, version, nil
}

// BalanceOf returns account's token balance in atomic units.
func (c *Client) BalanceOf(ctx context.Context, token, account common.Address) (*big.Int, error) {
	var bal *big.Int
	if err := c.call(ctx, token, "balanceOf", &bal, account); err != nil {
		return nil, err
	}
	return bal, nil
}

// AuthorizationState reports whether authorizer's nonce has been used on
// token.
func (c *Client) AuthorizationState(ctx context.Context, token, authorizer common.Address, nonce [32]byte) (bool, error) {
	var used bool
	if err := c.call(ctx, token, "authorizationState", &used, authorizer, nonce); err != nil {
		return false, err
	}
	return used, nil
}

// SimulateTransferWithAuthorization runs transferWithAuthorization with
// eth_call against the latest block, from the settlement address (or the
// zero address for a read-only client). A revert is returned as a
// *RevertError carrying the reason when the token gave one.
func (c *Client) SimulateTransferWithAuthorization(ctx context.Context, token common.Address, a eip3009.Authorization, sig []byte) error {
	data, err := c.packTransfer(a, sig)
	if err != nil {
		return err
	}
	if _, err := c.eth.CallContract(ctx, ethereum.CallMsg{From: c.sender, To: &token, Data: data}, nil); err != nil {
		return fmt.Errorf("evmchain: simulate transferWithAuthorization: %w", asRevert(err))
	}
	return nil
}

// SendTransferWithAuthorization sends transferWithAuthorization as an
// EIP-1559 transaction from the settlement key and waits for its receipt,
// polling until ctx ends (or two minutes when ctx has no deadline).
//
// ok is true when the receipt's status is 1. A transaction that would
// revert is caught by gas estimation: nothing is sent and err is a
// *RevertError. When the wait for the receipt fails, tx is the sent
// transaction's hash and err says why, so the caller can reconcile later.
func (c *Client) SendTransferWithAuthorization(ctx context.Context, token common.Address, a eip3009.Authorization, sig []byte) (tx common.Hash, ok bool, err error) {
	if c.key == nil {
		return common.Hash{}, false, ErrNoSettlementKey
	}
	data, err := c.packTransfer(a, sig)
	if err != nil {
		return common.Hash{}, false, err
	}
	tx, err = c.send(ctx, token, data)
	if err != nil {
		return common.Hash{}, false, fmt.Errorf("evmchain: send transferWithAuthorization: %w", err)
	}
	receipt, err := c.waitReceipt(ctx, tx)
	if err != nil {
		return tx, false, fmt.Errorf("evmchain: transferWithAuthorization %s: %w", tx, err)
	}
	return tx, receipt.Status == types.ReceiptStatusSuccessful, nil
}

// TransactionStatus looks tx's receipt up once: mined reports whether it
// has one, ok whether its status is 1. A transaction not (yet) mined is
// mined false with a nil error.
func (c *Client) TransactionStatus(ctx context.Context, tx common.Hash) (mined, ok bool, err error) {
	receipt, err := c.eth.TransactionReceipt(ctx, tx)
	switch {
	case errors.Is(err, ethereum.NotFound):
		return false, false, nil
	case err != nil:
		return false, false, fmt.Errorf("evmchain: receipt of %s: %w", tx, err)
	}
	return true, receipt.Status == types.ReceiptStatusSuccessful, nil
}

// AuthorizationLogLookback is how many recent blocks AuthorizationExecuted
// searches (about 5.5 hours of Base blocks: longer than any validity window
// a payment is accepted with).
const AuthorizationLogLookback = 10_000

// AuthorizationExecuted finds the transaction that executed authorizer's
// EIP-3009 authorization nonce on token as a transfer of value to to: its
// AuthorizationUsed event within the last AuthorizationLogLookback blocks,
// and a Transfer(authorizer, to, value) in the same transaction. A
// cancelled authorization (AuthorizationCanceled) or one executed to
// another payee or amount is not found.
func (c *Client) AuthorizationExecuted(ctx context.Context, token, authorizer, to common.Address, value *big.Int, nonce [32]byte) (tx common.Hash, found bool, err error) {
	used, okUsed := c.abis.token.Events["AuthorizationUsed"]
	transfer, okTransfer := c.abis.token.Events["Transfer"]
	if !okUsed || !okTransfer {
		return common.Hash{}, false, errors.New("evmchain: token ABI lacks the AuthorizationUsed or Transfer event")
	}
	head, err := c.eth.BlockNumber(ctx)
	if err != nil {
		return common.Hash{}, false, fmt.Errorf("evmchain: block number: %w", err)
	}
	from := uint64(0)
	if head > AuthorizationLogLookback {
		from = head - AuthorizationLogLookback
	}
	logs, err := c.eth.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from),
		Addresses: []common.Address{token},
		Topics:    [][]common.Hash{{used.ID}, {common.BytesToHash(authorizer.Bytes())}, {common.Hash(nonce)}},
	})
	if err != nil {
		return common.Hash{}, false, fmt.Errorf("evmchain: AuthorizationUsed logs: %w", err)
	}
	for _, l := range logs {
		if l.Removed {
			continue
		}
		receipt, err := c.eth.TransactionReceipt(ctx, l.TxHash)
		if err != nil {
			return common.Hash{}, false, fmt.Errorf("evmchain: receipt of %s: %w", l.TxHash, err)
		}
		for _, t := range receipt.Logs {
			if t.Address == token && len(t.Topics) == 3 && t.Topics[0] == transfer.ID &&
				t.Topics[1] == common.BytesToHash(authorizer.Bytes()) && t.Topics[2] == common.BytesToHash(to.Bytes()) &&
				new(big.Int).SetBytes(t.Data).Cmp(value) == 0 {
				return l.TxHash, true, nil
			}
		}
	}
	return common.Hash{}, false, nil
}

// call runs a read-only token method and unpacks its single result into out.
func (c *Client) call(ctx context.Context, token common.Address, method string, out any, args ...any) error {
	data, err := c.abis.token.Pack(method, args...)
	if err != nil {
		return fmt.Errorf("evmchain: encode %s: %w", method, err)
	}
	ret, err := c.eth.CallContract(ctx, ethereum.CallMsg{To: &token, Data: data}, nil)
	if err != nil {
		return fmt.Errorf("evmchain: call %s on %s: %w", method, token, asRevert(err))
	}
	if len(ret) == 0 {
		return fmt.Errorf("evmchain: call %s on %s: empty result (no contract or no such method)", method, token)
	}
	if err := c.abis.token.UnpackIntoInterface(out, method, ret); err != nil {
		return fmt.Errorf("evmchain: decode %s from %s: %w", method, token, err)
	}
	return nil
}

// packTransfer encodes the transferWithAuthorization overload that fits
// sig: (v,r,s) for a 65-byte r‖s‖v signature, with v 0/1 normalised to
// 27/28, and (bytes signature) for any other length.
func (c *Client) packTransfer(a eip3009.Authorization, sig []byte) ([]byte, error) {
	if err := validate(a); err != nil {
		return nil, fmt.Errorf("evmchain: %w", err)
	}
	if len(sig) == 0 {
		return nil, errors.New("evmchain: empty signature")
	}
	var (
		data []byte
		err  error
	)
	if len(sig) == 65 {
		var r, s [32]byte
		copy(r[:], sig[:32])
		copy(s[:], sig[32:64])
		data, err = c.abis.token.Pack(c.abis.transferVRS, a.From, a.To, a.Value, a.ValidAfter, a.ValidBefore, a.Nonce, normaliseV(sig[64]), r, s)
	} else {
		data, err = c.abis.token.Pack(c.abis.transferBytes, a.From, a.To, a.Value, a.ValidAfter, a.ValidBefore, a.Nonce, sig)
	}
	if err != nil {
		return nil, fmt.Errorf("evmchain: encode transferWithAuthorization: %w", err)
	}
	return data, nil
}

// normaliseV maps a recovery id 0/1 to Ethereum's 27/28 and leaves any
// other value for the token to judge.
func normaliseV(v byte) byte {
	if v < 2 {
		return v + 27
	}
	return v
}

// send signs and submits a dynamic-fee transaction calling to with data
// and returns its hash. Gas is estimated first, so a call that would revert
// is reported as a *RevertError without spending a nonce.
func (c *Client) send(ctx context.Context, to common.Address, data []byte) (common.Hash, error) {
	msg := ethereum.CallMsg{From: c.sender, To: &to, Data: data}
	gas, err := c.eth.EstimateGas(ctx, msg)
	if err != nil {
		return common.Hash{}, fmt.Errorf("estimate gas: %w", asRevert(err))
	}
	gas += gas * gasHeadroomPercent / 100
	tip, err := c.eth.SuggestGasTipCap(ctx)
	if err != nil {
		return common.Hash{}, fmt.Errorf("suggest gas tip: %w", err)
	}
	head, err := c.eth.HeaderByNumber(ctx, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("read latest header: %w", err)
	}
	if head.BaseFee == nil {
		return common.Hash{}, errors.New("latest block has no base fee: chain is not EIP-1559")
	}
	feeCap := new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip)

	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	nonce, err := c.nonceLocked(ctx)
	if err != nil {
		return common.Hash{}, err
	}
	signed, err := types.SignNewTx(c.key, c.signer, &types.DynamicFeeTx{
		ChainID:   c.chainID,
		Nonce:     nonce,
		GasTipCap: tip,
		GasFeeCap: feeCap,
		Gas:       gas,
		To:        &to,
		Data:      data,
	})
	if err != nil {
		return common.Hash{}, fmt.Errorf("sign transaction: %w", err)
	}
	if err := c.eth.SendTransaction(ctx, signed); err != nil {
		// The node's view of the nonce is the truth again next time.
		c.haveNonce = false
		return common.Hash{}, fmt.Errorf("submit transaction nonce %d: %w", nonce, err)
	}
	c.nextNonce, c.haveNonce = nonce+1, true
	return signed.Hash(), nil
}

// nonceLocked returns the nonce for the next transaction: the node's
// pending nonce, or this client's own count when that is ahead (a
// transaction just submitted may not be in the node's pending view yet).
// The caller holds sendMu.
func (c *Client) nonceLocked(ctx context.Context) (uint64, error) {
	pending, err := c.eth.PendingNonceAt(ctx, c.sender)
	if err != nil {
		return 0, fmt.Errorf("read pending nonce of %s: %w", c.sender, err)
	}
	if c.haveNonce && c.nextNonce > pending {
		return c.nextNonce, nil
	}
	return pending, nil
}

// waitReceipt polls for tx's receipt until it exists or ctx ends; without
// a deadline on ctx the wait is bounded by defaultReceiptWait.
func (c *Client) waitReceipt(ctx context.Context, tx common.Hash) (*types.Receipt, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultReceiptWait)
		defer cancel()
	}
	poll := firstReceiptPoll
	timer := time.NewTimer(0)
	defer timer.Stop()
	var lastErr error
	for {
		select {
		case <-ctx.Done():
			if lastErr != nil {
				return nil, fmt.Errorf("wait for receipt: %w (last error: %v)", ctx.Err(), lastErr)
			}
			return nil, fmt.Errorf("wait for receipt: %w", ctx.Err())
		case <-timer.C:
		}
		receipt, err := c.eth.TransactionReceipt(ctx, tx)
		switch {
		case err == nil:
			return receipt, nil
		case errors.Is(err, ethereum.NotFound):
			lastErr = nil
		default:
			// A transient RPC failure: keep polling until ctx ends.
			lastErr = err
		}
		timer.Reset(poll)
		poll = min(poll*2, maxReceiptPoll)
	}
}

// validate reports an authorization whose numbers cannot be ABI-encoded
// as uint256.
func validate(a eip3009.Authorization) error {
	for _, f := range []struct {
		name string
		v    *big.Int
	}{{"value", a.Value}, {"validAfter", a.ValidAfter}, {"validBefore", a.ValidBefore}} {
		if f.v == nil {
			return fmt.Errorf("authorization %s is missing", f.name)
		}
		if f.v.Sign() < 0 || f.v.BitLen() > 256 {
			return fmt.Errorf("authorization %s %s is not a uint256", f.name, f.v)
		}
	}
	return nil
}

// unpackRevertReason decodes Error(string) and Panic(uint256) revert data.
func unpackRevertReason(data []byte) string {
	reason, err := abi.UnpackRevert(data)
	if err != nil {
		return ""
	}
	return reason
}
