package sec_test

import (
	"context"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sec"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
	"github.com/intel402/intel402/services/company-intel/internal/upstream/upstreamtest"
)

// TestWellKnownTitlesResolveByName: the ten well-known companies of the
// issue, their ticker-file titles as the SEC writes them (CIKs
// fictitious), found by the names the companies use. Before the marker
// rules seven of them (/NEW, /DE without the closing slash, INC/DE,
// " / MA", the bare trailing DE, COMPANY/MN, " / DE") found nothing.
func TestWellKnownTitlesResolveByName(t *testing.T) {
	cases := []struct{ title, ticker, name string }{
		{"COSTCO WHOLESALE CORP /NEW", "COST", "Costco Wholesale Corporation"},
		{"APPLIED MATERIALS INC /DE", "AMAT", "Applied Materials, Inc."},
		{"QUALCOMM INC/DE", "QCOM", "QUALCOMM Incorporated"},
		{"VERTEX PHARMACEUTICALS INC / MA", "VRTX", "Vertex Pharmaceuticals Incorporated"},
		{"US BANCORP DE", "USB", "U.S. Bancorp"},
		{"BANK OF AMERICA CORP /DE/", "BAC", "Bank of America Corporation"},
		{"KEYCORP /NEW/", "KEY", "KeyCorp"},
		{"DANAHER CORP /DE/", "DHR", "Danaher Corporation"},
		{"WELLS FARGO & COMPANY/MN", "WFC", "Wells Fargo & Company"},
		{"Rivian Automotive, Inc. / DE", "RIVN", "Rivian Automotive, Inc."},
	}
	var cos []sourcetest.SECCompany
	for i, c := range cases {
		cos = append(cos, sourcetest.SECCompany{CIK: int64(1997001 + i), Name: c.title, Title: c.title,
			Tickers: []string{c.ticker}, Exchanges: []string{"Nasdaq"}})
	}
	srv := sourcetest.NewSEC(t, cos...)
	s := newSource(t, srv)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ls, _, err := s.LookupTicker(context.Background(), c.name)
			if err != nil {
				t.Fatal(err)
			}
			if len(ls) != 1 || ls[0].Ticker != c.ticker || ls[0].Title != c.title {
				t.Fatalf("LookupTicker(%q) = %+v, want the listing %s %q", c.name, ls, c.ticker, c.title)
			}
			// Name, not Title, is what compares with the company's name.
			if !companyname.Same(ls[0].Name, c.name) {
				t.Errorf("companyname.Same(%q, %q) = false", ls[0].Name, c.name)
			}
			// And Gather resolves the name to the CIK.
			res, err := s.Gather(context.Background(), query(bundle.Company{Name: c.name}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Items) == 0 || !strings.HasSuffix(res.Items[len(res.Items)-1].Doc.URL, "CIK="+ls[0].CIK) || ls[0].CIK != strconv.Itoa(1997001+i) {
				t.Errorf("Gather(%q) = %d items; want the profile of CIK %s", c.name, len(res.Items), ls[0].CIK)
			}
		})
	}
}

