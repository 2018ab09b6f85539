package sourcetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// SECCompany is one EDGAR filer the fake SEC knows.
type SECCompany struct {
	CIK  int64  // Central Index Key, e.g. 1999001
	Name string // submissions' name, e.g. "Northwind Robotics, Inc."
	// Title is the name in the ticker file; Name when empty (the SEC's two
	// files do not always agree: "NORTHWIND ROBOTICS INC /DE/").
	Title                string
	Tickers              []string // ticker file rows and submissions' tickers; none for an unlisted filer
	Exchanges            []string // parallel to Tickers, e.g. "Nasdaq", "NYSE"
	SIC                  string   // e.g. "7372"
	SICDescription       string   // e.g. "Services-Prepackaged Software"
	StateOfIncorporation string   // e.g. "DE"
	Website              string
	Business             SECAddress
	// Filings in any order; the fake serves them newest first.
	Filings []SECFiling
	// RecentLimit is how many of the newest filings submissions' recent
	// holds (0: 1000, EDGAR's floor); older ones are served as the page
	// CIK##########-submissions-001.json listed in filings.files.
	RecentLimit int
}

// SECAddress is an EDGAR address as EDGAR writes it (upper case).
type SECAddress struct {
	Street1        string
	City           string
	StateOrCountry string // "PA", or a foreign code such as "X0"
	// StateOrCountryDescription is "PA" for a state, the country's name
	// ("UNITED KINGDOM") otherwise.
	StateOrCountryDescription string
	ZipCode                   string
	Country                   string // foreign addresses only
}

// SECFiling is one filing in submissions' filings.
type SECFiling struct {
	Accession       string    // "0001999001-26-000012"
	Form            string    // "8-K"
	Filed           time.Time // filingDate (its day)
	Accepted        time.Time // acceptanceDateTime
	ReportDate      time.Time // reportDate; zero: ""
	Items           []string  // 8-K items, e.g. "5.02", "9.01"
	PrimaryDocument string    // "nwrb-20260303.htm"
	Description     string    // primaryDocDescription, e.g. "FORM 8-K"
	XBRL            bool
}

// SECUndeclaredPage is the start of what the SEC answers (403) to a
// request without a declared User-Agent.
const SECUndeclaredPage = "Your Request Originates from an Undeclared Automated Tool"

// NewSEC serves SEC EDGAR for companies, on both of the SEC's hosts (use
// the server's URL as SEC_WWW_URL and SEC_DATA_URL):
//
//	GET /files/company_tickers.json                    {"0":{"cik_str":…,"ticker":…,"title":…},…}
//	GET /submissions/CIK##########.json                the submissions document; 404 for an unknown CIK
//	GET /submissions/CIK##########-submissions-001.json older filings (see SECCompany.RecentLimit)
//
// Like the SEC, it answers 403 with an HTML page to a request whose
// User-Agent is missing, Go's default or upstream's default (undeclared).
// It is closed at cleanup.
func NewSEC(tb testing.TB, companies ...SECCompany) *Server {
	tb.Helper()
	return closeAtCleanup(tb, StartSEC(companies...))
}

// StartSEC is NewSEC outside a test: the caller closes the server.
func StartSEC(companies ...SECCompany) *Server {
	s := Start()
	byCIK := map[string]SECCompany{}
	for _, c := range companies {
		byCIK[fmt.Sprintf("%010d", c.CIK)] = c
	}
	s.Handle("GET /files/company_tickers.json", secDeclared(func(w http.ResponseWriter, r *http.Request) {
		writeJSONDoc(w, "application/json", secTickerFile(companies))
	}))
	s.Handle("GET /submissions/{file}", secDeclared(func(w http.ResponseWriter, r *http.Request) {
		m := secFileRE.FindStringSubmatch(r.PathValue("file"))
		if m == nil {
			secNotFound(w)
			return
		}
		c, ok := byCIK[m[1]]
		if !ok {
			secNotFound(w)
			return
		}
		recent, older := c.split()
		if m[2] == "" {
			writeJSONDoc(w, "application/json", secSubmissions(c, recent, older))
			return
		}
		if m[2] != "001" || len(older) == 0 {
			secNotFound(w)
			return
		}
		writeJSONDoc(w, "application/json", secColumns(older))
	}))
	return s
}

