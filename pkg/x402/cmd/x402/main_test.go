package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/exact"
)

const payerKeyHex = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" // anvil account 1

func envMap(m map[string]string) lookupEnv {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestParseUSDC(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr bool
	}{
		{in: "0.10", want: "100000"},
		{in: "0.75", want: "750000"},
		{in: "1", want: "1000000"},
		{in: ".5", want: "500000"},
		{in: "12.000001", want: "12000001"},
		{in: "0", want: "0"},
		{in: "0.0000001", wantErr: true},
		{in: "-1", wantErr: true},
		{in: "1e3", wantErr: true},
		{in: "", wantErr: true},
		{in: ".", wantErr: true},
		{in: "1.2.3", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseUSDC(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if err == nil && got.String() != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestParsePayArgs(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    payArgs
		wantErr bool
	}{
		{name: "flags around positionals", args: []string{"--max", "0.75", "post", "https://api.example.com/v1/x", "-d", "{}", "-H", "A: b", "-H", "C: d", "-D", "h.txt"},
			want: payArgs{max: "0.75", data: "{}", hasData: true, headers: headerFlags{"A: b", "C: d"}, dumpHeader: "h.txt", method: "POST", url: "https://api.example.com/v1/x"}},
		{name: "defaults", args: []string{"GET", "http://127.0.0.1:1/x"},
			want: payArgs{max: "0.10", method: "GET", url: "http://127.0.0.1:1/x"}},
		{name: "missing URL", args: []string{"GET"}, wantErr: true},
		{name: "relative URL", args: []string{"GET", "/x"}, wantErr: true},
		{name: "unknown flag", args: []string{"--maximum", "1", "GET", "http://x/"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parsePayArgs(tt.args)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if err != nil {
				return
			}
			if got.max != tt.want.max || got.data != tt.want.data || got.hasData != tt.want.hasData || got.method != tt.want.method || got.dumpHeader != tt.want.dumpHeader ||
				got.url != tt.want.url || strings.Join(got.headers, "|") != strings.Join(tt.want.headers, "|") {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestLoadKey(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "key")
	if err := os.WriteFile(file, []byte("0x"+payerKeyHex+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		env     map[string]string
		wantErr bool
	}{
		{name: "inline hex", env: map[string]string{"K": payerKeyHex}},
		{name: "file with 0x and newline", env: map[string]string{"K_FILE": file}},
		{name: "both set", env: map[string]string{"K": payerKeyHex, "K_FILE": file}, wantErr: true},
		{name: "neither set", env: map[string]string{}, wantErr: true},
		{name: "not hex", env: map[string]string{"K": "zz" + payerKeyHex[2:]}, wantErr: true},
		{name: "missing file", env: map[string]string{"K_FILE": filepath.Join(dir, "nope")}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := loadKey(envMap(tt.env), "K")
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if err != nil && strings.Contains(err.Error(), payerKeyHex[2:]) {
				t.Fatal("error message leaks the key")
			}
			if err == nil && k == nil {
				t.Fatal("nil key")
			}
		})
	}
}

// paywall challenges, then accepts payments that pass the pure checks.
func paywall(t *testing.T, amount string) *httptest.Server {
	t.Helper()
	req := x402.PaymentRequirements{Scheme: "exact", Network: x402.NetworkBase, Amount: amount, Asset: x402.USDCBaseAddress,
		PayTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", MaxTimeoutSeconds: 60, Extra: map[string]any{"name": "USD Coin", "version": "2"}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Get(x402.HeaderPaymentSignature)
		if h == "" {
			enc, _ := x402.EncodeHeader(x402.PaymentRequired{X402Version: 2, Accepts: []x402.PaymentRequirements{req}})
			w.Header().Set(x402.HeaderPaymentRequired, enc)
			w.WriteHeader(http.StatusPaymentRequired)
			return
		}
		p, err := x402.DecodePaymentPayload(h)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		c, err := exact.Verify(p, req, time.Now())
		if err != nil {
			http.Error(w, err.Error(), http.StatusPaymentRequired)
			return
		}
		body, _ := io.ReadAll(r.Body)
		sr, _ := x402.EncodeHeader(x402.SettleResponse{Success: true, Transaction: "0xfeed", Network: req.Network, Payer: c.Payer.Hex(), Amount: amount})
		w.Header().Set(x402.HeaderPaymentResponse, sr)
		_, _ = io.WriteString(w, r.Header.Get("X-Test")+":"+string(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestPayCommand(t *testing.T) {
	srv := paywall(t, "250000")
	tests := []struct {
		name       string
		args       []string
		env        map[string]string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{name: "pays and prints body and settlement",
			args: []string{"pay", "--max", "0.25", "POST", srv.URL + "/v1/x", "-d", `{"a":1}`, "-H", "X-Test: hi"},
			env:  map[string]string{"X402_PRIVATE_KEY": payerKeyHex}, wantCode: 0,
			wantStdout: `hi:{"a":1}`, wantStderr: "tx=0xfeed payer=0x70997970C51812dc3A010C7d01b50e0d17dc79C8"},
		{name: "refuses a price above --max", args: []string{"pay", "GET", srv.URL + "/v1/x"},
			env: map[string]string{"X402_PRIVATE_KEY": payerKeyHex}, wantCode: 1, wantStderr: "exceeds the maximum"},
		{name: "no key", args: []string{"pay", "GET", srv.URL + "/v1/x"}, env: map[string]string{}, wantCode: 1,
			wantStderr: "X402_PRIVATE_KEY or X402_PRIVATE_KEY_FILE must be set"},
		{name: "usage error", args: []string{"pay", "GET"}, env: map[string]string{}, wantCode: 2, wantStderr: "usage"},
		{name: "unknown command", args: []string{"fly"}, env: map[string]string{}, wantCode: 2, wantStderr: "unknown command"},
		{name: "facilitator without RPC URL", args: []string{"facilitator"}, env: map[string]string{}, wantCode: 1, wantStderr: "X402_RPC_URL must be set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tt.args, envMap(tt.env), &stdout, &stderr)
			if code != tt.wantCode || stdout.String() != tt.wantStdout || !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Fatalf("code %d stdout %q stderr %q", code, stdout.String(), stderr.String())
			}
			if strings.Contains(stderr.String(), payerKeyHex) {
				t.Fatal("stderr leaks the key")
			}
		})
	}
}

func TestPayDumpsHeaders(t *testing.T) {
	srv := paywall(t, "250000")
	env := envMap(map[string]string{"X402_PRIVATE_KEY": payerKeyHex})
	file := filepath.Join(t.TempDir(), "headers")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"pay", "--max", "0.25", "-D", file, "GET", srv.URL + "/v1/x"}, env, &stdout, &stderr); code != 0 {
		t.Fatalf("code %d stderr %q", code, stderr.String())
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	if !strings.HasPrefix(got, "HTTP/1.1 200 OK\r\n") || !strings.Contains(got, "\r\nPayment-Response: ") || !strings.HasSuffix(got, "\r\n\r\n") {
		t.Fatalf("headers file:\n%s", got)
	}
	if stdout.String() != ":" {
		t.Fatalf("stdout %q: the headers must not reach the body", stdout.String())
	}

	stderr.Reset()
	stdout.Reset()
	if code := run(context.Background(), []string{"pay", "--max", "0.25", "-D", "-", "GET", srv.URL + "/v1/x"}, env, &stdout, &stderr); code != 0 ||
		!strings.Contains(stderr.String(), "HTTP/1.1 200 OK\r\n") {
		t.Fatalf("-D -: code %d stderr %q", code, stderr.String())
	}
}
