package payments_test

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"testing"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// TestMiddlewareErrorRendersAsIs checks that the envelope renders the x402
// middleware's *echox402.Error as it is (no conversion to *apierror.Error):
// its status, code, message and details, never its cause.
func TestMiddlewareErrorRendersAsIs(t *testing.T) {
	cause := errors.New("x402 facilitator verify: Post \"https://facilitator.internal/verify\": dial tcp 10.0.0.9:443: connection refused")
	pe := &echox402.Error{
		Status: http.StatusServiceUnavailable, Code: echox402.CodeFacilitatorUnavailable,
		Message: "the payment facilitator is unavailable (verify); nothing was charged or delivered, retry later",
		Details: map[string]any{"operation": "verify"}, Err: cause,
	}
	for _, err := range []error{pe, fmt.Errorf("route: %w", pe)} {
		status, body := apierror.From(err)
		want := apierror.Body{Code: apierror.Code(pe.Code), Message: pe.Message, Details: pe.Details}
		if status != pe.Status || !reflect.DeepEqual(body, want) {
			t.Fatalf("From(%v) = %d %+v, want %d %+v", err, status, body, pe.Status, want)
		}
	}
}
