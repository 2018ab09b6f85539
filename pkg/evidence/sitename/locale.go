package sitename

import (
	"regexp"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/companyname"
)

// A brand's site for one country names the country after the brand: "Kuro
// Thailand", "Caffè Moretti DE", "Acme US", "Emsstadt.de". withoutLocale
// gives the name without it, a candidate that needs the domain or another
// field to back it (its share is localeShare), so a name that ends in a
// country ("Air France") keeps it when its own spelling agrees better.

// countryCodes are the country and region codes brands write, in capitals,
// after their name.
var countryCodes = map[string]bool{
	"US": true, "UK": true, "GB": true, "IE": true, "DE": true, "AT": true, "CH": true, "FR": true, "ES": true,
	"IT": true, "NL": true, "BE": true, "LU": true, "DK": true, "SE": true, "NO": true, "FI": true, "PL": true,
	"CZ": true, "PT": true, "CA": true, "MX": true, "BR": true, "AR": true, "AU": true, "NZ": true, "IN": true,
	"JP": true, "CN": true, "HK": true, "SG": true, "ZA": true, "AE": true, "ME": true, "EU": true,
	"APAC": true, "EMEA": true, "LATAM": true, "MENA": true, "DACH": true,
}

// localeNames are country and region names, in companyname's normal form
// (accents folded), in English and in the country's own languages.
var localeNames = map[string]bool{
	"usa": true, "united states": true, "uk": true, "united kingdom": true, "great britain": true, "britain": true,
	"ireland": true, "germany": true, "deutschland": true, "austria": true, "osterreich": true, "switzerland": true,
	"schweiz": true, "suisse": true, "svizzera": true, "france": true, "spain": true, "espana": true, "italy": true,
	"italia": true, "netherlands": true, "nederland": true, "belgium": true, "belgie": true, "belgique": true,
	"luxembourg": true, "denmark": true, "danmark": true, "sweden": true, "sverige": true, "norway": true,
	"norge": true, "finland": true, "suomi": true, "poland": true, "polska": true, "czechia": true, "cesko": true,
	"portugal": true, "canada": true, "mexico": true, "brazil": true, "brasil": true, "argentina": true,
	"australia": true, "new zealand": true, "india": true, "japan": true, "china": true, "hong kong": true,
	"singapore": true, "thailand": true, "malaysia": true, "indonesia": true, "philippines": true, "vietnam": true,
	"korea": true, "south africa": true, "uae": true, "middle east": true, "europe": true, "north america": true,
	"latin america": true, "asia": true, "nordics": true,
}

// ccTLDName is a name written as a host under a country-code domain:
// "Emsstadt.de", "ACME.de", "Acme.co.uk".
var ccTLDName = regexp.MustCompile(`^([\p{L}\p{N}][\p{L}\p{N}-]*)\.(?:(?:co|com|org|net)\.)?[a-zA-Z]{2}$`)

// withoutLocale returns name without a trailing country or region, and
// whether it had one.
func withoutLocale(name string) (string, bool) {
	fields := strings.Fields(name)
	if len(fields) == 1 {
		if m := ccTLDName.FindStringSubmatch(name); m != nil {
			return m[1], true
		}
		return "", false
	}
	for n := min(2, len(fields)-1); n >= 1; n-- {
		tail := fields[len(fields)-n:]
		if (n == 1 && countryCodes[tail[0]]) || localeNames[strings.Join(companyname.WordsAsWritten(strings.Join(tail, " ")), " ")] {
			rest := strings.TrimRight(strings.Join(fields[:len(fields)-n], " "), " -–—,")
			return rest, rest != ""
		}
	}
	return "", false
}
