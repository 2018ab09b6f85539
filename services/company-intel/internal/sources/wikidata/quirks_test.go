package wikidata_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/wikidata"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// quirkRefs are the items the quirk cases refer to.
var quirkRefs = []sourcetest.WikidataEntity{
	{ID: "Q138100601", Label: "Cork"},
	{ID: "Q138100602", Label: "Galway"},
	{ID: "Q138100603", Label: "Limerick"},
	{ID: "Q138100611", Label: "medical software"},
	{ID: "Q138100612", Label: "Euronext Dublin"},
	{ID: sourcetest.WikidataIreland, Label: "Ireland"},
	{ID: sourcetest.WikidataUK, Label: "United Kingdom"},
	{ID: "Q4830453", Label: "business"},
}

// TestEntityQuirks reads items written as Wikidata writes them, one real
// quirk per case, through the fake over HTTP.
func TestEntityQuirks(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	const id = "Q138100600"
	base := func() sourcetest.WikidataEntity {
		return sourcetest.WikidataEntity{ID: id, Label: "Mercury Health", Description: "Irish clinic scheduling software company",
			InstanceOf: []string{"Q4830453"}, Websites: []string{"https://mercury-health.example/"}}
	}
	for _, tc := range []struct {
		name string
		edit func(e *sourcetest.WikidataEntity)
		want func(e *wikidata.Entity)
	}{
		{
			name: "pre-2019 form: item values with numeric-id only, empty maps as []",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Legacy, e.Description = true, ""
				e.Headquarters, e.Country, e.Industries = "Q138100601", sourcetest.WikidataIreland, []string{"Q138100611"}
				e.Employees = []sourcetest.WikidataEmployees{{Count: 240, AsOf: day(2015, 12, 31)}}
			},
			want: func(e *wikidata.Entity) {
				e.Description = ""
				e.Headquarters, e.Country, e.Industry = "Cork", "Ireland", []string{"medical software"}
				e.Employees, e.EmployeesYear = 240, 2015
			},
		},
		{
			name: "an item without statements",
			edit: func(e *sourcetest.WikidataEntity) { e.InstanceOf, e.Websites = nil, nil },
			want: func(e *wikidata.Entity) { e.Websites, e.Instance = nil, nil },
		},
		{
			name: "a label only in mul, no description",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Label, e.Description = "", ""
				e.Labels = map[string]string{"mul": "Mercury Health", "ga": "Sláinte Mhearcair"}
			},
			want: func(e *wikidata.Entity) { e.Description = "" },
		},
		{
			name: "an item with no English or mul label is named by its id",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Label, e.Labels = "", map[string]string{"ga": "Sláinte Mhearcair"}
			},
			want: func(e *wikidata.Entity) { e.Label = id },
		},
		{
			name: "official name and short name are aliases, the label and repeats are not",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Aliases = []string{"Mercury", "mercury health"}
				e.OfficialName, e.ShortName = "Mercury Health Limited", "Mercury"
			},
			want: func(e *wikidata.Entity) { e.Aliases = []string{"Mercury", "Mercury Health Limited"} },
		},
		{
			name: "preferred headquarters wins over normal",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Headquarters = "Q138100601"
				e.Claims = []sourcetest.WikidataClaim{{Property: "P159", Item: "Q138100602", Rank: "preferred"}}
			},
			want: func(e *wikidata.Entity) { e.Headquarters = "Galway" },
		},
		{
			name: "a deprecated headquarters and country are never used",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Claims = []sourcetest.WikidataClaim{
					{Property: "P159", Item: "Q138100602", Rank: "deprecated"},
					{Property: "P17", Item: sourcetest.WikidataUK, Rank: "deprecated"},
				}
			},
			want: func(*wikidata.Entity) {},
		},
		{
			name: "a former headquarters left at preferred rank gives way to the current one",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Headquarters = "Q138100601"
				e.Claims = []sourcetest.WikidataClaim{{Property: "P159", Item: "Q138100602", Rank: "preferred", Start: day(2009, 1, 1), End: day(2019, 6, 30)}}
			},
			want: func(e *wikidata.Entity) { e.Headquarters = "Cork" },
		},
		{
			name: "an end time of unknown value has passed",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Headquarters = "Q138100601"
				e.Claims = []sourcetest.WikidataClaim{{Property: "P159", Item: "Q138100602", Rank: "preferred", EndUnknown: true}}
			},
			want: func(e *wikidata.Entity) { e.Headquarters = "Cork" },
		},
		{
			name: "an end time still ahead keeps the statement",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Claims = []sourcetest.WikidataClaim{{Property: "P159", Item: "Q138100602", End: day(2027, 12, 31)}}
			},
			want: func(e *wikidata.Entity) { e.Headquarters = "Galway" },
		},
		{
			name: "a move announced for later (start time ahead) is not yet the headquarters",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Headquarters = "Q138100601"
				e.Claims = []sourcetest.WikidataClaim{{Property: "P159", Item: "Q138100603", Rank: "preferred", Start: day(2026, 9, 1)}}
			},
			want: func(e *wikidata.Entity) { e.Headquarters = "Cork" },
		},
		{
			name: "novalue and somevalue snaks state nothing",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Claims = []sourcetest.WikidataClaim{
					{Property: "P159", SnakType: "novalue"},
					{Property: "P452", SnakType: "somevalue"},
					{Property: "P571", SnakType: "somevalue"},
					{Property: "P1128", SnakType: "novalue", Rank: "preferred"},
				}
			},
			want: func(*wikidata.Entity) {},
		},
		{
			name: "a novalue stock exchange is no listing",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Claims = []sourcetest.WikidataClaim{{Property: "P414", SnakType: "novalue"}}
			},
			want: func(*wikidata.Entity) {},
		},
		{
			name: "a current listing beside a delisting",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Listings = []sourcetest.WikidataListing{
					{Exchange: "Q138100612", Ticker: "MHX", Ended: day(2020, 3, 1)},
					{Exchange: "Q138100612", Ticker: "MRCY"},
				}
			},
			want: func(e *wikidata.Entity) { e.Ticker, e.Exchange = "MRCY", "Euronext Dublin" },
		},
		{
			name: "the latest count by point in time, to the day",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Employees = []sourcetest.WikidataEmployees{
					{Count: 310, AsOf: day(2025, 12, 31)},
					{Count: 150},
					{Count: 280, AsOf: day(2025, 3, 31)},
				}
			},
			want: func(e *wikidata.Entity) { e.Employees, e.EmployeesYear = 310, 2025 },
		},
		{
			name: "a count dated to the year (precision 9) is later than one a year before",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Employees = []sourcetest.WikidataEmployees{
					{Count: 280, AsOf: day(2024, 6, 30)},
					{Count: 330, AsOf: day(2025, 1, 1), Precision: 9},
				}
			},
			want: func(e *wikidata.Entity) { e.Employees, e.EmployeesYear = 330, 2025 },
		},
		{
			name: "a preferred count wins over a later normal one; a deprecated one never",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Employees = []sourcetest.WikidataEmployees{
					{Count: 9000, AsOf: day(2026, 1, 1), Rank: "deprecated"},
					{Count: 310, AsOf: day(2025, 12, 31)},
					{Count: 280, AsOf: day(2024, 12, 31), Rank: "preferred"},
				}
			},
			want: func(e *wikidata.Entity) { e.Employees, e.EmployeesYear = 280, 2024 },
		},
		{
			name: "a count without a point in time",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Employees = []sourcetest.WikidataEmployees{{Count: 150}}
			},
			want: func(e *wikidata.Entity) { e.Employees = 150 },
		},
		{
			name: "a count in another unit or of zero is not a count",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Statements = map[string][]json.RawMessage{"P1128": {
					raw(`{"mainsnak":{"snaktype":"value","property":"P1128","datatype":"quantity","datavalue":{"value":{"amount":"+12","unit":"http://www.wikidata.org/entity/Q11573"},"type":"quantity"}},"type":"statement","rank":"preferred"}`),
					raw(`{"mainsnak":{"snaktype":"value","property":"P1128","datatype":"quantity","datavalue":{"value":{"amount":"+0","unit":"1"},"type":"quantity"}},"type":"statement","rank":"preferred"}`),
				}}
			},
			want: func(*wikidata.Entity) {},
		},
		{
			name: "inception at year precision",
			edit: func(e *sourcetest.WikidataEntity) { e.Inception, e.InceptionPrecision = day(1998, 1, 1), 9 },
			want: func(e *wikidata.Entity) { e.Inception = 1998 },
		},
		{
			name: "inception at month precision",
			edit: func(e *sourcetest.WikidataEntity) { e.Inception, e.InceptionPrecision = day(1998, 9, 1), 10 },
			want: func(e *wikidata.Entity) { e.Inception = 1998 },
		},
		{
			name: "of two inceptions (founded, incorporated) the earliest",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Inception = day(2004, 9, 4)
				e.Claims = []sourcetest.WikidataClaim{{Property: "P571", Time: day(1998, 1, 1), Precision: 9}}
			},
			want: func(e *wikidata.Entity) { e.Inception = 1998 },
		},
		{
			name: "an inception known to the decade or century gives no year",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Claims = []sourcetest.WikidataClaim{{Property: "P571", Time: day(1990, 1, 1), Precision: 8}}
			},
			want: func(*wikidata.Entity) {},
		},
		{
			name: "a Julian-calendar inception is read in the Gregorian calendar",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Statements = map[string][]json.RawMessage{"P571": {raw(`{"mainsnak":{"snaktype":"value","property":"P571","datatype":"time",` +
					`"datavalue":{"value":{"time":"+1670-12-25T00:00:00Z","timezone":0,"before":0,"after":0,"precision":11,` +
					`"calendarmodel":"http://www.wikidata.org/entity/Q1985786"},"type":"time"}},"type":"statement","rank":"normal"}`)}}
			},
			want: func(e *wikidata.Entity) { e.Inception = 1671 },
		},
		{
			name: "the pre-2014 padded year",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Statements = map[string][]json.RawMessage{"P571": {raw(`{"mainsnak":{"snaktype":"value","property":"P571","datatype":"time",` +
					`"datavalue":{"value":{"time":"+00000002003-05-00T00:00:00Z","timezone":0,"before":0,"after":0,"precision":10,` +
					`"calendarmodel":"http://www.wikidata.org/entity/Q1985727"},"type":"time"}},"type":"statement","rank":"normal"}`)}}
			},
			want: func(e *wikidata.Entity) { e.Inception = 2003 },
		},
		{
			name: "a deprecated website is not the company's",
			edit: func(e *sourcetest.WikidataEntity) {
				e.Claims = []sourcetest.WikidataClaim{{Property: "P856", String: "http://mercury.example/", Rank: "deprecated"}}
			},
			want: func(*wikidata.Entity) {},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			co := base()
			tc.edit(&co)
			srv := sourcetest.NewWikidata(t, append(append([]sourcetest.WikidataEntity{}, quirkRefs...), co)...)
			s := newSource(t, srv)
			got, _, err := s.Get(context.Background(), id)
			if err != nil || got == nil {
				t.Fatalf("Get = %+v, %v", got, err)
			}
			want := &wikidata.Entity{ID: id, Label: "Mercury Health", Description: "Irish clinic scheduling software company",
				Websites: []string{"https://mercury-health.example/"}, Instance: []string{"business"}}
			tc.want(want)
			if d := sourcetest.JSONDiff(want, got); d != "" {
				t.Errorf("entity (-want +got):\n%s", d)
			}
		})
	}
}

