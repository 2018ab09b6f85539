package website

import (
	"path/filepath"
	"strings"
	"testing"
)

// robotsFixtures are our own robots.txt files (fictitious companies) in
// the structure of large sites' real files.
var robotsFixtures = []string{"code-host.txt", "cloud-vendor.txt", "shop-platform.txt", "devops-about.txt", "retail-corporate.txt"}

func TestParseRobotsRealShapes(t *testing.T) {
	t.Parallel()
	type check struct {
		path  string
		allow bool
	}
	tests := []struct {
		fixture string
		shape   string
		token   string
		rules   int // rules kept for token
		checks  []check
	}{
		{
			fixture: "code-host.txt", token: ProductToken, rules: 2,
			shape: "a code host's file (~800 lines): contact comments, fourteen named-crawler groups repeating one list " +
				"of wildcard rules, then '*': Allow /humans.txt, Disallow /",
			checks: []check{{"/humans.txt", true}, {"/", false}, {"/about", false}, {"/fabrikam/app/src/main", false}, {"/robots.txt", true}},
		},
		{
			fixture: "code-host.txt", token: "Owlbot", rules: 56,
			shape: "the same file for a named crawler: its own group only; longest match between Allow /*/*/src/main " +
				"and Disallow /*/*/src/*; '$' after a wildcard; '?' and '=' in rules",
			checks: []check{
				{"/", true}, {"/about", true}, {"/fabrikam/app/src/main", true}, {"/fabrikam/app/src/dev", false},
				{"/fabrikam/app.hg", false}, {"/fabrikam/app.hg/x", true}, {"/media/modules/showcase/hero/a.webm", false},
				{"/media/modules/showcase/hero/a.webm?x", true}, {"/fabrikam/app/changes/1?by=me", false},
				{"/x?q=1", false}, {"/fabrikam/private-repo", false}, {"/humans.txt", true}, {"/find", false},
			},
		},
		{
			fixture: "cloud-vendor.txt", token: ProductToken, rules: 89,
			shape: "a cloud vendor's file: one '*' group of long dated paths with trailing slashes, rules starting " +
				"with '*', trailing '/*', repeated lines, Sitemap lines at the end (one on a CDN host), no final line end",
			checks: []check{
				{"/", true}, {"/newsroom", true}, {"/search", false}, {"/searchlight", false}, {"/search/", false},
				{"/a/b/confirmation/", false}, {"/a/b/confirmation", true}, {"/launchpad/startups", false},
				{"/launchpad/startups/x", false}, {"/s/", false}, {"/solutions/", true},
				{"/about-tailspin/whats-new/2012/05/15/partner-toolkit/", false}, {"/about-tailspin/whats-new/2012/05/15/", true},
				{"/research-credits/forecast-bowl", false},
			},
		},
		{
			fixture: "shop-platform.txt", token: "anybot", rules: 14,
			shape: "a commerce platform's file: a comment, blank lines between User-agent and its rules and between " +
				"rules, '*' inside and at the end of paths, feeds (.atom) disallowed, two Sitemap lines",
			checks: []check{
				{"/", true}, {"/guides/tagged/x-page-2", false}, {"/guides/tagged/x", true}, {"/x/wallet_pay/dialog", false},
				{"/stories.atom", false}, {"/stories", true}, {"/tools/tagline-maker/show1", false}, {"/glossary/searchable", false},
				{"/promo", false}, {"/promotions", false},
			},
		},
		{
			fixture: "devops-about.txt", token: ProductToken, rules: 2,
			shape:  "a small company site: one group, two rules, a Sitemap line",
			checks: []check{{"/", true}, {"/resources/whitepapers/", false}, {"/resources/whitepapers", true}, {"/press/", true}},
		},
		{
			fixture: "retail-corporate.txt", token: ProductToken, rules: 4,
			shape:  "a corporate site: CRLF line ends, a comment after a blank line, the Sitemap line last without a line end",
			checks: []check{{"/", true}, {"/admin-cms", false}, {"/admin-cms-assets.aspx", false}, {"/xhr/feed", false}, {"/newsroom", true}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.fixture+"/"+tt.token, func(t *testing.T) {
			t.Parallel()
			r := ParseRobots(readFixture(t, filepath.Join("robots", tt.fixture)), tt.token)
			if len(r.rules) != tt.rules {
				t.Errorf("%s: %d rules kept for %s, want %d", tt.shape, len(r.rules), tt.token, tt.rules)
			}
			for _, c := range tt.checks {
				if got := r.Allowed(c.path); got != c.allow {
					t.Errorf("%s: Allowed(%q) = %v, want %v", tt.shape, c.path, got, c.allow)
				}
			}
		})
	}
}

// TestParseRobotsVeryLarge: a file of tens of thousands of lines (the
// shape of the code host's, its groups repeated) parses in one pass, keeps
// at most maxRobotsRules, and still finds the '*' group at its end.
func TestParseRobotsVeryLarge(t *testing.T) {
	t.Parallel()
	text := string(readFixture(t, filepath.Join("robots", "code-host.txt")))
	star := strings.Index(text, "\nUser-agent: *")
	groups, tail := text[:star], text[star:]
	big := strings.Repeat(groups, 40) + tail
	if len(big) < 400<<10 {
		t.Fatalf("only %d bytes", len(big))
	}
	if r := ParseRobots([]byte(big), ProductToken); r.Allowed("/about") || !r.Allowed("/humans.txt") {
		t.Fatal("the '*' group at the end of a large file was not applied")
	}
	if r := ParseRobots([]byte(big), "owlbot"); len(r.rules) != maxRobotsRules || !r.Allowed("/fabrikam/app/src/main") {
		t.Fatalf("a crawler named in every repeated group: %d rules kept", len(r.rules))
	}
}
