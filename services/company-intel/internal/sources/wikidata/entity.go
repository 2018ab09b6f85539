package wikidata

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Entity is a Wikidata item read as a company profile. Labels are English
// (or "mul", the label Wikidata gives a name that is the same in every
// language); a value whose item has neither is left out.
type Entity struct {
	ID          string `json:"id"` // e.g. "Q95"; the target's id when the asked id was merged into it
	Label       string `json:"label"`
	Description string `json:"description,omitempty"`
	// Aliases are the English and "mul" aliases, then the P1448 official
	// names and P1813 short names (any language), without repeats.
	Aliases  []string `json:"aliases,omitempty"`
	Websites []string `json:"websites,omitempty"` // P856 official website
	Industry []string `json:"industry,omitempty"` // P452 labels
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
	propOfficialName = "P1448"
	propShortName    = "P1813"
	propPointInTime  = "P585"
	propStartTime    = "P580"
	propEndTime      = "P582"
)

// Calendar models of time values.
const (
	calendarGregorian = "http://www.wikidata.org/entity/Q1985727"
	calendarJulian    = "http://www.wikidata.org/entity/Q1985786"
)

// Languages of the terms read: English, and "mul" (the default label of a
// name written the same in every language, since 2024).
const (
	langEnglish  = "en"
	langMultiple = "mul"
)

// jsonMap is a JSON object that Wikibase serialised as "[]" when empty
// until April 2019 (labels, descriptions, aliases, claims, sitelinks,
// qualifiers): both decode, an empty array as an empty map.
type jsonMap[V any] map[string]V

func (m *jsonMap[V]) UnmarshalJSON(b []byte) error {
	if b = bytes.TrimSpace(b); len(b) > 0 && b[0] == '[' {
		var a []json.RawMessage
		if err := json.Unmarshal(b, &a); err != nil {
			return err
		}
		if len(a) > 0 {
			return errors.New("wikidata: a non-empty array where a map is expected")
		}
		*m = nil
		return nil
	}
	var v map[string]V
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*m = v
	return nil
}

// wbEntities is a wbgetentities answer. An API error (bad id, too many
// ids) comes back as 200 with "error". Each entity is decoded on its own,
// so that one the parser cannot read costs only itself.
type wbEntities struct {
	Entities *jsonMap[json.RawMessage] `json:"entities"`
	Error    *apiError                 `json:"error"`
}

type apiError struct {
	Code string `json:"code"`
	Info string `json:"info"`
}

type rawEntity struct {
	ID           string               `json:"id"`
	Missing      *string              `json:"missing"`
	Redirects    *redirect            `json:"redirects"`
	Labels       jsonMap[langValue]   `json:"labels"`
	Descriptions jsonMap[langValue]   `json:"descriptions"`
	Aliases      jsonMap[[]langValue] `json:"aliases"`
	Claims       jsonMap[[]statement] `json:"claims"`
}

// redirect is set on an item merged into another: wbgetentities answers
// the asked id with the target's data, its "id" and {"from","to"}.
type redirect struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// langValue is a term. With language fallback, a term of another
// language stands under the asked one: "language" is the term's own and
// "for-language" the asked one.
type langValue struct {
	Language    string `json:"language"`
	Value       string `json:"value"`
	ForLanguage string `json:"for-language"`
}

type statement struct {
	Mainsnak   snak            `json:"mainsnak"`
	Rank       string          `json:"rank"`
	Qualifiers jsonMap[[]snak] `json:"qualifiers"`
}

type snak struct {
	Snaktype  string     `json:"snaktype"` // "value", "novalue" or "somevalue"
	Datavalue *datavalue `json:"datavalue"`
}

type datavalue struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

var qidRE = regexp.MustCompile(`^Q[1-9][0-9]{0,11}$`)

// validQID reports whether s is an item id ("Q95").
func validQID(s string) bool { return qidRE.MatchString(s) }

