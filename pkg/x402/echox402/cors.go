package echox402

import (
	"net/http"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/servertiming"
	"github.com/labstack/echo/v4/middleware"
)

// CORSExposeHeaders are the response headers a browser client must be
// allowed to read (Access-Control-Expose-Headers).
func CORSExposeHeaders() []string {
	return []string{x402.HeaderPaymentRequired, x402.HeaderPaymentResponse, servertiming.Header}
}

// CORSAllowHeaders are the request headers a paying browser client sends
// (Access-Control-Allow-Headers on preflight).
func CORSAllowHeaders() []string {
	return []string{x402.HeaderPaymentSignature, echoHeaderContentType, echoHeaderAuthorization, "Access-Control-Expose-Headers"}
}

const (
	echoHeaderContentType   = "Content-Type"
	echoHeaderAuthorization = "Authorization"
)

// CORSConfig returns an echo CORS config for the given origins that lets
// browsers send PAYMENT-SIGNATURE and read PAYMENT-REQUIRED and
// PAYMENT-RESPONSE. Use it with middleware.CORSWithConfig.
func CORSConfig(allowOrigins ...string) middleware.CORSConfig {
	return middleware.CORSConfig{
		AllowOrigins:  allowOrigins,
		AllowMethods:  []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodOptions},
		AllowHeaders:  CORSAllowHeaders(),
		ExposeHeaders: CORSExposeHeaders(),
		MaxAge:        600,
	}
}
