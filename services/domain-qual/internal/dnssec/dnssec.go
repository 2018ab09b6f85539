// Package dnssec judges a zone apex's DNSSEC state from the records
// themselves (RFC 4033, 4034, 4035), with github.com/miekg/dns doing the
// cryptography. The dns-audit and classify call the same Judge on the same
// questions, so their answers agree (classify's dnssec_validated is true
// exactly when the status is signed).
//
// The judgement, in order (RFC 4035 §5 names the steps):
//
//  1. DS of the apex, answered by the parent: a failed lookup is unknown;
//     NODATA or NXDOMAIN is unsigned (no chain of trust from the parent,
//     RFC 4035 §5.2, §4.3 "insecure").
//  2. The DS RRset is filtered to what is implemented: algorithms RSASHA1
//     (5), RSASHA1-NSEC3-SHA1 (7), RSASHA256 (8), RSASHA512 (10),
//     ECDSAP256SHA256 (13), ECDSAP384SHA384 (14), ED25519 (15); digest
//     types SHA-1 (1), SHA-256 (2), SHA-384 (4), SHA-1 DS records being
//     ignored when a stronger digest is present (RFC 4509 §3). When nothing
//     is left, RFC 4035 §5.2 says to treat the zone as insecure; it is
//     reported unknown here (the zone may well be signed, this check cannot
//     tell), never unsigned.
//  3. DNSKEY of the apex: a failed lookup is unknown; none at all while the
//     parent publishes a DS is bogus (RFC 4035 §5.2).
//  4. When no answer carries any RRSIG although the parent publishes a DS,
//     the resolver is taken to strip DNSSEC records (no DO support): unknown.
//  5. A DS must match a zone key of the DNSKEY RRset: same key tag and
//     algorithm, digest of the key equal to the DS digest (RFC 4035 §5.2);
//     otherwise bogus.
//  6. The DNSKEY RRset must carry an RRSIG made by a DS-matched key that
//     verifies and is within its validity period at Now (RFC 4035 §5.3.1,
//     §5.3.3); otherwise bogus.
//  7. Every answered data RRset of the zone (the apex SOA, the apex MX) must
//     carry an RRSIG by the apex that verifies with a key of the DNSKEY
//     RRset and is within its validity period; otherwise bogus (RFC 4035
//     §5.3, §5.5). Data answers that failed, are negative or lie outside the
//     zone are not judged; when no data RRset could be checked the status is
//     unknown.
//  8. Otherwise signed.
//
// The DS RRset itself is taken as the parent served it: the chain from the
// root to the parent is not validated here. The resolver's AD bit over the
// same answers is reported next to the status as a second signal
// (ResolverAD), not required. Behind a validating resolver a bogus zone
// usually answers SERVFAIL, which shows as unknown.
package dnssec

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// Status is the DNSSEC state of a zone apex.
type Status string

// Statuses.
const (
	// StatusSigned: the parent's DS matches a key that signs the DNSKEY set
	// and the zone's signatures over the checked answers verify.
	StatusSigned Status = "signed"
	// StatusUnsigned: the parent has no DS for the apex (NODATA).
	StatusUnsigned Status = "unsigned"
	// StatusBogus: a DS exists but a signature is missing, fails, is outside
	// its validity period, or no DNSKEY matches the DS.
	StatusBogus Status = "bogus"
	// StatusUnknown: a lookup failed, or the answers cannot be judged.
	StatusUnknown Status = "unknown"
)

// Input is what a judgement reads.
type Input struct {
	// Apex is the zone apex judged (e.g. "example.com" or "example.com.").
	Apex string
	// DS is the answer to the DS question for Apex (the parent answers it).
	DS resolver.Answer
	// DNSKEY is the answer to the DNSKEY question for Apex, with its RRSIGs.
	DNSKEY resolver.Answer
	// Data are answers from the zone with their RRSIGs: the apex SOA, and
	// the apex MX when it was asked.
	Data []resolver.Answer
	// Now is the instant signatures must be valid at.
	Now time.Time
}

