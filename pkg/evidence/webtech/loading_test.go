package webtech_test

import (
	"slices"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/webtech"
)

// TestLoadingForms is the table test of the loading forms: each case is one
// way a page makes the browser load a vendor's code, with the evidence
// source it must be reported under and the least confidence it must get.
func TestLoadingForms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		html    string
		tech    string
		source  webtech.Source
		detail  string
		minConf float64
	}{
		{"preload as=script", `<link rel="preload" href="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" as="script">`,
			"OneTrust", webtech.SourcePreload, "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js", 0.9},
		{"modulepreload without as", `<link rel="modulepreload" href="/_next/static/chunks/main-app-1a2b.js">`,
			"Next.js", webtech.SourcePreload, "/_next/static/chunks/main-app-1a2b.js", 0.9},
		{"prefetch of a script URL", `<link rel="prefetch" href="https://static.hotjar.com/c/hotjar-3141592.js?sv=6">`,
			"Hotjar", webtech.SourcePreload, "https://static.hotjar.com/c/hotjar-3141592.js?sv=6", 0.9},
		{"protocol-relative loader literal", `<script>var e=document.createElement('script');e.src='//static.chartbeat.com/js/chartbeat.js';</script>`,
			"Chartbeat", webtech.SourceInlineScript, "//static.chartbeat.com/js/chartbeat.js", 0.88},
		{"src assignment of a non-.js URL", `<script>s.src = "https://widget.intercom.io/widget/" + APP_ID;</script>`,
			"Intercom", webtech.SourceInlineScript, "https://widget.intercom.io/widget/", 0.88},
		{"literal a loader appends an id to", `<script>r.async=1;r.src=h._hjSettings.base+'x';var u='https://static.hotjar.com/c/hotjar-'+h._hjSettings.hjid;</script>`,
			"Hotjar", webtech.SourceInlineScript, "https://static.hotjar.com/c/hotjar-", 0.88},
		{"JSON-escaped list in code", `<script>var urls = ["https:\/\/static.klaviyo.com\/onsite\/js\/klaviyo.js?company_id=AbC123\u0026shop=x.myshopify.com"];</script>`,
			"Klaviyo", webtech.SourceInlineJSON, "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123&shop=x.myshopify.com", 0.85},
		{"unicode-escaped slashes", `<script>load("https:\u002F\u002Fjs.hs-scripts.com\u002F4021.js")</script>`,
			"HubSpot", webtech.SourceInlineJSON, "https://js.hs-scripts.com/4021.js", 0.85},
		{"script URL in a JSON data block", `<script type="application/json" id="cfg">{"widgets":[{"src":"https://code.tidio.co/abc123.js"}]}</script>`,
			"Tidio", webtech.SourceInlineJSON, "https://code.tidio.co/abc123.js", 0.85},
		{"HTML character references in a script body", `<script>s.src='https:&#x2F;&#x2F;cdn.segment.com&#x2F;analytics.js&#x2F;v1&#x2F;k&#x2F;analytics.min.js';</script>`,
			"Segment", webtech.SourceInlineScript, "https://cdn.segment.com/analytics.js/v1/k/analytics.min.js", 0.88},
		{"chartbeat config snippet", `<script>var _sf_async_config = window._sf_async_config || {}; _sf_async_config.uid = 1;</script>`,
			"Chartbeat", webtech.SourceSnippet, "_sf_async_config", 0.85},
		{"sentry init snippet", `<script>Sentry.onLoad(function(){Sentry.init({tracesSampleRate:0.2})});</script>`,
			"Sentry", webtech.SourceSnippet, "Sentry.init(", 0.85},
		{"raven config snippet", `<script>Raven.config('https://k@sentry.example/2').install();</script>`,
			"Sentry", webtech.SourceSnippet, "Raven.config(", 0.85},
		{"ad manager command queue", `<script>googletag.cmd.push(function(){googletag.display('div-1')});</script>`,
			"Google Ad Manager", webtech.SourceSnippet, "googletag.cmd.push(", 0.85},
		{"amazon publisher services init", `<script>apstag.init({pubID:'abc',adServer:'googletag'});</script>`,
			"Amazon Publisher Services", webtech.SourceSnippet, "apstag.init(", 0.85},
		{"adsense push", `<script>(adsbygoogle = window.adsbygoogle || []).push({});</script>`,
			"Google AdSense", webtech.SourceSnippet, "(adsbygoogle = window.adsbygoogle || []).push(", 0.85},
		{"klaviyo queue", `<script>var _learnq = _learnq || [];</script>`,
			"Klaviyo", webtech.SourceSnippet, "_learnq =", 0.85},
		{"consent-blocked loader (type=text/plain)", `<script type="text/plain" class="optanon-category-C0004">apstag.fetchBids({slots:[]},function(){});</script>`,
			"Amazon Publisher Services", webtech.SourceSnippet, "apstag.fetchBids(", 0.85},
		{"legacy host as script src", `<script src="https://cdn.ravenjs.com/3.27.2/raven.min.js"></script>`,
			"Sentry", webtech.SourceLegacyHost, "https://cdn.ravenjs.com/3.27.2/raven.min.js", 0.9},
		{"legacy path in an inline loader", `<script>u.src='//platform.twitter.com/oct.js';</script>`,
			"X Pixel", webtech.SourceLegacyHost, "//platform.twitter.com/oct.js", 0.83},
		{"legacy ad manager host", `<script async src="https://www.googletagservices.com/tag/js/gpt.js"></script>`,
			"Google Ad Manager", webtech.SourceLegacyHost, "https://www.googletagservices.com/tag/js/gpt.js", 0.9},
		{"legacy typekit host", `<script src="https://use.typekit.com/abc1def.js"></script>`,
			"Adobe Fonts", webtech.SourceLegacyHost, "https://use.typekit.com/abc1def.js", 0.9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h, ok := find(webtech.Detect(webtech.Input{HTML: []byte(tc.html)}), tc.tech)
			if !ok {
				t.Fatalf("%s not detected", tc.tech)
			}
			want := webtech.Evidence{Source: tc.source, Detail: tc.detail}
			if !slices.Contains(h.Evidence, want) {
				t.Errorf("evidence %+v, want it to contain %+v", h.Evidence, want)
			}
			if h.Confidence < tc.minConf || h.Confidence > 1 {
				t.Errorf("confidence %.3f, want >= %.2f", h.Confidence, tc.minConf)
			}
		})
	}
}