var secFileRE = regexp.MustCompile(`^CIK(\d{10})(?:-submissions-(\d{3}))?\.json$`)

// secDeclared refuses undeclared tools the way the SEC does.
func secDeclared(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ua := strings.TrimSpace(r.Header.Get("User-Agent"))
		if ua == "" || ua == upstream.DefaultUserAgent || strings.HasPrefix(ua, "Go-http-client/") {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			_, _ = fmt.Fprintf(w, "<!DOCTYPE html>\n<html><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head>"+
				"<body><h1>%s</h1><p>Please declare your traffic by updating your user agent to include company specific information.</p>"+
				"<p>For best practices on efficiently downloading information from SEC.gov, including the latest EDGAR filings, visit sec.gov/developer.</p></body></html>\n",
				SECUndeclaredPage)
			return
		}
		h(w, r)
	}
}

func secNotFound(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>`))
}

func writeJSONDoc(w http.ResponseWriter, contentType string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	_, _ = w.Write(b)
}

type secTickerRow struct {
	CIK    int64  `json:"cik_str"`
	Ticker string `json:"ticker"`
	Title  string `json:"title"`
}

func secTickerFile(companies []SECCompany) map[string]secTickerRow {
	rows := map[string]secTickerRow{}
	for _, c := range companies {
		title := c.Title
		if title == "" {
			title = c.Name
		}
		for _, t := range c.Tickers {
			rows[strconv.Itoa(len(rows))] = secTickerRow{CIK: c.CIK, Ticker: t, Title: title}
		}
	}
	return rows
}

// split orders the filings newest first and cuts them into recent and
// older.
func (c SECCompany) split() (recent, older []SECFiling) {
	fs := slices.Clone(c.Filings)
	slices.SortStableFunc(fs, func(a, b SECFiling) int {
		if x := b.Filed.Compare(a.Filed); x != 0 {
			return x
		}
		return b.Accepted.Compare(a.Accepted)
	})
	limit := c.RecentLimit
	if limit <= 0 {
		limit = 1000
	}
	if len(fs) <= limit {
		return fs, nil
	}
	return fs[:limit], fs[limit:]
}

type secAddressJSON struct {
	Street1                   string  `json:"street1"`
	Street2                   *string `json:"street2"`
	City                      string  `json:"city"`
	StateOrCountry            string  `json:"stateOrCountry"`
	ZipCode                   string  `json:"zipCode"`
	StateOrCountryDescription string  `json:"stateOrCountryDescription"`
	IsForeignLocation         int     `json:"isForeignLocation"`
	Country                   *string `json:"country"`
}

type secColumnsJSON struct {
	AccessionNumber       []string `json:"accessionNumber"`
	FilingDate            []string `json:"filingDate"`
	ReportDate            []string `json:"reportDate"`
	AcceptanceDateTime    []string `json:"acceptanceDateTime"`
	Form                  []string `json:"form"`
	Items                 []string `json:"items"`
	CoreType              []string `json:"core_type"`
	IsXBRL                []int    `json:"isXBRL"`
	IsInlineXBRL          []int    `json:"isInlineXBRL"`
	PrimaryDocument       []string `json:"primaryDocument"`
	PrimaryDocDescription []string `json:"primaryDocDescription"`
}

type secFileJSON struct {
	Name        string `json:"name"`
	FilingCount int    `json:"filingCount"`
	FilingFrom  string `json:"filingFrom"`
	FilingTo    string `json:"filingTo"`
}

type secSubmissionsJSON struct {
	CIK                             string                    `json:"cik"`
	EntityType                      string                    `json:"entityType"`
	SIC                             string                    `json:"sic"`
	SICDescription                  string                    `json:"sicDescription"`
	Name                            string                    `json:"name"`
	Tickers                         []string                  `json:"tickers"`
	Exchanges                       []string                  `json:"exchanges"`
	Website                         string                    `json:"website"`
	StateOfIncorporation            string                    `json:"stateOfIncorporation"`
	StateOfIncorporationDescription string                    `json:"stateOfIncorporationDescription"`
	Addresses                       map[string]secAddressJSON `json:"addresses"`
	FormerNames                     []string                  `json:"formerNames"`
	Filings                         struct {
		Recent secColumnsJSON `json:"recent"`
		Files  []secFileJSON  `json:"files"`
	} `json:"filings"`
}

func secSubmissions(c SECCompany, recent, older []SECFiling) secSubmissionsJSON {
	addr := secAddressJSON{Street1: c.Business.Street1, City: c.Business.City, StateOrCountry: c.Business.StateOrCountry,
		ZipCode: c.Business.ZipCode, StateOrCountryDescription: c.Business.StateOrCountryDescription}
	if c.Business.Country != "" {
		country := c.Business.Country
		addr.Country, addr.IsForeignLocation = &country, 1
	}
	out := secSubmissionsJSON{
		CIK: strconv.FormatInt(c.CIK, 10), EntityType: "operating", SIC: c.SIC, SICDescription: c.SICDescription,
		Name: c.Name, Tickers: secStrings(c.Tickers), Exchanges: secStrings(c.Exchanges), Website: c.Website,
		StateOfIncorporation: c.StateOfIncorporation, StateOfIncorporationDescription: c.StateOfIncorporation,
		Addresses:   map[string]secAddressJSON{"mailing": addr, "business": addr},
		FormerNames: []string{},
	}
	out.Filings.Recent = secColumns(recent)
	out.Filings.Files = []secFileJSON{}
	if len(older) > 0 {
		out.Filings.Files = append(out.Filings.Files, secFileJSON{
			Name: fmt.Sprintf("CIK%010d-submissions-001.json", c.CIK), FilingCount: len(older),
			FilingFrom: older[len(older)-1].Filed.Format(time.DateOnly), FilingTo: older[0].Filed.Format(time.DateOnly),
		})
	}
	return out
}

func secStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// secColumns renders filings as EDGAR's parallel arrays.
func secColumns(fs []SECFiling) secColumnsJSON {
	var c secColumnsJSON
	date := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.Format(time.DateOnly)
	}
	for _, f := range fs {
		accepted := ""
		if !f.Accepted.IsZero() {
			accepted = f.Accepted.UTC().Format("2006-01-02T15:04:05.000Z")
		}
		xbrl := 0
		if f.XBRL {
			xbrl = 1
		}
		c.AccessionNumber = append(c.AccessionNumber, f.Accession)
		c.FilingDate = append(c.FilingDate, date(f.Filed))
		c.ReportDate = append(c.ReportDate, date(f.ReportDate))
		c.AcceptanceDateTime = append(c.AcceptanceDateTime, accepted)
		c.Form = append(c.Form, f.Form)
		c.Items = append(c.Items, strings.Join(f.Items, ","))
		c.CoreType = append(c.CoreType, f.Form)
		c.IsXBRL = append(c.IsXBRL, xbrl)
		c.IsInlineXBRL = append(c.IsInlineXBRL, xbrl)
		c.PrimaryDocument = append(c.PrimaryDocument, f.PrimaryDocument)
		c.PrimaryDocDescription = append(c.PrimaryDocDescription, f.Description)
	}
	c.AccessionNumber, c.FilingDate, c.ReportDate = secStrings(c.AccessionNumber), secStrings(c.FilingDate), secStrings(c.ReportDate)
	c.AcceptanceDateTime, c.Form, c.Items, c.CoreType = secStrings(c.AcceptanceDateTime), secStrings(c.Form), secStrings(c.Items), secStrings(c.CoreType)
	c.PrimaryDocument, c.PrimaryDocDescription = secStrings(c.PrimaryDocument), secStrings(c.PrimaryDocDescription)
	if c.IsXBRL == nil {
		c.IsXBRL, c.IsInlineXBRL = []int{}, []int{}
	}
	return c
}

// SECDemoCompanies are fixture filers with filings dated relative to now
// (the offline demo and end-to-end tests):
//   - Northwind Robotics, Inc. (CIK 1999001, Nasdaq: NWRB, Pittsburgh PA):
//     an officer change 8-K 3 days ago, a credit agreement 8-K 9 days ago,
//     a 10-Q 20 days ago, a Form 4 (not of interest) and a 10-K 200 days ago.
//   - Acme Analytics Corp (CIK 1999002, NYSE: ACAN, Austin TX): an earnings
//     8-K 5 days ago, a 13D stake by an investor 15 days ago and the annual
//     proxy (not of interest) 40 days ago.
//   - Contoso Drones, Inc. (CIK 1999003, unlisted, Seattle WA): a Form D
//     private offering 30 days ago.
func SECDemoCompanies(now time.Time) []SECCompany {
	now = now.UTC()
	day := func(daysAgo int) time.Time {
		d := now.AddDate(0, 0, -daysAgo)
		return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	}
	at := func(daysAgo, h, m, s int) time.Time {
		return day(daysAgo).Add(time.Duration(h*3600+m*60+s) * time.Second)
	}
	acc := func(filer int64, daysAgo, seq int) string {
		return fmt.Sprintf("%010d-%02d-%06d", filer, day(daysAgo).Year()%100, seq)
	}
	doc := func(prefix string, daysAgo int) string {
		return prefix + "-" + day(daysAgo).Format("20060102") + ".htm"
	}
	return []SECCompany{
		{
			CIK: 1999001, Name: "Northwind Robotics, Inc.", Title: "NORTHWIND ROBOTICS INC /DE/",
			Tickers: []string{"NWRB"}, Exchanges: []string{"Nasdaq"},
			SIC: "3569", SICDescription: "General Industrial Machinery & Equipment, NEC", StateOfIncorporation: "DE",
			Website:  "https://www.northwind-robotics.com",
			Business: SECAddress{Street1: "2100 SMALLMAN STREET", City: "PITTSBURGH", StateOrCountry: "PA", StateOrCountryDescription: "PA", ZipCode: "15222"},
			Filings: []SECFiling{
				{Accession: acc(1999001, 3, 14), Form: "8-K", Filed: day(3), Accepted: at(3, 16, 5, 12), ReportDate: day(4),
					Items: []string{"5.02", "9.01"}, PrimaryDocument: doc("nwrb", 3), Description: "FORM 8-K"},
				{Accession: acc(1999001, 9, 12), Form: "8-K", Filed: day(9), Accepted: at(9, 8, 30, 2), ReportDate: day(10),
					Items: []string{"1.01", "2.03", "9.01"}, PrimaryDocument: doc("nwrb", 9), Description: "Credit Agreement"},
				{Accession: acc(1999001, 20, 10), Form: "10-Q", Filed: day(20), Accepted: at(20, 16, 12, 45), ReportDate: day(51),
					PrimaryDocument: doc("nwrb", 51), Description: "10-Q", XBRL: true},
				{Accession: acc(1230001, 25, 3), Form: "4", Filed: day(25), Accepted: at(25, 18, 2, 9), ReportDate: day(27),
					PrimaryDocument: "xslF345X05/wk-form4_" + day(25).Format("20060102") + ".xml", Description: "FORM 4"},
				{Accession: acc(1999001, 200, 4), Form: "10-K", Filed: day(200), Accepted: at(200, 16, 30, 0), ReportDate: day(230),
					PrimaryDocument: doc("nwrb", 230), Description: "10-K", XBRL: true},
			},
		},
		{
			CIK: 1999002, Name: "Acme Analytics Corp", Tickers: []string{"ACAN"}, Exchanges: []string{"NYSE"},
			SIC: "7372", SICDescription: "Services-Prepackaged Software", StateOfIncorporation: "DE",
			Business: SECAddress{Street1: "500 CONGRESS AVENUE", City: "AUSTIN", StateOrCountry: "TX", StateOrCountryDescription: "TX", ZipCode: "78701"},
			Filings: []SECFiling{
				{Accession: acc(1999002, 5, 21), Form: "8-K", Filed: day(5), Accepted: at(5, 16, 1, 33), ReportDate: day(5),
					Items: []string{"2.02", "9.01"}, PrimaryDocument: doc("acan", 5), Description: "8-K"},
				{Accession: acc(1400500, 15, 88), Form: "SCHEDULE 13D", Filed: day(15), Accepted: at(15, 17, 2, 40),
					PrimaryDocument: "xslSCHEDULE_13D_X01/primary_doc.xml", Description: "SCHEDULE 13D"},
				{Accession: acc(1999002, 40, 9), Form: "DEF 14A", Filed: day(40), Accepted: at(40, 9, 15, 0),
					PrimaryDocument: doc("acan", 40), Description: "DEF 14A"},
			},
		},
		{
			CIK: 1999003, Name: "Contoso Drones, Inc.", SIC: "3720", SICDescription: "Aircraft & Parts", StateOfIncorporation: "DE",
			Business: SECAddress{Street1: "1201 WESTLAKE AVENUE NORTH", City: "SEATTLE", StateOrCountry: "WA", StateOrCountryDescription: "WA", ZipCode: "98109"},
			Filings: []SECFiling{
				{Accession: acc(1999003, 30, 1), Form: "D", Filed: day(30), Accepted: at(30, 13, 44, 21),
					PrimaryDocument: "xslFormDX01/primary_doc.xml", Description: ""},
			},
		},
	}
}

// FaultExpectation is how a source's Gather should end under injected
// faults (shared by the sec and wikidata tests).
type FaultExpectation struct {
	Kind    upstream.Kind // "" = no error
	Calls   int           // requests to the faulted path prefix
	Items   int           // items returned
	MinTook time.Duration // e.g. a Retry-After that must be honoured
	MaxTook time.Duration // e.g. a long Retry-After that must fail fast; 0 = unbounded
}

// Check compares a Gather's outcome with x: the error's Kind and that it
// is an *upstream.Error of provider, the calls s received under prefix,
// the item count and the time taken.
func (x FaultExpectation) Check(tb testing.TB, s *Server, prefix, provider string, items int, err error, took time.Duration) {
	tb.Helper()
	if got := upstream.KindOf(err); got != x.Kind {
		tb.Fatalf("error kind = %q (%v), want %q", got, err, x.Kind)
	}
	var ue *upstream.Error
	if err != nil && (!errors.As(err, &ue) || ue.Upstream != provider) {
		tb.Errorf("error %v is not a %s *upstream.Error", err, provider)
	}
	if n := s.CallsTo(prefix); n != x.Calls {
		tb.Errorf("calls to %s = %d, want %d", prefix, n, x.Calls)
	}
	if items != x.Items {
		tb.Errorf("items = %d, want %d", items, x.Items)
	}
	if took < x.MinTook {
		tb.Errorf("took %v, want at least %v", took, x.MinTook)
	}
	if x.MaxTook > 0 && took > x.MaxTook {
		tb.Errorf("took %v, want at most %v", took, x.MaxTook)
	}
}

// JSONDiff compares want and got by their indented JSON and returns the
// differing lines, "" when equal (shared by the sec and wikidata tests).
func JSONDiff(want, got any) string {
	w, err1 := json.MarshalIndent(want, "", "  ")
	g, err2 := json.MarshalIndent(got, "", "  ")
	if err1 != nil || err2 != nil {
		return fmt.Sprint("cannot marshal: ", err1, err2)
	}
	if bytes.Equal(w, g) {
		return ""
	}
	wl, gl := strings.Split(string(w), "\n"), strings.Split(string(g), "\n")
	var b strings.Builder
	for i := range max(len(wl), len(gl)) {
		var a, c string
		if i < len(wl) {
			a = wl[i]
		}
		if i < len(gl) {
			c = gl[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n-%s\n+%s\n", i+1, a, c)
		}
	}
	return b.String()
}
