package sec

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
)

// submissions is the part of data.sec.gov/submissions/CIK##########.json
// this source reads.
type submissions struct {
	CIK                  cikValue `json:"cik"`
	Name                 string   `json:"name"`
	Tickers              []string `json:"tickers"`
	Exchanges            []string `json:"exchanges"`
	SIC                  string   `json:"sic"`
	SICDescription       string   `json:"sicDescription"`
	StateOfIncorporation string   `json:"stateOfIncorporation"`
	Website              string   `json:"website"`
	Addresses            struct {
		Business address `json:"business"`
	} `json:"addresses"`
	Filings struct {
		Recent filingColumns `json:"recent"`
		Files  []filingFile  `json:"files"`
	} `json:"filings"`
}

type address struct {
	City                      string `json:"city"`
	StateOrCountry            string `json:"stateOrCountry"`
	StateOrCountryDescription string `json:"stateOrCountryDescription"`
	Country                   string `json:"country"`
}

// filingFile names a page of older filings (same columns as recent).
type filingFile struct {
	Name       string `json:"name"`
	FilingFrom string `json:"filingFrom"`
	FilingTo   string `json:"filingTo"`
}

// filingColumns are EDGAR's parallel arrays: element i of every column
// describes filing i.
type filingColumns struct {
	AccessionNumber       []string `json:"accessionNumber"`
	FilingDate            []string `json:"filingDate"`
	AcceptanceDateTime    []string `json:"acceptanceDateTime"`
	Form                  []string `json:"form"`
	Items                 []string `json:"items"`
	PrimaryDocument       []string `json:"primaryDocument"`
	PrimaryDocDescription []string `json:"primaryDocDescription"`
}

// filingRow is one filing of the columns.
type filingRow struct {
	accession   string
	filed       time.Time // day, UTC midnight
	accepted    time.Time // zero when absent or unparsable
	form        string
	items       []string
	document    string
	description string
}

var accessionRE = regexp.MustCompile(`^\d{10}-\d{2}-\d{6}$`)

// parseSubmissions decodes a submissions document and its recent
// filings; dropped counts the filings that could not be read.
func parseSubmissions(body []byte) (sub *submissions, rows []filingRow, dropped int, err error) {
	var s submissions
	if err := json.Unmarshal(body, &s); err != nil {
		return nil, nil, 0, err
	}
	if s.CIK == "" {
		return nil, nil, 0, errors.New("sec: submissions without a cik")
	}
	rows, dropped, err = s.Filings.Recent.rows()
	if err != nil {
		return nil, nil, 0, err
	}
	return &s, rows, dropped, nil
}

// parseFilingPage decodes a page of older filings
// (CIK##########-submissions-001.json: the columns at top level).
func parseFilingPage(body []byte) (rows []filingRow, dropped int, err error) {
	var c filingColumns
	if err := json.Unmarshal(body, &c); err != nil {
		return nil, 0, err
	}
	if c.AccessionNumber == nil {
		return nil, 0, errors.New("sec: filing page without accessionNumber")
	}
	return c.rows()
}

