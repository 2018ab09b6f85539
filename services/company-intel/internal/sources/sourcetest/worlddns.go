package sourcetest

import (
	"slices"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
)

// The world's DNS: one authoritative zone per company (SOA, NS, A
// 127.0.0.1 for the domain and its www. host, where the websites listen)
// and, for a few companies, a realistic mail setup (worldMail) with the
// mail providers' records it depends on (worldProviderZones), so that
// domain-qual classifies, audits and profiles the companies offline
// through its real resolver. company-intel asks only for A and AAAA.

// wMail is a company's mail setup: zone-file lines with owner names
// relative to its domain ("@" is the domain), and a one-line summary for
// the listing.
type wMail struct {
	summary string
	records []string
}

// Two real-looking 2048-bit RSA public keys (SubjectPublicKeyInfo,
// base64) for the DKIM records; no private key exists for them.
const (
	dkimKeyGoogle = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmwc67CdMgY6gPBkra733w14bbUSJYZ8tLsRATE3NmlpmaPmNCYXmehstRdcQLpgRVC4Dbxy7mdBtt8A8VAAUEIV3lIgSHNWqbrTF5Ezf9nRXG5BVqIxR8R49LT6dSBAf1zcIIudGadNW17713WWp/TBIOLJkn3OomNK6FAjVv0KTZaAREq7YLO3QlDUkAKZeNECJxX7eP5+3tzzP89dh6spWDeDuNGHKWmYVUz0aQER48P+X6yxcTbnP6NNnOMUEAgV0I8L36A0SYFSIji0GEzzlnWWXo9v0IYqGv2FPdckKF6Kxpzj2aK1agOuw6oN5d0teD6xor2N6IkD+K8hGjQIDAQAB"
	dkimKeyM365   = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArNARqkpwrNAmpBZuoEj2X7yfUP2hOPR0LD43oZIPxQJbXu6rI4YPThQAJXJLVusRazv8PYV9I9Y7KUQ/9Efu8gh8z2wuJm7263l0cX2DEkMzXzsbiOYaAruF3biZRxZ+U8EedLkIiZuVh3x4wgae/S7M6NQDFWQJKcvv2u02tIkOoZRyT0U3IBnKeQ6HXaJdveyeSMrO4VYMRigcrVSF/9wEto0LhQntrY5ie1DsKJ+ie+PVpWVPVBOiMeVQdimL1vqSOcmVB1pGeyiVOkq9uQgLiFH32HWzCQcxEYRzcYei8V392o8zu3tBAWW6TIYkT43Entt89HDpJZxtyir0wwIDAQAB"
)

