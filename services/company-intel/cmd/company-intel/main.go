// Command company-intel serves the company intelligence API
// (openapi/company-intel.yaml): the x402-paid routes POST
// /v1/company/signals, /v1/company/deal-brief and /v1/company/deal-brief/deep,
// which research a company in public sources, and the free ones: /health,
// /openapi.json, discovery (/capabilities.json, /pricing.json) and MCP
// (/mcp, the paid operations as tools).
//
// It reads its configuration from the environment only (PORT, default
// 8080, and the payment, provider, cache and telemetry settings of
// internal/config, listed in the README), logs JSON to stdout and serves
// until SIGINT or SIGTERM, then drains:
//
//	PORT=8080 company-intel    # scripts/run.sh (make run) starts it this way
//	company-intel -healthcheck # exit 0 when GET /health on PORT answers 200
//
// -healthcheck is the container health check (docker-compose.yml); the
// image is built by services/company-intel/Dockerfile.
package main

import (
	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/services/company-intel/internal/service"
	"github.com/intel402/intel402/services/company-intel/ops"
)

// version is set at build time: -ldflags "-X main.version=...".
var version = "dev"

func main() {
	app.Main(service.Name, version, ops.DefaultPort, ops.HealthPath, service.Run)
}
