// Package ops states what deploying company-intel relies on: its default port,
// its health path and every environment variable it reads, with its
// default, bounds and description. It is public (not internal) so the
// manifests in deploy/ are checked against it and docs/configuration.md is
// generated from it.
package ops

import (
	pconfig "github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/services/company-intel/internal/config"
)

// DefaultPort is the listen port unless PORT says otherwise.
const DefaultPort = config.DefaultPort

// HealthPath is the free health endpoint (readiness and liveness probes,
// the container's -healthcheck).
const HealthPath = "/health"

// EnvNames returns every environment variable the service reads, sorted,
// including NAME_FILE of each secret: derived by running the service's
// configuration loader, so it cannot drift from it.
func EnvNames() []string {
	return pconfig.Names(func(lookup pconfig.Lookup) { _, _, _ = config.Load(lookup) })
}

// EnvDeclarations returns the declaration of every environment variable the
// service reads, in reading order, with its default, bounds and
// description (deploy/cmd/configdoc writes docs/configuration.md from it).
func EnvDeclarations() ([]pconfig.Decl, error) { return config.Declarations() }
