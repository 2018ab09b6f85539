package website

import (
	"bytes"
	"strings"
)

// ProductToken is the name this crawler answers to in robots.txt
// User-agent lines (RFC 9309 §2.2.1).
const ProductToken = "intel402"

// Limits that bound the work done on a hostile robots.txt.
const (
	maxRobotsRules   = 2048 // rules kept for the groups that apply
	maxRobotsPattern = 2048 // bytes of one path pattern; longer rules are ignored
)

// Robots is the part of a robots.txt file that applies to one crawler
// (RFC 9309): the rules of every group naming its product token, or, when
// none does, of every "*" group (groups naming the same agent are merged).
// The zero value allows everything.
type Robots struct {
	rules       []robotsRule
	disallowAll bool
	// unavailable is the failure that made a crawler assume complete
	// disallow (a 5xx robots.txt, RFC 9309 §2.3.1.4); nil otherwise.
	unavailable error
}

type robotsRule struct {
	allow   bool
	pattern string // normalised (see robotsPath), '*' and a final '$' special
}

// robotsGroup is one group of the file: its user agents and rules.
type robotsGroup struct {
	agents []string
	rules  []robotsRule
}

// DisallowAll returns rules that refuse every path but /robots.txt.
func DisallowAll() *Robots { return &Robots{disallowAll: true} }

// ParseRobots reads a robots.txt body for the crawler named token
// (case-insensitive). It is lenient where RFC 9309 §2.2 lets a parser be,
// and the way real files need (the shapes of large sites' files: long
// runs of named-crawler groups, blank lines inside groups, rules with
// '*' and '$', CRLF line ends, no final line end): a byte-order mark, CR,
// LF or CRLF line ends, comments, white space around keys and values,
// "useragent" and "user agent" spellings, a key and value separated by
// white space instead of the colon ("Disallow /private"), the misspellings
// of "disallow" Google's parser accepts, and unknown lines (Sitemap,
// Crawl-delay, Host, Clean-param) are accepted; blank and unknown lines do
// not end a group, only a User-agent line after a rule does. Rules before
// the first User-agent line and empty Allow/Disallow values are ignored.
// A body of maxRobotsBytes or more was cut at the parsing limit (RFC 9309
// §2.5): its unterminated last line is dropped, as a rule cut short would
// match more than its author wrote.
func ParseRobots(body []byte, token string) *Robots {
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	if len(body) >= maxRobotsBytes {
		if i := bytes.LastIndexAny(body, "\r\n"); i >= 0 {
			body = body[:i+1]
		}
	}
	text := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(body))
	token = strings.ToLower(token)
	var groups []*robotsGroup
	var cur *robotsGroup
	agentLine := false // the previous record was a User-agent line
	for line := range strings.Lines(text) {
		key, value, ok := robotsRecord(line)
		if !ok {
			continue
		}
		switch key {
		case "user-agent":
			if cur == nil || !agentLine {
				cur = &robotsGroup{}
				groups = append(groups, cur)
			}
			cur.agents = append(cur.agents, agentToken(value))
			agentLine = true
		case "allow", "disallow":
			agentLine = false
			if cur == nil || value == "" || len(value) > maxRobotsPattern {
				continue
			}
			if value[0] != '/' && value[0] != '*' {
				value = "/" + value // "Disallow: private" means the path
			}
			cur.rules = append(cur.rules, robotsRule{allow: key == "allow", pattern: robotsPath(value)})
		}
	}
	r := &Robots{}
	for _, want := range []string{token, "*"} {
		matched := false
		for _, g := range groups {
			for _, a := range g.agents {
				if a == want {
					matched = true
					r.add(g.rules)
					break
				}
			}
		}
		if matched {
			break
		}
	}
	return r
}

// robotsKeys maps the spellings of the keys this parser acts on to the
// key: RFC 9309's, and those Google's open-source parser also accepts.
var robotsKeys = map[string]string{
	"user-agent": "user-agent", "useragent": "user-agent", "user agent": "user-agent",
	"allow": "allow", "disallow": "disallow",
	"dissallow": "disallow", "dissalow": "disallow", "disalow": "disallow", "diasllow": "disallow", "disallaw": "disallow",
}

// robotsRecord splits a line into its key (canonical, lower case) and its
// value, the comment dropped. A line without a colon is a record when it
// is exactly two runs of non-blank characters ("Disallow /tmp/"). ok is
// false for blank lines, comments and records of other keys.
func robotsRecord(line string) (key, value string, ok bool) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	key, value, found := strings.Cut(line, ":")
	if !found {
		f := strings.Fields(line)
		if len(f) != 2 {
			return "", "", false
		}
		key, value = f[0], f[1]
	}
	key, ok = robotsKeys[strings.ToLower(strings.TrimSpace(key))]
	return key, strings.TrimSpace(value), ok
}

func (r *Robots) add(rules []robotsRule) {
	n := min(len(rules), maxRobotsRules-len(r.rules))
	r.rules = append(r.rules, rules[:n]...)
}

// agentToken is the product token of a User-agent value, lower case: the
// leading run of letters, digits, '_' and '-' ("Googlebot/2.1" →
// "googlebot"), or "*". RFC 9309 §2.2.1 has no digits in product tokens,
// but ours has them ("intel402"), and so do the lines naming it.
func agentToken(v string) string {
	if strings.HasPrefix(v, "*") {
		return "*"
	}
	end := 0
	for end < len(v) {
		c := v[end]
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' && c != '-' {
			break
		}
		end++
	}
	return strings.ToLower(v[:end])
}

// Allowed reports whether the crawler may fetch the URL path (with its
// query, as sent: "/news?page=2"). The most specific matching rule wins,
// the one with the most octets; between an Allow and a Disallow rule of
// equal length, Allow (RFC 9309 §2.2.2). /robots.txt is always allowed.
// A path is absolute: one without its leading '/' ("" included) is read
// with it.
func (r *Robots) Allowed(path string) bool {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	path = robotsPath(path)
	if path == "/robots.txt" {
		return true
	}
	if r.disallowAll {
		return false
	}
	best, allow := -1, true
	for _, rule := range r.rules {
		n := len(rule.pattern)
		if n < best || (n == best && allow) || !robotsMatch(rule.pattern, path) {
			continue
		}
		best, allow = n, rule.allow
	}
	return allow
}

// robotsMatch reports whether pattern matches a prefix of path ('*' is any
// run of characters, a final '$' anchors the end).
func robotsMatch(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(path, parts[0]) {
		return false
	}
	pos := len(parts[0])
	if len(parts) == 1 {
		return !anchored || pos == len(path)
	}
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(path[pos:], p)
		if i < 0 {
			return false
		}
		pos += i + len(p)
	}
	last := parts[len(parts)-1]
	if anchored {
		return len(path)-pos >= len(last) && strings.HasSuffix(path, last)
	}
	return strings.Contains(path[pos:], last)
}

// robotsPath puts a path or a rule's pattern in the form RFC 9309 §2.2.2
// compares: percent-encoded octets of unreserved characters decoded,
// other escapes upper-cased, and octets outside printable US-ASCII
// percent-encoded. '*' and '$' are left as they are (special in patterns
// only).
func robotsPath(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if isUnreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(hex[v>>4])
				b.WriteByte(hex[v&15])
			}
			i += 2
		case c <= ' ' || c >= 0x7f:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

func isUnreserved(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
