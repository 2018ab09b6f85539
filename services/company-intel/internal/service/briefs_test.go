package service_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

const (
	pathBrief = "/v1/company/deal-brief"
	pathDeep  = "/v1/company/deal-brief/deep"
)

// sellers are the seller profiles the brief tests pay with.
var sellers = []string{
	`{"product":"Fleet analytics software for autonomous robots and vehicles","valueProposition":"Predict failures before they stop a shift","idealCustomerProfile":"Mid-market and enterprise robotics, logistics and manufacturing companies in North America"}`,
	`{"product":"Cloud cost management platform","valueProposition":"Cut AWS and Kubernetes spend by 30% without slowing engineering","idealCustomerProfile":"B2B SaaS and fintech companies with 200-2000 employees in the US or Europe"}`,
	`{"product":"Sales engagement software","idealCustomerProfile":"Fast-growing companies hiring sales teams; not agencies"}`,
}

// briefPayer pays up to the deep brief's price.
func briefPayer(t *testing.T) *http.Client {
	t.Helper()
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(750000))
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Transport: tr}
}

// briefBody is a deal-brief request; seller is a JSON object or "".
func briefBody(company, seller string, lookbackDays int) string {
	b := fmt.Sprintf(`{"company":%q`, company)
	if lookbackDays != 0 {
		b += `,"lookbackDays":` + strconv.Itoa(lookbackDays)
	}
	if seller != "" {
		b += `,"seller":` + seller
	}
	return b + "}"
}

// briefDoc is what the tests read of a deal-brief or deep response.
type briefDoc struct {
	RequestID string `json:"requestId"`
	Company   struct {
		Name, Domain string
		Description  *string
	} `json:"company"`
	Qualification struct {
		FitAssessed bool     `json:"fitAssessed"`
		FitScore    int      `json:"fitScore"`
		Reasons     []string `json:"reasons"`
	} `json:"qualification"`
	WhyNow []struct {
		Reason      string   `json:"reason"`
		EvidenceIDs []string `json:"evidenceIds"`
	} `json:"whyNow"`
	RecentSignals []struct {
		Type        string   `json:"type"`
		EvidenceIDs []string `json:"evidenceIds"`
	} `json:"recentSignals"`
	LikelyPriorities []struct {
		EvidenceIDs []string `json:"evidenceIds"`
	} `json:"likelyPriorities"`
	RecommendedApproach struct {
		MessageAngle   *string  `json:"messageAngle"`
		RolesToContact []string `json:"rolesToContact"`
	} `json:"recommendedApproach"`
	Risks                         []json.RawMessage   `json:"risks"`
	StrategicInitiatives          []json.RawMessage   `json:"strategicInitiatives"`
	TechnologyAndOperationalClues []json.RawMessage   `json:"technologyAndOperationalClues"`
	CompetitorConsiderations      []string            `json:"competitorConsiderations"`
	LikelyObjections              []string            `json:"likelyObjections"`
	BuyingCommitteeRoles          []string            `json:"buyingCommitteeRoles"`
	DiscoveryQuestions            []string            `json:"discoveryQuestions"`
	EvidenceMap                   map[string][]string `json:"evidenceMap"`
	Sources                       []struct {
		ID, URL string
	} `json:"sources"`
	Meta struct {
		Provider      string `json:"provider"`
		Partial       bool   `json:"partial"`
		UpstreamUsage struct {
			Searches, Contents int
			EstimatedCost      float64
		} `json:"upstreamUsage"`
	} `json:"meta"`
	raw map[string]json.RawMessage
}

// briefSections are the properties the deal brief and the deep brief
// share (apart from sources, freshness and meta).
var briefSections = []string{"company", "qualification", "whyNow", "recentSignals", "likelyPriorities", "recommendedApproach", "risks"}

// evidenceKey is the documented grammar of evidenceMap keys.
var evidenceKey = regexp.MustCompile(`^(company\.(description|industry|headquarters|employeeRange|businessModel)|` +
	`qualification\.(reasons|disqualifiers)\[\d+\]|` +
	`(whyNow|recentSignals|likelyPriorities|risks|strategicInitiatives|technologyAndOperationalClues|` +
	`competitorConsiderations|likelyObjections|buyingCommitteeRoles|discoveryQuestions)\[\d+\]|` +
	`recommendedApproach|recommendedPositioning|accountPlan)$`)

