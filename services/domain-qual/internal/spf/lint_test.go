package spf

import (
	"slices"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
)

func lintIDs(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.ID))
	}
	return out
}

func TestCheckSize(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   []string
	}{
		{name: "small", chunks: []string{"v=spf1 -all"}},
		{name: "split but small", chunks: []string{strings.Repeat("a", 255), strings.Repeat("b", 100)}},
		{name: "over 450", chunks: []string{strings.Repeat("a", 255), strings.Repeat("b", 200)}, want: []string{"spf.record_large"}},
		{name: "over 512", chunks: []string{strings.Repeat("a", 255), strings.Repeat("b", 255), "ccc"}, want: []string{"spf.record_too_large"}},
		{name: "string over 255", chunks: []string{strings.Repeat("a", 256)}, want: []string{"spf.string_too_long"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lintIDs(CheckSize(tt.chunks)); !slices.Equal(got, tt.want) {
				t.Fatalf("CheckSize = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLint(t *testing.T) {
	tests := []struct {
		name string
		rec  string
		root bool
		want []string
	}{
		{name: "clean", rec: "v=spf1 mx -all", root: true},
		{name: "plus all", rec: "v=spf1 all", root: true, want: []string{"spf.pass_all"}},
		{name: "plus all in include", rec: "v=spf1 +all", root: false, want: []string{"spf.include_pass_all"}},
		{name: "neutral all", rec: "v=spf1 ?all", root: true, want: []string{"spf.neutral_all"}},
		{name: "neutral all in include is fine", rec: "v=spf1 ip4:192.0.2.1 ?all", root: false},
		{name: "softfail informational", rec: "v=spf1 ~all", root: true, want: []string{"spf.softfail_all"}},
		{name: "no all no redirect", rec: "v=spf1 mx", root: true, want: []string{"spf.no_all"}},
		{name: "no all with redirect", rec: "v=spf1 redirect=_spf.example.com", root: true},
		{name: "ptr, terms after all, redirect ignored, unknown modifier", rec: "v=spf1 ptr -all mx redirect=x.example.com v2=foo", root: true,
			want: []string{"spf.ptr_used", "spf.terms_after_all", "spf.redirect_ignored", "spf.unknown_modifier"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := Parse(tt.rec)
			if err != nil {
				t.Fatal(err)
			}
			if got := lintIDs(Lint(rec, tt.rec, tt.root)); !slices.Equal(got, tt.want) {
				t.Fatalf("Lint(%q) = %v, want %v", tt.rec, got, tt.want)
			}
		})
	}
}
