package exact_test

import (
	"crypto/ecdsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"github.com/intel402/intel402/pkg/x402/exact"
)

const (
	anvilKey = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	payTo    = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C"
)

var now = time.Unix(1_800_000_000, 0)

func requirements() x402.PaymentRequirements {
	return x402.PaymentRequirements{
		Scheme: "exact", Network: x402.NetworkBase, Amount: "250000",
		Asset: x402.USDCBaseAddress, PayTo: payTo, MaxTimeoutSeconds: 300,
		Extra: map[string]any{"name": "USD Coin", "version": "2"},
	}
}

// signed describes what the client signs; mutations change it before
// signing so that the signature stays genuine.
type signed struct {
	req         x402.PaymentRequirements // copied into accepted
	domain      eip3009.Domain
	to          string
	value       string
	validAfter  int64
	validBefore int64
	nonce       string
}

func defaults() signed {
	req := requirements()
	return signed{
		req: req,
		domain: eip3009.Domain{Name: "USD Coin", Version: "2", ChainID: big.NewInt(8453),
			VerifyingContract: common.HexToAddress(x402.USDCBaseAddress)},
		to: payTo, value: req.Amount,
		validAfter: now.Unix() - 600, validBefore: now.Unix() + 300,
		nonce: "0x" + strings.Repeat("ab", 32),
	}
}

func build(t *testing.T, key *ecdsa.PrivateKey, s signed) x402.PaymentPayload {
	t.Helper()
	from := crypto.PubkeyToAddress(key.PublicKey)
	auth := x402.Authorization{
		From: from.Hex(), To: s.to, Value: s.value,
		ValidAfter:  big.NewInt(s.validAfter).String(),
		ValidBefore: big.NewInt(s.validBefore).String(), Nonce: s.nonce,
	}
	value, _ := new(big.Int).SetString(s.value, 10)
	var nonce [32]byte
	copy(nonce[:], common.FromHex(s.nonce))
	sig, err := eip3009.Sign(key, s.domain, eip3009.Authorization{
		From: from, To: common.HexToAddress(s.to), Value: value,
		ValidAfter: big.NewInt(s.validAfter), ValidBefore: big.NewInt(s.validBefore), Nonce: nonce,
	})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(x402.ExactEVMPayload{Signature: hexutil.Encode(sig), Authorization: auth})
	return x402.PaymentPayload{X402Version: 2, Accepted: s.req, Payload: raw}
}

