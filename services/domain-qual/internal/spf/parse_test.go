package spf

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	type mech struct {
		q      Qualifier
		kind   Kind
		target string
	}
	tests := []struct {
		name      string
		in        string
		want      []mech
		afterAll  int
		redirect  string
		exp       string
		unknown   int
		lookups   int
		errAt     int // -1: no error
		errSubstr string
	}{
		{name: "minimal", in: "v=spf1", errAt: -1},
		{name: "minus all", in: "v=spf1 -all", want: []mech{{QualFail, KindAll, ""}}, errAt: -1},
		{name: "qualifiers and kinds", in: "v=spf1 ip4:192.0.2.0/24 ip6:2001:db8::/32 a mx:mail.example.com ~include:_spf.google.com ?exists:%{i}.x.example.com ptr -all",
			want: []mech{{QualPass, KindIP4, "192.0.2.0/24"}, {QualPass, KindIP6, "2001:db8::/32"}, {QualPass, KindA, ""}, {QualPass, KindMX, "mail.example.com"},
				{QualSoftFail, KindInclude, "_spf.google.com"}, {QualNeutral, KindExists, "%{i}.x.example.com"}, {QualPass, KindPTR, ""}, {QualFail, KindAll, ""}},
			lookups: 5, errAt: -1},
		{name: "case-insensitive version and names", in: "V=SPF1 INCLUDE:Example.COM -ALL", want: []mech{{QualPass, KindInclude, "Example.COM"}, {QualFail, KindAll, ""}}, lookups: 1, errAt: -1},
		{name: "dual cidr on a and mx", in: "v=spf1 a/24 mx:example.com/24//64 a//64 -all",
			want: []mech{{QualPass, KindA, ""}, {QualPass, KindMX, "example.com"}, {QualPass, KindA, ""}, {QualFail, KindAll, ""}}, lookups: 3, errAt: -1},
		{name: "redirect counts without all", in: "v=spf1 redirect=_spf.example.com", redirect: "_spf.example.com", lookups: 1, errAt: -1},
		{name: "redirect ignored with all", in: "v=spf1 redirect=_spf.example.com ~all", want: []mech{{QualSoftFail, KindAll, ""}}, redirect: "_spf.example.com", lookups: 0, errAt: -1},
		{name: "exp counts zero", in: "v=spf1 -all exp=explain.%{d}.example.com", want: []mech{{QualFail, KindAll, ""}}, exp: "explain.%{d}.example.com", errAt: -1},
		{name: "unknown modifier kept", in: "v=spf1 foo=bar.%{d} -all", want: []mech{{QualFail, KindAll, ""}}, unknown: 1, errAt: -1},
		{name: "terms after all ignored", in: "v=spf1 -all include:late.example.com a", want: []mech{{QualFail, KindAll, ""}}, afterAll: 2, errAt: -1},
		{name: "extra spaces", in: "v=spf1   mx    -all ", want: []mech{{QualPass, KindMX, ""}, {QualFail, KindAll, ""}}, lookups: 1, errAt: -1},
		{name: "macro escapes", in: "v=spf1 include:%%x%_%-.example.com -all", want: []mech{{QualPass, KindInclude, "%%x%_%-.example.com"}, {QualFail, KindAll, ""}}, lookups: 1, errAt: -1},

		{name: "not spf", in: "v=spf10 -all", errAt: 0, errSubstr: "v=spf1"},
		{name: "ip4 glued to all", in: "v=spf1 ip4:192.0.2.1~all", errAt: 11, errSubstr: "invalid ip4 network"},
		{name: "ip4 with ipv6 address", in: "v=spf1 ip4:2001:db8::1 -all", errAt: 11},
		{name: "ip4 prefix too long", in: "v=spf1 ip4:192.0.2.0/33", errAt: 20},
		{name: "ip6 prefix leading zero", in: "v=spf1 ip6:2001:db8::/064", errAt: 21},
		{name: "unknown mechanism", in: "v=spf1 foo:bar.com -all", errAt: 7, errSubstr: "unknown mechanism"},
		{name: "include without domain", in: "v=spf1 include -all", errAt: 14},
		{name: "include single label", in: "v=spf1 include:localhost -all", errAt: 15, errSubstr: "top-level"},
		{name: "numeric toplabel", in: "v=spf1 a:192.0.2.1 -all", errAt: 17},
		{name: "all with argument", in: "v=spf1 all:foo", errAt: 10},
		{name: "duplicate redirect", in: "v=spf1 redirect=a.example.com redirect=b.example.com", errAt: 30, errSubstr: "more than once"},
		{name: "bad macro letter", in: "v=spf1 include:%{x}.example.com", errAt: 15, errSubstr: "invalid macro"},
		{name: "unterminated macro", in: "v=spf1 exists:%{i.example.com", errAt: 14, errSubstr: "unterminated"},
		{name: "syntax error after all still fails", in: "v=spf1 -all ip4:999.1.1.1", errAt: 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := Parse(tt.in)
			if tt.errAt >= 0 {
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("Parse(%q) err = %v, want SyntaxError", tt.in, err)
				}
				if se.Pos != tt.errAt {
					t.Fatalf("Parse(%q) error offset = %d, want %d (%v)", tt.in, se.Pos, tt.errAt, err)
				}
				if tt.errSubstr != "" && !strings.Contains(err.Error(), tt.errSubstr) {
					t.Fatalf("Parse(%q) error %q does not mention %q", tt.in, err, tt.errSubstr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q) unexpected error: %v", tt.in, err)
			}
			if len(rec.Mechanisms) != len(tt.want) {
				t.Fatalf("Parse(%q) got %d mechanisms %+v, want %d", tt.in, len(rec.Mechanisms), rec.Mechanisms, len(tt.want))
			}
			for i, w := range tt.want {
				g := rec.Mechanisms[i]
				if g.Qualifier != w.q || g.Kind != w.kind || g.Target != w.target {
					t.Errorf("mechanism %d = {%s %s %q}, want {%s %s %q}", i, g.Qualifier, g.Kind, g.Target, w.q, w.kind, w.target)
				}
			}
			if len(rec.AfterAll) != tt.afterAll || rec.Redirect != tt.redirect || rec.Exp != tt.exp || len(rec.Unknown) != tt.unknown {
				t.Errorf("afterAll=%d redirect=%q exp=%q unknown=%d; want %d %q %q %d",
					len(rec.AfterAll), rec.Redirect, rec.Exp, len(rec.Unknown), tt.afterAll, tt.redirect, tt.exp, tt.unknown)
			}
			if got := rec.LookupTerms(); got != tt.lookups {
				t.Errorf("LookupTerms() = %d, want %d", got, tt.lookups)
			}
		})
	}
}

