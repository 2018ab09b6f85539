package service_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
)

// nodeTimeout bounds one run of pay.mjs (challenge, signing, settlement).
const nodeTimeout = 2 * time.Minute

// payResult is the JSON line testdata/pay.mjs prints.
type payResult struct {
	Status          int             `json:"status"`
	Body            json.RawMessage `json:"body"`
	PaymentResponse *struct {
		Success     bool   `json:"success"`
		Transaction string `json:"transaction"`
		Network     string `json:"network"`
		Payer       string `json:"payer"`
		ErrorReason string `json:"errorReason"`
	} `json:"paymentResponse"`
}

// officialClient locates node, the repository root holding
// node_modules/@x402/fetch (the directory of go.work) and pay.mjs. Without
// them the test is skipped, or fails under CI=true.
func officialClient(t *testing.T) (node, root, script string) {
	t.Helper()
	unavailable := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...) + ": install Node.js and run `npm install --no-audit --no-fund` at the repository root"
		if os.Getenv("CI") == "true" {
			t.Fatal("interop: " + msg + " (CI=true: the interop test must run)")
		}
		t.Skip("interop: " + msg)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		unavailable("no node on PATH")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			root = dir
			break
		}
		if filepath.Dir(dir) == dir {
			unavailable("no go.work above %s", wd)
		}
	}
	for _, pkg := range []string{"@x402/fetch", "@x402/evm", "viem"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", pkg, "package.json")); err != nil {
			unavailable("%s is not installed in %s", pkg, filepath.Join(root, "node_modules"))
		}
	}
	// Node resolves pay.mjs's imports from its own directory upwards, so
	// it finds the root's node_modules.
	return node, root, filepath.Join(wd, "testdata", "pay.mjs")
}

// runPay runs pay.mjs against url with body, signing with keyHex.
func runPay(t *testing.T, node, root, script, url, body, keyHex string) payResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), nodeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script, url, body)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "X402_PRIVATE_KEY=0x"+keyHex)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node pay.mjs: %v\nstdout: %s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	var res payResult
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); err != nil {
		t.Fatalf("pay.mjs output is not one JSON line: %v\nstdout: %s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	return res
}

// recordingProxy forwards every request to the service unchanged (Host
// included) and keeps the headers of the POST requests, in arrival order:
// what the official client sent.
type recordingProxy struct {
	URL string

	mu       sync.Mutex
	requests []http.Header
}

// startRecordingProxy starts a recording proxy to base; it stops at
// cleanup.
func startRecordingProxy(t *testing.T, base string) *recordingProxy {
	t.Helper()
	target, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(target)
		r.Out.Host = r.In.Host
	}}
	p := &recordingProxy{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			p.mu.Lock()
			p.requests = append(p.requests, r.Header.Clone())
			p.mu.Unlock()
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// received returns the headers of the POST requests forwarded so far.
func (p *recordingProxy) received() []http.Header {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]http.Header(nil), p.requests...)
}

// lastPayment returns the PAYMENT-SIGNATURE of the latest POST forwarded.
func (p *recordingProxy) lastPayment() string {
	reqs := p.received()
	if len(reqs) == 0 {
		return ""
	}
	return reqs[len(reqs)-1].Get(x402.HeaderPaymentSignature)
}

