package webfetch_test

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/webfetch"
)

func TestLoad(t *testing.T) {
	tests := []struct {
		name      string
		env       map[string]string
		wantAllow []string // endpoints the allow-list must admit
		wantHTTPS uint16
		wantHTTP  uint16
		wantErr   string // a substring of the problem; "" = none
	}{
		{name: "defaults", wantHTTPS: 443, wantHTTP: 80},
		{
			name:      "settings",
			env:       map[string]string{"FETCH_ALLOWLIST": "127.0.0.0/8, 127.0.0.1:8443 ,::1", "WEBSITE_HTTPS_PORT": "8443", "WEBSITE_HTTP_PORT": "8080"},
			wantAllow: []string{"127.0.0.2:443", "127.0.0.1:8443", "[::1]:80"}, wantHTTPS: 8443, wantHTTP: 8080,
		},
		{name: "blank allow-list", env: map[string]string{"FETCH_ALLOWLIST": " "}, wantHTTPS: 443, wantHTTP: 80},
		{name: "allow-list host name", env: map[string]string{"FETCH_ALLOWLIST": "fixtures.local"}, wantHTTPS: 443, wantHTTP: 80, wantErr: "FETCH_ALLOWLIST"},
		{name: "allow-list bad CIDR", env: map[string]string{"FETCH_ALLOWLIST": "10.0.0.0/99"}, wantHTTPS: 443, wantHTTP: 80, wantErr: "FETCH_ALLOWLIST"},
		{name: "port zero", env: map[string]string{"WEBSITE_HTTPS_PORT": "0"}, wantHTTPS: 443, wantHTTP: 80, wantErr: "WEBSITE_HTTPS_PORT: 0 is outside 1..65535"},
		{name: "port too large", env: map[string]string{"WEBSITE_HTTP_PORT": "70000"}, wantHTTPS: 443, wantHTTP: 80, wantErr: "WEBSITE_HTTP_PORT: 70000 is outside 1..65535"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := config.NewLoader(config.Map(tt.env))
			c := webfetch.Load(l)
			err := l.Err()
			if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
			}
			if c.HTTPSPort != tt.wantHTTPS || c.HTTPPort != tt.wantHTTP {
				t.Fatalf("ports %d %d, want %d %d", c.HTTPSPort, c.HTTPPort, tt.wantHTTPS, tt.wantHTTP)
			}
			if len(tt.wantAllow) == 0 && !c.AllowList.Empty() {
				t.Fatalf("allow-list %+v, want empty", c.AllowList)
			}
			for _, ep := range tt.wantAllow {
				if !c.AllowList.Allows(netip.MustParseAddrPort(ep)) {
					t.Fatalf("allow-list %+v refuses %s", c.AllowList, ep)
				}
			}
		})
	}
}

// Every fetcher setting has exactly one description (docs/configuration.md).
func TestLoadDescribesWhatItReads(t *testing.T) {
	decls, err := config.Declare(func(l *config.Loader) { webfetch.Load(l) })
	if err != nil {
		t.Fatal(err)
	}
	if len(decls) != 3 || decls[1].Default != "443" || decls[2].Default != "80" {
		t.Errorf("declarations %+v", decls)
	}
}
