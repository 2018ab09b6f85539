package sourcetest

import (
	"bytes"
	_ "embed"
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
	// holds (0: 1000, EDGAR's floor); older ones are served as the pages
	// CIK##########-submissions-001.json, -002… listed in filings.files.
	RecentLimit int
	// PageSize is how many filings each older page holds, newest page
	// first (0: all in -001).
	PageSize int

	// The rest of submissions' header, served as EDGAR writes it (empty
	// strings as "", an empty LEI as null).
	EntityType    string // "operating" when empty
	OwnerOrg      string // the SEC office, e.g. "06 Technology"
	EIN           string // e.g. "942404110"
	LEI           string
	Category      string // e.g. "Large accelerated filer"
	FiscalYearEnd string // "MMDD", e.g. "0926"
	Phone         string
	FormerNames   []SECFormerName
}

// SECFormerName is one of submissions' formerNames.
type SECFormerName struct {
	Name     string
	From, To time.Time
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
	CountryCode               string // foreign addresses only, e.g. "GB"
}

// SECFiling is one filing in submissions' filings.
type SECFiling struct {
	Accession string    // "0001999001-26-000012"
	Form      string    // "8-K"
	Filed     time.Time // filingDate (its day)
	// Accepted is acceptanceDateTime; zero gives what EDGAR writes for
	// filings from before it recorded the time: New York midnight of the
	// filing day written in UTC ("…T05:00:00.000Z").
	Accepted   time.Time
	ReportDate time.Time // reportDate; zero: ""
	// Items is the items column: 8-K items ("5.02", "9.01"; "5", "7" before
	// 2004), Form D exemptions ("06b"), or what EFFECT notices put there
	// ("S-4", "", "2021-03-04 16:00:00").
	Items []string
	// PrimaryDocument is "nwrb-20260303.htm", "xslF345X05/form4.xml", or
	// "" (EDGAR names none for filings from before about 2001).
	PrimaryDocument string
	Description     string // primaryDocDescription: "FORM 8-K", "8-K", "", "Credit Agreement"…
	XBRL            bool
	Act             string // "34", "33", ""; derived from the form when empty
	FileNumber      string // e.g. "000-12345"
	FilmNumber      string
	Size            int // bytes; derived from the accession when 0
}

// SECUndeclaredPage is the heading of the page the SEC answers (403) to a
// request whose User-Agent declares no company and contact e-mail.
const SECUndeclaredPage = "Your Request Originates from an Undeclared Automated Tool"

// SECThresholdTitle is the title of that page: the SEC serves the same
// page to a client over its request-rate threshold.
const SECThresholdTitle = "SEC.gov | Request Rate Threshold Exceeded"

// NewSEC serves SEC EDGAR for companies, on both of the SEC's hosts (use
// the server's URL as SEC_WWW_URL and SEC_DATA_URL):
//
//	GET /files/company_tickers.json                    {"0":{"cik_str":…,"ticker":…,"title":…},…}
//	GET /submissions/CIK##########.json                the submissions document; 404 for an unknown CIK
//	GET /submissions/CIK##########-submissions-NNN.json older filings (see SECCompany.RecentLimit)
//
// Beside companies it serves the filers of SECMarkerCompanies (dated
// from the day it starts; a company of the same CIK or ticker replaces
// one): the ticker file then carries EDGAR's title markers in every
// spelling and submissions the real quirks (filings without a primary
// document, Form D exemptions and EFFECT notices in items, descriptions
// that only name the form), as every test and the demo world see them.
//
// Documents are compact JSON in EDGAR's field order. Like the SEC, it
// answers 403 with its HTML page (SECThresholdTitle, SECUndeclaredPage)
// to a request whose User-Agent declares no contact e-mail (missing, Go's
// or a library's default, upstream's default). It is closed at cleanup.
func NewSEC(tb testing.TB, companies ...SECCompany) *Server {
	tb.Helper()
	return closeAtCleanup(tb, StartSEC(companies...))
}

// StartSEC is NewSEC outside a test: the caller closes the server.
func StartSEC(companies ...SECCompany) *Server {
	companies = withMarkerCompanies(companies, SECMarkerCompanies(time.Now()))
	s := Start()
	byCIK := map[string]SECCompany{}
	for _, c := range companies {
		byCIK[fmt.Sprintf("%010d", c.CIK)] = c
	}
	tickers := secTickerFile(companies)
	s.Handle("GET /files/company_tickers.json", secDeclared(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(tickers)
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
		recent, pages := c.split()
		if m[2] == "" {
			writeJSONDoc(w, "application/json", secSubmissions(c, recent, pages))
			return
		}
		n, _ := strconv.Atoi(m[2])
		if n < 1 || n > len(pages) {
			secNotFound(w)
			return
		}
		writeJSONDoc(w, "application/json", secColumns(pages[n-1]))
	}))
	return s
}

