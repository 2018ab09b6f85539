package payments_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
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

// The three paid company-intel operations the end-to-end server exposes,
// each with a handler of a different outcome.
const (
	routeSignals = "/v1/company/signals"         // 200
	routeBrief   = "/v1/company/deal-brief"      // 422 for noEvidenceCompany, else 200
	routeDeep    = "/v1/company/deal-brief/deep" // always fails: 500
)

// noEvidenceCompany makes the deal-brief handler answer 422
// insufficient_evidence, as the real service does when research finds too
// little.
const noEvidenceCompany = "no-evidence.example"

// frontRunCompany makes the signals handler call the server's frontRun
// hook with the request's PAYMENT-SIGNATURE before answering 200: a test
// uses it to spend the authorization on chain between verification and
// settlement.
const frontRunCompany = "front-run.example"

// e2eServer is a company-intel-shaped service running on a loopback port:
// the platform server, strict JSON with the body limit, input validation
// before payment, and payments.Middleware over the production facilitator
// selection and the given replay store.
type e2eServer struct {
	URL    string
	Prices map[string]payments.Price // by route path

	signalsRuns atomic.Int64 // handler executions per route
	briefRuns   atomic.Int64
	deepRuns    atomic.Int64

	// frontRun, when set, runs in the signals handler for frontRunCompany.
	frontRun func(ctx context.Context, paymentSignature string) error
}

// e2eEnv is the X402_* environment of the server: the built-in facilitator
// over rpcURL with dev key 0 as settlement key, paying payTo.
func e2eEnv(rpcURL, payTo, settlementKeyHex string) map[string]string {
	return map[string]string{
		"X402_PAY_TO":         payTo,
		"X402_RPC_URL":        rpcURL,
		"X402_SETTLEMENT_KEY": "0x" + settlementKeyHex,
	}
}

// pricesFromDoc reads the price of every paid operation from the
// document's x-price-atomic extension, so the test charges what the
// contract announces.
func pricesFromDoc(doc *openapidoc.Doc, paths ...string) ([]payments.Price, error) {
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

// startE2EServer assembles and starts the service; it stops at cleanup.
func startE2EServer(t *testing.T, env map[string]string, store cache.Store, frontRun func(ctx context.Context, paymentSignature string) error) *e2eServer {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	l := config.NewLoader(config.Map(env))
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
	prices, err := pricesFromDoc(doc, routeSignals, routeBrief, routeDeep)
	if err != nil {
		t.Fatal(err)
	}
	pay, err := payments.Middleware(cfg, prices, doc.T, f, store, logger)
	if err != nil {
		t.Fatal(err)
	}

	s := &e2eServer{Prices: map[string]payments.Price{}, frontRun: frontRun}
	for _, p := range prices {
		s.Prices[p.Path] = p
	}
	e := server.New(logger, m.Middleware("company-intel"))
	e.Use(payments.CORS(cfg, "x-company-intel-cache"))
	limit := strictjson.BodyLimit(strictjson.MaxBody)
	e.POST(routeSignals, s.signals, limit, input.Middleware(parseSignals), pay)
	e.POST(routeBrief, s.brief, limit, input.Middleware(parseBrief), pay)
	e.POST(routeDeep, s.deep, limit, input.Middleware(parseDeep), pay)

	ln, err := server.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.URL = "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	// net/http counts a connection that was dialled but never used (a
	// client's racing dial) as active for up to 5 s during Shutdown, so the
	// drain bound must exceed that.
	go func() { done <- server.Run(ctx, e, ln, server.Timeouts{Shutdown: 15 * time.Second}, logger) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server: %v", err)
		}
	})
	return s
}

// Request bodies, validated as the spec bounds them.

type signalsInput struct {
	Company      string `json:"company"`
	LookbackDays int    `json:"lookbackDays"`
}

type sellerInput struct {
	Product              string `json:"product,omitempty"`
	ValueProposition     string `json:"valueProposition,omitempty"`
	IdealCustomerProfile string `json:"idealCustomerProfile,omitempty"`
}

