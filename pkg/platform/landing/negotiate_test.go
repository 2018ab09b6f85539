package landing

import "testing"

func TestPrefersJSON(t *testing.T) {
	for _, tc := range []struct {
		accept string
		want   bool
	}{
		{"", false},
		{"*/*", false},
		{"application/json", true},
		{"application/json, text/html", false},
		{"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false}, // a browser's
		{"application/json;q=0.9, text/html;q=0.8", true},
		{"application/json, text/html;q=0.5", true},
		{"application/*", true},
		{"application/json, */*;q=0.1", true},
		{"text/*;q=0.9, application/json;q=0.8", false},
		{"text/html;q=0, */*", true}, // HTML refused, JSON by the wildcard
		{"application/json;q=0", false},
		{"application/json;q=nonsense", false},
		{"application/json;q=1.5, text/html;q=0.1", false}, // an invalid q is ignored
		{"APPLICATION/JSON", true},
		{"text/plain", false},
		{";;;, application/json", true},
	} {
		if got := prefersJSON(tc.accept); got != tc.want {
			t.Errorf("prefersJSON(%q) = %v, want %v", tc.accept, got, tc.want)
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"gzip, deflate, br, zstd", true},
		{"GZIP;q=0.5", true},
		{"x-gzip", true},
		{"gzip;q=0", false},
		{"br", false},
		{"*", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false}, // named beats the wildcard
		{"identity", false},
		{"gzip;q=abc", false},
	} {
		if got := acceptsGzip(tc.header); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}
