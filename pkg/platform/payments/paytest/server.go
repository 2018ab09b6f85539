package paytest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/requestid"
	"github.com/intel402/intel402/pkg/platform/server"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/pkg/platform/telemetry"
	"github.com/intel402/intel402/pkg/x402"
)

// The three paid company-intel operations the server exposes, each with a
// handler of a different outcome.
const (
	RouteSignals = "/v1/company/signals"         // 200; 422 for NoEvidenceCompany
	RouteBrief   = "/v1/company/deal-brief"      // 200; 422 for NoEvidenceCompany
	RouteDeep    = "/v1/company/deal-brief/deep" // always fails: 500
)

// NoEvidenceCompany makes the signals and deal-brief handlers answer 422
// insufficient_evidence, as the real service does when research finds too
// little.
const NoEvidenceCompany = "no-evidence.example"

// FrontRunCompany makes the signals handler call the server's FrontRun
// with the request's PAYMENT-SIGNATURE before answering 200: a test uses it
// to spend the authorization on chain between verification and settlement.
const FrontRunCompany = "front-run.example"

// FrontRun receives the PAYMENT-SIGNATURE of a request for FrontRunCompany
// before its handler answers.
type FrontRun func(ctx context.Context, paymentSignature string) error

// Server is a company-intel-shaped service running on a loopback port.
type Server struct {
	// URL is the base URL, http://127.0.0.1:port.
	URL string
	// Prices are the prices charged, by route path, as the OpenAPI
	// document announces them.
	Prices map[string]payments.Price

	runs     map[string]*atomic.Int64 // handler executions by route; keys fixed at start
	frontRun FrontRun

	mu       sync.Mutex
	requests []http.Header
}

// Runs returns how many times the handler of route has run.
func (s *Server) Runs(route string) int64 {
	n, ok := s.runs[route]
	if !ok {
		return 0
	}
	return n.Load()
}

// Received returns the headers of the POST requests received so far, in
// arrival order.
func (s *Server) Received() []http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]http.Header(nil), s.requests...)
}

// Env is the X402_* environment of a service using the built-in
// facilitator over rpcURL, settling with the key settlementKeyHex (hex
// without 0x) and paying payTo.
func Env(rpcURL, payTo, settlementKeyHex string) map[string]string {
	return map[string]string{
		"X402_PAY_TO":         payTo,
		"X402_RPC_URL":        rpcURL,
		"X402_SETTLEMENT_KEY": "0x" + settlementKeyHex,
	}
}

// PricesFromDoc reads the price of every paid operation from the
// document's x-price-atomic extension, so a test charges what the contract
// announces.
func PricesFromDoc(doc *openapidoc.Doc, paths ...string) ([]payments.Price, error) {
	var out []payments.Price
	for _, p := range paths {
		item := doc.T.Paths.Find(p)
		if item == nil || item.Post == nil {
			return nil, fmt.Errorf("no POST %s in the document", p)
		}
		atomic, ok := item.Post.Extensions["x-price-atomic"].(string)
		if !ok || atomic == "" {
			return nil, fmt.Errorf("POST %s has no x-price-atomic", p)
		}
		out = append(out, payments.Price{Method: http.MethodPost, Path: p, Atomic: atomic, Description: item.Post.Summary})
	}
	return out, nil
}

// Wiring is the payment side of a service as production assembles it from
// an environment.
type Wiring struct {
	Config  payments.Config
	Metrics *telemetry.Metrics
	// Pay is payments.Middleware over the selected facilitator.
	Pay echo.MiddlewareFunc
}

// Wire loads the X402_* configuration from env, selects the facilitator
// (closed at cleanup) and builds payments.Middleware for prices over
// store.
func Wire(tb testing.TB, env map[string]string, prices []payments.Price, doc *openapidoc.Doc, store cache.Store, logger *slog.Logger) Wiring {
	tb.Helper()
	l := config.NewLoader(config.Map(env))
	cfg := payments.Load(l)
	if err := l.Err(); err != nil {
		tb.Fatal(err)
	}
	m, err := telemetry.NewMetrics()
	if err != nil {
		tb.Fatal(err)
	}
	f, closeF, err := payments.NewFacilitator(cfg, logger, m)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(closeF)
	pay, err := payments.Middleware(cfg, prices, doc.T, f, store, logger)
	if err != nil {
		tb.Fatal(err)
	}
	return Wiring{Config: cfg, Metrics: m, Pay: pay}
}

