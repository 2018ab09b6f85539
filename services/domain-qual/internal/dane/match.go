package dane

import (
	"crypto/x509"
	"fmt"
)

// Match is what MatchChain found.
type Match struct {
	// Matched: a usable record matches the chain.
	Matched bool
	// Record is the index in the records of the first matching record,
	// Depth the index in the chain of the certificate it matched (0: the
	// leaf); both -1 when nothing matched.
	Record, Depth int
}

// MatchChain matches the chain a server presented (leaf first) against a
// host's TLSA records (RFC 6698 §2.1, RFC 7671 §5); records that are not
// usable are skipped. A DANE-EE(3) record matches the leaf; a DANE-TA(2)
// record matches a certificate after the leaf that the leaf chains up to
// through the presented certificates' signatures. Name and validity-period
// checks, which RFC 7672 §3.2 requires for DANE-TA (and not for DANE-EE),
// are the caller's, as is DNSSEC. It is pure: no clock, no network.
func MatchChain(chain []*x509.Certificate, records []Record) Match {
	for i, rec := range records {
		if !rec.Usable || len(chain) == 0 {
			continue
		}
		if rec.Usage == UsageDANEEE {
			if rec.Matches(chain[0]) {
				return Match{Matched: true, Record: i, Depth: 0}
			}
			continue
		}
		for d := 1; d < len(chain); d++ {
			if rec.Matches(chain[d]) && chainsTo(chain, d) {
				return Match{Matched: true, Record: i, Depth: d}
			}
		}
	}
	return Match{Record: -1, Depth: -1}
}

// chainsTo reports whether the leaf chains up to chain[anchor] through
// signatures of certificates in the chain, in whatever order the server
// sent them (TLS 1.3 allows any). Each step uses a certificate at most once.
func chainsTo(chain []*x509.Certificate, anchor int) bool {
	used := make([]bool, len(chain))
	used[0] = true
	cur := chain[0]
	for range len(chain) {
		if cur.CheckSignatureFrom(chain[anchor]) == nil {
			return true
		}
		next := -1
		for i, c := range chain {
			if !used[i] && i != anchor && cur.CheckSignatureFrom(c) == nil {
				next = i
				break
			}
		}
		if next < 0 {
			return false
		}
		used[next] = true
		cur = chain[next]
	}
	return false
}

// Confirm judges a valid host by the chains its server presented (one per
// address that completed a TLS handshake, from the optional STARTTLS
// probe): when a chain matches none of the usable records, senders that
// use DANE refuse to deliver to that address (RFC 7672 §3), so the host is
// a mismatch rather than valid. Hosts in other states, and calls without
// chains, are left as they are.
func (h *Host) Confirm(chains [][]*x509.Certificate) {
	if h.Status != StatusValid {
		return
	}
	for _, chain := range chains {
		if m := MatchChain(chain, h.Records); !m.Matched {
			h.Status = StatusMismatch
			h.Detail = fmt.Sprintf("the certificate chain the server presented matches none of the %s usable TLSA record(s) at %s: senders that use DANE do not deliver to it (RFC 7672 §3)",
				countUsable(h.Records), h.Name)
			return
		}
	}
}

func countUsable(records []Record) string {
	n := 0
	for _, r := range records {
		if r.Usable {
			n++
		}
	}
	return fmt.Sprint(n)
}
