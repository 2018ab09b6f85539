package sourcetest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Wikidata endpoint paths on the fake (WIKIDATA_API_URL = URL +
// WikidataAPIPath, WIKIDATA_SPARQL_URL = URL + WikidataSPARQLPath).
const (
	WikidataAPIPath    = "/w/api.php"
	WikidataSPARQLPath = "/sparql"
)

// WikidataEntity is one item the fake Wikidata knows. An item that is only
// referred to (a class, an industry, a place, an exchange) needs only ID
// and Label.
type WikidataEntity struct {
	ID          string // "Q138100001"
	Label       string // English label
	Description string // English description
	Aliases     []string
	InstanceOf  []string // P31 item ids
	Websites    []string // P856, e.g. "https://www.northwind-robotics.com/"
	Industries  []string // P452 item ids
	// Headquarters is the P159 item id, Country the P17 item id.
	Headquarters string
	Country      string
	Employees    []WikidataEmployees // P1128
	Inception    time.Time           // P571 at day precision; zero: none
	Listings     []WikidataListing   // P414 with a P249 ticker qualifier
	// Statements are further statements in Wikidata's JSON, by property
	// (a deprecated website, a former headquarters with an end time).
	Statements map[string][]json.RawMessage
}

// WikidataEmployees is one P1128 statement.
type WikidataEmployees struct {
	Count int64
	AsOf  time.Time // P585 qualifier at day precision; zero: none
	Rank  string    // "preferred", "normal" (""), "deprecated"
}

// WikidataListing is one P414 stock exchange statement.
type WikidataListing struct {
	Exchange string    // item id of the exchange
	Ticker   string    // P249 qualifier
	Ended    time.Time // P582 end time qualifier (delisted); zero: current
}

// NewWikidata serves the Wikidata API and query service for entities:
//
//	GET /w/api.php?action=wbsearchentities&search=…&language=en&type=item&format=json&limit=…&continue=…
//	    prefix match (case-insensitive) on the English label or an alias
//	GET /w/api.php?action=wbgetentities&ids=Q1|Q2&props=…&languages=en&format=json
//	    at most 50 ids; unknown ids are {"id","missing":""}; props honoured
//	GET /sparql?query=…&format=json
//	    a query on wdt:P856 answers the items one of whose websites appears
//	    as an IRI (<…>) in the query, up to its LIMIT
//
// It is closed at cleanup.
func NewWikidata(tb testing.TB, entities ...WikidataEntity) *Server {
	tb.Helper()
	return closeAtCleanup(tb, StartWikidata(entities...))
}

// StartWikidata is NewWikidata outside a test: the caller closes the
// server.
func StartWikidata(entities ...WikidataEntity) *Server {
	s := Start()
	byID := map[string]WikidataEntity{}
	for _, e := range entities {
		byID[e.ID] = e
	}
	s.Handle("GET "+WikidataAPIPath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("format") != "json" {
			wikidataError(w, "badvalue", `Unrecognized value for parameter "format".`)
			return
		}
		switch q.Get("action") {
		case "wbsearchentities":
			wikidataSearch(w, q, entities)
		case "wbgetentities":
			wikidataGet(w, q, byID)
		default:
			wikidataError(w, "badvalue", `Unrecognized value for parameter "action".`)
		}
	})
	s.Handle("GET "+WikidataSPARQLPath, func(w http.ResponseWriter, r *http.Request) {
		query := r.URL.Query().Get("query")
		if !strings.Contains(query, "P856") {
			http.Error(w, "this fake answers queries on wdt:P856 only", http.StatusBadRequest)
			return
		}
		iris := map[string]bool{}
		for _, m := range sparqlIRI.FindAllStringSubmatch(query, -1) {
			iris[m[1]] = true
		}
		limit := len(entities)
		if m := sparqlLimit.FindStringSubmatch(query); m != nil {
			limit, _ = strconv.Atoi(m[1])
		}
		type binding struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		}
		bindings := []map[string]binding{}
		for _, e := range entities {
			if len(bindings) >= limit {
				break
			}
			if slices.ContainsFunc(e.Websites, func(site string) bool { return iris[site] }) {
				bindings = append(bindings, map[string]binding{"item": {Type: "uri", Value: "http://www.wikidata.org/entity/" + e.ID}})
			}
		}
		out := map[string]any{"head": map[string]any{"vars": []string{"item"}}, "results": map[string]any{"bindings": bindings}}
		writeJSONDoc(w, "application/sparql-results+json;charset=utf-8", out)
	})
	return s
}

