// Package echox402 is echo v4 middleware that charges for routes with x402
// v2 payments: it answers unpaid requests 402 with a PAYMENT-REQUIRED
// challenge, checks PAYMENT-SIGNATURE locally (refusing a forged or
// mismatched payment before any facilitator call) and then through a
// facilitator, runs the handler into a buffer (optionally while the
// facilitator verifies), settles only when the handler succeeded, and only
// then delivers the response with a PAYMENT-RESPONSE header. Client
// addresses whose payments keep being refused are answered 429 for a while.
// A browser that opens a paid GET route without a payment can be answered
// with the x402 paywall page instead of the JSON challenge (Config.Paywall,
// package paywall).
package echox402

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/intel402/intel402/pkg/x402"
)

// challengeHeadroom is left in PAYMENT-REQUIRED for the resource URL and
// the error message when route challenges are sized at configuration time.
const challengeHeadroom = 4 << 10

// DefaultMaxTimeoutSeconds is the default maxTimeoutSeconds of a challenge.
const DefaultMaxTimeoutSeconds = 300

// DefaultSettleTimeout bounds one settlement (send and receipt wait).
const DefaultSettleTimeout = 150 * time.Second

// ReplayMargin is added to an authorization's remaining validity when
// reserving it in the ReplayStore; MaxReplayTTL caps the reservation.
const (
	ReplayMargin = time.Minute
	MaxReplayTTL = 24 * time.Hour
)

// ReplayStore reserves authorizations so that one authorization is served
// at most once, across replicas when the store is shared (Redis SET NX).
type ReplayStore interface {
	// Reserve sets key if it is absent, with the given TTL, and reports
	// whether it did.
	Reserve(ctx context.Context, key string, ttl time.Duration) (bool, error)
	// Release deletes key.
	Release(ctx context.Context, key string) error
}

// Bazaar is the discovery extension put in extensions.bazaar of every
// challenge of a route. Info and Schema are supplied by the caller as JSON.
type Bazaar struct {
	Info   json.RawMessage `json:"info"`
	Schema json.RawMessage `json:"schema"`
}

// Route is the price and description of one paid route.
type Route struct {
	// Amount is the price in the asset's atomic units, e.g. "250000" for
	// 0.25 USDC.
	Amount      string
	Description string
	MimeType    string
	Discovery   *Bazaar
	// Speculate, when it returns true for a request whose payment passed
	// the local pre-check and whose authorization was reserved, runs the
	// handler (into the buffer, as always) concurrently with the
	// facilitator's verify instead of after it. Its output is released only
	// once verify and settlement both succeeded; a failed verify cancels the
	// handler's request context and discards whatever it wrote. Use it where
	// the work is cheap to waste (a rejected payment wastes it) and return
	// false where it spends money. nil: never. Speculation needs the
	// pre-check, so SkipPreCheck turns it off.
	Speculate func(c echo.Context) bool
}

