package service_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
)

const (
	pathProfile = "/api/v1/domain/full-profile"
	pathBatch   = "/api/v1/domain/batch-classify"
)

// fixtureSite serves testdata/fourth-coffee.html at http://fourth-coffee.com/
// on a loopback port and returns the settings that make the service's
// guarded fetcher reach it: the allow-list names the one endpoint, and both
// website ports point at it (the TLS handshake of https:// then fails, so
// the site is HTTP-only, as fourth-coffee.com's zone comment says).
func fixtureSite(t *testing.T) map[string]string {
	t.Helper()
	page, err := os.ReadFile("testdata/fourth-coffee.html")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := strings.Split(r.Host, ":")[0]
		if host != "fourth-coffee.com" || r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("X-Frame-Options", "SAMEORIGIN")
		w.Header().Set("Set-Cookie", "hubspotutk=4021c0ffee; Path=/")
		_, _ = w.Write(page)
	}))
	t.Cleanup(srv.Close)
	_, p, _ := strings.Cut(srv.Listener.Addr().String(), ":")
	return map[string]string{"FETCH_ALLOWLIST": srv.Listener.Addr().String(), "WEBSITE_HTTP_PORT": p, "WEBSITE_HTTPS_PORT": p}
}

// post sends a JSON POST with c, checks the response against the contract
// and returns it with its body.
func (h *harness) post(t *testing.T, c *http.Client, path, contentType string, body []byte) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, h.base+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := h.v.CheckResponse(t, req, res)
	_, _ = io.Copy(io.Discard, res.Body)
	return res, out
}

// challengeAmount decodes the PAYMENT-REQUIRED header of a 402.
func challengeAmount(t *testing.T, res *http.Response, body []byte) (string, x402.PaymentRequired) {
	t.Helper()
	if res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("status %d, want 402 (%s)", res.StatusCode, body)
	}
	pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		t.Fatalf("PAYMENT-REQUIRED: %v", err)
	}
	if len(pr.Accepts) != 1 {
		t.Fatalf("accepts = %+v", pr.Accepts)
	}
	return pr.Accepts[0].Amount, pr
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type profileBody struct {
	Domain   string `json:"domain"`
	DNSAudit struct {
		Domain string `json:"domain"`
		DMARC  struct {
			Status string `json:"status"`
		} `json:"dmarc"`
		OptionalDKIM struct {
			Selector string `json:"selector"`
		} `json:"optional_dkim"`
	} `json:"dns_audit"`
	Website struct {
		Reachable            bool     `json:"reachable"`
		HTTPSAvailable       bool     `json:"https_available"`
		HTTPRedirectsToHTTPS *bool    `json:"http_redirects_to_https"`
		Status               int      `json:"status"`
		Title                string   `json:"title"`
		Generator            string   `json:"generator"`
		ContactPages         []string `json:"contact_pages"`
		Attempts             []struct {
			URL, Outcome string
		} `json:"attempts"`
	} `json:"website_metadata"`
	Hints []struct {
		Name     string `json:"name"`
		Category string `json:"category"`
	} `json:"technology_hints"`
	Flags []struct {
		ID string `json:"id"`
	} `json:"opportunity_flags"`
}

