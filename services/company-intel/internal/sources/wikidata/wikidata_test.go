package wikidata_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/wikidata"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

var now = time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC)

func newSource(t *testing.T, srv *sourcetest.Server, mod ...func(*wikidata.Config)) *wikidata.Source {
	t.Helper()
	cfg := wikidata.Config{
		APIURL: srv.URL + sourcetest.WikidataAPIPath, SPARQLURL: srv.URL + sourcetest.WikidataSPARQLPath,
		Now: func() time.Time { return now },
	}
	for _, m := range mod {
		m(&cfg)
	}
	s, err := wikidata.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func query(c bundle.Company) bundle.Query {
	return bundle.Query{Company: c, From: now.AddDate(0, 0, -90), To: now}
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     wikidata.Config
		wantErr bool
	}{
		{name: "defaults", cfg: wikidata.Config{}},
		{name: "bad api url", cfg: wikidata.Config{APIURL: "www.wikidata.org/w/api.php"}, wantErr: true},
		{name: "sparql url with query", cfg: wikidata.Config{SPARQLURL: "https://query.wikidata.org/sparql?format=json"}, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := wikidata.New(tc.cfg)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if err == nil && s.Name() != "wikidata" {
				t.Errorf("Name = %q", s.Name())
			}
		})
	}
}

func TestGatherMapsProfile(t *testing.T) {
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	s := newSource(t, srv)
	res, err := s.Gather(context.Background(), query(bundle.Company{Name: "Northwind Robotics, Inc.", Domain: "northwind-robotics.com"}))
	if err != nil {
		t.Fatal(err)
	}
	page := "https://www.wikidata.org/wiki/Q138100001"
	fact := func(v string) *bundle.Fact { return &bundle.Fact{Value: v, SourceURL: page} }
	want := bundle.Result{
		Items: []bundle.Item{{
			Doc: source.Document{
				URL: page, Title: "Northwind Robotics — Wikidata", Publisher: "Wikidata", RetrievedAt: now,
				Excerpt: "American industrial robotics company. Industry: industrial robotics, industrial automation. " +
					"Headquarters: Pittsburgh, United States of America. " +
					"Employees: 1,420 (2025). Founded: 2011. Listed: Nasdaq: NWRB. Website: https://www.northwind-robotics.com/.",
				Authority: source.AuthorityReference,
			},
			Provider: "wikidata", Kind: bundle.KindProfile,
		}},
		Profile: bundle.Profile{
			Description:   fact("American industrial robotics company"),
			Industry:      fact("industrial robotics, industrial automation"),
			Headquarters:  fact("Pittsburgh, United States of America"),
			EmployeeRange: fact("1001-5000"),
			Ticker:        fact("Nasdaq: NWRB"),
			Founded:       fact("2011"),
		},
		Usage: bundle.Usage{Searches: 1, Contents: 2},
	}
	if d := sourcetest.JSONDiff(want, res); d != "" {
		t.Errorf("result (-want +got):\n%s", d)
	}
	for _, r := range srv.Requests() {
		if got := r.Header.Get("User-Agent"); got != upstream.DefaultUserAgent {
			t.Errorf("User-Agent = %q, want upstream's descriptive default", got)
		}
	}
}

