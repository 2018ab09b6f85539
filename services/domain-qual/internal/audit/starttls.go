package audit

import (
	"context"
	"crypto/x509"
	"encoding/hex"
	"net/netip"
	"strings"
	"time"

	"github.com/intel402/intel402/services/domain-qual/internal/dane"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
)

// Prober probes the SMTP transport of MX hosts: STARTTLS, the TLS version
// and the certificate chain of each public address. It is satisfied by
// *smtpprobe.Prober, which connects through the one address policy and
// bounds each host's time.
type Prober interface {
	ProbeAll(ctx context.Context, hosts []smtpprobe.Host) []smtpprobe.Result
}

// STARTTLSStatus is the transport state of the MX set or of one MX host.
type STARTTLSStatus string

// Transport states. NotProbed, NotApplicable, Unknown and Partial are only
// the set's; NotPublic, Unreachable and Skipped only a host's.
const (
	STARTTLSNotProbed     STARTTLSStatus = "not_probed"     // the probe is off (SMTP_PROBE): nothing is known
	STARTTLSNotApplicable STARTTLSStatus = "not_applicable" // the domain receives no mail
	STARTTLSUnknown       STARTTLSStatus = "unknown"        // the MX lookup failed, or no host could be probed
	STARTTLSOffered       STARTTLSStatus = "offered"        // STARTTLS offered and the handshake completed
	STARTTLSPartial       STARTTLSStatus = "partial"        // some hosts offered, the others could not be probed
	STARTTLSNotOffered    STARTTLSStatus = "not_offered"    // an address answered EHLO without STARTTLS
	STARTTLSFailed        STARTTLSStatus = "failed"         // STARTTLS offered, but refused or the handshake failed
	STARTTLSUnreachable   STARTTLSStatus = "unreachable"    // no address completed EHLO
	STARTTLSNotPublic     STARTTLSStatus = "not_public"     // no public address: nothing was connected to
	STARTTLSSkipped       STARTTLSStatus = "skipped"        // over the prober's host limit, or withheld
)

// DANE match of one probed address's chain.
const (
	DANEMatch         = "match"          // the chain matches a usable TLSA record of a valid host
	DANEMismatch      = "mismatch"       // the host's TLSA records are valid but none matches
	DANENotApplicable = "not_applicable" // the host has no valid TLSA records
)

// STARTTLSResult is the transport section: what the optional STARTTLS
// probe (internal/smtpprobe) found on port 25 of the MX hosts' public
// addresses.
type STARTTLSResult struct {
	// Status is the set's state: not_probed when the probe is off (never
	// read as "no STARTTLS"), else the worst host state.
	Status STARTTLSStatus `json:"status"`
	// Hosts are the MX hosts, in MX order (none when not probed).
	Hosts []STARTTLSHost `json:"hosts"`
	// Findings are transport problems.
	Findings []finding.Finding `json:"findings"`
	// Reason explains a not_probed or unknown status.
	Reason string `json:"reason,omitempty"`
}

// STARTTLSHost is the probe of one MX host.
type STARTTLSHost struct {
	// Host is the MX host name.
	Host string `json:"host"`
	// Probed: a TCP connection was made to one of its addresses.
	Probed bool `json:"probed"`
	// Status is offered, not_offered, failed, unreachable, not_public or skipped.
	Status STARTTLSStatus `json:"status"`
	// Reason says why a skipped host was not probed.
	Reason string `json:"reason,omitempty"`
	// Addresses are the probes of its addresses.
	Addresses []STARTTLSAddress `json:"addresses"`
}

// STARTTLSAddress is the probe of one address.
type STARTTLSAddress struct {
	Address string `json:"address"`
	// Outcome is how far the probe got (smtpprobe's outcomes).
	Outcome smtpprobe.Outcome `json:"outcome"`
	// Step and Error say where and why it stopped short.
	Step  string `json:"step,omitempty"`
	Error string `json:"error,omitempty"`
	// STARTTLS: the EHLO reply offered STARTTLS.
	STARTTLS bool `json:"starttls"`
	// TLS is what the handshake negotiated (outcome tls).
	TLS *STARTTLSSession `json:"tls,omitempty"`
}

// STARTTLSSession is a completed handshake and the certificate presented.
type STARTTLSSession struct {
	// Version is e.g. "TLS 1.3"; CipherSuite the suite negotiated.
	Version     string `json:"version"`
	CipherSuite string `json:"cipher_suite"`
	// CertificateVerified: the chain verifies for the MX host name against
	// the roots; VerifyError says why not.
	CertificateVerified bool   `json:"certificate_verified"`
	VerifyError         string `json:"verify_error,omitempty"`
	// NotAfter is the leaf certificate's expiry (RFC 3339, UTC).
	NotAfter    string `json:"not_after,omitempty"`
	Expired     bool   `json:"expired"`
	ExpiresSoon bool   `json:"expires_soon"`
	// DANE is match, mismatch or not_applicable: whether the chain matches
	// the host's TLSA records when they are valid.
	DANE string `json:"dane"`

	chain  []*x509.Certificate
	daneEE bool // the chain matched a DANE-EE(3) record
	oldTLS bool
}

