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