// TestMergedItem: an id merged into another item is answered under the
// id asked with the target's data and id; facts cite the target's page.
func TestMergedItem(t *testing.T) {
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	s := newSource(t, srv)
	for _, in := range []string{"Q138100009", "q138100009", " Q138100009 "} {
		res, err := s.Gather(context.Background(), query(bundle.Company{WikidataID: in}))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Items) != 1 || res.Items[0].Doc.URL != "https://www.wikidata.org/wiki/Q138100001" ||
			res.Profile.Headquarters == nil || res.Profile.Headquarters.SourceURL != "https://www.wikidata.org/wiki/Q138100001" {
			t.Errorf("%q: result = %s", in, mustJSON(res))
		}
	}
}

// TestDemoEntitiesQuirks: the demo items read as they should although
// Contoso is served in the pre-2019 form and Northwind carries a former
// headquarters at preferred rank, a deprecated website and an official
// name, and its city has only a "mul" label.
func TestDemoEntitiesQuirks(t *testing.T) {
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	s := newSource(t, srv)
	for _, tc := range []struct {
		id   string
		want wikidata.Entity
	}{
		{id: "Q138100001", want: wikidata.Entity{ID: "Q138100001", Label: "Northwind Robotics", Description: "American industrial robotics company",
			Aliases: []string{"Northwind Robotics, Inc.", "NWRB"}, Websites: []string{"https://www.northwind-robotics.com/"},
			Industry: []string{"industrial robotics", "industrial automation"}, Headquarters: "Pittsburgh", Country: "United States of America",
			Employees: 1420, EmployeesYear: 2025, Inception: 2011, Ticker: "NWRB", Exchange: "Nasdaq", Instance: []string{"public company"}}},
		{id: "Q138100004", want: wikidata.Entity{ID: "Q138100004", Label: "Contoso Drones", Description: "American drone manufacturer",
			Websites: []string{"https://contoso-drones.com"}, Industry: []string{"unmanned aerial vehicle industry"}, Headquarters: "Seattle",
			Country: "United States of America", Employees: 85, EmployeesYear: 2024, Inception: 2019, Instance: []string{"privately held company"}}},
		{id: "Q138100005", want: wikidata.Entity{ID: "Q138100005", Label: "Fabrikam Systems", Description: "Wikimedia disambiguation page"}},
	} {
		got, _, err := s.Get(context.Background(), tc.id)
		if err != nil || got == nil {
			t.Fatalf("Get(%s) = %+v, %v", tc.id, got, err)
		}
		if d := sourcetest.JSONDiff(tc.want, *got); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.id, d)
		}
	}
}