// probeHosts are the MX hosts to probe with their addresses, in MX order
// (IP-literal targets are not hosts; for an implicit MX, the domain).
func probeHosts(m MXResult) []smtpprobe.Host {
	var out []smtpprobe.Host
	if m.Status != MXFound && m.Status != MXImplicit {
		return out
	}
	seen := map[string]bool{}
	for _, rec := range m.Records {
		if _, ok := m.transport[rec.Host]; !ok || seen[rec.Host] {
			continue
		}
		seen[rec.Host] = true
		h := smtpprobe.Host{Name: rec.Host}
		for _, s := range rec.Addresses {
			if a, err := netip.ParseAddr(s); err == nil {
				h.Addrs = append(h.Addrs, a)
			}
		}
		out = append(out, h)
	}
	return out
}

// starttlsSection turns the probe results into the transport section,
// matching each presented chain against the DANE judgement of its host
// (before Confirm). probed is false when no Prober is configured.
func starttlsSection(m MXResult, probed bool, results []smtpprobe.Result, d DANEResult) STARTTLSResult {
	out := STARTTLSResult{Hosts: []STARTTLSHost{}, Findings: []finding.Finding{}}
	switch {
	case !probed:
		out.Status, out.Reason = STARTTLSNotProbed, "the STARTTLS probe is off (SMTP_PROBE): the MX hosts were not contacted"
		return out
	case m.Status == MXUnknown:
		out.Status, out.Reason = STARTTLSUnknown, "the MX lookup failed, so the MX hosts are not known"
		return out
	case len(results) == 0:
		out.Status = STARTTLSNotApplicable
		return out
	}
	daneHosts := map[string]dane.Host{}
	for _, h := range d.Hosts {
		daneHosts[h.Host] = h
	}
	for _, r := range results {
		h := STARTTLSHost{Host: r.Host, Addresses: []STARTTLSAddress{}, Reason: r.Skipped}
		for _, a := range r.Addrs {
			h.Probed = h.Probed || a.Connected
			h.Addresses = append(h.Addresses, addressOf(a, daneHosts[r.Host]))
		}
		h.Status = hostStatus(r)
		out.Hosts = append(out.Hosts, h)
	}
	out.Status = setStatus(out.Hosts)
	if out.Status == STARTTLSUnknown {
		out.Reason = "no MX host could be probed: " + notProbedEvidence(out.Hosts)
	}
	return out
}

func addressOf(a smtpprobe.AddrResult, dh dane.Host) STARTTLSAddress {
	out := STARTTLSAddress{Address: a.Addr.String(), Outcome: a.Outcome, Step: a.Step, Error: a.Error, STARTTLS: a.STARTTLS}
	t := a.TLS
	if t == nil {
		return out
	}
	s := &STARTTLSSession{Version: t.Version, CipherSuite: t.CipherSuite, CertificateVerified: t.Verified, VerifyError: t.VerifyError,
		Expired: t.Expired, ExpiresSoon: t.ExpiresSoon, DANE: DANENotApplicable, chain: t.Chain,
		oldTLS: t.Version == "TLS 1.0" || t.Version == "TLS 1.1" || strings.HasPrefix(t.Version, "SSL")}
	if !t.NotAfter.IsZero() {
		s.NotAfter = t.NotAfter.UTC().Format(time.RFC3339)
	}
	if dh.Status == dane.StatusValid {
		s.DANE = DANEMismatch
		if m := dane.MatchChain(t.Chain, dh.Records); m.Matched {
			s.DANE, s.daneEE = DANEMatch, dh.Records[m.Record].Usage == dane.UsageDANEEE
		}
	}
	out.TLS = s
	return out
}

