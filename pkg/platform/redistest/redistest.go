// Package redistest provides real Redis servers to tests: REDIS_URL when set,
// else a testcontainers-go container when a Docker engine answers, else a
// redis-server binary on PATH started on a free port. Without any of them a
// test is skipped, except under CI=true where that is a failure.
package redistest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/testcontainers/testcontainers-go"
	tcredis "github.com/testcontainers/testcontainers-go/modules/redis"
)

// Instance is a Redis server started for one test.
type Instance struct {
	URL  string
	stop func()
	once sync.Once
}

// Stop stops the server (idempotent); later commands fail to connect.
func (i *Instance) Stop() { i.once.Do(i.stop) }

// URL returns the URL of a Redis the test may use: REDIS_URL when set,
// otherwise a private instance stopped at cleanup. Callers must namespace
// their keys: the server may be shared.
func URL(tb testing.TB) string {
	tb.Helper()
	if u := os.Getenv("REDIS_URL"); u != "" {
		if err := ping(u); err != nil {
			tb.Fatalf("REDIS_URL=%s is set but does not answer: %v", u, err)
		}
		return u
	}
	return Start(tb).URL
}

// Start starts a private Redis the test owns (so it can Stop it mid-test).
func Start(tb testing.TB) *Instance {
	tb.Helper()
	if inst, ok := startContainer(tb); ok {
		return inst
	}
	if path, err := exec.LookPath("redis-server"); err == nil {
		return startBinary(tb, path)
	}
	msg := "no Redis available: set REDIS_URL, run a Docker engine, or install redis-server"
	if os.Getenv("CI") == "true" {
		tb.Fatal(msg + " (CI=true: Redis tests must run)")
	}
	tb.Skip(msg)
	return nil
}

func dockerAvailable() bool {
	if os.Getenv("DOCKER_HOST") != "" {
		return true
	}
	_, err := os.Stat("/var/run/docker.sock")
	return err == nil
}

func startContainer(tb testing.TB) (*Instance, bool) {
	if !dockerAvailable() {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	c, err := tcredis.Run(ctx, "redis:7-alpine")
	if err != nil {
		tb.Logf("redistest: testcontainers unavailable (%v); trying redis-server", err)
		return nil, false
	}
	u, err := c.ConnectionString(ctx)
	if err != nil {
		_ = testcontainers.TerminateContainer(c)
		tb.Logf("redistest: container connection string: %v", err)
		return nil, false
	}
	inst := &Instance{URL: u, stop: func() { _ = testcontainers.TerminateContainer(c) }}
	tb.Cleanup(inst.Stop)
	return inst, true
}

func startBinary(tb testing.TB, path string) *Instance {
	tb.Helper()
	port, err := freePort()
	if err != nil {
		tb.Fatalf("redistest: free port: %v", err)
	}
	cmd := exec.Command(path, "--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", tb.TempDir(), "--loglevel", "warning")
	if err := cmd.Start(); err != nil {
		tb.Fatalf("redistest: start redis-server: %v", err)
	}
	u := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	inst := &Instance{URL: u, stop: func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}}
	tb.Cleanup(inst.Stop)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err := ping(u); err == nil {
			return inst
		} else if time.Now().After(deadline) {
			tb.Fatalf("redistest: redis-server on %d did not answer: %v", port, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func ping(u string) error {
	o, err := redis.ParseURL(u)
	if err != nil {
		return err
	}
	c := redis.NewClient(o)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return c.Ping(ctx).Err()
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
