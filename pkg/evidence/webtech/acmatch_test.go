package webtech

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestMultiMatcherScan(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		literals []string
		doc      string
		want     []bool
	}{
		{"classic overlapping set", []string{"he", "she", "his", "hers"}, "ushers", []bool{true, true, false, true}},
		{"literal that is a suffix of another", []string{"/wp-content/", "content/"}, "x/wp-content/y", []bool{true, true}},
		{"failure link back into a prefix", []string{"aab", "ab"}, "aaab", []bool{true, true}},
		{"case-sensitive", []string{"Shopify.theme"}, "shopify.theme", []bool{false}},
		{"empty literal never matches", []string{"", "x"}, "x", []bool{false, true}},
		{"duplicate literals both reported", []string{"gtag(", "gtag("}, "gtag('js')", []bool{true, true}},
		{"empty document", []string{"a"}, "", []bool{false}},
		{"bytes outside every literal", []string{"abc"}, "\x00\xffab\x80abc", []bool{true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := newMultiMatcher(tc.literals).scan([]byte(tc.doc))
			if !slices.Equal(got, tc.want) {
				t.Errorf("scan(%q) = %v, want %v", tc.doc, got, tc.want)
			}
		})
	}
}

// FuzzMultiMatcher checks the automaton against bytes.Contains.
func FuzzMultiMatcher(f *testing.F) {
	f.Add([]byte("abab"), []byte("ab"), []byte("bab"), []byte("b"))
	f.Add([]byte("ushers"), []byte("he"), []byte("she"), []byte("hers"))
	f.Add([]byte(""), []byte(""), []byte("x"), []byte("xx"))
	f.Fuzz(func(t *testing.T, doc, a, b, c []byte) {
		lits := []string{string(a), string(b), string(c)}
		got := newMultiMatcher(lits).scan(doc)
		for i, lit := range lits {
			want := lit != "" && bytes.Contains(doc, []byte(lit))
			if got[i] != want {
				t.Fatalf("literal %q in %q: got %v, want %v", lit, doc, got[i], want)
			}
		}
	})
}

func TestRegistryLiteralsMatchBytesContains(t *testing.T) {
	t.Parallel()
	var lits []string
	for _, tech := range registry.techs {
		for _, r := range tech.Rules {
			if r.Source == SourceHTML {
				lits = append(lits, r.Pattern, r.anchor)
			}
		}
	}
	var half []string // every other literal, so both outcomes are exercised
	for i := 0; i < len(lits); i += 2 {
		half = append(half, lits[i])
	}
	doc := []byte("<html>" + strings.Join(half, " | ") + "</html>")
	for _, tech := range registry.techs {
		for _, r := range tech.Rules {
			if r.Source != SourceHTML {
				continue
			}
			lit := r.Pattern
			if r.Kind == MatchRegexp {
				lit = r.anchor
			}
			got := registry.html.scan(doc)[r.litID]
			if want := bytes.Contains(doc, []byte(lit)); got != want {
				t.Errorf("%s rule %s: matcher says %v, bytes.Contains says %v", tech.Name, r, got, want)
			}
		}
	}
}

func TestRequiredLiteral(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, pattern, want string
	}{
		{"plain literal", `cdn\.segment\.com`, "cdn.segment.com"},
		{"longest of a concatenation", `googletagmanager\.com/gtag/js\?id=G-`, "googletagmanager.com/gtag/js?id=g-"},
		{"case-insensitive flag is lower-cased", `(?i)AppMeasurement`, "appmeasurement"},
		{"anchored with optional version", `^nginx(?:/(?P<version>\d+))?`, "nginx"},
		{"alternation has no required literal", `matomo|piwik`, ""},
		{"invalid pattern", `(`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := requiredLiteral(tc.pattern); got != tc.want {
				t.Errorf("requiredLiteral(%q) = %q, want %q", tc.pattern, got, tc.want)
			}
		})
	}
}
