package x402

import (
	"fmt"
	"math/big"
	"strings"
)

// HTTP header names of the x402 v2 HTTP transport. Header names are
// case-insensitive; these are the canonical spellings.
const (
	HeaderPaymentRequired  = "PAYMENT-REQUIRED"
	HeaderPaymentSignature = "PAYMENT-SIGNATURE"
	HeaderPaymentResponse  = "PAYMENT-RESPONSE"
	// HeaderV1Payment is the x402 v1 request header. It is not supported;
	// it is named only so that servers can recognise it and say so.
	HeaderV1Payment = "X-PAYMENT"
)

// CAIP-2 network identifiers.
const (
	NetworkBase        = "eip155:8453"
	NetworkBaseSepolia = "eip155:84532"
)

// Public JSON-RPC endpoints of the networks, as the chains' definitions in
// viem (and so the official x402 paywall page, which reads balances
// through them) name them.
const (
	BasePublicRPC        = "https://mainnet.base.org"
	BaseSepoliaPublicRPC = "https://sepolia.base.org"
)

// PublicRPC returns the public JSON-RPC endpoint of network, or "" for a
// network without one here.
func PublicRPC(network string) string {
	switch network {
	case NetworkBase:
		return BasePublicRPC
	case NetworkBaseSepolia:
		return BaseSepoliaPublicRPC
	}
	return ""
}

// Asset describes an EIP-3009 token: where it lives and its EIP-712 domain.
type Asset struct {
	Network  string
	Address  string
	Name     string // EIP-712 domain name
	Version  string // EIP-712 domain version
	Decimals int
}

// USDC on Base mainnet and Base Sepolia. Note the EIP-712 domain names
// differ: "USD Coin" on mainnet, "USDC" on Sepolia. Both have 6 decimals.
const (
	USDCBaseAddress        = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
	USDCBaseName           = "USD Coin"
	USDCBaseSepoliaAddress = "0x036CbD53842c5426634e7929541eC2318f3dCF7e"
	USDCBaseSepoliaName    = "USDC"
	USDCVersion            = "2"
	USDCDecimals           = 6
)

// USDCBase returns USDC on Base mainnet.
func USDCBase() Asset {
	return Asset{Network: NetworkBase, Address: USDCBaseAddress, Name: USDCBaseName, Version: USDCVersion, Decimals: USDCDecimals}
}

// USDCBaseSepolia returns USDC on Base Sepolia.
func USDCBaseSepolia() Asset {
	return Asset{Network: NetworkBaseSepolia, Address: USDCBaseSepoliaAddress, Name: USDCBaseSepoliaName, Version: USDCVersion, Decimals: USDCDecimals}
}

// KnownAsset returns the well-known asset at address on network.
func KnownAsset(network, address string) (Asset, bool) {
	for _, a := range []Asset{USDCBase(), USDCBaseSepolia()} {
		if a.Network == network && strings.EqualFold(a.Address, address) {
			return a, true
		}
	}
	return Asset{}, false
}

// EVMChainID returns the chain id of a CAIP-2 "eip155:<id>" network.
func EVMChainID(network string) (*big.Int, error) {
	ref, ok := strings.CutPrefix(network, "eip155:")
	if !ok || ref == "" {
		return nil, fmt.Errorf("network %q is not an eip155 CAIP-2 identifier", network)
	}
	for _, c := range ref {
		if c < '0' || c > '9' {
			return nil, fmt.Errorf("network %q: chain reference is not a decimal number", network)
		}
	}
	id, ok := new(big.Int).SetString(ref, 10)
	if !ok || id.Sign() <= 0 {
		return nil, fmt.Errorf("network %q: invalid chain id", network)
	}
	return id, nil
}
