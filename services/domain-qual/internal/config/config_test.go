package config_test

import (
	"net/netip"
	"strings"
	"testing"
	"time"

	pconfig "github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/services/domain-qual/internal/config"
)

// valid is the smallest environment that loads.
func valid() map[string]string {
	return map[string]string{
		"X402_PAY_TO": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "X402_FACILITATOR_URL": "http://127.0.0.1:1",
	}
}

func TestLoadDefaults(t *testing.T) {
	c, _, err := config.Load(pconfig.Map(valid()))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Fetch.AllowList.Empty() {
		t.Errorf("FETCH_ALLOWLIST defaults to %+v, want empty", c.Fetch.AllowList)
	}
	if c.Deadline.Classify != config.DefaultClassifyTimeout || c.Deadline.Audit != config.DefaultAuditTimeout ||
		c.Deadline.Profile != config.DefaultProfileTimeout || c.Deadline.Batch != config.DefaultBatchTimeout {
		t.Errorf("deadlines %+v", c.Deadline)
	}
	if c.Website.HTTPSPort != 443 || c.Website.HTTPPort != 80 {
		t.Errorf("website ports %+v, want 443 and 80", c.Website)
	}
	if c.DNS.Attempts != 3 || c.DNS.QueryTimeout != 2*time.Second || len(c.DNS.Servers) != 0 {
		t.Errorf("dns %+v", c.DNS)
	}
}

func TestLoadSettings(t *testing.T) {
	env := valid()
	env["FETCH_ALLOWLIST"] = "127.0.0.0/8, 127.0.0.1:8443 ,::1"
	env["DNS_RESOLVERS"] = "127.0.0.1:5353"
	env["CLASSIFY_TIMEOUT"] = "2s"
	env["AUDIT_TIMEOUT"] = "250ms"
	env["PROFILE_TIMEOUT"] = "30s"
	env["BATCH_TIMEOUT"] = "1500ms"
	env["WEBSITE_HTTPS_PORT"] = "8443"
	env["WEBSITE_HTTP_PORT"] = "8080"
	c, _, err := config.Load(pconfig.Map(env))
	if err != nil {
		t.Fatal(err)
	}
	al := c.Fetch.AllowList
	if len(al.Prefixes) != 2 || len(al.Endpoints) != 1 || !al.Allows(netip.MustParseAddrPort("127.0.0.1:8443")) {
		t.Errorf("allow-list %+v", al)
	}
	if c.Deadline.Classify != 2*time.Second || c.Deadline.Audit != 250*time.Millisecond ||
		c.Deadline.Profile != 30*time.Second || c.Deadline.Batch != 1500*time.Millisecond {
		t.Errorf("deadlines %+v", c.Deadline)
	}
	if c.Website.HTTPSPort != 8443 || c.Website.HTTPPort != 8080 {
		t.Errorf("website ports %+v", c.Website)
	}
	if len(c.DNS.Servers) != 1 || c.DNS.Servers[0] != "127.0.0.1:5353" {
		t.Errorf("servers %v", c.DNS.Servers)
	}
}

