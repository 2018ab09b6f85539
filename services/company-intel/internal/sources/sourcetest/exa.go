package sourcetest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// Exa's routes on the fake; point the exa source at Server.URL.
const (
	ExaSearchPath   = "/search"
	ExaContentsPath = "/contents"
)

// Exa's documented prices the fake reports in costDollars.
const (
	ExaSearchPriceUSD      = 0.007 // a search with contents for up to 10 results
	ExaExtraResultPriceUSD = 0.001 // each result beyond 10
	ExaPagePriceUSD        = 0.001 // a page of /contents
)

// ExaResult is one page the fake Exa index knows.
type ExaResult struct {
	ID  string // "" = the URL (Exa's ids are usually the URL)
	URL string
	// Title is the page's title as Exa gives it, often ending in the
	// site's name ("… | TechCrunch"); null when empty.
	Title string
	// Published is publishedDate (null when zero); DateOnly serves it as
	// midnight UTC, as Exa does for a page dated to the day only.
	Published time.Time
	DateOnly  bool
	Author    string // null when empty
	// Score is served when not zero (a real answer of type auto carried
	// none).
	Score float64
	Text  string
	// Highlights are served as given, with descending highlightScores.
	Highlights []string
	// Category is "news" (the default when empty) or "company".
	Category string
	// Favicon is served as "favicon" when set.
	Favicon string
}

// ExaFixture is what a fake Exa serves.
type ExaFixture struct {
	APIKey  string // the key requests must carry (x-api-key or Authorization: Bearer)
	Results []ExaResult
	// OmitCost answers without costDollars.
	OmitCost bool
}

// NewExa starts a fake Exa API that accepts key and knows results (see
// ServeExa).
func NewExa(tb testing.TB, key string, results ...ExaResult) *Server {
	tb.Helper()
	return ServeExa(tb, ExaFixture{APIKey: key, Results: results})
}

// ServeExa starts a fake Exa API with POST /search and POST /contents.
// Every request must carry the fixture's key, else 401 with Exa's JSON
// error body {requestId, error, tag}. Answers have Exa's shape:
// {requestId (32 hex digits), resolvedSearchType (the request's type,
// "auto" by default), results, searchTime (ms), costDollars {total,
// search {neural}} or {total, contents {text}}}; each result has id, url,
// title, publishedDate ("2026-02-17T14:05:00.000Z") and author (null when
// unknown), score only when set, favicon when set.
//
// /search honours: query (a result matches when its title, text or URL
// contains one of the query's words of three or more letters other than
// "news" and "company", case-insensitive: like Exa's semantic search it
// does not require every word), category (results of that category; a
// date filter with category company or people is a 400, as on Exa),
// startPublishedDate/endPublishedDate (inclusive; an undated result is
// excluded by either), numResults (default 10, at most 100), and
// contents.text (true or {maxCharacters}) and contents.highlights
// (highlights and highlightScores): without them a result carries neither.
// Results come by descending score. costDollars.total is $0.007, plus
// $0.001 per result served beyond 10.
//
// /contents takes "urls" or "ids" and a top-level "text" (true or
// {maxCharacters}); a known page is returned in results with a success
// status, an unknown one only in statuses (CRAWL_NOT_FOUND, 404).
// costDollars.total is $0.001 per page returned. It is closed at cleanup.
func ServeExa(tb testing.TB, f ExaFixture) *Server {
	tb.Helper()
	return closeAtCleanup(tb, StartExa(f))
}

