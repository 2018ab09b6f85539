package profile

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/evidence/webtech"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/dkim"
	"github.com/intel402/intel402/services/domain-qual/internal/dmarc"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

var checkedAt = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)

// cleanInput is a domain on which no rule fires: enforced DMARC, strict
// SPF, a DKIM key, a gateway in front of Microsoft 365, HTTPS with HSTS
// and a redirect from HTTP, a certificate valid for months.
func cleanInput() *ruleInput {
	yes := true
	notAfter := checkedAt.AddDate(0, 6, 0)
	gw := mxprovider.Provider{ID: "proofpoint", Name: "Proofpoint", Kind: mxprovider.SecurityGateway}
	return &ruleInput{
		domain:    "acme-widgets.com",
		checkedAt: checkedAt,
		audit: &audit.Result{
			MX:    audit.MXResult{Status: audit.MXFound, Records: []audit.MXHost{{Host: "mx0a-1.pphosted.com", Preference: 10}}},
			SPF:   spf.Result{Status: spf.StatusFound, Record: "v=spf1 include:spf.protection.outlook.com -all", AllQualifier: "fail", LookupCount: 2},
			DMARC: audit.DMARCResult{Status: dmarc.StatusFound, Label: "_dmarc.acme-widgets.com", Record: "v=DMARC1; p=reject", Enforcement: dmarc.EnforcementFull},
			DKIM:  audit.DKIMResult{Status: dkim.StatusFound, Selector: "selector1"},
		},
		site: &Website{Reachable: true, HTTPSAvailable: true, HTTPRedirectsToHTTPS: &yes, FinalURL: "https://acme-widgets.com/",
			SecurityHeaders: &SecurityHeaders{HSTS: HSTS{Present: true, MaxAge: 31536000}, CSP: CSPEnforced},
			TLS:             &TLS{Version: "TLS 1.3", Issuer: "CN=R11,O=Let's Encrypt,C=US", NotAfter: &notAfter}},
		provider: mxprovider.Result{Provider: gw, Gateway: true, Hosts: []mxprovider.HostMatch{{Host: "mx0a-1.pphosted.com", Provider: gw}}},
	}
}

func hint(name string, cat webtech.Category, version string, conf float64) TechnologyHint {
	return TechnologyHint{Name: name, Category: cat, Version: version, Confidence: conf,
		Evidence: []TechnologyEvidence{{Source: webtech.SourceMeta, Detail: "generator: " + name + " " + version}}}
}

