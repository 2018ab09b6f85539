package interop_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/contract"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// nodeTimeout bounds one run of pay.mjs (challenge, signing, settlement).
const nodeTimeout = 2 * time.Minute

// payResult is the JSON line pay.mjs prints.
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

// officialClient locates node and the repository root holding
// node_modules/@x402/fetch (the directory of go.work). Without them the
// test is skipped, or fails under CI=true.
func officialClient(t *testing.T) (node, root string) {
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
	return node, root
}

// runPay runs pay.mjs against url with body, signing with keyHex.
func runPay(t *testing.T, node, root, url, body, keyHex string) payResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), nodeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(root, "interop", "pay.mjs"), url, body)
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

// TestOfficialTypeScriptClient pays our service with the official x402 v2
// client (@x402/fetch wrapFetchWithPayment, @x402/evm ExactEvmScheme on
// eip155:*, a viem account) on a local chain, and checks delivery, the
// PAYMENT-RESPONSE it decodes, and the money on chain.
func TestOfficialTypeScriptClient(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and node")
	}
	node, root := officialClient(t)
	ch := paytest.StartChain(t, big.NewInt(10_000_000))
	payer := ch.Payer
	srv := paytest.StartServer(t, paytest.Env(ch.Anvil.RPCURL, ch.Payee.Hex(), x402test.DevKey0Hex), cache.NewMemory(1000), ch.SpendFirst())
	url := srv.URL + paytest.RouteSignals
	price, ok := new(big.Int).SetString(srv.Prices[paytest.RouteSignals].Atomic, 10)
	if !ok {
		t.Fatalf("price %q", srv.Prices[paytest.RouteSignals].Atomic)
	}
	// moved reports what left from and reached the payee during run.
	moved := func(t *testing.T, from common.Address, run func()) (paid, received *big.Int) {
		t.Helper()
		before := ch.Balances(t, from)
		run()
		return before.Moved(ch.Balances(t, from))
	}
	// sent returns the requests the service received during run.
	sent := func(run func()) []http.Header {
		n := len(srv.Received())
		run()
		return srv.Received()[n:]
	}
	used := func(t *testing.T, h http.Header) bool {
		t.Helper()
		from, nonce := paytest.AuthorizationOf(t, h.Get(x402.HeaderPaymentSignature))
		return ch.Used(t, from, nonce)
	}

	t.Run("pays exactly the price and is served", func(t *testing.T) {
		var res payResult
		var reqs []http.Header
		paid, received := moved(t, payer, func() {
			reqs = sent(func() {
				res = runPay(t, node, root, url, `{"company":"acme.com","lookbackDays":30}`, x402test.DevKey1Hex)
			})
		})
		if res.Status != http.StatusOK {
			t.Fatalf("official client got status %d: %s (payment response %+v)", res.Status, res.Body, res.PaymentResponse)
		}
		var body struct {
			Company struct{ Name string }
		}
		if err := json.Unmarshal(res.Body, &body); err != nil || body.Company.Name != "acme.com" {
			t.Errorf("body = %s (%v)", res.Body, err)
		}
		checkContract(t, url, res.Body)
		pr := res.PaymentResponse
		if pr == nil || !pr.Success || !regexp.MustCompile(`^0x[0-9a-f]{64}$`).MatchString(pr.Transaction) ||
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
		checkPreflight(t, url, append(added, "content-type"))
	})

	t.Run("handler 422 is not charged", func(t *testing.T) {
		var res payResult
		var reqs []http.Header
		paid, received := moved(t, payer, func() {
			reqs = sent(func() {
				res = runPay(t, node, root, url, `{"company":"`+paytest.NoEvidenceCompany+`"}`, x402test.DevKey1Hex)
			})
		})
		if res.Status != http.StatusUnprocessableEntity || res.PaymentResponse != nil {
			t.Fatalf("status %d, payment response %+v: %s", res.Status, res.PaymentResponse, res.Body)
		}
		if paid.Sign() != 0 || received.Sign() != 0 {
			t.Errorf("payer paid %s, payee received %s for a failed request", paid, received)
		}
		if len(reqs) != 2 || used(t, reqs[1]) {
			t.Error("authorization used on chain although the handler failed")
		}
	})

	t.Run("failed settlement reaches the client as success false", func(t *testing.T) {
		var res payResult
		var reqs []http.Header
		paid, received := moved(t, payer, func() {
			reqs = sent(func() {
				res = runPay(t, node, root, url, `{"company":"`+paytest.FrontRunCompany+`"}`, x402test.DevKey1Hex)
			})
		})
		if res.Status != http.StatusPaymentRequired {
			t.Fatalf("status %d, want 402: %s", res.Status, res.Body)
		}
		pr := res.PaymentResponse
		if pr == nil || pr.Success || pr.ErrorReason != x402.ReasonNonceAlreadyUsed || !strings.EqualFold(pr.Payer, payer.Hex()) {
			t.Errorf("PAYMENT-RESPONSE as the official client decodes it = %+v, want failure %s", pr, x402.ReasonNonceAlreadyUsed)
		}
		if strings.Contains(string(res.Body), paytest.FrontRunCompany) {
			t.Errorf("the handler's response leaked although settlement failed: %s", res.Body)
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
		var res payResult
		paid, received := moved(t, crypto.PubkeyToAddress(key.PublicKey), func() {
			res = runPay(t, node, root, url, `{"company":"acme.com"}`, hex.EncodeToString(crypto.FromECDSA(key)))
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
	contract.New(t, openapi.CompanyIntel).Check(t, req, http.StatusOK, h, body)
}
