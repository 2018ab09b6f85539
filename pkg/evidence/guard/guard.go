// Package guard decides which network endpoints an outbound fetch may reach.
//
// The policy is applied at dial time through Policy.Control, a
// net.Dialer.Control hook: it sees the IP address the socket is about to
// connect to, after DNS resolution, so a name that resolves to a public
// address on one lookup and to a private one on the next (DNS rebinding)
// is still refused. Only tcp4/tcp6 to ports 80 and 443 of public unicast
// addresses are allowed (NewPolicyPorts names other ports for other
// protocols, such as 25 for the SMTP probe), unless an endpoint is
// explicitly allow-listed through configuration.
package guard

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Sentinel errors, matched with errors.Is on a *DeniedError.
var (
	// ErrBlockedAddress: the IP address is not a public unicast address.
	ErrBlockedAddress = errors.New("blocked address")
	// ErrBlockedPort: the port is not one of the policy's (80 and 443 by default).
	ErrBlockedPort = errors.New("blocked port")
	// ErrBlockedNetwork: the network is not tcp4 or tcp6.
	ErrBlockedNetwork = errors.New("blocked network")
)

// DeniedError reports why an endpoint was refused.
type DeniedError struct {
	Network string // as passed to the dialer, e.g. "tcp4"
	Address string // as passed to the dialer, e.g. "127.0.0.1:80"
	Reason  string // human-readable, e.g. "loopback (127.0.0.0/8)"
	Kind    error  // one of ErrBlockedAddress, ErrBlockedPort, ErrBlockedNetwork
}

func (e *DeniedError) Error() string {
	return fmt.Sprintf("guard: %s %s refused: %v: %s", e.Network, e.Address, e.Kind, e.Reason)
}

// Unwrap lets errors.Is match the Kind sentinel.
func (e *DeniedError) Unwrap() error { return e.Kind }

// IsDefaultPort reports whether port is 80 or 443, the only ports reachable
// without an allow-list entry.
func IsDefaultPort(port uint16) bool { return port == 80 || port == 443 }

// AllowList holds endpoints that are reachable even though the default policy
// refuses them. It exists so that tests and demos can reach loopback fixtures;
// it must only ever be filled from operator configuration, never from request
// input. The zero value allows nothing extra.
type AllowList struct {
	// Prefixes allows any address inside these networks, on ports 80 and 443 only.
	Prefixes []netip.Prefix
	// Endpoints allows exactly these address:port pairs, whatever the port.
	Endpoints []netip.AddrPort
}

// ParseAllowList parses entries of the form "CIDR" ("127.0.0.0/8",
// "::1/128"), bare IP ("127.0.0.1", treated as a /32 or /128) or "IP:port"
// ("127.0.0.1:8080", "[::1]:8443"). Host names are rejected: the policy is
// applied to addresses at dial time, after resolution.
func ParseAllowList(entries []string) (AllowList, error) {
	var al AllowList
	for _, raw := range entries {
		e := strings.TrimSpace(raw)
		if e == "" {
			continue
		}
		if strings.Contains(e, "/") {
			p, err := netip.ParsePrefix(e)
			if err != nil {
				return AllowList{}, fmt.Errorf("guard: allow-list entry %q: %w", raw, err)
			}
			al.Prefixes = append(al.Prefixes, p.Masked())
			continue
		}
		if ap, err := netip.ParseAddrPort(e); err == nil {
			if ap.Port() == 0 {
				return AllowList{}, fmt.Errorf("guard: allow-list entry %q: port 0", raw)
			}
			al.Endpoints = append(al.Endpoints, netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()))
			continue
		}
		a, err := netip.ParseAddr(e)
		if err != nil {
			return AllowList{}, fmt.Errorf("guard: allow-list entry %q: want CIDR, IP or IP:port", raw)
		}
		a = a.Unmap()
		al.Prefixes = append(al.Prefixes, netip.PrefixFrom(a, a.BitLen()))
	}
	return al, nil
}

