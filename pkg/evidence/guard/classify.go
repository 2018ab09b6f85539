package guard

import "net/netip"

// span is one special-purpose range and why it is refused.
type span struct {
	prefix netip.Prefix
	reason string
}

func mk(cidr, reason string) span { return span{netip.MustParsePrefix(cidr), reason} }

// v4Denied lists the IANA IPv4 special-purpose ranges that must never be
// dialled (read-only lookup table).
var v4Denied = [...]span{
	mk("0.0.0.0/8", "this network (0.0.0.0/8)"),
	mk("10.0.0.0/8", "private (10.0.0.0/8)"),
	mk("100.64.0.0/10", "shared address space / CGNAT (100.64.0.0/10)"),
	mk("127.0.0.0/8", "loopback (127.0.0.0/8)"),
	mk("169.254.0.0/16", "link-local (169.254.0.0/16)"),
	mk("172.16.0.0/12", "private (172.16.0.0/12)"),
	mk("192.0.0.0/24", "IETF protocol assignments (192.0.0.0/24)"),
	mk("192.0.2.0/24", "documentation TEST-NET-1 (192.0.2.0/24)"),
	mk("192.88.99.0/24", "6to4 relay anycast (192.88.99.0/24)"),
	mk("192.168.0.0/16", "private (192.168.0.0/16)"),
	mk("198.18.0.0/15", "benchmarking (198.18.0.0/15)"),
	mk("198.51.100.0/24", "documentation TEST-NET-2 (198.51.100.0/24)"),
	mk("203.0.113.0/24", "documentation TEST-NET-3 (203.0.113.0/24)"),
	mk("224.0.0.0/4", "multicast (224.0.0.0/4)"),
	mk("240.0.0.0/4", "reserved (240.0.0.0/4)"),
	mk("255.255.255.255/32", "limited broadcast"),
}

// v6Denied lists IPv6 ranges refused with a specific reason. Everything
// outside 2000::/3 is refused anyway; the entries outside it only give a
// precise reason.
var v6Denied = [...]span{
	mk("::/128", "unspecified (::)"),
	mk("::1/128", "loopback (::1)"),
	mk("::ffff:0:0/96", "IPv4-mapped (::ffff:0:0/96)"),
	mk("::ffff:0:0:0/96", "IPv4-translated, RFC 6052 (::ffff:0:0:0/96)"),
	mk("64:ff9b::/96", "NAT64 well-known prefix (64:ff9b::/96)"),
	mk("64:ff9b:1::/48", "NAT64 local-use prefix (64:ff9b:1::/48)"),
	mk("100::/64", "discard-only (100::/64)"),
	mk("fc00::/7", "unique local (fc00::/7)"),
	mk("fe80::/10", "link-local (fe80::/10)"),
	mk("ff00::/8", "multicast (ff00::/8)"),
	mk("2001::/32", "Teredo (2001::/32)"),
	mk("2001::/23", "IETF protocol assignments (2001::/23)"),
	mk("2001:db8::/32", "documentation (2001:db8::/32)"),
	mk("2002::/16", "6to4 (2002::/16)"),
}

var globalUnicast = netip.MustParsePrefix("2000::/3")

// Classify reports whether a is a public unicast address that may be dialled.
// When it is not, reason says why. Scoped (zoned) addresses, IPv4-mapped
// IPv6 addresses and every IPv6 address outside 2000::/3 are refused; for an
// IPv4-mapped address the embedded IPv4 address is named in the reason.
func Classify(a netip.Addr) (reason string, ok bool) {
	if !a.IsValid() {
		return "invalid address", false
	}
	if a.Zone() != "" {
		return "scoped address with zone " + a.Zone(), false
	}
	if a.Is4() {
		for _, s := range v4Denied {
			if s.prefix.Contains(a) {
				return s.reason, false
			}
		}
		return "", true
	}
	if a.Is4In6() {
		inner := a.Unmap()
		if r, ok := Classify(inner); !ok {
			return "IPv4-mapped " + inner.String() + ": " + r, false
		}
		return "IPv4-mapped (::ffff:0:0/96) form of " + inner.String(), false
	}
	for _, s := range v6Denied {
		if s.prefix.Contains(a) {
			return s.reason, false
		}
	}
	if !globalUnicast.Contains(a) {
		return "outside global unicast 2000::/3", false
	}
	return "", true
}