// worldMail are the companies with a mail setup, by domain: a strong one
// (Google Workspace, DMARC reject), a good one (Microsoft 365 and a bulk
// sender, DMARC quarantine) and a weak one (a hosting company's mailboxes,
// SPF ?all, DMARC p=none, no DKIM). The other companies have no MX.
var worldMail = map[string]wMail{
	"northwind-robotics.com": {
		summary: "Google Workspace; SPF -all; DMARC p=reject; DKIM google (2048-bit); TLS-RPT",
		records: []string{
			"@ NS ns-1204.awsdns-22.org.",
			"@ NS ns-310.awsdns-38.com.",
			"@ MX 1 aspmx.l.google.com.",
			"@ MX 5 alt1.aspmx.l.google.com.",
			"@ MX 5 alt2.aspmx.l.google.com.",
			"@ MX 10 alt3.aspmx.l.google.com.",
			"@ MX 10 alt4.aspmx.l.google.com.",
			`@ TXT "v=spf1 include:_spf.google.com -all"`,
			`@ TXT "google-site-verification=nwrb-Xk2f9Qm4Lp7Rt1Vb8Zc3Hd6Jn0Sw5Ye"`,
			`_dmarc TXT "v=DMARC1; p=reject; sp=reject; adkim=s; aspf=s; rua=mailto:dmarc-reports@northwind-robotics.com"`,
			"google._domainkey TXT " + txt("v=DKIM1; k=rsa; p="+dkimKeyGoogle),
			`_smtp._tls TXT "v=TLSRPTv1; rua=mailto:tls-reports@northwind-robotics.com"`,
		},
	},
	"adventureworks-cycles.com": {
		summary: "Microsoft 365 and SendGrid; SPF -all; DMARC p=quarantine; DKIM selector1/selector2 (CNAME to onmicrosoft.com)",
		records: []string{
			"@ NS dana.ns.cloudflare.com.",
			"@ NS rick.ns.cloudflare.com.",
			"@ MX 0 adventureworks-cycles-com.mail.protection.outlook.com.",
			`@ TXT "v=spf1 include:spf.protection.outlook.com include:sendgrid.net -all"`,
			`@ TXT "MS=ms48213377"`,
			`_dmarc TXT "v=DMARC1; p=quarantine; pct=100; rua=mailto:dmarc@adventureworks-cycles.com"`,
			"selector1._domainkey CNAME selector1-adventureworks-cycles-com._domainkey.adventureworkscycles.onmicrosoft.com.",
			"selector2._domainkey CNAME selector2-adventureworks-cycles-com._domainkey.adventureworkscycles.onmicrosoft.com.",
		},
	},
	"proseware-learning.com": {
		summary: "GoDaddy mailboxes and HubSpot; SPF ?all; DMARC p=none without reports; no DKIM",
		records: []string{
			"@ NS ns45.domaincontrol.com.",
			"@ NS ns46.domaincontrol.com.",
			"@ MX 0 smtp.secureserver.net.",
			"@ MX 10 mailstore1.secureserver.net.",
			`@ TXT "v=spf1 a mx include:secureserver.net include:44712093.spf04.hubspotemail.net ?all"`,
			`_dmarc TXT "v=DMARC1; p=none"`,
		},
	},
}

