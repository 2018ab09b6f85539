package service_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"math/big"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/headless"
	"github.com/intel402/intel402/pkg/platform/headless/wallettest"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/evmchain"
	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// knownConsoleErrors are the console errors a successful payment through
// the paywall page shows, each explained; any other fails the test.
var knownConsoleErrors = []struct{ pattern, why string }{
	{`^network: Failed to load resource: the server responded with a status of 402 \(Payment Required\) {url}$`,
		"the page is the 402 answer itself (x402's challenge status, as the official SDKs answer); Chromium logs every non-2xx document"},
	{`^network: Failed to load resource: the server responded with a status of 400 \(Bad Request\) {base}/api/v1/domain/dns-audit$`,
		"the Coinbase Wallet SDK (the page's second wallet option, set up at load) probes HEAD origin+path, without the query, " +
			"for Cross-Origin-Opener-Policy; the route needs its query (domain), so the probe gets 400"},
	{`^console\.error: Error checking Cross-Origin-Opener-Policy: HTTP error! status: 400$`,
		"the same probe's own log line"},
	{`^security: Executing inline script violates the following Content Security Policy directive 'script-src [^']*('sha256-[A-Za-z0-9+/=]+' ?)+'\. ` +
		`Either the 'unsafe-inline' keyword, a hash \('sha256-NzvNrqk5jB9YZATwo5BF4JoRlJ02HsnFikbKXgEPdaQ='\), .* The action has been blocked\. {url}$`,
		"the Coinbase Wallet SDK inserts its telemetry loader (Coinbase analytics, the script of that hash in @x402/paywall " +
			"2.12.0) as an inline script at load; the page's policy refuses it on purpose (checked: window.ClientAnalytics stays undefined)"},
}

// TestPaywallPaysInBrowser opens the paid dns-audit route in headless
// Chromium, as a person would, with a test wallet (an EIP-1193 provider
// injected before the page's scripts, signing in Go with the dev payer's
// key) and pays through the official x402 paywall page on the local chain
// with the built-in facilitator: the page shows the JSON answer, the payer
// pays exactly the route's price, settled once. The page's reads of the
// chain go to https://mainnet.base.org (the chain's default RPC), answered
// by the local anvil (the test's stand-in for DNS); every other request
// must stay on 127.0.0.1.
func TestPaywallPaysInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and Chromium")
	}
	start := time.Now()
	ch := paytest.StartChain(t, big.NewInt(10_000_000))
	fac := serveFacilitator(t, ch)
	dns := dnstest.Start(t, zoneConfig())
	env := map[string]string{"DNS_RESOLVERS": dns.Addr(), "DNS_ATTEMPTS": "1", "DNS_QUERY_TIMEOUT": "500ms"}
	maps.Copy(env, paytest.Env(ch.Anvil.RPCURL, ch.Payee.Hex(), x402test.DevKey0Hex))
	env["X402_FACILITATOR_URL"] = fac.url
	base := apptest.Boot(t, service.Run, env)

	b, err := headless.Start(headless.Options{})
	if errors.Is(err, headless.ErrNoChromium) {
		t.Fatalf("%v: the browser test is part of make test (-short skips it)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	p, err := b.NewPage()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	w, err := wallettest.New(t.Context(), ch.PayerKey, ch.Anvil.RPCURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	if err := w.Install(p); err != nil {
		t.Fatal(err)
	}
	network, err := p.Route(map[string]string{x402.BasePublicRPC: ch.Anvil.RPCURL})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = network.Stop() })

	before := ch.Balances(t, ch.Payer)
	url := base + "/api/v1/domain/dns-audit?domain=tailwind-traders.com"
	if err := p.Open(url, "select", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	page := p.Page.Timeout(60 * time.Second)
	fail := func(format string, args ...any) {
		t.Helper()
		text := ""
		if v, err := p.Page.Eval(`() => document.body.innerText`); err == nil {
			text = v.Value.Str()
		}
		t.Fatalf(format+"\npage text: %s", append(args, text)...)
	}
	if status := evalString(t, p, `() => String(performance.getEntriesByType("navigation")[0].responseStatus)`); status != "402" {
		t.Fatalf("the paywall page came with status %s, want 402", status)
	}
	if got := evalString(t, p, `() => typeof window.ClientAnalytics`); got != "undefined" {
		t.Errorf("the Coinbase Wallet SDK's telemetry ran (window.ClientAnalytics is %s): the policy should refuse it", got)
	}

	// Connect the injected wallet.
	sel, err := page.Element("select")
	if err != nil {
		t.Fatal(err)
	}
	if err := sel.Select([]string{"Injected"}, true, rod.SelectorTypeText); err != nil {
		t.Fatalf("choose the injected wallet: %v", err)
	}
	if err := click(page, "button", "Connect wallet"); err != nil {
		fail("connect: %v", err)
	}
	// The balance, read through the chain's default RPC (the local chain).
	if err := click(page, "button.balance-button", "USD Coin"); err != nil {
		fail("show balance: %v", err)
	}
	if _, err := page.ElementR("button.balance-button", `^\$10 USD Coin$`); err != nil {
		fail("the balance shown is not the payer's 10 USDC: %v", err)
	}
	// Pay; the page then shows the paid answer.
	if err := click(page, "button", "Pay now"); err != nil {
		fail("pay: %v", err)
	}
	if err := page.Wait(rod.Eval(`() => location.protocol === "blob:" && document.body !== null && document.body.innerText.trim().startsWith("{")`)); err != nil {
		fail("the paid answer was not shown: %v", err)
	}
	var answer struct {
		Domain    string `json:"domain"`
		RiskScore *int   `json:"risk_score"`
	}
	if txt := evalString(t, p, `() => document.body.innerText`); json.Unmarshal([]byte(txt), &answer) != nil ||
		answer.Domain != "tailwind-traders.com" || answer.RiskScore == nil {
		t.Fatalf("the page shows %q, not the dns-audit answer", txt)
	}

	price, _ := new(big.Int).SetString(httpapi.AuditOp.Atomic, 10)
	paytest.CheckMoved(t, before, ch.Balances(t, ch.Payer), price)
	if s := fac.settlements(); len(s) != 1 || s[0].Amount != httpapi.AuditOp.Atomic || !strings.EqualFold(s[0].Payer, ch.Payer.Hex()) {
		t.Errorf("settlements %+v, want one of %s from %s", s, httpapi.AuditOp.Atomic, ch.Payer.Hex())
	}
	if n := count(w.Calls(), "eth_signTypedData_v4"); n != 1 {
		t.Errorf("the wallet signed %d times, want once (calls %v)", n, w.Calls())
	}
	checkRequests(t, ch, network.Requests(), url)
	checkConsole(t, p.Errors(), base, url)
	t.Logf("paid through the paywall in a browser in %s (chain, services and browser started)", time.Since(start).Round(time.Millisecond))
}