// checkBrief decodes a 200 brief body and checks the invariants of every
// brief: each evidenceIds entry is a source, at most 8 recent signals each
// citing a source, no source listed twice; for the deep brief also exactly
// five discovery questions, evidenceMap keys of the documented form naming
// claims of the document, every evidenceMap value a source, and sources
// exactly the cited documents.
func checkBrief(t *testing.T, raw []byte, deep bool) briefDoc {
	t.Helper()
	var d briefDoc
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &d.raw); err != nil {
		t.Fatal(err)
	}
	var tree any
	_ = json.Unmarshal(raw, &tree)
	sources := map[string]bool{}
	for _, s := range d.Sources {
		if sources[s.ID] {
			t.Errorf("source %s listed twice", s.ID)
		}
		sources[s.ID] = true
	}
	cited := map[string]bool{}
	for _, id := range collectIDs(tree) {
		if !sources[id] {
			t.Errorf("evidence id %s is not in sources", id)
		}
		cited[id] = true
	}
	// A brief needs a description or a dated event (or both); the
	// missing half is named in the risks.
	if len(d.RecentSignals) > 8 || len(d.RecentSignals) == 0 && d.Company.Description == nil {
		t.Errorf("%d recent signals, description %v", len(d.RecentSignals), d.Company.Description)
	}
	for i, s := range d.RecentSignals {
		if len(s.EvidenceIDs) == 0 {
			t.Errorf("recentSignals[%d] cites nothing", i)
		}
	}
	if d.Company.Description == nil && (len(d.Risks) == 0 || !strings.Contains(string(d.Risks[0]), `"No self-description"`)) {
		t.Error("a brief without a description of the company does not name the gap first in its risks")
	}
	if !deep {
		if _, ok := d.raw["evidenceMap"]; ok {
			t.Error("the deal brief carries an evidenceMap")
		}
		return d
	}
	if len(d.DiscoveryQuestions) != 5 {
		t.Errorf("%d discovery questions, want 5", len(d.DiscoveryQuestions))
	}
	for key, ids := range d.EvidenceMap {
		if !evidenceKey.MatchString(key) || resolvePointer(tree, key) == nil {
			t.Errorf("evidenceMap key %q: not of the documented form or names no claim", key)
		}
		if len(ids) == 0 {
			t.Errorf("evidenceMap[%q] is empty", key)
		}
		for _, id := range ids {
			if !sources[id] {
				t.Errorf("evidenceMap[%q] cites %s, not in sources", key, id)
			}
			cited[id] = true
		}
	}
	for id := range sources {
		if !cited[id] {
			t.Errorf("source %s is cited by no claim", id)
		}
	}
	return d
}

// collectIDs gathers every evidenceIds entry of a decoded document.
func collectIDs(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "evidenceIds" {
				for _, id := range e.([]any) {
					out = append(out, id.(string))
				}
				continue
			}
			out = append(out, collectIDs(e)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, collectIDs(e)...)
		}
	}
	return out
}

var pointerStep = regexp.MustCompile(`^([A-Za-z]+)(?:\[(\d+)\])?$`)

// resolvePointer finds the claim an evidenceMap key names, nil if none.
func resolvePointer(doc any, key string) any {
	cur := doc
	for _, part := range strings.Split(key, ".") {
		m := pointerStep.FindStringSubmatch(part)
		obj, ok := cur.(map[string]any)
		if m == nil || !ok {
			return nil
		}
		cur = obj[m[1]]
		if m[2] != "" {
			arr, ok := cur.([]any)
			i, _ := strconv.Atoi(m[2])
			if !ok || i >= len(arr) {
				return nil
			}
			cur = arr[i]
		}
	}
	return cur
}

// checkBriefAgainstDeep: the deep brief's brief sections are the brief's,
// and the brief lists exactly the sources its sections rest on (the deep
// evidence map keys each of them).
func checkBriefAgainstDeep(t *testing.T, b, d briefDoc) {
	t.Helper()
	for _, k := range briefSections {
		if !bytes.Equal(b.raw[k], d.raw[k]) {
			t.Errorf("%s differs between the brief and the deep brief:\n%s\n%s", k, b.raw[k], d.raw[k])
		}
	}
	want := map[string]bool{}
	for key, ids := range d.EvidenceMap {
		section := strings.FieldsFunc(key, func(r rune) bool { return r == '.' || r == '[' })[0]
		if slices.Contains(briefSections, section) {
			for _, id := range ids {
				want[id] = true
			}
		}
	}
	got := map[string]bool{}
	for _, s := range b.Sources {
		got[s.ID] = true
	}
	for id := range got {
		if !want[id] {
			t.Errorf("the brief lists source %s that none of its claims rests on", id)
		}
	}
	for id := range want {
		if !got[id] {
			t.Errorf("the brief does not list source %s its claims rest on", id)
		}
	}
}

