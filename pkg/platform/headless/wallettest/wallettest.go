// Package wallettest puts a test wallet into a headless page: an EIP-1193
// provider at window.ethereum, injected before the page's own scripts run,
// whose account and signing calls are answered in Go from a private key
// (through a DevTools binding) and whose read calls go to a local chain.
// It signs only EIP-3009 TransferWithAuthorization typed data (what an
// x402 exact payment is), with eip3009.Sign, and sends no transaction.
package wallettest

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/ysmood/gson"

	"github.com/intel402/intel402/pkg/platform/headless"
	"github.com/intel402/intel402/pkg/x402/eip3009"
)

// binding is the page global the provider calls Go through.
const binding = "__intel402TestWallet"

// provider is the EIP-1193 provider the page sees: request() goes to Go,
// events are kept for wagmi's listeners (the wallet emits none: its account
// and chain never change).
const provider = `(() => {
  const listeners = new Map();
  const ethereum = {
    async request({ method, params }) {
      const answer = JSON.parse(await window.` + binding + `(JSON.stringify({ method, params: params ?? [] })));
      if (answer.error) {
        const err = new Error(answer.error.message);
        err.code = answer.error.code;
        throw err;
      }
      return answer.result;
    },
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(fn);
      return ethereum;
    },
    removeListener(event, fn) {
      listeners.get(event)?.delete(fn);
      return ethereum;
    },
  };
  window.ethereum = ethereum;
})();`

// EIP-1193 and JSON-RPC error codes the wallet answers with.
const (
	codeUnsupportedMethod = 4200
	codeUnrecognizedChain = 4902
	codeInvalidParams     = -32602
	codeInternal          = -32603
)

// readMethods are forwarded to the chain; anything else the wallet does
// not answer itself is refused (nothing is ever sent).
var readMethods = map[string]bool{
	"eth_blockNumber": true, "eth_call": true, "eth_estimateGas": true, "eth_feeHistory": true, "eth_gasPrice": true,
	"eth_getBalance": true, "eth_getBlockByHash": true, "eth_getBlockByNumber": true, "eth_getCode": true,
	"eth_getLogs": true, "eth_getStorageAt": true, "eth_getTransactionByHash": true, "eth_getTransactionCount": true,
	"eth_getTransactionReceipt": true, "eth_maxPriorityFeePerGas": true, "net_version": true,
}

// Wallet is one key's wallet on one chain.
type Wallet struct {
	key     *ecdsa.PrivateKey
	address common.Address
	chainID *big.Int
	rpc     *rpc.Client

	mu    sync.Mutex
	calls []string
}

// New returns the wallet of key on the chain at rpcURL, whose chain id it
// reads.
func New(ctx context.Context, key *ecdsa.PrivateKey, rpcURL string) (*Wallet, error) {
	rc, err := rpc.DialContext(ctx, rpcURL)
	if err != nil {
		return nil, fmt.Errorf("wallettest: dial %s: %w", rpcURL, err)
	}
	var id hexutil.Big
	if err := rc.CallContext(ctx, &id, "eth_chainId"); err != nil {
		rc.Close()
		return nil, fmt.Errorf("wallettest: eth_chainId: %w", err)
	}
	return &Wallet{key: key, address: crypto.PubkeyToAddress(key.PublicKey), chainID: id.ToInt(), rpc: rc}, nil
}

// Close closes the connection to the chain.
func (w *Wallet) Close() { w.rpc.Close() }

// Address is the wallet's account.
func (w *Wallet) Address() common.Address { return w.address }

// Calls returns the methods the page called, in order.
func (w *Wallet) Calls() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.calls...)
}

// Install injects the wallet into p: every document p loads from now on
// has it at window.ethereum before its own scripts run.
func (w *Wallet) Install(p *headless.Page) error {
	if _, err := p.Page.Expose(binding, w.serve); err != nil {
		return fmt.Errorf("wallettest: expose: %w", err)
	}
	if _, err := p.Page.EvalOnNewDocument(provider); err != nil {
		return fmt.Errorf("wallettest: inject provider: %w", err)
	}
	return nil
}

// rpcError is an EIP-1193 error.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%d: %s", e.Code, e.Message) }

// serve answers one request of the page's provider: its argument is the
// request's JSON, its result the answer's ({"result"} or {"error"}).
func (w *Wallet) serve(arg gson.JSON) (any, error) {
	var req struct {
		Method string            `json:"method"`
		Params []json.RawMessage `json:"params"`
	}
	answer := map[string]any{}
	if err := json.Unmarshal([]byte(arg.Str()), &req); err != nil {
		answer["error"] = &rpcError{codeInvalidParams, "request is not {method, params[]}: " + err.Error()}
	} else {
		w.mu.Lock()
		w.calls = append(w.calls, req.Method)
		w.mu.Unlock()
		res, err := w.answer(req.Method, req.Params)
		var re *rpcError
		switch {
		case errors.As(err, &re):
			answer["error"] = re
		case err != nil:
			answer["error"] = &rpcError{codeInternal, err.Error()}
		default:
			answer["result"] = res
		}
	}
	out, err := json.Marshal(answer)
	return string(out), err
}

