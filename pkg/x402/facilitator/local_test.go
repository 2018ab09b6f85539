package facilitator_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/json"
	"errors"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

const anvilKey = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

var testNow = time.Unix(1_800_000_000, 0)

// fakeChain is a Chain built from function fields; nil fields behave like
// a healthy USDC with a funded payer and unused nonces.
type fakeChain struct {
	codeAt    func(common.Address) ([]byte, error)
	isValid   func(common.Address, [32]byte, []byte) (bool, error)
	nameVer   func() (string, string, error)
	balance   func() (*big.Int, error)
	authState func([32]byte) (bool, error)
	simulate  func(eip3009.Authorization, []byte) error
	send      func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error)
	status    func(common.Hash) (bool, bool, error)
	executed  func([32]byte) (common.Hash, bool, error)
}

func (f *fakeChain) TransactionStatus(_ context.Context, tx common.Hash) (bool, bool, error) {
	if f.status == nil {
		return true, true, nil
	}
	return f.status(tx)
}
func (f *fakeChain) AuthorizationExecuted(_ context.Context, _, _, _ common.Address, _ *big.Int, n [32]byte) (common.Hash, bool, error) {
	if f.executed == nil {
		return common.Hash{}, false, nil
	}
	return f.executed(n)
}

func (f *fakeChain) CodeAt(_ context.Context, a common.Address) ([]byte, error) {
	if f.codeAt == nil {
		return nil, nil
	}
	return f.codeAt(a)
}
func (f *fakeChain) IsValidSignature(_ context.Context, w common.Address, d [32]byte, s []byte) (bool, error) {
	if f.isValid == nil {
		return false, errors.New("no code")
	}
	return f.isValid(w, d, s)
}
func (f *fakeChain) TokenNameVersion(context.Context, common.Address) (string, string, error) {
	if f.nameVer == nil {
		return "USD Coin", "2", nil
	}
	return f.nameVer()
}
func (f *fakeChain) BalanceOf(context.Context, common.Address, common.Address) (*big.Int, error) {
	if f.balance == nil {
		return big.NewInt(1_000_000_000), nil
	}
	return f.balance()
}
func (f *fakeChain) AuthorizationState(_ context.Context, _, _ common.Address, n [32]byte) (bool, error) {
	if f.authState == nil {
		return false, nil
	}
	return f.authState(n)
}
func (f *fakeChain) SimulateTransferWithAuthorization(_ context.Context, _ common.Address, a eip3009.Authorization, sig []byte) error {
	if f.simulate == nil {
		return nil
	}
	return f.simulate(a, sig)
}
func (f *fakeChain) SendTransferWithAuthorization(ctx context.Context, _ common.Address, a eip3009.Authorization, sig []byte) (common.Hash, bool, error) {
	if f.send == nil {
		return common.HexToHash("0x01"), true, nil
	}
	return f.send(ctx, a, sig)
}

var _ facilitator.Chain = (*fakeChain)(nil)

func testKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.HexToECDSA(anvilKey)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func baseRequirements() x402.PaymentRequirements {
	return x402.PaymentRequirements{Scheme: "exact", Network: x402.NetworkBase, Amount: "250000",
		Asset: x402.USDCBaseAddress, PayTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", MaxTimeoutSeconds: 300,
		Extra: map[string]any{"name": "USD Coin", "version": "2"}}
}

