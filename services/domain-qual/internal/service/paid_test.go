package service_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// harness is one booted service with its DNS server, facilitator and clients.
type harness struct {
	base string
	dns  *dnstest.Server
	fac  *x402test.CheckingFacilitator
	v    *contracttest.Validator
	paid *http.Client
}

func newHarness(t *testing.T, dnsCfg dnstest.Config, env map[string]string) *harness {
	t.Helper()
	srv := dnstest.Start(t, dnsCfg)
	fac := x402test.NewCheckingFacilitator(nil)
	all := map[string]string{
		"DNS_RESOLVERS": srv.Addr(), "DNS_ATTEMPTS": "1", "DNS_QUERY_TIMEOUT": "500ms",
		"X402_FACILITATOR_URL": fac.Serve(t),
	}
	for k, v := range env {
		all[k] = v
	}
	base := apptest.Boot(t, service.Run, all)
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(10000)) // the dearest operation: batch-classify
	if err != nil {
		t.Fatal(err)
	}
	return &harness{base: base, dns: srv, fac: fac, v: contracttest.New(t, openapi.DomainQual), paid: &http.Client{Transport: tr}}
}

// get sends GET path?query with c, checks the response against the
// contract and returns it with its body.
func (h *harness) get(t *testing.T, c *http.Client, path, query string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, h.base+path+"?"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body := h.v.CheckResponse(t, req, res)
	_, _ = io.Copy(io.Discard, res.Body)
	return res, body
}

type envelope struct {
	Error struct {
		Code      string         `json:"code"`
		Message   string         `json:"message"`
		RequestID string         `json:"requestId"`
		Details   map[string]any `json:"details"`
	} `json:"error"`
}

// signedZones signs testdata/tailwind-traders.com.zone with keys generated
// once per test binary (signatures valid from a day ago for 30 days) and
// returns it with testdata/com.zone plus the DS record the parent serves
// for it: tailwind-traders.com is a signed apex (dnssec: signed), the other
// fixture zones have no DS at their parent (unsigned).
var signedZones = sync.OnceValues(func() ([]string, error) {
	tailwind, err := os.ReadFile("testdata/tailwind-traders.com.zone")
	if err != nil {
		return nil, err
	}
	com, err := os.ReadFile("testdata/com.zone")
	if err != nil {
		return nil, err
	}
	now := time.Now()
	s, err := dnstest.GenerateSigner("tailwind-traders.com", now.Add(-24*time.Hour), now.Add(30*24*time.Hour))
	if err != nil {
		return nil, err
	}
	signed, err := s.SignZone(string(tailwind))
	if err != nil {
		return nil, err
	}
	return []string{signed, string(com) + s.DS(dns.SHA256) + "\n"}, nil
})

func zoneConfig() dnstest.Config {
	zones, err := signedZones()
	if err != nil {
		panic(fmt.Sprintf("signed fixture zones: %v", err))
	}
	return dnstest.Config{
		Zones:         slices.Clone(zones),
		ZoneFiles:     []string{"testdata/wingtip-toys.net.zone", "testdata/fourth-coffee.com.zone", "testdata/google.com.zone"},
		AuthenticData: []string{"tailwind-traders.com", "www.tailwind-traders.com", "mx1.tailwind-traders.com", "mx2.tailwind-traders.com"},
		Faults: []dnstest.Fault{
			{Name: "wingtip-toys.net", Type: dns.TypeMX, Kind: dnstest.FaultServFail},
			{Name: "_dmarc.wingtip-toys.net", Type: dns.TypeTXT, Kind: dnstest.FaultDrop},
		},
	}
}

