package resolver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/miekg/dns"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
	"golang.org/x/sync/singleflight"

	"github.com/intel402/intel402/pkg/x402/paygate"
)

// Defaults applied by New to zero Config fields.
const (
	DefaultTimeout     = 2 * time.Second
	DefaultAttempts    = 3
	DefaultCacheSize   = 10000
	DefaultMaxCacheTTL = time.Hour
	DefaultResolvConf  = "/etc/resolv.conf"

	// EDNSBufferSize is the UDP payload size advertised in EDNS0 (the DNS
	// flag day 2020 recommendation).
	EDNSBufferSize = 1232
	// maxCNAMEHops bounds the CNAME chain followed for one lookup (answer
	// section hops plus re-queries).
	maxCNAMEHops = 8
)

// Unknown reasons reported in Answer.Reason.
const (
	ReasonTimeout      = "timeout"
	ReasonServFail     = "SERVFAIL"
	ReasonRefused      = "REFUSED"
	ReasonNetwork      = "network error"
	ReasonBadResponse  = "bad response"
	ReasonCNAMELoop    = "CNAME loop"
	ReasonCNAMETooLong = "CNAME chain too long"
	ReasonCanceled     = "canceled"
	ReasonInvalidName  = "invalid name"
)

// Config configures a Resolver. Zero fields take the defaults above.
type Config struct {
	// Servers are recursive resolvers as "host:port", tried in order.
	// Empty means the nameservers of ResolvConf.
	Servers []string
	// ResolvConf is the resolv.conf path read when Servers is empty.
	ResolvConf string
	// Timeout bounds one exchange with one server (UDP, plus TCP on truncation each get it).
	Timeout time.Duration
	// Attempts is the total number of exchanges for one question; failures
	// (SERVFAIL, REFUSED, timeout, network errors) move to the next server.
	Attempts int
	// CacheSize is the number of answers kept; negative disables the cache.
	CacheSize int
	// MaxCacheTTL caps how long any answer is cached.
	MaxCacheTTL time.Duration
	// Logger receives debug logs of failed exchanges; nil discards.
	Logger *slog.Logger
	// TracerProvider and MeterProvider default to the OTel globals.
	TracerProvider trace.TracerProvider
	MeterProvider  metric.MeterProvider
	// Now is the clock used for cache expiry; nil means time.Now.
	Now func() time.Time
}

// Resolver sends questions to recursive resolvers and returns classified
// answers. It caches definite answers by TTL and shares in-flight identical
// questions. It is safe for concurrent use.
type Resolver struct {
	servers  []string
	timeout  time.Duration
	attempts int
	log      *slog.Logger
	now      func() time.Time
	cache    *cache
	flight   singleflight.Group
	udp, tcp *dns.Client

	tracer    trace.Tracer
	exchanges metric.Int64Counter
	exchTime  metric.Float64Histogram
	lookups   metric.Int64Counter
}

const instrumentation = "github.com/intel402/intel402/services/domain-qual/internal/resolver"

