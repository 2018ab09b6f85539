package htmlmeta_test

import (
	"net/http"
	"reflect"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
)

func TestParseHSTS(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		value   string
		want    htmlmeta.HSTS
		wantErr bool
	}{
		{name: "max-age only", value: "max-age=31536000", want: htmlmeta.HSTS{MaxAge: 31536000}},
		{name: "all directives", value: "max-age=63072000; includeSubDomains; preload",
			want: htmlmeta.HSTS{MaxAge: 63072000, IncludeSubDomains: true, Preload: true}},
		{name: "case and spacing", value: "  MAX-AGE = 600 ;INCLUDESUBDOMAINS  ", want: htmlmeta.HSTS{MaxAge: 600, IncludeSubDomains: true}},
		{name: "quoted max-age", value: `max-age="86400"`, want: htmlmeta.HSTS{MaxAge: 86400}},
		{name: "zero max-age (removal)", value: "max-age=0", want: htmlmeta.HSTS{}},
		{name: "unknown directive ignored", value: "max-age=10; report-uri=x", want: htmlmeta.HSTS{MaxAge: 10}},
		{name: "empty directives skipped", value: ";;max-age=5;;", want: htmlmeta.HSTS{MaxAge: 5}},
		{name: "missing max-age", value: "includeSubDomains", wantErr: true},
		{name: "empty header", value: "", wantErr: true},
		{name: "max-age without value", value: "max-age", wantErr: true},
		{name: "negative max-age", value: "max-age=-1", wantErr: true},
		{name: "non-numeric max-age", value: "max-age=1y", wantErr: true},
		{name: "overflowing max-age", value: "max-age=99999999999999999999", wantErr: true},
		{name: "duplicate directive", value: "max-age=1; max-age=2", wantErr: true},
		{name: "includeSubDomains with value", value: "max-age=1; includeSubDomains=yes", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := htmlmeta.ParseHSTS(tt.value)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseHSTS(%q) err = %v, wantErr %v", tt.value, err, tt.wantErr)
			}
			if got != tt.want {
				t.Fatalf("ParseHSTS(%q) = %+v, want %+v", tt.value, got, tt.want)
			}
		})
	}
}

func TestParseSecurityHeaders(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		header http.Header
		want   htmlmeta.SecurityHeaders
	}{
		{name: "none", header: http.Header{}, want: htmlmeta.SecurityHeaders{}},
		{
			name: "all present",
			header: http.Header{
				"Strict-Transport-Security": {"max-age=31536000; includeSubDomains", "max-age=1"},
				"Content-Security-Policy":   {"default-src 'self'"},
				"X-Frame-Options":           {" DENY "},
				"X-Content-Type-Options":    {"nosniff"},
				"Referrer-Policy":           {"strict-origin-when-cross-origin"},
				"Permissions-Policy":        {"geolocation=()"},
			},
			want: htmlmeta.SecurityHeaders{
				HSTS:    &htmlmeta.HSTS{MaxAge: 31536000, IncludeSubDomains: true},
				HSTSRaw: "max-age=31536000; includeSubDomains", CSP: true,
				XFrameOptions: "DENY", XContentTypeOptions: "nosniff",
				ReferrerPolicy: "strict-origin-when-cross-origin", PermissionsPolicy: "geolocation=()",
			},
		},
		{
			name: "invalid hsts and report-only csp",
			header: http.Header{
				"Strict-Transport-Security":           {"includeSubDomains"},
				"Content-Security-Policy-Report-Only": {"default-src 'self'"},
			},
			want: htmlmeta.SecurityHeaders{
				HSTSRaw: "includeSubDomains", HSTSError: "hsts: max-age is missing", CSPReportOnly: true,
			},
		},
		{
			name:   "empty csp is absent",
			header: http.Header{"Content-Security-Policy": {"  "}},
			want:   htmlmeta.SecurityHeaders{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := htmlmeta.ParseSecurityHeaders(tt.header); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
