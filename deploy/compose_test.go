package deploy_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

// The local profile's pieces (docker-compose.yml).
const (
	anvilChainID   = "8453"
	anvilRPC       = "http://anvil:8545"
	facilitatorURL = "http://facilitator:8402"
)

// loadCompose loads the repository's docker-compose.yml with compose-go
// (what `docker compose` runs: schema validation, interpolation,
// normalisation) with the given profiles, interpolating from envFile only:
// the process environment is not consulted.
func loadCompose(t *testing.T, envFile string, profiles ...string) (*types.Project, error) {
	t.Helper()
	opts, err := cli.NewProjectOptions([]string{repo("docker-compose.yml")},
		cli.WithWorkingDirectory(repo()),
		cli.WithEnvFiles(envFile),
		cli.WithDotEnv,
		cli.WithProfiles(profiles),
	)
	if err != nil {
		t.Fatal(err)
	}
	return opts.LoadProject(context.Background())
}

// TestComposeLocalProfile: `docker compose --profile local up` with the
// shipped .env.example is the complete offline stack.
func TestComposeLocalProfile(t *testing.T) {
	p, err := loadCompose(t, repo(".env.example"), "local")
	if err != nil {
		t.Fatalf("load docker-compose.yml (profile local, .env.example): %v", err)
	}
	want := []string{"anvil", "company-intel", "devchain", "domain-qual", "facilitator", "redis"}
	if got := slices.Sorted(slices.Values(p.ServiceNames())); !slices.Equal(got, want) {
		t.Fatalf("services %v, want %v", got, want)
	}
	checkComposeServices(t, p)

	anvil := p.Services["anvil"]
	if !slices.Equal(anvil.Entrypoint, []string{"anvil"}) || flagValue(anvil.Command, "--chain-id") != anvilChainID || flagValue(anvil.Command, "--host") != "0.0.0.0" {
		t.Errorf("anvil: entrypoint %v command %v, want anvil --host 0.0.0.0 --chain-id %s", anvil.Entrypoint, anvil.Command, anvilChainID)
	}
	if hc := anvil.HealthCheck; hc == nil || !slices.Contains(hc.Test, "chain-id") {
		t.Errorf("anvil: health check %v, want cast chain-id", healthTest(anvil))
	}

	dev := p.Services["devchain"]
	if flagValue(dev.Command, "-rpc") != anvilRPC {
		t.Errorf("devchain: command %v, want -rpc %s", dev.Command, anvilRPC)
	}
	if dep(dev, "anvil") != types.ServiceConditionHealthy || dev.Restart != "no" {
		t.Errorf("devchain: a one-shot after anvil is healthy: depends_on %v, restart %q", dev.DependsOn, dev.Restart)
	}

	fac := p.Services["facilitator"]
	if len(fac.Command) < 1 || fac.Command[0] != "facilitator" || flagValue(fac.Command, "--listen") != "0.0.0.0:8402" {
		t.Errorf("facilitator: command %v, want facilitator --listen 0.0.0.0:8402", fac.Command)
	}
	if env(fac, "X402_RPC_URL") != anvilRPC || env(fac, "X402_SETTLEMENT_KEY") == "" {
		t.Errorf("facilitator: X402_RPC_URL %q, X402_SETTLEMENT_KEY set %v", env(fac, "X402_RPC_URL"), env(fac, "X402_SETTLEMENT_KEY") != "")
	}
	if hc := fac.HealthCheck; hc == nil || !slices.Contains(hc.Test, "http://127.0.0.1:8402/supported") {
		t.Errorf("facilitator: health check %v, want a GET of /supported", healthTest(fac))
	}
	if dep(fac, "devchain") != types.ServiceConditionCompletedSuccessfully {
		t.Errorf("facilitator: depends_on %v, want devchain completed successfully (the token is installed)", fac.DependsOn)
	}
	for name := range services {
		s := p.Services[name]
		if got := env(s, "X402_FACILITATOR_URL"); got != facilitatorURL {
			t.Errorf("%s: X402_FACILITATOR_URL %q, want the local facilitator %s", name, got, facilitatorURL)
		}
		if dep(s, "facilitator") != types.ServiceConditionHealthy {
			t.Errorf("%s: does not wait for the healthy facilitator: %v", name, s.DependsOn)
		}
	}
}

