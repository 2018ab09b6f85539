package evmchain_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"errors"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402/evmchain"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// baseUSDCDomainSeparator is USDC's on-chain DOMAIN_SEPARATOR on Base.
var baseUSDCDomainSeparator = common.HexToHash("0x02fa7265e7c5d81118673727957699e4d68f74cd74b7db77da710fe8a2c7834f")

// chain is one test's anvil with the dev token installed, the payer funded
// and a client that settles with the facilitator key.
type chain struct {
	anvil  *x402test.Anvil
	client *evmchain.Client
	usdc   common.Address
	payer  *ecdsa.PrivateKey
	payee  common.Address
	domain [32]byte
}

func newChain(t *testing.T) (context.Context, *chain) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	a := x402test.StartAnvil(t)
	usdc := a.InstallUSDC(ctx)
	c, err := evmchain.Dial(ctx, a.RPCURL, a.Keys[x402test.FacilitatorKey])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	ch := &chain{
		anvil:  a,
		client: c,
		usdc:   usdc,
		payer:  a.Keys[x402test.PayerKey],
		payee:  a.Address(x402test.PayeeKey),
		domain: domainSeparator("USD Coin", "2", big.NewInt(x402test.ChainID), usdc),
	}
	a.Mint(ctx, ch.payerAddr(), big.NewInt(100_000_000)) // 100 USDC
	return ctx, ch
}

func (ch *chain) payerAddr() common.Address { return crypto.PubkeyToAddress(ch.payer.PublicKey) }

// authorization returns a payment of value from the payer to the payee,
// valid around the chain's current time, with a random nonce.
func (ch *chain) authorization(t *testing.T, ctx context.Context, value int64) eip3009.Authorization {
	t.Helper()
	now := int64(ch.anvil.LatestTime(ctx))
	var nonce [32]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		t.Fatal(err)
	}
	return eip3009.Authorization{
		From:        ch.payerAddr(),
		To:          ch.payee,
		Value:       big.NewInt(value),
		ValidAfter:  big.NewInt(now - 600),
		ValidBefore: big.NewInt(now + 3600),
		Nonce:       nonce,
	}
}

func TestDomainSeparatorMatchesBaseUSDC(t *testing.T) {
	ctx, ch := newChain(t)
	if ch.domain != baseUSDCDomainSeparator {
		t.Fatalf("test EIP-712 helper separator = %x, want %x", ch.domain, baseUSDCDomainSeparator)
	}
	onChain := callDomainSeparator(t, ctx, ch)
	if onChain != baseUSDCDomainSeparator {
		t.Fatalf("DOMAIN_SEPARATOR() at %s = %x, want Base USDC's %x", ch.usdc, onChain, baseUSDCDomainSeparator)
	}
	id, err := ch.client.ChainID(ctx)
	if err != nil || id.Int64() != x402test.ChainID {
		t.Fatalf("ChainID = %v, %v; want %d", id, err, x402test.ChainID)
	}
}

func TestReadTokenState(t *testing.T) {
	ctx, ch := newChain(t)
	name, version, err := ch.client.TokenNameVersion(ctx, ch.usdc)
	if err != nil {
		t.Fatal(err)
	}
	if name != "USD Coin" || version != "2" {
		t.Errorf("TokenNameVersion = %q, %q; want \"USD Coin\", \"2\"", name, version)
	}
	bal, err := ch.client.BalanceOf(ctx, ch.usdc, ch.payerAddr())
	if err != nil {
		t.Fatal(err)
	}
	if bal.Cmp(big.NewInt(100_000_000)) != 0 {
		t.Errorf("payer balance = %s, want 100000000", bal)
	}
	code, err := ch.client.CodeAt(ctx, ch.usdc)
	if err != nil || len(code) == 0 {
		t.Errorf("CodeAt(usdc) = %d bytes, %v; want the token's code", len(code), err)
	}
	code, err = ch.client.CodeAt(ctx, ch.payee)
	if err != nil || len(code) != 0 {
		t.Errorf("CodeAt(EOA) = %d bytes, %v; want none", len(code), err)
	}
	if _, _, err := ch.client.TokenNameVersion(ctx, ch.payee); err == nil {
		t.Error("TokenNameVersion on an account without code succeeded")
	}
}