// parseEntities decodes a wbgetentities answer into the entities present,
// by the id asked (missing ones left out; one the parser cannot read is
// left out and counted in skipped). A merged item stands under the id
// asked and under its own.
func parseEntities(body []byte) (out map[string]rawEntity, apiErr *apiError, skipped int, err error) {
	var r wbEntities
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, nil, 0, err
	}
	if r.Error != nil {
		return nil, r.Error, 0, nil
	}
	if r.Entities == nil {
		return nil, nil, 0, errors.New("wikidata: answer without entities")
	}
	out = make(map[string]rawEntity, len(*r.Entities))
	for key, raw := range *r.Entities {
		var e rawEntity
		if json.Unmarshal(raw, &e) != nil {
			skipped++
			continue
		}
		if e.Missing != nil || !validQID(key) {
			continue
		}
		if !validQID(e.ID) {
			e.ID = key
		}
		out[key] = e
		if rd := e.Redirects; rd != nil && validQID(rd.From) {
			if _, ok := out[rd.From]; !ok {
				out[rd.From] = e
			}
		}
	}
	return out, nil, skipped, nil
}

// term is the English term of a map: the "en" entry in English or in
// "mul" (served for English by language fallback), else the "mul" entry.
// mul excludes "mul" (descriptions have none).
func term(m jsonMap[langValue], mul bool) string {
	ok := func(key string, v langValue) bool {
		lang := v.Language
		if lang == "" {
			lang = key
		}
		return lang == langEnglish || (mul && lang == langMultiple)
	}
	if v, found := m[langEnglish]; found && ok(langEnglish, v) {
		if s := strings.TrimSpace(v.Value); s != "" {
			return s
		}
	}
	if v, found := m[langMultiple]; mul && found && ok(langMultiple, v) {
		return strings.TrimSpace(v.Value)
	}
	return ""
}

// label is the entity's English (or "mul") label.
func (e rawEntity) label() string { return term(e.Labels, true) }

// best returns the statements of a property at the best rank present:
// the preferred ones when any, else the normal ones; deprecated ones
// never. A statement without a rank is normal.
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

// current keeps the statements that hold at now: without an end time
// (P582) that has passed and without a start time (P580) still ahead. An
// end time of unknown value ("somevalue") has passed; "novalue" means
// no end. An end time the parser cannot read (a century, BCE) counts as
// passed.
func current(ss []statement, now time.Time) []statement {
	var out []statement
	for _, s := range ss {
		if !ended(s, now) && !pending(s, now) {
			out = append(out, s)
		}
	}
	return out
}

// bestCurrent is the best-ranked of the current statements: a former
// headquarters left at preferred rank gives way to the current one.
func (e rawEntity) bestCurrent(prop string, now time.Time) []statement {
	return best(current(e.Claims[prop], now))
}

func ended(s statement, now time.Time) bool {
	for _, q := range s.Qualifiers[propEndTime] {
		switch q.Snaktype {
		case "novalue":
			continue
		case "somevalue":
			return true
		}
		t, ok := q.timeValue()
		if !ok || !t.start().After(now) {
			return true
		}
	}
	return false
}

func pending(s statement, now time.Time) bool {
	for _, q := range s.Qualifiers[propStartTime] {
		if t, ok := q.timeValue(); ok && t.start().After(now) {
			return true
		}
	}
	return false
}

// value is the snak's datavalue of type typ (nil for a "novalue" or
// "somevalue" snak, which have none, and for another type).
func (s snak) value(typ string) json.RawMessage {
	if (s.Snaktype != "" && s.Snaktype != "value") || s.Datavalue == nil || s.Datavalue.Type != typ {
		return nil
	}
	return s.Datavalue.Value
}

func (s snak) stringValue() (string, bool) {
	var v string
	if raw := s.value("string"); raw == nil || json.Unmarshal(raw, &v) != nil {
		return "", false
	}
	v = strings.TrimSpace(v)
	return v, v != ""
}

// textValue is a monolingual text's text (P1448 official name).
func (s snak) textValue() (string, bool) {
	var v struct {
		Text string `json:"text"`
	}
	if raw := s.value("monolingualtext"); raw == nil || json.Unmarshal(raw, &v) != nil {
		return "", false
	}
	v.Text = strings.TrimSpace(v.Text)
	return v.Text, v.Text != ""
}

// itemValue is an item value's id: "id" since 2016's serialisation, else
// "Q" and "numeric-id", which is all the older one carries.
func (s snak) itemValue() (string, bool) {
	var v struct {
		EntityType string      `json:"entity-type"`
		NumericID  json.Number `json:"numeric-id"`
		ID         string      `json:"id"`
	}
	if raw := s.value("wikibase-entityid"); raw == nil || json.Unmarshal(raw, &v) != nil {
		return "", false
	}
	if v.EntityType != "" && v.EntityType != "item" {
		return "", false
	}
	id := v.ID
	if id == "" && v.NumericID != "" {
		id = "Q" + v.NumericID.String()
	}
	return id, validQID(id)
}

