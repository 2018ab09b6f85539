package finding

// ID identifies what a finding is about. Values are stable API strings
// ("area.name", the area being the dns-audit check that reports it) and
// appear as id in every finding and finding_id in the score breakdown.
//
// Every id any package emits is a constant below: producers emit the
// constant and consumers (the audit's score and fixes, full-profile's
// flags) compare constants, so a judgement cannot drift between them.
type ID string

// MX findings (package audit).
const (
	MXImplicit        ID = "mx.implicit"
	MXNullWithOthers  ID = "mx.null_with_others"
	MXIPLiteralTarget ID = "mx.ip_literal_target"
	MXCNAMETarget     ID = "mx.cname_target"
	MXUnresolvable    ID = "mx.unresolvable"
	MXSpecialAddress  ID = "mx.special_address"
	// MXNoPublicIPv6: no MX host has a public IPv6 address (informational).
	MXNoPublicIPv6 ID = "mx.no_public_ipv6"
)

// SPF findings (package spf; SPFMissing and SPFNullMXAuthorises in audit).
const (
	SPFMissing         ID = "spf.missing"
	SPFMultipleRecords ID = "spf.multiple_records"
	SPFSyntaxError     ID = "spf.syntax_error"
	SPFSenderID        ID = "spf.sender_id"
	// Size (RFC 7208 §3.3, §3.4).
	SPFStringTooLong  ID = "spf.string_too_long"
	SPFRecordTooLarge ID = "spf.record_too_large"
	SPFRecordLarge    ID = "spf.record_large"
	// The all mechanism. SPFPassAll, SPFIncludePassAll and SPFNeutralAll
	// say the policy lets any server send (spf.Result.Permissive).
	SPFPassAll        ID = "spf.pass_all"
	SPFIncludePassAll ID = "spf.include_pass_all"
	SPFNeutralAll     ID = "spf.neutral_all"
	SPFSoftfailAll    ID = "spf.softfail_all"
	SPFNoAll          ID = "spf.no_all"
	// Other terms of a record.
	SPFPTRUsed          ID = "spf.ptr_used"
	SPFTermsAfterAll    ID = "spf.terms_after_all"
	SPFRedirectIgnored  ID = "spf.redirect_ignored"
	SPFUnknownModifier  ID = "spf.unknown_modifier"
	SPFNullMXAuthorises ID = "spf.null_mx_authorises"
	// The include/redirect tree and its lookups (RFC 7208 §4.6.4).
	SPFIncludeMissing     ID = "spf.include_missing"
	SPFRedirectMissing    ID = "spf.redirect_missing"
	SPFIncludeLoop        ID = "spf.include_loop"
	SPFRedirectLoop       ID = "spf.redirect_loop"
	SPFDuplicateInclude   ID = "spf.duplicate_include"
	SPFMacroNotEvaluated  ID = "spf.macro_not_evaluated"
	SPFTooManyLookups     ID = "spf.too_many_lookups"
	SPFTooManyVoidLookups ID = "spf.too_many_void_lookups"
	SPFMXTooManyHosts     ID = "spf.mx_too_many_hosts"
	SPFLookupUnknown      ID = "spf.lookup_unknown"
	SPFPartiallyUnknown   ID = "spf.partially_unknown"
)

// DMARC findings (package dmarc; the policy judgements in audit).
const (
	DMARCMissing               ID = "dmarc.missing"
	DMARCMultipleRecords       ID = "dmarc.multiple_records"
	DMARCInvalidRecord         ID = "dmarc.invalid_record"
	DMARCUnrelatedTXT          ID = "dmarc.unrelated_txt"
	DMARCApexRecord            ID = "dmarc.apex_record"
	DMARCPolicyNone            ID = "dmarc.policy_none"
	DMARCPartialEnforcement    ID = "dmarc.partial_enforcement"
	DMARCSubdomainNone         ID = "dmarc.subdomain_none"
	DMARCNoRUA                 ID = "dmarc.no_rua"
	DMARCUnverifiedDestination ID = "dmarc.unverified_destination"
	DMARCPNotSecond            ID = "dmarc.p_not_second"
	DMARCMissingP              ID = "dmarc.missing_p"
	DMARCUnknownTag            ID = "dmarc.unknown_tag"
	DMARCObsoleteSizeLimit     ID = "dmarc.obsolete_size_limit"
	// Invalid tag values, one id per tag.
	DMARCInvalidP     ID = "dmarc.invalid_p"
	DMARCInvalidSP    ID = "dmarc.invalid_sp"
	DMARCInvalidNP    ID = "dmarc.invalid_np"
	DMARCInvalidADKIM ID = "dmarc.invalid_adkim"
	DMARCInvalidASPF  ID = "dmarc.invalid_aspf"
	DMARCInvalidFO    ID = "dmarc.invalid_fo"
	DMARCInvalidPct   ID = "dmarc.invalid_pct"
	DMARCInvalidRI    ID = "dmarc.invalid_ri"
	DMARCInvalidT     ID = "dmarc.invalid_t"
	DMARCInvalidPSD   ID = "dmarc.invalid_psd"
	DMARCInvalidRUA   ID = "dmarc.invalid_rua"
	DMARCInvalidRUF   ID = "dmarc.invalid_ruf"
	// Tags RFC 9989 removes.
	DMARCRemovedTagPct ID = "dmarc.removed_tag_pct"
	DMARCRemovedTagRF  ID = "dmarc.removed_tag_rf"
	DMARCRemovedTagRI  ID = "dmarc.removed_tag_ri"
	// Report destinations.
	DMARCNonMailtoRUA ID = "dmarc.non_mailto_rua"
	DMARCNonMailtoRUF ID = "dmarc.non_mailto_ruf"
	DMARCTooManyRUA   ID = "dmarc.too_many_rua"
	DMARCTooManyRUF   ID = "dmarc.too_many_ruf"
)

