package signals

import (
	"reflect"
	"regexp"
	"regexp/syntax"
	"testing"
)

func TestRequiredLiterals(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string
	}{
		{`(?i)raises`, []string{"raises"}},
		{`(?i)\b(?:raises|secures)\b`, []string{"raises", "secures"}},
		{`(?i)\bled\s+by\s+[A-Z]`, []string{"led"}},
		{`(?i)\bfiles?\s+for\s+ipo`, []string{"file"}},
		{`(?i)(?:foo)?bar`, []string{"bar"}},
		{`(?i)(?:ab|cdef)`, []string{"ab", "cdef"}},
		{`\d+`, nil},
	}
	for _, tc := range tests {
		tree, err := syntax.Parse(tc.pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := requiredLiterals(tree); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("requiredLiterals(%q) = %q, want %q", tc.pattern, got, tc.want)
		}
	}
	if f := newFiltered(regexp.MustCompile(`(?i)(?:ab|cdef)`)); f.lits != nil {
		t.Errorf("literals shorter than %d must not filter: %q", minLiteral, f.lits)
	}
}

// TestPrefilterExact checks that the prefilter never changes a result:
// every lexicon pattern and guard finds the same matches with and without
// it, on the labelled texts and on case-folding edge cases.
func TestPrefilterExact(t *testing.T) {
	var texts []string
	for _, name := range append([]string{"testdata/labelled.jsonl"}, holdoutSets...) {
		for _, l := range loadLabelled(t, name) {
			texts = append(texts, prepText(l.Headline), leadText(l.Lead), l.Lead)
		}
	}
	texts = append(texts, "ACME RAIſES $40M", "Acme \u212Aeeps hiring", "İstanbul office opens", "")
	check := func(f filtered) {
		for _, s := range texts {
			want := f.re.FindAllStringIndex(s, -1)
			if got := f.findAll(s, foldCase(s)); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: prefiltered %v, plain %v", f.re, s, got, want)
			}
		}
	}
	for i, lx := range lexicons {
		for _, p := range lx.pos {
			check(p.re)
		}
		for _, g := range guardSets[i] {
			check(g)
		}
	}
}