func (w *Wallet) answer(method string, params []json.RawMessage) (any, error) {
	switch method {
	case "eth_chainId":
		return hexutil.EncodeBig(w.chainID), nil
	case "eth_accounts", "eth_requestAccounts":
		return []string{w.address.Hex()}, nil
	case "wallet_requestPermissions":
		// EIP-2255, as MetaMask answers it: the one account, granted.
		return []map[string]any{{"parentCapability": "eth_accounts",
			"caveats": []map[string]any{{"type": "restrictReturnedAccounts", "value": []string{w.address.Hex()}}}}}, nil
	case "wallet_switchEthereumChain":
		var p []struct {
			ChainID hexutil.Big `json:"chainId"`
		}
		if err := unmarshalParams(params, &p); err != nil || len(p) != 1 {
			return nil, &rpcError{codeInvalidParams, "want [{chainId}]"}
		}
		if p[0].ChainID.ToInt().Cmp(w.chainID) != 0 {
			return nil, &rpcError{codeUnrecognizedChain, "the wallet is on chain " + w.chainID.String() + " only"}
		}
		return nil, nil
	case "eth_signTypedData_v4":
		return w.signTypedData(params)
	}
	if !readMethods[method] {
		return nil, &rpcError{codeUnsupportedMethod, method + " is not supported by the test wallet"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var res json.RawMessage
	args := make([]any, len(params))
	for i, p := range params {
		args[i] = p
	}
	if err := w.rpc.CallContext(ctx, &res, method, args...); err != nil {
		var e rpc.Error
		if errors.As(err, &e) {
			return nil, &rpcError{e.ErrorCode(), e.Error()}
		}
		return nil, err
	}
	return res, nil
}

func unmarshalParams(params []json.RawMessage, v any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// typedData is EIP-712 typed data as eth_signTypedData_v4 carries it.
type typedData struct {
	Types       map[string][]struct{ Name, Type string } `json:"types"`
	PrimaryType string                                   `json:"primaryType"`
	Domain      struct {
		Name              string         `json:"name"`
		Version           string         `json:"version"`
		ChainID           number         `json:"chainId"`
		VerifyingContract common.Address `json:"verifyingContract"`
	} `json:"domain"`
	Message struct {
		From        common.Address `json:"from"`
		To          common.Address `json:"to"`
		Value       number         `json:"value"`
		ValidAfter  number         `json:"validAfter"`
		ValidBefore number         `json:"validBefore"`
		Nonce       hexutil.Bytes  `json:"nonce"`
	} `json:"message"`
}

// number is a uint256 written as a JSON number or a decimal or 0x string.
type number struct{ v *big.Int }

func (n *number) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	v, ok := new(big.Int).SetString(s, 0)
	if !ok || v.Sign() < 0 {
		return fmt.Errorf("%s is not a uint256", b)
	}
	n.v = v
	return nil
}

// signTypedData signs [address, typedData]: an EIP-3009
// TransferWithAuthorization from this wallet on its chain, whose types are
// exactly EIP-3009's (so that eip3009's digest is the typed data's).
func (w *Wallet) signTypedData(params []json.RawMessage) (any, error) {
	var addr common.Address
	var raw string
	if len(params) != 2 || json.Unmarshal(params[0], &addr) != nil || json.Unmarshal(params[1], &raw) != nil {
		return nil, &rpcError{codeInvalidParams, "want [address, typed data JSON]"}
	}
	var td typedData
	if err := json.Unmarshal([]byte(raw), &td); err != nil {
		return nil, &rpcError{codeInvalidParams, "typed data: " + err.Error()}
	}
	switch {
	case addr != w.address || td.Message.From != w.address:
		return nil, &rpcError{codeInvalidParams, "not this wallet's account"}
	case td.PrimaryType != "TransferWithAuthorization":
		return nil, &rpcError{codeInvalidParams, "the test wallet signs TransferWithAuthorization only, not " + td.PrimaryType}
	case encodeType("EIP712Domain", td.Types["EIP712Domain"]) != eip3009.DomainType,
		encodeType(td.PrimaryType, td.Types[td.PrimaryType]) != eip3009.TransferWithAuthorizationType:
		return nil, &rpcError{codeInvalidParams, "types are not EIP-3009's"}
	case td.Domain.ChainID.v == nil || td.Domain.ChainID.v.Cmp(w.chainID) != 0:
		return nil, &rpcError{codeInvalidParams, "domain chain id is not the wallet's chain"}
	case len(td.Message.Nonce) != 32 || td.Message.Value.v == nil || td.Message.ValidAfter.v == nil || td.Message.ValidBefore.v == nil:
		return nil, &rpcError{codeInvalidParams, "incomplete authorization"}
	}
	a := eip3009.Authorization{From: td.Message.From, To: td.Message.To, Value: td.Message.Value.v,
		ValidAfter: td.Message.ValidAfter.v, ValidBefore: td.Message.ValidBefore.v}
	copy(a.Nonce[:], td.Message.Nonce)
	sig, err := eip3009.Sign(w.key, eip3009.Domain{Name: td.Domain.Name, Version: td.Domain.Version,
		ChainID: td.Domain.ChainID.v, VerifyingContract: td.Domain.VerifyingContract}, a)
	if err != nil {
		return nil, err
	}
	return hexutil.Encode(sig), nil
}

// encodeType is EIP-712's encodeType of a struct without references.
func encodeType(name string, fields []struct{ Name, Type string }) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.Type + " " + f.Name
	}
	return name + "(" + strings.Join(parts, ",") + ")"
}
