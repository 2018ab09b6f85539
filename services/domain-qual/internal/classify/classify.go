// Package classify is the domain_classification use case: from DNS alone it
// decides a domain's type (business, free e-mail, disposable, parked,
// education, government, nonexistent), its DNS presence, its mail
// readiness and mail provider, with a confidence, the reasons and the
// checks that could not complete. Unknown DNS outcomes stay unknown: a
// failed MX lookup gives mail readiness "unknown", never "none".
package classify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/services/domain-qual/internal/dnssec"
	"github.com/intel402/intel402/services/domain-qual/internal/domainlists"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

// Resolver answers one DNS question (satisfied by *resolver.Resolver).
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// DefaultMaxMXHostChecks bounds the MX hosts whose addresses are looked up.
const DefaultMaxMXHostChecks = 5

// Config configures a Classifier.
type Config struct {
	// Resolver answers DNS questions. Required.
	Resolver Resolver
	// Lists are the free-mail and disposable lists. Required.
	Lists *domainlists.Lists
	// Fingerprinter identifies MX providers; nil means mxprovider.New().
	Fingerprinter *mxprovider.Fingerprinter
	// Now is the clock for CheckedAt; nil means time.Now.
	Now func() time.Time
	// Logger receives a debug line per classification; nil discards.
	Logger *slog.Logger
	// MaxMXHostChecks bounds the MX hosts looked up in the second round;
	// 0 means DefaultMaxMXHostChecks.
	MaxMXHostChecks int
}

// Classifier runs classifications. It is safe for concurrent use.
type Classifier struct {
	res      Resolver
	lists    *domainlists.Lists
	fp       *mxprovider.Fingerprinter
	now      func() time.Time
	log      *slog.Logger
	maxHosts int
}

