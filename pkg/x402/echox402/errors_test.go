package echox402_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// TestErrorMessageIsClientSafe checks that every *Error the middleware
// returns has a client-safe ErrorMessage: its Message alone, never the
// cause (the facilitator's transport error) nor the code prefix that
// Error() adds for the logs.
func TestErrorMessageIsClientSafe(t *testing.T) {
	tests := []struct {
		name  string
		setup func(*fixture)
		cause string // text of the cause, present in Error() but never in ErrorMessage()
	}{
		{name: "facilitator unreachable at verify", setup: func(f *fixture) { f.fac.verifyDown.Store(true) },
			cause: "connection refused"},
		{name: "facilitator unreachable at settle", setup: func(f *fixture) { f.fac.settleDown.Store(true) },
			cause: "connection reset"},
		{name: "settlement failed", setup: func(f *fixture) { f.chain.set(func(c *fakeChain) { c.revert = true }) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			var got error
			f.e.HTTPErrorHandler = func(err error, c echo.Context) {
				got = err
				_ = c.NoContent(http.StatusTeapot)
			}
			h := pay(t, testKey(t), f.challenge(t, "/v1/paid/1"), nil)
			tt.setup(f)
			f.do(http.MethodGet, "/v1/paid/1", map[string]string{x402.HeaderPaymentSignature: h})

			var pe *echox402.Error
			if !errors.As(got, &pe) {
				t.Fatalf("err = %v, want an *echox402.Error", got)
			}
			msg := pe.ErrorMessage()
			if msg == "" || msg != pe.Message {
				t.Fatalf("ErrorMessage() = %q, want the Message %q", msg, pe.Message)
			}
			if tt.cause != "" && !strings.Contains(pe.Error(), tt.cause) {
				t.Fatalf("Error() = %q lost the cause %q (kept for the logs)", pe.Error(), tt.cause)
			}
			for _, internal := range []string{tt.cause, "x402 facilitator", "http://", "https://", pe.Code + ":"} {
				if internal != "" && strings.Contains(msg, internal) {
					t.Errorf("ErrorMessage() = %q contains internal text %q", msg, internal)
				}
			}
		})
	}
}