// withMarkerCompanies appends the marker filers whose CIK and tickers no
// company uses.
func withMarkerCompanies(companies, markers []SECCompany) []SECCompany {
	out := slices.Clone(companies)
	ciks, tickers := map[int64]bool{}, map[string]bool{}
	for _, c := range companies {
		ciks[c.CIK] = true
		for _, t := range c.Tickers {
			tickers[strings.ToUpper(t)] = true
		}
	}
next:
	for _, m := range markers {
		if ciks[m.CIK] {
			continue
		}
		for _, t := range m.Tickers {
			if tickers[t] {
				continue next
			}
		}
		out = append(out, m)
	}
	return out
}

var secFileRE = regexp.MustCompile(`^CIK(\d{10})(?:-submissions-(\d{3}))?\.json$`)

// secContact is a declared User-Agent: one naming a contact e-mail.
var secContact = regexp.MustCompile(`[^\s@]+@[^\s@]+\.[A-Za-z]{2,}`)

// secDeclared refuses undeclared tools the way the SEC does.
func secDeclared(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ua := strings.TrimSpace(r.Header.Get("User-Agent"))
		if ua == upstream.DefaultUserAgent || !secContact.MatchString(ua) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			_, _ = fmt.Fprintf(w, secRefusalPage, SECThresholdTitle, SECUndeclaredPage)
			return
		}
		h(w, r)
	}
}

// secRefusalPage is the shape of the SEC's 403 page: an XHTML document
// titled "Request Rate Threshold Exceeded" whose heading says the request
// comes from an undeclared automated tool, a reference id at the end.
const secRefusalPage = `<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<title>%s</title>
<style>
html {height: 100%%}
body {height: 100%%; margin:0; padding:0;}
#header {background-color:#003968; color:#fff; padding:15px 20px 10px 20px; font-family:Arial, Helvetica, sans-serif;}
#content {max-width:650px; margin:60px auto; padding:0 20px 100px 20px;}
h1 {font-family:Georgia, Times, serif; font-size:20px;}
</style>
</head>
<body>
<div id="header">U.S. Securities and Exchange Commission</div>
<div id="content">
<h1>%s</h1>
<p>To keep access fair for everyone, automated tools must identify themselves. This request did not, and requests like it are limited until the traffic is declared.</p>
<p>Please declare your traffic by updating your user agent to include company specific information.</p>
<p>Best practices for downloading EDGAR data efficiently are described at sec.gov/developer.</p>
<p>Reference ID: 0.1f2c3d4e.1767225600.5a6b7c8d</p>
</div>
</body>
</html>
`

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

