package profile

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/webtech"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

// Flag IDs. The package documentation states each rule's condition.
const (
	FlagDMARCNotEnforced         FlagID = "dmarc_not_enforced"
	FlagSPFMissing               FlagID = "spf_missing"
	FlagSPFTooManyLookups        FlagID = "spf_too_many_lookups"
	FlagSPFPermissiveAll         FlagID = "spf_permissive_all"
	FlagDKIMNotFound             FlagID = "dkim_not_found"
	FlagNoEmailSecurityGateway   FlagID = "no_email_security_gateway"
	FlagSTARTTLSNotOffered       FlagID = "starttls_not_offered"
	FlagDANEBroken               FlagID = "dane_broken"
	FlagMXCertificateProblem     FlagID = "mx_certificate_problem"
	FlagSiteUnreachable          FlagID = "site_unreachable"
	FlagParkedDomain             FlagID = "parked_domain"
	FlagHTTPSUnavailable         FlagID = "https_unavailable"
	FlagNoHTTPSRedirect          FlagID = "no_https_redirect"
	FlagHSTSMissing              FlagID = "hsts_missing"
	FlagTLSCertificateExpiring   FlagID = "tls_certificate_expiring"
	FlagOutdatedCMS              FlagID = "outdated_cms"
	FlagCompetitorEmailSecurity  FlagID = "competitor_email_security_gateway"
	FlagCompetitorMarketingAutom FlagID = "competitor_marketing_automation"
)

// Thresholds used by the rules.
const (
	// CompetitorMinConfidence is the technology-hint confidence from which a
	// competitor's product counts as in use.
	CompetitorMinConfidence = 0.8
	// CertificateExpiryWindow is how close to expiry a certificate is flagged.
	CertificateExpiryWindow = 30 * 24 * time.Hour
)

// CMSMinimum is the oldest version of a CMS that is not flagged as outdated.
type CMSMinimum struct {
	// Name is the technology name as webtech reports it.
	Name string
	// Minimum is the lowest version not flagged (dotted numbers).
	Minimum string
	// AsOf is the date the minimum was last reviewed (YYYY-MM-DD).
	AsOf string
	// Why explains the choice.
	Why string
}

// CMSMinimums is the outdated-CMS table. A generator version below Minimum
// raises outdated_cms. The minimums are our own triage thresholds: the
// oldest release line still maintained by the project, or for WordPress
// (which only supports the latest release officially) roughly two years
// of releases behind the current one.
func CMSMinimums() []CMSMinimum {
	return []CMSMinimum{
		{Name: "WordPress", Minimum: "6.5", AsOf: "2026-11-01",
			Why: "only the latest WordPress release is supported; releases before 6.5 (April 2024) are more than two years old"},
		{Name: "Drupal", Minimum: "10.4", AsOf: "2026-11-01",
			Why: "Drupal 7 reached end of life in January 2025 and Drupal 9 in November 2023; 10.4 is the oldest 10.x minor kept secure"},
		{Name: "Joomla", Minimum: "5.0", AsOf: "2026-11-01",
			Why: "Joomla 3 reached end of life in August 2023 and Joomla 4 in October 2025"},
	}
}

// competitorCategory is one technology category whose presence means a
// competitor's product is in use.
type competitorCategory struct {
	id       FlagID
	category webtech.Category
	title    string
}

// competitorCategories lists the categories treated as competitors' products.
func competitorCategories() []competitorCategory {
	return []competitorCategory{
		{FlagCompetitorEmailSecurity, webtech.EmailSecurityGateway, "an email security gateway is already in use"},
		{FlagCompetitorMarketingAutom, webtech.MarketingAutomation, "a marketing automation product is already in use"},
	}
}

// ruleInput is everything the rules look at.
type ruleInput struct {
	domain    string
	checkedAt time.Time
	audit     *audit.Result
	site      *Website
	hints     []TechnologyHint
	provider  mxprovider.Result
	parked    []string // parking markers found on the page
}

// rule is one row of the opportunity table.
type rule struct {
	id        FlagID
	title     string
	priority  Priority
	condition string
	// eval returns the flags the rule raises (usually zero or one).
	eval func(in *ruleInput) []Flag
}

// one builds the single flag of r.
func (r rule) one(detail string, evidence ...string) []Flag {
	return []Flag{{ID: r.id, Title: r.title, Detail: detail, Priority: r.priority, Evidence: evidence, Rule: r.condition}}
}

