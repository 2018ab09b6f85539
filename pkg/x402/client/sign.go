package client

import (
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/eip3009"
)

// ValidAfterSkew is how far in the past validAfter is set, so that clock
// skew between client and facilitator does not make a fresh authorization
// "not yet valid".
const ValidAfterSkew = 600 * time.Second

// SignExact builds a PaymentPayload for an exact-EVM requirement: an
// EIP-3009 authorization of exactly req.Amount to req.PayTo, valid from
// now-600s to now+req.MaxTimeoutSeconds, with a random 32-byte nonce read
// from rnd, signed with key. The requirement is copied verbatim into
// accepted; resource and extensions are echoed from the challenge.
func SignExact(key *ecdsa.PrivateKey, req x402.PaymentRequirements, challenge x402.PaymentRequired, now time.Time, rnd io.Reader) (x402.PaymentPayload, error) {
	if key == nil {
		return x402.PaymentPayload{}, errors.New("x402 client: nil signing key")
	}
	if req.Scheme != x402.SchemeExact {
		return x402.PaymentPayload{}, fmt.Errorf("x402 client: scheme %q is not exact", req.Scheme)
	}
	chainID, err := x402.EVMChainID(req.Network)
	if err != nil {
		return x402.PaymentPayload{}, fmt.Errorf("x402 client: %w", err)
	}
	name, version := req.ExtraString("name"), req.ExtraString("version")
	if name == "" || version == "" {
		return x402.PaymentPayload{}, errors.New("x402 client: requirement has no EIP-712 domain (extra.name/extra.version)")
	}
	if !common.IsHexAddress(req.Asset) || !common.IsHexAddress(req.PayTo) {
		return x402.PaymentPayload{}, errors.New("x402 client: requirement asset or payTo is not an address")
	}
	value, ok := x402.ParseAtomic(req.Amount)
	if !ok {
		return x402.PaymentPayload{}, fmt.Errorf("x402 client: amount %q is not a decimal integer", req.Amount)
	}
	if req.MaxTimeoutSeconds <= 0 {
		return x402.PaymentPayload{}, errors.New("x402 client: requirement has no maxTimeoutSeconds")
	}
	var nonce [32]byte
	if _, err := io.ReadFull(rnd, nonce[:]); err != nil {
		return x402.PaymentPayload{}, fmt.Errorf("x402 client: nonce: %w", err)
	}
	from := crypto.PubkeyToAddress(key.PublicKey)
	auth := eip3009.Authorization{
		From:        from,
		To:          common.HexToAddress(req.PayTo),
		Value:       value,
		ValidAfter:  big.NewInt(now.Add(-ValidAfterSkew).Unix()),
		ValidBefore: big.NewInt(now.Unix() + int64(req.MaxTimeoutSeconds)),
		Nonce:       nonce,
	}
	domain := eip3009.Domain{Name: name, Version: version, ChainID: chainID, VerifyingContract: common.HexToAddress(req.Asset)}
	sig, err := eip3009.Sign(key, domain, auth)
	if err != nil {
		return x402.PaymentPayload{}, fmt.Errorf("x402 client: %w", err)
	}
	raw, err := json.Marshal(x402.ExactEVMPayload{
		Signature: hexutil.Encode(sig),
		Authorization: x402.Authorization{
			From: from.Hex(), To: req.PayTo, Value: value.String(),
			ValidAfter: auth.ValidAfter.String(), ValidBefore: auth.ValidBefore.String(),
			Nonce: hexutil.Encode(nonce[:]),
		},
	})
	if err != nil {
		return x402.PaymentPayload{}, fmt.Errorf("x402 client: encode payload: %w", err)
	}
	res := challenge.Resource
	return x402.PaymentPayload{
		X402Version: x402.Version,
		Resource:    &res,
		Accepted:    req,
		Payload:     raw,
		Extensions:  challenge.Extensions,
	}, nil
}
