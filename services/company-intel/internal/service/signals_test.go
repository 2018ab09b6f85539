package service_test

import (
	"encoding/json"
	"io"
	"math/big"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/company-intel/internal/service"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// harness is one booted company-intel over a fixture world, paid through a
// checking facilitator.
type harness struct {
	base  string
	world *sourcetest.World
	fac   *x402test.CheckingFacilitator
	v     *contracttest.Validator
	paid  *http.Client
}

// slotWaitOff is PROVIDER_SLOT_WAIT for the tests over a fixture world:
// they ask for one company after another, many at once across parallel
// tests, under GDELT's one query per 5 s, and check what the answers say,
// so every call waits for its slot (within its deadline) instead of being
// skipped after 3 s; make burst measures the bound itself.
const slotWaitOff = "0"

func newHarness(t *testing.T, opts sourcetest.WorldOptions, env map[string]string) *harness {
	t.Helper()
	return harnessOver(t, sourcetest.StartWorld(t, time.Now().UTC(), opts), env)
}

// harnessOver boots a company-intel of its own (own caches, own
// facilitator) over the world w.
func harnessOver(t *testing.T, w *sourcetest.World, env map[string]string) *harness {
	t.Helper()
	fac := x402test.NewCheckingFacilitator(nil)
	all := w.Env()
	all["X402_FACILITATOR_URL"] = fac.Serve(t)
	all["PROVIDER_SLOT_WAIT"] = slotWaitOff
	for k, v := range env {
		all[k] = v
	}
	base := apptest.Boot(t, service.Run, all)
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(50000))
	if err != nil {
		t.Fatal(err)
	}
	return &harness{base: base, world: w, fac: fac, v: contracttest.New(t, openapi.CompanyIntel), paid: &http.Client{Transport: tr}}
}

// post sends a JSON body with c, checks the response against the contract
// and returns it with its body.
func (h *harness) post(t *testing.T, c *http.Client, path, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, h.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b := h.v.CheckResponse(t, req, res)
	_, _ = io.Copy(io.Discard, res.Body)
	return res, b
}

type signalsDoc struct {
	RequestID string `json:"requestId"`
	Company   struct {
		Name, Domain string
		Description  *string
		Industry     *string
		Headquarters *string
	} `json:"company"`
	Signals []struct {
		Type              string   `json:"type"`
		Headline          string   `json:"headline"`
		EventDate         *string  `json:"eventDate"`
		CommercialMeaning string   `json:"commercialMeaning"`
		Confidence        float64  `json:"confidence"`
		EvidenceIDs       []string `json:"evidenceIds"`
	} `json:"signals"`
	WhyNow  []string `json:"whyNow"`
	Sources []struct {
		ID, URL, Title string
	} `json:"sources"`
	Freshness struct {
		LookbackDays int `json:"lookbackDays"`
	} `json:"freshness"`
	Meta struct {
		Provider      string `json:"provider"`
		Partial       bool   `json:"partial"`
		UpstreamUsage struct {
			Searches, Contents int
			EstimatedCost      float64
		} `json:"upstreamUsage"`
	} `json:"meta"`
}

type envelope struct {
	Error struct {
		Code    string         `json:"code"`
		Message string         `json:"message"`
		Details map[string]any `json:"details"`
	} `json:"error"`
}

const pathSignals = "/v1/company/signals"