var (
	sparqlIRI   = regexp.MustCompile(`<([^<>\s]*)>`)
	sparqlLimit = regexp.MustCompile(`(?i)\bLIMIT\s+(\d+)`)
	wikidataQID = regexp.MustCompile(`^[QPL][1-9][0-9]*$`)
)

func wikidataError(w http.ResponseWriter, code, info string) {
	writeJSONDoc(w, "application/json; charset=utf-8", map[string]any{
		"error": map[string]string{"code": code, "info": info, "*": "See https://www.wikidata.org/w/api.php for API usage."},
	})
}

func wikidataSearch(w http.ResponseWriter, q map[string][]string, entities []WikidataEntity) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	term := strings.ToLower(strings.Join(strings.Fields(get("search")), " "))
	if term == "" {
		wikidataError(w, "missingparam", `The "search" parameter must be set.`)
		return
	}
	limit := 7
	if n, err := strconv.Atoi(get("limit")); err == nil && n > 0 {
		limit = min(n, 50)
	}
	offset, _ := strconv.Atoi(get("continue"))
	type match struct {
		Type     string `json:"type"`
		Language string `json:"language"`
		Text     string `json:"text"`
	}
	type hit struct {
		ID          string   `json:"id"`
		Title       string   `json:"title"`
		ConceptURI  string   `json:"concepturi"`
		Repository  string   `json:"repository"`
		URL         string   `json:"url"`
		Label       string   `json:"label"`
		Description string   `json:"description,omitempty"`
		Match       match    `json:"match"`
		Aliases     []string `json:"aliases,omitempty"`
	}
	var hits []hit
	for _, e := range entities {
		h := hit{ID: e.ID, Title: e.ID, ConceptURI: "http://www.wikidata.org/entity/" + e.ID, Repository: "wikidata",
			URL: "//www.wikidata.org/wiki/" + e.ID, Label: e.Label, Description: e.Description}
		switch {
		case strings.HasPrefix(strings.ToLower(e.Label), term):
			h.Match = match{Type: "label", Language: "en", Text: e.Label}
		default:
			i := slices.IndexFunc(e.Aliases, func(a string) bool { return strings.HasPrefix(strings.ToLower(a), term) })
			if i < 0 {
				continue
			}
			h.Match = match{Type: "alias", Language: "en", Text: e.Aliases[i]}
			h.Aliases = []string{e.Aliases[i]}
		}
		hits = append(hits, h)
	}
	out := map[string]any{"searchinfo": map[string]string{"search": get("search")}, "success": 1}
	if offset > len(hits) {
		offset = len(hits)
	}
	page := hits[offset:]
	if len(page) > limit {
		page = page[:limit]
		out["search-continue"] = offset + limit
	}
	out["search"] = append([]hit{}, page...)
	writeJSONDoc(w, "application/json; charset=utf-8", out)
}

func wikidataGet(w http.ResponseWriter, q map[string][]string, byID map[string]WikidataEntity) {
	first := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	ids := strings.Split(first("ids"), "|")
	if len(ids) > 50 {
		wikidataError(w, "toomanyvalues", `Too many values supplied for parameter "ids". The limit is 50.`)
		return
	}
	props := map[string]bool{}
	p := first("props")
	if p == "" {
		p = "info|sitelinks|aliases|labels|descriptions|claims|datatype"
	}
	for _, x := range strings.Split(p, "|") {
		props[x] = true
	}
	langs := first("languages")
	english := langs == "" || slices.Contains(strings.Split(langs, "|"), "en")
	out := map[string]any{}
	for _, id := range ids {
		if !wikidataQID.MatchString(id) {
			wikidataError(w, "no-such-entity", fmt.Sprintf("Could not find an entity with the ID %q.", id))
			return
		}
		e, ok := byID[id]
		if !ok {
			out[id] = map[string]string{"id": id, "missing": ""}
			continue
		}
		out[id] = e.json(props, english)
	}
	writeJSONDoc(w, "application/json; charset=utf-8", map[string]any{"entities": out, "success": 1})
}

