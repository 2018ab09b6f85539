package x402test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

func TestDevKeysAreAnvilAccounts(t *testing.T) {
	tests := []struct {
		name string
		i    int
		want string
	}{
		{name: "facilitator", i: FacilitatorKey, want: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"},
		{name: "payer", i: PayerKey, want: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"},
		{name: "payee", i: PayeeKey, want: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, err := DevKey(tt.i)
			if err != nil {
				t.Fatal(err)
			}
			if got := crypto.PubkeyToAddress(key.PublicKey); got != common.HexToAddress(tt.want) {
				t.Errorf("DevKey(%d) address = %s, want %s", tt.i, got, tt.want)
			}
		})
	}
	if _, err := DevKey(3); err == nil {
		t.Error("DevKey(3) succeeded, want an error")
	}
}

func TestArtifactsAreComplete(t *testing.T) {
	tests := []struct {
		name        string
		load        func() (Artifact, error)
		wantMethods []string
	}{
		{name: "token", load: TokenArtifact, wantMethods: []string{"name", "version", "symbol", "decimals", "totalSupply", "balanceOf", "transfer", "mint", "DOMAIN_SEPARATOR", "authorizationState", "transferWithAuthorization", "transferWithAuthorization0"}},
		{name: "wallet", load: TestWalletArtifact, wantMethods: []string{"isValidSignature", "owner"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := tt.load()
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Bytecode) == 0 || len(a.Runtime) == 0 {
				t.Fatalf("%s: empty bytecode (%d) or runtime (%d)", a.ContractName, len(a.Bytecode), len(a.Runtime))
			}
			if !bytes.Contains(a.Bytecode, a.Runtime[:32]) {
				t.Errorf("%s: creation code does not carry the runtime code", a.ContractName)
			}
			for _, m := range tt.wantMethods {
				if _, ok := a.ABI.Methods[m]; !ok {
					t.Errorf("%s: no method %s", a.ContractName, m)
				}
			}
		})
	}
}

// The token implements every function and event of the interface ABI the
// evmchain client encodes against, with the same selectors.
func TestTokenImplementsClientInterface(t *testing.T) {
	tok, err := TokenArtifact()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join("..", "evmchain", "abi", "IEIP3009Token.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		ABI json.RawMessage `json:"abi"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	iface, err := abi.JSON(bytes.NewReader(f.ABI))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range iface.Methods {
		if _, err := tok.ABI.MethodById(m.ID); err != nil {
			t.Errorf("token lacks %s", m.Sig)
		}
	}
	for _, e := range iface.Events {
		if _, err := tok.ABI.EventByID(e.ID); err != nil {
			t.Errorf("token lacks event %s", e.Sig)
		}
	}
}

func TestFindUp(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "a", "go.work"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		from    string
		file    string
		want    string
		wantErr bool
	}{
		{name: "found in a parent", from: deep, file: "go.work", want: filepath.Join(root, "a")},
		{name: "found in the start directory", from: filepath.Join(root, "a"), file: "go.work", want: filepath.Join(root, "a")},
		{name: "missing everywhere", from: deep, file: "no-such-file-x402test", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := findUp(tt.from, tt.file)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if got != tt.want {
				t.Errorf("findUp = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestListenAddr(t *testing.T) {
	tests := []struct {
		name   string
		log    string
		want   string
		wantOK bool
	}{
		{name: "after the banner", log: "Available Accounts\n(0) 0xf39F\n\nListening on 127.0.0.1:43281\n", want: "127.0.0.1:43281", wantOK: true},
		{name: "not yet listening", log: "Available Accounts\n", wantOK: false},
		{name: "empty", log: "", wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "anvil.log")
			if err := os.WriteFile(p, []byte(tt.log), 0o644); err != nil {
				t.Fatal(err)
			}
			got, ok := listenAddr(p)
			if ok != tt.wantOK || got != tt.want {
				t.Errorf("listenAddr = %q, %v; want %q, %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestSetupDevChainFundsAddresses(t *testing.T) {
	a := StartAnvil(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	fund := []common.Address{a.Address(PayerKey), a.Address(PayeeKey)}
	amount := big.NewInt(250_000_000)
	for range 2 { // twice: re-running mints again and keeps balances
		if err := SetupDevChain(ctx, a.RPCURL, fund, amount); err != nil {
			t.Fatal(err)
		}
	}
	want := new(big.Int).Mul(amount, big.NewInt(2))
	for _, who := range fund {
		if got := a.Balance(ctx, who); got.Cmp(want) != 0 {
			t.Errorf("balance of %s = %s, want %s", who, got, want)
		}
	}
	if got := a.Balance(ctx, a.Address(FacilitatorKey)); got.Sign() != 0 {
		t.Errorf("unfunded balance = %s, want 0", got)
	}
}

func TestDeployTestWallet(t *testing.T) {
	a := StartAnvil(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	owner := a.Address(PayerKey)
	w1 := a.DeployTestWallet(ctx, owner)
	w2 := a.DeployTestWallet(ctx, owner)
	if w1 == (common.Address{}) || w1 == w2 {
		t.Fatalf("wallet addresses %s, %s: want two distinct contracts", w1, w2)
	}
	art, err := TestWalletArtifact()
	if err != nil {
		t.Fatal(err)
	}
	data, err := art.ABI.Pack("owner")
	if err != nil {
		t.Fatal(err)
	}
	out, err := a.Dev().eth.CallContract(ctx, callMsg(w1, data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := common.BytesToAddress(out); got != owner {
		t.Errorf("wallet owner = %s, want %s", got, owner)
	}
}
