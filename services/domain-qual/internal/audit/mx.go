package audit

import (
	"context"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/services/domain-qual/internal/dane"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// MXStatus says how the domain receives mail.
type MXStatus string

// MX statuses.
const (
	MXFound    MXStatus = "found"    // MX records name mail hosts
	MXNull     MXStatus = "null_mx"  // RFC 7505 null MX: the domain accepts no mail
	MXImplicit MXStatus = "implicit" // no MX, but A/AAAA: mail goes to the domain itself (RFC 5321 §5.1)
	MXNone     MXStatus = "none"     // no MX and no address: the domain cannot receive mail
	MXUnknown  MXStatus = "unknown"  // DNS failure
)

// MXIssue is a problem with one MX target.
type MXIssue string

// MX target issues.
const (
	IssueCNAMETarget    MXIssue = "cname_target"      // target is an alias (RFC 2181 §10.3)
	IssueIPLiteral      MXIssue = "ip_literal_target" // target is written as an IP address (RFC 1035 §3.3.9)
	IssueSpecialAddress MXIssue = "special_address"   // resolves to a private, loopback or other special-use address
	IssueUnresolvable   MXIssue = "unresolvable"      // target has no A or AAAA record
	IssueAddressUnknown MXIssue = "address_unknown"   // address lookup failed (SERVFAIL/timeout)
)

// MXHost is one mail exchanger.
type MXHost struct {
	// Host is the target name without trailing dot.
	Host string `json:"host"`
	// Preference is the MX preference (lower is tried first).
	Preference uint16 `json:"preference"`
	// Addresses are the target's IPv4 and IPv6 addresses.
	Addresses []string `json:"addresses"`
	// Issues are the target's problems.
	Issues []MXIssue `json:"issues"`
}

// MXResult is the MX section of the audit.
type MXResult struct {
	// Status says how the domain receives mail.
	Status MXStatus `json:"status"`
	// Records are the mail exchangers sorted by preference (for implicit MX,
	// the domain itself at preference 0).
	Records []MXHost `json:"records"`
	// NullMX is true when the domain publishes the RFC 7505 null MX.
	NullMX bool `json:"null_mx"`
	// ImplicitMX is true when mail falls back to the domain's A/AAAA.
	ImplicitMX bool `json:"implicit_mx"`
	// Findings are MX problems.
	Findings []finding.Finding `json:"findings"`
	// Reason explains an unknown status.
	Reason string `json:"reason,omitempty"`

	// transport holds, per MX host name, the AAAA and TLSA answers the DANE
	// and IPv6 sections read (asked beside the host's A question).
	transport map[string]hostTransport
}

// hostTransport is what the DANE and IPv6 sections read of one MX host.
type hostTransport struct {
	aaaa resolver.Answer
	tlsa resolver.Answer
}

// hosts returns the MX host names (not for null MX).
func (m MXResult) hosts() []string {
	var out []string
	if m.Status != MXFound {
		return out
	}
	for _, r := range m.Records {
		out = append(out, r.Host)
	}
	return out
}

// checkMX resolves the MX set and the targets' addresses and TLSA records
// (one round for all targets: the TLSA question of a host goes out with its
// A and AAAA questions). apexA/apexAAAA are the domain's own address answers, used for
// the implicit MX.
func checkMX(ctx context.Context, r Resolver, domain string, mx, apexA, apexAAAA func() resolver.Answer) MXResult {
	res := MXResult{Records: []MXHost{}, Findings: []finding.Finding{}, transport: map[string]hostTransport{}}
	a := mx()
	switch a.Status {
	case resolver.StatusUnknown:
		res.Status, res.Reason = MXUnknown, "MX lookup: "+a.Reason
		return res
	case resolver.StatusNXDomain, resolver.StatusNoData:
		v4, v6 := apexA(), apexAAAA()
		host := MXHost{Host: domain, Addresses: []string{}, Issues: []MXIssue{}}
		addAddresses(&host, v4, v6)
		switch {
		case len(host.Addresses) > 0:
			res.Status, res.ImplicitMX = MXImplicit, true
			// RFC 7672 §2.2.2: without MX, the TLSA records are the domain's own.
			res.transport[domain] = hostTransport{aaaa: v6, tlsa: r.Lookup(ctx, dane.Name(domain), dns.TypeTLSA)}
			res.Records = append(res.Records, host)
			res.Findings = append(res.Findings, finding.Finding{ID: finding.MXImplicit, Severity: finding.Low, RFC: "RFC 5321 §5.1",
				Title: "no MX record: mail is delivered to the domain's A/AAAA address", Detail: "publish explicit MX records, or a null MX (\"0 .\") if the domain receives no mail.",
				Fix: domain + ". IN MX 0 ."})
		case v4.Status == resolver.StatusUnknown || v6.Status == resolver.StatusUnknown:
			res.Status, res.Reason = MXUnknown, "no MX; address lookup failed"
		default:
			res.Status = MXNone
		}
		return res
	}
	var hosts []MXHost
	for _, rr := range a.Records {
		m, ok := rr.(*dns.MX)
		if !ok {
			continue
		}
		hosts = append(hosts, MXHost{Host: strings.TrimSuffix(strings.ToLower(m.Mx), "."), Preference: m.Preference, Addresses: []string{}, Issues: []MXIssue{}})
	}
	slices.SortStableFunc(hosts, func(x, y MXHost) int {
		if x.Preference != y.Preference {
			return int(x.Preference) - int(y.Preference)
		}
		return strings.Compare(x.Host, y.Host)
	})
	for _, h := range hosts {
		if h.Host == "" {
			res.NullMX = true
		}
	}
	if res.NullMX {
		res.Status = MXNull
		if len(hosts) > 1 {
			res.Findings = append(res.Findings, finding.Finding{ID: finding.MXNullWithOthers, Severity: finding.High, RFC: "RFC 7505 §3",
				Title: "null MX published together with other MX records", Detail: "a domain with a null MX MUST NOT publish other MX records; senders may treat the domain as not accepting mail.",
				Evidence: mxEvidence(hosts)})
		}
		for i := range hosts {
			if hosts[i].Host == "" {
				hosts[i].Host = "."
			}
		}
		res.Records = hosts
		return res
	}
	res.Status = MXFound
	type lookups struct{ a, aaaa, tlsa resolver.Answer }
	answers := make([]lookups, len(hosts))
	var wg sync.WaitGroup
	for i, h := range hosts {
		if _, err := netip.ParseAddr(h.Host); err == nil {
			continue
		}
		wg.Go(func() { answers[i].a = r.Lookup(ctx, h.Host+".", dns.TypeA) })
		wg.Go(func() { answers[i].aaaa = r.Lookup(ctx, h.Host+".", dns.TypeAAAA) })
		wg.Go(func() { answers[i].tlsa = r.Lookup(ctx, dane.Name(h.Host), dns.TypeTLSA) })
	}
	wg.Wait()
	for i := range hosts {
		h := &hosts[i]
		if _, err := netip.ParseAddr(h.Host); err == nil {
			h.Issues = append(h.Issues, IssueIPLiteral)
			res.Findings = append(res.Findings, finding.Finding{ID: finding.MXIPLiteralTarget, Severity: finding.High, RFC: "RFC 1035 §3.3.9",
				Title: "MX target is an IP address", Detail: h.Host + " is not a host name; senders cannot deliver to it.", Evidence: mxEvidence(hosts)})
			continue
		}
		v4, v6 := answers[i].a, answers[i].aaaa
		res.transport[h.Host] = hostTransport{aaaa: v6, tlsa: answers[i].tlsa}
		if len(v4.CNAMEs) > 0 || len(v6.CNAMEs) > 0 {
			h.Issues = append(h.Issues, IssueCNAMETarget)
			res.Findings = append(res.Findings, finding.Finding{ID: finding.MXCNAMETarget, Severity: finding.Medium, RFC: "RFC 2181 §10.3",
				Title: "MX target is a CNAME", Detail: h.Host + " is an alias; MX targets must have A/AAAA records themselves.", Evidence: mxEvidence(hosts)})
		}
		addAddresses(h, v4, v6)
		switch {
		case len(h.Addresses) > 0:
		case v4.Status == resolver.StatusUnknown || v6.Status == resolver.StatusUnknown:
			h.Issues = append(h.Issues, IssueAddressUnknown)
		default:
			h.Issues = append(h.Issues, IssueUnresolvable)
			res.Findings = append(res.Findings, finding.Finding{ID: finding.MXUnresolvable, Severity: finding.High, RFC: "RFC 5321 §5.1",
				Title: "MX target has no address", Detail: h.Host + " has no A or AAAA record; mail to it cannot be delivered.", Evidence: mxEvidence(hosts)})
		}
		for _, ip := range resolver.Addresses(v4, v6) {
			if why, public := guard.Classify(ip); !public {
				h.Issues = append(h.Issues, IssueSpecialAddress)
				res.Findings = append(res.Findings, finding.Finding{ID: finding.MXSpecialAddress, Severity: finding.High, RFC: "RFC 6890",
					Title:  "MX target resolves to a private or special-use address",
					Detail: h.Host + " resolves to " + ip.String() + " (" + why + "), which is not reachable from the internet.", Evidence: mxEvidence(hosts)})
				break
			}
		}
	}
	res.Records = hosts
	return res
}

func addAddresses(h *MXHost, answers ...resolver.Answer) {
	for _, ip := range resolver.Addresses(answers...) {
		h.Addresses = append(h.Addresses, ip.String())
	}
}

func mxEvidence(hosts []MXHost) string {
	parts := make([]string, len(hosts))
	for i, h := range hosts {
		name := h.Host
		if name == "" {
			name = "."
		}
		parts[i] = "MX " + strconv.Itoa(int(h.Preference)) + " " + name
	}
	return strings.Join(parts, "; ")
}
