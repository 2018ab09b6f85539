// Package paywall renders the official x402 paywall page (@x402/paywall's
// EVM build, embedded at build time, see assets/README.md) for a
// PaymentRequired: the page a browser gets instead of the JSON challenge.
// The page connects an injected wallet, shows the price, signs the EIP-3009
// authorization and retries the resource with PAYMENT-SIGNATURE.
//
// The route's challenge reaches the page as one JSON value assigned to
// window.x402 in a script inserted before </head>. It is encoded by
// encoding/json, whose HTML-safe escaping turns <, >, &, U+2028 and U+2029
// into \u escapes, so nothing a client put into the resource URL can end
// the script or the page's markup. Every answer carries a strict
// Content-Security-Policy: the page runs only its own inline scripts
// (allowed by their SHA-256 hashes, computed once per process) and this
// answer's configuration script, and talks only to its own origin and the
// network's public JSON-RPC endpoint.
package paywall

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"golang.org/x/net/html"

	"github.com/intel402/intel402/pkg/x402"
)

// templateFile is the page make webassets writes into assets/.
const templateFile = "assets/paywall-evm.html"

//go:embed assets
var assets embed.FS

// ErrNoAssets is returned by New when the binary was built without the
// page (make webassets writes it before make build).
var ErrNoAssets = errors.New("paywall: " + templateFile + " is not embedded (build after `make webassets`)")

// DefaultAppName is the application name wallets are shown when Options
// names none.
const DefaultAppName = "x402 Paywall"

// Options adjust New.
type Options struct {
	// AppName is the name the page gives wallets that show one (the
	// Coinbase Wallet connector). Default DefaultAppName.
	AppName string
}

// Paywall renders the page. It is safe for concurrent use.
type Paywall struct {
	page    *template
	appName string
}

// New returns the paywall, or an error wrapping ErrNoAssets when the page
// is not embedded, or saying why the embedded page cannot be served under
// its Content-Security-Policy.
func New(o Options) (*Paywall, error) {
	t, err := loadTemplate()
	if err != nil {
		return nil, err
	}
	if o.AppName == "" {
		o.AppName = DefaultAppName
	}
	return &Paywall{page: t, appName: o.AppName}, nil
}

// template is the embedded page, split where the configuration goes, with
// the hashes of its inline scripts and styles.
type template struct {
	head, rest   []byte // before and from </head>
	scriptHashes []string
	styleHashes  []string
}

// loadTemplate reads and analyses the embedded page once per process.
var loadTemplate = sync.OnceValues(func() (*template, error) { return readTemplate(assets) })

// readTemplate reads the page from fsys and analyses it.
func readTemplate(fsys fs.FS) (*template, error) {
	page, err := fs.ReadFile(fsys, templateFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoAssets
	}
	if err != nil {
		return nil, fmt.Errorf("paywall: %w", err)
	}
	return parseTemplate(page)
}

// parseTemplate splits page at its one </head> and hashes its inline
// scripts and styles as a browser sees them (the HTML tokenizer's reading
// of script data, newlines normalised). A page with an external script,
// an inline event handler, a style attribute or a javascript: URL could
// not run under the policy and is refused.
func parseTemplate(page []byte) (*template, error) {
	const headEnd = "</head>"
	at := bytes.Index(page, []byte(headEnd))
	if at < 0 || bytes.Count(page, []byte(headEnd)) != 1 {
		return nil, fmt.Errorf("paywall: %s: want exactly one %s", templateFile, headEnd)
	}
	t := &template{head: page[:at], rest: page[at:]}
	z := html.NewTokenizer(bytes.NewReader(page))
	var inside string // "script" or "style" while in one
	var text []byte
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if inside != "" {
				return nil, fmt.Errorf("paywall: %s: <%s> not closed", templateFile, inside)
			}
			if len(t.scriptHashes) == 0 {
				return nil, fmt.Errorf("paywall: %s: no inline script", templateFile)
			}
			return t, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			for _, a := range tok.Attr {
				if strings.HasPrefix(a.Key, "on") || a.Key == "style" || strings.HasPrefix(strings.TrimSpace(strings.ToLower(a.Val)), "javascript:") {
					return nil, fmt.Errorf("paywall: %s: <%s %s=…> cannot run under the page's policy", templateFile, tok.Data, a.Key)
				}
				if tok.Data == "script" && a.Key == "src" {
					return nil, fmt.Errorf("paywall: %s: external script %q", templateFile, a.Val)
				}
			}
			if (tok.Data == "script" || tok.Data == "style") && tt == html.StartTagToken {
				inside, text = tok.Data, text[:0]
			}
		case html.TextToken:
			if inside != "" {
				text = append(text, z.Text()...)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if inside != "" && string(name) == inside {
				if inside == "script" {
					t.scriptHashes = append(t.scriptHashes, hashSource(text))
				} else {
					t.styleHashes = append(t.styleHashes, hashSource(text))
				}
				inside = ""
			}
		}
	}
}