type briefInput struct {
	Company      string       `json:"company"`
	LookbackDays int          `json:"lookbackDays"`
	Seller       *sellerInput `json:"seller"`
}

type deepInput struct{ briefInput }

func decodeBrief(c echo.Context) (briefInput, *strictjson.Problems, error) {
	var b briefInput
	if err := strictjson.Decode(c.Request(), &b); err != nil {
		return b, nil, err
	}
	var p strictjson.Problems
	checkCompany(&p, b.Company)
	b.LookbackDays = checkLookback(&p, b.LookbackDays)
	if s := b.Seller; s != nil {
		for field, v := range map[string]string{"seller.product": s.Product, "seller.valueProposition": s.ValueProposition,
			"seller.idealCustomerProfile": s.IdealCustomerProfile} {
			if v != "" {
				p.Length(field, v, 1, 1200)
			}
		}
	}
	return b, &p, nil
}

func parseSignals(c echo.Context) (signalsInput, error) {
	var b signalsInput
	if err := strictjson.Decode(c.Request(), &b); err != nil {
		return b, err
	}
	var p strictjson.Problems
	checkCompany(&p, b.Company)
	b.LookbackDays = checkLookback(&p, b.LookbackDays)
	return b, p.Err()
}

func parseBrief(c echo.Context) (briefInput, error) {
	b, p, err := decodeBrief(c)
	if err != nil {
		return b, err
	}
	return b, p.Err()
}

func parseDeep(c echo.Context) (deepInput, error) {
	b, p, err := decodeBrief(c)
	if err != nil {
		return deepInput{b}, err
	}
	if b.Seller == nil {
		p.Required("seller")
	}
	return deepInput{b}, p.Err()
}

func checkCompany(p *strictjson.Problems, company string) {
	if company == "" {
		p.Required("company")
		return
	}
	p.Length("company", company, 2, 256)
}

func checkLookback(p *strictjson.Problems, days int) int {
	if days == 0 {
		return 90
	}
	p.Range("lookbackDays", days, 7, 365)
	return days
}

// Handlers. The bodies are the smallest documents the contract accepts for
// a company with no findings: the tests are about payment, not research.

func (s *e2eServer) signals(c echo.Context) error {
	s.signalsRuns.Add(1)
	in, ok := input.Get[signalsInput](c)
	if !ok {
		return errors.New("signals: no validated input")
	}
	if in.Company == frontRunCompany && s.frontRun != nil {
		if err := s.frontRun(c.Request().Context(), c.Request().Header.Get(x402.HeaderPaymentSignature)); err != nil {
			return fmt.Errorf("signals: front-run: %w", err)
		}
	}
	return c.JSON(http.StatusOK, map[string]any{
		"requestId": requestid.FromEcho(c),
		"company":   map[string]any{"name": in.Company, "domain": in.Company, "description": nil, "industry": nil, "headquarters": nil},
		"signals":   []any{},
		"whyNow":    []any{},
		"sources":   []any{},
		"freshness": map[string]any{"generatedAt": time.Now().UTC().Format(time.RFC3339), "lookbackDays": in.LookbackDays},
		"meta":      emptyMeta(),
	})
}

func (s *e2eServer) brief(c echo.Context) error {
	s.briefRuns.Add(1)
	in, ok := input.Get[briefInput](c)
	if !ok {
		return errors.New("deal-brief: no validated input")
	}
	if in.Company == noEvidenceCompany {
		return apierror.New(http.StatusUnprocessableEntity, apierror.CodeInsufficientEvidence,
			"not enough reliable public evidence about %s", in.Company)
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
		"freshness": map[string]any{"generatedAt": time.Now().UTC().Format(time.RFC3339), "lookbackDays": in.LookbackDays},
		"meta":      emptyMeta(),
	})
}

func (s *e2eServer) deep(c echo.Context) error {
	s.deepRuns.Add(1)
	return errors.New("deep brief: research pipeline failed")
}

func emptyMeta() map[string]any {
	return map[string]any{"provider": "none", "partial": false,
		"upstreamUsage": map[string]any{"searches": 0, "contents": 0, "estimatedCost": 0}}
}
