package spf

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/memresolvertest"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
)

func findingIDs(r Result) []string {
	var ids []string
	for _, f := range r.Errors {
		ids = append(ids, string(f.ID))
	}
	for _, f := range r.Warnings {
		ids = append(ids, string(f.ID))
	}
	return ids
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name     string
		zone     []string
		fail     []string
		status   Status
		all      string
		lookups  int
		voids    int
		complete bool
		services []string
		ids      []string // findings that must be present
		notIDs   []string // findings that must be absent
		tree     string   // compact tree rendering
	}{
		{
			name: "nested includes three deep",
			zone: []string{
				`example.com. TXT "v=spf1 include:l1.example.net -all"`,
				`l1.example.net. TXT "v=spf1 include:l2.example.net"`,
				`l2.example.net. TXT "v=spf1 include:l3.example.net"`,
				`l3.example.net. TXT "v=spf1 ip4:192.0.2.0/24 ?all"`,
			},
			status: StatusFound, all: "fail", lookups: 3, complete: true,
			ids: []string{}, notIDs: []string{"spf.neutral_all", "spf.no_all"},
			tree: "example.com[found](include:l1.example.net[found](include:l2.example.net[found](include:l3.example.net[found])))",
		},
		{
			name: "redirect supplies the all qualifier",
			zone: []string{
				`example.com. TXT "v=spf1 mx redirect=_spf.example.com"`,
				`example.com. MX 10 mx1.example.com.`,
				`_spf.example.com. TXT "v=spf1 ip4:192.0.2.1 ~all"`,
			},
			status: StatusFound, all: "softfail", lookups: 2, complete: true,
			notIDs: []string{"spf.no_all"},
			tree:   "example.com[found](redirect:_spf.example.com[found])",
		},
		{
			name: "redirect ignored when all present",
			zone: []string{
				`example.com. TXT "v=spf1 -all redirect=_spf.example.com"`,
			},
			status: StatusFound, all: "fail", lookups: 0, complete: true,
			ids:  []string{"spf.redirect_ignored"},
			tree: "example.com[found]",
		},
		{
			name: "include loop",
			zone: []string{
				`example.com. TXT "v=spf1 include:a.example.net -all"`,
				`a.example.net. TXT "v=spf1 include:b.example.net -all"`,
				`b.example.net. TXT "v=spf1 include:example.com -all"`,
			},
			status: StatusInvalid, all: "fail", lookups: 3, complete: true,
			ids:  []string{"spf.include_loop"},
			tree: "example.com[found](include:a.example.net[found](include:b.example.net[found](include:example.com[loop])))",
		},
		{
			name: "redirect loop",
			zone: []string{
				`example.com. TXT "v=spf1 redirect=x.example.com"`,
				`x.example.com. TXT "v=spf1 redirect=example.com"`,
			},
			status: StatusInvalid, lookups: 2, complete: true,
			ids: []string{"spf.redirect_loop"},
		},
		{
			name: "void lookups counted and limited",
			zone: []string{
				`example.com. TXT "v=spf1 a:gone1.example.com mx:gone2.example.com exists:gone3.example.com include:nodata.example.com -all"`,
				`nodata.example.com. A 192.0.2.1`,
			},
			status: StatusInvalid, all: "fail", lookups: 4, voids: 4, complete: true,
			ids: []string{"spf.too_many_void_lookups", "spf.include_missing"},
		},
		{
			name: "a is void only when both families are empty",
			zone: []string{
				`example.com. TXT "v=spf1 a:v6only.example.com a:v4only.example.com -all"`,
				`v6only.example.com. AAAA 2001:db8::1`,
				`v4only.example.com. A 192.0.2.1`,
			},
			status: StatusFound, all: "fail", lookups: 2, voids: 0, complete: true,
		},
		{
			name: "mx counts once regardless of hosts",
			zone: []string{
				`example.com. TXT "v=spf1 mx -all"`,
				`example.com. MX 10 a.example.com.`,
				`example.com. MX 20 b.example.com.`,
				`example.com. MX 30 c.example.com.`,
			},
			status: StatusFound, all: "fail", lookups: 1, complete: true,
			notIDs: []string{"spf.mx_too_many_hosts"},
		},
		{
			name:   "mx with more than ten hosts",
			zone:   append([]string{`example.com. TXT "v=spf1 mx -all"`}, mxLines(11)...),
			status: StatusInvalid, all: "fail", lookups: 1, complete: true,
			ids: []string{"spf.mx_too_many_hosts"},
		},
		{
			name: "more than ten lookups",
			zone: []string{
				`example.com. TXT "v=spf1 a mx ptr exists:e.example.com include:i1.example.net include:i2.example.net -all"`,
				`example.com. A 192.0.2.1`,
				`example.com. MX 10 example.com.`,
				`e.example.com. A 127.0.0.2`,
				`i1.example.net. TXT "v=spf1 a:h1.example.net a:h2.example.net a:h3.example.net -all"`,
				`i2.example.net. TXT "v=spf1 include:i3.example.net -all"`,
				`i3.example.net. TXT "v=spf1 a:h1.example.net -all"`,
				`h1.example.net. A 192.0.2.1`, `h2.example.net. A 192.0.2.2`, `h3.example.net. A 192.0.2.3`,
			},
			status: StatusInvalid, all: "fail", lookups: 11, complete: true,
			ids: []string{"spf.too_many_lookups", "spf.ptr_used"},
		},
		{
			name: "duplicate include warned and counted twice",
			zone: []string{
				`example.com. TXT "v=spf1 include:_spf.google.com include:x.example.net -all"`,
				`x.example.net. TXT "v=spf1 include:_spf.google.com -all"`,
				`_spf.google.com. TXT "v=spf1 ip4:192.0.2.0/24 ~all"`,
			},
			status: StatusFound, all: "fail", lookups: 3, complete: true,
			services: []string{"Google Workspace"},
			ids:      []string{"spf.duplicate_include"},
		},
		{
			name: "multiple spf records",
			zone: []string{
				`example.com. TXT "v=spf1 -all"`,
				`example.com. TXT "v=spf1 include:_spf.google.com ~all"`,
			},
			status: StatusInvalid, complete: true,
			ids: []string{"spf.multiple_records"},
		},
		{
			name: "missing record and sender id",
			zone: []string{
				`example.com. TXT "spf2.0/pra include:x.example.com -all"`,
				`example.com. TXT "google-site-verification=abc"`,
			},
			status: StatusMissing, complete: true,
			ids: []string{"spf.sender_id"},
		},
		{
			name:   "nxdomain is missing",
			zone:   []string{`other.example. A 192.0.2.1`},
			status: StatusMissing, complete: true,
		},
		{
			name:   "root servfail is unknown, never missing",
			zone:   []string{`example.com. TXT "v=spf1 -all"`},
			fail:   []string{"example.com."},
			status: StatusUnknown, complete: false,
		},
		{
			name: "include servfail marks branch unknown",
			zone: []string{
				`example.com. TXT "v=spf1 include:spf.protection.outlook.com include:broken.example.net -all"`,
				`spf.protection.outlook.com. TXT "v=spf1 ip4:192.0.2.0/24 -all"`,
			},
			fail:   []string{"broken.example.net."},
			status: StatusFound, all: "fail", lookups: 2, complete: false,
			services: []string{"Microsoft 365"},
			ids:      []string{"spf.partially_unknown"},
			notIDs:   []string{"spf.include_missing"},
			tree:     "example.com[found](include:spf.protection.outlook.com[found],include:broken.example.net[unknown])",
		},
		{
			name:   "plus all is critical but record valid",
			zone:   []string{`example.com. TXT "v=spf1 +all"`},
			status: StatusFound, all: "pass", complete: true,
			ids: []string{"spf.pass_all"},
		},
		{
			name:   "no all and no redirect",
			zone:   []string{`example.com. TXT "v=spf1 ip4:192.0.2.1"`},
			status: StatusFound, complete: true,
			ids: []string{"spf.no_all"},
		},
		{
			name:   "syntax error",
			zone:   []string{`example.com. TXT "v=spf1 ip4:192.0.2.1~all"`},
			status: StatusInvalid, complete: true,
			ids: []string{"spf.syntax_error"},
		},
		{
			name: "macro include counted not resolved",
			zone: []string{
				`example.com. TXT "v=spf1 include:%{ir}.%{v}._spf.example.com -all"`,
			},
			status: StatusFound, all: "fail", lookups: 1, complete: true,
			ids:  []string{"spf.macro_not_evaluated"},
			tree: "example.com[found](include:%{ir}.%{v}._spf.example.com[macro])",
		},
		{
			// RFC 7208 §7.1: ":" and "/" are macro-literals, so these targets are
			// DNS names like any other: looked up, void, never a permerror.
			name: "a: and mx: targets with a colon and a slash are looked up as names",
			zone: []string{
				`example.com. TXT "v=spf1 a:foo:bar/baz.example.com mx:mx:relay.example.com -all"`,
				`mx:relay.example.com. MX 10 mail.example.com.`,
			},
			status: StatusFound, all: "fail", lookups: 2, voids: 1, complete: true,
			notIDs: []string{"spf.syntax_error"},
		},
		{
			name: "split strings concatenated and size checked",
			zone: []string{
				`example.com. TXT "v=spf1 ip4:192.0.2.1 " "-all"`,
			},
			status: StatusFound, all: "fail", complete: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := memresolvertest.New(t, tt.zone...)
			for _, f := range tt.fail {
				z.Fail(f)
			}
			got := Evaluate(context.Background(), z, mxprovider.New(), "Example.com.")
			if got.Status != tt.status || got.AllQualifier != tt.all || got.LookupCount != tt.lookups ||
				got.VoidLookupCount != tt.voids || got.Complete != tt.complete {
				t.Fatalf("got status=%s all=%q lookups=%d voids=%d complete=%v; want %s %q %d %d %v\nfindings=%v",
					got.Status, got.AllQualifier, got.LookupCount, got.VoidLookupCount, got.Complete,
					tt.status, tt.all, tt.lookups, tt.voids, tt.complete, findingIDs(got))
			}
			ids := findingIDs(got)
			for _, id := range tt.ids {
				if !slices.Contains(ids, id) {
					t.Errorf("finding %s missing; got %v", id, ids)
				}
			}
			for _, id := range tt.notIDs {
				if slices.Contains(ids, id) {
					t.Errorf("finding %s present, want absent", id)
				}
			}
			if tt.services != nil {
				var names []string
				for _, s := range got.Services {
					names = append(names, s.Name)
				}
				if !slices.Equal(names, tt.services) {
					t.Errorf("services = %v, want %v", names, tt.services)
				}
			}
			if tt.tree != "" {
				if r := render(got.Tree); r != tt.tree {
					t.Errorf("tree = %s\nwant   %s", r, tt.tree)
				}
			}
		})
	}
}