// Config configures the middleware. Every field is documented; zero
// optional fields take defaults in ToMiddleware.
type Config struct {
	// Skipper skips the middleware for a request (default: never).
	Skipper middleware.Skipper
	// Routes maps "METHOD /echo/route/path" (c.Path(), e.g.
	// "POST /v1/deal-brief") to its price. Unlisted routes are free.
	Routes map[string]Route
	// PayTo is the receiving address. Required.
	PayTo string
	// Network is the CAIP-2 network (default x402.NetworkBase).
	Network string
	// Asset is the token address; AssetName and AssetVersion its EIP-712
	// domain. Defaults: USDC of Network when it is Base or Base Sepolia.
	Asset        string
	AssetName    string
	AssetVersion string
	// MaxTimeoutSeconds of the challenge (default 300).
	MaxTimeoutSeconds int
	// Facilitator verifies and settles. Required.
	Facilitator x402.Facilitator
	// Replay reserves authorizations before verification. Required; use
	// NewMemoryReplayStore for a single process.
	Replay ReplayStore
	// Held keeps the responses withheld while a settlement's outcome is
	// unknown, for delivery on a retry with the same payment (default:
	// Replay when it is a HeldStore, else an in-process store).
	Held HeldStore
	// Logger (default: discard). Payloads and signatures are never logged.
	Logger *slog.Logger
	// TrustForwardedHeaders derives the resource URL's scheme and host
	// from X-Forwarded-Proto / X-Forwarded-Host. Enable only behind a
	// proxy that sets them.
	TrustForwardedHeaders bool
	// SettleTimeout bounds a settlement, which runs to a definite answer
	// even when the client goes away (default DefaultSettleTimeout).
	SettleTimeout time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time

	// SkipPreCheck turns off the local pre-check. By default every decoded
	// payment is checked locally (exact.Check: scheme, network and chain
	// id, asset, amount, payTo, EIP-712 domain, validity window, nonce
	// format, and a 65-byte signature must recover to authorization.from)
	// before the replay store or the facilitator is touched; a payment that
	// fails is answered 402 with the reason. Longer signatures (EIP-1271
	// contract wallets, ERC-6492) pass on to the facilitator; a contract
	// wallet whose EIP-1271 signature is exactly 65 bytes (a 1-of-1 Safe)
	// is refused, so set SkipPreCheck to serve such payers.
	SkipPreCheck bool

	// FailureLimit is how many refused payments one client address may
	// send within FailureWindow. Refused means undecodable, matching no
	// offer, failing the pre-check, or rejected by the facilitator's
	// verify; a replayed authorization, an unreachable facilitator and a
	// failed settlement do not count. Past the limit, every request of
	// that address carrying a PAYMENT-SIGNATURE is answered 429 (an *Error
	// with CodePaymentFailuresRateLimited and a Retry-After header) until
	// the window ends, without being decoded. A request without a payment
	// is never limited. 0: DefaultFailureLimit; negative: no limit.
	FailureLimit int
	// FailureWindow is the window of FailureLimit, starting at an address's
	// first refused payment (default DefaultFailureWindow).
	FailureWindow time.Duration
	// FailureClients bounds the addresses tracked (default
	// DefaultFailureClients); the least recently refused are forgotten
	// first. The client address is echo's c.RealIP() when
	// TrustForwardedHeaders is set or the echo instance has an
	// IPExtractor, else the connection's remote address; IPv6 addresses
	// are counted per /64.
	FailureClients int

	// Paywall, if set, renders the page a browser gets instead of the JSON
	// challenge when it opens a paid GET route without a payment (the
	// official x402 server SDKs' paywall): IsBrowser tells a browser by the
	// SDKs' rule. The answer is still 402 with PAYMENT-REQUIRED. A request
	// carrying a payment (valid or not), any other method, and any other
	// client keep the JSON challenge. nil: no paywall.
	Paywall Paywall

	// Observe, if set, is told of every payment the middleware itself
	// refuses before the facilitator (for metrics): OutcomePreCheckRefused
	// or OutcomeRateLimited, with the route key ("METHOD /path").
	Observe func(ctx context.Context, route, outcome string)
}

// Paywall renders the paywall page for a challenge (package paywall), with
// the response headers the page must be served with (its
// Content-Security-Policy and the like).
type Paywall interface {
	HTML(pr x402.PaymentRequired) (body []byte, header http.Header, err error)
}

// Outcomes passed to Config.Observe.
const (
	OutcomePreCheckRefused = "precheck_refused"
	OutcomeRateLimited     = "rate_limited"
	// OutcomeSettlementPending: a settlement's outcome stayed unknown and
	// the response was held; OutcomeHeldDelivered: a held response was
	// delivered on a retry once its transfer was confirmed.
	OutcomeSettlementPending = "settlement_pending"
	OutcomeHeldDelivered     = "held_delivered"
)

// Defaults of the failure limiter: 20 refused payments per client address
// and minute, 10,000 addresses tracked.
const (
	DefaultFailureLimit   = 20
	DefaultFailureWindow  = time.Minute
	DefaultFailureClients = 10_000
)

// WithConfig returns the middleware or panics if cfg is invalid, the echo
// way: it panics while building the middleware, never on a request.
func WithConfig(cfg Config) echo.MiddlewareFunc {
	mw, err := cfg.ToMiddleware()
	if err != nil {
		panic(err)
	}
	return mw
}

