package sec

import (
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

func TestNormalizeName(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"suffix and punctuation", "Northwind Robotics, Inc.", "northwind robotics"},
		{"edgar state marker", "NORTHWIND ROBOTICS INC /DE/", "northwind robotics"},
		{"stacked suffixes", "Acme Holdings Corp.", "acme"},
		{"ampersand co", "JPMorgan Chase & Co", "jpmorgan chase"},
		{"leading the", "The Walt Disney Company", "walt disney"},
		{"dotted abbreviation", "Koninklijke Philips N.V.", "koninklijke philips"},
		{"apostrophe", "Macy's, Inc.", "macys"},
		{"suffix alone is kept", "Co", "co"},
		{"suffix inside is kept", "Inc Research Group", "inc research group"},
		{"empty", " , ", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := normalizeName(tc.in); got != tc.want {
				t.Errorf("normalizeName(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestHeadquarters(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   address
		want string
	}{
		{"us state", address{City: "SAN FRANCISCO", StateOrCountry: "CA", StateOrCountryDescription: "CA"}, "San Francisco, CA"},
		{"hyphen and apostrophe", address{City: "WINSTON-SALEM", StateOrCountry: "NC"}, "Winston-Salem, NC"},
		{"mixed case kept", address{City: "McLean", StateOrCountry: "VA"}, "McLean, VA"},
		{"foreign with country", address{City: "LONDON", StateOrCountry: "X0", StateOrCountryDescription: "UNITED KINGDOM", Country: "UNITED KINGDOM"}, "London, United Kingdom"},
		{"foreign description only", address{City: "STOCKHOLM", StateOrCountry: "V7", StateOrCountryDescription: "SWEDEN"}, "Stockholm, Sweden"},
		{"unknown code only", address{City: "ZUG", StateOrCountry: "V8", StateOrCountryDescription: "V8"}, "Zug"},
		{"no city", address{StateOrCountry: "CA"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := headquarters(tc.in); got != tc.want {
				t.Errorf("headquarters = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDocumentURL(t *testing.T) {
	f := filer{cik: "320193", www: "https://www.sec.gov"}
	for _, tc := range []struct {
		name string
		row  filingRow
		want string
	}{
		{"primary document", filingRow{accession: "0000320193-26-000006", document: "aapl-20260103.htm"},
			"https://www.sec.gov/Archives/edgar/data/320193/000032019326000006/aapl-20260103.htm"},
		{"xsl path", filingRow{accession: "0001999003-26-000001", document: "xslFormDX01/primary_doc.xml"},
			"https://www.sec.gov/Archives/edgar/data/320193/000199900326000001/xslFormDX01/primary_doc.xml"},
		{"no document: index page", filingRow{accession: "0000320193-26-000006"},
			"https://www.sec.gov/Archives/edgar/data/320193/000032019326000006/0000320193-26-000006-index.htm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := f.documentURL(tc.row); got != tc.want {
				t.Errorf("documentURL = %q, want %q", got, tc.want)
			}
		})
	}
}

func FuzzParseSubmissions(f *testing.F) {
	f.Add([]byte(`{"cik":"1999001","name":"Northwind Robotics, Inc.","tickers":["NWRB"],"exchanges":["Nasdaq"],` +
		`"addresses":{"business":{"city":"PITTSBURGH","stateOrCountry":"PA"}},"filings":{"recent":{` +
		`"accessionNumber":["0001999001-26-000014"],"filingDate":["2026-03-03"],"acceptanceDateTime":["2026-03-03T16:05:12.000Z"],` +
		`"form":["8-K"],"items":["5.02,9.01"],"primaryDocument":["nwrb-20260303.htm"],"primaryDocDescription":["FORM 8-K"]},"files":[]}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		sub, rows, err := parseSubmissions(body)
		if err != nil {
			return
		}
		c := sub.Filings.Recent
		if len(c.Form) != len(c.AccessionNumber) || len(c.PrimaryDocDescription) != len(c.AccessionNumber) || len(rows) > len(c.AccessionNumber) {
			t.Fatalf("columns accepted misaligned: %d rows", len(rows))
		}
		fl := filer{cik: string(sub.CIK), name: sub.Name, www: "https://www.sec.gov"}
		q := bundle.Query{From: time.Time{}, To: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)}
		for _, it := range fl.filings(rows, q) {
			if it.Filing == nil || !strings.HasPrefix(it.Doc.URL, "https://www.sec.gov/Archives/edgar/data/"+string(sub.CIK)+"/") {
				t.Fatalf("bad item %+v", it)
			}
		}
		_ = fl.facts(sub, fl.pageURL())
		_ = fl.profileItem(sub)
	})
}

func FuzzParseTickers(f *testing.F) {
	f.Add([]byte(`{"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."},"1":{"cik_str":"1999001","ticker":"nwrb","title":"NORTHWIND ROBOTICS INC /DE/"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		idx, err := parseTickers(body)
		if err != nil {
			return
		}
		for tk, ls := range idx.byTicker {
			for _, l := range ls {
				if l.Ticker != tk || l.CIK == "" || strings.HasPrefix(l.CIK, "0") {
					t.Fatalf("bad listing %+v under %q", l, tk)
				}
			}
		}
	})
}