func TestGatherFindsTheItem(t *testing.T) {
	for _, tc := range []struct {
		name      string
		company   bundle.Company
		wantURL   string // "" = empty result
		wantUsage bundle.Usage
		wantCalls int
	}{
		{name: "domain matches www and slash", company: bundle.Company{Domain: "northwind-robotics.com"},
			wantURL: "https://www.wikidata.org/wiki/Q138100001", wantUsage: bundle.Usage{Searches: 1, Contents: 2}, wantCalls: 3},
		{name: "domain given with www", company: bundle.Company{Domain: "WWW.Northwind-Robotics.com"},
			wantURL: "https://www.wikidata.org/wiki/Q138100001", wantUsage: bundle.Usage{Searches: 1, Contents: 2}, wantCalls: 3},
		{name: "company preferred over a product sharing the website", company: bundle.Company{Domain: "acme-analytics.com"},
			wantURL: "https://www.wikidata.org/wiki/Q138100002", wantUsage: bundle.Usage{Searches: 1, Contents: 2}, wantCalls: 3},
		{name: "wikidata id", company: bundle.Company{WikidataID: "Q138100004"},
			wantURL: "https://www.wikidata.org/wiki/Q138100004", wantUsage: bundle.Usage{Contents: 2}, wantCalls: 2},
		{name: "wikidata id wins over domain", company: bundle.Company{WikidataID: "Q138100002", Domain: "northwind-robotics.com"},
			wantURL: "https://www.wikidata.org/wiki/Q138100002", wantUsage: bundle.Usage{Contents: 2}, wantCalls: 2},
		{name: "unknown domain", company: bundle.Company{Domain: "fabrikam.example"}, wantUsage: bundle.Usage{Searches: 1}, wantCalls: 1},
		{name: "domain of another site is no match", company: bundle.Company{Domain: "robotics.com"}, wantUsage: bundle.Usage{Searches: 1}, wantCalls: 1},
		{name: "unknown item", company: bundle.Company{WikidataID: "Q999999999"}, wantUsage: bundle.Usage{Contents: 1}, wantCalls: 1},
		{name: "malformed id falls back to domain", company: bundle.Company{WikidataID: "Northwind", Domain: "contoso-drones.com"},
			wantURL: "https://www.wikidata.org/wiki/Q138100004", wantUsage: bundle.Usage{Searches: 1, Contents: 2}, wantCalls: 3},
		{name: "invalid domain is not queried", company: bundle.Company{Domain: `acme.com> } #`}},
		{name: "nothing to look up", company: bundle.Company{Name: "Northwind Robotics"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
			s := newSource(t, srv)
			res, err := s.Gather(context.Background(), query(tc.company))
			if err != nil {
				t.Fatal(err)
			}
			var got string
			if len(res.Items) == 1 {
				got = res.Items[0].Doc.URL
			} else if len(res.Items) > 1 {
				t.Fatalf("%d items", len(res.Items))
			}
			if got != tc.wantURL || res.Usage != tc.wantUsage || srv.Calls() != tc.wantCalls {
				t.Errorf("item %q usage %+v calls %d; want %q %+v %d", got, res.Usage, srv.Calls(), tc.wantURL, tc.wantUsage, tc.wantCalls)
			}
			if tc.wantURL == "" && res.Profile != (bundle.Profile{}) {
				t.Errorf("profile without an item: %+v", res.Profile)
			}
		})
	}
}

func TestDomainQuery(t *testing.T) {
	q := wikidata.DomainQuery("acme.com")
	for _, site := range []string{"<https://acme.com/>", "<https://acme.com>", "<http://acme.com/>", "<http://acme.com>",
		"<https://www.acme.com/>", "<https://www.acme.com>", "<http://www.acme.com/>", "<http://www.acme.com>", "wdt:P856", "LIMIT 5"} {
		if !strings.Contains(q, site) {
			t.Errorf("query lacks %s:\n%s", site, q)
		}
	}
}

