package classify

import (
	"time"

	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
)

// DomainType is the overall classification of a domain. Classify decides
// it in this order, first match wins:
//
//  1. invalid: the input is not an acceptable domain name (see Invalid).
//  2. disposable: the domain or a parent up to its registrable domain is on
//     the disposable-address list.
//  3. free_email: the same, on the free webmail list.
//  4. nonexistent: DNS says the name does not exist (NXDOMAIN).
//  5. government: the name is under a government suffix (.gov, .mil,
//     .gov.uk, .gouv.fr, .gc.ca ...).
//  6. education: the name is under an education suffix (.edu, .ac.uk,
//     .edu.au, k12.<state>.us ...).
//  7. unknown: DNS could not tell whether the name exists (lookups failed).
//  8. parked: strong parking indicators (parking-service name servers,
//     parking-service addresses or CNAME targets).
//  9. business: an existing domain matching none of the above.
type DomainType string

// Domain types.
const (
	TypeBusiness    DomainType = "business"
	TypeFreeEmail   DomainType = "free_email"
	TypeDisposable  DomainType = "disposable"
	TypeParked      DomainType = "parked"
	TypeEducation   DomainType = "education"
	TypeGovernment  DomainType = "government"
	TypeNonexistent DomainType = "nonexistent"
	TypeInvalid     DomainType = "invalid"
	TypeUnknown     DomainType = "unknown"
)

// PresenceStatus summarises what DNS says about the name.
type PresenceStatus string

// Presence statuses.
const (
	// PresenceResolves: at least one queried type has records.
	PresenceResolves PresenceStatus = "resolves"
	// PresenceNXDomain: the name does not exist.
	PresenceNXDomain PresenceStatus = "nxdomain"
	// PresenceNoRecords: the name exists but none of the queried types has records.
	PresenceNoRecords PresenceStatus = "no_records"
	// PresenceUnknown: lookups failed, so presence cannot be stated.
	PresenceUnknown PresenceStatus = "unknown"
)

// Readiness says whether the domain can receive mail, from DNS alone.
type Readiness string

// Readiness values.
const (
	// ReadinessMX: the domain publishes MX records naming mail hosts.
	ReadinessMX Readiness = "mx"
	// ReadinessImplicitMX: no MX, but A/AAAA records, so mail goes to the
	// address records (RFC 5321 §5.1 implicit MX).
	ReadinessImplicitMX Readiness = "implicit_mx"
	// ReadinessNullMX: the domain publishes a null MX ("0 ."), declaring
	// that it accepts no mail (RFC 7505).
	ReadinessNullMX Readiness = "null_mx"
	// ReadinessNone: no MX and no address records, or the name does not exist.
	ReadinessNone Readiness = "none"
	// ReadinessUnknown: the MX (or the needed address) lookup failed.
	ReadinessUnknown Readiness = "unknown"
)

// Result is the classification of one domain.
type Result struct {
	// Domain is the normalised ASCII (punycode) name that was classified.
	Domain string `json:"domain"`
	// RegistrableDomain is the registrable domain (eTLD+1) of Domain.
	RegistrableDomain string `json:"registrable_domain"`
	// IsSubdomain is true when Domain is below RegistrableDomain.
	IsSubdomain bool `json:"is_subdomain"`
	// DomainType is the overall classification (see DomainType for the order).
	DomainType DomainType `json:"domain_type"`
	// DNSPresence is what DNS says about the name's existence.
	DNSPresence DNSPresence `json:"dns_presence"`
	// MailReadiness says whether and how the domain receives mail.
	MailReadiness MailReadiness `json:"mail_readiness"`
	// MXProvider identifies who receives the domain's mail.
	MXProvider mxprovider.Verdict `json:"mx_provider"`
	// Parked reports parking-service indicators.
	Parked Parked `json:"parked"`
	// Confidence in DomainType and MailReadiness, from 0.05 to 1, two
	// decimals. It starts from the type: disposable and free_email 0.95;
	// nonexistent, government and education 0.9; parked 0.75 plus 0.05 per
	// strong indicator; unknown 0.3; business 0.6 plus 0.2 for a definite
	// MX or null MX (0.15 implicit MX or none) plus 0.1 for a recognised
	// provider, minus 0.2 when the name has no records, 0.05 without
	// A/AAAA and 0.05 per weak parking indicator. Then it loses 0.1 per
	// failed core lookup and 0.05 per failed auxiliary lookup (a failed
	// DNSSEC lookup, ds or dnskey, costs nothing), 0.1 per
	// IP-literal or non-public MX host, 0.1 for a mixed null MX and 0.15 when
	// no MX host resolves (all these penalties capped at 0.5 in total).
	Confidence float64 `json:"confidence"`
	// Reasons explain the classification and the confidence.
	Reasons []Reason `json:"reasons"`
	// Unknowns are the DNS checks that could not complete.
	Unknowns []Unknown `json:"unknowns"`
	// TTLSeconds is how long this result may be cached: the smallest TTL of
	// the DNS answers used (negative-caching TTL for NXDOMAIN/NODATA), at
	// most 60 when some check failed, 0 when nothing definite was seen.
	TTLSeconds uint32 `json:"ttl_seconds"`
	// CheckedAt is when the checks ran (UTC, RFC 3339, whole seconds).
	CheckedAt time.Time `json:"checked_at"`
}

