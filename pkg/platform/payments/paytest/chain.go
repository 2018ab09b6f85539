package paytest

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/evmchain"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// Chain is a local anvil chain with the dev EIP-3009 token at USDC's Base
// address, a funded payer and a payee.
type Chain struct {
	Anvil *x402test.Anvil
	USDC  common.Address

	PayerKey     *ecdsa.PrivateKey
	Payer, Payee common.Address

	// Reader reads the chain; it holds no key.
	Reader *evmchain.Client
	// Other submits transactions with the payee's key, so that the
	// facilitator's own transaction nonces (dev key 0) are never disturbed.
	Other *evmchain.Client
}

// StartChain starts anvil (see x402test.StartAnvil: skipped when it is not
// installed), installs the token and mints mint atomic units to the payer;
// everything stops at cleanup.
func StartChain(tb testing.TB, mint *big.Int) *Chain {
	tb.Helper()
	a := x402test.StartAnvil(tb)
	ctx := tb.Context()
	c := &Chain{
		Anvil:    a,
		USDC:     a.InstallUSDC(ctx),
		PayerKey: a.Keys[x402test.PayerKey],
		Payer:    a.Address(x402test.PayerKey),
		Payee:    a.Address(x402test.PayeeKey),
	}
	a.Mint(ctx, c.Payer, mint)
	var err error
	if c.Reader, err = evmchain.Dial(ctx, a.RPCURL, nil); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(c.Reader.Close)
	if c.Other, err = evmchain.Dial(ctx, a.RPCURL, a.Keys[x402test.PayeeKey]); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(c.Other.Close)
	return c
}

// Balances are token balances of a payer and the payee at one moment.
type Balances struct{ Payer, Payee *big.Int }

// Balances reads the token balances of payer and the payee.
func (c *Chain) Balances(tb testing.TB, payer common.Address) Balances {
	tb.Helper()
	var b Balances
	var err error
	if b.Payer, err = c.Anvil.Dev().Balance(tb.Context(), payer); err != nil {
		tb.Fatalf("payer balance: %v", err)
	}
	if b.Payee, err = c.Anvil.Dev().Balance(tb.Context(), c.Payee); err != nil {
		tb.Fatalf("payee balance: %v", err)
	}
	return b
}

// Moved returns what left the payer and what reached the payee from b to
// after.
func (b Balances) Moved(after Balances) (paid, received *big.Int) {
	return new(big.Int).Sub(b.Payer, after.Payer), new(big.Int).Sub(after.Payee, b.Payee)
}

// CheckMoved fails tb unless exactly amount went from the payer to the
// payee between before and after.
func CheckMoved(tb testing.TB, before, after Balances, amount *big.Int) {
	tb.Helper()
	paid, received := before.Moved(after)
	if paid.Cmp(amount) != 0 || received.Cmp(amount) != 0 {
		tb.Errorf("payer paid %s and payee received %s, want exactly %s each", paid, received, amount)
	}
}

// Used reports the token's authorizationState(from, nonce).
func (c *Chain) Used(tb testing.TB, from common.Address, nonce [32]byte) bool {
	tb.Helper()
	used, err := c.Reader.AuthorizationState(tb.Context(), c.USDC, from, nonce)
	if err != nil {
		tb.Fatalf("authorizationState: %v", err)
	}
	return used
}

// FrontRun spends the authorization of a PAYMENT-SIGNATURE on chain before
// the service settles it.
type FrontRun func(ctx context.Context, paymentSignature string) error

// SpendFirst returns a FrontRun that submits the authorization of a
// PAYMENT-SIGNATURE itself through c.Other, so that the facilitator's
// settlement finds it used.
func (c *Chain) SpendFirst() FrontRun {
	return func(ctx context.Context, header string) error {
		auth, sig, err := transferAuthorization(header)
		if err != nil {
			return err
		}
		tx, ok, err := c.Other.SendTransferWithAuthorization(ctx, c.USDC, auth, sig)
		if err != nil {
			return fmt.Errorf("transferWithAuthorization: %w", err)
		}
		if !ok {
			return fmt.Errorf("transferWithAuthorization %s reverted", tx.Hex())
		}
		return nil
	}
}