// TestOfficialTypeScriptClient pays the real company-intel (over the
// fixture world) with the official x402 v2 client (@x402/fetch
// wrapFetchWithPayment, @x402/evm ExactEvmScheme on eip155:*, a viem
// account) on a local chain, and checks delivery, the PAYMENT-RESPONSE it
// decodes, and the money on chain. The client reaches the service through
// a recording proxy, which shows what it sent.
func TestOfficialTypeScriptClient(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil, the fixture world and node")
	}
	t.Parallel()
	node, root, script := officialClient(t)
	s := startPaidService(t, big.NewInt(10_000_000), nil)
	payer, price := s.Payer, s.price
	proxy := startRecordingProxy(t, s.base)
	url := proxy.URL + httpapi.PathSignals
	pay := func(t *testing.T, body, keyHex string) payResult {
		t.Helper()
		return runPay(t, node, root, script, url, body, keyHex)
	}
	// moved reports what left from and reached the payee during run.
	moved := func(t *testing.T, from common.Address, run func()) (paid, received *big.Int) {
		t.Helper()
		before := s.Balances(t, from)
		run()
		return before.Moved(s.Balances(t, from))
	}
	// sent returns the requests the service received during run.
	sent := func(run func()) []http.Header {
		n := len(proxy.received())
		run()
		return proxy.received()[n:]
	}
	used := func(t *testing.T, h http.Header) bool {
		t.Helper()
		from, nonce := paytest.AuthorizationOf(t, h.Get(x402.HeaderPaymentSignature))
		return s.Used(t, from, nonce)
	}

	t.Run("pays exactly the price and is served", func(t *testing.T) {
		var res payResult
		var reqs []http.Header
		paid, received := moved(t, payer, func() {
			reqs = sent(func() { res = pay(t, paidBody, x402test.DevKey1Hex) })
		})
		if res.Status != http.StatusOK {
			t.Fatalf("official client got status %d: %s (payment response %+v)", res.Status, res.Body, res.PaymentResponse)
		}
		var body struct {
			Company struct{ Domain string }
		}
		if err := json.Unmarshal(res.Body, &body); err != nil || body.Company.Domain != paidCompany {
			t.Errorf("body = %s (%v)", res.Body, err)
		}
		checkContract(t, url, res.Body)
		pr := res.PaymentResponse
		if pr == nil || !pr.Success || !txHash.MatchString(pr.Transaction) ||
			!strings.EqualFold(pr.Payer, payer.Hex()) || pr.Network != x402.NetworkBase {
			t.Errorf("PAYMENT-RESPONSE as the official client decodes it = %+v", pr)
		}
		if paid.Cmp(price) != 0 || received.Cmp(price) != 0 {
			t.Errorf("payer paid %s, payee received %s, want exactly %s", paid, received, price)
		}
		if len(reqs) != 2 || reqs[0].Get(x402.HeaderPaymentSignature) != "" || reqs[1].Get(x402.HeaderPaymentSignature) == "" {
			t.Fatalf("want an unpaid request then one paid retry, got %d requests", len(reqs))
		}
		from, _ := paytest.AuthorizationOf(t, reqs[1].Get(x402.HeaderPaymentSignature))
		if from != payer {
			t.Errorf("authorization from %s, want %s", from.Hex(), payer.Hex())
		}
		if !used(t, reqs[1]) {
			t.Error("authorizationState(payer, nonce) is false after the paid 200")
		}

		// A browser running the same client must pass CORS: every header
		// the client adds to the paid retry (plus the JSON content type)
		// has to be allowed by our preflight answer.
		var added []string
		for name := range reqs[1] {
			if _, ok := reqs[0][name]; !ok {
				added = append(added, strings.ToLower(name))
			}
		}
		checkPreflight(t, s.url, append(added, "content-type"))
	})

	t.Run("insufficient evidence (422) is not charged", func(t *testing.T) {
		var res payResult
		var reqs []http.Header
		paid, received := moved(t, payer, func() {
			reqs = sent(func() { res = pay(t, signalsBody(quietCompany(t, s.world), 90), x402test.DevKey1Hex) })
		})
		if res.Status != http.StatusUnprocessableEntity || res.PaymentResponse != nil {
			t.Fatalf("status %d, payment response %+v: %s", res.Status, res.PaymentResponse, res.Body)
		}
		if paid.Sign() != 0 || received.Sign() != 0 {
			t.Errorf("payer paid %s, payee received %s for a failed request", paid, received)
		}
		if len(reqs) != 2 || used(t, reqs[1]) {
			t.Error("authorization used on chain although the request failed")
		}
	})

	t.Run("failed settlement reaches the client as success false", func(t *testing.T) {
		// When research reaches Google News, the authorization of the paid
		// retry is spent on chain by someone else.
		frontRuns := s.frontRun(t, paidCompany, proxy.lastPayment)
		var res payResult
		var reqs []http.Header
		paid, received := moved(t, payer, func() {
			reqs = sent(func() { res = pay(t, frontRunBody, x402test.DevKey1Hex) })
		})
		if n := frontRuns.Load(); n != 1 {
			t.Fatalf("the authorization was front-run %d times, want 1", n)
		}
		if res.Status != http.StatusPaymentRequired {
			t.Fatalf("status %d, want 402: %s", res.Status, res.Body)
		}
		pr := res.PaymentResponse
		if pr == nil || pr.Success || pr.ErrorReason != x402.ReasonNonceAlreadyUsed || !strings.EqualFold(pr.Payer, payer.Hex()) {
			t.Errorf("PAYMENT-RESPONSE as the official client decodes it = %+v, want failure %s", pr, x402.ReasonNonceAlreadyUsed)
		}
		if bytes.Contains(res.Body, []byte(paidCompany)) || bytes.Contains(res.Body, []byte(`"signals"`)) {
			t.Errorf("the research leaked although settlement failed: %s", res.Body)
		}
		// The front-run moved the money once; the facilitator did not again.
		if paid.Cmp(price) != 0 || received.Cmp(price) != 0 {
			t.Errorf("payer paid %s, payee received %s, want exactly %s", paid, received, price)
		}
		if len(reqs) != 2 {
			t.Fatalf("want an unpaid request then one paid retry, got %d requests", len(reqs))
		}
	})

	t.Run("unfunded payer is refused with a fresh challenge", func(t *testing.T) {
		key, err := crypto.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		calls := s.world.Calls()
		var res payResult
		paid, received := moved(t, crypto.PubkeyToAddress(key.PublicKey), func() {
			res = pay(t, unansweredBody, hex.EncodeToString(crypto.FromECDSA(key)))
		})
		if res.Status != http.StatusPaymentRequired || res.PaymentResponse != nil {
			t.Fatalf("status %d, payment response %+v: %s", res.Status, res.PaymentResponse, res.Body)
		}
		var pr struct {
			X402Version int    `json:"x402Version"`
			Error       string `json:"error"`
		}
		if err := json.Unmarshal(res.Body, &pr); err != nil || pr.X402Version != 2 || pr.Error != x402.ReasonInsufficientBalance {
			t.Errorf("402 body = %s (%v), want a challenge with error %s", res.Body, err, x402.ReasonInsufficientBalance)
		}
		if paid.Sign() != 0 || received.Sign() != 0 {
			t.Errorf("payer paid %s, payee received %s", paid, received)
		}
		if got := s.world.Calls() - calls; got != 0 {
			t.Errorf("an unfunded payment made %d upstream calls", got)
		}
	})
}