// DKIM findings (package dkim; DKIMNotFoundAmongTried in audit).
const (
	DKIMNotFoundAmongTried ID = "dkim.not_found_among_tried"
	DKIMInvalidRecord      ID = "dkim.invalid_record"
	DKIMRevoked            ID = "dkim.revoked"
	DKIMTesting            ID = "dkim.testing"
	DKIMNotForEmail        ID = "dkim.not_for_email"
	DKIMRSATooShort        ID = "dkim.rsa_too_short"
	DKIMRSAWeak            ID = "dkim.rsa_weak"
	DKIMSHA1Only           ID = "dkim.sha1_only"
	DKIMSHA1Allowed        ID = "dkim.sha1_allowed"
)

// MTA-STS, TLS-RPT and BIMI findings (package mailpolicy; the missing and
// requires-enforcement judgements in audit).
const (
	MTASTSMissing           ID = "mta_sts.missing"
	MTASTSMultipleRecords   ID = "mta_sts.multiple_records"
	MTASTSInvalidRecord     ID = "mta_sts.invalid_record"
	MTASTSPolicyUnavailable ID = "mta_sts.policy_unavailable"
	MTASTSInvalidPolicy     ID = "mta_sts.invalid_policy"
	MTASTSTesting           ID = "mta_sts.testing"
	MTASTSShortMaxAge       ID = "mta_sts.short_max_age"
	MTASTSMXNotCovered      ID = "mta_sts.mx_not_covered"

	TLSRPTMissing       ID = "tls_rpt.missing"
	TLSRPTInvalidRecord ID = "tls_rpt.invalid_record"

	BIMIInvalidRecord       ID = "bimi.invalid_record"
	BIMIRequiresEnforcement ID = "bimi.requires_enforcement"
)

// DNSSEC findings (package audit, from the dnssec judgement).
const (
	DNSSECUnsigned ID = "dnssec.unsigned"
	DNSSECBogus    ID = "dnssec.bogus"
)

// DANE for SMTP findings (package audit, from the internal/dane judgement
// of the MX hosts' TLSA records).
const (
	DANEMissing               ID = "dane.missing"
	DANEPartial               ID = "dane.partial"
	DANEUnsignedZone          ID = "dane.unsigned_zone"
	DANEBogus                 ID = "dane.bogus"
	DANEPKIXUsage             ID = "dane.pkix_usage"
	DANEUnsupportedParameters ID = "dane.unsupported_parameters"
	DANEMalformedRecord       ID = "dane.malformed_record"
	DANENoRollover            ID = "dane.no_rollover"
	// DANEMismatch: the chain an MX host presented (STARTTLS probe) matches
	// none of its valid TLSA records.
	DANEMismatch ID = "dane.mismatch"
)

// STARTTLS findings (package audit, from the optional STARTTLS probe of
// the MX hosts, internal/smtpprobe).
const (
	STARTTLSNotOffered             ID = "starttls.not_offered"
	STARTTLSHandshakeFailed        ID = "starttls.handshake_failed"
	STARTTLSOldTLS                 ID = "starttls.old_tls"
	STARTTLSCertificateExpired     ID = "starttls.certificate_expired"
	STARTTLSCertificateInvalid     ID = "starttls.certificate_invalid"
	STARTTLSCertificateExpiresSoon ID = "starttls.certificate_expires_soon"
)

// Find returns the most severe finding of fs whose ID is one of ids (the
// earliest among equally severe ones), and false when there is none.
func Find(fs []Finding, ids ...ID) (Finding, bool) {
	var best Finding
	found := false
	for _, f := range fs {
		for _, id := range ids {
			if f.ID == id && (!found || f.Severity.Rank() < best.Severity.Rank()) {
				best, found = f, true
			}
		}
	}
	return best, found
}
