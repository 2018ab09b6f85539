package audit

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/services/domain-qual/internal/dane"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// DANEResult is the DANE for SMTP section (RFC 7672): the TLSA records of
// every MX host, judged by internal/dane over the DNSSEC judgement of the
// zone that signs them.
type DANEResult struct {
	// Status is the domain's state: the worst of its hosts' (bogus,
	// unusable, absent, unknown, valid); not_applicable when the domain
	// receives no mail; unknown when the MX lookup failed.
	Status dane.Status `json:"status"`
	// Hosts are the MX hosts' judgements, in MX order.
	Hosts []dane.Host `json:"hosts"`
	// Findings are DANE problems.
	Findings []finding.Finding `json:"findings"`
	// Reason explains an unknown status.
	Reason string `json:"reason,omitempty"`
}

// IPv6Status says whether the MX hosts can be reached over IPv6.
type IPv6Status string

// IPv6 states of the MX set and of one host.
const (
	IPv6All           IPv6Status = "all"            // every MX host has a public IPv6 address
	IPv6Partial       IPv6Status = "partial"        // some do, some certainly do not
	IPv6None          IPv6Status = "none"           // no MX host has a public IPv6 address
	IPv6Unknown       IPv6Status = "unknown"        // an AAAA (or the MX) lookup failed
	IPv6NotApplicable IPv6Status = "not_applicable" // the domain receives no mail

	IPv6Public    IPv6Status = "public"     // host: at least one AAAA the guard policy calls public
	IPv6NonPublic IPv6Status = "non_public" // host: AAAA records, none public (private, mapped, documentation...)
	IPv6Missing   IPv6Status = "missing"    // host: no AAAA records
)

// MXIPv6Host is one MX host's IPv6 reachability.
type MXIPv6Host struct {
	// Host is the MX host name.
	Host string `json:"host"`
	// Status is public, non_public, missing or unknown.
	Status IPv6Status `json:"status"`
	// Addresses are the host's AAAA addresses as published.
	Addresses []string `json:"addresses"`
}

// MXIPv6Result is the MX-over-IPv6 section: each MX host's AAAA records,
// judged public or not by pkg/evidence/guard (the same policy as the MX
// special_address issue and classify's non_public_address).
type MXIPv6Result struct {
	// Status is all, partial, none, unknown or not_applicable.
	Status IPv6Status `json:"status"`
	// Hosts are the MX hosts (host names only, in MX order).
	Hosts []MXIPv6Host `json:"hosts"`
	// Findings are IPv6 observations (reported under the mx check).
	Findings []finding.Finding `json:"findings"`
}

