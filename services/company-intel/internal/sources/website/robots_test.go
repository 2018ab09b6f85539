package website

import (
	"path/filepath"
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
			name:   "a colon forgotten: white space separates key and value when there are exactly two words",
			body:   "User-agent *\nDisallow /tmp/\nDisallow /a b\n",
			checks: []check{{"/tmp/x", false}, {"/a", true}, {"/a b", true}, {"/x", true}},
		},
		{
			name:   "misspellings of disallow Google's parser accepts",
			body:   "User-agent: *\nDissallow: /a\nDissalow: /b\nDisalow: /c\nDiasllow: /d\nDisallaw: /e\nDisalloww: /f\n",
			checks: []check{{"/a", false}, {"/b", false}, {"/c", false}, {"/d", false}, {"/e", false}, {"/f", true}},
		},
		{
			name: "crawl-delay, sitemap and host between user-agent lines do not split the group",
			body: "User-agent: otherbot\nCrawl-delay: 5\nSitemap: https://x.example/s.xml\nHost: x.example\nUser-agent: intel402\nDisallow: /both\n" +
				"Clean-param: ref /articles/\nDisallow: /also\n",
			checks: []check{{"/both", false}, {"/also", false}, {"/", true}},
		},
		{
			name:   "a user-agent line after rules starts a new group",
			body:   "User-agent: intel402\nDisallow: /first\nUser-agent: otherbot\nDisallow: /second\n",
			checks: []check{{"/first", false}, {"/second", true}},
		},
		{
			name:   "blank lines inside a group, between its user-agent line and its rules",
			body:   "# robots.txt for a shop\n\nUser-agent: *\n\nDisallow: /checkout\n\n\nDisallow: /cart*\n\nSitemap: https://x.example/s.xml\n",
			checks: []check{{"/checkout", false}, {"/cart/1", false}, {"/carts", false}, {"/catalog", true}},
		},
		{
			name:   "CRLF line ends and no final line end",
			body:   "User-agent: *\r\nDisallow: /cms\r\n\r\n# Sitemaps\r\nDisallow: /last",
			checks: []check{{"/cms", false}, {"/last", false}, {"/lastly", false}, {"/", true}},
		},
		{
			name:   "byte-order mark with CRLF",
			body:   "\ufeffUser-agent: *\r\nDisallow: /bom\r\n",
			checks: []check{{"/bom", false}, {"/", true}},
		},
		{
			name:   "the last group '*': allow one file, refuse the rest (longest match)",
			body:   "User-agent: CCBot\nAllow: /*/*/src/main\nDisallow: /*/*/src/*\n\nUser-agent: *\nAllow: /humans.txt\nDisallow: /\n",
			checks: []check{{"/humans.txt", true}, {"/", false}, {"/a/b/src/main", false}, {"/about", false}},
		},
		{
			name: "'*' at the start, inside and before '$'; '$' only at the end is special",
			body: "User-agent: *\nDisallow: */confirmation/\nDisallow: /launchpad/*$\nDisallow: /guides/tagged/*page*\nDisallow: /price$list\nAllow: /$\nDisallow: /\n",
			checks: []check{
				{"/", true}, {"/x/confirmation/", false}, {"/launchpad/", false}, {"/launchpad/a/b", false},
				{"/guides/tagged/a-page-2", false}, {"/price$list", false}, {"/index.html", false},
			},
		},
		{
			name:   "allow and disallow of equal length: allow; longer wildcard pattern beats a shorter literal",
			body:   "User-agent: *\nDisallow: /news/\nAllow: /news/*.html\nDisallow: /news/drafts\nAllow: /news/drafts\n",
			checks: []check{{"/news/a.html", true}, {"/news/a.json", false}, {"/news/drafts", true}},
		},
		{
			name:   "a path without its leading slash is read with it",
			body:   "User-agent: *\nDisallow: *0*\nDisallow: /news\n",
			checks: []check{{"0", false}, {"news/a", false}, {"about", true}, {"", true}},
		},
		{
			name:   "robots.txt is always allowed",
			body:   "User-agent: *\nDisallow: /\n",
			checks: []check{{"/robots.txt", true}, {"/", false}, {"", false}, {"robots.txt", true}},
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

// TestParseRobotsCutAtTheLimit: a file read up to maxRobotsBytes loses its
// unterminated last line, which a cut may have shortened into a wider rule
// ("Allow: /" out of "Allow: /press-kit/"); a shorter file keeps it.
func TestParseRobotsCutAtTheLimit(t *testing.T) {
	t.Parallel()
	head := "User-agent: *\nDisallow: /\n"
	filler := strings.Repeat("# "+strings.Repeat("x", 78)+"\n", maxRobotsBytes/81)
	body := head + filler
	body += strings.Repeat("#", maxRobotsBytes-len(body)-len("Allow: /")-1) + "\nAllow: /" // exactly the limit
	if len(body) != maxRobotsBytes {
		t.Fatalf("body of %d bytes, want %d", len(body), maxRobotsBytes)
	}
	if r := ParseRobots([]byte(body), ProductToken); r.Allowed("/press") {
		t.Fatal("the cut last line was read as a rule")
	}
	short := head + "Allow: /"
	if r := ParseRobots([]byte(short), ProductToken); !r.Allowed("/press") {
		t.Fatal("the last line of a short file without a line end was dropped")
	}
}

func FuzzParseRobots(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /private/\nAllow: /private/ok\n"), "/private/x")
	f.Add([]byte("User-agent: intel402\nDisallow: /*.pdf$\n"), "/a.pdf")
	f.Add([]byte("\ufeffUser-agent *\r\nDissallow /tmp/\r\nCrawl-delay: 4\r\nUser-agent: otherbot\r\nDisallow: /x"), "/tmp/a")
	for _, name := range robotsFixtures {
		f.Add(readFixture(f, filepath.Join("robots", name)), "/a/b/src/main")
	}
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
