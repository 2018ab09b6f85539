package classify

import (
	"net/netip"
	"strings"
)

// Parking-service data written from the facts in
// /work/shared/reference/domain-checks.md §5 (MISP warninglist
// parking-domain-ns names and the TMA 2022 NS/A/CNAME indicators).

type parkingNS struct {
	suffix, service string
	strong          bool
}

// parkingNameServers matches NS host names on label boundaries.
// markmonitor.com and dnsowl.com also serve live domains: weak signals.
func parkingNameServers() []parkingNS {
	return []parkingNS{
		{"above.com", "Above.com", true},
		{"afternic.com", "Afternic", true},
		{"bodis.com", "Bodis", true},
		{"bookmyname.com", "BookMyName", true},
		{"cashparking.com", "GoDaddy CashParking", true},
		{"dan.com", "Dan.com", true},
		{"day.biz", "Day.biz", true},
		{"dnsowl.com", "DNSOwl", false},
		{"domainmarket.com", "DomainMarket", true},
		{"dsredirection.com", "DSRedirection", true},
		{"dsredirects.com", "DSRedirects", true},
		{"freenom.com", "Freenom", true},
		{"gname.net", "Gname", true},
		{"markmonitor.com", "MarkMonitor", false},
		{"parking1.ovh.net", "OVH parking", true},
		{"parking2.ovh.net", "OVH parking", true},
		{"parkingcrew.net", "ParkingCrew", true},
		{"parklogic.com", "ParkLogic", true},
		{"sedo.com", "Sedo", true},
		{"sedoparking.com", "Sedo", true},
		{"undeveloped.com", "Undeveloped", true},
		{"uniregistrymarket.link", "Uniregistry Market", true},
		{"ztomy.com", "Ztomy", true},
	}
}

type parkingNet struct {
	prefix  netip.Prefix
	service string
}

// parkingNetworks are address blocks of parking services.
func parkingNetworks() []parkingNet {
	p := netip.MustParsePrefix
	return []parkingNet{
		{p("185.53.176.0/22"), "ParkingCrew"},
		{p("91.195.240.0/23"), "Sedo"},
		{p("64.190.62.0/23"), "Sedo"},
		{p("199.59.240.0/22"), "Bodis"},
		{p("103.224.182.0/23"), "Above.com"},
		{p("34.102.136.180/32"), "GoDaddy parking"},
		{p("34.98.99.30/32"), "GoDaddy parking"},
	}
}

// parkingCNAMEs are CNAME targets of parking pages.
func parkingCNAMEs() map[string]string {
	return map[string]string{
		"parkingpage.namecheap.com": "Namecheap parking",
	}
}

// detectParking matches NS hosts, addresses and CNAME targets against the
// parking data. Inputs may carry trailing dots and any case.
func detectParking(nsHosts []string, addrs []netip.Addr, cnames []string) Parked {
	out := Parked{Indicators: []ParkingIndicator{}}
	seen := map[ParkingIndicator]bool{}
	add := func(ind ParkingIndicator) {
		if !seen[ind] {
			seen[ind] = true
			out.Indicators = append(out.Indicators, ind)
			out.IsParked = out.IsParked || ind.Strong
		}
	}
	rules := parkingNameServers()
	for _, h := range nsHosts {
		host := normaliseHost(h)
		for _, r := range rules {
			if host == r.suffix || strings.HasSuffix(host, "."+r.suffix) {
				add(ParkingIndicator{Source: IndicatorNS, Value: host, Service: r.service, Strong: r.strong})
				break
			}
		}
	}
	nets := parkingNetworks()
	for _, a := range addrs {
		for _, n := range nets {
			if n.prefix.Contains(a.Unmap()) {
				add(ParkingIndicator{Source: IndicatorA, Value: a.Unmap().String(), Service: n.service, Strong: true})
				break
			}
		}
	}
	targets := parkingCNAMEs()
	for _, c := range cnames {
		t := normaliseHost(c)
		if svc, ok := targets[t]; ok {
			add(ParkingIndicator{Source: IndicatorCNAME, Value: t, Service: svc, Strong: true})
		}
	}
	return out
}

func normaliseHost(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(h)), ".")
}
