package audit

import (
	"fmt"
	"strings"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/domain-qual/internal/dane"
	"github.com/intel402/intel402/services/domain-qual/internal/dkim"
	"github.com/intel402/intel402/services/domain-qual/internal/dmarc"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mailpolicy"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

// assessment turns the section results into audit-level findings, unknown
// checks, recommendations and the score. It only reads DNS answers already
// collected.
type assessment struct {
	domain   string
	name     domainname.Name
	res      *Result
	apexTXT  resolver.Answer
	disc     dmarc.Discovery
	provider mxprovider.Result
	scored   []scoredFinding
}

type scoredFinding struct {
	check CheckName
	f     finding.Finding
}

func (a *assessment) unknown(c CheckName, reason string) {
	a.res.UnknownChecks = append(a.res.UnknownChecks, UnknownCheck{Check: c, Reason: reason})
}

func (a *assessment) add(c CheckName, fs ...finding.Finding) {
	for _, f := range fs {
		a.scored = append(a.scored, scoredFinding{check: c, f: f})
	}
}

func (a *assessment) assess() {
	r := a.res
	r.UnknownChecks = []UnknownCheck{}
	receivesMail := r.MX.Status == MXFound || r.MX.Status == MXImplicit
	noMail := r.MX.Status == MXNull || r.MX.Status == MXNone

	// MX
	if r.MX.Status == MXUnknown {
		a.unknown(CheckMX, r.MX.Reason)
	}
	a.add(CheckMX, r.MX.Findings...)
	a.add(CheckMX, r.MXIPv6.Findings...)

	// SPF
	switch r.SPF.Status {
	case spf.StatusUnknown:
		a.unknown(CheckSPF, r.SPF.Tree.Error)
	case spf.StatusMissing:
		f := finding.Finding{ID: finding.SPFMissing, Severity: finding.High, RFC: "RFC 7208 §4.5",
			Title:  "no SPF record",
			Detail: "without SPF, receivers cannot tell which servers may send mail for " + a.domain + ".",
			Fix:    txtLine(a.domain, a.suggestSPF(noMail))}
		r.SPF.Errors = append(r.SPF.Errors, f)
	default:
		for i, f := range r.SPF.Errors {
			if f.ID == finding.SPFPassAll || f.ID == finding.SPFNeutralAll {
				r.SPF.Errors[i].Fix = txtLine(a.domain, a.suggestSPF(noMail))
			}
		}
		for i, f := range r.SPF.Warnings {
			if f.ID == finding.SPFNoAll || f.ID == finding.SPFSoftfailAll {
				r.SPF.Warnings[i].Fix = txtLine(a.domain, a.suggestSPF(noMail))
			}
		}
		if r.MX.NullMX && spfAuthorises(r.SPF.Parsed) {
			r.SPF.Warnings = append(r.SPF.Warnings, finding.Finding{ID: finding.SPFNullMXAuthorises, Severity: finding.Low, RFC: "RFC 7505 §4.2",
				Title: "null MX domain authorises senders in SPF", Detail: "the domain declares it receives no mail but its SPF record authorises senders; a domain that sends no mail should publish v=spf1 -all.",
				Evidence: r.SPF.Record, Fix: txtLine(a.domain, "v=spf1 -all")})
		}
	}
	a.add(CheckSPF, r.SPF.Errors...)
	a.add(CheckSPF, r.SPF.Warnings...)

	// DMARC
	a.assessDMARC(noMail)
	a.add(CheckDMARC, r.DMARC.Warnings...)

	// DKIM
	switch r.DKIM.Status {
	case dkim.StatusUnknown:
		a.unknown(CheckDKIM, r.DKIM.Reason)
	case dkim.StatusNotFound:
		detail := "selector " + r.DKIM.Selector + " has no DKIM key."
		if len(r.DKIM.TriedSelectors) > 0 {
			detail = "no DKIM key was found among the tried selectors (" + strings.Join(r.DKIM.TriedSelectors, ", ") + "). DKIM may still be configured under another selector."
		}
		r.DKIM.Findings = append(r.DKIM.Findings, finding.Finding{ID: finding.DKIMNotFoundAmongTried, Severity: finding.Info, RFC: "RFC 6376 §3.6.2.1",
			Title: "DKIM key not found among tried selectors", Detail: detail, Fix: "Pass the selector from a DKIM-Signature header (s=) to confirm."})
	}
	a.add(CheckDKIM, r.DKIM.Findings...)

	// MTA-STS, TLS-RPT, BIMI
	switch r.MTASTS.Status {
	case mailpolicy.StatusUnknown:
		a.unknown(CheckMTASTS, r.MTASTS.Reason)
	case mailpolicy.StatusMissing:
		if receivesMail {
			r.MTASTS.Findings = append(r.MTASTS.Findings, finding.Finding{ID: finding.MTASTSMissing, Severity: finding.Low, RFC: "RFC 8461",
				Title: "no MTA-STS policy", Detail: "senders may deliver over unauthenticated or downgraded TLS.", Fix: a.suggestMTASTS()})
		}
	}
	a.add(CheckMTASTS, r.MTASTS.Findings...)
	switch r.TLSRPT.Status {
	case mailpolicy.StatusUnknown:
		a.unknown(CheckTLSRPT, r.TLSRPT.Reason)
	case mailpolicy.StatusMissing:
		if receivesMail {
			r.TLSRPT.Findings = append(r.TLSRPT.Findings, finding.Finding{ID: finding.TLSRPTMissing, Severity: finding.Info, RFC: "RFC 8460",
				Title: "no SMTP TLS reporting", Detail: "senders cannot report TLS delivery failures to the domain.",
				Fix: txtLine("_smtp._tls."+a.domain, "v=TLSRPTv1; rua=mailto:tls-reports@"+a.domain)})
		}
	}
	a.add(CheckTLSRPT, r.TLSRPT.Findings...)
	switch r.BIMI.Status {
	case mailpolicy.StatusUnknown:
		a.unknown(CheckBIMI, r.BIMI.Reason)
	case mailpolicy.StatusFound:
		if r.BIMI.Parsed != nil && !r.BIMI.Parsed.Declined && r.DMARC.Status != dmarc.StatusUnknown && r.DMARC.Enforcement != dmarc.EnforcementFull {
			r.BIMI.Findings = append(r.BIMI.Findings, finding.Finding{ID: finding.BIMIRequiresEnforcement, Severity: finding.Low, RFC: "draft-brand-indicators-for-message-identification §4.2",
				Title: "BIMI needs an enforced DMARC policy", Detail: "mailbox providers only show the logo when DMARC is quarantine or reject at 100%.", Evidence: r.BIMI.Record})
		}
	}
	a.add(CheckBIMI, r.BIMI.Findings...)

	// DNSSEC
	switch r.DNSSEC.Status {
	case dnssec.StatusUnknown:
		a.unknown(CheckDNSSEC, r.DNSSEC.Detail)
	case dnssec.StatusUnsigned:
		a.add(CheckDNSSEC, finding.Finding{ID: finding.DNSSECUnsigned, Severity: finding.Low, RFC: "RFC 4033 §3.1; RFC 9364",
			Title:    "the zone is not DNSSEC-signed",
			Detail:   "answers for " + r.DNSSEC.Zone + " carry no verifiable signatures, so the MX, SPF, DMARC and MTA-STS records can be spoofed on the path to receivers (and DANE cannot be used).",
			Evidence: r.DNSSEC.Detail,
			Fix:      "Enable DNSSEC signing at the DNS host of " + r.DNSSEC.Zone + ", then publish the DS record it gives at the registrar."})
	case dnssec.StatusBogus:
		a.add(CheckDNSSEC, finding.Finding{ID: finding.DNSSECBogus, Severity: finding.High, RFC: "RFC 4035 §5.5",
			Title:    "DNSSEC validation fails (bogus)",
			Detail:   "validating resolvers reject the answers of " + r.DNSSEC.Zone + " and answer SERVFAIL, so mail to the domain and its SPF, DKIM and DMARC lookups fail for their users.",
			Evidence: r.DNSSEC.Detail,
			Fix:      "Re-sign the zone at the DNS host (renew expired signatures) and make the DS record at the registrar match the zone's current key-signing key; remove the DS if the zone is no longer signed."})
	}

	// DANE
	if r.DANE.Status == dane.StatusUnknown && r.MX.Status != MXUnknown {
		a.unknown(CheckDANE, r.DANE.Reason)
	}
	transport, mismatch := starttlsFindings(r.STARTTLS)
	r.DANE.Findings = append(r.DANE.Findings, daneFindings(r.DANE, r.DNSSEC.Zone, r.DNSSEC.Status == dnssec.StatusBogus)...)
	r.DANE.Findings = append(r.DANE.Findings, mismatch...)
	a.add(CheckDANE, r.DANE.Findings...)

	// STARTTLS (only when probed)
	if r.STARTTLS.Status == STARTTLSUnknown && r.MX.Status != MXUnknown {
		a.unknown(CheckSTARTTLS, r.STARTTLS.Reason)
	}
	r.STARTTLS.Findings = append(r.STARTTLS.Findings, transport...)
	a.add(CheckSTARTTLS, r.STARTTLS.Findings...)

	r.Recommendations = make([]finding.Finding, 0, len(a.scored))
	for _, s := range a.scored {
		r.Recommendations = append(r.Recommendations, s.f)
	}
	sortFindings(r.Recommendations)
	r.RiskScore, r.ScoreBreakdown = score(a.scored)
	r.RiskLevel = riskLevel(r.RiskScore)
}

func (a *assessment) assessDMARC(noMail bool) {
	r := a.res
	d := &r.DMARC
	switch d.Status {
	case dmarc.StatusUnknown:
		a.unknown(CheckDMARC, d.Reason)
	case dmarc.StatusMissing:
		rec := "v=DMARC1; p=none; rua=mailto:dmarc-reports@" + a.domain
		if noMail {
			rec = "v=DMARC1; p=reject"
		}
		d.Warnings = append(d.Warnings, finding.Finding{ID: finding.DMARCMissing, Severity: finding.Critical, RFC: "RFC 9989 §4",
			Title:  "no DMARC record",
			Detail: "anyone can send mail that appears to come from " + a.domain + "; receivers have no policy to apply. Start with p=none and reports, then move to quarantine and reject.",
			Fix:    txtLine("_dmarc."+a.domain, rec)})
	case dmarc.StatusFound:
		p := a.disc.Parsed
		switch {
		case d.EffectivePolicy == dmarc.PolicyNone && d.Enforcement == dmarc.EnforcementNone:
			d.Warnings = append(d.Warnings, finding.Finding{ID: finding.DMARCPolicyNone, Severity: finding.High, RFC: "RFC 9989 §4.7",
				Title: "DMARC policy is p=none (monitoring only)", Detail: "failing mail is still delivered; move to quarantine once reports show all senders pass.",
				Evidence: d.Record, Fix: txtLine(d.Label, withPolicy(p, "quarantine", a.domain))})
		case d.Enforcement == dmarc.EnforcementPartial:
			d.Warnings = append(d.Warnings, finding.Finding{ID: finding.DMARCPartialEnforcement, Severity: finding.Medium, RFC: "RFC 9989 §4.7",
				Title: "DMARC policy is only partially enforced", Detail: "pct<100 or t=y lowers the applied policy to " + string(d.EffectivePolicy) + ".",
				Evidence: d.Record, Fix: txtLine(d.Label, withoutTesting(p))})
		}
		if _, explicit := p.Tags.Get("sp"); explicit && p.SubdomainPolicy == dmarc.PolicyNone && p.Policy != dmarc.PolicyNone {
			d.Warnings = append(d.Warnings, finding.Finding{ID: finding.DMARCSubdomainNone, Severity: finding.Medium, RFC: "RFC 9989 §4.7",
				Title: "subdomains are not protected (sp=none)", Detail: "spoofed mail from any subdomain is delivered.", Evidence: d.Record})
		}
		if len(p.RUA) == 0 {
			d.Warnings = append(d.Warnings, finding.Finding{ID: finding.DMARCNoRUA, Severity: finding.Low, RFC: "RFC 9990",
				Title: "no aggregate report address (rua)", Detail: "without reports you cannot see who sends mail as " + a.domain + ".", Evidence: d.Record})
		}
		for _, dest := range append(append([]dmarc.Destination{}, d.RUA...), d.RUF...) {
			if dest.Verification == dmarc.VerifyUnverified {
				d.Warnings = append(d.Warnings, finding.Finding{ID: finding.DMARCUnverifiedDestination, Severity: finding.Low, RFC: "RFC 7489 §7.1",
					Title:    "external report destination has not authorised the domain",
					Detail:   fmt.Sprintf("%s must publish v=DMARC1 at %s._report._dmarc.%s, or receivers will not send reports there.", dest.Domain, a.disc.Domain, dest.Domain),
					Evidence: dest.URI,
					Fix:      txtLine(a.disc.Domain+"._report._dmarc."+dest.Domain, "v=DMARC1")})
			}
		}
	}
	for _, rr := range a.apexTXT.Records {
		if t, ok := rr.(*dns.TXT); ok && dmarc.IsDMARC(strings.Join(t.Txt, "")) {
			d.Warnings = append(d.Warnings, finding.Finding{ID: finding.DMARCApexRecord, Severity: finding.Low, RFC: "RFC 9989 §4.6",
				Title: "DMARC record published at the domain apex has no effect", Detail: "DMARC records are only read at _dmarc." + a.domain + ".",
				Evidence: strings.Join(t.Txt, "")})
		}
	}
}

// spfAuthorises reports whether a record authorises any sender (anything
// besides "-all"/"~all").
func spfAuthorises(rec *spf.Record) bool {
	if rec == nil {
		return false
	}
	for _, m := range rec.Mechanisms {
		if m.Kind != spf.KindAll || m.Qualifier == spf.QualPass || m.Qualifier == spf.QualNeutral {
			return true
		}
	}
	return rec.RedirectEffective()
}

// providerIncludes maps mailbox providers (mxprovider IDs) to their
// documented SPF include.
func providerIncludes() map[string]string {
	return map[string]string{
		"google_workspace": "_spf.google.com",
		"microsoft_365":    "spf.protection.outlook.com",
		"zoho":             "zoho.com",
		"proton":           "_spf.protonmail.ch",
		"fastmail":         "spf.messagingengine.com",
	}
}

// suggestSPF derives an SPF record ending in -all: the current record's
// mechanisms with its "all" replaced, or, when there is none, the domain's
// own MX plus the includes of its detected providers.
func (a *assessment) suggestSPF(noMail bool) string {
	if a.res.SPF.Parsed != nil {
		terms := []string{"v=spf1"}
		for _, m := range a.res.SPF.Parsed.Mechanisms {
			if m.Kind != spf.KindAll {
				terms = append(terms, m.Raw)
			}
		}
		if exp := a.res.SPF.Parsed.Exp; exp != "" {
			terms = append(terms, "exp="+exp)
		}
		return strings.Join(append(terms, "-all"), " ")
	}
	if noMail {
		return "v=spf1 -all"
	}
	terms := []string{"v=spf1"}
	seen := map[string]bool{}
	addInclude := func(inc string) {
		if inc != "" && !seen[inc] {
			seen[inc] = true
			terms = append(terms, "include:"+inc)
		}
	}
	incs := providerIncludes()
	p := a.provider
	switch {
	case p.Provider.Kind == mxprovider.SelfHosted:
		terms = append(terms, "mx")
	case p.Provider.Kind == mxprovider.MailboxProvider:
		addInclude(incs[p.Provider.ID])
	}
	if p.MailboxProvider != nil {
		addInclude(incs[p.MailboxProvider.ID])
	}
	if len(terms) == 1 {
		terms = append(terms, "mx")
	}
	return strings.Join(append(terms, "-all"), " ")
}

// suggestMTASTS derives the MTA-STS TXT record and a testing-mode policy
// file covering the current MX hosts.
func (a *assessment) suggestMTASTS() string {
	id := strings.NewReplacer("-", "", ":", "", "T", "", "Z", "").Replace(a.res.CheckedAt)
	var b strings.Builder
	b.WriteString(txtLine("_mta-sts."+a.domain, "v=STSv1; id="+id))
	b.WriteString("\nand serve https://mta-sts." + a.domain + "/.well-known/mta-sts.txt:\nversion: STSv1\nmode: testing\n")
	for _, h := range a.res.MX.hosts() {
		b.WriteString("mx: " + h + "\n")
	}
	b.WriteString("max_age: 604800")
	return b.String()
}

// withPolicy rebuilds a DMARC record with p set to policy and an rua added
// when missing.
func withPolicy(rec *dmarc.Record, policy, domain string) string {
	parts := []string{"v=DMARC1", "p=" + policy}
	hasRUA := false
	for _, t := range rec.Tags[1:] {
		switch strings.ToLower(t.Name) {
		case "p":
			continue
		case "rua":
			hasRUA = true
		}
		parts = append(parts, t.Name+"="+t.Value)
	}
	if !hasRUA {
		parts = append(parts, "rua=mailto:dmarc-reports@"+domain)
	}
	return strings.Join(parts, "; ")
}

// withoutTesting rebuilds a DMARC record without pct and t.
func withoutTesting(rec *dmarc.Record) string {
	var parts []string
	for _, t := range rec.Tags {
		switch strings.ToLower(t.Name) {
		case "pct", "t":
			continue
		}
		parts = append(parts, t.Name+"="+t.Value)
	}
	return strings.Join(parts, "; ")
}

// txtLine renders a ready-to-publish zone-file TXT line.
func txtLine(owner, text string) string {
	return fmt.Sprintf("%s. IN TXT %q", strings.TrimSuffix(owner, "."), text)
}