// hostStatus is the worst concluded outcome of a host's addresses; without
// one, why none concluded.
func hostStatus(r smtpprobe.Result) STARTTLSStatus {
	if r.Skipped != "" {
		return STARTTLSSkipped
	}
	worst := STARTTLSStatus("")
	rank := map[STARTTLSStatus]int{STARTTLSNotOffered: 0, STARTTLSFailed: 1, STARTTLSOffered: 2}
	refused, skipped := 0, 0
	for _, a := range r.Addrs {
		var s STARTTLSStatus
		switch a.Outcome {
		case smtpprobe.OutcomeNoSTARTTLS:
			s = STARTTLSNotOffered
		case smtpprobe.OutcomeTLSFailed:
			s = STARTTLSFailed
		case smtpprobe.OutcomeTLS:
			s = STARTTLSOffered
		case smtpprobe.OutcomeRefused:
			refused++
		case smtpprobe.OutcomeSkipped:
			skipped++
		}
		if s != "" && (worst == "" || rank[s] < rank[worst]) {
			worst = s
		}
	}
	switch {
	case worst != "":
		return worst
	case len(r.Addrs) > 0 && refused == len(r.Addrs):
		return STARTTLSNotPublic
	case len(r.Addrs) > 0 && refused+skipped == len(r.Addrs):
		return STARTTLSSkipped
	}
	return STARTTLSUnreachable
}

// setStatus: not_offered or failed when any host is; offered when every
// host is; partial when some are and the others could not be probed;
// unknown when none could.
func setStatus(hosts []STARTTLSHost) STARTTLSStatus {
	offered := 0
	for _, want := range []STARTTLSStatus{STARTTLSNotOffered, STARTTLSFailed} {
		for _, h := range hosts {
			if h.Status == want {
				return want
			}
		}
	}
	for _, h := range hosts {
		if h.Status == STARTTLSOffered {
			offered++
		}
	}
	switch offered {
	case len(hosts):
		return STARTTLSOffered
	case 0:
		return STARTTLSUnknown
	}
	return STARTTLSPartial
}

func notProbedEvidence(hosts []STARTTLSHost) string {
	var parts []string
	for _, h := range hosts {
		why := string(h.Status)
		if h.Reason != "" {
			why += ": " + h.Reason
		}
		for _, a := range h.Addresses {
			if a.Error != "" {
				why += "; " + a.Address + " " + a.Error
				break
			}
		}
		parts = append(parts, h.Host+" ("+why+")")
	}
	return strings.Join(parts, ", ")
}

// confirmDANE makes each valid DANE host's state depend on the chains its
// server presented (dane.Host.Confirm) and recombines the domain's state.
func confirmDANE(d *DANEResult, s STARTTLSResult) {
	chains := map[string][][]*x509.Certificate{}
	for _, h := range s.Hosts {
		for _, a := range h.Addresses {
			if a.TLS != nil {
				chains[h.Host] = append(chains[h.Host], a.TLS.chain)
			}
		}
	}
	if len(chains) == 0 {
		return
	}
	for i := range d.Hosts {
		d.Hosts[i].Confirm(chains[d.Hosts[i].Host])
	}
	if d.Status != dane.StatusNotApplicable {
		d.Status = dane.Domain(d.Hosts)
	}
}

