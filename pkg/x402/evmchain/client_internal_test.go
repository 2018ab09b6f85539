package evmchain

import (
	"bytes"
	"errors"
	"github.com/intel402/intel402/pkg/x402/eip3009"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

func testAuthorization() eip3009.Authorization {
	return eip3009.Authorization{
		From:        common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
		To:          common.HexToAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"),
		Value:       big.NewInt(10000),
		ValidAfter:  big.NewInt(1740672089),
		ValidBefore: big.NewInt(1740672154),
		Nonce:       [32]byte{0xf3, 0x74},
	}
}

func TestPackTransferChoosesOverload(t *testing.T) {
	abis, err := loadABIs()
	if err != nil {
		t.Fatal(err)
	}
	c := &Client{abis: abis}
	sig65 := func(v byte) []byte {
		s := bytes.Repeat([]byte{0x11}, 65)
		s[64] = v
		return s
	}
	tests := []struct {
		name      string
		sig       []byte
		wantVRS   bool
		wantV     uint8
		wantBytes []byte
	}{
		{name: "65 bytes v=27 uses v,r,s", sig: sig65(27), wantVRS: true, wantV: 27},
		{name: "65 bytes v=28 uses v,r,s", sig: sig65(28), wantVRS: true, wantV: 28},
		{name: "65 bytes v=0 normalised to 27", sig: sig65(0), wantVRS: true, wantV: 27},
		{name: "65 bytes v=1 normalised to 28", sig: sig65(1), wantVRS: true, wantV: 28},
		{name: "65 bytes odd v passed through", sig: sig65(5), wantVRS: true, wantV: 5},
		{name: "64-byte compact signature uses bytes", sig: bytes.Repeat([]byte{0x22}, 64), wantBytes: bytes.Repeat([]byte{0x22}, 64)},
		{name: "long wallet signature uses bytes", sig: bytes.Repeat([]byte{0x33}, 200), wantBytes: bytes.Repeat([]byte{0x33}, 200)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := c.packTransfer(testAuthorization(), tt.sig)
			if err != nil {
				t.Fatal(err)
			}
			m, err := abis.token.MethodById(data[:4])
			if err != nil {
				t.Fatal(err)
			}
			args, err := m.Inputs.Unpack(data[4:])
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantVRS {
				if m.Name != abis.transferVRS {
					t.Fatalf("method = %s, want the v,r,s overload", m.Sig)
				}
				if v := args[6].(uint8); v != tt.wantV {
					t.Errorf("v = %d, want %d", v, tt.wantV)
				}
				r, s := args[7].([32]byte), args[8].([32]byte)
				if !bytes.Equal(r[:], tt.sig[:32]) || !bytes.Equal(s[:], tt.sig[32:64]) {
					t.Errorf("r,s not taken from the signature")
				}
			} else {
				if m.Name != abis.transferBytes {
					t.Fatalf("method = %s, want the bytes overload", m.Sig)
				}
				if got := args[6].([]byte); !bytes.Equal(got, tt.wantBytes) {
					t.Errorf("signature = %x, want %x", got, tt.wantBytes)
				}
			}
			a := testAuthorization()
			if args[0].(common.Address) != a.From || args[1].(common.Address) != a.To ||
				args[2].(*big.Int).Cmp(a.Value) != 0 || args[3].(*big.Int).Cmp(a.ValidAfter) != 0 ||
				args[4].(*big.Int).Cmp(a.ValidBefore) != 0 || args[5].([32]byte) != a.Nonce {
				t.Errorf("authorization fields not encoded as given: %v", args[:6])
			}
		})
	}
}