// Judgement is the DNSSEC state of an apex.
type Judgement struct {
	// Status is signed, unsigned, bogus or unknown.
	Status Status
	// Detail explains the status in one sentence.
	Detail string
	// ResolverAD is true when every definite answer judged (DS, DNSKEY,
	// data) carried the resolver's AD bit: the resolver validated them too.
	ResolverAD bool
}

// Resolver answers one DNS question (satisfied by *resolver.Resolver and
// the audit's session).
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// Check asks, concurrently, the questions a judgement of apex reads — DS,
// DNSKEY and SOA of apex, and MX of apex when name (the domain looked at)
// is the apex itself — and judges the answers at now.
func Check(ctx context.Context, r Resolver, apex, name string, now time.Time) Judgement {
	apex = dns.CanonicalName(apex)
	qtypes := []uint16{dns.TypeDS, dns.TypeDNSKEY, dns.TypeSOA}
	if dns.CanonicalName(name) == apex {
		qtypes = append(qtypes, dns.TypeMX)
	}
	answers := make([]resolver.Answer, len(qtypes))
	var wg sync.WaitGroup
	for i, t := range qtypes {
		wg.Go(func() { answers[i] = r.Lookup(ctx, apex, t) })
	}
	wg.Wait()
	return Judge(Input{Apex: apex, DS: answers[0], DNSKEY: answers[1], Data: answers[2:], Now: now})
}

// Judge decides the DNSSEC state of in.Apex from the answers (see the
// package documentation for the rules).
func Judge(in Input) Judgement {
	apex := dns.CanonicalName(in.Apex)
	show := strings.TrimSuffix(apex, ".")
	j := func(s Status, format string, args ...any) Judgement {
		return Judgement{Status: s, Detail: fmt.Sprintf(format, args...), ResolverAD: resolverAD(in)}
	}

	// 1. The parent's DS RRset.
	switch in.DS.Status {
	case resolver.StatusRecords:
	case resolver.StatusNoData, resolver.StatusNXDomain:
		detail := "the parent zone publishes no DS record for " + show + ", so no chain of trust leads to the zone"
		if in.DNSKEY.Status == resolver.StatusRecords {
			detail += " (the zone publishes DNSKEY records, but without a DS at the parent no validator uses them)"
		}
		return j(StatusUnsigned, "%s", detail)
	default:
		return j(StatusUnknown, "the DS lookup for %s failed: %s", show, reason(in.DS))
	}

	// 2. The DS records this check can use.
	var dss []*dns.DS
	for _, rr := range in.DS.Records {
		if ds, ok := rr.(*dns.DS); ok && supportedAlgorithm(ds.Algorithm) && supportedDigest(ds.DigestType) {
			dss = append(dss, ds)
		}
	}
	if slices.ContainsFunc(dss, func(ds *dns.DS) bool { return ds.DigestType != dns.SHA1 }) {
		dss = slices.DeleteFunc(dss, func(ds *dns.DS) bool { return ds.DigestType == dns.SHA1 })
	}
	if len(dss) == 0 {
		return j(StatusUnknown, "the DS records of %s use only algorithms or digest types this check does not implement (%s); validators without them treat the zone as insecure (RFC 4035 §5.2)",
			show, describeDS(in.DS.Records))
	}

	// 3. The zone's keys.
	switch in.DNSKEY.Status {
	case resolver.StatusRecords:
	case resolver.StatusNoData, resolver.StatusNXDomain:
		return j(StatusBogus, "the parent publishes a DS record for %s but the zone serves no DNSKEY records (RFC 4035 §5.2)", show)
	default:
		return j(StatusUnknown, "the DNSKEY lookup for %s failed: %s", show, reason(in.DNSKEY))
	}
	var keys []*dns.DNSKEY
	for _, rr := range in.DNSKEY.Records {
		if k, ok := rr.(*dns.DNSKEY); ok {
			keys = append(keys, k)
		}
	}

	// 4. Signatures stripped on the way.
	if len(in.DNSKEY.Sigs) == 0 && !slices.ContainsFunc(in.Data, func(a resolver.Answer) bool { return len(a.Sigs) > 0 }) {
		return j(StatusUnknown, "the parent publishes a DS record for %s but the answers carry no RRSIG records: the resolver does not return DNSSEC records", show)
	}

	// 5. A DS must match a zone key.
	var anchors []*dns.DNSKEY
	for _, k := range keys {
		if k.Flags&dns.ZONE != 0 && k.Flags&dns.REVOKE == 0 && k.Protocol == 3 && slices.ContainsFunc(dss, func(ds *dns.DS) bool { return matches(ds, k) }) {
			anchors = append(anchors, k)
		}
	}
	if len(anchors) == 0 {
		return j(StatusBogus, "no DNSKEY of %s matches the parent's DS (%s): validators cannot authenticate the zone's keys (RFC 4035 §5.2)", show, describeDS(in.DS.Records))
	}

	// 6. The DNSKEY RRset, signed by a DS-matched key.
	if err := verifyRRset(apex, in.DNSKEY.Records, in.DNSKEY.Sigs, anchors, "a key the DS designates", in.Now); err != nil {
		return j(StatusBogus, "the DNSKEY RRset of %s: %v (RFC 4035 §5.2, §5.3)", show, err)
	}

	// 7. The zone's data.
	var checked []string
	for _, a := range in.Data {
		if a.Status != resolver.StatusRecords || len(a.Records) == 0 || !dns.IsSubDomain(apex, dns.CanonicalName(a.Records[0].Header().Name)) {
			continue
		}
		typ := dns.TypeToString[a.Records[0].Header().Rrtype]
		if err := verifyRRset(apex, a.Records, a.Sigs, keys, "in the DNSKEY RRset", in.Now); err != nil {
			return j(StatusBogus, "the %s RRset of %s: %v (RFC 4035 §5.3)", typ, strings.TrimSuffix(dns.CanonicalName(a.Records[0].Header().Name), "."), err)
		}
		checked = append(checked, typ)
	}
	if len(checked) == 0 {
		return j(StatusUnknown, "the DS and DNSKEY records of %s validate but no signed answer from the zone could be checked", show)
	}

	// 8. Signed.
	sigs := "the RRSIG over the " + checked[0] + " RRset verifies and is within its validity period"
	if len(checked) > 1 {
		sigs = "the RRSIGs over the " + strings.Join(checked, " and ") + " RRsets verify and are within their validity period"
	}
	return j(StatusSigned, "the parent's DS matches the %s key-signing key of %s, which signs the DNSKEY RRset; %s",
		algorithmName(anchors[0].Algorithm), show, sigs)
}