// hashSource is the CSP hash source of an inline script's or style's text.
func hashSource(text []byte) string {
	sum := sha256.Sum256(text)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// Config is what the page reads from window.x402, as the official server
// SDKs fill it (@x402/paywall's getPaywallHtml): the amount in whole token
// units for display, the challenge it pays, and the URL it retries with
// the payment. The pinned page reads no other field (the SDKs' chainConfig
// is unused by it, and left out).
type Config struct {
	Amount          json.Number          `json:"amount"`
	PaymentRequired x402.PaymentRequired `json:"paymentRequired"`
	Testnet         bool                 `json:"testnet"`
	CurrentURL      string               `json:"currentUrl"`
	AppName         string               `json:"appName"`
	AppLogo         string               `json:"appLogo"`
}

// ConfigPrefix and ConfigSuffix enclose the configuration's JSON in the
// inserted script.
const (
	ConfigPrefix = "window.x402 = "
	ConfigSuffix = ";"
)

// HTML renders the page for pr, which must offer an exact payment in an
// EIP-3009 token whose decimals are known (x402.KnownAsset), and returns it
// with the response headers it must be served with:
// Content-Security-Policy, X-Content-Type-Options and Referrer-Policy.
func (p *Paywall) HTML(pr x402.PaymentRequired) ([]byte, http.Header, error) {
	if len(pr.Accepts) == 0 {
		return nil, nil, errors.New("paywall: the challenge offers no payment")
	}
	req := pr.Accepts[0] // the page pays the first offer
	asset, ok := x402.KnownAsset(req.Network, req.Asset)
	if !ok {
		return nil, nil, fmt.Errorf("paywall: decimals of asset %s on %s unknown", req.Asset, req.Network)
	}
	atomic, ok := x402.ParseAtomic(req.Amount)
	if !ok {
		return nil, nil, fmt.Errorf("paywall: amount %q is not an atomic amount", req.Amount)
	}
	cfg, err := json.Marshal(Config{
		Amount:          json.Number(x402.FormatUnits(atomic, asset.Decimals)),
		PaymentRequired: pr,
		Testnet:         req.Network != x402.NetworkBase,
		CurrentURL:      pr.Resource.URL,
		AppName:         p.appName,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("paywall: encode the page's configuration: %w", err)
	}
	script := make([]byte, 0, len(ConfigPrefix)+len(cfg)+len(ConfigSuffix))
	script = append(append(append(script, ConfigPrefix...), cfg...), ConfigSuffix...)

	var b bytes.Buffer
	b.Grow(len(p.page.head) + len(script) + len(p.page.rest) + 32)
	b.Write(p.page.head)
	b.WriteString("<script>")
	b.Write(script)
	b.WriteString("</script>\n")
	b.Write(p.page.rest)

	h := http.Header{}
	h.Set("Content-Security-Policy", p.policy(hashSource(script), req.Network))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	return b.Bytes(), h, nil
}

// policy is the page's Content-Security-Policy:
//   - nothing by default (default-src 'none': no frames, workers, objects,
//     fonts, images or media from anywhere; the page needs none);
//   - scripts: only the page's own inline scripts and this answer's
//     configuration, by hash (no eval, no script from anywhere);
//   - styles: only the page's own inline style sheet, by hash;
//   - connect-src: 'self', for the paid retry of the resource, and the
//     network's public JSON-RPC endpoint, which the page reads the payer's
//     balance and the token's decimals through (viem's default transport
//     for the chain). An injected wallet (a browser extension) talks to its
//     own RPC outside the page's policy; the Coinbase Wallet option signs
//     in a keys.coinbase.com pop-up, reached by window.open and
//     postMessage, which connect-src does not govern; its telemetry
//     (cca-lite.coinbase.com) is not allowed;
//   - no <base>, no form submissions, never framed (clickjacking).
func (p *Paywall) policy(configHash, network string) string {
	connect := []string{"'self'"}
	if rpc := x402.PublicRPC(network); rpc != "" {
		connect = append(connect, origin(rpc))
	}
	directives := []string{
		"default-src 'none'",
		"script-src " + strings.Join(append(append([]string(nil), p.page.scriptHashes...), configHash), " "),
		"connect-src " + strings.Join(connect, " "),
	}
	if len(p.page.styleHashes) > 0 {
		directives = append(directives, "style-src "+strings.Join(p.page.styleHashes, " "))
	}
	directives = append(directives, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'")
	return strings.Join(directives, "; ")
}

// origin is scheme://host[:port] of an absolute URL.
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return raw
	}
	return u.Scheme + "://" + u.Host
}
