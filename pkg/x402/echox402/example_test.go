package echox402_test

import (
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

// ExampleWithConfig charges 0.01 USDC on Base Sepolia for GET /v1/report.
// The code up to the route is the server example of pkg/x402/README.md
// ("Charging for a route"); the rest shows an unpaid request getting the
// 402 challenge (the facilitator is only called for paid requests, so no
// network is used).
func ExampleWithConfig() {
	fac, err := facilitator.NewClient("https://x402.org/facilitator",
		facilitator.WithAuthenticator(facilitator.BearerToken(os.Getenv("FACILITATOR_TOKEN"))))
	if err != nil {
		log.Fatal(err)
	}

	e := echo.New()
	// Render the middleware's *echox402.Error (503 facilitator unavailable,
	// 402 settlement failed); echo's default handler alone would answer 500.
	e.HTTPErrorHandler = echox402.ErrorHandler(e.DefaultHTTPErrorHandler)
	e.Use(middleware.CORSWithConfig(echox402.CORSConfig("https://app.example.com")))
	e.Use(echox402.WithConfig(echox402.Config{
		Routes: map[string]echox402.Route{
			// key: "METHOD " + echo route path; Amount in atomic units (6 decimals for USDC)
			"GET /v1/report": {Amount: "10000", Description: "One report", MimeType: "application/json"},
		},
		PayTo:       "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
		Network:     x402.NetworkBaseSepolia, // Asset defaults to USDC of Base / Base Sepolia
		Facilitator: fac,
		Replay:      echox402.NewMemoryReplayStore(nil), // share one (e.g. Redis SET NX) across replicas
	}))
	e.GET("/v1/report", func(c echo.Context) error {
		p, _ := echox402.PaymentFrom(c) // verified, not yet settled
		return c.JSON(http.StatusOK, map[string]string{"payer": p.Payer})
	})

	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/report", nil))
	challenge, err := x402.DecodePaymentRequired(rec.Header().Get(x402.HeaderPaymentRequired))
	if err != nil {
		log.Fatal(err)
	}
	offer := challenge.Accepts[0]
	fmt.Println(rec.Code, offer.Scheme, offer.Network, offer.Amount, offer.Asset == x402.USDCBaseSepoliaAddress)
	// Output: 402 exact eip155:84532 10000 true
}
