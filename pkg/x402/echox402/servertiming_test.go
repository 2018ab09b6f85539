package echox402_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/servertiming"
	"github.com/labstack/echo/v4"
)

// phases parses a Server-Timing header into name -> description, failing
// on a malformed entry.
func phases(t *testing.T, h string) map[string]string {
	t.Helper()
	entry := regexp.MustCompile(`^([a-z0-9]+);dur=\d+\.\d(?:;desc="([^"]*)")?$`)
	out := map[string]string{}
	for _, e := range strings.Split(h, ", ") {
		m := entry.FindStringSubmatch(e)
		if m == nil {
			t.Fatalf("malformed Server-Timing entry %q in %q", e, h)
		}
		out[m[1]] = m[2]
	}
	return out
}

// Every answer of a paid route says where its time went: the challenge,
// a refusal, a paid 2xx (pre-check, verify, settle), a handler failure and
// a speculative run.
func TestServerTiming(t *testing.T) {
	f := newFixture(t, nil)
	challenge := f.challenge(t, "/v1/paid/7")
	cases := []struct {
		name    string
		path    string
		header  func() string
		status  int
		want    []string          // phases present
		descs   map[string]string // phase -> description
		missing []string          // phases absent
	}{
		{name: "unpaid challenge", path: "/v1/paid/7", header: func() string { return "" }, status: http.StatusPaymentRequired,
			want: []string{"x402"}, descs: map[string]string{"x402": "payment required"}, missing: []string{"verify", "settle"}},
		{name: "refused by the pre-check", path: "/v1/paid/7", status: http.StatusPaymentRequired,
			header: func() string {
				payer := crypto.PubkeyToAddress(testKey(t).PublicKey).Hex()
				return signPayment(t, challenge, signing{key: otherKey(t), payload: func(p *x402.ExactEVMPayload) { p.Authorization.From = payer }})
			},
			want: []string{"precheck"}, missing: []string{"verify", "settle"},
			descs: map[string]string{"precheck": x402.ReasonInvalidSignature}},
		{name: "paid", path: "/v1/paid/7", status: http.StatusOK,
			header: func() string { return pay(t, testKey(t), challenge, nil) },
			want:   []string{"precheck", "verify", "settle"}},
		{name: "handler failed, not settled", path: "/v1/boom", status: http.StatusInternalServerError,
			header: func() string { return pay(t, testKey(t), f.challenge(t, "/v1/boom"), nil) },
			want:   []string{"precheck", "verify"}, missing: []string{"settle"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			headers := map[string]string{}
			if h := tc.header(); h != "" {
				headers[x402.HeaderPaymentSignature] = h
			}
			rec := f.do(http.MethodGet, tc.path, headers)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			got := phases(t, rec.Header().Get(servertiming.Header))
			for _, p := range tc.want {
				if _, ok := got[p]; !ok {
					t.Errorf("no %s phase in %v", p, got)
				}
			}
			for p, d := range tc.descs {
				if got[p] != d {
					t.Errorf("%s desc %q, want %q", p, got[p], d)
				}
			}
			for _, p := range tc.missing {
				if _, ok := got[p]; ok {
					t.Errorf("%s phase in %v", p, got)
				}
			}
		})
	}

	t.Run("speculative verify is labelled", func(t *testing.T) {
		f := newFixture(t, func(c *echox402.Config) {
			r := c.Routes["GET /v1/paid/:id"]
			r.Speculate = func(echo.Context) bool { return true }
			c.Routes["GET /v1/paid/:id"] = r
		})
		rec := f.do(http.MethodGet, "/v1/paid/7", map[string]string{x402.HeaderPaymentSignature: pay(t, testKey(t), f.challenge(t, "/v1/paid/7"), nil)})
		if got := phases(t, rec.Header().Get(servertiming.Header)); rec.Code != http.StatusOK || got["verify"] != "speculative" {
			t.Errorf("status %d, phases %v", rec.Code, got)
		}
	})

	t.Run("browsers may read it", func(t *testing.T) {
		found := false
		for _, h := range echox402.CORSExposeHeaders() {
			found = found || h == servertiming.Header
		}
		if !found {
			t.Error("Server-Timing is not in the CORS expose list")
		}
	})
}