// TestSignalsForEveryFixtureCompany pays for signals of every fixture
// company that has events and checks each answer against the contract and
// the world's own account of what happened, then asks again: a HIT with no
// upstream call.
func TestSignalsForEveryFixtureCompany(t *testing.T) {
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	checked := 0
	for _, co := range h.world.Companies() {
		if co.Quiet || co.SiteDown || co.Ambiguous || len(co.Events) == 0 {
			continue
		}
		t.Run(co.Domain, func(t *testing.T) {
			body := `{"company":"` + co.Domain + `","lookbackDays":120}`
			res, raw := h.post(t, h.paid, pathSignals, body)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", res.StatusCode, raw)
			}
			if res.Header.Get("x-company-intel-cache") != "MISS" || res.Header.Get(x402.HeaderPaymentResponse) == "" {
				t.Fatalf("cache %q, payment-response %q", res.Header.Get("x-company-intel-cache"), res.Header.Get(x402.HeaderPaymentResponse))
			}
			var d signalsDoc
			if err := json.Unmarshal(raw, &d); err != nil {
				t.Fatal(err)
			}
			if d.RequestID == "" || d.RequestID != res.Header.Get("X-Request-Id") {
				t.Fatalf("requestId %q, header %q", d.RequestID, res.Header.Get("X-Request-Id"))
			}
			if d.Company.Domain != co.Domain || d.Company.Name != co.Name {
				t.Fatalf("company = %+v, want %s (%s)", d.Company, co.Name, co.Domain)
			}
			ids := map[string]bool{}
			for _, s := range d.Sources {
				ids[s.ID] = true
			}
			expected := map[string]bool{}
			for _, e := range co.Events {
				if e.DaysAgo <= 120 {
					expected[e.Type] = true
				}
			}
			if len(d.Signals) == 0 {
				t.Fatalf("no signals; the world has %v", expected)
			}
			for _, s := range d.Signals {
				for _, id := range s.EvidenceIDs {
					if !ids[id] {
						t.Fatalf("signal %q cites %s, which is not in sources", s.Headline, id)
					}
				}
				if !expected[s.Type] {
					t.Errorf("signal %s %q is not one of the world's events %v", s.Type, s.Headline, expected)
				}
				if s.CommercialMeaning == "" || s.EventDate == nil {
					t.Errorf("signal %q: meaning %q, date %v", s.Headline, s.CommercialMeaning, s.EventDate)
				}
			}
			if d.Meta.Provider == "" || d.Meta.UpstreamUsage.Searches+d.Meta.UpstreamUsage.Contents == 0 {
				t.Fatalf("meta = %+v", d.Meta)
			}

			// Again within the TTL: served from the cache, no upstream call,
			// still paid and still this request's id.
			before := h.world.Calls()
			res2, raw2 := h.post(t, h.paid, pathSignals, body)
			if res2.StatusCode != http.StatusOK || res2.Header.Get("x-company-intel-cache") != "HIT" {
				t.Fatalf("second call: %d %q", res2.StatusCode, res2.Header.Get("x-company-intel-cache"))
			}
			if n := h.world.Calls() - before; n != 0 {
				t.Fatalf("second call made %d upstream calls, want 0", n)
			}
			var d2 signalsDoc
			if err := json.Unmarshal(raw2, &d2); err != nil {
				t.Fatal(err)
			}
			if d2.RequestID == d.RequestID || d2.RequestID != res2.Header.Get("X-Request-Id") {
				t.Fatalf("cached document carries request id %q (first %q, header %q)", d2.RequestID, d.RequestID, res2.Header.Get("X-Request-Id"))
			}
			checked++
		})
	}
	if checked < 5 {
		t.Fatalf("only %d fixture companies checked", checked)
	}
	// Every paid 200 was settled once.
	if _, settled := h.fac.Counts(); settled != 2*checked {
		t.Fatalf("settled %d, want %d", settled, 2*checked)
	}
}

