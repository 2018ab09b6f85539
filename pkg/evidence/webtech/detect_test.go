package webtech_test

import (
	"bufio"
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/webtech"
)

// loadSite reads testdata/sites/<dir>: index.html, headers.txt ("Name: value"
// lines) and the optional dns.txt ("txt <value>" and "mail <source>
// <category> <detail> <name>" lines).
func loadSite(t testing.TB, dir, url string) webtech.Input {
	t.Helper()
	base := filepath.Join("testdata", "sites", dir)
	body, err := os.ReadFile(filepath.Join(base, "index.html"))
	if err != nil {
		t.Fatalf("read fixture html: %v", err)
	}
	in := webtech.Input{URL: url, HTML: body, Headers: http.Header{}}
	for _, line := range readLines(t, filepath.Join(base, "headers.txt")) {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("%s: malformed header line %q", dir, line)
		}
		in.Headers.Add(strings.TrimSpace(name), strings.TrimSpace(value))
	}
	dnsPath := filepath.Join(base, "dns.txt")
	if _, err := os.Stat(dnsPath); err == nil {
		for _, line := range readLines(t, dnsPath) {
			typ, value, _ := strings.Cut(line, " ")
			switch typ {
			case "txt":
				in.DNSTXT = append(in.DNSTXT, value)
			case "mail":
				f := strings.SplitN(value, " ", 4)
				if len(f) != 4 {
					t.Fatalf("%s: malformed mail line %q", dir, line)
				}
				in.Mail = append(in.Mail, webtech.Mail{Source: webtech.Source(f[0]), Category: webtech.Category(f[1]), Detail: f[2], Name: f[3]})
			default:
				t.Fatalf("%s: unknown dns record type %q", dir, typ)
			}
		}
	}
	return in
}

func readLines(t testing.TB, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out
}

func names(hints []webtech.Hint) []string {
	out := make([]string, 0, len(hints))
	for _, h := range hints {
		out = append(out, h.Name)
	}
	slices.Sort(out)
	return out
}

func find(hints []webtech.Hint, name string) (webtech.Hint, bool) {
	for _, h := range hints {
		if h.Name == name {
			return h, true
		}
	}
	return webtech.Hint{}, false
}