// TestSearchAnswerShapes: wbsearchentities as it answers today (display,
// match by label, alias, "mul" label or id, search-continue) and as it
// answered in 2016 (no display, no repository, hits without description).
func TestSearchAnswerShapes(t *testing.T) {
	t.Run("fake", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			in   string
			want []string
		}{
			{name: "match by id", in: "Q138100004", want: []string{"Q138100004"}},
			{name: "match by a mul label", in: "Mercury", want: []string{"Q138100600"}},
			{name: "stub items without statements are dropped", in: "Fabrikam"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ents := append(sourcetest.WikidataQuirks(), sourcetest.WikidataEntity{ID: "Q138100600",
					Labels: map[string]string{"mul": "Mercury Health"}, Websites: []string{"https://mercury-health.example/"}})
				srv := sourcetest.NewWikidata(t, ents...)
				s := newSource(t, srv)
				got, _, err := s.Search(context.Background(), tc.in)
				if err != nil {
					t.Fatal(err)
				}
				var ids []string
				for _, e := range got {
					ids = append(ids, e.ID)
				}
				if d := sourcetest.JSONDiff(tc.want, ids); d != "" {
					t.Errorf("Search(%q) (-want +got):\n%s", tc.in, d)
				}
			})
		}
	})
	t.Run("more hits than the limit", func(t *testing.T) {
		var ents []sourcetest.WikidataEntity
		for i := range 14 {
			ents = append(ents, sourcetest.WikidataEntity{ID: fmt.Sprintf("Q1381008%02d", i), Label: fmt.Sprintf("Tailspin %02d", i),
				InstanceOf: []string{"Q4830453"}})
		}
		srv := sourcetest.NewWikidata(t, append(ents, sourcetest.WikidataEntity{ID: "Q4830453", Label: "business"})...)
		s := newSource(t, srv)
		got, u, err := s.Search(context.Background(), "Tailspin")
		if err != nil || len(got) != 10 || u.Searches != 1 {
			t.Fatalf("Search = %d entities, %+v, %v; want the first 10 in one search", len(got), u, err)
		}
		body := srv.Requests()[0].URL.Query()
		if body.Get("limit") != "10" || body.Get("type") != "item" {
			t.Errorf("search query %v", body)
		}
	})
	for _, tc := range []struct {
		name, body string
		want       []string
		wantKind   upstream.Kind
	}{
		{name: "2016 answer", want: []string{"Q138100004"}, body: `{"searchinfo":{"search":"contoso"},"search":[` +
			`{"id":"Q138100004","concepturi":"http://www.wikidata.org/entity/Q138100004","url":"//www.wikidata.org/wiki/Q138100004","title":"Q138100004","pageid":138101200,"label":"Contoso Drones","description":"American drone manufacturer","match":{"type":"label","language":"en","text":"Contoso Drones"}},` +
			`{"id":"Q138100005","concepturi":"http://www.wikidata.org/entity/Q138100005","url":"//www.wikidata.org/wiki/Q138100005","title":"Q138100005","pageid":138101201,"label":"Contoso","match":{"type":"label","language":"en","text":"Contoso"}}` +
			`],"success":1}`},
		{name: "repeated and malformed ids", want: []string{"Q138100004"}, body: `{"search":[{"id":"Q138100004"},{"id":"L123"},{"id":"Q138100004"},{"id":"q138100005"}],"search-continue":4,"success":1}`},
		{name: "no hits", body: `{"searchinfo":{"search":"contoso"},"search":[],"success":1}`},
		{name: "an answer without search is malformed", body: `{"batchcomplete":""}`, wantKind: upstream.KindMalformed},
		{name: "an error answer", body: `{"error":{"code":"missingparam","info":"The \"search\" parameter must be set."},"servedby":"mw1404"}`, wantKind: upstream.KindRejected},
		{name: "an HTML page", body: `<!DOCTYPE html><html><title>Wikimedia Error</title></html>`, wantKind: upstream.KindMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
			srv := sourcetest.New(t)
			srv.Handle("GET /w/api.php", func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Query().Get("action") == "wbgetentities" {
					// Entities come from the fake.
					resp, err := http.Get(fake.URL + r.URL.RequestURI())
					if err != nil {
						http.Error(w, err.Error(), http.StatusBadGateway)
						return
					}
					defer resp.Body.Close()
					w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
					_, _ = io.Copy(w, resp.Body)
					return
				}
				w.Header().Set("Content-Type", "application/json; charset=utf-8")
				_, _ = w.Write([]byte(tc.body))
			})
			s := newSource(t, srv)
			got, _, err := s.Search(context.Background(), "contoso")
			if upstream.KindOf(err) != tc.wantKind {
				t.Fatalf("err = %v, want kind %q", err, tc.wantKind)
			}
			var ids []string
			for _, e := range got {
				ids = append(ids, e.ID)
			}
			if d := sourcetest.JSONDiff(tc.want, ids); d != "" {
				t.Errorf("ids (-want +got):\n%s", d)
			}
		})
	}
}

