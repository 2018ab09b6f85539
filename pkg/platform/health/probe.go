package health

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/intel402/intel402/pkg/platform/config"
)

// ProbeTimeout bounds one Probe.
const ProbeTimeout = 3 * time.Second

// Probe is the container health check of a service binary (its
// -healthcheck flag, for images without a shell or curl): it GETs path on
// the process's own listener — PORT (default defaultPort) on LISTEN_HOST
// when that names one address, else on loopback — and returns nil when the
// answer is 200.
func Probe(ctx context.Context, lookup config.Lookup, defaultPort int, path string) error {
	l := config.NewLoader(lookup)
	port := l.Int("PORT", defaultPort, 0, 65535)
	host := l.String("LISTEN_HOST", "")
	if err := l.Err(); err != nil {
		return err
	}
	if port == 0 {
		return fmt.Errorf("health probe: PORT=0 (any free port) cannot be probed")
	}
	switch host {
	case "", "0.0.0.0", "::", "[::]":
		host = "127.0.0.1"
	}
	url := "http://" + net.JoinHostPort(host, strconv.Itoa(port)) + path
	ctx, cancel := context.WithTimeout(ctx, ProbeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("health probe: %w", err)
	}
	// Straight to the listener: no proxy from the environment.
	client := &http.Client{Transport: &http.Transport{Proxy: nil}}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("health probe: %w", err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("health probe: GET %s: %s", url, res.Status)
	}
	return nil
}