func TestRules(t *testing.T) {
	m365 := mxprovider.Provider{ID: "microsoft_365", Name: "Microsoft 365", Kind: mxprovider.MailboxProvider}
	no := false
	tests := []struct {
		name     string
		mutate   func(in *ruleInput)
		want     []FlagID
		evidence string // a substring of the first flag's evidence
	}{
		{name: "clean domain raises nothing", mutate: func(*ruleInput) {}},
		// The DNS rules read the verdicts the dns-audit reports with each
		// section (reported below); the status alone raises nothing.
		{name: "DMARC missing", mutate: func(in *ruleInput) {
			in.audit.DMARC = audit.DMARCResult{Status: dmarc.StatusMissing, Warnings: reported(finding.DMARCMissing, finding.Critical)}
		},
			want: []FlagID{FlagDMARCNotEnforced}, evidence: "no DMARC record at _dmarc.acme-widgets.com"},
		{name: "DMARC p=none", mutate: func(in *ruleInput) {
			in.audit.DMARC.Record, in.audit.DMARC.Enforcement = "v=DMARC1; p=none", dmarc.EnforcementNone
			in.audit.DMARC.Warnings = reported(finding.DMARCPolicyNone, finding.High)
		}, want: []FlagID{FlagDMARCNotEnforced}, evidence: "_dmarc.acme-widgets.com TXT v=DMARC1; p=none"},
		{name: "DMARC invalid", mutate: func(in *ruleInput) {
			in.audit.DMARC.Status, in.audit.DMARC.Record = dmarc.StatusInvalid, "v=DMARC1; p=maybe"
			in.audit.DMARC.Warnings = reported(finding.DMARCInvalidRecord, finding.Critical)
		},
			want: []FlagID{FlagDMARCNotEnforced}, evidence: "p=maybe"},
		{name: "DMARC partial enforcement is not flagged", mutate: func(in *ruleInput) {
			in.audit.DMARC.Enforcement = dmarc.EnforcementPartial
			in.audit.DMARC.Warnings = reported(finding.DMARCPartialEnforcement, finding.Medium)
		}},
		{name: "DMARC unknown is not flagged", mutate: func(in *ruleInput) { in.audit.DMARC = audit.DMARCResult{Status: dmarc.StatusUnknown} }},
		{name: "SPF missing", mutate: func(in *ruleInput) {
			in.audit.SPF = spf.Result{Status: spf.StatusMissing, Errors: reported(finding.SPFMissing, finding.High)}
		},
			want: []FlagID{FlagSPFMissing}, evidence: "no v=spf1 TXT record"},
		{name: "SPF at exactly 10 lookups", mutate: func(in *ruleInput) { in.audit.SPF.LookupCount = 10 }},
		{name: "SPF at 11 lookups", mutate: func(in *ruleInput) {
			in.audit.SPF.LookupCount, in.audit.SPF.Errors = 11, reported(finding.SPFTooManyLookups, finding.High)
		},
			want: []FlagID{FlagSPFTooManyLookups}, evidence: "lookup_count=11"},
		{name: "SPF +all", mutate: func(in *ruleInput) { spfLinted(t, in, "v=spf1 +all", true) },
			want: []FlagID{FlagSPFPermissiveAll}, evidence: "SPF v=spf1 +all"},
		{name: "SPF ?all", mutate: func(in *ruleInput) { spfLinted(t, in, "v=spf1 mx ?all", true) }, want: []FlagID{FlagSPFPermissiveAll}},
		{name: "SPF ~all is not flagged", mutate: func(in *ruleInput) { spfLinted(t, in, "v=spf1 mx ~all", true) }},
		// The one judgement (spf.Result.Permissive), as dns-audit reports
		// it: an included record ending in +all lets any server send,
		// whatever the root record's own all says.
		{name: "SPF including a record that ends in +all", mutate: func(in *ruleInput) {
			in.audit.SPF.Errors = append(in.audit.SPF.Errors, lintOf(t, "v=spf1 +all", false)...)
		}, want: []FlagID{FlagSPFPermissiveAll}, evidence: "SPF v=spf1 +all"},
		// ?all at the root and +all in an include: the flag names the most
		// severe of the two (the include lets any server pass).
		{name: "SPF ?all including a record that ends in +all", mutate: func(in *ruleInput) {
			spfLinted(t, in, "v=spf1 include:_spf.acme-widgets.com ?all", true)
			in.audit.SPF.Errors = append(in.audit.SPF.Errors, lintOf(t, "v=spf1 +all", false)...)
		}, want: []FlagID{FlagSPFPermissiveAll}, evidence: "SPF v=spf1 +all"},
		{name: "DKIM not found among guesses", mutate: func(in *ruleInput) {
			in.audit.DKIM = audit.DKIMResult{Status: dkim.StatusNotFound, TriedSelectors: []string{"selector1", "selector2", "google"},
				Findings: reported(finding.DKIMNotFoundAmongTried, finding.Info)}
		}, want: []FlagID{FlagDKIMNotFound}, evidence: "tried selectors: selector1, selector2, google"},
		{name: "DKIM not found for a null-MX domain is not flagged", mutate: func(in *ruleInput) {
			in.audit.DKIM = audit.DKIMResult{Status: dkim.StatusNotFound, TriedSelectors: []string{"default"},
				Findings: reported(finding.DKIMNotFoundAmongTried, finding.Info)}
			in.audit.MX = audit.MXResult{Status: audit.MXNull}
			in.provider = mxprovider.Result{Provider: mxprovider.Provider{Kind: mxprovider.Unknown}}
		}},
		{name: "mailbox provider without gateway", mutate: func(in *ruleInput) {
			in.provider = mxprovider.Result{Provider: m365, Hosts: []mxprovider.HostMatch{{Host: "acme-widgets-com.mail.protection.outlook.com", Provider: m365}},
				Evidence: []string{"MX acme-widgets-com.mail.protection.outlook.com matches mail.protection.outlook.com (Microsoft 365, mailbox_provider)"}}
		}, want: []FlagID{FlagNoEmailSecurityGateway}, evidence: "mail.protection.outlook.com"},
		{name: "gateway only as backup MX still counts as a gateway", mutate: func(in *ruleInput) {
			gw := mxprovider.Provider{ID: "mimecast", Name: "Mimecast", Kind: mxprovider.SecurityGateway}
			in.provider = mxprovider.Result{Provider: m365, Hosts: []mxprovider.HostMatch{{Provider: m365}, {Provider: gw}}}
		}},
		{name: "self-hosted mail is not flagged for a gateway", mutate: func(in *ruleInput) {
			in.provider = mxprovider.Result{Provider: mxprovider.Provider{Kind: mxprovider.SelfHosted}}
		}},
		{name: "an MX host without STARTTLS", mutate: func(in *ruleInput) {
			in.audit.STARTTLS = audit.STARTTLSResult{Status: audit.STARTTLSNotOffered, Findings: []finding.Finding{{ID: finding.STARTTLSNotOffered,
				Severity: finding.High, Title: "an MX host does not offer STARTTLS", Detail: "mail travels in plaintext.", Evidence: "mx1.acme-widgets.com [81.2.69.160]: EHLO without STARTTLS"}}}
		}, want: []FlagID{FlagSTARTTLSNotOffered}, evidence: "starttls.not_offered mx1.acme-widgets.com [81.2.69.160]: EHLO without STARTTLS"},
		{name: "probe off: not_probed is not read as no STARTTLS", mutate: func(in *ruleInput) {
			in.audit.STARTTLS = audit.STARTTLSResult{Status: audit.STARTTLSNotProbed, Findings: []finding.Finding{}}
		}},
		{name: "a failed handshake or old TLS is no flag of its own", mutate: func(in *ruleInput) {
			in.audit.STARTTLS = audit.STARTTLSResult{Status: audit.STARTTLSFailed, Findings: append(reported(finding.STARTTLSHandshakeFailed, finding.High),
				reported(finding.STARTTLSOldTLS, finding.Medium)...)}
		}},
		{name: "TLSA records matching no presented certificate", mutate: func(in *ruleInput) {
			in.audit.DANE.Findings = reported(finding.DANEMismatch, finding.High)
		}, want: []FlagID{FlagDANEBroken}, evidence: "dane.mismatch"},
		{name: "TLSA records failing DNSSEC", mutate: func(in *ruleInput) {
			in.audit.DANE.Findings = reported(finding.DANEBogus, finding.High)
		}, want: []FlagID{FlagDANEBroken}, evidence: "dane.bogus"},
		{name: "TLSA in an unsigned zone or missing DANE is not broken DANE", mutate: func(in *ruleInput) {
			in.audit.DANE.Findings = append(reported(finding.DANEUnsignedZone, finding.Medium), reported(finding.DANEMissing, finding.Info)...)
		}},
		{name: "expired MX certificate", mutate: func(in *ruleInput) {
			in.audit.STARTTLS.Findings = append(reported(finding.STARTTLSCertificateExpiresSoon, finding.Low), reported(finding.STARTTLSCertificateExpired, finding.High)...)
		}, want: []FlagID{FlagMXCertificateProblem}, evidence: "starttls.certificate_expired"},
		{name: "MX certificate not verifying for the host name", mutate: func(in *ruleInput) {
			in.audit.STARTTLS.Findings = reported(finding.STARTTLSCertificateInvalid, finding.Medium)
		}, want: []FlagID{FlagMXCertificateProblem}, evidence: "starttls.certificate_invalid"},
		{name: "an MX certificate expiring soon is not flagged", mutate: func(in *ruleInput) {
			in.audit.STARTTLS.Findings = reported(finding.STARTTLSCertificateExpiresSoon, finding.Low)
		}},
		{name: "site unreachable", mutate: func(in *ruleInput) {
			in.site = &Website{Error: &WebsiteError{Code: "timeout", Message: "fetch https://acme-widgets.com/: timeout"},
				Attempts: []Attempt{{URL: "https://acme-widgets.com/", Outcome: "timeout"}}}
		}, want: []FlagID{FlagSiteUnreachable}, evidence: "error timeout"},
		{name: "parked page", mutate: func(in *ruleInput) { in.parked = []string{`page contains "buy this domain"`} },
			want: []FlagID{FlagParkedDomain}, evidence: "buy this domain"},
		{name: "HTTP only", mutate: func(in *ruleInput) {
			in.site.HTTPSAvailable, in.site.HTTPRedirectsToHTTPS, in.site.FinalURL = false, &no, "http://acme-widgets.com/"
			in.site.TLS = nil
			in.site.Attempts = []Attempt{{URL: "https://acme-widgets.com/", Outcome: "network_error"}, {URL: "http://acme-widgets.com/", Outcome: "ok"}}
		}, want: []FlagID{FlagHTTPSUnavailable}, evidence: "https://acme-widgets.com/ -> network_error"},
		{name: "HTTPS without redirect from HTTP", mutate: func(in *ruleInput) {
			in.site.HTTPRedirectsToHTTPS = &no
			in.site.Attempts = []Attempt{{URL: "https://acme-widgets.com/", Outcome: "ok"}, {URL: "http://acme-widgets.com/", Outcome: "ok", FinalURL: "http://acme-widgets.com/"}}
		}, want: []FlagID{FlagNoHTTPSRedirect}, evidence: "(final http://acme-widgets.com/)"},
		{name: "HTTP fetch failed: redirect unknown, not flagged", mutate: func(in *ruleInput) { in.site.HTTPRedirectsToHTTPS = nil }},
		{name: "HSTS missing", mutate: func(in *ruleInput) { in.site.SecurityHeaders.HSTS = HSTS{} },
			want: []FlagID{FlagHSTSMissing}, evidence: "no Strict-Transport-Security header on https://acme-widgets.com/"},
		{name: "HSTS invalid", mutate: func(in *ruleInput) { in.site.SecurityHeaders.HSTS = HSTS{Invalid: "hsts: max-age has no value"} },
			want: []FlagID{FlagHSTSMissing}, evidence: "invalid Strict-Transport-Security header"},
		{name: "certificate expiring in 10 days", mutate: func(in *ruleInput) {
			na := checkedAt.Add(10 * 24 * time.Hour)
			in.site.TLS.NotAfter = &na
		}, want: []FlagID{FlagTLSCertificateExpiring}, evidence: "not_after 2026-12-02T09:30:00Z"},
		{name: "old WordPress", mutate: func(in *ruleInput) { in.hints = []TechnologyHint{hint("WordPress", webtech.CMS, "6.4.3", 0.95)} },
			want: []FlagID{FlagOutdatedCMS}, evidence: "WordPress 6.4.3 detected; minimum 6.5 (as of 2026-11-01)"},
		{name: "current WordPress", mutate: func(in *ruleInput) { in.hints = []TechnologyHint{hint("WordPress", webtech.CMS, "6.10", 0.95)} }},
		{name: "WordPress without version", mutate: func(in *ruleInput) { in.hints = []TechnologyHint{hint("WordPress", webtech.CMS, "", 0.95)} }},
		{name: "Drupal 7", mutate: func(in *ruleInput) { in.hints = []TechnologyHint{hint("Drupal", webtech.CMS, "7", 0.95)} },
			want: []FlagID{FlagOutdatedCMS}, evidence: "Drupal 7 detected; minimum 10.4"},
		{name: "Joomla 4.4", mutate: func(in *ruleInput) { in.hints = []TechnologyHint{hint("Joomla", webtech.CMS, "4.4.9", 0.95)} },
			want: []FlagID{FlagOutdatedCMS}},
		{name: "old version of a CMS outside the table", mutate: func(in *ruleInput) { in.hints = []TechnologyHint{hint("Ghost", webtech.CMS, "1.0", 0.95)} }},
		{name: "marketing automation in use", mutate: func(in *ruleInput) {
			in.hints = []TechnologyHint{hint("Marketo", webtech.MarketingAutomation, "", 0.95), hint("HubSpot", webtech.MarketingAutomation, "", 0.9)}
		}, want: []FlagID{FlagCompetitorMarketingAutom}, evidence: "Marketo: meta"},
		{name: "weak marketing hint is ignored", mutate: func(in *ruleInput) {
			in.hints = []TechnologyHint{hint("HubSpot", webtech.MarketingAutomation, "", 0.79)}
		}},
		{name: "gateway hint", mutate: func(in *ruleInput) {
			in.hints = []TechnologyHint{hint("Proofpoint", webtech.EmailSecurityGateway, "", 0.95)}
		}, want: []FlagID{FlagCompetitorEmailSecurity}},
		{name: "priorities order the flags", mutate: func(in *ruleInput) {
			in.site.SecurityHeaders.HSTS = HSTS{}
			in.audit.DKIM = audit.DKIMResult{Status: dkim.StatusNotFound, Selector: "s1", Findings: reported(finding.DKIMNotFoundAmongTried, finding.Info)}
			spfLinted(t, in, "v=spf1 +all", true)
		}, want: []FlagID{FlagSPFPermissiveAll, FlagDKIMNotFound, FlagHSTSMissing}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := cleanInput()
			tc.mutate(in)
			got := evaluate(in)
			var ids []FlagID
			for _, f := range got {
				ids = append(ids, f.ID)
				if f.Rule == "" || f.Title == "" || f.Detail == "" || len(f.Evidence) == 0 || f.Priority.rank() > 2 {
					t.Errorf("flag %s incomplete: %+v", f.ID, f)
				}
			}
			if !slices.Equal(ids, tc.want) {
				t.Fatalf("flags %v, want %v", ids, tc.want)
			}
			if tc.evidence != "" && !strings.Contains(strings.Join(got[0].Evidence, "\n"), tc.evidence) {
				t.Errorf("evidence %q lacks %q", got[0].Evidence, tc.evidence)
			}
		})
	}
}

