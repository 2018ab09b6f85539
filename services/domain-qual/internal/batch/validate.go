package batch

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ValidationCode is a stable reason for rejecting a whole batch request.
type ValidationCode string

// Validation codes.
const (
	// ValidationEmpty: the list has no entries.
	ValidationEmpty ValidationCode = "empty_batch"
	// ValidationTooMany: the list has more than MaxDomains entries.
	ValidationTooMany ValidationCode = "too_many_domains"
	// ValidationNotString: an entry is not a JSON string.
	ValidationNotString ValidationCode = "entry_not_string"
	// ValidationTooLong: an entry is longer than MaxInputLength bytes.
	ValidationTooLong ValidationCode = "entry_too_long"
)

// ValidationError rejects a whole batch request; the caller answers it
// with a client error before classifying anything.
type ValidationError struct {
	// Code is the stable reason.
	Code ValidationCode
	// Index is the offending entry's position, or -1 for list-level problems.
	Index int
	// Message is a human-readable explanation.
	Message string
}

func (e *ValidationError) Error() string {
	if e.Index >= 0 {
		return fmt.Sprintf("batch: domains[%d]: %s", e.Index, e.Message)
	}
	return "batch: " + e.Message
}

// Validate checks the list of entries: 1..MaxDomains entries of at most
// MaxInputLength bytes each. Entry contents are not checked here: an entry
// that is not a domain name gets a per-item error from Classify.
func Validate(inputs []string) error {
	switch {
	case len(inputs) == 0:
		return &ValidationError{Code: ValidationEmpty, Index: -1, Message: "domains must contain at least one entry"}
	case len(inputs) > MaxDomains:
		return &ValidationError{Code: ValidationTooMany, Index: -1,
			Message: fmt.Sprintf("domains has %d entries; at most %d are allowed", len(inputs), MaxDomains)}
	}
	for i, in := range inputs {
		if len(in) > MaxInputLength {
			return &ValidationError{Code: ValidationTooLong, Index: i,
				Message: fmt.Sprintf("entry is %d bytes long; at most %d are allowed", len(in), MaxInputLength)}
		}
	}
	return nil
}

// ValidateJSON checks the elements of a decoded JSON array (for a body
// {"domains": [...]} decoded into []json.RawMessage) and returns them as
// strings. Besides the checks of Validate, every element must be a JSON
// string (null, numbers, objects and arrays are refused).
func ValidateJSON(raw []json.RawMessage) ([]string, error) {
	switch {
	case len(raw) == 0:
		return nil, Validate(nil)
	case len(raw) > MaxDomains:
		return nil, &ValidationError{Code: ValidationTooMany, Index: -1,
			Message: fmt.Sprintf("domains has %d entries; at most %d are allowed", len(raw), MaxDomains)}
	}
	out := make([]string, len(raw))
	for i, r := range raw {
		r = bytes.TrimSpace(r)
		if len(r) == 0 || r[0] != '"' {
			return nil, &ValidationError{Code: ValidationNotString, Index: i, Message: "entry is not a string"}
		}
		if err := json.Unmarshal(r, &out[i]); err != nil {
			return nil, &ValidationError{Code: ValidationNotString, Index: i, Message: "entry is not a valid JSON string"}
		}
	}
	if err := Validate(out); err != nil {
		return nil, err
	}
	return out, nil
}
