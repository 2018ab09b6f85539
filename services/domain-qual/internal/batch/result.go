package batch

import (
	"time"

	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
)

// Result is the answer to one batch.
type Result struct {
	// CheckedAt is when the batch started (UTC, RFC 3339, whole seconds).
	CheckedAt time.Time `json:"checked_at"`
	// Count is the number of entries received (= len(results)).
	Count int `json:"count"`
	// UniqueDomains is the number of distinct valid domains classified.
	UniqueDomains int `json:"unique_domains"`
	// Succeeded is the number of entries with a classification.
	Succeeded int `json:"succeeded"`
	// Failed is the number of entries with an error.
	Failed int `json:"failed"`
	// Results has one item per entry, in input order.
	Results []Item `json:"results"`
}

// Item is the answer for one entry: exactly one of Classification and
// Error is set.
type Item struct {
	// Index is the entry's position in the input (0-based).
	Index int `json:"index"`
	// Input is the entry as received.
	Input string `json:"input"`
	// Domain is the normalised ASCII domain; absent when the input is not a
	// domain name.
	Domain string `json:"domain,omitempty"`
	// DuplicateOf is the index of the first entry with the same domain; the
	// domain was classified once for both.
	DuplicateOf *int `json:"duplicate_of,omitempty"`
	// Classification is the result for a classified domain.
	Classification *Classification `json:"classification,omitempty"`
	// Error explains why the entry has no classification.
	Error *ItemError `json:"error,omitempty"`
}

// ErrorCode is a stable, machine-readable reason for a per-item error. Besides
// the constants below, an invalid input carries the domainname rejection
// code: empty, too_long, label_too_long, invalid_characters, ip_literal,
// single_label, reserved_name, unknown_suffix or public_suffix.
type ErrorCode string

// Per-item error codes that are not domainname rejection codes.
const (
	// CodeTimeout: the classification did not finish before the deadline.
	CodeTimeout ErrorCode = "timeout"
	// CodeCanceled: the caller canceled the batch first.
	CodeCanceled ErrorCode = "canceled"
	// CodeInvalidInput: the input was rejected for a reason without a code.
	CodeInvalidInput ErrorCode = "invalid_input"
	// CodeClassificationFailed: the classifier failed for another reason.
	CodeClassificationFailed ErrorCode = "classification_failed"
)

// ItemError is a per-item error.
type ItemError struct {
	// Code is the stable reason (see ErrorCode).
	Code ErrorCode `json:"code"`
	// Message is a human-readable explanation.
	Message string `json:"message"`
}

// Classification is the compact classification a lead-list triager needs:
// the fields of classify.Result without the per-record detail.
type Classification struct {
	// DomainType is business, free_email, disposable, parked, education,
	// government, nonexistent or unknown.
	DomainType classify.DomainType `json:"domain_type"`
	// RegistrableDomain is the registrable domain (eTLD+1).
	RegistrableDomain string `json:"registrable_domain"`
	// IsSubdomain is true when the domain is below its registrable domain.
	IsSubdomain bool `json:"is_subdomain"`
	// DNSPresence is resolves, nxdomain, no_records or unknown.
	DNSPresence classify.PresenceStatus `json:"dns_presence"`
	// MailReadiness is mx, implicit_mx, null_mx, none or unknown.
	MailReadiness classify.Readiness `json:"mail_readiness"`
	// MXHosts are the MX host names, most preferred first ("." for a null MX).
	MXHosts []string `json:"mx_hosts"`
	// MXProvider is who receives the domain's mail.
	MXProvider MXProvider `json:"mx_provider"`
	// Parked is true when a strong parking indicator matched.
	Parked bool `json:"parked"`
	// Confidence in domain_type and mail_readiness, 0.05..1 (see classify.Result).
	Confidence float64 `json:"confidence"`
	// ReasonCodes are the codes of the classification reasons, in order.
	ReasonCodes []string `json:"reason_codes"`
	// UnknownChecks name the DNS checks that could not complete ("mx", "ns" ...).
	UnknownChecks []string `json:"unknown_checks"`
	// TTLSeconds is how long this classification may be cached.
	TTLSeconds uint32 `json:"ttl_seconds"`
}

// MXProvider is the compact mail provider identification.
type MXProvider struct {
	// ID is a stable identifier ("google_workspace"); empty when not recognised.
	ID string `json:"id"`
	// Name is the display name; empty when not recognised.
	Name string `json:"name"`
	// Kind is mailbox_provider, security_gateway, forwarder, self_hosted or unknown.
	Kind mxprovider.Kind `json:"kind"`
	// Gateway is true when the most preferred MX is a security gateway.
	Gateway bool `json:"gateway"`
	// MailboxProviderID is the provider inferred behind a gateway; empty when
	// not applicable or not inferable.
	MailboxProviderID string `json:"mailbox_provider_id,omitempty"`
}

// compact keeps the triage fields of a full classification.
func compact(r classify.Result) Classification {
	c := Classification{
		DomainType:        r.DomainType,
		RegistrableDomain: r.RegistrableDomain,
		IsSubdomain:       r.IsSubdomain,
		DNSPresence:       r.DNSPresence.Status,
		MailReadiness:     r.MailReadiness.Status,
		MXHosts:           make([]string, 0, len(r.MailReadiness.MXHosts)),
		MXProvider: MXProvider{ID: r.MXProvider.ID, Name: r.MXProvider.Name, Kind: r.MXProvider.Kind,
			Gateway: r.MXProvider.Gateway},
		Parked:        r.Parked.IsParked,
		Confidence:    r.Confidence,
		ReasonCodes:   make([]string, 0, len(r.Reasons)),
		UnknownChecks: make([]string, 0, len(r.Unknowns)),
		TTLSeconds:    r.TTLSeconds,
	}
	for _, h := range r.MailReadiness.MXHosts {
		host := h.Host
		if host == "" {
			host = "."
		}
		c.MXHosts = append(c.MXHosts, host)
	}
	if mp := r.MXProvider.MailboxProvider; mp != nil {
		c.MXProvider.MailboxProviderID = mp.ID
	}
	for _, reason := range r.Reasons {
		c.ReasonCodes = append(c.ReasonCodes, reason.Code)
	}
	seen := map[string]bool{}
	for _, u := range r.Unknowns {
		if !seen[u.Check] {
			seen[u.Check] = true
			c.UnknownChecks = append(c.UnknownChecks, u.Check)
		}
	}
	return c
}