// starttlsFindings are the transport findings (check starttls) and the
// DANE mismatches (check dane) of a probed section. A chain that matches
// the host's valid TLSA records is authenticated by DANE, not by the public
// roots (RFC 7672 §3), so certificate_invalid is not reported for it; with
// a DANE-EE(3) record its names and dates do not matter either (RFC 7672
// §3.1.1), so neither is its expiry.
func starttlsFindings(s STARTTLSResult) (transport, daneFs []finding.Finding) {
	var notOffered, failed, old, expired, invalid, soon, mismatch []string
	var mismatchFix []string
	for _, h := range s.Hosts {
		for _, a := range h.Addresses {
			where := h.Host + " [" + a.Address + "]"
			switch a.Outcome {
			case smtpprobe.OutcomeNoSTARTTLS:
				notOffered = append(notOffered, where+": EHLO without STARTTLS")
			case smtpprobe.OutcomeTLSFailed:
				failed = append(failed, where+": "+a.Step+": "+a.Error)
			}
			t := a.TLS
			if t == nil {
				continue
			}
			if t.oldTLS {
				old = append(old, where+": "+t.Version+" ("+t.CipherSuite+")")
			}
			if t.DANE == DANEMismatch {
				mismatch = append(mismatch, where+": the presented chain matches no TLSA record at _25._tcp."+h.Host)
				if len(t.chain) > 0 {
					mismatchFix = append(mismatchFix, "_25._tcp."+h.Host+". IN TLSA 3 1 1 "+
						hex.EncodeToString(dane.Association(t.chain[0], dane.SelectorSPKI, dane.MatchingSHA256)))
				}
			}
			if t.daneEE {
				continue
			}
			switch {
			case t.Expired:
				expired = append(expired, where+": expired "+t.NotAfter)
			case !t.CertificateVerified && t.DANE != DANEMatch:
				invalid = append(invalid, where+": "+t.VerifyError)
			case t.ExpiresSoon:
				soon = append(soon, where+": expires "+t.NotAfter)
			}
		}
	}
	first := func(list []string) string { host, _, _ := strings.Cut(list[0], " ["); return host }
	if len(notOffered) > 0 {
		transport = append(transport, finding.Finding{ID: finding.STARTTLSNotOffered, Severity: finding.High, RFC: "RFC 3207 §4; RFC 7672 §1.3",
			Title:    "an MX host does not offer STARTTLS",
			Detail:   "mail to it travels in plaintext: anyone on the path can read and change it, and neither MTA-STS nor DANE can protect it.",
			Evidence: strings.Join(notOffered, "; "),
			Fix:      "Enable STARTTLS on " + first(notOffered) + " with a certificate for its name (Postfix: smtpd_tls_security_level = may and smtpd_tls_chain_files = <key and chain>; Exim: tls_advertise_hosts = * with tls_certificate/tls_privatekey)."})
	}
	if len(failed) > 0 {
		transport = append(transport, finding.Finding{ID: finding.STARTTLSHandshakeFailed, Severity: finding.High, RFC: "RFC 3207 §4; RFC 8446",
			Title:    "STARTTLS is offered but the TLS handshake fails",
			Detail:   "senders fall back to plaintext or, with MTA-STS or DANE, defer the mail.",
			Evidence: strings.Join(failed, "; "),
			Fix:      "Fix the TLS set-up of " + first(failed) + ": a certificate and key the server can load, TLS 1.2 and 1.3 enabled, and no refusal of the STARTTLS command."})
	}
	if len(old) > 0 {
		transport = append(transport, finding.Finding{ID: finding.STARTTLSOldTLS, Severity: finding.Medium, RFC: "RFC 8996",
			Title:    "an MX host negotiates TLS older than 1.2",
			Detail:   "the probe offered TLS 1.0 to 1.3 and the server chose a deprecated version; TLS 1.0 and 1.1 are no longer secure.",
			Evidence: strings.Join(old, "; "),
			Fix:      "Enable TLS 1.2 and 1.3 on " + first(old) + " and disable older versions (Postfix: smtpd_tls_protocols = >=TLSv1.2; Exim: tls_require_ciphers with a TLS 1.2 minimum)."})
	}
	if len(expired) > 0 {
		transport = append(transport, finding.Finding{ID: finding.STARTTLSCertificateExpired, Severity: finding.High, RFC: "RFC 5280 §4.1.2.5; RFC 8461 §4.2",
			Title:    "an MX host presents an expired certificate",
			Detail:   "senders that authenticate the MX host (MTA-STS in enforce mode, DANE-TA) refuse to deliver to it.",
			Evidence: strings.Join(expired, "; "),
			Fix:      "Renew the certificate of " + first(expired) + " and reload the mail server (automate renewal, e.g. ACME)."})
	}
	if len(invalid) > 0 {
		transport = append(transport, finding.Finding{ID: finding.STARTTLSCertificateInvalid, Severity: finding.Medium, RFC: "RFC 8461 §4.2; RFC 6125 §6",
			Title:    "an MX host's certificate does not verify for its name",
			Detail:   "the chain does not lead to a trusted root or does not name the MX host, so MTA-STS senders in enforce mode refuse to deliver to it.",
			Evidence: strings.Join(invalid, "; "),
			Fix:      "Install a certificate for " + first(invalid) + " issued by a public CA, with the intermediate certificates, or publish DANE-EE TLSA records for it in a DNSSEC-signed zone."})
	}
	if len(soon) > 0 {
		transport = append(transport, finding.Finding{ID: finding.STARTTLSCertificateExpiresSoon, Severity: finding.Low, RFC: "RFC 5280 §4.1.2.5",
			Title:    "an MX host's certificate expires within 14 days",
			Detail:   "once it expires, senders that authenticate the MX host refuse to deliver to it.",
			Evidence: strings.Join(soon, "; "),
			Fix:      "Renew the certificate of " + first(soon) + " now and automate renewal (e.g. ACME)."})
	}
	if len(mismatch) > 0 {
		daneFs = append(daneFs, finding.Finding{ID: finding.DANEMismatch, Severity: finding.High, RFC: "RFC 7672 §3; RFC 6698 §2.1",
			Title:    "the MX host's certificate does not match its TLSA records",
			Detail:   "senders that use DANE find no matching TLSA record for the certificate presented and do not deliver the mail (they defer it).",
			Evidence: strings.Join(mismatch, "; "),
			Fix:      "Publish a TLSA record for the key the server presents, beside the current ones until caches expire: " + strings.Join(mismatchFix, "; ") + "; or configure the server with the key the records name."})
	}
	return transport, daneFs
}
