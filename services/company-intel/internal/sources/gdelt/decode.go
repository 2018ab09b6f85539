package gdelt

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"regexp"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/source"
)

// Reasons an article of an answer is dropped (the reason attribute of
// intel402.upstream.dropped).
const (
	// dropUndecodable: the article's JSON could not be read, even after
	// the safe repairs (an unescaped quote, a backslash before the closing
	// quote, a value of the wrong type).
	dropUndecodable = "undecodable"
	// dropBadURL: the article could be read only by repairing characters
	// that left its url unusable (a backslash, a space or a control
	// character in it): nothing to cite.
	dropBadURL = "bad_url"
)

// artlist is what one artlist answer gave: the articles read, how many of
// them needed a repair of their JSON, and how many were dropped, by
// reason.
type artlist struct {
	articles []article
	repaired int
	dropped  map[string]int
}

// textAnswer is GDELT's plain-text answer to a query it will not run.
type textAnswer struct{ message string }

func (e *textAnswer) Error() string { return "gdelt answered: " + e.message }

// errMarkup is an HTML (or XML) page where the artlist JSON belongs: a
// proxy's, CDN's or maintenance page, not an answer of the API.
var errMarkup = errors.New("an HTML page instead of the artlist JSON")

// parseBody reads an artlist answer: the articles of a JSON object (none
// for {} or an empty body), a *textAnswer for a plain-text message,
// errMarkup for an HTML page, or the JSON decoding error.
//
// GDELT's JSON is not always valid: titles carry invalid escapes (\', \x,
// a lone backslash) and raw control characters, and one of them makes a
// strict decoder reject the whole answer. When the strict decode fails on
// an answer that is otherwise complete ({"articles":[ … ]}), each article
// is read on its own (readArticles): the bad ones are repaired when that
// is safe and dropped when not, and the others are kept. A truncated or
// shapeless body stays an error.
func parseBody(body []byte) (artlist, error) {
	b := bytes.TrimSpace(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")))
	if len(b) == 0 {
		return artlist{}, nil
	}
	switch b[0] {
	case '{':
	case '<':
		return artlist{}, errMarkup
	default:
		msg := source.Truncate(source.Fold(strings.ToValidUTF8(string(b), "?")), 200)
		return artlist{}, &textAnswer{message: msg}
	}
	var payload struct {
		Articles []article `json:"articles"`
	}
	err := json.Unmarshal(b, &payload)
	if err == nil {
		return artlist{articles: payload.Articles}, nil
	}
	if l, ok := readArticles(b); ok {
		return l, nil
	}
	return artlist{}, err
}

var (
	artlistHead = regexp.MustCompile(`^\{\s*"articles"\s*:\s*\[`)
	artlistTail = regexp.MustCompile(`\]\s*\}$`)
	// articleStart is where an article object begins: "[" or "," then
	// "{" and a key. Inside a well-formed string a quote is escaped, so
	// the pattern cannot occur there.
	articleStart = regexp.MustCompile(`[\[,]\s*\{\s*"[A-Za-z_]{1,40}"\s*:`)
)

// readArticles reads a complete artlist answer ({"articles":[…]}) whose
// strict decode failed, one article object at a time. ok is false when
// the body does not have that shape (truncated, another structure).
func readArticles(b []byte) (l artlist, ok bool) {
	head, tail := artlistHead.FindIndex(b), artlistTail.FindIndex(b)
	if head == nil || tail == nil || tail[0] < head[1] {
		return artlist{}, false
	}
	inner := b[head[1]-1 : tail[0]] // from the array's "[" to before its "]"
	starts := articleStart.FindAllIndex(inner, -1)
	if len(starts) == 0 || starts[0][0] != 0 {
		return artlist{}, false
	}
	for i, m := range starts {
		end := len(inner)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		open := m[0] + bytes.IndexByte(inner[m[0]:m[1]], '{')
		a, reason, repaired := readArticle(bytes.TrimRight(inner[open:end], ", \t\r\n"))
		switch {
		case reason != "":
			if l.dropped == nil {
				l.dropped = map[string]int{}
			}
			l.dropped[reason]++
		default:
			if repaired {
				l.repaired++
			}
			l.articles = append(l.articles, a)
		}
	}
	return l, true
}

// readArticle decodes one article object, repairing its strings when the
// strict decode fails; reason is why it is dropped ("" when kept).
func readArticle(obj []byte) (a article, reason string, repaired bool) {
	if json.Unmarshal(obj, &a) == nil {
		return a, "", false
	}
	fixed, changed := repairStrings(obj)
	a = article{}
	if !changed || json.Unmarshal(fixed, &a) != nil {
		return article{}, dropUndecodable, false
	}
	if strings.ContainsFunc(a.URL, func(r rune) bool { return r == '\\' || r <= ' ' || r == 0x7f }) {
		return article{}, dropBadURL, false
	}
	return a, "", true
}

// repairStrings makes the strings of a JSON text valid where that is safe,
// and reports whether it changed anything:
//   - \' (an escape of JavaScript and Python, not of JSON) is the
//     apostrophe it stands for: "Acme\'s" reads "Acme's";
//   - a backslash that starts no JSON escape (\x41, \q, a \u without four
//     hex digits) is the literal backslash it was: it is escaped;
//   - a raw control character (U+0000–U+001F, JSON requires them escaped)
//     becomes a space.
//
// A backslash before a string's closing quote cannot be told from an
// escaped quote, and an unescaped quote ends the string early: neither is
// repaired, and the object stays undecodable.
func repairStrings(b []byte) ([]byte, bool) {
	out := make([]byte, 0, len(b)+8)
	changed, inString := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case !inString:
			inString = c == '"'
			out = append(out, c)
		case c == '"':
			inString = false
			out = append(out, c)
		case c < 0x20:
			out = append(out, ' ')
			changed = true
		case c != '\\':
			out = append(out, c)
		case i+1 < len(b) && strings.IndexByte(`"\/bfnrt`, b[i+1]) >= 0:
			out = append(out, c, b[i+1])
			i++
		case i+1 < len(b) && b[i+1] == 'u' && isHex4(b[i+2:]):
			out = append(out, b[i:i+6]...)
			i += 5
		case i+1 < len(b) && b[i+1] == '\'':
			out = append(out, '\'')
			i++
			changed = true
		default:
			out = append(out, '\\', '\\')
			changed = true
		}
	}
	return out, changed
}

// isHex4 reports whether b starts with four hex digits.
func isHex4(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	for _, c := range b[:4] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// spacedPunct is a comma or semicolon GDELT's title extraction set apart
// ("Harbour , fish", "port ; boats").
var spacedPunct = regexp.MustCompile(` +([,;])( |$)`)

// cleanTitle is a title as a reader would write it: HTML entities that
// reached the title decoded ("AT&amp;T", "Acme&#39;s"), whitespace folded
// and GDELT's spaced commas and semicolons closed up.
func cleanTitle(s string) string {
	if strings.Contains(s, "&") {
		s = html.UnescapeString(s)
	}
	return spacedPunct.ReplaceAllString(source.Fold(s), "$1$2")
}
