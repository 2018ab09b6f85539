// Package audit is the dns-audit use case: it checks a domain's MX, SPF,
// DMARC, DKIM, MTA-STS, TLS-RPT, BIMI and DNSSEC status, the MX hosts' DANE
// TLSA records (internal/dane) and IPv6 addresses, optionally their
// STARTTLS and certificates (a Prober, internal/smtpprobe), and turns the
// findings into a risk score and ready-to-publish recommendations. DNSSEC
// is judged from the records themselves (internal/dnssec: the parent's DS,
// the DNSKEY RRset, the RRSIGs over the apex SOA and MX), asked in the
// first round with the other independent questions.
//
// All DNS questions of one audit go through a per-audit session that shares
// identical questions. Independent checks run concurrently, each following
// its own dependent chain (SPF include levels, DMARC tree walk then report
// destinations, MX then target addresses and TLSA records, then beside the
// TLSA zones' judgement the STARTTLS probe), so an audit costs about as
// many round trips as its longest chain rather than its number of queries.
//
// A check whose DNS answers failed (SERVFAIL, timeout) is reported as
// "unknown", listed in unknown_checks and excluded from the score.
package audit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/domain-qual/internal/dkim"
	"github.com/intel402/intel402/services/domain-qual/internal/dmarc"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mailpolicy"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

// Resolver answers one DNS question, following CNAMEs. It is satisfied by
// *resolver.Resolver.
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// Config holds the Auditor's dependencies.
type Config struct {
	// Resolver answers DNS questions. Required.
	Resolver Resolver
	// Fetcher fetches the MTA-STS policy over HTTPS. Required.
	Fetcher mailpolicy.PolicyFetcher
	// Services names the sending services behind SPF include/redirect
	// targets and the mail providers behind MX hosts; nil means
	// mxprovider.New().
	Services *mxprovider.Fingerprinter
	// Prober, when set, probes the MX hosts' STARTTLS and certificates
	// (the starttls section); nil leaves the section not_probed.
	Prober Prober
	// Now is the clock for checked_at; nil means time.Now.
	Now func() time.Time
	// Logger receives debug logs; nil discards.
	Logger *slog.Logger
}

// Auditor runs dns-audits. It is safe for concurrent use.
type Auditor struct {
	r        Resolver
	fetcher  mailpolicy.PolicyFetcher
	services *mxprovider.Fingerprinter
	prober   Prober
	now      func() time.Time
	log      *slog.Logger
}

// New validates cfg and builds an Auditor.
func New(cfg Config) (*Auditor, error) {
	if cfg.Resolver == nil {
		return nil, errors.New("audit: Config.Resolver is required")
	}
	if cfg.Fetcher == nil {
		return nil, errors.New("audit: Config.Fetcher is required")
	}
	a := &Auditor{r: cfg.Resolver, fetcher: cfg.Fetcher, services: cfg.Services, prober: cfg.Prober, now: cfg.Now, log: cfg.Logger}
	if a.services == nil {
		a.services = mxprovider.New()
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.New(slog.DiscardHandler)
	}
	return a, nil
}

// CheckName names one audited check.
type CheckName string

// Checks.
const (
	CheckMX     CheckName = "mx"
	CheckSPF    CheckName = "spf"
	CheckDMARC  CheckName = "dmarc"
	CheckDKIM   CheckName = "dkim"
	CheckMTASTS CheckName = "mta_sts"
	CheckTLSRPT CheckName = "tls_rpt"
	CheckBIMI   CheckName = "bimi"
	CheckDNSSEC CheckName = "dnssec"
	CheckDANE   CheckName = "dane"
	// CheckSTARTTLS is the optional STARTTLS probe of the MX hosts.
	CheckSTARTTLS CheckName = "starttls"
)

// UnknownCheck is a check that could not complete and is excluded from the score.
type UnknownCheck struct {
	// Check is the check's name.
	Check CheckName `json:"check"`
	// Reason says what failed (e.g. "_dmarc.example.com: SERVFAIL").
	Reason string `json:"reason"`
}

// RiskLevel buckets the risk score.
type RiskLevel string

// Risk levels: low 0-19, medium 20-49, high 50-74, critical 75-100.
const (
	RiskLow      RiskLevel = "low"
	RiskMedium   RiskLevel = "medium"
	RiskHigh     RiskLevel = "high"
	RiskCritical RiskLevel = "critical"
)

// ScoreItem is one contribution to the risk score.
type ScoreItem struct {
	// Check is the check the finding belongs to.
	Check CheckName `json:"check"`
	// FindingID is the finding that adds the points.
	FindingID finding.ID `json:"finding_id"`
	// Points added to the score.
	Points int `json:"points"`
}