func TestDetectFixtureSites(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		dir      string
		url      string
		want     []string
		versions map[string]string
	}{
		{
			name: "wordpress woocommerce shop on cloudflare with ga4 gtm and hubspot chat",
			dir:  "wordpress-woocommerce-cloudflare",
			url:  "https://shop.example/",
			want: []string{
				"Cloudflare", "Google Analytics 4", "Google Fonts", "Google Tag Manager",
				"HubSpot", "HubSpot Chat", "WooCommerce", "WordPress", "jQuery",
			},
			versions: map[string]string{"WordPress": "6.4.3", "WooCommerce": "8.5.2", "jQuery": "3.7.1"},
		},
		{
			name: "shopify store with klaviyo",
			dir:  "shopify-klaviyo",
			url:  "https://trail-gear.example/",
			want: []string{"Cloudflare", "Klaviyo", "Shopify"},
		},
		{
			name: "next.js app on vercel with segment, intercom and google workspace dns",
			dir:  "nextjs-vercel",
			url:  "https://acme-ledger.example/",
			want: []string{
				"Atlassian Cloud", "Google Search Console", "Google Workspace", "Intercom",
				"Next.js", "React", "Segment", "SendGrid", "Vercel",
			},
		},
		{
			name: "webflow marketing site with hubspot forms and onetrust",
			dir:  "webflow-hubspot-onetrust",
			url:  "https://www.brightpath.example/",
			want: []string{
				"Google Hosted Libraries", "HubSpot", "HubSpot Forms", "OneTrust", "Webflow", "jQuery",
			},
			versions: map[string]string{"jQuery": "3.5.1"},
		},
		{
			name: "drupal enterprise site on akamai and pantheon with marketo, 6sense, drift and proofpoint",
			dir:  "drupal-enterprise-akamai",
			url:  "https://www.northwind.example/",
			want: []string{
				"6sense", "Adobe Experience Platform Launch", "Akamai", "Akamai Bot Manager", "DocuSign", "Drift",
				"Drupal", "Marketo", "Meta Business Manager", "Microsoft 365", "Optimizely", "Pantheon",
				"Proofpoint", "Salesforce",
			},
			versions: map[string]string{"Drupal": "10"},
		},
		{
			name: "shopify store loading klaviyo and trustpilot through the escaped asyncLoad list",
			dir:  "shopify-asyncload",
			url:  "https://kiefernholz.example/",
			want: []string{"Klaviyo", "Shopify", "Trustpilot"},
		},
		{
			name: "news site with chartbeat, ad manager, amazon publisher services and adsense inline loaders",
			dir:  "news-inline-loaders",
			url:  "https://harbourgazette.example/",
			want: []string{"Amazon Publisher Services", "Chartbeat", "Google Ad Manager", "Google AdSense"},
		},
		{
			name: "saas page with sentry inline init, the ravenjs legacy host and the old x pixel",
			dir:  "saas-sentry-legacy",
			url:  "https://ledgerly.example/",
			want: []string{"Sentry", "X Pixel"},
		},
		{
			name: "onetrust loaded from a preload",
			dir:  "onetrust-preload",
			url:  "https://www.brackenfield.example/",
			want: []string{"OneTrust"},
		},
		{
			name: "next.js app router page with modulepreload chunks",
			dir:  "nextjs-modulepreload",
			url:  "https://orbitdesk.example/",
			want: []string{"Next.js", "React"},
		},
		{
			name: "static law-firm site with typekit and analytics commented out",
			dir:  "static-commented-typekit",
			url:  "https://www.kanzlei-brandhorst.example/",
			// Commented-out code is not loaded; an IE conditional comment is.
			want:     []string{"Bootstrap", "Font Awesome", "Google Fonts", "jQuery"},
			versions: map[string]string{"jQuery": "2.2.4"},
		},
		{
			name: "aem page whose monitoring script and stylesheet name react selectors",
			dir:  "aem-monitoring-selectors",
			url:  "https://www.fernhill.example/",
			want: []string{"Adobe Experience Manager", "Tealium", "jQuery"},
		},
		{
			name: "typo3 site with foundation, jquery migrate, a vimeo video file and the piwik-era snippet",
			dir:  "typo3-foundation-piwik",
			url:  "https://www.pfotenschule-aurich.example/",
			want: []string{"Foundation", "Matomo", "Modernizr", "TYPO3", "Vimeo", "jQuery"},
		},
		{
			name: "article naming vendors in text, meta and json-ld",
			dir:  "prose-vendor-names",
			url:  "https://tidewater.example/",
			want: []string{},
		},
		{
			name:     "plain nginx page names products only in prose",
			dir:      "plain-nginx",
			url:      "https://miller.example/",
			want:     []string{"nginx"},
			versions: map[string]string{"nginx": "1.24.0"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := webtech.Detect(loadSite(t, tc.dir, tc.url))
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if g := names(got); !slices.Equal(g, want) {
				t.Errorf("technologies\n got: %q\nwant: %q", g, want)
				for _, h := range got {
					t.Logf("  %s %.3f %v", h.Name, h.Confidence, h.Evidence)
				}
			}
			for name, v := range tc.versions {
				h, ok := find(got, name)
				if !ok {
					continue // already reported above
				}
				if h.Version != v {
					t.Errorf("%s version = %q, want %q", name, h.Version, v)
				}
			}
		})
	}
}

