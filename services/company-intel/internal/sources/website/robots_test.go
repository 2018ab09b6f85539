package website

import (
	"strings"
	"testing"
)

func TestParseRobots(t *testing.T) {
	t.Parallel()
	type check struct {
		path  string
		allow bool
	}
	tests := []struct {
		name   string
		body   string
		checks []check
	}{
		{
			name:   "empty file allows everything",
			body:   "",
			checks: []check{{"/", true}, {"/private", true}},
		},
		{
			name:   "star group",
			body:   "User-agent: *\nDisallow: /private/\n",
			checks: []check{{"/", true}, {"/private/", false}, {"/private/x", false}, {"/private", true}, {"/privateer", true}},
		},
		{
			name: "our group wins over the star group, whatever the case and version",
			body: "User-agent: *\nDisallow: /\n\nUser-agent: INTEL402/2.0\nDisallow: /news\n",
			checks: []check{
				{"/", true}, {"/news", false}, {"/newsroom", false}, {"/about", true},
			},
		},
		{
			name:   "groups naming us are merged",
			body:   "User-agent: intel402\nDisallow: /a\n\nUser-agent: other\nDisallow: /b\n\nUser-agent: intel402\nDisallow: /c\n",
			checks: []check{{"/a", false}, {"/b", true}, {"/c", false}},
		},
		{
			name:   "several user agents share one group",
			body:   "User-agent: googlebot\nUser-agent: intel402\nDisallow: /shared\n",
			checks: []check{{"/shared", false}, {"/other", true}},
		},
		{
			name:   "another crawler's group does not apply",
			body:   "User-agent: GPTBot\nDisallow: /\n",
			checks: []check{{"/", true}, {"/anything", true}},
		},
		{
			name:   "a token prefix is not our token",
			body:   "User-agent: intel\nDisallow: /\nUser-agent: intel402-evil\nDisallow: /\n",
			checks: []check{{"/", true}},
		},
		{
			name: "longest match wins; equal length, allow wins",
			body: "User-agent: *\nDisallow: /shop\nAllow: /shop/catalog\nDisallow: /shop/catalog/hidden\nAllow: /page\nDisallow: /page\n",
			checks: []check{
				{"/shop", false}, {"/shop/cart", false}, {"/shop/catalog/x", true}, {"/shop/catalog/hidden/y", false}, {"/page", true},
			},
		},
		{
			name: "wildcards and end anchors",
			body: "User-agent: *\nDisallow: /*.pdf$\nDisallow: /*/drafts/\nDisallow: /exact$\nAllow: /public*.pdf$\n",
			checks: []check{
				{"/files/report.pdf", false}, {"/files/report.pdf?x=1", true}, {"/files/report.pdfx", true},
				{"/en/drafts/q2", false}, {"/drafts/q2", true}, {"/exact", false}, {"/exact/more", true}, {"/public/report.pdf", true},
			},
		},
		{
			name:   "query strings are part of the path",
			body:   "User-agent: *\nDisallow: /search?\nDisallow: /*?sessionid=\n",
			checks: []check{{"/search", true}, {"/search?q=x", false}, {"/a?sessionid=1", false}, {"/a?b=1", true}},
		},
		{
			name:   "empty disallow allows everything",
			body:   "User-agent: *\nDisallow:\n",
			checks: []check{{"/", true}, {"/x", true}},
		},
		{
			name:   "rules before any user-agent are ignored",
			body:   "Disallow: /\nUser-agent: *\nDisallow: /x\n",
			checks: []check{{"/", true}, {"/x", false}},
		},
		{
			name:   "comments, BOM, CRLF and spacing",
			body:   "\ufeff# hello\r\nUSER-AGENT : *   # everyone\r\n  Disallow :  /tmp/  # temp\r\nSitemap: https://x.example/sitemap.xml\r\n",
			checks: []check{{"/tmp/a", false}, {"/tmp", true}},
		},
		{
			name:   "old Mac line ends",
			body:   "User-agent: *\rDisallow: /old\r",
			checks: []check{{"/old", false}, {"/new", true}},
		},
		{
			name:   "lenient spellings and a path without its slash",
			body:   "useragent: *\ndisallow: private\nuser agent: other\n",
			checks: []check{{"/private/x", false}, {"/public", true}},
		},
		{
			name:   "unknown lines inside a group do not end it",
			body:   "User-agent: *\nCrawl-delay: 10\nDisallow: /slow\n",
			checks: []check{{"/slow", false}},
		},
		{
			name: "percent-encoding: unreserved escapes decoded, others compared upper-case, UTF-8 encoded",
			body: "User-agent: *\nDisallow: /%7Ejoe/\nDisallow: /a%2fb\nDisallow: /café\n",
			checks: []check{
				{"/~joe/x", false}, {"/%7ejoe/x", false}, {"/a%2Fb", false}, {"/a/b", true}, {"/caf%C3%A9", false}, {"/caf%c3%a9/x", false},
			},
		},
		{
			name:   "robots.txt is always allowed",
			body:   "User-agent: *\nDisallow: /\n",
			checks: []check{{"/robots.txt", true}, {"/", false}, {"", false}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := ParseRobots([]byte(tt.body), ProductToken)
			for _, c := range tt.checks {
				if got := r.Allowed(c.path); got != c.allow {
					t.Errorf("Allowed(%q) = %v, want %v", c.path, got, c.allow)
				}
			}
		})
	}
}

func TestDisallowAll(t *testing.T) {
	t.Parallel()
	r := DisallowAll()
	if r.Allowed("/") || r.Allowed("/x") || !r.Allowed("/robots.txt") {
		t.Fatal("DisallowAll must refuse every path but /robots.txt")
	}
	if !(&Robots{}).Allowed("/anything") {
		t.Fatal("the zero Robots must allow everything")
	}
}

func TestParseRobotsLimits(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for range maxRobotsRules + 10 {
		b.WriteString("Disallow: /a*b*c*d*e\n")
	}
	b.WriteString("Disallow: /" + strings.Repeat("x", maxRobotsPattern) + "\n")
	r := ParseRobots([]byte(b.String()), ProductToken)
	if len(r.rules) != maxRobotsRules {
		t.Fatalf("kept %d rules, want the cap %d", len(r.rules), maxRobotsRules)
	}
	if !r.Allowed("/" + strings.Repeat("x", maxRobotsPattern)) {
		t.Fatal("an over-long pattern must be ignored")
	}
}

func FuzzParseRobots(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /private/\nAllow: /private/ok\n"), "/private/x")
	f.Add([]byte("User-agent: intel402\nDisallow: /*.pdf$\n"), "/a.pdf")
	f.Fuzz(func(t *testing.T, body []byte, path string) {
		r := ParseRobots(body, ProductToken)
		if len(r.rules) > maxRobotsRules {
			t.Fatalf("%d rules kept", len(r.rules))
		}
		allowed := r.Allowed(path)
		if !r.Allowed("/robots.txt") {
			t.Fatal("robots.txt refused")
		}
		// Appending a rule that disallows everything never allows more.
		stricter := ParseRobots(append(append([]byte{}, body...), "\nUser-agent: *\nUser-agent: intel402\nDisallow: /\n"...), ProductToken)
		if stricter.Allowed(path) && !allowed && path != "/robots.txt" {
			t.Fatalf("a stricter file allows %q", path)
		}
	})
}
