// Package config is company-intel's one place for settings: Load reads
// them all, and the reference, docs/configuration.md, is generated from
// Declarations (`make configdoc`).
package config

import (
	"log/slog"
	"time"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/webfetch"
)

// DefaultPort is company-intel's listen port unless PORT says otherwise.
const DefaultPort = 8080

// Defaults of the research settings.
const (
	DefaultResearchTimeout = 25 * time.Second
	DefaultUpstreamTimeout = 8 * time.Second
	// DefaultSlotWait: under a burst, the research of every company
	// answers within about this long plus its own chain of calls.
	DefaultSlotWait        = 3 * time.Second
	DefaultEvidenceTTL     = 6 * time.Hour
	DefaultRequestBudget   = 0.05
	DefaultDailyBudget     = 20.0
	DefaultExaSearchPrice  = 0.007
	DefaultExaContentPrice = 0.001
)

// Config is the service's configuration.
type Config struct {
	Base     app.Base
	Payments payments.Config
	// Fetch configures the guarded fetcher that reads company websites
	// (FETCH_ALLOWLIST, WEBSITE_HTTPS_PORT, WEBSITE_HTTP_PORT).
	Fetch webfetch.Config
	// DNSServers (DNS_RESOLVERS) resolve the host names the fetcher dials;
	// empty = the system's resolver.
	DNSServers []string
	Research   Research
	Upstreams  Upstreams
	Budget     Budget
}

// Research bounds one research call.
type Research struct {
	Timeout         time.Duration // RESEARCH_TIMEOUT: one deadline for gathering all sources
	UpstreamTimeout time.Duration // UPSTREAM_TIMEOUT: one provider call, retries included
	EvidenceTTL     time.Duration // EVIDENCE_TTL: how long an evidence bundle is reused
	// SlotWait is PROVIDER_SLOT_WAIT: the longest a provider call waits for
	// its rate slot, counted from the request (0: no bound but the
	// deadlines).
	SlotWait time.Duration
	// Providers' rates are one budget for every replica sharing REDIS_URL
	// and an egress: EGRESS_ID names it (default "default"), and
	// EXPECTED_REPLICAS (default 1) divides each rate into the local share
	// a replica keeps while Redis is unavailable.
	EgressID         string
	ExpectedReplicas int
}

// Upstreams are the providers' endpoints and credentials. The defaults
// are the public endpoints; tests, the demo and anyone offline point them
// at local fakes.
type Upstreams struct {
	ExaAPIKey          string // EXA_API_KEY (secret); empty disables Exa
	ExaBaseURL         string // EXA_BASE_URL
	ExaSearchPrice     float64
	ExaContentPrice    float64
	NewsRSSURL         string // NEWS_RSS_URL: Google News RSS search
	GDELTDocURL        string // GDELT_DOC_URL
	SECDataURL         string // SEC_DATA_URL (data.sec.gov)
	SECWWWURL          string // SEC_WWW_URL (www.sec.gov)
	SECUserAgent       string // SEC_USER_AGENT; empty disables SEC EDGAR
	WikidataAPIURL     string // WIKIDATA_API_URL
	WikidataSPARQLURL  string // WIKIDATA_SPARQL_URL
	GreenhouseAPIURL   string // GREENHOUSE_API_URL
	LeverAPIURL        string // LEVER_API_URL
	AshbyAPIURL        string // ASHBY_API_URL
	WorkableAPIURL     string // WORKABLE_API_URL
	SmartRecruitersURL string // SMARTRECRUITERS_API_URL
}

// Budget bounds paid upstream spend.
type Budget struct {
	PerRequestUSD float64 // UPSTREAM_REQUEST_BUDGET_USD
	DailyUSD      float64 // UPSTREAM_DAILY_BUDGET_USD, shared by every replica through Redis
}

// docs describes the settings read here (docs/configuration.md); the
// shared ones are described beside their loaders.
var docs = map[string]string{
	"DNS_RESOLVERS": "DNS servers the website fetcher resolves the host names it dials with; unset = the system's " +
		"(`/etc/resolv.conf`)",
	"RESEARCH_TIMEOUT": "one deadline for resolving the company and gathering every source; `HTTP_WRITE_TIMEOUT` " +
		"must exceed it",
	"UPSTREAM_TIMEOUT": "one provider call, retries included (at most `RESEARCH_TIMEOUT`)",
	"EVIDENCE_TTL": "how long a company's evidence bundle (per lookback window) is reused by every operation; " +
		"10 min when a source failed",
	"PROVIDER_SLOT_WAIT": "the longest a provider call waits for its rate slot, counted from the request (0: only " +
		"the deadlines bound it): under a burst a later slot is skipped (`rate_limited`, `meta.partial`) rather " +
		"than queued for; a request alone never waits that long",
	"EGRESS_ID": "names the egress the replicas sharing `REDIS_URL` call providers from: each provider's rate is " +
		"one budget per egress",
	"EXPECTED_REPLICAS": "replicas sharing an egress: while Redis is unavailable each keeps the provider's rate " +
		"divided by it",
	"EXA_API_KEY": "Exa key; enables Exa news search and, when the free sources find no company for a name, Exa " +
		"company search; unset = Exa off",
	"EXA_BASE_URL": "Exa API",
	"EXA_SEARCH_PRICE_USD": "unit price of an Exa search, reserved with the cost guard before each call and used " +
		"when a response reports no `costDollars`",
	"EXA_CONTENTS_PRICE_USD": "unit price of an Exa contents call, reserved with the cost guard before each call " +
		"and used when a response reports no `costDollars`",
	"NEWS_RSS_URL":  "Google News RSS search (key-less)",
	"GDELT_DOC_URL": "GDELT DOC 2.0 API (key-less; one query per 5 s per process)",
	"SEC_DATA_URL":  "SEC EDGAR submissions JSON",
	"SEC_WWW_URL":   "SEC EDGAR ticker file, archives and browse pages",
	"SEC_USER_AGENT": "the declared User-Agent the SEC requires, e.g. `\"Acme Research ops@acme.example\"`; while " +
		"unset the SEC source is disabled with a start-up notice (at most 10 requests/s per process)",
	"WIKIDATA_API_URL":            "Wikidata entity search and entities",
	"WIKIDATA_SPARQL_URL":         "Wikidata SPARQL endpoint (official website → entity)",
	"GREENHOUSE_API_URL":          "Greenhouse job-board API (key-less)",
	"LEVER_API_URL":               "Lever job-board API (key-less)",
	"ASHBY_API_URL":               "Ashby job-board API (key-less)",
	"WORKABLE_API_URL":            "Workable job-board API (key-less)",
	"SMARTRECRUITERS_API_URL":     "SmartRecruiters job-board API (key-less)",
	"UPSTREAM_REQUEST_BUDGET_USD": "most one request may spend on paid providers (Exa)",
	"UPSTREAM_DAILY_BUDGET_USD": "most all replicas together spend on paid providers per UTC day (shared through " +
		"Redis; in-process without it); past it `503 upstream_budget_exhausted` before any upstream call",
}

