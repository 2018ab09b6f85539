package eip3009_test

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402/eip3009"
)

// anvilKey is the well-known first Anvil/Hardhat development key.
const anvilKey = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

func sepoliaDomain() eip3009.Domain {
	return eip3009.Domain{Name: "USDC", Version: "2", ChainID: big.NewInt(84532),
		VerifyingContract: common.HexToAddress("0x036CbD53842c5426634e7929541eC2318f3dCF7e")}
}

func baseDomain() eip3009.Domain {
	return eip3009.Domain{Name: "USD Coin", Version: "2", ChainID: big.NewInt(8453),
		VerifyingContract: common.HexToAddress("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")}
}

// specAuthorization is the message of the x402 v2 specification example.
func specAuthorization(from common.Address) eip3009.Authorization {
	return eip3009.Authorization{
		From:        from,
		To:          common.HexToAddress("0x209693Bc6afc0C5328bA36FaF03C514EF312287C"),
		Value:       big.NewInt(10000),
		ValidAfter:  big.NewInt(1740672089),
		ValidBefore: big.NewInt(1740672154),
		Nonce:       common.HexToHash("0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480"),
	}
}

func TestDomainSeparatorMatchesOnChainUSDC(t *testing.T) {
	tests := []struct {
		name   string
		domain eip3009.Domain
		want   string
	}{
		{"base mainnet USD Coin", baseDomain(), "0x02fa7265e7c5d81118673727957699e4d68f74cd74b7db77da710fe8a2c7834f"},
		{"base sepolia USDC", sepoliaDomain(), "0x71f17a3b2ff373b803d70a5a07c046c1a2bc8e89c09ef722fcb047abe94c9818"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := eip3009.DomainSeparator(tt.domain)
			if err != nil {
				t.Fatal(err)
			}
			if hexutil.Encode(got[:]) != tt.want {
				t.Fatalf("DomainSeparator = %x, want %s", got, tt.want)
			}
		})
	}
}

func TestTypeHash(t *testing.T) {
	got := crypto.Keccak256Hash([]byte(eip3009.TransferWithAuthorizationType)).Hex()
	if got != "0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267" {
		t.Fatalf("typehash = %s", got)
	}
}

func TestVectorASpecExample(t *testing.T) {
	from := common.HexToAddress("0x857b06519E91e3A54538791bDbb0E22373e36b66")
	digest, err := eip3009.Digest(sepoliaDomain(), specAuthorization(from))
	if err != nil {
		t.Fatal(err)
	}
	if got := hexutil.Encode(digest[:]); got != "0xf256992871671abcb27ff92885a7afa46218724e5fc0bac35d050115aa1d22e6" {
		t.Fatalf("digest = %s", got)
	}
	sig := hexutil.MustDecode("0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c")
	got, err := eip3009.Recover(digest, sig)
	if err != nil {
		t.Fatal(err)
	}
	if got != from {
		t.Fatalf("recovered %s, want %s", got, from)
	}
}

