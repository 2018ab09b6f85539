package webtech_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/webtech"
)

func TestCountAtLeast150(t *testing.T) {
	t.Parallel()
	if n := webtech.Count(); n < 150 {
		t.Fatalf("Count() = %d, want >= 150", n)
	}
	if n, m := webtech.Count(), len(webtech.Technologies()); n != m {
		t.Fatalf("Count() = %d but Technologies() has %d", n, m)
	}
}

func TestRuleSetIntegrity(t *testing.T) {
	t.Parallel()
	techs := webtech.Technologies()
	byName := make(map[string]bool, len(techs))
	lowerNames := make(map[string]bool, len(techs))
	for _, tech := range techs {
		if byName[tech.Name] {
			t.Errorf("duplicate technology %q", tech.Name)
		}
		byName[tech.Name] = true
		lowerNames[strings.ToLower(tech.Name)] = true
	}
	for _, tech := range techs {
		if strings.TrimSpace(tech.Name) != tech.Name || tech.Name == "" {
			t.Errorf("bad name %q", tech.Name)
		}
		if !tech.Category.Valid() {
			t.Errorf("%s: invalid category %q", tech.Name, tech.Category)
		}
		if u, err := url.Parse(tech.Website); err != nil || u.Scheme != "https" || u.Host == "" {
			t.Errorf("%s: website %q is not an https URL", tech.Name, tech.Website)
		}
		if len(tech.Rules) == 0 {
			t.Errorf("%s: no rules", tech.Name)
		}
		for _, r := range tech.Rules {
			if r.Weight <= 0 || r.Weight > 1 {
				t.Errorf("%s: rule %s weight out of (0,1]", tech.Name, r)
			}
			if r.Kind != webtech.MatchPresent && r.Pattern == "" {
				t.Errorf("%s: rule %s has an empty pattern", tech.Name, r)
			}
			if strings.Count(r.Pattern, "(?P<version>") > 1 {
				t.Errorf("%s: rule %s has more than one version group", tech.Name, r)
			}
			if (r.Source == webtech.SourceHTML || r.Source == webtech.SourceSnippet) && lowerNames[strings.ToLower(strings.TrimSpace(r.Pattern))] {
				t.Errorf("%s: HTML rule %s is a bare product name", tech.Name, r)
			}
		}
		for _, implied := range tech.Implies {
			if implied == tech.Name || !byName[implied] {
				t.Errorf("%s: implies unknown or self technology %q", tech.Name, implied)
			}
		}
	}
}

func TestCategoriesRequiredByBriefAreUsed(t *testing.T) {
	t.Parallel()
	used := make(map[webtech.Category]int)
	for _, tech := range webtech.Technologies() {
		used[tech.Category]++
	}
	// Mail gateways are only ever named by the caller (Input.Mail).
	used[webtech.EmailSecurityGateway]++
	for _, c := range webtech.Categories() {
		if used[c] == 0 {
			t.Errorf("category %q has no technology", c)
		}
	}
}

// TestRequiredTechnologiesPresent lists the technologies the rule table must
// recognise. Mail senders, gateways and mailbox providers seen only in MX and
// SPF (SendGrid, Mailgun, Postmark, Mimecast, Proofpoint...) are not here:
// the caller names them through Input.Mail.
func TestRequiredTechnologiesPresent(t *testing.T) {
	t.Parallel()
	required := []string{
		"WordPress", "Drupal", "Joomla", "Ghost", "Webflow", "Wix", "Squarespace", "HubSpot CMS", "Contentful",
		"Shopify", "WooCommerce", "Magento", "BigCommerce", "PrestaShop", "Salesforce Commerce Cloud",
		"Google Analytics", "Google Analytics 4", "Google Tag Manager", "Segment", "Mixpanel", "Amplitude", "Heap",
		"Hotjar", "Microsoft Clarity", "Matomo", "Plausible", "Fathom", "Adobe Analytics", "HubSpot", "Marketo",
		"Pardot", "Mailchimp", "Klaviyo", "ActiveCampaign", "Salesforce", "Intercom", "Drift", "Zendesk",
		"Freshdesk", "LiveChat", "Crisp", "Tawk.to", "Olark", "Cloudflare", "Fastly", "Akamai", "Amazon CloudFront",
		"Vercel", "Netlify", "Heroku", "GitHub Pages", "Google Cloud", "Microsoft Azure", "Stripe", "PayPal",
		"Braintree", "Adyen", "Klarna", "Amazon SES",
		"React", "Next.js", "Vue.js", "Nuxt", "Angular", "Svelte", "jQuery", "Gatsby", "nginx", "Apache HTTP Server",
		"Microsoft IIS", "LiteSpeed", "OneTrust", "Cookiebot", "Optimizely", "VWO", "Calendly", "Okta", "Auth0",
		"Vimeo", "Wistia", "YouTube", "Google Fonts", "Adobe Fonts", "Algolia", "Typeform", "Google reCAPTCHA",
		"hCaptcha", "Facebook Pixel", "LinkedIn Insight Tag", "Google Ads", "Microsoft Advertising", "TikTok Pixel",
		"Sentry", "New Relic", "Datadog RUM", "Bootstrap", "Tailwind CSS", "Font Awesome", "Unbounce", "Leadfeeder",
		"6sense", "Clearbit", "ZoomInfo", "Gong", "Outreach", "Salesloft", "Chili Piper", "Qualified",
	}
	have := make(map[string]bool)
	for _, tech := range webtech.Technologies() {
		have[tech.Name] = true
	}
	for _, n := range required {
		if !have[n] {
			t.Errorf("required technology %q missing", n)
		}
	}
}

