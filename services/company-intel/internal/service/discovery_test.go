package service_test

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestDiscoveryDocuments: /capabilities.json and /pricing.json are free,
// list exactly the served paid operations, and advertise what the 402
// challenge charges.
func TestDiscoveryDocuments(t *testing.T) {
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	get := func(path string, v any) {
		t.Helper()
		res, err := http.Get(h.base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get(x402.HeaderPaymentRequired) != "" {
			t.Fatalf("%s: %d %s", path, res.StatusCode, b)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	var caps discovery.Capabilities
	var pricing discovery.Pricing
	get("/capabilities.json", &caps)
	get("/pricing.json", &pricing)
	if caps.Service != "company-intel" || len(caps.Capabilities) != 1 || len(pricing.Operations) != 1 {
		t.Fatalf("capabilities %+v, pricing %+v", caps, pricing)
	}
	c, p := caps.Capabilities[0], pricing.Operations[0]
	if c.Path != pathSignals || c.Method != http.MethodPost || c.PriceAtomic != "50000" || c.PriceUSD != "0.05" ||
		c.Output.Ref != "/openapi.json#/components/schemas/SignalsResponse" || p.PriceAtomic != c.PriceAtomic || p.ID != c.ID {
		t.Fatalf("capability %+v, price %+v", c, p)
	}
	// The challenge charges the advertised amount to the advertised payee.
	res, _ := h.post(t, http.DefaultClient, pathSignals, `{"company":"northwind-robotics.com"}`)
	raw, err := base64.StdEncoding.DecodeString(res.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		t.Fatal(err)
	}
	var pr x402.PaymentRequired
	if err := json.Unmarshal(raw, &pr); err != nil {
		t.Fatal(err)
	}
	if len(pr.Accepts) != 1 || pr.Accepts[0].Amount != c.PriceAtomic || !strings.EqualFold(pr.Accepts[0].PayTo, pricing.PayTo) {
		t.Fatalf("challenge %+v, pricing pay_to %s", pr.Accepts, pricing.PayTo)
	}
}