// StartExa is ServeExa outside a test: the caller closes the server.
func StartExa(f ExaFixture) *Server {
	s := Start()
	s.Handle("POST "+ExaSearchPath, func(w http.ResponseWriter, r *http.Request) {
		var req exaSearchIn
		if !exaAdmit(w, r, f.APIKey, &req) {
			return
		}
		if strings.TrimSpace(req.Query) == "" {
			exaError(w, http.StatusBadRequest, "query is required", "INVALID_REQUEST_BODY")
			return
		}
		if (req.Category == "company" || req.Category == "people") && (req.StartPublishedDate != "" || req.EndPublishedDate != "") {
			exaError(w, http.StatusBadRequest, "startPublishedDate and endPublishedDate are not supported with category "+req.Category, "INVALID_REQUEST")
			return
		}
		start, err1 := exaOptionalTime(req.StartPublishedDate)
		end, err2 := exaOptionalTime(req.EndPublishedDate)
		if err1 != nil || err2 != nil {
			exaError(w, http.StatusBadRequest, "invalid date filter", "INVALID_REQUEST_BODY")
			return
		}
		n := req.NumResults
		if n <= 0 {
			n = 10
		}
		if n > 100 {
			exaError(w, http.StatusBadRequest, "numResults must be at most 100", "INVALID_NUM_RESULTS")
			return
		}
		words := exaQueryWords(req.Query)
		var picked []ExaResult
		for _, res := range f.Results {
			if exaCategory(res) != req.Category && req.Category != "" {
				continue
			}
			if (!start.IsZero() || !end.IsZero()) && res.Published.IsZero() {
				continue
			}
			if (!start.IsZero() && res.Published.Before(start)) || (!end.IsZero() && res.Published.After(end)) {
				continue
			}
			if exaMatches(res, words) {
				picked = append(picked, res)
			}
		}
		slices.SortStableFunc(picked, func(a, b ExaResult) int { return -cmpFloat(a.Score, b.Score) })
		picked = picked[:min(len(picked), n)]
		resolved := req.Type
		if resolved == "" {
			resolved = "auto"
		}
		out := exaOut{RequestID: exaRequestID(r), ResolvedSearchType: resolved, Results: []map[string]any{}, SearchTime: exaSearchTime(req.Query)}
		for _, res := range picked {
			out.Results = append(out.Results, exaResultJSON(res, req.Contents.Text, req.Contents.Highlights != nil))
		}
		if !f.OmitCost {
			total := ExaSearchPriceUSD + float64(max(len(picked)-10, 0))*ExaExtraResultPriceUSD
			out.CostDollars = map[string]any{"total": exaRound(total), "search": map[string]any{"neural": exaRound(total)}}
		}
		exaJSON(w, out)
	})
	s.Handle("POST "+ExaContentsPath, func(w http.ResponseWriter, r *http.Request) {
		var req exaContentsIn
		if !exaAdmit(w, r, f.APIKey, &req) {
			return
		}
		asked := append(append([]string(nil), req.URLs...), req.IDs...)
		if len(asked) == 0 {
			exaError(w, http.StatusBadRequest, "urls or ids are required", "INVALID_REQUEST_BODY")
			return
		}
		out := exaOut{RequestID: exaRequestID(r), Results: []map[string]any{}, Statuses: []map[string]any{}}
		for _, id := range asked {
			i := slices.IndexFunc(f.Results, func(res ExaResult) bool { return res.URL == id || exaID(res) == id })
			if i < 0 {
				out.Statuses = append(out.Statuses, map[string]any{"id": id, "status": "error",
					"error": map[string]any{"tag": "CRAWL_NOT_FOUND", "httpStatusCode": 404}})
				continue
			}
			text := req.Text
			if text == nil {
				text = &exaTextOption{}
			}
			out.Results = append(out.Results, exaResultJSON(f.Results[i], text, false))
			out.Statuses = append(out.Statuses, map[string]any{"id": id, "status": "success"})
		}
		if !f.OmitCost {
			total := exaRound(float64(len(out.Results)) * ExaPagePriceUSD)
			out.CostDollars = map[string]any{"total": total, "contents": map[string]any{"text": total}}
		}
		exaJSON(w, out)
	})
	return s
}

type exaSearchIn struct {
	Query              string `json:"query"`
	Type               string `json:"type"`
	Category           string `json:"category"`
	NumResults         int    `json:"numResults"`
	StartPublishedDate string `json:"startPublishedDate"`
	EndPublishedDate   string `json:"endPublishedDate"`
	Contents           struct {
		Text       *exaTextOption  `json:"text"`
		Highlights json.RawMessage `json:"highlights"`
	} `json:"contents"`
}

type exaContentsIn struct {
	URLs []string       `json:"urls"`
	IDs  []string       `json:"ids"`
	Text *exaTextOption `json:"text"`
}

// exaTextOption is "text": true, false or {"maxCharacters": n}.
type exaTextOption struct {
	off      bool
	maxChars int
}

