// Package webtech detects the technologies behind a domain (CMS, analytics,
// marketing automation, CDN, hosting, payments, mail providers, SaaS
// verification tokens, ...) from an already fetched page and DNS answers.
//
// The rule set is our own: every rule was written for this package from
// public knowledge of how each product shows itself (its documented snippet
// hosts, cookie names, response headers, generator meta tags and DNS
// verification tokens). No Wappalyzer-format data is used.
//
// Besides <script src>, Detect reads what the browser is made to load:
// preloaded scripts, URL literals in inline loader scripts, JSON-escaped URL
// lists, vendor snippets' code shapes inside <script> bodies, and the hosts
// a vendor used to serve from (loading.go; README "Loading forms detected").
//
// Detect is pure: it does no I/O, keeps no state and is safe for concurrent
// use. Rules are compiled once, when the package is initialised.
package webtech
