// Command company-intel serves the company intelligence API.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/health"
	"github.com/intel402/intel402/services/company-intel/internal/service"
	"github.com/intel402/intel402/services/company-intel/ops"
)

// version is set at build time: -ldflags "-X main.version=...".
var version = "dev"

func main() {
	healthcheck := flag.Bool("healthcheck", false, "probe the running service's health endpoint (PORT, "+ops.HealthPath+") and exit 0 when it answers 200: the container health check")
	flag.Parse()
	if *healthcheck {
		if err := health.Probe(context.Background(), config.Env(), ops.DefaultPort, ops.HealthPath); err != nil {
			fmt.Fprintln(os.Stderr, "company-intel:", err)
			os.Exit(1)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := service.Run(ctx, config.Env(), os.Stdout, version, nil); err != nil {
		fmt.Fprintln(os.Stderr, "company-intel:", err)
		os.Exit(1)
	}
}