// TestQueryServiceAnswers: WDQS's JSON results as it formats them, and the
// ways it fails: a 429 HTML page with Retry-After, Wikimedia's 503 error
// page, a query that times out after its 200 began (the JSON cut short by
// a Java stack trace), a 400 with a stack trace as text.
func TestQueryServiceAnswers(t *testing.T) {
	const throttled = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Too Many Requests</title></head>` +
		`<body><h1>Too Many Requests</h1><p>You have been rate limited. Please retry after the period given in Retry-After.</p></body></html>`
	const wikimediaError = `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Wikimedia Error</title>` +
		`<div class="content" role="main"><h1>Error</h1><p>Our servers are currently under maintenance or experiencing a technical issue. Please try again in a few minutes.</p></div></html>`
	results := func(bindings string) string {
		return "{\n  \"head\" : {\n    \"vars\" : [ \"item\" ]\n  },\n  \"results\" : {\n    \"bindings\" : [ " + bindings + " ]\n  }\n}"
	}
	const northwind = "{\n      \"item\" : {\n        \"type\" : \"uri\",\n        \"value\" : \"http://www.wikidata.org/entity/Q138100001\"\n      }\n    }"
	type answer struct {
		status      int
		contentType string
		retryAfter  string
		body        string
	}
	ok := answer{200, "application/sparql-results+json;charset=utf-8", "", results(northwind)}
	for _, tc := range []struct {
		name      string
		answers   []answer // in order; the last repeats
		wantItem  bool
		wantKind  upstream.Kind
		wantCalls int
		minTook   time.Duration
	}{
		{name: "results as WDQS formats them", answers: []answer{ok}, wantItem: true, wantCalls: 1},
		{name: "literal, bnode and other bindings are not items", answers: []answer{{200, ok.contentType, "", results(
			`{ "item" : { "xml:lang" : "en", "type" : "literal", "value" : "Northwind Robotics" } }, ` +
				`{ "item" : { "type" : "bnode", "value" : "t190377214" } }, ` +
				`{ "item" : { "datatype" : "http://www.w3.org/2001/XMLSchema#string", "type" : "literal", "value" : "Q138100004" } }, ` +
				`{ "site" : { "type" : "uri", "value" : "http://www.wikidata.org/entity/Q138100002" } }, ` + northwind)}},
			wantItem: true, wantCalls: 1},
		{name: "429 page with Retry-After, then results", answers: []answer{{429, "text/html; charset=utf-8", "1", throttled}, ok},
			wantItem: true, wantCalls: 2, minTook: time.Second},
		{name: "429 page with a long Retry-After", answers: []answer{{429, "text/html; charset=utf-8", "300", throttled}},
			wantKind: upstream.KindRateLimited, wantCalls: 1},
		{name: "Wikimedia's 503 error page, every time", answers: []answer{{503, "text/html; charset=utf-8", "", wikimediaError}},
			wantKind: upstream.KindFailure, wantCalls: 3},
		{name: "a timeout after the 200 began", answers: []answer{{200, ok.contentType, "", results(northwind)[:60] +
			"\nSPARQL-QUERY: queryStr=SELECT ...\njava.util.concurrent.TimeoutException\n\tat java.util.concurrent.FutureTask.get(FutureTask.java:205)\n"}},
			wantKind: upstream.KindMalformed, wantCalls: 1},
		{name: "the error page with a 200", answers: []answer{{200, "text/html; charset=utf-8", "", wikimediaError}},
			wantKind: upstream.KindMalformed, wantCalls: 1},
		{name: "a query WDQS cannot parse", answers: []answer{{400, "text/plain; charset=UTF-8", "",
			"SPARQL-QUERY: queryStr=SELECT\njava.util.concurrent.ExecutionException: org.openrdf.query.MalformedQueryException: Encountered \" <EOF>\n"}},
			wantKind: upstream.KindRejected, wantCalls: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fake := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
			wdqs := sourcetest.New(t)
			n := 0
			wdqs.Handle("GET /sparql", func(w http.ResponseWriter, r *http.Request) {
				a := tc.answers[min(n, len(tc.answers)-1)]
				n++
				w.Header().Set("Content-Type", a.contentType)
				if a.retryAfter != "" {
					w.Header().Set("Retry-After", a.retryAfter)
				}
				w.WriteHeader(a.status)
				_, _ = w.Write([]byte(a.body))
			})
			s := newSource(t, fake, func(c *wikidata.Config) { c.SPARQLURL = wdqs.URL + "/sparql"; c.Timeout = 5 * time.Second })
			start := time.Now()
			e, _, err := s.ByDomain(context.Background(), "northwind-robotics.com")
			took := time.Since(start)
			if upstream.KindOf(err) != tc.wantKind || (e != nil) != tc.wantItem || wdqs.Calls() != tc.wantCalls {
				t.Fatalf("ByDomain = %+v, %v after %d calls; want item %v, kind %q, %d calls", e, err, wdqs.Calls(), tc.wantItem, tc.wantKind, tc.wantCalls)
			}
			if e != nil && e.ID != "Q138100001" {
				t.Errorf("item %s", e.ID)
			}
			if took < tc.minTook {
				t.Errorf("took %v, want at least %v", took, tc.minTook)
			}
			if tc.name == "the error page with a 200" && !strings.Contains(err.Error(), "HTML page") {
				t.Errorf("err = %v, want it to name the HTML page", err)
			}
		})
	}
}