// judgeTLSAZones judges, with internal/dnssec, every zone other than the
// audited apex that signs an MX host's TLSA RRset (DS, DNSKEY and SOA of
// the zone, one more round, asked only when such a signed RRset exists);
// the apex's judgement is the audit's own and is added by the caller.
func judgeTLSAZones(ctx context.Context, r dnssec.Resolver, m MXResult, apex string, now time.Time) map[string]dnssec.Judgement {
	apex = dns.CanonicalName(apex)
	var zones []string
	names := map[string]string{}
	for _, t := range m.transport {
		signer := dane.Signer(t.tlsa)
		if signer == "" || signer == apex || slices.Contains(zones, signer) {
			continue
		}
		zones = append(zones, signer)
		names[signer] = t.tlsa.Name
	}
	out := make(map[string]dnssec.Judgement, len(zones)+1)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, z := range zones {
		wg.Go(func() {
			j := dnssec.Check(ctx, r, z, names[z], now)
			mu.Lock()
			out[z] = j
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

// daneSection judges every MX host's TLSA answer. zones holds the DNSSEC
// judgements of the signing zones, the audited apex's among them; the
// DNSKEY answers are read back from the session (already asked by those
// judgements).
func daneSection(ctx context.Context, r Resolver, m MXResult, apex string, zones map[string]dnssec.Judgement, now time.Time) DANEResult {
	out := DANEResult{Hosts: []dane.Host{}, Findings: []finding.Finding{}}
	switch m.Status {
	case MXUnknown:
		out.Status, out.Reason = dane.StatusUnknown, "the MX lookup failed, so the MX hosts are not known"
		return out
	case MXNull, MXNone:
		out.Status = dane.StatusNotApplicable
		return out
	}
	for _, rec := range m.Records {
		t, ok := m.transport[rec.Host]
		if !ok {
			continue // an IP literal target has no TLSA name
		}
		in := dane.HostInput{Host: rec.Host, TLSA: t.tlsa, Now: now}
		if own, ok := zones[dns.CanonicalName(apex)]; ok && dns.IsSubDomain(dns.CanonicalName(apex), dane.Name(rec.Host)) {
			in.Enclosing = &own
		}
		if signer := dane.Signer(t.tlsa); signer != "" {
			in.Zone = zones[signer]
			if in.Zone.Status == dnssec.StatusSigned {
				in.DNSKEY = r.Lookup(ctx, signer, dns.TypeDNSKEY)
			}
		}
		out.Hosts = append(out.Hosts, dane.Judge(in))
	}
	out.Status = dane.Domain(out.Hosts)
	if out.Status == dane.StatusUnknown {
		for _, h := range out.Hosts {
			if h.Status == dane.StatusUnknown {
				out.Reason = h.Detail
				break
			}
		}
	}
	return out
}

// daneFindings are the DANE findings of a judged section. apexBogus
// suppresses dane.bogus for hosts whose TLSA lives in the audited zone
// when that zone is bogus (dnssec.bogus already carries it).
func daneFindings(d DANEResult, apex string, apexBogus bool) []finding.Finding {
	var fs []finding.Finding
	var withTLSA, without []string
	valid := 0
	for _, h := range d.Hosts {
		name := h.Name + "."
		switch h.Status {
		case dane.StatusAbsent:
			without = append(without, h.Host)
			continue
		case dane.StatusUnknown:
			continue
		case dane.StatusValid:
			valid++
		}
		withTLSA = append(withTLSA, h.Host)
		evidence := recordsEvidence(h)
		if h.Status == dane.StatusUnusable && h.ZoneDNSSEC != dnssec.StatusSigned {
			zone := h.Zone
			if zone == "" {
				zone = "the zone of " + h.Host
			}
			fs = append(fs, finding.Finding{ID: finding.DANEUnsignedZone, Severity: finding.Medium, RFC: "RFC 7672 §2.2",
				Title: "TLSA records in a zone that is not DNSSEC-signed", Detail: h.Detail + "; DANE does not protect mail to " + h.Host + ".",
				Evidence: evidence, Fix: "Enable DNSSEC signing for " + zone + " and publish its DS record at the registrar; until then senders ignore the TLSA records."})
			continue
		}
		if h.Status == dane.StatusBogus && h.SignatureFailure() {
			if !(apexBogus && h.Zone == strings.TrimSuffix(dns.CanonicalName(apex), ".")) {
				fs = append(fs, finding.Finding{ID: finding.DANEBogus, Severity: finding.High, RFC: "RFC 7672 §2.1.1; RFC 4035 §5.5",
					Title: "the TLSA records fail DNSSEC validation (bogus)", Detail: h.Detail + "; senders that use DANE defer mail to " + h.Host + ".",
					Evidence: evidence, Fix: "Re-sign " + h.Zone + " (renew expired signatures) and make the DS record at the registrar match its current key-signing key."})
			}
			continue
		}
		var pkix, unsupported, malformed []string
		var pkixFix []string
		for _, rec := range h.Records {
			switch rec.Problem {
			case dane.ProblemPKIXUsage:
				pkix = append(pkix, rec.Record)
				usage := dane.UsageDANEEE
				if rec.Usage == dane.UsagePKIXTA {
					usage = dane.UsageDANETA
				}
				pkixFix = append(pkixFix, fmt.Sprintf("%s IN TLSA %d %d %d %s", name, usage, rec.Selector, rec.MatchingType, strings.SplitN(rec.Record, " ", 4)[3]))
			case dane.ProblemUnsupportedUsage, dane.ProblemUnsupportedSelector, dane.ProblemUnsupportedMatchingType:
				unsupported = append(unsupported, rec.Record)
			case dane.ProblemMalformedData:
				malformed = append(malformed, rec.Record)
			}
		}
		if len(pkix) > 0 {
			fix := "Publish the records with the DANE usages instead: " + strings.Join(pkixFix, "; ")
			if slices.ContainsFunc(h.Records, func(r dane.Record) bool { return r.Usage == dane.UsagePKIXTA }) {
				fix += " (a DANE-TA(2) record's certificate must be in the chain the server sends, RFC 7672 §3.1.2)"
			}
			fs = append(fs, finding.Finding{ID: finding.DANEPKIXUsage, Severity: finding.Medium, RFC: "RFC 7672 §3.1.3",
				Title:    "TLSA records use PKIX-TA(0)/PKIX-EE(1), which SMTP does not use",
				Detail:   "SMTP senders ignore PKIX usages (MX hosts are not authenticated through the public CAs); " + h.Host + " is protected only by its DANE-TA(2)/DANE-EE(3) records.",
				Evidence: strings.Join(pkix, "; "), Fix: fix + "."})
		}
		if len(unsupported) > 0 {
			fs = append(fs, finding.Finding{ID: finding.DANEUnsupportedParameters, Severity: finding.Low, RFC: "RFC 6698 §2.1; RFC 7218",
				Title:    "TLSA records with unassigned usage, selector or matching type",
				Detail:   "senders ignore records whose usage is not 0-3, selector not 0-1 or matching type not 0-2.",
				Evidence: strings.Join(unsupported, "; "), Fix: "Replace them with DANE-EE records: " + name + " IN TLSA 3 1 1 <SHA-256 of the server certificate's SubjectPublicKeyInfo>."})
		}
		if len(malformed) > 0 {
			fs = append(fs, finding.Finding{ID: finding.DANEMalformedRecord, Severity: finding.High, RFC: "RFC 6698 §2.1.3",
				Title:    "TLSA records with malformed association data",
				Detail:   "a SHA2-256 digest (matching type 1) is 32 bytes (64 hex digits), a SHA2-512 digest (2) 64 bytes, and full data (0) a DER certificate or SubjectPublicKeyInfo; senders cannot match these records. " + h.Detail + ".",
				Evidence: strings.Join(malformed, "; "),
				Fix:      "Recompute the data, e.g. openssl x509 -in cert.pem -noout -pubkey | openssl pkey -pubin -outform DER | openssl dgst -sha256, and publish " + name + " IN TLSA 3 1 1 <that digest>."})
		}
		if h.Status == dane.StatusValid && !h.Rollover {
			fs = append(fs, finding.Finding{ID: finding.DANENoRollover, Severity: finding.Info, RFC: "RFC 7671 §8.1",
				Title:    "one usable TLSA record: no rollover scheme",
				Detail:   h.Host + " publishes a single usable TLSA record, so replacing its key or certificate breaks DANE until the new record is published and cached.",
				Evidence: evidence,
				Fix:      "Publish the next key's record beside the current one before the key changes (" + name + " IN TLSA 3 1 1 <SHA-256 of the next key's SubjectPublicKeyInfo>), or add a DANE-TA record (2 1 1) of the issuing CA."})
		}
	}
	switch {
	case len(without) > 0 && len(withTLSA) == 0 && !slices.ContainsFunc(d.Hosts, func(h dane.Host) bool { return h.Status == dane.StatusUnknown }):
		fs = append(fs, finding.Finding{ID: finding.DANEMissing, Severity: finding.Info, RFC: "RFC 7672 §1.3",
			Title:    "no MX host publishes TLSA records (no DANE)",
			Detail:   "senders cannot authenticate the MX hosts through DNSSEC, so an attacker on the path can strip STARTTLS or present another certificate; MTA-STS is the alternative without DNSSEC.",
			Evidence: "no TLSA at " + strings.Join(tlsaNames(without), ", "),
			Fix:      "With the MX hosts' zone DNSSEC-signed, publish per MX host " + tlsaNames(without)[0] + ". IN TLSA 3 1 1 <SHA-256 of the server certificate's SubjectPublicKeyInfo> plus a record for the next key; an MX host run by a provider needs the provider to do so."})
	case len(without) > 0 && valid > 0:
		fs = append(fs, finding.Finding{ID: finding.DANEPartial, Severity: finding.Low, RFC: "RFC 7672 §2.2",
			Title:    "only some MX hosts publish TLSA records",
			Detail:   "an attacker who blocks the DANE-protected hosts makes senders deliver to " + strings.Join(without, ", ") + " without authentication.",
			Evidence: "no TLSA at " + strings.Join(tlsaNames(without), ", "),
			Fix:      "Publish TLSA records for " + strings.Join(without, ", ") + " as for the other MX hosts, or remove them from the MX set."})
	}
	return fs
}

func tlsaNames(hosts []string) []string {
	out := make([]string, len(hosts))
	for i, h := range hosts {
		out[i] = strings.TrimSuffix(dane.Name(h), ".")
	}
	return out
}

func recordsEvidence(h dane.Host) string {
	parts := make([]string, len(h.Records))
	for i, r := range h.Records {
		parts[i] = h.Name + " TLSA " + r.Record
	}
	return strings.Join(parts, "; ")
}

// ipv6Section judges each MX host's AAAA records with the guard policy.
func ipv6Section(m MXResult) MXIPv6Result {
	out := MXIPv6Result{Hosts: []MXIPv6Host{}, Findings: []finding.Finding{}}
	switch m.Status {
	case MXUnknown:
		out.Status = IPv6Unknown
		return out
	case MXNull, MXNone:
		out.Status = IPv6NotApplicable
		return out
	}
	public, lacking, unknown := 0, 0, 0
	for _, rec := range m.Records {
		t, ok := m.transport[rec.Host]
		if !ok {
			continue
		}
		h := MXIPv6Host{Host: rec.Host, Addresses: []string{}}
		for _, ip := range resolver.Addresses(t.aaaa) {
			h.Addresses = append(h.Addresses, ip.String())
			if _, ok := guard.Classify(ip); ok && h.Status != IPv6Public {
				h.Status = IPv6Public
			}
		}
		switch {
		case h.Status == IPv6Public:
			public++
		case len(h.Addresses) > 0:
			h.Status = IPv6NonPublic
			lacking++
		case t.aaaa.Known():
			h.Status = IPv6Missing
			lacking++
		default:
			h.Status = IPv6Unknown
			unknown++
		}
		out.Hosts = append(out.Hosts, h)
	}
	switch {
	case len(out.Hosts) == 0:
		out.Status = IPv6NotApplicable
	case unknown > 0 && (public == 0 || lacking == 0):
		out.Status = IPv6Unknown
	case lacking == 0:
		out.Status = IPv6All
	case public > 0:
		out.Status = IPv6Partial
	default:
		out.Status = IPv6None
	}
	if out.Status == IPv6None {
		var evidence []string
		for _, h := range out.Hosts {
			e := h.Host + ": no AAAA"
			if len(h.Addresses) > 0 {
				e = h.Host + ": AAAA " + strings.Join(h.Addresses, ", ") + " (not public)"
			}
			evidence = append(evidence, e)
		}
		out.Findings = append(out.Findings, finding.Finding{ID: finding.MXNoPublicIPv6, Severity: finding.Info, RFC: "RFC 3596; RFC 5321 §5.1",
			Title:    "no MX host has a public IPv6 address",
			Detail:   "senders that reach the internet only over IPv6 cannot deliver mail to the domain.",
			Evidence: strings.Join(evidence, "; "),
			Fix:      "Give the MX hosts public IPv6 addresses, accept SMTP on them, and publish them: " + out.Hosts[0].Host + ". IN AAAA <public IPv6 address>."})
	}
	return out
}