// TestEvaluateQueries proves one TXT round per include level: the queries of
// a level are issued together, so a 3-deep chain costs 4 TXT queries.
func TestEvaluateQueries(t *testing.T) {
	z := memresolvertest.New(t,
		`example.com. TXT "v=spf1 include:l1.example.net a -all"`,
		`example.com. A 192.0.2.1`,
		`l1.example.net. TXT "v=spf1 include:l2.example.net -all"`,
		`l2.example.net. TXT "v=spf1 ip4:192.0.2.0/24 -all"`,
	)
	Evaluate(context.Background(), z, nil, "example.com")
	want := []string{
		"example.com. TXT",
		"l1.example.net. TXT", "example.com. A", "example.com. AAAA",
		"l2.example.net. TXT",
	}
	got := z.Queries()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("queries = %v, want %v", got, want)
	}
}

func mxLines(n int) []string {
	var out []string
	for i := range n {
		out = append(out, "example.com. MX 10 mx"+string(rune('a'+i))+".example.com.")
	}
	return out
}

func render(n *Node) string {
	s := n.Domain + "[" + string(n.Status) + "]"
	if n.Via != "root" {
		s = n.Via + ":" + s
	}
	if len(n.Children) > 0 {
		parts := make([]string, len(n.Children))
		for i, c := range n.Children {
			parts[i] = render(c)
		}
		s += "(" + strings.Join(parts, ",") + ")"
	}
	return s
}