// briefCompanies are the fixture companies a brief can be written about:
// every company with events that is not quiet, ambiguous ones by domain.
func briefCompanies(w *sourcetest.World) []sourcetest.WorldCompany {
	var out []sourcetest.WorldCompany
	for _, co := range w.Companies() {
		if !co.Quiet && len(co.Events) > 0 {
			out = append(out, co)
		}
	}
	return out
}

// TestBriefsForEveryFixtureCompany pays for a deal brief and a deep brief
// of every fixture company with events, each with a seller, checks both
// against the contract and the brief invariants, then asks again: a HIT
// with no upstream call.
func TestBriefsForEveryFixtureCompany(t *testing.T) {
	t.Parallel()
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	payer := briefPayer(t)
	checked := 0
	for i, co := range briefCompanies(h.world) {
		t.Run(co.Domain, func(t *testing.T) {
			docs := map[string]briefDoc{}
			for _, path := range []string{pathBrief, pathDeep} {
				body := briefBody(co.Domain, sellers[i%len(sellers)], 0)
				res, raw := h.post(t, payer, path, body)
				if res.StatusCode != http.StatusOK {
					t.Fatalf("%s: status %d: %s", path, res.StatusCode, raw)
				}
				if res.Header.Get("x-company-intel-cache") != "MISS" || res.Header.Get(x402.HeaderPaymentResponse) == "" {
					t.Fatalf("%s: cache %q, payment-response %q", path, res.Header.Get("x-company-intel-cache"), res.Header.Get(x402.HeaderPaymentResponse))
				}
				d := checkBrief(t, raw, path == pathDeep)
				if d.RequestID != res.Header.Get("X-Request-Id") || d.Company.Domain != co.Domain || d.Company.Name != co.Name {
					t.Fatalf("%s: requestId %q, company %+v", path, d.RequestID, d.Company)
				}
				if d.RecommendedApproach.MessageAngle == nil {
					t.Errorf("%s: no message angle although a seller was given", path)
				}
				docs[path] = d

				before := h.world.Calls()
				res2, raw2 := h.post(t, payer, path, body)
				if res2.StatusCode != http.StatusOK || res2.Header.Get("x-company-intel-cache") != "HIT" {
					t.Fatalf("%s again: %d %q", path, res2.StatusCode, res2.Header.Get("x-company-intel-cache"))
				}
				if n := h.world.Calls() - before; n != 0 {
					t.Fatalf("%s again made %d upstream calls, want 0", path, n)
				}
				d2 := checkBrief(t, raw2, path == pathDeep)
				if d2.RequestID == d.RequestID || d2.RequestID != res2.Header.Get("X-Request-Id") {
					t.Fatalf("%s: cached document carries request id %q (first %q)", path, d2.RequestID, d.RequestID)
				}
			}
			checkBriefAgainstDeep(t, docs[pathBrief], docs[pathDeep])
			deep := docs[pathDeep]
			t.Logf("%s: fit %d (assessed %v), whyNow %d, signals %d, priorities %d, risks %d, initiatives %d, clues %d, competitors %d, objections %d, roles %d, sources %d, partial %v",
				co.Domain, deep.Qualification.FitScore, deep.Qualification.FitAssessed, len(deep.WhyNow), len(deep.RecentSignals),
				len(deep.LikelyPriorities), len(deep.Risks), len(deep.StrategicInitiatives), len(deep.TechnologyAndOperationalClues),
				len(deep.CompetitorConsiderations), len(deep.LikelyObjections), len(deep.BuyingCommitteeRoles), len(deep.Sources), deep.Meta.Partial)
			checked++
		})
	}
	if checked < 10 {
		t.Fatalf("only %d fixture companies checked, want at least 10", checked)
	}
	if _, settled := h.fac.Counts(); settled != 4*checked {
		t.Fatalf("settled %d, want %d", settled, 4*checked)
	}
}

