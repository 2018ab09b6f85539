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
// filings.
func parseSubmissions(body []byte) (*submissions, []filingRow, error) {
	var s submissions
	if err := json.Unmarshal(body, &s); err != nil {
		return nil, nil, err
	}
	if s.CIK == "" {
		return nil, nil, errors.New("sec: submissions without a cik")
	}
	rows, err := s.Filings.Recent.rows()
	if err != nil {
		return nil, nil, err
	}
	return &s, rows, nil
}

// parseFilingPage decodes a page of older filings
// (CIK##########-submissions-001.json: the columns at top level).
func parseFilingPage(body []byte) ([]filingRow, error) {
	var c filingColumns
	if err := json.Unmarshal(body, &c); err != nil {
		return nil, err
	}
	return c.rows()
}

// rows checks that the columns line up (every one as long as
// accessionNumber) and returns the well-formed filings: a row whose
// accession number or filing date does not parse is skipped.
func (c filingColumns) rows() ([]filingRow, error) {
	n := len(c.AccessionNumber)
	for _, col := range []struct {
		name string
		len  int
	}{
		{"filingDate", len(c.FilingDate)}, {"acceptanceDateTime", len(c.AcceptanceDateTime)}, {"form", len(c.Form)},
		{"items", len(c.Items)}, {"primaryDocument", len(c.PrimaryDocument)}, {"primaryDocDescription", len(c.PrimaryDocDescription)},
	} {
		if col.len != n {
			return nil, fmt.Errorf("sec: filings column %s has %d entries, accessionNumber %d", col.name, col.len, n)
		}
	}
	out := make([]filingRow, 0, n)
	for i := range n {
		acc := strings.TrimSpace(c.AccessionNumber[i])
		filed, err := time.Parse(time.DateOnly, strings.TrimSpace(c.FilingDate[i]))
		if !accessionRE.MatchString(acc) || err != nil {
			continue
		}
		r := filingRow{
			accession:   acc,
			filed:       filed,
			form:        strings.TrimSpace(c.Form[i]),
			items:       splitItems(c.Items[i]),
			document:    strings.TrimSpace(c.PrimaryDocument[i]),
			description: strings.TrimSpace(c.PrimaryDocDescription[i]),
		}
		if t, err := time.Parse(time.RFC3339, strings.TrimSpace(c.AcceptanceDateTime[i])); err == nil {
			r.accepted = t.UTC()
		}
		out = append(out, r)
	}
	return out, nil
}

// splitItems splits an 8-K items field ("5.02,9.01").
func splitItems(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
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
