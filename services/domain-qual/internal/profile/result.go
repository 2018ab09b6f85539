package profile

import (
	"time"

	"github.com/intel402/intel402/pkg/evidence/webtech"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
)

// Result is the full profile of one domain.
type Result struct {
	// Domain is the profiled domain (ASCII, no trailing dot).
	Domain string `json:"domain"`
	// CheckedAt is when the profile started (UTC, RFC 3339, whole seconds).
	CheckedAt time.Time `json:"checked_at"`
	// DNSAudit is the complete dns-audit of the domain, as the dns-audit
	// operation returns it.
	DNSAudit audit.Result `json:"dns_audit"`
	// WebsiteMetadata describes the domain's website; a site that could not
	// be fetched has reachable=false and an error.
	WebsiteMetadata Website `json:"website_metadata"`
	// TechnologyHints are the technologies detected from the page and the
	// DNS records, sorted by category then name.
	TechnologyHints []TechnologyHint `json:"technology_hints"`
	// OpportunityFlags are the documented rules that fired, most important
	// first (see the package documentation for the rule table).
	OpportunityFlags []Flag `json:"opportunity_flags"`
}

// Website is the website section of a profile.
type Website struct {
	// Reachable is true when some URL of the site answered with an HTTP
	// response (any status) that was read.
	Reachable bool `json:"reachable"`
	// HTTPSAvailable is true when the site answered over HTTPS with a
	// certificate valid for its name (directly or after a redirect).
	HTTPSAvailable bool `json:"https_available"`
	// HTTPRedirectsToHTTPS says whether http://<host>/ ends on an https://
	// URL; null when the plain-HTTP fetch failed, so it cannot be told.
	HTTPRedirectsToHTTPS *bool `json:"http_redirects_to_https"`
	// FinalURL is the URL of the page described, after redirects.
	FinalURL string `json:"final_url,omitempty"`
	// RedirectChain lists the redirects followed to reach FinalURL, in order.
	RedirectChain []Hop `json:"redirect_chain"`
	// Status is the HTTP status of the page described (0 when unreachable).
	Status int `json:"status"`
	// Title is the page's <title>.
	Title string `json:"title,omitempty"`
	// Name is the organisation's name as the page gives it, with the
	// fields that agreed on it (sitename.Pick); nil when the page names
	// nobody.
	Name *SiteName `json:"name,omitempty"`
	// Description is what the page says the organisation does: the meta
	// description, else og:description, else a JSON-LD Organization or
	// WebSite description, else the hero (the first h1 outside the header
	// with the paragraph after it), the first that describes the
	// organisation by sitename.Describes (template text, a repeated title
	// and "official website of …" are passed over). Empty when none does.
	Description string `json:"description,omitempty"`
	// DescriptionFrom says where Description was read: "description",
	// "og:description", "json-ld" or "hero".
	DescriptionFrom string `json:"description_from,omitempty"`
	// Canonical is the page's canonical URL (absolute).
	Canonical string `json:"canonical,omitempty"`
	// Language is the <html lang> attribute as written.
	Language string `json:"language,omitempty"`
	// OpenGraph holds the page's Open Graph properties.
	OpenGraph OpenGraph `json:"open_graph"`
	// Generator is the <meta name=generator> content, e.g. "WordPress 6.7".
	Generator string `json:"generator,omitempty"`
	// Favicon is the declared icon URL, or /favicon.ico when none is declared.
	Favicon string `json:"favicon,omitempty"`
	// SocialProfiles are links to the company's social network profiles.
	SocialProfiles []SocialProfile `json:"social_profiles"`
	// ContactPages are same-site links that look like contact pages.
	ContactPages []string `json:"contact_pages"`
	// CareersPages are links that look like careers or job pages.
	CareersPages []string `json:"careers_pages"`
	// SecurityHeaders summarises the page's security response headers;
	// null when the site is unreachable.
	SecurityHeaders *SecurityHeaders `json:"security_headers"`
	// TLS describes the certificate of the HTTPS page; null over plain HTTP.
	TLS *TLS `json:"tls"`
	// Truncated is true when the page was longer than the fetch cap and only
	// its beginning was analysed.
	Truncated bool `json:"truncated"`
	// Error explains why the site is unreachable; null when reachable.
	Error *WebsiteError `json:"error"`
	// Source cites the page described; null when unreachable.
	Source *Source `json:"source"`
	// Attempts lists every URL fetched, in the documented order, with its
	// outcome.
	Attempts []Attempt `json:"attempts"`
}

// Hop is one redirect response that was followed.
type Hop struct {
	// URL is the URL that answered with a redirect.
	URL string `json:"url"`
	// Status is the redirect's HTTP status (301, 302, 307, 308...).
	Status int `json:"status"`
}

// OpenGraph holds Open Graph properties; empty strings mean absent.
type OpenGraph struct {
	// Title is og:title.
	Title string `json:"title,omitempty"`
	// Description is og:description.
	Description string `json:"description,omitempty"`
	// Image is og:image (absolute URL).
	Image string `json:"image,omitempty"`
	// SiteName is og:site_name.
	SiteName string `json:"site_name,omitempty"`
	// Type is og:type.
	Type string `json:"type,omitempty"`
	// URL is og:url (absolute URL).
	URL string `json:"url,omitempty"`
}

// SocialProfile is a link to a social network profile.
type SocialProfile struct {
	// Network is linkedin, twitter, facebook, instagram, youtube, github,
	// tiktok, pinterest, crunchbase or xing.
	Network string `json:"network"`
	// URL is the profile URL without query or fragment.
	URL string `json:"url"`
}

// CSPStatus says whether a Content-Security-Policy is sent.
type CSPStatus string

