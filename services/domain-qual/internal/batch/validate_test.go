package batch_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/batch"
)

func entries(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("lead-%03d.com", i)
	}
	return out
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name      string
		inputs    []string
		wantCode  batch.ValidationCode
		wantIndex int
	}{
		{name: "one entry", inputs: entries(1)},
		{name: "exactly the maximum", inputs: entries(batch.MaxDomains)},
		{name: "invalid domains are still a valid batch", inputs: []string{"", "not a domain", "10.0.0.1"}},
		{name: "entry of exactly the maximum length", inputs: []string{strings.Repeat("a", batch.MaxInputLength)}},
		{name: "nil list", inputs: nil, wantCode: batch.ValidationEmpty, wantIndex: -1},
		{name: "empty list", inputs: []string{}, wantCode: batch.ValidationEmpty, wantIndex: -1},
		{name: "101 entries", inputs: entries(batch.MaxDomains + 1), wantCode: batch.ValidationTooMany, wantIndex: -1},
		{name: "oversized entry", inputs: []string{"ok.com", strings.Repeat("a", batch.MaxInputLength+1)}, wantCode: batch.ValidationTooLong, wantIndex: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := batch.Validate(tc.inputs)
			checkValidation(t, err, tc.wantCode, tc.wantIndex)
		})
	}
}

func TestValidateJSON(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		want      []string
		wantCode  batch.ValidationCode
		wantIndex int
	}{
		{name: "strings", body: `["acme.com", "jane@acme.com", ""]`, want: []string{"acme.com", "jane@acme.com", ""}},
		{name: "escaped string", body: `["caf\u00e9.fr"]`, want: []string{"café.fr"}},
		{name: "number", body: `["acme.com", 42]`, wantCode: batch.ValidationNotString, wantIndex: 1},
		{name: "null", body: `[null]`, wantCode: batch.ValidationNotString, wantIndex: 0},
		{name: "object", body: `["a.com", "b.com", {"domain": "c.com"}]`, wantCode: batch.ValidationNotString, wantIndex: 2},
		{name: "nested array", body: `[["acme.com"]]`, wantCode: batch.ValidationNotString, wantIndex: 0},
		{name: "empty", body: `[]`, wantCode: batch.ValidationEmpty, wantIndex: -1},
		{name: "oversized", body: `["` + strings.Repeat("b", batch.MaxInputLength+1) + `"]`, wantCode: batch.ValidationTooLong, wantIndex: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var raw []json.RawMessage
			if err := json.Unmarshal([]byte(tc.body), &raw); err != nil {
				t.Fatal(err)
			}
			got, err := batch.ValidateJSON(raw)
			checkValidation(t, err, tc.wantCode, tc.wantIndex)
			if tc.wantCode == "" && fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestValidateJSON101(t *testing.T) {
	raw := make([]json.RawMessage, batch.MaxDomains+1)
	for i := range raw {
		raw[i] = json.RawMessage(fmt.Sprintf("%q", fmt.Sprintf("lead-%03d.com", i)))
	}
	_, err := batch.ValidateJSON(raw)
	checkValidation(t, err, batch.ValidationTooMany, -1)
}

func checkValidation(t *testing.T, err error, code batch.ValidationCode, index int) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	var ve *batch.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error %v is not a *batch.ValidationError", err)
	}
	if ve.Code != code || ve.Index != index || ve.Message == "" {
		t.Errorf("got code %s index %d message %q, want code %s index %d", ve.Code, ve.Index, ve.Message, code, index)
	}
}