// VerifyAnswer checks the signatures of one answer from zone (apex
// fully qualified or not): one of data's RRSIGs made by zone with a key of
// the DNSKEY answer must verify and be valid at now (RFC 4035 §5.3). It is
// the check Judge applies to the apex SOA and MX, for answers judged
// elsewhere (the TLSA RRsets of the dns-audit's DANE check) once Judge has
// found zone signed; nil means the answer is authentic.
func VerifyAnswer(zone string, dnskey, data resolver.Answer, now time.Time) error {
	zone = dns.CanonicalName(zone)
	if data.Status != resolver.StatusRecords || len(data.Records) == 0 {
		return errors.New("no records to verify")
	}
	var keys []*dns.DNSKEY
	for _, rr := range dnskey.Records {
		if k, ok := rr.(*dns.DNSKEY); ok {
			keys = append(keys, k)
		}
	}
	return verifyRRset(zone, data.Records, data.Sigs, keys, "in the DNSKEY RRset", now)
}

// verifyRRset succeeds when one RRSIG over rrset made by the apex with one
// of keys verifies and is valid at now (RFC 4035 §5.3). The error names the
// most telling failure: a signature outside its validity period, then one
// that does not verify, then a signature by a key not in keys (described
// by keysDesc), then none.
func verifyRRset(apex string, rrset []dns.RR, sigs []*dns.RRSIG, keys []*dns.DNSKEY, keysDesc string, now time.Time) error {
	var period, bad, nokey error
	candidates := 0
	for _, sig := range sigs {
		if dns.CanonicalName(sig.SignerName) != apex || sig.TypeCovered != rrset[0].Header().Rrtype || !supportedAlgorithm(sig.Algorithm) {
			continue
		}
		candidates++
		found := false
		for _, k := range keys {
			if k.KeyTag() != sig.KeyTag || k.Algorithm != sig.Algorithm {
				continue
			}
			found = true
			if err := sig.Verify(k, rrset); err != nil {
				bad = fmt.Errorf("the RRSIG by key tag %d does not verify (%w)", sig.KeyTag, err)
				continue
			}
			if !sig.ValidityPeriod(now) {
				period = validityError(sig, now)
				continue
			}
			return nil
		}
		if !found {
			nokey = fmt.Errorf("the RRSIG names key tag %d (%s), which is not %s", sig.KeyTag, algorithmName(sig.Algorithm), keysDesc)
		}
	}
	switch {
	case period != nil:
		return period
	case bad != nil:
		return bad
	case nokey != nil:
		return nokey
	case candidates == 0 && len(sigs) > 0:
		return errors.New("no RRSIG by the zone with an implemented algorithm covers it")
	}
	return errors.New("no RRSIG covers it")
}