func TestPaidOperations(t *testing.T) {
	h := newHarness(t, zoneConfig(), nil)
	ops := []struct {
		name, path, price string
		first, second     string // two spellings of the same canonical request
		selectorParam     bool
	}{
		{name: "classify", path: "/api/v1/domain/classify", price: httpapi.ClassifyOp.Atomic,
			first:  "domain=" + url.QueryEscape("Jane@Tailwind-Traders.com"),
			second: "domain=" + url.QueryEscape("https://tailwind-traders.com/about?x=1")},
		{name: "dns-audit", path: "/api/v1/domain/dns-audit", price: httpapi.AuditOp.Atomic, selectorParam: true,
			first:  "domain=tailwind-traders.com&selector=S1",
			second: "selector=s1&domain=" + url.QueryEscape("TAILWIND-TRADERS.COM.")},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			t.Run("unpaid gets the challenge and computes nothing", func(t *testing.T) {
				before := h.dns.Queries()
				res, body := h.get(t, http.DefaultClient, op.path, op.first)
				if res.StatusCode != http.StatusPaymentRequired {
					t.Fatalf("status %d, body %s", res.StatusCode, body)
				}
				pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
				if err != nil {
					t.Fatalf("PAYMENT-REQUIRED: %v", err)
				}
				if len(pr.Accepts) != 1 || pr.Accepts[0].Amount != op.price || pr.Accepts[0].Network != x402.NetworkBase {
					t.Fatalf("accepts = %+v, want amount %s on %s", pr.Accepts, op.price, x402.NetworkBase)
				}
				var bazaar struct {
					Info struct {
						Input struct {
							Method      string            `json:"method"`
							QueryParams map[string]string `json:"queryParams"`
						} `json:"input"`
						Output struct {
							Example map[string]any `json:"example"`
						} `json:"output"`
					} `json:"info"`
				}
				if err := json.Unmarshal(pr.Extensions["bazaar"], &bazaar); err != nil {
					t.Fatalf("bazaar extension: %v (%s)", err, pr.Extensions["bazaar"])
				}
				if bazaar.Info.Input.Method != http.MethodGet || bazaar.Info.Input.QueryParams["domain"] == "" ||
					bazaar.Info.Output.Example["domain"] == nil {
					t.Fatalf("bazaar info lacks the input or output example: %s", pr.Extensions["bazaar"])
				}
				if got := h.dns.Queries() - before; got != 0 {
					t.Fatalf("%d DNS queries for an unpaid request, want 0", got)
				}
			})

			t.Run("invalid input is refused before payment", func(t *testing.T) {
				cases := []struct {
					name, query, code, field, reason string
				}{
					{name: "missing domain", query: "", code: "invalid_request", field: "domain"},
					{name: "empty domain", query: "domain=", code: "invalid_request", field: "domain"},
					{name: "IPv4 literal", query: "domain=192.0.2.1", code: "invalid_domain", field: "domain", reason: "ip_literal"},
					{name: "IPv6 URL", query: "domain=" + url.QueryEscape("https://[2001:db8::1]/"), code: "invalid_domain", field: "domain", reason: "ip_literal"},
					{name: "single label", query: "domain=intranet", code: "invalid_domain", field: "domain", reason: "single_label"},
					{name: "reserved name", query: "domain=shop.example.com", code: "invalid_domain", field: "domain", reason: "reserved_name"},
					{name: "public suffix", query: "domain=co.uk", code: "invalid_domain", field: "domain", reason: "public_suffix"},
					{name: "non-public suffix", query: "domain=printer.lan", code: "invalid_domain", field: "domain", reason: "unknown_suffix"},
					{name: "unknown parameter", query: "domain=tailwind-traders.com&verbose=1", code: "invalid_request", field: "verbose"},
					{name: "repeated domain", query: "domain=tailwind-traders.com&domain=wingtip-toys.net", code: "invalid_request", field: "domain"},
					{name: "malformed encoding", query: "domain=%zz", code: "invalid_request"},
				}
				if op.selectorParam {
					cases = append(cases,
						struct{ name, query, code, field, reason string }{name: "selector with underscore", query: "domain=tailwind-traders.com&selector=s_1", code: "invalid_request", field: "selector"},
						struct{ name, query, code, field, reason string }{name: "empty selector", query: "domain=tailwind-traders.com&selector=", code: "invalid_request", field: "selector"},
						struct{ name, query, code, field, reason string }{name: "selector label too long", query: "domain=tailwind-traders.com&selector=" + strings.Repeat("a", 64), code: "invalid_request", field: "selector"},
						struct{ name, query, code, field, reason string }{name: "repeated selector", query: "domain=tailwind-traders.com&selector=a&selector=b", code: "invalid_request", field: "selector"},
					)
				} else {
					cases = append(cases, struct{ name, query, code, field, reason string }{
						name: "selector not accepted", query: "domain=tailwind-traders.com&selector=s1", code: "invalid_request", field: "selector"})
				}
				before := h.dns.Queries()
				verifiedBefore, _ := h.fac.Counts()
				for _, tc := range cases {
					t.Run(tc.name, func(t *testing.T) {
						res, body := h.get(t, h.paid, op.path, tc.query)
						var env envelope
						if err := json.Unmarshal(body, &env); err != nil {
							t.Fatalf("body %s: %v", body, err)
						}
						if res.StatusCode != http.StatusBadRequest || env.Error.Code != tc.code {
							t.Fatalf("status %d code %q, want 400 %q (%s)", res.StatusCode, env.Error.Code, tc.code, body)
						}
						if tc.field != "" && env.Error.Details["field"] != tc.field {
							t.Fatalf("details.field = %v, want %q (%s)", env.Error.Details["field"], tc.field, body)
						}
						if tc.reason != "" && env.Error.Details["reason"] != tc.reason {
							t.Fatalf("details.reason = %v, want %q (%s)", env.Error.Details["reason"], tc.reason, body)
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
					t.Fatalf("%d payments verified for invalid requests, want 0", v-verifiedBefore)
				}
			})

			t.Run("paid MISS then paid HIT", func(t *testing.T) {
				_, settledBefore := h.fac.Counts()
				res, body := h.get(t, h.paid, op.path, op.first)
				if res.StatusCode != http.StatusOK {
					t.Fatalf("status %d: %s", res.StatusCode, body)
				}
				t.Logf("200 body: %s", body)
				if got := res.Header.Get("x-domain-qual-cache"); got != "MISS" {
					t.Fatalf("first paid request cache = %q, want MISS", got)
				}
				settle, err := client.Settlement(res)
				if err != nil || !settle.Success || settle.Transaction == "" || settle.Amount != op.price {
					t.Fatalf("PAYMENT-RESPONSE = %+v, %v", settle, err)
				}
				var first struct {
					Domain    string `json:"domain"`
					CheckedAt string `json:"checked_at"`
				}
				if err := json.Unmarshal(body, &first); err != nil {
					t.Fatal(err)
				}
				if first.Domain != "tailwind-traders.com" {
					t.Fatalf("domain = %q, want the normalised tailwind-traders.com", first.Domain)
				}
				if _, err := time.Parse(time.RFC3339, first.CheckedAt); err != nil {
					t.Fatalf("checked_at %q: %v", first.CheckedAt, err)
				}

				res2, body2 := h.get(t, h.paid, op.path, op.second)
				if res2.StatusCode != http.StatusOK {
					t.Fatalf("second status %d: %s", res2.StatusCode, body2)
				}
				if got := res2.Header.Get("x-domain-qual-cache"); got != "HIT" {
					t.Fatalf("identical second request cache = %q, want HIT", got)
				}
				if s2, err := client.Settlement(res2); err != nil || !s2.Success || s2.Transaction == settle.Transaction {
					t.Fatalf("a HIT is a paid request: PAYMENT-RESPONSE = %+v, %v", s2, err)
				}
				if string(body2) != string(body) {
					t.Fatalf("HIT body differs from the MISS body:\n%s\n%s", body, body2)
				}
				if _, settled := h.fac.Counts(); settled != settledBefore+2 {
					t.Fatalf("settled %d payments, want 2", settled-settledBefore)
				}
			})
		})
	}
}

// TestFailedLookupsAreUnknown: SERVFAIL and timeouts make the affected
// checks "unknown" (never "missing"/"none") and the call still succeeds.
func TestFailedLookupsAreUnknown(t *testing.T) {
	h := newHarness(t, zoneConfig(), nil)

	res, body := h.get(t, h.paid, "/api/v1/domain/classify", "domain=wingtip-toys.net")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("classify status %d: %s", res.StatusCode, body)
	}
	var cl struct {
		MailReadiness struct{ Status string } `json:"mail_readiness"`
		Unknowns      []struct{ Check, Reason string }
	}
	if err := json.Unmarshal(body, &cl); err != nil {
		t.Fatal(err)
	}
	if cl.MailReadiness.Status != "unknown" {
		t.Errorf("mail_readiness.status = %q, want unknown (%s)", cl.MailReadiness.Status, body)
	}
	if !hasCheck(cl.Unknowns, "mx", "SERVFAIL") {
		t.Errorf("unknowns %+v lack mx SERVFAIL", cl.Unknowns)
	}

	res, body = h.get(t, h.paid, "/api/v1/domain/dns-audit", "domain=wingtip-toys.net")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("dns-audit status %d: %s", res.StatusCode, body)
	}
	var au struct {
		MX            struct{ Status string }          `json:"mx"`
		DMARC         struct{ Status string }          `json:"dmarc"`
		UnknownChecks []struct{ Check, Reason string } `json:"unknown_checks"`
	}
	if err := json.Unmarshal(body, &au); err != nil {
		t.Fatal(err)
	}
	if au.MX.Status != "unknown" || au.DMARC.Status != "unknown" {
		t.Errorf("mx %q, dmarc %q, want both unknown (%s)", au.MX.Status, au.DMARC.Status, body)
	}
	if !hasCheck(au.UnknownChecks, "mx", "SERVFAIL") || !hasCheck(au.UnknownChecks, "dmarc", "timeout") {
		t.Errorf("unknown_checks %+v lack mx SERVFAIL and dmarc timeout", au.UnknownChecks)
	}
}

