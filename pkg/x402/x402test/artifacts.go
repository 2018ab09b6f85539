package x402test

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// Compiled by scripts/compile-token.mjs from contracts/ (npm run compile);
// `npm run compile:check` verifies they match a fresh compile.
var (
	//go:embed artifacts/EIP3009Token.json
	tokenArtifactJSON []byte
	//go:embed artifacts/TestWallet1271.json
	walletArtifactJSON []byte
)

// Artifact is a compiled contract as scripts/compile-token.mjs writes it.
type Artifact struct {
	ContractName string
	Compiler     string // solc version
	ABI          abi.ABI
	Bytecode     []byte // creation code
	Runtime      []byte // deployed (runtime) code
}

// TokenArtifact returns the compiled dev EIP-3009 token.
func TokenArtifact() (Artifact, error) {
	return parseArtifact(tokenArtifactJSON)
}

// TestWalletArtifact returns the compiled EIP-1271 test wallet.
func TestWalletArtifact() (Artifact, error) {
	return parseArtifact(walletArtifactJSON)
}

func parseArtifact(raw []byte) (Artifact, error) {
	var f struct {
		ContractName string `json:"contractName"`
		Compiler     struct {
			Version string `json:"version"`
		} `json:"compiler"`
		ABI              json.RawMessage `json:"abi"`
		Bytecode         string          `json:"bytecode"`
		DeployedBytecode string          `json:"deployedBytecode"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return Artifact{}, fmt.Errorf("x402test: decode artifact: %w", err)
	}
	parsed, err := abi.JSON(bytes.NewReader(f.ABI))
	if err != nil {
		return Artifact{}, fmt.Errorf("x402test: %s abi: %w", f.ContractName, err)
	}
	code, err := hexutil.Decode(f.Bytecode)
	if err != nil {
		return Artifact{}, fmt.Errorf("x402test: %s bytecode: %w", f.ContractName, err)
	}
	runtime, err := hexutil.Decode(f.DeployedBytecode)
	if err != nil {
		return Artifact{}, fmt.Errorf("x402test: %s runtime bytecode: %w", f.ContractName, err)
	}
	return Artifact{ContractName: f.ContractName, Compiler: f.Compiler.Version, ABI: parsed, Bytecode: code, Runtime: runtime}, nil
}
