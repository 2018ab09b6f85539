package x402_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/x402"
)

func TestDecodePaymentPayload(t *testing.T) {
	valid := `{"x402Version":2,"accepted":{"scheme":"exact","network":"eip155:8453","amount":"1","asset":"0xa","payTo":"0xb","maxTimeoutSeconds":60},"payload":{"signature":"0x"}}`
	std := base64.StdEncoding.EncodeToString([]byte(valid))
	padded := valid
	for len(padded)%3 == 0 { // make sure the encoding ends in '='
		padded += " "
	}
	tests := []struct {
		name    string
		header  string
		wantErr error
	}{
		{name: "standard base64 with padding", header: std},
		{name: "surrounding spaces are trimmed", header: "  " + std + " "},
		{name: "empty", header: "", wantErr: x402.ErrMalformedHeader},
		{name: "base64url alphabet", header: strings.ReplaceAll(std, "/", "_") + "-", wantErr: x402.ErrMalformedHeader},
		{name: "padding stripped", header: strings.TrimRight(base64.StdEncoding.EncodeToString([]byte(padded)), "="), wantErr: x402.ErrMalformedHeader},
		{name: "three padding characters", header: std + "===", wantErr: x402.ErrMalformedHeader},
		{name: "invalid character", header: "eyJ4*", wantErr: x402.ErrMalformedHeader},
		{name: "not JSON", header: base64.StdEncoding.EncodeToString([]byte("hello")), wantErr: x402.ErrMalformedHeader},
		{name: "over the size cap", header: strings.Repeat("A", x402.MaxPaymentSignatureHeader+4), wantErr: x402.ErrMalformedHeader},
		{name: "x402 v1", header: base64.StdEncoding.EncodeToString([]byte(`{"x402Version":1,"scheme":"exact","network":"base"}`)), wantErr: x402.ErrUnsupportedVersion},
		{name: "version missing", header: base64.StdEncoding.EncodeToString([]byte(`{"accepted":{}}`)), wantErr: x402.ErrUnsupportedVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := x402.DecodePaymentPayload(tt.header)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				if p.Accepted.Network != x402.NetworkBase || p.X402Version != 2 {
					t.Fatalf("decoded %+v", p)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
		})
	}
}

func TestBase64URLErrorExplains(t *testing.T) {
	_, err := x402.DecodePaymentPayload("ab-_")
	if err == nil || !strings.Contains(err.Error(), "base64url is not accepted") {
		t.Fatalf("err = %v", err)
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	in := x402.PaymentRequired{X402Version: 2, Error: "Payment required",
		Resource: x402.ResourceInfo{URL: "https://api.example.com/v1/x?é=1"},
		Accepts:  []x402.PaymentRequirements{{Scheme: "exact", Network: x402.NetworkBase, Amount: "10000", Asset: x402.USDCBaseAddress, PayTo: "0x1", MaxTimeoutSeconds: 60}}}
	h, err := x402.EncodeHeader(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := x402.DecodePaymentRequired(h)
	if err != nil {
		t.Fatal(err)
	}
	if out.Resource.URL != in.Resource.URL || len(out.Accepts) != 1 || out.Accepts[0].Amount != "10000" {
		t.Fatalf("round trip = %+v", out)
	}
}

func TestSameTerms(t *testing.T) {
	base := x402.PaymentRequirements{Scheme: "exact", Network: x402.NetworkBase, Amount: "100", Asset: "0xAbC", PayTo: "0xDeF"}
	tests := []struct {
		name   string
		mutate func(*x402.PaymentRequirements)
		want   bool
	}{
		{"identical", func(*x402.PaymentRequirements) {}, true},
		{"address case differs", func(r *x402.PaymentRequirements) { r.Asset, r.PayTo = "0xabc", "0xdef" }, true},
		{"timeout and extra ignored", func(r *x402.PaymentRequirements) { r.MaxTimeoutSeconds = 9; r.Extra = map[string]any{"a": 1} }, true},
		{"amount differs", func(r *x402.PaymentRequirements) { r.Amount = "101" }, false},
		{"amount not a number", func(r *x402.PaymentRequirements) { r.Amount = "1e2" }, false},
		{"network differs", func(r *x402.PaymentRequirements) { r.Network = x402.NetworkBaseSepolia }, false},
		{"scheme differs", func(r *x402.PaymentRequirements) { r.Scheme = "upto" }, false},
		{"payTo differs", func(r *x402.PaymentRequirements) { r.PayTo = "0xdee" }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := base
			tt.mutate(&o)
			if got := x402.SameTerms(o, base); got != tt.want {
				t.Fatalf("SameTerms = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFacilitatorErrorIsUnavailable(t *testing.T) {
	inner := errors.New("connection refused")
	var err error = &x402.FacilitatorError{Op: "verify", Err: inner}
	if !errors.Is(err, x402.ErrFacilitatorUnavailable) || !errors.Is(err, inner) {
		t.Fatalf("errors.Is failed for %v", err)
	}
	if errors.Is(&x402.Rejection{Reason: "x"}, x402.ErrFacilitatorUnavailable) {
		t.Fatal("a rejection must not be a transport failure")
	}
}

func TestEVMChainID(t *testing.T) {
	tests := []struct {
		network string
		want    int64
		wantErr bool
	}{
		{x402.NetworkBase, 8453, false},
		{x402.NetworkBaseSepolia, 84532, false},
		{"base", 0, true},
		{"eip155:", 0, true},
		{"eip155:-1", 0, true},
		{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.network, func(t *testing.T) {
			got, err := x402.EVMChainID(tt.network)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if err == nil && got.Int64() != tt.want {
				t.Fatalf("got %v", got)
			}
		})
	}
}
