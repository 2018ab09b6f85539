// Command company-intel serves the company intelligence API.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/services/company-intel/internal/service"
)

// version is set at build time: -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := service.Run(ctx, config.Env(), os.Stdout, version, nil); err != nil {
		fmt.Fprintln(os.Stderr, "company-intel:", err)
		os.Exit(1)
	}
}
