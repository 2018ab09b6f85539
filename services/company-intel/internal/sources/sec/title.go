package sec

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/intel402/intel402/pkg/evidence/companyname"
)

// EDGAR titles (the ticker file's "title", submissions' "name") carry
// markers after the company's name that are not part of it: the state or
// country of incorporation, "/NEW/" for a successor registrant, "/ADR/"
// for a depositary listing, "/FI" for a foreign issuer. They come in many
// spellings, all seen in the live ticker file:
//
//	BANK OF AMERICA CORP /DE/       QUALCOMM INC/DE          APPLIED MATERIALS INC /DE
//	VERTEX PHARMACEUTICALS INC / MA US BANCORP \DE\          GLADSTONE INVESTMENT CORPORATION\DE
//	COSTCO WHOLESALE CORP /NEW      KEYCORP /NEW/            Protagenic Therapeutics, Inc.\new
//	MESA ROYALTY TRUST/tx           California BanCorp \ CA  FAIRFAX FINANCIAL HOLDINGS LTD/ CAN
//	Airbus SE/ADR                   NITTO DENKO CORP / ADR/  Zealand Pharma A/S/ADR
//	WOLTERS KLUWER N V /FI          BROOKFIELD Corp /ON/     Voyager Acquisition Corp./Cayman Islands
//	ACUITY INC. (DE)                TREES Corp (Colorado)    Eco Wave Power Global AB (publ)
//	US BANCORP DE                   TRUSTCO BANK CORP N Y    GEMZ Corp. NV
//	AMETEK INC/                     TRICO BANCSHARES /       ATS Corp /ATS
//	ZTO Express (Cayman) Inc.       FORMULA SYSTEMS (1985) LTD
//
// stripMarkers removes them, repeatedly from the end of a title, by these
// rules (known markers compared without regard to case):
//
//  1. A trailing "/" or "\" with nothing after it ("AMETEK INC/").
//  2. A separator marker: "/" or "\" (spaces around it or not, closed by
//     another one or not) followed by a known marker — a US state,
//     district or territory code or name, "DEL", a Canadian province code,
//     "CAN"/"CN"/"Canada", a domicile ("Cayman Islands", "Bermuda", "UK",
//     "HK", "CI"…), "NEW", "ADR"/"ADS", "FI" — or by any two or three
//     capital letters when the separator follows a space or a legal form
//     ("ATS Corp /ATS", "APPLE COMPUTER INC/ FA"). A slash inside a name is
//     left alone: "Calamos Long/Short Equity…", "CULLEN/FROST BANKERS",
//     "RE/MAX Holdings", "DATA I/O CORP", "Cadeler A/S" (what follows is
//     not a marker).
//  3. A parenthesised marker at the end: "(DE)", "(Canada)", "(Cayman
//     Islands)", "(US)", "(publ)" and "(fka …)" / "(formerly …)"; other
//     parentheses stay ("Grayscale Zcash Trust (ZEC)", "Mind Medicine
//     (MindMed) Inc.").
//  4. A parenthesised holding domicile (a US state, the US, an offshore
//     jurisdiction) or year followed only by legal-form words: "ZTO
//     Express (Cayman) Inc.", "Jerash Holdings (US), Inc.", "FORMULA
//     SYSTEMS (1985) LTD" read without it. A country where the company
//     operates stays: "Banco Santander (Brasil) S.A." is another company
//     than "Banco Santander, S.A.".
//  5. A bare marker: a US state, district or territory code, "DEL" or
//     "NEW" as the last word, also spaced or dotted ("N Y", "N.Y."), only
//     right after a legal-form word (inc, corp, co, ltd, plc, llc, lp,
//     bancorp, bancshares, holdings, trust…: "US BANCORP DE", "GEMZ Corp.
//     NV"). Never after any other word: a name may end in a two-letter word
//     ("Plug In", "Wake Me", "… AI", "… GO", "… US", "… ONE").
//
// Then EDGAR's spellings of legal forms that the company-name normal form
// would read as separate letters are joined: the conformed names' spaced
// letters ("N V", "S A", "A S", "L P", "S P A" → "NV", "SA", "AS", "LP",
// "SPA") and "A/S" ("AS"), and the Mexican "SAB DE CV" / "S.A. de C.V." is
// dropped (the normal form drops the others as legal forms).
//
// Text longer than an EDGAR name can be is left as it is. The rules are
// an EDGAR title convention, applied to both sides of a lookup (titles
// and the caller's name), so a caller may pass a name with or without
// them; the company-name normal form (companyname) stays free of them.
func stripMarkers(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxTitleBytes {
		return s
	}
	for {
		// Every step shortens s, so this ends (after at most
		// maxTitleBytes steps).
		next := stripOneMarker(s)
		if next == s || next == "" {
			next = joinLegalForm(s) // a joined form may end in a marker again
		}
		if next == s || next == "" {
			return s
		}
		s = next
	}
}

// maxTitleBytes: an EDGAR conformed name has at most 150 characters;
// longer text is not an EDGAR title and is left as it is (which also
// bounds the work a caller's name can cause).
const maxTitleBytes = 300