func TestDetectDNSSignals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   webtech.Input
		want []string
	}{
		{
			name: "verification tokens",
			in: webtech.Input{DNSTXT: []string{
				"MS=ms48211432",
				"facebook-domain-verification=abc123def456",
				"stripe-verification=0f1e2d3c4b5a",
				"docusign=1b2c3d4e-5f6a-7b8c-9d0e-1f2a3b4c5d6e",
				"ZOOM_verify_aBcDeFgHiJkLmNoP",
				"apple-domain-verification=AbCdEfGh12345678",
				"hubspot-developer-verification=OTk5OTk5OTk",
			}},
			want: []string{"Apple Business", "DocuSign", "HubSpot", "Meta Business Manager", "Microsoft 365", "Stripe", "Zoom"},
		},
		{
			name: "mail services named by the caller merge with txt tokens by name",
			in: webtech.Input{
				Mail: []webtech.Mail{
					{Name: "Mimecast", Category: webtech.EmailSecurityGateway, Source: webtech.SourceMX, Detail: "us-smtp-inbound-1.mimecast.com."},
					{Name: "Microsoft 365", Category: webtech.EmailHosting, Source: webtech.SourceSPF, Detail: "spf.protection.outlook.com"},
					{Name: "Postmark", Category: webtech.EmailSending, Source: webtech.SourceSPF, Detail: "spf.mtasv.net"},
				},
				DNSTXT: []string{"MS=ms1234", "v=spf1 include:mailgun.org -all"},
			},
			want: []string{"Microsoft 365", "Mimecast", "Postmark"},
		},
		{
			name: "no mail table of its own: MX hosts and SPF text alone name nothing",
			in: webtech.Input{
				DNSTXT: []string{"v=spf1 include:sendgrid.net include:_spf.google.com -all", "x-google-site-verification=abc"},
			},
			want: []string{},
		},
		{
			name: "mail observations without a name or with another source are ignored",
			in: webtech.Input{Mail: []webtech.Mail{
				{Name: " ", Category: webtech.EmailHosting, Source: webtech.SourceMX, Detail: "mx.example"},
				{Name: "Fastmail", Category: webtech.EmailHosting, Source: webtech.SourceHTML, Detail: "x"},
			}},
			want: []string{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if got := names(webtech.Detect(tc.in)); !slices.Equal(got, want) {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

func TestDetectVersionsAndRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		in          webtech.Input
		wantName    string
		wantVersion string
	}{
		{"apache server header", webtech.Input{Headers: http.Header{"Server": {"Apache/2.4.58 (Debian)"}}}, "Apache HTTP Server", "2.4.58"},
		{"iis server header", webtech.Input{Headers: http.Header{"Server": {"Microsoft-IIS/10.0"}}}, "Microsoft IIS", "10.0"},
		{"lower-case header names", webtech.Input{Headers: http.Header{"x-powered-by": {"PHP/8.2.12"}}}, "PHP", "8.2.12"},
		{"drupal generator", webtech.Input{HTML: []byte(`<meta name="Generator" content="Drupal 10 (https://www.drupal.org)">`)}, "Drupal", "10"},
		{"angular ng-version", webtech.Input{HTML: []byte(`<app-root ng-version="17.3.1"></app-root>`)}, "Angular", "17.3.1"},
		{"bootstrap from jsdelivr", webtech.Input{Links: []string{"https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/css/bootstrap.min.css"}}, "Bootstrap", "5.3.2"},
		{"caller supplied script srcs", webtech.Input{ScriptSrcs: []string{"https://js.stripe.com/v3/"}}, "Stripe", ""},
		{"iframe embed", webtech.Input{HTML: []byte(`<iframe src="https://player.vimeo.com/video/76979871"></iframe>`)}, "Vimeo", ""},
		{"cookie names from set-cookie", webtech.Input{Headers: http.Header{"Set-Cookie": {"laravel_session=abc; path=/; httponly"}}}, "Laravel", ""},
		{"page host", webtech.Input{URL: "https://my-app.herokuapp.com/login"}, "Heroku", ""},
		{"bare page host with port", webtech.Input{URL: "trail-gear.myshopify.com:443"}, "Shopify", ""},
		{"html entity in attribute", webtech.Input{HTML: []byte(`<script src="https://www.googletagmanager.com/gtag/js?id=G-ABC123&amp;l=dl"></script>`)}, "Google Analytics 4", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := webtech.Detect(tc.in)
			h, ok := find(got, tc.wantName)
			if !ok {
				t.Fatalf("%s not detected; got %q", tc.wantName, names(got))
			}
			if h.Version != tc.wantVersion {
				t.Errorf("version = %q, want %q", h.Version, tc.wantVersion)
			}
		})
	}
}

// TestLiteralsCountWhereBrowsersLoad holds HTML literals to where they are
// evidence: a vendor in commented-out code is not loaded (an IE conditional
// comment is, by old browsers), and an attribute or element literal counts
// in the page's tags, not named in a script or a stylesheet.
func TestLiteralsCountWhereBrowsersLoad(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, html string
		tech       string
		want       bool
	}{
		{"typekit in a comment", `<!-- <script src="//use.typekit.net/x1y2z3.js"></script> -->`, "Adobe Fonts", false},
		{"typekit in an IE conditional comment", `<!--[if lt IE 9]><link href="https://use.typekit.net/x1y2z3.css" rel="stylesheet"><![endif]-->`, "Adobe Fonts", true},
		{"typekit loaded", `<script src="//use.typekit.net/x1y2z3.js"></script>`, "Adobe Fonts", true},
		{"analytics property id in a comment", `<!-- ga('create', 'UA-4417210-3', 'auto'); -->`, "Google Analytics", false},
		{"analytics property id in a script", `<script>ga('create', 'UA-4417210-3', 'auto');</script>`, "Google Analytics", true},
		{"react root in markup", `<div id="root" data-reactroot=""><p>Hi</p></div>`, "React", true},
		{"react selector in a monitoring script", `<script>if (document.querySelector("[data-reactroot], [data-reactid]")) { fw.push("React"); }</script>`, "React", false},
		{"react selector in a stylesheet", `<style>[data-reactid=".hbspt-forms-0"] .hs-button{color:#fff}</style>`, "React", false},
		{"webflow attributes on html", `<html data-wf-page="64a1f0c2e4b0a1b2c3d4e5f6" data-wf-site="64a1f0c2e4b0a1b2c3d4e5f0">`, "Webflow", true},
		{"webflow attribute built in a script", `<script>el.setAttribute("data-wf-page=", id);</script>`, "Webflow", false},
		{"squarespace marker comment", `<!-- This is Squarespace. --><p>Hello</p>`, "Squarespace", true},
		{"mux element in markup", `<mux-player playback-id="a1b2"></mux-player>`, "Mux", true},
		{"mux element in a template string", `<script>box.innerHTML = "<mux-player playback-id=" + id + ">";</script>`, "Mux", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, got := find(webtech.Detect(webtech.Input{HTML: []byte(tc.html)}), tc.tech)
			if got != tc.want {
				t.Errorf("%s detected = %v, want %v", tc.tech, got, tc.want)
			}
		})
	}
}

