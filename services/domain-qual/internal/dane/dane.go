// Package dane judges the DANE TLSA records of SMTP servers (RFC 7672,
// with RFC 6698 for the record and RFC 7671 for its operation) from DNS
// answers the caller collected: one TLSA RRset per MX host, at
// _25._tcp.<host>, and the DNSSEC judgement (internal/dnssec) of the zone
// that signed it. It asks no questions itself.
//
// A host's state, in order:
//
//   - unknown: the TLSA lookup failed (SERVFAIL, timeout), or the signing
//     zone's DNSSEC state could not be judged (for an RRset without RRSIG:
//     the state of the enclosing zone the caller knows, so that a resolver
//     stripping signatures does not read as an unsigned zone).
//   - absent: the name has no TLSA records (NODATA or NXDOMAIN). The denial
//     itself is not authenticated here; a forged denial can only make a
//     sender fall back to opportunistic TLS, which is what absent reports.
//   - unusable: TLSA records exist but senders may not use them. Either the
//     RRset is not DNSSEC-secure — it carries no RRSIG, or its signer zone
//     has no DS at its parent — and RFC 7672 §2.2 has senders treat insecure
//     TLSA records as if there were none (reported unusable, not absent,
//     because the publisher meant DANE and the fix is signing the zone); or
//     every record has parameters SMTP cannot use: PKIX-TA(0)/PKIX-EE(1)
//     (RFC 7672 §3.1.3) or values outside the registries (RFC 6698 §2.1).
//   - bogus: the RRset is signed but its signatures do not verify, have
//     expired, or the signing zone is bogus (RFC 4035 §5.5; senders defer
//     mail, RFC 7672 §2.1.1); or it is secure but no record is usable and
//     at least one is malformed (a digest of the wrong length, or full data
//     that is not a certificate/SubjectPublicKeyInfo).
//   - mismatch: valid by its records, but a certificate chain the server
//     presented (the optional STARTTLS probe, Host.Confirm) matches none
//     of the usable records: senders that use DANE do not deliver to it
//     (RFC 7672 §3).
//   - valid: the RRset is secure and at least one record is DANE-TA(2) or
//     DANE-EE(3) with selector 0/1 and matching type 0/1/2 and well-formed
//     data (and, when the server was probed, its chain matches one, see
//     MatchChain). Records that are not usable are reported next to it.
//
// A valid host has a rollover scheme when it publishes at least two distinct
// usable records (current and next key, or a DANE-EE record with a DANE-TA
// record of the issuer, RFC 7671 §8.1).
package dane

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// Status is the DANE state of one MX host or of the whole domain.
type Status string

// Statuses. NotApplicable is only a domain state: the domain receives no
// mail (null MX, or no MX and no address), so there is no host to protect.
const (
	StatusValid         Status = "valid"
	StatusAbsent        Status = "absent"
	StatusUnusable      Status = "unusable"
	StatusBogus         Status = "bogus"
	StatusMismatch      Status = "mismatch"
	StatusUnknown       Status = "unknown"
	StatusNotApplicable Status = "not_applicable"
)

// Problem says why a TLSA record is not usable for SMTP.
type Problem string

// Record problems.
const (
	// ProblemPKIXUsage: usage PKIX-TA(0) or PKIX-EE(1), which SMTP clients
	// do not use (RFC 7672 §3.1.3).
	ProblemPKIXUsage Problem = "pkix_usage"
	// ProblemUnsupportedUsage: a usage above 3 (RFC 6698 §2.1.1).
	ProblemUnsupportedUsage Problem = "unsupported_usage"
	// ProblemUnsupportedSelector: a selector above 1 (RFC 6698 §2.1.2).
	ProblemUnsupportedSelector Problem = "unsupported_selector"
	// ProblemUnsupportedMatchingType: a matching type above 2 (RFC 6698 §2.1.3).
	ProblemUnsupportedMatchingType Problem = "unsupported_matching_type"
	// ProblemMalformedData: the association data does not fit the matching
	// type: not 32 bytes for SHA2-256 (1), not 64 bytes for SHA2-512 (2),
	// or for Full (0) not a DER certificate (selector 0) or
	// SubjectPublicKeyInfo (selector 1) (RFC 6698 §2.1.3, §2.1.4).
	ProblemMalformedData Problem = "malformed_data"
)