func TestFullProfile(t *testing.T) {
	h := newHarness(t, zoneConfig(), fixtureSite(t))

	t.Run("unpaid gets the 0.005 USDC challenge and computes nothing", func(t *testing.T) {
		before := h.dns.Queries()
		res, body := h.get(t, http.DefaultClient, pathProfile, "domain=fourth-coffee.com")
		amount, pr := challengeAmount(t, res, body)
		if amount != "5000" || httpapi.ProfileOp.Atomic != "5000" {
			t.Fatalf("amount %s, want 5000", amount)
		}
		if !bytes.Contains(pr.Extensions["bazaar"], []byte(`"queryParams"`)) {
			t.Fatalf("bazaar extension lacks the query input: %s", pr.Extensions["bazaar"])
		}
		if got := h.dns.Queries() - before; got != 0 {
			t.Fatalf("%d DNS queries for an unpaid request", got)
		}
	})

	t.Run("invalid input is refused before payment", func(t *testing.T) {
		before := h.dns.Queries()
		verifiedBefore, _ := h.fac.Counts()
		for _, tc := range []struct{ name, query, code, field string }{
			{name: "IP literal", query: "domain=127.0.0.1", code: "invalid_domain", field: "domain"},
			{name: "single label", query: "domain=localhost", code: "invalid_domain", field: "domain"},
			{name: "missing domain", query: "selector=s1", code: "invalid_request", field: "domain"},
			{name: "bad selector", query: "domain=fourth-coffee.com&selector=a..b", code: "invalid_request", field: "selector"},
			{name: "unknown parameter", query: "domain=fourth-coffee.com&pages=5", code: "invalid_request", field: "pages"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res, body := h.get(t, h.paid, pathProfile, tc.query)
				var env envelope
				_ = json.Unmarshal(body, &env)
				if res.StatusCode != http.StatusBadRequest || env.Error.Code != tc.code || env.Error.Details["field"] != tc.field {
					t.Fatalf("status %d code %q field %v, want 400 %q %q (%s)", res.StatusCode, env.Error.Code, env.Error.Details["field"], tc.code, tc.field, body)
				}
				if res.Header.Get(x402.HeaderPaymentRequired) != "" || res.Header.Get(x402.HeaderPaymentResponse) != "" {
					t.Fatal("an invalid request must never be asked to pay")
				}
			})
		}
		if got := h.dns.Queries() - before; got != 0 {
			t.Fatalf("%d DNS queries for invalid requests, want 0", got)
		}
		if v, _ := h.fac.Counts(); v != verifiedBefore {
			t.Fatalf("%d payments verified for invalid requests", v-verifiedBefore)
		}
	})

	t.Run("paid MISS then paid HIT", func(t *testing.T) {
		res, body := h.get(t, h.paid, pathProfile, "domain=Fourth-Coffee.com&selector=Google")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, body)
		}
		t.Logf("200 body: %s", body)
		if got := res.Header.Get("x-domain-qual-cache"); got != "MISS" {
			t.Fatalf("cache = %q, want MISS", got)
		}
		settle, err := client.Settlement(res)
		if err != nil || !settle.Success || settle.Amount != httpapi.ProfileOp.Atomic {
			t.Fatalf("PAYMENT-RESPONSE = %+v, %v", settle, err)
		}
		var p profileBody
		if err := json.Unmarshal(body, &p); err != nil {
			t.Fatal(err)
		}
		w := p.Website
		if p.Domain != "fourth-coffee.com" || p.DNSAudit.Domain != "fourth-coffee.com" || p.DNSAudit.OptionalDKIM.Selector != "google" {
			t.Fatalf("domain %q, audit domain %q, selector %q", p.Domain, p.DNSAudit.Domain, p.DNSAudit.OptionalDKIM.Selector)
		}
		if !w.Reachable || w.HTTPSAvailable || w.HTTPRedirectsToHTTPS == nil || *w.HTTPRedirectsToHTTPS || w.Status != 200 {
			t.Fatalf("website reachable %v https %v redirect %v status %d, want an HTTP-only site", w.Reachable, w.HTTPSAvailable, w.HTTPRedirectsToHTTPS, w.Status)
		}
		if w.Title != "Fourth Coffee | Small-batch roasters since 1998" || w.Generator != "WordPress 6.2.1" || len(w.ContactPages) != 1 {
			t.Fatalf("metadata title %q generator %q contact %v", w.Title, w.Generator, w.ContactPages)
		}
		if len(w.Attempts) != 2 || w.Attempts[0].Outcome != "network_error" || w.Attempts[1].Outcome != "ok" {
			t.Fatalf("attempts %+v, want https network_error then http ok", w.Attempts)
		}
		var hints, flags []string
		for _, x := range p.Hints {
			hints = append(hints, x.Name)
		}
		for _, f := range p.Flags {
			flags = append(flags, f.ID)
		}
		for _, want := range []string{"WordPress", "HubSpot", "Google Workspace"} {
			if !slices.Contains(hints, want) {
				t.Errorf("technology hints %v lack %s", hints, want)
			}
		}
		for _, want := range []string{"dmarc_not_enforced", "https_unavailable", "outdated_cms", "competitor_marketing_automation"} {
			if !slices.Contains(flags, want) {
				t.Errorf("opportunity flags %v lack %s", flags, want)
			}
		}

		res2, body2 := h.get(t, h.paid, pathProfile, "selector=google&domain="+url.QueryEscape("https://fourth-coffee.com/menu"))
		if res2.StatusCode != http.StatusOK || res2.Header.Get("x-domain-qual-cache") != "HIT" {
			t.Fatalf("second: %d cache %q", res2.StatusCode, res2.Header.Get("x-domain-qual-cache"))
		}
		if !bytes.Equal(body, body2) {
			t.Fatal("HIT body differs from the MISS body")
		}
		if s2, err := client.Settlement(res2); err != nil || !s2.Success {
			t.Fatalf("a HIT is a paid call: %+v, %v", s2, err)
		}
	})

	t.Run("unreachable website is an answer, not a failure", func(t *testing.T) {
		res, body := h.get(t, h.paid, pathProfile, "domain=tailwind-traders.com")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, body)
		}
		var p profileBody
		if err := json.Unmarshal(body, &p); err != nil {
			t.Fatal(err)
		}
		// 81.2.69.142 is public but the fetcher's allow-list names only the
		// fixture; the port is not 80/443 either, so every attempt is refused.
		if p.Website.Reachable || len(p.Website.Attempts) == 0 {
			t.Fatalf("website %+v, want unreachable with attempts", p.Website)
		}
		if !slices.ContainsFunc(p.Flags, func(f struct {
			ID string `json:"id"`
		}) bool {
			return f.ID == "site_unreachable"
		}) {
			t.Fatalf("flags %+v lack site_unreachable", p.Flags)
		}
	})
}

