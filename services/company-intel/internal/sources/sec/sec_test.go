package sec_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sec"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

var now = time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC)

const ua = "Intel402 Tests ops@intel402.example"

// fixtures are oddFilers plus two that share a name stem and one
// with share classes.
func fixtures() []sourcetest.SECCompany {
	return append(oddFilers(now),
		sourcetest.SECCompany{CIK: 1999010, Name: "Tailspin Holdings Inc", Tickers: []string{"TSPH"}, Exchanges: []string{"NYSE"}},
		sourcetest.SECCompany{CIK: 1999011, Name: "Tailspin Inc", Tickers: []string{"TSPN"}, Exchanges: []string{"Nasdaq"}},
		sourcetest.SECCompany{CIK: 1999012, Name: "FABRIKAM CO", Tickers: []string{"FBK-A", "FBK-B"}, Exchanges: []string{"NYSE", "NYSE"}},
	)
}

func newSource(t *testing.T, srv *sourcetest.Server, mod ...func(*sec.Config)) *sec.Source {
	t.Helper()
	cfg := sec.Config{WWWURL: srv.URL, DataURL: srv.URL, UserAgent: ua, Now: func() time.Time { return now }}
	for _, m := range mod {
		m(&cfg)
	}
	s, err := sec.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func window() (time.Time, time.Time) { return now.AddDate(0, 0, -90), now }

func query(c bundle.Company) bundle.Query {
	from, to := window()
	return bundle.Query{Company: c, From: from, To: to}
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     sec.Config
		wantErr error
		anyErr  bool
	}{
		{name: "no user agent", cfg: sec.Config{}, wantErr: sec.ErrNoUserAgent},
		{name: "blank user agent", cfg: sec.Config{UserAgent: "  "}, wantErr: sec.ErrNoUserAgent},
		{name: "bad www url", cfg: sec.Config{UserAgent: ua, WWWURL: "ftp://example.com"}, anyErr: true},
		{name: "relative data url", cfg: sec.Config{UserAgent: ua, DataURL: "/submissions"}, anyErr: true},
		{name: "defaults", cfg: sec.Config{UserAgent: ua}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := sec.New(tc.cfg)
			switch {
			case tc.wantErr != nil:
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
			case tc.anyErr:
				if err == nil {
					t.Fatal("no error")
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if s.Name() != "sec" {
					t.Errorf("Name = %q", s.Name())
				}
			}
		})
	}
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func TestGatherMapsFilingsAndProfile(t *testing.T) {
	srv := sourcetest.NewSEC(t, fixtures()...)
	s := newSource(t, srv)
	res, err := s.Gather(context.Background(), query(bundle.Company{Name: "Northwind Robotics, Inc.", Domain: "northwind-robotics.com", CIK: "1999001"}))
	if err != nil {
		t.Fatal(err)
	}
	page := srv.URL + "/cgi-bin/browse-edgar?action=getcompany&CIK=1999001"
	arch := srv.URL + "/Archives/edgar/data/1999001/"
	want := bundle.Result{
		Items: []bundle.Item{
			{
				Doc: source.Document{
					URL:       arch + "000199900126000014/nwrb-20260303.htm",
					Title:     "Form 8-K: Northwind Robotics, Inc. — items 5.02, 9.01 (Departure/Election of Directors or Officers; Financial Statements and Exhibits)",
					Publisher: "SEC EDGAR", Published: day(2026, 3, 3), Precision: source.PrecisionDay, RetrievedAt: now,
					Excerpt: "Item 5.02: Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; " +
						"Compensatory Arrangements of Certain Officers. Item 9.01: Financial Statements and Exhibits.",
					Authority: source.AuthorityRegulatory,
				},
				Provider: "sec", Kind: bundle.KindFiling,
				Filing: &bundle.Filing{Form: "8-K", Items: []string{"5.02", "9.01"}, Filed: day(2026, 3, 3),
					Accepted: time.Date(2026, 3, 3, 16, 5, 12, 0, time.UTC), Accession: "0001999001-26-000014", Description: "FORM 8-K"},
			},
			{
				Doc: source.Document{
					URL: arch + "000199900126000012/nwrb-20260225.htm",
					Title: "Form 8-K: Northwind Robotics, Inc. — items 1.01, 2.03, 9.01 (Material Definitive Agreement; " +
						"Direct Financial Obligation; Financial Statements and Exhibits)",
					Publisher: "SEC EDGAR", Published: day(2026, 2, 25), Precision: source.PrecisionDay, RetrievedAt: now,
					Excerpt: "Credit Agreement. Item 1.01: Entry into a Material Definitive Agreement. Item 2.03: Creation of a Direct " +
						"Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant. Item 9.01: Financial Statements and Exhibits.",
					Authority: source.AuthorityRegulatory,
				},
				Provider: "sec", Kind: bundle.KindFiling,
				Filing: &bundle.Filing{Form: "8-K", Items: []string{"1.01", "2.03", "9.01"}, Filed: day(2026, 2, 25),
					Accepted: time.Date(2026, 2, 25, 8, 30, 2, 0, time.UTC), Accession: "0001999001-26-000012", Description: "Credit Agreement"},
			},
			{
				Doc: source.Document{
					URL:       arch + "000199900126000010/nwrb-20260114.htm",
					Title:     "Form 10-Q: Northwind Robotics, Inc. — Quarterly report",
					Publisher: "SEC EDGAR", Published: day(2026, 2, 14), Precision: source.PrecisionDay, RetrievedAt: now,
					Excerpt: "Quarterly report (Form 10-Q).", Authority: source.AuthorityRegulatory,
				},
				Provider: "sec", Kind: bundle.KindFiling,
				Filing: &bundle.Filing{Form: "10-Q", Filed: day(2026, 2, 14), Accepted: time.Date(2026, 2, 14, 16, 12, 45, 0, time.UTC),
					Accession: "0001999001-26-000010", Description: "10-Q"},
			},
			{
				Doc: source.Document{
					URL: page, Title: "Northwind Robotics, Inc. — SEC EDGAR filings (CIK 1999001)", Publisher: "SEC EDGAR", RetrievedAt: now,
					Excerpt: "Northwind Robotics, Inc. (CIK 1999001). Industry (SIC 3569): General Industrial Machinery & Equipment, NEC. " +
						"State of incorporation: DE. Business address: Pittsburgh, PA. Listed: Nasdaq: NWRB. Website: https://www.northwind-robotics.com.",
					Authority: source.AuthorityRegulatory,
				},
				Provider: "sec", Kind: bundle.KindProfile,
			},
		},
		Profile: bundle.Profile{
			Ticker:       &bundle.Fact{Value: "Nasdaq: NWRB", SourceURL: page},
			Headquarters: &bundle.Fact{Value: "Pittsburgh, PA", SourceURL: page},
			Industry:     &bundle.Fact{Value: "General Industrial Machinery & Equipment, NEC", SourceURL: page},
		},
		Usage: bundle.Usage{Contents: 1},
	}
	if diff := sourcetest.JSONDiff(want, res); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	for _, r := range srv.Requests() {
		if got := r.Header.Get("User-Agent"); got != ua {
			t.Errorf("User-Agent = %q, want %q", got, ua)
		}
	}
}

// itemKeys lists accession numbers (filings) and "profile".
func itemKeys(res bundle.Result) []string {
	var out []string
	for _, it := range res.Items {
		if it.Filing != nil {
			out = append(out, it.Filing.Form+" "+it.Filing.Accession)
		} else {
			out = append(out, string(it.Kind))
		}
	}
	return out
}

func TestGatherResolutionAndWindow(t *testing.T) {
	northwind := []string{"8-K 0001999001-26-000014", "8-K 0001999001-26-000012", "10-Q 0001999001-26-000010", "profile"}
	for _, tc := range []struct {
		name      string
		company   bundle.Company
		from, to  time.Time
		want      []string
		wantUsage bundle.Usage
	}{
		{name: "cik", company: bundle.Company{CIK: "1999001"}, want: northwind, wantUsage: bundle.Usage{Contents: 1}},
		{name: "zero-padded cik", company: bundle.Company{CIK: "0001999001"}, want: northwind, wantUsage: bundle.Usage{Contents: 1}},
		{name: "ticker any case", company: bundle.Company{Name: "Something Else", Ticker: "nwrb"}, want: northwind, wantUsage: bundle.Usage{Contents: 2}},
		{name: "normalised name", company: bundle.Company{Name: "Northwind Robotics"}, want: northwind, wantUsage: bundle.Usage{Contents: 2}},
		{name: "unknown ticker then name", company: bundle.Company{Name: "northwind robotics, inc", Ticker: "NOPE"}, want: northwind, wantUsage: bundle.Usage{Contents: 2}},
		{name: "partial name is no match", company: bundle.Company{Name: "Northwind"}, wantUsage: bundle.Usage{Contents: 1}},
		{name: "name shared by two CIKs", company: bundle.Company{Name: "Tailspin"}, wantUsage: bundle.Usage{Contents: 1}},
		{name: "share classes of one CIK", company: bundle.Company{Name: "Fabrikam Company"}, want: []string{"profile"}, wantUsage: bundle.Usage{Contents: 2}},
		{name: "share class ticker with dot", company: bundle.Company{Ticker: "FBK.B"}, want: []string{"profile"}, wantUsage: bundle.Usage{Contents: 2}},
		{name: "unlisted filer by name", company: bundle.Company{Name: "Contoso Drones, Inc."}, wantUsage: bundle.Usage{Contents: 1}},
		{name: "unlisted filer by cik", company: bundle.Company{CIK: "1999003"}, want: []string{"D 0001999003-26-000001", "profile"}, wantUsage: bundle.Usage{Contents: 1}},
		{name: "unknown cik", company: bundle.Company{CIK: "1234567"}, wantUsage: bundle.Usage{Contents: 1}},
		{name: "nothing to resolve", company: bundle.Company{Domain: "example.com"}},
		{name: "forms of interest only", company: bundle.Company{CIK: "1999002"},
			want: []string{"8-K 0001999002-26-000021", "SCHEDULE 13D 0001400500-26-000088", "profile"}, wantUsage: bundle.Usage{Contents: 1}},
		{name: "window edges by filing day", company: bundle.Company{CIK: "1999001"},
			from: day(2026, 2, 25).Add(23 * time.Hour), to: day(2026, 3, 3),
			want: []string{"8-K 0001999001-26-000014", "8-K 0001999001-26-000012", "profile"}, wantUsage: bundle.Usage{Contents: 1}},
		{name: "old window", company: bundle.Company{CIK: "1999001"}, from: day(2025, 8, 1), to: day(2025, 8, 31),
			want: []string{"10-K 0001999001-25-000004", "profile"}, wantUsage: bundle.Usage{Contents: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewSEC(t, fixtures()...)
			s := newSource(t, srv)
			q := query(tc.company)
			if !tc.from.IsZero() {
				q.From, q.To = tc.from, tc.to
			}
			res, err := s.Gather(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if diff := sourcetest.JSONDiff(tc.want, itemKeys(res)); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
			if res.Usage != tc.wantUsage {
				t.Errorf("usage = %+v, want %+v", res.Usage, tc.wantUsage)
			}
		})
	}
}

func TestLookupTicker(t *testing.T) {
	northwind := []sec.Listing{{CIK: "1999001", Ticker: "NWRB", Title: "NORTHWIND ROBOTICS INC /DE/", Name: "NORTHWIND ROBOTICS INC"}}
	fabrikam := []sec.Listing{{CIK: "1999012", Ticker: "FBK-A", Title: "FABRIKAM CO", Name: "FABRIKAM CO"},
		{CIK: "1999012", Ticker: "FBK-B", Title: "FABRIKAM CO", Name: "FABRIKAM CO"}}
	srv := sourcetest.NewSEC(t, fixtures()...)
	s := newSource(t, srv)
	for _, tc := range []struct {
		name, in string
		want     []sec.Listing
	}{
		{"ticker", "NWRB", northwind},
		{"ticker lower case", "nwrb", northwind},
		{"name as filed", "NORTHWIND ROBOTICS INC /DE/", northwind},
		{"name with punctuation and suffix", "Northwind Robotics, Inc.", northwind},
		{"name without suffix", "northwind robotics", northwind},
		{"the prefix", "The Northwind Robotics Corporation", northwind},
		{"fuzzy is no match", "Northwind Robotix", nil},
		{"prefix is no match", "Northwind", nil},
		{"share class", "FBK/A", fabrikam[:1]},
		{"name of share classes", "Fabrikam", fabrikam},
		{"ambiguous name returns both", "Tailspin", []sec.Listing{{CIK: "1999010", Ticker: "TSPH", Title: "Tailspin Holdings Inc", Name: "Tailspin Holdings Inc"},
			{CIK: "1999011", Ticker: "TSPN", Title: "Tailspin Inc", Name: "Tailspin Inc"}}},
		{"name with another spelling of the marker", `Northwind Robotics Inc \DE\`, northwind},
		{"empty", " ", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := s.LookupTicker(context.Background(), tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := sourcetest.JSONDiff(tc.want, got); diff != "" {
				t.Errorf("LookupTicker(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
	if n := srv.CallsTo("/files/company_tickers.json"); n != 1 {
		t.Errorf("ticker file fetched %d times, want 1 (cached)", n)
	}
}

func TestTickerCache(t *testing.T) {
	t.Run("usage counts only the fetch and it expires after 24h", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, fixtures()...)
		clock := now
		s := newSource(t, srv, func(c *sec.Config) { c.Now = func() time.Time { return clock } })
		ctx := context.Background()
		for i, tc := range []struct {
			advance  time.Duration
			contents int
		}{{0, 1}, {time.Hour, 0}, {23 * time.Hour, 1}, {time.Minute, 0}} {
			clock = clock.Add(tc.advance)
			_, u, err := s.LookupTicker(ctx, "ACAN")
			if err != nil {
				t.Fatal(err)
			}
			if u.Contents != tc.contents {
				t.Errorf("lookup %d: Contents = %d, want %d", i, u.Contents, tc.contents)
			}
		}
		if n := srv.CallsTo("/files/"); n != 2 {
			t.Errorf("ticker file fetched %d times, want 2", n)
		}
	})
	t.Run("concurrent first loads share one fetch", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, fixtures()...)
		srv.SetLatency(200 * time.Millisecond)
		s := newSource(t, srv)
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for range 8 {
			wg.Go(func() {
				ls, u, err := s.LookupTicker(context.Background(), "NWRB")
				if err != nil || len(ls) != 1 {
					t.Errorf("lookup: %v %v", ls, err)
				}
				mu.Lock()
				total += u.Contents
				mu.Unlock()
			})
		}
		wg.Wait()
		if n := srv.CallsTo("/files/"); n != 1 || total != 1 {
			t.Errorf("fetches = %d, usage = %d; want 1 and 1", n, total)
		}
	})
	t.Run("a failed load is not cached", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, fixtures()...)
		srv.Fail("/files/", sourcetest.FaultNotFound)
		s := newSource(t, srv)
		if _, _, err := s.LookupTicker(context.Background(), "NWRB"); upstream.KindOf(err) != upstream.KindNotFound {
			t.Fatalf("first lookup err = %v, want not_found", err)
		}
		ls, u, err := s.LookupTicker(context.Background(), "NWRB")
		if err != nil || len(ls) != 1 || u.Contents != 1 {
			t.Fatalf("second lookup = %v, %+v, %v", ls, u, err)
		}
	})
	t.Run("a caller that goes away does not cancel the shared fetch", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, fixtures()...)
		srv.SetLatency(300 * time.Millisecond)
		s := newSource(t, srv)
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if _, _, err := s.LookupTicker(ctx, "NWRB"); upstream.KindOf(err) != upstream.KindTimeout {
			t.Fatalf("err = %v, want timeout", err)
		}
		ls, u, err := s.LookupTicker(context.Background(), "NWRB")
		if err != nil || len(ls) != 1 {
			t.Fatalf("lookup = %v, %v", ls, err)
		}
		if n := srv.CallsTo("/files/"); n != 1 || u.Contents != 0 {
			t.Errorf("fetches = %d, usage = %d; want 1 and 0 (joined the first fetch)", n, u.Contents)
		}
	})
}

func TestOlderFilingPages(t *testing.T) {
	cos := fixtures()
	cos[0].RecentLimit = 2 // recent: the two newest 8-Ks; the page: 10-Q, Form 4, 10-K
	for _, tc := range []struct {
		name      string
		from, to  time.Time
		want      []string
		wantPages int
	}{
		{name: "window reaches the page", from: now.AddDate(0, 0, -90), to: now,
			want: []string{"8-K 0001999001-26-000014", "8-K 0001999001-26-000012", "10-Q 0001999001-26-000010", "profile"}, wantPages: 1},
		{name: "window within recent", from: now.AddDate(0, 0, -10), to: now,
			want: []string{"8-K 0001999001-26-000014", "8-K 0001999001-26-000012", "profile"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := sourcetest.NewSEC(t, cos...)
			s := newSource(t, srv)
			res, err := s.Gather(context.Background(), bundle.Query{Company: bundle.Company{CIK: "1999001"}, From: tc.from, To: tc.to})
			if err != nil {
				t.Fatal(err)
			}
			if diff := sourcetest.JSONDiff(tc.want, itemKeys(res)); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
			if pages := srv.CallsTo("/submissions/CIK0001999001-submissions-"); pages != tc.wantPages || res.Usage.Contents != 1+tc.wantPages {
				t.Errorf("pages fetched = %d, usage %+v; want %d", pages, res.Usage, tc.wantPages)
			}
		})
	}
	t.Run("a failing page returns what was gathered and the error", func(t *testing.T) {
		srv := sourcetest.NewSEC(t, cos...)
		srv.FailAlways("/submissions/CIK0001999001-submissions-", sourcetest.Fault503)
		s := newSource(t, srv)
		res, err := s.Gather(context.Background(), query(bundle.Company{CIK: "1999001"}))
		if upstream.KindOf(err) != upstream.KindFailure {
			t.Fatalf("err = %v, want failure", err)
		}
		want := []string{"8-K 0001999001-26-000014", "8-K 0001999001-26-000012", "profile"}
		if diff := sourcetest.JSONDiff(want, itemKeys(res)); diff != "" || res.Profile.Ticker == nil {
			t.Errorf("partial items (-want +got):\n%s", diff)
		}
	})
}

func TestGatherFaults(t *testing.T) {
	type want = sourcetest.FaultExpectation
	nw, ticker := bundle.Company{CIK: "1999001"}, bundle.Company{Ticker: "NWRB"}
	for _, tc := range []struct {
		name    string
		prefix  string
		faults  []sourcetest.Fault
		always  sourcetest.Fault
		company bundle.Company
		timeout time.Duration
		want    want
	}{
		{"429 then success", "/submissions/", []sourcetest.Fault{sourcetest.Fault429}, "", nw, 0,
			want{Calls: 2, Items: 4, MinTook: time.Second}},
		{"429 long fails fast", "/submissions/", []sourcetest.Fault{sourcetest.Fault429Long}, "", nw, 0,
			want{Kind: upstream.KindRateLimited, Calls: 1, MaxTook: time.Second}},
		{"500 retried then failure", "/submissions/", nil, sourcetest.Fault500, nw, 0, want{Kind: upstream.KindFailure, Calls: 3}},
		{"503 retried then failure", "/submissions/", nil, sourcetest.Fault503, nw, 0, want{Kind: upstream.KindFailure, Calls: 3}},
		{"503 once then success", "/submissions/", []sourcetest.Fault{sourcetest.Fault503}, "", nw, 0, want{Calls: 2, Items: 4}},
		{"stall times out", "/submissions/", nil, sourcetest.FaultStall, nw, 300 * time.Millisecond,
			want{Kind: upstream.KindTimeout, Calls: 1, MaxTook: 2 * time.Second}},
		{"malformed submissions", "/submissions/", []sourcetest.Fault{sourcetest.FaultMalformed}, "", nw, 0, want{Kind: upstream.KindMalformed, Calls: 1}},
		{"oversized submissions", "/submissions/", []sourcetest.Fault{sourcetest.FaultOversized}, "", nw, 0, want{Kind: upstream.KindTooLarge, Calls: 1}},
		{"submissions not found", "/submissions/", []sourcetest.Fault{sourcetest.FaultNotFound}, "", nw, 0, want{Calls: 1}},
		{"ticker file 500", "/files/", nil, sourcetest.Fault500, ticker, 0, want{Kind: upstream.KindFailure, Calls: 3}},
		{"ticker file malformed", "/files/", []sourcetest.Fault{sourcetest.FaultMalformed}, "", ticker, 0, want{Kind: upstream.KindMalformed, Calls: 1}},
		{"ticker file oversized", "/files/", []sourcetest.Fault{sourcetest.FaultOversized}, "", ticker, 0, want{Kind: upstream.KindTooLarge, Calls: 1}},
		{"submissions html page", "/submissions/", []sourcetest.Fault{sourcetest.FaultHTMLPage}, "", nw, 0, want{Kind: upstream.KindMalformed, Calls: 1}},
		{"ticker file html page", "/files/", []sourcetest.Fault{sourcetest.FaultHTMLPage}, "", ticker, 0, want{Kind: upstream.KindMalformed, Calls: 1}},
		{"ticker file 429 then success", "/files/", []sourcetest.Fault{sourcetest.Fault429}, "", ticker, 0,
			want{Calls: 2, Items: 4, MinTook: time.Second}},
		{"ticker file 429 long fails fast", "/files/", []sourcetest.Fault{sourcetest.Fault429Long}, "", ticker, 0,
			want{Kind: upstream.KindRateLimited, Calls: 1, MaxTook: time.Second}},
		{"ticker file not found", "/files/", []sourcetest.Fault{sourcetest.FaultNotFound}, "", ticker, 0, want{Kind: upstream.KindNotFound, Calls: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewSEC(t, fixtures()...)
			srv.Fail(tc.prefix, tc.faults...)
			srv.FailAlways(tc.prefix, tc.always)
			s := newSource(t, srv, func(c *sec.Config) { c.Timeout = tc.timeout })
			start := time.Now()
			res, err := s.Gather(context.Background(), query(tc.company))
			tc.want.Check(t, srv, tc.prefix, "sec", len(res.Items), err, time.Since(start))
		})
	}
}

func TestMisalignedColumnsAreMalformed(t *testing.T) {
	srv := sourcetest.New(t)
	srv.Handle("GET /submissions/{file}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"cik":"1999001","name":"Northwind Robotics, Inc.","tickers":[],"exchanges":[],"filings":{"recent":{
			"accessionNumber":["0001999001-26-000014","0001999001-26-000012"],"filingDate":["2026-03-03","2026-02-25"],
			"acceptanceDateTime":["2026-03-03T16:05:12.000Z","2026-02-25T08:30:02.000Z"],"form":["8-K"],"items":["5.02",""],
			"primaryDocument":["a.htm","b.htm"],"primaryDocDescription":["",""]},"files":[]}}`))
	})
	s := newSource(t, srv)
	res, err := s.Gather(context.Background(), query(bundle.Company{CIK: "1999001"}))
	if upstream.KindOf(err) != upstream.KindMalformed || !strings.Contains(err.Error(), "form") {
		t.Fatalf("err = %v, want malformed naming the form column", err)
	}
	if len(res.Items) != 0 || res.Usage.Contents != 1 {
		t.Errorf("result = %+v", res)
	}
}