func TestConfidenceCombinesAsNoisyOr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		in        webtech.Input
		tech      string
		want      float64
		nEvidence int
	}{
		{"one weak cookie", webtech.Input{Cookies: []string{"__cflb"}}, "Cloudflare", 0.8, 1},
		{"two independent cookies", webtech.Input{Cookies: []string{"__cflb", "cf_clearance"}}, "Cloudflare", 1 - 0.2*0.15, 2},
		{"a repeated cookie counts once", webtech.Input{Cookies: []string{"__cflb", "__cflb"}}, "Cloudflare", 0.8, 1},
		{
			"two rules on the same script count once, strongest wins",
			webtech.Input{ScriptSrcs: []string{"https://cdn.prod.website-files.com/1/js/webflow.abc123.js"}},
			"Webflow", 0.8, 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h, ok := find(webtech.Detect(tc.in), tc.tech)
			if !ok {
				t.Fatalf("%s not detected", tc.tech)
			}
			if diff := h.Confidence - tc.want; diff > 0.0005 || diff < -0.0005 {
				t.Errorf("confidence = %v, want %v", h.Confidence, tc.want)
			}
			if len(h.Evidence) != tc.nEvidence {
				t.Errorf("evidence = %+v, want %d items", h.Evidence, tc.nEvidence)
			}
		})
	}
}

func TestImpliedTechnologies(t *testing.T) {
	t.Parallel()
	got := webtech.Detect(webtech.Input{HTML: []byte(`<meta name="generator" content="WooCommerce 8.1.0">`)})
	wp, ok := find(got, "WordPress")
	if !ok {
		t.Fatalf("WordPress not implied; got %q", names(got))
	}
	if len(wp.Evidence) != 1 || wp.Evidence[0].Source != webtech.SourceImplied || wp.Evidence[0].Detail != "implied by WooCommerce" {
		t.Errorf("evidence = %+v", wp.Evidence)
	}
	if want := 0.9 * 0.95; wp.Confidence < want-0.0005 || wp.Confidence > want+0.0005 {
		t.Errorf("confidence = %v, want %v", wp.Confidence, want)
	}
	// Chains resolve: Docusaurus implies React.
	if _, ok := find(webtech.Detect(webtech.Input{HTML: []byte(`<meta name="generator" content="Docusaurus v3.1.0">`)}), "React"); !ok {
		t.Error("React not implied by Docusaurus")
	}
}

func TestNamesInProseDoNotTrigger(t *testing.T) {
	t.Parallel()
	var prose strings.Builder
	prose.WriteString("<html><body><h1>Our stack</h1><p>We love WordPress. ")
	for _, tech := range webtech.Technologies() {
		prose.WriteString("We tried " + tech.Name + " and " + strings.ToLower(tech.Name) + ". ")
	}
	prose.WriteString("</p></body></html>")
	if got := webtech.Detect(webtech.Input{HTML: []byte(prose.String())}); len(got) != 0 {
		for _, h := range got {
			t.Errorf("false positive %s from %+v", h.Name, h.Evidence)
		}
	}
	if got := webtech.Detect(webtech.Input{}); len(got) != 0 {
		t.Errorf("empty input produced %q", names(got))
	}
}

