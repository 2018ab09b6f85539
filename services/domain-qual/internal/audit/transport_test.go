package audit

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"maps"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/dane"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
)

// testCert is a freshly generated self-signed certificate for an MX host;
// spki311 is the "3 1 1" association data of its key (SHA-256 of the
// SubjectPublicKeyInfo, as a TLSA record publishes it).
func testCert(t *testing.T, host string) (cert *x509.Certificate, spki311 string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: auditNow.Add(-time.Hour), NotAfter: auditNow.Add(90 * 24 * time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	if cert, err = x509.ParseCertificate(der); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(cert.RawSubjectPublicKeyInfo)
	return cert, hex.EncodeToString(sum[:])
}

// mailhost is the zone of a mail provider on another registrable
// domain, for MX hosts whose TLSA records another zone signs.
const mailhost = "mailhost.net"

func TestAuditDANEAndIPv6(t *testing.T) {
	cert, current := testCert(t, "mx1."+domain)
	_, next := testCert(t, "mx1."+domain)
	certDER := hex.EncodeToString(cert.Raw)
	const mx1 = "mx1 IN A 81.2.69.160"
	const mx1v6 = "mx1 IN AAAA 2a02:898:31::160"
	const tlsaMX1 = "_25._tcp.mx1 IN TLSA "
	policy := "version: STSv1\r\nmode: enforce\r\nmx: *.northwind-traders.com\r\nmx: *.mailhost.net\r\nmax_age: 604800\r\n"

	tests := []struct {
		name      string
		mx        string // MX, address and TLSA lines of the audited zone
		mailhost  string // lines of the mailhost.net zone ("" serves no such zone)
		unsigned  bool   // the audited zone is not signed (no DS)
		mhExpired bool   // mailhost.net's signatures have expired
		faults    []dnstest.Fault
		dane      dane.Status
		hosts     []dane.Status
		ipv6      IPv6Status
		ipv6Hosts []IPv6Status
		score     int
		has       []finding.ID
		hasNot    []finding.ID
		unknown   []CheckName
		check     func(t *testing.T, r Result)
	}{
		{
			name: "valid DANE-EE 3 1 1 matching the server key, one record, IPv6 public",
			mx:   strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 1 1 " + current}, "\n"),
			dane: dane.StatusValid, hosts: []dane.Status{dane.StatusValid}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 0, has: []finding.ID{finding.DANENoRollover}, hasNot: []finding.ID{finding.MXNoPublicIPv6, finding.DANEMissing},
			check: func(t *testing.T, r Result) {
				h := r.DANE.Hosts[0]
				if h.Name != "_25._tcp.mx1."+domain || h.Zone != domain || h.ZoneDNSSEC != dnssec.StatusSigned || h.Rollover || len(h.Records) != 1 {
					t.Errorf("host = %+v", h)
				}
				if rec := h.Records[0]; !rec.Usable || rec.Usage != 3 || rec.Selector != 1 || rec.MatchingType != 1 || !rec.Matches(cert) {
					t.Errorf("record = %+v, matches the test certificate: %v", rec, rec.Matches(cert))
				}
				if !slices.Equal(r.MXIPv6.Hosts[0].Addresses, []string{"2a02:898:31::160"}) {
					t.Errorf("ipv6 host = %+v", r.MXIPv6.Hosts[0])
				}
			},
		},
		{
			name: "rollover: current and next key, plus a full-certificate DANE-EE record",
			mx: strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 1 1 " + current, tlsaMX1 + "3 1 1 " + next,
				tlsaMX1 + "3 0 0 " + certDER}, "\n"),
			dane: dane.StatusValid, hosts: []dane.Status{dane.StatusValid}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 0, hasNot: []finding.ID{finding.DANENoRollover},
			check: func(t *testing.T, r Result) {
				h := r.DANE.Hosts[0]
				if !h.Rollover || len(h.Records) != 3 {
					t.Errorf("host = %+v", h)
				}
				for _, rec := range h.Records {
					if !rec.Usable {
						t.Errorf("record %s not usable: %s", rec.Record, rec.Problem)
					}
				}
			},
		},
		{
			name: "wrong hash length is malformed and bogus",
			mx:   strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 1 1 " + current[:62]}, "\n"),
			dane: dane.StatusBogus, hosts: []dane.Status{dane.StatusBogus}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 10, has: []finding.ID{finding.DANEMalformedRecord}, hasNot: []finding.ID{finding.DANEBogus},
			check: func(t *testing.T, r Result) {
				if p := r.DANE.Hosts[0].Records[0].Problem; p != dane.ProblemMalformedData {
					t.Errorf("problem = %s", p)
				}
			},
		},
		{
			name: "a malformed record beside a usable one: valid, the malformed one reported",
			mx:   strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 1 1 " + current, tlsaMX1 + "3 1 2 " + current}, "\n"),
			dane: dane.StatusValid, hosts: []dane.Status{dane.StatusValid}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 10, has: []finding.ID{finding.DANEMalformedRecord, finding.DANENoRollover},
		},
		{
			name: "PKIX-EE usage is unusable for SMTP, the fix keeps the data with usage 3",
			mx:   strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "1 1 1 " + current}, "\n"),
			dane: dane.StatusUnusable, hosts: []dane.Status{dane.StatusUnusable}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 5, has: []finding.ID{finding.DANEPKIXUsage},
			check: func(t *testing.T, r Result) {
				want := "_25._tcp.mx1." + domain + ". IN TLSA 3 1 1 " + current
				if fix := fixOf(r, finding.DANEPKIXUsage); !strings.Contains(fix, want) {
					t.Errorf("fix = %q, want it to contain %q", fix, want)
				}
				if p := r.DANE.Hosts[0].Records[0].Problem; p != dane.ProblemPKIXUsage {
					t.Errorf("problem = %s", p)
				}
			},
		},
		{
			name: "unassigned parameters are unusable",
			mx:   strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 2 1 " + current, tlsaMX1 + "3 1 9 " + current}, "\n"),
			dane: dane.StatusUnusable, hosts: []dane.Status{dane.StatusUnusable}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 2, has: []finding.ID{finding.DANEUnsupportedParameters},
		},
		{
			name: "TLSA in an unsigned zone is unusable", unsigned: true,
			mx:   strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 1 1 " + current}, "\n"),
			dane: dane.StatusUnusable, hosts: []dane.Status{dane.StatusUnusable}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 3 + 5, has: []finding.ID{finding.DANEUnsignedZone, finding.DNSSECUnsigned},
			check: func(t *testing.T, r Result) {
				if h := r.DANE.Hosts[0]; h.Zone != "" || !strings.Contains(h.Detail, "RFC 7672 §2.2") || !h.Records[0].Usable {
					t.Errorf("host = %+v", h)
				}
			},
		},
		{
			name:   "SERVFAIL on the TLSA name is unknown and not scored",
			mx:     strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 1 1 " + current}, "\n"),
			faults: []dnstest.Fault{{Name: "_25._tcp.mx1." + domain, Type: dns.TypeTLSA, Kind: dnstest.FaultServFail}},
			dane:   dane.StatusUnknown, hosts: []dane.Status{dane.StatusUnknown}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 0, unknown: []CheckName{CheckDANE}, hasNot: []finding.ID{finding.DANEMissing},
			check: func(t *testing.T, r Result) {
				if !strings.Contains(r.DANE.Reason, "SERVFAIL") {
					t.Errorf("reason = %q", r.DANE.Reason)
				}
			},
		},
		{
			name:   "the zone's DNSSEC unknown (DS SERVFAIL): its TLSA records are unknown too",
			mx:     strings.Join([]string{"@ IN MX 10 mx1", mx1, mx1v6, tlsaMX1 + "3 1 1 " + current}, "\n"),
			faults: []dnstest.Fault{{Name: domain, Type: dns.TypeDS, Kind: dnstest.FaultServFail}},
			dane:   dane.StatusUnknown, hosts: []dane.Status{dane.StatusUnknown}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 0, unknown: []CheckName{CheckDNSSEC, CheckDANE},
		},
		{
			name: "one host with DANE, one without: partial; IPv6 partial",
			mx:   strings.Join([]string{"@ IN MX 10 mx1", "@ IN MX 20 mx2", mx1, mx1v6, "mx2 IN A 81.2.69.161", tlsaMX1 + "3 1 1 " + current, tlsaMX1 + "3 1 1 " + next}, "\n"),
			dane: dane.StatusAbsent, hosts: []dane.Status{dane.StatusValid, dane.StatusAbsent}, ipv6: IPv6Partial, ipv6Hosts: []IPv6Status{IPv6Public, IPv6Missing},
			score: 3, has: []finding.ID{finding.DANEPartial}, hasNot: []finding.ID{finding.DANEMissing, finding.MXNoPublicIPv6},
		},
		{
			name: "no TLSA anywhere and only a private AAAA: DANE missing, no public IPv6",
			mx:   strings.Join([]string{"@ IN MX 10 mx1", "@ IN MX 20 mx2", mx1, "mx1 IN AAAA fd00::25", "mx2 IN A 81.2.69.161"}, "\n"),
			dane: dane.StatusAbsent, hosts: []dane.Status{dane.StatusAbsent, dane.StatusAbsent}, ipv6: IPv6None, ipv6Hosts: []IPv6Status{IPv6NonPublic, IPv6Missing},
			score: 10, has: []finding.ID{finding.DANEMissing, finding.MXNoPublicIPv6, finding.MXSpecialAddress},
			check: func(t *testing.T, r Result) {
				if f, _ := finding.Find(r.Recommendations, finding.MXNoPublicIPv6); !strings.Contains(f.Evidence, "fd00::25 (not public)") {
					t.Errorf("evidence = %q", f.Evidence)
				}
			},
		},
		{
			name:   "AAAA lookup failure leaves IPv6 unknown",
			mx:     strings.Join([]string{"@ IN MX 10 mx1", mx1}, "\n"),
			faults: []dnstest.Fault{{Name: "mx1." + domain, Type: dns.TypeAAAA, Kind: dnstest.FaultServFail}},
			dane:   dane.StatusAbsent, hosts: []dane.Status{dane.StatusAbsent}, ipv6: IPv6Unknown, ipv6Hosts: []IPv6Status{IPv6Unknown},
			score: 0, has: []finding.ID{finding.DANEMissing}, hasNot: []finding.ID{finding.MXNoPublicIPv6},
		},
		{
			name: "MX at a provider whose signed zone publishes valid TLSA",
			mx:   "@ IN MX 10 mx.mailhost.net.", mailhost: strings.Join([]string{"mx IN A 81.2.69.170", "mx IN AAAA 2a02:898:31::170", "_25._tcp.mx IN TLSA 3 1 1 " + current, "_25._tcp.mx IN TLSA 2 1 1 " + next}, "\n"),
			dane: dane.StatusValid, hosts: []dane.Status{dane.StatusValid}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 0,
			check: func(t *testing.T, r Result) {
				if h := r.DANE.Hosts[0]; h.Zone != mailhost || h.ZoneDNSSEC != dnssec.StatusSigned || !h.Rollover {
					t.Errorf("host = %+v", h)
				}
			},
		},
		{
			name: "a provider zone with expired signatures is bogus", mhExpired: true,
			mx: "@ IN MX 10 mx.mailhost.net.", mailhost: strings.Join([]string{"mx IN A 81.2.69.170", "_25._tcp.mx IN TLSA 3 1 1 " + current}, "\n"),
			dane: dane.StatusBogus, hosts: []dane.Status{dane.StatusBogus}, ipv6: IPv6None, ipv6Hosts: []IPv6Status{IPv6Missing},
			score: 15, has: []finding.ID{finding.DANEBogus, finding.MXNoPublicIPv6},
			check: func(t *testing.T, r Result) {
				if h := r.DANE.Hosts[0]; h.ZoneDNSSEC != dnssec.StatusBogus || !strings.Contains(h.Detail, "expired") {
					t.Errorf("host = %+v", h)
				}
			},
		},
		{
			name: "implicit MX: the domain's own TLSA",
			mx:   strings.Join([]string{"@ IN AAAA 2a02:898:31::14", "_25._tcp IN TLSA 3 1 1 " + current, "_25._tcp IN TLSA 3 1 1 " + next}, "\n"),
			dane: dane.StatusValid, hosts: []dane.Status{dane.StatusValid}, ipv6: IPv6All, ipv6Hosts: []IPv6Status{IPv6Public},
			score: 3, has: []finding.ID{finding.MXImplicit},
		},
		{
			name: "null MX: not applicable, no findings",
			mx:   "@ IN MX 0 .",
			dane: dane.StatusNotApplicable, ipv6: IPv6NotApplicable,
			score: 3, has: []finding.ID{finding.SPFNullMXAuthorises}, hasNot: []finding.ID{finding.DANEMissing, finding.MXNoPublicIPv6},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := healthy(t)
			delete(lines, "mx2")
			lines["mx1"] = tt.mx
			body := make([]string, 0, len(lines))
			for _, k := range slices.Sorted(maps.Keys(lines)) {
				body = append(body, lines[k])
			}
			text := zone(domain, body...)
			own := dnstest.NewSigner(t, domain, auditNow.Add(-24*time.Hour), auditNow.Add(30*24*time.Hour))
			var com, net []string
			zones := []string{googleZone()}
			if tt.unsigned {
				zones = append(zones, text)
			} else {
				zones = append(zones, own.Sign(t, text))
				com = append(com, own.DS(dns.SHA256))
			}
			if tt.mailhost != "" {
				mh := dnstest.NewSigner(t, mailhost, auditNow.Add(-24*time.Hour), auditNow.Add(30*24*time.Hour))
				if tt.mhExpired {
					mh.Inception, mh.Expiration = auditNow.Add(-60*24*time.Hour), auditNow.Add(-30*24*time.Hour)
				}
				zones = append(zones, mh.Sign(t, zone(mailhost, tt.mailhost)))
				net = append(net, mh.DS(dns.SHA256))
			}
			zones = append(zones, zone("com", com...), zone("net", net...))
			policies := newPolicyServer(t)
			policies.set("mta-sts."+domain, policy)
			a, _ := newAuditor(t, dnstest.Config{Zones: zones, Faults: tt.faults}, policies)
			r, err := a.Audit(context.Background(), mustName(t, domain), "")
			if err != nil {
				t.Fatal(err)
			}
			if r.DANE.Status != tt.dane || r.MXIPv6.Status != tt.ipv6 {
				t.Errorf("dane=%s mx_ipv6=%s, want %s and %s; dane %+v", r.DANE.Status, r.MXIPv6.Status, tt.dane, tt.ipv6, r.DANE)
			}
			var hosts []dane.Status
			for _, h := range r.DANE.Hosts {
				hosts = append(hosts, h.Status)
			}
			if !slices.Equal(hosts, tt.hosts) {
				t.Errorf("dane hosts = %v, want %v (%+v)", hosts, tt.hosts, r.DANE.Hosts)
			}
			var v6 []IPv6Status
			for _, h := range r.MXIPv6.Hosts {
				v6 = append(v6, h.Status)
			}
			if !slices.Equal(v6, tt.ipv6Hosts) {
				t.Errorf("mx_ipv6 hosts = %v, want %v", v6, tt.ipv6Hosts)
			}
			if r.RiskScore != tt.score {
				t.Errorf("risk_score = %d, want %d; breakdown %+v", r.RiskScore, tt.score, r.ScoreBreakdown)
			}
			got := ids(r)
			for _, id := range tt.has {
				if !slices.Contains(got, string(id)) {
					t.Errorf("recommendation %s missing; got %v", id, got)
				}
			}
			for _, id := range tt.hasNot {
				if slices.Contains(got, string(id)) {
					t.Errorf("recommendation %s present, want absent", id)
				}
			}
			if u := unknownChecks(r); !slices.Equal(u, tt.unknown) {
				t.Errorf("unknown_checks = %v, want %v", u, tt.unknown)
			}
			// Every DANE and IPv6 finding is in its section and among the
			// recommendations, with an RFC reference and a fix.
			for _, f := range append(slices.Clone(r.DANE.Findings), r.MXIPv6.Findings...) {
				if _, ok := finding.Find(r.Recommendations, f.ID); !ok || f.RFC == "" || f.Fix == "" || f.Evidence == "" {
					t.Errorf("finding %+v: in recommendations %v", f, ok)
				}
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}
