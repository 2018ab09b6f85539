package app

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/health"
	"github.com/intel402/intel402/pkg/platform/logging"
)

// ServiceRun is a service's Run: it serves until ctx is done.
type ServiceRun func(ctx context.Context, lookup config.Lookup, logOut io.Writer, version string, ready func(net.Addr)) error

// Main is a service command's whole main. With -healthcheck it probes the
// running service's health endpoint (PORT, healthPath) and exits 0 when it
// answers 200: the container health check, whose one line of output is for
// the container runtime. Otherwise it runs the service with the process
// environment until SIGINT or SIGTERM; a service that cannot start or stops
// with an error is reported as one JSON record on stderr (like every other
// line the service writes) and exits 1.
func Main(name, version string, defaultPort int, healthPath string, run ServiceRun) {
	healthcheck := flag.Bool("healthcheck", false, "probe the running service's health endpoint (PORT, "+healthPath+") and exit 0 when it answers 200: the container health check")
	flag.Parse()
	if *healthcheck {
		if err := health.Probe(context.Background(), config.Env(), defaultPort, healthPath); err != nil {
			fmt.Fprintln(os.Stderr, name+":", err)
			os.Exit(1)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, config.Env(), os.Stdout, version, nil); err != nil {
		logging.New(os.Stderr, "error", name).Error("service stopped", "error", err.Error(), "version", version)
		stop()
		os.Exit(1)
	}
}
