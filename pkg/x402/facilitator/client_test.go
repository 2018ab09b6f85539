package facilitator_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
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

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

func samplePayload() (x402.PaymentPayload, x402.PaymentRequirements) {
	req := x402.PaymentRequirements{Scheme: "exact", Network: x402.NetworkBase, Amount: "10000",
		Asset: x402.USDCBaseAddress, PayTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", MaxTimeoutSeconds: 60,
		Extra: map[string]any{"name": "USD Coin", "version": "2"}}
	return x402.PaymentPayload{X402Version: 2, Accepted: req, Payload: json.RawMessage(`{"signature":"0x01"}`)}, req
}

// respond returns a server answering every request with status and body,
// counting calls and recording the last request body.
func respond(t *testing.T, status int, body string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func newClient(t *testing.T, url string, opts ...facilitator.Option) *facilitator.Client {
	t.Helper()
	c, err := facilitator.NewClient(url, append([]facilitator.Option{facilitator.WithRetryBackoff(0, 0)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestClientVerifyRequestShape(t *testing.T) {
	var got struct {
		method, path string
		body         map[string]json.RawMessage
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.method, got.path = r.Method, r.URL.Path
		_ = json.NewDecoder(r.Body).Decode(&got.body)
		_, _ = io.WriteString(w, `{"isValid":true,"payer":"0xabc"}`)
	}))
	defer srv.Close()
	p, req := samplePayload()
	resp, err := newClient(t, srv.URL+"/facilitator/").Verify(context.Background(), p, req)
	if err != nil {
		t.Fatal(err)
	}
	if !resp.IsValid || resp.Payer != "0xabc" {
		t.Fatalf("resp = %+v", resp)
	}
	if got.method != http.MethodPost || got.path != "/facilitator/verify" {
		t.Fatalf("%s %s", got.method, got.path)
	}
	if string(got.body["x402Version"]) != "2" || got.body["paymentPayload"] == nil || got.body["paymentRequirements"] == nil {
		t.Fatalf("body = %v", got.body)
	}
}

func TestClientVerifyParsing(t *testing.T) {
	tests := []struct {
		name        string
		status      int
		body        string
		wantValid   bool
		wantReason  string
		unavailable bool
	}{
		{name: "200 valid", status: 200, body: `{"isValid":true}`, wantValid: true},
		{name: "200 isValid false is a rejection", status: 200, body: `{"isValid":false,"invalidReason":"insufficient_funds"}`, wantReason: "insufficient_funds"},
		{name: "400 structured is a rejection", status: 400, body: `{"isValid":false,"invalidReason":"invalid_exact_evm_signature"}`, wantReason: "invalid_exact_evm_signature"},
		{name: "non-200 with only invalidReason is a rejection", status: 402, body: `{"invalidReason":"invalid_network"}`, wantReason: "invalid_network"},
		{name: "500 error body is transport", status: 500, body: `{"error":"boom"}`, unavailable: true},
		{name: "200 without isValid is transport", status: 200, body: `{"ok":true}`, unavailable: true},
		{name: "200 html is transport", status: 200, body: `<html>`, unavailable: true},
		{name: "502 empty is transport", status: 502, body: ``, unavailable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, calls := respond(t, tt.status, tt.body)
			p, req := samplePayload()
			resp, err := newClient(t, srv.URL).Verify(context.Background(), p, req)
			if calls.Load() != 1 {
				t.Fatalf("verify was sent %d times, want exactly 1 (never retried)", calls.Load())
			}
			if tt.unavailable {
				if !errors.Is(err, x402.ErrFacilitatorUnavailable) {
					t.Fatalf("err = %v, want unavailable", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.IsValid != tt.wantValid || resp.InvalidReason != tt.wantReason {
				t.Fatalf("resp = %+v", resp)
			}
		})
	}
}

func TestClientSettleParsing(t *testing.T) {
	tests := []struct {
		name        string
		status      int
		body        string
		wantSuccess bool
		wantReason  string
		unavailable bool
	}{
		{name: "200 success", status: 200, body: `{"success":true,"transaction":"0x12","network":"eip155:8453"}`, wantSuccess: true},
		{name: "200 failure is a rejection", status: 200, body: `{"success":false,"errorReason":"insufficient_funds","transaction":"","network":"eip155:8453"}`, wantReason: "insufficient_funds"},
		{name: "500 structured failure is a rejection", status: 500, body: `{"success":false,"errorReason":"invalid_exact_evm_transaction_failed","transaction":"0x1","network":"eip155:8453"}`, wantReason: "invalid_exact_evm_transaction_failed"},
		// A remote facilitator's non-terminal outcome (x402 SDKs >= 2.23, CDP): the middleware settles again.
		{name: "settlement pending with its transaction", status: 200, body: `{"success":false,"errorReason":"settlement_pending","transaction":"0xabc","network":"eip155:8453"}`, wantReason: x402.ReasonSettlementPending},
		{name: "200 success without transaction field is transport", status: 200, body: `{"success":true,"network":"eip155:8453"}`, unavailable: true},
		{name: "200 success with empty transaction is transport", status: 200, body: `{"success":true,"transaction":"","network":"eip155:8453"}`, unavailable: true},
		{name: "503 text is transport", status: 503, body: `upstream down`, unavailable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, calls := respond(t, tt.status, tt.body)
			p, req := samplePayload()
			resp, err := newClient(t, srv.URL).Settle(context.Background(), p, req)
			if calls.Load() != 1 {
				t.Fatalf("settle was sent %d times, want exactly 1", calls.Load())
			}
			if tt.unavailable {
				if !errors.Is(err, x402.ErrFacilitatorUnavailable) {
					t.Fatalf("err = %v, want unavailable", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.Success != tt.wantSuccess || resp.ErrorReason != tt.wantReason {
				t.Fatalf("resp = %+v", resp)
			}
		})
	}
}

func TestClientUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	p, req := samplePayload()
	_, err := newClient(t, url).Verify(context.Background(), p, req)
	if !errors.Is(err, x402.ErrFacilitatorUnavailable) {
		t.Fatalf("err = %v", err)
	}
}

func TestClientTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	p, req := samplePayload()
	_, err := newClient(t, srv.URL, facilitator.WithTimeout(20*time.Millisecond)).Verify(context.Background(), p, req)
	if !errors.Is(err, x402.ErrFacilitatorUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
}

func TestClientSupportedRetries(t *testing.T) {
	tests := []struct {
		name      string
		statuses  []int
		wantCalls int32
		wantErr   bool
	}{
		{name: "429 then 503 then 200", statuses: []int{429, 503, 200}, wantCalls: 3},
		{name: "first try", statuses: []int{200}, wantCalls: 1},
		{name: "400 is not retried", statuses: []int{400}, wantCalls: 1, wantErr: true},
		{name: "gives up after three attempts", statuses: []int{500, 500, 500, 200}, wantCalls: 3, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := calls.Add(1)
				if r.Method != http.MethodGet || r.URL.Path != "/supported" {
					t.Errorf("%s %s", r.Method, r.URL.Path)
				}
				w.WriteHeader(tt.statuses[n-1])
				_, _ = io.WriteString(w, `{"kinds":[{"x402Version":2,"scheme":"exact","network":"eip155:8453"}]}`)
			}))
			defer srv.Close()
			s, err := newClient(t, srv.URL).Supported(context.Background())
			if calls.Load() != tt.wantCalls {
				t.Fatalf("calls = %d, want %d", calls.Load(), tt.wantCalls)
			}
			if tt.wantErr {
				if !errors.Is(err, x402.ErrFacilitatorUnavailable) {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil || len(s.Kinds) != 1 || s.Kinds[0].Network != x402.NetworkBase {
				t.Fatalf("s = %+v err = %v", s, err)
			}
		})
	}
}

func TestBearerToken(t *testing.T) {
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		_, _ = io.WriteString(w, `{"kinds":[]}`)
	}))
	defer srv.Close()
	c := newClient(t, srv.URL, facilitator.WithAuthenticator(facilitator.BearerToken("s3cret")))
	if _, err := c.Supported(context.Background()); err != nil {
		t.Fatal(err)
	}
	if auth != "Bearer s3cret" {
		t.Fatalf("Authorization = %q", auth)
	}
}

func TestCDPJWT(t *testing.T) {
	edPub, edKey, _ := ed25519.GenerateKey(rand.Reader)
	ecKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	now := time.Unix(1_800_000_000, 0)
	tests := []struct {
		name   string
		key    crypto.Signer
		alg    string
		verify func(msg, sig []byte) bool
	}{
		{name: "Ed25519", key: edKey, alg: "EdDSA", verify: func(msg, sig []byte) bool { return ed25519.Verify(edPub, msg, sig) }},
		{name: "ES256", key: ecKey, alg: "ES256", verify: func(msg, sig []byte) bool {
			if len(sig) != 64 {
				return false
			}
			sum := sha256.Sum256(msg)
			return ecdsa.Verify(&ecKey.PublicKey, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:]))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tokens []string
			var hosts []string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				tokens = append(tokens, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
				hosts = append(hosts, r.Method+" "+r.Host+r.URL.Path)
				_, _ = io.WriteString(w, `{"isValid":true}`)
			}))
			defer srv.Close()
			signer, err := facilitator.NewCDPAuth("organizations/o/apiKeys/k", tt.key, func() time.Time { return now })
			if err != nil {
				t.Fatal(err)
			}
			c := newClient(t, srv.URL+"/platform/v2/x402", facilitator.WithAuthenticator(signer))
			p, req := samplePayload()
			for range 2 {
				if _, err := c.Verify(context.Background(), p, req); err != nil {
					t.Fatal(err)
				}
			}
			var nonces []string
			for i, tok := range tokens {
				parts := strings.Split(tok, ".")
				if len(parts) != 3 {
					t.Fatalf("token %q", tok)
				}
				sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
				if !tt.verify([]byte(parts[0]+"."+parts[1]), sig) {
					t.Fatal("JWT signature does not verify with the public key")
				}
				var h facilitator.CDPHeader
				var cl facilitator.CDPClaims
				hb, _ := base64.RawURLEncoding.DecodeString(parts[0])
				cb, _ := base64.RawURLEncoding.DecodeString(parts[1])
				if err := json.Unmarshal(hb, &h); err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(cb, &cl); err != nil {
					t.Fatal(err)
				}
				if h.Algorithm != tt.alg || h.KeyID != "organizations/o/apiKeys/k" || len(h.Nonce) != 32 {
					t.Fatalf("header = %+v", h)
				}
				nonces = append(nonces, h.Nonce)
				if cl.Issuer != "cdp" || cl.Subject != "organizations/o/apiKeys/k" || cl.NotBefore != now.Unix() || cl.Expires != now.Unix()+120 {
					t.Fatalf("claims = %+v", cl)
				}
				if len(cl.URIs) != 1 || cl.URIs[0] != hosts[i] || !strings.HasSuffix(cl.URIs[0], "/platform/v2/x402/verify") || !strings.HasPrefix(cl.URIs[0], "POST 127.0.0.1:") {
					t.Fatalf("uris = %v, request was %s", cl.URIs, hosts[i])
				}
			}
			if nonces[0] == nonces[1] {
				t.Fatal("nonce reused across requests")
			}
		})
	}
}

func TestParseCDPSecret(t *testing.T) {
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	k, err := facilitator.ParseCDPSecret(base64.StdEncoding.EncodeToString(edKey))
	if err != nil {
		t.Fatal(err)
	}
	if !edKey.Equal(k) {
		t.Fatal("parsed Ed25519 key differs")
	}
	if _, err := facilitator.ParseCDPSecret("not a key"); err == nil {
		t.Fatal("want error")
	}
}