// TestLoadingFormsRankBySurety checks the confidence order of the forms for
// one vendor: <script src> > preload > inline literal > escaped JSON >
// snippet signature.
func TestLoadingFormsRankBySurety(t *testing.T) {
	t.Parallel()
	pages := []string{
		`<script src="https://static.chartbeat.com/js/chartbeat.js"></script>`,
		`<link rel="preload" as="script" href="https://static.chartbeat.com/js/chartbeat.js">`,
		`<script>e.src='//static.chartbeat.com/js/chartbeat.js';</script>`,
		`<script>var l=["https:\/\/static.chartbeat.com\/js\/chartbeat.js"];</script>`,
		`<script>var _sf_async_config = {uid: 1};</script>`,
	}
	prev := 2.0
	for _, p := range pages {
		h, ok := find(webtech.Detect(webtech.Input{HTML: []byte(p)}), "Chartbeat")
		if !ok {
			t.Fatalf("Chartbeat not detected in %s", p)
		}
		if h.Confidence >= prev {
			t.Errorf("%s: confidence %.3f not below the surer form's %.3f", p, h.Confidence, prev)
		}
		prev = h.Confidence
	}
}

// TestLoadingFormsMerge checks that several forms of one vendor are listed
// together, count as one observation and never lower what a <script src>
// established.
func TestLoadingFormsMerge(t *testing.T) {
	t.Parallel()
	page := `<link rel="preload" as="script" href="https://static.chartbeat.com/js/chartbeat.js">` +
		`<script>var _sf_async_config={uid:1};e.src='//static.chartbeat.com/js/chartbeat.js';</script>`
	h, ok := find(webtech.Detect(webtech.Input{HTML: []byte(page)}), "Chartbeat")
	if !ok {
		t.Fatal("Chartbeat not detected")
	}
	var forms []webtech.Source
	for _, e := range h.Evidence {
		forms = append(forms, e.Source)
	}
	slices.Sort(forms)
	if want := []webtech.Source{webtech.SourceInlineScript, webtech.SourcePreload, webtech.SourceSnippet}; !slices.Equal(forms, want) {
		t.Errorf("forms %q, want %q", forms, want)
	}
	if h.Confidence != 0.903 { // the preload's 0.95 × 0.95, the strongest form
		t.Errorf("confidence %.3f, want 0.903 (the strongest form, not a noisy-or)", h.Confidence)
	}
	src := `<script src="https://static.chartbeat.com/js/chartbeat.js"></script>`
	only, _ := find(webtech.Detect(webtech.Input{HTML: []byte(src)}), "Chartbeat")
	both, _ := find(webtech.Detect(webtech.Input{HTML: []byte(src + page)}), "Chartbeat")
	if only.Confidence != both.Confidence {
		t.Errorf("script src alone %.3f, with the other forms %.3f: want equal", only.Confidence, both.Confidence)
	}
}

// TestLoadingFormsIgnoreNamesAndNonLoads checks what must not fire: vendor
// names and code shapes in visible text, attributes and meta; URLs in
// JSON-LD, comments, plain links and non-script JSON values; and URLs
// concatenated from parts.
func TestLoadingFormsIgnoreNamesAndNonLoads(t *testing.T) {
	t.Parallel()
	pages := map[string]string{
		"prose":     `<p>We use Sentry and Klaviyo; we left Chartbeat. apstag.init( and _sf_async_config are in our docs.</p>`,
		"meta":      `<meta name="description" content="Chartbeat, Sentry, Klaviyo, googletag.cmd.push(">`,
		"attribute": `<div title="apstag.init( _sf_async_config googletag.cmd.push(" data-x="Raven.config("></div>`,
		"json-ld":   `<script type="application/ld+json">{"sameAs":["https://static.chartbeat.com/js/chartbeat.js"]}</script>`,
		"template":  `<script type="text/x-template"><div>_sf_async_config</div></script>`,
		"js comment": `<script>// see https://static.chartbeat.com/js/chartbeat.js for the docs
var x = 1;</script>`,
		"plain link in js":  `<script>var help = "https://www.klaviyo.com/blog";</script>`,
		"non-script json":   `<script type="application/json">{"logo":"https:\/\/static.chartbeat.com\/img\/logo.png"}</script>`,
		"concatenated host": `<script>e.src = 'https://' + 'static.chartbeat.com/js/chartbeat.js';</script>`,
		"preload as style":  `<link rel="preload" as="style" href="https://cdn.cookielaw.org/a.js">`,
		"anchor href":       `<a href="https://cdn.ravenjs.com/3.27.2/raven.min.js">raven</a>`,
	}
	for name, page := range pages {
		for _, h := range webtech.Detect(webtech.Input{HTML: []byte(page)}) {
			for _, e := range h.Evidence {
				switch e.Source {
				case webtech.SourcePreload, webtech.SourceInlineScript, webtech.SourceInlineJSON,
					webtech.SourceSnippet, webtech.SourceLegacyHost:
					t.Errorf("%s: %s detected from %+v", name, h.Name, e)
				}
			}
		}
	}
}
