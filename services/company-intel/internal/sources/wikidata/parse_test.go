package wikidata

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

func FuzzParseEntities(f *testing.F) {
	f.Add([]byte(`{"entities":{"Q95":{"id":"Q95","labels":{"en":{"value":"Google"}},"claims":{` +
		`"P856":[{"mainsnak":{"datavalue":{"value":"https://www.google.com/","type":"string"}},"rank":"preferred"}],` +
		`"P159":[{"mainsnak":{"datavalue":{"value":{"id":"Q173813"},"type":"wikibase-entityid"}},"rank":"normal"}],` +
		`"P17":[{"mainsnak":{"datavalue":{"value":{"id":"Q30"},"type":"wikibase-entityid"}},"rank":"normal"}],` +
		`"P1128":[{"mainsnak":{"datavalue":{"value":{"amount":"+1234","unit":"1"},"type":"quantity"}},` +
		`"qualifiers":{"P585":[{"datavalue":{"value":{"time":"+2025-01-01T00:00:00Z","precision":11},"type":"time"}}]}}]}}}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		raws, _, _, err := parseEntities(body)
		if err != nil {
			return
		}
		now := time.Date(2026, 3, 6, 0, 0, 0, 0, time.UTC)
		labels := map[string]string{}
		for id, r := range raws {
			if !validQID(id) || !validQID(r.ID) {
				t.Fatalf("invalid id %q (%q) kept", id, r.ID)
			}
			for _, ref := range r.referencedIDs(now) {
				if !validQID(ref) {
					t.Fatalf("invalid reference %q", ref)
				}
				labels[ref] = "label of " + ref
			}
			e := r.entity(labels, now)
			if e.ID != r.ID || e.Employees < 0 || e.Inception < 0 || e.Inception > 9999 || e.EmployeesYear < 0 || e.EmployeesYear > 9999 {
				t.Fatalf("bad entity %+v", e)
			}
			if e.Label == "" {
				t.Fatalf("entity without a label: %+v", e)
			}
			p := facts(e, e.PageURL())
			if p.Description != nil && p.Description.SourceURL != PageBaseURL+e.ID {
				t.Fatalf("fact cites %q", p.Description.SourceURL)
			}
			_ = excerpt(e)
			if l := e.Location(); (e.Headquarters != "" || e.Country != "") && l == "" {
				t.Fatalf("no location from %q, %q", e.Headquarters, e.Country)
			}
			_ = r.organisation(labels, now)
		}
	})
}

func FuzzParseSPARQLItems(f *testing.F) {
	f.Add([]byte(`{"head":{"vars":["item"]},"results":{"bindings":[{"item":{"type":"uri","value":"http://www.wikidata.org/entity/Q95"}}]}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		ids, err := parseSPARQLItems(body)
		if err != nil {
			return
		}
		for _, id := range ids {
			if !validQID(id) || strings.Contains(id, "/") {
				t.Fatalf("bad id %q", id)
			}
		}
	})
}

func FuzzParseSearch(f *testing.F) {
	f.Add([]byte(`{"searchinfo":{"search":"acme"},"search":[{"id":"Q138100002","title":"Q138100002","pageid":1,"display":{"label":{"value":"Acme","language":"en"}},` +
		`"repository":"wikidata","match":{"type":"label","language":"en","text":"Acme"}}],"search-continue":7,"success":1}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		ids, apiErr, err := parseSearch(body)
		if err != nil || apiErr != nil {
			if len(ids) > 0 {
				t.Fatalf("ids %v with an error", ids)
			}
			return
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if !validQID(id) || seen[id] {
				t.Fatalf("bad or repeated id %q in %v", id, ids)
			}
			seen[id] = true
		}
	})
}

// snakOf is a value snak of a datavalue type.
func snakOf(typ, value string) snak {
	return snak{Snaktype: "value", Datavalue: &datavalue{Type: typ, Value: json.RawMessage(value)}}
}

func TestItemValue(t *testing.T) {
	for _, tc := range []struct {
		name   string
		s      snak
		want   string
		wantOK bool
	}{
		{name: "modern: id and numeric-id", s: snakOf("wikibase-entityid", `{"entity-type":"item","numeric-id":27,"id":"Q27"}`), want: "Q27", wantOK: true},
		{name: "2016: numeric-id only", s: snakOf("wikibase-entityid", `{"entity-type":"item","numeric-id":6256}`), want: "Q6256", wantOK: true},
		{name: "id only", s: snakOf("wikibase-entityid", `{"id":"Q95"}`), want: "Q95", wantOK: true},
		{name: "a property is not an item", s: snakOf("wikibase-entityid", `{"entity-type":"property","numeric-id":31,"id":"P31"}`)},
		{name: "a property by numeric-id", s: snakOf("wikibase-entityid", `{"entity-type":"property","numeric-id":31}`)},
		{name: "a lexeme", s: snakOf("wikibase-entityid", `{"entity-type":"lexeme","id":"L7"}`)},
		{name: "numeric-id zero", s: snakOf("wikibase-entityid", `{"entity-type":"item","numeric-id":0}`)},
		{name: "numeric-id not an integer", s: snakOf("wikibase-entityid", `{"entity-type":"item","numeric-id":1.5}`)},
		{name: "novalue", s: snak{Snaktype: "novalue"}},
		{name: "somevalue with a stray datavalue", s: snak{Snaktype: "somevalue", Datavalue: &datavalue{Type: "wikibase-entityid", Value: json.RawMessage(`{"id":"Q1"}`)}}},
		{name: "another type", s: snakOf("string", `"Q27"`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.s.itemValue()
			if ok != tc.wantOK || (ok && got != tc.want) {
				t.Errorf("itemValue = %q, %v; want %q, %v", got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

func TestQuantityAndText(t *testing.T) {
	for _, tc := range []struct {
		name   string
		s      snak
		want   float64
		wantOK bool
	}{
		{name: "signed amount, unit 1", s: snakOf("quantity", `{"amount":"+1500","unit":"1"}`), want: 1500, wantOK: true},
		{name: "with bounds", s: snakOf("quantity", `{"amount":"+4593100","unit":"1","upperBound":"+4593100","lowerBound":"+4593100"}`), want: 4593100, wantOK: true},
		{name: "decimal", s: snakOf("quantity", `{"amount":"+1234.6","unit":"1"}`), want: 1234.6, wantOK: true},
		{name: "no unit", s: snakOf("quantity", `{"amount":"42"}`), want: 42, wantOK: true},
		{name: "a unit", s: snakOf("quantity", `{"amount":"+12","unit":"http://www.wikidata.org/entity/Q11573"}`)},
		{name: "not a number", s: snakOf("quantity", `{"amount":"+many","unit":"1"}`)},
		{name: "overflow", s: snakOf("quantity", `{"amount":"+1e400","unit":"1"}`)},
		{name: "novalue", s: snak{Snaktype: "novalue"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.s.quantityValue()
			if ok != tc.wantOK || got != tc.want {
				t.Errorf("quantityValue = %v, %v; want %v, %v", got, ok, tc.want, tc.wantOK)
			}
		})
	}
	if v, ok := snakOf("monolingualtext", `{"text":" Northwind Robotics, Inc. ","language":"en"}`).textValue(); !ok || v != "Northwind Robotics, Inc." {
		t.Errorf("textValue = %q, %v", v, ok)
	}
	if _, ok := snakOf("string", `"Northwind"`).textValue(); ok {
		t.Error("a string read as monolingual text")
	}
	if v, ok := snakOf("string", `"https://www.northwind-robotics.com/ "`).stringValue(); !ok || v != "https://www.northwind-robotics.com/" {
		t.Errorf("stringValue = %q, %v", v, ok)
	}
}

func TestParseTime(t *testing.T) {
	const julian = "http://www.wikidata.org/entity/Q1985786"
	for _, tc := range []struct {
		time      string
		precision int
		calendar  string
		want      wdTime
		wantOK    bool
	}{
		{time: "+1998-09-04T00:00:00Z", precision: 11, want: wdTime{1998, 9, 4}, wantOK: true},
		{time: "+1998-09-04T00:00:00Z", precision: 9, want: wdTime{1998, 0, 0}, wantOK: true},
		{time: "+1998-00-00T00:00:00Z", precision: 9, want: wdTime{1998, 0, 0}, wantOK: true},
		{time: "+1998-01-01T00:00:00Z", precision: 9, want: wdTime{1998, 0, 0}, wantOK: true},
		{time: "+2013-04-00T00:00:00Z", precision: 10, want: wdTime{2013, 4, 0}, wantOK: true},
		{time: "+2013-04-01T00:00:00Z", precision: 10, want: wdTime{2013, 4, 0}, wantOK: true},
		{time: "+2013-00-00T00:00:00Z", precision: 11, want: wdTime{2013, 0, 0}, wantOK: true}, // day precision, day unknown
		{time: "+00000002011-04-12T00:00:00Z", precision: 11, want: wdTime{2011, 4, 12}, wantOK: true},
		{time: "2011-04-12T00:00:00Z", precision: 11, want: wdTime{2011, 4, 12}, wantOK: true},
		{time: "+1670-05-02T00:00:00Z", precision: 11, calendar: julian, want: wdTime{1670, 5, 12}, wantOK: true},
		{time: "+1670-12-25T00:00:00Z", precision: 11, calendar: julian, want: wdTime{1671, 1, 4}, wantOK: true},
		{time: "+1670-12-00T00:00:00Z", precision: 10, calendar: julian, want: wdTime{1670, 12, 0}, wantOK: true},
		{time: "+2000-02-29T00:00:00Z", precision: 11, calendar: julian, want: wdTime{2000, 3, 13}, wantOK: true},
		{time: "+1990-00-00T00:00:00Z", precision: 8},
		{time: "+1900-00-00T00:00:00Z", precision: 7},
		{time: "-0500-00-00T00:00:00Z", precision: 9},
		{time: "+0000-00-00T00:00:00Z", precision: 9},
		{time: "+10000-00-00T00:00:00Z", precision: 9},
		{time: "+1998-09-04", precision: 15},
		{time: "+1998--04T00:00:00Z", precision: 11},
		{time: "yesterday", precision: 11},
	} {
		t.Run(tc.time+"/"+strconv.Itoa(tc.precision), func(t *testing.T) {
			got, ok := parseTime(tc.time, tc.precision, tc.calendar)
			if ok != tc.wantOK || got != tc.want {
				t.Errorf("parseTime = %+v, %v; want %+v, %v", got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

func TestCurrent(t *testing.T) {
	now := time.Date(2026, 3, 6, 0, 0, 0, 0, time.UTC)
	timeSnak := func(v string, precision int) snak {
		return snakOf("time", `{"time":"`+v+`","precision":`+strconv.Itoa(precision)+`,"calendarmodel":"http://www.wikidata.org/entity/Q1985727"}`)
	}
	for _, tc := range []struct {
		name string
		q    map[string][]snak
		want bool
	}{
		{name: "no qualifiers", want: true},
		{name: "ended", q: map[string][]snak{propEndTime: {timeSnak("+2019-06-30T00:00:00Z", 11)}}},
		{name: "ends this year (year precision)", q: map[string][]snak{propEndTime: {timeSnak("+2026-00-00T00:00:00Z", 9)}}},
		{name: "ends next year", q: map[string][]snak{propEndTime: {timeSnak("+2027-00-00T00:00:00Z", 9)}}, want: true},
		{name: "ended at an unknown time", q: map[string][]snak{propEndTime: {{Snaktype: "somevalue"}}}},
		{name: "no end", q: map[string][]snak{propEndTime: {{Snaktype: "novalue"}}}, want: true},
		{name: "ended in an unreadable century", q: map[string][]snak{propEndTime: {timeSnak("+1900-00-00T00:00:00Z", 7)}}},
		{name: "started", q: map[string][]snak{propStartTime: {timeSnak("+2011-04-12T00:00:00Z", 11)}}, want: true},
		{name: "starts later", q: map[string][]snak{propStartTime: {timeSnak("+2026-09-01T00:00:00Z", 11)}}},
		{name: "start unknown", q: map[string][]snak{propStartTime: {{Snaktype: "somevalue"}}}, want: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := len(current([]statement{{Qualifiers: tc.q}}, now)) == 1
			if got != tc.want {
				t.Errorf("current = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestTerms(t *testing.T) {
	for _, tc := range []struct {
		name            string
		entity          string
		wantLabel       string
		wantDescription string
		wantAliases     []string
	}{
		{name: "English", entity: `{"labels":{"en":{"language":"en","value":"Acme"}},"descriptions":{"en":{"language":"en","value":"maker"}},` +
			`"aliases":{"en":[{"language":"en","value":"Acme Corp"}]}}`, wantLabel: "Acme", wantDescription: "maker", wantAliases: []string{"Acme Corp"}},
		{name: "mul only", entity: `{"labels":{"mul":{"language":"mul","value":"Acme"}},"aliases":{"mul":[{"language":"mul","value":"ACME"},{"language":"mul","value":"Acme AG"}]}}`,
			wantLabel: "Acme", wantAliases: []string{"Acme AG"}},
		{name: "English over mul", entity: `{"labels":{"mul":{"language":"mul","value":"Acme GmbH"},"en":{"language":"en","value":"Acme"}}}`, wantLabel: "Acme"},
		{name: "mul served for English by language fallback",
			entity: `{"labels":{"en":{"language":"mul","value":"Acme","for-language":"en"}}}`, wantLabel: "Acme"},
		{name: "German served for English by language fallback is refused",
			entity: `{"labels":{"en":{"language":"de","value":"Acme Werke","for-language":"en"}},"descriptions":{"en":{"language":"de","value":"Hersteller","for-language":"en"}}}`},
		{name: "a description in mul is refused", entity: `{"labels":{"en":{"value":"Acme"}},"descriptions":{"mul":{"language":"mul","value":"maker"}}}`, wantLabel: "Acme"},
		{name: "terms without language (the key's)", entity: `{"labels":{"en":{"value":" Acme "}},"descriptions":{"en":{"value":"maker"}}}`,
			wantLabel: "Acme", wantDescription: "maker"},
		{name: "other languages only", entity: `{"labels":{"de":{"language":"de","value":"Acme"}},"aliases":{"de":[{"language":"de","value":"Acme Werke"}]}}`},
		{name: "pre-2019 empty maps", entity: `{"labels":[],"descriptions":[],"aliases":[],"claims":[],"sitelinks":[]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e rawEntity
			if err := json.Unmarshal([]byte(tc.entity), &e); err != nil {
				t.Fatal(err)
			}
			label := e.label()
			if label != tc.wantLabel || term(e.Descriptions, false) != tc.wantDescription {
				t.Errorf("label %q description %q; want %q %q", label, term(e.Descriptions, false), tc.wantLabel, tc.wantDescription)
			}
			if got := e.aliases(label, time.Now()); strings.Join(got, "|") != strings.Join(tc.wantAliases, "|") {
				t.Errorf("aliases %q, want %q", got, tc.wantAliases)
			}
		})
	}
}

func TestParseEntities(t *testing.T) {
	for _, tc := range []struct {
		name        string
		body        string
		want        map[string]string // key -> entity id
		wantSkipped int
		wantErr     bool
		wantAPIErr  string
	}{
		{name: "present and missing", body: `{"entities":{"Q1":{"type":"item","id":"Q1","labels":{}},"Q999999999":{"id":"Q999999999","missing":""}},"success":1}`,
			want: map[string]string{"Q1": "Q1"}},
		{name: "a merged item under the id asked", body: `{"entities":{"Q7":{"type":"item","id":"Q8","redirects":{"from":"Q7","to":"Q8"}}},"success":1}`,
			want: map[string]string{"Q7": "Q8"}},
		{name: "a merged item under its own id", body: `{"entities":{"Q8":{"type":"item","id":"Q8","redirects":{"from":"Q7","to":"Q8"}}},"success":1}`,
			want: map[string]string{"Q7": "Q8", "Q8": "Q8"}},
		{name: "an entity without id takes its key", body: `{"entities":{"Q5":{"labels":{"en":{"value":"human"}}}}}`, want: map[string]string{"Q5": "Q5"}},
		{name: "properties and lexemes are left out", body: `{"entities":{"P31":{"type":"property","id":"P31"},"L7":{"type":"lexeme","id":"L7"}}}`, want: map[string]string{}},
		{name: "an unreadable entity costs only itself", body: `{"entities":{"Q1":{"id":"Q1","claims":{"P31":"x"}},"Q2":{"id":"Q2","labels":[1]},"Q3":{"id":"Q3"}}}`,
			want: map[string]string{"Q3": "Q3"}, wantSkipped: 2},
		{name: "pre-2019 empty entities", body: `{"entities":[],"success":1}`, want: map[string]string{}},
		{name: "an error answer", body: `{"servedby":"mw1207","error":{"code":"no-such-entity","info":"Could not find such an entity. (Invalid id: acme)","id":"acme"}}`,
			wantAPIErr: "no-such-entity"},
		{name: "no entities", body: `{"success":1}`, wantErr: true},
		{name: "not JSON", body: `<!DOCTYPE html><title>Wikimedia Error</title>`, wantErr: true},
		{name: "cut short", body: `{"entities":{"Q1":{"type":"item","id":"Q1","labels":{"en":{"language":"en","val`, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, apiErr, skipped, err := parseEntities([]byte(tc.body))
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if tc.wantAPIErr != "" {
				if apiErr == nil || apiErr.Code != tc.wantAPIErr {
					t.Fatalf("api error %+v, want %q", apiErr, tc.wantAPIErr)
				}
				return
			}
			if tc.wantErr {
				return
			}
			ids := map[string]string{}
			for k, e := range got {
				ids[k] = e.ID
			}
			if fmt.Sprint(ids) != fmt.Sprint(tc.want) || skipped != tc.wantSkipped {
				t.Errorf("entities %v skipped %d; want %v skipped %d", ids, skipped, tc.want, tc.wantSkipped)
			}
		})
	}
}

