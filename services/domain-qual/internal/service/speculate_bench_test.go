package service_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// slowVerify adds a fixed delay to every verify, like a remote facilitator
// that simulates the transfer on chain.
type slowVerify struct {
	*x402test.CheckingFacilitator
	delay time.Duration
}

func (s slowVerify) Verify(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return x402.VerifyResponse{}, ctx.Err()
	}
	return s.CheckingFacilitator.Verify(ctx, p, r)
}

var benchRun atomic.Int32

// BenchmarkPaidAuditMiss is one paid dns-audit that misses every cache
// (a fresh domain per iteration, each served by the in-process DNS server
// at 20 ms per answer), through the whole service and a facilitator over
// HTTP whose verify takes verify_ms; settle is immediate. With speculation
// the audit starts while the facilitator verifies, but its DNS questions
// (none is cached: a fresh domain) wait for the verification (paygate), so
// a MISS takes about verify + audit + settle either way.
func BenchmarkPaidAuditMiss(b *testing.B) {
	for _, bc := range []struct {
		name        string
		verify      time.Duration
		speculation bool
	}{
		{"verify_0ms/sequential", 0, false},
		{"verify_100ms/sequential", 100 * time.Millisecond, false},
		{"verify_100ms/speculative", 100 * time.Millisecond, true},
	} {
		b.Run(bc.name, func(b *testing.B) { benchPaidAuditMiss(b, bc.verify, bc.speculation) })
	}
}

func benchPaidAuditMiss(b *testing.B, verify time.Duration, speculation bool) {
	const latency = 20 * time.Millisecond
	zone, err := os.ReadFile("testdata/tailwind-traders.com.zone")
	if err != nil {
		b.Fatal(err)
	}
	run := benchRun.Add(1)
	domains := make([]string, b.N)
	cfg := dnstest.Config{ZoneFiles: []string{"testdata/com.zone"}, Latency: latency}
	for i := range domains {
		domains[i] = fmt.Sprintf("r%di%d.com", run, i)
		cfg.Zones = append(cfg.Zones, strings.ReplaceAll(string(zone), "tailwind-traders.com", domains[i]))
		cfg.AuthenticData = append(cfg.AuthenticData, domains[i])
	}
	dns := dnstest.Start(b, cfg)
	fac := httptest.NewServer(facilitator.Handler(slowVerify{CheckingFacilitator: x402test.NewCheckingFacilitator(nil), delay: verify}, nil))
	b.Cleanup(fac.Close)
	base := apptest.Boot(b, service.Run, map[string]string{
		"DNS_RESOLVERS": dns.Addr(), "DNS_ATTEMPTS": "1", "X402_FACILITATOR_URL": fac.URL,
		"X402_SPECULATION": fmt.Sprint(speculation),
	})

	// Sign every payment before the clock starts.
	res, err := http.Get(base + httpapi.PathAudit + "?domain=" + domains[0])
	if err != nil {
		b.Fatal(err)
	}
	res.Body.Close()
	pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		b.Fatalf("challenge: %v (status %d)", err, res.StatusCode)
	}
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		b.Fatal(err)
	}
	headers := make([]string, b.N)
	for i := range headers {
		p, err := client.SignExact(key, pr.Accepts[0], pr, time.Now(), rand.Reader)
		if err != nil {
			b.Fatal(err)
		}
		if headers[i], err = x402.EncodeHeader(p); err != nil {
			b.Fatal(err)
		}
	}
	dns.ResetCounts()
	phases := map[string]float64{} // Server-Timing phase -> total ms
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req, err := http.NewRequest(http.MethodGet, base+httpapi.PathAudit+"?selector=s1&domain="+domains[i], nil)
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set(x402.HeaderPaymentSignature, headers[i])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("x-"+service.Name+"-cache") != "MISS" {
			b.Fatalf("status %d cache %q", res.StatusCode, res.Header.Get("x-"+service.Name+"-cache"))
		}
		for name, ms := range serverTiming(res.Header.Get("Server-Timing")) {
			phases[name] += ms
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(dns.Queries())/float64(b.N), "queries/op")
	b.ReportMetric(float64(verify.Milliseconds()), "verify_delay_ms")
	// The phases as the service reports them (Server-Timing), per request.
	for _, name := range []string{"verify", "work", "settle"} {
		b.ReportMetric(phases[name]/float64(b.N), name+"_ms")
	}
}

// serverTiming parses a Server-Timing header into phase -> milliseconds.
func serverTiming(h string) map[string]float64 {
	out := map[string]float64{}
	for _, e := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(e), ";")
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(p, "dur="); ok {
				if ms, err := strconv.ParseFloat(v, 64); err == nil {
					out[name] = ms
				}
			}
		}
	}
	return out
}
