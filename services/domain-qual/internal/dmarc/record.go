// Package dmarc parses and validates DMARC policy records under both RFC 7489
// and RFC 9989 (DMARCbis), discovers a domain's policy (exact name, then the
// RFC 9989 DNS tree walk) and verifies external report destinations
// (RFC 7489 §7.1, RFC 9990 §3).
//
// Parsing and validation are pure; Discover and VerifyDestinations query DNS
// through the consumer-owned Resolver interface.
package dmarc

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/taglist"
)

// Policy is a DMARC requested policy.
type Policy string

// Policies, weakest first.
const (
	PolicyNone       Policy = "none"
	PolicyQuarantine Policy = "quarantine"
	PolicyReject     Policy = "reject"
)

// lower returns the next weaker policy.
func (p Policy) lower() Policy {
	switch p {
	case PolicyReject:
		return PolicyQuarantine
	case PolicyQuarantine:
		return PolicyNone
	}
	return p
}

func parsePolicy(s string) (Policy, bool) {
	switch p := Policy(strings.ToLower(s)); p {
	case PolicyNone, PolicyQuarantine, PolicyReject:
		return p, true
	}
	return "", false
}

// ReportURI is one rua/ruf destination.
type ReportURI struct {
	// URI is the destination as written, without the size suffix.
	URI string `json:"uri"`
	// Scheme is the lower-case URI scheme ("mailto").
	Scheme string `json:"scheme"`
	// Address is the mailbox of a mailto URI.
	Address string `json:"address,omitempty"`
	// Domain is the lower-case domain of the mailbox (or URI host).
	Domain string `json:"domain,omitempty"`
	// MaxSize is the obsolete "!size" suffix, e.g. "10m" ("" when absent).
	MaxSize string `json:"max_size,omitempty"`
}

// Record is a parsed DMARC record with defaults applied.
type Record struct {
	// Tags are the record's tags in order.
	Tags taglist.List
	// Policy is p (none when missing under RFC 9989).
	Policy Policy
	// PolicyExplicit says whether p was present and valid.
	PolicyExplicit bool
	// SubdomainPolicy is sp, defaulting to Policy.
	SubdomainPolicy Policy
	// NonExistentPolicy is np, defaulting to sp, else p (RFC 9989).
	NonExistentPolicy Policy
	// ADKIM and ASPF are the alignment modes "r" or "s" (default "r").
	ADKIM, ASPF string
	// FO are the failure-reporting options (default ["0"]).
	FO []string
	// Pct is pct (default 100; removed in RFC 9989).
	Pct int
	// Testing is t=y (RFC 9989), or pct<100 under RFC 7489.
	Testing bool
	// PSD is the psd tag: "y", "n" or "u" (default "u").
	PSD string
	// RUA and RUF are the report destinations.
	RUA, RUF []ReportURI
}

// ErrNotDMARC is returned when the text does not start with v=DMARC1.
var ErrNotDMARC = errors.New("dmarc: record does not start with v=DMARC1")

// IsDMARC reports whether a TXT string looks like a DMARC record (starts with
// "v=DMARC1", ignoring case and spaces around "="), so that malformed records
// are still counted as DMARC records.
func IsDMARC(txt string) bool {
	s := strings.ToLower(strings.TrimSpace(txt))
	if !strings.HasPrefix(s, "v") {
		return false
	}
	s = strings.TrimSpace(s[1:])
	if !strings.HasPrefix(s, "=") {
		return false
	}
	s = strings.TrimSpace(s[1:])
	return strings.HasPrefix(s, "dmarc1") && (len(s) == 6 || s[6] == ';' || s[6] == ' ')
}

var knownTags = map[string]bool{
	"v": true, "p": true, "sp": true, "np": true, "adkim": true, "aspf": true, "fo": true,
	"pct": true, "rf": true, "ri": true, "rua": true, "ruf": true, "t": true, "psd": true,
}

// tagFindings are the finding ids of a tag whose findings name the tag.
type tagFindings struct {
	invalid   finding.ID // the value is invalid
	removed   finding.ID // RFC 9989 removes the tag
	nonMailto finding.ID // a report URI is not mailto
	tooMany   finding.ID // more than two report URIs
}

// tagIDs maps the tags that share a check (sp and np, adkim and aspf, rf
// and ri, rua and ruf) to their findings.
var tagIDs = map[string]tagFindings{
	"sp":    {invalid: finding.DMARCInvalidSP},
	"np":    {invalid: finding.DMARCInvalidNP},
	"adkim": {invalid: finding.DMARCInvalidADKIM},
	"aspf":  {invalid: finding.DMARCInvalidASPF},
	"rf":    {removed: finding.DMARCRemovedTagRF},
	"ri":    {removed: finding.DMARCRemovedTagRI},
	"rua":   {invalid: finding.DMARCInvalidRUA, nonMailto: finding.DMARCNonMailtoRUA, tooMany: finding.DMARCTooManyRUA},
	"ruf":   {invalid: finding.DMARCInvalidRUF, nonMailto: finding.DMARCNonMailtoRUF, tooMany: finding.DMARCTooManyRUF},
}