func TestRanksAndQualifiers(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	e := sourcetest.WikidataEntity{
		ID: "Q138100050", Label: "Tailspin Toys", Description: "toy maker", InstanceOf: []string{"Q4830453"},
		Websites:     []string{"https://tailspin-toys.com/"},
		Headquarters: "Q138100202",
		Employees: []sourcetest.WikidataEmployees{
			{Count: 40, AsOf: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)},
			{Count: 300, AsOf: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
			{Count: 90000, AsOf: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Rank: "deprecated"},
		},
		Listings: []sourcetest.WikidataListing{
			{Exchange: "Q138100302", Ticker: "TTOY", Ended: time.Date(2019, 5, 1, 0, 0, 0, 0, time.UTC)},
			{Exchange: "Q138100301", Ticker: "TSPT"},
		},
		Statements: map[string][]json.RawMessage{
			"P856": {raw(`{"mainsnak":{"snaktype":"value","property":"P856","datavalue":{"value":"https://old-tailspin.example/","type":"string"}},"rank":"deprecated"}`)},
			// A former headquarters, ended, at preferred rank: skipped.
			"P159": {raw(`{"mainsnak":{"snaktype":"value","property":"P159","datavalue":{"value":{"entity-type":"item","id":"Q138100201"},"type":"wikibase-entityid"}},` +
				`"rank":"normal","qualifiers":{"P582":[{"snaktype":"value","property":"P582","datavalue":{"value":{"time":"+2015-01-01T00:00:00Z","precision":9},"type":"time"}}]}}`)},
			// An inception known only to the century: no year.
			"P571": {raw(`{"mainsnak":{"snaktype":"value","property":"P571","datavalue":{"value":{"time":"+1900-00-00T00:00:00Z","precision":7},"type":"time"}},"rank":"normal"}`)},
			"P452": {raw(`{"mainsnak":{"snaktype":"somevalue","property":"P452"},"rank":"normal"}`)},
			// A deprecated country and a former one (ended): skipped.
			"P17": {
				raw(`{"mainsnak":{"snaktype":"value","property":"P17","datatype":"wikibase-item","datavalue":{"value":{"entity-type":"item","numeric-id":145,"id":"Q145"},"type":"wikibase-entityid"}},"type":"statement","rank":"deprecated"}`),
				raw(`{"mainsnak":{"snaktype":"value","property":"P17","datatype":"wikibase-item","datavalue":{"value":{"entity-type":"item","numeric-id":27,"id":"Q27"},"type":"wikibase-entityid"}},"type":"statement","rank":"normal",` +
					`"qualifiers":{"P582":[{"snaktype":"value","property":"P582","datavalue":{"value":{"time":"+2010-01-01T00:00:00Z","precision":9},"type":"time"}}]}}`),
			},
		},
		Country: sourcetest.WikidataUSA,
	}
	ents := append(sourcetest.WikidataQuirks(), e,
		sourcetest.WikidataEntity{ID: sourcetest.WikidataUK, Label: "United Kingdom"}, sourcetest.WikidataEntity{ID: sourcetest.WikidataIreland, Label: "Ireland"})
	srv := sourcetest.NewWikidata(t, ents...)
	s := newSource(t, srv)
	got, _, err := s.Get(context.Background(), "Q138100050")
	if err != nil {
		t.Fatal(err)
	}
	want := &wikidata.Entity{
		ID: "Q138100050", Label: "Tailspin Toys", Description: "toy maker", Websites: []string{"https://tailspin-toys.com/"},
		Headquarters: "Austin", Country: "United States of America", Employees: 300, EmployeesYear: 2025, Ticker: "TSPT", Exchange: "Nasdaq", Instance: []string{"business"},
	}
	if d := sourcetest.JSONDiff(want, got); d != "" {
		t.Errorf("entity (-want +got):\n%s", d)
	}
}