// TestComposeWithoutProfile: without a profile the services need
// X402_PAY_TO and a facilitator from .env, and start without the local stack.
func TestComposeWithoutProfile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := dir + "/" + name
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	remote := "X402_PAY_TO=0x1111111111111111111111111111111111111111\n" +
		"X402_FACILITATOR_URL=https://facilitator.example/x402\nCDP_API_KEY_ID=id\nCDP_API_KEY_SECRET=secret\n"
	p, err := loadCompose(t, write("remote.env", remote))
	if err != nil {
		t.Fatalf("load without profile: %v", err)
	}
	want := []string{"company-intel", "domain-qual", "redis"}
	if got := slices.Sorted(slices.Values(p.ServiceNames())); !slices.Equal(got, want) {
		t.Fatalf("services %v, want %v", got, want)
	}
	checkComposeServices(t, p)
	for name := range services {
		s := p.Services[name]
		if env(s, "X402_FACILITATOR_URL") != "https://facilitator.example/x402" || env(s, "CDP_API_KEY_SECRET") != "secret" {
			t.Errorf("%s: facilitator settings not from .env: %v", name, s.Environment)
		}
		if _, ok := s.DependsOn["facilitator"]; ok && s.DependsOn["facilitator"].Required {
			t.Errorf("%s: requires the local profile's facilitator", name)
		}
	}

	for _, missing := range []string{"X402_PAY_TO", "X402_FACILITATOR_URL"} {
		var lines []string
		for _, l := range strings.Split(remote, "\n") {
			if !strings.HasPrefix(l, missing+"=") {
				lines = append(lines, l)
			}
		}
		_, err := loadCompose(t, write("missing.env", strings.Join(lines, "\n")))
		if err == nil || !strings.Contains(err.Error(), missing) {
			t.Errorf("without %s: err %v, want it named as required", missing, err)
		}
	}
}