func signedPayment(t testing.TB, key *ecdsa.PrivateKey, req x402.PaymentRequirements) x402.PaymentPayload {
	t.Helper()
	p, err := client.SignExact(key, req, x402.PaymentRequired{X402Version: 2}, testNow, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func withSignature(t testing.TB, p x402.PaymentPayload, sig []byte) x402.PaymentPayload {
	t.Helper()
	var e x402.ExactEVMPayload
	if err := json.Unmarshal(p.Payload, &e); err != nil {
		t.Fatal(err)
	}
	e.Signature = hexutil.Encode(sig)
	p.Payload, _ = json.Marshal(e)
	return p
}

func newLocal(t testing.TB, chain facilitator.Chain) *facilitator.Local {
	t.Helper()
	l, err := facilitator.NewLocal(facilitator.LocalConfig{Chain: chain, Network: x402.NetworkBase,
		Signer: common.HexToAddress("0x00000000000000000000000000000000000000aa"),
		Now:    func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

type netErr struct{}

func (netErr) Error() string   { return "dial tcp: connection refused" }
func (netErr) Timeout() bool   { return false }
func (netErr) Temporary() bool { return false }

var _ net.Error = netErr{}

func TestLocalVerify(t *testing.T) {
	key := testKey(t)
	payer := crypto.PubkeyToAddress(key.PublicKey)
	revert := errors.New("execution reverted")
	otherKey, _ := crypto.GenerateKey()
	tests := []struct {
		name        string
		chain       *fakeChain
		payment     func(x402.PaymentPayload) x402.PaymentPayload
		req         func(*x402.PaymentRequirements)
		wantReason  string
		unavailable bool
	}{
		{name: "EOA payment simulates fine", chain: &fakeChain{simulate: func(a eip3009.Authorization, sig []byte) error {
			if a.From != payer || a.Value.Int64() != 250000 || len(sig) != 65 {
				return errors.New("unexpected simulation input")
			}
			return nil
		}}},
		{name: "nonce already used", chain: &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return revert },
			authState: func([32]byte) (bool, error) { return true, nil }}, wantReason: x402.ReasonNonceAlreadyUsed},
		{name: "token without EIP-3009", chain: &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return revert },
			authState: func([32]byte) (bool, error) { return false, errors.New("execution reverted") }}, wantReason: x402.ReasonEIP3009NotSupported},
		{name: "token name mismatch", chain: &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return revert },
			nameVer: func() (string, string, error) { return "USDC", "2", nil }}, wantReason: x402.ReasonTokenNameMismatch},
		{name: "token version mismatch", chain: &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return revert },
			nameVer: func() (string, string, error) { return "USD Coin", "1", nil }}, wantReason: x402.ReasonTokenVersionMismatch},
		{name: "insufficient balance", chain: &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return revert },
			balance: func() (*big.Int, error) { return big.NewInt(249999), nil }}, wantReason: x402.ReasonInsufficientBalance},
		{name: "other simulation failure", chain: &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return revert }},
			wantReason: x402.ReasonTransactionSimulationFailed},
		{name: "chain unreachable during simulation", chain: &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return netErr{} }},
			unavailable: true},
		{name: "wrong network for this facilitator", chain: &fakeChain{},
			req: func(r *x402.PaymentRequirements) {
				r.Network = x402.NetworkBaseSepolia
				r.Asset = x402.USDCBaseSepoliaAddress
			}, wantReason: x402.ReasonInvalidNetwork},
		{name: "pure check failure", chain: &fakeChain{}, req: func(r *x402.PaymentRequirements) { r.Amount = "250001" },
			wantReason: x402.ReasonInvalidPaymentRequirements},
		{name: "foreign signature, undeployed wallet", chain: &fakeChain{},
			payment: func(p x402.PaymentPayload) x402.PaymentPayload {
				return withSignature(t, p, mustSig(t, otherKey))
			}, wantReason: x402.ReasonUndeployedSmartWallet},
		{name: "contract wallet accepts via EIP-1271", chain: &fakeChain{
			codeAt: func(common.Address) ([]byte, error) { return []byte{0x60, 0x80}, nil },
			isValid: func(w common.Address, _ [32]byte, sig []byte) (bool, error) {
				return w == payer && len(sig) == 100, nil
			}},
			payment: func(p x402.PaymentPayload) x402.PaymentPayload {
				return withSignature(t, p, bytes.Repeat([]byte{7}, 100))
			}},
		{name: "contract wallet refuses via EIP-1271", chain: &fakeChain{
			codeAt:  func(common.Address) ([]byte, error) { return []byte{0x60, 0x80}, nil },
			isValid: func(common.Address, [32]byte, []byte) (bool, error) { return false, nil }},
			payment: func(p x402.PaymentPayload) x402.PaymentPayload {
				return withSignature(t, p, bytes.Repeat([]byte{7}, 100))
			},
			wantReason: x402.ReasonInvalidSignature},
		{name: "ERC-6492 wrapped signature", chain: &fakeChain{},
			payment: func(p x402.PaymentPayload) x402.PaymentPayload {
				return withSignature(t, p, append(bytes.Repeat([]byte{7}, 96), bytes.Repeat([]byte{0x64, 0x92}, 16)...))
			}, wantReason: x402.ReasonERC6492Unsupported},
		{name: "code lookup fails", chain: &fakeChain{codeAt: func(common.Address) ([]byte, error) { return nil, netErr{} }},
			payment: func(p x402.PaymentPayload) x402.PaymentPayload {
				return withSignature(t, p, bytes.Repeat([]byte{7}, 100))
			},
			unavailable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := baseRequirements()
			p := signedPayment(t, key, req)
			if tt.payment != nil {
				p = tt.payment(p)
			}
			if tt.req != nil {
				tt.req(&req)
			}
			resp, err := newLocal(t, tt.chain).Verify(context.Background(), p, req)
			if tt.unavailable {
				if !errors.Is(err, x402.ErrFacilitatorUnavailable) {
					t.Fatalf("err = %v, want unavailable", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantReason == "" {
				if !resp.IsValid || resp.Payer != payer.Hex() {
					t.Fatalf("resp = %+v", resp)
				}
				return
			}
			if resp.IsValid || resp.InvalidReason != tt.wantReason {
				t.Fatalf("resp = %+v, want reason %s", resp, tt.wantReason)
			}
		})
	}
}

