package qualify

import (
	"regexp"
	"sort"
	"strings"
)

// place is a country or US state the gazetteer knows.
type place struct {
	Country string // ISO 3166-1 alpha-2
	State   string // US state name, lower-case; empty for a country
}

// region is a named set of countries (or one country, or one US state)
// an ICP can name.
type region struct {
	Name      string          // as the ICP wrote it, lower-case
	Countries map[string]bool // members; nil for a state
	State     string          // a US state
}

func (r region) contains(p place) bool {
	if r.State != "" {
		return p.State == r.State
	}
	return r.Countries[p.Country]
}

// countryNames are country names and adjectives, as words() writes them.
// Wikidata's long official labels ("United States of America", "Kingdom of
// the Netherlands", "People's Republic of China", "Kingdom of Denmark")
// need no entry of their own: they contain a shorter name that findRegions
// finds as a whole word. Listing them would make "kingdom", "people" and
// "republic" place words (not topic terms) and, being longer, would make
// "Hong Kong, People's Republic of China" read as China.
var countryNames = map[string]string{
	"united states": "US", "united states of america": "US", "usa": "US", "u s a": "US", "u s": "US",
	"canada": "CA", "canadian": "CA", "mexico": "MX", "mexican": "MX", "brazil": "BR", "argentina": "AR", "chile": "CL", "colombia": "CO",
	"united kingdom": "GB", "uk": "GB", "great britain": "GB", "britain": "GB", "british": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
	"ireland": "IE", "irish": "IE", "germany": "DE", "german": "DE", "austria": "AT", "austrian": "AT", "switzerland": "CH", "swiss": "CH",
	"france": "FR", "french": "FR", "spain": "ES", "spanish": "ES", "portugal": "PT", "italy": "IT", "italian": "IT",
	"netherlands": "NL", "dutch": "NL", "belgium": "BE", "luxembourg": "LU", "denmark": "DK", "danish": "DK", "sweden": "SE", "swedish": "SE",
	"norway": "NO", "norwegian": "NO", "finland": "FI", "finnish": "FI", "iceland": "IS", "poland": "PL", "polish": "PL",
	"czech republic": "CZ", "czechia": "CZ", "hungary": "HU", "romania": "RO", "greece": "GR", "estonia": "EE", "latvia": "LV", "lithuania": "LT",
	"israel": "IL", "united arab emirates": "AE", "uae": "AE", "saudi arabia": "SA", "south africa": "ZA", "nigeria": "NG", "kenya": "KE",
	"egypt": "EG", "turkey": "TR", "türkiye": "TR", "india": "IN", "china": "CN", "japan": "JP", "south korea": "KR", "singapore": "SG",
	"australia": "AU", "new zealand": "NZ", "hong kong": "HK", "indonesia": "ID",
}

var (
	europe     = "GB IE DE AT CH FR ES PT IT NL BE LU DK SE NO FI IS PL CZ HU RO GR EE LV LT"
	regionDefs = map[string]string{
		"north america": "US CA MX", "north american": "US CA MX",
		"europe": europe, "european": europe,
		"eu":   "IE DE AT FR ES PT IT NL BE LU DK SE FI PL CZ HU RO GR EE LV LT",
		"emea": europe + " IL AE SA ZA NG KE EG TR",
		"dach": "DE AT CH", "nordics": "DK SE NO FI IS", "nordic": "DK SE NO FI IS", "scandinavia": "DK SE NO",
		"benelux": "BE NL LU", "apac": "IN CN JP KR SG AU NZ HK ID", "asia pacific": "IN CN JP KR SG AU NZ HK ID",
		"latam": "MX BR AR CL CO", "latin america": "MX BR AR CL CO", "middle east": "IL AE SA TR EG",
		"anz": "AU NZ", "americas": "US CA MX BR AR CL CO",
	}
)