// Authorization returns the payer and EIP-3009 nonce an exact-EVM
// PAYMENT-SIGNATURE header authorizes.
func Authorization(header string) (common.Address, [32]byte, error) {
	auth, _, err := transferAuthorization(header)
	if err != nil {
		return common.Address{}, [32]byte{}, err
	}
	return auth.From, auth.Nonce, nil
}

// transferAuthorization decodes an exact-EVM PAYMENT-SIGNATURE header into
// the EIP-3009 authorization and its signature.
func transferAuthorization(header string) (eip3009.Authorization, []byte, error) {
	var auth eip3009.Authorization
	p, err := x402.DecodePaymentPayload(header)
	if err != nil {
		return auth, nil, fmt.Errorf("PAYMENT-SIGNATURE: %w", err)
	}
	evm, err := x402.ExactEVMPayloadOf(p)
	if err != nil {
		return auth, nil, fmt.Errorf("PAYMENT-SIGNATURE: %w", err)
	}
	sig, err := hexutil.Decode(evm.Signature)
	if err != nil {
		return auth, nil, fmt.Errorf("signature: %w", err)
	}
	nonce, err := hexutil.Decode(evm.Authorization.Nonce)
	if err != nil {
		return auth, nil, fmt.Errorf("nonce %q: %w", evm.Authorization.Nonce, err)
	}
	if len(nonce) != 32 {
		return auth, nil, fmt.Errorf("nonce %q: %d bytes, want 32", evm.Authorization.Nonce, len(nonce))
	}
	auth.From, auth.To = common.HexToAddress(evm.Authorization.From), common.HexToAddress(evm.Authorization.To)
	copy(auth.Nonce[:], nonce)
	for _, f := range []struct {
		dst **big.Int
		s   string
	}{{&auth.Value, evm.Authorization.Value}, {&auth.ValidAfter, evm.Authorization.ValidAfter}, {&auth.ValidBefore, evm.Authorization.ValidBefore}} {
		n, ok := x402.ParseAtomic(f.s)
		if !ok {
			return auth, nil, fmt.Errorf("authorization integer %q", f.s)
		}
		*f.dst = n
	}
	return auth, sig, nil
}

// AuthorizationOf is Authorization for a header that must decode: it fails
// tb otherwise.
func AuthorizationOf(tb testing.TB, header string) (common.Address, [32]byte) {
	tb.Helper()
	from, nonce, err := Authorization(header)
	if err != nil {
		tb.Fatalf("authorization: %v", err)
	}
	return from, nonce
}

// Congest turns the chain's automine off: transactions wait in the mempool
// until Mine, like a congested chain where the facilitator cannot see its
// settlement confirmed in time. Automine is restored at cleanup.
func (c *Chain) Congest(tb testing.TB) {
	tb.Helper()
	c.rpc(tb, "evm_setAutomine", false)
	tb.Cleanup(func() {
		rc, err := rpc.Dial(c.Anvil.RPCURL)
		if err == nil {
			_ = rc.Call(nil, "evm_setAutomine", true)
			rc.Close()
		}
	})
}

// Mine mines one block with every pending transaction.
func (c *Chain) Mine(tb testing.TB) {
	tb.Helper()
	c.rpc(tb, "evm_mine")
}

func (c *Chain) rpc(tb testing.TB, method string, args ...any) {
	tb.Helper()
	rc, err := rpc.DialContext(tb.Context(), c.Anvil.RPCURL)
	if err != nil {
		tb.Fatal(err)
	}
	defer rc.Close()
	if err := rc.CallContext(tb.Context(), nil, method, args...); err != nil {
		tb.Fatalf("%s: %v", method, err)
	}
}
