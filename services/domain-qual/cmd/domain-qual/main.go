// Command domain-qual serves the domain qualification API.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// version is set at build time: -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := service.Run(ctx, config.Env(), os.Stdout, version, nil); err != nil {
		fmt.Fprintln(os.Stderr, "domain-qual:", err)
		os.Exit(1)
	}
}
