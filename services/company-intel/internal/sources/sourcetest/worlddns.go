package sourcetest

import (
	"io/fs"
	"slices"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
)

// The world's DNS: one authoritative zone per company (SOA, NS, A
// 127.0.0.1 for the domain and its www. host, where the websites listen)
// and, for a few companies, a realistic mail setup (wCompany.Mail in
// testdata/world.json: Google Workspace with DMARC reject, Microsoft 365
// with a bulk sender and DMARC quarantine, hosting mailboxes with SPF ?all
// and DMARC p=none) with the mail providers' records it depends on
// (testdata/dns/*.zone: MX host addresses, SPF includes, DKIM keys behind
// CNAMEs; the DKIM keys are public keys without a private key), so that
// domain-qual classifies, audits and profiles the companies offline
// through its real resolver. company-intel asks only for A and AAAA.

// wMail is a company's mail setup: zone-file lines with owner names
// relative to its domain ("@" is the domain), and a one-line summary for
// the listing.
type wMail struct {
	Summary string
	Records []string
}

// zones are the world's zone texts: per company an SOA, NS (its mail
// setup's, else a registrar's), A 127.0.0.1 for the domain and www., and
// its mail setup; then the providers' zones.
func (fx worldFixture) zones() ([]string, error) {
	var texts []string
	for _, co := range fx.companies {
		d := co.Domain + "."
		mail := co.Mail
		lines := []string{"$ORIGIN " + d, "@ SOA " + "ns1." + d + " hostmaster." + d + " 2026010101 7200 3600 1209600 300",
			"@ A 127.0.0.1", "www A 127.0.0.1"}
		if !slices.ContainsFunc(mail.Records, func(l string) bool { return strings.HasPrefix(l, "@ NS ") }) {
			lines = append(lines, "@ NS dns1.registrar-servers.com.", "@ NS dns2.registrar-servers.com.")
		}
		texts = append(texts, strings.Join(append(lines, mail.Records...), "\n"))
	}
	providers, err := fs.Glob(worldData, "testdata/dns/*.zone")
	if err != nil {
		return nil, err
	}
	for _, name := range providers {
		b, err := worldData.ReadFile(name)
		if err != nil {
			return nil, err
		}
		texts = append(texts, string(b))
	}
	for i, t := range texts {
		texts[i] = "$TTL 300\n" + t
	}
	return texts, nil
}

// DNSFault is a way the world's DNS server fails.
type DNSFault string

// Faults the world's DNS server can inject (World.SetDNSFault).
const (
	// DNSOK answers normally.
	DNSOK DNSFault = ""
	// DNSServfail answers every query SERVFAIL.
	DNSServfail DNSFault = "servfail"
	// DNSTimeout answers no query (the resolver times out).
	DNSTimeout DNSFault = "timeout"
)

// dnsFaultKinds are the dnstest faults of the world's DNS faults.
var dnsFaultKinds = map[DNSFault]dnstest.FaultKind{DNSServfail: dnstest.FaultServFail, DNSTimeout: dnstest.FaultDrop}
