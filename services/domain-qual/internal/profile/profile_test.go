package profile_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/dkim"
	"github.com/intel402/intel402/services/domain-qual/internal/dmarc"
	"github.com/intel402/intel402/services/domain-qual/internal/profile"
)

// fixtureSites registers the fixture websites:
//
//   - northwind-traders.com: WordPress 5.8.3 with HubSpot over HTTPS, no
//     HSTS; http:// redirects to https://.
//   - contoso-pharma.com: https:// and http:// redirect to https://www.,
//     which is Drupal 11 with HSTS and a CSP.
//   - fabrikam-logistics.com: HTTP only (the TLS handshake fails).
//   - old-brand.net: a for-sale parking page over HTTPS.
//   - www.wingtip-labs.io: the apex has no address; www answers.
//   - tailspin-toys.org: no address at all.
func fixtureSites(t *testing.T) (*sites, *profile.Profiler) {
	s := startSites(t)
	s.byHost["northwind-traders.com"] = site{
		https: page(t, "northwind.html", map[string]string{
			"X-Frame-Options":                     "SAMEORIGIN",
			"Content-Security-Policy-Report-Only": "default-src 'self'",
			"Set-Cookie":                          "hubspotutk=5a1c; Path=/",
		}),
		http: redirect(func() string { return s.url("https", "northwind-traders.com", "/") }),
	}
	s.byHost["contoso-pharma.com"] = site{
		https: redirect(func() string { return s.url("https", "www.contoso-pharma.com", "/") }),
		http:  redirect(func() string { return s.url("https", "www.contoso-pharma.com", "/") }),
	}
	s.byHost["www.contoso-pharma.com"] = site{
		https: page(t, "contoso.html", map[string]string{
			"Strict-Transport-Security": "max-age=31536000; includeSubDomains; preload",
			"Content-Security-Policy":   "default-src 'self'",
			"X-Content-Type-Options":    "nosniff",
			"Referrer-Policy":           "strict-origin-when-cross-origin",
			"Permissions-Policy":        "camera=()",
			"X-Generator":               "Drupal 11 (https://www.drupal.org)",
		}),
	}
	s.byHost["fabrikam-logistics.com"] = site{http: page(t, "fabrikam.html", nil)}
	s.byHost["old-brand.net"] = site{
		https: page(t, "parked.html", nil),
		http:  redirect(func() string { return s.url("https", "old-brand.net", "/") }),
	}
	s.byHost["www.wingtip-labs.io"] = site{
		https: page(t, "wingtip.html", nil),
		http:  redirect(func() string { return s.url("https", "www.wingtip-labs.io", "/") }),
	}
	p := loopbackProfiler(t, s, "northwind-traders.com", "contoso-pharma.com", "www.contoso-pharma.com",
		"fabrikam-logistics.com", "old-brand.net", "www.wingtip-labs.io")
	return s, p
}