// TestUndeclaredUserAgentIsRejected: the SEC answers 403 with its HTML
// page to a User-Agent without a contact; the source does not retry and
// says why.
func TestUndeclaredUserAgentIsRejected(t *testing.T) {
	for _, agent := range []string{upstream.DefaultUserAgent, "Go-http-client/1.1", "python-requests/2.32.3",
		"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Intel402 Research"} {
		t.Run(agent, func(t *testing.T) {
			srv := sourcetest.NewSEC(t, fixtures()...)
			s := newSource(t, srv, func(c *sec.Config) { c.UserAgent = agent })
			for _, company := range []bundle.Company{{CIK: "1999001"}, {Ticker: "NWRB"}} {
				_, err := s.Gather(context.Background(), query(company))
				if upstream.KindOf(err) != upstream.KindRejected || !strings.Contains(err.Error(), "403") ||
					!strings.Contains(err.Error(), "undeclared automated tool") || !strings.Contains(err.Error(), sourcetest.SECThresholdTitle) {
					t.Fatalf("Gather(%+v) err = %v, want rejected (403, undeclared tool, the SEC's page)", company, err)
				}
			}
			if n := srv.Calls(); n != 2 {
				t.Errorf("calls = %d, want 2 (a 403 is not retried)", n)
			}
		})
	}
}

