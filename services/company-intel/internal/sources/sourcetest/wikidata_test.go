package sourcetest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// wdFetch GETs path on srv and returns the status, header and body.
func wdFetch(t *testing.T, srv *Server, path string, q url.Values) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Get(srv.URL + path + "?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// wdPath walks decoded JSON by object keys and array indexes ("0").
func wdPath(v any, path ...string) any {
	for _, p := range path {
		switch x := v.(type) {
		case map[string]any:
			v = x[p]
		case []any:
			i := 0
			for _, c := range p {
				i = i*10 + int(c-'0')
			}
			if i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func wdEntities(t *testing.T, srv *Server, q url.Values) (map[string]any, []byte) {
	t.Helper()
	q.Set("action", "wbgetentities")
	q.Set("format", "json")
	status, h, body := wdFetch(t, srv, WikidataAPIPath, q)
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, content type %q", status, h.Get("Content-Type"))
	}
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return v, body
}

var hash40 = regexp.MustCompile(`^[0-9a-f]{40}$`)

// TestWikidataServesRealShapes: wbgetentities answers as Wikidata writes
// them today, with the default quirks, and in the pre-2019 form.
func TestWikidataServesRealShapes(t *testing.T) {
	srv := NewWikidata(t, append(WikidataQuirks(),
		WikidataEntity{ID: "Q138100700", Label: "Sláinte Labs", Websites: []string{"https://slainte.example/"}})...)
	v, body := wdEntities(t, srv, url.Values{"ids": {"Q138100001|Q138100000|Q138100004|Q138100005|Q138100999|Q138100009|Q138100700"}})
	e := func(id string, path ...string) any { return wdPath(v, append([]string{"entities", id}, path...)...) }
	checks := []struct {
		name string
		got  any
		want any
	}{
		{"success", wdPath(v, "success"), 1.0},
		{"info: title", e("Q138100001", "title"), "Q138100001"},
		{"info: ns", e("Q138100001", "ns"), 0.0},
		{"info: modified", e("Q138100001", "modified"), "2026-01-14T09:41:27Z"},
		{"type", e("Q138100001", "type"), "item"},
		{"label with its language", e("Q138100001", "labels", "en", "language"), "en"},
		{"sitelink with badges", e("Q138100001", "sitelinks", "enwiki", "title"), "Northwind Robotics"},
		{"P31 statement type", e("Q138100001", "claims", "P31", "0", "type"), "statement"},
		{"P31 mainsnak snaktype", e("Q138100001", "claims", "P31", "0", "mainsnak", "snaktype"), "value"},
		{"P31 datatype", e("Q138100001", "claims", "P31", "0", "mainsnak", "datatype"), "wikibase-item"},
		{"P31 value id", e("Q138100001", "claims", "P31", "0", "mainsnak", "datavalue", "value", "id"), "Q891723"},
		{"P31 value numeric-id", e("Q138100001", "claims", "P31", "0", "mainsnak", "datavalue", "value", "numeric-id"), 891723.0},
		{"P31 reference imported from", e("Q138100001", "claims", "P31", "0", "references", "0", "snaks-order", "0"), "P143"},
		{"P856 qualified by language", e("Q138100001", "claims", "P856", "0", "qualifiers-order", "0"), "P407"},
		{"P856 datatype url", e("Q138100001", "claims", "P856", "0", "mainsnak", "datatype"), "url"},
		{"deprecated website", e("Q138100001", "claims", "P856", "1", "rank"), "deprecated"},
		{"former HQ at preferred rank", e("Q138100001", "claims", "P159", "1", "rank"), "preferred"},
		{"former HQ end time", e("Q138100001", "claims", "P159", "1", "qualifiers", "P582", "0", "datavalue", "value", "time"), "+2016-08-31T00:00:00Z"},
		{"P1128 normal count with bounds", e("Q138100001", "claims", "P1128", "0", "mainsnak", "datavalue", "value", "upperBound"), "+1180"},
		{"P1128 preferred count", e("Q138100001", "claims", "P1128", "1", "rank"), "preferred"},
		{"P1128 amount", e("Q138100001", "claims", "P1128", "1", "mainsnak", "datavalue", "value", "amount"), "+1420"},
		{"P1128 unit", e("Q138100001", "claims", "P1128", "1", "mainsnak", "datavalue", "value", "unit"), "1"},
		{"P1128 preferred count without bounds", e("Q138100001", "claims", "P1128", "1", "mainsnak", "datavalue", "value", "upperBound"), nil},
		{"P585 time", e("Q138100001", "claims", "P1128", "1", "qualifiers", "P585", "0", "datavalue", "value", "time"), "+2025-12-31T00:00:00Z"},
		{"P585 calendar", e("Q138100001", "claims", "P1128", "1", "qualifiers", "P585", "0", "datavalue", "value", "calendarmodel"), "http://www.wikidata.org/entity/Q1985727"},
		{"P1128 reference", e("Q138100001", "claims", "P1128", "1", "references", "0", "snaks-order", "0"), "P854"},
		{"P571 day precision", e("Q138100001", "claims", "P571", "0", "mainsnak", "datavalue", "value", "precision"), 11.0},
		{"P414 ticker qualifier", e("Q138100001", "claims", "P414", "0", "qualifiers", "P249", "0", "datavalue", "value"), "NWRB"},
		{"P1448 official name", e("Q138100001", "claims", "P1448", "0", "mainsnak", "datavalue", "value", "text"), "Northwind Robotics, Inc."},
		{"unlisted: P414 novalue", e("Q138100000", "claims", "P414", "0", "mainsnak", "snaktype"), "novalue"},
		{"novalue has a datatype", e("Q138100000", "claims", "P414", "0", "mainsnak", "datatype"), "wikibase-item"},
		{"novalue has no datavalue", e("Q138100000", "claims", "P414", "0", "mainsnak", "datavalue"), nil},
		{"legacy: numeric-id only", e("Q138100004", "claims", "P31", "0", "mainsnak", "datavalue", "value", "id"), nil},
		{"legacy: numeric-id", e("Q138100004", "claims", "P31", "0", "mainsnak", "datavalue", "value", "numeric-id"), 1589009.0},
		{"legacy: no snak hash", e("Q138100004", "claims", "P31", "0", "mainsnak", "hash"), nil},
		{"legacy: empty aliases as []", e("Q138100004", "aliases"), []any{}},
		{"legacy: empty sitelinks as []", e("Q138100004", "sitelinks"), []any{}},
		{"legacy: year precision", e("Q138100004", "claims", "P571", "0", "mainsnak", "datavalue", "value", "time"), "+2019-00-00T00:00:00Z"},
		{"legacy: count with bounds", e("Q138100004", "claims", "P1128", "0", "mainsnak", "datavalue", "value", "lowerBound"), "+85"},
		{"stub: claims {}", e("Q138100005", "claims"), map[string]any{}},
		{"stub: aliases {}", e("Q138100005", "aliases"), map[string]any{}},
		{"missing", e("Q138100999"), map[string]any{"id": "Q138100999", "missing": ""}},
		{"merged: target id", e("Q138100009", "id"), "Q138100001"},
		{"merged: redirects", e("Q138100009", "redirects"), map[string]any{"from": "Q138100009", "to": "Q138100001"}},
		{"non-ASCII label decoded", e("Q138100700", "labels", "en", "value"), "Sláinte Labs"},
	}
	for _, c := range checks {
		g, _ := json.Marshal(c.got)
		w, _ := json.Marshal(c.want)
		if string(g) != string(w) {
			t.Errorf("%s: got %s, want %s", c.name, g, w)
		}
	}
	if h, _ := e("Q138100001", "claims", "P31", "0", "mainsnak", "hash").(string); !hash40.MatchString(h) {
		t.Errorf("snak hash %q", h)
	}
	if id, _ := e("Q138100001", "claims", "P31", "0", "id").(string); !strings.HasPrefix(id, "Q138100001$") {
		t.Errorf("statement id %q", id)
	}
	if id, _ := e("Q138100004", "claims", "P31", "0", "id").(string); !strings.HasPrefix(id, "q138100004$") {
		t.Errorf("legacy statement id %q", id)
	}
	if strings.Contains(string(body), "á") || !strings.Contains(string(body), `Sl\u00e1inte`) {
		t.Errorf("non-ASCII not escaped as the API escapes it")
	}
}

// TestWikidataTermsAndProps: props, languages and language fallback as
// wbgetentities honours them.
func TestWikidataTermsAndProps(t *testing.T) {
	srv := NewWikidata(t, WikidataQuirks()...)
	for _, tc := range []struct {
		name string
		q    url.Values
		path []string
		want any
	}{
		{"mul only", url.Values{"ids": {"Q138100201"}, "languages": {"en|mul"}, "props": {"labels"}},
			[]string{"entities", "Q138100201", "labels"}, map[string]any{"mul": map[string]any{"language": "mul", "value": "Pittsburgh"}}},
		{"fallback to mul for English", url.Values{"ids": {"Q138100201"}, "languages": {"en"}, "languagefallback": {""}, "props": {"labels"}},
			[]string{"entities", "Q138100201", "labels", "en"}, map[string]any{"language": "mul", "value": "Pittsburgh", "for-language": "en"}},
		{"no fallback: no term", url.Values{"ids": {"Q138100201"}, "languages": {"en"}, "props": {"labels"}},
			[]string{"entities", "Q138100201", "labels"}, map[string]any{}},
		{"every language when none asked", url.Values{"ids": {"Q30"}, "props": {"labels"}},
			[]string{"entities", "Q30", "labels", "de", "value"}, "Vereinigte Staaten"},
		{"props limit the answer", url.Values{"ids": {"Q138100001"}, "props": {"labels"}},
			[]string{"entities", "Q138100001", "claims"}, nil},
		{"default props include info", url.Values{"ids": {"Q138100001"}},
			[]string{"entities", "Q138100001", "title"}, "Q138100001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, _ := wdEntities(t, srv, tc.q)
			g, _ := json.Marshal(wdPath(v, tc.path...))
			w, _ := json.Marshal(tc.want)
			if string(g) != string(w) {
				t.Errorf("got %s, want %s", g, w)
			}
		})
	}
}

// TestWikidataErrorsAndSearch: error answers, wbsearchentities' shape and
// WDQS's formatting.
func TestWikidataErrorsAndSearch(t *testing.T) {
	srv := NewWikidata(t, WikidataQuirks()...)
	t.Run("no-such-entity", func(t *testing.T) {
		status, h, body := wdFetch(t, srv, WikidataAPIPath, url.Values{"action": {"wbgetentities"}, "format": {"json"}, "ids": {"Q1|acme"}})
		var v map[string]any
		if err := json.Unmarshal(body, &v); err != nil || status != 200 || h.Get("MediaWiki-API-Error") != "no-such-entity" ||
			wdPath(v, "error", "code") != "no-such-entity" || wdPath(v, "error", "id") != "acme" || wdPath(v, "servedby") == nil ||
			wdPath(v, "error", "messages", "0", "name") != "wikibase-api-no-such-entity" || wdPath(v, "entities") != nil {
			t.Errorf("status %d header %q body %s", status, h.Get("MediaWiki-API-Error"), body)
		}
	})
	t.Run("search", func(t *testing.T) {
		_, _, body := wdFetch(t, srv, WikidataAPIPath, url.Values{"action": {"wbsearchentities"}, "format": {"json"}, "search": {"northwind"},
			"language": {"en"}, "type": {"item"}, "limit": {"1"}})
		var v map[string]any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			path []string
			want any
		}{
			{[]string{"search", "0", "id"}, "Q138100001"},
			{[]string{"search", "0", "repository"}, "wikidata"},
			{[]string{"search", "0", "display", "label", "language"}, "en"},
			{[]string{"search", "0", "match", "type"}, "label"},
			{[]string{"search", "1"}, nil},
			{[]string{"search-continue"}, 1.0},
			{[]string{"searchinfo", "search"}, "northwind"},
			{[]string{"success"}, 1.0},
		} {
			if g := wdPath(v, c.path...); g != c.want {
				t.Errorf("%v = %v, want %v", c.path, g, c.want)
			}
		}
		_, _, body = wdFetch(t, srv, WikidataAPIPath, url.Values{"action": {"wbsearchentities"}, "format": {"json"}, "search": {"Q138100004"}})
		if err := json.Unmarshal(body, &v); err != nil || wdPath(v, "search", "0", "match", "type") != "entityId" {
			t.Errorf("id search: %s", body)
		}
		_, _, body = wdFetch(t, srv, WikidataAPIPath, url.Values{"action": {"wbsearchentities"}, "format": {"json"}, "search": {"pitts"}})
		if err := json.Unmarshal(body, &v); err != nil || wdPath(v, "search", "0", "match", "language") != "mul" ||
			wdPath(v, "search", "0", "description") != nil {
			t.Errorf("mul search: %s", body)
		}
	})
	t.Run("WDQS", func(t *testing.T) {
		status, h, body := wdFetch(t, srv, WikidataSPARQLPath, url.Values{"query": {"SELECT ?item WHERE { VALUES ?site { <https://contoso-drones.com> } ?item wdt:P856 ?site . }"}, "format": {"json"}})
		want := "{\n  \"head\" : {\n    \"vars\" : [ \"item\" ]\n  },\n  \"results\" : {\n    \"bindings\" : [ {\n      \"item\" : {\n        \"type\" : \"uri\",\n" +
			"        \"value\" : \"http://www.wikidata.org/entity/Q138100004\"\n      }\n    } ]\n  }\n}"
		if status != 200 || h.Get("Content-Type") != "application/sparql-results+json;charset=utf-8" || string(body) != want {
			t.Errorf("status %d, %q:\n%s", status, h.Get("Content-Type"), body)
		}
		status, h, body = wdFetch(t, srv, WikidataSPARQLPath, url.Values{"query": {"SELECT ?x WHERE { ?x wdt:P31 wd:Q5 }"}})
		if status != 400 || !strings.HasPrefix(h.Get("Content-Type"), "text/plain") || !strings.Contains(string(body), "MalformedQueryException") {
			t.Errorf("bad query: %d %q %s", status, h.Get("Content-Type"), body)
		}
	})
}
