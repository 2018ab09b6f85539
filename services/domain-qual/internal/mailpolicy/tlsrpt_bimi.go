package mailpolicy

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/taglist"
)

// TLSRPTRecord is a parsed _smtp._tls record (RFC 8460 §3).
type TLSRPTRecord struct {
	// RUA are the report destinations (mailto: or https: URIs).
	RUA []string `json:"rua"`
}

// ParseTLSRPT parses "v=TLSRPTv1; rua=<uri>[,<uri>]".
func ParseTLSRPT(s string) (TLSRPTRecord, error) {
	var rec TLSRPTRecord
	tags, err := taglist.Parse(s)
	if err != nil {
		return rec, fmt.Errorf("tls-rpt record: %w", err)
	}
	if len(tags) == 0 || tags[0].Name != "v" || tags[0].Value != "TLSRPTv1" {
		return rec, errors.New("tls-rpt record: must start with v=TLSRPTv1")
	}
	rua, ok := tags.Get("rua")
	if !ok || strings.TrimSpace(rua) == "" {
		return rec, errors.New("tls-rpt record: missing rua")
	}
	for _, u := range strings.Split(rua, ",") {
		u = strings.TrimSpace(u)
		parsed, err := url.Parse(u)
		if err != nil || (parsed.Scheme != "mailto" && parsed.Scheme != "https") {
			return rec, fmt.Errorf("tls-rpt record: rua %q is not a mailto: or https: URI", u)
		}
		rec.RUA = append(rec.RUA, u)
	}
	return rec, nil
}

// BIMIRecord is a parsed default._bimi record.
type BIMIRecord struct {
	// Logo is the l= SVG logo URL ("" when declined).
	Logo string `json:"logo,omitempty"`
	// Authority is the a= evidence document (VMC/CMC) URL.
	Authority string `json:"authority,omitempty"`
	// Declined is true when both l= and a= are empty (an explicit opt-out).
	Declined bool `json:"declined"`
}

// ParseBIMI parses "v=BIMI1; l=<https url>; a=<https url>".
func ParseBIMI(s string) (BIMIRecord, error) {
	var rec BIMIRecord
	tags, err := taglist.Parse(s)
	if err != nil {
		return rec, fmt.Errorf("bimi record: %w", err)
	}
	if len(tags) == 0 || tags[0].Name != "v" || tags[0].Value != "BIMI1" {
		return rec, errors.New("bimi record: must start with v=BIMI1")
	}
	rec.Logo, _ = tags.Get("l")
	rec.Authority, _ = tags.Get("a")
	for name, v := range map[string]string{"l": rec.Logo, "a": rec.Authority} {
		if v == "" {
			continue
		}
		u, err := url.Parse(v)
		if err != nil || u.Scheme != "https" || u.Host == "" {
			return rec, fmt.Errorf("bimi record: %s=%q is not an https URL", name, v)
		}
	}
	rec.Declined = rec.Logo == "" && rec.Authority == ""
	return rec, nil
}

// TLSRPT is the TLS reporting check of one domain.
type TLSRPT struct {
	Status   Status            `json:"status"`
	Record   string            `json:"record,omitempty"`
	RUA      []string          `json:"rua,omitempty"`
	Findings []finding.Finding `json:"findings"`
	Reason   string            `json:"reason,omitempty"`
}

// BIMI is the BIMI check of one domain.
type BIMI struct {
	Status   Status            `json:"status"`
	Record   string            `json:"record,omitempty"`
	Parsed   *BIMIRecord       `json:"parsed,omitempty"`
	Findings []finding.Finding `json:"findings"`
	Reason   string            `json:"reason,omitempty"`
}

// single looks up name and selects the one TXT record starting with prefix.
func single(ctx context.Context, r Resolver, name, prefix string) (Status, string, string) {
	a := r.Lookup(ctx, name, dns.TypeTXT)
	if a.Status == resolver.StatusUnknown {
		return StatusUnknown, "", a.Reason
	}
	recs := txtWithPrefix(a, prefix)
	switch len(recs) {
	case 0:
		return StatusMissing, "", ""
	case 1:
		return StatusFound, recs[0], ""
	}
	return StatusInvalid, strings.Join(recs, " | "), fmt.Sprintf("%d %s records", len(recs), prefix)
}

// CheckTLSRPT looks up _smtp._tls.<domain>.
func CheckTLSRPT(ctx context.Context, r Resolver, domain string) TLSRPT {
	res := TLSRPT{Findings: []finding.Finding{}}
	res.Status, res.Record, res.Reason = single(ctx, r, fqdn("_smtp._tls", domain), "v=TLSRPTv1")
	if res.Status != StatusFound {
		return res
	}
	rec, err := ParseTLSRPT(res.Record)
	if err != nil {
		res.Status, res.Reason = StatusInvalid, err.Error()
		res.Findings = append(res.Findings, finding.Finding{ID: finding.TLSRPTInvalidRecord, Severity: finding.Low, RFC: "RFC 8460 §3",
			Title: "TLS-RPT record is invalid", Detail: err.Error(), Evidence: res.Record})
		return res
	}
	res.RUA = rec.RUA
	return res
}

// CheckBIMI looks up default._bimi.<domain>.
func CheckBIMI(ctx context.Context, r Resolver, domain string) BIMI {
	res := BIMI{Findings: []finding.Finding{}}
	res.Status, res.Record, res.Reason = single(ctx, r, fqdn("default._bimi", domain), "v=BIMI1")
	if res.Status != StatusFound {
		return res
	}
	rec, err := ParseBIMI(res.Record)
	if err != nil {
		res.Status, res.Reason = StatusInvalid, err.Error()
		res.Findings = append(res.Findings, finding.Finding{ID: finding.BIMIInvalidRecord, Severity: finding.Low, RFC: "draft-brand-indicators-for-message-identification §4",
			Title: "BIMI record is invalid", Detail: err.Error(), Evidence: res.Record})
		return res
	}
	res.Parsed = &rec
	return res
}