// DNSPresence reports the existence of the name and its basic records.
// Boolean pointers are null when the lookup failed.
type DNSPresence struct {
	// Exists: true (records or NODATA seen), false (NXDOMAIN), null (unknown).
	Exists *bool `json:"exists"`
	// HasNS: the registrable domain has NS records.
	HasNS *bool `json:"has_ns"`
	// HasSOA: the registrable domain has an SOA record.
	HasSOA *bool `json:"has_soa"`
	// HasA: the name has IPv4 address records (CNAMEs followed).
	HasA *bool `json:"has_a"`
	// HasAAAA: the name has IPv6 address records (CNAMEs followed).
	HasAAAA *bool `json:"has_aaaa"`
	// Status summarises the above.
	Status PresenceStatus `json:"status"`
	// DNSSECValidated is true exactly when DNSSEC is signed.
	DNSSECValidated bool `json:"dnssec_validated"`
	// DNSSEC is the DNSSEC state of the registrable domain's zone, judged
	// from the records as the dns-audit does (internal/dnssec): signed (the
	// parent's DS matches the key that signs the DNSKEY RRset and the
	// signatures over the SOA, and the MX at the apex, verify), unsigned (no
	// DS at the parent), bogus (a signature fails or has expired, or the DS
	// matches no key) or unknown (a lookup failed).
	DNSSEC dnssec.Status `json:"dnssec"`
}

// MailReadiness says whether the domain can receive mail.
type MailReadiness struct {
	// Status is the readiness value.
	Status Readiness `json:"status"`
	// MXHosts are the MX records, most preferred first (empty without MX).
	MXHosts []MXHost `json:"mx_hosts"`
}

// MXHost is one MX record and what was checked about its host.
type MXHost struct {
	// Host is the MX target, lower case, without trailing dot ("" for a null MX).
	Host string `json:"host"`
	// Preference is the MX preference (lower is preferred).
	Preference uint16 `json:"preference"`
	// IPLiteral is true when the target is written as an IP address,
	// which is invalid (MX RDATA is a host name, RFC 1035 §3.3.9).
	IPLiteral bool `json:"ip_literal"`
	// Checked is true when the host's addresses were looked up (hosts of
	// recognised providers are not looked up).
	Checked bool `json:"checked"`
	// Resolves: the host has A or AAAA records; null when not checked or unknown.
	Resolves *bool `json:"resolves"`
	// Addresses are the host's IPv4/IPv6 addresses when checked.
	Addresses []string `json:"addresses,omitempty"`
	// NonPublicAddress is true when an address is private, loopback,
	// link-local, CGNAT, documentation or otherwise not publicly routable.
	NonPublicAddress bool `json:"non_public_address"`
}

// Parked reports parking indicators.
type Parked struct {
	// IsParked is true when at least one strong indicator matched.
	IsParked bool `json:"is_parked"`
	// Indicators are all matches, strong and weak.
	Indicators []ParkingIndicator `json:"indicators"`
}

// IndicatorSource says which DNS data matched.
type IndicatorSource string

// Indicator sources.
const (
	IndicatorNS    IndicatorSource = "ns"
	IndicatorA     IndicatorSource = "a"
	IndicatorCNAME IndicatorSource = "cname"
)

// ParkingIndicator is one match against the parking-service data.
type ParkingIndicator struct {
	// Source is ns, a or cname.
	Source IndicatorSource `json:"source"`
	// Value is the NS host, address or CNAME target that matched.
	Value string `json:"value"`
	// Service is the parking service the value belongs to.
	Service string `json:"service"`
	// Strong is false for services that also host live domains.
	Strong bool `json:"strong"`
}

// Reason is one explanation of the result.
type Reason struct {
	// Code is a stable identifier (see the Reason* constants).
	Code string `json:"code"`
	// Detail is a human-readable explanation.
	Detail string `json:"detail"`
}

// Unknown is one DNS check that could not complete.
type Unknown struct {
	// Check names the check ("mx", "a", "ns", "mx_host_a" ...).
	Check string `json:"check"`
	// Name is the DNS name queried.
	Name string `json:"name"`
	// Type is the DNS type queried ("MX").
	Type string `json:"type"`
	// Reason is the failure ("SERVFAIL", "timeout" ...).
	Reason string `json:"reason"`
}

// Reason codes.
const (
	ReasonInvalidInput        = "invalid_input"
	ReasonDisposableList      = "disposable_list"
	ReasonFreeEmailList       = "free_email_list"
	ReasonNXDomain            = "nxdomain"
	ReasonGovernmentSuffix    = "government_suffix"
	ReasonEducationSuffix     = "education_suffix"
	ReasonExistenceUnknown    = "existence_unknown"
	ReasonParkingIndicator    = "parking_indicator"
	ReasonWeakParking         = "weak_parking_indicator"
	ReasonMXPresent           = "mx_present"
	ReasonImplicitMX          = "implicit_mx"
	ReasonNullMX              = "null_mx"
	ReasonNullMXMixed         = "null_mx_mixed"
	ReasonNoMail              = "no_mail"
	ReasonMXUnknown           = "mx_unknown"
	ReasonMXIPLiteral         = "mx_ip_literal"
	ReasonMXUnresolvable      = "mx_hosts_unresolvable"
	ReasonMXNonPublic         = "mx_non_public_address"
	ReasonKnownMailProvider   = "known_mail_provider"
	ReasonNoAddressRecords    = "no_address_records"
	ReasonDNSLookupFailed     = "dns_lookup_failed"
	ReasonExistsWithoutRecord = "exists_without_records"
)
