// Package spf parses SPF records (RFC 7208) and evaluates a domain's SPF
// policy as a tree of include/redirect records, without a message or client
// IP: it answers "is this policy well formed, how expensive is it, whom does
// it authorise", not "does this IP pass".
//
// Parsing (Parse, Lint, CheckSize) is pure. Evaluate walks the tree through
// the consumer-owned Resolver interface, one include level per round of
// concurrent queries, and names the sending services behind includes through
// the consumer-owned ServiceMatcher (internal/mxprovider's include table).
//
// # Syntax
//
// Parse follows the ABNF of RFC 7208 §4.6.1, §5, §6 and §7.1, neither
// stricter nor looser: ":" and "/" are macro-literals, so a domain-spec may
// contain them (a:foo:bar/baz.example.com is a name to look up; only a "/"
// outside a domain-spec must be a CIDR length); the macro letters c, r and
// t are refused in every domain-spec, the exp= target and redirect=
// included (§7.2: explanation text only; CheckExplanation validates such
// text); a DIGIT transformer must be nonzero (§7.3); an unknown modifier's
// value is a macro-string in which every letter is accepted. Each rule has a
// table case naming its section (TestParseABNF).
//
// # Lookup counting
//
// Counting follows RFC 7208 §4.6.4 literally, counting terms, not queries:
//
//   - include, a, mx, ptr, exists and an evaluated redirect each count 1.
//   - An mx mechanism counts 1 however many MX hosts it returns. The A/AAAA
//     queries for those hosts are not added (RFC: they have their own limit
//     of 10); more than 10 MX hosts is reported as an error. The MX host
//     addresses are not resolved.
//   - ip4, ip6, all and exp count 0; exp is never fetched.
//   - Terms after "all" are never reached and count 0; redirect counts 0 when
//     the record has "all", because it is then ignored (§6.1).
//   - Every include/redirect is counted each time it is reached, including
//     duplicate includes (a receiver would evaluate them again).
//   - An include or mechanism whose domain-spec contains macros counts 1 but
//     is not resolved, since it needs the message context.
//
// Void lookups (§4.6.4, limit 2) are DNS answers that are NXDOMAIN or
// NOERROR with no records, for: the TXT query of an include/redirect target,
// the MX query of mx, the A query of exists, and a: counted once when both
// the A and the AAAA answer are empty (the client's address family is
// unknown, so "a" is void only if it can match neither family). ptr is
// counted as a lookup but not queried (it needs the client IP).
//
// A SERVFAIL/timeout answer never counts as void or missing: the branch is
// marked unknown and the result reports the counts as incomplete.
package spf