func TestPackTransferRejects(t *testing.T) {
	abis, err := loadABIs()
	if err != nil {
		t.Fatal(err)
	}
	c := &Client{abis: abis}
	sig := bytes.Repeat([]byte{1}, 65)
	tests := []struct {
		name    string
		mutate  func(*eip3009.Authorization)
		sig     []byte
		wantErr string
	}{
		{name: "missing value", mutate: func(a *eip3009.Authorization) { a.Value = nil }, sig: sig, wantErr: "value is missing"},
		{name: "negative value", mutate: func(a *eip3009.Authorization) { a.Value = big.NewInt(-1) }, sig: sig, wantErr: "not a uint256"},
		{name: "validBefore over 256 bits", mutate: func(a *eip3009.Authorization) { a.ValidBefore = new(big.Int).Lsh(big.NewInt(1), 256) }, sig: sig, wantErr: "not a uint256"},
		{name: "missing validAfter", mutate: func(a *eip3009.Authorization) { a.ValidAfter = nil }, sig: sig, wantErr: "validAfter is missing"},
		{name: "empty signature", mutate: func(*eip3009.Authorization) {}, sig: nil, wantErr: "empty signature"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := testAuthorization()
			tt.mutate(&a)
			_, err := c.packTransfer(a, tt.sig)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

// rpcDataError mimics go-ethereum's JSON-RPC error with revert data.
type rpcDataError struct {
	msg  string
	data any
}

func (e rpcDataError) Error() string  { return e.msg }
func (e rpcDataError) ErrorData() any { return e.data }

func TestAsRevert(t *testing.T) {
	errorString, err := abi.NewType("string", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	reasonData, err := abi.Arguments{{Type: errorString}}.Pack("EIP3009Token: authorization is used")
	if err != nil {
		t.Fatal(err)
	}
	reasonData = append([]byte{0x08, 0xc3, 0x79, 0xa0}, reasonData...)
	custom := []byte{0xde, 0xad, 0xbe, 0xef}
	plain := errors.New("connection refused")

	tests := []struct {
		name       string
		in         error
		wantRevert bool
		wantReason string
		wantData   []byte
	}{
		{name: "Error(string) data is decoded", in: rpcDataError{msg: "execution reverted: x", data: hexutil.Encode(reasonData)}, wantRevert: true, wantReason: "EIP3009Token: authorization is used", wantData: reasonData},
		{name: "custom error keeps raw data", in: rpcDataError{msg: "execution reverted", data: hexutil.Encode(custom)}, wantRevert: true, wantData: custom},
		{name: "message only", in: errors.New("execution reverted: EIP3009Token: authorization is expired"), wantRevert: true, wantReason: "EIP3009Token: authorization is expired"},
		{name: "bare revert message", in: errors.New("execution reverted"), wantRevert: true},
		{name: "transport error unchanged", in: plain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := asRevert(tt.in)
			var rev *RevertError
			if !errors.As(got, &rev) {
				if tt.wantRevert {
					t.Fatalf("asRevert(%v) = %v, want a *RevertError", tt.in, got)
				}
				if got != tt.in {
					t.Fatalf("asRevert changed a non-revert error: %v", got)
				}
				return
			}
			if !tt.wantRevert {
				t.Fatalf("asRevert(%v) = revert %v, want unchanged", tt.in, rev)
			}
			if rev.Reason != tt.wantReason {
				t.Errorf("Reason = %q, want %q", rev.Reason, tt.wantReason)
			}
			if !bytes.Equal(rev.Data, tt.wantData) {
				t.Errorf("Data = %x, want %x", rev.Data, tt.wantData)
			}
			if !errors.Is(got, tt.in) {
				t.Errorf("RevertError does not unwrap to the RPC error")
			}
		})
	}
}

func TestNormaliseV(t *testing.T) {
	tests := []struct {
		name string
		in   byte
		want byte
	}{
		{name: "0 becomes 27", in: 0, want: 27},
		{name: "1 becomes 28", in: 1, want: 28},
		{name: "27 kept", in: 27, want: 27},
		{name: "28 kept", in: 28, want: 28},
		{name: "other kept for the token to reject", in: 2, want: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := normaliseV(tt.in); got != tt.want {
				t.Errorf("normaliseV(%d) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}