func TestVectorBAnvilKey(t *testing.T) {
	key, err := crypto.HexToECDSA(anvilKey)
	if err != nil {
		t.Fatal(err)
	}
	from := crypto.PubkeyToAddress(key.PublicKey)
	if from != common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266") {
		t.Fatalf("anvil address = %s", from)
	}
	auth := specAuthorization(from)
	sh, err := eip3009.StructHash(auth)
	if err != nil {
		t.Fatal(err)
	}
	if got := hexutil.Encode(sh[:]); got != "0xb2438b1b8298f6129feb7c6a96cb5bee12d7e8ba27c7c27cde803071ebdc42e8" {
		t.Fatalf("structHash = %s", got)
	}
	tests := []struct {
		name       string
		domain     eip3009.Domain
		wantDigest string
		wantSig    string
	}{
		{"base sepolia", sepoliaDomain(),
			"0x50708d3bf7216e1aeabe7bf22081b9f36c7c287530f92510318f13a03d89dc86",
			"0xdc53a4a579de989368a0fae2ef2172ff2f474b4297013f865d171239f17ef4c3157b4b4030f1bebc53d55ace15c2377dff501a60e1e56c291f1000d6e78f082f1b"},
		{"base mainnet", baseDomain(),
			"0x7e9613714edd92ad20fa5b252ec168245031911a3438dd20225f083b6a688f8a",
			"0xa70a7d235fd4218a3ed6625525892efed6fd1ac6a193ba612bb9da921620bce74885a8f7f56d2dc2f46005b7d6a089ae3469455a911004b6c4a6ab600677f56c1c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			digest, err := eip3009.Digest(tt.domain, auth)
			if err != nil {
				t.Fatal(err)
			}
			if got := hexutil.Encode(digest[:]); got != tt.wantDigest {
				t.Fatalf("digest = %s, want %s", got, tt.wantDigest)
			}
			sig, err := eip3009.Sign(key, tt.domain, auth)
			if err != nil {
				t.Fatal(err)
			}
			if got := hexutil.Encode(sig); got != tt.wantSig {
				t.Fatalf("signature = %s, want %s", got, tt.wantSig)
			}
			rec, err := eip3009.Recover(digest, sig)
			if err != nil {
				t.Fatal(err)
			}
			if rec != from {
				t.Fatalf("recovered %s, want %s", rec, from)
			}
		})
	}
}

func TestRecoverAcceptsBothVForms(t *testing.T) {
	key, _ := crypto.HexToECDSA(anvilKey)
	from := crypto.PubkeyToAddress(key.PublicKey)
	auth := specAuthorization(from)
	digest, _ := eip3009.Digest(baseDomain(), auth)
	sig, err := eip3009.Sign(key, baseDomain(), auth)
	if err != nil {
		t.Fatal(err)
	}
	zeroOne := bytes.Clone(sig)
	zeroOne[64] -= 27
	badV := bytes.Clone(sig)
	badV[64] = 5
	flipped := bytes.Clone(sig)
	flipped[10] ^= 0xff

	tests := []struct {
		name    string
		sig     []byte
		want    common.Address
		wantErr bool
	}{
		{name: "v 27/28", sig: sig, want: from},
		{name: "v 0/1", sig: zeroOne, want: from},
		{name: "v out of range", sig: badV, wantErr: true},
		{name: "64 bytes", sig: sig[:64], wantErr: true},
		{name: "66 bytes", sig: append(bytes.Clone(sig), 0), wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := eip3009.Recover(digest, tt.sig)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if !tt.wantErr && got != tt.want {
				t.Fatalf("recovered %s, want %s", got, tt.want)
			}
		})
	}
	// A corrupted r no longer recovers to the signer (it may or may not
	// recover to some other key).
	if got, err := eip3009.Recover(digest, flipped); err == nil && got == from {
		t.Fatal("corrupted signature still recovers to the signer")
	}
}

func TestStructHashRejectsOutOfRange(t *testing.T) {
	a := specAuthorization(common.Address{})
	a.Value = new(big.Int).Lsh(big.NewInt(1), 256)
	if _, err := eip3009.StructHash(a); err == nil {
		t.Fatal("want error for value >= 2^256")
	}
	a = specAuthorization(common.Address{})
	a.ValidBefore = nil
	if _, err := eip3009.StructHash(a); err == nil {
		t.Fatal("want error for nil validBefore")
	}
}

func BenchmarkRecover(b *testing.B) {
	key, _ := crypto.HexToECDSA(anvilKey)
	auth := specAuthorization(crypto.PubkeyToAddress(key.PublicKey))
	digest, _ := eip3009.Digest(baseDomain(), auth)
	sig, _ := eip3009.Sign(key, baseDomain(), auth)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := eip3009.Recover(digest, sig); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDigestAndRecover(b *testing.B) {
	key, _ := crypto.HexToECDSA(anvilKey)
	auth := specAuthorization(crypto.PubkeyToAddress(key.PublicKey))
	sig, _ := eip3009.Sign(key, baseDomain(), auth)
	b.ReportAllocs()
	for b.Loop() {
		digest, err := eip3009.Digest(baseDomain(), auth)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := eip3009.Recover(digest, sig); err != nil {
			b.Fatal(err)
		}
	}
}
