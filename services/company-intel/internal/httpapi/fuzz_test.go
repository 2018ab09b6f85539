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

// FuzzParseDeep: any body either parses into a deep request within the
// spec's bounds, with a seller whose fields are each empty (absent) or
// 1..1200 characters, or is a 400 envelope; a body the deep parser
// accepts, the deal-brief parser accepts too.
func FuzzParseDeep(f *testing.F) {
	for _, s := range []string{
		`{"company":"northwind-robotics.com","seller":{"product":"Fleet analytics"}}`,
		`{"company":"Northwind Robotics","lookbackDays":30,"seller":{"product":"a","valueProposition":"b","idealCustomerProfile":"c"}}`,
		`{"company":"northwind-robotics.com"}`, `{"company":"northwind-robotics.com","seller":{}}`,
		`{"company":"northwind-robotics.com","seller":{"product":""}}`, `{"company":"northwind-robotics.com","seller":{"x":1}}`,
		`{"company":"northwind-robotics.com","seller":null}`, `{"company":"northwind-robotics.com","seller":[]}`, `{`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := httpapi.ParseDeep(body)
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
		if req.Seller == nil {
			t.Fatalf("deep request accepted without a seller: %s", body)
		}
		for _, v := range []string{req.Seller.Product, req.Seller.ValueProposition, req.Seller.IdealCustomerProfile} {
			if m := utf8.RuneCountInString(v); m > httpapi.SellerTextMax {
				t.Fatalf("seller text of %d characters accepted", m)
			}
		}
		if _, err := httpapi.ParseBrief(body); err != nil {
			t.Fatalf("deep accepted what deal-brief refuses (%v): %s", err, body)
		}
	})
}
