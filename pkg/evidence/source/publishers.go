package source

import (
	"net/url"
	"strings"
)

// AuthorityOf classes the publisher at host for a document about the
// company whose registrable domain is companyDomain. host is the host of a
// document's URL or of a publisher's site URL; an absolute URL is accepted
// too (its host is used). Both are compared case-insensitively, without a
// port, a trailing dot or a leading "www." on companyDomain.
//
// The rules, first match wins (an entry matches a host equal to it or
// ending in "."+entry, so subdomains share their site's class):
//
//  1. the company's own domain and its subdomains: AuthorityFirstParty;
//  2. regulators (regulatoryHosts): AuthorityRegulatory;
//  3. press-release distribution services (releaseWireHosts):
//     AuthorityFirstParty (see the table for why);
//  4. news wires and tier-1 newspapers (wireHosts): AuthorityWire;
//  5. trade and regional business press (tradeHosts): AuthorityTrade;
//  6. anything else, including an empty or unparsable host:
//     AuthorityAggregator.
//
// This is the one place that judges publishers: every source that maps a
// document to an Authority calls it.
func AuthorityOf(host, companyDomain string) Authority {
	h := hostOnly(host)
	if h == "" {
		return AuthorityAggregator
	}
	if d := strings.TrimPrefix(hostOnly(companyDomain), "www."); d != "" && underDomain(h, d) {
		return AuthorityFirstParty
	}
	for _, class := range publisherClasses {
		for _, entry := range class.hosts {
			if underDomain(h, entry) {
				return class.authority
			}
		}
	}
	return AuthorityAggregator
}

// publisherClasses are the tables in the order they are consulted.
var publisherClasses = []struct {
	authority Authority
	hosts     []string
}{
	{AuthorityRegulatory, regulatoryHosts},
	{AuthorityFirstParty, releaseWireHosts},
	{AuthorityWire, wireHosts},
	{AuthorityTrade, tradeHosts},
}

// regulatoryHosts are regulators whose sites publish their own records and
// decisions: SEC EDGAR filings (sec.gov, including www. and efts.) and the
// US federal agencies whose approvals, orders and actions are company
// events in their own right (FDA clearances, FTC and FCC orders).
var regulatoryHosts = []string{
	"sec.gov",
	"fda.gov",
	"ftc.gov",
	"fcc.gov",
}

// releaseWireHosts are press-release distribution services. They publish
// the issuer's text as submitted, for a fee, without reporting of their
// own: a release there is the issuing company's announcement, exactly as
// the same text on its newsroom would be, not independent coverage. So it
// is classed with the company's own site (AuthorityFirstParty, which
// readers treat as Primary: evidence of what was announced, not
// corroboration of it), never as a news wire. The issuer is nearly always
// the company itself or the other party to the announced deal, both of
// which speak first-hand about the event.
var releaseWireHosts = []string{
	"businesswire.com",
	"prnewswire.com",
	"prnewswire.co.uk",
	"globenewswire.com",
	"accesswire.com",
	"einpresswire.com",
	"newswire.ca",
	"prweb.com",
	"newsfilecorp.com",
}

// wireHosts are news agencies and tier-1 general and financial newspapers
// and broadcasters: staff-reported, edited, with published corrections.
var wireHosts = []string{
	"reuters.com",
	"apnews.com",
	"afp.com",
	"bloomberg.com",
	"wsj.com",
	"barrons.com",
	"ft.com",
	"nytimes.com",
	"washingtonpost.com",
	"latimes.com",
	"usatoday.com",
	"cnbc.com",
	"cnn.com",
	"npr.org",
	"theguardian.com",
	"bbc.co.uk",
	"bbc.com",
	"economist.com",
	"nikkei.com",
	"handelsblatt.com",
}

// tradeHosts are trade, technology, sector and regional business press.
// forbes.com and marketwatch.com are here rather than among the wires: a
// large share of what they host is contributor posts (forbes.com/sites/)
// or syndicated press releases (marketwatch.com/press-release/), which the
// host alone cannot tell from staff reporting.
var tradeHosts = []string{
	"techcrunch.com",
	"venturebeat.com",
	"theverge.com",
	"wired.com",
	"arstechnica.com",
	"engadget.com",
	"zdnet.com",
	"siliconangle.com",
	"geekwire.com",
	"axios.com",
	"theinformation.com",
	"businessinsider.com",
	"fortune.com",
	"forbes.com",
	"marketwatch.com",
	"thenextweb.com",
	"theregister.com",
	"computerworld.com",
	"infoworld.com",
	"cio.com",
	"networkworld.com",
	"darkreading.com",
	"securityweek.com",
	"bleepingcomputer.com",
	"news.crunchbase.com",
	"sifted.eu",
	"tech.eu",
	"eu-startups.com",
	"techinasia.com",
	"fiercebiotech.com",
	"fiercepharma.com",
	"fiercehealthcare.com",
	"fiercewireless.com",
	"statnews.com",
	"endpts.com",
	"biopharmadive.com",
	"medtechdive.com",
	"healthcaredive.com",
	"retaildive.com",
	"supplychaindive.com",
	"ciodive.com",
	"bankingdive.com",
	"paymentsdive.com",
	"fintechfutures.com",
	"finextra.com",
	"pymnts.com",
	"americanbanker.com",
	"therobotreport.com",
	"electrek.co",
	"bizjournals.com",
}

// hostOnly lower-cases s and reduces it to a bare host name: the host of
// an absolute URL, without port and trailing dot.
func hostOnly(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return ""
	}
	if !strings.Contains(s, "://") {
		s = "//" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(u.Hostname(), ".")
}

// underDomain reports whether host is domain or one of its subdomains.
func underDomain(host, domain string) bool {
	return host == domain || strings.HasSuffix(host, "."+domain)
}