// TestHeadquartersWithCountry: the headquarters fact is the P159 label
// with the item's P17 country label, read in the same label call.
func TestHeadquartersWithCountry(t *testing.T) {
	places := []sourcetest.WikidataEntity{
		{ID: "Q138100211", Label: "Dublin"},
		{ID: "Q138100212", Label: "Luxembourg City"},
		{ID: "Q138100213", Label: "Singapore"},
		{ID: "Q138100214", Label: "Chinatown"},
		{ID: "Q138100215", Label: "Rotterdam, Netherlands"},
		{ID: sourcetest.WikidataIreland, Label: "Ireland"},
		{ID: "Q32", Label: "Luxembourg"},
		{ID: "Q334", Label: "Singapore"},
		{ID: "Q148", Label: "People's Republic of China"},
		{ID: "Q55", Label: "Netherlands"},
		{ID: "Q138100299"}, // a country without an English label
	}
	for _, tc := range []struct {
		name, hq, country string // item ids
		want              string // headquarters fact; "" none
		wantCountry       string // Entity.Country
	}{
		{name: "city and country", hq: "Q138100211", country: sourcetest.WikidataIreland, want: "Dublin, Ireland", wantCountry: "Ireland"},
		{name: "no P17", hq: "Q138100211", want: "Dublin"},
		{name: "no P159", country: sourcetest.WikidataIreland, want: "Ireland", wantCountry: "Ireland"},
		{name: "P159 names the country", hq: "Q138100212", country: "Q32", want: "Luxembourg City", wantCountry: "Luxembourg"},
		{name: "city-state", hq: "Q138100213", country: "Q334", want: "Singapore", wantCountry: "Singapore"},
		{name: "P159 label already ends with the country", hq: "Q138100215", country: "Q55", want: "Rotterdam, Netherlands", wantCountry: "Netherlands"},
		{name: "a word containing the country is not the country", hq: "Q138100214", country: "Q148",
			want: "Chinatown, People's Republic of China", wantCountry: "People's Republic of China"},
		{name: "country without an English label", hq: "Q138100211", country: "Q138100299", want: "Dublin"},
		{name: "neither"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			co := sourcetest.WikidataEntity{ID: "Q138100070", Label: "Mercury Labs", Description: "user research firm",
				InstanceOf: []string{"Q4830453"}, Websites: []string{"https://mercurylabs.ie/"}, Headquarters: tc.hq, Country: tc.country}
			srv := sourcetest.NewWikidata(t, append(append(sourcetest.WikidataQuirks(), places...), co)...)
			s := newSource(t, srv)
			res, err := s.Gather(context.Background(), query(bundle.Company{WikidataID: co.ID}))
			if err != nil {
				t.Fatal(err)
			}
			var got string
			if f := res.Profile.Headquarters; f != nil {
				got = f.Value
				if f.SourceURL != "https://www.wikidata.org/wiki/Q138100070" {
					t.Errorf("headquarters cites %q", f.SourceURL)
				}
			}
			if got != tc.want {
				t.Errorf("headquarters = %q, want %q", got, tc.want)
			}
			if tc.want != "" && (len(res.Items) != 1 || !strings.Contains(res.Items[0].Doc.Excerpt, "Headquarters: "+tc.want+".")) {
				t.Errorf("excerpt lacks the headquarters: %s", mustJSON(res.Items))
			}
			// One entity call and one label call, which asks for the country.
			if res.Usage != (bundle.Usage{Contents: 2}) || srv.Calls() != 2 {
				t.Errorf("usage %+v, %d calls; want 2 contents in 2 calls", res.Usage, srv.Calls())
			}
			if tc.country != "" {
				reqs := srv.Requests()
				ids := strings.Split(reqs[len(reqs)-1].URL.Query().Get("ids"), "|")
				if !slices.Contains(ids, tc.country) {
					t.Errorf("label call ids %v lack the country %s", ids, tc.country)
				}
			}
			e, _, err := s.Get(context.Background(), co.ID)
			if err != nil || e == nil || e.Country != tc.wantCountry {
				t.Errorf("Get: %+v, %v; want country %q", e, err, tc.wantCountry)
			}
		})
	}
}