func TestTargets(t *testing.T) {
	tests := []struct {
		name string
		zone []string
		want []string
	}{
		{name: "no SPF record", zone: []string{`acme.com. 300 IN TXT "hello"`}},
		{name: "includes in record order, then the redirect", zone: []string{
			`acme.com. 300 IN TXT "v=spf1 include:_spf.google.com include:sendgrid.net redirect=_spf.acme.com"`,
			`_spf.google.com. 300 IN TXT "v=spf1 ip4:74.125.0.0/16 ~all"`,
			`sendgrid.net. 300 IN TXT "v=spf1 ip4:167.89.0.0/17 -all"`,
			`_spf.acme.com. 300 IN TXT "v=spf1 -all"`,
		}, want: []string{"_spf.google.com", "sendgrid.net", "_spf.acme.com"}},
		{name: "a redirect next to all is ignored (RFC 7208 §6.1)", zone: []string{
			`acme.com. 300 IN TXT "v=spf1 include:sendgrid.net -all redirect=_spf.acme.com"`,
			`sendgrid.net. 300 IN TXT "v=spf1 ip4:167.89.0.0/17 -all"`,
			`_spf.acme.com. 300 IN TXT "v=spf1 -all"`,
		}, want: []string{"sendgrid.net"}},
		{name: "breadth first: depth 1 before depth 2, each target once", zone: []string{
			`acme.com. 300 IN TXT "v=spf1 include:_a.acme.com include:_b.acme.com -all"`,
			`_a.acme.com. 300 IN TXT "v=spf1 include:_spf.google.com -all"`,
			`_b.acme.com. 300 IN TXT "v=spf1 include:spf.protection.outlook.com include:_spf.google.com -all"`,
			`_spf.google.com. 300 IN TXT "v=spf1 -all"`,
			`spf.protection.outlook.com. 300 IN TXT "v=spf1 -all"`,
		}, want: []string{"_a.acme.com", "_b.acme.com", "_spf.google.com", "spf.protection.outlook.com"}},
		{name: "redirect target and what it includes", zone: []string{
			`acme.com. 300 IN TXT "v=spf1 redirect=_spf.acme.com"`,
			`_spf.acme.com. 300 IN TXT "v=spf1 include:spf.protection.outlook.com -all"`,
			`spf.protection.outlook.com. 300 IN TXT "v=spf1 -all"`,
		}, want: []string{"_spf.acme.com", "spf.protection.outlook.com"}},
		{name: "an include loop ends", zone: []string{
			`acme.com. 300 IN TXT "v=spf1 include:_a.acme.com -all"`,
			`_a.acme.com. 300 IN TXT "v=spf1 include:_b.acme.com -all"`,
			`_b.acme.com. 300 IN TXT "v=spf1 include:_a.acme.com -all"`,
		}, want: []string{"_a.acme.com", "_b.acme.com"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			z := memresolvertest.New(t, tc.zone...)
			res := Evaluate(context.Background(), z, mxprovider.New(), "acme.com")
			if got := res.Tree.Targets(); !slices.Equal(got, tc.want) {
				t.Errorf("Targets() = %q, want %q", got, tc.want)
			}
		})
	}
	var nilTree *Node
	if got := nilTree.Targets(); got != nil {
		t.Errorf("nil tree Targets() = %q", got)
	}
}

// The ids of include and redirect targets spell the term, as the
// contract's ids always have ("spf." + via + "_missing" ...).
func TestViaIDsNameTheTerm(t *testing.T) {
	for _, via := range []string{"include", "redirect"} {
		if got := viaID(via, finding.SPFIncludeMissing, finding.SPFRedirectMissing); string(got) != "spf."+via+"_missing" {
			t.Errorf("%s missing: %q", via, got)
		}
		if got := viaID(via, finding.SPFIncludeLoop, finding.SPFRedirectLoop); string(got) != "spf."+via+"_loop" {
			t.Errorf("%s loop: %q", via, got)
		}
	}
}