// stripOneMarker removes one trailing marker (rules 1 to 5); s unchanged
// when there is none.
func stripOneMarker(s string) string {
	// 1. A trailing separator with nothing after it.
	if t := strings.TrimRight(s, `/\ `); t != s && strings.ContainsAny(s[len(t):], `/\`) {
		return strings.TrimSpace(t)
	}
	// 2. A separator marker.
	if i := strings.LastIndexAny(s, `/\`); i > 0 {
		head, tail := s[:i], strings.TrimSpace(s[i+1:])
		if isMarker(tail) || (capsCode.MatchString(tail) && (strings.HasSuffix(head, " ") || endsInLegalForm(head))) {
			return strings.TrimSpace(head)
		}
	}
	// 3. A parenthesised marker.
	if m := parenMarker.FindStringSubmatchIndex(s); m != nil {
		inner := s[m[2]:m[3]]
		if isMarker(inner) || parenOnly[strings.ToUpper(inner)] || strings.EqualFold(inner, "publ") || formerly.MatchString(inner) {
			return strings.TrimSpace(s[:m[0]])
		}
	}
	// 4. A parenthesised domicile or year before the legal form.
	if m := innerParen.FindStringSubmatchIndex(s); m != nil {
		inner, rest := s[m[2]:m[3]], s[m[4]:m[5]]
		if (holdingDomicile(inner) || year.MatchString(inner)) && onlyLegalForms(rest) {
			return strings.TrimSpace(s[:m[0]]) + rest
		}
	}
	// 5. A bare marker after a legal form.
	if m := bareMarker.FindStringSubmatchIndex(s); m != nil {
		code := strings.ToUpper(strings.NewReplacer(" ", "", ".", "").Replace(s[m[2]:m[3]]))
		if (usStates[code] || code == "DEL" || code == "NEW") && endsInLegalForm(s[:m[0]]) {
			return strings.TrimSpace(s[:m[0]])
		}
	}
	return s
}

var (
	// capsCode is an unknown marker: two or three capital letters.
	capsCode = regexp.MustCompile(`^[A-Z]{2,3}$`)
	// parenMarker is a trailing parenthesis.
	parenMarker = regexp.MustCompile(`\s*\(\s*([^()]*?)\s*\)\s*$`)
	formerly    = regexp.MustCompile(`(?i)^(fka|f/k/a|formerly)\b`)
	// innerParen is the last parenthesis followed by more words.
	innerParen = regexp.MustCompile(`\s*\(\s*([^()]*?)\s*\)([^()]+)$`)
	year       = regexp.MustCompile(`^(19|20)\d\d$`)
	// bareMarker is a last word of two or three letters, or two single
	// letters spaced or dotted ("N Y", "N.Y."), after a space.
	bareMarker = regexp.MustCompile(`\s((?:[A-Za-z]{2,3}\.?)|(?:[A-Za-z]\.?\s?[A-Za-z]\.?))$`)
)

// parenOnly are domiciles seen in parentheses only ("Jerash Holdings
// (US), Inc.").
var parenOnly = map[string]bool{"US": true, "USA": true}

// holdingDomicile reports whether s, in parentheses inside a name, is
// where a holding company is incorporated (a US state, the US, an
// offshore jurisdiction): "ZTO Express (Cayman) Inc.". A country where the
// company operates is part of the name: "Banco Santander (Brasil) S.A." is
// not "Banco Santander, S.A.", nor "HUTCHMED (China)" "HUTCHMED".
func holdingDomicile(s string) bool {
	k := strings.ToUpper(strings.Join(strings.Fields(strings.ReplaceAll(s, ".", "")), " "))
	return usStates[k] || parenOnly[k] || offshore[k]
}

// offshore are the offshore jurisdictions holding companies name.
var offshore = map[string]bool{
	"CAYMAN": true, "CAYMAN ISLANDS": true, "BVI": true, "BRITISH VIRGIN ISLANDS": true, "BERMUDA": true,
	"MARSHALL ISLANDS": true, "JERSEY": true, "GUERNSEY": true, "ISLE OF MAN": true, "BAHAMAS": true, "DELAWARE": true,
}

// onlyLegalForms reports whether s is one or more legal-form words and
// punctuation (", Inc.", " Holdings Ltd", " S.A.").
func onlyLegalForms(s string) bool {
	words := strings.FieldsFunc(strings.ReplaceAll(s, ".", ""), func(r rune) bool { return !unicode.IsLetter(r) })
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		w = strings.ToUpper(w)
		if !titleLegalForms[w] && !foreignLegalForms[w] {
			return false
		}
	}
	return true
}

// foreignLegalForms complete titleLegalForms for the parenthesis rule.
var foreignLegalForms = map[string]bool{
	"SA": true, "AG": true, "NV": true, "BV": true, "SE": true, "AB": true, "AS": true, "ASA": true, "GMBH": true,
	"SPA": true, "KK": true, "PTE": true, "PTY": true, "OYJ": true, "TBK": true,
}

// isMarker reports whether s (a separator's or a parenthesis' content) is
// a known marker.
func isMarker(s string) bool {
	k := strings.ToUpper(strings.Join(strings.Fields(strings.ReplaceAll(s, ".", "")), " "))
	return usStates[k] || markerWords[k]
}

// markerWords are the markers other than US state codes.
var markerWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		"DEL", "DELA", "NEW", "ADR", "ADS", "FI", "CAN", "CN", "CANADA",
		// Canadian provinces and territories.
		"AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
		// Domiciles.
		"UK", "HK", "CI", "BVI", "CAYMAN", "CAYMAN ISLANDS", "BRITISH VIRGIN ISLANDS", "MARSHALL ISLANDS",
		"BERMUDA", "BAHAMAS", "PANAMA", "JERSEY", "GUERNSEY", "ISLE OF MAN", "IRELAND", "ISRAEL", "NETHERLANDS",
		"LUXEMBOURG", "SWITZERLAND", "SINGAPORE", "HONG KONG", "CHINA", "AUSTRALIA", "UNITED KINGDOM", "ENGLAND",
		// US states by name.
		"ALABAMA", "ALASKA", "ARIZONA", "ARKANSAS", "CALIFORNIA", "COLORADO", "CONNECTICUT", "DELAWARE", "FLORIDA",
		"GEORGIA", "HAWAII", "IDAHO", "ILLINOIS", "INDIANA", "IOWA", "KANSAS", "KENTUCKY", "LOUISIANA", "MAINE",
		"MARYLAND", "MASSACHUSETTS", "MICHIGAN", "MINNESOTA", "MISSISSIPPI", "MISSOURI", "MONTANA", "NEBRASKA",
		"NEVADA", "NEW HAMPSHIRE", "NEW JERSEY", "NEW MEXICO", "NEW YORK", "NORTH CAROLINA", "NORTH DAKOTA", "OHIO",
		"OKLAHOMA", "OREGON", "PENNSYLVANIA", "RHODE ISLAND", "SOUTH CAROLINA", "SOUTH DAKOTA", "TENNESSEE", "TEXAS",
		"UTAH", "VERMONT", "VIRGINIA", "WASHINGTON", "WEST VIRGINIA", "WISCONSIN", "WYOMING", "PUERTO RICO",
	} {
		m[w] = true
	}
	return m
}()

// titleLegalForms are the words after which a bare state code is a
// marker: the legal forms of US and Commonwealth titles and the words
// banks and trusts end their names with.
var titleLegalForms = map[string]bool{
	"INC": true, "INCORPORATED": true, "CORP": true, "CORPORATION": true, "CO": true, "COMPANY": true,
	"LTD": true, "LIMITED": true, "LLC": true, "LP": true, "LLP": true, "PLC": true,
	"BANCORP": true, "BANCORPORATION": true, "BANCSHARES": true, "BANKSHARES": true,
	"HOLDINGS": true, "HOLDING": true, "TRUST": true, "FUND": true,
}

// endsInLegalForm reports whether the last word of s (its punctuation
// aside: "Corp.,") is a legal form.
func endsInLegalForm(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 {
		return false
	}
	w := strings.ToUpper(strings.TrimRightFunc(f[len(f)-1], func(r rune) bool { return !unicode.IsLetter(r) }))
	return titleLegalForms[w]
}

var (
	// spacedForm is a trailing run of two to four single letters, spaced
	// or dotted ("N V", "S. A.", "S P A").
	spacedForm = regexp.MustCompile(`(?:\s|^)((?:[A-Za-z]\.?\s+){1,3}[A-Za-z]\.?)$`)
	slashAS    = regexp.MustCompile(`(?i)\sA\s?/\s?S$`)
	mexican    = regexp.MustCompile(`(?i)[\s,]+S\.?\s?A\.?(?:\s?B\.?)?\s+DE\s+C\.?\s?V\.?$`)
)

// joinLegalForm writes EDGAR's spellings of a trailing legal form the way
// the company-name normal form recognises them.
func joinLegalForm(s string) string {
	if m := mexican.FindStringIndex(s); m != nil && m[0] > 0 {
		return strings.TrimSpace(s[:m[0]])
	}
	if m := slashAS.FindStringIndex(s); m != nil {
		return s[:m[0]] + " AS"
	}
	if m := spacedForm.FindStringSubmatchIndex(s); m != nil && m[2] > 0 {
		return s[:m[2]] + strings.NewReplacer(" ", "", ".", "").Replace(s[m[2]:m[3]])
	}
	return s
}

// normalizeName is the company-name normal form (companyname.Normalize) of
// a name without EDGAR's markers (stripMarkers): "Northwind Robotics,
// Inc.", "NORTHWIND ROBOTICS INC /DE/" and "NORTHWIND ROBOTICS INC \DE\"
// all give "northwind robotics".
func normalizeName(s string) string {
	return companyname.Normalize(stripMarkers(s))
}

// exactTitle is a title compared as written: upper case, spaces folded.
func exactTitle(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), " "))
}
