package payments_test

import (
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/contract"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
)

// e2eClient sends requests to a paytest.Server and checks every response it
// gets against the OpenAPI document (where the document describes it).
type e2eClient struct {
	http     *http.Client
	contract *contract.Validator
}

func newE2EClient(t *testing.T) *e2eClient {
	return &e2eClient{http: &http.Client{Timeout: 2 * time.Minute}, contract: contract.New(t, openapi.CompanyIntel)}
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
	// The document describes every status of the paid operations except
	// 500, which must never happen and so is not part of the contract.
	if res.StatusCode != http.StatusInternalServerError {
		c.contract.Check(t, req, res.StatusCode, res.Header, b)
	}
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
