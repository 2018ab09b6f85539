// Package exact checks an exact-scheme EVM payment (EIP-3009) against the
// requirements it claims to satisfy, without touching a chain. It implements
// the facilitator checks that need no chain: scheme, network, EIP-712
// domain, signature format, recipient, exact amount, time window (not
// expiring within ValidBeforeMargin, not yet valid, nor valid for longer
// than the offered maxTimeoutSeconds plus ValiditySkew), nonce
// format and ECDSA recovery.
package exact

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/eip3009"
)

// ValidBeforeMargin is how far in the future validBefore must be at
// verification time, leaving room for the settlement transaction.
const ValidBeforeMargin = 6 * time.Second

// ValiditySkew is the clock difference tolerated between a client and
// this check on an authorization's upper bound: validBefore may be at most
// the offered maxTimeoutSeconds plus ValiditySkew after now.
const ValiditySkew = 30 * time.Second

// erc6492Magic is the 32-byte suffix of an ERC-6492 wrapped signature.
const erc6492Magic = "\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92" +
	"\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92\x64\x92"

// Checked is a payment that passed every chain-free check.
type Checked struct {
	Payer         common.Address
	Token         common.Address
	Authorization eip3009.Authorization
	Domain        eip3009.Domain
	Digest        [32]byte
	Signature     []byte
	// EOASigned is true when Signature is 65 bytes and recovers to Payer.
	// When false, the signature can still be valid for a smart-contract
	// wallet (EIP-1271 or ERC-6492); only a chain can tell.
	EOASigned bool
	// ERC6492 is true when Signature carries the ERC-6492 magic suffix.
	ERC6492 bool
}