// quantityValue is a unitless quantity's amount ("+1500", unit "1");
// upperBound and lowerBound, when present, are ignored.
func (s snak) quantityValue() (float64, bool) {
	var v struct {
		Amount string `json:"amount"`
		Unit   string `json:"unit"`
	}
	if raw := s.value("quantity"); raw == nil || json.Unmarshal(raw, &v) != nil {
		return 0, false
	}
	if v.Unit != "" && v.Unit != "1" {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimPrefix(strings.TrimSpace(v.Amount), "+"), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// wdTime is a time value read to its precision: Month and Day are 0
// below month (10) and day (11) precision.
type wdTime struct{ Year, Month, Day int }

// start is the first day the value covers.
func (t wdTime) start() time.Time {
	return time.Date(t.Year, time.Month(max(t.Month, 1)), max(t.Day, 1), 0, 0, 0, 0, time.UTC)
}

// after reports whether t is later than u (a coarser value counts as the
// start of its period).
func (t wdTime) after(u wdTime) bool { return t.start().After(u.start()) }

func (s snak) timeValue() (wdTime, bool) {
	var v struct {
		Time      string `json:"time"`
		Precision int    `json:"precision"`
		Calendar  string `json:"calendarmodel"`
	}
	if raw := s.value("time"); raw == nil || json.Unmarshal(raw, &v) != nil {
		return wdTime{}, false
	}
	return parseTime(v.Time, v.Precision, v.Calendar)
}

// parseTime reads a Wikidata time value: "+2011-04-12T00:00:00Z" at day
// precision (11), "+2011-04-00T00:00:00Z" at month (10),
// "+2011-00-00T00:00:00Z" (or "-01-01") at year (9); the pre-2014 form
// pads the year ("+00000002011-…"). Coarser precisions and years before
// the common era are refused. A Julian-calendar date at day precision is
// converted to the Gregorian calendar.
func parseTime(s string, precision int, calendar string) (wdTime, bool) {
	if precision < 9 || precision > 14 {
		return wdTime{}, false
	}
	s = strings.TrimPrefix(s, "+")
	date, _, _ := strings.Cut(s, "T")
	parts := strings.Split(date, "-")
	if len(parts) != 3 {
		return wdTime{}, false // a "-" sign: before the common era
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || p == "" || p[0] == '+' {
			return wdTime{}, false
		}
		n[i] = v
	}
	t := wdTime{Year: n[0]}
	if t.Year < 1 || t.Year > 9999 {
		return wdTime{}, false
	}
	if precision >= 10 && n[1] >= 1 && n[1] <= 12 {
		t.Month = n[1]
		if precision >= 11 && n[2] >= 1 && n[2] <= 31 {
			t.Day = n[2]
		}
	}
	if calendar == calendarJulian && t.Day > 0 {
		t = julianToGregorian(t)
	}
	return t, true
}

// julianToGregorian converts a Julian-calendar date through its Julian
// day number.
func julianToGregorian(t wdTime) wdTime {
	a := (14 - t.Month) / 12
	y := t.Year + 4800 - a
	m := t.Month + 12*a - 3
	jdn := t.Day + (153*m+2)/5 + 365*y + y/4 - 32083
	// Gregorian date of a Julian day number (Richards' algorithm).
	f := jdn + 1401 + (((4*jdn+274277)/146097)*3)/4 - 38
	e := 4*f + 3
	h := 5*((e%1461)/4) + 2
	day := (h%153)/5 + 1
	month := (h/153+2)%12 + 1
	year := e/1461 - 4716 + (12+2-month)/12
	if year < 1 || year > 9999 {
		return t
	}
	return wdTime{Year: year, Month: month, Day: day}
}

// itemIDs returns the item values of the best current statements of a
// property.
func (e rawEntity) itemIDs(prop string, now time.Time) []string {
	var out []string
	for _, s := range e.bestCurrent(prop, now) {
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
func (e rawEntity) referencedIDs(now time.Time) []string {
	ids := e.allItemIDs(propInstanceOf)
	for _, p := range []string{propIndustry, propHeadquarters, propCountry, propExchange} {
		ids = append(ids, e.itemIDs(p, now)...)
	}
	return ids
}

func (e rawEntity) websites(now time.Time) []string {
	var out []string
	for _, s := range e.bestCurrent(propWebsite, now) {
		if v, ok := s.Mainsnak.stringValue(); ok {
			out = append(out, v)
		}
	}
	return out
}

// employees returns the best-ranked employee count with the latest point
// in time (P585; a count without one counts as oldest, and the first of
// equals wins).
func (e rawEntity) employees(now time.Time) (int64, int) {
	var (
		n    int64
		when wdTime
	)
	found := false
	for _, s := range e.bestCurrent(propEmployees, now) {
		f, ok := s.Mainsnak.quantityValue()
		if !ok || f < 1 || f > 1e8 {
			continue
		}
		var t wdTime
		for _, q := range s.Qualifiers[propPointInTime] {
			if v, ok := q.timeValue(); ok {
				t = v
				break
			}
		}
		if !found || t.after(when) {
			n, when, found = int64(math.Round(f)), t, true
		}
	}
	return n, when.Year
}

// inception is the earliest year among the best-ranked P571 values read
// to a year or finer.
func (e rawEntity) inception() int {
	year := 0
	for _, s := range best(e.Claims[propInception]) {
		if t, ok := s.Mainsnak.timeValue(); ok && (year == 0 || t.Year < year) {
			year = t.Year
		}
	}
	return year
}

// ticker returns the ticker of the first current listing (P414 with a
// P249 qualifier) and its exchange item, else a P249 statement of the
// entity itself.
func (e rawEntity) ticker(now time.Time) (string, string) {
	for _, s := range e.bestCurrent(propExchange, now) {
		for _, q := range s.Qualifiers[propTicker] {
			if t, ok := q.stringValue(); ok {
				ex, _ := s.Mainsnak.itemValue()
				return t, ex
			}
		}
	}
	for _, s := range e.bestCurrent(propTicker, now) {
		if t, ok := s.Mainsnak.stringValue(); ok {
			return t, ""
		}
	}
	return "", ""
}

// aliases are the English and "mul" aliases, then the current official
// names (P1448) and short names (P1813), without the label and without
// repeats (ignoring case).
func (e rawEntity) aliases(label string, now time.Time) []string {
	seen := map[string]bool{strings.ToLower(label): true}
	var out []string
	add := func(v string) {
		v = strings.TrimSpace(v)
		if k := strings.ToLower(v); v != "" && !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	for _, lang := range []string{langEnglish, langMultiple} {
		for _, a := range e.Aliases[lang] {
			if a.Language == "" || a.Language == lang {
				add(a.Value)
			}
		}
	}
	for _, p := range []string{propOfficialName, propShortName} {
		for _, s := range e.bestCurrent(p, now) {
			if v, ok := s.Mainsnak.textValue(); ok {
				add(v)
			}
		}
	}
	return out
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
func (e rawEntity) organisation(labels map[string]string, now time.Time) bool {
	return len(e.websites(now)) > 0 || e.companyClass(labels)
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

// entity reads a raw entity with the labels of the items it refers to,
// as of now (statements that ended before now are skipped).
func (e rawEntity) entity(labels map[string]string, now time.Time) Entity {
	out := Entity{
		ID:          e.ID,
		Label:       e.label(),
		Description: term(e.Descriptions, false),
		Websites:    e.websites(now),
	}
	if out.Label == "" {
		out.Label = e.ID
	}
	out.Aliases = e.aliases(out.Label, now)
	named := func(ids []string) []string {
		var ls []string
		for _, id := range ids {
			if l := labels[id]; l != "" {
				ls = append(ls, l)
			}
		}
		return ls
	}
	out.Industry = named(e.itemIDs(propIndustry, now))
	if hq := named(e.itemIDs(propHeadquarters, now)); len(hq) > 0 {
		out.Headquarters = hq[0]
	}
	if c := named(e.itemIDs(propCountry, now)); len(c) > 0 {
		out.Country = c[0]
	}
	out.Instance = named(e.allItemIDs(propInstanceOf))
	out.Employees, out.EmployeesYear = e.employees(now)
	out.Inception = e.inception()
	var exchange string
	out.Ticker, exchange = e.ticker(now)
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
