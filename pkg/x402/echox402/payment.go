package echox402

import "github.com/labstack/echo/v4"

// Payment is the payment of the current request: verified by the
// facilitator, or, when Speculative, pre-checked only while the handler
// runs.
type Payment struct {
	Payer   string // address that paid
	Amount  string // atomic units
	Network string // CAIP-2
	// Speculative is true when the handler runs concurrently with the
	// facilitator's verify (Route.Speculate): Payer is then
	// authorization.from as the local pre-check read it (recovered from
	// the signature when that is a 65-byte EOA signature), not yet
	// verified. Nothing the handler writes is delivered unless verify and
	// settlement succeed.
	Speculative bool
	// Transaction is the settlement transaction hash. It is empty while
	// the handler runs and filled after settlement, for request logs.
	Transaction string
}

const paymentKey = "github.com/intel402/intel402/pkg/x402/echox402.payment"

// PaymentFrom returns the payment of a paid request. The returned value is
// a snapshot; call again after the handler to see Transaction.
func PaymentFrom(c echo.Context) (Payment, bool) {
	p, ok := c.Get(paymentKey).(*Payment)
	if !ok || p == nil {
		return Payment{}, false
	}
	return *p, true
}
