// Package config is domain-qual's one place for settings (README table).
package config

import (
	"log/slog"
	"time"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/payments"
)

// DefaultPort is domain-qual's listen port unless PORT says otherwise.
const DefaultPort = 8081

// Config is the service's configuration.
type Config struct {
	Base     app.Base
	Payments payments.Config
	DNS      DNS
}

// DNS configures the resolver.
type DNS struct {
	Servers      []string      // DNS_RESOLVERS: host:port list; empty = the system's (/etc/resolv.conf)
	QueryTimeout time.Duration // DNS_QUERY_TIMEOUT: per query and server
	Attempts     int           // DNS_ATTEMPTS: servers tried per question
	CacheSize    int           // DNS_CACHE_SIZE: answers kept by the process-wide cache
}

// Load reads and validates every setting at once.
func Load(lookup config.Lookup) (Config, []slog.Attr, error) {
	l := config.NewLoader(lookup)
	c := Config{
		Base:     app.LoadBase(l, DefaultPort),
		Payments: payments.Load(l),
		DNS: DNS{
			Servers:      l.HostPorts("DNS_RESOLVERS"),
			QueryTimeout: l.Duration("DNS_QUERY_TIMEOUT", 2*time.Second, 50*time.Millisecond, 30*time.Second),
			Attempts:     l.Int("DNS_ATTEMPTS", 3, 1, 10),
			CacheSize:    l.Int("DNS_CACHE_SIZE", 50000, 100, 10_000_000),
		},
	}
	return c, l.Effective(), l.Err()
}
