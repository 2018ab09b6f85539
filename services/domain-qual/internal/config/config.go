// Package config is domain-qual's one place for settings: Load reads them
// all, and the reference, docs/configuration.md, is generated from
// Declarations (`make configdoc`).
package config

import (
	"log/slog"
	"time"

	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/webfetch"
)

// DefaultPort is domain-qual's listen port unless PORT says otherwise.
const DefaultPort = 8081

// Default deadlines of one use-case call (CLASSIFY_TIMEOUT, AUDIT_TIMEOUT,
// PROFILE_TIMEOUT, BATCH_TIMEOUT).
const (
	DefaultClassifyTimeout = 5 * time.Second
	DefaultAuditTimeout    = 10 * time.Second
	DefaultProfileTimeout  = 20 * time.Second
	DefaultBatchTimeout    = 10 * time.Second
)

// Config is the service's configuration.
type Config struct {
	Base     app.Base
	Payments payments.Config
	DNS      DNS
	Fetch    Fetch
	Website  Website
	Deadline Deadline
	Probe    SMTPProbe
}

// DNS configures the resolver.
type DNS struct {
	Servers      []string      // DNS_RESOLVERS: host:port list; empty = the system's (/etc/resolv.conf)
	QueryTimeout time.Duration // DNS_QUERY_TIMEOUT: per query and server
	Attempts     int           // DNS_ATTEMPTS: servers tried per question
	CacheSize    int           // DNS_CACHE_SIZE: answers kept by the process-wide cache
}

// Fetch configures the guarded web fetcher (MTA-STS policy files and the
// full profile's website pages).
type Fetch struct {
	// AllowList (FETCH_ALLOWLIST) makes otherwise refused endpoints
	// reachable, e.g. loopback test fixtures; see webfetch.Config.
	AllowList guard.AllowList
}

// Website sets the ports the full profile fetches https://<domain>/ and
// http://<domain>/ on (test and demo only; see webfetch.Config).
type Website struct {
	HTTPSPort uint16 // WEBSITE_HTTPS_PORT
	HTTPPort  uint16 // WEBSITE_HTTP_PORT
}

// DefaultSMTPProbeTimeout is the STARTTLS probe's time budget per MX host
// unless SMTP_PROBE_TIMEOUT says otherwise: inside the default dns-audit
// deadline with room for the DNS rounds before it.
const DefaultSMTPProbeTimeout = 6 * time.Second

// SMTPProbe configures the optional STARTTLS probe of the MX hosts
// (internal/smtpprobe), off by default since many clouds block outbound
// port 25.
type SMTPProbe struct {
	Enabled  bool          // SMTP_PROBE
	Timeout  time.Duration // SMTP_PROBE_TIMEOUT: one MX host, all its addresses
	HeloName string        // SMTP_PROBE_HELO: the EHLO name; "" = the local address literal
	// Port (SMTP_PROBE_PORT) is the port connected to. Test and demo only:
	// production leaves 25; a loopback fixture on another port also needs
	// FETCH_ALLOWLIST to name it.
	Port uint16
}

// Deadline bounds each use-case call of a request.
type Deadline struct {
	Classify time.Duration // CLASSIFY_TIMEOUT
	Audit    time.Duration // AUDIT_TIMEOUT
	Profile  time.Duration // PROFILE_TIMEOUT
	Batch    time.Duration // BATCH_TIMEOUT
}

// Longest is the longest of the deadlines.
func (d Deadline) Longest() time.Duration {
	return max(d.Classify, d.Audit, d.Profile, d.Batch)
}

