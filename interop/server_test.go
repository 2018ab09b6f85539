package interop_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
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

const signalsPath = "/v1/company/signals"

// paidService is POST /v1/company/signals of company-intel assembled as in
// production (platform server, CORS, body limit, input validation before
// payment, payments.Middleware with the built-in facilitator) on a loopback
// port. It records the headers of every POST it receives. The handler
// answers 422 insufficient_evidence for noEvidenceCompany; for
// frontRunCompany it first passes the request's PAYMENT-SIGNATURE to
// frontRun (a test spends it on chain so that settlement fails); else 200.
type paidService struct {
	URL      string
	Price    payments.Price
	frontRun func(ctx context.Context, paymentSignature string) error

	mu       sync.Mutex
	requests []http.Header
}

// received returns the headers of the POST requests received so far.
func (s *paidService) received() []http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]http.Header(nil), s.requests...)
}

const (
	noEvidenceCompany = "no-evidence.example"
	frontRunCompany   = "front-run.example"
)

type signalsInput struct {
	Company      string `json:"company"`
	LookbackDays int    `json:"lookbackDays"`
}

func parseSignals(c echo.Context) (signalsInput, error) {
	var in signalsInput
	if err := strictjson.Decode(c.Request(), &in); err != nil {
		return in, err
	}
	var p strictjson.Problems
	if in.Company == "" {
		p.Required("company")
	} else {
		p.Length("company", in.Company, 2, 256)
	}
	if in.LookbackDays == 0 {
		in.LookbackDays = 90
	}
	p.Range("lookbackDays", in.LookbackDays, 7, 365)
	return in, p.Err()
}

// signals answers the smallest document the contract accepts for a company
// with no findings: this test is about payment, not research.
func (s *paidService) signals(c echo.Context) error {
	in, _ := input.Get[signalsInput](c)
	switch in.Company {
	case noEvidenceCompany:
		return apierror.New(http.StatusUnprocessableEntity, apierror.CodeInsufficientEvidence,
			"not enough reliable public evidence about %s", in.Company)
	case frontRunCompany:
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
		"freshness": map[string]any{"generatedAt": time.Now().UTC().Format(time.RFC3339), "lookbackDays": in.LookbackDays},
		"meta": map[string]any{"provider": "none", "partial": false,
			"upstreamUsage": map[string]any{"searches": 0, "contents": 0, "estimatedCost": 0}},
	})
}

// startPaidService starts the service with the built-in facilitator over
// rpcURL (settlement key settlementKeyHex), paying payTo; it stops at
// cleanup. frontRun may be nil.
func startPaidService(t *testing.T, rpcURL, settlementKeyHex, payTo string, frontRun func(context.Context, string) error) *paidService {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	l := config.NewLoader(config.Map(map[string]string{
		"X402_PAY_TO": payTo, "X402_RPC_URL": rpcURL, "X402_SETTLEMENT_KEY": settlementKeyHex,
	}))
	cfg := payments.Load(l)
	if err := l.Err(); err != nil {
		t.Fatal(err)
	}
	m, err := telemetry.NewMetrics()
	if err != nil {
		t.Fatal(err)
	}
	f, closeF, err := payments.NewFacilitator(cfg, logger, m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeF)
	op := doc.T.Paths.Find(signalsPath).Post
	atomicPrice, _ := op.Extensions["x-price-atomic"].(string)
	s := &paidService{Price: payments.Price{Method: http.MethodPost, Path: signalsPath, Atomic: atomicPrice, Description: op.Summary},
		frontRun: frontRun}
	pay, err := payments.Middleware(cfg, []payments.Price{s.Price}, doc.T, f, cache.NewMemory(1000), logger)
	if err != nil {
		t.Fatal(err)
	}

	record := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if r := c.Request(); r.Method == http.MethodPost {
				s.mu.Lock()
				s.requests = append(s.requests, r.Header.Clone())
				s.mu.Unlock()
			}
			return next(c)
		}
	}
	e := server.New(logger, m.Middleware("company-intel"), record)
	e.Use(payments.CORS(cfg, "x-company-intel-cache"))
	e.POST(signalsPath, s.signals, strictjson.BodyLimit(strictjson.MaxBody), input.Middleware(parseSignals), pay)

	ln, err := server.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.URL = "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, e, ln, server.Timeouts{Shutdown: 15 * time.Second}, logger) }() // > net/http's 5 s StateNew window
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server: %v", err)
		}
	})
	return s
}