func TestSearch(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		want      []string
		wantUsage bundle.Usage
	}{
		{name: "company kept, film dropped", in: "Northwind Robotics", want: []string{"Q138100001"}, wantUsage: bundle.Usage{Searches: 1, Contents: 2}},
		{name: "alias", in: "acan", want: []string{"Q138100002"}, wantUsage: bundle.Usage{Searches: 1, Contents: 2}},
		{name: "an item with a website counts", in: "Acme", want: []string{"Q138100000", "Q138100002"}, wantUsage: bundle.Usage{Searches: 1, Contents: 2}},
		{name: "a class label makes it a company", in: "Contoso", want: []string{"Q138100004"}, wantUsage: bundle.Usage{Searches: 1, Contents: 2}},
		{name: "no hits", in: "Wingtip", wantUsage: bundle.Usage{Searches: 1}},
		{name: "empty", in: " "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ents := sourcetest.WikidataQuirks()
			for i := range ents {
				if ents[i].ID == "Q138100004" {
					ents[i].Websites, ents[i].InstanceOf = nil, []string{"Q138100401"}
				}
			}
			ents = append(ents, sourcetest.WikidataEntity{ID: "Q138100401", Label: "drone manufacturer"})
			srv := sourcetest.NewWikidata(t, ents...)
			s := newSource(t, srv)
			got, u, err := s.Search(context.Background(), tc.in)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, e := range got {
				ids = append(ids, e.ID)
			}
			if d := sourcetest.JSONDiff(tc.want, ids); d != "" || u != tc.wantUsage {
				t.Errorf("Search(%q) = %v usage %+v; want %v %+v", tc.in, ids, u, tc.want, tc.wantUsage)
			}
		})
	}
}

