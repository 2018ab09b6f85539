package audit

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/dkim"
	"github.com/intel402/intel402/services/domain-qual/internal/dmarc"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mailpolicy"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

const domain = "northwind-traders.com"

// healthy is a well-configured domain, keyed so rows can replace or drop lines.
func healthy(t testing.TB) map[string]string {
	return map[string]string{
		"mx1":   `@ IN MX 10 aspmx.l.google.com.`,
		"mx2":   `@ IN MX 20 alt1.aspmx.l.google.com.`,
		"a":     `@ IN A 93.184.215.14`,
		"spf":   `@ IN TXT "v=spf1 include:_spf.google.com -all"`,
		"dmarc": `_dmarc IN TXT "v=DMARC1; p=reject; rua=mailto:dmarc@northwind-traders.com"`,
		"dkim":  `google._domainkey IN TXT ` + dkimTXT("v=DKIM1; k=rsa; p="+rsaKey(t, 2048)),
		"sts":   `_mta-sts IN TXT "v=STSv1; id=20261101"`,
		"tls":   `_smtp._tls IN TXT "v=TLSRPTv1; rua=mailto:tls@northwind-traders.com"`,
		"bimi":  `default._bimi IN TXT "v=BIMI1; l=https://northwind-traders.com/logo.svg"`,
	}
}

const stsPolicy = "version: STSv1\r\nmode: enforce\r\nmx: aspmx.l.google.com\r\nmx: *.aspmx.l.google.com\r\nmax_age: 604800\r\n"

func ids(r Result) []string {
	var out []string
	for _, f := range r.Recommendations {
		out = append(out, string(f.ID))
	}
	return out
}

func fixOf(r Result, id finding.ID) string {
	for _, f := range r.Recommendations {
		if f.ID == id {
			return f.Fix
		}
	}
	return ""
}

func unknownChecks(r Result) []CheckName {
	var out []CheckName
	for _, u := range r.UnknownChecks {
		out = append(out, u.Check)
	}
	return out
}

