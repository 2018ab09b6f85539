// Package resolver answers DNS questions for the domain-qual analyses over
// the real DNS protocol (github.com/miekg/dns).
package resolver

import (
	"net/netip"

	"github.com/miekg/dns"
)

// Status says what DNS told us about one question. Analyses must treat
// StatusUnknown as "could not tell", never as "absent".
type Status string

const (
	StatusRecords  Status = "records"  // the name has records of the asked type
	StatusNoData   Status = "nodata"   // the name exists, no records of that type
	StatusNXDomain Status = "nxdomain" // the name does not exist
	StatusUnknown  Status = "unknown"  // timeout, SERVFAIL, REFUSED, network error...
)

// Answer is the outcome of one question.
type Answer struct {
	Name    string   // the question name, fully qualified, lower case
	Type    uint16   // the question type (dns.TypeA, ...)
	Status  Status   //
	Records []dns.RR // answer-section records of Type (CNAMEs followed); empty unless StatusRecords
	// Sigs are the answer-section RRSIGs covering Records (same owner,
	// type covered = Type), as the server returned them to a query with the
	// DO bit set; empty when the zone is unsigned or the server strips
	// them. They are not validated here (see internal/dnssec).
	Sigs []*dns.RRSIG
	// CNAMEs lists the CNAME chain followed from Name, in order (targets).
	CNAMEs []string
	// TTL is the smallest TTL of the records (or the negative-caching TTL
	// from the SOA for NODATA/NXDOMAIN); 0 when unknown.
	TTL uint32
	// AuthenticData is the AD bit of the response (DNSSEC validated by the resolver).
	AuthenticData bool
	// Reason explains StatusUnknown ("timeout", "SERVFAIL", ...).
	Reason string
}

// clone copies the slices so callers cannot alter a shared or cached answer's
// lists (the records and signatures themselves are shared and must be
// treated as read-only).
func (a Answer) clone() Answer {
	a.Records = append([]dns.RR(nil), a.Records...)
	a.Sigs = append([]*dns.RRSIG(nil), a.Sigs...)
	a.CNAMEs = append([]string(nil), a.CNAMEs...)
	return a
}

// Known reports whether DNS gave a definite answer (records, NODATA or NXDOMAIN).
func (a Answer) Known() bool { return a.Status != StatusUnknown && a.Status != "" }

// Exists reports whether the name exists; false with ok=false when unknown.
func (a Answer) Exists() (exists, ok bool) {
	switch a.Status {
	case StatusRecords, StatusNoData:
		return true, true
	case StatusNXDomain:
		return false, true
	}
	return false, false
}

// Addresses returns the addresses of the A and AAAA records among the
// answers, in order: an A record as an IPv4 address, an AAAA record as the
// IPv6 address it carries, even when that is an IPv4-mapped (::ffff:0:0/96)
// form, so that every analysis judges the same address
// (pkg/evidence/guard.Classify) and reports it as published.
func Addresses(answers ...Answer) []netip.Addr {
	var out []netip.Addr
	for _, a := range answers {
		for _, rr := range a.Records {
			switch v := rr.(type) {
			case *dns.A:
				if ip, ok := netip.AddrFromSlice(v.A.To4()); ok {
					out = append(out, ip)
				}
			case *dns.AAAA:
				if ip, ok := netip.AddrFromSlice(v.AAAA.To16()); ok {
					out = append(out, ip)
				}
			}
		}
	}
	return out
}
