package paywall_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/paywall"
)

// newPaywall returns the paywall of the embedded page; without the page
// (built without make webassets) it fails, or skips under -short.
func newPaywall(t *testing.T, o paywall.Options) *paywall.Paywall {
	t.Helper()
	p, err := paywall.New(o)
	if errors.Is(err, paywall.ErrNoAssets) && testing.Short() {
		t.Skipf("%v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// hostile is a resource URL with query values that would end the script,
// open a comment or end a JavaScript line if put into the page unescaped.
const hostile = "http://127.0.0.1:8081/api/v1/domain/dns-audit?domain=</script><script>alert(1)</script>" +
	"&x=<!--<script>&y=\u2028alert(2)\u2029&z=\"'\\&amp;${1}"

func challenge(network, asset, amount, url string) x402.PaymentRequired {
	return x402.PaymentRequired{
		X402Version: x402.Version,
		Error:       "PAYMENT-SIGNATURE header is required",
		Resource:    x402.ResourceInfo{URL: url, Description: "Email-security audit </script>", MimeType: "application/json"},
		Accepts: []x402.PaymentRequirements{{Scheme: x402.SchemeExact, Network: network, Amount: amount, Asset: asset,
			PayTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", MaxTimeoutSeconds: 300,
			Extra: map[string]any{"name": "USD Coin", "version": "2"}}},
		Extensions: map[string]json.RawMessage{"bazaar": json.RawMessage(`{"info":{"input":{"type":"http","method":"GET","queryParams":{"domain":"<b>"}}}}`)},
	}
}

// elements returns the text of every element named tag in the page, as
// the HTML5 parsing algorithm builds the document.
func elements(t *testing.T, page []byte, tag string) []string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == tag {
			var b strings.Builder
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				b.WriteString(c.Data)
			}
			out = append(out, b.String())
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// sameJSON reports whether a and b encode the same JSON value.
func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	var va, vb any
	for _, p := range []struct {
		in  any
		out *any
	}{{a, &va}, {b, &vb}} {
		raw, err := json.Marshal(p.in)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, p.out); err != nil {
			t.Fatal(err)
		}
	}
	return reflect.DeepEqual(va, vb)
}

func TestHTMLHostileResource(t *testing.T) {
	p := newPaywall(t, paywall.Options{AppName: "intel402 domain-qual"})
	pr := challenge(x402.NetworkBase, x402.USDCBaseAddress, "1000", hostile)
	page, header, err := p.HTML(pr)
	if err != nil {
		t.Fatal(err)
	}
	template, _, err := newPaywall(t, paywall.Options{}).HTML(challenge(x402.NetworkBase, x402.USDCBaseAddress, "1000", "http://x/"))
	if err != nil {
		t.Fatal(err)
	}

	// The document has the template's scripts and one more, first: the
	// configuration; nothing of the URL became markup.
	scripts, plain := elements(t, page, "script"), elements(t, template, "script")
	if len(scripts) != len(plain) || len(scripts) < 2 {
		t.Fatalf("%d scripts in the page, %d with a plain URL", len(scripts), len(plain))
	}
	if !slices.Equal(scripts[1:], plain[1:]) {
		t.Fatal("the template's own scripts changed")
	}
	cfgText := scripts[0]
	for _, bad := range []string{"</script", "<!--", "<script", "\u2028", "\u2029"} {
		if strings.Contains(cfgText, bad) {
			t.Errorf("the configuration script holds %q unescaped", bad)
		}
	}
	body, prefixed := strings.CutPrefix(cfgText, paywall.ConfigPrefix)
	body, suffixed := strings.CutSuffix(body, paywall.ConfigSuffix)
	if !prefixed || !suffixed {
		t.Fatalf("configuration script %.80q… is not %q + JSON + %q", cfgText, paywall.ConfigPrefix, paywall.ConfigSuffix)
	}
	var cfg paywall.Config
	if err := json.Unmarshal([]byte(body), &cfg); err != nil {
		t.Fatalf("configuration is not JSON: %v", err)
	}
	if !sameJSON(t, cfg.PaymentRequired, pr) {
		t.Errorf("paymentRequired does not parse back to the challenge:\n got %+v\nwant %+v", cfg.PaymentRequired, pr)
	}
	if cfg.CurrentURL != hostile || cfg.PaymentRequired.Resource.URL != hostile {
		t.Errorf("currentUrl %q, want %q", cfg.CurrentURL, hostile)
	}
	if cfg.Amount != "0.001" || cfg.Testnet || cfg.AppName != "intel402 domain-qual" || cfg.AppLogo != "" {
		t.Errorf("config %+v: want amount 0.001, mainnet, the app name", cfg)
	}
	if n := len(elements(t, page, "head")); n != 1 || !strings.Contains(string(page), "<script>"+cfgText+"</script>\n</head>") {
		t.Error("the configuration is not the last thing in <head>")
	}

	// The policy allows exactly the page's scripts and style, by hash.
	policy := directives(header.Get("Content-Security-Policy"))
	var want []string
	for _, s := range scripts[1:] {
		want = append(want, hash(s))
	}
	want = append(want, hash(cfgText))
	if got := policy["script-src"]; !slices.Equal(got, want) {
		t.Errorf("script-src %v, want the page's scripts' hashes %v", got, want)
	}
	var styles []string
	for _, s := range elements(t, page, "style") {
		styles = append(styles, hash(s))
	}
	if got := policy["style-src"]; len(styles) == 0 || !slices.Equal(got, styles) {
		t.Errorf("style-src %v, want %v", got, styles)
	}
	for name, want := range map[string][]string{
		"default-src": {"'none'"}, "connect-src": {"'self'", "https://mainnet.base.org"},
		"base-uri": {"'none'"}, "form-action": {"'none'"}, "frame-ancestors": {"'none'"},
	} {
		if got := policy[name]; !slices.Equal(got, want) {
			t.Errorf("%s %v, want %v", name, got, want)
		}
	}
	if len(policy) != 7 {
		t.Errorf("policy has %d directives: %v", len(policy), policy)
	}
	if header.Get("X-Content-Type-Options") != "nosniff" || header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("headers %v", header)
	}
	// The pinned page does not read the official SDKs' chainConfig, which
	// is left out of the configuration.
	if bytes.Contains(template, []byte("chainConfig")) {
		t.Error("the page reads window.x402.config.chainConfig: fill it")
	}
}

