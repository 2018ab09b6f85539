package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
)

// Resolver resolves host names to addresses. *net.Resolver implements it;
// tests inject their own so that no public DNS is used.
type Resolver interface {
	LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error)
}

// ResolverFunc adapts a function to Resolver.
type ResolverFunc func(ctx context.Context, host string) ([]net.IPAddr, error)

// LookupIPAddr calls f.
func (f ResolverFunc) LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error) {
	return f(ctx, host)
}

// guardedDialer resolves names itself and dials every candidate address
// through a net.Dialer whose Control hook is the guard policy, so the address
// checked is the address connected to, whatever DNS said before.
type guardedDialer struct {
	resolver Resolver
	dialer   net.Dialer
}

func (d *guardedDialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, portStr, err := net.SplitHostPort(address)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", address, err)
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return d.dialer.DialContext(ctx, network, address)
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil {
		return nil, fmt.Errorf("dial %s: bad port: %w", address, err)
	}
	ips, err := d.resolver.LookupIPAddr(ctx, host)
	if err != nil {
		return nil, &lookupError{host: host, err: err}
	}
	if len(ips) == 0 {
		return nil, &lookupError{host: host, err: errors.New("no addresses")}
	}
	var errs []error
	for _, ip := range ips {
		a, ok := netip.AddrFromSlice(ip.IP)
		if !ok {
			errs = append(errs, fmt.Errorf("resolver returned invalid IP %v for %s", ip.IP, host))
			continue
		}
		// Go's resolver returns IPv4 answers in 16-byte form; dial them as IPv4.
		a = a.Unmap()
		if ip.Zone != "" {
			a = a.WithZone(ip.Zone)
		}
		c, err := d.dialer.DialContext(ctx, network, netip.AddrPortFrom(a, uint16(port)).String())
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, fmt.Errorf("dial %s: %w", address, errors.Join(errs...))
}
