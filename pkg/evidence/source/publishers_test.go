package source

import "testing"

func TestAuthorityOf(t *testing.T) {
	t.Parallel()
	const company = "northwind-robotics.com"
	tests := []struct {
		name          string
		host, company string
		want          Authority
	}{
		{"company's own domain", "northwind-robotics.com", company, AuthorityFirstParty},
		{"company's subdomain", "newsroom.northwind-robotics.com", company, AuthorityFirstParty},
		{"company's www host", "www.northwind-robotics.com", company, AuthorityFirstParty},
		{"company URL with port and path", "https://Investors.Northwind-Robotics.com:443/news/2026", company, AuthorityFirstParty},
		{"company domain given with www", "northwind-robotics.com", "www.northwind-robotics.com", AuthorityFirstParty},
		{"company domain with trailing dot", "northwind-robotics.com.", "Northwind-Robotics.com.", AuthorityFirstParty},
		{"look-alike suffix is not the company", "fakenorthwind-robotics.com", company, AuthorityAggregator},
		{"company domain as a label elsewhere", "northwind-robotics.com.evil.example", company, AuthorityAggregator},
		{"SEC EDGAR", "www.sec.gov", company, AuthorityRegulatory},
		{"SEC full text search", "efts.sec.gov", company, AuthorityRegulatory},
		{"FDA", "https://www.fda.gov/news-events/press-announcements", company, AuthorityRegulatory},
		{"press release wire", "www.businesswire.com", company, AuthorityFirstParty},
		{"PR Newswire", "https://www.prnewswire.com/news-releases/x.html", company, AuthorityFirstParty},
		{"GlobeNewswire", "globenewswire.com", company, AuthorityFirstParty},
		{"EIN Presswire", "world.einpresswire.com", company, AuthorityFirstParty},
		{"Reuters", "www.reuters.com", company, AuthorityWire},
		{"AP", "apnews.com", company, AuthorityWire},
		{"BBC UK", "www.bbc.co.uk", company, AuthorityWire},
		{"BBC com", "bbc.com", company, AuthorityWire},
		{"FT", "https://www.ft.com/content/abc", company, AuthorityWire},
		{"CNBC", "cnbc.com", company, AuthorityWire},
		{"TechCrunch", "techcrunch.com", company, AuthorityTrade},
		{"Forbes contributor network", "www.forbes.com", company, AuthorityTrade},
		{"Crunchbase News", "news.crunchbase.com", company, AuthorityTrade},
		{"Crunchbase database is not press", "www.crunchbase.com", company, AuthorityAggregator},
		{"regional business journal", "www.bizjournals.com", company, AuthorityTrade},
		{"Fierce Biotech", "www.fiercebiotech.com", company, AuthorityTrade},
		{"Google News redirect", "news.google.com", company, AuthorityAggregator},
		{"Yahoo Finance syndication", "finance.yahoo.com", company, AuthorityAggregator},
		{"unknown blog", "robotics-digest.blog", company, AuthorityAggregator},
		{"name ending like a table entry", "notreuters.com", company, AuthorityAggregator},
		{"empty host", "", company, AuthorityAggregator},
		{"no company domain", "northwind-robotics.com", "", AuthorityAggregator},
		{"company domain wins over tables", "reuters.com", "reuters.com", AuthorityFirstParty},
		{"garbage", "http://%zz", company, AuthorityAggregator},
	}
	for _, tt := range tests {
		if got := AuthorityOf(tt.host, tt.company); got != tt.want {
			t.Errorf("%s: AuthorityOf(%q, %q) = %q, want %q", tt.name, tt.host, tt.company, got, tt.want)
		}
	}
}

func TestPublisherTablesAreDisjointAndLowerCase(t *testing.T) {
	t.Parallel()
	seen := map[string]Authority{}
	for _, class := range publisherClasses {
		for _, h := range class.hosts {
			if h != hostOnly(h) {
				t.Errorf("entry %q is not a bare lower-case host", h)
			}
			if prev, dup := seen[h]; dup {
				t.Errorf("entry %q is in both %q and %q", h, prev, class.authority)
			}
			seen[h] = class.authority
		}
	}
}
