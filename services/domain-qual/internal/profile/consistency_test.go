package profile_test

import (
	"context"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/pkg/evidence/webtech"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/dane"
	"github.com/intel402/intel402/services/domain-qual/internal/domainlists"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/profile"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe/smtptest"
)

// One judgement, one answer: every address class and every SPF shape below
// goes through each entry point that judges it (pkg/evidence/guard directly,
// classify, the dns-audit, the full profile and its technology hints), over
// the real DNS protocol, and all of them must agree.

// judges are the three entry points over one DNS server.
type judges struct {
	classifier *classify.Classifier
	auditor    *audit.Auditor
	profiler   *profile.Profiler
}

func newJudges(t *testing.T, zones ...string) judges {
	t.Helper()
	return newProbingJudges(t, nil, zones...)
}

// newProbingJudges is newJudges with the dns-audit's STARTTLS probe (nil:
// off).
func newProbingJudges(t *testing.T, prober audit.Prober, zones ...string) judges {
	t.Helper()
	srv := dnstest.Start(t, dnstest.Config{Zones: zones})
	r, err := resolver.New(resolver.Config{Servers: []string{srv.Addr()}, Attempts: 1, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	lists, err := domainlists.Load()
	if err != nil {
		t.Fatal(err)
	}
	c, err := classify.New(classify.Config{Resolver: r, Lists: lists, Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	a, err := audit.New(audit.Config{Resolver: r, Fetcher: noPolicy{}, Prober: prober, Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	// No website answers: the profile's DNS half is what is compared.
	s := startSites(t)
	p := loopbackProfilerWith(t, s, r, a)
	return judges{classifier: c, auditor: a, profiler: p}
}

// judge runs domain through classify, the dns-audit and the profile.
func (j judges) judge(t *testing.T, domain string) (classify.Result, audit.Result, profile.Result) {
	t.Helper()
	ctx, name := context.Background(), mustName(t, domain)
	cl, err := j.classifier.Classify(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	au, err := j.auditor.Audit(ctx, name, "")
	if err != nil {
		t.Fatal(err)
	}
	pr, err := j.profiler.Profile(ctx, name, "")
	if err != nil {
		t.Fatal(err)
	}
	return cl, au, pr
}

func TestAddressClassesGetOneVerdict(t *testing.T) {
	t.Parallel()
	classes := []struct {
		name string
		addr string
	}{
		{"public IPv4", "81.2.69.160"},
		{"public IPv6", "2a00:1450:4009:81f::1a"},
		{"this network", "0.1.2.3"},
		{"private 10/8", "10.0.0.25"},
		{"private 172.16/12", "172.16.5.4"},
		{"private 192.168/16", "192.168.1.1"},
		{"shared address space (CGNAT)", "100.64.1.1"},
		{"loopback", "127.0.0.1"},
		{"link-local", "169.254.169.254"},
		{"IETF protocol assignments", "192.0.0.8"},
		{"TEST-NET-1", "192.0.2.1"},
		{"6to4 relay anycast", "192.88.99.1"},
		{"benchmarking", "198.18.0.1"},
		{"TEST-NET-2", "198.51.100.7"},
		{"TEST-NET-3", "203.0.113.9"},
		{"multicast", "224.0.0.251"},
		{"reserved 240/4", "240.0.0.1"},
		{"limited broadcast", "255.255.255.255"},
		{"IPv6 loopback", "::1"},
		{"IPv4-mapped public", "::ffff:81.2.69.160"},
		{"IPv4-mapped private", "::ffff:10.0.0.25"},
		{"NAT64 well-known prefix", "64:ff9b::a00:19"},
		{"NAT64 local-use prefix", "64:ff9b:1::1"},
		{"discard-only", "100::1"},
		{"Teredo", "2001:0:4136:e378::1"},
		{"IETF protocol assignments v6", "2001:2::1"},
		{"IPv6 documentation", "2001:db8::25"},
		{"6to4", "2002:c000:201::1"},
		{"unique local", "fd00::25"},
		{"IPv6 link-local", "fe80::1"},
		{"IPv6 multicast", "ff02::1"},
		{"outside global unicast", "4000::1"},
	}
	var zone strings.Builder
	zone.WriteString("$ORIGIN mx-classes.com.\n$TTL 300\n@ IN SOA ns1 hostmaster 1 3600 600 86400 300\n@ IN NS ns1\nns1 IN A 81.2.69.1\n")
	for i, c := range classes {
		typ := "A"
		if netip.MustParseAddr(c.addr).Is6() {
			typ = "AAAA"
		}
		fmt.Fprintf(&zone, "c%02d IN MX 10 mx.c%02d\nmx.c%02d IN %s %s\n", i, i, i, typ, c.addr)
	}
	j := newJudges(t, zone.String())
	for i, c := range classes {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			why, public := guard.Classify(netip.MustParseAddr(c.addr))
			cl, au, pr := j.judge(t, fmt.Sprintf("c%02d.mx-classes.com", i))
			if len(cl.MailReadiness.MXHosts) != 1 || !cl.MailReadiness.MXHosts[0].Checked {
				t.Fatalf("classify did not check the MX host: %+v", cl.MailReadiness)
			}
			if got := !cl.MailReadiness.MXHosts[0].NonPublicAddress; got != public {
				t.Errorf("classify: public=%v, guard: public=%v (%s)", got, public, why)
			}
			for label, res := range map[string]audit.Result{"dns-audit": au, "full-profile": pr.DNSAudit} {
				if len(res.MX.Records) != 1 {
					t.Fatalf("%s: MX records %+v", label, res.MX.Records)
				}
				h := res.MX.Records[0]
				if got := !slices.Contains(h.Issues, audit.IssueSpecialAddress); got != public {
					t.Errorf("%s: public=%v, guard: public=%v (%s)", label, got, public, why)
				}
				if !public && !slices.ContainsFunc(res.MX.Findings, func(f finding.Finding) bool { return strings.Contains(f.Detail, why) }) {
					t.Errorf("%s: no finding naming the reason %q: %+v", label, why, res.MX.Findings)
				}
				// Every entry point reports the address as published.
				if !slices.Equal(h.Addresses, cl.MailReadiness.MXHosts[0].Addresses) || len(h.Addresses) != 1 ||
					netip.MustParseAddr(h.Addresses[0]) != netip.MustParseAddr(c.addr) {
					t.Errorf("%s addresses %q, classify %q, published %s", label, h.Addresses, cl.MailReadiness.MXHosts[0].Addresses, c.addr)
				}
			}
		})
	}
}

func TestSPFShapesGetOneProvider(t *testing.T) {
	t.Parallel()
	zones := []string{
		`$ORIGIN google.com.
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
_spf IN TXT "v=spf1 ip4:74.125.0.0/16 ~all"
aspmx.l IN A 142.250.27.27`,
		`$ORIGIN outlook.com.
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
spf.protection IN TXT "v=spf1 ip4:40.92.0.0/15 -all"
acme-com.mail.protection IN A 52.101.68.1`,
		`$ORIGIN sendgrid.net.
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
@ IN TXT "v=spf1 ip4:167.89.0.0/17 -all"`,
		`$ORIGIN pphosted.com.
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
mx0a-1 IN A 148.163.129.1
mx0b-1 IN A 148.163.129.2`,
		`$ORIGIN spf-shapes.com.
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
@ IN NS ns1
ns1 IN A 81.2.69.1
; top-level include of the mailbox provider behind the gateway
top IN MX 10 mx0a-1.pphosted.com.
top IN TXT "v=spf1 include:sendgrid.net include:_spf.google.com -all"
; redirect to the company's own record, which includes Microsoft 365
redir IN MX 10 mx0a-1.pphosted.com.
redir IN TXT "v=spf1 redirect=_spf.redir.spf-shapes.com"
_spf.redir IN TXT "v=spf1 include:spf.protection.outlook.com -all"
; two levels of includes
nested IN MX 10 mx0a-1.pphosted.com.
nested IN TXT "v=spf1 include:_spf.nested.spf-shapes.com -all"
_spf.nested IN TXT "v=spf1 include:_corp.nested.spf-shapes.com ~all"
_corp.nested IN TXT "v=spf1 include:_spf.google.com ~all"
; nearest the root wins: M365 at depth 1 before Google at depth 2
nearest IN MX 10 mx0a-1.pphosted.com.
nearest IN TXT "v=spf1 include:_deep.nearest.spf-shapes.com include:spf.protection.outlook.com -all"
_deep.nearest IN TXT "v=spf1 include:_spf.google.com -all"
; only a sending service: the mailbox provider cannot be inferred
sender IN MX 10 mx0a-1.pphosted.com.
sender IN TXT "v=spf1 include:sendgrid.net -all"
; two SPF records: permerror, no targets
twospf IN MX 10 mx0a-1.pphosted.com.
twospf IN TXT "v=spf1 include:_spf.google.com -all"
twospf IN TXT "v=spf1 include:spf.protection.outlook.com -all"
; a backup MX names the mailbox provider before SPF is read
backup IN MX 10 mx0a-1.pphosted.com.
backup IN MX 50 aspmx.l.google.com.
backup IN TXT "v=spf1 include:spf.protection.outlook.com -all"
; no gateway: the MX decides, SPF is not needed
direct IN MX 10 acme-com.mail.protection.outlook.com.
direct IN TXT "v=spf1 include:_spf.google.com -all"
; a null MX next to a gateway: the domain accepts no mail
nullmix IN MX 0 .
nullmix IN MX 10 mx0a-1.pphosted.com.
nullmix IN TXT "v=spf1 include:_spf.google.com -all"
; an include loop ends the walk without an answer; a macro target is not
; resolved, but its fixed suffix still names the service
loop IN MX 10 mx0a-1.pphosted.com.
loop IN TXT "v=spf1 include:_a.loop.spf-shapes.com -all"
_a.loop IN TXT "v=spf1 include:_b.loop.spf-shapes.com -all"
_b.loop IN TXT "v=spf1 include:_a.loop.spf-shapes.com -all"
macro IN MX 10 mx0a-1.pphosted.com.
macro IN TXT "v=spf1 include:%{i}._spf.google.com -all"
; self-hosted mail
own IN MX 10 mail.own.spf-shapes.com.
mail.own IN A 81.2.69.160
own IN TXT "v=spf1 mx -all"`,
	}
	j := newJudges(t, zones...)
	tests := []struct {
		host    string
		id      string
		kind    mxprovider.Kind
		mailbox string // the mailbox provider behind a gateway
		hints   map[string]webtech.Category
	}{
		{host: "top", id: "proofpoint", kind: mxprovider.SecurityGateway, mailbox: "google_workspace",
			hints: map[string]webtech.Category{"Proofpoint": webtech.EmailSecurityGateway, "Google Workspace": webtech.EmailHosting, "SendGrid": webtech.EmailSending}},
		{host: "redir", id: "proofpoint", kind: mxprovider.SecurityGateway, mailbox: "microsoft_365",
			hints: map[string]webtech.Category{"Proofpoint": webtech.EmailSecurityGateway, "Microsoft 365": webtech.EmailHosting}},
		{host: "nested", id: "proofpoint", kind: mxprovider.SecurityGateway, mailbox: "google_workspace",
			hints: map[string]webtech.Category{"Google Workspace": webtech.EmailHosting}},
		{host: "nearest", id: "proofpoint", kind: mxprovider.SecurityGateway, mailbox: "microsoft_365"},
		{host: "sender", id: "proofpoint", kind: mxprovider.SecurityGateway,
			hints: map[string]webtech.Category{"SendGrid": webtech.EmailSending}},
		{host: "twospf", id: "proofpoint", kind: mxprovider.SecurityGateway},
		{host: "backup", id: "proofpoint", kind: mxprovider.SecurityGateway, mailbox: "google_workspace"},
		{host: "direct", id: "microsoft_365", kind: mxprovider.MailboxProvider,
			hints: map[string]webtech.Category{"Microsoft 365": webtech.EmailHosting, "Google Workspace": webtech.EmailHosting}},
		{host: "nullmix", kind: mxprovider.Unknown},
		{host: "loop", id: "proofpoint", kind: mxprovider.SecurityGateway},
		{host: "macro", id: "proofpoint", kind: mxprovider.SecurityGateway, mailbox: "google_workspace"},
		{host: "own", kind: mxprovider.SelfHosted},
	}
	for _, tc := range tests {
		t.Run(tc.host, func(t *testing.T) {
			t.Parallel()
			cl, au, pr := j.judge(t, tc.host+".spf-shapes.com")
			v := au.MXProvider
			if v.ID != tc.id || v.Kind != tc.kind {
				t.Errorf("dns-audit provider = %s/%s, want %s/%s (%q)", v.ID, v.Kind, tc.id, tc.kind, v.Evidence)
			}
			mailbox := ""
			if v.MailboxProvider != nil {
				mailbox = v.MailboxProvider.ID
			}
			if mailbox != tc.mailbox {
				t.Errorf("mailbox provider behind the gateway = %q, want %q (%q)", mailbox, tc.mailbox, v.Evidence)
			}
			if diff := cmpVerdicts(cl.MXProvider, v); diff != "" {
				t.Errorf("classify and dns-audit disagree: %s", diff)
			}
			if diff := cmpVerdicts(pr.DNSAudit.MXProvider, v); diff != "" {
				t.Errorf("full-profile and dns-audit disagree: %s", diff)
			}
			for name, cat := range tc.hints {
				i := slices.IndexFunc(pr.TechnologyHints, func(h profile.TechnologyHint) bool { return h.Name == name })
				if i < 0 || pr.TechnologyHints[i].Category != cat {
					t.Errorf("technology hint %s (%s) missing: %+v", name, cat, pr.TechnologyHints)
				}
			}
			// A provider named by the verdict is a technology hint too.
			for _, n := range []string{v.Name, nameOf(v.MailboxProvider)} {
				if n != "" && !slices.ContainsFunc(pr.TechnologyHints, func(h profile.TechnologyHint) bool { return h.Name == n }) {
					t.Errorf("the verdict names %s but the hints do not: %+v", n, pr.TechnologyHints)
				}
			}
		})
	}
}

func nameOf(n *mxprovider.Named) string {
	if n == nil {
		return ""
	}
	return n.Name
}

// cmpVerdicts returns "" when two verdicts are the same answer.
func cmpVerdicts(a, b mxprovider.Verdict) string {
	if a.ID != b.ID || a.Kind != b.Kind || a.Gateway != b.Gateway || !slices.Equal(a.Evidence, b.Evidence) ||
		(a.MailboxProvider == nil) != (b.MailboxProvider == nil) ||
		(a.MailboxProvider != nil && *a.MailboxProvider != *b.MailboxProvider) {
		return fmt.Sprintf("%+v vs %+v", a, b)
	}
	return ""
}

// permissiveSPF are the dns-audit's findings that say SPF lets any server
// send (the verdict spf.Result.Permissive reads).
var permissiveSPF = []finding.ID{finding.SPFPassAll, finding.SPFIncludePassAll, finding.SPFNeutralAll}

// An SPF policy that lets any server send gets one verdict everywhere: the
// dns-audit's finding (and its recommendation), the points it adds to the
// audit's score, the same finding in full-profile's embedded audit, and
// full-profile's spf_permissive_all flag, whose evidence is that finding's.
// An include: of a record ending in +all is as permissive as +all itself.
func TestSPFPermissivePoliciesGetOneVerdict(t *testing.T) {
	t.Parallel()
	j := newJudges(t, `$ORIGIN spf-verdicts.com.
$TTL 300
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
@ IN NS ns1
ns1 IN A 81.2.69.1
_strict IN TXT "v=spf1 ip4:81.2.69.128/26 -all"
_open IN TXT "v=spf1 +all"
passall IN TXT "v=spf1 +all"
incpassall IN TXT "v=spf1 include:_strict.spf-verdicts.com +all"
neutral IN TXT "v=spf1 mx ?all"
include IN TXT "v=spf1 include:_open.spf-verdicts.com -all"
redirect IN TXT "v=spf1 redirect=_open.spf-verdicts.com"
both IN TXT "v=spf1 include:_open.spf-verdicts.com ?all"
strict IN TXT "v=spf1 include:_strict.spf-verdicts.com -all"
soft IN TXT "v=spf1 include:_strict.spf-verdicts.com ~all"`)
	tests := []struct {
		host     string
		verdict  finding.ID // the most severe permissive finding; "" when none
		severity finding.Severity
		scored   []finding.ID // every permissive finding the score counts
		evidence string       // the record the verdict quotes
	}{
		{host: "passall", verdict: finding.SPFPassAll, severity: finding.Critical, scored: []finding.ID{finding.SPFPassAll}, evidence: "v=spf1 +all"},
		{host: "incpassall", verdict: finding.SPFPassAll, severity: finding.Critical, scored: []finding.ID{finding.SPFPassAll},
			evidence: "v=spf1 include:_strict.spf-verdicts.com +all"},
		{host: "neutral", verdict: finding.SPFNeutralAll, severity: finding.High, scored: []finding.ID{finding.SPFNeutralAll}, evidence: "v=spf1 mx ?all"},
		{host: "include", verdict: finding.SPFIncludePassAll, severity: finding.Critical, scored: []finding.ID{finding.SPFIncludePassAll}, evidence: "v=spf1 +all"},
		{host: "redirect", verdict: finding.SPFIncludePassAll, severity: finding.Critical, scored: []finding.ID{finding.SPFIncludePassAll}, evidence: "v=spf1 +all"},
		{host: "both", verdict: finding.SPFIncludePassAll, severity: finding.Critical,
			scored: []finding.ID{finding.SPFIncludePassAll, finding.SPFNeutralAll}, evidence: "v=spf1 +all"},
		{host: "strict"},
		{host: "soft"},
	}
	for _, tc := range tests {
		t.Run(tc.host, func(t *testing.T) {
			t.Parallel()
			_, au, pr := j.judge(t, tc.host+".spf-verdicts.com")
			// dns-audit: the most severe permissive recommendation.
			for label, res := range map[string]audit.Result{"dns-audit": au, "full-profile's dns_audit": pr.DNSAudit} {
				f, ok := finding.Find(res.Recommendations, permissiveSPF...)
				if f.ID != tc.verdict || ok != (tc.verdict != "") {
					t.Fatalf("%s: verdict %q, want %q (%+v)", label, f.ID, tc.verdict, res.Recommendations)
				}
				if ok && (f.Severity != tc.severity || f.Evidence != tc.evidence) {
					t.Errorf("%s: %s is %s with evidence %q, want %s with %q", label, f.ID, f.Severity, f.Evidence, tc.severity, tc.evidence)
				}
				if g, gok := finding.Find(res.SPF.Errors, permissiveSPF...); g.ID != f.ID || gok != ok {
					t.Errorf("%s: spf.errors say %q, recommendations %q", label, g.ID, f.ID)
				}
				// The score counts each permissive finding the audit reports.
				var scored []finding.ID
				for _, it := range res.ScoreBreakdown {
					if slices.Contains(permissiveSPF, it.FindingID) {
						if it.Check != audit.CheckSPF || it.Points <= 0 {
							t.Errorf("%s: score item %+v", label, it)
						}
						scored = append(scored, it.FindingID)
					}
				}
				slices.Sort(scored)
				want := slices.Clone(tc.scored)
				slices.Sort(want)
				if !slices.Equal(scored, want) {
					t.Errorf("%s: score counts %v, want %v (%+v)", label, scored, want, res.ScoreBreakdown)
				}
			}
			if au.RiskScore != pr.DNSAudit.RiskScore || au.RiskLevel != pr.DNSAudit.RiskLevel {
				t.Errorf("risk: dns-audit %d/%s, full-profile %d/%s", au.RiskScore, au.RiskLevel, pr.DNSAudit.RiskScore, pr.DNSAudit.RiskLevel)
			}
			// full-profile: the flag fires exactly when the audit's verdict
			// does, quoting the same record.
			i := slices.IndexFunc(pr.OpportunityFlags, func(f profile.Flag) bool { return f.ID == profile.FlagSPFPermissiveAll })
			if got := i >= 0; got != (tc.verdict != "") {
				t.Fatalf("spf_permissive_all raised=%v, dns-audit verdict %q (%+v)", got, tc.verdict, pr.OpportunityFlags)
			}
			if i >= 0 && !slices.Equal(pr.OpportunityFlags[i].Evidence, []string{"SPF " + tc.evidence}) {
				t.Errorf("flag evidence %q, want the audit's %q", pr.OpportunityFlags[i].Evidence, "SPF "+tc.evidence)
			}
		})
	}
}

// The other DNS flags restate the dns-audit's verdicts: each fires exactly
// when the audit reports its finding (DMARC missing, unusable or p=none;
// SPF missing or over the lookup limit; no DKIM key found).
func TestDNSFlagsRestateTheAuditVerdicts(t *testing.T) {
	t.Parallel()
	var many strings.Builder
	for i := range 11 {
		fmt.Fprintf(&many, "h%d IN A 81.2.69.%d\n", i, 10+i)
	}
	var lookups strings.Builder
	for i := range 11 {
		fmt.Fprintf(&lookups, " a:h%d.flag-verdicts.com", i)
	}
	// com. answers the DMARC tree walk's last question (_dmarc.com).
	j := newJudges(t, "$ORIGIN com.\n@ IN SOA a.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 900", `$ORIGIN flag-verdicts.com.
$TTL 300
@ IN SOA ns1 hostmaster 1 3600 600 86400 300
@ IN NS ns1
ns1 IN A 81.2.69.1
`+many.String()+`
nodmarc IN TXT "v=spf1 -all"
monitor IN TXT "v=spf1 -all"
_dmarc.monitor IN TXT "v=DMARC1; p=none; rua=mailto:d@flag-verdicts.com"
twodmarc IN TXT "v=spf1 -all"
_dmarc.twodmarc IN TXT "v=DMARC1; p=reject"
_dmarc.twodmarc IN TXT "v=DMARC1; p=none"
baddmarc IN TXT "v=spf1 -all"
_dmarc.baddmarc IN TXT "v=DMARC1; p=reject; p=none"
partial IN TXT "v=spf1 -all"
_dmarc.partial IN TXT "v=DMARC1; p=reject; t=y; rua=mailto:d@flag-verdicts.com"
nospf IN MX 10 mx.flag-verdicts.com.
_dmarc.nospf IN TXT "v=DMARC1; p=reject; rua=mailto:d@flag-verdicts.com"
toomany IN TXT "v=spf1`+lookups.String()+` -all"
_dmarc.toomany IN TXT "v=DMARC1; p=reject; rua=mailto:d@flag-verdicts.com"
nullmx IN MX 0 .
nullmx IN TXT "v=spf1 -all"
_dmarc.nullmx IN TXT "v=DMARC1; p=reject; rua=mailto:d@flag-verdicts.com"`)
	type rule struct {
		flag profile.FlagID
		ids  []finding.ID // the audit findings the flag restates
	}
	rules := []rule{
		{profile.FlagDMARCNotEnforced, []finding.ID{finding.DMARCMissing, finding.DMARCMultipleRecords, finding.DMARCInvalidRecord, finding.DMARCPolicyNone}},
		{profile.FlagSPFMissing, []finding.ID{finding.SPFMissing}},
		{profile.FlagSPFTooManyLookups, []finding.ID{finding.SPFTooManyLookups}},
		{profile.FlagDKIMNotFound, []finding.ID{finding.DKIMNotFoundAmongTried}},
	}
	tests := []struct {
		host     string
		findings []finding.ID     // the verdicts the audit must report
		flags    []profile.FlagID // the flags among rules that fire
	}{
		{host: "nodmarc", findings: []finding.ID{finding.DMARCMissing, finding.DKIMNotFoundAmongTried},
			flags: []profile.FlagID{profile.FlagDMARCNotEnforced, profile.FlagDKIMNotFound}},
		{host: "monitor", findings: []finding.ID{finding.DMARCPolicyNone, finding.DKIMNotFoundAmongTried},
			flags: []profile.FlagID{profile.FlagDMARCNotEnforced, profile.FlagDKIMNotFound}},
		{host: "twodmarc", findings: []finding.ID{finding.DMARCMultipleRecords, finding.DKIMNotFoundAmongTried},
			flags: []profile.FlagID{profile.FlagDMARCNotEnforced, profile.FlagDKIMNotFound}},
		{host: "baddmarc", findings: []finding.ID{finding.DMARCInvalidRecord, finding.DKIMNotFoundAmongTried},
			flags: []profile.FlagID{profile.FlagDMARCNotEnforced, profile.FlagDKIMNotFound}},
		{host: "partial", findings: []finding.ID{finding.DMARCPartialEnforcement, finding.DKIMNotFoundAmongTried},
			flags: []profile.FlagID{profile.FlagDKIMNotFound}},
		{host: "nospf", findings: []finding.ID{finding.SPFMissing, finding.DKIMNotFoundAmongTried},
			flags: []profile.FlagID{profile.FlagSPFMissing, profile.FlagDKIMNotFound}},
		{host: "toomany", findings: []finding.ID{finding.SPFTooManyLookups, finding.DKIMNotFoundAmongTried},
			flags: []profile.FlagID{profile.FlagSPFTooManyLookups, profile.FlagDKIMNotFound}},
		// A null-MX domain: the audit still reports no DKIM key; the
		// profile does not sell DKIM to a domain that takes no mail.
		{host: "nullmx", findings: []finding.ID{finding.DKIMNotFoundAmongTried}},
	}
	for _, tc := range tests {
		t.Run(tc.host, func(t *testing.T) {
			t.Parallel()
			_, au, pr := j.judge(t, tc.host+".flag-verdicts.com")
			for _, id := range tc.findings {
				if _, ok := finding.Find(au.Recommendations, id); !ok {
					t.Errorf("dns-audit does not report %s: %v", id, recommendationIDs(au))
				}
			}
			if !slices.Equal(recommendationIDs(au), recommendationIDs(pr.DNSAudit)) {
				t.Errorf("dns-audit %v, full-profile's dns_audit %v", recommendationIDs(au), recommendationIDs(pr.DNSAudit))
			}
			for _, r := range rules {
				_, reported := finding.Find(au.Recommendations, r.ids...)
				raised := slices.ContainsFunc(pr.OpportunityFlags, func(f profile.Flag) bool { return f.ID == r.flag })
				if want := slices.Contains(tc.flags, r.flag); raised != want {
					t.Errorf("%s raised=%v, want %v (dns-audit reports %v)", r.flag, raised, want, recommendationIDs(au))
				}
				if raised && !reported {
					t.Errorf("%s raised without the audit reporting any of %v", r.flag, r.ids)
				}
			}
		})
	}
}

func recommendationIDs(r audit.Result) []finding.ID {
	var out []finding.ID
	for _, f := range r.Recommendations {
		out = append(out, f.ID)
	}
	return out
}

// A transport problem gets one verdict everywhere: a DANE mismatch, a
// TLS 1.1-only server or an MX host without STARTTLS (probe on) is the
// dns-audit's finding, the points it adds to the score, the same finding in
// full-profile's embedded audit, and the full-profile flag that quotes it;
// with the probe off nothing is known and no flag fires. The MX host of
// transport-verdicts.com (a DNSSEC-signed zone) is a local SMTP server on
// loopback, allow-listed for the prober only.
func TestTransportProblemsGetOneVerdict(t *testing.T) {
	t.Parallel()
	const domain, mxHost = "transport-verdicts.com", "mx1.transport-verdicts.com"
	served := smtptest.NewPKI(t, mxHost, time.Now().Add(90*24*time.Hour))
	other := smtptest.NewPKI(t, mxHost, time.Now().Add(90*24*time.Hour))
	tlsa311 := func(p *smtptest.PKI) string {
		return "3 1 1 " + hex.EncodeToString(dane.Association(p.Leaf, dane.SelectorSPKI, dane.MatchingSHA256))
	}
	// transportFlags are the flags that restate transport findings, and flagged their findings.
	transportFlags := []profile.FlagID{profile.FlagSTARTTLSNotOffered, profile.FlagDANEBroken, profile.FlagMXCertificateProblem}
	flagged := []finding.ID{finding.DANEMismatch, finding.DANEBogus, finding.STARTTLSNotOffered, finding.STARTTLSCertificateExpired, finding.STARTTLSCertificateInvalid}
	tests := []struct {
		name    string
		off     bool
		server  smtptest.Behaviour
		tlsa    string
		verdict finding.ID      // the audit's transport finding; "" when none
		check   audit.CheckName // the check that scores it
		flag    profile.FlagID  // the flag restating it; "" when none
	}{
		{name: "DANE-EE naming another key", server: smtptest.Behaviour{Cert: &served.Pair}, tlsa: tlsa311(other),
			verdict: finding.DANEMismatch, check: audit.CheckDANE, flag: profile.FlagDANEBroken},
		{name: "no STARTTLS", server: smtptest.Behaviour{}, verdict: finding.STARTTLSNotOffered, check: audit.CheckSTARTTLS, flag: profile.FlagSTARTTLSNotOffered},
		{name: "DANE-EE naming the served key", server: smtptest.Behaviour{Cert: &served.Pair}, tlsa: tlsa311(served)},
		{name: "TLS 1.1 only: scored, no flag", server: smtptest.Behaviour{Cert: &served.Pair, MaxVersion: tls.VersionTLS11}, tlsa: tlsa311(served),
			verdict: finding.STARTTLSOldTLS, check: audit.CheckSTARTTLS},
		{name: "probe off: not_probed, no flag", off: true, server: smtptest.Behaviour{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := smtptest.NewServer(t, tc.server)
			var prober audit.Prober
			if !tc.off {
				p, err := smtpprobe.New(smtpprobe.Config{AllowList: guard.AllowList{Endpoints: []netip.AddrPort{srv.Addr}},
					Port: srv.Addr.Port(), RootCAs: served.Roots, Timeout: 2 * time.Second, StepTimeout: time.Second})
				if err != nil {
					t.Fatal(err)
				}
				prober = p
			}
			text := "$ORIGIN " + domain + ".\n$TTL 300\n@ IN SOA ns1 hostmaster 1 3600 600 86400 300\n@ IN NS ns1\nns1 IN A 81.2.69.1\n" +
				"@ IN MX 10 mx1\nmx1 IN A 127.0.0.1\n@ IN TXT \"v=spf1 mx -all\"\n"
			if tc.tlsa != "" {
				text += "_25._tcp.mx1 IN TLSA " + tc.tlsa + "\n"
			}
			signer := dnstest.NewSigner(t, domain, fixedNow.Add(-24*time.Hour), fixedNow.Add(30*24*time.Hour))
			com := "$ORIGIN com.\n$TTL 300\n@ IN SOA a.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 900\n" + signer.DS(dns.SHA256)
			j := newProbingJudges(t, prober, signer.Sign(t, text), com)
			_, au, pr := j.judge(t, domain)
			if au.DNSSEC.Status != "signed" {
				t.Fatalf("the fixture zone is not signed: %+v", au.DNSSEC)
			}
			if tc.off != (au.STARTTLS.Status == audit.STARTTLSNotProbed) || tc.off != (pr.DNSAudit.STARTTLS.Status == audit.STARTTLSNotProbed) {
				t.Errorf("starttls: dns-audit %s, full-profile %s, probe off %v", au.STARTTLS.Status, pr.DNSAudit.STARTTLS.Status, tc.off)
			}
			var want finding.Finding
			for label, res := range map[string]audit.Result{"dns-audit": au, "full-profile's dns_audit": pr.DNSAudit} {
				var ids []finding.ID
				for _, f := range res.Recommendations {
					if f.ID == finding.DANEMismatch || f.ID == finding.DANEBogus || strings.HasPrefix(string(f.ID), "starttls.") {
						ids = append(ids, f.ID)
					}
				}
				got, ok := finding.Find(res.Recommendations, tc.verdict)
				if tc.verdict != "" && !ok {
					t.Fatalf("%s: verdict %q missing: %v", label, tc.verdict, ids)
				}
				if tc.flag == "" && slices.ContainsFunc(ids, func(id finding.ID) bool { return slices.Contains(flagged, id) }) {
					t.Errorf("%s reports %v, want none of the flagged findings", label, ids)
				}
				want = got
				// The score counts the verdict under its check.
				counted := slices.ContainsFunc(res.ScoreBreakdown, func(it audit.ScoreItem) bool {
					return it.FindingID == tc.verdict && it.Points > 0 && it.Check == tc.check
				})
				if tc.verdict != "" && !counted {
					t.Errorf("%s: the score does not count %s: %+v", label, tc.verdict, res.ScoreBreakdown)
				}
			}
			if au.RiskScore != pr.DNSAudit.RiskScore || au.RiskLevel != pr.DNSAudit.RiskLevel {
				t.Errorf("risk: dns-audit %d/%s, full-profile %d/%s", au.RiskScore, au.RiskLevel, pr.DNSAudit.RiskScore, pr.DNSAudit.RiskLevel)
			}
			for _, id := range transportFlags {
				i := slices.IndexFunc(pr.OpportunityFlags, func(f profile.Flag) bool { return f.ID == id })
				if (i >= 0) != (id == tc.flag) {
					t.Errorf("%s raised=%v, dns-audit verdict %q (%+v)", id, i >= 0, tc.verdict, pr.OpportunityFlags)
					continue
				}
				if i >= 0 && !slices.Equal(pr.OpportunityFlags[i].Evidence, []string{string(want.ID) + " " + want.Evidence}) {
					t.Errorf("%s evidence %q, want the audit's %q", id, pr.OpportunityFlags[i].Evidence, want.Evidence)
				}
			}
		})
	}
}
