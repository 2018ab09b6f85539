// Package webtech detects the technologies behind a domain (CMS, analytics,
// marketing automation, CDN, hosting, payments, mail providers, SaaS
// verification tokens, ...) from an already fetched page and DNS answers.
//
// The rule set is our own: every rule was written for this package from
// public knowledge of how each product shows itself (its documented snippet
// hosts, cookie names, response headers, generator meta tags and DNS
// verification tokens). No Wappalyzer-format data is used.
//
// Detect is pure: it does no I/O, keeps no state and is safe for concurrent
// use. Rules are compiled once, when the package is initialised.
package webtech