// rules is the opportunity table, in evaluation order.
func rules() []rule {
	var rs []rule
	add := func(r rule, eval func(r rule, in *ruleInput) []Flag) {
		r.eval = func(in *ruleInput) []Flag { return eval(r, in) }
		rs = append(rs, r)
	}
	add(rule{id: FlagDMARCNotEnforced, title: "DMARC does not stop spoofing", priority: PriorityHigh,
		condition: "dns_audit.dmarc.status is missing or invalid, or its enforcement is none (p=none)"}, ruleDMARC)
	add(rule{id: FlagSPFMissing, title: "no SPF record", priority: PriorityHigh,
		condition: "dns_audit.spf.status is missing"}, func(r rule, in *ruleInput) []Flag {
		if _, ok := finding.Find(in.audit.SPF.Errors, finding.SPFMissing); !ok {
			return nil
		}
		return r.one("receivers cannot tell which servers may send mail for "+in.domain+".", "no v=spf1 TXT record at "+in.domain)
	})
	add(rule{id: FlagSPFTooManyLookups, title: "SPF exceeds the 10-lookup limit", priority: PriorityHigh,
		condition: fmt.Sprintf("dns_audit.spf.lookup_count > %d (RFC 7208 §4.6.4)", spf.MaxLookups)}, func(r rule, in *ruleInput) []Flag {
		s := in.audit.SPF
		if _, ok := finding.Find(s.Errors, finding.SPFTooManyLookups); !ok {
			return nil
		}
		return r.one(fmt.Sprintf("the SPF policy needs %d DNS lookups; receivers treat more than %d as a permanent error, so SPF fails for all mail.", s.LookupCount, spf.MaxLookups),
			fmt.Sprintf("lookup_count=%d", s.LookupCount), "SPF "+s.Record)
	})
	add(rule{id: FlagSPFPermissiveAll, title: "SPF lets any server send", priority: PriorityHigh,
		condition: "dns_audit.spf has a " + string(finding.SPFPassAll) + ", " + string(finding.SPFNeutralAll) + " or " + string(finding.SPFIncludePassAll) +
			" finding: the record ends in +all or ?all, or a record it includes ends in +all (spf.Result.Permissive)"}, func(r rule, in *ruleInput) []Flag {
		s := in.audit.SPF
		f, ok := s.Permissive()
		if !ok {
			return nil
		}
		return r.one(f.Title+": "+f.Detail+" It does not reject unauthorised senders.", "SPF "+f.Evidence)
	})
	add(rule{id: FlagDKIMNotFound, title: "no DKIM key found", priority: PriorityMedium,
		condition: "dns_audit.optional_dkim.status is not_found_among_tried and the domain does not publish a null MX"}, func(r rule, in *ruleInput) []Flag {
		d := in.audit.DKIM
		if _, ok := finding.Find(d.Findings, finding.DKIMNotFoundAmongTried); !ok || in.audit.MX.Status == audit.MXNull {
			return nil
		}
		tried := d.TriedSelectors
		if len(tried) == 0 && d.Selector != "" {
			tried = []string{d.Selector}
		}
		return r.one("no DKIM key was found under the tried selectors; DKIM may be missing or published under another selector.",
			"tried selectors: "+strings.Join(tried, ", "))
	})
	add(rule{id: FlagNoEmailSecurityGateway, title: "no email security gateway in front of the mailbox provider", priority: PriorityMedium,
		condition: "the most preferred MX host is a recognised mailbox provider and no MX host is a security gateway"}, func(r rule, in *ruleInput) []Flag {
		p := in.provider
		if in.audit.MX.Status != audit.MXFound || p.Provider.Kind != mxprovider.MailboxProvider {
			return nil
		}
		for _, h := range p.Hosts {
			if h.Provider.Kind == mxprovider.SecurityGateway {
				return nil
			}
		}
		return r.one("mail goes straight to "+p.Provider.Name+" without a filtering gateway.", p.Evidence...)
	})
	add(rule{id: FlagSTARTTLSNotOffered, title: "mail to the domain can travel in plaintext", priority: PriorityHigh,
		condition: "dns_audit.starttls has a " + string(finding.STARTTLSNotOffered) + " finding: the STARTTLS probe ran and an MX host answered EHLO without STARTTLS"},
		func(r rule, in *ruleInput) []Flag {
			return auditFinding(r, in.audit.STARTTLS.Findings, finding.STARTTLSNotOffered)
		})
	add(rule{id: FlagDANEBroken, title: "DANE makes senders defer mail", priority: PriorityHigh,
		condition: "dns_audit.dane has a " + string(finding.DANEBogus) + " or " + string(finding.DANEMismatch) +
			" finding: the MX hosts' TLSA records fail DNSSEC validation, or the certificate a probed MX host presents matches none of them"},
		func(r rule, in *ruleInput) []Flag {
			return auditFinding(r, in.audit.DANE.Findings, finding.DANEBogus, finding.DANEMismatch)
		})
	add(rule{id: FlagMXCertificateProblem, title: "an MX host's certificate is expired or invalid", priority: PriorityMedium,
		condition: "dns_audit.starttls has a " + string(finding.STARTTLSCertificateExpired) + " or " + string(finding.STARTTLSCertificateInvalid) +
			" finding: the STARTTLS probe ran and a presented certificate has expired or does not verify for the MX host name"},
		func(r rule, in *ruleInput) []Flag {
			return auditFinding(r, in.audit.STARTTLS.Findings, finding.STARTTLSCertificateExpired, finding.STARTTLSCertificateInvalid)
		})
	add(rule{id: FlagSiteUnreachable, title: "website unreachable", priority: PriorityMedium,
		condition: "website_metadata.reachable is false"}, func(r rule, in *ruleInput) []Flag {
		if in.site.Reachable || in.site.Error == nil {
			return nil
		}
		ev := []string{"error " + in.site.Error.Code + ": " + in.site.Error.Message}
		for _, a := range in.site.Attempts {
			ev = append(ev, a.URL+" -> "+a.Outcome)
		}
		return r.one("no URL of the website answered.", ev...)
	})
	add(rule{id: FlagParkedDomain, title: "parked domain", priority: PriorityHigh,
		condition: "the page contains a parking-page marker (see ParkingMarkers) or ends on a parking-service host"}, func(r rule, in *ruleInput) []Flag {
		if len(in.parked) == 0 {
			return nil
		}
		return r.one("the website is a parking or for-sale page, not an operating business site.", in.parked...)
	})
	add(rule{id: FlagHTTPSUnavailable, title: "website not served over HTTPS", priority: PriorityHigh,
		condition: "the site is reachable over HTTP but https_available is false"}, func(r rule, in *ruleInput) []Flag {
		s := in.site
		if !s.Reachable || s.HTTPSAvailable {
			return nil
		}
		return r.one("visitors' traffic is sent unencrypted.", attemptEvidence(s.Attempts, "https://")...)
	})
	add(rule{id: FlagNoHTTPSRedirect, title: "HTTP does not redirect to HTTPS", priority: PriorityMedium,
		condition: "https_available is true and http_redirects_to_https is false"}, func(r rule, in *ruleInput) []Flag {
		s := in.site
		if !s.HTTPSAvailable || s.HTTPRedirectsToHTTPS == nil || *s.HTTPRedirectsToHTTPS {
			return nil
		}
		return r.one("the plain-HTTP site is served without a redirect to HTTPS.", attemptEvidence(s.Attempts, "http://")...)
	})
	add(rule{id: FlagHSTSMissing, title: "HSTS missing", priority: PriorityLow,
		condition: "the page was served over HTTPS without a valid Strict-Transport-Security header"}, func(r rule, in *ruleInput) []Flag {
		s := in.site
		if !s.Reachable || !strings.HasPrefix(s.FinalURL, "https://") || s.SecurityHeaders == nil || s.SecurityHeaders.HSTS.Present {
			return nil
		}
		ev := "no Strict-Transport-Security header on " + s.FinalURL
		if s.SecurityHeaders.HSTS.Invalid != "" {
			ev = "invalid Strict-Transport-Security header on " + s.FinalURL + ": " + s.SecurityHeaders.HSTS.Invalid
		}
		return r.one("browsers may still be downgraded to plain HTTP on later visits.", ev)
	})
	add(rule{id: FlagTLSCertificateExpiring, title: "TLS certificate expires soon", priority: PriorityMedium,
		condition: "the page's certificate expires within 30 days of checked_at"}, func(r rule, in *ruleInput) []Flag {
		t := in.site.TLS
		if t == nil || t.NotAfter == nil || t.NotAfter.Sub(in.checkedAt) > CertificateExpiryWindow {
			return nil
		}
		return r.one("the certificate must be renewed soon or visitors will see errors.",
			"not_after "+t.NotAfter.UTC().Format(time.RFC3339), "issuer "+t.Issuer)
	})
	add(rule{id: FlagOutdatedCMS, title: "outdated CMS version", priority: PriorityHigh,
		condition: "a WordPress, Drupal or Joomla hint carries a version below its CMSMinimums entry"}, ruleOutdatedCMS)
	for _, c := range competitorCategories() {
		add(rule{id: c.id, title: c.title, priority: PriorityLow,
			condition: fmt.Sprintf("a %s technology hint with confidence >= %.1f", c.category, CompetitorMinConfidence)},
			func(r rule, in *ruleInput) []Flag {
				var names, ev []string
				for _, h := range in.hints {
					if h.Category != c.category || h.Confidence < CompetitorMinConfidence {
						continue
					}
					names = append(names, h.Name)
					for _, e := range h.Evidence {
						ev = append(ev, h.Name+": "+string(e.Source)+" "+e.Detail)
					}
				}
				if len(names) == 0 {
					return nil
				}
				return r.one(strings.Join(names, ", ")+" detected.", ev...)
			})
	}
	return rs
}