func TestLabelsResolvedInChunksOf50(t *testing.T) {
	ents := sourcetest.WikidataQuirks()
	big := sourcetest.WikidataEntity{ID: "Q138100060", Label: "Wide World Importers", InstanceOf: []string{"Q4830453"},
		Websites: []string{"https://wideworldimporters.example/"}}
	for i := range 60 {
		id := fmt.Sprintf("Q1381007%02d", i)
		big.Industries = append(big.Industries, id)
		ents = append(ents, sourcetest.WikidataEntity{ID: id, Label: fmt.Sprintf("industry %02d", i)})
	}
	srv := sourcetest.NewWikidata(t, append(ents, big)...)
	s := newSource(t, srv)
	res, err := s.Gather(context.Background(), query(bundle.Company{WikidataID: "Q138100060"}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Usage.Contents != 3 {
		t.Errorf("usage = %+v, want 3 contents (entity + 2 label chunks)", res.Usage)
	}
	if got := res.Profile.Industry; got == nil || got.Value != "industry 00, industry 01, industry 02" {
		t.Errorf("industry = %+v", got)
	}
}

func TestGatherFaults(t *testing.T) {
	type want = sourcetest.FaultExpectation
	byDomain := bundle.Company{Domain: "northwind-robotics.com"}
	byID := bundle.Company{WikidataID: "Q138100001"}
	const api, sparql = sourcetest.WikidataAPIPath, sourcetest.WikidataSPARQLPath
	for _, tc := range []struct {
		name    string
		prefix  string
		faults  []sourcetest.Fault
		always  sourcetest.Fault
		company bundle.Company
		timeout time.Duration
		want    want
	}{
		{"sparql 429 then success", sparql, []sourcetest.Fault{sourcetest.Fault429}, "", byDomain, 0,
			want{Calls: 2, Items: 1, MinTook: time.Second}},
		{"api 429 then success", api, []sourcetest.Fault{sourcetest.Fault429}, "", byID, 0,
			want{Calls: 3, Items: 1, MinTook: time.Second}},
		{"429 long fails fast", sparql, []sourcetest.Fault{sourcetest.Fault429Long}, "", byDomain, 0,
			want{Kind: upstream.KindRateLimited, Calls: 1, MaxTook: time.Second}},
		{"500 retried then failure", api, nil, sourcetest.Fault500, byID, 0, want{Kind: upstream.KindFailure, Calls: 3}},
		{"503 retried then failure", sparql, nil, sourcetest.Fault503, byDomain, 0, want{Kind: upstream.KindFailure, Calls: 3}},
		{"stall times out", sparql, nil, sourcetest.FaultStall, byDomain, 300 * time.Millisecond,
			want{Kind: upstream.KindTimeout, Calls: 1, MaxTook: 2 * time.Second}},
		{"malformed sparql", sparql, []sourcetest.Fault{sourcetest.FaultMalformed}, "", byDomain, 0, want{Kind: upstream.KindMalformed, Calls: 1}},
		{"malformed entities", api, []sourcetest.Fault{sourcetest.FaultMalformed}, "", byID, 0, want{Kind: upstream.KindMalformed, Calls: 1}},
		{"oversized entities", api, []sourcetest.Fault{sourcetest.FaultOversized}, "", byDomain, 0, want{Kind: upstream.KindTooLarge, Calls: 1}},
		// Wikidata answers an unknown item with "missing", never 404: a
		// 404 means a wrong endpoint and stays an error.
		{"api not found is an error", api, []sourcetest.Fault{sourcetest.FaultNotFound}, "", byID, 0, want{Kind: upstream.KindNotFound, Calls: 1}},
		// The entity call succeeds, the label call fails: the item comes
		// back with the error.
		{"labels fail: partial result", api, []sourcetest.Fault{"", sourcetest.FaultMalformed}, "", byID, 0,
			want{Kind: upstream.KindMalformed, Calls: 2, Items: 1}},
		// A maintenance or proxy page served with a 200 where JSON is
		// expected is a malformed answer, never an empty success.
		{"html page in place of SPARQL results", sparql, []sourcetest.Fault{sourcetest.FaultHTMLPage}, "", byDomain, 0,
			want{Kind: upstream.KindMalformed, Calls: 1}},
		{"html page in place of entities", api, []sourcetest.Fault{sourcetest.FaultHTMLPage}, "", byID, 0,
			want{Kind: upstream.KindMalformed, Calls: 1}},
		{"html page in place of labels: partial result", api, []sourcetest.Fault{"", sourcetest.FaultHTMLPage}, "", byID, 0,
			want{Kind: upstream.KindMalformed, Calls: 2, Items: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
			srv.Fail(tc.prefix, tc.faults...)
			srv.FailAlways(tc.prefix, tc.always)
			s := newSource(t, srv, func(c *wikidata.Config) { c.Timeout = tc.timeout })
			start := time.Now()
			res, err := s.Gather(context.Background(), query(tc.company))
			tc.want.Check(t, srv, tc.prefix, "wikidata", len(res.Items), err, time.Since(start))
		})
	}
	t.Run("partial result keeps label-free facts", func(t *testing.T) {
		srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
		srv.Fail("/w/api.php", "", sourcetest.FaultMalformed)
		s := newSource(t, srv)
		res, err := s.Gather(context.Background(), query(byID))
		if err == nil {
			t.Fatal("no error")
		}
		p := res.Profile
		if p.Description == nil || p.Founded == nil || p.EmployeeRange == nil || p.Ticker == nil || p.Ticker.Value != "NWRB" ||
			p.Industry != nil || p.Headquarters != nil {
			t.Errorf("profile = %s", mustJSON(p))
		}
	})
}

// TestAPIErrorAnswers: the MediaWiki API answers errors with a 200, an
// "error" object, "servedby" and a MediaWiki-API-Error header.
func TestAPIErrorAnswers(t *testing.T) {
	const docref = `"*":"See https://www.wikidata.org/w/api.php for API usage. Subscribe to the mediawiki-api-announce mailing list at &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; for notice of API deprecations and breaking changes."`
	for _, tc := range []struct {
		name     string
		code     string // MediaWiki-API-Error header
		body     string
		wantKind upstream.Kind
	}{
		{name: "no such entity is an empty answer", code: "no-such-entity",
			body: `{"error":{"code":"no-such-entity","info":"Could not find an entity with the ID \"Q5\".","id":"Q5",` +
				`"messages":[{"name":"wikibase-api-no-such-entity","parameters":[],"html":{"*":"Could not find an entity with the ID."}}],` + docref + `},"servedby":"mw-api-ext.eqiad.main-5f7d8c9b4-qz8rn"}`},
		{name: "2016 no-such-entity for an invalid id", code: "no-such-entity",
			body: `{"servedby":"mw1207","error":{"code":"no-such-entity","info":"Could not find such an entity. (Invalid id: Q5)","id":"Q5",` +
				`"messages":[{"name":"wikibase-api-no-such-entity","parameters":[],"html":{"*":"Could not find such an entity."}}],"*":"See https://www.wikidata.org/w/api.php for API usage"}}`},
		{name: "a bad parameter is rejected", code: "badvalue",
			body:     `{"error":{"code":"badvalue","info":"Unrecognized value for parameter \"props\": foo.",` + docref + `},"servedby":"mw-api-ext.eqiad.main-5f7d8c9b4-qz8rn"}`,
			wantKind: upstream.KindRejected},
		{name: "maxlag asks to come back later", code: "maxlag",
			body:     `{"error":{"code":"maxlag","info":"Waiting for 10.64.48.23: 6 seconds lagged.","host":"10.64.48.23","lag":6,"type":"db",` + docref + `},"servedby":"mw1404"}`,
			wantKind: upstream.KindRateLimited},
		{name: "no entities is malformed", body: `{"success":1}`, wantKind: upstream.KindMalformed},
		{name: "null entities is malformed", body: `{"entities":null,"success":1}`, wantKind: upstream.KindMalformed},
		{name: "pre-2019 empty entities is an empty answer", body: `{"entities":[],"success":1}`},
		{name: "an HTML page with a JSON content type is malformed",
			body:     "\n<!DOCTYPE html><html><head><title>Wikimedia Error</title></head><body>Our servers are currently under maintenance</body></html>",
			wantKind: upstream.KindMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := sourcetest.New(t)
			srv.Handle("GET /w/api.php", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json; charset=utf-8")
				if tc.code != "" {
					w.Header().Set("MediaWiki-API-Error", tc.code)
				}
				_, _ = w.Write([]byte(tc.body))
			})
			s := newSource(t, srv)
			res, err := s.Gather(context.Background(), query(bundle.Company{WikidataID: "Q5"}))
			if upstream.KindOf(err) != tc.wantKind {
				t.Fatalf("err = %v, want kind %q", err, tc.wantKind)
			}
			if len(res.Items) != 0 || res.Usage.Contents != 1 || srv.Calls() != 1 {
				t.Errorf("result = %s after %d calls", mustJSON(res), srv.Calls())
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	s := newSource(t, srv)
	start := time.Now()
	// SPARQL + entities + labels, twice: 6 requests at 5/s with a burst of
	// 1 take at least 1s.
	for range 2 {
		if _, err := s.Gather(context.Background(), query(bundle.Company{Domain: "northwind-robotics.com"})); err != nil {
			t.Fatal(err)
		}
	}
	if took := time.Since(start); took < time.Second {
		t.Errorf("6 requests took %v; 5/s allows no less than 1s", took)
	}
}

func TestEmployeeRange(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, ""}, {1, "1-10"}, {10, "1-10"}, {11, "11-50"}, {50, "11-50"}, {51, "51-200"}, {200, "51-200"}, {201, "201-500"},
		{500, "201-500"}, {501, "501-1000"}, {1000, "501-1000"}, {1001, "1001-5000"}, {5000, "1001-5000"}, {5001, "5001-10000"},
		{10000, "5001-10000"}, {10001, "10001+"}, {190000, "10001+"}} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			if got := wikidata.EmployeeRange(tc.n); got != tc.want {
				t.Errorf("EmployeeRange(%d) = %q, want %q", tc.n, got, tc.want)
			}
		})
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