// rows checks that the columns line up and returns the well-formed
// filings, with the number of rows dropped because their accession number
// or filing date does not parse. accessionNumber, filingDate and form are
// required: each must be as long as accessionNumber. The other columns may
// be missing or null (every filing then reads as without it) but, when
// present, must be as long too: columns that do not line up cannot be
// read at all.
func (c filingColumns) rows() ([]filingRow, int, error) {
	n := len(c.AccessionNumber)
	for _, col := range []struct {
		name     string
		len      int
		optional bool
	}{
		{"filingDate", len(c.FilingDate), false}, {"form", len(c.Form), false},
		{"acceptanceDateTime", len(c.AcceptanceDateTime), true}, {"items", len(c.Items), true},
		{"primaryDocument", len(c.PrimaryDocument), true}, {"primaryDocDescription", len(c.PrimaryDocDescription), true},
	} {
		if col.len != n && !(col.optional && col.len == 0) {
			return nil, 0, fmt.Errorf("sec: filings column %s has %d entries, accessionNumber %d", col.name, col.len, n)
		}
	}
	at := func(col []string, i int) string {
		if i < len(col) {
			return strings.TrimSpace(col[i])
		}
		return ""
	}
	out := make([]filingRow, 0, n)
	dropped := 0
	for i := range n {
		acc := strings.TrimSpace(c.AccessionNumber[i])
		filed, err := time.Parse(time.DateOnly, strings.TrimSpace(c.FilingDate[i]))
		if !accessionRE.MatchString(acc) || err != nil {
			dropped++
			continue
		}
		out = append(out, filingRow{
			accession:   acc,
			filed:       filed,
			accepted:    parseAccepted(at(c.AcceptanceDateTime, i)),
			form:        strings.TrimSpace(c.Form[i]),
			items:       splitItems(at(c.Items, i)),
			document:    primaryDocument(at(c.PrimaryDocument, i)),
			description: at(c.PrimaryDocDescription, i),
		})
	}
	return out, dropped, nil
}

// parseAccepted reads acceptanceDateTime ("2026-03-03T16:05:12.000Z";
// also without fraction or with an offset); zero when empty or in any
// other form (a re-serialised "None").
func parseAccepted(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

// itemRE is one entry of the items column: 8-K items ("5.02", and "5",
// "12" before August 2004), Form D exemptions ("06b", "3C.7", "04a5").
// Other text found there (an EFFECT notice's "S-4,,2021-03-04 16:00:00")
// is not an item.
var itemRE = regexp.MustCompile(`^[0-9][0-9A-Za-z]{0,3}(\.[0-9]{1,2})?$`)

// splitItems splits the items column ("5.02,9.01") into its items.
func splitItems(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); itemRE.MatchString(p) {
			out = append(out, p)
		}
	}
	return out
}

// primaryDocument returns the primary document's path within the filing's
// folder ("nwrb-20260303.htm", "xslF345X05/form4.xml"), or "" when there
// is none usable: empty (filings from before about 2001 have none), a
// re-serialised null ("None"), a name without an extension, or a path
// that would leave the folder.
func primaryDocument(s string) string {
	if s == "" || strings.HasPrefix(s, "/") || strings.Contains(s, "://") || strings.ContainsAny(s, "?#\\") {
		return ""
	}
	segs := strings.Split(s, "/")
	for _, seg := range segs {
		if seg == "" || seg == "." || seg == ".." {
			return ""
		}
	}
	if !strings.Contains(segs[len(segs)-1], ".") {
		return ""
	}
	return s
}

// headquarters renders the business address as "City, ST" for a US state
// and "City, Country" otherwise; all-capital names (EDGAR's usual form)
// are title-cased, others kept as written. Empty when the city is unknown.
func headquarters(a address) string {
	city := titleIfUpper(a.City)
	if city == "" {
		return ""
	}
	st := strings.ToUpper(strings.TrimSpace(a.StateOrCountry))
	if usStates[st] {
		return city + ", " + st
	}
	country := strings.TrimSpace(a.Country)
	if d := strings.TrimSpace(a.StateOrCountryDescription); country == "" && !strings.EqualFold(d, st) {
		country = d
	}
	if country == "" {
		return city
	}
	return city + ", " + titleIfUpper(country)
}

// titleIfUpper title-cases s ("WINSTON-SALEM" → "Winston-Salem") when it
// has no lower-case letter; otherwise it returns s folded.
func titleIfUpper(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for _, r := range s {
		if unicode.IsLower(r) {
			return s
		}
	}
	var b strings.Builder
	start := true
	for _, r := range s {
		if start {
			b.WriteRune(r)
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		start = !unicode.IsLetter(r) && r != '\''
	}
	return b.String()
}