var usStates = map[string]string{
	"alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO", "connecticut": "CT",
	"delaware": "DE", "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA",
	"kansas": "KS", "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI",
	"minnesota": "MN", "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV", "new hampshire": "NH",
	"new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK",
	"oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN",
	"texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA", "west virginia": "WV", "wisconsin": "WI",
	"wyoming": "WY", "district of columbia": "DC",
}

var stateByAbbr = func() map[string]string {
	m := map[string]string{}
	for n, a := range usStates {
		m[a] = n
	}
	return m
}()

// placeWords are the stems of every gazetteer word; they are not topic terms.
var placeWords = func() map[string]bool {
	var all []string
	for k := range countryNames {
		all = append(all, k)
	}
	for k := range regionDefs {
		all = append(all, k)
	}
	for k := range usStates {
		all = append(all, k)
	}
	return stemSet(strings.Join(all, " ") + " us")
}()

// upperUS matches "US", "U.S.", "USA", "U.S.A." as written in capitals: the
// lower-case word "us" is a pronoun.
var upperUS = regexp.MustCompile(`\bU\.?S\.?(A\.?)?\b`)

// phrase is a gazetteer phrase found in a text.
type phrase struct {
	Text   string // lower-case phrase
	Region region
}

// findRegions returns the countries, regions and US states a text names,
// longest phrase first so "north american" is not also read as a country.
func findRegions(text string) []phrase {
	var out []phrase
	if upperUS.MatchString(text) {
		out = append(out, phrase{Text: "US", Region: region{Name: "us", Countries: map[string]bool{"US": true}}})
		text = upperUS.ReplaceAllString(text, " ")
	}
	norm := " " + strings.Join(words(text), " ") + " "
	type entry struct {
		key string
		r   region
	}
	var entries []entry
	for k, c := range countryNames {
		if k == "u s" {
			continue // handled case-sensitively above
		}
		entries = append(entries, entry{k, region{Name: k, Countries: map[string]bool{c: true}}})
	}
	for k, cs := range regionDefs {
		m := map[string]bool{}
		for _, c := range strings.Fields(cs) {
			m[c] = true
		}
		entries = append(entries, entry{k, region{Name: k, Countries: m}})
	}
	for k := range usStates {
		entries = append(entries, entry{k, region{Name: k, State: k}})
	}
	sort.Slice(entries, func(i, j int) bool {
		if len(entries[i].key) != len(entries[j].key) {
			return len(entries[i].key) > len(entries[j].key)
		}
		return entries[i].key < entries[j].key
	})
	for _, e := range entries {
		k := " " + e.key + " "
		if strings.Contains(norm, k) {
			out = append(out, phrase{Text: e.key, Region: e.r})
			norm = strings.ReplaceAll(norm, k, " | ")
		}
	}
	return out
}

// stateAbbr matches ", PA" style US state abbreviations in a headquarters fact.
var stateAbbr = regexp.MustCompile(`,\s*([A-Z]{2})\b`)

// locate reads the headquarters fact into a place: a US state (by name or
// ", XX" abbreviation) implies the US; otherwise the first country named.
func locate(hq string) (place, bool) {
	norm := " " + strings.Join(words(hq), " ") + " "
	for _, n := range sortedKeys(usStates) {
		if strings.Contains(norm, " "+n+" ") && !(n == "georgia" && strings.Contains(norm, " tbilisi ")) {
			return place{Country: "US", State: n}, true
		}
	}
	for _, m := range stateAbbr.FindAllStringSubmatch(hq, -1) {
		if n, ok := stateByAbbr[m[1]]; ok {
			return place{Country: "US", State: n}, true
		}
	}
	for _, p := range findRegions(hq) {
		if len(p.Region.Countries) == 1 {
			for c := range p.Region.Countries {
				return place{Country: c}, true
			}
		}
	}
	return place{}, false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(keys[i]) != len(keys[j]) {
			return len(keys[i]) > len(keys[j])
		}
		return keys[i] < keys[j]
	})
	return keys
}
