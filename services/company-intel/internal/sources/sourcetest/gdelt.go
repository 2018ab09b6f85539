package sourcetest

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// GDELTPath is the fake's DOC 2.0 route; point the gdelt source at
// Server.URL + GDELTPath.
const GDELTPath = "/api/v2/doc/doc"

// GDELTArticle is one article the fake GDELT index knows.
type GDELTArticle struct {
	URL       string
	MobileURL string // url_mobile ("" when the site has none)
	Title     string
	Seen      time.Time // seendate
	// SocialImage, Domain, Language and SourceCountry are served as given;
	// empty Domain is the URL's host without "www.", empty Language
	// "English", empty SourceCountry "United States".
	SocialImage   string
	Domain        string
	Language      string
	SourceCountry string
	// Text is article text GDELT searched but does not serve: a query
	// phrase found only here still selects the article, as on GDELT.
	Text string
	// Broken, when set, writes the article's title into the JSON the way
	// GDELT sometimes does, breaking a strict decoder; "" writes valid
	// JSON.
	Broken GDELTBreak
}

// GDELTBreak is a way GDELT writes a title into its artlist JSON that is
// not valid JSON (reported in GDELT client libraries' issue trackers).
type GDELTBreak string

// The breaks a fake GDELT can serve. The first three leave the article
// readable by a careful decoder; the last two do not (at most that article
// may be lost).
const (
	// GDELTBackslashApostrophe writes every straight apostrophe of the
	// title as \' (a JavaScript escape, invalid in JSON): "Acme\'s".
	GDELTBackslashApostrophe GDELTBreak = "backslash-apostrophe"
	// GDELTHexEscape appends a Python-style byte escape, " \x96", to the
	// title.
	GDELTHexEscape GDELTBreak = "hex-escape"
	// GDELTControlChars writes the title's spaces as raw tabs and line
	// feeds (JSON requires control characters escaped).
	GDELTControlChars GDELTBreak = "control-chars"
	// GDELTTrailingBackslash ends the title with a lone backslash, which
	// escapes the closing quote: the string runs on into the next field.
	GDELTTrailingBackslash GDELTBreak = "trailing-backslash"
	// GDELTUnescapedQuote writes the title's double quotes (" “ ”) as bare
	// " (the title must have some): the string ends early.
	GDELTUnescapedQuote GDELTBreak = "unescaped-quote"
)

// GDELTRateLimitText is GDELT's answer to a client that queries more often
// than once every 5 seconds (the contact address replaced).
const GDELTRateLimitText = "Please limit requests to one every 5 seconds or contact gdelt-contact@example.org for larger queries."

// GDELTFixture is what a fake GDELT serves.
type GDELTFixture struct {
	Articles []GDELTArticle
	// ErrorText, when set, is answered to every query instead of JSON
	// (HTTP 200, text/html), as GDELT answers a query it rejects.
	ErrorText string
	// RateLimited answers every query as GDELT's rate limit does: HTTP 429
	// with GDELTRateLimitText as plain text and no Retry-After.
	RateLimited bool
}

// NewGDELT starts a fake GDELT DOC 2.0 API serving articles (see
// ServeGDELT).
func NewGDELT(tb testing.TB, articles ...GDELTArticle) *Server {
	tb.Helper()
	return ServeGDELT(tb, GDELTFixture{Articles: articles})
}

// ServeGDELT starts a fake GDELT DOC 2.0 API at GDELTPath. It answers
// mode=artlist&format=json queries with {"articles":[…]} as
// application/json, or {} when nothing matches, as GDELT does: every
// field of every article (url, url_mobile, title, seendate as
// "20240702T121500Z", socialimage, domain, language, sourcecountry), in
// GDELT's order, with non-ASCII text unescaped and the titles as given
// (a GDELTArticle's Broken writes its title as GDELT's invalid JSON). It
// honours:
// query (every "quoted phrase" and other word must occur, case-insensitive,
// in the title or Text; sourcelang:X keeps articles whose language is X),
// startdatetime and enddatetime (YYYYMMDDhhmmss, inclusive, on seendate),
// maxrecords (default 75, at most 250) and sort (DateDesc, DateAsc; other
// values keep the fixture's order). A missing query or another mode or
// format is answered with GDELT-style plain text. It is closed at cleanup.
func ServeGDELT(tb testing.TB, f GDELTFixture) *Server {
	tb.Helper()
	return closeAtCleanup(tb, StartGDELT(f))
}

