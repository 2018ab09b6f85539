package audit

import (
	"sort"

	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

// scoreWeights is the risk-score table: points added once per finding ID
// present. Findings not listed add nothing (informational). Checks that
// could not complete produce no findings and so add nothing; they are
// listed in unknown_checks instead. The total is clamped to 0..100.
func scoreWeights() map[string]int {
	return map[string]int{
		// DMARC: the policy that stops spoofing.
		"dmarc.missing":                30,
		"dmarc.multiple_records":       30,
		"dmarc.invalid_record":         30,
		"dmarc.policy_none":            20,
		"dmarc.partial_enforcement":    10,
		"dmarc.invalid_p":              10,
		"dmarc.subdomain_none":         5,
		"dmarc.no_rua":                 3,
		"dmarc.unverified_destination": 2,
		// SPF.
		"spf.missing":               25,
		spf.FindingPassAll:          25,
		spf.FindingIncludePassAll:   25,
		"spf.multiple_records":      20,
		"spf.syntax_error":          20,
		"spf.too_many_lookups":      15,
		"spf.include_loop":          15,
		"spf.redirect_loop":         15,
		spf.FindingNeutralAll:       15,
		"spf.too_many_void_lookups": 10,
		"spf.include_missing":       10,
		"spf.redirect_missing":      10,
		"spf.mx_too_many_hosts":     10,
		"spf.no_all":                10,
		"spf.string_too_long":       5,
		"spf.record_too_large":      3,
		"spf.null_mx_authorises":    3,
		"spf.ptr_used":              2,
		// DKIM (only when a key was found: selectors cannot be enumerated).
		"dkim.rsa_too_short":  15,
		"dkim.revoked":        10,
		"dkim.invalid_record": 10,
		"dkim.sha1_only":      10,
		"dkim.rsa_weak":       5,
		"dkim.not_for_email":  5,
		"dkim.testing":        3,
		// MX.
		"mx.ip_literal_target": 10,
		"mx.special_address":   10,
		"mx.unresolvable":      10,
		"mx.null_with_others":  10,
		"mx.cname_target":      5,
		"mx.implicit":          3,
		// Transport security.
		"mta_sts.mx_not_covered":     10,
		"mta_sts.invalid_policy":     5,
		"mta_sts.invalid_record":     5,
		"mta_sts.policy_unavailable": 5,
		"mta_sts.multiple_records":   5,
		"mta_sts.missing":            3,
		"mta_sts.testing":            2,
		"tls_rpt.invalid_record":     1,
		"bimi.requires_enforcement":  1,
		// DNSSEC (internal/dnssec): a bogus zone is unreachable behind
		// validating resolvers; an unsigned one can be spoofed.
		"dnssec.bogus":    20,
		"dnssec.unsigned": 3,
	}
}

// score sums the weights of the distinct finding IDs, clamped to 0..100.
func score(fs []scoredFinding) (int, []ScoreItem) {
	weights := scoreWeights()
	seen := map[string]bool{}
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
