// Package evidence is the module root for safe public-web evidence gathering,
// shared by company-intel and domain-qual. The work lives in sub-packages:
//
//   - guard: dial-time IP and port policy (SSRF defence, DNS-rebinding safe).
//   - fetch: a bounded HTTP fetcher built on guard (limits, redirects, typed errors),
//     and a fail-over DNS resolver for its host lookups (NewDNSResolver).
//   - source: the Source/citation model and a concurrency-safe Registry.
//   - companyname: the one name normal form: "are these two names the same
//     company" and "does this text mention this company" (both services).
//   - htmlmeta: pure extraction of page metadata and security headers.
//   - sitename: who a site says it is — the organisation's name picked by
//     evidence, and the page's descriptions of it.
//   - webtech: technology detection (maintained separately).
//   - dnstest: test support, an authoritative in-process DNS server (zones,
//     faults, DNSSEC signing) both services' tests and fixture worlds use.
package evidence