// CSP statuses.
const (
	CSPEnforced   CSPStatus = "enforced"    // Content-Security-Policy is sent
	CSPReportOnly CSPStatus = "report_only" // only Content-Security-Policy-Report-Only is sent
	CSPMissing    CSPStatus = "missing"     // neither header is sent
)

// SecurityHeaders summarises the security response headers of the page.
// Header values are as sent (first field, trimmed); "" means absent.
type SecurityHeaders struct {
	// HSTS is the Strict-Transport-Security header (HTTPS responses only).
	HSTS HSTS `json:"hsts"`
	// CSP says whether a Content-Security-Policy is sent.
	CSP CSPStatus `json:"csp"`
	// XFrameOptions is the X-Frame-Options value.
	XFrameOptions string `json:"x_frame_options"`
	// XContentTypeOptions is the X-Content-Type-Options value.
	XContentTypeOptions string `json:"x_content_type_options"`
	// ReferrerPolicy is the Referrer-Policy value.
	ReferrerPolicy string `json:"referrer_policy"`
	// PermissionsPolicy is the Permissions-Policy value.
	PermissionsPolicy string `json:"permissions_policy"`
}

// HSTS is the parsed Strict-Transport-Security header (RFC 6797 §6.1).
type HSTS struct {
	// Present is true when a valid header was sent over HTTPS.
	Present bool `json:"present"`
	// MaxAge is max-age in seconds.
	MaxAge int64 `json:"max_age"`
	// IncludeSubdomains is true with the includeSubDomains directive.
	IncludeSubdomains bool `json:"include_subdomains"`
	// Preload is true with the preload directive.
	Preload bool `json:"preload"`
	// Invalid explains why a header that was sent was rejected.
	Invalid string `json:"invalid,omitempty"`
}

// TLS describes the HTTPS connection of the page.
type TLS struct {
	// Version is the negotiated protocol version, e.g. "TLS 1.3".
	Version string `json:"version"`
	// Issuer is the leaf certificate's issuer distinguished name.
	Issuer string `json:"issuer,omitempty"`
	// NotAfter is the leaf certificate's expiry (UTC).
	NotAfter *time.Time `json:"not_after,omitempty"`
}

// WebsiteError explains an unreachable site.
type WebsiteError struct {
	// Code is the fetch error code of the first attempt (https://<domain>/):
	// dns_failure, network_error, timeout, blocked_address, blocked_port,
	// http_status, bad_content_type, too_many_redirects, canceled ...
	Code string `json:"code"`
	// Message is a human-readable explanation.
	Message string `json:"message"`
}

// Source cites a fetched page.
type Source struct {
	// ID is the stable source id ("src_" + 10 hex digits of the URL hash).
	ID string `json:"id"`
	// URL is the URL requested.
	URL string `json:"url"`
	// FinalURL is the URL after redirects, when different from URL.
	FinalURL string `json:"final_url,omitempty"`
	// RetrievedAt is when the page was fetched (UTC).
	RetrievedAt time.Time `json:"retrieved_at"`
	// ContentHash is the hex SHA-256 of the body bytes read.
	ContentHash string `json:"content_hash"`
}

// Attempt is one URL fetched while looking for the site.
type Attempt struct {
	// URL is the URL requested.
	URL string `json:"url"`
	// Outcome is "ok" or the fetch error code.
	Outcome string `json:"outcome"`
	// Status is the final HTTP status, when a response was read.
	Status int `json:"status,omitempty"`
	// FinalURL is the URL after redirects, when a response was read.
	FinalURL string `json:"final_url,omitempty"`
}

// TechnologyHint is one detected technology.
type TechnologyHint struct {
	// Name is the product name, e.g. "WordPress".
	Name string `json:"name"`
	// Category is the webtech category, e.g. "cms", "marketing_automation".
	Category webtech.Category `json:"category"`
	// Version is the detected version, when one was captured.
	Version string `json:"version,omitempty"`
	// Confidence is 0..1, the noisy-or of the weights of the rules that hit.
	Confidence float64 `json:"confidence"`
	// Evidence lists what matched.
	Evidence []TechnologyEvidence `json:"evidence"`
}

// TechnologyEvidence is one observation behind a hint.
type TechnologyEvidence struct {
	// Source is header, cookie, meta, script, link, iframe, html, url,
	// dns_txt, mx, spf or implied, or a loading form: preload,
	// inline_script, inline_json, snippet or legacy_host.
	Source webtech.Source `json:"source"`
	// Detail is what matched (at most about 120 characters).
	Detail string `json:"detail"`
}

// FlagID identifies an opportunity rule; the IDs are stable API values.
type FlagID string

// Priority ranks a flag for follow-up.
type Priority string

// Priorities, from most to least urgent.
const (
	PriorityHigh   Priority = "high"
	PriorityMedium Priority = "medium"
	PriorityLow    Priority = "low"
)

func (p Priority) rank() int {
	switch p {
	case PriorityHigh:
		return 0
	case PriorityMedium:
		return 1
	}
	return 2
}

// Flag is one opportunity rule that fired.
type Flag struct {
	// ID is the rule's stable identifier.
	ID FlagID `json:"id"`
	// Title is a one-line summary.
	Title string `json:"title"`
	// Detail explains the finding for this domain.
	Detail string `json:"detail"`
	// Priority ranks the flag for follow-up.
	Priority Priority `json:"priority"`
	// Evidence cites the records, headers and hints the flag is based on.
	Evidence []string `json:"evidence"`
	// Rule states the documented condition that fired.
	Rule string `json:"rule"`
}

// SiteName is the organisation's name a page gives (see sitename.Name).
type SiteName struct {
	Value      string   `json:"value"`
	From       []string `json:"from"`
	Confidence float64  `json:"confidence"`
}
