package webtech

import (
	"fmt"
	"net/http"
	"regexp"
	"regexp/syntax"
	"strings"
)

// Category groups technologies by what they do for a site.
type Category string

// Categories known to the rule set. Every Technology carries exactly one.
const (
	CMS                  Category = "cms"
	Ecommerce            Category = "ecommerce"
	Reviews              Category = "reviews"
	Analytics            Category = "analytics"
	TagManager           Category = "tag_manager"
	MarketingAutomation  Category = "marketing_automation"
	CRM                  Category = "crm"
	SalesIntelligence    Category = "sales_intelligence"
	SalesEngagement      Category = "sales_engagement"
	ChatSupport          Category = "chat_support"
	CDN                  Category = "cdn"
	Hosting              Category = "hosting"
	PaaS                 Category = "paas"
	Payments             Category = "payments"
	EmailSending         Category = "email_sending"
	EmailSecurityGateway Category = "email_security_gateway"
	EmailHosting         Category = "email_hosting"
	JavaScriptFramework  Category = "javascript_framework"
	UIFramework          Category = "ui_framework"
	WebFramework         Category = "web_framework"
	WebServer            Category = "web_server"
	Security             Category = "security"
	Monitoring           Category = "monitoring"
	ConsentManagement    Category = "consent_management"
	ABTesting            Category = "ab_testing"
	Scheduling           Category = "scheduling"
	Identity             Category = "identity"
	Video                Category = "video"
	Fonts                Category = "fonts"
	Search               Category = "search"
	Forms                Category = "forms"
	Advertising          Category = "advertising"
	SiteBuilder          Category = "site_builder"
	SaaS                 Category = "saas"
)

// Categories returns every valid category in a stable order.
func Categories() []Category {
	return []Category{
		CMS, Ecommerce, Reviews, Analytics, TagManager, MarketingAutomation, CRM,
		SalesIntelligence, SalesEngagement, ChatSupport, CDN, Hosting, PaaS, Payments,
		EmailSending, EmailSecurityGateway, EmailHosting, JavaScriptFramework,
		UIFramework, WebFramework, WebServer, Security, Monitoring, ConsentManagement,
		ABTesting, Scheduling, Identity, Video, Fonts, Search, Forms, Advertising,
		SiteBuilder, SaaS,
	}
}

// Valid reports whether c is one of Categories().
func (c Category) Valid() bool {
	for _, k := range Categories() {
		if c == k {
			return true
		}
	}
	return false
}

// Source names the part of the observation a rule looks at. It is also
// reported in Evidence.
type Source string

// Observation sources.
const (
	SourceHeader  Source = "header"  // HTTP response header (name, optional value regexp)
	SourceCookie  Source = "cookie"  // cookie name (exact, prefix or regexp)
	SourceMeta    Source = "meta"    // <meta name|property=Key content=...>
	SourceScript  Source = "script"  // <script src>
	SourceLink    Source = "link"    // <link href>
	SourceIframe  Source = "iframe"  // <iframe src>
	SourceHTML    Source = "html"    // raw HTML bytes
	SourceURL     Source = "url"     // host of the fetched page URL
	SourceDNSTXT  Source = "dns_txt" // apex TXT records
	SourceMX      Source = "mx"      // an MX host, reported through Input.Mail
	SourceSPF     Source = "spf"     // an SPF include/redirect target, reported through Input.Mail
	SourceImplied Source = "implied" // added because another detected technology implies it

	// Loading forms: what the browser loads without a <script src> (see loading.go).
	SourcePreload      Source = "preload"       // <link rel=preload|modulepreload|prefetch> of a script
	SourceInlineScript Source = "inline_script" // a URL string literal in an inline <script> body
	SourceInlineJSON   Source = "inline_json"   // a JSON-escaped URL in an inline script, or a script URL in a JSON block
	SourceSnippet      Source = "snippet"       // a vendor snippet's code shape inside an inline <script> body
	SourceLegacyHost   Source = "legacy_host"   // a script loaded, in any form, from a host the vendor used to serve from
)

// MatchKind says how a rule's Pattern is compared with the observed value.
type MatchKind string

