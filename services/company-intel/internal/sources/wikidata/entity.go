package wikidata

import (
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Entity is a Wikidata item read as a company profile. Labels are English;
// a value whose item has no English label is left out.
type Entity struct {
	ID          string   `json:"id"` // e.g. "Q95"
	Label       string   `json:"label"`
	Description string   `json:"description,omitempty"`
	Aliases     []string `json:"aliases,omitempty"`
	Websites    []string `json:"websites,omitempty"` // P856 official website
	Industry    []string `json:"industry,omitempty"` // P452 labels
	// Headquarters is the label of the P159 headquarters location.
	Headquarters string `json:"headquarters,omitempty"`
	// Country is the label of the item's own P17 country.
	Country string `json:"country,omitempty"`
	// Employees is the P1128 employee count (0: unknown), as of
	// EmployeesYear (P585 point in time; 0: not stated).
	Employees     int64 `json:"employees,omitempty"`
	EmployeesYear int   `json:"employeesYear,omitempty"`
	Inception     int   `json:"inception,omitempty"` // P571 year; 0: unknown
	// Ticker is the P249 ticker symbol of a current P414 listing, Exchange
	// the label of that P414 stock exchange.
	Ticker   string   `json:"ticker,omitempty"`
	Exchange string   `json:"exchange,omitempty"`
	Instance []string `json:"instance,omitempty"` // P31 instance-of labels
}

// PageURL is the entity's page on wikidata.org (what a fact cites).
func (e Entity) PageURL() string { return PageBaseURL + e.ID }

// Properties read.
const (
	propInstanceOf   = "P31"
	propIndustry     = "P452"
	propHeadquarters = "P159"
	propCountry      = "P17"
	propEmployees    = "P1128"
	propInception    = "P571"
	propWebsite      = "P856"
	propExchange     = "P414"
	propTicker       = "P249"
	propPointInTime  = "P585"
	propEndTime      = "P582"
)

// wbEntities is a wbgetentities answer. An API error (bad id, too many
// ids) comes back as 200 with "error".
type wbEntities struct {
	Entities map[string]rawEntity `json:"entities"`
	Error    *apiError            `json:"error"`
}

type apiError struct {
	Code string `json:"code"`
	Info string `json:"info"`
}

type rawEntity struct {
	ID           string                 `json:"id"`
	Missing      *string                `json:"missing"`
	Labels       map[string]langValue   `json:"labels"`
	Descriptions map[string]langValue   `json:"descriptions"`
	Aliases      map[string][]langValue `json:"aliases"`
	Claims       map[string][]statement `json:"claims"`
}

type langValue struct {
	Value string `json:"value"`
}

type statement struct {
	Mainsnak   snak              `json:"mainsnak"`
	Rank       string            `json:"rank"`
	Qualifiers map[string][]snak `json:"qualifiers"`
}

type snak struct {
	Snaktype  string     `json:"snaktype"`
	Datavalue *datavalue `json:"datavalue"`
}

type datavalue struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

var qidRE = regexp.MustCompile(`^Q[1-9][0-9]{0,11}$`)

// validQID reports whether s is an item id ("Q95").
func validQID(s string) bool { return qidRE.MatchString(s) }

// parseEntities decodes a wbgetentities answer into the entities present
// (missing ones left out).
func parseEntities(body []byte) (map[string]rawEntity, *apiError, error) {
	var r wbEntities
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, nil, err
	}
	if r.Error != nil {
		return nil, r.Error, nil
	}
	if r.Entities == nil {
		return nil, nil, errors.New("wikidata: answer without entities")
	}
	out := make(map[string]rawEntity, len(r.Entities))
	for id, e := range r.Entities {
		if e.Missing != nil || !validQID(id) {
			continue
		}
		e.ID = id
		out[id] = e
	}
	return out, nil, nil
}

// best returns the statements of a property at the best rank present:
// the preferred ones when any, else the normal ones; deprecated ones
// never.
func best(ss []statement) []statement {
	var pref, normal []statement
	for _, s := range ss {
		switch s.Rank {
		case "preferred":
			pref = append(pref, s)
		case "deprecated":
		default:
			normal = append(normal, s)
		}
	}
	if len(pref) > 0 {
		return pref
	}
	return normal
}