// New validates cfg and builds a Classifier.
func New(cfg Config) (*Classifier, error) {
	if cfg.Resolver == nil {
		return nil, errors.New("classify: Config.Resolver is required")
	}
	if cfg.Lists == nil {
		return nil, errors.New("classify: Config.Lists is required")
	}
	c := &Classifier{res: cfg.Resolver, lists: cfg.Lists, fp: cfg.Fingerprinter, now: cfg.Now, log: cfg.Logger, maxHosts: cfg.MaxMXHostChecks}
	if c.fp == nil {
		c.fp = mxprovider.New()
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	if c.maxHosts <= 0 {
		c.maxHosts = DefaultMaxMXHostChecks
	}
	return c, nil
}

// query is one DNS question of a classification.
type query struct {
	check string // stable name used in Unknowns
	name  string // FQDN
	qtype uint16
	core  bool // a failure costs more confidence
	// free: a failure costs no confidence (the DNSSEC questions, which do
	// not bear on the type or the mail readiness); it is still an Unknown.
	free bool
}

// Check names used in Unknown.Check.
const (
	CheckNS      = "ns"
	CheckSOA     = "soa"
	CheckMX      = "mx"
	CheckA       = "a"
	CheckAAAA    = "aaaa"
	CheckTXT     = "txt"
	CheckWWWA    = "www_a"
	CheckMXHostA = "mx_host_a"
	CheckMXHost6 = "mx_host_aaaa"
	CheckDS      = "ds"
	CheckDNSKEY  = "dnskey"
)

// lookupAll asks every question concurrently: one DNS round trip.
func (c *Classifier) lookupAll(ctx context.Context, qs []query) []resolver.Answer {
	out := make([]resolver.Answer, len(qs))
	var wg sync.WaitGroup
	for i, q := range qs {
		wg.Go(func() { out[i] = c.res.Lookup(ctx, q.name, q.qtype) })
	}
	wg.Wait()
	return out
}

// Invalid is the result for an input that domainname.Parse rejected.
func (c *Classifier) Invalid(input string, err error) Result {
	detail := "not an acceptable domain name"
	var perr *domainname.Error
	if errors.As(err, &perr) {
		detail = fmt.Sprintf("%s (%s)", perr.Message, perr.Code)
	}
	return Result{
		Domain:        strings.TrimSpace(input),
		DomainType:    TypeInvalid,
		DNSPresence:   DNSPresence{Status: PresenceUnknown, DNSSEC: dnssec.StatusUnknown},
		MailReadiness: MailReadiness{Status: ReadinessUnknown, MXHosts: []MXHost{}},
		MXProvider:    mxprovider.UnknownVerdict(),
		Parked:        Parked{Indicators: []ParkingIndicator{}},
		Confidence:    1,
		Reasons:       []Reason{{Code: ReasonInvalidInput, Detail: detail}},
		Unknowns:      []Unknown{},
		CheckedAt:     c.now().UTC().Truncate(time.Second),
	}
}

// Classify classifies one parsed domain name. DNS questions go out in
// rounds of concurrent lookups: NS, SOA, DS and DNSKEY of the registrable
// domain with MX, A, AAAA and TXT of the name (and A of www under an apex)
// first; then A and AAAA of MX hosts that no fingerprint recognises. The
// DNSSEC state is judged from the first round's answers (internal/dnssec,
// as the dns-audit does). Only when the most preferred MX is a security
// gateway with no mailbox provider among the other MX hosts is the SPF tree
// walked (one round per include level) to name the provider behind it,
// exactly as the dns-audit does. The error is non-nil only when ctx ends
// before the result is complete.
func (c *Classifier) Classify(ctx context.Context, name domainname.Name) (Result, error) {
	checkedAt := c.now().UTC().Truncate(time.Second)
	fqdn := name.FQDN()
	reg := dns.Fqdn(name.Registrable)
	qs := []query{
		{check: CheckNS, name: reg, qtype: dns.TypeNS, core: true},
		{check: CheckSOA, name: reg, qtype: dns.TypeSOA, core: true},
		{check: CheckMX, name: fqdn, qtype: dns.TypeMX, core: true},
		{check: CheckA, name: fqdn, qtype: dns.TypeA, core: true},
		{check: CheckAAAA, name: fqdn, qtype: dns.TypeAAAA, core: true},
		{check: CheckTXT, name: fqdn, qtype: dns.TypeTXT, core: true},
	}
	if !name.IsSubdomain {
		qs = append(qs, query{check: CheckWWWA, name: "www." + fqdn, qtype: dns.TypeA})
	}
	qs = append(qs,
		query{check: CheckDS, name: reg, qtype: dns.TypeDS, free: true},
		query{check: CheckDNSKEY, name: reg, qtype: dns.TypeDNSKEY, free: true})
	answers := c.lookupAll(ctx, qs)
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("classify %s: %w", name.ASCII, err)
	}
	f := facts{name: name, checkedAt: checkedAt}
	for i, q := range qs {
		f.add(q, answers[i])
	}

	mxs := mxRecords(f.get(CheckMX))
	hosts, round2 := c.planMXHosts(mxs, name.Registrable)
	if len(round2) > 0 {
		answers2 := c.lookupAll(ctx, round2)
		if err := ctx.Err(); err != nil {
			return Result{}, fmt.Errorf("classify %s: %w", name.ASCII, err)
		}
		for i, q := range round2 {
			f.add(q, answers2[i])
		}
		applyHostAnswers(hosts, round2, answers2)
	}

	r := c.assemble(&f, mxs, hosts, c.provider(ctx, name, mxs, f.get(CheckTXT)))
	c.log.DebugContext(ctx, "domain classified", slog.String("domain", r.Domain), slog.String("type", string(r.DomainType)),
		slog.String("mail_readiness", string(r.MailReadiness.Status)), slog.Int("unknowns", len(r.Unknowns)),
		slog.Int("queries", len(f.queries)))
	return r, nil
}

// facts collects the answers of one classification.
type facts struct {
	name      domainname.Name
	checkedAt time.Time
	queries   []query
	answers   []resolver.Answer
}

func (f *facts) add(q query, a resolver.Answer) {
	f.queries = append(f.queries, q)
	f.answers = append(f.answers, a)
}

// get returns the answer of a round-1 check (zero Answer, which is
// unknown, when the check was not asked).
func (f *facts) get(check string) resolver.Answer {
	for i, q := range f.queries {
		if q.check == check {
			return f.answers[i]
		}
	}
	return resolver.Answer{Status: resolver.StatusUnknown, Reason: "not asked"}
}