// TestBriefsReuseTheEvidence: signals, then a brief, then a deep brief of
// the same company and window; only the first calls upstream.
func TestBriefsReuseTheEvidence(t *testing.T) {
	t.Parallel()
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	payer := briefPayer(t)
	res, raw := h.post(t, payer, pathSignals, `{"company":"acme-analytics.com","lookbackDays":60}`)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("signals: %d %s", res.StatusCode, raw)
	}
	if h.world.Calls() == 0 {
		t.Fatal("signals made no upstream call")
	}
	for _, path := range []string{pathBrief, pathDeep} {
		before := h.world.Calls()
		res, raw := h.post(t, payer, path, briefBody("acme-analytics.com", sellers[1], 60))
		if res.StatusCode != http.StatusOK || res.Header.Get("x-company-intel-cache") != "MISS" {
			t.Fatalf("%s: %d %s %s", path, res.StatusCode, res.Header.Get("x-company-intel-cache"), raw)
		}
		if n := h.world.Calls() - before; n != 0 {
			t.Fatalf("%s made %d upstream calls after signals gathered the evidence", path, n)
		}
		d := checkBrief(t, raw, path == pathDeep)
		if u := d.Meta.UpstreamUsage; u.Searches+u.Contents != 0 || u.EstimatedCost != 0 || d.Meta.Provider == "" {
			t.Fatalf("%s: meta %+v, want zero usage and the providers named", path, d.Meta)
		}
	}
}

// TestBriefsSellersAreCachedApart: a different seller is a different
// brief (a MISS each); the same seller again, spelled with extra spaces,
// is a HIT.
func TestBriefsSellersAreCachedApart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	payer := briefPayer(t)
	bodies := []string{
		briefBody("contoso-drones.com", sellers[0], 0),
		briefBody("contoso-drones.com", sellers[1], 0),
		briefBody("contoso-drones.com", "", 0),
		briefBody("contoso-drones.com", strings.Replace(sellers[0], `"product":"`, `"product":"  `, 1), 0),
		briefBody("contoso-drones.com", `{}`, 0),
	}
	want := []string{"MISS", "MISS", "MISS", "HIT", "HIT"}
	var docs [][]byte
	for i, body := range bodies {
		res, raw := h.post(t, payer, pathBrief, body)
		if res.StatusCode != http.StatusOK || res.Header.Get("x-company-intel-cache") != want[i] {
			t.Fatalf("request %d: %d %s, want %s: %s", i, res.StatusCode, res.Header.Get("x-company-intel-cache"), want[i], raw)
		}
		docs = append(docs, stripVolatile(raw))
	}
	if bytes.Equal(docs[0], docs[1]) {
		t.Fatal("two sellers got the same brief")
	}
	if !bytes.Equal(docs[0], docs[3]) || !bytes.Equal(docs[2], docs[4]) {
		t.Fatal("the same seller got different briefs")
	}
}

// volatile are the values that legitimately differ between two runs: the
// request id and the generation and retrieval times.
var volatile = regexp.MustCompile(`"(requestId|generatedAt|retrievedAt)":"[^"]*"`)

func stripVolatile(b []byte) []byte { return volatile.ReplaceAll(b, []byte(`"$1":""`)) }

// TestBriefsAreDeterministic: two services with fresh caches over the same
// world write byte-identical briefs but for the request id and the
// generation and retrieval times.
func TestBriefsAreDeterministic(t *testing.T) {
	t.Parallel()
	h1 := newHarness(t, sourcetest.WorldOptions{}, nil)
	h2 := harnessOver(t, h1.world, nil)
	payer := briefPayer(t)
	for i, domain := range []string{"northwind-robotics.com", "woodgrove-payments.com", "tailspin-freight.com"} {
		for _, path := range []string{pathBrief, pathDeep} {
			body := briefBody(domain, sellers[i], 0)
			r1, b1 := h1.post(t, payer, path, body)
			r2, b2 := h2.post(t, payer, path, body)
			if r1.StatusCode != 200 || r2.StatusCode != 200 ||
				r1.Header.Get("x-company-intel-cache") != "MISS" || r2.Header.Get("x-company-intel-cache") != "MISS" {
				t.Fatalf("%s %s: %d %d", domain, path, r1.StatusCode, r2.StatusCode)
			}
			if s1, s2 := stripVolatile(b1), stripVolatile(b2); !bytes.Equal(s1, s2) {
				t.Fatalf("%s %s: the two services disagree:\n%s\n%s", domain, path, s1, s2)
			}
		}
	}
}