// checkComposeServices checks company-intel and domain-qual in a loaded
// project: image build, port, health check, env names and dependencies.
func checkComposeServices(t *testing.T, p *types.Project) {
	t.Helper()
	for name, svc := range services {
		s, ok := p.Services[name]
		if !ok {
			t.Errorf("no service %s", name)
			continue
		}
		if s.Build == nil || s.Build.Dockerfile != "services/"+name+"/Dockerfile" {
			t.Errorf("%s: build %+v, want services/%s/Dockerfile", name, s.Build, name)
		}
		for k := range s.Environment {
			if !svc.env[k] {
				t.Errorf("%s: environment %s: the service does not read it", name, k)
			}
		}
		if got := env(s, "PORT"); got != fmt.Sprint(svc.port) {
			t.Errorf("%s: PORT %q, want %d", name, got, svc.port)
		}
		if len(s.Ports) != 1 || s.Ports[0].Target != uint32(svc.port) {
			t.Errorf("%s: ports %+v, want the container port %d", name, s.Ports, svc.port)
		}
		// The image is distroless: the health check runs the binary (the
		// Dockerfile's ENTRYPOINT) with -healthcheck, which GETs
		// svc.health on PORT (pkg/platform/health.Probe).
		d := readDockerfile(t, repo("services", name, "Dockerfile"))
		wantTest := []string{"CMD", d.entrypoint[0], "-healthcheck"}
		if s.HealthCheck == nil || !slices.Equal(s.HealthCheck.Test, wantTest) || s.HealthCheck.Disable {
			t.Errorf("%s: health check %v, want %v", name, healthTest(s), wantTest)
		}
		if dep(s, "redis") != types.ServiceConditionHealthy {
			t.Errorf("%s: does not wait for healthy Redis: %v", name, s.DependsOn)
		}
		if !strings.HasPrefix(env(s, "REDIS_URL"), "redis://redis:6379/") {
			t.Errorf("%s: REDIS_URL %q, want the compose Redis", name, env(s, "REDIS_URL"))
		}
		if env(s, "X402_PAY_TO") == "" {
			t.Errorf("%s: X402_PAY_TO empty", name)
		}
		for k, v := range s.Environment {
			if svc.secret(k) && v != nil && *v != "" && !strings.Contains(composeText(t), "${"+k) {
				t.Errorf("%s: secret %s hard-coded in docker-compose.yml", name, k)
			}
		}
	}
	if r, ok := p.Services["redis"]; !ok || r.HealthCheck == nil || !slices.Contains(r.HealthCheck.Test, "ping") {
		t.Error("redis: no redis-cli ping health check")
	}
	// Every long-running service has a health check; built images have
	// their Dockerfile.
	for name, s := range p.Services {
		if s.Restart != "no" && (s.HealthCheck == nil || s.HealthCheck.Disable || len(s.HealthCheck.Test) == 0) {
			t.Errorf("%s: no health check", name)
		}
		if s.Build != nil {
			if _, err := os.Stat(repo(s.Build.Dockerfile)); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

var interpolationRe = regexp.MustCompile(`\$\{([A-Z0-9_]+)`)

// TestEnvExampleDocumentsCompose: .env.example lists exactly the variables
// docker-compose.yml interpolates, and commits no secret.
func TestEnvExampleDocumentsCompose(t *testing.T) {
	used := map[string]bool{}
	for _, m := range interpolationRe.FindAllStringSubmatch(composeText(t), -1) {
		used[m[1]] = true
	}
	documented := envFile(t, repo(".env.example"))
	for k := range used {
		if _, ok := documented[k]; !ok {
			t.Errorf("docker-compose.yml reads %s, not in .env.example", k)
		}
	}
	for k, v := range documented {
		if !used[k] {
			t.Errorf(".env.example has %s, which docker-compose.yml does not read", k)
		}
		for _, s := range services {
			if s.secret(k) && v != "" {
				t.Errorf(".env.example commits a value for the secret %s", k)
			}
		}
	}
}

// TestOTelCollectorConfig: the example collector's pipelines use only
// components it defines: OTLP in, batch, otlp and debug out; the compose
// profile mounts it.
func TestOTelCollectorConfig(t *testing.T) {
	b, err := os.ReadFile("otel/collector.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Receivers  map[string]any `json:"receivers"`
		Processors map[string]any `json:"processors"`
		Exporters  map[string]any `json:"exporters"`
		Service    struct {
			Pipelines map[string]struct {
				Receivers  []string `json:"receivers"`
				Processors []string `json:"processors"`
				Exporters  []string `json:"exporters"`
			} `json:"pipelines"`
		} `json:"service"`
	}
	decode(t, "otel/collector.yaml", b, &cfg)
	if len(cfg.Service.Pipelines) == 0 {
		t.Fatal("no pipelines")
	}
	for name, pl := range cfg.Service.Pipelines {
		for _, c := range []struct {
			kind    string
			used    []string
			defined map[string]any
			want    []string
		}{
			{"receiver", pl.Receivers, cfg.Receivers, []string{"otlp"}},
			{"processor", pl.Processors, cfg.Processors, []string{"batch"}},
			{"exporter", pl.Exporters, cfg.Exporters, []string{"otlp", "debug"}},
		} {
			for _, u := range c.used {
				if _, ok := c.defined[u]; !ok {
					t.Errorf("pipeline %s: %s %s not defined", name, c.kind, u)
				}
			}
			for _, w := range c.want {
				if !slices.Contains(c.used, w) {
					t.Errorf("pipeline %s: no %s %s", name, c.kind, w)
				}
			}
		}
	}
	if !strings.Contains(string(b), "0.0.0.0:4318") {
		t.Error("the OTLP receiver does not listen on 4318 (OTLP/HTTP, what the services export)")
	}

	p, err := loadCompose(t, repo(".env.example"), "otel")
	if err != nil {
		t.Fatal(err)
	}
	col, ok := p.Services["otel-collector"]
	if !ok || len(col.Volumes) != 1 || !strings.HasSuffix(col.Volumes[0].Source, "/deploy/otel/collector.yaml") {
		t.Errorf("otel-collector does not mount deploy/otel/collector.yaml: %+v", col.Volumes)
	}
}

// composeText is docker-compose.yml's text.
func composeText(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(repo("docker-compose.yml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// env is a service's environment variable, "" when unset.
func env(s types.ServiceConfig, name string) string {
	if v := s.Environment[name]; v != nil {
		return *v
	}
	return ""
}

// dep is the condition s waits for on other, "" when it does not.
func dep(s types.ServiceConfig, other string) string {
	return s.DependsOn[other].Condition
}

// flagValue is the argument after flag in args.
func flagValue(args []string, flag string) string {
	if i := slices.Index(args, flag); i >= 0 && i+1 < len(args) {
		return args[i+1]
	}
	return ""
}

// healthTest is a service's health check command, nil without one.
func healthTest(s types.ServiceConfig) []string {
	if s.HealthCheck == nil {
		return nil
	}
	return s.HealthCheck.Test
}
