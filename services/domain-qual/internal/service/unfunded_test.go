package service_test

import (
	"context"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// unfundedFacilitator answers every verify, after delay, as a facilitator
// does for a correctly signed payment from a wallet without the balance.
type unfundedFacilitator struct {
	*x402test.CheckingFacilitator
	delay    time.Duration
	refusals atomic.Int32
}

func (u *unfundedFacilitator) Verify(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	select {
	case <-time.After(u.delay):
	case <-ctx.Done():
		return x402.VerifyResponse{}, ctx.Err()
	}
	u.refusals.Add(1)
	return x402.VerifyResponse{IsValid: false, InvalidReason: x402.ReasonInsufficientBalance, InvalidMessage: "payer balance is below the amount"}, nil
}

// TestUnfundedPayerCausesNoOutboundRequests: with speculation on (the
// default), a correctly signed payment from a payer who cannot pay passes
// the local pre-check and the operation starts while the facilitator
// verifies, but no DNS question leaves the service and no website is
// fetched before verify refuses it. The same request paid by a funded payer
// does both (the counters can fail).
func TestUnfundedPayerCausesNoOutboundRequests(t *testing.T) {
	var siteHits atomic.Int32
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		siteHits.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<html><head><title>Fourth Coffee</title></head><body>Coffee</body></html>"))
	}))
	defer site.Close()
	_, port, _ := strings.Cut(site.Listener.Addr().String(), ":")
	dns := dnstest.Start(t, zoneConfig())

	boot := func(f x402.Facilitator) string {
		srv := httptest.NewServer(facilitator.Handler(f, nil))
		t.Cleanup(srv.Close)
		return apptest.Boot(t, service.Run, map[string]string{
			"DNS_RESOLVERS": dns.Addr(), "DNS_ATTEMPTS": "1", "DNS_QUERY_TIMEOUT": "500ms",
			"X402_FACILITATOR_URL": srv.URL,
			"FETCH_ALLOWLIST":      site.Listener.Addr().String(), "WEBSITE_HTTP_PORT": port, "WEBSITE_HTTPS_PORT": port,
		})
	}
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(10000))
	if err != nil {
		t.Fatal(err)
	}
	paid := &http.Client{Transport: tr}
	v := contracttest.New(t, openapi.DomainQual)
	call := func(t *testing.T, base, path, query string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, base+path+"?"+query, nil)
		res, err := paid.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		v.CheckResponse(t, req, res)
		return res
	}

	unfunded := &unfundedFacilitator{CheckingFacilitator: x402test.NewCheckingFacilitator(nil), delay: 300 * time.Millisecond}
	base := boot(unfunded)
	for _, op := range []struct{ path, query string }{
		{pathProfile, "domain=fourth-coffee.com"},
		{"/api/v1/domain/dns-audit", "domain=tailwind-traders.com"},
		{"/api/v1/domain/classify", "domain=wingtip-toys.net"},
	} {
		t.Run("unfunded "+op.path, func(t *testing.T) {
			queries, hits, refused := dns.Queries(), siteHits.Load(), unfunded.refusals.Load()
			res := call(t, base, op.path, op.query)
			if res.StatusCode != http.StatusPaymentRequired || unfunded.refusals.Load() != refused+1 {
				t.Fatalf("status %d, refusals %d: want the payment refused by verify", res.StatusCode, unfunded.refusals.Load()-refused)
			}
			if q, h := dns.Queries()-queries, siteHits.Load()-hits; q != 0 || h != 0 {
				t.Fatalf("an unfunded payer caused %d DNS queries and %d website fetches", q, h)
			}
		})
	}

	t.Run("funded full-profile reaches out", func(t *testing.T) {
		funded := boot(x402test.NewCheckingFacilitator(nil))
		queries, hits := dns.Queries(), siteHits.Load()
		if res := call(t, funded, pathProfile, "domain=fourth-coffee.com"); res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		if dns.Queries() == queries || siteHits.Load() == hits {
			t.Fatalf("a paid profile made %d DNS queries and %d fetches: the counters see nothing", dns.Queries()-queries, siteHits.Load()-hits)
		}
	})
}
