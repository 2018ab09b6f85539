package qualify

import "testing"

// TestLocateWikidataCountries: the Wikidata source writes the headquarters
// as "<P159 label>, <P17 country label>"; locate must read the countries
// in the forms Wikidata labels them.
func TestLocateWikidataCountries(t *testing.T) {
	for _, tc := range []struct {
		hq      string
		country string // ISO code; "" not located
		state   string
	}{
		{"Pittsburgh, United States of America", "US", ""},
		{"Denver, United States", "US", ""},
		{"New York City, United States of America", "US", "new york"},
		{"London, United Kingdom", "GB", ""},
		{"Dublin, Ireland", "IE", ""},
		{"Rotterdam, Kingdom of the Netherlands", "NL", ""},
		{"Amsterdam, Netherlands", "NL", ""},
		{"Berlin, Germany", "DE", ""},
		{"Toronto, Canada", "CA", ""},
		{"Beijing, People's Republic of China", "CN", ""},
		{"Hong Kong, People's Republic of China", "HK", ""},
		{"Copenhagen, Kingdom of Denmark", "DK", ""},
		{"Prague, Czech Republic", "CZ", ""},
		{"Seoul, South Korea", "KR", ""},
		{"Istanbul, Turkey", "TR", ""},
		{"Istanbul, Türkiye", "TR", ""},
		{"Dubai, United Arab Emirates", "AE", ""},
		{"Luxembourg City", "LU", ""},
		{"Singapore", "SG", ""},
		{"United States of America", "US", ""},
		{"Dublin", "", ""},
		{"Rotterdam", "", ""},
	} {
		t.Run(tc.hq, func(t *testing.T) {
			p, ok := locate(tc.hq)
			if ok != (tc.country != "") || p.Country != tc.country || p.State != tc.state {
				t.Errorf("locate(%q) = %+v, %v; want %s %q", tc.hq, p, ok, tc.country, tc.state)
			}
		})
	}
}

// TestGeographyFitWikidataHeadquarters: a city-only headquarters is
// unknown; with Wikidata's country label it scores.
func TestGeographyFitWikidataHeadquarters(t *testing.T) {
	for _, tc := range []struct {
		name, hq, icp string
		want          float64
		known         bool
	}{
		{"city only", "Rotterdam", "Benelux food importers", 0, false},
		{"Benelux contains the Kingdom of the Netherlands", "Rotterdam, Kingdom of the Netherlands", "Benelux food importers", 1, true},
		{"US firms", "Pittsburgh, United States of America", "manufacturers in the US", 1, true},
		{"UK outside DACH", "London, United Kingdom", "DACH payment providers", 0, true},
		{"Ireland in the EU", "Dublin, Ireland", "EU research agencies", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{}
			in.Profile.Headquarters = fact(tc.hq, wdURL)
			c := geographyFit(in, parseICP(tc.icp))
			if c.known != tc.known || !near(c.Score, tc.want) {
				t.Errorf("got known=%v score=%v reason=%q", c.known, c.Score, c.Reason)
			}
		})
	}
}