// ruleDMARC reads the dns-audit's DMARC verdict: no record, an unusable
// one (several records or a record that does not parse) or p=none.
func ruleDMARC(r rule, in *ruleInput) []Flag {
	d := in.audit.DMARC
	f, ok := finding.Find(d.Warnings, finding.DMARCMissing, finding.DMARCMultipleRecords, finding.DMARCInvalidRecord, finding.DMARCPolicyNone)
	switch {
	case !ok:
		return nil
	case f.ID == finding.DMARCMissing:
		return r.one("without a DMARC record anyone can send mail that appears to come from "+in.domain+".",
			"no DMARC record at _dmarc."+in.domain+" or its organisational domain")
	case f.ID == finding.DMARCPolicyNone:
		return r.one("the DMARC policy only monitors (p=none); spoofed mail is still delivered.", d.Label+" TXT "+d.Record)
	}
	ev := "DMARC record invalid"
	if d.Record != "" {
		ev = d.Label + " TXT " + d.Record
	}
	return r.one("the DMARC record is unusable, so receivers apply no policy.", ev)
}

// auditFinding raises r's flag from the most severe of the audit's
// findings fs with one of ids, quoting its title, detail and evidence.
func auditFinding(r rule, fs []finding.Finding, ids ...finding.ID) []Flag {
	f, ok := finding.Find(fs, ids...)
	if !ok {
		return nil
	}
	return r.one(f.Title+": "+f.Detail, string(f.ID)+" "+f.Evidence)
}