func TestRateLimitIsSharedAcrossHosts(t *testing.T) {
	srv := sourcetest.NewSEC(t, fixtures()...)
	// Asking for more than the SEC allows still gives 10 requests/s.
	s := newSource(t, srv, func(c *sec.Config) { c.RatePerSecond = 1000 })
	start := time.Now()
	// Ticker file (www) + submissions (data), then 4 more submissions: 6
	// requests at 10/s with a burst of 1 take at least 500ms.
	if _, err := s.Gather(context.Background(), query(bundle.Company{Ticker: "NWRB"})); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if _, err := s.Gather(context.Background(), query(bundle.Company{CIK: "1999002"})); err != nil {
			t.Fatal(err)
		}
	}
	if took := time.Since(start); took < 500*time.Millisecond {
		t.Errorf("6 requests took %v; the 10/s limit allows no less than 500ms", took)
	}
}

// oddFilers are filers with the shapes of EDGAR's answers the world's
// filers lack, filings dated relative to now:
//   - Northwind Robotics, Inc. (CIK 1999001, Nasdaq: NWRB, Pittsburgh PA):
//     an officer change 8-K 3 days ago, a credit agreement 8-K 9 days ago,
//     a 10-Q 20 days ago, a Form 4 (not of interest), a 10-K 200 days ago
//     and, 9,000 days ago, an 8-K from before EDGAR named primary
//     documents (items in the pre-2004 numbering, no primary document).
//   - Acme Analytics Corp (CIK 1999002, NYSE: ACAN, Austin TX): an earnings
//     8-K 5 days ago, a 13D stake by an investor 15 days ago and the annual
//     proxy (not of interest) 40 days ago.
//   - Contoso Drones, Inc. (CIK 1999003, unlisted, Seattle WA): a Form D
//     private offering under Rule 506(b) 30 days ago.
func oddFilers(now time.Time) []sourcetest.SECCompany {
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
	return []sourcetest.SECCompany{
		{
			CIK: 1999001, Name: "Northwind Robotics, Inc.", Title: "NORTHWIND ROBOTICS INC /DE/",
			Tickers: []string{"NWRB"}, Exchanges: []string{"Nasdaq"},
			SIC: "3569", SICDescription: "General Industrial Machinery & Equipment, NEC", StateOfIncorporation: "DE",
			Website:  "https://www.northwind-robotics.com",
			Business: sourcetest.SECAddress{Street1: "2100 SMALLMAN STREET", City: "PITTSBURGH", StateOrCountry: "PA", StateOrCountryDescription: "PA", ZipCode: "15222"},
			OwnerOrg: "08 Industrial Applications and Services", EIN: "251999001", Category: "Non-accelerated filer",
			FiscalYearEnd: "1231", Phone: "412-555-0142",
			FormerNames: []sourcetest.SECFormerName{{Name: "NORTHWIND AUTOMATION INC", From: day(9500).Add(5 * time.Hour), To: day(4000).Add(4 * time.Hour)}},
			Filings: []sourcetest.SECFiling{
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
				{Accession: acc(1999001, 9000, 7), Form: "8-K", Filed: day(9000), ReportDate: day(9002),
					Items: []string{"5", "7"}, Description: ""},
			},
		},
		{
			CIK: 1999002, Name: "Acme Analytics Corp", Tickers: []string{"ACAN"}, Exchanges: []string{"NYSE"},
			SIC: "7372", SICDescription: "Services-Prepackaged Software", StateOfIncorporation: "DE",
			Business: sourcetest.SECAddress{Street1: "500 CONGRESS AVENUE", City: "AUSTIN", StateOrCountry: "TX", StateOrCountryDescription: "TX", ZipCode: "78701"},
			OwnerOrg: "06 Technology", Category: "Large accelerated filer", FiscalYearEnd: "1231",
			Filings: []sourcetest.SECFiling{
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
			Business: sourcetest.SECAddress{Street1: "1201 WESTLAKE AVENUE NORTH", City: "SEATTLE", StateOrCountry: "WA", StateOrCountryDescription: "WA", ZipCode: "98109"},
			Filings: []sourcetest.SECFiling{
				{Accession: acc(1999003, 30, 1), Form: "D", Filed: day(30), Accepted: at(30, 13, 44, 21), Items: []string{"06b"},
					PrimaryDocument: "xslFormDX01/primary_doc.xml", Description: ""},
			},
		},
	}
}
