package audit

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
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

// tlsa311 is the "3 1 1" TLSA RDATA of cert's key.
func tlsa311(cert *x509.Certificate) string {
	return "3 1 1 " + hex.EncodeToString(dane.Association(cert, dane.SelectorSPKI, dane.MatchingSHA256))
}

// TestAuditSTARTTLS audits northwind-traders.com, whose single MX host
// mx1 resolves to a local SMTP test server on loopback (allow-listed for
// the prober only), in a DNSSEC-signed zone that may publish TLSA records
// for it.
func TestAuditSTARTTLS(t *testing.T) {
	mxHost := "mx1." + domain
	fresh := smtptest.NewPKI(t, mxHost, time.Now().Add(90*24*time.Hour))
	expired := smtptest.NewPKI(t, mxHost, time.Now().Add(-time.Hour))
	soon := smtptest.NewPKI(t, mxHost, time.Now().Add(5*24*time.Hour))
	other := smtptest.NewPKI(t, mxHost, time.Now().Add(90*24*time.Hour))
	const loopbackA = "mx1 IN A 127.0.0.1"
	tests := []struct {
		name     string
		off      bool               // no Prober: the probe is off
		server   smtptest.Behaviour // the MX host's server
		roots    *x509.CertPool     // the prober's roots (nil: the system's)
		addr     []string           // the MX host's address lines; nil means loopbackA
		tlsa     string             // the MX host's TLSA RDATA ("" publishes none)
		status   STARTTLSStatus
		host     STARTTLSStatus // the host's status ("" when the section has no host)
		dane     dane.Status
		tlsDANE  string // the address's tls.dane ("" when no handshake)
		version  string
		accepted int
		points   map[finding.ID]int // the starttls and dane score items
		unknown  bool               // starttls is among unknown_checks
		check    func(t *testing.T, r Result)
	}{
		{
			name: "probe off: not_probed, the valid DANE state stands", off: true, server: smtptest.Behaviour{Cert: &fresh.Pair},
			tlsa: tlsa311(other.Leaf), status: STARTTLSNotProbed, dane: dane.StatusValid, points: map[finding.ID]int{},
			check: func(t *testing.T, r Result) {
				if len(r.STARTTLS.Hosts) != 0 || !strings.Contains(r.STARTTLS.Reason, "SMTP_PROBE") {
					t.Errorf("section %+v", r.STARTTLS)
				}
			},
		},
		{
			name: "STARTTLS with a chain the test CA verifies", server: smtptest.Behaviour{Cert: &fresh.Pair}, roots: fresh.Roots,
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusAbsent, tlsDANE: DANENotApplicable, version: "TLS 1.3",
			accepted: 1, points: map[finding.ID]int{},
			check: func(t *testing.T, r Result) {
				s := r.STARTTLS.Hosts[0].Addresses[0].TLS
				if !s.CertificateVerified || s.Expired || s.ExpiresSoon || s.NotAfter != fresh.Leaf.NotAfter.UTC().Format(time.RFC3339) {
					t.Errorf("tls %+v", s)
				}
			},
		},
		{
			name: "no STARTTLS", server: smtptest.Behaviour{},
			status: STARTTLSNotOffered, host: STARTTLSNotOffered, dane: dane.StatusAbsent, accepted: 1,
			points: map[finding.ID]int{finding.STARTTLSNotOffered: 15},
		},
		{
			name: "expired certificate: expired, not also invalid", server: smtptest.Behaviour{Cert: &expired.Pair}, roots: expired.Roots,
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusAbsent, tlsDANE: DANENotApplicable, version: "TLS 1.3", accepted: 1,
			points: map[finding.ID]int{finding.STARTTLSCertificateExpired: 10},
		},
		{
			name: "certificate expiring within 14 days", server: smtptest.Behaviour{Cert: &soon.Pair}, roots: soon.Roots,
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusAbsent, tlsDANE: DANENotApplicable, version: "TLS 1.3", accepted: 1,
			points: map[finding.ID]int{finding.STARTTLSCertificateExpiresSoon: 1},
		},
		{
			name: "a chain the roots do not know is invalid", server: smtptest.Behaviour{Cert: &fresh.Pair},
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusAbsent, tlsDANE: DANENotApplicable, version: "TLS 1.3", accepted: 1,
			points: map[finding.ID]int{finding.STARTTLSCertificateInvalid: 5},
		},
		{
			name: "TLS 1.1 only", server: smtptest.Behaviour{Cert: &fresh.Pair, MaxVersion: tls.VersionTLS11}, roots: fresh.Roots,
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusAbsent, tlsDANE: DANENotApplicable, version: "TLS 1.1", accepted: 1,
			points: map[finding.ID]int{finding.STARTTLSOldTLS: 5},
		},
		{
			name: "DANE-EE matching the served key: valid, names and dates not judged", server: smtptest.Behaviour{Cert: &fresh.Pair},
			tlsa:   tlsa311(fresh.Leaf),
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusValid, tlsDANE: DANEMatch, version: "TLS 1.3", accepted: 1,
			points: map[finding.ID]int{},
			check: func(t *testing.T, r Result) {
				if s := r.STARTTLS.Hosts[0].Addresses[0].TLS; s.CertificateVerified {
					t.Errorf("verified against the system roots: %+v", s)
				}
			},
		},
		{
			name: "DANE-TA naming the test CA: authenticated by DANE, not reported invalid", server: smtptest.Behaviour{Cert: &fresh.Pair},
			tlsa:   "2 0 1 " + hex.EncodeToString(dane.Association(fresh.CA, dane.SelectorCert, dane.MatchingSHA256)),
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusValid, tlsDANE: DANEMatch, version: "TLS 1.3", accepted: 1,
			points: map[finding.ID]int{},
		},
		{
			name: "DANE-EE naming another key: mismatch", server: smtptest.Behaviour{Cert: &fresh.Pair}, roots: fresh.Roots,
			tlsa:   tlsa311(other.Leaf),
			status: STARTTLSOffered, host: STARTTLSOffered, dane: dane.StatusMismatch, tlsDANE: DANEMismatch, version: "TLS 1.3", accepted: 1,
			points: map[finding.ID]int{finding.DANEMismatch: 15},
			check: func(t *testing.T, r Result) {
				want := "_25._tcp." + mxHost + ". IN TLSA " + tlsa311(fresh.Leaf)
				if fix := fixOf(r, finding.DANEMismatch); !strings.Contains(fix, want) {
					t.Errorf("fix %q, want it to contain %q", fix, want)
				}
				if h := r.DANE.Hosts[0]; !strings.Contains(h.Detail, "RFC 7672 §3") {
					t.Errorf("dane host %+v", h)
				}
			},
		},
		{
			name: "a stalling server costs the probe's budget and leaves the section unknown", server: smtptest.Behaviour{Stall: true},
			status: STARTTLSUnknown, host: STARTTLSUnreachable, dane: dane.StatusAbsent, accepted: 1, unknown: true,
			points: map[finding.ID]int{},
		},
		{
			name: "private, unique-local and metadata addresses are never connected to", server: smtptest.Behaviour{Cert: &fresh.Pair},
			addr:   []string{"mx1 IN A 10.0.0.25", "mx1 IN A 169.254.169.254", "mx1 IN AAAA fd00::25"},
			status: STARTTLSUnknown, host: STARTTLSNotPublic, dane: dane.StatusAbsent, accepted: 0, unknown: true,
			points: map[finding.ID]int{},
			check: func(t *testing.T, r Result) {
				for _, a := range r.STARTTLS.Hosts[0].Addresses {
					if a.Outcome != smtpprobe.OutcomeRefused || a.Step != smtpprobe.StepGuard {
						t.Errorf("address %+v", a)
					}
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := smtptest.NewServer(t, tt.server)
			addr := tt.addr
			if addr == nil {
				addr = []string{loopbackA}
			}
			mx := append([]string{"@ IN MX 10 mx1"}, addr...)
			if tt.tlsa != "" {
				mx = append(mx, "_25._tcp.mx1 IN TLSA "+tt.tlsa)
			}
			lines := healthy(t)
			delete(lines, "mx2")
			lines["mx1"] = strings.Join(mx, "\n")
			var body []string
			for _, k := range slices.Sorted(maps.Keys(lines)) {
				body = append(body, lines[k])
			}
			signed, com := dnssecWorld(t, dnssecSigned, domain, zone(domain, body...))
			ac := Config{Fetcher: newPolicyServer(t)}
			const budget = 600 * time.Millisecond
			if !tt.off {
				p, err := smtpprobe.New(smtpprobe.Config{
					AllowList: guard.AllowList{Endpoints: []netip.AddrPort{srv.Addr}}, Port: srv.Addr.Port(),
					RootCAs: tt.roots, Timeout: budget, StepTimeout: budget / 2,
				})
				if err != nil {
					t.Fatal(err)
				}
				ac.Prober = p
			}
			a, _ := newAuditorWith(t, dnstest.Config{Zones: []string{googleZone(), signed, com}}, ac)
			start := time.Now()
			r, err := a.Audit(context.Background(), mustName(t, domain), "")
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > budget+2*time.Second {
				t.Errorf("the audit took %s with a probe budget of %s", took, budget)
			}
			s := r.STARTTLS
			if s.Status != tt.status || r.DANE.Status != tt.dane {
				t.Errorf("starttls %s, dane %s; want %s and %s; section %+v", s.Status, r.DANE.Status, tt.status, tt.dane, s)
			}
			if srv.Accepted() != tt.accepted {
				t.Errorf("%d connections accepted, want %d", srv.Accepted(), tt.accepted)
			}
			if tt.host != "" {
				if len(s.Hosts) != 1 || s.Hosts[0].Host != mxHost || s.Hosts[0].Status != tt.host || s.Hosts[0].Probed != (tt.accepted > 0) {
					t.Fatalf("hosts %+v, want %s", s.Hosts, tt.host)
				}
				var tlsDANE, version string
				if t := s.Hosts[0].Addresses[0].TLS; t != nil {
					tlsDANE, version = t.DANE, t.Version
				}
				if tlsDANE != tt.tlsDANE || version != tt.version {
					t.Errorf("tls dane %q version %q, want %q and %q", tlsDANE, version, tt.tlsDANE, tt.version)
				}
			}
			got := map[finding.ID]int{}
			for _, it := range r.ScoreBreakdown {
				if it.Check == CheckSTARTTLS || it.Check == CheckDANE {
					got[it.FindingID] = it.Points
				}
			}
			if !maps.Equal(got, tt.points) {
				t.Errorf("starttls/dane score items %v, want %v", got, tt.points)
			}
			if slices.Contains(unknownChecks(r), CheckSTARTTLS) != tt.unknown {
				t.Errorf("unknown_checks %v", r.UnknownChecks)
			}
			// Every transport finding is in its section and among the
			// recommendations, with an RFC reference, evidence and a fix.
			for _, f := range append(slices.Clone(s.Findings), r.DANE.Findings...) {
				if _, ok := finding.Find(r.Recommendations, f.ID); !ok || f.RFC == "" || f.Fix == "" || f.Evidence == "" {
					t.Errorf("finding %+v: in recommendations %v", f, ok)
				}
			}
			for _, cmd := range srv.Seen() {
				if verb, _, _ := strings.Cut(cmd, " "); verb != "EHLO" && verb != "STARTTLS" && verb != "QUIT" {
					t.Errorf("the probe sent %q", cmd)
				}
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

// A domain without mail hosts is not_applicable when probed; a failed MX
// lookup leaves the section unknown without listing it (mx is).
func TestSTARTTLSSectionWithoutHosts(t *testing.T) {
	if s := starttlsSection(MXResult{Status: MXNull}, true, nil, DANEResult{}); s.Status != STARTTLSNotApplicable {
		t.Errorf("null MX: %+v", s)
	}
	if s := starttlsSection(MXResult{Status: MXUnknown}, true, nil, DANEResult{}); s.Status != STARTTLSUnknown || s.Reason == "" {
		t.Errorf("MX unknown: %+v", s)
	}
	hosts := []STARTTLSHost{{Status: STARTTLSOffered}, {Status: STARTTLSUnreachable}}
	if got := setStatus(hosts); got != STARTTLSPartial {
		t.Errorf("offered and unreachable: %s", got)
	}
	if got := setStatus(append(hosts, STARTTLSHost{Status: STARTTLSFailed})); got != STARTTLSFailed {
		t.Errorf("with a failed host: %s", got)
	}
}
