package sourcetest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

var gdeltNow = time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)

// shapeArticles are articles written as GDELT serves them: url_mobile and
// socialimage present or "", a possessive with a curly apostrophe, commas
// and semicolons set apart by GDELT's title extraction, a source country.
var shapeArticles = []sourcetest.GDELTArticle{
	{
		URL: "https://www.geekwire.com/2026/northwind-robotics-atlas-2-freezer-aisles/", Title: "Northwind Robotics unveils Atlas 2 for freezer aisles",
		Seen: time.Date(2026, 2, 17, 6, 34, 0, 0, time.UTC), SocialImage: "https://cdn.geekwire.com/wp-content/uploads/2026/02/northwind-atlas-2.jpg",
	},
	{
		URL:       "https://www.roboticsbusinessreview.com/manufacturing/northwind-robotics-gripper-speed/",
		MobileURL: "https://www.roboticsbusinessreview.com/manufacturing/northwind-robotics-gripper-speed/amp/",
		Title:     "Northwind Robotics’ new gripper doubles picking speed", Seen: time.Date(2026, 2, 11, 15, 45, 0, 0, time.UTC),
	},
	{
		URL: "https://www.logisticsinsider.in/northwind-robotics-pune-warehouse-pilot/", Title: "Northwind Robotics , Contoso pilot pickers in Pune ; more sites planned",
		Seen: time.Date(2026, 2, 4, 10, 30, 0, 0, time.UTC), Domain: "logisticsinsider.in", SourceCountry: "India",
	},
}

// gdeltGet queries the fake as the gdelt source does and returns the
// status, Content-Type and body.
func gdeltGet(t *testing.T, srv *sourcetest.Server, phrase string) (int, string, string) {
	t.Helper()
	v := url.Values{"query": {`"` + phrase + `" sourcelang:english`}, "mode": {"artlist"}, "format": {"json"}, "sort": {"DateDesc"}}
	resp, err := http.Get(srv.URL + sourcetest.GDELTPath + "?" + v.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

func TestGDELTServesTheArtlistLayout(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewGDELT(t, shapeArticles...)
	status, ct, body := gdeltGet(t, srv, "Northwind Robotics")
	if status != http.StatusOK || !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("status %d, Content-Type %q", status, ct)
	}
	var payload struct {
		Articles []map[string]string `json:"articles"`
	}
	if err := json.Unmarshal([]byte(body), &payload); err != nil {
		t.Fatalf("the default answer is not valid JSON: %v\n%s", err, body)
	}
	if !strings.HasPrefix(body, "{\"articles\": [\n {\"url\": \"https://") || !strings.HasSuffix(body, "}\n]\n}\n") {
		t.Errorf("layout = %q", body)
	}
	for _, want := range []string{
		`"url_mobile": "",`, `"seendate": "20260217T063400Z"`, `"title": "Northwind Robotics’ new gripper doubles picking speed"`,
		`"title": "Northwind Robotics , Contoso pilot pickers in Pune ; more sites planned"`, `"sourcecountry": "India"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("answer lacks %s", want)
		}
	}
	keys := []string{"url", "url_mobile", "title", "seendate", "socialimage", "domain", "language", "sourcecountry"}
	for _, a := range payload.Articles {
		for _, k := range keys {
			if _, ok := a[k]; !ok {
				t.Errorf("article %s lacks %s", a["url"], k)
			}
		}
	}
	if _, _, body := gdeltGet(t, srv, "Zephyr Labs"); body != "{}\n" {
		t.Errorf("no match = %q, want {}", body)
	}
}

func TestGDELTBreaksMakeTheAnswerInvalidJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		brk   sourcetest.GDELTBreak
		title string
		want  string // in the raw answer
	}{
		{sourcetest.GDELTBackslashApostrophe, "Northwind Robotics's CFO", `"title": "Northwind Robotics\'s CFO"`},
		{sourcetest.GDELTHexEscape, "Northwind Robotics hires", `"title": "Northwind Robotics hires \x96"`},
		{sourcetest.GDELTControlChars, "Northwind Robotics hires fast", "\"title\": \"Northwind\nRobotics\thires\tfast\""},
		{sourcetest.GDELTTrailingBackslash, "Northwind Robotics on C:", `"title": "Northwind Robotics on C:\","seendate"`},
		{sourcetest.GDELTUnescapedQuote, `Northwind Robotics' "Atlas" and “Nova”`, `"title": "Northwind Robotics' "Atlas" and "Nova"",`},
	}
	for _, tt := range tests {
		t.Run(string(tt.brk), func(t *testing.T) {
			t.Parallel()
			good := sourcetest.GDELTArticle{URL: "https://www.geekwire.com/n/", Title: "Northwind Robotics news", Seen: gdeltNow.Add(-time.Hour)}
			bad := sourcetest.GDELTArticle{URL: "https://www.example.com/n/", Title: tt.title, Seen: gdeltNow.Add(-2 * time.Hour), Broken: tt.brk}
			_, _, body := gdeltGet(t, sourcetest.NewGDELT(t, good, bad), "Northwind Robotics")
			if !strings.Contains(body, tt.want) {
				t.Errorf("answer lacks %q:\n%s", tt.want, body)
			}
			if json.Valid([]byte(body)) {
				t.Errorf("the answer is valid JSON: the break breaks nothing")
			}
		})
	}
}

func TestGDELTRateLimit(t *testing.T) {
	t.Parallel()
	srv := sourcetest.ServeGDELT(t, sourcetest.GDELTFixture{Articles: shapeArticles, RateLimited: true})
	v := url.Values{"query": {`"Northwind Robotics"`}, "mode": {"artlist"}, "format": {"json"}}
	resp, err := http.Get(srv.URL + sourcetest.GDELTPath + "?" + v.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "" ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") || strings.TrimSpace(string(b)) != sourcetest.GDELTRateLimitText {
		t.Errorf("status %d, Retry-After %q, Content-Type %q, body %q", resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Get("Content-Type"), b)
	}
}
