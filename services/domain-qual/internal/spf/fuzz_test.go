package spf

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that syntax errors point inside
// the input, and that a parsed record's terms are all accounted for.
// Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add("v=spf1 include:_spf.google.com ~all")
	f.Fuzz(func(t *testing.T, s string) {
		rec, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) returned non-syntax error %T", s, err)
			}
			if se.Pos < 0 || se.Pos > len(s) {
				t.Fatalf("Parse(%q) error offset %d outside input", s, se.Pos)
			}
			return
		}
		terms := len(strings.Fields(strings.ReplaceAll(s, "\t", "x"))) - 1
		got := len(rec.Mechanisms) + len(rec.AfterAll) + len(rec.Unknown)
		if rec.Redirect != "" {
			got++
		}
		if rec.Exp != "" {
			got++
		}
		if got != terms {
			t.Fatalf("Parse(%q) accounted for %d terms, input has %d", s, got, terms)
		}
		if n := rec.LookupTerms(); n < 0 || n > terms {
			t.Fatalf("Parse(%q) LookupTerms = %d outside [0,%d]", s, n, terms)
		}
		for _, m := range rec.Mechanisms {
			if !strings.Contains(s, m.Raw) || s[m.Pos:m.Pos+len(m.Raw)] != m.Raw {
				t.Fatalf("Parse(%q) mechanism %q not at offset %d", s, m.Raw, m.Pos)
			}
		}
	})
}
