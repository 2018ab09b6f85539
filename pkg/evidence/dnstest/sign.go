package dnstest

import (
	"crypto"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// Signer holds freshly generated DNSSEC keys for one zone: a key-signing
// key (flags 257, SEP) and a zone-signing key (flags 256), both ECDSA P-256
// with SHA-256 (algorithm 13, quick to generate), and the validity window
// of the signatures it makes.
//
//	s := dnstest.NewSigner(t, "example.com", now.Add(-time.Hour), now.Add(30*24*time.Hour))
//	child := s.Sign(t, zoneText)                        // DNSKEY set and RRSIGs added
//	parent := comZoneText + "\n" + s.DS(dns.SHA256)     // the delegation's DS, served by the parent
type Signer struct {
	// Zone is the apex, fully qualified, lower case.
	Zone string
	// KSK signs the DNSKEY RRset; the DS names it.
	KSK *dns.DNSKEY
	// ZSK signs every other RRset.
	ZSK *dns.DNSKEY
	// Inception and Expiration bound the signatures Sign makes; change them
	// between calls to sign with another window (e.g. an expired one).
	Inception, Expiration time.Time

	kskPriv, zskPriv crypto.Signer
}

// NewSigner generates the keys of zone. It fails the test on error.
func NewSigner(tb testing.TB, zone string, inception, expiration time.Time) *Signer {
	tb.Helper()
	s, err := GenerateSigner(zone, inception, expiration)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// GenerateSigner is NewSigner for callers without a testing.TB (fixtures
// built once per test binary).
func GenerateSigner(zone string, inception, expiration time.Time) (*Signer, error) {
	s := &Signer{Zone: canonical(zone), Inception: inception, Expiration: expiration}
	var err error
	if s.KSK, s.kskPriv, err = generateKey(s.Zone, dns.ZONE|dns.SEP); err != nil {
		return nil, err
	}
	if s.ZSK, s.zskPriv, err = generateKey(s.Zone, dns.ZONE); err != nil {
		return nil, err
	}
	return s, nil
}

func generateKey(zone string, flags uint16) (*dns.DNSKEY, crypto.Signer, error) {
	k := &dns.DNSKEY{
		Hdr:       dns.RR_Header{Name: zone, Rrtype: dns.TypeDNSKEY, Class: dns.ClassINET, Ttl: 3600},
		Flags:     flags,
		Protocol:  3,
		Algorithm: dns.ECDSAP256SHA256,
	}
	priv, err := k.Generate(256)
	if err != nil {
		return nil, nil, fmt.Errorf("dnstest: generate DNSKEY for %s: %w", zone, err)
	}
	signer, ok := priv.(crypto.Signer)
	if !ok {
		return nil, nil, fmt.Errorf("dnstest: generated key %T is not a crypto.Signer", priv)
	}
	return k, signer, nil
}

// DS is the DS record of the KSK with the given digest type (dns.SHA256,
// dns.SHA1, dns.SHA384), as a zone-file line for the parent zone.
func (s *Signer) DS(digestType uint8) string {
	ds := s.KSK.ToDS(digestType)
	if ds == nil {
		return ""
	}
	return ds.String()
}

// Sign returns zoneText with the DNSKEY RRset (KSK and ZSK, with the SOA's
// TTL) added and every authoritative RRset signed: the DNSKEY RRset by the
// KSK, the others by the ZSK; NS records below the apex (delegations) are
// not signed (RFC 4035 §2.2). RRSIGs already in zoneText are kept. The
// signatures are valid from s.Inception to s.Expiration. It fails the test
// when the text does not parse or a signature cannot be made.
func (s *Signer) Sign(tb testing.TB, zoneText string) string {
	tb.Helper()
	out, err := s.SignZone(zoneText)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

type rrsetKey struct {
	name  string
	rtype uint16
}

// SignZone is Sign returning the error.
func (s *Signer) SignZone(zoneText string) (string, error) {
	zp := dns.NewZoneParser(strings.NewReader(zoneText), "", "signed zone")
	zp.SetIncludeAllowed(false)
	sets := map[rrsetKey][]dns.RR{}
	var order []rrsetKey
	var soaTTL uint32 = 3600
	for rr, ok := zp.Next(); ok; rr, ok = zp.Next() {
		h := rr.Header()
		h.Name = strings.ToLower(h.Name)
		if h.Rrtype == dns.TypeRRSIG {
			continue
		}
		if h.Rrtype == dns.TypeSOA {
			if h.Name != s.Zone {
				return "", fmt.Errorf("dnstest: sign %s: the zone's SOA is at %s", s.Zone, h.Name)
			}
			soaTTL = h.Ttl
		}
		if h.Rrtype == dns.TypeNS && h.Name != s.Zone {
			continue
		}
		k := rrsetKey{h.Name, h.Rrtype}
		if _, seen := sets[k]; !seen {
			order = append(order, k)
		}
		sets[k] = append(sets[k], rr)
	}
	if err := zp.Err(); err != nil {
		return "", fmt.Errorf("dnstest: sign %s: %w", s.Zone, err)
	}
	keys := s.Keys(soaTTL)
	apexKeys := rrsetKey{s.Zone, dns.TypeDNSKEY}
	if !slices.Contains(order, apexKeys) {
		order = append(order, apexKeys)
	}
	sets[apexKeys] = append(sets[apexKeys], keys...)

	var b strings.Builder
	b.WriteString(zoneText)
	b.WriteString("\n")
	for _, k := range keys {
		b.WriteString(k.String() + "\n")
	}
	for _, k := range order {
		sig, err := s.signRRset(sets[k])
		if err != nil {
			return "", err
		}
		b.WriteString(sig.String() + "\n")
	}
	return b.String(), nil
}

// SignRRset signs one RRset (records of one owner and type): a DNSKEY
// RRset with the KSK, any other with the ZSK, valid from s.Inception to
// s.Expiration. It fails the test on error.
func (s *Signer) SignRRset(tb testing.TB, rrset []dns.RR) *dns.RRSIG {
	tb.Helper()
	sig, err := s.signRRset(rrset)
	if err != nil {
		tb.Fatal(err)
	}
	return sig
}

func (s *Signer) signRRset(rrset []dns.RR) (*dns.RRSIG, error) {
	if len(rrset) == 0 {
		return nil, fmt.Errorf("dnstest: sign %s: empty RRset", s.Zone)
	}
	h := rrset[0].Header()
	key, priv := s.ZSK, s.zskPriv
	if h.Rrtype == dns.TypeDNSKEY {
		key, priv = s.KSK, s.kskPriv
	}
	sig := &dns.RRSIG{
		Hdr:        dns.RR_Header{Ttl: h.Ttl},
		KeyTag:     key.KeyTag(),
		SignerName: s.Zone,
		Algorithm:  key.Algorithm,
		Inception:  uint32(s.Inception.Unix()),
		Expiration: uint32(s.Expiration.Unix()),
	}
	if err := sig.Sign(priv, rrset); err != nil {
		return nil, fmt.Errorf("dnstest: sign %s %s: %w", h.Name, dns.TypeToString[h.Rrtype], err)
	}
	return sig, nil
}

// Keys returns copies of the KSK and the ZSK with the given TTL: the
// DNSKEY RRset Sign publishes.
func (s *Signer) Keys(ttl uint32) []dns.RR {
	ksk, zsk := *s.KSK, *s.ZSK
	ksk.Hdr.Ttl, zsk.Hdr.Ttl = ttl, ttl
	return []dns.RR{&ksk, &zsk}
}