func TestParseNetworksAndCIDR(t *testing.T) {
	rec, err := Parse("v=spf1 ip4:192.0.2.7 ip6:2001:db8::/48 mx/24//64 -all")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rec.Mechanisms[0].Prefix, netip.MustParsePrefix("192.0.2.7/32"); got != want {
		t.Errorf("ip4 prefix = %v, want %v", got, want)
	}
	if got, want := rec.Mechanisms[1].Prefix, netip.MustParsePrefix("2001:db8::/48"); got != want {
		t.Errorf("ip6 prefix = %v, want %v", got, want)
	}
	if m := rec.Mechanisms[2]; m.CIDR4 != 24 || m.CIDR6 != 64 {
		t.Errorf("mx cidr = %d//%d, want 24//64", m.CIDR4, m.CIDR6)
	}
}

func TestIsSPF(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"bare version", "v=spf1", true},
		{"with terms", "v=spf1 -all", true},
		{"upper case", "V=SPF1 -all", true},
		{"glued suffix", "v=spf1x -all", false},
		{"spf2", "spf2.0/pra -all", false},
		{"other txt", "google-site-verification=abc", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsSPF(tt.in); got != tt.want {
				t.Fatalf("IsSPF(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestParseABNF holds the parser to RFC 7208's ABNF where it is easy to be
// stricter or looser than the grammar; each case names its section.
func TestParseABNF(t *testing.T) {
	tests := []struct {
		section string
		in      string
		target  string // first mechanism's target when valid
		valid   bool
	}{
		// §7.1: macro-literal = %x21-24 / %x26-7E, so ":" and "/" may appear
		// inside a domain-spec; a/mx then take the whole rest as the target.
		{"§5.3, §7.1 colon and slash in an a: domain-spec", "v=spf1 a:foo:bar/baz.example.com", "foo:bar/baz.example.com", true},
		{"§5.4, §7.1 colon and slash in an mx: domain-spec", "v=spf1 mx:foo:bar/baz.example.com", "foo:bar/baz.example.com", true},
		{"§5.3, §5.6 domain-spec with a colon and a CIDR length", "v=spf1 a:foo:bar.example.com/24", "foo:bar.example.com", true},
		{"§5.2, §7.1 colon in an include: domain-spec", "v=spf1 include:a:b.example.com", "a:b.example.com", true},
		{"§5.6 a slash that is not a CIDR length ends in a bad toplabel", "v=spf1 a:example.com/abc", "", false},
		{"§5.6 a/ without a length", "v=spf1 a/", "", false},
		{"§5.6 a/abc", "v=spf1 a/abc", "", false},
		{"§5.6 ip4-cidr-length has no leading zero", "v=spf1 a/024", "", false},
		{"§5.6 ip6-cidr-length at most 128", "v=spf1 mx//129", "", false},
		{"§5.6 dual cidr in the wrong order", "v=spf1 a//64/24", "", false},
		// §7.1, §7.2: c, r and t only in explanation text.
		{"§7.2 %{c} refused in a domain-spec", "v=spf1 exists:%{c}.example.com", "", false},
		{"§7.2 %{r} refused in a domain-spec", "v=spf1 a:%{r}.example.com", "", false},
		{"§7.2 %{t} refused in a domain-spec", "v=spf1 include:%{t}.example.com", "", false},
		{"§6.2, §7.2 %{c} refused in the exp= target", "v=spf1 -all exp=%{c}.example.com", "", false},
		{"§6.1, §7.2 %{t} refused in redirect=", "v=spf1 redirect=%{t}.example.com", "", false},
		{"§7.1 the other letters in a domain-spec", "v=spf1 exists:%{s}%{l}%{o}%{d}%{i}%{p}%{h}%{v}.example.com", "%{s}%{l}%{o}%{d}%{i}%{p}%{h}%{v}.example.com", true},
		{"§7.1 letters are case-insensitive", "v=spf1 exists:%{IR}.example.com", "%{IR}.example.com", true},
		{"§7.1 transformers and delimiters", "v=spf1 exists:%{ir.}.%{l1r+-}.example.com", "%{ir.}.%{l1r+-}.example.com", true},
		{"§7.3 a DIGIT transformer must be nonzero", "v=spf1 exists:%{d0}.example.com", "", false},
		{"§7.3 a DIGIT transformer must be nonzero (00)", "v=spf1 exists:%{d00}.example.com", "", false},
		{"§7.3 a nonzero DIGIT with leading zero", "v=spf1 exists:%{d01}.example.com", "%{d01}.example.com", true},
		{"§6 an unknown modifier's value is a macro-string", "v=spf1 -all moo=%{c}%{r}%{t}", "", true},
		{"§4.6.1 a modifier name starts with a letter", "v=spf1 1moo=x", "", false},
		{"§7.1 a space is not a macro-literal (it separates terms)", "v=spf1 include:a.example.com\tx", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.section, func(t *testing.T) {
			rec, err := Parse(tc.in)
			if (err == nil) != tc.valid {
				t.Fatalf("Parse(%q) error = %v, want valid=%v", tc.in, err, tc.valid)
			}
			if tc.valid && tc.target != "" && (len(rec.Mechanisms) == 0 || rec.Mechanisms[0].Target != tc.target) {
				t.Errorf("Parse(%q) = %+v, want first target %q", tc.in, rec.Mechanisms, tc.target)
			}
		})
	}
}

func TestCheckExplanation(t *testing.T) {
	for _, tc := range []struct {
		text  string
		valid bool
	}{
		{"%{i} is not one of %{d}'s designated mail servers.", true},
		{"See http://%{d}/why.html?s=%{S}&i=%{C}&r=%{r}&t=%{t}", true}, // §7.2: c, r and t are for explanations
		{"%{x} is not a macro letter", false},
		{"dangling %", false},
		{"%{d0} zero digits", false},
	} {
		if err := CheckExplanation(tc.text); (err == nil) != tc.valid {
			t.Errorf("CheckExplanation(%q) = %v, want valid=%v", tc.text, err, tc.valid)
		}
	}
}