func TestRuleTableIsConsistent(t *testing.T) {
	seen := map[FlagID]bool{}
	for _, r := range rules() {
		if seen[r.id] || r.title == "" || r.condition == "" || r.eval == nil || r.priority.rank() > 2 {
			t.Errorf("rule %q duplicated or incomplete", r.id)
		}
		seen[r.id] = true
	}
	for _, m := range CMSMinimums() {
		if _, err := time.Parse(time.DateOnly, m.AsOf); err != nil || m.Why == "" || compareVersions(m.Minimum, "1") <= 0 {
			t.Errorf("CMS minimum %+v is incomplete", m)
		}
		found := false
		for _, tech := range webtech.Technologies() {
			found = found || tech.Name == m.Name
		}
		if !found {
			t.Errorf("CMS minimum %s names no webtech technology", m.Name)
		}
	}
}

func TestCompareVersions(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want int
	}{
		{"equal", "6.5", "6.5", 0},
		{"missing component is zero", "6.5", "6.5.0", 0},
		{"patch above", "6.5.1", "6.5", 1},
		{"numeric not lexical", "6.10", "6.9", 1},
		{"major below", "5.8.3", "6.5", -1},
		{"single number", "7", "10.4", -1},
		{"garbage counts as zero", "x.1", "0.1", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := compareVersions(tc.a, tc.b); got != tc.want {
				t.Errorf("compareVersions(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

func TestParkingEvidence(t *testing.T) {
	mk := func(final, contentType, body string) *fetch.Page {
		return &fetch.Page{Source: source.Source{URL: "https://old-brand.net/", FinalURL: final}, ContentType: contentType, Body: []byte(body), Header: http.Header{}}
	}
	tests := []struct {
		name string
		page *fetch.Page
		want []string
	}{
		{"no page", nil, nil},
		{"business page", mk("", "text/html", "<h1>We sell domains management software</h1>"), nil},
		{"for-sale text in any case", mk("", "text/html", "<h1>This Domain Is For Sale</h1>"), []string{`page contains "this domain is for sale"`}},
		{"parking network attribute", mk("", "text/html", `<body data-adblockkey="MFww">`), []string{`page contains "data-adblockkey"`}},
		{"redirect to a parking host", mk("https://www.sedoparking.com/old-brand.net", "text/html", "<p>hi</p>"), []string{"page ends on parking host www.sedoparking.com"}},
		{"markers in a non-text body are not read", mk("", "application/pdf", "buy this domain"), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := parkingEvidence(tc.page); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSiteURL(t *testing.T) {
	tests := []struct {
		name        string
		https, http uint16
		scheme      string
		want        string
	}{
		{"default https", 443, 80, "https", "https://acme.com/"},
		{"default http", 443, 80, "http", "http://acme.com/"},
		{"fixture https port", 8443, 8080, "https", "https://acme.com:8443/"},
		{"fixture http port", 8443, 8080, "http", "http://acme.com:8080/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Profiler{httpsPort: tc.https, httpPort: tc.http}
			if got := p.siteURL(tc.scheme, "acme.com"); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// reported is the one finding the dns-audit reports with a section's
// status (its verdict), e.g. dmarc.missing with status missing.
func reported(id finding.ID, sev finding.Severity) []finding.Finding {
	return []finding.Finding{{ID: id, Severity: sev, Title: string(id)}}
}

// lintOf is spf.Lint of raw, as the SPF evaluation reports it for the
// domain's own record (root) or an included one.
func lintOf(t *testing.T, raw string, root bool) []finding.Finding {
	t.Helper()
	rec, err := spf.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return spf.Lint(rec, raw, root)
}

// spfLinted makes raw the domain's SPF record with its findings.
func spfLinted(t *testing.T, in *ruleInput, raw string, root bool) {
	t.Helper()
	in.audit.SPF.Record = raw
	in.audit.SPF.Errors = lintOf(t, raw, root)
}