// Parse parses and validates a DMARC record. The error is non-nil when the
// record must be discarded (not v=DMARC1 first, tag syntax error, duplicate
// tags); the findings list every other problem. Invalid tag values fall
// back to their defaults, as receivers do.
func Parse(s string) (Record, []finding.Finding, error) {
	rec := Record{ADKIM: "r", ASPF: "r", FO: []string{"0"}, Pct: 100, PSD: "u"}
	var out []finding.Finding
	add := func(id finding.ID, sev finding.Severity, rfc, title, detail string) {
		out = append(out, finding.Finding{ID: id, Severity: sev, RFC: rfc, Title: title, Detail: detail, Evidence: s})
	}
	tags, err := taglist.Parse(s)
	if err != nil {
		return rec, out, fmt.Errorf("dmarc: %w", err)
	}
	rec.Tags = tags
	if len(tags) == 0 || tags[0].Name != "v" || tags[0].Value != "DMARC1" {
		return rec, out, ErrNotDMARC
	}
	if dup := tags.Duplicates(); len(dup) > 0 {
		return rec, out, fmt.Errorf("dmarc: duplicate tags %s", strings.Join(dup, ", "))
	}
	if len(tags) > 1 && !strings.EqualFold(tags[1].Name, "p") {
		add(finding.DMARCPNotSecond, finding.Info, "RFC 7489 §6.4", "the p tag does not follow v", "RFC 7489 requires p right after v; most receivers accept any order.")
	}
	var spSet, npSet bool
	for _, t := range tags[1:] {
		name := strings.ToLower(t.Name)
		v := t.Value
		switch name {
		case "p":
			if p, ok := parsePolicy(v); ok {
				rec.Policy, rec.PolicyExplicit = p, true
			} else {
				add(finding.DMARCInvalidP, finding.High, "RFC 9989 §4.7", "invalid p value", fmt.Sprintf("p=%s is not none, quarantine or reject; treated as none", v))
			}
		case "sp", "np":
			p, ok := parsePolicy(v)
			if !ok {
				add(tagIDs[name].invalid, finding.Medium, "RFC 9989 §4.7", "invalid "+name+" value", fmt.Sprintf("%s=%s is not none, quarantine or reject; ignored", name, v))
				continue
			}
			if name == "sp" {
				rec.SubdomainPolicy, spSet = p, true
			} else {
				rec.NonExistentPolicy, npSet = p, true
			}
		case "adkim", "aspf":
			lv := strings.ToLower(v)
			if lv != "r" && lv != "s" {
				add(tagIDs[name].invalid, finding.Medium, "RFC 9989 §4.7", "invalid "+name+" value", fmt.Sprintf("%s=%s is not r or s; relaxed is used", name, v))
				continue
			}
			if name == "adkim" {
				rec.ADKIM = lv
			} else {
				rec.ASPF = lv
			}
		case "fo":
			var fo []string
			for _, o := range strings.Split(v, ":") {
				o = strings.TrimSpace(o)
				if o != "0" && o != "1" && o != "d" && o != "s" {
					add(finding.DMARCInvalidFO, finding.Low, "RFC 9991 §3", "invalid fo value", fmt.Sprintf("fo option %q is not 0, 1, d or s", o))
					continue
				}
				fo = append(fo, o)
			}
			if len(fo) > 0 {
				rec.FO = fo
			}
		case "pct":
			add(finding.DMARCRemovedTagPct, finding.Info, "RFC 9989 Appendix A", "pct is removed in RFC 9989", "Receivers following RFC 9989 ignore pct; use t=y for testing.")
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 100 {
				add(finding.DMARCInvalidPct, finding.Medium, "RFC 7489 §6.3", "invalid pct value", fmt.Sprintf("pct=%s is not an integer 0..100; 100 is used", v))
				continue
			}
			rec.Pct = n
		case "rf", "ri":
			add(tagIDs[name].removed, finding.Info, "RFC 9989 Appendix A", name+" is removed in RFC 9989", "Receivers following RFC 9989 ignore "+name+"; remove it.")
			if name == "ri" {
				if _, err := strconv.ParseUint(v, 10, 32); err != nil {
					add(finding.DMARCInvalidRI, finding.Low, "RFC 7489 §6.3", "invalid ri value", "ri must be a number of seconds")
				}
			}
		case "t":
			switch strings.ToLower(v) {
			case "y":
				rec.Testing = true
			case "n":
			default:
				add(finding.DMARCInvalidT, finding.Low, "RFC 9989 §4.7", "invalid t value", fmt.Sprintf("t=%s is not y or n; n is used", v))
			}
		case "psd":
			switch lv := strings.ToLower(v); lv {
			case "y", "n", "u":
				rec.PSD = lv
			default:
				add(finding.DMARCInvalidPSD, finding.Low, "RFC 9989 §4.7", "invalid psd value", fmt.Sprintf("psd=%s is not y, n or u", v))
			}
		case "rua", "ruf":
			uris, fs := parseURIs(name, v)
			out = append(out, fs...)
			if name == "rua" {
				rec.RUA = uris
			} else {
				rec.RUF = uris
			}
		default:
			if !knownTags[name] {
				add(finding.DMARCUnknownTag, finding.Info, "RFC 9989 §4.7", "unknown DMARC tag ignored", fmt.Sprintf("%s=%s is not a DMARC tag", t.Name, v))
			}
		}
	}
	if !rec.PolicyExplicit {
		rec.Policy = PolicyNone
		if _, present := tags.Get("p"); !present {
			add(finding.DMARCMissingP, finding.Medium, "RFC 7489 §6.3; RFC 9989 §4.7",
				"DMARC record has no p tag",
				"p is required by RFC 7489; RFC 9989 treats a missing p as none, so nothing is enforced.")
		}
	}
	if !spSet {
		rec.SubdomainPolicy = rec.Policy
	}
	if !npSet {
		rec.NonExistentPolicy = rec.SubdomainPolicy
	}
	if rec.Pct < 100 {
		rec.Testing = true
	}
	return rec, out, nil
}