// Match kinds.
const (
	MatchPresent    MatchKind = "present"     // the header/meta key exists
	MatchExact      MatchKind = "exact"       // case-sensitive equality (cookie names)
	MatchPrefix     MatchKind = "prefix"      // prefix (case-sensitive for cookies, case-insensitive for TXT)
	MatchContains   MatchKind = "contains"    // case-sensitive substring (HTML)
	MatchRegexp     MatchKind = "regexp"      // regular expression; a group named "version" captures a version
	MatchHostSuffix MatchKind = "host_suffix" // host equals Pattern or ends with "."+Pattern
)

// Rule is one fingerprint. Rules are built with the constructor functions
// below (Header, Cookie, Meta, Script, ...) so that patterns are validated and
// compiled exactly once, when the package is initialised.
type Rule struct {
	Source  Source
	Kind    MatchKind
	Key     string // header name, meta name; empty for other sources
	Pattern string // literal or regexp source, as written
	Weight  float64

	re     *regexp.Regexp
	verIdx int    // index of the "version" group in re, or -1
	needs  string // lower-cased literal every match contains; "" when unknown
	anchor string // for HTML regexps: literal that must occur before the regexp runs
	id     int    // position in the rule table, set when the table is built
	litID  int    // HTML rules: id of Pattern (contains) or anchor (regexp) in the matcher
	place  uint8  // HTML rules: where in the document the literal counts (literalPlace)
}

// String renders the rule for documentation and test failure messages.
func (r Rule) String() string {
	if r.Key != "" {
		return fmt.Sprintf("%s[%s] %s %q (%.2f)", r.Source, r.Key, r.Kind, r.Pattern, r.Weight)
	}
	return fmt.Sprintf("%s %s %q (%.2f)", r.Source, r.Kind, r.Pattern, r.Weight)
}

// Technology is one detectable product with its rules.
type Technology struct {
	Name     string
	Category Category
	Website  string
	Rules    []Rule
	// Implies lists technologies that are necessarily present when this one
	// is (WooCommerce implies WordPress, Next.js implies React).
	Implies []string
}

// ver is the version capture group used inside rule regexps.
const ver = `(?P<version>\d+(?:\.\d+){0,3})`