func TestParseSPARQLItems(t *testing.T) {
	for _, tc := range []struct {
		name    string
		body    string
		want    []string
		wantErr bool
	}{
		{name: "WDQS formatting", body: "{\n  \"head\" : {\n    \"vars\" : [ \"item\" ]\n  },\n  \"results\" : {\n    \"bindings\" : [ {\n      \"item\" : {\n        \"type\" : \"uri\",\n        \"value\" : \"http://www.wikidata.org/entity/Q138100001\"\n      }\n    } ]\n  }\n}",
			want: []string{"Q138100001"}},
		{name: "literals with xml:lang or datatype, bnodes, other variables", body: `{"head":{"vars":["item","itemLabel"]},"results":{"bindings":[` +
			`{"item":{"type":"literal","xml:lang":"en","value":"Q1"},"itemLabel":{"type":"literal","xml:lang":"en","value":"Acme"}},` +
			`{"item":{"type":"bnode","value":"t190377214"}},` +
			`{"item":{"type":"literal","datatype":"http://www.w3.org/2001/XMLSchema#string","value":"http://www.wikidata.org/entity/Q2"}},` +
			`{"item":{"type":"uri","value":"http://www.wikidata.org/entity/P856"}},` +
			`{"item":{"type":"uri","value":"http://www.wikidata.org/entity/statement/Q3-1A2B"}},` +
			`{"item":{"type":"uri","value":"http://www.wikidata.org/entity/Q4"},"itemLabel":{"type":"literal","xml:lang":"en","value":"Acme"}}]}}`,
			want: []string{"Q4"}},
		{name: "no bindings", body: `{"head":{"vars":["item"]},"results":{"bindings":[]}}`},
		{name: "no results", body: `{"head":{"vars":["item"]}}`, wantErr: true},
		{name: "cut short by a timeout", body: "{\n  \"head\" : {\n    \"vars\" : [ \"item\" ]\n  },\n  \"results\" : {\n    \"bindings\" : [ {\nSPARQL-QUERY: queryStr=SELECT\njava.util.concurrent.TimeoutException", wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseSPARQLItems([]byte(tc.body))
			if (err != nil) != tc.wantErr || strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("parseSPARQLItems = %v, %v; want %v, error %v", got, err, tc.want, tc.wantErr)
			}
		})
	}
}

func TestNotHTML(t *testing.T) {
	for _, tc := range []struct {
		name, contentType, body string
		want                    bool // an HTML page
	}{
		{name: "JSON", contentType: "application/json; charset=utf-8", body: `{"entities":{}}`},
		{name: "SPARQL JSON", contentType: "application/sparql-results+json;charset=utf-8", body: "{\n  \"head\" : {}}"},
		{name: "HTML by content type", contentType: "text/html; charset=utf-8", body: `{"entities":{}}`, want: true},
		{name: "HTML by body", contentType: "application/json", body: "\ufeff\n  <!DOCTYPE html><html></html>", want: true},
		{name: "HTML without content type", body: `<html><body>Wikimedia Error</body></html>`, want: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := &upstream.Response{Status: 200, Header: http.Header{}, Body: []byte(tc.body)}
			if tc.contentType != "" {
				resp.Header.Set("Content-Type", tc.contentType)
			}
			if got := notHTML(resp) != nil; got != tc.want {
				t.Errorf("notHTML refuses: %v, want %v", got, tc.want)
			}
		})
	}
}
