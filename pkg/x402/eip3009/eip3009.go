// Package eip3009 computes EIP-712 digests for EIP-3009
// TransferWithAuthorization messages, signs them and recovers their signers.
package eip3009

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
)

// Type strings and their keccak256 hashes.
const (
	DomainType                    = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
	TransferWithAuthorizationType = "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
)

// SignatureLength is the length of a plain ECDSA signature r‖s‖v.
const SignatureLength = 65

// Domain is an EIP-712 domain of an EIP-3009 token.
type Domain struct {
	Name              string
	Version           string
	ChainID           *big.Int
	VerifyingContract common.Address
}

// Authorization is an EIP-3009 TransferWithAuthorization message with its
// fields decoded from the x402 wire strings: what is signed here and what
// evmchain sends on chain.
type Authorization struct {
	From        common.Address
	To          common.Address
	Value       *big.Int
	ValidAfter  *big.Int
	ValidBefore *big.Int
	Nonce       [32]byte
}

// DomainSeparator returns hashStruct(EIP712Domain).
func DomainSeparator(d Domain) ([32]byte, error) {
	if d.ChainID == nil || d.ChainID.Sign() < 0 {
		return [32]byte{}, errors.New("eip3009: domain chain id missing or negative")
	}
	buf := make([]byte, 0, 5*32)
	buf = append(buf, crypto.Keccak256([]byte(DomainType))...)
	buf = append(buf, crypto.Keccak256([]byte(d.Name))...)
	buf = append(buf, crypto.Keccak256([]byte(d.Version))...)
	buf = append(buf, word(d.ChainID)...)
	buf = append(buf, common.LeftPadBytes(d.VerifyingContract.Bytes(), 32)...)
	return crypto.Keccak256Hash(buf), nil
}

// StructHash returns hashStruct(TransferWithAuthorization).
func StructHash(a Authorization) ([32]byte, error) {
	fields := []struct {
		name string
		v    *big.Int
	}{{"value", a.Value}, {"validAfter", a.ValidAfter}, {"validBefore", a.ValidBefore}}
	for _, f := range fields {
		if f.v == nil || f.v.Sign() < 0 || f.v.BitLen() > 256 {
			return [32]byte{}, fmt.Errorf("eip3009: authorization %s is missing or not a uint256", f.name)
		}
	}
	buf := make([]byte, 0, 7*32)
	buf = append(buf, crypto.Keccak256([]byte(TransferWithAuthorizationType))...)
	buf = append(buf, common.LeftPadBytes(a.From.Bytes(), 32)...)
	buf = append(buf, common.LeftPadBytes(a.To.Bytes(), 32)...)
	buf = append(buf, word(a.Value)...)
	buf = append(buf, word(a.ValidAfter)...)
	buf = append(buf, word(a.ValidBefore)...)
	buf = append(buf, a.Nonce[:]...)
	return crypto.Keccak256Hash(buf), nil
}

// Digest returns keccak256(0x1901 ‖ domainSeparator ‖ structHash), the hash
// that is signed.
func Digest(d Domain, a Authorization) ([32]byte, error) {
	ds, err := DomainSeparator(d)
	if err != nil {
		return [32]byte{}, err
	}
	sh, err := StructHash(a)
	if err != nil {
		return [32]byte{}, err
	}
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, ds[:], sh[:]), nil
}

// Sign signs the authorization's digest and returns r‖s‖v with v = 27 or 28.
func Sign(key *ecdsa.PrivateKey, d Domain, a Authorization) ([]byte, error) {
	if key == nil {
		return nil, errors.New("eip3009: nil private key")
	}
	digest, err := Digest(d, a)
	if err != nil {
		return nil, err
	}
	sig, err := crypto.Sign(digest[:], key)
	if err != nil {
		return nil, fmt.Errorf("eip3009: sign: %w", err)
	}
	sig[64] += 27
	return sig, nil
}

// Recover returns the address that produced the 65-byte signature r‖s‖v
// over digest. v may be 27/28 or 0/1. Signatures with a high s value are
// refused, as ecrecover-based tokens would also refuse them.
func Recover(digest [32]byte, sig []byte) (common.Address, error) {
	if len(sig) != SignatureLength {
		return common.Address{}, fmt.Errorf("eip3009: signature is %d bytes, want %d", len(sig), SignatureLength)
	}
	v := sig[64]
	if v >= 27 {
		v -= 27
	}
	if v > 1 {
		return common.Address{}, fmt.Errorf("eip3009: invalid signature recovery id %d", sig[64])
	}
	r := new(big.Int).SetBytes(sig[:32])
	s := new(big.Int).SetBytes(sig[32:64])
	if !crypto.ValidateSignatureValues(v, r, s, true) {
		return common.Address{}, errors.New("eip3009: invalid signature values (r, s out of range or high s)")
	}
	norm := make([]byte, SignatureLength)
	copy(norm, sig)
	norm[64] = v
	pub, err := crypto.SigToPub(digest[:], norm)
	if err != nil {
		return common.Address{}, fmt.Errorf("eip3009: recover: %w", err)
	}
	return crypto.PubkeyToAddress(*pub), nil
}

func word(v *big.Int) []byte {
	return math.U256Bytes(new(big.Int).Set(v))
}
