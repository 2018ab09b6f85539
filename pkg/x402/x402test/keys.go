package x402test

import (
	"crypto/ecdsa"
	"fmt"

	"github.com/ethereum/go-ethereum/crypto"
)

// Private keys of the first three accounts of anvil's default mnemonic
// ("test test test test test test test test test test test junk"). They are
// public test keys: never use them on a real network.
const (
	// DevKey0Hex is account 0, 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266:
	// by convention the facilitator's settlement key.
	DevKey0Hex = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	// DevKey1Hex is account 1, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8:
	// by convention the dev payer.
	DevKey1Hex = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	// DevKey2Hex is account 2, 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC:
	// by convention the payee.
	DevKey2Hex = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"
)

// Conventional roles of the dev keys.
const (
	FacilitatorKey = 0
	PayerKey       = 1
	PayeeKey       = 2
)

// DevKey returns anvil's dev account key i, for i in 0..2.
func DevKey(i int) (*ecdsa.PrivateKey, error) {
	var hex string
	switch i {
	case 0:
		hex = DevKey0Hex
	case 1:
		hex = DevKey1Hex
	case 2:
		hex = DevKey2Hex
	default:
		return nil, fmt.Errorf("x402test: no dev key %d (have 0..2)", i)
	}
	key, err := crypto.HexToECDSA(hex)
	if err != nil {
		return nil, fmt.Errorf("x402test: dev key %d: %w", i, err)
	}
	return key, nil
}
