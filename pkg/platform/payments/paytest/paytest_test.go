package paytest_test

import (
	"crypto/rand"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// signedHeader returns a PAYMENT-SIGNATURE of the payer dev key, with
// edit applied to its exact-EVM payload before encoding.
func signedHeader(t *testing.T, edit func(e *x402.ExactEVMPayload)) (string, common.Address) {
	t.Helper()
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	req := x402.PaymentRequirements{Scheme: "exact", Network: x402.NetworkBase, Amount: "50000",
		Asset: x402test.USDCAddress().Hex(), PayTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", MaxTimeoutSeconds: 60,
		Extra: map[string]any{"name": "USD Coin", "version": "2"}}
	p, err := client.SignExact(key, req, x402.PaymentRequired{X402Version: 2, Accepts: []x402.PaymentRequirements{req}}, time.Now(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	e, err := x402.ExactEVMPayloadOf(p)
	if err != nil {
		t.Fatal(err)
	}
	edit(&e)
	if p.Payload, err = json.Marshal(e); err != nil {
		t.Fatal(err)
	}
	h, err := x402.EncodeHeader(p)
	if err != nil {
		t.Fatal(err)
	}
	return h, crypto.PubkeyToAddress(key.PublicKey)
}

func TestAuthorization(t *testing.T) {
	setNonce := func(n string) func(*x402.ExactEVMPayload) {
		return func(e *x402.ExactEVMPayload) { e.Authorization.Nonce = n }
	}
	tests := []struct {
		name    string
		edit    func(*x402.ExactEVMPayload)
		raw     string // used instead of a signed header when set
		wantErr string
	}{
		{"signed exact payment", func(*x402.ExactEVMPayload) {}, "", ""},
		{"value not an integer", func(e *x402.ExactEVMPayload) { e.Authorization.Value = "1.5" }, "", "authorization integer"},
		{"signature not hex", func(e *x402.ExactEVMPayload) { e.Signature = "sig" }, "", "signature"},
		{"not base64 JSON", nil, "%%%", "PAYMENT-SIGNATURE"},
		{"short nonce", setNonce("0x1234"), "", "want 32"},
		{"nonce not hex", setNonce("nonce"), "", "nonce"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header, payer := tt.raw, common.Address{}
			if tt.edit != nil {
				header, payer = signedHeader(t, tt.edit)
			}
			from, nonce, err := paytest.Authorization(header)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one about %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if from != payer || nonce == ([32]byte{}) {
				t.Errorf("from %s nonce %x, want payer %s and a nonce", from.Hex(), nonce, payer.Hex())
			}
		})
	}
}

func TestBalancesMoved(t *testing.T) {
	tests := []struct {
		name                  string
		before, after         paytest.Balances
		wantPaid, wantReceive int64
	}{
		{"payment", paytest.Balances{Payer: big.NewInt(100), Payee: big.NewInt(5)}, paytest.Balances{Payer: big.NewInt(70), Payee: big.NewInt(35)}, 30, 30},
		{"nothing", paytest.Balances{Payer: big.NewInt(100), Payee: big.NewInt(5)}, paytest.Balances{Payer: big.NewInt(100), Payee: big.NewInt(5)}, 0, 0},
		{"payee received from elsewhere", paytest.Balances{Payer: big.NewInt(100), Payee: big.NewInt(5)}, paytest.Balances{Payer: big.NewInt(100), Payee: big.NewInt(9)}, 0, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paid, received := tt.before.Moved(tt.after)
			if paid.Int64() != tt.wantPaid || received.Int64() != tt.wantReceive {
				t.Errorf("paid %s received %s, want %d and %d", paid, received, tt.wantPaid, tt.wantReceive)
			}
		})
	}
}

func TestPricesFromDoc(t *testing.T) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		paths   []string
		wantErr bool
	}{
		{"paid operations", []string{"/v1/company/signals", "/v1/company/deal-brief", "/v1/company/deal-brief/deep"}, false},
		{"unknown path", []string{"/v1/nope"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prices, err := paytest.PricesFromDoc(doc, tt.paths...)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("prices %+v, want an error", prices)
				}
				return
			}
			if err != nil || len(prices) != len(tt.paths) {
				t.Fatalf("prices %+v, %v", prices, err)
			}
			for i, p := range prices {
				if p.Path != tt.paths[i] || p.Method != "POST" || p.Atomic == "" {
					t.Errorf("price %d = %+v", i, p)
				}
				if _, ok := x402.ParseAtomic(p.Atomic); !ok {
					t.Errorf("price %d atomic %q", i, p.Atomic)
				}
			}
		})
	}
}
