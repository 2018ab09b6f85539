package service_test

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"testing"
)

// A user who pays for classify, then dns-audit, then full-profile on the
// same domain gets the same mail provider and the same verdict on every MX
// address from all three: one package decides each (mxprovider over the
// SPF tree's targets; pkg/evidence/guard).
func TestOperationsAgreeOnProviderAndAddresses(t *testing.T) {
	cfg := zoneConfig()
	cfg.Zones = append(cfg.Zones, `$ORIGIN pphosted.com.
$TTL 300
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
mx0a-1 IN A 148.163.129.1`, `$ORIGIN outlook.com.
$TTL 300
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
spf.protection IN TXT "v=spf1 ip4:40.92.0.0/15 -all"`, `$ORIGIN gateway-mixed.com.
$TTL 300
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
@ IN NS ns1
ns1 IN A 81.2.69.1
; a gateway in front, Microsoft 365 behind it (named only through the
; redirect's include), and two relays on addresses no sender can reach (a private
; IPv4 address; a public one written in the IPv4-mapped IPv6 form)
@ IN MX 10 mx0a-1.pphosted.com.
@ IN MX 20 relay.gateway-mixed.com.
@ IN MX 30 relay6.gateway-mixed.com.
relay IN A 10.1.2.3
relay IN A 81.2.69.170
relay6 IN AAAA ::ffff:81.2.69.171
@ IN TXT "v=spf1 redirect=_spf.gateway-mixed.com"
_spf IN TXT "v=spf1 include:spf.protection.outlook.com -all"`)
	h := newHarness(t, cfg, fixtureSite(t))

	type provider = map[string]any
	type host struct {
		Host      string   `json:"host"`
		Checked   bool     `json:"checked"`
		NonPublic bool     `json:"non_public_address"`
		Issues    []string `json:"issues"`
		Addresses []string `json:"addresses"`
	}
	type auditBody struct {
		MX struct {
			Records []host `json:"records"`
		} `json:"mx"`
		MXProvider provider `json:"mx_provider"`
		MXIPv6     struct {
			Hosts []struct {
				Host   string `json:"host"`
				Status string `json:"status"`
			} `json:"hosts"`
		} `json:"mx_ipv6"`
	}
	for _, tc := range []struct {
		domain, id, mailbox string
		nonPublic           map[string]bool   // MX hosts classify checks -> verdict
		ipv6                map[string]string // MX host -> mx_ipv6 status (the same guard policy)
	}{
		{domain: "tailwind-traders.com", nonPublic: map[string]bool{"mx1.tailwind-traders.com": false, "mx2.tailwind-traders.com": false},
			ipv6: map[string]string{"mx1.tailwind-traders.com": "missing", "mx2.tailwind-traders.com": "missing"}},
		{domain: "fourth-coffee.com", id: "google_workspace",
			ipv6: map[string]string{"aspmx.l.google.com": "missing", "alt1.aspmx.l.google.com": "missing"}},
		{domain: "gateway-mixed.com", id: "proofpoint", mailbox: "microsoft_365",
			nonPublic: map[string]bool{"relay.gateway-mixed.com": true, "relay6.gateway-mixed.com": true},
			ipv6:      map[string]string{"mx0a-1.pphosted.com": "missing", "relay.gateway-mixed.com": "missing", "relay6.gateway-mixed.com": "non_public"}},
	} {
		t.Run(tc.domain, func(t *testing.T) {
			var cl struct {
				MailReadiness struct {
					MXHosts []host `json:"mx_hosts"`
				} `json:"mail_readiness"`
				MXProvider provider `json:"mx_provider"`
			}
			var au auditBody
			var pr struct {
				DNSAudit        auditBody `json:"dns_audit"`
				TechnologyHints []struct {
					Name string `json:"name"`
				} `json:"technology_hints"`
			}
			payAll(t, h, tc.domain, &cl, &au, &pr)

			a, _ := json.Marshal(au.MXProvider)
			for label, p := range map[string]provider{"classify": cl.MXProvider, "full-profile": pr.DNSAudit.MXProvider} {
				if b, _ := json.Marshal(p); string(b) != string(a) {
					t.Errorf("%s mx_provider %s\n  dns-audit mx_provider %s", label, b, a)
				}
			}
			if au.MXProvider["id"] != tc.id {
				t.Errorf("provider %v, want %q", au.MXProvider["id"], tc.id)
			}
			mailbox, _ := au.MXProvider["mailbox_provider"].(map[string]any)
			if got, _ := mailbox["id"].(string); got != tc.mailbox {
				t.Errorf("mailbox provider %q, want %q", got, tc.mailbox)
			}
			if name, _ := au.MXProvider["name"].(string); name != "" &&
				!slices.ContainsFunc(pr.TechnologyHints, func(h struct {
					Name string `json:"name"`
				}) bool {
					return h.Name == name
				}) {
				t.Errorf("full-profile names %s as the provider but not as a technology: %+v", name, pr.TechnologyHints)
			}

			checked := 0
			for _, c := range cl.MailReadiness.MXHosts {
				if !c.Checked {
					continue
				}
				checked++
				want, ok := tc.nonPublic[c.Host]
				if !ok {
					t.Errorf("classify checked %s, not in the table", c.Host)
					continue
				}
				if c.NonPublic != want {
					t.Errorf("classify: %s non-public=%v, want %v", c.Host, c.NonPublic, want)
				}
				for label, recs := range map[string][]host{"dns-audit": au.MX.Records, "full-profile": pr.DNSAudit.MX.Records} {
					i := slices.IndexFunc(recs, func(r host) bool { return r.Host == c.Host })
					if i < 0 {
						t.Errorf("%s has no MX record %s", label, c.Host)
						continue
					}
					if got := slices.Contains(recs[i].Issues, "special_address"); got != c.NonPublic {
						t.Errorf("%s: %s special_address=%v, classify non_public_address=%v", label, c.Host, got, c.NonPublic)
					}
					if !slices.Equal(recs[i].Addresses, c.Addresses) {
						t.Errorf("%s addresses %q, classify %q", label, recs[i].Addresses, c.Addresses)
					}
				}
			}
			if checked != len(tc.nonPublic) {
				t.Errorf("classify checked %d hosts, want %d", checked, len(tc.nonPublic))
			}
			// mx_ipv6 judges the AAAA addresses by the same policy: the
			// IPv4-mapped AAAA classify calls non-public is not public IPv6.
			for label, body := range map[string]auditBody{"dns-audit": au, "full-profile": pr.DNSAudit} {
				got := map[string]string{}
				for _, h := range body.MXIPv6.Hosts {
					got[h.Host] = h.Status
				}
				if !maps.Equal(got, tc.ipv6) {
					t.Errorf("%s mx_ipv6 hosts %v, want %v", label, got, tc.ipv6)
				}
			}
		})
	}
}