// Empty reports whether the list allows nothing extra.
func (al AllowList) Empty() bool { return len(al.Prefixes) == 0 && len(al.Endpoints) == 0 }

// Allows reports whether ap is explicitly allow-listed.
func (al AllowList) Allows(ap netip.AddrPort) bool {
	a := ap.Addr().Unmap()
	for _, e := range al.Endpoints {
		if e.Addr() == a && e.Port() == ap.Port() {
			return true
		}
	}
	if !IsDefaultPort(ap.Port()) {
		return false
	}
	for _, p := range al.Prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// HasPort reports whether any Endpoint entry uses port. Callers that see a
// host name (not yet an address) use it to decide whether a non-default port
// can possibly be allowed; the dial-time check stays authoritative.
func (al AllowList) HasPort(port uint16) bool {
	for _, e := range al.Endpoints {
		if e.Port() == port {
			return true
		}
	}
	return false
}

// Policy is the dial-time endpoint policy. It is immutable and safe for
// concurrent use.
type Policy struct {
	allow AllowList
	ports []uint16 // nil: 80 and 443
}

// NewPolicy returns a policy that refuses every non-public endpoint except
// those in allow.
func NewPolicy(allow AllowList) *Policy {
	return &Policy{allow: allow}
}

// NewPolicyPorts returns a policy like NewPolicy for another protocol than
// the web's: public addresses are reachable on ports only (at least one),
// not on 80 and 443. allow applies unchanged: its Endpoints are reachable
// whatever the port, its Prefixes on 80 and 443 only.
func NewPolicyPorts(allow AllowList, ports ...uint16) *Policy {
	if len(ports) == 0 {
		panic("guard: NewPolicyPorts without ports")
	}
	return &Policy{allow: allow, ports: slices.Clone(ports)}
}

// portAllowed reports whether a public address may be reached on port, and
// names the allowed ports for the error when not.
func (p *Policy) portAllowed(port uint16) (ok bool, allowed string) {
	if p.ports == nil {
		return IsDefaultPort(port), "80 or 443"
	}
	names := make([]string, len(p.ports))
	for i, q := range p.ports {
		names[i] = strconv.Itoa(int(q))
	}
	return slices.Contains(p.ports, port), strings.Join(names, " or ")
}

// Control is a net.Dialer.Control function. It refuses the connection before
// connect(2) is called when the network, address or port is not allowed.
func (p *Policy) Control(network, address string, _ syscall.RawConn) error {
	return p.Check(network, address)
}

// Check applies the policy to a dialer network ("tcp4"/"tcp6") and an
// "IP:port" address. It never panics; unparsable input is refused.
func (p *Policy) Check(network, address string) error {
	deny := func(kind error, reason string) error {
		return &DeniedError{Network: network, Address: address, Reason: reason, Kind: kind}
	}
	if network != "tcp4" && network != "tcp6" {
		return deny(ErrBlockedNetwork, "only tcp4 and tcp6 are allowed")
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return deny(ErrBlockedAddress, "not an IP:port address")
	}
	return p.CheckAddrPort(ap, network, address)
}

// CheckAddrPort applies the policy to one resolved endpoint. network and
// address only label the returned error.
func (p *Policy) CheckAddrPort(ap netip.AddrPort, network, address string) error {
	if p.allow.Allows(ap) {
		return nil
	}
	if reason, ok := Classify(ap.Addr()); !ok {
		return &DeniedError{Network: network, Address: address, Reason: reason, Kind: ErrBlockedAddress}
	}
	if ok, allowed := p.portAllowed(ap.Port()); !ok {
		return &DeniedError{Network: network, Address: address,
			Reason: "port " + strconv.Itoa(int(ap.Port())) + " is not " + allowed, Kind: ErrBlockedPort}
	}
	return nil
}
