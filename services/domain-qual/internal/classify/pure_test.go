package classify

import (
	"net/netip"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

func TestDetectParking(t *testing.T) {
	tests := []struct {
		name   string
		ns     []string
		addrs  []string
		cnames []string
		parked bool
		want   []ParkingIndicator
	}{
		{name: "nothing", ns: []string{"ns1.acme.com."}, addrs: []string{"81.2.69.142"}, want: []ParkingIndicator{}},
		{name: "Sedo NS, deduplicated per host", ns: []string{"NS1.SEDOPARKING.COM.", "ns1.sedoparking.com"}, parked: true,
			want: []ParkingIndicator{{Source: IndicatorNS, Value: "ns1.sedoparking.com", Service: "Sedo", Strong: true}}},
		{name: "weak MarkMonitor NS", ns: []string{"ns2.markmonitor.com."},
			want: []ParkingIndicator{{Source: IndicatorNS, Value: "ns2.markmonitor.com", Service: "MarkMonitor", Strong: false}}},
		{name: "label boundary", ns: []string{"ns1.notsedo.com."}, want: []ParkingIndicator{}},
		{name: "Bodis address block", addrs: []string{"199.59.243.228"}, parked: true,
			want: []ParkingIndicator{{Source: IndicatorA, Value: "199.59.243.228", Service: "Bodis", Strong: true}}},
		{name: "IPv4-mapped address", addrs: []string{"::ffff:185.53.178.9"}, parked: true,
			want: []ParkingIndicator{{Source: IndicatorA, Value: "185.53.178.9", Service: "ParkingCrew", Strong: true}}},
		{name: "just outside a block", addrs: []string{"185.53.180.1"}, want: []ParkingIndicator{}},
		{name: "Namecheap CNAME", cnames: []string{"ParkingPage.Namecheap.com."}, parked: true,
			want: []ParkingIndicator{{Source: IndicatorCNAME, Value: "parkingpage.namecheap.com", Service: "Namecheap parking", Strong: true}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var addrs []netip.Addr
			for _, a := range tc.addrs {
				addrs = append(addrs, netip.MustParseAddr(a))
			}
			got := detectParking(tc.ns, addrs, tc.cnames)
			if got.IsParked != tc.parked || len(got.Indicators) != len(tc.want) {
				t.Fatalf("got %+v, want parked=%v %+v", got, tc.parked, tc.want)
			}
			for i := range tc.want {
				if got.Indicators[i] != tc.want[i] {
					t.Errorf("indicator %d = %+v, want %+v", i, got.Indicators[i], tc.want[i])
				}
			}
		})
	}
}

func TestSectorOf(t *testing.T) {
	tests := []struct {
		name   string
		domain string
		sector sector
		suffix string
	}{
		{name: "US federal", domain: "nasa.gov", sector: sectorGovernment, suffix: "gov"},
		{name: "military", domain: "army.mil", sector: sectorGovernment, suffix: "mil"},
		{name: "UK government subdomain", domain: "www.hmrc.gov.uk", sector: sectorGovernment, suffix: "gov.uk"},
		{name: "France", domain: "impots.gouv.fr", sector: sectorGovernment, suffix: "gouv.fr"},
		{name: "Canada", domain: "canada.gc.ca", sector: sectorGovernment, suffix: "gc.ca"},
		{name: "US university", domain: "mit.edu", sector: sectorEducation, suffix: "edu"},
		{name: "UK academic", domain: "cs.ox.ac.uk", sector: sectorEducation, suffix: "ac.uk"},
		{name: "Australian university", domain: "unimelb.edu.au", sector: sectorEducation, suffix: "edu.au"},
		{name: "US K-12 district", domain: "lausd.k12.ca.us", sector: sectorEducation, suffix: "k12.ca.us"},
		{name: "business", domain: "acme.com", sector: sectorNone},
		{name: "gov as a label, not a suffix", domain: "gov.acme.com", sector: sectorNone},
		{name: "lookalike suffix", domain: "notgov.uk", sector: sectorNone},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, suffix := sectorOf(tc.domain)
			if s != tc.sector || suffix != tc.suffix {
				t.Errorf("sectorOf(%q) = %v, %q; want %v, %q", tc.domain, s, suffix, tc.sector, tc.suffix)
			}
		})
	}
}

func TestReadiness(t *testing.T) {
	rec := resolver.Answer{Status: resolver.StatusRecords}
	nodata := resolver.Answer{Status: resolver.StatusNoData}
	nx := resolver.Answer{Status: resolver.StatusNXDomain}
	unk := resolver.Answer{Status: resolver.StatusUnknown}
	host := []mxRecord{{host: "mx.acme.com", pref: 10}}
	null := []mxRecord{{host: "", pref: 0}}
	tests := []struct {
		name        string
		mx, a, aaaa resolver.Answer
		mxs         []mxRecord
		want        Readiness
	}{
		{name: "MX hosts", mx: rec, a: nodata, aaaa: nodata, mxs: host, want: ReadinessMX},
		{name: "null MX", mx: rec, a: rec, aaaa: nodata, mxs: null, want: ReadinessNullMX},
		{name: "null MX mixed with a host is still MX", mx: rec, mxs: append(append([]mxRecord{}, null...), host...), want: ReadinessMX},
		{name: "records without MX data", mx: rec, want: ReadinessUnknown},
		{name: "implicit by A", mx: nodata, a: rec, aaaa: unk, want: ReadinessImplicitMX},
		{name: "implicit by AAAA", mx: nodata, a: nodata, aaaa: rec, want: ReadinessImplicitMX},
		{name: "none", mx: nodata, a: nodata, aaaa: nodata, want: ReadinessNone},
		{name: "nxdomain", mx: nx, a: nx, aaaa: nx, want: ReadinessNone},
		{name: "MX unknown is never none", mx: unk, a: nodata, aaaa: nodata, want: ReadinessUnknown},
		{name: "no MX and an unknown address lookup", mx: nodata, a: unk, aaaa: nodata, want: ReadinessUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := readiness(tc.mx, tc.a, tc.aaaa, tc.mxs); got != tc.want {
				t.Errorf("readiness = %s, want %s", got, tc.want)
			}
		})
	}
}