// secTickerFile renders company_tickers.json: one line, an object keyed
// "0", "1", … in that (numeric) order, cik_str a JSON number.
func secTickerFile(companies []SECCompany) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	for _, c := range companies {
		title := c.Title
		if title == "" {
			title = c.Name
		}
		for _, t := range c.Tickers {
			row, _ := json.Marshal(secTickerRow{CIK: c.CIK, Ticker: t, Title: title})
			if n > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"%d":%s`, n, row)
			n++
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

// split orders the filings newest first and cuts them into recent and
// the pages of older ones.
func (c SECCompany) split() (recent []SECFiling, pages [][]SECFiling) {
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
	recent, older := fs[:limit], fs[limit:]
	size := c.PageSize
	if size <= 0 {
		size = len(older)
	}
	for len(older) > 0 {
		n := min(size, len(older))
		pages = append(pages, older[:n])
		older = older[n:]
	}
	return recent, pages
}

type secAddressJSON struct {
	Street1                   string  `json:"street1"`
	Street2                   *string `json:"street2"`
	City                      string  `json:"city"`
	StateOrCountry            string  `json:"stateOrCountry"`
	ZipCode                   string  `json:"zipCode"`
	StateOrCountryDescription string  `json:"stateOrCountryDescription"`
	IsForeignLocation         *int    `json:"isForeignLocation"`
	ForeignStateTerritory     *string `json:"foreignStateTerritory"`
	Country                   *string `json:"country"`
	CountryCode               *string `json:"countryCode"`
}

type secColumnsJSON struct {
	AccessionNumber       []string `json:"accessionNumber"`
	FilingDate            []string `json:"filingDate"`
	ReportDate            []string `json:"reportDate"`
	AcceptanceDateTime    []string `json:"acceptanceDateTime"`
	Act                   []string `json:"act"`
	Form                  []string `json:"form"`
	FileNumber            []string `json:"fileNumber"`
	FilmNumber            []string `json:"filmNumber"`
	Items                 []string `json:"items"`
	CoreType              []string `json:"core_type"`
	Size                  []int    `json:"size"`
	IsXBRL                []int    `json:"isXBRL"`
	IsInlineXBRL          []int    `json:"isInlineXBRL"`
	IsXBRLNumeric         []*int   `json:"isXBRLNumeric"`
	PrimaryDocument       []string `json:"primaryDocument"`
	PrimaryDocDescription []string `json:"primaryDocDescription"`
}

type secFileJSON struct {
	Name        string `json:"name"`
	FilingCount int    `json:"filingCount"`
	FilingFrom  string `json:"filingFrom"`
	FilingTo    string `json:"filingTo"`
}

type secFormerNameJSON struct {
	Name string `json:"name"`
	From string `json:"from"`
	To   string `json:"to"`
}

// secSubmissionsJSON is a submissions document, fields in EDGAR's order.
type secSubmissionsJSON struct {
	CIK                               string  `json:"cik"`
	EntityType                        string  `json:"entityType"`
	SIC                               string  `json:"sic"`
	SICDescription                    string  `json:"sicDescription"`
	OwnerOrg                          string  `json:"ownerOrg"`
	InsiderTransactionForOwnerExists  int     `json:"insiderTransactionForOwnerExists"`
	InsiderTransactionForIssuerExists int     `json:"insiderTransactionForIssuerExists"`
	Name                              string  `json:"name"`
	Tickers                           []any   `json:"tickers"`
	Exchanges                         []any   `json:"exchanges"`
	EIN                               string  `json:"ein"`
	LEI                               *string `json:"lei"`
	Description                       string  `json:"description"`
	Website                           string  `json:"website"`
	InvestorWebsite                   string  `json:"investorWebsite"`
	Category                          string  `json:"category"`
	FiscalYearEnd                     string  `json:"fiscalYearEnd"`
	StateOfIncorporation              string  `json:"stateOfIncorporation"`
	StateOfIncorporationDescription   string  `json:"stateOfIncorporationDescription"`
	Addresses                         struct {
		Mailing  secAddressJSON `json:"mailing"`
		Business secAddressJSON `json:"business"`
	} `json:"addresses"`
	Phone       string              `json:"phone"`
	Flags       string              `json:"flags"`
	FormerNames []secFormerNameJSON `json:"formerNames"`
	Filings     struct {
		Recent secColumnsJSON `json:"recent"`
		Files  []secFileJSON  `json:"files"`
	} `json:"filings"`
}

// secAddress renders an address. EDGAR's 2026 documents mark a US mailing
// address isForeignLocation 0 but leave the business address's null, with
// null country fields.
func secAddress(a SECAddress, mailing bool) secAddressJSON {
	out := secAddressJSON{Street1: a.Street1, City: a.City, StateOrCountry: a.StateOrCountry, ZipCode: a.ZipCode,
		StateOrCountryDescription: a.StateOrCountryDescription}
	foreign := 0
	if a.Country != "" {
		foreign = 1
		out.Country = &a.Country
		if a.CountryCode != "" {
			out.CountryCode = &a.CountryCode
		}
	}
	if mailing || foreign == 1 {
		out.IsForeignLocation = &foreign
	}
	return out
}

func secSubmissions(c SECCompany, recent []SECFiling, pages [][]SECFiling) secSubmissionsJSON {
	out := secSubmissionsJSON{
		CIK: fmt.Sprintf("%010d", c.CIK), EntityType: c.EntityType, SIC: c.SIC, SICDescription: c.SICDescription,
		OwnerOrg: c.OwnerOrg, InsiderTransactionForIssuerExists: 1, Name: c.Name,
		Tickers: secNullable(c.Tickers), Exchanges: secNullable(c.Exchanges), EIN: c.EIN, Website: c.Website,
		Category: c.Category, FiscalYearEnd: c.FiscalYearEnd,
		StateOfIncorporation: c.StateOfIncorporation, StateOfIncorporationDescription: c.StateOfIncorporation,
		Phone: c.Phone, FormerNames: []secFormerNameJSON{},
	}
	if out.EntityType == "" {
		out.EntityType = "operating"
	}
	if c.LEI != "" {
		out.LEI = &c.LEI
	}
	out.Addresses.Mailing, out.Addresses.Business = secAddress(c.Business, true), secAddress(c.Business, false)
	for _, f := range c.FormerNames {
		out.FormerNames = append(out.FormerNames, secFormerNameJSON{Name: f.Name, From: secInstant(f.From), To: secInstant(f.To)})
	}
	out.Filings.Recent = secColumns(recent)
	out.Filings.Files = []secFileJSON{}
	for i, p := range pages {
		out.Filings.Files = append(out.Filings.Files, secFileJSON{
			Name: fmt.Sprintf("CIK%010d-submissions-%03d.json", c.CIK, i+1), FilingCount: len(p),
			FilingFrom: p[len(p)-1].Filed.Format(time.DateOnly), FilingTo: p[0].Filed.Format(time.DateOnly),
		})
	}
	return out
}

// secNullable renders tickers and exchanges: an empty string as null (an
// OTC listing without an exchange is written [null]).
func secNullable(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		if v != "" {
			out[i] = v
		}
	}
	return out
}

// secInstant is EDGAR's instant form: "2026-03-03T16:05:12.000Z".
func secInstant(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// newYork is EDGAR's clock; a fixed UTC-5 when the zone database is
// missing.
var newYork = func() *time.Location {
	if l, err := time.LoadLocation("America/New_York"); err == nil {
		return l
	}
	return time.FixedZone("EST", -5*3600)
}()

// secColumns renders filings as EDGAR's parallel arrays.
func secColumns(fs []SECFiling) secColumnsJSON {
	c := secColumnsJSON{
		AccessionNumber: []string{}, FilingDate: []string{}, ReportDate: []string{}, AcceptanceDateTime: []string{},
		Act: []string{}, Form: []string{}, FileNumber: []string{}, FilmNumber: []string{}, Items: []string{},
		CoreType: []string{}, Size: []int{}, IsXBRL: []int{}, IsInlineXBRL: []int{}, IsXBRLNumeric: []*int{},
		PrimaryDocument: []string{}, PrimaryDocDescription: []string{},
	}
	date := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.Format(time.DateOnly)
	}
	for _, f := range fs {
		accepted := f.Accepted
		if accepted.IsZero() {
			d := f.Filed
			accepted = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, newYork)
		}
		xbrl := 0
		if f.XBRL {
			xbrl = 1
		}
		var numeric *int
		if f.XBRL {
			numeric = &xbrl
		}
		size := f.Size
		if size == 0 {
			size = 4000 + int(secChecksum(f.Accession)%90000)
		}
		c.AccessionNumber = append(c.AccessionNumber, f.Accession)
		c.FilingDate = append(c.FilingDate, date(f.Filed))
		c.ReportDate = append(c.ReportDate, date(f.ReportDate))
		c.AcceptanceDateTime = append(c.AcceptanceDateTime, secInstant(accepted))
		c.Act = append(c.Act, secAct(f))
		c.Form = append(c.Form, f.Form)
		c.FileNumber = append(c.FileNumber, f.FileNumber)
		c.FilmNumber = append(c.FilmNumber, f.FilmNumber)
		c.Items = append(c.Items, strings.Join(f.Items, ","))
		c.CoreType = append(c.CoreType, f.Form)
		c.Size = append(c.Size, size)
		c.IsXBRL = append(c.IsXBRL, xbrl)
		c.IsInlineXBRL = append(c.IsInlineXBRL, xbrl)
		c.IsXBRLNumeric = append(c.IsXBRLNumeric, numeric)
		c.PrimaryDocument = append(c.PrimaryDocument, f.PrimaryDocument)
		c.PrimaryDocDescription = append(c.PrimaryDocDescription, f.Description)
	}
	return c
}

// secAct is the act column: "" for ownership forms, "33" for Securities
// Act registrations and offerings, "34" otherwise.
func secAct(f SECFiling) string {
	if f.Act != "" {
		return f.Act
	}
	switch f.Form {
	case "3", "4", "5", "3/A", "4/A", "5/A", "144":
		return ""
	case "S-1", "S-1/A", "F-1", "F-1/A", "S-3", "S-3ASR", "S-4", "S-8", "424B4", "D", "D/A", "FWP":
		return "33"
	}
	return "34"
}

func secChecksum(s string) uint32 {
	var h uint32 = 2166136261
	for i := range len(s) {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}

// SECMarkerCompanies are fictitious filers, served by every SEC fake
// beside its own companies, whose ticker-file titles carry EDGAR's
// markers in each spelling the live ticker file has (the first thirty-one;
// SECMarkerNames gives the plain name of each) and two that share a name
// and differ only by their state marker ("FIRST LANTERN BANCORP /NC/" and
// "/PR/"), followed by titles with a slash or parenthesis that is part of
// the name. Each has, dated relative to now: an earnings 8-K (items
// "2.02,9.01", description "FORM 8-K") 2 days ago, a 10-Q 30 days ago
// (description "10-Q"); every third an EFFECT notice (items
// "S-4,,2021-03-04 16:00:00"), every fourth a Form D (items "06b"), and
// every fifth a 10-K from 1999 with no primary document and an empty
// description. CIKs 1998001 and up, tickers as in the table.
func SECMarkerCompanies(now time.Time) []SECCompany {
	now = now.UTC()
	day := func(daysAgo int) time.Time {
		d := now.AddDate(0, 0, -daysAgo)
		return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	}
	var out []SECCompany
	for i, m := range secMarkerTable {
		cik := int64(1998001 + i)
		acc := func(daysAgo, seq int) string {
			return fmt.Sprintf("%010d-%02d-%06d", cik, day(daysAgo).Year()%100, seq)
		}
		prefix := strings.ToLower(m.ticker)
		c := SECCompany{
			CIK: cik, Name: m.title, Title: m.title, Tickers: []string{m.ticker}, Exchanges: []string{m.exchange},
			SIC: "6022", SICDescription: "State Commercial Banks", StateOfIncorporation: m.state,
			Business: SECAddress{Street1: "100 MAIN STREET", City: "WILMINGTON", StateOrCountry: "DE", StateOrCountryDescription: "DE", ZipCode: "19801"},
			Filings: []SECFiling{
				{Accession: acc(2, 31), Form: "8-K", Filed: day(2), Accepted: day(2).Add(21*time.Hour + 5*time.Minute), ReportDate: day(2),
					Items: []string{"2.02", "9.01"}, PrimaryDocument: prefix + "-" + day(2).Format("20060102") + ".htm", Description: "FORM 8-K"},
				{Accession: acc(30, 22), Form: "10-Q", Filed: day(30), Accepted: day(30).Add(20*time.Hour + 40*time.Minute), ReportDate: day(60),
					PrimaryDocument: prefix + "-" + day(60).Format("20060102") + ".htm", Description: "10-Q", XBRL: true},
			},
		}
		if i%3 == 0 {
			c.Filings = append(c.Filings, SECFiling{Accession: acc(45, 18), Form: "EFFECT", Filed: day(45), Accepted: day(45).Add(4 * time.Hour),
				Items: []string{"S-4", "", "2021-03-04 16:00:00"}, PrimaryDocument: "xslEFFECTX01/primary_doc.xml"})
		}
		if i%4 == 0 {
			c.Filings = append(c.Filings, SECFiling{Accession: acc(60, 12), Form: "D", Filed: day(60), Accepted: day(60).Add(15 * time.Hour),
				Items: []string{"06b"}, PrimaryDocument: "xslFormDX01/primary_doc.xml"})
		}
		if i%5 == 0 {
			c.Filings = append(c.Filings, SECFiling{Accession: fmt.Sprintf("%010d-99-%06d", cik, 3), Form: "10-K",
				Filed: time.Date(1999, 3, 30, 0, 0, 0, 0, time.UTC), ReportDate: time.Date(1998, 12, 31, 0, 0, 0, 0, time.UTC)})
		}
		out = append(out, c)
	}
	return out
}

// SECMarkerNames are the plain names of SECMarkerCompanies' titles with a
// marker (by ticker), as a caller would ask for them; "" for the titles
// whose name is ambiguous or has no marker.
func SECMarkerNames() map[string]string {
	out := map[string]string{}
	for _, m := range secMarkerTable {
		out[m.ticker] = m.plain
	}
	return out
}

// secMarker is a row of testdata/sec-markers.json: a title in one of the
// marker spellings of the live ticker file, its plain name ("" when the
// name is ambiguous or has no marker), ticker, exchange and state.
type secMarker struct {
	title, plain, ticker, exchange, state string
}

//go:embed testdata/sec-markers.json
var secMarkerJSON []byte

// secMarkerTable: a title in each marker spelling of the live ticker file.
var secMarkerTable = func() []secMarker {
	var rows [][5]string
	if err := json.Unmarshal(secMarkerJSON, &rows); err != nil {
		panic("sourcetest: testdata/sec-markers.json: " + err.Error())
	}
	out := make([]secMarker, len(rows))
	for i, r := range rows {
		out[i] = secMarker{r[0], r[1], r[2], r[3], r[4]}
	}
	return out
}()

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