func stdHeader(t *testing.T, p x402.PaymentPayload) string {
	t.Helper()
	h, err := x402.EncodeHeader(p)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestVerify(t *testing.T) {
	key, _ := crypto.HexToECDSA(anvilKey)
	tests := []struct {
		name       string
		mutate     func(*signed)
		payload    func(x402.PaymentPayload) x402.PaymentPayload // after signing
		header     func(*testing.T, x402.PaymentPayload) string
		wantReason string
		wantDecode error
	}{
		{name: "valid payment"},
		{name: "recipient differs only in case", mutate: func(s *signed) { s.to = strings.ToLower(payTo) }},
		{name: "wrong recipient", mutate: func(s *signed) { s.to = "0x0000000000000000000000000000000000000001" },
			wantReason: x402.ReasonRecipientMismatch},
		{name: "amount one unit low", mutate: func(s *signed) { s.value = "249999" },
			wantReason: x402.ReasonAuthorizationValueMismatch},
		{name: "amount one unit high", mutate: func(s *signed) { s.value = "250001" },
			wantReason: x402.ReasonAuthorizationValueMismatch},
		{name: "amount with leading zeros is the same integer", mutate: func(s *signed) { s.value = "0250000" },
			payload: func(p x402.PaymentPayload) x402.PaymentPayload { return p }},
		{name: "expired", mutate: func(s *signed) { s.validBefore = now.Unix() - 1 },
			wantReason: x402.ReasonValidBefore},
		{name: "expires within the settlement margin", mutate: func(s *signed) { s.validBefore = now.Unix() + 5 },
			wantReason: x402.ReasonValidBefore},
		{name: "validBefore exactly now+6 is accepted", mutate: func(s *signed) { s.validBefore = now.Unix() + 6 }},
		{name: "valid for ten years", mutate: func(s *signed) { s.validBefore = now.AddDate(10, 0, 0).Unix() },
			wantReason: x402.ReasonValidBefore},
		{name: "valid one second beyond maxTimeoutSeconds and the skew", mutate: func(s *signed) { s.validBefore = now.Unix() + 300 + 31 },
			wantReason: x402.ReasonValidBefore},
		{name: "validBefore at maxTimeoutSeconds plus the skew is accepted", mutate: func(s *signed) { s.validBefore = now.Unix() + 300 + 30 }},
		{name: "not yet valid", mutate: func(s *signed) { s.validAfter = now.Unix() + 1 },
			wantReason: x402.ReasonValidAfter},
		{name: "validAfter exactly now is accepted", mutate: func(s *signed) { s.validAfter = now.Unix() }},
		{name: "wrong chain in accepted", mutate: func(s *signed) {
			s.req.Network = x402.NetworkBaseSepolia
			s.domain.ChainID = big.NewInt(84532)
		}, wantReason: x402.ReasonNetworkMismatch},
		{name: "signed for another chain id", mutate: func(s *signed) { s.domain.ChainID = big.NewInt(84532) },
			wantReason: x402.ReasonInvalidSignature},
		{name: "wrong asset in accepted", mutate: func(s *signed) { s.req.Asset = x402.USDCBaseSepoliaAddress },
			wantReason: x402.ReasonInvalidPaymentRequirements},
		{name: "signed for another token contract", mutate: func(s *signed) {
			s.domain.VerifyingContract = common.HexToAddress(x402.USDCBaseSepoliaAddress)
		}, wantReason: x402.ReasonInvalidSignature},
		{name: "wrong token name in domain", mutate: func(s *signed) { s.domain.Name = "USDC" },
			wantReason: x402.ReasonInvalidSignature},
		{name: "scheme not exact", mutate: func(s *signed) { s.req.Scheme = "upto" },
			wantReason: x402.ReasonInvalidExactEVMScheme},
		{name: "bad nonce length", mutate: func(s *signed) { s.nonce = "0x" + strings.Repeat("ab", 31) },
			wantReason: x402.ReasonInvalidExactEVMPayload},
		{name: "malformed signature hex", payload: setSignature("0xzz" + strings.Repeat("00", 64)),
			wantReason: x402.ReasonSignatureFormat},
		{name: "signature too short", payload: setSignature("0x" + strings.Repeat("11", 64)),
			wantReason: x402.ReasonSignatureFormat},
		{name: "missing signature", payload: setSignature(""), wantReason: x402.ReasonMissingSignature},
		{name: "smart wallet length signature is not EOA", payload: setSignature("0x" + strings.Repeat("11", 66)),
			wantReason: x402.ReasonInvalidSignature},
		{name: "base64url header", header: func(t *testing.T, p x402.PaymentPayload) string {
			// Grow a description until the encoding needs the URL-safe
			// characters, so the header is genuinely base64url.
			p.Resource = &x402.ResourceInfo{URL: "https://api.example.com/x", Description: "???>>>"}
			for range 4 {
				b, _ := json.Marshal(p)
				if h := base64.URLEncoding.EncodeToString(b); strings.ContainsAny(h, "-_") {
					return h
				}
				p.Resource.Description += "?"
			}
			t.Fatal("could not produce a base64url-specific encoding")
			return ""
		}, wantDecode: x402.ErrMalformedHeader},
		{name: "v1 X-PAYMENT header", header: func(t *testing.T, _ x402.PaymentPayload) string {
			b := []byte(`{"x402Version":1,"scheme":"exact","network":"base","payload":{"signature":"0x00"}}`)
			return base64.StdEncoding.EncodeToString(b)
		}, wantDecode: x402.ErrUnsupportedVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := defaults()
			if tt.mutate != nil {
				tt.mutate(&s)
			}
			p := build(t, key, s)
			if tt.payload != nil {
				p = tt.payload(p)
			}
			hdr := stdHeader
			if tt.header != nil {
				hdr = tt.header
			}
			decoded, err := x402.DecodePaymentPayload(hdr(t, p))
			if tt.wantDecode != nil {
				if !errors.Is(err, tt.wantDecode) {
					t.Fatalf("decode error = %v, want %v", err, tt.wantDecode)
				}
				return
			}
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			c, err := exact.Verify(decoded, requirements(), now)
			if tt.wantReason == "" {
				if err != nil {
					t.Fatalf("Verify: %v", err)
				}
				if c.Payer != crypto.PubkeyToAddress(key.PublicKey) || !c.EOASigned {
					t.Fatalf("payer %s eoa %v", c.Payer, c.EOASigned)
				}
				return
			}
			var rej *x402.Rejection
			if !errors.As(err, &rej) {
				t.Fatalf("err = %v, want rejection %s", err, tt.wantReason)
			}
			if rej.Reason != tt.wantReason {
				t.Fatalf("reason = %s (%s), want %s", rej.Reason, rej.Message, tt.wantReason)
			}
		})
	}
}

func TestCheckLeavesSmartWalletSignaturesToTheChain(t *testing.T) {
	key, _ := crypto.HexToECDSA(anvilKey)
	sig := "0x" + strings.Repeat("11", 100) + strings.Repeat("6492", 16)
	p := setSignature(sig)(build(t, key, defaults()))
	c, err := exact.Check(p, requirements(), now)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	if c.EOASigned || !c.ERC6492 {
		t.Fatalf("EOASigned %v ERC6492 %v, want false true", c.EOASigned, c.ERC6492)
	}
}

func TestMissingDomain(t *testing.T) {
	key, _ := crypto.HexToECDSA(anvilKey)
	p := build(t, key, defaults())
	req := requirements()
	req.Extra = map[string]any{"name": "USD Coin"}
	_, err := exact.Verify(p, req, now)
	var rej *x402.Rejection
	if !errors.As(err, &rej) || rej.Reason != x402.ReasonMissingEIP712Domain {
		t.Fatalf("err = %v", err)
	}
}

func setSignature(sig string) func(x402.PaymentPayload) x402.PaymentPayload {
	return func(p x402.PaymentPayload) x402.PaymentPayload {
		var e x402.ExactEVMPayload
		_ = json.Unmarshal(p.Payload, &e)
		e.Signature = sig
		p.Payload, _ = json.Marshal(e)
		return p
	}
}
