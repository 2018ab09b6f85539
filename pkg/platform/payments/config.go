// Package payments wires pkg/x402 into a service: the X402_* settings, the
// facilitator (a remote one, or the built-in one over JSON-RPC), the replay
// store on the service's cache store, payment metrics, CORS, and the bazaar
// discovery extension derived from the service's OpenAPI document.
package payments

import (
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

// DefaultRPCURL is Base mainnet's public JSON-RPC endpoint, used by the
// built-in facilitator when X402_RPC_URL is not set.
const DefaultRPCURL = x402.BasePublicRPC

// Config holds the payment settings.
type Config struct {
	PayTo             string   // X402_PAY_TO: receiving address (required)
	FacilitatorURL    string   // X402_FACILITATOR_URL: remote facilitator; empty = built-in
	FacilitatorToken  string   // X402_FACILITATOR_TOKEN: bearer token for the remote facilitator (secret)
	CDPKeyID          string   // CDP_API_KEY_ID: CDP key name, for the CDP facilitator
	CDPKeySecret      string   // CDP_API_KEY_SECRET: CDP secret key (secret)
	RPCURL            string   // X402_RPC_URL: JSON-RPC endpoint of the built-in facilitator
	SettlementKey     string   // X402_SETTLEMENT_KEY: hex key that sends settlements (secret)
	MaxTimeoutSeconds int      // X402_MAX_TIMEOUT_SECONDS: validity window offered in challenges
	TrustForwarded    bool     // TRUST_FORWARDED_HEADERS: resource URLs from X-Forwarded-Proto/Host
	CORSOrigins       []string // CORS_ALLOW_ORIGINS: comma-separated; default *
	// SkipPreCheck (X402_PRECHECK=false) leaves every check of a payment
	// to the facilitator, and turns speculation off. By default each
	// payment is checked locally (signature, payTo, amount, asset,
	// network, validity window) before the replay store and the
	// facilitator.
	SkipPreCheck bool
	// NoSpeculation (X402_SPECULATION=false) serves every route
	// verify-first, even those whose Price.Speculate allows speculation.
	NoSpeculation bool
	// FailureLimit refused payments per client address within
	// FailureWindow are allowed before 429 (X402_FAILURE_LIMIT, default
	// 20; X402_FAILURE_WINDOW, default 1m). In the struct, 0 means the
	// default and a negative value no limit (X402_FAILURE_LIMIT=0).
	FailureLimit  int
	FailureWindow time.Duration
	// SettleTimeout (X402_SETTLE_TIMEOUT, default 2m) bounds the built-in
	// facilitator's wait for a settlement's receipt; past it the
	// settlement is pending and the response is held for a retry with the
	// same payment (docs/payments.md, "Delivery by authorization").
	SettleTimeout time.Duration
	// Paywall (X402_PAYWALL, default true) answers a browser that opens a
	// paid GET route without a payment with the x402 paywall page instead
	// of the JSON challenge (echox402.Config.Paywall; docs/payments.md,
	// "Browsers: the paywall").
	Paywall bool
}

// docs describes the payment settings (docs/configuration.md).
var docs = map[string]string{
	"X402_PAY_TO": "required: the non-zero address that receives payments; a service without it refuses to start " +
		"(`make run` sets a dev one)",
	"X402_FACILITATOR_URL":     "remote x402 facilitator base URL; unset = the built-in facilitator",
	"X402_FACILITATOR_TOKEN":   "bearer token for the remote facilitator",
	"CDP_API_KEY_ID":           "Coinbase CDP key name for the CDP facilitator (per-request JWT); set with `CDP_API_KEY_SECRET`",
	"CDP_API_KEY_SECRET":       "Coinbase CDP secret key for the CDP facilitator; set with `CDP_API_KEY_ID`",
	"X402_RPC_URL":             "JSON-RPC endpoint of the built-in facilitator (Base mainnet by default)",
	"X402_SETTLEMENT_KEY":      "hex key that sends settlements for the built-in facilitator; required without `X402_FACILITATOR_URL`",
	"X402_MAX_TIMEOUT_SECONDS": "validity window offered in challenges, in seconds",
	"TRUST_FORWARDED_HEADERS": "resource URLs from `X-Forwarded-Proto/Host` (behind a trusted proxy only); also the client " +
		"address the refused-payment limiter counts under (`X-Forwarded-For`, `X-Real-IP`)",
	"X402_PRECHECK": "check each payment locally (signature, payTo, amount, asset, network, validity window) before the " +
		"replay store and the facilitator; false leaves every check to the facilitator and turns speculation off",
	"X402_SPECULATION": "run a handler while the facilitator verifies, on the routes that allow it (domain-qual: all; " +
		"company-intel: when the evidence is cached); false: verify first everywhere",
	"X402_FAILURE_LIMIT":  "refused payments per client address within `X402_FAILURE_WINDOW` before `429` (0 = no limit)",
	"X402_FAILURE_WINDOW": "window of `X402_FAILURE_LIMIT`, from the address's first refused payment",
	"X402_SETTLE_TIMEOUT": "how long the built-in facilitator waits for a settlement's receipt; past it the settlement " +
		"is pending and the response is held for a retry with the same payment",
	"CORS_ALLOW_ORIGINS": "allowed browser origins, comma-separated; payment headers are exposed",
	"X402_PAYWALL": "answer a browser (`Accept` with `text/html`, `User-Agent` with `Mozilla`) that opens a paid `GET` " +
		"route without a payment with the x402 paywall page (still `402` with `PAYMENT-REQUIRED`); false: the JSON " +
		"challenge for every client",
}

// Load reads the payment settings and records every problem in l.
func Load(l *config.Loader) Config {
	l.Describe(docs)
	c := Config{
		PayTo:             l.Address("X402_PAY_TO"),
		FacilitatorURL:    l.URL("X402_FACILITATOR_URL", "", "http", "https"),
		FacilitatorToken:  l.Secret("X402_FACILITATOR_TOKEN"),
		CDPKeyID:          l.String("CDP_API_KEY_ID", ""),
		CDPKeySecret:      l.Secret("CDP_API_KEY_SECRET"),
		RPCURL:            l.URL("X402_RPC_URL", DefaultRPCURL, "http", "https", "ws", "wss"),
		SettlementKey:     l.Secret("X402_SETTLEMENT_KEY"),
		MaxTimeoutSeconds: l.Int("X402_MAX_TIMEOUT_SECONDS", 300, 30, 3600),
		TrustForwarded:    l.Bool("TRUST_FORWARDED_HEADERS", false),
		SkipPreCheck:      !l.Bool("X402_PRECHECK", true),
		NoSpeculation:     !l.Bool("X402_SPECULATION", true),
		FailureLimit:      l.Int("X402_FAILURE_LIMIT", echox402.DefaultFailureLimit, 0, 100_000),
		FailureWindow:     l.Duration("X402_FAILURE_WINDOW", echox402.DefaultFailureWindow, time.Second, time.Hour),
		SettleTimeout:     l.Duration("X402_SETTLE_TIMEOUT", facilitator.DefaultSettleTimeout, time.Second, 10*time.Minute),
		Paywall:           l.Bool("X402_PAYWALL", true),
	}
	if c.FailureLimit == 0 {
		c.FailureLimit = -1 // no limit
	}
	for _, o := range strings.Split(l.String("CORS_ALLOW_ORIGINS", "*"), ",") {
		if o = strings.TrimSpace(o); o != "" {
			c.CORSOrigins = append(c.CORSOrigins, o)
		}
	}
	if c.PayTo == "" || common.HexToAddress(c.PayTo) == (common.Address{}) {
		l.Problem("X402_PAY_TO: required, the non-zero address that receives payments (`make run` sets a local dev one)")
	}
	if (c.CDPKeyID == "") != (c.CDPKeySecret == "") {
		l.Problem("CDP_API_KEY_ID and CDP_API_KEY_SECRET must be set together")
	}
	if c.FacilitatorURL == "" {
		if c.SettlementKey == "" {
			l.Problem("no facilitator: set X402_FACILITATOR_URL (a remote facilitator), or X402_SETTLEMENT_KEY " +
				"(and X402_RPC_URL, default " + DefaultRPCURL + ") for the built-in facilitator")
		} else if _, err := crypto.HexToECDSA(strings.TrimPrefix(c.SettlementKey, "0x")); err != nil {
			l.Problem("X402_SETTLEMENT_KEY: not a hex secp256k1 private key")
		}
	}
	return c
}