func TestLoadProblems(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{name: "allow-list host name", env: map[string]string{"FETCH_ALLOWLIST": "fixtures.local"}, want: "FETCH_ALLOWLIST"},
		{name: "allow-list bad CIDR", env: map[string]string{"FETCH_ALLOWLIST": "10.0.0.0/99"}, want: "FETCH_ALLOWLIST"},
		{name: "deadline too short", env: map[string]string{"CLASSIFY_TIMEOUT": "1ms"}, want: "CLASSIFY_TIMEOUT"},
		{name: "deadline not a duration", env: map[string]string{"AUDIT_TIMEOUT": "soon"}, want: "AUDIT_TIMEOUT"},
		{name: "write timeout shorter than a deadline", env: map[string]string{"HTTP_WRITE_TIMEOUT": "5s", "AUDIT_TIMEOUT": "10s"}, want: "HTTP_WRITE_TIMEOUT"},
		{name: "write timeout shorter than the default profile deadline", env: map[string]string{"HTTP_WRITE_TIMEOUT": "15s"}, want: "PROFILE_TIMEOUT"},
		{name: "write timeout equal to the batch deadline", env: map[string]string{"HTTP_WRITE_TIMEOUT": "40s", "BATCH_TIMEOUT": "40s"}, want: "HTTP_WRITE_TIMEOUT"},
		{name: "profile deadline too long", env: map[string]string{"PROFILE_TIMEOUT": "10m"}, want: "PROFILE_TIMEOUT"},
		{name: "batch deadline not a duration", env: map[string]string{"BATCH_TIMEOUT": "ten"}, want: "BATCH_TIMEOUT"},
		{name: "website port zero", env: map[string]string{"WEBSITE_HTTPS_PORT": "0"}, want: "WEBSITE_HTTPS_PORT"},
		{name: "website port too large", env: map[string]string{"WEBSITE_HTTP_PORT": "70000"}, want: "WEBSITE_HTTP_PORT"},
		{name: "probe not a boolean", env: map[string]string{"SMTP_PROBE": "sometimes"}, want: "SMTP_PROBE"},
		{name: "probe budget too short", env: map[string]string{"SMTP_PROBE_TIMEOUT": "10ms"}, want: "SMTP_PROBE_TIMEOUT"},
		{name: "probe budget as long as the audit", env: map[string]string{"SMTP_PROBE": "true", "SMTP_PROBE_TIMEOUT": "10s"}, want: "SMTP_PROBE_TIMEOUT"},
		{name: "probe port zero", env: map[string]string{"SMTP_PROBE_PORT": "0"}, want: "SMTP_PROBE_PORT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := valid()
			for k, v := range tt.env {
				env[k] = v
			}
			_, _, err := config.Load(pconfig.Map(env))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one naming %s", err, tt.want)
			}
		})
	}
}

func TestLoadSMTPProbe(t *testing.T) {
	c, _, err := config.Load(pconfig.Map(valid()))
	if err != nil {
		t.Fatal(err)
	}
	if want := (config.SMTPProbe{Timeout: config.DefaultSMTPProbeTimeout, Port: 25}); c.Probe != want {
		t.Errorf("default probe %+v, want %+v (off)", c.Probe, want)
	}
	env := valid()
	env["SMTP_PROBE"] = "true"
	env["SMTP_PROBE_TIMEOUT"] = "3s"
	env["SMTP_PROBE_HELO"] = "probe.example.org"
	env["SMTP_PROBE_PORT"] = "2525"
	if c, _, err = config.Load(pconfig.Map(env)); err != nil {
		t.Fatal(err)
	}
	if want := (config.SMTPProbe{Enabled: true, Timeout: 3 * time.Second, HeloName: "probe.example.org", Port: 2525}); c.Probe != want {
		t.Errorf("probe %+v, want %+v", c.Probe, want)
	}
	// A budget the audit deadline cannot hold is a problem only when the probe is on.
	env = valid()
	env["SMTP_PROBE_TIMEOUT"] = "20s"
	if _, _, err := config.Load(pconfig.Map(env)); err != nil {
		t.Errorf("probe off: %v", err)
	}
}

func TestDeadlineLongest(t *testing.T) {
	tests := []struct {
		name string
		d    config.Deadline
		want time.Duration
	}{
		{name: "profile longest", d: config.Deadline{Classify: time.Second, Audit: 2 * time.Second, Profile: 5 * time.Second, Batch: 3 * time.Second}, want: 5 * time.Second},
		{name: "batch longest", d: config.Deadline{Classify: time.Second, Audit: 2 * time.Second, Profile: time.Second, Batch: 9 * time.Second}, want: 9 * time.Second},
		{name: "classify longest", d: config.Deadline{Classify: 7 * time.Second}, want: 7 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.d.Longest(); got != tt.want {
				t.Fatalf("Longest() = %s, want %s", got, tt.want)
			}
		})
	}
}

// Every variable Load reads is described exactly once, here or beside a
// shared loader (docs/configuration.md is generated from them).
func TestEveryVariableDescribed(t *testing.T) {
	if _, err := config.Declarations(); err != nil {
		t.Fatal(err)
	}
}