// TLSA usages, selectors and matching types (RFC 6698 §2.1, RFC 7218).
const (
	UsagePKIXTA = 0
	UsagePKIXEE = 1
	UsageDANETA = 2
	UsageDANEEE = 3

	SelectorCert = 0
	SelectorSPKI = 1

	MatchingFull   = 0
	MatchingSHA256 = 1
	MatchingSHA512 = 2
)

// Record is one TLSA record and its judgement.
type Record struct {
	// Record is the RDATA as published: "usage selector matching-type data".
	Record string `json:"record"`
	// Usage, Selector and MatchingType are the record's parameters.
	Usage        uint8 `json:"usage"`
	Selector     uint8 `json:"selector"`
	MatchingType uint8 `json:"matching_type"`
	// Usable is true for DANE-TA(2)/DANE-EE(3) records with a known
	// selector and matching type and well-formed data.
	Usable bool `json:"usable"`
	// Problem says why the record is not usable.
	Problem Problem `json:"problem,omitempty"`

	data []byte
}

// Host is the DANE judgement of one MX host.
type Host struct {
	// Host is the MX host name (no trailing dot).
	Host string `json:"host"`
	// Name is the TLSA owner name asked: _25._tcp.<host>.
	Name string `json:"name"`
	// Status is valid, absent, unusable, bogus, mismatch or unknown.
	Status Status `json:"status"`
	// Zone is the zone that signed the TLSA RRset (the RRSIG's signer).
	Zone string `json:"zone,omitempty"`
	// ZoneDNSSEC is that zone's DNSSEC state (internal/dnssec).
	ZoneDNSSEC dnssec.Status `json:"zone_dnssec,omitempty"`
	// Records are the TLSA records with their judgement.
	Records []Record `json:"records"`
	// Rollover is true when at least two distinct usable records are
	// published (RFC 7671 §8.1).
	Rollover bool `json:"rollover"`
	// Detail explains the status.
	Detail string `json:"detail"`

	sigFailure bool
}

// SignatureFailure reports whether a bogus host is bogus because DNSSEC
// failed (signatures or the signing zone), not because of its records.
func (h Host) SignatureFailure() bool { return h.sigFailure }

// HostInput is what a host's judgement reads.
type HostInput struct {
	// Host is the MX host name.
	Host string
	// TLSA is the answer to the TLSA question for Name(Host), with RRSIGs.
	TLSA resolver.Answer
	// Zone is the DNSSEC judgement of Signer(TLSA) (ignored when the answer
	// has no RRSIG).
	Zone dnssec.Judgement
	// DNSKEY is the signer zone's DNSKEY answer, to verify the RRSIGs.
	DNSKEY resolver.Answer
	// Enclosing is the DNSSEC judgement of a zone known to contain the TLSA
	// name (the audited domain's), read when the answer has no RRSIG: if
	// that zone's state is unknown, so is whether the TLSA RRset should
	// have been signed. Nil when no such zone is known.
	Enclosing *dnssec.Judgement
	// Now is the instant signatures must be valid at.
	Now time.Time
}

// Name is the TLSA owner name of an SMTP server on port 25 (RFC 7672 §2.2),
// fully qualified.
func Name(host string) string {
	return "_25._tcp." + dns.Fqdn(strings.ToLower(host))
}

// Signer is the zone whose RRSIG covers the TLSA answer (the first such
// signature's signer name, fully qualified and lower case); "" when the
// answer carries none.
func Signer(a resolver.Answer) string {
	for _, sig := range a.Sigs {
		if sig.TypeCovered == dns.TypeTLSA {
			return dns.CanonicalName(sig.SignerName)
		}
	}
	return ""
}

