package sourcetest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

const secAgent = "Intel402 Tests ops@intel402.example"

// shapeFiler is a filer with a former name and six filings, the oldest an
// 8-K from before EDGAR named primary documents (items in the pre-2004
// numbering).
func shapeFiler(now time.Time) sourcetest.SECCompany {
	day := func(n int) time.Time { return now.AddDate(0, 0, -n).Truncate(24 * time.Hour) }
	c := sourcetest.SECCompany{CIK: 1999001, Name: "Northwind Robotics, Inc.", Title: "NORTHWIND ROBOTICS INC /DE/", Tickers: []string{"NWRB"}, Exchanges: []string{"Nasdaq"},
		Business:    sourcetest.SECAddress{Street1: "2100 SMALLMAN STREET", City: "PITTSBURGH", StateOrCountry: "PA", StateOrCountryDescription: "PA", ZipCode: "15222"},
		FormerNames: []sourcetest.SECFormerName{{Name: "NORTHWIND AUTOMATION INC", From: day(9500).Add(5 * time.Hour), To: day(4000).Add(4 * time.Hour)}}}
	for i, n := range []int{3, 9, 20, 25, 200} {
		c.Filings = append(c.Filings, sourcetest.SECFiling{Accession: fmt.Sprintf("0001999001-26-%06d", 20+i), Form: "8-K", Filed: day(n),
			Accepted: day(n).Add(16 * time.Hour), ReportDate: day(n), Items: []string{"8.01"}, PrimaryDocument: fmt.Sprintf("nwrb-%d.htm", n), Description: "FORM 8-K"})
	}
	c.Filings = append(c.Filings, sourcetest.SECFiling{Accession: "0001999001-01-000007", Form: "8-K", Filed: day(9000), ReportDate: day(9002), Items: []string{"5", "7"}})
	return c
}