// batchEntries builds the 100-entry mixed batch and what each position
// must answer: a classification with a domain type, or an error code, and
// the first position of a duplicate.
type wantItem struct {
	input, domain, domainType, errCode string
	dupOf                              int
}

func mixedBatch() []wantItem {
	base := []wantItem{
		{input: "tailwind-traders.com", domain: "tailwind-traders.com", domainType: "business", dupOf: -1},
		{input: "fourth-coffee.com", domain: "fourth-coffee.com", domainType: "business", dupOf: -1},
		{input: "192.0.2.1", errCode: "ip_literal", dupOf: -1},
		{input: "intranet", errCode: "single_label", dupOf: -1},
		{input: "shop.example.com", errCode: "reserved_name", dupOf: -1},
		{input: "co.uk", errCode: "public_suffix", dupOf: -1},
		{input: "wingtip-toys.net", domain: "wingtip-toys.net", domainType: "business", dupOf: -1},
	}
	out := append([]wantItem(nil), base...)
	// Other spellings of the first domains are duplicates of their first position.
	out = append(out,
		wantItem{input: "Jane@Tailwind-Traders.com", domain: "tailwind-traders.com", domainType: "business", dupOf: 0},
		wantItem{input: "https://fourth-coffee.com/menu?x=1", domain: "fourth-coffee.com", domainType: "business", dupOf: 1},
		wantItem{input: "TAILWIND-TRADERS.COM.", domain: "tailwind-traders.com", domainType: "business", dupOf: 0},
	)
	for i := 0; len(out) < 100; i++ {
		d := fmt.Sprintf("no-such-roastery-%02d.com", i)
		out = append(out, wantItem{input: d, domain: d, domainType: "nonexistent", dupOf: -1})
	}
	return out
}

type batchBody struct {
	CheckedAt     string `json:"checked_at"`
	Count         int    `json:"count"`
	UniqueDomains int    `json:"unique_domains"`
	Succeeded     int    `json:"succeeded"`
	Failed        int    `json:"failed"`
	Results       []struct {
		Index          int    `json:"index"`
		Input          string `json:"input"`
		Domain         string `json:"domain"`
		DuplicateOf    *int   `json:"duplicate_of"`
		Classification *struct {
			DomainType    string   `json:"domain_type"`
			UnknownChecks []string `json:"unknown_checks"`
		} `json:"classification"`
		Error *struct {
			Code string `json:"code"`
		} `json:"error"`
	} `json:"results"`
}