// validityError says how sig's validity period misses now.
func validityError(sig *dns.RRSIG, now time.Time) error {
	exp := serialTime(sig.Expiration, now)
	if now.After(exp) {
		return fmt.Errorf("the RRSIG expired at %s", exp.UTC().Format(time.RFC3339))
	}
	return fmt.Errorf("the RRSIG is not valid before %s", serialTime(sig.Inception, now).UTC().Format(time.RFC3339))
}

// serialTime maps a 32-bit RRSIG timestamp to the instant closest to now
// (RFC 4034 §3.1.5: serial number arithmetic modulo 2^32).
func serialTime(ts uint32, now time.Time) time.Time {
	diff := int32(ts - uint32(now.Unix()))
	return now.Add(time.Duration(diff) * time.Second).Truncate(time.Second)
}

// matches reports whether ds designates key (RFC 4035 §5.2: owner, key
// tag, algorithm and digest).
func matches(ds *dns.DS, key *dns.DNSKEY) bool {
	if ds.KeyTag != key.KeyTag() || ds.Algorithm != key.Algorithm || dns.CanonicalName(ds.Hdr.Name) != dns.CanonicalName(key.Hdr.Name) {
		return false
	}
	d := key.ToDS(ds.DigestType)
	return d != nil && strings.EqualFold(d.Digest, ds.Digest)
}

func supportedAlgorithm(alg uint8) bool {
	switch alg {
	case dns.RSASHA1, dns.RSASHA1NSEC3SHA1, dns.RSASHA256, dns.RSASHA512, dns.ECDSAP256SHA256, dns.ECDSAP384SHA384, dns.ED25519:
		return true
	}
	return false
}

func supportedDigest(t uint8) bool {
	return t == dns.SHA1 || t == dns.SHA256 || t == dns.SHA384
}

func algorithmName(alg uint8) string {
	if n, ok := dns.AlgorithmToString[alg]; ok {
		return n
	}
	return fmt.Sprintf("algorithm %d", alg)
}

// describeDS lists the DS records as "key tag T, ALG, DIGEST".
func describeDS(rrs []dns.RR) string {
	var parts []string
	for _, rr := range rrs {
		if ds, ok := rr.(*dns.DS); ok {
			digest, ok := dns.HashToString[ds.DigestType]
			if !ok {
				digest = fmt.Sprintf("digest type %d", ds.DigestType)
			}
			parts = append(parts, fmt.Sprintf("key tag %d, %s, %s", ds.KeyTag, algorithmName(ds.Algorithm), digest))
		}
	}
	return strings.Join(parts, "; ")
}

func reason(a resolver.Answer) string {
	if a.Reason != "" {
		return a.Reason
	}
	return "no answer"
}

// resolverAD is true when every definite answer of in carried the AD bit
// (false when none is definite).
func resolverAD(in Input) bool {
	definite := 0
	for _, a := range append([]resolver.Answer{in.DS, in.DNSKEY}, in.Data...) {
		if !a.Known() {
			continue
		}
		definite++
		if !a.AuthenticData {
			return false
		}
	}
	return definite > 0
}
