package service_test

import (
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
	"github.com/intel402/intel402/services/company-intel/internal/service"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// paidService is company-intel booted by service.Run over a fixture world,
// charging for signals through the built-in facilitator on a local chain
// (anvil with the dev EIP-3009 token at USDC's Base address).
type paidService struct {
	*paytest.Chain
	world *sourcetest.World
	base  string // http://127.0.0.1:port
	url   string // POST /v1/company/signals
	// price of signals, as the OpenAPI document announces it.
	price *big.Int
	// redis is the replay store of the service when the test can read it
	// too (REDIS_URL); nil when the service keeps it in process.
	redis cache.Store
}

// startPaidService starts a chain with mint atomic units for the payer, a
// fixture world and the service over both; env adds to (or overrides) the
// service's environment. Everything stops at cleanup.
func startPaidService(t *testing.T, mint *big.Int, env map[string]string) *paidService {
	t.Helper()
	ch := paytest.StartChain(t, mint)
	w := sourcetest.StartWorld(t, time.Now().UTC())
	all := w.Env()
	maps.Copy(all, paytest.Env(ch.Anvil.RPCURL, ch.Payee.Hex(), x402test.DevKey0Hex))
	maps.Copy(all, env)
	base := apptest.Boot(t, service.Run, all)
	return &paidService{Chain: ch, world: w, base: base, url: base + httpapi.PathSignals, price: signalsPrice(t)}
}

// signalsPrice is the x-price-atomic of signals in the OpenAPI document: a
// test expects the service to charge what the contract announces.
func signalsPrice(t *testing.T) *big.Int { return priceOf(t, httpapi.PathSignals) }

// priceOf is the x-price-atomic of the POST operation at path in the
// OpenAPI document.
func priceOf(t *testing.T, path string) *big.Int {
	t.Helper()
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	prices, err := paytest.PricesFromDoc(doc, path)
	if err != nil {
		t.Fatal(err)
	}
	n, ok := x402.ParseAtomic(prices[0].Atomic)
	if !ok {
		t.Fatalf("price of %s: %q", path, prices[0].Atomic)
	}
	return n
}

// signalsBody is a signals request for a company's domain.
func signalsBody(domain string, lookbackDays int) string {
	return fmt.Sprintf(`{"company":%q,"lookbackDays":%d}`, domain, lookbackDays)
}

// researches counts the gatherings of evidence the service has run past
// its caches: each asks the Google News fake exactly once.
func (s *paidService) researches() int { return s.world.GoogleNews().Calls() }

// frontRun arms the world's Google News fake: when research for the
// company at domain reaches it, the authorization of the PAYMENT-SIGNATURE
// header returns is spent on chain first (once), so that the service's
// settlement of it fails after research completes. It returns how many
// times the front-run happened; it is disarmed at cleanup.
func (s *paidService) frontRun(t *testing.T, domain string, header func() string) *atomic.Int32 {
	t.Helper()
	co, ok := s.world.Company(domain)
	if !ok {
		t.Fatalf("no company at %s in the fixture world", domain)
	}
	name := strings.ToLower(co.Name)
	spend := s.SpendFirst()
	var once sync.Once
	n := new(atomic.Int32)
	s.world.GoogleNews().OnRequest(func(r *http.Request) {
		if !strings.Contains(strings.ToLower(r.URL.Query().Get("q")), name) {
			return
		}
		once.Do(func() {
			if err := spend(t.Context(), header()); err != nil {
				t.Errorf("front-run: %v", err)
				return
			}
			n.Add(1)
		})
	})
	t.Cleanup(func() { s.world.GoogleNews().OnRequest(nil) })
	return n
}

// e2eClient sends requests to the service and checks every response it
// gets against the OpenAPI document.
type e2eClient struct {
	http     *http.Client
	contract *contracttest.Validator
}

func newE2EClient(t *testing.T) *e2eClient {
	return &e2eClient{http: &http.Client{Timeout: 2 * time.Minute}, contract: contracttest.New(t, openapi.CompanyIntel)}
}

// reply is a response read whole.
type reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// post sends body to url, with a PAYMENT-SIGNATURE when paymentHeader is
// set. Safe for concurrent use.
func (c *e2eClient) post(t *testing.T, url, body, paymentHeader string) reply {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if paymentHeader != "" {
		req.Header.Set(x402.HeaderPaymentSignature, paymentHeader)
	}
	return c.do(t, req, c.http)
}

func (c *e2eClient) do(t *testing.T, req *http.Request, hc *http.Client) reply {
	t.Helper()
	res, err := hc.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", req.Method, req.URL, err)
		return reply{}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Errorf("%s %s: read body: %v", req.Method, req.URL, err)
	}
	c.contract.Check(t, req, res.StatusCode, res.Header, b)
	return reply{Status: res.StatusCode, Header: res.Header, Body: b}
}