func TestHTMLAmountsAndNetworks(t *testing.T) {
	p := newPaywall(t, paywall.Options{})
	for _, tc := range []struct {
		network, asset, amount string
		display                string
		testnet                bool
		rpc                    string
	}{
		{x402.NetworkBase, x402.USDCBaseAddress, "100", "0.0001", false, "https://mainnet.base.org"},
		{x402.NetworkBase, strings.ToLower(x402.USDCBaseAddress), "5000", "0.005", false, "https://mainnet.base.org"},
		{x402.NetworkBase, x402.USDCBaseAddress, "250000", "0.25", false, "https://mainnet.base.org"},
		{x402.NetworkBase, x402.USDCBaseAddress, "12345678901234567890123", "12345678901234567.890123", false, "https://mainnet.base.org"},
		{x402.NetworkBaseSepolia, x402.USDCBaseSepoliaAddress, "10000", "0.01", true, "https://sepolia.base.org"},
	} {
		page, header, err := p.HTML(challenge(tc.network, tc.asset, tc.amount, "http://127.0.0.1/r"))
		if err != nil {
			t.Fatalf("%s on %s: %v", tc.amount, tc.network, err)
		}
		body, _ := strings.CutPrefix(elements(t, page, "script")[0], paywall.ConfigPrefix)
		body, _ = strings.CutSuffix(body, paywall.ConfigSuffix)
		// The amount is a JSON number written exactly, as the page expects.
		var raw struct {
			Amount  json.RawMessage `json:"amount"`
			Testnet bool            `json:"testnet"`
		}
		if err := json.Unmarshal([]byte(body), &raw); err != nil || string(raw.Amount) != tc.display || raw.Testnet != tc.testnet {
			t.Errorf("%s atomic on %s: amount %s testnet %v (%v), want %s %v", tc.amount, tc.network, raw.Amount, raw.Testnet, err, tc.display, tc.testnet)
		}
		if got := directives(header.Get("Content-Security-Policy"))["connect-src"]; !slices.Equal(got, []string{"'self'", tc.rpc}) {
			t.Errorf("%s: connect-src %v", tc.network, got)
		}
	}
}

func TestHTMLRefuses(t *testing.T) {
	p := newPaywall(t, paywall.Options{})
	none := challenge(x402.NetworkBase, x402.USDCBaseAddress, "1000", "http://x/")
	none.Accepts = nil
	for name, pr := range map[string]x402.PaymentRequired{
		"no offer":       none,
		"unknown asset":  challenge(x402.NetworkBase, "0x0000000000000000000000000000000000000001", "1000", "http://x/"),
		"wrong network":  challenge(x402.NetworkBaseSepolia, x402.USDCBaseAddress, "1000", "http://x/"),
		"not an integer": challenge(x402.NetworkBase, x402.USDCBaseAddress, "0.5", "http://x/"),
	} {
		if _, _, err := p.HTML(pr); err == nil {
			t.Errorf("%s: rendered", name)
		}
	}
}

// directives splits a Content-Security-Policy into its directives.
func directives(policy string) map[string][]string {
	out := map[string][]string{}
	for _, d := range strings.Split(policy, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			out[f[0]] = f[1:]
		}
	}
	return out
}

func hash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}