// TestSignalsSameCompanyOtherSpelling reuses the evidence bundle: the
// company's name resolves (a Wikidata search) to the domain whose bundle
// is cached, so no source is asked again.
func TestSignalsSameCompanyOtherSpelling(t *testing.T) {
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	if res, raw := h.post(t, h.paid, pathSignals, `{"company":"northwind-robotics.com"}`); res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, raw)
	}
	gathering := []*sourcetest.Server{h.world.GoogleNews(), h.world.GDELT(), h.world.SEC(), h.world.ATS()}
	before := make([]int, len(gathering))
	for i, s := range gathering {
		before[i] = s.Calls()
	}
	res, raw := h.post(t, h.paid, pathSignals, `{"company":"https://www.northwind-robotics.com/about?utm_source=x"}`)
	if res.StatusCode != 200 || res.Header.Get("x-company-intel-cache") != "HIT" {
		t.Fatalf("URL spelling: %d %s %s", res.StatusCode, res.Header.Get("x-company-intel-cache"), raw)
	}
	// A name is resolved first (a Wikidata search and entity read: the
	// only upstream calls this request makes, and all its usage).
	wikidataBefore := h.world.Wikidata().Calls()
	res, raw = h.post(t, h.paid, pathSignals, `{"company":"Northwind Robotics"}`)
	if res.StatusCode != 200 || res.Header.Get("x-company-intel-cache") != "MISS" {
		t.Fatalf("name: %d %s %s", res.StatusCode, res.Header.Get("x-company-intel-cache"), raw)
	}
	var d signalsDoc
	_ = json.Unmarshal(raw, &d)
	u := d.Meta.UpstreamUsage
	if d.Company.Domain != "northwind-robotics.com" || u.Searches+u.Contents != h.world.Wikidata().Calls()-wikidataBefore || u.Searches != 1 {
		t.Fatalf("company %+v, usage %+v, wikidata calls %d: only the name's resolution may call upstream",
			d.Company, u, h.world.Wikidata().Calls()-wikidataBefore)
	}
	for i, s := range gathering {
		if s.Calls() != before[i] {
			t.Fatalf("a gathering source was called again (%d → %d)", before[i], s.Calls())
		}
	}
}

// TestSignalsFailuresAreNotCharged drives every failure status; none asks
// twice for payment and none is settled.
func TestSignalsFailuresAreNotCharged(t *testing.T) {
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	var quiet, down, ambiguous sourcetest.WorldCompany
	for _, co := range h.world.Companies() {
		switch {
		case co.Quiet:
			quiet = co
		case co.SiteDown:
			down = co
		case co.Ambiguous:
			ambiguous = co
		}
	}
	if quiet.Domain == "" || ambiguous.Name == "" {
		t.Fatal("the world lacks a quiet or an ambiguous company")
	}
	_ = down

	t.Run("invalid input is refused before payment and before any upstream call", func(t *testing.T) {
		before := h.world.Calls()
		for _, body := range []string{
			`{"company":"northwind-robotics.com","extra":1}`,
			`{"company":"acme.internal"}`,
			`{"company":"northwind-robotics.com","lookbackDays":400}`,
			`{"company":"x"}`,
			`{"company":"` + strings.Repeat("a", 17000) + `"}`,
		} {
			res, raw := h.post(t, http.DefaultClient, pathSignals, body)
			if (res.StatusCode != 400 && res.StatusCode != 413) || res.Header.Get(x402.HeaderPaymentRequired) != "" {
				t.Fatalf("%.60s: %d (challenge %q) %s", body, res.StatusCode, res.Header.Get(x402.HeaderPaymentRequired), raw)
			}
		}
		if h.world.Calls() != before {
			t.Fatal("invalid input reached an upstream")
		}
	})
	t.Run("unpaid is a 402 challenge and no research", func(t *testing.T) {
		before := h.world.Calls()
		res, _ := h.post(t, http.DefaultClient, pathSignals, `{"company":"northwind-robotics.com"}`)
		if res.StatusCode != http.StatusPaymentRequired || res.Header.Get(x402.HeaderPaymentRequired) == "" {
			t.Fatalf("status %d", res.StatusCode)
		}
		if h.world.Calls() != before {
			t.Fatal("an unpaid request reached an upstream")
		}
	})

	cases := []struct {
		name       string
		body       string
		wantStatus int
		wantCode   string
		wantReason string
	}{
		{"no event in the window", `{"company":"` + quiet.Domain + `"}`, 422, "insufficient_evidence", ""},
		{"two companies carry the name", `{"company":"` + ambiguous.Name + `"}`, 422, "company_not_resolved", "ambiguous"},
		{"nobody carries the name", `{"company":"Zyxwvut Nonexistent Widgets"}`, 422, "company_not_resolved", "not_found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, settledBefore := h.fac.Counts()
			res, raw := h.post(t, h.paid, pathSignals, tc.body)
			var e envelope
			_ = json.Unmarshal(raw, &e)
			if res.StatusCode != tc.wantStatus || e.Error.Code != tc.wantCode {
				t.Fatalf("%d %s, want %d %s: %s", res.StatusCode, e.Error.Code, tc.wantStatus, tc.wantCode, raw)
			}
			if tc.wantReason != "" && e.Error.Details["reason"] != tc.wantReason {
				t.Fatalf("reason %v, want %s", e.Error.Details["reason"], tc.wantReason)
			}
			if tc.wantReason == "ambiguous" {
				if c, _ := e.Error.Details["candidates"].([]any); len(c) < 2 {
					t.Fatalf("candidates %v", e.Error.Details["candidates"])
				}
			}
			if _, settled := h.fac.Counts(); settled != settledBefore {
				t.Fatal("a failure was settled")
			}
		})
	}
}

