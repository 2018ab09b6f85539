package x402

import (
	"context"
	"errors"
	"fmt"
)

// Facilitator verifies and settles payments. Rejections are reported in the
// responses (IsValid false / Success false) with a nil error; a non-nil error
// means the facilitator could not give an answer. Errors that mean it could
// not be reached or answered unintelligibly wrap ErrFacilitatorUnavailable.
type Facilitator interface {
	Verify(ctx context.Context, payload PaymentPayload, req PaymentRequirements) (VerifyResponse, error)
	Settle(ctx context.Context, payload PaymentPayload, req PaymentRequirements) (SettleResponse, error)
	Supported(ctx context.Context) (SupportedResponse, error)
}

// ErrFacilitatorUnavailable is matched (errors.Is) by every transport-level
// facilitator failure: connection errors, timeouts, and responses that are
// neither a success nor a structured rejection.
var ErrFacilitatorUnavailable = errors.New("x402 facilitator unavailable")

// FacilitatorError is a transport-level facilitator failure. It matches
// ErrFacilitatorUnavailable.
type FacilitatorError struct {
	Op         string // "verify", "settle" or "supported"
	StatusCode int    // HTTP status when one was received, else 0
	Err        error
}

func (e *FacilitatorError) Error() string {
	if e.StatusCode != 0 {
		return fmt.Sprintf("x402 facilitator %s: HTTP %d: %v", e.Op, e.StatusCode, e.Err)
	}
	return fmt.Sprintf("x402 facilitator %s: %v", e.Op, e.Err)
}

func (e *FacilitatorError) Unwrap() error { return e.Err }

// Is reports whether target is ErrFacilitatorUnavailable.
func (e *FacilitatorError) Is(target error) bool { return target == ErrFacilitatorUnavailable }