// Check runs every chain-free check of payload against req at time now and
// returns the decoded payment. A failing check returns a *x402.Rejection
// carrying the documented reason. Ownership of the signature is recorded in
// Checked.EOASigned but not enforced: use Verify for EOA-only verification.
func Check(payload x402.PaymentPayload, req x402.PaymentRequirements, now time.Time) (Checked, error) {
	var c Checked
	if payload.X402Version != x402.Version {
		return c, reject(x402.ReasonInvalidX402Version, "x402Version must be 2")
	}
	acc := payload.Accepted
	// 1. Scheme.
	if acc.Scheme != x402.SchemeExact || req.Scheme != x402.SchemeExact {
		return c, reject(x402.ReasonInvalidExactEVMScheme, "scheme must be \"exact\"")
	}
	// 2. Network.
	if acc.Network != req.Network {
		return c, reject(x402.ReasonNetworkMismatch, "accepted network "+acc.Network+" differs from required "+req.Network)
	}
	chainID, err := x402.EVMChainID(req.Network)
	if err != nil {
		return c, reject(x402.ReasonInvalidNetwork, err.Error())
	}
	// The remaining accepted terms must be those required.
	if !x402.SameTerms(acc, req) {
		return c, reject(x402.ReasonInvalidPaymentRequirements, "accepted requirements differ from the required asset, amount or payTo")
	}
	// 3. EIP-712 domain.
	name, version := req.ExtraString("name"), req.ExtraString("version")
	if name == "" || version == "" {
		return c, reject(x402.ReasonMissingEIP712Domain, "requirements.extra must carry the EIP-712 domain name and version")
	}
	if !common.IsHexAddress(req.Asset) {
		return c, reject(x402.ReasonInvalidPaymentRequirements, "asset is not an address")
	}
	if !common.IsHexAddress(req.PayTo) {
		return c, reject(x402.ReasonInvalidPaymentRequirements, "payTo is not an address")
	}
	required, ok := x402.ParseAtomic(req.Amount)
	if !ok {
		return c, reject(x402.ReasonInvalidPaymentRequirements, "amount is not a decimal integer")
	}
	p, err := x402.ExactEVMPayloadOf(payload)
	if err != nil {
		return c, err
	}
	// 4. Signature format.
	if p.Signature == "" {
		return c, reject(x402.ReasonMissingSignature, "payload.signature is empty")
	}
	sig, err := hexutil.Decode(p.Signature)
	if err != nil || len(sig) < eip3009.SignatureLength {
		return c, reject(x402.ReasonSignatureFormat, "signature must be 0x-prefixed hex of at least 65 bytes")
	}
	a := p.Authorization
	if !common.IsHexAddress(a.From) || !strings.HasPrefix(a.From, "0x") {
		return c, reject(x402.ReasonInvalidExactEVMPayload, "authorization.from is not a 0x address")
	}
	// 5. Recipient.
	if !strings.EqualFold(a.To, req.PayTo) || !common.IsHexAddress(a.To) {
		return c, reject(x402.ReasonRecipientMismatch, "authorization.to is not payTo")
	}
	// 6. Amount, exactly.
	value, ok := x402.ParseAtomic(a.Value)
	if !ok {
		return c, reject(x402.ReasonInvalidExactEVMPayload, "authorization.value is not a decimal integer")
	}
	if value.Cmp(required) != 0 {
		return c, reject(x402.ReasonAuthorizationValueMismatch, "authorization.value "+a.Value+" is not the required amount "+req.Amount)
	}
	// 7. Time window and nonce.
	validAfter, ok1 := x402.ParseAtomic(a.ValidAfter)
	validBefore, ok2 := x402.ParseAtomic(a.ValidBefore)
	if !ok1 || !ok2 {
		return c, reject(x402.ReasonInvalidExactEVMPayload, "authorization validAfter/validBefore are not decimal integers")
	}
	minBefore := big.NewInt(now.Add(ValidBeforeMargin).Unix())
	if validBefore.Cmp(minBefore) < 0 {
		return c, reject(x402.ReasonValidBefore, "authorization expires before it can be settled (validBefore < now+6s)")
	}
	if validAfter.Cmp(big.NewInt(now.Unix())) > 0 {
		return c, reject(x402.ReasonValidAfter, "authorization is not valid yet (validAfter > now)")
	}
	if req.MaxTimeoutSeconds > 0 {
		maxBefore := big.NewInt(now.Add(time.Duration(req.MaxTimeoutSeconds)*time.Second + ValiditySkew).Unix())
		if validBefore.Cmp(maxBefore) > 0 {
			return c, reject(x402.ReasonValidBefore, fmt.Sprintf("authorization is valid beyond the offered window (validBefore > now + maxTimeoutSeconds %d + %ds)", req.MaxTimeoutSeconds, int(ValiditySkew.Seconds())))
		}
	}
	nonce, ok := parseNonce(a.Nonce)
	if !ok {
		return c, reject(x402.ReasonInvalidExactEVMPayload, "authorization.nonce must be 0x followed by 64 hex digits")
	}
	c.Payer = common.HexToAddress(a.From)
	c.Token = common.HexToAddress(req.Asset)
	c.Authorization = eip3009.Authorization{
		From: c.Payer, To: common.HexToAddress(a.To), Value: value,
		ValidAfter: validAfter, ValidBefore: validBefore, Nonce: nonce,
	}
	c.Domain = eip3009.Domain{Name: name, Version: version, ChainID: chainID, VerifyingContract: c.Token}
	c.Digest, err = eip3009.Digest(c.Domain, c.Authorization)
	if err != nil {
		return Checked{}, reject(x402.ReasonInvalidExactEVMPayload, err.Error())
	}
	c.Signature = sig
	c.ERC6492 = len(sig) > 32 && bytes.HasSuffix(sig, []byte(erc6492Magic))
	// 8. ECDSA recovery for plain signatures.
	if len(sig) == eip3009.SignatureLength {
		if signer, err := eip3009.Recover(c.Digest, sig); err == nil && signer == c.Payer {
			c.EOASigned = true
		}
	}
	return c, nil
}

// Verify is Check plus step 8 for externally owned accounts: the signature
// must be 65 bytes and recover to authorization.from. Smart-wallet
// signatures need a chain and are refused here with
// invalid_exact_evm_signature.
func Verify(payload x402.PaymentPayload, req x402.PaymentRequirements, now time.Time) (Checked, error) {
	c, err := Check(payload, req, now)
	if err != nil {
		return c, err
	}
	if !c.EOASigned {
		return c, reject(x402.ReasonInvalidSignature, "signature does not recover to authorization.from")
	}
	return c, nil
}

func parseNonce(s string) ([32]byte, bool) {
	var n [32]byte
	if len(s) != 66 || !strings.HasPrefix(s, "0x") {
		return n, false
	}
	b, err := hexutil.Decode(s)
	if err != nil || len(b) != 32 {
		return n, false
	}
	copy(n[:], b)
	return n, true
}

func reject(reason, msg string) *x402.Rejection {
	return &x402.Rejection{Reason: reason, Message: msg}
}
