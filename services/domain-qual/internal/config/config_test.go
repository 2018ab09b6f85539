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
	if c.Deadline.Classify != config.DefaultClassifyTimeout || c.Deadline.Audit != config.DefaultAuditTimeout {
		t.Errorf("deadlines %+v", c.Deadline)
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
	c, _, err := config.Load(pconfig.Map(env))
	if err != nil {
		t.Fatal(err)
	}
	al := c.Fetch.AllowList
	if len(al.Prefixes) != 2 || len(al.Endpoints) != 1 || !al.Allows(netip.MustParseAddrPort("127.0.0.1:8443")) {
		t.Errorf("allow-list %+v", al)
	}
	if c.Deadline.Classify != 2*time.Second || c.Deadline.Audit != 250*time.Millisecond {
		t.Errorf("deadlines %+v", c.Deadline)
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