// TestUpstreamOutages: for signals, the brief and the deep brief, every
// provider failing is a 502, every provider rate limiting a 503, a
// deadline with nothing usable a 504; none settled, none cached.
func TestUpstreamOutages(t *testing.T) {
	cases := []struct {
		name       string
		fault      sourcetest.Fault
		latency    time.Duration
		env        map[string]string
		wantStatus int
		wantCode   string
	}{
		{"every provider fails", sourcetest.Fault500, 0, nil, 502, "upstream_failure"},
		{"every provider rate limits", sourcetest.Fault429Long, 0, nil, 503, "upstream_rate_limited"},
		{"nothing before the deadline", "", 3 * time.Second, map[string]string{"RESEARCH_TIMEOUT": "1s", "UPSTREAM_TIMEOUT": "1s"}, 504, "upstream_timeout"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, sourcetest.WorldOptions{}, tc.env)
			if tc.fault != "" {
				h.world.FailAll(tc.fault)
			}
			if tc.latency > 0 {
				h.world.SetLatency(tc.latency)
			}
			payer := briefPayer(t)
			for path, body := range map[string]string{
				pathSignals: `{"company":"northwind-robotics.com"}`,
				pathBrief:   briefBody("northwind-robotics.com", sellers[0], 0),
				pathDeep:    briefBody("northwind-robotics.com", sellers[0], 0),
			} {
				res, raw := h.post(t, payer, path, body)
				var e envelope
				_ = json.Unmarshal(raw, &e)
				if res.StatusCode != tc.wantStatus || e.Error.Code != tc.wantCode {
					t.Fatalf("%s: %d %s, want %d %s: %s", path, res.StatusCode, e.Error.Code, tc.wantStatus, tc.wantCode, raw)
				}
			}
			if _, settled := h.fac.Counts(); settled != 0 {
				t.Fatal("a failure was settled")
			}
		})
	}
}

// TestSignalsBudgetExhausted: with Exa configured and a day's budget too
// small for one Exa call, research is refused before any upstream call.
func TestSignalsBudgetExhausted(t *testing.T) {
	h := newHarness(t, sourcetest.WorldOptions{Exa: true}, map[string]string{"UPSTREAM_DAILY_BUDGET_USD": "0.001"})
	before := h.world.Calls()
	res, raw := h.post(t, h.paid, pathSignals, `{"company":"northwind-robotics.com"}`)
	var e envelope
	_ = json.Unmarshal(raw, &e)
	if res.StatusCode != 503 || e.Error.Code != "upstream_budget_exhausted" {
		t.Fatalf("%d %s: %s", res.StatusCode, e.Error.Code, raw)
	}
	if h.world.Calls() != before {
		t.Fatal("an upstream was called past the budget")
	}
	if _, settled := h.fac.Counts(); settled != 0 {
		t.Fatal("settled")
	}
}

// TestSignalsWithExa: with a key, Exa joins the providers and its reported
// cost is the call's estimated cost.
func TestSignalsWithExa(t *testing.T) {
	h := newHarness(t, sourcetest.WorldOptions{Exa: true}, nil)
	res, raw := h.post(t, h.paid, pathSignals, `{"company":"northwind-robotics.com"}`)
	if res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, raw)
	}
	var d signalsDoc
	_ = json.Unmarshal(raw, &d)
	if !slices.Contains(strings.Split(d.Meta.Provider, "+"), "exa") || d.Meta.UpstreamUsage.EstimatedCost <= 0 {
		t.Fatalf("meta = %+v", d.Meta)
	}
}
