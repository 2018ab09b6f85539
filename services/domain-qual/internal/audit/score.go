package audit

import (
	"sort"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
)

// scoreWeights is the risk-score table: points added once per finding ID
// present. Findings not listed add nothing (informational). Checks that
// could not complete produce no findings and so add nothing; they are
// listed in unknown_checks instead. The total is clamped to 0..100.
func scoreWeights() map[finding.ID]int {
	return map[finding.ID]int{
		// DMARC: the policy that stops spoofing.
		finding.DMARCMissing:               30,
		finding.DMARCMultipleRecords:       30,
		finding.DMARCInvalidRecord:         30,
		finding.DMARCPolicyNone:            20,
		finding.DMARCPartialEnforcement:    10,
		finding.DMARCInvalidP:              10,
		finding.DMARCSubdomainNone:         5,
		finding.DMARCNoRUA:                 3,
		finding.DMARCUnverifiedDestination: 2,
		// SPF.
		finding.SPFMissing:            25,
		finding.SPFPassAll:            25,
		finding.SPFIncludePassAll:     25,
		finding.SPFMultipleRecords:    20,
		finding.SPFSyntaxError:        20,
		finding.SPFTooManyLookups:     15,
		finding.SPFIncludeLoop:        15,
		finding.SPFRedirectLoop:       15,
		finding.SPFNeutralAll:         15,
		finding.SPFTooManyVoidLookups: 10,
		finding.SPFIncludeMissing:     10,
		finding.SPFRedirectMissing:    10,
		finding.SPFMXTooManyHosts:     10,
		finding.SPFNoAll:              10,
		finding.SPFStringTooLong:      5,
		finding.SPFRecordTooLarge:     3,
		finding.SPFNullMXAuthorises:   3,
		finding.SPFPTRUsed:            2,
		// DKIM (only when a key was found: selectors cannot be enumerated).
		finding.DKIMRSATooShort:   15,
		finding.DKIMRevoked:       10,
		finding.DKIMInvalidRecord: 10,
		finding.DKIMSHA1Only:      10,
		finding.DKIMRSAWeak:       5,
		finding.DKIMNotForEmail:   5,
		finding.DKIMTesting:       3,
		// MX.
		finding.MXIPLiteralTarget: 10,
		finding.MXSpecialAddress:  10,
		finding.MXUnresolvable:    10,
		finding.MXNullWithOthers:  10,
		finding.MXCNAMETarget:     5,
		finding.MXImplicit:        3,
		// mx.no_public_ipv6 is informational (0 points): IPv4 delivery works.
		// Transport security.
		finding.MTASTSMXNotCovered:      10,
		finding.MTASTSInvalidPolicy:     5,
		finding.MTASTSInvalidRecord:     5,
		finding.MTASTSPolicyUnavailable: 5,
		finding.MTASTSMultipleRecords:   5,
		finding.MTASTSMissing:           3,
		finding.MTASTSTesting:           2,
		finding.TLSRPTInvalidRecord:     1,
		finding.BIMIRequiresEnforcement: 1,
		// DNSSEC (internal/dnssec): a bogus zone is unreachable behind
		// validating resolvers; an unsigned one can be spoofed.
		finding.DNSSECBogus:    20,
		finding.DNSSECUnsigned: 3,
		// DANE for SMTP (internal/dane): bogus TLSA records make DANE
		// senders defer mail; malformed ones break DANE for the host; PKIX
		// usages and an unsigned zone leave it without protection although
		// the owner meant to publish it. dane.missing and dane.no_rollover
		// are informational (0 points): MTA-STS missing already scores the
		// downgrade exposure, and many providers offer no DNSSEC.
		finding.DANEBogus:                 15,
		finding.DANEMalformedRecord:       10,
		finding.DANEPKIXUsage:             5,
		finding.DANEUnsignedZone:          5,
		finding.DANEPartial:               3,
		finding.DANEUnsupportedParameters: 2,
		// A presented certificate that matches no valid TLSA record makes
		// DANE senders defer all mail to the host, as bogus records do.
		finding.DANEMismatch: 15,
		// STARTTLS (the optional probe, internal/smtpprobe): plaintext or a
		// failing handshake exposes every message; an expired or
		// unverifiable certificate fails MTA-STS and DANE-TA senders;
		// TLS before 1.2 is deprecated (RFC 8996).
		finding.STARTTLSNotOffered:             15,
		finding.STARTTLSHandshakeFailed:        10,
		finding.STARTTLSCertificateExpired:     10,
		finding.STARTTLSCertificateInvalid:     5,
		finding.STARTTLSOldTLS:                 5,
		finding.STARTTLSCertificateExpiresSoon: 1,
	}
}

// score sums the weights of the distinct finding IDs, clamped to 0..100.
func score(fs []scoredFinding) (int, []ScoreItem) {
	weights := scoreWeights()
	seen := map[finding.ID]bool{}
	items := []ScoreItem{}
	total := 0
	for _, s := range fs {
		w, ok := weights[s.f.ID]
		if !ok || seen[s.f.ID] {
			continue
		}
		seen[s.f.ID] = true
		items = append(items, ScoreItem{Check: s.check, FindingID: s.f.ID, Points: w})
		total += w
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].Points > items[j].Points })
	return min(max(total, 0), 100), items
}

// riskLevel buckets a score.
func riskLevel(score int) RiskLevel {
	switch {
	case score >= 75:
		return RiskCritical
	case score >= 50:
		return RiskHigh
	case score >= 20:
		return RiskMedium
	}
	return RiskLow
}