func TestBatchClassify(t *testing.T) {
	h := newHarness(t, zoneConfig(), nil)
	items := mixedBatch()
	inputs := make([]string, len(items))
	for i, it := range items {
		inputs[i] = it.input
	}
	body := mustJSON(t, map[string]any{"domains": inputs})

	t.Run("unpaid gets the 0.01 USDC challenge and computes nothing", func(t *testing.T) {
		before := h.dns.Queries()
		res, out := h.post(t, http.DefaultClient, pathBatch, "application/json", body)
		amount, pr := challengeAmount(t, res, out)
		if amount != "10000" || httpapi.BatchOp.Atomic != "10000" {
			t.Fatalf("amount %s, want 10000", amount)
		}
		var bazaar struct {
			Info struct {
				Input struct {
					Method   string `json:"method"`
					BodyType string `json:"bodyType"`
					Body     struct {
						Domains []string `json:"domains"`
					} `json:"body"`
				} `json:"input"`
			} `json:"info"`
		}
		if err := json.Unmarshal(pr.Extensions["bazaar"], &bazaar); err != nil || bazaar.Info.Input.Method != http.MethodPost ||
			bazaar.Info.Input.BodyType != "json" || len(bazaar.Info.Input.Body.Domains) == 0 {
			t.Fatalf("bazaar extension %s (%v)", pr.Extensions["bazaar"], err)
		}
		if got := h.dns.Queries() - before; got != 0 {
			t.Fatalf("%d DNS queries for an unpaid request", got)
		}
	})

	t.Run("invalid bodies are refused before payment", func(t *testing.T) {
		many := make([]string, 101)
		for i := range many {
			many[i] = fmt.Sprintf("d%d.com", i)
		}
		cases := []struct {
			name, contentType string
			body              []byte
			status            int
			code, field       string
		}{
			{name: "101 domains", contentType: "application/json", body: mustJSON(t, map[string]any{"domains": many}),
				status: 400, code: "invalid_request", field: "domains"},
			{name: "empty list", contentType: "application/json", body: []byte(`{"domains":[]}`), status: 400, code: "invalid_request", field: "domains"},
			{name: "unknown property", contentType: "application/json", body: []byte(`{"domains":["a.com"],"mode":"fast"}`),
				status: 400, code: "invalid_request", field: "mode"},
			{name: "domains missing", contentType: "application/json", body: []byte(`{}`), status: 400, code: "invalid_request", field: "domains"},
			{name: "domains not an array", contentType: "application/json", body: []byte(`{"domains":"a.com"}`), status: 400, code: "invalid_request", field: "domains"},
			{name: "entry not a string", contentType: "application/json", body: []byte(`{"domains":["a.com",{"d":1}]}`),
				status: 400, code: "invalid_request", field: "domains[1]"},
			{name: "oversized entry", contentType: "application/json", body: mustJSON(t, map[string]any{"domains": []string{"a.com", strings.Repeat("x", 513)}}),
				status: 400, code: "invalid_request", field: "domains[1]"},
			{name: "malformed JSON", contentType: "application/json", body: []byte(`{"domains":[`), status: 400, code: "invalid_json"},
			{name: "not JSON content type", contentType: "text/plain", body: body, status: 400, code: "unsupported_content_type"},
			{name: "body over 16 KB", contentType: "application/json", body: mustJSON(t, map[string]any{"domains": []string{strings.Repeat("a", 17000)}}),
				status: 413, code: "body_too_large"},
		}
		before := h.dns.Queries()
		verifiedBefore, _ := h.fac.Counts()
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res, out := h.post(t, h.paid, pathBatch, tc.contentType, tc.body)
				var env envelope
				_ = json.Unmarshal(out, &env)
				if res.StatusCode != tc.status || env.Error.Code != tc.code {
					t.Fatalf("status %d code %q, want %d %q (%s)", res.StatusCode, env.Error.Code, tc.status, tc.code, out)
				}
				if tc.field != "" && env.Error.Details["field"] != tc.field {
					t.Fatalf("details.field = %v, want %q (%s)", env.Error.Details["field"], tc.field, out)
				}
				if res.Header.Get(x402.HeaderPaymentRequired) != "" || res.Header.Get(x402.HeaderPaymentResponse) != "" {
					t.Fatal("an invalid request must never be asked to pay")
				}
			})
		}
		if got := h.dns.Queries() - before; got != 0 {
			t.Fatalf("%d DNS queries for invalid requests, want 0", got)
		}
		if v, _ := h.fac.Counts(); v != verifiedBefore {
			t.Fatalf("%d payments verified for invalid requests", v-verifiedBefore)
		}
	})

	t.Run("100 mixed domains: paid, in input order, per-item errors", func(t *testing.T) {
		res, out := h.post(t, h.paid, pathBatch, "application/json", body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, out)
		}
		if got := res.Header.Get("x-domain-qual-cache"); got != "MISS" {
			t.Fatalf("cache %q, want MISS", got)
		}
		settle, err := client.Settlement(res)
		if err != nil || !settle.Success || settle.Amount != httpapi.BatchOp.Atomic {
			t.Fatalf("PAYMENT-RESPONSE = %+v, %v", settle, err)
		}
		var b batchBody
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatal(err)
		}
		wantFailed := 4
		if b.Count != 100 || len(b.Results) != 100 || b.Failed != wantFailed || b.Succeeded != 100-wantFailed || b.UniqueDomains != 93 {
			t.Fatalf("count %d results %d succeeded %d failed %d unique %d", b.Count, len(b.Results), b.Succeeded, b.Failed, b.UniqueDomains)
		}
		for i, got := range b.Results {
			want := items[i]
			if got.Index != i || got.Input != want.input || got.Domain != want.domain {
				t.Fatalf("results[%d] = index %d input %q domain %q, want %d %q %q", i, got.Index, got.Input, got.Domain, i, want.input, want.domain)
			}
			switch {
			case want.errCode != "":
				if got.Error == nil || got.Error.Code != want.errCode || got.Classification != nil {
					t.Errorf("results[%d] (%s): error %+v, want %s", i, want.input, got.Error, want.errCode)
				}
			case got.Error != nil || got.Classification == nil || got.Classification.DomainType != want.domainType:
				t.Errorf("results[%d] (%s): %+v %+v, want domain_type %s", i, want.input, got.Error, got.Classification, want.domainType)
			}
			if (want.dupOf < 0) != (got.DuplicateOf == nil) || (got.DuplicateOf != nil && *got.DuplicateOf != want.dupOf) {
				t.Errorf("results[%d] (%s): duplicate_of %v, want %d", i, want.input, got.DuplicateOf, want.dupOf)
			}
		}
		if w := b.Results[6].Classification; w == nil || !slices.Contains(w.UnknownChecks, "mx") {
			t.Errorf("wingtip-toys.net (MX SERVFAIL) unknown_checks = %+v, want mx", w)
		}
		if n := h.dns.QueriesFor("tailwind-traders.com.", dns.TypeMX); n != 1 {
			t.Errorf("tailwind-traders.com MX asked %d times for three spellings, want once", n)
		}

		res2, out2 := h.post(t, h.paid, pathBatch, "application/json", body)
		if res2.StatusCode != http.StatusOK || res2.Header.Get("x-domain-qual-cache") != "HIT" || !bytes.Equal(out, out2) {
			t.Fatalf("second identical batch: %d cache %q", res2.StatusCode, res2.Header.Get("x-domain-qual-cache"))
		}
	})

	t.Run("small batch example", func(t *testing.T) {
		res, out := h.post(t, h.paid, pathBatch, "application/json",
			[]byte(`{"domains":["tailwind-traders.com","jane@wingtip-toys.net","https://www.tailwind-traders.com/about","intranet"]}`))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, out)
		}
		t.Logf("200 body: %s", out)
	})
}