// docs describes the settings read here (docs/configuration.md); the
// shared ones are described beside their loaders.
var docs = map[string]string{
	"DNS_RESOLVERS":     "DNS servers every query is sent to; unset = the system's (`/etc/resolv.conf`)",
	"DNS_QUERY_TIMEOUT": "per query and server",
	"DNS_ATTEMPTS":      "servers tried per question (SERVFAIL/timeout fail over)",
	"DNS_CACHE_SIZE":    "answers kept by the process-wide DNS cache (TTL-honouring)",
	"CLASSIFY_TIMEOUT":  "deadline of one classify use-case call",
	"AUDIT_TIMEOUT":     "deadline of one dns-audit use-case call",
	"PROFILE_TIMEOUT":   "deadline of one full-profile call, DNS audit and website together",
	"BATCH_TIMEOUT": "one overall deadline of a batch-classify call; `HTTP_WRITE_TIMEOUT` must exceed all four " +
		"deadlines",
	"SMTP_PROBE": "probe the MX hosts' STARTTLS, TLS version and certificates on port 25 of their public addresses " +
		"(and of endpoints `FETCH_ALLOWLIST` names) in dns-audit's `starttls` section (off: `not_probed`); off by " +
		"default since many clouds block outbound port 25",
	"SMTP_PROBE_TIMEOUT": "the STARTTLS probe's time budget per MX host, all its addresses together; must be " +
		"shorter than `AUDIT_TIMEOUT` when `SMTP_PROBE` is on",
	"SMTP_PROBE_HELO": "the name the STARTTLS probe sends in EHLO (a host name whose address resolves back to it " +
		"helps with strict MX hosts); unset = the address literal of the connection's local end",
	"SMTP_PROBE_PORT": "test/demo only: the port the STARTTLS probe connects to (loopback fixtures; " +
		"`FETCH_ALLOWLIST` must name it too)",
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
	c := Config{
		Base:     app.LoadBase(l, DefaultPort),
		Payments: payments.Load(l),
		DNS: DNS{
			Servers:      l.HostPorts("DNS_RESOLVERS"),
			QueryTimeout: l.Duration("DNS_QUERY_TIMEOUT", 2*time.Second, 50*time.Millisecond, 30*time.Second),
			Attempts:     l.Int("DNS_ATTEMPTS", 3, 1, 10),
			CacheSize:    l.Int("DNS_CACHE_SIZE", 50000, 100, 10_000_000),
		},
	}
	web := webfetch.Load(l)
	c.Fetch = Fetch{AllowList: web.AllowList}
	c.Website = Website{HTTPSPort: web.HTTPSPort, HTTPPort: web.HTTPPort}
	c.Deadline = Deadline{
		Classify: l.Duration("CLASSIFY_TIMEOUT", DefaultClassifyTimeout, 100*time.Millisecond, time.Minute),
		Audit:    l.Duration("AUDIT_TIMEOUT", DefaultAuditTimeout, 100*time.Millisecond, time.Minute),
		Profile:  l.Duration("PROFILE_TIMEOUT", DefaultProfileTimeout, 100*time.Millisecond, 2*time.Minute),
		Batch:    l.Duration("BATCH_TIMEOUT", DefaultBatchTimeout, 100*time.Millisecond, time.Minute),
	}
	c.Probe = SMTPProbe{
		Enabled:  l.Bool("SMTP_PROBE", false),
		Timeout:  l.Duration("SMTP_PROBE_TIMEOUT", DefaultSMTPProbeTimeout, 500*time.Millisecond, 30*time.Second),
		HeloName: l.String("SMTP_PROBE_HELO", ""),
		Port:     uint16(l.Int("SMTP_PROBE_PORT", 25, 1, 65535)),
	}
	if p := c.Probe; p.Enabled && p.Timeout >= c.Deadline.Audit {
		l.Problem("SMTP_PROBE_TIMEOUT (%s) must be shorter than AUDIT_TIMEOUT (%s) when SMTP_PROBE is on", p.Timeout, c.Deadline.Audit)
	}
	if d := c.Deadline; c.Base.WriteTimeout <= d.Longest() {
		l.Problem("HTTP_WRITE_TIMEOUT (%s) must be longer than every deadline: CLASSIFY_TIMEOUT (%s), AUDIT_TIMEOUT (%s), "+
			"PROFILE_TIMEOUT (%s), BATCH_TIMEOUT (%s)", c.Base.WriteTimeout, d.Classify, d.Audit, d.Profile, d.Batch)
	}
	return c
}
