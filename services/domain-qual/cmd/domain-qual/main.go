// Command domain-qual serves the domain qualification API
// (openapi/domain-qual.yaml): the x402-paid routes under /api/v1/domain/
// (classify, dns-audit, full-profile, batch-classify), which read a
// domain's DNS, mail setup and website, and the free ones: /api/health,
// /openapi.json, discovery (/capabilities.json, /pricing.json) and MCP
// (/mcp, the paid operations as tools).
//
// It reads its configuration from the environment only (PORT, default
// 8081, and the payment, resolver, fetch, cache and telemetry settings of
// internal/config, listed in the README), logs JSON to stdout and serves
// until SIGINT or SIGTERM, then drains:
//
//	PORT=8081 domain-qual    # scripts/run.sh (make run) starts it this way
//	domain-qual -healthcheck # exit 0 when GET /api/health on PORT answers 200
//
// -healthcheck is the container health check (docker-compose.yml); the
// image is built by services/domain-qual/Dockerfile.
package main

import (
	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
	"github.com/intel402/intel402/services/domain-qual/ops"
)

// version is set at build time: -ldflags "-X main.version=...".
var version = "dev"

func main() {
	app.Main(service.Name, version, ops.DefaultPort, ops.HealthPath, service.Run)
}