func (o *exaTextOption) UnmarshalJSON(b []byte) error {
	var on bool
	if json.Unmarshal(b, &on) == nil {
		o.off = !on
		return nil
	}
	var v struct {
		MaxCharacters int `json:"maxCharacters"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	o.maxChars = v.MaxCharacters
	return nil
}

type exaOut struct {
	RequestID          string           `json:"requestId"`
	ResolvedSearchType string           `json:"resolvedSearchType,omitempty"`
	Results            []map[string]any `json:"results"`
	Statuses           []map[string]any `json:"statuses,omitempty"`
	SearchTime         float64          `json:"searchTime,omitempty"`
	CostDollars        map[string]any   `json:"costDollars,omitempty"`
}

// exaAdmit checks the key and decodes the JSON body into v, answering the
// error itself when either fails.
func exaAdmit(w http.ResponseWriter, r *http.Request, key string, v any) bool {
	got := r.Header.Get("x-api-key")
	if got == "" {
		got = strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	}
	if key == "" || got != key {
		exaError(w, http.StatusUnauthorized, "Invalid API key", "INVALID_API_KEY")
		return false
	}
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		exaError(w, http.StatusBadRequest, "Invalid request body: "+err.Error(), "INVALID_REQUEST_BODY")
		return false
	}
	return true
}

func exaError(w http.ResponseWriter, status int, msg, tag string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"requestId": "req_" + tag, "error": msg, "tag": tag})
}

func exaJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(v)
}

// exaRound rounds a price to the micro-dollar, as Exa reports them.
func exaRound(usd float64) float64 { return math.Round(usd*1e6) / 1e6 }

// exaSearchTime is a plausible searchTime in ms, deterministic in the
// query.
func exaSearchTime(q string) float64 {
	sum := sha256.Sum256([]byte(q))
	return float64(400 + int(sum[0])*8)
}

func exaRequestID(r *http.Request) string {
	sum := sha256.Sum256([]byte(r.Method + r.URL.Path + r.Header.Get("Content-Length")))
	return hex.EncodeToString(sum[:16])
}

func exaID(res ExaResult) string {
	if res.ID != "" {
		return res.ID
	}
	return res.URL
}

func exaCategory(res ExaResult) string {
	if res.Category == "" {
		return "news"
	}
	return res.Category
}

func exaOptionalTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, s)
}

func exaQueryWords(q string) []string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len([]rune(w)) >= 3 && w != "news" && w != "company" {
			words = append(words, w)
		}
	}
	return words
}

func exaMatches(res ExaResult, words []string) bool {
	hay := strings.ToLower(res.Title + " " + res.Text + " " + res.URL)
	for _, w := range words {
		if strings.Contains(hay, w) {
			return true
		}
	}
	return false
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// exaResultJSON renders one result; text is included when asked (cut to
// maxCharacters when set), highlights when asked.
func exaResultJSON(res ExaResult, text *exaTextOption, highlights bool) map[string]any {
	m := map[string]any{"id": exaID(res), "url": res.URL, "title": nil, "publishedDate": nil, "author": nil}
	if res.Title != "" {
		m["title"] = res.Title
	}
	if res.Score != 0 {
		m["score"] = res.Score
	}
	if res.Favicon != "" {
		m["favicon"] = res.Favicon
	}
	if !res.Published.IsZero() {
		t := res.Published.UTC()
		if res.DateOnly {
			t = t.Truncate(24 * time.Hour)
		}
		m["publishedDate"] = t.Format("2006-01-02T15:04:05.000Z")
	}
	if res.Author != "" {
		m["author"] = res.Author
	}
	if text != nil && !text.off {
		t := res.Text
		if r := []rune(t); text.maxChars > 0 && len(r) > text.maxChars {
			t = string(r[:text.maxChars])
		}
		m["text"] = t
	}
	if highlights {
		scores := make([]float64, len(res.Highlights))
		for i := range scores {
			scores[i] = math.Round((0.9-0.1*float64(i))*1000) / 1000
		}
		m["highlights"] = append([]string{}, res.Highlights...)
		m["highlightScores"] = scores
	}
	return m
}

// ExaKey is the API key the fixtures of this package's users share.
const ExaKey = "exa-test-key-0123456789"