func TestSettleEOAPayment(t *testing.T) {
	ctx, ch := newChain(t)
	a := ch.authorization(t, ctx, 1_500_000)
	sig := sign(t, ch.payer, ch.domain, a, 27)
	payerBefore, payeeBefore := ch.anvil.Balance(ctx, a.From), ch.anvil.Balance(ctx, a.To)

	if err := ch.client.SimulateTransferWithAuthorization(ctx, ch.usdc, a, sig); err != nil {
		t.Fatalf("simulate: %v", err)
	}
	if used, err := ch.client.AuthorizationState(ctx, ch.usdc, a.From, a.Nonce); err != nil || used {
		t.Fatalf("AuthorizationState before settle = %v, %v; want false", used, err)
	}
	tx, ok, err := ch.client.SendTransferWithAuthorization(ctx, ch.usdc, a, sig)
	if err != nil || !ok || tx == (common.Hash{}) {
		t.Fatalf("send = %s, %v, %v; want a successful transaction", tx, ok, err)
	}

	if got := new(big.Int).Sub(payerBefore, ch.anvil.Balance(ctx, a.From)); got.Cmp(a.Value) != 0 {
		t.Errorf("payer paid %s, want %s", got, a.Value)
	}
	if got := new(big.Int).Sub(ch.anvil.Balance(ctx, a.To), payeeBefore); got.Cmp(a.Value) != 0 {
		t.Errorf("payee received %s, want %s", got, a.Value)
	}
	if used, err := ch.client.AuthorizationState(ctx, ch.usdc, a.From, a.Nonce); err != nil || !used {
		t.Errorf("AuthorizationState after settle = %v, %v; want true", used, err)
	}

	// The same authorization again: the nonce is spent.
	err = ch.client.SimulateTransferWithAuthorization(ctx, ch.usdc, a, sig)
	wantRevert(t, err, "authorization is used")
	tx, ok, err = ch.client.SendTransferWithAuthorization(ctx, ch.usdc, a, sig)
	wantRevert(t, err, "authorization is used")
	if ok || tx != (common.Hash{}) {
		t.Errorf("replayed send = %s, %v; want nothing sent", tx, ok)
	}
}

func TestTransferRejections(t *testing.T) {
	ctx, ch := newChain(t)
	other := ch.anvil.Keys[x402test.PayeeKey]
	tests := []struct {
		name       string
		mutate     func(a *eip3009.Authorization, now int64)
		signer     *ecdsa.PrivateKey
		tamper     func(sig []byte) []byte
		wantReason string
	}{
		{
			name:       "expired",
			mutate:     func(a *eip3009.Authorization, now int64) { a.ValidBefore = big.NewInt(now - 1) },
			wantReason: "authorization is expired",
		},
		{
			name:       "not yet valid",
			mutate:     func(a *eip3009.Authorization, now int64) { a.ValidAfter = big.NewInt(now + 3600) },
			wantReason: "authorization is not yet valid",
		},
		{
			name:       "signed by someone else",
			signer:     other,
			wantReason: "invalid signature",
		},
		{
			name:       "more than the balance",
			mutate:     func(a *eip3009.Authorization, _ int64) { a.Value = big.NewInt(100_000_001) },
			wantReason: "exceeds balance",
		},
		{
			name:       "malleable high s",
			tamper:     highS,
			wantReason: "invalid signature 's' value",
		},
		{
			name:       "v out of range",
			tamper:     func(sig []byte) []byte { sig[64] = 29; return sig },
			wantReason: "invalid signature 'v' value",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := ch.authorization(t, ctx, 1_000)
			if tt.mutate != nil {
				tt.mutate(&a, int64(ch.anvil.LatestTime(ctx)))
			}
			signer := ch.payer
			if tt.signer != nil {
				signer = tt.signer
			}
			sig := sign(t, signer, ch.domain, a, 27)
			if tt.tamper != nil {
				sig = tt.tamper(sig)
			}
			wantRevert(t, ch.client.SimulateTransferWithAuthorization(ctx, ch.usdc, a, sig), tt.wantReason)
			_, ok, err := ch.client.SendTransferWithAuthorization(ctx, ch.usdc, a, sig)
			wantRevert(t, err, tt.wantReason)
			if ok {
				t.Error("send reported success")
			}
		})
	}
}

