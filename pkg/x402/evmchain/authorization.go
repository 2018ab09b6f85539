// Package evmchain talks to an EVM chain over JSON-RPC for the exact-EVM
// scheme: it reads token state and simulates and sends EIP-3009
// transferWithAuthorization calls.
package evmchain

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// Authorization is an EIP-3009 TransferWithAuthorization message with its
// fields decoded from the x402 wire strings.
type Authorization struct {
	From        common.Address
	To          common.Address
	Value       *big.Int
	ValidAfter  *big.Int
	ValidBefore *big.Int
	Nonce       [32]byte
}