func TestAudit(t *testing.T) {
	tests := []struct {
		name     string
		domain   string
		selector string
		change   map[string]string // "" drops the line
		extra    []string          // more zones
		faults   []dnstest.Fault
		noAD     bool
		dnssec   string // dnssecWorld setup
		score    int    // -1: not checked
		has      []string
		hasNot   []string
		unknown  []CheckName
		check    func(t *testing.T, r Result)
	}{
		{
			name: "well configured domain scores zero", score: 0,
			check: func(t *testing.T, r Result) {
				if r.MX.Status != MXFound || len(r.MX.Records) != 2 || r.MX.Records[0].Host != "aspmx.l.google.com" || r.MX.Records[0].Addresses[0] != "142.250.27.26" {
					t.Errorf("mx = %+v", r.MX)
				}
				if r.SPF.Status != spf.StatusFound || r.SPF.AllQualifier != "fail" || r.SPF.LookupCount != 1 || len(r.SPF.Services) != 1 || r.SPF.Services[0].ID != "google_workspace" {
					t.Errorf("spf = %+v", r.SPF)
				}
				if r.DMARC.Status != dmarc.StatusFound || r.DMARC.Location != dmarc.LocationExact || r.DMARC.EffectivePolicy != dmarc.PolicyReject ||
					r.DMARC.Enforcement != dmarc.EnforcementFull || len(r.DMARC.RUA) != 1 || !r.DMARC.RUA[0].Verified || r.DMARC.Tags["p"] != "reject" {
					t.Errorf("dmarc = %+v", r.DMARC)
				}
				if r.DKIM.Status != dkim.StatusFound || r.DKIM.Selector != "google" || r.DKIM.KeyBits != 2048 || r.DKIM.KeyType != dkim.KeyRSA || len(r.DKIM.TriedSelectors) == 0 {
					t.Errorf("dkim = %+v", r.DKIM)
				}
				if r.MTASTS.Status != mailpolicy.StatusFound || r.MTASTS.Policy.Mode != mailpolicy.ModeEnforce || len(r.MTASTS.UnmatchedMX) != 0 {
					t.Errorf("mta_sts = %+v", r.MTASTS)
				}
				if r.TLSRPT.Status != mailpolicy.StatusFound || r.BIMI.Status != mailpolicy.StatusFound {
					t.Errorf("tls_rpt=%s bimi=%s", r.TLSRPT.Status, r.BIMI.Status)
				}
				if r.DNSSEC.Status != dnssec.StatusSigned || r.DNSSEC.Zone != domain || !r.DNSSEC.ResolverAD ||
					!strings.Contains(r.DNSSEC.Detail, "the RRSIGs over the SOA and MX RRsets verify") {
					t.Errorf("dnssec = %+v", r.DNSSEC)
				}
				if r.RiskLevel != RiskLow || r.CheckedAt != "2026-11-22T08:30:00Z" || r.TTLSeconds != 60 || r.Domain != domain {
					t.Errorf("level=%s checked_at=%s ttl=%d domain=%s", r.RiskLevel, r.CheckedAt, r.TTLSeconds, r.Domain)
				}
			},
		},
		{
			name: "no SPF and no DMARC with derived fixes", change: map[string]string{"spf": "", "dmarc": ""},
			score: 25 + 30 + 1, has: []string{"spf.missing", "dmarc.missing", "bimi.requires_enforcement"},
			check: func(t *testing.T, r Result) {
				if got, want := fixOf(r, "dmarc.missing"), `_dmarc.northwind-traders.com. IN TXT "v=DMARC1; p=none; rua=mailto:dmarc-reports@northwind-traders.com"`; got != want {
					t.Errorf("dmarc fix = %s, want %s", got, want)
				}
				if got, want := fixOf(r, "spf.missing"), `northwind-traders.com. IN TXT "v=spf1 include:_spf.google.com -all"`; got != want {
					t.Errorf("spf fix = %s, want %s", got, want)
				}
				if r.RiskLevel != RiskHigh || r.SPF.Status != spf.StatusMissing || r.DMARC.Status != dmarc.StatusMissing {
					t.Errorf("level=%s spf=%s dmarc=%s", r.RiskLevel, r.SPF.Status, r.DMARC.Status)
				}
				if r.Recommendations[0].ID != "dmarc.missing" {
					t.Errorf("most severe recommendation = %s, want dmarc.missing", r.Recommendations[0].ID)
				}
			},
		},
		{
			name: "plus all and p=none", change: map[string]string{
				"spf":   `@ IN TXT "v=spf1 include:_spf.google.com +all"`,
				"dmarc": `_dmarc IN TXT "v=DMARC1; p=none; rua=mailto:dmarc@northwind-traders.com"`},
			score: 25 + 20 + 1, has: []string{"spf.pass_all", "dmarc.policy_none"},
			check: func(t *testing.T, r Result) {
				if got, want := fixOf(r, "spf.pass_all"), `northwind-traders.com. IN TXT "v=spf1 include:_spf.google.com -all"`; got != want {
					t.Errorf("spf fix = %s, want %s", got, want)
				}
				if got, want := fixOf(r, "dmarc.policy_none"), `_dmarc.northwind-traders.com. IN TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@northwind-traders.com"`; got != want {
					t.Errorf("dmarc fix = %s, want %s", got, want)
				}
				if r.SPF.AllQualifier != "pass" || r.DMARC.Enforcement != dmarc.EnforcementNone {
					t.Errorf("all=%s enforcement=%s", r.SPF.AllQualifier, r.DMARC.Enforcement)
				}
			},
		},
		{
			name: "partial enforcement with pct", change: map[string]string{"dmarc": `_dmarc IN TXT "v=DMARC1; p=reject; pct=20; rua=mailto:dmarc@northwind-traders.com"`},
			score: 10 + 1, has: []string{"dmarc.partial_enforcement", "dmarc.removed_tag_pct", "bimi.requires_enforcement"},
			check: func(t *testing.T, r Result) {
				if r.DMARC.EffectivePolicy != dmarc.PolicyQuarantine || r.DMARC.Enforcement != dmarc.EnforcementPartial {
					t.Errorf("effective=%s enforcement=%s", r.DMARC.EffectivePolicy, r.DMARC.Enforcement)
				}
				if got, want := fixOf(r, "dmarc.partial_enforcement"), `_dmarc.northwind-traders.com. IN TXT "v=DMARC1; p=reject; rua=mailto:dmarc@northwind-traders.com"`; got != want {
					t.Errorf("fix = %s, want %s", got, want)
				}
			},
		},
		{
			name: "DMARC SERVFAIL is unknown and not scored", faults: []dnstest.Fault{{Name: "_dmarc." + domain, Type: dns.TypeTXT, Kind: dnstest.FaultServFail}},
			score: 0, unknown: []CheckName{CheckDMARC}, hasNot: []string{"dmarc.missing", "bimi.requires_enforcement"},
			check: func(t *testing.T, r Result) {
				if r.DMARC.Status != dmarc.StatusUnknown {
					t.Errorf("dmarc status = %s, want unknown", r.DMARC.Status)
				}
			},
		},
		{
			name: "SPF timeout is unknown and not scored", faults: []dnstest.Fault{{Name: domain, Type: dns.TypeTXT, Kind: dnstest.FaultDrop}},
			score: 0, unknown: []CheckName{CheckSPF}, hasNot: []string{"spf.missing"},
			check: func(t *testing.T, r Result) {
				if r.SPF.Status != spf.StatusUnknown || r.DNSSEC.Status != dnssec.StatusSigned {
					t.Errorf("spf=%s dnssec=%s", r.SPF.Status, r.DNSSEC.Status)
				}
			},
		},
		{
			name:   "SPF include SERVFAIL keeps the record, branch unknown",
			faults: []dnstest.Fault{{Name: "_spf.google.com", Type: dns.TypeTXT, Kind: dnstest.FaultServFail}},
			score:  0, has: []string{"spf.partially_unknown"}, hasNot: []string{"spf.include_missing"},
			check: func(t *testing.T, r Result) {
				if r.SPF.Status != spf.StatusFound || r.SPF.Complete || r.SPF.Tree.Children[0].Status != spf.StatusUnknown {
					t.Errorf("spf = %+v", r.SPF)
				}
			},
		},
		{
			name: "MX and DKIM timeouts are unknown", faults: []dnstest.Fault{{Name: domain, Type: dns.TypeMX, Kind: dnstest.FaultDrop}, {Name: "google._domainkey." + domain, Kind: dnstest.FaultDrop}},
			score: 0, unknown: []CheckName{CheckMX, CheckDKIM},
			check: func(t *testing.T, r Result) {
				if r.MX.Status != MXUnknown || r.DKIM.Status != dkim.StatusUnknown {
					t.Errorf("mx=%s dkim=%s", r.MX.Status, r.DKIM.Status)
				}
			},
		},
		{
			name: "null MX domain gets no-mail records", change: map[string]string{
				"mx1": `@ IN MX 0 .`, "mx2": "", "spf": "", "dmarc": "", "sts": "", "tls": "", "bimi": ""},
			score: 25 + 30, has: []string{"spf.missing", "dmarc.missing"}, hasNot: []string{"mta_sts.missing", "tls_rpt.missing"},
			check: func(t *testing.T, r Result) {
				if r.MX.Status != MXNull || !r.MX.NullMX {
					t.Errorf("mx = %+v", r.MX)
				}
				if got, want := fixOf(r, "spf.missing"), `northwind-traders.com. IN TXT "v=spf1 -all"`; got != want {
					t.Errorf("spf fix = %s, want %s", got, want)
				}
				if got, want := fixOf(r, "dmarc.missing"), `_dmarc.northwind-traders.com. IN TXT "v=DMARC1; p=reject"`; got != want {
					t.Errorf("dmarc fix = %s, want %s", got, want)
				}
			},
		},
		{
			name: "null MX with senders authorised and other MX", change: map[string]string{"mx1": `@ IN MX 0 .`, "sts": ""},
			score: 3 + 10, has: []string{"spf.null_mx_authorises", "mx.null_with_others"},
		},
		{
			name: "MX target problems", change: map[string]string{
				"mx1": "@ IN MX 10 mail\n@ IN MX 20 192.0.2.1.\n@ IN MX 30 internal\n@ IN MX 40 ghost\nmail IN CNAME mx-real\nmx-real IN A 93.184.215.20\ninternal IN A 10.0.0.5",
				"mx2": "", "sts": ""},
			score: 5 + 10 + 10 + 10 + 3, has: []string{"mx.cname_target", "mx.ip_literal_target", "mx.special_address", "mx.unresolvable", "mta_sts.missing"},
			check: func(t *testing.T, r Result) {
				want := map[string][]MXIssue{
					"mail": {IssueCNAMETarget}, "192.0.2.1": {IssueIPLiteral}, "internal": {IssueSpecialAddress}, "ghost": {IssueUnresolvable},
				}
				for _, h := range r.MX.Records {
					key := strings.TrimSuffix(h.Host, "."+domain)
					if !slices.Equal(h.Issues, want[key]) {
						t.Errorf("%s issues = %v, want %v", h.Host, h.Issues, want[key])
					}
				}
				if !strings.Contains(fixOf(r, "mta_sts.missing"), "mx: mail.northwind-traders.com") {
					t.Errorf("mta-sts fix does not list MX hosts: %s", fixOf(r, "mta_sts.missing"))
				}
			},
		},
		{
			name: "implicit MX", change: map[string]string{"mx1": "", "mx2": "", "sts": ""},
			score: 3 + 3, has: []string{"mx.implicit", "mta_sts.missing"},
			check: func(t *testing.T, r Result) {
				if r.MX.Status != MXImplicit || !r.MX.ImplicitMX || r.MX.Records[0].Host != domain || r.MX.Records[0].Addresses[0] != "93.184.215.14" {
					t.Errorf("mx = %+v", r.MX)
				}
			},
		},
		{
			name: "MTA-STS policy does not cover MX", change: map[string]string{"mx2": `@ IN MX 20 backup.mailhost.net.`},
			extra: []string{zone("mailhost.net", `backup IN A 93.184.215.30`)},
			score: 10, has: []string{"mta_sts.mx_not_covered"},
			check: func(t *testing.T, r Result) {
				if !slices.Equal(r.MTASTS.UnmatchedMX, []string{"backup.mailhost.net"}) {
					t.Errorf("unmatched = %v", r.MTASTS.UnmatchedMX)
				}
			},
		},
		{
			name: "DKIM selector given and revoked", selector: "s2025", change: map[string]string{"dkim": `s2025._domainkey IN TXT "v=DKIM1; p="`},
			score: 10, has: []string{"dkim.revoked"},
			check: func(t *testing.T, r Result) {
				if r.DKIM.Status != dkim.StatusRevoked || r.DKIM.Selector != "s2025" || len(r.DKIM.TriedSelectors) != 0 {
					t.Errorf("dkim = %+v", r.DKIM)
				}
			},
		},
		{
			name: "DKIM weak key through CNAME", selector: "sel", change: map[string]string{"dkim": "sel._domainkey IN CNAME sel.keys\nsel.keys IN TXT " + dkimTXT("v=DKIM1; t=y; p="+rsaKey(t, 1024))},
			score: 5 + 3, has: []string{"dkim.rsa_weak", "dkim.testing"},
			check: func(t *testing.T, r Result) {
				if r.DKIM.KeyBits != 1024 || !r.DKIM.Testing || len(r.DKIM.CNAME) != 1 {
					t.Errorf("dkim = %+v", r.DKIM)
				}
			},
		},
		{
			name: "DKIM not found among tried selectors", change: map[string]string{"dkim": ""},
			score: 0, has: []string{"dkim.not_found_among_tried"},
			check: func(t *testing.T, r Result) {
				if r.DKIM.Status != dkim.StatusNotFound || !slices.Contains(r.DKIM.TriedSelectors, "selector1-northwind-traders-com") {
					t.Errorf("dkim = %+v", r.DKIM)
				}
			},
		},
		{
			name:   "external report destinations verified and unverified",
			change: map[string]string{"dmarc": `_dmarc IN TXT "v=DMARC1; p=reject; rua=mailto:a@reports.vendor.net,mailto:b@ok.vendor.org"`},
			extra:  []string{zone("vendor.net", `reports IN A 93.184.215.40`), zone("vendor.org", `northwind-traders.com._report._dmarc.ok IN TXT "v=DMARC1"`)},
			score:  2, has: []string{"dmarc.unverified_destination"},
			check: func(t *testing.T, r Result) {
				if len(r.DMARC.RUA) != 2 || r.DMARC.RUA[0].Verified || r.DMARC.RUA[0].Verification != dmarc.VerifyUnverified || !r.DMARC.RUA[1].Verified {
					t.Errorf("rua = %+v", r.DMARC.RUA)
				}
				if got, want := fixOf(r, "dmarc.unverified_destination"), `northwind-traders.com._report._dmarc.reports.vendor.net. IN TXT "v=DMARC1"`; got != want {
					t.Errorf("fix = %s, want %s", got, want)
				}
			},
		},
		{
			name: "subdomain inherits organizational DMARC", domain: "eu." + domain,
			change: map[string]string{"dmarc": `_dmarc IN TXT "v=DMARC1; p=reject; sp=quarantine; rua=mailto:dmarc@northwind-traders.com"`},
			score:  -1,
			check: func(t *testing.T, r Result) {
				if r.DMARC.Location != dmarc.LocationOrganizational || r.DMARC.EffectivePolicy != dmarc.PolicyQuarantine || r.DMARC.Label != "_dmarc."+domain {
					t.Errorf("dmarc = %+v", r.DMARC)
				}
				if r.MX.Status != MXNone || r.SPF.Status != spf.StatusMissing {
					t.Errorf("mx=%s spf=%s", r.MX.Status, r.SPF.Status)
				}
			},
		},
		{
			name: "too many SPF lookups", change: map[string]string{"spf": `@ IN TXT "v=spf1 a mx a:a1.northwind-traders.com a:a2.northwind-traders.com a:a3.northwind-traders.com a:a4.northwind-traders.com " ` +
				`"a:a5.northwind-traders.com a:a6.northwind-traders.com a:a7.northwind-traders.com a:a8.northwind-traders.com include:_spf.google.com -all"` +
				"\na1 IN A 93.184.215.1\na2 IN A 93.184.215.2\na3 IN A 93.184.215.3\na4 IN A 93.184.215.4\na5 IN A 93.184.215.5\na6 IN A 93.184.215.6\na7 IN A 93.184.215.7\na8 IN A 93.184.215.8"},
			score: 15, has: []string{"spf.too_many_lookups"},
			check: func(t *testing.T, r Result) {
				if r.SPF.Status != spf.StatusInvalid || r.SPF.LookupCount != 11 || r.SPF.VoidLookupCount != 0 {
					t.Errorf("spf status=%s lookups=%d voids=%d", r.SPF.Status, r.SPF.LookupCount, r.SPF.VoidLookupCount)
				}
			},
		},
		{
			name: "apex DMARC record and no DNSSEC", change: map[string]string{"bimi": `@ IN TXT "v=DMARC1; p=reject"`}, noAD: true, dnssec: dnssecUnsigned,
			score: 3, has: []string{"dmarc.apex_record", "dnssec.unsigned"},
			check: func(t *testing.T, r Result) {
				if r.DNSSEC.Status != dnssec.StatusUnsigned || r.DNSSEC.ResolverAD || !strings.Contains(fixOf(r, "dnssec.unsigned"), "publish the DS record") {
					t.Errorf("dnssec = %+v, fix %q", r.DNSSEC, fixOf(r, "dnssec.unsigned"))
				}
			},
		},
		{
			name: "expired signatures are bogus", dnssec: dnssecExpired,
			score: 20, has: []string{"dnssec.bogus"},
			check: func(t *testing.T, r Result) {
				if r.DNSSEC.Status != dnssec.StatusBogus || !strings.Contains(r.DNSSEC.Detail, "expired at 2026-10-23T08:30:00Z") || r.Recommendations[0].ID != "dnssec.bogus" {
					t.Errorf("dnssec = %+v, first recommendation %s", r.DNSSEC, r.Recommendations[0].ID)
				}
			},
		},
		{
			name: "a DS matching no DNSKEY is bogus", dnssec: dnssecDSMismatch,
			score: 20, has: []string{"dnssec.bogus"},
			check: func(t *testing.T, r Result) {
				if r.DNSSEC.Status != dnssec.StatusBogus || !strings.Contains(r.DNSSEC.Detail, "matches the parent's DS") {
					t.Errorf("dnssec = %+v", r.DNSSEC)
				}
			},
		},
		{
			name: "a DS lookup SERVFAIL is unknown and not scored", faults: []dnstest.Fault{{Name: domain, Type: dns.TypeDS, Kind: dnstest.FaultServFail}},
			score: 0, unknown: []CheckName{CheckDNSSEC},
			check: func(t *testing.T, r Result) {
				if r.DNSSEC.Status != dnssec.StatusUnknown || !strings.Contains(r.DNSSEC.Detail, "SERVFAIL") {
					t.Errorf("dnssec = %+v", r.DNSSEC)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := healthy(t)
			maps.Copy(lines, tt.change)
			var body []string
			for _, k := range slices.Sorted(maps.Keys(lines)) {
				if lines[k] != "" {
					body = append(body, lines[k])
				}
			}
			// The "com" zone answers the DMARC tree walk like the real TLD
			// would, and the DS question for the audited zone.
			child, com := dnssecWorld(t, tt.dnssec, domain, zone(domain, body...))
			cfg := dnstest.Config{Zones: append([]string{child, googleZone(), com}, tt.extra...), Faults: tt.faults}
			if !tt.noAD {
				cfg.AuthenticData = []string{domain}
			}
			policies := newPolicyServer(t)
			policies.set("mta-sts."+domain, stsPolicy)
			a, _ := newAuditor(t, cfg, policies)
			d := domain
			if tt.domain != "" {
				d = tt.domain
			}
			r, err := a.Audit(context.Background(), mustName(t, d), tt.selector)
			if err != nil {
				t.Fatal(err)
			}
			got := ids(r)
			if tt.score >= 0 && r.RiskScore != tt.score {
				t.Errorf("risk_score = %d, want %d; breakdown %+v", r.RiskScore, tt.score, r.ScoreBreakdown)
			}
			for _, id := range tt.has {
				if !slices.Contains(got, id) {
					t.Errorf("recommendation %s missing; got %v", id, got)
				}
			}
			for _, id := range tt.hasNot {
				if slices.Contains(got, id) {
					t.Errorf("recommendation %s present, want absent", id)
				}
			}
			if u := unknownChecks(r); !slices.Equal(u, tt.unknown) {
				t.Errorf("unknown_checks = %v, want %v", u, tt.unknown)
			}
			sum := 0
			for _, it := range r.ScoreBreakdown {
				sum += it.Points
				if slices.Contains(tt.unknown, it.Check) {
					t.Errorf("unknown check %s contributed %d points", it.Check, it.Points)
				}
			}
			if r.RiskScore != min(sum, 100) {
				t.Errorf("risk_score %d != breakdown sum %d", r.RiskScore, sum)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
			if _, err := json.Marshal(r); err != nil {
				t.Errorf("result does not marshal: %v", err)
			}
		})
	}
}
