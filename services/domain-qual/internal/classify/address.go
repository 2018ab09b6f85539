package classify

import "net/netip"

// nonPublicPrefixes are special-purpose blocks (IANA registries) that are
// not publicly routable: shared CGNAT space, documentation, benchmarking,
// protocol assignments, 6to4/Teredo relays and discard prefixes.
func nonPublicPrefixes() []netip.Prefix {
	p := netip.MustParsePrefix
	return []netip.Prefix{
		p("0.0.0.0/8"), p("100.64.0.0/10"), p("192.0.0.0/24"), p("192.0.2.0/24"), p("192.88.99.0/24"),
		p("198.18.0.0/15"), p("198.51.100.0/24"), p("203.0.113.0/24"), p("240.0.0.0/4"),
		p("64:ff9b:1::/48"), p("100::/64"), p("2001::/23"), p("2001:db8::/32"), p("2002::/16"),
	}
}

// isNonPublic reports addresses that a public mail host must not use.
func isNonPublic(a netip.Addr) bool {
	a = a.Unmap()
	if a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsMulticast() || a.IsUnspecified() || a.IsInterfaceLocalMulticast() || !a.IsValid() {
		return true
	}
	if a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
		return true
	}
	for _, p := range nonPublicPrefixes() {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
