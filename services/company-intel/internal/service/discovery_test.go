package service_test

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
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
	want := []struct{ id, path, atomic, usd, output string }{
		{"company_signals", pathSignals, "50000", "0.05", "SignalsResponse"},
		{"company_deal_brief", pathBrief, "250000", "0.25", "DealBriefResponse"},
		{"company_deal_brief_deep", pathDeep, "750000", "0.75", "DeepBriefResponse"},
	}
	if caps.Service != "company-intel" || len(caps.Capabilities) != len(want) || len(pricing.Operations) != len(want) {
		t.Fatalf("capabilities %+v, pricing %+v", caps, pricing)
	}
	for i, w := range want {
		c, p := caps.Capabilities[i], pricing.Operations[i]
		if c.ID != w.id || c.Path != w.path || c.Method != http.MethodPost || c.PriceAtomic != w.atomic || c.PriceUSD != w.usd ||
			c.Output.Ref != "/openapi.json#/components/schemas/"+w.output || p.PriceAtomic != c.PriceAtomic || p.ID != c.ID || p.Path != c.Path {
			t.Fatalf("capability %+v, price %+v, want %+v", c, p, w)
		}
		// The challenge charges the advertised amount to the advertised payee.
		body := `{"company":"northwind-robotics.com","seller":{"product":"Fleet analytics"}}`
		if w.path == pathSignals {
			body = `{"company":"northwind-robotics.com"}`
		}
		res, _ := h.post(t, http.DefaultClient, w.path, body)
		raw, err := base64.StdEncoding.DecodeString(res.Header.Get(x402.HeaderPaymentRequired))
		if err != nil {
			t.Fatal(err)
		}
		var pr x402.PaymentRequired
		if err := json.Unmarshal(raw, &pr); err != nil {
			t.Fatal(err)
		}
		if len(pr.Accepts) != 1 || pr.Accepts[0].Amount != c.PriceAtomic || !strings.EqualFold(pr.Accepts[0].PayTo, pricing.PayTo) {
			t.Fatalf("%s: challenge %+v, pricing pay_to %s", w.path, pr.Accepts, pricing.PayTo)
		}
		// nginx's default header buffer is 4 KiB; the challenge carries a
		// compacted output example.
		if n := len(res.Header.Get(x402.HeaderPaymentRequired)); n >= 4096 {
			t.Fatalf("%s: PAYMENT-REQUIRED is %d bytes", w.path, n)
		}
	}
}

// TestSignalsExampleIsValid: the documented 200 example (also the x402
// bazaar output example) is a valid signals response whose evidence ids
// all resolve to its sources.
func TestSignalsExampleIsValid(t *testing.T) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	example := doc.T.Paths.Find(pathSignals).Post.Responses.Status(200).Value.Content.Get("application/json").Example
	body, err := json.Marshal(example)
	if err != nil || example == nil {
		t.Fatalf("example %v: %v", example, err)
	}
	req := httptest.NewRequest(http.MethodPost, pathSignals, strings.NewReader(`{"company":"northwind-robotics.com"}`))
	req.Header.Set("Content-Type", "application/json")
	h := http.Header{"Content-Type": {"application/json"}, "X-Request-Id": {"req_1"}, "X-Company-Intel-Cache": {"MISS"}}
	if err := contracttest.New(t, openapi.CompanyIntel).Validate(req, 200, h, body); err != nil {
		t.Fatal(err)
	}
	var d signalsDoc
	if err := json.Unmarshal(body, &d); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, s := range d.Sources {
		ids[s.ID] = true
	}
	for _, s := range d.Signals {
		for _, id := range s.EvidenceIDs {
			if !ids[id] {
				t.Fatalf("example cites %s, not in its sources", id)
			}
		}
	}
}

// TestBriefExamplesAreValid: the documented 200 examples of the deal brief
// and the deep brief are valid responses that keep every brief invariant
// (evidence ids and evidence map entries resolve to sources, five
// discovery questions, no uncited source), and the brief's is the deep
// brief's brief.
func TestBriefExamplesAreValid(t *testing.T) {
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]briefDoc{}
	for _, path := range []string{pathBrief, pathDeep} {
		op := doc.T.Paths.Find(path).Post
		reqExample, err := json.Marshal(op.RequestBody.Value.Content.Get("application/json").Example)
		if err != nil {
			t.Fatal(err)
		}
		example := op.Responses.Status(200).Value.Content.Get("application/json").Example
		body, err := json.Marshal(example)
		if err != nil || example == nil {
			t.Fatalf("%s: example %v: %v", path, example, err)
		}
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(reqExample)))
		req.Header.Set("Content-Type", "application/json")
		h := http.Header{"Content-Type": {"application/json"}, "X-Request-Id": {"req_1"}, "X-Company-Intel-Cache": {"MISS"}}
		if err := contracttest.New(t, openapi.CompanyIntel).Validate(req, 200, h, body); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		docs[path] = checkBrief(t, body, path == pathDeep)
	}
	checkBriefAgainstDeep(t, docs[pathBrief], docs[pathDeep])
}