// parseURIs parses a comma-separated dmarc-uri list (RFC 7489 §6.4).
func parseURIs(tag, v string) ([]ReportURI, []finding.Finding) {
	var uris []ReportURI
	var out []finding.Finding
	ids := tagIDs[tag]
	bad := func(id finding.ID, title, detail string) {
		out = append(out, finding.Finding{ID: id, Severity: finding.Low, RFC: "RFC 7489 §6.4; RFC 9990 §3", Title: title, Detail: detail, Evidence: tag + "=" + v})
	}
	for _, raw := range strings.Split(v, ",") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		u := ReportURI{URI: raw}
		if i := strings.LastIndexByte(raw, '!'); i >= 0 {
			u.URI, u.MaxSize = raw[:i], raw[i+1:]
			bad(finding.DMARCObsoleteSizeLimit, "report size limit is obsolete", fmt.Sprintf("%q uses the !size suffix, which RFC 9990 removes", raw))
		}
		parsed, err := url.Parse(u.URI)
		if err != nil || parsed.Scheme == "" {
			bad(ids.invalid, "invalid "+tag+" URI", fmt.Sprintf("%q is not a URI", raw))
			continue
		}
		u.Scheme = strings.ToLower(parsed.Scheme)
		switch u.Scheme {
		case "mailto":
			addr := parsed.Opaque
			if addr == "" {
				addr = parsed.Path
			}
			if i := strings.IndexByte(addr, '?'); i >= 0 {
				addr = addr[:i]
			}
			addr, _ = url.PathUnescape(addr)
			at := strings.LastIndexByte(addr, '@')
			if at <= 0 || at == len(addr)-1 {
				bad(ids.invalid, "invalid "+tag+" mailbox", fmt.Sprintf("%q has no valid mailbox", raw))
				continue
			}
			u.Address, u.Domain = addr, strings.ToLower(strings.TrimSuffix(addr[at+1:], "."))
		default:
			bad(ids.nonMailto, "non-mailto report URI", fmt.Sprintf("%q: receivers only have to support mailto", raw))
			u.Domain = strings.ToLower(parsed.Hostname())
		}
		uris = append(uris, u)
	}
	if len(uris) > 2 {
		out = append(out, finding.Finding{ID: ids.tooMany, Severity: finding.Low, RFC: "RFC 7489 §6.2",
			Title: "more than two " + tag + " destinations", Detail: fmt.Sprintf("%d destinations; receivers may send reports to the first two only", len(uris)), Evidence: tag + "=" + v})
	}
	return uris, out
}

// Enforcement summarises how much of the policy is applied.
type Enforcement string

// Enforcement levels.
const (
	EnforcementFull    Enforcement = "enforced" // quarantine or reject applied to all failing mail
	EnforcementPartial Enforcement = "partial"  // lowered by pct<100 or t=y
	EnforcementNone    Enforcement = "none"     // p=none (monitoring only)
)

// Effective returns the policy a receiver applies for the requested policy
// p: pct<100 (RFC 7489) or t=y (RFC 9989) lowers it one step.
func (r Record) Effective(p Policy) (Policy, Enforcement) {
	switch {
	case p == PolicyNone || p == "":
		return PolicyNone, EnforcementNone
	case r.Testing:
		return p.lower(), EnforcementPartial
	}
	return p, EnforcementFull
}