// TestBatchItemTimeout: one domain whose DNS answers never come times out
// at the batch deadline while the others are classified; the call is a paid
// 200 and is not cached, so the same batch asked again is computed again.
func TestBatchItemTimeout(t *testing.T) {
	cfg := zoneConfig()
	cfg.Faults = append(cfg.Faults, dnstest.Fault{Name: "fourth-coffee.com", Kind: dnstest.FaultDrop})
	// The dropped questions outlive the 1.5 s batch deadline (the resolver
	// gives up on them after 2 s at the earliest).
	h := newHarness(t, cfg, map[string]string{"BATCH_TIMEOUT": "1500ms", "DNS_QUERY_TIMEOUT": "5s"})
	body := []byte(`{"domains":["tailwind-traders.com","fourth-coffee.com","no-such-roastery.com","intranet"]}`)
	res, out := h.post(t, h.paid, pathBatch, "application/json", body)
	if res.StatusCode != http.StatusOK || res.Header.Get("x-domain-qual-cache") != "MISS" {
		t.Fatalf("status %d cache %q, want 200 MISS: %s", res.StatusCode, res.Header.Get("x-domain-qual-cache"), out)
	}
	var b batchBody
	if err := json.Unmarshal(out, &b); err != nil {
		t.Fatal(err)
	}
	r := b.Results
	if len(r) != 4 || r[1].Error == nil || r[1].Error.Code != "timeout" || r[1].Classification != nil {
		t.Fatalf("fourth-coffee.com: %+v, want a timeout error (%s)", r[1], out)
	}
	if r[0].Classification == nil || r[0].Classification.DomainType != "business" ||
		r[2].Classification == nil || r[2].Classification.DomainType != "nonexistent" ||
		r[3].Error == nil || r[3].Error.Code != "single_label" || b.Failed != 2 || b.Succeeded != 2 {
		t.Fatalf("the other items were not answered: %s", out)
	}
	if settle, err := client.Settlement(res); err != nil || !settle.Success || settle.Amount != httpapi.BatchOp.Atomic {
		t.Fatalf("a batch with a timed-out item is still a paid answer: %+v %v", settle, err)
	}
	res2, out2 := h.post(t, h.paid, pathBatch, "application/json", body)
	if res2.StatusCode != http.StatusOK || res2.Header.Get("x-domain-qual-cache") != "MISS" {
		t.Fatalf("the batch with a timed-out item was cached: %d %q %s", res2.StatusCode, res2.Header.Get("x-domain-qual-cache"), out2)
	}
}

