package sourcetest_test

import (
	"context"
	"errors"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	pconfig "github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/config"
	"github.com/intel402/intel402/services/company-intel/internal/sources/ats"
	"github.com/intel402/intel402/services/company-intel/internal/sources/exa"
	"github.com/intel402/intel402/services/company-intel/internal/sources/gdelt"
	"github.com/intel402/intel402/services/company-intel/internal/sources/googlenews"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sec"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
	"github.com/intel402/intel402/services/company-intel/internal/sources/wikidata"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// worldConfig loads the service's configuration from the world's Env plus
// the payment settings the world does not provide.
func worldConfig(t *testing.T, w *sourcetest.World) config.Config {
	t.Helper()
	env := w.Env()
	env["X402_PAY_TO"] = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
	env["X402_FACILITATOR_URL"] = "http://127.0.0.1:4020"
	cfg, _, err := config.Load(pconfig.Map(env))
	if err != nil {
		t.Fatalf("config.Load with the world's Env: %v", err)
	}
	return cfg
}

// worldSources are the sources built from the configuration the way the
// service builds them, with the providers' rate limits lifted so that the
// test does not wait on them.
type worldSources struct {
	site    *website.Source
	boards  *ats.Source
	news    *googlenews.Source
	gdelt   *gdelt.Source
	exa     *exa.Source
	sec     *sec.Source
	wd      *wikidata.Source
	fetcher *fetch.Fetcher
}

func newWorldSources(t *testing.T, cfg config.Config) worldSources {
	t.Helper()
	u := cfg.Upstreams
	up := upstream.Config{Timeout: 5 * time.Second, RatePerSecond: 1000, Burst: 100}
	var s worldSources
	var err error
	// No RootCAs: the system's roots, as in the built service.
	s.fetcher = fetch.New(fetch.Config{AllowList: cfg.Fetch.AllowList, Resolver: fetch.NewDNSResolver(cfg.DNSServers, 0), Timeout: 5 * time.Second})
	t.Cleanup(s.fetcher.Close)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	s.site, err = website.New(website.Config{Fetcher: s.fetcher, HTTPSPort: cfg.Fetch.HTTPSPort, HTTPPort: cfg.Fetch.HTTPPort})
	must(err)
	s.boards, err = ats.New(ats.Config{GreenhouseURL: u.GreenhouseAPIURL, LeverURL: u.LeverAPIURL, AshbyURL: u.AshbyAPIURL,
		WorkableURL: u.WorkableAPIURL, SmartRecruitersURL: u.SmartRecruitersURL, Timeout: 5 * time.Second, RatePerSecond: -1})
	must(err)
	t.Cleanup(s.boards.Close)
	s.news, err = googlenews.New(googlenews.Config{BaseURL: u.NewsRSSURL, Upstream: up})
	must(err)
	s.gdelt, err = gdelt.New(gdelt.Config{BaseURL: u.GDELTDocURL, Upstream: up})
	must(err)
	s.exa, err = exa.New(exa.Config{APIKey: u.ExaAPIKey, BaseURL: u.ExaBaseURL, Upstream: up})
	must(err)
	s.sec, err = sec.New(sec.Config{WWWURL: u.SECWWWURL, DataURL: u.SECDataURL, UserAgent: u.SECUserAgent, Timeout: 5 * time.Second})
	must(err)
	t.Cleanup(s.sec.Close)
	s.wd, err = wikidata.New(wikidata.Config{APIURL: u.WikidataAPIURL, SPARQLURL: u.WikidataSPARQLURL, Timeout: 5 * time.Second, RatePerSecond: 1000})
	must(err)
	t.Cleanup(s.wd.Close)
	return s
}

// gathered is what every source returned for one company.
type gathered struct {
	items     []bundle.Item
	errs      map[string]error // by source
	described []string         // the sources whose profile has a description
}

// gather runs every source for c within the last lookback days, the job
// boards with the links the website source found, as research does.
func (s worldSources) gather(ctx context.Context, c sourcetest.WorldCompany, now time.Time, lookback int) gathered {
	q := bundle.Query{Company: bundle.Company{Name: c.Name, Domain: c.Domain, Aliases: c.Aliases, Ticker: c.Ticker, CIK: c.CIK, WikidataID: c.WikidataID},
		From: now.AddDate(0, 0, -lookback), To: now}
	g := gathered{errs: map[string]error{}}
	add := func(name string, res bundle.Result, err error) {
		g.items = append(g.items, res.Items...)
		if res.Profile.Description != nil {
			g.described = append(g.described, name)
		}
		if err != nil {
			g.errs[name] = err
		}
	}
	site, err := s.site.Gather(ctx, q)
	add("website", site, err)
	jq := q
	jq.JobBoards = site.JobBoards
	res, err := s.boards.Gather(ctx, jq)
	add("ats", res, err)
	for _, src := range []interface {
		Name() string
		Gather(context.Context, bundle.Query) (bundle.Result, error)
	}{s.news, s.gdelt, s.exa, s.sec, s.wd} {
		res, err := src.Gather(ctx, q)
		add(src.Name(), res, err)
	}
	return g
}

func (g gathered) has(provider, url string) bool {
	return slices.ContainsFunc(g.items, func(it bundle.Item) bool { return it.Provider == provider && it.Doc.URL == url })
}

func TestWorld(t *testing.T) {
	now := time.Now()
	w := sourcetest.StartWorld(t, now, sourcetest.WorldOptions{Exa: true})
	cfg := worldConfig(t, w)

	t.Run("env", func(t *testing.T) {
		env := w.Env()
		for _, k := range []string{"NEWS_RSS_URL", "GDELT_DOC_URL", "EXA_BASE_URL", "EXA_API_KEY", "SEC_DATA_URL", "SEC_WWW_URL",
			"SEC_USER_AGENT", "WIKIDATA_API_URL", "WIKIDATA_SPARQL_URL", "GREENHOUSE_API_URL", "LEVER_API_URL", "ASHBY_API_URL",
			"WORKABLE_API_URL", "SMARTRECRUITERS_API_URL", "DNS_RESOLVERS", "FETCH_ALLOWLIST", "WEBSITE_HTTPS_PORT", "WEBSITE_HTTP_PORT"} {
			if env[k] == "" {
				t.Errorf("Env has no %s", k)
			}
			if !strings.Contains(w.Exports(), "export "+k+"=") || !strings.Contains(w.EnvFile(), "\n"+k+"=") && !strings.HasPrefix(w.EnvFile(), k+"=") {
				t.Errorf("Exports or EnvFile lack %s", k)
			}
		}
		if cfg.Upstreams.ExaAPIKey != sourcetest.ExaKey || cfg.Fetch.HTTPPort != w.Sites().HTTPPort() ||
			!slices.Equal(cfg.DNSServers, []string{w.DNSAddr()}) {
			t.Errorf("config = %+v %+v %v", cfg.Upstreams, cfg.Fetch, cfg.DNSServers)
		}
		if _, ok := sourcetest.StartWorld(t, now).Env()["EXA_API_KEY"]; ok {
			t.Error("a world without Exa gives EXA_API_KEY")
		}
		if got := w.Exports(); !strings.Contains(got, "export SEC_USER_AGENT='"+sourcetest.WorldUserAgent+"'\n") {
			t.Errorf("SEC_USER_AGENT not quoted for the shell:\n%s", got)
		}
	})

	t.Run("dns", func(t *testing.T) {
		r := fetch.NewDNSResolver(cfg.DNSServers, time.Second)
		ctx := context.Background()
		for _, c := range w.Companies() {
			for _, host := range []string{c.Domain, "www." + c.Domain, strings.ToUpper(c.Domain)} {
				addrs, err := r.LookupIPAddr(ctx, host)
				if err != nil || len(addrs) != 1 || !addrs[0].IP.Equal(net.IPv4(127, 0, 0, 1)) {
					t.Errorf("%s = %v, %v; want 127.0.0.1", host, addrs, err)
				}
			}
		}
		_, err := r.LookupIPAddr(ctx, "northwind-robotics.net")
		var de *net.DNSError
		if !errors.As(err, &de) || !de.IsNotFound {
			t.Errorf("an unknown name: %v, want NXDOMAIN", err)
		}
		if w.DNSQueries() == 0 {
			t.Error("DNSQueries counted nothing")
		}
	})

	t.Run("dns mail setups", func(t *testing.T) {
		var mail []string
		for _, c := range w.Companies() {
			if c.Mail != "" {
				mail = append(mail, c.Domain)
			}
		}
		if want := []string{"northwind-robotics.com", "adventureworks-cycles.com", "proseware-learning.com"}; !slices.Equal(mail, want) {
			t.Errorf("companies with a mail setup = %v, want %v", mail, want)
		}
		for _, tc := range []struct {
			name  string
			qtype uint16
			rcode int
			want  []string // the answer's records, in order, without TTLs
			soa   bool     // a negative answer carries the zone's SOA
		}{
			{"northwind-robotics.com.", dns.TypeMX, dns.RcodeSuccess, []string{"MX 1 aspmx.l.google.com.", "MX 5 alt1.aspmx.l.google.com.",
				"MX 5 alt2.aspmx.l.google.com.", "MX 10 alt3.aspmx.l.google.com.", "MX 10 alt4.aspmx.l.google.com."}, false},
			{"_DMARC.Northwind-Robotics.com.", dns.TypeTXT, dns.RcodeSuccess,
				[]string{`TXT "v=DMARC1; p=reject; sp=reject; adkim=s; aspf=s; rua=mailto:dmarc-reports@northwind-robotics.com"`}, false},
			{"aspmx.l.google.com.", dns.TypeA, dns.RcodeSuccess, []string{"A 142.250.27.26"}, false},
			{"selector1._domainkey.adventureworks-cycles.com.", dns.TypeTXT, dns.RcodeSuccess, []string{
				"CNAME selector1-adventureworks-cycles-com._domainkey.adventureworkscycles.onmicrosoft.com.", "TXT \"v=DKIM1; k=rsa; p="}, false},
			{"proseware-learning.com.", dns.TypeNS, dns.RcodeSuccess, []string{"NS ns45.domaincontrol.com.", "NS ns46.domaincontrol.com."}, false},
			{"acme-analytics.com.", dns.TypeSOA, dns.RcodeSuccess, []string{"SOA ns1.acme-analytics.com. hostmaster.acme-analytics.com."}, false},
			{"acme-analytics.com.", dns.TypeMX, dns.RcodeSuccess, nil, true},                 // a company without mail: NODATA
			{"northwind-robotics.com.", dns.TypeAAAA, dns.RcodeSuccess, nil, true},           // NODATA
			{"_domainkey.northwind-robotics.com.", dns.TypeTXT, dns.RcodeSuccess, nil, true}, // an empty non-terminal: NODATA
			{"selector1._domainkey.northwind-robotics.com.", dns.TypeTXT, dns.RcodeNameError, nil, true},
			{"northwind-robotics.net.", dns.TypeA, dns.RcodeNameError, nil, false},
		} {
			m := new(dns.Msg)
			m.SetQuestion(tc.name, tc.qtype)
			resp, err := dns.Exchange(m, w.DNSAddr())
			if err == nil && resp.Truncated { // a DKIM key does not fit in 512 bytes: over TCP, as resolvers do
				resp, _, err = (&dns.Client{Net: "tcp"}).Exchange(m, w.DNSAddr())
			}
			if err != nil {
				t.Fatalf("%s %s: %v", tc.name, dns.TypeToString[tc.qtype], err)
			}
			var got []string
			for _, rr := range resp.Answer {
				got = append(got, strings.Join(strings.Fields(rr.String())[3:], " "))
			}
			ok := resp.Rcode == tc.rcode && len(got) == len(tc.want) && (len(resp.Ns) == 1) == tc.soa
			for i := range got {
				ok = ok && i < len(tc.want) && strings.HasPrefix(got[i], tc.want[i])
			}
			if !ok {
				t.Errorf("%s %s = %s %q (authority %v), want %s %q (SOA %v)", tc.name, dns.TypeToString[tc.qtype],
					dns.RcodeToString[resp.Rcode], got, resp.Ns, dns.RcodeToString[tc.rcode], tc.want, tc.soa)
			}
		}
	})

	t.Run("sites over http only", func(t *testing.T) {
		f := fetch.New(fetch.Config{AllowList: cfg.Fetch.AllowList, Resolver: fetch.NewDNSResolver(cfg.DNSServers, 0), Timeout: 5 * time.Second})
		defer f.Close()
		site := "northwind-robotics.com:"
		start := time.Now()
		_, err := f.Fetch(context.Background(), "https://"+site+w.Env()["WEBSITE_HTTPS_PORT"]+"/", fetch.Options{})
		if fetch.CodeOf(err) != fetch.CodeNetwork || time.Since(start) > time.Second {
			t.Errorf("https: %v after %v; want a network error at once", err, time.Since(start))
		}
		page, err := f.Fetch(context.Background(), "http://www."+site+w.Env()["WEBSITE_HTTP_PORT"]+"/", fetch.Options{})
		if err != nil || !strings.Contains(string(page.Body), "Northwind Robotics") {
			t.Errorf("http: %v", err)
		}
	})

	t.Run("companies", func(t *testing.T) {
		s := newWorldSources(t, cfg)
		ctx := context.Background()
		var providers []string
		var quiet, down, ambiguous int
		for _, c := range w.Companies() {
			g := s.gather(ctx, c, now, 365)
			for name, err := range g.errs {
				if !(c.SiteDown && name == "website" && errors.Is(err, website.ErrUnreachable)) {
					t.Errorf("%s: %s: %v", c.Domain, name, err)
				}
			}
			if !g.has(wikidata.Name, wikidata.PageBaseURL+c.WikidataID) {
				t.Errorf("%s: no Wikidata profile %s", c.Domain, c.WikidataID)
			}
			// Wikidata states the city (P159) and the country (P17), which
			// the headquarters fact joins.
			if c.Headquarters == "" || c.Country == "" {
				t.Errorf("%s: headquarters %q, country %q", c.Domain, c.Headquarters, c.Country)
			}
			wd, err := s.wd.Gather(ctx, bundle.Query{Company: bundle.Company{WikidataID: c.WikidataID}})
			if hq := wd.Profile.Headquarters; err != nil || hq == nil || hq.Value != c.Headquarters+", "+c.Country {
				t.Errorf("%s: Wikidata headquarters %+v, %v; want %q", c.Domain, hq, err, c.Headquarters+", "+c.Country)
			}
			for _, e := range append(slices.Clone(c.Events), c.Decoys...) {
				for _, ev := range e.Evidence {
					if e.DaysAgo > 365 || ev.Provider == gdelt.Name && e.DaysAgo > 90 {
						continue // outside the window asked, or GDELT's horizon
					}
					if got := g.has(ev.Provider, ev.URL); got == ev.Dropped {
						t.Errorf("%s: %s %q (-%dd): %s item %s returned %v, want %v",
							c.Domain, cmpOr(e.Type, "decoy"), e.Headline, e.DaysAgo, ev.Provider, ev.URL, got, !ev.Dropped)
					}
					if !ev.Dropped && !slices.Contains(providers, ev.Provider) {
						providers = append(providers, ev.Provider)
					}
				}
			}
			// A company the world does not describe gets no description
			// from its site or its Wikidata entry (a release may give one,
			// read by the service from the gathered items).
			if !c.Described && len(g.described) > 0 {
				t.Errorf("%s is not described, but %v gave a description", c.Domain, g.described)
			}
			if c.Quiet {
				quiet++
				for _, it := range g.items {
					if !it.Doc.Published.IsZero() && !it.Doc.Published.Before(now.AddDate(0, 0, -365)) {
						t.Errorf("%s is quiet but %s dates %q %v", c.Domain, it.Provider, it.Doc.Title, it.Doc.Published)
					}
				}
			}
			if c.SiteDown {
				down++
			}
			if c.Ambiguous {
				ambiguous++
			}
		}
		slices.Sort(providers)
		want := []string{"ashby", "exa", "gdelt", "googlenews", "greenhouse", "lever", "sec", "smartrecruiters", "website", "workable"}
		if !slices.Equal(providers, want) {
			t.Errorf("providers with evidence = %v, want %v", providers, want)
		}
		if quiet != 2 || down != 1 || ambiguous != 2 {
			t.Errorf("quiet %d, site down %d, ambiguous %d; want 2, 1, 2", quiet, down, ambiguous)
		}
		found, _, err := s.wd.Search(ctx, "Mercury Labs")
		if err != nil || len(found) != 2 || found[0].Label != found[1].Label || slices.Equal(found[0].Websites, found[1].Websites) {
			t.Errorf("Wikidata search for Mercury Labs = %+v, %v; want two companies of that name with different sites", found, err)
		}
	})

	// The technology evidence the deep brief reads: what the home pages
	// show (webtech on the page and its headers) and what the job posts
	// name (descriptions where the provider lists them, titles on
	// SmartRecruiters).
	t.Run("technologies", func(t *testing.T) {
		want := map[string]struct{ home, jobs []string }{
			"northwind-robotics.com": {[]string{"Cloudflare", "HubSpot", "Google Tag Manager"},
				[]string{"C", "C++", "CAN bus", "Gazebo", "Linux", "NVIDIA Jetson", "ROS 2", "SAP", "SAP Ariba", "STM32", "Salesforce", "Arm Cortex-M", "Excel", "FreeRTOS"}},
			"acme-analytics.com": {[]string{"Segment", "Amazon CloudFront", "Marketo"},
				[]string{"AWS", "Airflow", "Databricks", "Datadog", "Kafka", "Kubernetes", "MLflow", "Outreach", "PagerDuty", "PyTorch", "Python", "Salesforce", "Snowflake", "Terraform", "XGBoost", "ZoomInfo", "dbt"}},
			"contoso-drones.com":     {[]string{"Google Analytics 4", "Intercom", "Webflow"}, []string{"Altium", "C++", "CAN bus", "Linux", "ROS 2", "Rust", "STM32"}},
			"fabrikam-medical.com":   {[]string{"Akamai", "WordPress", "OneTrust", "Pardot"}, []string{"C", "Zephyr"}},
			"woodgrove-payments.com": {[]string{"Cloudflare", "Zendesk", "Sentry"}, []string{"AWS", "Go", "Grafana", "Kafka", "Kubernetes", "Looker", "PostgreSQL", "Prometheus", "SQL", "Terraform"}},
			"litware-security.com": {[]string{"Fastly", "Drift", "6sense", "Google Tag Manager"},
				[]string{"CrowdStrike", "Linux", "Microsoft Sentinel", "Okta", "Outreach", "Python", "Rust", "Salesforce", "SentinelOne", "Splunk", "ZoomInfo", "Zscaler"}},
			"tailspin-freight.com":      {[]string{"Google Analytics", "nginx"}, nil},
			"adventureworks-cycles.com": {[]string{"Cloudflare", "Shopify", "Klaviyo"}, []string{"Altium", "C", "CAN bus", "HubSpot", "NetSuite", "STM32", "Shopify", "SolidWorks"}},
			"proseware-learning.com":    {[]string{"Next.js", "React", "HubSpot", "Vercel"}, []string{"Google Cloud", "HubSpot", "Node.js", "PostgreSQL", "React", "TypeScript"}},
			"wingtip-outdoor.com":       {nil, []string{"Blue Yonder", "Excel", "Google Analytics", "Shopify"}},
		}
		s := newWorldSources(t, cfg)
		ctx := context.Background()
		for _, c := range w.Companies() {
			q := bundle.Query{Company: bundle.Company{Name: c.Name, Domain: c.Domain, Aliases: c.Aliases}, From: now.AddDate(0, 0, -30), To: now}
			site, _ := s.site.Gather(ctx, q)
			q.JobBoards = site.JobBoards
			boards, err := s.boards.Gather(ctx, q)
			if err != nil {
				t.Errorf("%s: ats: %v", c.Domain, err)
			}
			var home, jobs []string
			for _, it := range site.Items {
				for _, tech := range it.Tech {
					if tech.Confidence < 0.5 || tech.Detail == "" || tech.Category == "" {
						t.Errorf("%s: %+v", c.Domain, tech)
					}
					home = append(home, tech.Name)
				}
			}
			for _, it := range boards.Items {
				for _, j := range it.Jobs {
					for _, name := range j.Technologies {
						if !slices.Contains(jobs, name) {
							jobs = append(jobs, name)
						}
					}
				}
			}
			slices.Sort(jobs)
			wantJobs := slices.Clone(want[c.Domain].jobs)
			slices.Sort(wantJobs)
			if !slices.Equal(home, want[c.Domain].home) || !slices.Equal(jobs, wantJobs) {
				t.Errorf("%s: home %q, jobs %q; want %q, %q", c.Domain, home, jobs, want[c.Domain].home, wantJobs)
			}
		}
	})

	t.Run("signal types", func(t *testing.T) {
		types := map[string]bool{}
		for _, c := range w.Companies() {
			for _, e := range c.Events {
				types[e.Type] = true
			}
		}
		for _, typ := range []string{"acquisition", "funding", "leadership", "regulatory", "partnership", "product",
			"expansion", "hiring", "financial", "technology", "other"} {
			if !types[typ] {
				t.Errorf("no company has a %s event", typ)
			}
		}
	})

	t.Run("faults and latency", func(t *testing.T) {
		s := newWorldSources(t, cfg)
		c, ok := w.Company("contoso-drones.com")
		if !ok {
			t.Fatal("no Contoso Drones")
		}
		q := bundle.Query{Company: bundle.Company{Name: c.Name, Domain: c.Domain}, From: now.AddDate(0, 0, -30), To: now}
		before := w.Calls()
		w.SetLatency(100 * time.Millisecond)
		start := time.Now()
		if _, err := s.news.Gather(context.Background(), q); err != nil || time.Since(start) < 100*time.Millisecond {
			t.Errorf("with latency: %v after %v", err, time.Since(start))
		}
		w.SetLatency(0)
		w.FailAll(sourcetest.FaultNotFound)
		if _, err := s.news.Gather(context.Background(), q); upstream.KindOf(err) != upstream.KindNotFound {
			t.Errorf("FailAll(404): googlenews error %v", err)
		}
		if _, err := s.site.Gather(context.Background(), q); err != nil {
			t.Errorf("FailAll(404): a site answering 404 is readable, not down: %v", err)
		}
		w.FailAll("")
		if res, err := s.news.Gather(context.Background(), q); err != nil || len(res.Items) == 0 {
			t.Errorf("after FailAll(\"\"): %d items, %v", len(res.Items), err)
		}
		if w.Calls() < before+4 {
			t.Errorf("Calls went from %d to %d", before, w.Calls())
		}
	})
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
