package strictjson

import (
	"errors"
	"testing"

	"github.com/intel402/intel402/pkg/platform/apierror"
)

func TestCheckKeys(t *testing.T) {
	tests := []struct {
		name, doc string
		wantErr   bool
	}{
		{"distinct", `{"domain":"acme.com","Domain":"x"}`, false},
		{"duplicate", `{"domain":"acme.com","domain":"globex.com"}`, true},
		{"nested duplicate", `{"a":{"b":1,"b":2}}`, true},
		{"in an array", `{"domains":[{"d":1},{"d":1,"d":2}]}`, true},
		{"malformed is left to the decoder", `{"a":`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckKeys([]byte(tt.doc))
			if (err != nil) != tt.wantErr {
				t.Fatalf("CheckKeys(%s) = %v, want error %v", tt.doc, err, tt.wantErr)
			}
			var ae *apierror.Error
			if err != nil && (!errors.As(err, &ae) || ae.Code != apierror.CodeInvalidJSON) {
				t.Fatalf("error %v is not a 400 invalid_json", err)
			}
		})
	}
}