// TestMarkerFilersResolve: every fake SEC serves SECMarkerCompanies; each
// marker spelling resolves by the plain name, and slashes and
// parentheses that belong to a name do not break it.
func TestMarkerFilersResolve(t *testing.T) {
	srv := sourcetest.NewSEC(t, fixtures()...)
	s := newSource(t, srv)
	ctx := context.Background()
	markers := sourcetest.SECMarkerCompanies(now)
	byTicker := map[string]sourcetest.SECCompany{}
	for _, c := range markers {
		byTicker[c.Tickers[0]] = c
	}
	plain := 0
	for ticker, name := range sourcetest.SECMarkerNames() {
		if name == "" {
			continue
		}
		plain++
		c := byTicker[ticker]
		t.Run(c.Title, func(t *testing.T) {
			ls, _, err := s.LookupTicker(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			if len(ls) != 1 || ls[0].Ticker != ticker || ls[0].Title != c.Title || !companyname.Same(ls[0].Name, name) {
				t.Errorf("LookupTicker(%q) = %+v, want %s %q", name, ls, ticker, c.Title)
			}
		})
	}
	if plain < 30 {
		t.Errorf("only %d marker spellings", plain)
	}
	for _, tc := range []struct {
		name    string
		tickers []string
	}{
		{"First Lantern Bancorp", []string{"FLNC", "FLPR"}}, // two companies: no guess
		{"FIRST LANTERN BANCORP /PR/", []string{"FLPR"}},    // the title as written is one
		{"first lantern bancorp /nc/", []string{"FLNC"}},
		{"Heronsgate", []string{"HRGT"}},                   // "(Brasil)" is another company
		{"Heronsgate (Brasil) S.A.", []string{"HRGB"}},     // as written
		{"Kettle/Forge Holdings", []string{"KTFG"}},        // a slash in the name
		{"Tern Long/Short Income Trust", []string{"TLSI"}}, // idem
		{"Signal I/O Corporation", []string{"SIOC"}},
		{"Silverpine Zcash Trust (SZEC)", []string{"SZEC"}}, // the parenthesis is the name's
		{"Silverpine Zcash Trust", nil},
		{"Kettle", nil},
	} {
		ls, _, err := s.LookupTicker(ctx, tc.name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range ls {
			got = append(got, l.Ticker)
		}
		if !slices.Equal(got, tc.tickers) {
			t.Errorf("LookupTicker(%q) = %v, want %v", tc.name, got, tc.tickers)
		}
	}
}

// TestGatherNamesTheCompanyWithoutMarkers: submissions' name is EDGAR's
// conformed name, markers included; items name the company without them.
func TestGatherNamesTheCompanyWithoutMarkers(t *testing.T) {
	srv := sourcetest.NewSEC(t)
	s := newSource(t, srv)
	res, err := s.Gather(context.Background(), bundle.Query{Company: bundle.Company{Name: "Cardinal Point Wholesale Corporation"},
		From: time.Now().AddDate(0, 0, -10), To: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 2 || !strings.HasPrefix(res.Items[0].Doc.Title, "Form 8-K: CARDINAL POINT WHOLESALE CORP — items 2.02, 9.01") ||
		res.Items[1].Doc.Title != "CARDINAL POINT WHOLESALE CORP — SEC EDGAR filings (CIK 1998006)" {
		for _, it := range res.Items {
			t.Logf("%s", it.Doc.Title)
		}
		t.Fatalf("items = %d", len(res.Items))
	}
}

// TestFilingsWithoutPrimaryDocumentAreCited: EDGAR names no primary
// document for old filings; the filing is cited by its index page.
func TestFilingsWithoutPrimaryDocumentAreCited(t *testing.T) {
	srv := sourcetest.NewSEC(t, fixtures()...)
	s := newSource(t, srv)
	old := now.AddDate(0, 0, -9000)
	oldDay := time.Date(old.Year(), old.Month(), old.Day(), 0, 0, 0, 0, time.UTC)
	res, err := s.Gather(context.Background(), bundle.Query{Company: bundle.Company{CIK: "1999001"}, From: oldDay, To: oldDay})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 2 {
		t.Fatalf("items = %v", itemKeys(res))
	}
	it := res.Items[0]
	acc := it.Filing.Accession
	wantURL := srv.URL + "/Archives/edgar/data/1999001/" + strings.ReplaceAll(acc, "-", "") + "/" + acc + "-index.htm"
	nyMidnight := time.Date(old.Year(), old.Month(), old.Day(), 0, 0, 0, 0, mustZone(t, "America/New_York")).UTC()
	if it.Doc.URL != wantURL || it.Doc.Title != "Form 8-K: Northwind Robotics, Inc. — items 5, 7" ||
		it.Doc.Excerpt != "Current report (Form 8-K)." || !it.Filing.Accepted.Equal(nyMidnight) || !it.Doc.Published.Equal(oldDay) {
		t.Errorf("item = %+v %+v\nwant URL %s, accepted %v", it.Doc, it.Filing, wantURL, nyMidnight)
	}
	// A marker filer's 1999 10-K, listed among its recent filings.
	res, err = s.Gather(context.Background(), bundle.Query{Company: bundle.Company{Name: "Brightwater Marine"},
		From: time.Date(1999, 3, 30, 0, 0, 0, 0, time.UTC), To: time.Date(1999, 3, 30, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 2 || !strings.HasSuffix(res.Items[0].Doc.URL, "/Archives/edgar/data/1998001/000199800199000003/0001998001-99-000003-index.htm") ||
		res.Items[0].Doc.Title != "Form 10-K: BRIGHTWATER MARINE CORP — Annual report" {
		t.Errorf("items = %+v", res.Items)
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Skip(err)
	}
	return l
}

// TestFormDExemptionsAndEffectNotices: the items column carries Form D
// exemptions (read) and EFFECT notices' text (ignored: not a form of
// interest, and not items).
func TestFormDExemptionsAndEffectNotices(t *testing.T) {
	srv := sourcetest.NewSEC(t, fixtures()...)
	s := newSource(t, srv)
	res, err := s.Gather(context.Background(), query(bundle.Company{CIK: "1999003"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 2 || res.Items[0].Doc.Title != "Form D: Contoso Drones, Inc. — Notice of an exempt offering of securities (Rule 506(b))" ||
		res.Items[0].Doc.Excerpt != "Exemption claimed: Rule 506(b)." || !slices.Equal(res.Items[0].Filing.Items, []string{"06b"}) {
		t.Errorf("items = %+v", res.Items)
	}
	// Brightwater (the first marker filer) has an EFFECT notice 45 days
	// ago and a Form D 60 days ago.
	res, err = s.Gather(context.Background(), bundle.Query{Company: bundle.Company{CIK: "1998001"}, From: time.Now().AddDate(0, 0, -70), To: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	var forms []string
	for _, it := range res.Items {
		if it.Filing != nil {
			forms = append(forms, it.Filing.Form)
		}
	}
	if !slices.Equal(forms, []string{"8-K", "10-Q", "D"}) {
		t.Errorf("forms = %v, want 8-K, 10-Q, D (no EFFECT)", forms)
	}
}

// realShaped serves testdata/submissions_2026.json and its first page.
func realShaped(t *testing.T) *sourcetest.Server {
	t.Helper()
	srv := sourcetest.New(t)
	files := map[string]string{
		"CIK0001998101.json":                 "testdata/submissions_2026.json",
		"CIK0001998101-submissions-001.json": "testdata/submissions_2026_page1.json",
	}
	srv.Handle("GET /submissions/{file}", func(w http.ResponseWriter, r *http.Request) {
		f, ok := files[r.PathValue("file")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile(f)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(b)
	})
	return srv
}

// TestRealShapedSubmissions: a document in the 2026 shape (nulls, a
// missing primaryDocument column in the page, descriptions that only name
// the form, an unreadable row) gives every readable filing, cited.
func TestRealShapedSubmissions(t *testing.T) {
	arch := func(srv *sourcetest.Server, acc, doc string) string {
		dir := srv.URL + "/Archives/edgar/data/1998101/" + strings.ReplaceAll(acc, "-", "") + "/"
		if doc == "" {
			return dir + acc + "-index.htm"
		}
		return dir + doc
	}
	for _, tc := range []struct {
		name     string
		from, to time.Time
		want     []string // "form accession url"
		pages    int
		dropped  int64
	}{
		{name: "recent", from: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), to: now, dropped: 1,
			want: []string{"8-K 0001998101-26-000031 kstc-20260302.htm", "10-Q 0001998101-26-000030 kstc-20251227.htm"}},
		{name: "1999: no primary document", from: time.Date(1999, 12, 22, 0, 0, 0, 0, time.UTC), to: time.Date(1999, 12, 22, 0, 0, 0, 0, time.UTC), dropped: 1,
			want: []string{"10-K 0001990057-99-000044 "}},
		{name: "page without a primaryDocument column", from: time.Date(1996, 1, 1, 0, 0, 0, 0, time.UTC), to: time.Date(1999, 12, 1, 0, 0, 0, 0, time.UTC),
			pages: 1, dropped: 1,
			want: []string{"8-K 0001990057-99-000031 ", "10-Q 0001990057-99-000020 ", "8-K 0001990057-96-000012 "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := realShaped(t)
			reader := sdkmetric.NewManualReader()
			s := newSource(t, srv, func(c *sec.Config) { c.MeterProvider = sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)) })
			res, err := s.Gather(context.Background(), bundle.Query{Company: bundle.Company{CIK: "1998101"}, From: tc.from, To: tc.to})
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, it := range res.Items {
				if it.Filing != nil {
					got = append(got, it.Filing.Form+" "+it.Doc.URL)
				}
			}
			for _, w := range tc.want {
				f := strings.SplitN(w, " ", 3)
				want = append(want, f[0]+" "+arch(srv, f[1], f[2]))
			}
			if !slices.Equal(got, want) {
				t.Errorf("filings:\n got %q\nwant %q", got, want)
			}
			if n := srv.CallsTo("/submissions/CIK0001998101-submissions-"); n != tc.pages {
				t.Errorf("pages fetched = %d, want %d", n, tc.pages)
			}
			if n := upstreamtest.Dropped(t, reader)["sec|undecodable"]; n != tc.dropped {
				t.Errorf("dropped = %d, want %d", n, tc.dropped)
			}
			p := res.Items[len(res.Items)-1]
			if p.Kind != bundle.KindProfile || p.Doc.Title != "KESTREL COMPUTING INC — SEC EDGAR filings (CIK 1998101)" ||
				res.Profile.Headquarters == nil || res.Profile.Headquarters.Value != "Sunnyvale, CA" || res.Profile.Ticker.Value != "Nasdaq: KSTC" {
				t.Errorf("profile = %+v %+v", p.Doc, res.Profile)
			}
		})
	}
	t.Run("page descriptions", func(t *testing.T) {
		srv := realShaped(t)
		s := newSource(t, srv)
		res, err := s.Gather(context.Background(), bundle.Query{Company: bundle.Company{CIK: "1998101"},
			From: time.Date(1996, 2, 14, 0, 0, 0, 0, time.UTC), To: time.Date(1999, 11, 3, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		var excerpts []string
		for _, it := range res.Items[:3] {
			excerpts = append(excerpts, it.Doc.Excerpt)
		}
		// Items in the numbering before August 2004 have no meanings here.
		want := []string{"CURRENT REPORT OF MATERIAL EVENTS OR CORPORATE CHANGES.", "Quarterly report (Form 10-Q).", "Current report (Form 8-K)."}
		if !slices.Equal(excerpts, want) {
			t.Errorf("excerpts:\n got %q\nwant %q", excerpts, want)
		}
	})
	t.Run("an HTML page in place of the page is malformed, recent filings kept", func(t *testing.T) {
		srv := realShaped(t)
		srv.Fail("/submissions/CIK0001998101-submissions-001.json", sourcetest.FaultHTMLPage)
		s := newSource(t, srv)
		res, err := s.Gather(context.Background(), bundle.Query{Company: bundle.Company{CIK: "1998101"},
			From: time.Date(1996, 1, 1, 0, 0, 0, 0, time.UTC), To: now})
		if upstream.KindOf(err) != upstream.KindMalformed {
			t.Fatalf("err = %v, want malformed", err)
		}
		if len(res.Items) != 4 || res.Profile.Ticker == nil {
			t.Errorf("partial result: %v", itemKeys(res))
		}
	})
}
