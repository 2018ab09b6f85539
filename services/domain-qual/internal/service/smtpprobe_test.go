package service_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe/smtptest"
)

// probedZone is adatum-mail.com, whose MX hosts resolve to loopback,
// private, shared and cloud-metadata addresses only.
const probedZone = `$ORIGIN adatum-mail.com.
$TTL 300
@ IN SOA ns1.adatum-mail.com. hostmaster.adatum-mail.com. 1 3600 600 86400 60
@ IN NS ns1.adatum-mail.com.
@ IN MX 10 mx-loopback
@ IN MX 20 mx-private
@ IN MX 30 mx-metadata
mx-loopback IN A 127.0.0.1
mx-loopback IN AAAA ::1
mx-private IN A 10.20.30.40
mx-private IN A 100.64.0.25
mx-private IN AAAA fd00::25
mx-metadata IN A 169.254.169.254
mx-metadata IN AAAA fd00:ec2::254
`

// With SMTP_PROBE=true, MX hosts that resolve only to non-public
// addresses are never connected to: a server listening on the loopback
// port the probe uses (SMTP_PROBE_PORT) accepts nothing and every address
// is refused by the address policy. Allow-listing the loopback endpoint
// (FETCH_ALLOWLIST, operator configuration) is what makes it reachable.
func TestSMTPProbeConnectsOnlyToPublicAddresses(t *testing.T) {
	srv := smtptest.NewServer(t, smtptest.Behaviour{Name: "mx-loopback.adatum-mail.com"})
	zones, err := signedZones()
	if err != nil {
		t.Fatal(err)
	}
	dnsCfg := dnstest.Config{Zones: append([]string{probedZone}, zones[1])}
	env := map[string]string{"SMTP_PROBE": "true", "SMTP_PROBE_TIMEOUT": "2s", "SMTP_PROBE_PORT": strconv.Itoa(int(srv.Addr.Port()))}

	type section struct {
		Status string `json:"status"`
		Hosts  []struct {
			Host      string `json:"host"`
			Probed    bool   `json:"probed"`
			Status    string `json:"status"`
			Addresses []struct {
				Address string `json:"address"`
				Outcome string `json:"outcome"`
			} `json:"addresses"`
		} `json:"hosts"`
	}
	audit := func(t *testing.T, env map[string]string) section {
		t.Helper()
		h := newHarness(t, dnsCfg, env)
		res, body := h.get(t, h.paid, pathAudit, "domain=adatum-mail.com")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, body)
		}
		var r struct {
			STARTTLS section `json:"starttls"`
		}
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatal(err)
		}
		return r.STARTTLS
	}

	s := audit(t, env)
	if n := srv.Accepted(); n != 0 {
		t.Fatalf("%d connections to the loopback server, want 0", n)
	}
	if s.Status != "unknown" || len(s.Hosts) != 3 {
		t.Fatalf("starttls %+v", s)
	}
	addrs := 0
	for _, h := range s.Hosts {
		if h.Probed || h.Status != "not_public" {
			t.Errorf("host %+v", h)
		}
		for _, a := range h.Addresses {
			addrs++
			if a.Outcome != "refused" {
				t.Errorf("%s %s: outcome %s, want refused", h.Host, a.Address, a.Outcome)
			}
		}
	}
	if addrs != 7 {
		t.Errorf("%d addresses judged, want 7", addrs)
	}

	// The control: the same audit with the loopback endpoint allow-listed
	// reaches the server (which offers no STARTTLS).
	env["FETCH_ALLOWLIST"] = srv.Addr.String()
	s = audit(t, env)
	if n := srv.Accepted(); n != 1 {
		t.Fatalf("%d connections with the endpoint allow-listed, want 1", n)
	}
	if s.Status != "not_offered" || !s.Hosts[0].Probed || s.Hosts[0].Status != "not_offered" {
		t.Fatalf("starttls %+v", s)
	}
}
