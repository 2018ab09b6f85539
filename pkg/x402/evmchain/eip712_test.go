package evmchain_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/intel402/intel402/pkg/x402/x402test"
)

// The tests' own EIP-712 code for TransferWithAuthorization, checked
// against the reference vectors below before the chain tests rely on it.

func word(b []byte) []byte { return common.LeftPadBytes(b, 32) }

func domainSeparator(name, version string, chainID *big.Int, contract common.Address) [32]byte {
	typeHash := crypto.Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	return crypto.Keccak256Hash(typeHash, crypto.Keccak256([]byte(name)), crypto.Keccak256([]byte(version)),
		word(chainID.Bytes()), word(contract.Bytes()))
}

func transferDigest(domain [32]byte, a eip3009.Authorization) [32]byte {
	typeHash := crypto.Keccak256([]byte("TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"))
	structHash := crypto.Keccak256(typeHash, word(a.From.Bytes()), word(a.To.Bytes()), word(a.Value.Bytes()),
		word(a.ValidAfter.Bytes()), word(a.ValidBefore.Bytes()), a.Nonce[:])
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, domain[:], structHash)
}

// sign signs a's digest; the last byte is the recovery id plus vBase (0 or 27).
func sign(t *testing.T, key *ecdsa.PrivateKey, domain [32]byte, a eip3009.Authorization, vBase byte) []byte {
	t.Helper()
	digest := transferDigest(domain, a)
	sig, err := crypto.Sign(digest[:], key)
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += vBase
	return sig
}

// compact turns a 65-byte r‖s‖v signature into EIP-2098's 64-byte r‖vs.
func compact(sig []byte) []byte {
	out := bytes.Clone(sig[:64])
	if v := sig[64]; v == 28 || v == 1 {
		out[32] |= 0x80
	}
	return out
}

// secp256k1n, the curve order.
var secp256k1N, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)

// highS returns the other valid signature of the same digest (s' = n - s,
// v flipped): ecrecover accepts it, EIP-2 forbids it.
func highS(sig []byte) []byte {
	out := bytes.Clone(sig)
	s := new(big.Int).SetBytes(sig[32:64])
	copy(out[32:64], word(new(big.Int).Sub(secp256k1N, s).Bytes()))
	if out[64] == 27 {
		out[64] = 28
	} else {
		out[64] = 27
	}
	return out
}

// callToken calls a no-argument token method with eth_call.
func callToken(ctx context.Context, rpcURL string, token common.Address, art x402test.Artifact, method string) ([]any, error) {
	c, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	data, err := art.ABI.Pack(method)
	if err != nil {
		return nil, err
	}
	out, err := c.CallContract(ctx, ethereum.CallMsg{To: &token, Data: data}, nil)
	if err != nil {
		return nil, err
	}
	return art.ABI.Unpack(method, out)
}

func TestEIP712HelperMatchesReferenceVectors(t *testing.T) {
	// x402 reference §7 vector B: vector A's message signed by anvil key 0.
	key, err := x402test.DevKey(0)
	if err != nil {
		t.Fatal(err)
	}
	a := eip3009.Authorization{
		From:        crypto.PubkeyToAddress(key.PublicKey),
		To:          common.HexToAddress("0x209693Bc6afc0C5328bA36FaF03C514EF312287C"),
		Value:       big.NewInt(10000),
		ValidAfter:  big.NewInt(1740672089),
		ValidBefore: big.NewInt(1740672154),
		Nonce:       common.HexToHash("0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480"),
	}
	tests := []struct {
		name       string
		domainName string
		chainID    int64
		token      string
		wantDomain string
		wantDigest string
		wantSig    string
	}{
		{
			name: "base", domainName: "USD Coin", chainID: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
			wantDomain: "0x02fa7265e7c5d81118673727957699e4d68f74cd74b7db77da710fe8a2c7834f",
			wantDigest: "0x7e9613714edd92ad20fa5b252ec168245031911a3438dd20225f083b6a688f8a",
			wantSig:    "0xa70a7d235fd4218a3ed6625525892efed6fd1ac6a193ba612bb9da921620bce74885a8f7f56d2dc2f46005b7d6a089ae3469455a911004b6c4a6ab600677f56c1c",
		},
		{
			name: "base sepolia", domainName: "USDC", chainID: 84532, token: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
			wantDomain: "0x71f17a3b2ff373b803d70a5a07c046c1a2bc8e89c09ef722fcb047abe94c9818",
			wantDigest: "0x50708d3bf7216e1aeabe7bf22081b9f36c7c287530f92510318f13a03d89dc86",
			wantSig:    "0xdc53a4a579de989368a0fae2ef2172ff2f474b4297013f865d171239f17ef4c3157b4b4030f1bebc53d55ace15c2377dff501a60e1e56c291f1000d6e78f082f1b",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			domain := domainSeparator(tt.domainName, "2", big.NewInt(tt.chainID), common.HexToAddress(tt.token))
			if got := hexutil.Encode(domain[:]); got != tt.wantDomain {
				t.Errorf("domain separator = %s, want %s", got, tt.wantDomain)
			}
			digest := transferDigest(domain, a)
			if got := hexutil.Encode(digest[:]); got != tt.wantDigest {
				t.Errorf("digest = %s, want %s", got, tt.wantDigest)
			}
			if got := hexutil.Encode(sign(t, key, domain, a, 27)); got != tt.wantSig {
				t.Errorf("signature = %s, want %s", got, tt.wantSig)
			}
		})
	}
}