// DMARCResult is the DMARC section.
type DMARCResult struct {
	// Status is found, missing, invalid or unknown.
	Status dmarc.Status `json:"status"`
	// Record is the applicable DMARC record.
	Record string `json:"record,omitempty"`
	// Location says where the record was found: exact, organizational or tree_walk.
	Location dmarc.Location `json:"location,omitempty"`
	// Label is the owner name of the record, e.g. "_dmarc.example.com".
	Label string `json:"label,omitempty"`
	// Tags are the record's tags as published (lower-case names).
	Tags map[string]string `json:"tags,omitempty"`
	// Policy is p (none when absent).
	Policy dmarc.Policy `json:"policy,omitempty"`
	// SubdomainPolicy is sp, defaulting to p.
	SubdomainPolicy dmarc.Policy `json:"subdomain_policy,omitempty"`
	// NP is the non-existent-subdomain policy, defaulting to sp.
	NP dmarc.Policy `json:"np,omitempty"`
	// EffectivePolicy is what receivers apply to mail from the audited
	// domain (sp when the record was found at a parent), lowered one step by
	// pct<100 or t=y.
	EffectivePolicy dmarc.Policy `json:"effective_policy,omitempty"`
	// Enforcement is enforced, partial or none.
	Enforcement dmarc.Enforcement `json:"enforcement,omitempty"`
	// RUA are the aggregate report destinations with verification.
	RUA []dmarc.Destination `json:"rua"`
	// RUF are the failure report destinations with verification.
	RUF []dmarc.Destination `json:"ruf"`
	// Warnings are DMARC findings.
	Warnings []finding.Finding `json:"warnings"`
	// Reason explains an unknown status.
	Reason string `json:"reason,omitempty"`
}

// DKIMResult is the optional DKIM section.
type DKIMResult struct {
	// Selector is the caller's selector, or the best selector found among the guesses.
	Selector string `json:"selector,omitempty"`
	// TriedSelectors are the guessed selectors (only without a caller selector).
	TriedSelectors []string `json:"tried_selectors,omitempty"`
	// FoundSelectors are the guessed selectors that have a key record.
	FoundSelectors []string `json:"found_selectors,omitempty"`
	// Status is found, not_found_among_tried, revoked, invalid or unknown.
	Status dkim.Status `json:"status"`
	// Record is the key record of Selector.
	Record string `json:"record,omitempty"`
	// KeyType is rsa or ed25519.
	KeyType dkim.KeyType `json:"key_type,omitempty"`
	// KeyBits is the key size in bits.
	KeyBits int `json:"key_bits,omitempty"`
	// Testing is true for t=y keys.
	Testing bool `json:"testing"`
	// HashAlgorithms are the h= algorithms (empty: all allowed).
	HashAlgorithms []string `json:"hash_algorithms,omitempty"`
	// CNAME is the CNAME chain followed from the selector name.
	CNAME []string `json:"cname,omitempty"`
	// Findings are key problems.
	Findings []finding.Finding `json:"findings"`
	// Reason explains an unknown or invalid status.
	Reason string `json:"reason,omitempty"`
}

// DNSSECResult is the DNSSEC section: the judgement of internal/dnssec
// over the registrable domain's zone, the same one classify's
// dnssec_validated reports.
type DNSSECResult struct {
	// Status is signed, unsigned, bogus or unknown, judged from the parent's
	// DS, the zone's DNSKEY RRset and the RRSIGs over the apex SOA and MX.
	Status dnssec.Status `json:"status"`
	// Zone is the zone apex judged: the registrable domain.
	Zone string `json:"zone"`
	// Detail explains the status.
	Detail string `json:"detail"`
	// ResolverAD is the second signal: the resolver set the AD bit on every
	// answer judged (it validated them too). Reported, not required.
	ResolverAD bool `json:"resolver_ad"`
}

