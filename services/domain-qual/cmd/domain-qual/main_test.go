package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary act as the service: with DOMAIN_QUAL_MAIN=1
// it runs main() on the environment, as the real command does.
func TestMain(m *testing.M) {
	if os.Getenv("DOMAIN_QUAL_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// closedPort is a loopback port nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	_ = l.Close()
	return port
}

// startChild starts the command in a child process with env and returns it and
// its combined stdout and stderr.
func startChild(t *testing.T, env ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{"DOMAIN_QUAL_MAIN=1"}, env...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd, &out
}

// everyLineIsJSON fails for a line that is not one JSON object and returns
// the records.
func everyLineIsJSON(t *testing.T, out []byte) []map[string]any {
	t.Helper()
	var recs []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Errorf("not a JSON record: %q", sc.Text())
			continue
		}
		recs = append(recs, rec)
	}
	return recs
}

func has(recs []map[string]any, key, value string) bool {
	for _, r := range recs {
		if v, _ := r[key].(string); strings.Contains(v, value) {
			return true
		}
	}
	return false
}

// With Redis unreachable and the OTLP collector down, every line the
// service writes, from start to a SIGTERM stop, is one JSON record:
// go-redis's and the OpenTelemetry SDK's own messages included.
func TestEveryLineIsJSONWithRedisDown(t *testing.T) {
	port := closedPort(t)
	cmd, out := startChild(t, "PORT="+port, "LISTEN_HOST=127.0.0.1",
		"REDIS_URL=redis://127.0.0.1:"+closedPort(t)+"/0",
		"OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:"+closedPort(t),
		"X402_FACILITATOR_URL=http://127.0.0.1:"+closedPort(t),
		"X402_PAY_TO=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
		"DNS_RESOLVERS=127.0.0.1:"+closedPort(t), "DNS_ATTEMPTS=1", "DNS_QUERY_TIMEOUT=100ms")
	base := "http://127.0.0.1:" + port
	deadline := time.Now().Add(15 * time.Second)
	for {
		res, err := http.Get(base + "/api/health")
		if err == nil {
			res.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("service did not answer: %v\n%s", err, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, path := range []string{"/api/v1/domain/classify?domain=example.com", "/api/v1/domain/classify?domain=..", "/nope"} {
		if res, err := http.Get(base + path); err == nil {
			res.Body.Close()
		}
	}
	// A malformed request line: net/http's server answers 400 on its own.
	if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
		_, _ = c.Write([]byte("GARBAGE\r\n\r\n"))
		_ = c.Close()
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("service exited with %v\n%s", err, out)
	}
	recs := everyLineIsJSON(t, out.Bytes())
	for _, want := range [][2]string{
		{"msg", "configuration"},       // our own start-up record
		{"component", "go-redis"},      // go-redis's dial failures
		{"component", "opentelemetry"}, // the exporter's failures
	} {
		if !has(recs, want[0], want[1]) {
			t.Errorf("no record with %s %q: the test did not exercise it\n%s", want[0], want[1], out)
		}
	}
}

// A service that cannot start says why in one JSON record and exits 1.
func TestStartFailureIsOneJSONRecord(t *testing.T) {
	cmd, out := startChild(t, "PORT=0", "X402_PAY_TO=not-an-address", "X402_FACILITATOR_URL=")
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit = %v, want status 1\n%s", err, out)
	}
	recs := everyLineIsJSON(t, out.Bytes())
	if len(recs) != 1 || recs[0]["level"] != "ERROR" || !strings.Contains(recs[0]["error"].(string), "X402_PAY_TO") {
		t.Errorf("records = %v", recs)
	}
}