// checkRequests: every request the page made stayed on 127.0.0.1 except
// the chain reads mapped from the default RPC; the page retried the
// resource once with a PAYMENT-SIGNATURE whose authorization is used on
// chain.
func checkRequests(t *testing.T, ch *paytest.Chain, reqs []headless.Request, url string) {
	t.Helper()
	var paid []string
	mapped := 0
	for _, r := range reqs {
		switch {
		case r.Outcome == headless.Mapped && strings.HasPrefix(r.URL, x402.BasePublicRPC+"/"):
			mapped++
		case r.Outcome == headless.Loopback && strings.HasPrefix(r.URL, "http://127.0.0.1:"):
			if r.URL == url && r.Header.Get(x402.HeaderPaymentSignature) != "" {
				paid = append(paid, r.Header.Get(x402.HeaderPaymentSignature))
			}
		default:
			t.Errorf("request left 127.0.0.1: %s %s (%s)", r.Method, r.URL, r.Outcome)
		}
	}
	if mapped == 0 {
		t.Error("the page never read the chain through its default RPC")
	}
	if len(paid) != 1 {
		t.Fatalf("the page sent %d paid requests, want 1", len(paid))
	}
	if from, nonce := paytest.AuthorizationOf(t, paid[0]); from != ch.Payer || !ch.Used(t, from, nonce) {
		t.Errorf("the page's authorization from %s is not used on chain", from.Hex())
	}
}

// checkConsole fails on any console error not in knownConsoleErrors.
func checkConsole(t *testing.T, errs []string, base, url string) {
	t.Helper()
	known := make([]*regexp.Regexp, len(knownConsoleErrors))
	for i, k := range knownConsoleErrors {
		known[i] = regexp.MustCompile(strings.NewReplacer("{url}", regexp.QuoteMeta(url), "{base}", regexp.QuoteMeta(base)).Replace(k.pattern))
	}
next:
	for _, e := range errs {
		for i, re := range known {
			if re.MatchString(e) {
				t.Logf("known console error (%s): %s", knownConsoleErrors[i].why, e)
				continue next
			}
		}
		t.Errorf("console error: %s", e)
	}
}

// click waits for the element matching css whose text matches the regular
// expression text, until it is enabled, and clicks it.
func click(page *rod.Page, css, text string) error {
	el, err := page.ElementR(css, text)
	if err != nil {
		return err
	}
	if err := el.Wait(rod.Eval(`() => !this.disabled`)); err != nil {
		return err
	}
	return el.Click("left", 1)
}

func evalString(t *testing.T, p *headless.Page, js string) string {
	t.Helper()
	v, err := p.Page.Eval(js)
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v.Value.Str()
}

func count(list []string, s string) int {
	n := 0
	for _, v := range list {
		if v == s {
			n++
		}
	}
	return n
}

// settlingFacilitator is the built-in facilitator on the local chain,
// served over HTTP (X402_FACILITATOR_URL), counting its settlements.
type settlingFacilitator struct {
	x402.Facilitator
	url string

	mu      sync.Mutex
	settled []x402.SettleResponse
}

func serveFacilitator(t *testing.T, ch *paytest.Chain) *settlingFacilitator {
	t.Helper()
	chain, err := evmchain.Dial(t.Context(), ch.Anvil.RPCURL, ch.Anvil.Keys[0])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(chain.Close)
	local, err := facilitator.NewLocal(facilitator.LocalConfig{Chain: chain, Network: x402.NetworkBase, Signer: chain.SettlementAddress()})
	if err != nil {
		t.Fatal(err)
	}
	f := &settlingFacilitator{Facilitator: local}
	srv := httptest.NewServer(facilitator.Handler(f, nil))
	t.Cleanup(srv.Close)
	f.url = srv.URL
	return f
}

func (f *settlingFacilitator) Settle(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	sr, err := f.Facilitator.Settle(ctx, p, r)
	if err == nil && sr.Success {
		f.mu.Lock()
		f.settled = append(f.settled, sr)
		f.mu.Unlock()
	}
	return sr, err
}

func (f *settlingFacilitator) settlements() []x402.SettleResponse {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]x402.SettleResponse(nil), f.settled...)
}
