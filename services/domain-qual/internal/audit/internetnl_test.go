package audit

import (
	"context"
	"crypto/tls"
	"maps"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/services/domain-qual/internal/dane"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe/smtptest"
)

// internet.nl's mail test subtests this comparison covers ("STARTTLS and
// DANE" and "IPv6" categories) and the verdicts it shows: pass (green),
// warn (orange: a "phase out" setting, NCSC-NL TLS guidelines), fail
// (red), info (optional subtest not met) and "-" (not tested, e.g. no
// validity without TLSA, no TLS version without a handshake).
const (
	nlDANEExists   = "DANE existence"
	nlDANEValid    = "DANE validity"
	nlDANERollover = "DANE rollover scheme"
	nlSTARTTLS     = "STARTTLS available"
	nlTLSVersion   = "TLS version"
	nlCertificate  = "Trust chain, name and expiry"
	nlIPv6         = "IPv6 addresses for mail server(s)"
)

// internetNLVerdicts reads our answer as internet.nl's subtest verdicts:
// the mapping the README's "Compared with internet.nl" table states. With
// the probe off the transport subtests are "not probed", which
// internet.nl never shows (it always connects).
func internetNLVerdicts(r Result) map[string]string {
	// Absent, bogus, or unusable (TLSA in an unsigned zone is no DANE,
	// RFC 7672 §2.2): internet.nl's DANE existence fails.
	v := map[string]string{nlDANEExists: "fail"}
	if r.DANE.Status == dane.StatusValid || r.DANE.Status == dane.StatusMismatch {
		v[nlDANEExists] = "pass"
	}
	v[nlDANEValid], v[nlDANERollover] = "-", "-"
	switch r.DANE.Status {
	case dane.StatusValid:
		v[nlDANEValid], v[nlDANERollover] = "pass", "pass"
		if _, ok := finding.Find(r.DANE.Findings, finding.DANENoRollover); ok {
			v[nlDANERollover] = "info"
		}
	case dane.StatusMismatch, dane.StatusBogus:
		v[nlDANEValid] = "fail"
	}
	s := r.STARTTLS
	v[nlSTARTTLS], v[nlTLSVersion], v[nlCertificate] = "-", "-", "-"
	switch s.Status {
	case STARTTLSNotProbed:
		v[nlSTARTTLS], v[nlTLSVersion], v[nlCertificate] = "not probed", "not probed", "not probed"
	case STARTTLSOffered:
		v[nlSTARTTLS], v[nlTLSVersion], v[nlCertificate] = "pass", "pass", "pass"
		if _, ok := finding.Find(s.Findings, finding.STARTTLSOldTLS); ok {
			v[nlTLSVersion] = "warn"
		}
		if _, ok := finding.Find(s.Findings, finding.STARTTLSCertificateExpired, finding.STARTTLSCertificateInvalid); ok {
			v[nlCertificate] = "fail"
		}
	case STARTTLSNotOffered:
		v[nlSTARTTLS] = "fail"
	}
	switch r.MXIPv6.Status {
	case IPv6All:
		v[nlIPv6] = "pass"
	case IPv6None, IPv6Partial:
		v[nlIPv6] = "fail"
	}
	return v
}