// mxRecord is one parsed MX record.
type mxRecord struct {
	host string // lower case, no trailing dot; "" for the null MX
	pref uint16
}

func mxRecords(a resolver.Answer) []mxRecord {
	var out []mxRecord
	for _, rr := range a.Records {
		if mx, ok := rr.(*dns.MX); ok {
			out = append(out, mxRecord{host: normaliseHost(mx.Mx), pref: mx.Preference})
		}
	}
	return out
}

// planMXHosts builds the MX host list (most preferred first) and the
// second-round questions: A and AAAA of hosts that are not null, not IP
// literals and not recognised by a fingerprint, at most c.maxHosts hosts.
func (c *Classifier) planMXHosts(mxs []mxRecord, registrable string) ([]MXHost, []query) {
	hosts := make([]MXHost, 0, len(mxs))
	for _, mx := range mxs {
		h := MXHost{Host: mx.host, Preference: mx.pref}
		if _, err := netip.ParseAddr(mx.host); err == nil {
			h.IPLiteral = true
		}
		hosts = append(hosts, h)
	}
	sortHosts(hosts)
	var qs []query
	checked := 0
	for i := range hosts {
		h := &hosts[i]
		if h.Host == "" || h.IPLiteral || checked >= c.maxHosts {
			continue
		}
		kind := c.fp.Host(h.Host, registrable).Provider.Kind
		if kind != mxprovider.SelfHosted && kind != mxprovider.Unknown {
			continue
		}
		checked++
		h.Checked = true
		qs = append(qs,
			query{check: CheckMXHostA, name: dns.Fqdn(h.Host), qtype: dns.TypeA},
			query{check: CheckMXHost6, name: dns.Fqdn(h.Host), qtype: dns.TypeAAAA})
	}
	return hosts, qs
}

func sortHosts(hosts []MXHost) {
	for i := 1; i < len(hosts); i++ {
		for j := i; j > 0 && less(hosts[j], hosts[j-1]); j-- {
			hosts[j], hosts[j-1] = hosts[j-1], hosts[j]
		}
	}
}

func less(a, b MXHost) bool {
	if a.Preference != b.Preference {
		return a.Preference < b.Preference
	}
	return a.Host < b.Host
}

// applyHostAnswers fills Resolves, Addresses and NonPublicAddress of the
// checked hosts from the second-round answers.
func applyHostAnswers(hosts []MXHost, qs []query, answers []resolver.Answer) {
	for i := range hosts {
		h := &hosts[i]
		if !h.Checked {
			continue
		}
		var v4, v6 resolver.Answer
		for j, q := range qs {
			if normaliseHost(q.name) != h.Host {
				continue
			}
			if q.qtype == dns.TypeA {
				v4 = answers[j]
			} else {
				v6 = answers[j]
			}
		}
		h.Resolves = anyRecords(v4, v6)
		h.Addresses = []string{}
		for _, a := range resolver.Addresses(v4, v6) {
			h.Addresses = append(h.Addresses, a.String())
			if _, public := guard.Classify(a); !public {
				h.NonPublicAddress = true
			}
		}
	}
}

// anyRecords is true when an answer has records, false when all are
// definite without records, nil when undecided because of a failure.
func anyRecords(as ...resolver.Answer) *bool {
	unknown := false
	for _, a := range as {
		switch a.Status {
		case resolver.StatusRecords:
			return ptr(true)
		case resolver.StatusNoData, resolver.StatusNXDomain:
		default:
			unknown = true
		}
	}
	if unknown {
		return nil
	}
	return ptr(false)
}

func ptr[T any](v T) *T { return &v }

