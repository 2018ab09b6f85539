package mailpolicy

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/taglist"
)

// Mode is the MTA-STS policy mode.
type Mode string

// Modes (RFC 8461 §3.2).
const (
	ModeEnforce Mode = "enforce"
	ModeTesting Mode = "testing"
	ModeNone    Mode = "none"
)

// MaxMaxAge is the largest allowed max_age in seconds (one year, RFC 8461 §3.2).
const MaxMaxAge = 31557600

// STSRecord is a parsed _mta-sts TXT record.
type STSRecord struct {
	ID string
}

// ParseSTSRecord parses "v=STSv1; id=<1-32 alphanumerics>" (RFC 8461 §3.1).
func ParseSTSRecord(s string) (STSRecord, error) {
	tags, err := taglist.Parse(s)
	if err != nil {
		return STSRecord{}, fmt.Errorf("mta-sts record: %w", err)
	}
	if len(tags) == 0 || tags[0].Name != "v" || tags[0].Value != "STSv1" {
		return STSRecord{}, errors.New("mta-sts record: must start with v=STSv1")
	}
	id, ok := tags.Get("id")
	if !ok {
		return STSRecord{}, errors.New("mta-sts record: missing id")
	}
	if id == "" || len(id) > 32 || !isAlnum(id) {
		return STSRecord{}, fmt.Errorf("mta-sts record: id %q must be 1-32 letters or digits", id)
	}
	return STSRecord{ID: id}, nil
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// STSPolicy is a parsed MTA-STS policy file.
type STSPolicy struct {
	Version string `json:"version"`
	Mode    Mode   `json:"mode"`
	// MaxAge is the policy lifetime in seconds.
	MaxAge int `json:"max_age"`
	// MX are the allowed MX host patterns ("mail.example.com", "*.example.net").
	MX []string `json:"mx"`
}

// ParseSTSPolicy parses a policy file (RFC 8461 §3.2): "key: value" lines
// separated by CRLF (LF tolerated). The error is non-nil when the policy is
// invalid; findings report weaknesses of a valid policy.
func ParseSTSPolicy(body []byte) (STSPolicy, []finding.Finding, error) {
	var p STSPolicy
	var out []finding.Finding
	maxAgeSeen := false
	for n, line := range strings.Split(string(body), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return p, out, fmt.Errorf("mta-sts policy: line %d has no ':'", n+1)
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch key {
		case "version":
			p.Version = value
		case "mode":
			p.Mode = Mode(value)
		case "max_age":
			v, err := strconv.Atoi(value)
			if err != nil || v < 0 || v > MaxMaxAge || len(value) > 10 {
				return p, out, fmt.Errorf("mta-sts policy: max_age %q is not an integer in 0..%d", value, MaxMaxAge)
			}
			p.MaxAge, maxAgeSeen = v, true
		case "mx":
			p.MX = append(p.MX, strings.ToLower(strings.TrimSuffix(value, ".")))
		}
	}
	switch {
	case p.Version != "STSv1":
		return p, out, fmt.Errorf("mta-sts policy: version %q, want STSv1", p.Version)
	case p.Mode != ModeEnforce && p.Mode != ModeTesting && p.Mode != ModeNone:
		return p, out, fmt.Errorf("mta-sts policy: mode %q is not enforce, testing or none", p.Mode)
	case !maxAgeSeen:
		return p, out, errors.New("mta-sts policy: missing max_age")
	case len(p.MX) == 0 && p.Mode != ModeNone:
		return p, out, errors.New("mta-sts policy: no mx patterns")
	}
	if p.Mode == ModeTesting {
		out = append(out, finding.Finding{ID: finding.MTASTSTesting, Severity: finding.Low, RFC: "RFC 8461 §5",
			Title: "MTA-STS policy is in testing mode", Detail: "senders report failures but still deliver over unauthenticated TLS; switch to mode: enforce."})
	}
	if p.MaxAge < 86400 {
		out = append(out, finding.Finding{ID: finding.MTASTSShortMaxAge, Severity: finding.Low, RFC: "RFC 8461 §3.2",
			Title: "MTA-STS max_age is shorter than one day", Detail: fmt.Sprintf("max_age %d; senders re-fetch often and downgrade protection is weak. Weeks (e.g. 604800 or more) are recommended.", p.MaxAge)})
	}
	return p, out, nil
}

// MatchMX reports whether an MX host matches a policy pattern: exact, or
// "*.<suffix>" matching exactly one leftmost label (RFC 8461 §4.1).
func MatchMX(pattern, host string) bool {
	p := strings.ToLower(strings.TrimSuffix(pattern, "."))
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if rest, ok := strings.CutPrefix(p, "*."); ok {
		label, suffix, found := strings.Cut(h, ".")
		return found && label != "" && suffix == rest
	}
	return p == h
}

// UnmatchedMX returns the hosts that match none of the policy's patterns.
func (p STSPolicy) UnmatchedMX(hosts []string) []string {
	out := []string{}
	for _, h := range hosts {
		ok := false
		for _, pat := range p.MX {
			if MatchMX(pat, h) {
				ok = true
				break
			}
		}
		if !ok {
			out = append(out, strings.TrimSuffix(strings.ToLower(h), "."))
		}
	}
	return out
}

// MTASTS is the MTA-STS check of one domain.
type MTASTS struct {
	// Status of the check (missing: no _mta-sts record).
	Status Status `json:"status"`
	// Record is the _mta-sts TXT record.
	Record string `json:"record,omitempty"`
	// ID is the policy id from the TXT record.
	ID string `json:"id,omitempty"`
	// PolicyURL is where the policy file was fetched.
	PolicyURL string `json:"policy_url,omitempty"`
	// Policy is the parsed policy file.
	Policy *STSPolicy `json:"policy,omitempty"`
	// UnmatchedMX are MX hosts the policy does not cover (set by CheckMX).
	UnmatchedMX []string `json:"unmatched_mx,omitempty"`
	// Findings are problems found.
	Findings []finding.Finding `json:"findings"`
	// Reason explains an unknown or invalid status.
	Reason string `json:"reason,omitempty"`
}

// CheckMTASTS looks up _mta-sts.<domain> and, when a record exists, fetches
// https://mta-sts.<domain>/.well-known/mta-sts.txt.
func CheckMTASTS(ctx context.Context, r Resolver, f PolicyFetcher, domain string) MTASTS {
	res := MTASTS{Findings: []finding.Finding{}}
	a := r.Lookup(ctx, fqdn("_mta-sts", domain), dns.TypeTXT)
	if a.Status == resolver.StatusUnknown {
		res.Status, res.Reason = StatusUnknown, "_mta-sts TXT lookup: "+a.Reason
		return res
	}
	recs := txtWithPrefix(a, "v=STSv1")
	switch {
	case len(recs) == 0:
		res.Status = StatusMissing
		return res
	case len(recs) > 1:
		res.Status, res.Reason = StatusInvalid, fmt.Sprintf("%d v=STSv1 records", len(recs))
		res.Findings = append(res.Findings, finding.Finding{ID: finding.MTASTSMultipleRecords, Severity: finding.Medium, RFC: "RFC 8461 §3.1",
			Title: "more than one MTA-STS TXT record", Detail: "senders treat the domain as having no MTA-STS policy.", Evidence: strings.Join(recs, " | ")})
		return res
	}
	res.Record = recs[0]
	rec, err := ParseSTSRecord(recs[0])
	if err != nil {
		res.Status, res.Reason = StatusInvalid, err.Error()
		res.Findings = append(res.Findings, finding.Finding{ID: finding.MTASTSInvalidRecord, Severity: finding.Medium, RFC: "RFC 8461 §3.1",
			Title: "MTA-STS TXT record is invalid", Detail: err.Error(), Evidence: recs[0]})
		return res
	}
	res.ID = rec.ID
	res.PolicyURL = "https://mta-sts." + strings.Trim(strings.ToLower(domain), ".") + "/.well-known/mta-sts.txt"
	body, status, err := f.Fetch(ctx, res.PolicyURL)
	switch {
	case err != nil:
		res.Status, res.Reason = StatusUnknown, "policy fetch: "+err.Error()
		return res
	case status != http.StatusOK:
		res.Status, res.Reason = StatusInvalid, fmt.Sprintf("policy fetch: HTTP %d", status)
		res.Findings = append(res.Findings, finding.Finding{ID: finding.MTASTSPolicyUnavailable, Severity: finding.Medium, RFC: "RFC 8461 §3.3",
			Title: "MTA-STS policy file is not served", Detail: fmt.Sprintf("%s answered HTTP %d; senders ignore the TXT record", res.PolicyURL, status)})
		return res
	}
	pol, fs, err := ParseSTSPolicy(body)
	res.Findings = append(res.Findings, fs...)
	if err != nil {
		res.Status, res.Reason = StatusInvalid, err.Error()
		res.Findings = append(res.Findings, finding.Finding{ID: finding.MTASTSInvalidPolicy, Severity: finding.Medium, RFC: "RFC 8461 §3.2",
			Title: "MTA-STS policy file is invalid", Detail: err.Error(), Evidence: truncate(string(body), 300)})
		return res
	}
	res.Status, res.Policy = StatusFound, &pol
	return res
}

// CheckMX compares the policy with the domain's MX hosts and records hosts
// the policy does not cover. It is a no-op unless a policy was found.
func (m *MTASTS) CheckMX(hosts []string) {
	if m.Policy == nil || m.Policy.Mode == ModeNone {
		return
	}
	m.UnmatchedMX = m.Policy.UnmatchedMX(hosts)
	if len(m.UnmatchedMX) > 0 {
		sev := finding.Low
		if m.Policy.Mode == ModeEnforce {
			sev = finding.High
		}
		m.Findings = append(m.Findings, finding.Finding{ID: finding.MTASTSMXNotCovered, Severity: sev, RFC: "RFC 8461 §4.1",
			Title:    "MX hosts not covered by the MTA-STS policy",
			Detail:   "senders enforcing the policy will refuse to deliver to: " + strings.Join(m.UnmatchedMX, ", "),
			Evidence: "mx: " + strings.Join(m.Policy.MX, ", "),
			Fix:      "Add an mx: line for each MX host to the policy file and change the id in the _mta-sts TXT record."})
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