// challenge fetches the 402 challenge of an unpaid request.
func (c *e2eClient) challenge(t *testing.T, url, body string) x402.PaymentRequired {
	t.Helper()
	r := c.post(t, url, body, "")
	if r.Status != http.StatusPaymentRequired {
		t.Fatalf("unpaid request: status %d, want 402: %s", r.Status, r.Body)
	}
	pr, err := x402.DecodePaymentRequired(r.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		t.Fatalf("PAYMENT-REQUIRED: %v", err)
	}
	return pr
}

// signed answers the challenge of url with a fresh exact-EVM payment
// signed by key, as the Go client would, and returns the header value.
func (c *e2eClient) signed(t *testing.T, key *ecdsa.PrivateKey, url, body string) string {
	t.Helper()
	pr := c.challenge(t, url, body)
	if len(pr.Accepts) != 1 {
		t.Fatalf("challenge offers %d requirements, want 1", len(pr.Accepts))
	}
	p, err := client.SignExact(key, pr.Accepts[0], pr, time.Now(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	h, err := x402.EncodeHeader(p)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// replayKey is the reservation key echox402 documents for an
// authorization: x402:auth:<lower(from)>:<lower(nonce)>.
func replayKey(from common.Address, nonce [32]byte) string {
	return "x402:auth:" + strings.ToLower(from.Hex()) + ":" + strings.ToLower(hexutil.Encode(nonce[:]))
}

// reserved reports whether the replay store holds the reservation of an
// authorization, without disturbing it.
func reserved(t *testing.T, store cache.Store, from common.Address, nonce [32]byte) bool {
	t.Helper()
	key := replayKey(from, nonce)
	fresh, err := store.Reserve(t.Context(), key, time.Minute)
	if err != nil {
		t.Fatalf("replay store: %v", err)
	}
	if fresh {
		if err := store.Release(t.Context(), key); err != nil {
			t.Fatalf("replay store: %v", err)
		}
	}
	return !fresh
}

// recordingTransport remembers the PAYMENT-SIGNATURE of the requests it
// forwards, so a test can replay what the Go client sent.
type recordingTransport struct {
	base http.RoundTripper

	mu      sync.Mutex
	headers []string
}

func (r *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if h := req.Header.Get(x402.HeaderPaymentSignature); h != "" {
		r.mu.Lock()
		r.headers = append(r.headers, h)
		r.mu.Unlock()
	}
	return r.base.RoundTrip(req)
}

func (r *recordingTransport) sent() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.headers...)
}

// settlementOf decodes the PAYMENT-RESPONSE of a reply.
func settlementOf(t *testing.T, r reply) x402.SettleResponse {
	t.Helper()
	h := r.Header.Get(x402.HeaderPaymentResponse)
	if h == "" {
		t.Fatalf("status %d without PAYMENT-RESPONSE: %s", r.Status, r.Body)
	}
	s, err := x402.DecodeSettleResponse(h)
	if err != nil {
		t.Fatalf("PAYMENT-RESPONSE: %v", err)
	}
	return s
}

// errorCode returns error.code of an envelope body.
func errorCode(t *testing.T, body []byte) string {
	t.Helper()
	var env struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("not an error envelope: %v: %s", err, body)
	}
	return env.Error.Code
}

// challengeError returns the error of a 402 reply's PAYMENT-REQUIRED.
func challengeError(t *testing.T, r reply) string {
	t.Helper()
	pr, err := x402.DecodePaymentRequired(r.Header.Get(x402.HeaderPaymentRequired))
	if err != nil {
		t.Fatalf("status %d: PAYMENT-REQUIRED: %v: %s", r.Status, err, r.Body)
	}
	return pr.Error
}