// Judge decides the DANE state of one host (see the package documentation).
func Judge(in HostInput) Host {
	h := Host{Host: strings.TrimSuffix(strings.ToLower(in.Host), "."), Name: strings.TrimSuffix(Name(in.Host), "."), Records: []Record{}}
	switch in.TLSA.Status {
	case resolver.StatusRecords:
	case resolver.StatusNoData, resolver.StatusNXDomain:
		h.Status, h.Detail = StatusAbsent, h.Name+" has no TLSA records"
		return h
	default:
		reason := in.TLSA.Reason
		if reason == "" {
			reason = "no answer"
		}
		h.Status, h.Detail = StatusUnknown, "the TLSA lookup for "+h.Name+" failed: "+reason
		return h
	}
	for _, rr := range in.TLSA.Records {
		if t, ok := rr.(*dns.TLSA); ok {
			h.Records = append(h.Records, judgeRecord(t))
		}
	}
	signer := Signer(in.TLSA)
	if signer == "" {
		if in.Enclosing != nil && in.Enclosing.Status == dnssec.StatusUnknown {
			h.Status = StatusUnknown
			h.Detail = "the TLSA RRset of " + h.Name + " carries no RRSIG and the DNSSEC state of its enclosing zone is unknown: " + in.Enclosing.Detail
			return h
		}
		h.Status = StatusUnusable
		h.Detail = "the TLSA RRset of " + h.Name + " carries no RRSIG: its zone is not DNSSEC-signed, and senders treat insecure TLSA records as absent (RFC 7672 §2.2)"
		return h
	}
	h.Zone, h.ZoneDNSSEC = strings.TrimSuffix(signer, "."), in.Zone.Status
	switch in.Zone.Status {
	case dnssec.StatusSigned:
	case dnssec.StatusUnsigned:
		h.Status = StatusUnusable
		h.Detail = "the TLSA RRset of " + h.Name + " is signed by " + h.Zone + ", which has no DS at its parent: the records are insecure and senders treat them as absent (RFC 7672 §2.2)"
		return h
	case dnssec.StatusBogus:
		h.Status, h.sigFailure = StatusBogus, true
		h.Detail = "the zone " + h.Zone + " that signs the TLSA RRset of " + h.Name + " is bogus: " + in.Zone.Detail
		return h
	default:
		h.Status = StatusUnknown
		h.Detail = "the DNSSEC state of " + h.Zone + ", which signs the TLSA RRset of " + h.Name + ", is unknown: " + in.Zone.Detail
		return h
	}
	if !dns.IsSubDomain(signer, dns.CanonicalName(in.TLSA.Records[0].Header().Name)) {
		h.Status, h.sigFailure = StatusBogus, true
		h.Detail = "the TLSA RRset of " + h.Name + " is signed by " + h.Zone + ", which is not an ancestor of the name (RFC 4035 §5.3.1)"
		return h
	}
	if err := dnssec.VerifyAnswer(signer, in.DNSKEY, in.TLSA, in.Now); err != nil {
		h.Status, h.sigFailure = StatusBogus, true
		h.Detail = fmt.Sprintf("the TLSA RRset of %s: %v (RFC 4035 §5.3)", h.Name, err)
		return h
	}
	usable, malformed := 0, 0
	seen := map[string]bool{}
	for _, r := range h.Records {
		switch {
		case r.Usable:
			if key := r.Record; !seen[key] {
				seen[key] = true
				usable++
			}
		case r.Problem == ProblemMalformedData:
			malformed++
		}
	}
	h.Rollover = usable >= 2
	switch {
	case usable > 0:
		h.Status = StatusValid
		h.Detail = fmt.Sprintf("%d usable TLSA record(s) at %s, signed by %s and validated", usable, h.Name, h.Zone)
	case malformed > 0:
		h.Status = StatusBogus
		h.Detail = "the TLSA RRset of " + h.Name + " is DNSSEC-secure but no record is usable and " + plural(malformed, "record is", "records are") + " malformed (RFC 6698 §2.1.3)"
	default:
		h.Status = StatusUnusable
		h.Detail = "the TLSA RRset of " + h.Name + " is DNSSEC-secure but no record has parameters SMTP can use (DANE-TA(2) or DANE-EE(3), selector 0/1, matching type 0/1/2; RFC 7672 §3.1)"
	}
	return h
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// judgeRecord checks one record's parameters and data for SMTP.
func judgeRecord(t *dns.TLSA) Record {
	r := Record{Record: fmt.Sprintf("%d %d %d %s", t.Usage, t.Selector, t.MatchingType, strings.ToLower(t.Certificate)),
		Usage: t.Usage, Selector: t.Selector, MatchingType: t.MatchingType}
	data, err := hex.DecodeString(t.Certificate)
	if err != nil {
		data = nil
	}
	r.data = data
	switch {
	case t.Usage == UsagePKIXTA || t.Usage == UsagePKIXEE:
		r.Problem = ProblemPKIXUsage
	case t.Usage > UsageDANEEE:
		r.Problem = ProblemUnsupportedUsage
	case t.Selector > SelectorSPKI:
		r.Problem = ProblemUnsupportedSelector
	case t.MatchingType > MatchingSHA512:
		r.Problem = ProblemUnsupportedMatchingType
	case !wellFormed(t.Selector, t.MatchingType, data, err):
		r.Problem = ProblemMalformedData
	default:
		r.Usable = true
	}
	return r
}

// wellFormed checks the association data against the matching type.
func wellFormed(selector, matching uint8, data []byte, hexErr error) bool {
	if hexErr != nil || len(data) == 0 {
		return false
	}
	switch matching {
	case MatchingSHA256:
		return len(data) == sha256.Size
	case MatchingSHA512:
		return len(data) == sha512.Size
	}
	if selector == SelectorCert {
		_, err := x509.ParseCertificate(data)
		return err == nil
	}
	_, err := x509.ParsePKIXPublicKey(data)
	return err == nil
}

// Matches reports whether the usable record r designates cert: the whole
// certificate (selector 0) or its SubjectPublicKeyInfo (selector 1), in
// full or hashed as the matching type says (RFC 6698 §2.1). For DANE-EE(3)
// cert is the server's own certificate, for DANE-TA(2) a certificate of its
// chain. A record that is not usable matches nothing.
func (r Record) Matches(cert *x509.Certificate) bool {
	if !r.Usable || cert == nil {
		return false
	}
	return bytes.Equal(Association(cert, r.Selector, r.MatchingType), r.data)
}

// Association computes the association data of cert for a selector and
// matching type, as a TLSA record publishes it (nil for values outside
// the registries).
func Association(cert *x509.Certificate, selector, matching uint8) []byte {
	var in []byte
	switch selector {
	case SelectorCert:
		in = cert.Raw
	case SelectorSPKI:
		in = cert.RawSubjectPublicKeyInfo
	default:
		return nil
	}
	switch matching {
	case MatchingFull:
		return in
	case MatchingSHA256:
		sum := sha256.Sum256(in)
		return sum[:]
	case MatchingSHA512:
		sum := sha512.Sum512(in)
		return sum[:]
	}
	return nil
}

// Domain combines the hosts' states into the domain's: the worst of bogus,
// mismatch, unusable, absent, unknown, valid in that order (a host that certainly
// lacks DANE outweighs one that could not be checked); not applicable
// without hosts.
func Domain(hosts []Host) Status {
	if len(hosts) == 0 {
		return StatusNotApplicable
	}
	rank := map[Status]int{StatusBogus: 0, StatusMismatch: 1, StatusUnusable: 2, StatusAbsent: 3, StatusUnknown: 4, StatusValid: 5}
	worst := StatusValid
	for _, h := range hosts {
		if rank[h.Status] < rank[worst] {
			worst = h.Status
		}
	}
	return worst
}