// current drops statements that carry an end time (P582): a former
// headquarters, website or listing.
func current(ss []statement) []statement {
	var out []statement
	for _, s := range ss {
		if len(s.Qualifiers[propEndTime]) == 0 {
			out = append(out, s)
		}
	}
	return out
}

func (s snak) stringValue() (string, bool) {
	if s.Datavalue == nil || s.Datavalue.Type != "string" {
		return "", false
	}
	var v string
	if json.Unmarshal(s.Datavalue.Value, &v) != nil {
		return "", false
	}
	v = strings.TrimSpace(v)
	return v, v != ""
}

func (s snak) itemValue() (string, bool) {
	if s.Datavalue == nil || s.Datavalue.Type != "wikibase-entityid" {
		return "", false
	}
	var v struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(s.Datavalue.Value, &v) != nil || !validQID(v.ID) {
		return "", false
	}
	return v.ID, true
}

func (s snak) quantityValue() (float64, bool) {
	if s.Datavalue == nil || s.Datavalue.Type != "quantity" {
		return 0, false
	}
	var v struct {
		Amount string `json:"amount"`
	}
	if json.Unmarshal(s.Datavalue.Value, &v) != nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimPrefix(v.Amount, "+"), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// yearValue returns the year of a time value at year precision or finer
// (precision 9 year, 10 month, 11 day); false for coarser or BCE dates.
func (s snak) yearValue() (int, bool) {
	if s.Datavalue == nil || s.Datavalue.Type != "time" {
		return 0, false
	}
	var v struct {
		Time      string `json:"time"`
		Precision int    `json:"precision"`
	}
	if json.Unmarshal(s.Datavalue.Value, &v) != nil || v.Precision < 9 || !strings.HasPrefix(v.Time, "+") {
		return 0, false
	}
	y, _, ok := strings.Cut(v.Time[1:], "-")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(y)
	if err != nil || n <= 0 || n > 9999 {
		return 0, false
	}
	return n, true
}

// itemIDs returns the item values of the best current statements of a
// property.
func (e rawEntity) itemIDs(prop string) []string {
	var out []string
	for _, s := range current(best(e.Claims[prop])) {
		if id, ok := s.Mainsnak.itemValue(); ok {
			out = append(out, id)
		}
	}
	return out
}

// allItemIDs returns the item values of every non-deprecated statement
// of a property (for P31, where any class counts).
func (e rawEntity) allItemIDs(prop string) []string {
	var out []string
	for _, s := range e.Claims[prop] {
		if s.Rank == "deprecated" {
			continue
		}
		if id, ok := s.Mainsnak.itemValue(); ok {
			out = append(out, id)
		}
	}
	return out
}

// referencedIDs are the items whose labels an Entity needs.
func (e rawEntity) referencedIDs() []string {
	ids := e.allItemIDs(propInstanceOf)
	ids = append(ids, e.itemIDs(propIndustry)...)
	ids = append(ids, e.itemIDs(propHeadquarters)...)
	ids = append(ids, e.itemIDs(propCountry)...)
	for _, s := range current(best(e.Claims[propExchange])) {
		if id, ok := s.Mainsnak.itemValue(); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

func (e rawEntity) websites() []string {
	var out []string
	for _, s := range current(best(e.Claims[propWebsite])) {
		if v, ok := s.Mainsnak.stringValue(); ok {
			out = append(out, v)
		}
	}
	return out
}

// employees returns the best-ranked employee count with the latest point
// in time (a count without one counts as oldest).
func (e rawEntity) employees() (int64, int) {
	var n int64
	year := -1
	for _, s := range best(e.Claims[propEmployees]) {
		f, ok := s.Mainsnak.quantityValue()
		if !ok || f < 1 || f > 1e8 {
			continue
		}
		y := 0
		for _, q := range s.Qualifiers[propPointInTime] {
			if v, ok := q.yearValue(); ok {
				y = v
				break
			}
		}
		if y > year {
			n, year = int64(math.Round(f)), y
		}
	}
	return n, max(year, 0)
}

func (e rawEntity) inception() int {
	for _, s := range best(e.Claims[propInception]) {
		if y, ok := s.Mainsnak.yearValue(); ok {
			return y
		}
	}
	return 0
}

// ticker returns the ticker of the first current listing (P414 with a
// P249 qualifier) and its exchange item, else a P249 statement of the
// entity itself.
func (e rawEntity) ticker() (string, string) {
	for _, s := range current(best(e.Claims[propExchange])) {
		for _, q := range s.Qualifiers[propTicker] {
			if t, ok := q.stringValue(); ok {
				ex, _ := s.Mainsnak.itemValue()
				return t, ex
			}
		}
	}
	for _, s := range current(best(e.Claims[propTicker])) {
		if t, ok := s.Mainsnak.stringValue(); ok {
			return t, ""
		}
	}
	return "", ""
}

// organisationClasses are P31 classes that make an item a company or
// other organisation: business, enterprise, company, public company,
// corporation, privately held company, technology company, software
// company, organization, bank, automobile manufacturer, holding company,
// multinational corporation, subsidiary.
var organisationClasses = map[string]bool{
	"Q4830453": true, "Q6881511": true, "Q783794": true, "Q891723": true, "Q167037": true, "Q1589009": true,
	"Q18388277": true, "Q1058914": true, "Q43229": true, "Q22687": true, "Q786820": true, "Q219577": true,
	"Q161726": true, "Q658255": true,
}

// organisationWords mark a P31 class label as company-like ("software
// company", "robot manufacturer", "startup") for the many classes not
// listed in organisationClasses.
var organisationWords = []string{"company", "business", "enterprise", "corporation", "organization", "organisation",
	"firm", "startup", "manufacturer", "conglomerate", "bank"}

// organisation reports whether an item is company-like: an official
// website (P856) or a company-like class (companyClass).
func (e rawEntity) organisation(labels map[string]string) bool {
	return len(e.websites()) > 0 || e.companyClass(labels)
}

// companyClass reports whether a P31 class of the item is in
// organisationClasses or labelled with an organisationWords word.
func (e rawEntity) companyClass(labels map[string]string) bool {
	for _, id := range e.allItemIDs(propInstanceOf) {
		if organisationClasses[id] {
			return true
		}
		l := strings.ToLower(labels[id])
		for _, w := range organisationWords {
			if strings.Contains(l, w) {
				return true
			}
		}
	}
	return false
}

// entity reads a raw entity with the labels of the items it refers to.
func (e rawEntity) entity(labels map[string]string) Entity {
	out := Entity{
		ID:          e.ID,
		Label:       strings.TrimSpace(e.Labels["en"].Value),
		Description: strings.TrimSpace(e.Descriptions["en"].Value),
		Websites:    e.websites(),
	}
	if out.Label == "" {
		out.Label = e.ID
	}
	for _, a := range e.Aliases["en"] {
		if v := strings.TrimSpace(a.Value); v != "" {
			out.Aliases = append(out.Aliases, v)
		}
	}
	named := func(ids []string) []string {
		var ls []string
		for _, id := range ids {
			if l := labels[id]; l != "" {
				ls = append(ls, l)
			}
		}
		return ls
	}
	out.Industry = named(e.itemIDs(propIndustry))
	if hq := named(e.itemIDs(propHeadquarters)); len(hq) > 0 {
		out.Headquarters = hq[0]
	}
	if c := named(e.itemIDs(propCountry)); len(c) > 0 {
		out.Country = c[0]
	}
	out.Instance = named(e.allItemIDs(propInstanceOf))
	out.Employees, out.EmployeesYear = e.employees()
	out.Inception = e.inception()
	var exchange string
	out.Ticker, exchange = e.ticker()
	out.Exchange = labels[exchange]
	return out
}

// Location is the headquarters as the profile states it: the P159 label
// followed by the P17 country label ("Dublin, Ireland") unless the P159
// label already names the country (whole words, any case); either label
// alone when the other is missing.
func (e Entity) Location() string {
	hq, country := strings.TrimSpace(e.Headquarters), strings.TrimSpace(e.Country)
	switch {
	case country == "":
		return hq
	case hq == "":
		return country
	case containsWords(hq, country):
		return hq
	}
	return hq + ", " + country
}

// containsWords reports whether the words of sub appear in s as a run of
// whole words, ignoring case and punctuation.
func containsWords(s, sub string) bool {
	split := func(v string) string {
		return " " + strings.Join(strings.FieldsFunc(strings.ToLower(v), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}), " ") + " "
	}
	w := split(sub)
	return w != "  " && strings.Contains(split(s), w)
}

// websiteHost returns a website's host, lower case without "www.".
func websiteHost(site string) string {
	u, err := url.Parse(strings.TrimSpace(site))
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}