// New validates cfg and builds a Resolver.
func New(cfg Config) (*Resolver, error) {
	servers := cfg.Servers
	if len(servers) == 0 {
		path := cfg.ResolvConf
		if path == "" {
			path = DefaultResolvConf
		}
		var err error
		if servers, err = serversFromResolvConf(path); err != nil {
			return nil, err
		}
	}
	for _, s := range servers {
		if _, _, err := net.SplitHostPort(s); err != nil {
			return nil, fmt.Errorf("resolver: server %q is not host:port: %w", s, err)
		}
	}
	if cfg.Timeout < 0 || cfg.Attempts < 0 || cfg.MaxCacheTTL < 0 {
		return nil, errors.New("resolver: negative Timeout, Attempts or MaxCacheTTL")
	}
	r := &Resolver{
		servers:  append([]string(nil), servers...),
		timeout:  orDefault(cfg.Timeout, DefaultTimeout),
		attempts: orDefault(cfg.Attempts, DefaultAttempts),
		log:      cfg.Logger,
		now:      cfg.Now,
		// Timeout on the clients too: miekg/dns otherwise caps each exchange
		// at its own 2 s default, whatever the context allows.
		udp: &dns.Client{Net: "udp", UDPSize: EDNSBufferSize, Timeout: orDefault(cfg.Timeout, DefaultTimeout)},
		tcp: &dns.Client{Net: "tcp", Timeout: orDefault(cfg.Timeout, DefaultTimeout)},
	}
	if r.log == nil {
		r.log = slog.New(slog.DiscardHandler)
	}
	if r.now == nil {
		r.now = time.Now
	}
	if cfg.CacheSize >= 0 {
		r.cache = newCache(orDefault(cfg.CacheSize, DefaultCacheSize), orDefault(cfg.MaxCacheTTL, DefaultMaxCacheTTL))
	}
	tp := cfg.TracerProvider
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	mp := cfg.MeterProvider
	if mp == nil {
		mp = otel.GetMeterProvider()
	}
	r.tracer = tp.Tracer(instrumentation)
	meter := mp.Meter(instrumentation)
	var err error
	if r.exchanges, err = meter.Int64Counter("dns.resolver.exchanges",
		metric.WithDescription("Upstream DNS exchanges by outcome (rcode, timeout, error).")); err != nil {
		return nil, fmt.Errorf("resolver: exchanges counter: %w", err)
	}
	if r.exchTime, err = meter.Float64Histogram("dns.resolver.exchange.duration", metric.WithUnit("s"),
		metric.WithDescription("Upstream DNS exchange latency by outcome (UDP, plus TCP after truncation).")); err != nil {
		return nil, fmt.Errorf("resolver: exchange duration histogram: %w", err)
	}
	if r.lookups, err = meter.Int64Counter("dns.resolver.lookups",
		metric.WithDescription("Lookups by answer status and source (cache, upstream, shared).")); err != nil {
		return nil, fmt.Errorf("resolver: lookups counter: %w", err)
	}
	return r, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// serversFromResolvConf reads the nameserver lines of a resolv.conf file.
func serversFromResolvConf(path string) ([]string, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("resolver: no servers configured and %s unreadable: %w", path, err)
	}
	cc, err := dns.ClientConfigFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("resolver: parse %s: %w", path, err)
	}
	if len(cc.Servers) == 0 {
		return nil, fmt.Errorf("resolver: no nameserver in %s", path)
	}
	out := make([]string, 0, len(cc.Servers))
	for _, s := range cc.Servers {
		out = append(out, net.JoinHostPort(s, cc.Port))
	}
	return out, nil
}

// Servers returns the upstream servers in the order they are tried.
func (r *Resolver) Servers() []string { return append([]string(nil), r.servers...) }

// Lookup answers one question. It never returns an error: failures are an
// Answer with StatusUnknown and a Reason. Answers come from the cache when
// fresh; concurrent identical questions share one upstream resolution.
func (r *Resolver) Lookup(ctx context.Context, name string, qtype uint16) Answer {
	q := question{name: dns.CanonicalName(name), qtype: qtype}
	if _, ok := dns.IsDomainName(q.name); !ok || strings.Contains(q.name, "..") || q.name == "." {
		return r.count(ctx, unknownAnswer(q, ReasonInvalidName), "invalid")
	}
	if r.cache != nil {
		if a, ok := r.cache.get(q, r.now()); ok {
			return r.count(ctx, a, "cache")
		}
	}
	// A question the cache cannot answer goes out only once the request's
	// payment is verified (paygate: speculative work never queries for a
	// payer who cannot pay).
	if err := paygate.Wait(ctx); err != nil {
		return r.count(ctx, unknownAnswer(q, ReasonCanceled), "withheld")
	}
	key := q.name + "/" + strconv.Itoa(int(q.qtype))
	ch := r.flight.DoChan(key, func() (any, error) {
		// Detached from the first caller's cancellation so that the other
		// callers sharing this resolution are not failed by it; every
		// exchange is bounded by the per-query timeout.
		a := r.resolve(context.WithoutCancel(ctx), q)
		if r.cache != nil {
			r.cache.put(q, a, r.now())
		}
		return a, nil
	})
	select {
	case res := <-ch:
		source := "upstream"
		if res.Shared {
			source = "shared"
		}
		return r.count(ctx, res.Val.(Answer).clone(), source)
	case <-ctx.Done():
		return r.count(ctx, unknownAnswer(q, ReasonCanceled), "canceled")
	}
}

func (r *Resolver) count(ctx context.Context, a Answer, source string) Answer {
	r.lookups.Add(ctx, 1, metric.WithAttributes(
		attribute.String("dns.status", string(a.Status)),
		attribute.String("dns.source", source)))
	return a
}

func unknownAnswer(q question, reason string) Answer {
	return Answer{Name: q.name, Type: q.qtype, Status: StatusUnknown, Reason: reason}
}

