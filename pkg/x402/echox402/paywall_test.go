package echox402_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"golang.org/x/net/html"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/paywall"
)

const (
	chromeUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"
	// chromeAccept is what Chromium sends when it navigates.
	chromeAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8"
)

func browser() map[string]string {
	return map[string]string{"Accept": chromeAccept, "User-Agent": chromeUA}
}

func TestIsBrowser(t *testing.T) {
	for _, tc := range []struct {
		name, accept, ua string
		want             bool
	}{
		{"Chromium navigating", chromeAccept, chromeUA, true},
		{"Firefox navigating", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
			"Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", true},
		{"html among others", "application/json, text/html", "Mozilla/5.0", true},
		{"browser fetch()", "*/*", chromeUA, false},
		{"JSON client with a browser UA", "application/json", chromeUA, false},
		{"curl", "*/*", "curl/8.14.1", false},
		{"curl asking for html", "text/html", "curl/8.14.1", false},
		{"no User-Agent", "text/html", "", false},
		{"no Accept", "", chromeUA, false},
		{"case-sensitive like the SDKs: mozilla", "text/html", "mozilla/5.0", false},
		{"case-sensitive like the SDKs: TEXT/HTML", "TEXT/HTML", chromeUA, false},
		{"Go client", "application/json", "Go-http-client/1.1", false},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if tc.accept != "" {
			r.Header.Set("Accept", tc.accept)
		}
		if tc.ua != "" {
			r.Header.Set("User-Agent", tc.ua)
		}
		if got := echox402.IsBrowser(r); got != tc.want {
			t.Errorf("%s: IsBrowser = %v, want %v", tc.name, got, tc.want)
		}
	}
	// Accept sent as two header lines reads as one list (RFC 9110 §5.3).
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Add("Accept", "application/json")
	r.Header.Add("Accept", "text/html")
	r.Header.Set("User-Agent", chromeUA)
	if !echox402.IsBrowser(r) {
		t.Error("Accept over two lines: not a browser")
	}
}

// realPaywall is the paywall of the embedded page (skipped under -short
// without it; see make webassets).
func realPaywall(t *testing.T) *paywall.Paywall {
	t.Helper()
	p, err := paywall.New(paywall.Options{})
	if errors.Is(err, paywall.ErrNoAssets) && testing.Short() {
		t.Skipf("%v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// paywallFixture is the fixture with p as its paywall and a paid POST
// route.
func paywallFixture(t *testing.T, p echox402.Paywall) *fixture {
	f := newFixture(t, func(c *echox402.Config) {
		c.Paywall = p
		c.Routes["POST /v1/post"] = echox402.Route{Amount: "250000"}
	})
	f.e.POST("/v1/post", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]string{"posted": "yes"}) })
	return f
}

// pageConfig reads the paywall page's configuration back.
func pageConfig(t *testing.T, page []byte) paywall.Config {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var first string
	var find func(n *html.Node) bool
	find = func(n *html.Node) bool {
		if n.Type == html.ElementNode && n.Data == "script" && n.FirstChild != nil {
			first = n.FirstChild.Data
			return true
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if find(c) {
				return true
			}
		}
		return false
	}
	find(doc)
	body, _ := strings.CutPrefix(first, paywall.ConfigPrefix)
	body, _ = strings.CutSuffix(body, paywall.ConfigSuffix)
	var cfg paywall.Config
	if err := json.Unmarshal([]byte(body), &cfg); err != nil {
		t.Fatalf("the page's first script is not its configuration (%v): %.100q", err, first)
	}
	return cfg
}

func TestPaywallPage(t *testing.T) {
	f := paywallFixture(t, realPaywall(t))
	rec := f.do(http.MethodGet, "/v1/paid/42?domain=example.com", browser())
	if rec.Code != http.StatusPaymentRequired {
		t.Fatalf("status %d", rec.Code)
	}
	h := rec.Header()
	if h.Get("Content-Type") != "text/html; charset=utf-8" || h.Get("Cache-Control") != "no-store" ||
		h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" ||
		!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("headers %v", h)
	}
	pr, err := x402.DecodePaymentRequired(h.Get(x402.HeaderPaymentRequired))
	if err != nil {
		t.Fatalf("PAYMENT-REQUIRED: %v", err)
	}
	cfg := pageConfig(t, rec.Body.Bytes())
	hb, _ := json.Marshal(pr)
	cb, _ := json.Marshal(cfg.PaymentRequired)
	if string(hb) != string(cb) {
		t.Errorf("the page pays another challenge than PAYMENT-REQUIRED:\n%s\n%s", cb, hb)
	}
	if pr.Error != echox402.MsgPaymentRequired || pr.Resource.URL != "http://example.com/v1/paid/42?domain=example.com" ||
		cfg.CurrentURL != pr.Resource.URL || cfg.Amount != "0.25" {
		t.Errorf("challenge %+v, config amount %s currentUrl %s", pr, cfg.Amount, cfg.CurrentURL)
	}
	if f.handled.Load() != 0 || f.fac.verifies.Load() != 0 {
		t.Error("handler or facilitator called for an unpaid request")
	}
}