// TestInternetNLParity audits fixture setups of northwind-traders.com
// (its MX host mx1 in its own DNSSEC-signed zone unless the row says
// otherwise; the MX host a local SMTP server on loopback, allow-listed for
// the prober only) and checks that our states read as what internet.nl's
// mail test reports for the same setup (RFC 7672, RFC 3207, RFC 8996,
// NCSC-NL TLS guidelines).
func TestInternetNLParity(t *testing.T) {
	mxHost := "mx1." + domain
	served := smtptest.NewPKI(t, mxHost, time.Now().Add(90*24*time.Hour))
	next := smtptest.NewPKI(t, mxHost, time.Now().Add(90*24*time.Hour))
	expired := smtptest.NewPKI(t, mxHost, time.Now().Add(-time.Hour))
	rows := []struct {
		name     string
		unsigned bool               // the zone is not DNSSEC-signed
		off      bool               // the probe is off
		server   smtptest.Behaviour // the MX host's SMTP server
		pki      *smtptest.PKI      // the CA the prober trusts (the served chain's)
		addr     []string           // extra address lines of mx1 (it always has A 127.0.0.1)
		tlsa     []string
		want     map[string]string // internet.nl's verdicts
	}{
		{name: "signed zone, DANE-EE 3 1 1 for the served key and the next one, STARTTLS with TLS 1.3",
			server: smtptest.Behaviour{Cert: &served.Pair}, pki: served, tlsa: []string{tlsa311(served.Leaf), tlsa311(next.Leaf)},
			want: map[string]string{nlDANEExists: "pass", nlDANEValid: "pass", nlDANERollover: "pass", nlSTARTTLS: "pass", nlTLSVersion: "pass", nlCertificate: "pass", nlIPv6: "fail"}},
		{name: "one DANE-EE record: valid, no rollover scheme",
			server: smtptest.Behaviour{Cert: &served.Pair}, pki: served, tlsa: []string{tlsa311(served.Leaf)},
			want: map[string]string{nlDANEExists: "pass", nlDANEValid: "pass", nlDANERollover: "info", nlSTARTTLS: "pass", nlTLSVersion: "pass", nlCertificate: "pass", nlIPv6: "fail"}},
		{name: "TLSA in an unsigned zone: DANE not present",
			unsigned: true, server: smtptest.Behaviour{Cert: &served.Pair}, pki: served, tlsa: []string{tlsa311(served.Leaf)},
			want: map[string]string{nlDANEExists: "fail", nlDANEValid: "-", nlDANERollover: "-", nlSTARTTLS: "pass", nlTLSVersion: "pass", nlCertificate: "pass", nlIPv6: "fail"}},
		{name: "TLSA naming another key: DANE invalid",
			server: smtptest.Behaviour{Cert: &served.Pair}, pki: served, tlsa: []string{tlsa311(next.Leaf)},
			want: map[string]string{nlDANEExists: "pass", nlDANEValid: "fail", nlDANERollover: "-", nlSTARTTLS: "pass", nlTLSVersion: "pass", nlCertificate: "pass", nlIPv6: "fail"}},
		{name: "no STARTTLS",
			server: smtptest.Behaviour{}, pki: served,
			want: map[string]string{nlDANEExists: "fail", nlDANEValid: "-", nlDANERollover: "-", nlSTARTTLS: "fail", nlTLSVersion: "-", nlCertificate: "-", nlIPv6: "fail"}},
		{name: "TLS 1.1 only: a phase-out version",
			server: smtptest.Behaviour{Cert: &served.Pair, MaxVersion: tls.VersionTLS11}, pki: served,
			want: map[string]string{nlDANEExists: "fail", nlDANEValid: "-", nlDANERollover: "-", nlSTARTTLS: "pass", nlTLSVersion: "warn", nlCertificate: "pass", nlIPv6: "fail"}},
		{name: "expired certificate",
			server: smtptest.Behaviour{Cert: &expired.Pair}, pki: expired,
			want: map[string]string{nlDANEExists: "fail", nlDANEValid: "-", nlDANERollover: "-", nlSTARTTLS: "pass", nlTLSVersion: "pass", nlCertificate: "fail", nlIPv6: "fail"}},
		// A public AAAA must not be probed (no test reaches the internet),
		// so the IPv6 row runs with the probe off.
		{name: "MX host with a public IPv6 address (probe off)",
			off: true, server: smtptest.Behaviour{}, addr: []string{"mx1 IN AAAA 2a00:1450:4009:81f::1a"},
			want: map[string]string{nlDANEExists: "fail", nlDANEValid: "-", nlDANERollover: "-", nlSTARTTLS: "not probed", nlTLSVersion: "not probed", nlCertificate: "not probed", nlIPv6: "pass"}},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			t.Parallel()
			srv := smtptest.NewServer(t, row.server)
			mx := append([]string{"@ IN MX 10 mx1", "mx1 IN A 127.0.0.1"}, row.addr...)
			for _, rd := range row.tlsa {
				mx = append(mx, "_25._tcp.mx1 IN TLSA "+rd)
			}
			lines := healthy(t)
			delete(lines, "mx2")
			lines["mx1"] = strings.Join(mx, "\n")
			var body []string
			for _, k := range slices.Sorted(maps.Keys(lines)) {
				body = append(body, lines[k])
			}
			setup := dnssecSigned
			if row.unsigned {
				setup = dnssecUnsigned
			}
			child, com := dnssecWorld(t, setup, domain, zone(domain, body...))
			ac := Config{Fetcher: newPolicyServer(t)}
			if !row.off {
				p, err := smtpprobe.New(smtpprobe.Config{AllowList: guard.AllowList{Endpoints: []netip.AddrPort{srv.Addr}},
					Port: srv.Addr.Port(), RootCAs: row.pki.Roots, Timeout: 2 * time.Second, StepTimeout: time.Second})
				if err != nil {
					t.Fatal(err)
				}
				ac.Prober = p
			}
			a, _ := newAuditorWith(t, dnstest.Config{Zones: []string{googleZone(), child, com}}, ac)
			r, err := a.Audit(context.Background(), mustName(t, domain), "")
			if err != nil {
				t.Fatal(err)
			}
			if got := internetNLVerdicts(r); !maps.Equal(got, row.want) {
				for _, k := range slices.Sorted(maps.Keys(row.want)) {
					if got[k] != row.want[k] {
						t.Errorf("%s: ours reads %q, internet.nl reports %q", k, got[k], row.want[k])
					}
				}
				t.Logf("dane %s, starttls %s, mx_ipv6 %s; findings %v", r.DANE.Status, r.STARTTLS.Status, r.MXIPv6.Status, ids(r))
			}
			// Every failed subtest is one of our findings with an RFC
			// reference (internet.nl's explanation and our recommendation).
			for k, fid := range map[string]finding.ID{nlSTARTTLS: finding.STARTTLSNotOffered, nlDANEValid: finding.DANEMismatch, nlIPv6: finding.MXNoPublicIPv6} {
				f, ok := finding.Find(r.Recommendations, fid)
				if (row.want[k] == "fail") != ok || (ok && f.RFC == "") {
					t.Errorf("%s is %q but finding %s reported=%v (%+v)", k, row.want[k], fid, ok, f)
				}
			}
		})
	}
}
