package fetch

import (
	"net/url"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/guard"
)

func TestNumericIPv4Form(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		host string
		want bool
	}{
		{"decimal", "2130706433", true},
		{"octal dotted", "0177.0.0.1", true},
		{"hex", "0x7f000001", true},
		{"hex dotted", "0x7f.0x0.0x0.0x1", true},
		{"short", "127.1", true},
		{"trailing dot", "127.1.", true},
		{"bare 0x", "0x", true},
		{"name", "example.com", false},
		{"digits in labels", "123.example.com", false},
		{"numeric-looking tld-less name with letters", "1e100", false},
		{"hex-looking but not hex", "0xzz", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := numericIPv4Form(tt.host); got != tt.want {
				t.Fatalf("numericIPv4Form(%q) = %v, want %v", tt.host, got, tt.want)
			}
		})
	}
}

func TestCheckURL(t *testing.T) {
	t.Parallel()
	allow, err := guard.ParseAllowList([]string{"127.0.0.1:8080"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		url       string
		allow     guard.AllowList
		httpsOnly bool
		want      Code // "" = passes
		wantPort  uint16
	}{
		{name: "public https", url: "https://example.com/", wantPort: 443},
		{name: "public http", url: "http://example.com/a?b", wantPort: 80},
		{name: "explicit 443 on http", url: "http://example.com:443/", wantPort: 443},
		{name: "public ip literal", url: "http://93.184.215.14/", wantPort: 80},
		{name: "upper-case host", url: "https://EXAMPLE.com./", wantPort: 443},
		{name: "https required", url: "http://example.com/", httpsOnly: true, want: CodeBlockedScheme},
		{name: "javascript scheme", url: "javascript:alert(1)", want: CodeBlockedScheme},
		{name: "data scheme", url: "data:text/html,hi", want: CodeBlockedScheme},
		{name: "userinfo", url: "https://a:b@example.com/", want: CodeCredentialsInURL},
		{name: "empty userinfo", url: "https://@example.com/", want: CodeCredentialsInURL},
		{name: "opaque", url: "http:example.com", want: CodeBadURL},
		{name: "port 0", url: "http://example.com:0/", want: CodeBadURL},
		{name: "port too big", url: "http://example.com:70000/", want: CodeBadURL},
		{name: "odd port on name", url: "http://example.com:8080/", want: CodeBlockedPort},
		{name: "odd port on name with that port allow-listed", url: "http://fixture.test:8080/", allow: allow, wantPort: 8080},
		{name: "allow-listed literal", url: "http://127.0.0.1:8080/", allow: allow, wantPort: 8080},
		{name: "allow-listed literal other port", url: "http://127.0.0.1:8081/", allow: allow, want: CodeBlockedAddress},
		{name: "odd port on public literal", url: "http://93.184.215.14:22/", want: CodeBlockedPort},
		{name: "localhost", url: "http://localhost/", want: CodeBlockedAddress},
		{name: "decimal literal", url: "http://2130706433/", want: CodeBlockedAddress},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			u, err := url.Parse(tt.url)
			if err != nil {
				t.Fatal(err)
			}
			got, ferr := checkURL(u, tt.allow, tt.httpsOnly)
			if tt.want == "" {
				if ferr != nil {
					t.Fatalf("checkURL(%s) = %v, want pass", tt.url, ferr)
				}
				if tt.wantPort != 0 && got.port != tt.wantPort {
					t.Fatalf("port = %d, want %d", got.port, tt.wantPort)
				}
				return
			}
			if ferr == nil || ferr.Code != tt.want {
				t.Fatalf("checkURL(%s) = %v, want %s", tt.url, ferr, tt.want)
			}
		})
	}
}