func mustSig(t *testing.T, key *ecdsa.PrivateKey) []byte {
	t.Helper()
	sig, err := crypto.Sign(crypto.Keccak256([]byte("something else")), key)
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	return sig
}

func TestLocalSettle(t *testing.T) {
	key := testKey(t)
	tx := common.HexToHash("0xfeed")
	tests := []struct {
		name        string
		send        func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error)
		wantSuccess bool
		wantReason  string
		wantTx      string
		unavailable bool
	}{
		{name: "mined", send: func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error) { return tx, true, nil },
			wantSuccess: true, wantTx: tx.Hex()},
		{name: "reverted receipt", send: func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error) {
			return tx, false, nil
		},
			wantReason: x402.ReasonTransactionFailed, wantTx: tx.Hex()},
		{name: "receipt wait ends", send: func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error) {
			return tx, false, errors.New("receipt not found")
		}, wantReason: x402.ReasonSettlementPending, wantTx: tx.Hex()},
		{name: "send refused", send: func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error) {
			return common.Hash{}, false, errors.New("insufficient funds for gas")
		}, wantReason: x402.ReasonFailedToExecuteTransfer},
		{name: "rpc unreachable", send: func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error) {
			return common.Hash{}, false, netErr{}
		}, unavailable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := baseRequirements()
			resp, err := newLocal(t, &fakeChain{send: tt.send}).Settle(context.Background(), signedPayment(t, key, req), req)
			if tt.unavailable {
				if !errors.Is(err, x402.ErrFacilitatorUnavailable) {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.Success != tt.wantSuccess || resp.ErrorReason != tt.wantReason || resp.Transaction != tt.wantTx || resp.Network != x402.NetworkBase {
				t.Fatalf("resp = %+v", resp)
			}
			if tt.wantSuccess && (resp.Amount != "250000" || resp.Payer != crypto.PubkeyToAddress(key.PublicKey).Hex()) {
				t.Fatalf("resp = %+v", resp)
			}
		})
	}
}

func TestLocalSettleReverifies(t *testing.T) {
	key := testKey(t)
	var sent atomic.Int32
	chain := &fakeChain{
		simulate: func(eip3009.Authorization, []byte) error { return errors.New("reverted") },
		send: func(context.Context, eip3009.Authorization, []byte) (common.Hash, bool, error) {
			sent.Add(1)
			return common.HexToHash("0x1"), true, nil
		},
	}
	req := baseRequirements()
	resp, err := newLocal(t, chain).Settle(context.Background(), signedPayment(t, key, req), req)
	if err != nil || resp.Success || resp.ErrorReason != x402.ReasonTransactionSimulationFailed || sent.Load() != 0 {
		t.Fatalf("resp = %+v err = %v sent = %d", resp, err, sent.Load())
	}
}

// chainState simulates a token that marks an authorization used when its
// transfer is mined.
type chainState struct {
	mu    sync.Mutex
	used  map[[32]byte]bool
	sends int
}

func (s *chainState) chain() *fakeChain {
	return &fakeChain{
		authState: func(n [32]byte) (bool, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			return s.used[n], nil
		},
		simulate: func(a eip3009.Authorization, _ []byte) error {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.used[a.Nonce] {
				return errors.New("FiatTokenV2: authorization is used or canceled")
			}
			return nil
		},
		send: func(_ context.Context, a eip3009.Authorization, _ []byte) (common.Hash, bool, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.sends++
			if s.used[a.Nonce] {
				return common.HexToHash("0xbad"), false, nil
			}
			s.used[a.Nonce] = true
			return common.HexToHash("0x900d"), true, nil
		},
	}
}