func flagIDs(fs []profile.Flag) []profile.FlagID {
	out := []profile.FlagID{}
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

func boolPtr(b bool) *bool { return &b }

func TestProfileFixtures(t *testing.T) {
	s, p := fixtureSites(t)
	tests := []struct {
		name           string
		domain         string
		selector       string
		reachable      bool
		https          bool
		redirects      *bool
		finalURL       string
		redirectChain  int
		attempts       []string // outcomes in order
		errCode        string
		wantFlags      []profile.FlagID
		wantHints      []string // technology names that must be present
		forbidHints    []string
		wantDMARC      dmarc.Status
		wantDKIMStatus dkim.Status
	}{
		{name: "WordPress site with weak mail policy", domain: "northwind-traders.com",
			reachable: true, https: true, redirects: boolPtr(true), finalURL: s.url("https", "northwind-traders.com", "/"),
			attempts: []string{"ok", "ok"},
			wantFlags: []profile.FlagID{profile.FlagDMARCNotEnforced, profile.FlagOutdatedCMS, profile.FlagDKIMNotFound,
				profile.FlagNoEmailSecurityGateway, profile.FlagHSTSMissing, profile.FlagCompetitorMarketingAutom},
			wantHints:   []string{"WordPress", "HubSpot", "Google Workspace", "Google Search Console"},
			forbidHints: []string{"Drupal", "Proofpoint"},
			wantDMARC:   dmarc.StatusFound, wantDKIMStatus: dkim.StatusNotFound},
		{name: "well configured site behind a gateway", domain: "contoso-pharma.com", selector: "selector1",
			reachable: true, https: true, redirects: boolPtr(true), finalURL: s.url("https", "www.contoso-pharma.com", "/"), redirectChain: 1,
			attempts:    []string{"ok", "ok"},
			wantFlags:   []profile.FlagID{profile.FlagCompetitorEmailSecurity},
			wantHints:   []string{"Drupal", "Proofpoint", "Microsoft 365"},
			forbidHints: []string{"WordPress", "HubSpot"},
			wantDMARC:   dmarc.StatusFound, wantDKIMStatus: dkim.StatusFound},
		{name: "HTTP-only site with a broken SPF policy", domain: "fabrikam-logistics.com",
			reachable: true, https: false, redirects: boolPtr(false), finalURL: s.url("http", "fabrikam-logistics.com", "/"),
			attempts: []string{string(fetch.CodeNetwork), "ok"},
			wantFlags: []profile.FlagID{profile.FlagDMARCNotEnforced, profile.FlagSPFTooManyLookups, profile.FlagSPFPermissiveAll,
				profile.FlagHTTPSUnavailable, profile.FlagDKIMNotFound},
			wantDMARC: dmarc.StatusMissing, wantDKIMStatus: dkim.StatusNotFound},
		{name: "parked for-sale page", domain: "old-brand.net",
			reachable: true, https: true, redirects: boolPtr(true), finalURL: s.url("https", "old-brand.net", "/"),
			attempts:  []string{"ok", "ok"},
			wantFlags: []profile.FlagID{profile.FlagParkedDomain, profile.FlagHSTSMissing},
			wantDMARC: dmarc.StatusFound, wantDKIMStatus: dkim.StatusNotFound},
		{name: "apex without address falls back to www", domain: "wingtip-labs.io",
			reachable: true, https: true, redirects: boolPtr(true), finalURL: s.url("https", "www.wingtip-labs.io", "/"),
			attempts:  []string{string(fetch.CodeDNSFailure), string(fetch.CodeDNSFailure), "ok", "ok"},
			wantFlags: []profile.FlagID{profile.FlagHSTSMissing},
			wantDMARC: dmarc.StatusFound, wantDKIMStatus: dkim.StatusNotFound},
		{name: "unreachable site", domain: "tailspin-toys.org",
			attempts:  []string{string(fetch.CodeDNSFailure), string(fetch.CodeDNSFailure), string(fetch.CodeDNSFailure), string(fetch.CodeDNSFailure)},
			errCode:   string(fetch.CodeDNSFailure),
			wantFlags: []profile.FlagID{profile.FlagDKIMNotFound, profile.FlagNoEmailSecurityGateway, profile.FlagSiteUnreachable},
			wantHints: []string{"Microsoft 365"},
			wantDMARC: dmarc.StatusFound, wantDKIMStatus: dkim.StatusNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			res, err := p.Profile(ctx, mustName(t, tc.domain), tc.selector)
			if err != nil {
				t.Fatalf("Profile: %v", err)
			}
			if res.Domain != tc.domain || !res.CheckedAt.Equal(fixedNow) || res.DNSAudit.Domain != tc.domain {
				t.Errorf("domain %q checked_at %v audit domain %q", res.Domain, res.CheckedAt, res.DNSAudit.Domain)
			}
			w := res.WebsiteMetadata
			if w.Reachable != tc.reachable || w.HTTPSAvailable != tc.https || !equalBoolPtr(w.HTTPRedirectsToHTTPS, tc.redirects) {
				t.Errorf("reachable=%v https=%v redirects=%v, want %v %v %v", w.Reachable, w.HTTPSAvailable, fmtBoolPtr(w.HTTPRedirectsToHTTPS),
					tc.reachable, tc.https, fmtBoolPtr(tc.redirects))
			}
			if w.FinalURL != tc.finalURL || len(w.RedirectChain) != tc.redirectChain {
				t.Errorf("final_url %q redirect_chain %v, want %q with %d hops", w.FinalURL, w.RedirectChain, tc.finalURL, tc.redirectChain)
			}
			var outcomes []string
			for _, a := range w.Attempts {
				outcomes = append(outcomes, a.Outcome)
			}
			if !slices.Equal(outcomes, tc.attempts) {
				t.Errorf("attempts %+v, want outcomes %v", w.Attempts, tc.attempts)
			}
			switch {
			case tc.errCode == "" && w.Error != nil:
				t.Errorf("unexpected website error %+v", w.Error)
			case tc.errCode != "" && (w.Error == nil || w.Error.Code != tc.errCode || w.Error.Message == ""):
				t.Errorf("website error %+v, want code %s", w.Error, tc.errCode)
			}
			if tc.reachable && (w.Source == nil || !strings.HasPrefix(w.Source.ID, "src_") || len(w.Source.ContentHash) != 64 || w.Status != 200) {
				t.Errorf("source %+v status %d", w.Source, w.Status)
			}
			if !tc.reachable && (w.Source != nil || w.SecurityHeaders != nil || w.TLS != nil) {
				t.Errorf("unreachable site has source %v headers %v tls %v", w.Source, w.SecurityHeaders, w.TLS)
			}
			if got := flagIDs(res.OpportunityFlags); !slices.Equal(got, tc.wantFlags) {
				t.Errorf("flags %v, want %v", got, tc.wantFlags)
			}
			for _, f := range res.OpportunityFlags {
				if len(f.Evidence) == 0 || f.Rule == "" || f.Title == "" || f.Detail == "" {
					t.Errorf("flag %s lacks evidence, rule, title or detail: %+v", f.ID, f)
				}
			}
			names := map[string]profile.TechnologyHint{}
			for _, h := range res.TechnologyHints {
				names[h.Name] = h
			}
			for _, n := range tc.wantHints {
				if h, ok := names[n]; !ok || len(h.Evidence) == 0 {
					t.Errorf("missing technology hint %s (got %v)", n, keys(names))
				}
			}
			for _, n := range tc.forbidHints {
				if _, ok := names[n]; ok {
					t.Errorf("unexpected technology hint %s", n)
				}
			}
			if res.DNSAudit.DMARC.Status != tc.wantDMARC || res.DNSAudit.DKIM.Status != tc.wantDKIMStatus {
				t.Errorf("audit dmarc %s dkim %s, want %s %s", res.DNSAudit.DMARC.Status, res.DNSAudit.DKIM.Status, tc.wantDMARC, tc.wantDKIMStatus)
			}
		})
	}
}

