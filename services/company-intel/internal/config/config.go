// Package config is company-intel's one place for settings (README table).
package config

import (
	"log/slog"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/payments"
)

// DefaultPort is company-intel's listen port unless PORT says otherwise.
const DefaultPort = 8080

// Config is the service's configuration.
type Config struct {
	Base     app.Base
	Payments payments.Config
}

// Load reads and validates every setting at once.
func Load(lookup config.Lookup) (Config, []slog.Attr, error) {
	l := config.NewLoader(lookup)
	c := Config{Base: app.LoadBase(l, DefaultPort), Payments: payments.Load(l)}
	return c, l.Effective(), l.Err()
}
