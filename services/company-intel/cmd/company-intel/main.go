// Command company-intel serves the company intelligence API.
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