// classify's dns_presence.dnssec and dnssec_validated, the dns-audit's
// dnssec.status and full-profile's dns_audit.dnssec.status come from one
// judgement (internal/dnssec): tailwind-traders.com is signed (keys made at
// start, DS in the com. zone), fourth-coffee.com has no DS at its parent.
func TestOperationsAgreeOnDNSSEC(t *testing.T) {
	h := newHarness(t, zoneConfig(), fixtureSite(t))
	type section struct {
		Status     string `json:"status"`
		Zone       string `json:"zone"`
		ResolverAD bool   `json:"resolver_ad"`
	}
	for _, tc := range []struct{ domain, status string }{
		{domain: "tailwind-traders.com", status: "signed"},
		{domain: "fourth-coffee.com", status: "unsigned"},
	} {
		t.Run(tc.domain, func(t *testing.T) {
			var cl struct {
				DNSPresence struct {
					DNSSEC    string `json:"dnssec"`
					Validated bool   `json:"dnssec_validated"`
				} `json:"dns_presence"`
			}
			var au struct {
				DNSSEC section `json:"dnssec"`
			}
			var pr struct {
				DNSAudit struct {
					DNSSEC section `json:"dnssec"`
				} `json:"dns_audit"`
			}
			payAll(t, h, tc.domain, &cl, &au, &pr)
			if cl.DNSPresence.DNSSEC != tc.status || cl.DNSPresence.Validated != (tc.status == "signed") ||
				au.DNSSEC.Status != tc.status || au.DNSSEC.Zone != tc.domain || pr.DNSAudit.DNSSEC != au.DNSSEC {
				t.Errorf("classify %+v, dns-audit %+v, full-profile %+v; want %s everywhere", cl.DNSPresence, au.DNSSEC, pr.DNSAudit.DNSSEC, tc.status)
			}
		})
	}
}

// payAll pays classify, dns-audit and full-profile for domain and decodes
// each 200 body into cl, au and pr.
func payAll(t *testing.T, h *harness, domain string, cl, au, pr any) {
	t.Helper()
	for _, c := range []struct {
		path string
		into any
	}{{pathClassify, cl}, {pathAudit, au}, {pathProfile, pr}} {
		res, body := h.get(t, h.paid, c.path, "domain="+domain)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", c.path, res.StatusCode, body)
		}
		if err := json.Unmarshal(body, c.into); err != nil {
			t.Fatal(err)
		}
	}
}
