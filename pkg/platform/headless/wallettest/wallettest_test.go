package wallettest

import (
	"encoding/json"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ysmood/gson"

	"github.com/intel402/intel402/pkg/x402/eip3009"
)

// asked records the methods a chain was asked.
type asked struct {
	mu      sync.Mutex
	methods []string
}

func (a *asked) String() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return strings.Join(a.methods, ",")
}

// chain is a JSON-RPC endpoint on chain 8453 that answers eth_call with
// 0x2a and records the methods it was asked.
func chain(t *testing.T, asked *asked) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.Unmarshal(body, &req)
		asked.mu.Lock()
		asked.methods = append(asked.methods, req.Method)
		asked.mu.Unlock()
		result := map[string]string{"eth_chainId": "0x2105", "eth_call": "0x2a"}[req.Method]
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func call(t *testing.T, w *Wallet, method string, params ...any) (result json.RawMessage, err *rpcError) {
	t.Helper()
	if params == nil {
		params = []any{}
	}
	req, _ := json.Marshal(map[string]any{"method": method, "params": params})
	out, e := w.serve(gson.New(string(req)))
	if e != nil {
		t.Fatal(e)
	}
	var answer struct {
		Result json.RawMessage `json:"result"`
		Error  *rpcError       `json:"error"`
	}
	if e := json.Unmarshal([]byte(out.(string)), &answer); e != nil {
		t.Fatal(e)
	}
	return answer.Result, answer.Error
}

// exactTypedData is what viem sends for an x402 exact payment.
func exactTypedData(from common.Address, edit func(m map[string]any)) string {
	m := map[string]any{
		"types": map[string]any{
			"EIP712Domain": []map[string]string{{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
				{"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}},
			"TransferWithAuthorization": []map[string]string{{"name": "from", "type": "address"}, {"name": "to", "type": "address"},
				{"name": "value", "type": "uint256"}, {"name": "validAfter", "type": "uint256"}, {"name": "validBefore", "type": "uint256"},
				{"name": "nonce", "type": "bytes32"}},
		},
		"primaryType": "TransferWithAuthorization",
		"domain": map[string]any{"name": "USD Coin", "version": "2", "chainId": 8453,
			"verifyingContract": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
		"message": map[string]any{"from": from.Hex(), "to": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "value": "1000",
			"validAfter": "1700000000", "validBefore": "1700000600", "nonce": "0x" + strings.Repeat("ab", 32)},
	}
	if edit != nil {
		edit(m)
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func TestWallet(t *testing.T) {
	var asked asked
	key, _ := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	w, err := New(t.Context(), key, chain(t, &asked))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	addr := w.Address()

	if res, e := call(t, w, "eth_chainId"); e != nil || string(res) != `"0x2105"` {
		t.Errorf("eth_chainId: %s %v", res, e)
	}
	if res, e := call(t, w, "eth_requestAccounts"); e != nil || string(res) != `["`+addr.Hex()+`"]` {
		t.Errorf("eth_requestAccounts: %s %v", res, e)
	}
	if res, e := call(t, w, "wallet_switchEthereumChain", map[string]string{"chainId": "0x2105"}); e != nil || string(res) != "null" {
		t.Errorf("switch to its own chain: %s %v", res, e)
	}
	if _, e := call(t, w, "wallet_switchEthereumChain", map[string]string{"chainId": "0x1"}); e == nil || e.Code != codeUnrecognizedChain {
		t.Errorf("switch to another chain: %v", e)
	}
	if res, e := call(t, w, "eth_call", map[string]string{"to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"}, "latest"); e != nil || string(res) != `"0x2a"` {
		t.Errorf("eth_call forwarded: %s %v", res, e)
	}
	for _, m := range []string{"eth_sendTransaction", "personal_sign", "eth_sign"} {
		if _, e := call(t, w, m); e == nil || e.Code != codeUnsupportedMethod {
			t.Errorf("%s: %v, want refused", m, e)
		}
	}
	if got := asked.String(); got != "eth_chainId,eth_call" {
		t.Errorf("the chain was asked %s: only its chain id and the read call may reach it", got)
	}

	res, e := call(t, w, "eth_signTypedData_v4", addr.Hex(), exactTypedData(addr, nil))
	if e != nil {
		t.Fatal(e)
	}
	var sig hexutil.Bytes
	if err := json.Unmarshal(res, &sig); err != nil {
		t.Fatal(err)
	}
	var nonce [32]byte
	copy(nonce[:], common.FromHex("0x"+strings.Repeat("ab", 32)))
	digest, _ := eip3009.Digest(
		eip3009.Domain{Name: "USD Coin", Version: "2", ChainID: big.NewInt(8453), VerifyingContract: common.HexToAddress("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")},
		eip3009.Authorization{From: addr, To: common.HexToAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"), Value: big.NewInt(1000),
			ValidAfter: big.NewInt(1700000000), ValidBefore: big.NewInt(1700000600), Nonce: nonce})
	if signer, err := eip3009.Recover(digest, sig); err != nil || signer != addr {
		t.Errorf("the signature recovers to %s (%v), want %s", signer.Hex(), err, addr.Hex())
	}

	other := common.HexToAddress("0x90F79bf6EB2c4f870365E785982E1f101E93b906")
	for name, tc := range map[string]struct {
		account common.Address
		data    string
	}{
		"another account":    {other, exactTypedData(addr, nil)},
		"from another payer": {addr, exactTypedData(other, nil)},
		"a permit":           {addr, exactTypedData(addr, func(m map[string]any) { m["primaryType"] = "Permit" })},
		"other types": {addr, exactTypedData(addr, func(m map[string]any) {
			m["types"].(map[string]any)["TransferWithAuthorization"] = []map[string]string{{"name": "to", "type": "address"}}
		})},
		"another chain": {addr, exactTypedData(addr, func(m map[string]any) { m["domain"].(map[string]any)["chainId"] = 1 })},
	} {
		if _, e := call(t, w, "eth_signTypedData_v4", tc.account.Hex(), tc.data); e == nil || e.Code != codeInvalidParams {
			t.Errorf("%s: %v, want refused", name, e)
		}
	}
}