// StartGDELT is ServeGDELT outside a test: the caller closes the server.
func StartGDELT(f GDELTFixture) *Server {
	s := Start()
	s.Handle("GET "+GDELTPath, func(w http.ResponseWriter, r *http.Request) {
		if f.RateLimited {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(GDELTRateLimitText + "\n"))
			return
		}
		if f.ErrorText != "" {
			gdeltText(w, f.ErrorText)
			return
		}
		p := r.URL.Query()
		if !strings.EqualFold(p.Get("mode"), "artlist") || !strings.EqualFold(p.Get("format"), "json") {
			gdeltText(w, "Invalid mode or format specified.")
			return
		}
		sel, msg := parseGDELTQuery(p)
		if msg != "" {
			gdeltText(w, msg)
			return
		}
		var picked []GDELTArticle
		for _, a := range f.Articles {
			if sel.keeps(a) {
				picked = append(picked, a)
			}
		}
		switch strings.ToLower(p.Get("sort")) {
		case "datedesc":
			slices.SortStableFunc(picked, func(a, b GDELTArticle) int { return b.Seen.Compare(a.Seen) })
		case "dateasc":
			slices.SortStableFunc(picked, func(a, b GDELTArticle) int { return a.Seen.Compare(b.Seen) })
		}
		if len(picked) > sel.max {
			picked = picked[:sel.max]
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(gdeltPayload(picked))
	})
	return s
}

func gdeltText(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(msg + "\n"))
}

type gdeltSelector struct {
	terms      []string
	lang       string
	start, end time.Time
	max        int
}

func parseGDELTQuery(p url.Values) (gdeltSelector, string) {
	sel := gdeltSelector{max: 75}
	q := p.Get("query")
	if strings.TrimSpace(q) == "" {
		return sel, "The query was empty."
	}
	for _, t := range googleTerm.FindAllString(q, -1) {
		if v, ok := strings.CutPrefix(strings.ToLower(t), "sourcelang:"); ok {
			sel.lang = v
			continue
		}
		if t = strings.ToLower(strings.Trim(t, `"`)); t != "" {
			sel.terms = append(sel.terms, t)
		}
	}
	const layout = "20060102150405"
	for _, b := range []struct {
		param string
		dst   *time.Time
	}{{"startdatetime", &sel.start}, {"enddatetime", &sel.end}} {
		if v := p.Get(b.param); v != "" {
			t, err := time.Parse(layout, v)
			if err != nil {
				return sel, "Invalid " + b.param + " specified."
			}
			*b.dst = t
		}
	}
	if v := p.Get("maxrecords"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return sel, "Invalid maxrecords specified."
		}
		sel.max = min(n, 250)
	}
	return sel, ""
}

func (sel gdeltSelector) keeps(a GDELTArticle) bool {
	hay := strings.ToLower(a.Title + " " + a.Text)
	for _, t := range sel.terms {
		if !strings.Contains(hay, t) {
			return false
		}
	}
	if sel.lang != "" && !strings.EqualFold(gdeltLanguage(a), sel.lang) {
		return false
	}
	return (sel.start.IsZero() || !a.Seen.Before(sel.start)) && (sel.end.IsZero() || !a.Seen.After(sel.end))
}

func gdeltLanguage(a GDELTArticle) string {
	if a.Language == "" {
		return "English"
	}
	return a.Language
}

// gdeltPayload is the artlist JSON as GDELT lays it out: {} without
// articles, else one article a line.
func gdeltPayload(articles []GDELTArticle) []byte {
	if len(articles) == 0 {
		return []byte("{}\n")
	}
	var b strings.Builder
	b.WriteString(`{"articles": [` + "\n")
	for i, a := range articles {
		domain, country := a.Domain, a.SourceCountry
		if domain == "" {
			if u, err := url.Parse(a.URL); err == nil {
				domain = strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
			}
		}
		if country == "" {
			country = "United States"
		}
		if i > 0 {
			b.WriteString(",\n")
		}
		fields := []struct{ key, value string }{
			{"url", gdeltString(a.URL)}, {"url_mobile", gdeltString(a.MobileURL)}, {"title", gdeltTitle(a.Title, a.Broken)},
			{"seendate", gdeltString(a.Seen.UTC().Format("20060102T150405Z"))}, {"socialimage", gdeltString(a.SocialImage)},
			{"domain", gdeltString(domain)}, {"language", gdeltString(gdeltLanguage(a))}, {"sourcecountry", gdeltString(country)},
		}
		b.WriteString(" {")
		for j, f := range fields {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"` + f.key + `": "` + f.value + `"`)
		}
		b.WriteString("}")
	}
	b.WriteString("\n]\n}\n")
	return []byte(b.String())
}

// gdeltString is s escaped for a JSON string (without its quotes), with
// non-ASCII characters and "/" written as they are.
func gdeltString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// gdeltTitle writes title into the JSON as brk says (see GDELTBreak).
func gdeltTitle(title string, brk GDELTBreak) string {
	switch brk {
	case GDELTBackslashApostrophe:
		return strings.ReplaceAll(gdeltString(title), `'`, `\'`)
	case GDELTHexEscape:
		return gdeltString(title) + ` \x96`
	case GDELTControlChars:
		return strings.ReplaceAll(strings.Replace(gdeltString(title), " ", "\n", 1), " ", "\t")
	case GDELTTrailingBackslash:
		return gdeltString(title) + `\`
	case GDELTUnescapedQuote:
		return strings.NewReplacer(`\"`, `"`, "“", `"`, "”", `"`).Replace(gdeltString(title))
	}
	return gdeltString(title)
}
