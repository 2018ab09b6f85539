package client_test

import (
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/exact"
)

const anvilKey = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

var now = time.Unix(1_800_000_000, 0)

func offer(amount string) x402.PaymentRequirements {
	return x402.PaymentRequirements{Scheme: "exact", Network: x402.NetworkBase, Amount: amount, Asset: x402.USDCBaseAddress,
		PayTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", MaxTimeoutSeconds: 120,
		Extra: map[string]any{"name": "USD Coin", "version": "2"}}
}

// paywall is a server that challenges with accepts, verifies payments with
// the pure exact checks, and records what it saw.
type paywall struct {
	accepts  []x402.PaymentRequirements
	always   bool // answer 402 even when paid
	requests atomic.Int32
	bodies   []string
	payload  x402.PaymentPayload
}

func (p *paywall) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.requests.Add(1)
	b, _ := io.ReadAll(r.Body)
	p.bodies = append(p.bodies, string(b))
	challenge := x402.PaymentRequired{X402Version: 2, Resource: x402.ResourceInfo{URL: "http://" + r.Host + r.URL.Path},
		Accepts: p.accepts, Extensions: map[string]json.RawMessage{"bazaar": json.RawMessage(`{"info":{"k":1},"schema":{}}`)}}
	h := r.Header.Get(x402.HeaderPaymentSignature)
	if h == "" || p.always {
		enc, _ := x402.EncodeHeader(challenge)
		w.Header().Set(x402.HeaderPaymentRequired, enc)
		w.WriteHeader(http.StatusPaymentRequired)
		return
	}
	payload, err := x402.DecodePaymentPayload(h)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.payload = payload
	req, ok := x402.FindAccepted(payload.Accepted, p.accepts)
	if !ok {
		http.Error(w, "no match", http.StatusPaymentRequired)
		return
	}
	c, err := exact.Verify(payload, req, now)
	if err != nil {
		http.Error(w, err.Error(), http.StatusPaymentRequired)
		return
	}
	sr, _ := x402.EncodeHeader(x402.SettleResponse{Success: true, Transaction: "0xabc", Network: req.Network, Payer: c.Payer.Hex()})
	w.Header().Set(x402.HeaderPaymentResponse, sr)
	_, _ = io.WriteString(w, "paid:"+string(b))
}

func newTransport(t *testing.T, max int64) *client.Transport {
	t.Helper()
	key, _ := crypto.HexToECDSA(anvilKey)
	tr, err := client.NewTransport(key, big.NewInt(max), client.WithClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestTransportPaysAndReplaysBody(t *testing.T) {
	pw := &paywall{accepts: []x402.PaymentRequirements{offer("250000"), offer("100000")}}
	srv := httptest.NewServer(pw)
	defer srv.Close()
	hc := &http.Client{Transport: newTransport(t, 250000)}
	resp, err := hc.Post(srv.URL+"/v1/brief", "application/json", strings.NewReader(`{"domain":"example.com"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || string(body) != `paid:{"domain":"example.com"}` {
		t.Fatalf("status %d body %s", resp.StatusCode, body)
	}
	if pw.requests.Load() != 2 || pw.bodies[0] != pw.bodies[1] {
		t.Fatalf("requests %d bodies %q", pw.requests.Load(), pw.bodies)
	}
	s, err := client.Settlement(resp)
	if err != nil || !s.Success || s.Transaction != "0xabc" || !strings.EqualFold(s.Payer, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266") {
		t.Fatalf("settlement %+v err %v", s, err)
	}
	// The cheapest acceptable offer was chosen, and the challenge's
	// extensions and resource were echoed.
	if pw.payload.Accepted.Amount != "100000" || string(pw.payload.Extensions["bazaar"]) != `{"info":{"k":1},"schema":{}}` || pw.payload.Resource == nil {
		t.Fatalf("payload = %+v", pw.payload)
	}
	var e x402.ExactEVMPayload
	_ = json.Unmarshal(pw.payload.Payload, &e)
	if e.Authorization.ValidAfter != "1799999400" || e.Authorization.ValidBefore != "1800000120" || len(e.Authorization.Nonce) != 66 {
		t.Fatalf("authorization = %+v", e.Authorization)
	}
}

func TestTransportRefusals(t *testing.T) {
	sepolia := offer("1000")
	sepolia.Network, sepolia.Asset = x402.NetworkBaseSepolia, x402.USDCBaseSepoliaAddress // domain name stays "USD Coin": wrong for Sepolia
	permit2 := offer("1000")
	permit2.Extra["assetTransferMethod"] = "permit2"
	tests := []struct {
		name    string
		accepts []x402.PaymentRequirements
		max     int64
		check   func(error) bool
	}{
		{name: "price above maximum", accepts: []x402.PaymentRequirements{offer("750000")}, max: 500000, check: func(err error) bool {
			var tooHigh *client.AmountTooHighError
			return errors.As(err, &tooHigh) && tooHigh.Amount.Int64() == 750000 && tooHigh.Max.Int64() == 500000
		}},
		{name: "unknown scheme", accepts: []x402.PaymentRequirements{func() x402.PaymentRequirements { r := offer("1"); r.Scheme = "upto"; return r }()}, max: 10,
			check: func(err error) bool { return errors.Is(err, client.ErrNoAcceptableRequirement) }},
		{name: "domain does not match the known asset", accepts: []x402.PaymentRequirements{sepolia}, max: 1_000_000,
			check: func(err error) bool { return errors.Is(err, client.ErrNoAcceptableRequirement) }},
		{name: "permit2 transfer method", accepts: []x402.PaymentRequirements{permit2}, max: 1_000_000,
			check: func(err error) bool { return errors.Is(err, client.ErrNoAcceptableRequirement) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pw := &paywall{accepts: tt.accepts}
			srv := httptest.NewServer(pw)
			defer srv.Close()
			_, err := (&http.Client{Transport: newTransport(t, tt.max)}).Get(srv.URL)
			if !tt.check(err) {
				t.Fatalf("err = %v", err)
			}
			if pw.requests.Load() != 1 {
				t.Fatalf("requests = %d, want 1 (nothing paid)", pw.requests.Load())
			}
		})
	}
}

func TestTransportRetriesOnlyOnce(t *testing.T) {
	pw := &paywall{accepts: []x402.PaymentRequirements{offer("1")}, always: true}
	srv := httptest.NewServer(pw)
	defer srv.Close()
	resp, err := (&http.Client{Transport: newTransport(t, 10)}).Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusPaymentRequired || pw.requests.Load() != 2 {
		t.Fatalf("status %d requests %d", resp.StatusCode, pw.requests.Load())
	}
	if _, err := client.Settlement(resp); !errors.Is(err, client.ErrNoSettlement) {
		t.Fatalf("err = %v", err)
	}
}

func TestTransportPassesThroughUnpaid(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		if r.URL.Path == "/legacy" {
			w.WriteHeader(http.StatusPaymentRequired) // v1 style: no PAYMENT-REQUIRED header
			return
		}
		_, _ = io.WriteString(w, "free")
	}))
	defer srv.Close()
	hc := &http.Client{Transport: newTransport(t, 10)}
	for _, path := range []string{"/free", "/legacy"} {
		resp, err := hc.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if n.Load() != 2 {
		t.Fatalf("requests = %d, want 2", n.Load())
	}
}
