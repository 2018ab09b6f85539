// Package taglist parses the "tag=value; tag=value" syntax shared by DKIM key
// records (RFC 6376 §3.2), DMARC (RFC 7489 §6.4, RFC 9989), MTA-STS, TLS-RPT
// and BIMI TXT records.
package taglist

import (
	"fmt"
	"strings"
)

// Tag is one tag-spec. Name keeps its original case; Pos is the byte offset
// of the name in the parsed string.
type Tag struct {
	Name  string
	Value string
	Pos   int
}

// List is the tags in record order, duplicates included.
type List []Tag

// SyntaxError reports a malformed tag-spec at byte offset Pos.
type SyntaxError struct {
	Pos int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("tag list: %s at offset %d", e.Msg, e.Pos) }

// Parse splits s into tags. Whitespace around names and values is trimmed
// and empty tag-specs (";;" or a trailing ";") are tolerated. A tag name must
// start with a letter and contain only letters, digits and "_".
func Parse(s string) (List, error) {
	var out List
	start := 0
	for start <= len(s) {
		end := strings.IndexByte(s[start:], ';')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		spec := s[start:end]
		if strings.TrimSpace(spec) != "" {
			t, err := parseSpec(spec, start)
			if err != nil {
				return out, err
			}
			out = append(out, t)
		}
		start = end + 1
	}
	return out, nil
}

func parseSpec(spec string, base int) (Tag, error) {
	eq := strings.IndexByte(spec, '=')
	lead := len(spec) - len(strings.TrimLeft(spec, " \t\r\n"))
	if eq < 0 {
		return Tag{}, &SyntaxError{Pos: base + lead, Msg: fmt.Sprintf("tag %q has no '='", strings.TrimSpace(spec))}
	}
	name := strings.TrimSpace(spec[:eq])
	if name == "" {
		return Tag{}, &SyntaxError{Pos: base + eq, Msg: "empty tag name"}
	}
	for i, c := range name {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c >= '0' && c <= '9' || c == '_')
		if !ok {
			return Tag{}, &SyntaxError{Pos: base + lead + i, Msg: fmt.Sprintf("invalid character %q in tag name %q", c, name)}
		}
	}
	return Tag{Name: name, Value: strings.TrimSpace(spec[eq+1:]), Pos: base + lead}, nil
}

// Get returns the value of the first tag named name (case-insensitive).
func (l List) Get(name string) (string, bool) {
	for _, t := range l {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// Duplicates returns the lower-cased names that occur more than once, in
// order of their second occurrence.
func (l List) Duplicates() []string {
	seen := map[string]int{}
	var dup []string
	for _, t := range l {
		n := strings.ToLower(t.Name)
		seen[n]++
		if seen[n] == 2 {
			dup = append(dup, n)
		}
	}
	return dup
}