func TestTechnologiesReturnsACopy(t *testing.T) {
	t.Parallel()
	a := webtech.Technologies()
	a[0].Name = "mutated"
	a[0].Rules[0].Weight = 0
	b := webtech.Technologies()
	if b[0].Name == "mutated" || b[0].Rules[0].Weight == 0 {
		t.Fatal("Technologies() exposes the internal table")
	}
}

// literalInput builds the smallest Input that a non-regexp rule must match.
func literalInput(r webtech.Rule) (webtech.Input, bool) {
	switch {
	case r.Source == webtech.SourceHeader && r.Kind == webtech.MatchPresent:
		return webtech.Input{Headers: http.Header{r.Key: {"1"}}}, true
	case r.Source == webtech.SourceMeta && r.Kind == webtech.MatchPresent:
		return webtech.Input{HTML: []byte(`<meta name="` + r.Key + `" content="x">`)}, true
	case r.Source == webtech.SourceCookie && r.Kind == webtech.MatchExact:
		return webtech.Input{Cookies: []string{r.Pattern}}, true
	case r.Source == webtech.SourceCookie && r.Kind == webtech.MatchPrefix:
		return webtech.Input{Cookies: []string{r.Pattern + "x1"}}, true
	case r.Source == webtech.SourceHTML && r.Kind == webtech.MatchContains:
		return webtech.Input{HTML: []byte(r.Pattern)}, true
	case r.Source == webtech.SourceSnippet && r.Kind == webtech.MatchContains:
		return webtech.Input{HTML: []byte("<script>" + r.Pattern + "</script>")}, true
	case r.Source == webtech.SourceLegacyHost && r.Kind == webtech.MatchHostSuffix:
		return webtech.Input{ScriptSrcs: []string{"https://" + r.Pattern + "/a.js"}}, true
	case r.Source == webtech.SourceScript && r.Kind == webtech.MatchHostSuffix:
		return webtech.Input{ScriptSrcs: []string{"https://" + r.Pattern + "/a.js"}}, true
	case r.Source == webtech.SourceLink && r.Kind == webtech.MatchHostSuffix:
		return webtech.Input{Links: []string{"https://" + r.Pattern + "/a.css"}}, true
	case r.Source == webtech.SourceIframe && r.Kind == webtech.MatchHostSuffix:
		return webtech.Input{HTML: []byte(`<iframe src="https://` + r.Pattern + `/embed"></iframe>`)}, true
	case r.Source == webtech.SourceURL:
		return webtech.Input{URL: "https://" + r.Pattern + "/"}, true
	case r.Source == webtech.SourceDNSTXT:
		return webtech.Input{DNSTXT: []string{r.Pattern + "a1b2c3"}}, true
	}
	return webtech.Input{}, false
}

// TestEveryLiteralRuleFires drives each non-regexp rule through Detect with a
// minimal matching input, which catches typos such as a scheme in a host
// rule or a pattern no input can reach.
func TestEveryLiteralRuleFires(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, tech := range webtech.Technologies() {
		for _, r := range tech.Rules {
			in, ok := literalInput(r)
			if !ok {
				continue
			}
			checked++
			h, found := find(webtech.Detect(in), tech.Name)
			if !found {
				t.Errorf("%s: rule %s does not fire on its own input", tech.Name, r)
				continue
			}
			if !slices.ContainsFunc(h.Evidence, func(e webtech.Evidence) bool { return e.Source == r.Source }) {
				t.Errorf("%s: rule %s fired without %s evidence: %+v", tech.Name, r, r.Source, h.Evidence)
			}
		}
	}
	if checked < 400 {
		t.Errorf("only %d literal rules checked", checked)
	}
}