// Result is the dns-audit of one domain.
type Result struct {
	// Domain is the audited domain (ASCII, no trailing dot).
	Domain string `json:"domain"`
	// CheckedAt is when the audit ran, RFC 3339 UTC.
	CheckedAt string `json:"checked_at"`
	// MX is the mail exchanger section.
	MX MXResult `json:"mx"`
	// MXProvider is who receives the domain's mail: the same verdict, from
	// the same fingerprints, as classify's mx_provider.
	MXProvider mxprovider.Verdict `json:"mx_provider"`
	// SPF is the SPF section.
	SPF spf.Result `json:"spf"`
	// DMARC is the DMARC section.
	DMARC DMARCResult `json:"dmarc"`
	// DKIM is the DKIM section (caller selector or guessed selectors).
	DKIM DKIMResult `json:"optional_dkim"`
	// MTASTS is the MTA-STS section.
	MTASTS mailpolicy.MTASTS `json:"mta_sts"`
	// TLSRPT is the SMTP TLS reporting section.
	TLSRPT mailpolicy.TLSRPT `json:"tls_rpt"`
	// BIMI is the BIMI section.
	BIMI mailpolicy.BIMI `json:"bimi"`
	// DNSSEC is the DNSSEC section.
	DNSSEC DNSSECResult `json:"dnssec"`
	// DANE is the DANE for SMTP section (TLSA records of the MX hosts).
	DANE DANEResult `json:"dane"`
	// MXIPv6 is the MX-over-IPv6 section (AAAA records of the MX hosts).
	MXIPv6 MXIPv6Result `json:"mx_ipv6"`
	// STARTTLS is the transport section: the MX hosts' STARTTLS, TLS
	// version and certificates (not_probed unless the probe is on).
	STARTTLS STARTTLSResult `json:"starttls"`
	// RiskScore is 0 (no risk found) to 100, from the weights in scoreWeights.
	RiskScore int `json:"risk_score"`
	// RiskLevel buckets RiskScore.
	RiskLevel RiskLevel `json:"risk_level"`
	// ScoreBreakdown lists every contribution to RiskScore.
	ScoreBreakdown []ScoreItem `json:"score_breakdown"`
	// UnknownChecks are the checks that could not complete; they are excluded from the score.
	UnknownChecks []UnknownCheck `json:"unknown_checks"`
	// Recommendations are all findings, most severe first.
	Recommendations []finding.Finding `json:"recommendations"`
	// TTLSeconds is the smallest TTL among the answers used: how long the result stays fresh.
	TTLSeconds uint32 `json:"ttl_seconds"`
	// DNSQueries is the number of distinct DNS questions asked.
	DNSQueries int `json:"dns_queries"`
	// Provider is the full fingerprint behind MXProvider (every MX host's
	// match), for in-process callers such as the profile; not serialised.
	Provider mxprovider.Result `json:"-"`
}

// Audit runs the dns-audit of name. selector is the caller's DKIM selector
// ("" to try provider-typical selectors). The error is non-nil only when
// ctx ended before the audit completed.
func (a *Auditor) Audit(ctx context.Context, name domainname.Name, selector string) (Result, error) {
	domain := strings.TrimSuffix(strings.ToLower(name.ASCII), ".")
	if domain == "" {
		return Result{}, errors.New("audit: empty domain name")
	}
	s := newSession(a.r)
	fq := domain + "."
	apex := strings.TrimSuffix(strings.ToLower(name.Registrable), ".")
	if apex == "" {
		apex = domain
	}

	var (
		mxRes     MXResult
		spfRes    spf.Result
		disc      dmarc.Discovery
		rua, ruf  []dmarc.Destination
		dkimRes   dkim.Result
		sts       mailpolicy.MTASTS
		tlsrpt    mailpolicy.TLSRPT
		bimi      mailpolicy.BIMI
		apexTXT   resolver.Answer
		sec       dnssec.Judgement
		tlsaZones map[string]dnssec.Judgement
		probes    []smtpprobe.Result
		wg        sync.WaitGroup
		lookupFor = func(qtype uint16) func() resolver.Answer {
			return func() resolver.Answer { return s.Lookup(ctx, fq, qtype) }
		}
	)
	// Round 1: every independent question, each check then follows its own chain.
	wg.Go(func() { s.Lookup(ctx, fq, dns.TypeA) })
	wg.Go(func() { s.Lookup(ctx, fq, dns.TypeAAAA) })
	wg.Go(func() {
		mxRes = checkMX(ctx, s, domain, lookupFor(dns.TypeMX), lookupFor(dns.TypeA), lookupFor(dns.TypeAAAA))
		// The MX hosts' addresses are known: the STARTTLS probe runs beside
		// the judgement of the zones that sign their TLSA records.
		var inner sync.WaitGroup
		if hosts := probeHosts(mxRes); a.prober != nil && len(hosts) > 0 {
			inner.Go(func() { probes = a.prober.ProbeAll(ctx, hosts) })
		}
		tlsaZones = judgeTLSAZones(ctx, s, mxRes, apex, a.now())
		inner.Wait()
	})
	wg.Go(func() {
		apexTXT = s.Lookup(ctx, fq, dns.TypeTXT)
		spfRes = spf.Evaluate(ctx, s, a.services, domain)
	})
	wg.Go(func() {
		disc = dmarc.Discover(ctx, s, domain, name.Registrable)
		if disc.Parsed != nil {
			var inner sync.WaitGroup
			inner.Go(func() { rua = dmarc.VerifyDestinations(ctx, s, disc.Domain, disc.Parsed.RUA) })
			inner.Go(func() { ruf = dmarc.VerifyDestinations(ctx, s, disc.Domain, disc.Parsed.RUF) })
			inner.Wait()
		}
	})
	wg.Go(func() { dkimRes = dkim.Check(ctx, s, domain, selector) })
	wg.Go(func() { sts = mailpolicy.CheckMTASTS(ctx, s, a.fetcher, domain) })
	wg.Go(func() { tlsrpt = mailpolicy.CheckTLSRPT(ctx, s, domain) })
	wg.Go(func() { bimi = mailpolicy.CheckBIMI(ctx, s, domain) })
	wg.Go(func() { sec = dnssec.Check(ctx, s, apex, domain, a.now()) })
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("audit %s: %w", domain, err)
	}

	res := Result{
		Domain:    domain,
		CheckedAt: a.now().UTC().Format(time.RFC3339),
		MX:        mxRes,
		SPF:       spfRes,
		DMARC:     dmarcSection(domain, disc, rua, ruf),
		DKIM:      dkimSection(dkimRes),
		TLSRPT:    tlsrpt,
		BIMI:      bimi,
	}
	sts.CheckMX(mxRes.hosts())
	res.MTASTS = sts
	res.DNSSEC = DNSSECResult{Status: sec.Status, Zone: apex, Detail: sec.Detail, ResolverAD: sec.ResolverAD}
	tlsaZones[dns.CanonicalName(apex)] = sec
	res.DANE = daneSection(ctx, s, mxRes, apex, tlsaZones, a.now())
	res.MXIPv6 = ipv6Section(mxRes)
	res.STARTTLS = starttlsSection(mxRes, a.prober != nil, probes, res.DANE)
	confirmDANE(&res.DANE, res.STARTTLS)

	in := assessment{
		domain: domain, name: name, res: &res, apexTXT: apexTXT, disc: disc,
		provider: a.services.Identify(name.Registrable, mxList(mxRes), spfRes.Tree.Targets),
	}
	res.Provider = in.provider
	res.MXProvider = in.provider.Verdict()
	in.assess()
	res.DNSQueries, res.TTLSeconds = s.stats()
	a.log.DebugContext(ctx, "dns audit done", "domain", domain, "risk_score", res.RiskScore, "queries", res.DNSQueries)
	return res, nil
}