// TestProfileDescriptionFallsBack: a page whose meta description is the
// template's gets the hero's statement of what the company does, cited as
// such; a page that states nothing gets no description.
func TestProfileDescriptionFallsBack(t *testing.T) {
	_, p := fixtureSites(t)
	tests := []struct{ domain, want, from string }{
		{"wingtip-labs.io", "Robots that sort returns. Wingtip Labs builds robotic arms that sort returned parcels for e-commerce warehouses.", "hero"},
		{"fabrikam-logistics.com", "", ""},
	}
	for _, tt := range tests {
		res, err := p.Profile(context.Background(), mustName(t, tt.domain), "")
		if err != nil {
			t.Fatal(err)
		}
		if w := res.WebsiteMetadata; w.Description != tt.want || w.DescriptionFrom != tt.from {
			t.Errorf("%s: description %q from %q, want %q from %q", tt.domain, w.Description, w.DescriptionFrom, tt.want, tt.from)
		}
	}
}

func TestProfileWebsiteMetadata(t *testing.T) {
	s, p := fixtureSites(t)
	res, err := p.Profile(context.Background(), mustName(t, "northwind-traders.com"), "")
	if err != nil {
		t.Fatal(err)
	}
	w := res.WebsiteMetadata
	base := s.url("https", "northwind-traders.com", "")
	checks := []struct{ field, got, want string }{
		{"title", w.Title, "Northwind Traders | Speciality food importers"},
		{"description", w.Description, "Northwind Traders imports speciality foods from around the world for retailers and restaurants."},
		{"description_from", w.DescriptionFrom, "description"},
		{"canonical", w.Canonical, base + "/"},
		{"language", w.Language, "en-GB"},
		{"generator", w.Generator, "WordPress 5.8.3"},
		{"favicon", w.Favicon, base + "/wp-content/uploads/2021/03/favicon-32.png"},
		{"og title", w.OpenGraph.Title, "Northwind Traders"},
		{"og image", w.OpenGraph.Image, base + "/wp-content/uploads/2021/03/og-card.jpg"},
		{"og site_name", w.OpenGraph.SiteName, "Northwind Traders"},
		{"og type", w.OpenGraph.Type, "website"},
		{"x_frame_options", w.SecurityHeaders.XFrameOptions, "SAMEORIGIN"},
		{"csp", string(w.SecurityHeaders.CSP), string(profile.CSPReportOnly)},
		{"x_content_type_options", w.SecurityHeaders.XContentTypeOptions, ""},
		{"tls version", w.TLS.Version, "TLS 1.3"},
		{"source url", w.Source.URL, base + "/"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.field, c.got, c.want)
		}
	}
	if w.Name == nil || w.Name.Value != "Northwind Traders" || !slices.Contains(w.Name.From, "og:site_name") ||
		!slices.Contains(w.Name.From, "domain") || w.Name.Confidence <= 0.5 {
		t.Errorf("name = %+v, want Northwind Traders from og:site_name and the domain at least", w.Name)
	}
	if len(w.SocialProfiles) != 1 || w.SocialProfiles[0].Network != "linkedin" || w.SocialProfiles[0].URL != "https://www.linkedin.com/company/northwind-traders" {
		t.Errorf("social_profiles = %+v", w.SocialProfiles)
	}
	if !slices.Equal(w.ContactPages, []string{base + "/contact/"}) || !slices.Equal(w.CareersPages, []string{base + "/careers/"}) {
		t.Errorf("contact %v careers %v", w.ContactPages, w.CareersPages)
	}
	if w.SecurityHeaders.HSTS.Present {
		t.Errorf("hsts = %+v, want absent", w.SecurityHeaders.HSTS)
	}
	if !strings.Contains(w.TLS.Issuer, "intel402 fixture sites") || w.TLS.NotAfter == nil || !w.TLS.NotAfter.Equal(certNotAfter) {
		t.Errorf("tls = %+v, want the fixture CA expiring %v", w.TLS, certNotAfter)
	}
	if !w.Source.RetrievedAt.Equal(fixedNow) {
		t.Errorf("retrieved_at = %v", w.Source.RetrievedAt)
	}
	var wp profile.TechnologyHint
	for _, h := range res.TechnologyHints {
		if h.Name == "WordPress" {
			wp = h
		}
	}
	if wp.Version != "5.8.3" || wp.Category != "cms" || wp.Confidence < 0.9 {
		t.Errorf("WordPress hint = %+v, want version 5.8.3 in cms with high confidence", wp)
	}
	var cms profile.Flag
	for _, f := range res.OpportunityFlags {
		if f.ID == profile.FlagOutdatedCMS {
			cms = f
		}
	}
	if !strings.Contains(strings.Join(cms.Evidence, "\n"), "WordPress 5.8.3 detected; minimum 6.5 (as of 2026-11-01)") ||
		!strings.Contains(strings.Join(cms.Evidence, "\n"), "meta: generator") {
		t.Errorf("outdated_cms evidence = %q", cms.Evidence)
	}

	// contoso: HSTS and CSP parsed from the www page after one redirect.
	res, err = p.Profile(context.Background(), mustName(t, "contoso-pharma.com"), "selector1")
	if err != nil {
		t.Fatal(err)
	}
	w = res.WebsiteMetadata
	wantHSTS := profile.HSTS{Present: true, MaxAge: 31536000, IncludeSubdomains: true, Preload: true}
	if w.SecurityHeaders.HSTS != wantHSTS || w.SecurityHeaders.CSP != profile.CSPEnforced ||
		w.SecurityHeaders.ReferrerPolicy != "strict-origin-when-cross-origin" || w.SecurityHeaders.PermissionsPolicy != "camera=()" {
		t.Errorf("security headers = %+v", w.SecurityHeaders)
	}
	wantChain := []profile.Hop{{URL: s.url("https", "contoso-pharma.com", "/"), Status: 301}}
	if !slices.Equal(w.RedirectChain, wantChain) || w.Source.FinalURL != s.url("https", "www.contoso-pharma.com", "/") {
		t.Errorf("redirect_chain %+v source %+v", w.RedirectChain, w.Source)
	}
	if !slices.Equal(w.CareersPages, []string{"https://contoso-pharma.wd3.myworkdayjobs.com/careers"}) {
		t.Errorf("careers_pages = %v", w.CareersPages)
	}
}

