package httpapi_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
)

// wantErr describes an expected *apierror.Error ("" code: no error).
type wantErr struct {
	code          apierror.Code
	field, reason string
}

func checkErr(t *testing.T, err error, want wantErr) {
	t.Helper()
	if want.code == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	var ae *apierror.Error
	if !errors.As(err, &ae) {
		t.Fatalf("error %v is not an *apierror.Error", err)
	}
	if ae.HTTPStatus() != http.StatusBadRequest || ae.Code != want.code {
		t.Fatalf("got %d %q, want 400 %q (%v)", ae.HTTPStatus(), ae.Code, want.code, err)
	}
	if want.field != "" && ae.Details["field"] != want.field {
		t.Fatalf("details.field = %v, want %q", ae.Details["field"], want.field)
	}
	if want.reason != "" && ae.Details["reason"] != want.reason {
		t.Fatalf("details.reason = %v, want %q", ae.Details["reason"], want.reason)
	}
}

func TestParseClassifyQuery(t *testing.T) {
	tests := []struct {
		name, query string
		wantDomain  string
		want        wantErr
	}{
		{name: "bare domain", query: "domain=northwind.com", wantDomain: "northwind.com"},
		{name: "upper case and trailing dot", query: "domain=NorthWind.COM.", wantDomain: "northwind.com"},
		{name: "email address", query: "domain=jane%40northwind.co.uk", wantDomain: "northwind.co.uk"},
		{name: "URL with path", query: "domain=https%3A%2F%2Fwww.northwind.com%2Fabout", wantDomain: "www.northwind.com"},
		{name: "internationalised name", query: "domain=b%C3%BCcher.de", wantDomain: "xn--bcher-kva.de"},
		{name: "missing", query: "", want: wantErr{code: "invalid_request", field: "domain"}},
		{name: "blank", query: "domain=%20%20", want: wantErr{code: "invalid_request", field: "domain"}},
		{name: "IPv4", query: "domain=8.8.8.8", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "ip_literal"}},
		{name: "numeric host", query: "domain=3232235777", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "ip_literal"}},
		{name: "single label", query: "domain=localhostish", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "single_label"}},
		{name: "localhost", query: "domain=localhost", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "reserved_name"}},
		{name: "onion", query: "domain=abc.onion", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "reserved_name"}},
		{name: "public suffix", query: "domain=github.io", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "public_suffix"}},
		{name: "unknown suffix", query: "domain=nas.home", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "unknown_suffix"}},
		{name: "bad characters", query: "domain=no_way.com", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "invalid_characters"}},
		{name: "unknown parameter", query: "domain=northwind.com&format=xml", want: wantErr{code: "invalid_request", field: "format"}},
		{name: "selector is not a classify parameter", query: "domain=northwind.com&selector=s1", want: wantErr{code: "invalid_request", field: "selector"}},
		{name: "repeated", query: "domain=a.com&domain=b.com", want: wantErr{code: "invalid_request", field: "domain"}},
		{name: "malformed escape", query: "domain=%zz", want: wantErr{code: "invalid_request"}},
		{name: "semicolon separator", query: "domain=a.com;x=1", want: wantErr{code: "invalid_request"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := httpapi.ParseClassifyQuery(tt.query)
			checkErr(t, err, tt.want)
			if err == nil && q.Name.ASCII != tt.wantDomain {
				t.Fatalf("domain = %q, want %q", q.Name.ASCII, tt.wantDomain)
			}
		})
	}
}

func TestParseAuditQuery(t *testing.T) {
	long := strings.Repeat("a", 60)
	tests := []struct {
		name, query  string
		wantDomain   string
		wantSelector string
		want         wantErr
	}{
		{name: "no selector", query: "domain=northwind.com", wantDomain: "northwind.com"},
		{name: "selector lower-cased", query: "domain=northwind.com&selector=Google", wantDomain: "northwind.com", wantSelector: "google"},
		{name: "dotted selector", query: "selector=s1.mail&domain=northwind.com", wantDomain: "northwind.com", wantSelector: "s1.mail"},
		{name: "microsoft style selector", query: "domain=northwind.com&selector=selector1-northwind-com", wantDomain: "northwind.com", wantSelector: "selector1-northwind-com"},
		{name: "empty selector", query: "domain=northwind.com&selector=", want: wantErr{code: "invalid_request", field: "selector"}},
		{name: "underscore", query: "domain=northwind.com&selector=s_1", want: wantErr{code: "invalid_request", field: "selector"}},
		{name: "leading hyphen", query: "domain=northwind.com&selector=-s1", want: wantErr{code: "invalid_request", field: "selector"}},
		{name: "double dot", query: "domain=northwind.com&selector=a..b", want: wantErr{code: "invalid_request", field: "selector"}},
		{name: "selector and domain over 253", query: "domain=northwind.com&selector=" + strings.Join([]string{long, long, long, long}, "."), want: wantErr{code: "invalid_request", field: "selector"}},
		{name: "repeated selector", query: "domain=northwind.com&selector=a&selector=b", want: wantErr{code: "invalid_request", field: "selector"}},
		{name: "invalid domain wins over selector", query: "domain=10.0.0.1&selector=s1", want: wantErr{code: apierror.CodeInvalidDomain, field: "domain", reason: "ip_literal"}},
		{name: "unknown parameter", query: "domain=northwind.com&dkim=s1", want: wantErr{code: "invalid_request", field: "dkim"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := httpapi.ParseAuditQuery(tt.query)
			checkErr(t, err, tt.want)
			if err == nil && (q.Name.ASCII != tt.wantDomain || q.Selector != tt.wantSelector) {
				t.Fatalf("got (%q, %q), want (%q, %q)", q.Name.ASCII, q.Selector, tt.wantDomain, tt.wantSelector)
			}
		})
	}
}

func TestSelectorProblem(t *testing.T) {
	tests := []struct {
		name, sel string
		ok        bool
	}{
		{name: "simple", sel: "s1", ok: true},
		{name: "digits only", sel: "20230601", ok: true},
		{name: "dotted", sel: "k1.sub", ok: true},
		{name: "63 character label", sel: strings.Repeat("a", 63), ok: true},
		{name: "253 characters", sel: strings.TrimSuffix(strings.Repeat(strings.Repeat("a", 62)+".", 4)+"a", "."), ok: true},
		{name: "empty", sel: ""},
		{name: "64 character label", sel: strings.Repeat("a", 64)},
		{name: "254 characters", sel: strings.Repeat(strings.Repeat("a", 62)+".", 4) + "ab"},
		{name: "trailing hyphen", sel: "s1-"},
		{name: "trailing dot", sel: "s1."},
		{name: "space", sel: "s 1"},
		{name: "upper case is refused (callers lower-case first)", sel: "S1"},
		{name: "non-ASCII", sel: "sélecteur"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := httpapi.SelectorProblem(tt.sel)
			if (got == "") != tt.ok {
				t.Fatalf("SelectorProblem(%q) = %q, want ok=%v", tt.sel, got, tt.ok)
			}
		})
	}
}
