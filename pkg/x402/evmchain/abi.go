package evmchain

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi"
)

// The ABIs are generated from contracts/IEIP3009Token.sol and
// contracts/IERC1271.sol by scripts/compile-token.mjs (npm run compile).
var (
	//go:embed abi/IEIP3009Token.json
	tokenArtifact []byte
	//go:embed abi/IERC1271.json
	erc1271Artifact []byte
)

// magicValue1271 is what EIP-1271 isValidSignature returns for a valid
// signature: bytes4(keccak256("isValidSignature(bytes32,bytes)")).
const magicValue1271 uint32 = 0x1626ba7e

// rawTransferWithAuthorization is the Solidity name of both EIP-3009
// transfer overloads.
const rawTransferWithAuthorization = "transferWithAuthorization"

// parseArtifactABI decodes the "abi" member of a compile-token.mjs artifact.
func parseArtifactABI(artifact []byte) (abi.ABI, error) {
	var a struct {
		ABI json.RawMessage `json:"abi"`
	}
	if err := json.Unmarshal(artifact, &a); err != nil {
		return abi.ABI{}, fmt.Errorf("decode artifact: %w", err)
	}
	parsed, err := abi.JSON(bytes.NewReader(a.ABI))
	if err != nil {
		return abi.ABI{}, fmt.Errorf("parse abi: %w", err)
	}
	return parsed, nil
}

// contractABIs holds the parsed ABIs a Client encodes against, and the
// go-ethereum names of the two transferWithAuthorization overloads (the abi
// package suffixes overloaded names in declaration order, so they are looked
// up by their inputs rather than assumed).
type contractABIs struct {
	token         abi.ABI
	erc1271       abi.ABI
	transferVRS   string // (from,to,value,validAfter,validBefore,nonce,v,r,s)
	transferBytes string // (from,to,value,validAfter,validBefore,nonce,signature)
}

func loadABIs() (contractABIs, error) {
	token, err := parseArtifactABI(tokenArtifact)
	if err != nil {
		return contractABIs{}, fmt.Errorf("token abi: %w", err)
	}
	erc1271, err := parseArtifactABI(erc1271Artifact)
	if err != nil {
		return contractABIs{}, fmt.Errorf("erc1271 abi: %w", err)
	}
	c := contractABIs{token: token, erc1271: erc1271}
	for name, m := range token.Methods {
		if m.RawName != rawTransferWithAuthorization {
			continue
		}
		switch len(m.Inputs) {
		case 9:
			c.transferVRS = name
		case 7:
			c.transferBytes = name
		}
	}
	if c.transferVRS == "" || c.transferBytes == "" {
		return contractABIs{}, fmt.Errorf("token abi: missing a %s overload", rawTransferWithAuthorization)
	}
	if _, ok := erc1271.Methods["isValidSignature"]; !ok {
		return contractABIs{}, fmt.Errorf("erc1271 abi: no isValidSignature")
	}
	return c, nil
}
