package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/services/domain-qual/internal/batch"
)

// BatchRequest is the validated body of POST /api/v1/domain/batch-classify.
type BatchRequest struct {
	// Domains are the entries as received (1..batch.MaxDomains strings of
	// at most batch.MaxInputLength bytes), in order.
	Domains []string
}

// batchBody is the wire shape; domains stays raw so that a missing field,
// null and a non-array are told apart.
type batchBody struct {
	Domains json.RawMessage `json:"domains"`
}

// ParseBatchBody decodes a batch-classify body strictly: one JSON object
// whose only property is domains, an array of 1..100 strings of at most
// 512 bytes each. Errors are 400s naming the field ("domains" or
// "domains[i]", an unknown property by its name); details.rule carries
// the batch validation code when a list rule failed.
func ParseBatchBody(body []byte) (BatchRequest, error) {
	var b batchBody
	if err := strictjson.DecodeBytes(body, &b); err != nil {
		return BatchRequest{}, err
	}
	raw := bytes.TrimSpace(b.Domains)
	switch {
	case len(raw) == 0:
		return BatchRequest{}, apierror.InvalidField("domains", "is required: an array of 1 to 100 domain names", nil)
	case raw[0] != '[':
		return BatchRequest{}, apierror.InvalidField("domains", "must be an array of strings, got "+jsonKind(raw),
			map[string]any{"expected": "an array", "got": jsonKind(raw)})
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return BatchRequest{}, apierror.Wrap(err, apierror.CodeInvalidJSON, "domains is not a valid JSON array")
	}
	domains, err := batch.ValidateJSON(items)
	if err != nil {
		return BatchRequest{}, batchValidationError(err)
	}
	return BatchRequest{Domains: domains}, nil
}

// batchValidationError turns a *batch.ValidationError into a 400 naming
// "domains" (list-level) or "domains[i]" (one entry).
func batchValidationError(err error) error {
	var ve *batch.ValidationError
	if !errors.As(err, &ve) {
		return fmt.Errorf("httpapi: batch validation: %w", err)
	}
	field := "domains"
	if ve.Index >= 0 {
		field = fmt.Sprintf("domains[%d]", ve.Index)
	}
	e := apierror.InvalidField(field, ve.Message, map[string]any{
		"rule": string(ve.Code), "max_domains": batch.MaxDomains, "max_entry_bytes": batch.MaxInputLength})
	e.Err = err
	return e
}

// jsonKind names the JSON type of a raw value.
func jsonKind(raw []byte) string {
	switch raw[0] {
	case '{':
		return "an object"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// batchKey is the canonical request of a batch: the entries exactly as
// received, in order. The body echoes every entry (input) at its index,
// so two lists that normalise to the same domains but are spelt
// differently are different responses and different cache entries.
type batchKey struct {
	Domains []string `json:"domains"`
}