// assemble turns the collected answers into a Result.
func (c *Classifier) assemble(f *facts, mxs []mxRecord, hosts []MXHost, provider mxprovider.Verdict) Result {
	name := f.name
	r := Result{
		Domain:            name.ASCII,
		RegistrableDomain: name.Registrable,
		IsSubdomain:       name.IsSubdomain,
		Reasons:           []Reason{},
		Unknowns:          []Unknown{},
		CheckedAt:         f.checkedAt,
	}
	reason := func(code, format string, args ...any) {
		r.Reasons = append(r.Reasons, Reason{Code: code, Detail: fmt.Sprintf(format, args...)})
	}

	// Unknowns and TTL over every answer used. The DNSKEY answer is not
	// used when the parent says there is no DS (the zone is unsigned
	// whatever it holds): an unsigned zone's DNSKEY NODATA does not shorten
	// the TTL, nor is its failure an unknown.
	penalty := 0.0
	minTTL, definite := uint32(math.MaxUint32), 0
	noDS := f.get(CheckDS).Status == resolver.StatusNoData || f.get(CheckDS).Status == resolver.StatusNXDomain
	for i, a := range f.answers {
		q := f.queries[i]
		if q.check == CheckDNSKEY && noDS {
			continue
		}
		if a.Status == resolver.StatusUnknown {
			r.Unknowns = append(r.Unknowns, Unknown{Check: q.check, Name: normaliseHost(q.name), Type: dns.TypeToString[q.qtype], Reason: a.Reason})
			switch {
			case q.free:
			case q.core:
				penalty += 0.1
			default:
				penalty += 0.05
			}
			continue
		}
		definite++
		if a.TTL > 0 {
			minTTL = min(minTTL, a.TTL)
		}
	}
	switch {
	case definite == 0 || minTTL == math.MaxUint32:
		r.TTLSeconds = 0
	case len(r.Unknowns) > 0:
		r.TTLSeconds = min(minTTL, 60)
	default:
		r.TTLSeconds = minTTL
	}
	for _, u := range r.Unknowns {
		reason(ReasonDNSLookupFailed, "%s %s lookup failed: %s", u.Name, u.Type, u.Reason)
	}

	// DNS presence.
	mxA, aA, aaaaA, txtA := f.get(CheckMX), f.get(CheckA), f.get(CheckAAAA), f.get(CheckTXT)
	nsA, soaA := f.get(CheckNS), f.get(CheckSOA)
	nameLevel := []resolver.Answer{mxA, aA, aaaaA, txtA}
	if !name.IsSubdomain {
		nameLevel = append(nameLevel, nsA, soaA)
	}
	// DNSSEC: the dns-audit's judgement (internal/dnssec) of the
	// registrable domain's zone, from the same questions: its DS, DNSKEY and
	// SOA, and the MX when the name is the registrable domain.
	data := []resolver.Answer{soaA}
	if !name.IsSubdomain {
		data = append(data, mxA)
	}
	judged := dnssec.Judge(dnssec.Input{Apex: name.Registrable, DS: f.get(CheckDS), DNSKEY: f.get(CheckDNSKEY), Data: data, Now: f.checkedAt})
	r.DNSPresence = DNSPresence{
		Exists:          existence(nameLevel),
		HasNS:           anyRecords(nsA),
		HasSOA:          anyRecords(soaA),
		HasA:            anyRecords(aA),
		HasAAAA:         anyRecords(aaaaA),
		DNSSECValidated: judged.Status == dnssec.StatusSigned,
		DNSSEC:          judged.Status,
	}
	r.DNSPresence.Status = presenceStatus(r.DNSPresence.Exists, nameLevel)

	// Mail readiness and provider.
	r.MailReadiness = MailReadiness{Status: readiness(mxA, aA, aaaaA, mxs), MXHosts: hosts}
	r.MXProvider = provider
	confidenceMail := 0.0
	switch r.MailReadiness.Status {
	case ReadinessMX:
		confidenceMail = 0.2
		reason(ReasonMXPresent, "%d MX record(s); most preferred %s", len(mxs), hosts[0].Host)
		if hasNullMX(mxs) {
			reason(ReasonNullMXMixed, "a null MX is published together with other MX records (RFC 7505 §3 forbids this)")
			penalty += 0.1
		}
		penalty += c.hostFindings(hosts, reason)
		if k := r.MXProvider.Kind; k != mxprovider.Unknown && k != mxprovider.SelfHosted {
			confidenceMail += 0.1
			reason(ReasonKnownMailProvider, "mail is received by %s (%s)", r.MXProvider.Name, r.MXProvider.Kind)
		}
	case ReadinessImplicitMX:
		confidenceMail = 0.15
		reason(ReasonImplicitMX, "no MX records but address records, so mail goes to the A/AAAA hosts (RFC 5321 §5.1)")
	case ReadinessNullMX:
		confidenceMail = 0.2
		reason(ReasonNullMX, "null MX published: the domain accepts no mail (RFC 7505)")
	case ReadinessNone:
		confidenceMail = 0.15
		reason(ReasonNoMail, "no MX and no address records: the domain cannot receive mail")
	case ReadinessUnknown:
		reason(ReasonMXUnknown, "mail readiness could not be determined because a lookup failed")
	}

	// Parking.
	var nsHosts []string
	for _, rr := range nsA.Records {
		if ns, ok := rr.(*dns.NS); ok {
			nsHosts = append(nsHosts, ns.Ns)
		}
	}
	wwwA := f.get(CheckWWWA)
	var cnames []string
	for _, a := range []resolver.Answer{aA, aaaaA, wwwA} {
		cnames = append(cnames, a.CNAMEs...)
	}
	r.Parked = detectParking(nsHosts, resolver.Addresses(aA, aaaaA, wwwA), cnames)

	// Domain type, in the documented order.
	base := 0.0
	category, entry := c.lists.Lookup(name.ASCII)
	sec, suffix := sectorOf(name.ASCII)
	switch {
	case category == domainlists.Disposable:
		r.DomainType, base = TypeDisposable, 0.95
		reason(ReasonDisposableList, "%s is on the disposable-address list", entry)
	case category == domainlists.Free:
		r.DomainType, base = TypeFreeEmail, 0.95
		reason(ReasonFreeEmailList, "%s is on the free webmail list", entry)
	case r.DNSPresence.Exists != nil && !*r.DNSPresence.Exists:
		r.DomainType, base = TypeNonexistent, 0.9
		reason(ReasonNXDomain, "DNS answers NXDOMAIN: %s does not exist", name.ASCII)
	case sec == sectorGovernment:
		r.DomainType, base = TypeGovernment, 0.9
		reason(ReasonGovernmentSuffix, "%s is under the government suffix .%s", name.ASCII, suffix)
	case sec == sectorEducation:
		r.DomainType, base = TypeEducation, 0.9
		reason(ReasonEducationSuffix, "%s is under the education suffix .%s", name.ASCII, suffix)
	case r.DNSPresence.Exists == nil:
		r.DomainType, base = TypeUnknown, 0.3
		reason(ReasonExistenceUnknown, "DNS lookups failed, so existence cannot be decided")
	case r.Parked.IsParked:
		r.DomainType, base = TypeParked, 0.75
		for _, ind := range r.Parked.Indicators {
			if ind.Strong {
				base += 0.05
			}
			reason(ReasonParkingIndicator, "%s %s belongs to %s", ind.Source, ind.Value, ind.Service)
		}
	default:
		r.DomainType, base = TypeBusiness, 0.6+confidenceMail
		if r.DNSPresence.Status == PresenceNoRecords {
			reason(ReasonExistsWithoutRecord, "the name exists but has none of the queried records")
			base -= 0.2
		}
		if isFalse(r.DNSPresence.HasA) && isFalse(r.DNSPresence.HasAAAA) {
			reason(ReasonNoAddressRecords, "%s has no A or AAAA records (no website at this name)", name.ASCII)
			base -= 0.05
		}
		for _, ind := range r.Parked.Indicators {
			reason(ReasonWeakParking, "%s %s belongs to %s, which also hosts live domains", ind.Source, ind.Value, ind.Service)
			base -= 0.05
		}
	}
	r.Confidence = clampConfidence(base - math.Min(penalty, 0.5))
	return r
}

