package httpapi_test

import (
	"net/http"
	"testing"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/httpapi"
)

// FuzzParseSignals: any body either parses into a request within the
// spec's bounds whose company is a domain or a name, or is a 400 envelope.
func FuzzParseSignals(f *testing.F) {
	for _, s := range []string{
		`{"company":"northwind-robotics.com","lookbackDays":30}`, `{"company":"Northwind Robotics, Inc."}`,
		`{"company":"https://jobs.northwind-robotics.com/x?utm_source=y"}`, `{"company":"10.0.0.1"}`, `{"company":"a"}`,
		`{"company":"ok","lookbackDays":1e3}`, `{"company":"ok","x":1}`, `[]`, `{`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := httpapi.ParseSignals(body)
		if err != nil {
			if status, env := apierror.From(err); status != http.StatusBadRequest || env.Code == "" {
				t.Fatalf("error %v mapped to %d %q", err, status, env.Code)
			}
			return
		}
		n := utf8.RuneCountInString(req.Company)
		if n < httpapi.CompanyMin || n > httpapi.CompanyMax || req.LookbackDays < httpapi.LookbackMin || req.LookbackDays > httpapi.LookbackMax {
			t.Fatalf("accepted out of bounds: %+v", req)
		}
		if (req.Input.Domain == "") == (req.Input.Name == "") {
			t.Fatalf("company %q read as neither or both a domain and a name: %+v", req.Company, req.Input)
		}
	})
}