func ruleOutdatedCMS(r rule, in *ruleInput) []Flag {
	var out []Flag
	for _, m := range CMSMinimums() {
		for _, h := range in.hints {
			if h.Name != m.Name || h.Version == "" || compareVersions(h.Version, m.Minimum) >= 0 {
				continue
			}
			ev := []string{fmt.Sprintf("%s %s detected; minimum %s (as of %s)", h.Name, h.Version, m.Minimum, m.AsOf)}
			for _, e := range h.Evidence {
				ev = append(ev, string(e.Source)+": "+e.Detail)
			}
			out = append(out, r.one(fmt.Sprintf("%s %s is older than %s: %s.", h.Name, h.Version, m.Minimum, m.Why), ev...)...)
		}
	}
	return out
}

func attemptEvidence(as []Attempt, prefix string) []string {
	var out []string
	for _, a := range as {
		if !strings.HasPrefix(a.URL, prefix) {
			continue
		}
		s := a.URL + " -> " + a.Outcome
		if a.FinalURL != "" {
			s += " (final " + a.FinalURL + ")"
		}
		out = append(out, s)
	}
	return out
}

// compareVersions compares dotted numeric versions ("6.4.2" < "6.10");
// missing components count as 0 and non-numeric parts compare as 0.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range max(len(pa), len(pb)) {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// evaluate runs the table and orders the flags by priority, keeping table
// order within a priority.
func evaluate(in *ruleInput) []Flag {
	out := []Flag{}
	for _, r := range rules() {
		for _, f := range r.eval(in) {
			if f.Evidence == nil {
				f.Evidence = []string{}
			}
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b Flag) int { return a.Priority.rank() - b.Priority.rank() })
	return out
}