// checkPreflight sends the CORS preflight a browser would send before a
// request carrying headers, and fails unless each one is allowed.
func checkPreflight(t *testing.T, url string, headers []string) {
	t.Helper()
	sort.Strings(headers)
	req, err := http.NewRequestWithContext(t.Context(), http.MethodOptions, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", "https://agent.example")
	req.Header.Set("Access-Control-Request-Method", http.MethodPost)
	req.Header.Set("Access-Control-Request-Headers", strings.Join(headers, ","))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	allowed := map[string]bool{}
	for _, v := range res.Header.Values("Access-Control-Allow-Headers") {
		for _, h := range strings.Split(v, ",") {
			allowed[strings.ToLower(strings.TrimSpace(h))] = true
		}
	}
	for _, h := range headers {
		if !allowed[h] {
			t.Errorf("preflight does not allow request header %q that the official client sends (Access-Control-Allow-Headers: %q)",
				h, res.Header.Values("Access-Control-Allow-Headers"))
		}
	}
}

// checkContract validates the delivered body against the OpenAPI document.
func checkContract(t *testing.T, url string, body []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	h := http.Header{"Content-Type": []string{"application/json"}}
	contracttest.New(t, openapi.CompanyIntel).Check(t, req, http.StatusOK, h, body)
}