func hasCheck(xs []struct{ Check, Reason string }, check, reason string) bool {
	for _, x := range xs {
		if x.Check == check && strings.Contains(x.Reason, reason) {
			return true
		}
	}
	return false
}

// TestDeadlineIsNotSettled: when the use case misses its deadline the
// answer is a 504 upstream_timeout and the verified payment is not settled.
func TestDeadlineIsNotSettled(t *testing.T) {
	cfg := zoneConfig()
	cfg.Latency = 800 * time.Millisecond
	h := newHarness(t, cfg, map[string]string{
		"CLASSIFY_TIMEOUT": "150ms", "AUDIT_TIMEOUT": "150ms", "PROFILE_TIMEOUT": "150ms", "DNS_QUERY_TIMEOUT": "2s",
	})
	for _, path := range []string{"/api/v1/domain/classify", "/api/v1/domain/dns-audit", "/api/v1/domain/full-profile"} {
		t.Run(path, func(t *testing.T) {
			verifiedBefore, settledBefore := h.fac.Counts()
			res, body := h.get(t, h.paid, path, "domain=tailwind-traders.com")
			var env envelope
			_ = json.Unmarshal(body, &env)
			if res.StatusCode != http.StatusGatewayTimeout || env.Error.Code != "upstream_timeout" {
				t.Fatalf("status %d code %q, want 504 upstream_timeout (%s)", res.StatusCode, env.Error.Code, body)
			}
			if res.Header.Get(x402.HeaderPaymentResponse) != "" {
				t.Fatal("a failed call carries a PAYMENT-RESPONSE")
			}
			verified, settled := h.fac.Counts()
			if verified != verifiedBefore+1 || settled != settledBefore {
				t.Fatalf("verified +%d settled +%d, want +1 and +0", verified-verifiedBefore, settled-settledBefore)
			}
		})
	}
}

// TestRedisStoppedMidTest: the service caches in a Redis this test started
// itself; once that Redis is stopped, paid calls keep being served — what
// this process cached from its local copy (HIT), anything else computed
// (MISS) — and every served call is paid.
func TestRedisStoppedMidTest(t *testing.T) {
	inst := redistest.Start(t)
	h := newHarness(t, zoneConfig(), map[string]string{"REDIS_URL": inst.URL})
	call := func(domain, want string) {
		t.Helper()
		res, body := h.get(t, h.paid, "/api/v1/domain/classify", "domain="+domain)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, body)
		}
		if got := res.Header.Get("x-domain-qual-cache"); got != want {
			t.Fatalf("%s: x-domain-qual-cache = %q, want %q", domain, got, want)
		}
	}
	call("tailwind-traders.com", "MISS")
	call("tailwind-traders.com", "HIT")
	inst.Stop()
	call("tailwind-traders.com", "HIT") // this process's local copy
	call("fourth-coffee.com", "MISS")
	if _, settled := h.fac.Counts(); settled != 4 {
		t.Fatalf("%d settlements, want 4 (every served call is paid)", settled)
	}
}
