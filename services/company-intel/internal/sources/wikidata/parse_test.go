package wikidata

import (
	"strings"
	"testing"
)

func FuzzParseEntities(f *testing.F) {
	f.Add([]byte(`{"entities":{"Q95":{"id":"Q95","labels":{"en":{"value":"Google"}},"claims":{` +
		`"P856":[{"mainsnak":{"datavalue":{"value":"https://www.google.com/","type":"string"}},"rank":"preferred"}],` +
		`"P159":[{"mainsnak":{"datavalue":{"value":{"id":"Q173813"},"type":"wikibase-entityid"}},"rank":"normal"}],` +
		`"P17":[{"mainsnak":{"datavalue":{"value":{"id":"Q30"},"type":"wikibase-entityid"}},"rank":"normal"}],` +
		`"P1128":[{"mainsnak":{"datavalue":{"value":{"amount":"+1234","unit":"1"},"type":"quantity"}},` +
		`"qualifiers":{"P585":[{"datavalue":{"value":{"time":"+2025-01-01T00:00:00Z","precision":11},"type":"time"}}]}}]}}}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		raws, _, err := parseEntities(body)
		if err != nil {
			return
		}
		labels := map[string]string{}
		for id, r := range raws {
			if !validQID(id) {
				t.Fatalf("invalid id %q kept", id)
			}
			for _, ref := range r.referencedIDs() {
				if !validQID(ref) {
					t.Fatalf("invalid reference %q", ref)
				}
				labels[ref] = "label of " + ref
			}
			e := r.entity(labels)
			if e.ID != id || e.Employees < 0 || e.Inception < 0 || e.Inception > 9999 {
				t.Fatalf("bad entity %+v", e)
			}
			p := facts(e, e.PageURL())
			if p.Description != nil && p.Description.SourceURL != PageBaseURL+id {
				t.Fatalf("fact cites %q", p.Description.SourceURL)
			}
			_ = excerpt(e)
			if l := e.Location(); (e.Headquarters != "" || e.Country != "") && l == "" {
				t.Fatalf("no location from %q, %q", e.Headquarters, e.Country)
			}
			_ = r.organisation(labels)
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