// TestProfileBlocksPrivateAddresses uses the production fetch policy (no
// allow-list, ports 80/443): a domain resolving to a private address is
// never contacted.
func TestProfileBlocksPrivateAddresses(t *testing.T) {
	r, a := dnsEnv(t)
	f := fetch.New(fetch.Config{Resolver: hostMap(map[string]string{"intranet-portal.com": "10.0.0.5", "www.intranet-portal.com": "169.254.169.254"}),
		Timeout: 5 * time.Second})
	t.Cleanup(f.Close)
	p, err := profile.New(profile.Config{Auditor: a, Fetcher: f, Resolver: r, Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Profile(context.Background(), mustName(t, "intranet-portal.com"), "")
	if err != nil {
		t.Fatal(err)
	}
	w := res.WebsiteMetadata
	if w.Reachable || w.Error == nil || w.Error.Code != string(fetch.CodeBlockedAddress) {
		t.Fatalf("website = reachable %v error %+v, want blocked_address", w.Reachable, w.Error)
	}
	want := []profile.Attempt{
		{URL: "https://intranet-portal.com/", Outcome: "blocked_address"},
		{URL: "http://intranet-portal.com/", Outcome: "blocked_address"},
		{URL: "https://www.intranet-portal.com/", Outcome: "blocked_address"},
		{URL: "http://www.intranet-portal.com/", Outcome: "blocked_address"},
	}
	if !slices.Equal(w.Attempts, want) {
		t.Errorf("attempts = %+v, want %+v", w.Attempts, want)
	}
	if !slices.Contains(flagIDs(res.OpportunityFlags), profile.FlagSiteUnreachable) {
		t.Errorf("flags %v lack site_unreachable", flagIDs(res.OpportunityFlags))
	}
}

func TestProfileFailsOnlyWhenTheAuditFails(t *testing.T) {
	_, p := fixtureSites(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := p.Profile(ctx, mustName(t, "northwind-traders.com"), "")
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "northwind-traders.com") {
		t.Errorf("err = %v, want a wrapped context.Canceled naming the domain", err)
	}
}

type auditorFunc func(ctx context.Context, name domainname.Name, selector string) (audit.Result, error)

func (f auditorFunc) Audit(ctx context.Context, name domainname.Name, selector string) (audit.Result, error) {
	return f(ctx, name, selector)
}

func TestProfilePassesTheSelectorAndWrapsAuditErrors(t *testing.T) {
	s, _ := fixtureSites(t)
	r, _ := dnsEnv(t)
	boom := errors.New("audit deadline")
	var gotSelector string
	p, err := profile.New(profile.Config{
		Auditor: auditorFunc(func(_ context.Context, _ domainname.Name, selector string) (audit.Result, error) {
			gotSelector = selector
			return audit.Result{}, boom
		}),
		Fetcher: fetch.New(fetch.Config{RootCAs: s.roots}), Resolver: r,
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Profile(context.Background(), mustName(t, "tailspin-toys.org"), "s1"); !errors.Is(err, boom) {
		t.Errorf("err = %v, want the audit error", err)
	}
	if gotSelector != "s1" {
		t.Errorf("selector passed = %q, want s1", gotSelector)
	}
}

func TestNewRequiresDependencies(t *testing.T) {
	r, a := dnsEnv(t)
	f := fetch.New(fetch.Config{})
	for _, cfg := range []profile.Config{
		{Fetcher: f, Resolver: r}, {Auditor: a, Resolver: r}, {Auditor: a, Fetcher: f},
	} {
		if _, err := profile.New(cfg); err == nil {
			t.Errorf("New(%+v) succeeded", cfg)
		}
	}
}

func TestProfileJSONShape(t *testing.T) {
	_, p := fixtureSites(t)
	res, err := p.Profile(context.Background(), mustName(t, "northwind-traders.com"), "")
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"domain", "checked_at", "dns_audit", "website_metadata", "technology_hints", "opportunity_flags"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("top-level key %q missing", k)
		}
	}
	w := doc["website_metadata"].(map[string]any)
	for _, k := range []string{"reachable", "https_available", "http_redirects_to_https", "final_url", "redirect_chain", "status", "title",
		"description", "canonical", "language", "open_graph", "generator", "favicon", "social_profiles", "contact_pages", "careers_pages",
		"security_headers", "tls", "error", "source", "attempts"} {
		if _, ok := w[k]; !ok {
			t.Errorf("website_metadata.%s missing", k)
		}
	}
	sh := w["security_headers"].(map[string]any)
	for _, k := range []string{"hsts", "csp", "x_frame_options", "x_content_type_options", "referrer_policy", "permissions_policy"} {
		if _, ok := sh[k]; !ok {
			t.Errorf("security_headers.%s missing", k)
		}
	}
	hsts := sh["hsts"].(map[string]any)
	for _, k := range []string{"present", "max_age", "include_subdomains", "preload"} {
		if _, ok := hsts[k]; !ok {
			t.Errorf("hsts.%s missing", k)
		}
	}
	src := w["source"].(map[string]any)
	for _, k := range []string{"id", "url", "retrieved_at", "content_hash"} {
		if _, ok := src[k]; !ok {
			t.Errorf("source.%s missing", k)
		}
	}
	if _, ok := doc["dns_audit"].(map[string]any)["risk_score"]; !ok {
		t.Error("dns_audit is not the audit result")
	}
	flag := doc["opportunity_flags"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "title", "detail", "priority", "evidence", "rule"} {
		if _, ok := flag[k]; !ok {
			t.Errorf("opportunity flag key %q missing", k)
		}
	}
}

func equalBoolPtr(a, b *bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func fmtBoolPtr(b *bool) string {
	if b == nil {
		return "null"
	}
	if *b {
		return "true"
	}
	return "false"
}

func keys(m map[string]profile.TechnologyHint) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
