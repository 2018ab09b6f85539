package payments

import (
	"context"
	"crypto/ecdsa"
	"net/http"
	"time"

	"fmt"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"log/slog"
	"math/big"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/intel402/intel402/pkg/platform/telemetry"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/evmchain"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

// NewFacilitator returns the facilitator the configuration selects: the
// remote one at FacilitatorURL (bearer or CDP JWT auth), else the built-in
// one over RPCURL, which keeps its pending settlements in pending (the
// service's shared store; nil: in-process). Neither is contacted here, so
// an unreachable facilitator never stops a service from starting; calls
// fail with x402.ErrFacilitatorUnavailable until it answers.
func NewFacilitator(cfg Config, logger *slog.Logger, m *telemetry.Metrics, pending facilitator.PendingStore) (x402.Facilitator, func(), error) {
	var f x402.Facilitator
	closeFn := func() {}
	switch {
	case cfg.FacilitatorURL != "":
		// Outgoing facilitator calls get client spans and propagate the trace.
		hc := &http.Client{Transport: otelhttp.NewTransport(pooledTransport())}
		opts := []facilitator.Option{facilitator.WithLogger(logger), facilitator.WithHTTPClient(hc)}
		switch {
		case cfg.CDPKeyID != "":
			key, err := facilitator.ParseCDPSecret(cfg.CDPKeySecret)
			if err != nil {
				return nil, nil, fmt.Errorf("payments: CDP_API_KEY_SECRET: %w", err)
			}
			auth, err := facilitator.NewCDPAuth(cfg.CDPKeyID, key, nil)
			if err != nil {
				return nil, nil, fmt.Errorf("payments: %w", err)
			}
			opts = append(opts, facilitator.WithAuthenticator(auth))
		case cfg.FacilitatorToken != "":
			opts = append(opts, facilitator.WithAuthenticator(facilitator.BearerToken(cfg.FacilitatorToken)))
		}
		c, err := facilitator.NewClient(cfg.FacilitatorURL, opts...)
		if err != nil {
			return nil, nil, fmt.Errorf("payments: %w", err)
		}
		f = c
		logger.Info("x402 facilitator", slog.String("kind", "remote"), slog.String("url", cfg.FacilitatorURL))
	default:
		key, err := crypto.HexToECDSA(strings.TrimPrefix(cfg.SettlementKey, "0x"))
		if err != nil {
			return nil, nil, fmt.Errorf("payments: X402_SETTLEMENT_KEY: not a hex secp256k1 private key")
		}
		lz := &lazyLocal{rpcURL: cfg.RPCURL, key: key, logger: logger, pending: pending, settleTimeout: cfg.SettleTimeout}
		f, closeFn = lz, lz.close
		logger.Info("x402 facilitator", slog.String("kind", "built-in"), slog.String("rpc", cfg.RPCURL),
			slog.String("signer", crypto.PubkeyToAddress(key.PublicKey).Hex()))
	}
	return &metered{inner: f, m: m}, closeFn, nil
}

// lazyLocal builds the built-in facilitator on first use and retries the
// connection on later calls until the chain answers.
type lazyLocal struct {
	rpcURL  string
	key     *ecdsa.PrivateKey
	logger  *slog.Logger
	pending facilitator.PendingStore
	// settleTimeout bounds a settlement's receipt wait (0: the default).
	settleTimeout time.Duration

	mu    sync.Mutex
	local *facilitator.Local
	chain *evmchain.Client
}

func (l *lazyLocal) get(ctx context.Context) (*facilitator.Local, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.local != nil {
		return l.local, nil
	}
	// JSON-RPC over HTTP gets client spans like every other upstream call.
	hc := &http.Client{Transport: otelhttp.NewTransport(pooledTransport())}
	chain, err := evmchain.Dial(ctx, l.rpcURL, l.key, rpc.WithHTTPClient(hc))
	if err != nil {
		return nil, fmt.Errorf("%w: chain at %s: %v", x402.ErrFacilitatorUnavailable, l.rpcURL, err)
	}
	id, err := chain.ChainID(ctx)
	if err != nil {
		chain.Close()
		return nil, fmt.Errorf("%w: chain id: %v", x402.ErrFacilitatorUnavailable, err)
	}
	if id.Cmp(big.NewInt(8453)) != 0 {
		chain.Close()
		l.logger.Error("X402_RPC_URL is not Base mainnet (chain id 8453)", slog.String("chain_id", id.String()))
		return nil, fmt.Errorf("%w: X402_RPC_URL serves chain %s, not 8453", x402.ErrFacilitatorUnavailable, id)
	}
	local, err := facilitator.NewLocal(facilitator.LocalConfig{
		Chain: chain, Network: x402.NetworkBase, Signer: chain.SettlementAddress(), Logger: l.logger, Pending: l.pending,
		SettleTimeout: l.settleTimeout,
	})
	if err != nil {
		chain.Close()
		return nil, fmt.Errorf("payments: built-in facilitator: %w", err)
	}
	l.local, l.chain = local, chain
	return local, nil
}

func (l *lazyLocal) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.chain != nil {
		l.chain.Close()
	}
}

