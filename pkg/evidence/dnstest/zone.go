package dnstest

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/miekg/dns"
)

// zone is one authoritative zone: its apex SOA and its records by owner name.
type zone struct {
	origin string
	soa    *dns.SOA
	names  map[string][]dns.RR // lower-case FQDN -> records
}

// parseZone reads zone-file text. origin is the default $ORIGIN (may be ""
// when the text sets $ORIGIN itself or uses only absolute names); file is
// used in error messages. The zone must contain exactly one SOA record,
// whose owner becomes the zone apex.
func parseZone(r io.Reader, origin, file string) (*zone, error) {
	zp := dns.NewZoneParser(r, dns.Fqdn(origin), file)
	zp.SetIncludeAllowed(false)
	z := &zone{names: make(map[string][]dns.RR)}
	for rr, ok := zp.Next(); ok; rr, ok = zp.Next() {
		hdr := rr.Header()
		hdr.Name = strings.ToLower(hdr.Name)
		if soa, isSOA := rr.(*dns.SOA); isSOA {
			if z.soa != nil {
				return nil, fmt.Errorf("dnstest: zone %s: more than one SOA record", file)
			}
			z.soa = soa
			z.origin = hdr.Name
		}
		z.names[hdr.Name] = append(z.names[hdr.Name], rr)
	}
	if err := zp.Err(); err != nil {
		return nil, fmt.Errorf("dnstest: parse zone %s: %w", file, err)
	}
	if z.soa == nil {
		return nil, fmt.Errorf("dnstest: zone %s: no SOA record", file)
	}
	for name := range z.names {
		if !dns.IsSubDomain(z.origin, name) {
			return nil, fmt.Errorf("dnstest: zone %s: record %s is outside the zone %s", file, name, z.origin)
		}
	}
	return z, nil
}

// parseZoneFile reads a zone file from disk.
func parseZoneFile(path string) (*zone, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dnstest: open zone file: %w", err)
	}
	defer f.Close()
	return parseZone(f, "", path)
}

// exists reports whether name exists in the zone: it owns records or is an
// empty non-terminal (some owner name lies below it).
func (z *zone) exists(name string) bool {
	if _, ok := z.names[name]; ok {
		return true
	}
	for owner := range z.names {
		if dns.IsSubDomain(name, owner) && owner != name {
			return true
		}
	}
	return false
}

// lookup returns the records owned by name, synthesising them from a
// wildcard at the closest encloser when name does not exist (RFC 4592, the
// simple case: the wildcard sits directly below the closest encloser).
func (z *zone) lookup(name string) ([]dns.RR, bool) {
	if rrs, ok := z.names[name]; ok {
		return rrs, true
	}
	if z.exists(name) {
		return nil, true
	}
	labels := dns.SplitDomainName(name)
	for i := 1; i < len(labels); i++ {
		encloser := dns.Fqdn(strings.Join(labels[i:], "."))
		if !dns.IsSubDomain(z.origin, encloser) {
			break
		}
		if !z.exists(encloser) {
			continue
		}
		wild, ok := z.names["*."+encloser]
		if !ok {
			return nil, false
		}
		out := make([]dns.RR, 0, len(wild))
		for _, rr := range wild {
			cp := dns.Copy(rr)
			cp.Header().Name = name
			out = append(out, cp)
		}
		return out, true
	}
	return nil, false
}

// negativeSOA is the SOA placed in the authority section of NXDOMAIN and
// NODATA answers; its TTL is the negative-caching TTL (RFC 2308 §5: the
// minimum of the SOA TTL and its MINIMUM field).
func (z *zone) negativeSOA() dns.RR {
	soa := dns.Copy(z.soa).(*dns.SOA)
	if soa.Minttl < soa.Hdr.Ttl {
		soa.Hdr.Ttl = soa.Minttl
	}
	return soa
}