// TestPaywallOnlyForBrowsersUnpaidGET: every other request gets exactly
// the answer it gets without a paywall.
func TestPaywallOnlyForBrowsersUnpaidGET(t *testing.T) {
	key := testKey(t)
	with := paywallFixture(t, realPaywall(t))
	without := paywallFixture(t, nil)
	for _, tc := range []struct {
		name, method, target string
		headers              func(f *fixture) map[string]string
	}{
		{"API client", http.MethodGet, "/v1/paid/1", func(*fixture) map[string]string {
			return map[string]string{"Accept": "application/json", "User-Agent": "Go-http-client/1.1"}
		}},
		{"no headers", http.MethodGet, "/v1/paid/1", func(*fixture) map[string]string { return nil }},
		{"browser fetch()", http.MethodGet, "/v1/paid/1", func(*fixture) map[string]string {
			return map[string]string{"Accept": "*/*", "User-Agent": chromeUA}
		}},
		{"browser POST", http.MethodPost, "/v1/post", func(*fixture) map[string]string { return browser() }},
		{"browser with an undecodable payment", http.MethodGet, "/v1/paid/1", func(*fixture) map[string]string {
			h := browser()
			h[x402.HeaderPaymentSignature] = "not_base64-url"
			return h
		}},
		{"browser with a payment for less", http.MethodGet, "/v1/paid/1", func(f *fixture) map[string]string {
			h := browser()
			h[x402.HeaderPaymentSignature] = pay(t, key, f.challenge(t, "/v1/paid/1"), func(r *x402.PaymentRequirements) { r.Amount = "1" })
			return h
		}},
		{"browser with an x402 v1 payment", http.MethodGet, "/v1/paid/1", func(*fixture) map[string]string {
			h := browser()
			h[x402.HeaderV1Payment] = "eyJ4NDAyVmVyc2lvbiI6MX0="
			return h
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, want := with.do(tc.method, tc.target, tc.headers(with)), without.do(tc.method, tc.target, tc.headers(without))
			if got.Code != http.StatusPaymentRequired || !strings.HasPrefix(got.Header().Get("Content-Type"), "application/json") {
				t.Fatalf("status %d, Content-Type %s: %.200s", got.Code, got.Header().Get("Content-Type"), got.Body)
			}
			if got.Body.String() != want.Body.String() || got.Header().Get(x402.HeaderPaymentRequired) != want.Header().Get(x402.HeaderPaymentRequired) {
				t.Errorf("answer differs from the one without a paywall:\n%s\n%s", got.Body, want.Body)
			}
			for _, k := range []string{"Content-Security-Policy", "Cache-Control"} {
				if v := got.Header().Get(k); v != "" {
					t.Errorf("%s: %s", k, v)
				}
			}
		})
	}
	t.Run("browser HEAD", func(t *testing.T) {
		with.e.HEAD("/v1/paid/:id", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
		rec := with.do(http.MethodHead, "/v1/paid/1", browser())
		if pr := decodeChallenge(t, rec); pr.Error != echox402.MsgHeadNotPaid || rec.Header().Get("Content-Security-Policy") != "" {
			t.Errorf("HEAD: %q, %v", pr.Error, rec.Header())
		}
	})
}

type failingPaywall struct{ calls int }

func (p *failingPaywall) HTML(x402.PaymentRequired) ([]byte, http.Header, error) {
	p.calls++
	return nil, nil, errors.New("decimals unknown")
}

func TestPaywallFailureKeepsJSON(t *testing.T) {
	var logs bytes.Buffer
	pw := &failingPaywall{}
	f := newFixture(t, func(c *echox402.Config) {
		c.Paywall = pw
		c.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	})
	pr := decodeChallenge(t, f.do(http.MethodGet, "/v1/paid/1", browser()))
	if pw.calls != 1 || pr.Error != echox402.MsgPaymentRequired {
		t.Errorf("paywall called %d times, challenge %+v", pw.calls, pr)
	}
	if !strings.Contains(logs.String(), `"level":"WARN","msg":"x402 paywall page not rendered; answering the JSON challenge"`) ||
		!strings.Contains(logs.String(), "decimals unknown") {
		t.Errorf("log: %s", logs.String())
	}
}

// TestPaywallHostileRequestTarget sends request targets with markup,
// a comment opener and line separators over a real connection: the page's
// configuration carries the resource URL exactly, as data.
func TestPaywallHostileRequestTarget(t *testing.T) {
	f := paywallFixture(t, realPaywall(t))
	srv := httptest.NewServer(f.e)
	t.Cleanup(srv.Close)
	for _, target := range []string{
		"/v1/paid/1?domain=</script><script>alert(1)</script>",
		"/v1/paid/%3C%2Fscript%3E?domain=%3C/script%3E%3C!--",
		"/v1/paid/1?domain=\u2028alert(1)\u2029&x=<!--<script>",
		`/v1/paid/1?domain="};alert(1);//&y='\`,
	} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: %s\r\nUser-Agent: %s\r\nConnection: close\r\n\r\n", target, chromeAccept, chromeUA)
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		conn.Close()
		if res.StatusCode != http.StatusPaymentRequired || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("%q: status %d %s", target, res.StatusCode, res.Header.Get("Content-Type"))
		}
		cfg := pageConfig(t, page)
		if want := "http://127.0.0.1" + target; cfg.CurrentURL != want || cfg.PaymentRequired.Resource.URL != want {
			t.Errorf("currentUrl %q, want %q", cfg.CurrentURL, want)
		}
		for _, bad := range []string{"<script>alert", "\u2028", "<!--<script>"} {
			if bytes.Contains(page, []byte(bad)) {
				t.Errorf("%q: the page holds %q", target, bad)
			}
		}
	}
}