// hostFindings reports IP-literal, unresolvable and non-public MX hosts
// and returns the confidence penalty.
func (c *Classifier) hostFindings(hosts []MXHost, reason func(code, format string, args ...any)) float64 {
	penalty := 0.0
	allChecked, noneResolves := true, true
	for _, h := range hosts {
		if h.Host == "" {
			continue
		}
		if h.IPLiteral {
			reason(ReasonMXIPLiteral, "MX %s is an IP address, not a host name (RFC 1035 §3.3.9)", h.Host)
			penalty += 0.1
			continue
		}
		if !h.Checked {
			allChecked = false
			continue
		}
		if h.Resolves == nil || *h.Resolves {
			noneResolves = false
		}
		if h.NonPublicAddress {
			reason(ReasonMXNonPublic, "MX %s resolves to a non-public address (%s)", h.Host, strings.Join(h.Addresses, ", "))
			penalty += 0.1
		}
	}
	if allChecked && noneResolves {
		reason(ReasonMXUnresolvable, "no MX host has an A or AAAA record, so mail cannot be delivered")
		penalty += 0.15
	}
	return penalty
}

// provider fingerprints the MX set. Like the dns-audit, it looks behind a
// security gateway through the SPF tree's include and redirect targets; the
// tree is walked (spf.Evaluate, one more round of lookups per include
// level, starting from the first round's TXT answer) only when the answer
// depends on it.
func (c *Classifier) provider(ctx context.Context, name domainname.Name, mxs []mxRecord, txt resolver.Answer) mxprovider.Verdict {
	in := make([]mxprovider.MX, 0, len(mxs))
	for _, mx := range mxs {
		in = append(in, mxprovider.MX{Host: mx.host, Preference: mx.pref})
	}
	targets := func() []string {
		r := primed{Resolver: c.res, name: name.FQDN(), txt: txt}
		return spf.Evaluate(ctx, r, c.fp, name.ASCII).Tree.Targets()
	}
	return c.fp.Identify(name.Registrable, in, targets).Verdict()
}