// compileCI compiles a case-insensitive regexp; used for short values
// (header values, URLs, meta content).
func compileCI(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)` + pattern)
}

// regexpRule builds a regexp rule, recording its version group and a
// required literal used to skip values that cannot match.
func regexpRule(src Source, key, pattern string, w float64, re *regexp.Regexp) Rule {
	return Rule{
		Source: src, Kind: MatchRegexp, Key: key, Pattern: pattern, Weight: w,
		re: re, verIdx: re.SubexpIndex("version"), needs: requiredLiteral(re.String()),
	}
}

// requiredLiteral returns the longest literal that every match of the
// regexp must contain, lower-cased, or "" when none can be derived. Only
// literals at the top level of a concatenation qualify.
func requiredLiteral(pattern string) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ""
	}
	for re.Op == syntax.OpCapture && len(re.Sub) == 1 {
		re = re.Sub[0]
	}
	var best string
	consider := func(r *syntax.Regexp) {
		if r.Op == syntax.OpLiteral && len(r.Rune) > len(best) {
			best = string(r.Rune)
		}
	}
	if re.Op == syntax.OpConcat {
		for _, sub := range re.Sub {
			consider(sub)
		}
	} else {
		consider(re)
	}
	return strings.ToLower(best)
}

// Header matches a response header by name; valueRe (case-insensitive) may be
// empty to match on presence alone.
func Header(name, valueRe string, w float64) Rule {
	key := http.CanonicalHeaderKey(name)
	if valueRe != "" {
		return regexpRule(SourceHeader, key, valueRe, w, compileCI(valueRe))
	}
	return Rule{Source: SourceHeader, Kind: MatchPresent, Key: key, Weight: w}
}

// Cookie matches a cookie name exactly.
func Cookie(name string, w float64) Rule {
	return Rule{Source: SourceCookie, Kind: MatchExact, Pattern: name, Weight: w}
}

// CookiePrefix matches cookie names starting with prefix.
func CookiePrefix(prefix string, w float64) Rule {
	return Rule{Source: SourceCookie, Kind: MatchPrefix, Pattern: prefix, Weight: w}
}

// CookieRe matches cookie names against a case-sensitive regexp.
func CookieRe(re string, w float64) Rule {
	return regexpRule(SourceCookie, "", re, w, regexp.MustCompile(re))
}

// Meta matches <meta name=name content=...> (or property=name); contentRe is
// case-insensitive and may be empty to match on presence.
func Meta(name, contentRe string, w float64) Rule {
	key := strings.ToLower(name)
	if contentRe != "" {
		return regexpRule(SourceMeta, key, contentRe, w, compileCI(contentRe))
	}
	return Rule{Source: SourceMeta, Kind: MatchPresent, Key: key, Weight: w}
}

// Script matches a <script src> URL against a case-insensitive regexp.
func Script(re string, w float64) Rule {
	return regexpRule(SourceScript, "", re, w, compileCI(re))
}

// ScriptHost matches <script src> whose host is host or a subdomain of it.
func ScriptHost(host string, w float64) Rule {
	return Rule{Source: SourceScript, Kind: MatchHostSuffix, Pattern: strings.ToLower(host), Weight: w}
}

// Link matches a <link href> URL against a case-insensitive regexp.
func Link(re string, w float64) Rule {
	return regexpRule(SourceLink, "", re, w, compileCI(re))
}

// LinkHost matches <link href> whose host is host or a subdomain of it.
func LinkHost(host string, w float64) Rule {
	return Rule{Source: SourceLink, Kind: MatchHostSuffix, Pattern: strings.ToLower(host), Weight: w}
}

// Iframe matches an <iframe src> URL against a case-insensitive regexp.
func Iframe(re string, w float64) Rule {
	return regexpRule(SourceIframe, "", re, w, compileCI(re))
}

// IframeHost matches <iframe src> whose host is host or a subdomain of it.
func IframeHost(host string, w float64) Rule {
	return Rule{Source: SourceIframe, Kind: MatchHostSuffix, Pattern: strings.ToLower(host), Weight: w}
}

// HTML matches a case-sensitive literal anywhere in the raw HTML. Literals
// must be structural (a path, an attribute, a JavaScript identifier), never a
// bare product name that could appear in prose.
func HTML(literal string, w float64) Rule {
	return Rule{Source: SourceHTML, Kind: MatchContains, Pattern: literal, Weight: w}
}

// HTMLRe matches a case-sensitive regexp in the raw HTML. The regexp only runs
// when anchor, a literal every match contains, occurs in the page, which keeps
// large pages cheap.
func HTMLRe(anchor, re string, w float64) Rule {
	if anchor == "" {
		panic("webtech: HTMLRe needs a non-empty anchor for " + re)
	}
	r := regexpRule(SourceHTML, "", re, w, regexp.MustCompile(re))
	r.anchor = anchor
	return r
}

// Snippet matches a case-sensitive literal inside inline <script> bodies
// only (never in visible text, attributes or meta): a vendor snippet's code
// shape such as "_sf_async_config" or "apstag.init(".
func Snippet(literal string, w float64) Rule {
	return Rule{Source: SourceSnippet, Kind: MatchContains, Pattern: literal, Weight: w}
}

// SnippetRe matches a case-sensitive regexp inside inline <script> bodies;
// it runs only when anchor occurs in them.
func SnippetRe(anchor, re string, w float64) Rule {
	if anchor == "" {
		panic("webtech: SnippetRe needs a non-empty anchor for " + re)
	}
	r := regexpRule(SourceSnippet, "", re, w, regexp.MustCompile(re))
	r.anchor = anchor
	return r
}

// LegacyHost matches a script the page loads, in any loading form (src,
// preload, inline literal, escaped JSON), from host or a subdomain of it: a
// host the vendor used to serve its script from (cdn.ravenjs.com for Sentry).
func LegacyHost(host string, w float64) Rule {
	return Rule{Source: SourceLegacyHost, Kind: MatchHostSuffix, Pattern: strings.ToLower(host), Weight: w}
}

// Legacy matches a script URL the page loads, in any loading form, against
// a case-insensitive regexp: a path the vendor used to serve its script from
// (platform.twitter.com/oct.js for the X pixel).
func Legacy(re string, w float64) Rule {
	return regexpRule(SourceLegacyHost, "", re, w, compileCI(re))
}

// URLHost matches when the fetched page's host is host or a subdomain of it.
func URLHost(host string, w float64) Rule {
	return Rule{Source: SourceURL, Kind: MatchHostSuffix, Pattern: strings.ToLower(host), Weight: w}
}

// TXT matches apex TXT records that start with prefix (case-insensitive).
func TXT(prefix string, w float64) Rule {
	return Rule{Source: SourceDNSTXT, Kind: MatchPrefix, Pattern: prefix, Weight: w}
}
