// Package health serves the free health check both services expose.
package health

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// Network is the CAIP-2 id of the chain payments settle on (Base mainnet).
const Network = "eip155:8453"

// Response is the health body fixed by the specs.
type Response struct {
	Status      string `json:"status"`      // always "ok"
	Service     string `json:"service"`     // "company-intel" or "domain-qual"
	Version     string `json:"version"`     // build version
	Network     string `json:"network"`     // "eip155:8453"
	GeneratedAt string `json:"generatedAt"` // RFC 3339 UTC
}

// Handler answers 200 with the health body. It is never paid.
func Handler(service, version string, now func() time.Time) echo.HandlerFunc {
	if now == nil {
		now = time.Now
	}
	return func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		return c.JSON(http.StatusOK, Response{
			Status: "ok", Service: service, Version: version, Network: Network,
			GeneratedAt: now().UTC().Format(time.RFC3339),
		})
	}
}
