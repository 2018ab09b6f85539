package spf

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
)

// Size limits from RFC 7208 §3.3 and §3.4.
const (
	maxStringLen      = 255 // one TXT character-string
	recommendedMaxLen = 450 // keeps the whole answer comfortably in 512 bytes
	udpMaxLen         = 512 // classic DNS UDP payload
)

// CheckSize reports size problems of one SPF record published as the given
// TXT character-strings (RFC 7208 §3.3, §3.4).
func CheckSize(chunks []string) []finding.Finding {
	var out []finding.Finding
	total := 0
	for i, c := range chunks {
		total += len(c)
		if len(c) > maxStringLen {
			out = append(out, finding.Finding{
				ID: finding.SPFStringTooLong, Severity: finding.High, RFC: "RFC 7208 §3.3",
				Title:    "SPF TXT string longer than 255 octets",
				Detail:   fmt.Sprintf("string %d is %d octets; split the record into strings of at most 255 octets", i+1, len(c)),
				Evidence: c,
			})
		}
	}
	switch {
	case total > udpMaxLen:
		out = append(out, finding.Finding{
			ID: finding.SPFRecordTooLarge, Severity: finding.Medium, RFC: "RFC 7208 §3.4",
			Title:  "SPF record exceeds 512 octets",
			Detail: fmt.Sprintf("the record is %d octets; answers this large may need TCP and some receivers fail them", total),
			Fix:    "Shorten the record, e.g. replace ip4 lists by an include of a dedicated sub-record.",
		})
	case total > recommendedMaxLen:
		out = append(out, finding.Finding{
			ID: finding.SPFRecordLarge, Severity: finding.Low, RFC: "RFC 7208 §3.4",
			Title:  "SPF record exceeds 450 octets",
			Detail: fmt.Sprintf("the record is %d octets; keep it under 450 so the whole DNS answer fits in 512 octets", total),
		})
	}
	return out
}

// Lint reports policy problems of one parsed record. root says whether the
// record is the domain's own record (include targets are linted with
// root=false: their "all" does not end the caller's evaluation).
func Lint(rec Record, raw string, root bool) []finding.Finding {
	var out []finding.Finding
	add := func(f finding.Finding) {
		f.Evidence = raw
		out = append(out, f)
	}
	all, hasAll := rec.All()
	switch {
	case hasAll && all.Qualifier == QualPass && root:
		add(finding.Finding{ID: finding.SPFPassAll, Severity: finding.Critical, RFC: "RFC 7208 §5.1",
			Title:  "SPF record ends with +all",
			Detail: "+all authorises every host on the internet to send mail for this domain.",
		})
	case hasAll && all.Qualifier == QualPass:
		add(finding.Finding{ID: finding.SPFIncludePassAll, Severity: finding.Critical, RFC: "RFC 7208 §5.2",
			Title:  "an included SPF record ends with +all",
			Detail: "the include matches every sender, so it authorises the whole internet.",
		})
	case hasAll && all.Qualifier == QualNeutral && root:
		add(finding.Finding{ID: finding.SPFNeutralAll, Severity: finding.High, RFC: "RFC 7208 §8.2",
			Title:  "SPF record ends with ?all",
			Detail: "?all gives a neutral result for unauthorised senders, which receivers treat like no SPF.",
		})
	case hasAll && all.Qualifier == QualSoftFail && root:
		add(finding.Finding{ID: finding.SPFSoftfailAll, Severity: finding.Info, RFC: "RFC 7208 §8.5",
			Title:  "SPF record ends with ~all",
			Detail: "~all is common while DMARC enforces; -all is stricter once all senders are listed.",
		})
	case !hasAll && !rec.RedirectEffective() && root:
		add(finding.Finding{ID: finding.SPFNoAll, Severity: finding.Medium, RFC: "RFC 7208 §4.7",
			Title:  "SPF record has no all mechanism and no redirect",
			Detail: "when nothing matches the result is neutral, so unauthorised senders are not rejected.",
		})
	}
	for _, m := range rec.Mechanisms {
		if m.Kind == KindPTR {
			add(finding.Finding{ID: finding.SPFPTRUsed, Severity: finding.Low, RFC: "RFC 7208 §5.5",
				Title:  "SPF record uses the ptr mechanism",
				Detail: "ptr SHOULD NOT be published: it is slow, unreliable and may be ignored by receivers.",
			})
			break
		}
	}
	if len(rec.AfterAll) > 0 {
		terms := make([]string, len(rec.AfterAll))
		for i, m := range rec.AfterAll {
			terms[i] = m.Raw
		}
		add(finding.Finding{ID: finding.SPFTermsAfterAll, Severity: finding.Low, RFC: "RFC 7208 §5.1",
			Title:  "mechanisms after all are ignored",
			Detail: "never evaluated: " + strings.Join(terms, " "),
		})
	}
	if hasAll && rec.Redirect != "" {
		add(finding.Finding{ID: finding.SPFRedirectIgnored, Severity: finding.Low, RFC: "RFC 7208 §6.1",
			Title:  "redirect is ignored because the record has an all mechanism",
			Detail: "redirect=" + rec.Redirect + " is never followed.",
		})
	}
	for _, u := range rec.Unknown {
		add(finding.Finding{ID: finding.SPFUnknownModifier, Severity: finding.Info, RFC: "RFC 7208 §6",
			Title:  "unknown SPF modifier is ignored",
			Detail: u.Name + "=" + u.Value,
		})
	}
	return out
}