func TestDiscoveryDocuments(t *testing.T) {
	h := newHarness(t, zoneConfig(), nil)
	verifiedBefore, _ := h.fac.Counts()

	var caps struct {
		Service      string `json:"service"`
		Capabilities []struct {
			ID          string `json:"id"`
			Method      string `json:"method"`
			Path        string `json:"path"`
			PriceAtomic string `json:"price_atomic"`
			PriceUSD    string `json:"price_usd"`
			Output      struct {
				Ref string `json:"$ref"`
			} `json:"output"`
		} `json:"capabilities"`
	}
	var pricing struct {
		PayTo      string `json:"pay_to"`
		Operations []struct {
			ID          string `json:"id"`
			PriceAtomic string `json:"price_atomic"`
		} `json:"operations"`
	}
	for path, dst := range map[string]any{"/capabilities.json": &caps, "/pricing.json": &pricing} {
		// The paying client would pay if asked: it never is.
		res, body := h.get(t, h.paid, path, "")
		if res.StatusCode != http.StatusOK || res.Header.Get(x402.HeaderPaymentRequired) != "" || res.Header.Get(x402.HeaderPaymentResponse) != "" {
			t.Fatalf("%s: status %d, payment headers %q %q", path, res.StatusCode, res.Header.Get(x402.HeaderPaymentRequired), res.Header.Get(x402.HeaderPaymentResponse))
		}
		t.Logf("%s: %s", path, body)
		if err := json.Unmarshal(body, dst); err != nil {
			t.Fatal(err)
		}
	}
	if v, _ := h.fac.Counts(); v != verifiedBefore {
		t.Fatal("a discovery document was paid for")
	}
	wantIDs := []string{"domain_classification", "email_security_audit", "full_domain_profile", "batch_domain_classification"}
	if len(caps.Capabilities) != len(wantIDs) || len(pricing.Operations) != len(wantIDs) {
		t.Fatalf("capabilities %+v operations %+v", caps.Capabilities, pricing.Operations)
	}
	if pricing.PayTo != "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" {
		t.Fatalf("pay_to %q", pricing.PayTo)
	}
	// Every advertised price is the amount the operation's challenge asks.
	for i, c := range caps.Capabilities {
		if c.ID != wantIDs[i] || pricing.Operations[i].ID != c.ID || pricing.Operations[i].PriceAtomic != c.PriceAtomic {
			t.Fatalf("capability %d = %+v, pricing %+v", i, c, pricing.Operations[i])
		}
		if !strings.HasPrefix(c.Output.Ref, "/openapi.json#/components/schemas/") {
			t.Fatalf("%s output ref %q", c.ID, c.Output.Ref)
		}
		var res *http.Response
		var body []byte
		if c.Method == http.MethodPost {
			res, body = h.post(t, http.DefaultClient, c.Path, "application/json", []byte(`{"domains":["tailwind-traders.com"]}`))
		} else {
			res, body = h.get(t, http.DefaultClient, c.Path, "domain=tailwind-traders.com")
		}
		if amount, _ := challengeAmount(t, res, body); amount != c.PriceAtomic {
			t.Fatalf("%s: challenge amount %s, advertised %s", c.ID, amount, c.PriceAtomic)
		}
	}
	wantUSD := map[string]string{"domain_classification": "0.0001", "email_security_audit": "0.001", "full_domain_profile": "0.005", "batch_domain_classification": "0.01"}
	for _, c := range caps.Capabilities {
		if c.PriceUSD != wantUSD[c.ID] {
			t.Errorf("%s price_usd %s, want %s", c.ID, c.PriceUSD, wantUSD[c.ID])
		}
	}
}