// ToMiddleware validates cfg, fills defaults and returns the middleware.
func (cfg Config) ToMiddleware() (echo.MiddlewareFunc, error) {
	if err := cfg.fill(); err != nil {
		return nil, err
	}
	m := &payMiddleware{cfg: cfg, offers: make(map[string]offer, len(cfg.Routes))}
	if cfg.FailureLimit > 0 {
		m.failures = newFailureLimiter(cfg.FailureLimit, cfg.FailureWindow, cfg.FailureClients, cfg.Now)
	}
	for key, r := range cfg.Routes {
		o := offer{route: r, req: x402.PaymentRequirements{
			Scheme: x402.SchemeExact, Network: cfg.Network, Amount: r.Amount, Asset: cfg.Asset, PayTo: cfg.PayTo,
			MaxTimeoutSeconds: cfg.MaxTimeoutSeconds,
			Extra:             map[string]any{"name": cfg.AssetName, "version": cfg.AssetVersion},
		}}
		pr, err := o.paymentRequired("", "")
		if err != nil {
			return nil, fmt.Errorf("echox402: route %q: %w", key, err)
		}
		h, err := x402.EncodeHeader(pr)
		if err != nil {
			return nil, fmt.Errorf("echox402: route %q: %w", key, err)
		}
		if len(h) > x402.MaxPaymentRequiredHeader-challengeHeadroom {
			return nil, fmt.Errorf("echox402: route %q: PAYMENT-REQUIRED would be %d bytes before the URL and error; keep it under %d (description and discovery too large)",
				key, len(h), x402.MaxPaymentRequiredHeader-challengeHeadroom)
		}
		m.offers[key] = o
	}
	return m.handle, nil
}

func (cfg *Config) fill() error {
	var errs []error
	if cfg.Skipper == nil {
		cfg.Skipper = middleware.DefaultSkipper
	}
	if cfg.Network == "" {
		cfg.Network = x402.NetworkBase
	}
	if _, err := x402.EVMChainID(cfg.Network); err != nil {
		errs = append(errs, err)
	}
	if cfg.Asset == "" {
		switch cfg.Network {
		case x402.NetworkBase:
			cfg.Asset = x402.USDCBaseAddress
		case x402.NetworkBaseSepolia:
			cfg.Asset = x402.USDCBaseSepoliaAddress
		}
	}
	if known, ok := x402.KnownAsset(cfg.Network, cfg.Asset); ok {
		if cfg.AssetName == "" {
			cfg.AssetName = known.Name
		}
		if cfg.AssetVersion == "" {
			cfg.AssetVersion = known.Version
		}
	}
	if !common.IsHexAddress(cfg.Asset) {
		errs = append(errs, fmt.Errorf("asset %q is not an address", cfg.Asset))
	}
	if cfg.AssetName == "" || cfg.AssetVersion == "" {
		errs = append(errs, errors.New("the EIP-712 domain (AssetName, AssetVersion) is required for a custom asset"))
	}
	if !common.IsHexAddress(cfg.PayTo) || common.HexToAddress(cfg.PayTo) == (common.Address{}) {
		errs = append(errs, fmt.Errorf("PayTo %q is not a non-zero address", cfg.PayTo))
	}
	if cfg.MaxTimeoutSeconds == 0 {
		cfg.MaxTimeoutSeconds = DefaultMaxTimeoutSeconds
	}
	if cfg.MaxTimeoutSeconds < 0 {
		errs = append(errs, errors.New("maxTimeoutSeconds must be positive"))
	}
	if cfg.Facilitator == nil {
		errs = append(errs, errors.New("a Facilitator is required"))
	}
	if cfg.Replay == nil {
		errs = append(errs, errors.New("a Replay store is required"))
	}
	if len(cfg.Routes) == 0 {
		errs = append(errs, errors.New("no Routes are priced"))
	}
	for key, r := range cfg.Routes {
		method, path, ok := strings.Cut(key, " ")
		if !ok || method == "" || !strings.HasPrefix(path, "/") || strings.ToUpper(method) != method {
			errs = append(errs, fmt.Errorf("route key %q must be \"METHOD /path\"", key))
		}
		if v, ok := x402.ParseAtomic(r.Amount); !ok || v.Sign() == 0 {
			errs = append(errs, fmt.Errorf("route %q: amount %q must be a positive integer in atomic units", key, r.Amount))
		}
		if r.Discovery != nil && (!json.Valid(r.Discovery.Info) || !json.Valid(r.Discovery.Schema)) {
			errs = append(errs, fmt.Errorf("route %q: discovery info and schema must be valid JSON", key))
		}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Held == nil {
		if h, ok := cfg.Replay.(HeldStore); ok {
			cfg.Held = h
		} else {
			cfg.Held = NewMemoryReplayStore(cfg.Now)
		}
	}
	if cfg.SettleTimeout <= 0 {
		cfg.SettleTimeout = DefaultSettleTimeout
	}
	if cfg.FailureLimit == 0 {
		cfg.FailureLimit = DefaultFailureLimit
	}
	if cfg.FailureWindow <= 0 {
		cfg.FailureWindow = DefaultFailureWindow
	}
	if cfg.FailureClients <= 0 {
		cfg.FailureClients = DefaultFailureClients
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("echox402: invalid config: %w", err)
	}
	return nil
}
