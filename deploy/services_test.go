package deploy_test

import (
	"bufio"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	ciops "github.com/intel402/intel402/services/company-intel/ops"
	dqops "github.com/intel402/intel402/services/domain-qual/ops"
)

// service is what the manifests must agree with, taken from the service's
// own code (its public ops package): the port, the health path and every
// environment variable its configuration loader reads.
type service struct {
	name   string
	port   int
	health string
	env    map[string]bool // every variable the service reads
}

// secret reports whether the service reads name as a secret: the loader's
// Secret reads NAME_FILE as well, so a secret's NAME_FILE is in the set.
func (s service) secret(name string) bool { return s.env[name+"_FILE"] }

func newService(name string, port int, health string, names []string) service {
	env := map[string]bool{}
	for _, n := range names {
		env[n] = true
	}
	return service{name: name, port: port, health: health, env: env}
}

// services are the two deployed services, by name.
var services = map[string]service{
	"company-intel": newService("company-intel", ciops.DefaultPort, ciops.HealthPath, ciops.EnvNames()),
	"domain-qual":   newService("domain-qual", dqops.DefaultPort, dqops.HealthPath, dqops.EnvNames()),
}

func TestServicesFacts(t *testing.T) {
	// Sanity of what the other tests rely on: the sets are derived from the
	// loaders, so they are large and contain the shared settings.
	for name, s := range services {
		if len(s.env) < 20 || !s.env["PORT"] || !s.env["X402_PAY_TO"] || !s.secret("X402_SETTLEMENT_KEY") || s.secret("X402_PAY_TO") {
			t.Errorf("%s: implausible env set %v", name, slices.Sorted(maps.Keys(s.env)))
		}
	}
	if services["domain-qual"].env["EXA_API_KEY"] || !services["company-intel"].secret("EXA_API_KEY") {
		t.Error("EXA_API_KEY: want a company-intel secret that domain-qual does not read")
	}
}

// repo returns the repository root's path joined with elem (tests run in deploy/).
func repo(elem ...string) string {
	return filepath.Join(append([]string{".."}, elem...)...)
}

// dockerfile is what a service's Dockerfile declares about its final image.
type dockerfile struct {
	entrypoint []string
	envPort    int
	expose     int
}

var entrypointRe = regexp.MustCompile(`^ENTRYPOINT \[(.*)\]$`)

// readDockerfile reads the last stage's ENTRYPOINT, ENV PORT and EXPOSE.
func readDockerfile(t *testing.T, path string) dockerfile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var d dockerfile
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "FROM "):
			d = dockerfile{} // a new stage
		case entrypointRe.MatchString(line):
			for _, p := range strings.Split(entrypointRe.FindStringSubmatch(line)[1], ",") {
				d.entrypoint = append(d.entrypoint, strings.Trim(strings.TrimSpace(p), `"`))
			}
		case strings.HasPrefix(line, "ENV PORT="):
			d.envPort, _ = strconv.Atoi(strings.TrimPrefix(line, "ENV PORT="))
		case strings.HasPrefix(line, "EXPOSE "):
			d.expose, _ = strconv.Atoi(strings.TrimPrefix(line, "EXPOSE "))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDockerfilesMatchServices(t *testing.T) {
	for name, s := range services {
		d := readDockerfile(t, repo("services", name, "Dockerfile"))
		if !slices.Equal(d.entrypoint, []string{"/" + name}) {
			t.Errorf("%s Dockerfile: ENTRYPOINT %q, want [/%s]", name, d.entrypoint, name)
		}
		if d.envPort != s.port || d.expose != s.port {
			t.Errorf("%s Dockerfile: ENV PORT=%d, EXPOSE %d; want %d", name, d.envPort, d.expose, s.port)
		}
	}
}

// envFile reads KEY=value lines of a dotenv-style file (comments and blank
// lines skipped), failing on duplicates.
func envFile(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || k == "" {
			t.Fatalf("%s:%d: not KEY=value: %q", path, i+1, line)
		}
		if _, dup := out[k]; dup {
			t.Fatalf("%s:%d: %s twice", path, i+1, k)
		}
		out[k] = v
	}
	return out
}