func secGet(t *testing.T, url, agent string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("User-Agent", agent)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// jsonKeys returns the keys of a JSON object in document order.
func jsonKeys(t *testing.T, raw []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %v %v", tok, err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestSECSubmissionsShape: the fake's submissions document is compact,
// in EDGAR's field order, with the 2026 fields and their nulls.
func TestSECSubmissionsShape(t *testing.T) {
	now := time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC)
	srv := sourcetest.NewSEC(t, shapeFiler(now))
	resp, body := secGet(t, srv.URL+"/submissions/CIK0001999001.json", secAgent)
	if resp.StatusCode != http.StatusOK || bytes.ContainsAny(body, "\n\t") {
		t.Fatalf("status %d; body compact: %v", resp.StatusCode, !bytes.ContainsAny(body, "\n\t"))
	}
	want := []string{"cik", "entityType", "sic", "sicDescription", "ownerOrg", "insiderTransactionForOwnerExists",
		"insiderTransactionForIssuerExists", "name", "tickers", "exchanges", "ein", "lei", "description", "website",
		"investorWebsite", "category", "fiscalYearEnd", "stateOfIncorporation", "stateOfIncorporationDescription",
		"addresses", "phone", "flags", "formerNames", "filings"}
	if got := jsonKeys(t, body); !slices.Equal(got, want) {
		t.Errorf("keys %q\nwant %q", got, want)
	}
	var doc struct {
		CIK       string          `json:"cik"`
		LEI       *string         `json:"lei"`
		Addresses json.RawMessage `json:"addresses"`
		Former    []struct {
			Name, From, To string
		} `json:"formerNames"`
		Filings struct {
			Recent json.RawMessage `json:"recent"`
			Files  []any           `json:"files"`
		} `json:"filings"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.CIK != "0001999001" || doc.LEI != nil || len(doc.Former) != 1 || !strings.HasSuffix(doc.Former[0].From, ".000Z") || doc.Filings.Files == nil {
		t.Errorf("header = %+v", doc)
	}
	if got := jsonKeys(t, doc.Addresses); !slices.Equal(got, []string{"mailing", "business"}) {
		t.Errorf("addresses %q", got)
	}
	if !bytes.Contains(doc.Addresses, []byte(`"isForeignLocation":null,"foreignStateTerritory":null,"country":null,"countryCode":null}`)) {
		t.Errorf("business address without the null fields: %s", doc.Addresses)
	}
	cols := []string{"accessionNumber", "filingDate", "reportDate", "acceptanceDateTime", "act", "form", "fileNumber", "filmNumber",
		"items", "core_type", "size", "isXBRL", "isInlineXBRL", "isXBRLNumeric", "primaryDocument", "primaryDocDescription"}
	if got := jsonKeys(t, doc.Filings.Recent); !slices.Equal(got, cols) {
		t.Errorf("columns %q\nwant %q", got, cols)
	}
	var recent map[string][]any
	if err := json.Unmarshal(doc.Filings.Recent, &recent); err != nil {
		t.Fatal(err)
	}
	for _, c := range cols {
		if len(recent[c]) != len(recent["accessionNumber"]) {
			t.Errorf("column %s has %d entries, want %d", c, len(recent[c]), len(recent["accessionNumber"]))
		}
	}
	// The old 8-K: no primary document, New York midnight, old items.
	last := len(recent["accessionNumber"]) - 1
	if recent["primaryDocument"][last] != "" || !strings.HasSuffix(recent["acceptanceDateTime"][last].(string), ":00:00.000Z") ||
		recent["items"][last] != "5,7" || recent["isXBRLNumeric"][last] != nil {
		t.Errorf("old filing: doc %q accepted %q items %q numeric %v", recent["primaryDocument"][last], recent["acceptanceDateTime"][last],
			recent["items"][last], recent["isXBRLNumeric"][last])
	}
}

// TestSECTickerFileShape: one line, keys "0", "1", … in numeric order,
// cik_str a number, and the marker filers' titles among the world's
// listed companies'.
func TestSECTickerFileShape(t *testing.T) {
	w := sourcetest.StartWorld(t, time.Now())
	_, body := secGet(t, w.SEC().URL+"/files/company_tickers.json", secAgent)
	keys := jsonKeys(t, body)
	for i, k := range keys {
		if k != strconv.Itoa(i) {
			t.Fatalf("key %d = %q", i, k)
		}
	}
	var rows map[string]struct {
		CIK    json.Number `json:"cik_str"`
		Ticker string      `json:"ticker"`
		Title  string      `json:"title"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&rows); err != nil {
		t.Fatal(err)
	}
	titles := map[string]bool{}
	for _, r := range rows {
		if _, err := r.CIK.Int64(); err != nil {
			t.Errorf("cik_str %q is not a number", r.CIK)
		}
		titles[r.Title] = true
	}
	for _, want := range []string{"NORTHWIND ROBOTICS INC /DE/", "QUILLFEATHER SYSTEMS INC/DE", "KESTREL BIOTHERAPEUTICS INC / MA",
		"OAKMERE BANCORP DE", `PINEWOOD BANCORP \DE\`, "CARDINAL POINT WHOLESALE CORP /NEW", "Skovlund Pharma A/S/ADR"} {
		if !titles[want] {
			t.Errorf("ticker file lacks %q", want)
		}
	}
	listed := 0
	for _, c := range w.Companies() {
		if c.Ticker != "" {
			listed++
		}
	}
	if len(keys) != listed+len(sourcetest.SECMarkerCompanies(time.Now())) {
		t.Errorf("rows = %d", len(keys))
	}
}

// TestSECMarkerCompaniesGiveWay: a company of the same CIK or ticker
// replaces a marker filer.
func TestSECMarkerCompaniesGiveWay(t *testing.T) {
	srv := sourcetest.NewSEC(t, sourcetest.SECCompany{CIK: 1998001, Name: "Other Co", Tickers: []string{"OTHR"}},
		sourcetest.SECCompany{CIK: 1990000, Name: "Ticker Clash Inc", Tickers: []string{"HLVD"}})
	_, body := secGet(t, srv.URL+"/files/company_tickers.json", secAgent)
	if bytes.Contains(body, []byte("BRIGHTWATER")) || bytes.Contains(body, []byte("HALVARD")) || !bytes.Contains(body, []byte("QUILLFEATHER")) {
		t.Errorf("ticker file: %s", body)
	}
}

// TestSECPages: older filings are served in pages of PageSize, newest
// page first, each listed with its date range.
func TestSECPages(t *testing.T) {
	now := time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC)
	c := shapeFiler(now)
	c.RecentLimit, c.PageSize = 2, 3 // 6 filings: 2 recent, pages of 3 and 1
	srv := sourcetest.NewSEC(t, c)
	_, body := secGet(t, srv.URL+"/submissions/CIK0001999001.json", secAgent)
	var doc struct {
		Filings struct {
			Files []struct {
				Name                 string
				FilingCount          int
				FilingFrom, FilingTo string
			}
		}
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	f := doc.Filings.Files
	if len(f) != 2 || f[0].Name != "CIK0001999001-submissions-001.json" || f[0].FilingCount != 3 || f[1].FilingCount != 1 ||
		f[1].FilingTo >= f[0].FilingFrom {
		t.Fatalf("files = %+v", f)
	}
	for i, want := range []int{3, 1} {
		resp, page := secGet(t, srv.URL+"/submissions/"+f[i].Name, secAgent)
		var cols map[string][]any
		if err := json.Unmarshal(page, &cols); resp.StatusCode != http.StatusOK || err != nil || len(cols["accessionNumber"]) != want {
			t.Errorf("page %d: %d %v %d rows", i+1, resp.StatusCode, err, len(cols["accessionNumber"]))
		}
	}
	if resp, _ := secGet(t, srv.URL+"/submissions/CIK0001999001-submissions-003.json", secAgent); resp.StatusCode != http.StatusNotFound {
		t.Errorf("page 3: %d", resp.StatusCode)
	}
}

// TestSECRefusesUndeclaredAgents: 403 with the SEC's HTML page unless the
// User-Agent names a contact e-mail.
func TestSECRefusesUndeclaredAgents(t *testing.T) {
	srv := sourcetest.NewSEC(t)
	for _, tc := range []struct {
		agent string
		ok    bool
	}{
		{"", false}, {"Go-http-client/1.1", false}, {"python-requests/2.32.3", false}, {"curl/8.5.0", false},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64)", false}, {"Acme Research", false}, {"ops@localhost", false},
		{secAgent, true}, {"Sample Company Name AdminContact@samplecompany.com", true},
	} {
		resp, body := secGet(t, srv.URL+"/files/company_tickers.json", tc.agent)
		if tc.ok {
			if resp.StatusCode != http.StatusOK {
				t.Errorf("%q: %d", tc.agent, resp.StatusCode)
			}
			continue
		}
		if resp.StatusCode != http.StatusForbidden || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
			!bytes.Contains(body[:200], []byte(sourcetest.SECThresholdTitle)) || !bytes.Contains(body, []byte(sourcetest.SECUndeclaredPage)) {
			t.Errorf("%q: %d %s", tc.agent, resp.StatusCode, body)
		}
	}
}