// Load reads and validates every setting at once.
func Load(lookup config.Lookup) (Config, []slog.Attr, error) {
	l := config.NewLoader(lookup)
	c := read(l)
	return c, l.Effective(), l.Err()
}

// Declarations returns every variable Load reads, in reading order, with
// its default, bounds and description: docs/configuration.md is
// generated from it.
func Declarations() ([]config.Decl, error) { return config.Declare(func(l *config.Loader) { read(l) }) }

// read reads every setting through l, recording problems in l.
func read(l *config.Loader) Config {
	l.Describe(docs)
	web := func(key, def string) string { return l.URL(key, def, "http", "https") }
	c := Config{
		Base:       app.LoadBase(l, DefaultPort),
		Payments:   payments.Load(l),
		Fetch:      webfetch.Load(l),
		DNSServers: l.HostPorts("DNS_RESOLVERS"),
		Research: Research{
			Timeout:          l.Duration("RESEARCH_TIMEOUT", DefaultResearchTimeout, time.Second, 2*time.Minute),
			UpstreamTimeout:  l.Duration("UPSTREAM_TIMEOUT", DefaultUpstreamTimeout, 100*time.Millisecond, time.Minute),
			EvidenceTTL:      l.Duration("EVIDENCE_TTL", DefaultEvidenceTTL, time.Minute, 7*24*time.Hour),
			SlotWait:         l.Duration("PROVIDER_SLOT_WAIT", DefaultSlotWait, 0, time.Minute),
			EgressID:         l.String("EGRESS_ID", "default"),
			ExpectedReplicas: l.Int("EXPECTED_REPLICAS", 1, 1, 1000),
		},
		Upstreams: Upstreams{
			ExaAPIKey:          l.Secret("EXA_API_KEY"),
			ExaBaseURL:         web("EXA_BASE_URL", "https://api.exa.ai"),
			ExaSearchPrice:     l.Float("EXA_SEARCH_PRICE_USD", DefaultExaSearchPrice, 0, 10),
			ExaContentPrice:    l.Float("EXA_CONTENTS_PRICE_USD", DefaultExaContentPrice, 0, 10),
			NewsRSSURL:         web("NEWS_RSS_URL", "https://news.google.com/rss/search"),
			GDELTDocURL:        web("GDELT_DOC_URL", "https://api.gdeltproject.org/api/v2/doc/doc"),
			SECDataURL:         web("SEC_DATA_URL", "https://data.sec.gov"),
			SECWWWURL:          web("SEC_WWW_URL", "https://www.sec.gov"),
			SECUserAgent:       l.String("SEC_USER_AGENT", ""),
			WikidataAPIURL:     web("WIKIDATA_API_URL", "https://www.wikidata.org/w/api.php"),
			WikidataSPARQLURL:  web("WIKIDATA_SPARQL_URL", "https://query.wikidata.org/sparql"),
			GreenhouseAPIURL:   web("GREENHOUSE_API_URL", "https://boards-api.greenhouse.io"),
			LeverAPIURL:        web("LEVER_API_URL", "https://api.lever.co"),
			AshbyAPIURL:        web("ASHBY_API_URL", "https://api.ashbyhq.com"),
			WorkableAPIURL:     web("WORKABLE_API_URL", "https://apply.workable.com"),
			SmartRecruitersURL: web("SMARTRECRUITERS_API_URL", "https://api.smartrecruiters.com"),
		},
		Budget: Budget{
			PerRequestUSD: l.Float("UPSTREAM_REQUEST_BUDGET_USD", DefaultRequestBudget, 0, 100),
			DailyUSD:      l.Float("UPSTREAM_DAILY_BUDGET_USD", DefaultDailyBudget, 0, 1_000_000),
		},
	}
	if c.Base.WriteTimeout <= c.Research.Timeout {
		l.Problem("HTTP_WRITE_TIMEOUT (%s) must be longer than RESEARCH_TIMEOUT (%s)", c.Base.WriteTimeout, c.Research.Timeout)
	}
	if c.Research.UpstreamTimeout > c.Research.Timeout {
		l.Problem("UPSTREAM_TIMEOUT (%s) must not exceed RESEARCH_TIMEOUT (%s)", c.Research.UpstreamTimeout, c.Research.Timeout)
	}
	return c
}