// json renders the entity as wbgetentities does, with the props asked.
func (e WikidataEntity) json(props map[string]bool, english bool) map[string]any {
	out := map[string]any{"type": "item", "id": e.ID}
	lang := func(v string) map[string]any {
		if v == "" || !english {
			return map[string]any{}
		}
		return map[string]any{"en": map[string]string{"language": "en", "value": v}}
	}
	if props["labels"] {
		out["labels"] = lang(e.Label)
	}
	if props["descriptions"] {
		out["descriptions"] = lang(e.Description)
	}
	if props["aliases"] {
		aliases := map[string]any{}
		if english && len(e.Aliases) > 0 {
			var vs []map[string]string
			for _, a := range e.Aliases {
				vs = append(vs, map[string]string{"language": "en", "value": a})
			}
			aliases["en"] = vs
		}
		out["aliases"] = aliases
	}
	if props["claims"] {
		out["claims"] = e.claims()
	}
	if props["sitelinks"] {
		out["sitelinks"] = map[string]any{}
	}
	return out
}

// wikidataSnak is a snak as Wikidata writes it.
func wikidataSnak(prop, datatype, valueType string, value any) map[string]any {
	return map[string]any{"snaktype": "value", "property": prop, "datatype": datatype,
		"datavalue": map[string]any{"value": value, "type": valueType}}
}

func wikidataItem(id string) map[string]any {
	n, _ := strconv.Atoi(strings.TrimPrefix(id, "Q"))
	return map[string]any{"entity-type": "item", "numeric-id": n, "id": id}
}

func wikidataTime(t time.Time) map[string]any {
	return map[string]any{"time": t.UTC().Format("+2006-01-02T00:00:00Z"), "timezone": 0, "before": 0, "after": 0,
		"precision": 11, "calendarmodel": "http://www.wikidata.org/entity/Q1985727"}
}

func (e WikidataEntity) claims() map[string]any {
	claims := map[string][]any{}
	add := func(prop string, mainsnak map[string]any, rank string, qualifiers map[string][]any) {
		if rank == "" {
			rank = "normal"
		}
		st := map[string]any{"mainsnak": mainsnak, "type": "statement", "rank": rank,
			"id": fmt.Sprintf("%s$%s-%d", e.ID, prop, len(claims[prop])+1), "references": []any{}}
		if len(qualifiers) > 0 {
			var order []string
			for k := range qualifiers {
				order = append(order, k)
			}
			slices.Sort(order)
			st["qualifiers"], st["qualifiers-order"] = qualifiers, order
		}
		claims[prop] = append(claims[prop], st)
	}
	for _, id := range e.InstanceOf {
		add("P31", wikidataSnak("P31", "wikibase-item", "wikibase-entityid", wikidataItem(id)), "", nil)
	}
	for _, site := range e.Websites {
		add("P856", wikidataSnak("P856", "url", "string", site), "", nil)
	}
	for _, id := range e.Industries {
		add("P452", wikidataSnak("P452", "wikibase-item", "wikibase-entityid", wikidataItem(id)), "", nil)
	}
	if e.Headquarters != "" {
		add("P159", wikidataSnak("P159", "wikibase-item", "wikibase-entityid", wikidataItem(e.Headquarters)), "", nil)
	}
	if e.Country != "" {
		add("P17", wikidataSnak("P17", "wikibase-item", "wikibase-entityid", wikidataItem(e.Country)), "", nil)
	}
	for _, em := range e.Employees {
		var qual map[string][]any
		if !em.AsOf.IsZero() {
			qual = map[string][]any{"P585": {wikidataSnak("P585", "time", "time", wikidataTime(em.AsOf))}}
		}
		amount := map[string]string{"amount": "+" + strconv.FormatInt(em.Count, 10), "unit": "1"}
		add("P1128", wikidataSnak("P1128", "quantity", "quantity", amount), em.Rank, qual)
	}
	if !e.Inception.IsZero() {
		add("P571", wikidataSnak("P571", "time", "time", wikidataTime(e.Inception)), "", nil)
	}
	for _, l := range e.Listings {
		qual := map[string][]any{"P249": {wikidataSnak("P249", "external-id", "string", l.Ticker)}}
		if !l.Ended.IsZero() {
			qual["P582"] = []any{wikidataSnak("P582", "time", "time", wikidataTime(l.Ended))}
		}
		add("P414", wikidataSnak("P414", "wikibase-item", "wikibase-entityid", wikidataItem(l.Exchange)), "", qual)
	}
	out := map[string]any{}
	for p, sts := range claims {
		out[p] = sts
	}
	for p, raws := range e.Statements {
		list, _ := out[p].([]any)
		for _, r := range raws {
			list = append(list, r)
		}
		out[p] = list
	}
	return out
}