// mxList is the MX set the provider is identified from: every published MX
// record, the null MX included (mxprovider decides what it means); none for
// an implicit MX, no MX or a failed lookup.
func mxList(m MXResult) []mxprovider.MX {
	var out []mxprovider.MX
	if m.Status != MXFound && m.Status != MXNull {
		return out
	}
	for _, r := range m.Records {
		out = append(out, mxprovider.MX{Host: r.Host, Preference: r.Preference})
	}
	return out
}

func dmarcSection(domain string, d dmarc.Discovery, rua, ruf []dmarc.Destination) DMARCResult {
	out := DMARCResult{Status: d.Status, Record: d.Record, Location: d.Location, Label: d.Label,
		RUA: nonNil(rua), RUF: nonNil(ruf), Warnings: append([]finding.Finding{}, d.Findings...), Reason: d.Reason}
	if d.Parsed == nil {
		return out
	}
	p := d.Parsed
	out.Tags = map[string]string{}
	for _, t := range p.Tags {
		out.Tags[strings.ToLower(t.Name)] = t.Value
	}
	out.Policy, out.SubdomainPolicy, out.NP = p.Policy, p.SubdomainPolicy, p.NonExistentPolicy
	applied := p.Policy
	if d.Domain != domain {
		applied = p.SubdomainPolicy
	}
	out.EffectivePolicy, out.Enforcement = p.Effective(applied)
	return out
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func dkimSection(r dkim.Result) DKIMResult {
	out := DKIMResult{Selector: r.Selector, TriedSelectors: r.TriedSelectors, FoundSelectors: r.FoundSelectors, Status: r.Status,
		Record: r.Record, CNAME: r.CNAMEs, Findings: nonNil(r.Findings), Reason: r.Reason}
	if r.Status == dkim.StatusFound || r.Status == dkim.StatusRevoked {
		out.KeyType, out.KeyBits, out.Testing, out.HashAlgorithms = r.Key.KeyType, r.Key.Bits, r.Key.Testing, r.Key.HashAlgorithms
	}
	return out
}

// sortFindings orders findings by severity, then ID.
func sortFindings(fs []finding.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Severity.Rank() != fs[j].Severity.Rank() {
			return fs[i].Severity.Rank() < fs[j].Severity.Rank()
		}
		return fs[i].ID < fs[j].ID
	})
}