func TestLookalikesDoNotTrigger(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   webtech.Input
	}{
		{"script file named like a framework", webtech.Input{ScriptSrcs: []string{"/assets/member.js", "/js/video.js", "/static/frontend/app.js"}}},
		{"server header containing a product name later", webtech.Input{Headers: http.Header{"Server": {"my-nginx-clone"}, "X-Powered-By": {"NotExpress"}}}},
		{"links to vendor home pages in prose", webtech.Input{HTML: []byte(`<p>Read <a href="https://wordpress.org/">wordpress.org</a>, ` +
			`<a href="https://www.hotjar.com">hotjar.com</a> and <a href="https://stripe.com/docs">Stripe docs</a>.</p>`)}},
		{"vendor host as a path segment", webtech.Input{ScriptSrcs: []string{"/proxy/js.stripe.com/v3/", "https://cdn.example/static.hotjar.com.js"}}},
		{"generic cookies", webtech.Input{Cookies: []string{"session", "lang", "_csrf", "_gaq_custom"}}},
		{"unrelated generator", webtech.Input{HTML: []byte(`<meta name="generator" content="Notepad++ 8.6">`)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := webtech.Detect(tc.in); len(got) != 0 {
				for _, h := range got {
					t.Errorf("false positive %s from %+v", h.Name, h.Evidence)
				}
			}
		})
	}
}

func TestDetectOutputIsSortedDeterministicAndBounded(t *testing.T) {
	t.Parallel()
	in := loadSite(t, "wordpress-woocommerce-cloudflare", "https://shop.example/")
	in.Headers.Set("X-Powered-By", "PHP/8.3.1 "+strings.Repeat("x", 5000))
	first := webtech.Detect(in)
	for range 3 {
		again := webtech.Detect(in)
		if !slices.EqualFunc(first, again, func(a, b webtech.Hint) bool {
			return a.Name == b.Name && a.Confidence == b.Confidence && a.Version == b.Version &&
				slices.Equal(a.Evidence, b.Evidence)
		}) {
			t.Fatal("Detect is not deterministic")
		}
	}
	sorted := slices.IsSortedFunc(first, func(a, b webtech.Hint) int {
		if c := strings.Compare(string(a.Category), string(b.Category)); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	if !sorted {
		t.Errorf("hints not sorted by category then name: %q", names(first))
	}
	for _, h := range first {
		if h.Confidence <= 0 || h.Confidence > 1 {
			t.Errorf("%s confidence %v out of (0,1]", h.Name, h.Confidence)
		}
		if h.Website == "" || len(h.Evidence) == 0 {
			t.Errorf("%s lacks website or evidence", h.Name)
		}
		for _, e := range h.Evidence {
			if n := utf8.RuneCountInString(e.Detail); n > 120 {
				t.Errorf("%s evidence detail has %d runes", h.Name, n)
			}
		}
	}
	if _, ok := find(first, "PHP"); !ok {
		t.Error("PHP with long header value not detected")
	}
}

func TestDetectMailEvidence(t *testing.T) {
	t.Parallel()
	hints := webtech.Detect(webtech.Input{
		DNSTXT: []string{"MS=ms1234"},
		Mail: []webtech.Mail{
			{Name: "Microsoft 365", Category: webtech.EmailHosting, Source: webtech.SourceMX, Detail: "Acme-com.mail.protection.outlook.com."},
			{Name: "Microsoft 365", Category: webtech.EmailHosting, Source: webtech.SourceMX, Detail: "acme-com-2.mail.protection.outlook.com"},
			{Name: "Microsoft 365", Category: webtech.EmailHosting, Source: webtech.SourceSPF, Detail: "spf.protection.outlook.com"},
			{Name: "Proofpoint", Category: webtech.EmailSecurityGateway, Source: webtech.SourceSPF, Detail: "pphosted.com"},
		},
	})
	m, ok := find(hints, "Microsoft 365")
	if !ok {
		t.Fatalf("no Microsoft 365 hint: %+v", hints)
	}
	// One MX observation (two hosts of one provider are one signal), the SPF
	// target and the TXT token: 1 - (1-0.95)(1-0.85)(1-0.8).
	if m.Confidence != 0.999 || len(m.Evidence) != 3 || m.Website == "" || m.Category != webtech.EmailHosting {
		t.Errorf("Microsoft 365 = %+v", m)
	}
	p, ok := find(hints, "Proofpoint")
	if !ok || p.Category != webtech.EmailSecurityGateway || p.Confidence != 0.85 || p.Evidence[0] != (webtech.Evidence{Source: webtech.SourceSPF, Detail: "pphosted.com"}) {
		t.Errorf("Proofpoint = %+v, %v", p, ok)
	}
}