func TestLocalSettleConcurrentSameAuthorization(t *testing.T) {
	key := testKey(t)
	state := &chainState{used: map[[32]byte]bool{}}
	chain := state.chain()
	// The first send holds the transaction "in flight" until every caller
	// has started and, unless they are serialised, reached simulation.
	const callers = 20
	var started, simulated atomic.Int32
	simulate, send := chain.simulate, chain.send
	chain.simulate = func(a eip3009.Authorization, sig []byte) error {
		simulated.Add(1)
		return simulate(a, sig)
	}
	var first sync.Once
	chain.send = func(ctx context.Context, a eip3009.Authorization, sig []byte) (common.Hash, bool, error) {
		first.Do(func() {
			for started.Load() < callers {
				runtime.Gosched()
			}
			for i := 0; i < 10000 && simulated.Load() < callers; i++ {
				runtime.Gosched()
			}
		})
		return send(ctx, a, sig)
	}
	l := newLocal(t, chain)
	req := baseRequirements()
	p := signedPayment(t, key, req)
	var wg sync.WaitGroup
	var ok, usedRejections atomic.Int32
	for range callers {
		wg.Go(func() {
			started.Add(1)
			resp, err := l.Settle(context.Background(), p, req)
			if err != nil {
				t.Error(err)
				return
			}
			if resp.Success {
				ok.Add(1)
			} else if resp.ErrorReason == x402.ReasonNonceAlreadyUsed {
				usedRejections.Add(1)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 1 || usedRejections.Load() != callers-1 || state.sends != 1 {
		t.Fatalf("successes %d, nonce-used rejections %d, sends %d; want 1, %d, 1", ok.Load(), usedRejections.Load(), state.sends, callers-1)
	}
}

func TestHandlerServesLocalFacilitator(t *testing.T) {
	key := testKey(t)
	state := &chainState{used: map[[32]byte]bool{}}
	srv := httptest.NewServer(facilitator.Handler(newLocal(t, state.chain()), nil))
	defer srv.Close()
	c := newClient(t, srv.URL)
	ctx := context.Background()
	req := baseRequirements()
	p := signedPayment(t, key, req)

	sup, err := c.Supported(ctx)
	if err != nil || len(sup.Kinds) != 1 || sup.Kinds[0].Network != x402.NetworkBase || sup.Kinds[0].Scheme != "exact" || len(sup.Signers["eip155:*"]) != 1 {
		t.Fatalf("supported = %+v err = %v", sup, err)
	}
	v, err := c.Verify(ctx, p, req)
	if err != nil || !v.IsValid {
		t.Fatalf("verify = %+v err = %v", v, err)
	}
	s, err := c.Settle(ctx, p, req)
	if err != nil || !s.Success || s.Transaction != common.HexToHash("0x900d").Hex() {
		t.Fatalf("settle = %+v err = %v", s, err)
	}
	// Replaying the settled authorization is a structured rejection.
	v, err = c.Verify(ctx, p, req)
	if err != nil || v.IsValid || v.InvalidReason != x402.ReasonNonceAlreadyUsed {
		t.Fatalf("replayed verify = %+v err = %v", v, err)
	}
	s, err = c.Settle(ctx, p, req)
	if err != nil || s.Success || s.ErrorReason != x402.ReasonNonceAlreadyUsed {
		t.Fatalf("replayed settle = %+v err = %v", s, err)
	}
}

func TestHandlerErrors(t *testing.T) {
	key := testKey(t)
	down := &fakeChain{simulate: func(eip3009.Authorization, []byte) error { return netErr{} }}
	srv := httptest.NewServer(facilitator.Handler(newLocal(t, down), nil))
	defer srv.Close()
	req := baseRequirements()
	p := signedPayment(t, key, req)
	if _, err := newClient(t, srv.URL).Verify(context.Background(), p, req); !errors.Is(err, x402.ErrFacilitatorUnavailable) {
		t.Fatalf("err = %v, want unavailable", err)
	}
	tests := []struct {
		name, method, path, body string
		want                     int
	}{
		{"v1 body", http.MethodPost, "/verify", `{"x402Version":1}`, http.StatusBadRequest},
		{"not JSON", http.MethodPost, "/settle", `{`, http.StatusBadRequest},
		{"wrong method", http.MethodGet, "/verify", ``, http.StatusMethodNotAllowed},
		{"chain down", http.MethodPost, "/verify", mustJSON(t, x402.FacilitatorRequest{X402Version: 2, PaymentPayload: p, PaymentRequirements: req}), http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := http.NewRequest(tt.method, srv.URL+tt.path, strings.NewReader(tt.body))
			resp, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.want)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