// StartServer assembles the service over env (see Env) with the replay
// store and starts it; it stops at cleanup. frontRun may be nil.
func StartServer(tb testing.TB, env map[string]string, store cache.Store, frontRun FrontRun) *Server {
	tb.Helper()
	logger := slog.New(slog.NewTextHandler(tb.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		tb.Fatal(err)
	}
	prices, err := PricesFromDoc(doc, RouteSignals, RouteBrief, RouteDeep)
	if err != nil {
		tb.Fatal(err)
	}
	w := Wire(tb, env, prices, doc, store, logger)

	s := &Server{Prices: map[string]payments.Price{}, runs: map[string]*atomic.Int64{}, frontRun: frontRun}
	for _, p := range prices {
		s.Prices[p.Path] = p
		s.runs[p.Path] = new(atomic.Int64)
	}
	e := server.New(logger, w.Metrics.Middleware("company-intel"), s.record)
	e.Use(payments.CORS(w.Config, "x-company-intel-cache"))
	limit := strictjson.BodyLimit(strictjson.MaxBody)
	e.POST(RouteSignals, s.signals, limit, input.Middleware(parseSignals), w.Pay)
	e.POST(RouteBrief, s.brief, limit, input.Middleware(parseBrief), w.Pay)
	e.POST(RouteDeep, s.deep, limit, input.Middleware(parseDeep), w.Pay)

	ln, err := server.Listen("127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s.URL = "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	// net/http counts a connection that was dialled but never used (a
	// client's racing dial) as active for up to 5 s during Shutdown, so the
	// drain bound must exceed that.
	go func() { done <- server.Run(ctx, e, ln, server.Timeouts{Shutdown: 15 * time.Second}, logger) }()
	tb.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			tb.Errorf("paytest server: %v", err)
		}
	})
	return s
}

// record keeps the headers of every POST request.
func (s *Server) record(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if r := c.Request(); r.Method == http.MethodPost {
			s.mu.Lock()
			s.requests = append(s.requests, r.Header.Clone())
			s.mu.Unlock()
		}
		return next(c)
	}
}

// Handlers. The bodies are the smallest documents the contract accepts for
// a company with no findings: the tests are about payment, not research.

func (s *Server) signals(c echo.Context) error {
	s.runs[RouteSignals].Add(1)
	in, ok := input.Get[signalsInput](c)
	if !ok {
		return errors.New("signals: no validated input")
	}
	switch in.Company {
	case NoEvidenceCompany:
		return noEvidence(in.Company)
	case FrontRunCompany:
		if s.frontRun != nil {
			if err := s.frontRun(c.Request().Context(), c.Request().Header.Get(x402.HeaderPaymentSignature)); err != nil {
				return fmt.Errorf("signals: front-run: %w", err)
			}
		}
	}
	return c.JSON(http.StatusOK, map[string]any{
		"requestId": requestid.FromEcho(c),
		"company":   map[string]any{"name": in.Company, "domain": in.Company, "description": nil, "industry": nil, "headquarters": nil},
		"signals":   []any{},
		"whyNow":    []any{},
		"sources":   []any{},
		"freshness": freshness(in.LookbackDays),
		"meta":      emptyMeta(),
	})
}

func (s *Server) brief(c echo.Context) error {
	s.runs[RouteBrief].Add(1)
	in, ok := input.Get[briefInput](c)
	if !ok {
		return errors.New("deal-brief: no validated input")
	}
	if in.Company == NoEvidenceCompany {
		return noEvidence(in.Company)
	}
	return c.JSON(http.StatusOK, map[string]any{
		"requestId": requestid.FromEcho(c),
		"company": map[string]any{"name": in.Company, "domain": in.Company, "description": nil, "industry": nil,
			"headquarters": nil, "employeeRange": nil, "businessModel": nil},
		"qualification": map[string]any{"fitAssessed": false, "fitScore": 0, "fitLabel": "poor",
			"scoreComponents": map[string]any{}, "reasons": []any{}, "disqualifiers": []any{}},
		"whyNow":           []any{},
		"recentSignals":    []any{},
		"likelyPriorities": []any{},
		"recommendedApproach": map[string]any{"messageAngle": nil, "recommendedAction": "research further",
			"rolesToContact": []any{}, "questionsToValidate": []any{}},
		"risks":     []any{},
		"sources":   []any{},
		"freshness": freshness(in.LookbackDays),
		"meta":      emptyMeta(),
	})
}

func (s *Server) deep(echo.Context) error {
	s.runs[RouteDeep].Add(1)
	return errors.New("deep brief: research pipeline failed")
}

func noEvidence(company string) error {
	return apierror.New(http.StatusUnprocessableEntity, apierror.CodeInsufficientEvidence,
		"not enough reliable public evidence about %s", company)
}

func freshness(lookbackDays int) map[string]any {
	return map[string]any{"generatedAt": time.Now().UTC().Format(time.RFC3339), "lookbackDays": lookbackDays}
}

func emptyMeta() map[string]any {
	return map[string]any{"provider": "none", "partial": false,
		"upstreamUsage": map[string]any{"searches": 0, "contents": 0, "estimatedCost": 0}}
}