// resolve queries upstream, following the CNAME chain first inside each
// response's answer section and then by re-querying the last target when a
// response stops at a CNAME without an answer or a negative proof.
func (r *Resolver) resolve(ctx context.Context, q question) Answer {
	ans := Answer{Name: q.name, Type: q.qtype}
	current := q.name
	visited := map[string]bool{current: true}
	minTTL := uint32(math.MaxUint32)
	ad := true
	for range maxCNAMEHops {
		resp, reason := r.exchange(ctx, current, q.qtype)
		if resp == nil {
			return unknownAfter(q, ans.CNAMEs, reason)
		}
		ad = ad && resp.AuthenticatedData
		if resp.Rcode != dns.RcodeSuccess && resp.Rcode != dns.RcodeNameError {
			return unknownAfter(q, ans.CNAMEs, "rcode "+dns.RcodeToString[resp.Rcode])
		}
		chain, records, sigs, ok := followAnswer(resp.Answer, current, q.qtype, visited)
		if !ok {
			return unknownAfter(q, ans.CNAMEs, ReasonCNAMELoop)
		}
		for _, c := range chain {
			ans.CNAMEs = append(ans.CNAMEs, c.Target)
			minTTL = min(minTTL, c.Hdr.Ttl)
		}
		if len(chain) > 0 {
			current = chain[len(chain)-1].Target
		}
		ans.AuthenticData = ad
		switch {
		case len(records) > 0:
			for _, rr := range records {
				minTTL = min(minTTL, rr.Header().Ttl)
			}
			for _, sig := range sigs {
				minTTL = min(minTTL, sig.Hdr.Ttl, untilExpiry(sig, r.now()))
			}
			ans.Status, ans.Records, ans.Sigs, ans.TTL = StatusRecords, records, sigs, minTTL
			return ans
		case resp.Rcode == dns.RcodeNameError:
			ans.Status, ans.TTL = StatusNXDomain, min(minTTL, negativeTTL(resp))
			return ans
		case len(chain) == 0 || negativeTTL(resp) > 0 || hasSOA(resp):
			ans.Status, ans.TTL = StatusNoData, min(minTTL, negativeTTL(resp))
			return ans
		}
		// The response ended at a CNAME target it did not answer for:
		// ask for the target itself.
	}
	return unknownAfter(q, ans.CNAMEs, ReasonCNAMETooLong)
}

// untilExpiry is the number of seconds sig stays valid after now (RFC
// 4034 §3.1.5 serial arithmetic), so that an answer is not cached past its
// signature's expiration (RFC 4035 §5.3.3); MaxUint32 when the signature
// has already expired (the answer is what the server serves).
func untilExpiry(sig *dns.RRSIG, now time.Time) uint32 {
	if left := int32(sig.Expiration - uint32(now.Unix())); left > 0 {
		return uint32(left)
	}
	return math.MaxUint32
}

// unknownAfter is an unknown answer that keeps the CNAME chain followed
// before the failure (useful evidence, e.g. a CNAME to a parking host).
func unknownAfter(q question, cnames []string, reason string) Answer {
	a := unknownAnswer(q, reason)
	a.CNAMEs = cnames
	return a
}

// followAnswer walks the answer section from name: it returns the CNAMEs
// followed (in order), the records of qtype owned by the final target and
// the RRSIGs covering them. ok is false on a CNAME loop.
func followAnswer(answer []dns.RR, name string, qtype uint16, visited map[string]bool) (chain []*dns.CNAME, records []dns.RR, sigs []*dns.RRSIG, ok bool) {
	cnames := make(map[string]*dns.CNAME)
	for _, rr := range answer {
		if c, isCNAME := rr.(*dns.CNAME); isCNAME {
			cnames[dns.CanonicalName(c.Hdr.Name)] = c
		}
	}
	for range maxCNAMEHops + 1 {
		for _, rr := range answer {
			if rr.Header().Rrtype == qtype && dns.CanonicalName(rr.Header().Name) == name {
				records = append(records, rr)
			}
		}
		if len(records) > 0 || qtype == dns.TypeCNAME {
			return chain, records, coveringSigs(answer, name, qtype, records), true
		}
		c, found := cnames[name]
		if !found {
			return chain, nil, nil, true
		}
		target := dns.CanonicalName(c.Target)
		if visited[target] {
			return chain, nil, nil, false
		}
		visited[target] = true
		chain = append(chain, &dns.CNAME{Hdr: c.Hdr, Target: target})
		name = target
	}
	return chain, nil, nil, false
}

