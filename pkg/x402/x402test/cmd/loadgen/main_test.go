package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

const payTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

func TestPercentile(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		out := make([]time.Duration, len(v))
		for i, x := range v {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = i + 1
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"empty", nil, 50, 0},
		{"single p50", ms(7), 50, 7 * time.Millisecond},
		{"single p99", ms(7), 99, 7 * time.Millisecond},
		{"even count p50 is the lower middle", ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{"odd count p50 is the middle", ms(1, 2, 3, 4, 5), 50, 3 * time.Millisecond},
		{"p99 of 1..100", ms(hundred...), 99, 99 * time.Millisecond},
		{"p100 is the max", ms(hundred...), 100, 100 * time.Millisecond},
		{"p99 of 10 is the max", ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 99, 10 * time.Millisecond},
		{"tiny p is the min", ms(1, 2, 3), 0.001, time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := percentile(tt.sorted, tt.p); got != tt.want {
				t.Fatalf("percentile(%v, %v) = %v, want %v", tt.sorted, tt.p, got, tt.want)
			}
		})
	}
}

func TestParseCPU(t *testing.T) {
	got := parseCPU("svc=12,facilitator=34")
	if len(got) != 2 || got["svc"] != 12 || got["facilitator"] != 34 {
		t.Fatalf("parseCPU = %v", got)
	}
	if got := parseCPU(""); got == nil || len(got) != 0 {
		t.Fatalf(`parseCPU("") = %v, want empty`, got)
	}
	if d, err := procCPU(os.Getpid()); err != nil || d < 0 {
		t.Fatalf("procCPU(self) = %v, %v", d, err)
	}
}

func requirement() x402.PaymentRequirements {
	a := x402.USDCBase()
	return x402.PaymentRequirements{
		Scheme: x402.SchemeExact, Network: a.Network, Amount: "100", Asset: a.Address, PayTo: payTo,
		MaxTimeoutSeconds: 300, Extra: map[string]any{"name": a.Name, "version": a.Version},
	}
}

func TestFacilitatorVerifiesSignatures(t *testing.T) {
	srv := httptest.NewServer(facilitatorHandler())
	defer srv.Close()
	fac, err := facilitator.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	req := requirement()
	ctx := context.Background()
	sign := func(t *testing.T) x402.PaymentPayload {
		p, err := client.SignExact(key, req, x402.PaymentRequired{X402Version: x402.Version, Accepts: []x402.PaymentRequirements{req}}, time.Now(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	t.Run("valid signature verifies and settles", func(t *testing.T) {
		p := sign(t)
		v, err := fac.Verify(ctx, p, req)
		if err != nil || !v.IsValid {
			t.Fatalf("Verify = %+v, %v; want valid", v, err)
		}
		s, err := fac.Settle(ctx, p, req)
		if err != nil || !s.Success || !strings.HasPrefix(s.Transaction, "0x") {
			t.Fatalf("Settle = %+v, %v; want success with a transaction", s, err)
		}
	})

	t.Run("bad signature is rejected", func(t *testing.T) {
		p := sign(t)
		ev, err := x402.ExactEVMPayloadOf(p)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := hexutil.Decode(ev.Signature)
		if err != nil {
			t.Fatal(err)
		}
		sig[10] ^= 0xff // still 65 well-formed bytes, but not the payer's signature
		ev.Signature = hexutil.Encode(sig)
		if p.Payload, err = json.Marshal(ev); err != nil {
			t.Fatal(err)
		}
		v, err := fac.Verify(ctx, p, req)
		if err != nil {
			t.Fatal(err)
		}
		if v.IsValid || v.InvalidReason == "" {
			t.Fatalf("Verify = %+v; want a rejection with a reason", v)
		}
		s, err := fac.Settle(ctx, p, req)
		if err != nil || s.Success {
			t.Fatalf("Settle = %+v, %v; want a failure", s, err)
		}
	})

	t.Run("authorization for another amount is rejected", func(t *testing.T) {
		p := sign(t)
		other := req
		other.Amount = "1000"
		if v, err := fac.Verify(ctx, p, other); err != nil || v.IsValid {
			t.Fatalf("Verify = %+v, %v; want a rejection", v, err)
		}
	})
}

// paidServer is an echox402-protected handler paid through the loadgen
// facilitator over HTTP, answering a cache HIT like the services do.
func paidServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv, _ := paidServerFac(t)
	return srv
}

// paidServerFac is paidServer and the base URL of its facilitator.
func paidServerFac(t *testing.T) (*httptest.Server, string) {
	t.Helper()
	facSrv := httptest.NewServer(facilitatorHandler())
	t.Cleanup(facSrv.Close)
	fac, err := facilitator.NewClient(facSrv.URL)
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	e.Use(echox402.WithConfig(echox402.Config{
		Routes:      map[string]echox402.Route{"GET /v1/paid": {Amount: "100"}},
		PayTo:       payTo,
		Facilitator: fac,
		Replay:      echox402.NewMemoryReplayStore(time.Now),
	}))
	e.GET("/v1/paid", func(c echo.Context) error {
		c.Response().Header().Set("X-Test-Cache", "HIT")
		return c.JSONBlob(http.StatusOK, []byte(`{"ok":true}`))
	})
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv, facSrv.URL
}

func runLoad(t *testing.T, args ...string) Report {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), args, &out, &errOut); err != nil {
		t.Fatalf("run %v: %v (%s)", args, err, errOut.String())
	}
	var rep Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("report %q: %v", out.String(), err)
	}
	return rep
}

func TestLoadPaysEveryRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("load run")
	}
	srv := paidServer(t)
	for _, presign := range []string{"0", "500"} {
		t.Run("presign="+presign, func(t *testing.T) {
			rep := runLoad(t, "-target", srv.URL+"/v1/paid", "-pay", "-presign", presign, "-concurrency", "2",
				"-warmup", "50ms", "-duration", "300ms", "-rss-pid", strconv.Itoa(os.Getpid()))
			if rep.Requests == 0 || rep.Errors != 0 || rep.Non2xx != 0 || rep.Hits != rep.Requests {
				t.Fatalf("report %+v: want only paid HITs", rep)
			}
			if _, ok := rep.CPUusPerReq["loadgen"]; rep.SignUs <= 0 || rep.P99ms < rep.P50ms || rep.MaxRSSKB <= 0 || !ok {
				t.Fatalf("report %+v: want sign cost, ordered percentiles, an RSS and loadgen's CPU", rep)
			}
		})
	}

	// Unpaid, the same route is a 402 every time.
	rep := runLoad(t, "-target", srv.URL+"/v1/paid", "-concurrency", "1", "-warmup", "0s", "-duration", "100ms")
	if rep.Requests == 0 || rep.Non2xx != rep.Requests || rep.Statuses["402"] != rep.Requests {
		t.Fatalf("unpaid report %+v: want only 402s", rep)
	}
}

func TestCaptureAndBareHandler(t *testing.T) {
	if testing.Short() {
		t.Skip("load run")
	}
	srv := paidServer(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "body.json")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"-capture", file, "-target", srv.URL + "/v1/paid", "-pay"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Status  int    `json:"status"`
		Cache   string `json:"cache"`
		Settled bool   `json:"settled"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Status != 200 || got.Cache != "HIT" || !got.Settled {
		t.Fatalf("capture printed %s (%v)", out.String(), err)
	}

	h, err := bareHandler(file, "application/json")
	if err != nil {
		t.Fatal(err)
	}
	bare := httptest.NewServer(h)
	defer bare.Close()
	resp, err := http.Get(bare.URL + "/anything")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want, _ := os.ReadFile(file)
	if resp.StatusCode != 200 || !bytes.Equal(body, want) || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("bare answered %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	rep := runLoad(t, "-target", bare.URL+"/x", "-concurrency", "2", "-warmup", "0s", "-duration", "200ms")
	if rep.Requests == 0 || rep.Non2xx != 0 || rep.Errors != 0 || rep.Hits != 0 {
		t.Fatalf("bare report %+v", rep)
	}
}

func TestParseRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-facilitator-listen", ":0", "-target", "http://x"},
		{"-bare-listen", ":0"},
		{"-target", "http://x", "-concurrency", "0"},
		{"-target", "http://x", "-presign", "-1"},
		{"-target", "http://x", "extra"},
		{"-target", "http://x", "-cpu", "svc"},
		{"-target", "http://x", "-cpu", "svc=0"},
		{"-target", "http://x", "-cpu", "=12"},
	} {
		if _, err := parse(args, io.Discard); err == nil {
			t.Errorf("parse(%q) = nil error", args)
		}
	}
}