// Wikidata's own ids of the countries the fixtures name (P17).
const (
	WikidataUSA         = "Q30"
	WikidataUK          = "Q145"
	WikidataIreland     = "Q27"
	WikidataNetherlands = "Q29999" // Kingdom of the Netherlands
)

// WikidataDemoEntities are fixture items: the companies of the demo (their
// P856 websites are northwind-robotics.com, acme-analytics.com and
// contoso-drones.com), a product sharing Acme's website, a film named like
// Northwind, and the classes, industries, places and exchanges they refer
// to. Company, industry, place and exchange ids are in a fictitious range
// (Q1381…); class and country ids are Wikidata's own.
func WikidataDemoEntities() []WikidataEntity {
	d := func(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }
	return []WikidataEntity{
		{ID: "Q138100000", Label: "Acme Insight", Description: "business intelligence software by Acme Analytics",
			InstanceOf: []string{"Q7397"}, Websites: []string{"https://acme-analytics.com/"}},
		{
			ID: "Q138100001", Label: "Northwind Robotics", Description: "American industrial robotics company",
			Aliases: []string{"Northwind Robotics, Inc.", "NWRB"}, InstanceOf: []string{"Q891723"},
			Websites: []string{"https://www.northwind-robotics.com/"}, Industries: []string{"Q138100101", "Q138100102"},
			Headquarters: "Q138100201", Country: WikidataUSA,
			Employees: []WikidataEmployees{
				{Count: 1180, AsOf: d(2024, 12, 31)},
				{Count: 1420, AsOf: d(2025, 12, 31), Rank: "preferred"},
			},
			Inception: d(2011, 4, 12),
			Listings:  []WikidataListing{{Exchange: "Q138100301", Ticker: "NWRB"}},
		},
		{
			ID: "Q138100002", Label: "Acme Analytics", Description: "American data analytics software company",
			Aliases: []string{"Acme Analytics Corp", "ACAN"}, InstanceOf: []string{"Q4830453", "Q1058914"},
			Websites: []string{"http://acme-analytics.com"}, Industries: []string{"Q138100103"}, Headquarters: "Q138100202",
			Country:   WikidataUSA,
			Employees: []WikidataEmployees{{Count: 5200, AsOf: d(2025, 6, 30)}},
			Inception: d(2008, 9, 1),
			Listings:  []WikidataListing{{Exchange: "Q138100302", Ticker: "ACAN"}},
		},
		{ID: "Q138100003", Label: "Northwind Robotics", Description: "2019 short film", InstanceOf: []string{"Q11424"}},
		{
			ID: "Q138100004", Label: "Contoso Drones", Description: "American drone manufacturer",
			InstanceOf: []string{"Q1589009"}, Websites: []string{"https://contoso-drones.com"},
			Industries: []string{"Q138100104"}, Headquarters: "Q138100203", Country: WikidataUSA,
			Employees: []WikidataEmployees{{Count: 85, AsOf: d(2024, 1, 1)}},
			Inception: d(2019, 2, 1),
		},
		{ID: "Q4830453", Label: "business"},
		{ID: "Q891723", Label: "public company"},
		{ID: "Q1589009", Label: "privately held company"},
		{ID: "Q1058914", Label: "software company"},
		{ID: "Q7397", Label: "software"},
		{ID: "Q11424", Label: "film"},
		{ID: "Q138100101", Label: "industrial robotics"},
		{ID: "Q138100102", Label: "industrial automation"},
		{ID: "Q138100103", Label: "business intelligence software"},
		{ID: "Q138100104", Label: "unmanned aerial vehicle industry"},
		{ID: "Q138100201", Label: "Pittsburgh"},
		{ID: "Q138100202", Label: "Austin"},
		{ID: "Q138100203", Label: "Seattle"},
		{ID: WikidataUSA, Label: "United States of America"},
		{ID: "Q138100301", Label: "Nasdaq"},
		{ID: "Q138100302", Label: "New York Stock Exchange"},
	}
}