func TestRecoveryIDZeroOneAccepted(t *testing.T) {
	ctx, ch := newChain(t)
	for _, base := range []byte{0, 27} {
		a := ch.authorization(t, ctx, 10_000)
		sig := sign(t, ch.payer, ch.domain, a, base)
		if v := sig[64]; v != base && v != base+1 {
			t.Fatalf("test signature v = %d, want %d or %d", v, base, base+1)
		}
		if err := ch.client.SimulateTransferWithAuthorization(ctx, ch.usdc, a, sig); err != nil {
			t.Fatalf("v base %d: simulate: %v", base, err)
		}
		if _, ok, err := ch.client.SendTransferWithAuthorization(ctx, ch.usdc, a, sig); err != nil || !ok {
			t.Fatalf("v base %d: send = %v, %v", base, ok, err)
		}
	}
}

func TestEIP1271WalletPayment(t *testing.T) {
	ctx, ch := newChain(t)
	owner := ch.payer
	wallet := ch.anvil.DeployTestWallet(ctx, crypto.PubkeyToAddress(owner.PublicKey))
	ch.anvil.Mint(ctx, wallet, big.NewInt(5_000_000))

	code, err := ch.client.CodeAt(ctx, wallet)
	if err != nil || len(code) == 0 {
		t.Fatalf("CodeAt(wallet) = %d bytes, %v", len(code), err)
	}

	for _, tc := range []struct {
		name    string
		compact bool // EIP-2098 64-byte signature: the bytes overload
	}{
		{name: "64-byte signature via bytes overload", compact: true},
		{name: "65-byte signature via v,r,s overload", compact: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := ch.authorization(t, ctx, 2_000_000)
			a.From = wallet
			digest := transferDigest(ch.domain, a)
			sig := sign(t, owner, ch.domain, a, 27)
			if tc.compact {
				sig = compact(sig)
			}
			valid, err := ch.client.IsValidSignature(ctx, wallet, digest, sig)
			if err != nil || !valid {
				t.Fatalf("IsValidSignature(owner's signature) = %v, %v; want true", valid, err)
			}
			before := ch.anvil.Balance(ctx, wallet)
			if err := ch.client.SimulateTransferWithAuthorization(ctx, ch.usdc, a, sig); err != nil {
				t.Fatalf("simulate: %v", err)
			}
			if _, ok, err := ch.client.SendTransferWithAuthorization(ctx, ch.usdc, a, sig); err != nil || !ok {
				t.Fatalf("send = %v, %v", ok, err)
			}
			if got := new(big.Int).Sub(before, ch.anvil.Balance(ctx, wallet)); got.Cmp(a.Value) != 0 {
				t.Errorf("wallet paid %s, want %s", got, a.Value)
			}
		})
	}

	t.Run("signature by a stranger is refused", func(t *testing.T) {
		a := ch.authorization(t, ctx, 1_000)
		a.From = wallet
		sig := compact(sign(t, ch.anvil.Keys[x402test.PayeeKey], ch.domain, a, 27))
		valid, err := ch.client.IsValidSignature(ctx, wallet, transferDigest(ch.domain, a), sig)
		if err != nil || valid {
			t.Fatalf("IsValidSignature(stranger) = %v, %v; want false", valid, err)
		}
		wantRevert(t, ch.client.SimulateTransferWithAuthorization(ctx, ch.usdc, a, sig), "invalid signature")
	})

	t.Run("IsValidSignature false cases", func(t *testing.T) {
		a := ch.authorization(t, ctx, 1_000)
		a.From = wallet
		sig := compact(sign(t, owner, ch.domain, a, 27))
		otherDigest := transferDigest(ch.domain, ch.authorization(t, ctx, 1_000))
		for _, c := range []struct {
			name   string
			wallet common.Address
			digest [32]byte
			sig    []byte
		}{
			{name: "other digest", wallet: wallet, digest: otherDigest, sig: sig},
			{name: "garbage signature", wallet: wallet, digest: transferDigest(ch.domain, a), sig: []byte{1, 2, 3}},
			{name: "account without code", wallet: ch.payee, digest: transferDigest(ch.domain, a), sig: sig},
		} {
			valid, err := ch.client.IsValidSignature(ctx, c.wallet, c.digest, c.sig)
			if err != nil || valid {
				t.Errorf("%s: IsValidSignature = %v, %v; want false", c.name, valid, err)
			}
		}
	})
}