// coveringSigs returns the RRSIGs of the answer section that cover the
// records: owned by name, type covered qtype. None without records.
func coveringSigs(answer []dns.RR, name string, qtype uint16, records []dns.RR) []*dns.RRSIG {
	if len(records) == 0 {
		return nil
	}
	var sigs []*dns.RRSIG
	for _, rr := range answer {
		if sig, ok := rr.(*dns.RRSIG); ok && sig.TypeCovered == qtype && dns.CanonicalName(sig.Hdr.Name) == name {
			sigs = append(sigs, sig)
		}
	}
	return sigs
}

func hasSOA(m *dns.Msg) bool {
	for _, rr := range m.Ns {
		if rr.Header().Rrtype == dns.TypeSOA {
			return true
		}
	}
	return false
}

// negativeTTL is the RFC 2308 negative-caching TTL: min(SOA TTL, SOA
// MINIMUM) of the authority-section SOA; 0 without one.
func negativeTTL(m *dns.Msg) uint32 {
	for _, rr := range m.Ns {
		if soa, ok := rr.(*dns.SOA); ok {
			return min(soa.Hdr.Ttl, soa.Minttl)
		}
	}
	return 0
}

// exchange asks the question, moving to the next server on SERVFAIL,
// REFUSED, timeouts and network errors, for at most r.attempts exchanges.
// It returns the first definite response, or nil and the last failure reason.
func (r *Resolver) exchange(ctx context.Context, name string, qtype uint16) (*dns.Msg, string) {
	reason := ReasonNetwork
	for attempt := range r.attempts {
		server := r.servers[attempt%len(r.servers)]
		resp, outcome := r.exchangeOnce(ctx, server, name, qtype)
		if resp != nil && outcome != ReasonServFail && outcome != ReasonRefused {
			return resp, ""
		}
		reason = outcome
		r.log.DebugContext(ctx, "dns exchange failed",
			slog.String("server", server), slog.String("name", name),
			slog.String("type", dns.TypeToString[qtype]), slog.String("outcome", outcome),
			slog.Int("attempt", attempt+1))
		if ctx.Err() != nil {
			return nil, ReasonCanceled
		}
	}
	return nil, reason
}

// exchangeOnce is one question to one server: UDP with EDNS0 (DO set), then
// TCP when the UDP answer is truncated. It returns the response (nil on
// transport failure) and an outcome label.
func (r *Resolver) exchangeOnce(ctx context.Context, server, name string, qtype uint16) (resp *dns.Msg, outcome string) {
	ctx, span := r.tracer.Start(ctx, "dns.exchange", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("server.address", server),
			attribute.String("dns.question.name", name),
			attribute.String("dns.question.type", dns.TypeToString[qtype])))
	start := time.Now()
	defer func() {
		span.SetAttributes(attribute.String("dns.outcome", outcome))
		if resp == nil {
			span.SetStatus(codes.Error, outcome)
		}
		span.End()
		r.exchanges.Add(ctx, 1, metric.WithAttributes(attribute.String("dns.outcome", outcome)))
		r.exchTime.Record(ctx, time.Since(start).Seconds(), metric.WithAttributes(attribute.String("dns.outcome", outcome)))
	}()

	m := new(dns.Msg)
	m.SetQuestion(name, qtype)
	m.RecursionDesired = true
	m.AuthenticatedData = true // RFC 6840 §5.7: we understand the AD bit
	m.SetEdns0(EDNSBufferSize, true)

	resp, err := r.exchangeOver(ctx, r.udp, m, server)
	if err == nil && resp.Truncated {
		span.SetAttributes(attribute.Bool("dns.truncated", true))
		resp, err = r.exchangeOver(ctx, r.tcp, m, server)
	}
	if err != nil {
		span.RecordError(err)
		var nerr net.Error
		if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &nerr) && nerr.Timeout()) {
			return nil, ReasonTimeout
		}
		return nil, ReasonNetwork
	}
	if len(resp.Question) != 1 || dns.CanonicalName(resp.Question[0].Name) != name || resp.Question[0].Qtype != qtype {
		return nil, ReasonBadResponse
	}
	span.SetAttributes(attribute.Bool("dns.ad", resp.AuthenticatedData))
	return resp, dns.RcodeToString[resp.Rcode]
}

func (r *Resolver) exchangeOver(ctx context.Context, c *dns.Client, m *dns.Msg, server string) (*dns.Msg, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	resp, _, err := c.ExchangeContext(ctx, m, server)
	if err != nil {
		return nil, fmt.Errorf("exchange over %s with %s: %w", c.Net, server, err)
	}
	return resp, nil
}
