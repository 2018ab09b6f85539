// Package webfetch reads the operator settings of the guarded web fetcher
// (pkg/evidence/fetch) that every service fetching public websites shares:
// which otherwise refused endpoints it may reach, and the ports a site's
// https:// and http:// pages are fetched on.
package webfetch

import (
	"strings"

	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/pkg/platform/config"
)

// Default website ports (WEBSITE_HTTPS_PORT, WEBSITE_HTTP_PORT).
const (
	DefaultHTTPSPort = 443
	DefaultHTTPPort  = 80
)

// Config is the fetcher's part of a service's configuration.
type Config struct {
	// AllowList (FETCH_ALLOWLIST: comma-separated CIDR, IP or IP:port) makes
	// otherwise refused endpoints reachable, e.g. loopback test fixtures.
	// Operator configuration only; empty by default.
	AllowList guard.AllowList
	// HTTPSPort (WEBSITE_HTTPS_PORT) and HTTPPort (WEBSITE_HTTP_PORT) are
	// the ports https://<domain>/ and http://<domain>/ are fetched on. Test
	// and demo only: production leaves the defaults (443, 80); loopback
	// fixtures on other ports also need FETCH_ALLOWLIST to name them, since
	// the fetcher refuses other ports otherwise.
	HTTPSPort uint16
	HTTPPort  uint16
}

// docs describes the fetcher's settings (docs/configuration.md).
var docs = map[string]string{
	"FETCH_ALLOWLIST": "operator-only: comma-separated CIDR, IP or `IP:port` the guarded fetcher (MTA-STS policy " +
		"files, full-profile websites, company websites) may reach although not public, e.g. loopback test " +
		"fixtures; never from request input",
	"WEBSITE_HTTPS_PORT": "test/demo only: the port `https://<domain>/` is fetched on (loopback fixtures; " +
		"`FETCH_ALLOWLIST` must name it too)",
	"WEBSITE_HTTP_PORT": "test/demo only: the port `http://<domain>/` is fetched on (loopback fixtures; " +
		"`FETCH_ALLOWLIST` must name it too)",
}

// Load reads FETCH_ALLOWLIST, WEBSITE_HTTPS_PORT and WEBSITE_HTTP_PORT,
// recording any problem in l.
func Load(l *config.Loader) Config {
	l.Describe(docs)
	return Config{
		AllowList: allowList(l, "FETCH_ALLOWLIST"),
		HTTPSPort: uint16(l.Int("WEBSITE_HTTPS_PORT", DefaultHTTPSPort, 1, 65535)),
		HTTPPort:  uint16(l.Int("WEBSITE_HTTP_PORT", DefaultHTTPPort, 1, 65535)),
	}
}

// allowList parses a comma-separated guard allow-list variable.
func allowList(l *config.Loader, key string) guard.AllowList {
	v := l.String(key, "")
	if strings.TrimSpace(v) == "" {
		return guard.AllowList{}
	}
	al, err := guard.ParseAllowList(strings.Split(v, ","))
	if err != nil {
		l.Problem("%s: %v", key, err)
		return guard.AllowList{}
	}
	return al
}