func (l *lazyLocal) Verify(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	f, err := l.get(ctx)
	if err != nil {
		return x402.VerifyResponse{}, err
	}
	return f.Verify(ctx, p, r)
}

func (l *lazyLocal) Settle(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	f, err := l.get(ctx)
	if err != nil {
		return x402.SettleResponse{}, err
	}
	return f.Settle(ctx, p, r)
}

// Executed implements echox402.Executor.
func (l *lazyLocal) Executed(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (string, bool, error) {
	f, err := l.get(ctx)
	if err != nil {
		return "", false, err
	}
	return f.Executed(ctx, p, r)
}

func (l *lazyLocal) Supported(ctx context.Context) (x402.SupportedResponse, error) {
	f, err := l.get(ctx)
	if err != nil {
		return x402.SupportedResponse{}, err
	}
	return f.Supported(ctx)
}

// MaxIdleConnsPerHost is how many idle keep-alive connections the
// facilitator (or chain RPC) client keeps. Every paid request makes a
// verify and a settle call, so with net/http's default of 2 most calls
// under concurrency would open a new connection (a TLS handshake with a
// remote facilitator).
const MaxIdleConnsPerHost = 256

// pooledTransport is net/http's default transport with a connection pool
// sized for concurrent paid requests.
func pooledTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = MaxIdleConnsPerHost
	t.MaxIdleConnsPerHost = MaxIdleConnsPerHost
	return t
}

// metered records payment outcomes and settled amounts.
type metered struct {
	inner x402.Facilitator
	m     *telemetry.Metrics
}

func route(p x402.PaymentPayload) string {
	if p.Resource != nil {
		return p.Resource.URL
	}
	return ""
}

func (f *metered) Verify(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.VerifyResponse, error) {
	start := time.Now()
	v, err := f.inner.Verify(ctx, p, r)
	outcome := "rejected"
	switch {
	case err != nil:
		outcome = "verify_unavailable"
	case v.IsValid:
		outcome = "verified"
	}
	f.m.Facilitator(ctx, "verify", outcome, time.Since(start))
	f.m.Payment(ctx, route(p), outcome, 0)
	return v, err
}

func (f *metered) Settle(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	start := time.Now()
	s, err := f.inner.Settle(ctx, p, r)
	outcome, n := "settle_failed", int64(0)
	switch {
	case err != nil:
		outcome = "settle_unavailable"
	case s.Pending():
		outcome = "settle_pending"
	case s.Success:
		outcome = "settled"
		if amount, ok := new(big.Int).SetString(r.Amount, 10); ok && amount.IsInt64() {
			n = amount.Int64()
		}
	}
	f.m.Facilitator(ctx, "settle", outcome, time.Since(start))
	f.m.Payment(ctx, route(p), outcome, n)
	return s, err
}

// Executed implements echox402.Executor when the wrapped facilitator does
// (the built-in one); otherwise it cannot tell.
func (f *metered) Executed(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (string, bool, error) {
	if ex, ok := f.inner.(echox402.Executor); ok {
		return ex.Executed(ctx, p, r)
	}
	return "", false, nil
}

func (f *metered) Supported(ctx context.Context) (x402.SupportedResponse, error) {
	return f.inner.Supported(ctx)
}