func TestConcurrentSettlementsUseDistinctNonces(t *testing.T) {
	ctx, ch := newChain(t)
	const n = 6
	auths := make([]eip3009.Authorization, n)
	sigs := make([][]byte, n)
	for i := range auths {
		auths[i] = ch.authorization(t, ctx, 1_000)
		sigs[i] = sign(t, ch.payer, ch.domain, auths[i], 27)
	}
	payeeBefore := ch.anvil.Balance(ctx, ch.payee)

	var wg sync.WaitGroup
	hashes := make([]common.Hash, n)
	errs := make([]error, n)
	for i := range auths {
		wg.Go(func() {
			var ok bool
			hashes[i], ok, errs[i] = ch.client.SendTransferWithAuthorization(ctx, ch.usdc, auths[i], sigs[i])
			if errs[i] == nil && !ok {
				errs[i] = errors.New("receipt status is not 1")
			}
		})
	}
	wg.Wait()
	seen := map[common.Hash]bool{}
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("settlement %d: %v", i, errs[i])
		}
		if seen[hashes[i]] {
			t.Fatalf("settlement %d reused transaction %s", i, hashes[i])
		}
		seen[hashes[i]] = true
	}
	if got := new(big.Int).Sub(ch.anvil.Balance(ctx, ch.payee), payeeBefore); got.Int64() != n*1_000 {
		t.Errorf("payee received %s, want %d", got, n*1_000)
	}
}

func TestReadOnlyClientCannotSend(t *testing.T) {
	ctx, ch := newChain(t)
	ro, err := evmchain.Dial(ctx, ch.anvil.RPCURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	a := ch.authorization(t, ctx, 1_000)
	sig := sign(t, ch.payer, ch.domain, a, 27)
	if err := ro.SimulateTransferWithAuthorization(ctx, ch.usdc, a, sig); err != nil {
		t.Fatalf("read-only simulate: %v", err)
	}
	if _, _, err := ro.SendTransferWithAuthorization(ctx, ch.usdc, a, sig); !errors.Is(err, evmchain.ErrNoSettlementKey) {
		t.Fatalf("read-only send err = %v, want ErrNoSettlementKey", err)
	}
	if ro.SettlementAddress() != (common.Address{}) {
		t.Errorf("read-only SettlementAddress = %s, want zero", ro.SettlementAddress())
	}
}

func TestDialUnreachable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Port 1 on loopback: nothing listens there.
	if _, err := evmchain.Dial(ctx, "http://127.0.0.1:1", nil); err == nil {
		t.Fatal("Dial to a closed port succeeded")
	}
}

func wantRevert(t *testing.T, err error, reason string) {
	t.Helper()
	var rev *evmchain.RevertError
	if !errors.As(err, &rev) {
		t.Fatalf("err = %v, want a *RevertError with %q", err, reason)
	}
	if !strings.Contains(rev.Reason, reason) {
		t.Fatalf("revert reason = %q, want it to contain %q", rev.Reason, reason)
	}
}

func callDomainSeparator(t *testing.T, ctx context.Context, ch *chain) [32]byte {
	t.Helper()
	art, err := x402test.TokenArtifact()
	if err != nil {
		t.Fatal(err)
	}
	out, err := callToken(ctx, ch.anvil.RPCURL, ch.usdc, art, "DOMAIN_SEPARATOR")
	if err != nil {
		t.Fatal(err)
	}
	return out[0].([32]byte)
}