// worldProviderZones are the mail providers' records the setups above
// depend on (MX host addresses, SPF includes, DKIM keys behind CNAMEs):
// fixtures of public services, with their published shapes.
var worldProviderZones = []string{
	`$ORIGIN google.com.
@ SOA ns1.google.com. dns-admin.google.com. 1 900 900 1800 60
@ NS ns1.google.com.
_spf TXT "v=spf1 include:_netblocks.google.com include:_netblocks2.google.com include:_netblocks3.google.com ~all"
_netblocks TXT "v=spf1 ip4:35.190.247.0/24 ip4:64.233.160.0/19 ip4:66.102.0.0/20 ip4:66.249.80.0/20 ip4:72.14.192.0/18 ip4:74.125.0.0/16 ip4:108.177.8.0/21 ip4:173.194.0.0/16 ip4:209.85.128.0/17 ip4:216.58.192.0/19 ip4:216.239.32.0/19 ~all"
_netblocks2 TXT "v=spf1 ip6:2001:4860:4000::/36 ip6:2404:6800:4000::/36 ip6:2607:f8b0:4000::/36 ip6:2800:3f0:4000::/36 ip6:2a00:1450:4000::/36 ip6:2c0f:fb50:4000::/36 ~all"
_netblocks3 TXT "v=spf1 ip4:172.217.0.0/19 ip4:172.217.32.0/20 ip4:172.217.128.0/19 ip4:172.217.160.0/20 ip4:172.217.192.0/19 ip4:172.253.56.0/21 ip4:172.253.112.0/20 ip4:108.177.96.0/19 ip4:35.191.0.0/16 ip4:130.211.0.0/22 ~all"
aspmx.l A 142.250.27.26
aspmx.l AAAA 2a00:1450:4025:c03::1a
alt1.aspmx.l A 142.250.153.26
alt2.aspmx.l A 142.251.9.26
alt3.aspmx.l A 172.253.118.26
alt4.aspmx.l A 108.177.11.26`,
	`$ORIGIN outlook.com.
@ SOA ns1-205.azure-dns.com. azuredns-hostmaster.microsoft.com. 1 3600 300 2419200 300
@ NS ns1-205.azure-dns.com.
spf.protection TXT "v=spf1 ip4:40.92.0.0/15 ip4:40.107.0.0/16 ip4:52.100.0.0/15 ip4:52.102.0.0/16 ip4:52.103.0.0/17 ip4:104.47.0.0/17 ip6:2a01:111:f400::/48 ip6:2a01:111:f403::/49 -all"
adventureworks-cycles-com.mail.protection A 52.101.40.12
adventureworks-cycles-com.mail.protection A 52.101.42.3`,
	`$ORIGIN onmicrosoft.com.
@ SOA ns1-37.azure-dns.com. azuredns-hostmaster.microsoft.com. 1 3600 300 2419200 300
@ NS ns1-37.azure-dns.com.
selector1-adventureworks-cycles-com._domainkey.adventureworkscycles TXT ` + txt("v=DKIM1; k=rsa; p="+dkimKeyM365) + `
selector2-adventureworks-cycles-com._domainkey.adventureworkscycles TXT ` + txt("v=DKIM1; k=rsa; p="+dkimKeyM365),
	`$ORIGIN sendgrid.net.
@ SOA ns1.p26.dynect.net. hostmaster.sendgrid.net. 1 3600 600 604800 1800
@ NS ns1.p26.dynect.net.
@ TXT "v=spf1 ip4:167.89.0.0/17 ip4:208.117.48.0/20 ip4:50.31.32.0/19 ip4:198.37.144.0/20 ip4:198.21.0.0/21 ip4:192.254.112.0/20 ip4:168.245.0.0/17 ip4:149.72.0.0/16 ip4:159.183.0.0/16 ~all"`,
	`$ORIGIN secureserver.net.
@ SOA pdns01.domaincontrol.com. dns.jomax.net. 1 28800 7200 604800 600
@ NS pdns01.domaincontrol.com.
@ TXT "v=spf1 ip4:68.178.252.0/24 ip4:208.109.80.0/24 ip4:72.167.234.0/24 ip4:173.201.192.0/24 -all"
smtp A 68.178.213.37
mailstore1 A 68.178.213.243`,
	`$ORIGIN hubspotemail.net.
@ SOA ns-1290.awsdns-33.org. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400
@ NS ns-1290.awsdns-33.org.
44712093.spf04 TXT "v=spf1 ip4:3.93.157.0/24 ip4:3.210.190.0/24 ip4:18.208.124.128/25 ip4:54.174.52.0/24 ip4:54.174.57.0/24 ip4:143.244.80.0/20 ip4:158.247.16.0/20 -all"`,
}

// txt renders s as the quoted character-strings of a TXT record, at most
// 255 bytes each (RFC 1035 §3.3).
func txt(s string) string {
	var parts []string
	for len(s) > 255 {
		parts, s = append(parts, `"`+s[:255]+`"`), s[255:]
	}
	return strings.Join(append(parts, `"`+s+`"`), " ")
}

// zones are the world's zone texts: per company an SOA, NS (its mail
// setup's, else a registrar's), A 127.0.0.1 for the domain and www., and
// its mail setup; then the providers' zones.
func (fx worldFixture) zones() []string {
	var texts []string
	for _, co := range fx.companies {
		d := co.domain + "."
		mail := worldMail[co.domain]
		lines := []string{"$ORIGIN " + d, "@ SOA " + "ns1." + d + " hostmaster." + d + " 2026010101 7200 3600 1209600 300",
			"@ A 127.0.0.1", "www A 127.0.0.1"}
		if !slices.ContainsFunc(mail.records, func(l string) bool { return strings.HasPrefix(l, "@ NS ") }) {
			lines = append(lines, "@ NS dns1.registrar-servers.com.", "@ NS dns2.registrar-servers.com.")
		}
		texts = append(texts, strings.Join(append(lines, mail.records...), "\n"))
	}
	texts = append(texts, worldProviderZones...)
	for i, t := range texts {
		texts[i] = "$TTL 300\n" + t
	}
	return texts
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