// primed answers the name's TXT question from the first round's answer, so
// walking the SPF tree starts at the include level.
type primed struct {
	Resolver
	name string
	txt  resolver.Answer
}

func (p primed) Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer {
	if qtype == dns.TypeTXT && dns.Fqdn(strings.ToLower(name)) == p.name {
		return p.txt
	}
	return p.Resolver.Lookup(ctx, name, qtype)
}

// existence is true when any answer shows the name exists (records or
// NODATA), false when the only definite answers are NXDOMAIN, nil otherwise.
func existence(as []resolver.Answer) *bool {
	nx := false
	for _, a := range as {
		switch a.Status {
		case resolver.StatusRecords, resolver.StatusNoData:
			return ptr(true)
		case resolver.StatusNXDomain:
			nx = true
		}
	}
	if nx {
		return ptr(false)
	}
	return nil
}

func presenceStatus(exists *bool, as []resolver.Answer) PresenceStatus {
	switch {
	case exists == nil:
		return PresenceUnknown
	case !*exists:
		return PresenceNXDomain
	}
	unknown := false
	for _, a := range as {
		switch a.Status {
		case resolver.StatusRecords:
			return PresenceResolves
		case resolver.StatusUnknown:
			unknown = true
		}
	}
	if unknown {
		return PresenceUnknown
	}
	return PresenceNoRecords
}

// readiness decides mail readiness; an unknown MX answer is never "none".
func readiness(mx, a, aaaa resolver.Answer, mxs []mxRecord) Readiness {
	switch mx.Status {
	case resolver.StatusRecords:
		switch {
		case len(mxs) == 0:
			return ReadinessUnknown // records without MX data: malformed answer
		case allNull(mxs):
			return ReadinessNullMX
		}
		return ReadinessMX
	case resolver.StatusNXDomain:
		return ReadinessNone
	case resolver.StatusNoData:
		switch has := anyRecords(a, aaaa); {
		case has == nil:
			return ReadinessUnknown
		case *has:
			return ReadinessImplicitMX
		}
		return ReadinessNone
	}
	return ReadinessUnknown
}

func allNull(mxs []mxRecord) bool {
	for _, m := range mxs {
		if m.host != "" {
			return false
		}
	}
	return true
}

func hasNullMX(mxs []mxRecord) bool {
	for _, m := range mxs {
		if m.host == "" {
			return true
		}
	}
	return false
}

func isFalse(b *bool) bool { return b != nil && !*b }

// clampConfidence keeps the confidence in [0.05, 1], rounded to 2 decimals.
func clampConfidence(v float64) float64 {
	v = math.Max(0.05, math.Min(1, v))
	return math.Round(v*100) / 100
}
