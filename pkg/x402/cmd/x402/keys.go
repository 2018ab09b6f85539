package main

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
)

// loadKey reads a hex secp256k1 private key from the variable name or from
// the file named by name+"_FILE". Neither the key nor its file contents
// ever appear in errors.
func loadKey(env lookupEnv, name string) (*ecdsa.PrivateKey, error) {
	raw, inline := env(name)
	path, fromFile := env(name + "_FILE")
	switch {
	case inline && raw != "" && fromFile && path != "":
		return nil, fmt.Errorf("set only one of %s and %s_FILE", name, name)
	case inline && raw != "":
	case fromFile && path != "":
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read %s_FILE: %w", name, err)
		}
		raw = string(b)
	default:
		return nil, fmt.Errorf("%s or %s_FILE must be set", name, name)
	}
	k, err := crypto.HexToECDSA(strings.TrimPrefix(strings.TrimSpace(raw), "0x"))
	if err != nil {
		return nil, fmt.Errorf("%s is not a hex secp256k1 private key", name)
	}
	return k, nil
}

// parseUSDC converts a decimal USDC amount ("0.75", "1", ".5") to atomic
// units (6 decimals). More than 6 decimals, signs and exponents are
// refused.
func parseUSDC(s string) (*big.Int, error) {
	const decimals = 6
	whole, frac, _ := strings.Cut(strings.TrimSpace(s), ".")
	if whole == "" && frac == "" || len(frac) > decimals || !digits(whole) || !digits(frac) {
		return nil, fmt.Errorf("%q is not a USDC amount with at most %d decimals", s, decimals)
	}
	v, ok := new(big.Int).SetString("0"+whole+frac+strings.Repeat("0", decimals-len(frac)), 10)
	if !ok {
		return nil, fmt.Errorf("%q is not a USDC amount", s)
	}
	return v, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