// TestBriefsFailuresAreNotCharged drives the refusals and failures of the
// briefs: invalid input before payment and research, unpaid, and the
// 422s; none settled.
func TestBriefsFailuresAreNotCharged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	payer := briefPayer(t)
	// A company that resolves, but nothing describes it and nothing
	// happened to it: the one case a brief cannot be written.
	neither := briefless(t, h.world)
	const domain = "northwind-robotics.com"

	t.Run("invalid input is refused before payment and research", func(t *testing.T) {
		before := h.world.Calls()
		tests := []struct {
			name, path, body string
			status           int
			code             string
		}{
			{"unknown field", pathBrief, `{"company":"` + domain + `","extra":1}`, 400, "invalid_request"},
			{"unknown seller field", pathBrief, `{"company":"` + domain + `","seller":{"product":"x","budget":1}}`, 400, "invalid_request"},
			{"unknown seller field, deep", pathDeep, `{"company":"` + domain + `","seller":{"product":"x","budget":1}}`, 400, "invalid_request"},
			{"seller text too long", pathBrief, briefBody(domain, `{"product":"`+strings.Repeat("a", 1201)+`"}`, 0), 400, "invalid_request"},
			{"seller text empty", pathDeep, briefBody(domain, `{"valueProposition":""}`, 0), 400, "invalid_request"},
			{"deep without seller", pathDeep, briefBody(domain, "", 0), 400, "invalid_request"},
			{"lookbackDays 6", pathBrief, briefBody(domain, "", 6), 400, "invalid_request"},
			{"lookbackDays 6, deep", pathDeep, briefBody(domain, sellers[0], 6), 400, "invalid_request"},
			{"malformed JSON", pathDeep, `{"company":`, 400, "invalid_json"},
			{"body too large", pathBrief, briefBody(domain, `{"product":"`+strings.Repeat("a", 17000)+`"}`, 0), 413, "body_too_large"},
			{"body too large, deep", pathDeep, briefBody(domain, `{"product":"`+strings.Repeat("a", 17000)+`"}`, 0), 413, "body_too_large"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				for _, c := range []*http.Client{http.DefaultClient, payer} {
					res, raw := h.post(t, c, tt.path, tt.body)
					var e envelope
					_ = json.Unmarshal(raw, &e)
					if res.StatusCode != tt.status || e.Error.Code != tt.code || res.Header.Get(x402.HeaderPaymentRequired) != "" {
						t.Fatalf("%d %s (challenge %q), want %d %s: %.200s", res.StatusCode, e.Error.Code,
							res.Header.Get(x402.HeaderPaymentRequired), tt.status, tt.code, raw)
					}
				}
			})
		}
		if h.world.Calls() != before {
			t.Fatal("invalid input reached an upstream")
		}
	})

	t.Run("unpaid is a 402 challenge for the price and no research", func(t *testing.T) {
		before := h.world.Calls()
		for path, price := range map[string]string{pathBrief: "250000", pathDeep: "750000"} {
			res, _ := h.post(t, http.DefaultClient, path, briefBody(domain, sellers[0], 0))
			pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
			if res.StatusCode != http.StatusPaymentRequired || err != nil || len(pr.Accepts) != 1 || pr.Accepts[0].Amount != price {
				t.Fatalf("%s: status %d, challenge %+v (%v)", path, res.StatusCode, pr.Accepts, err)
			}
		}
		if h.world.Calls() != before {
			t.Fatal("an unpaid request reached an upstream")
		}
	})

	for _, tc := range []struct{ name, company string }{
		{"a company without a description or events", neither},
	} {
		for _, path := range []string{pathBrief, pathDeep} {
			t.Run(tc.name+" "+path, func(t *testing.T) {
				_, settledBefore := h.fac.Counts()
				res, raw := h.post(t, payer, path, briefBody(tc.company, sellers[2], 0))
				var e envelope
				_ = json.Unmarshal(raw, &e)
				if res.StatusCode != 422 || e.Error.Code != "insufficient_evidence" {
					t.Fatalf("%d %s, want 422 insufficient_evidence: %s", res.StatusCode, e.Error.Code, raw)
				}
				if r, _ := e.Error.Details["reason"].(string); !strings.Contains(r, "no source describes") || !strings.Contains(r, "no dated trigger") || !strings.Contains(e.Error.Message, r) ||
					!strings.Contains(e.Error.Message, "nothing was charged") || e.Error.Details["domain"] != tc.company {
					t.Fatalf("message %q, details %v", e.Error.Message, e.Error.Details)
				}
				if _, settled := h.fac.Counts(); settled != settledBefore {
					t.Fatal("a 422 was settled")
				}
			})
		}
	}
}
