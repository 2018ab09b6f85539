// Package smtpprobe checks how an MX host protects mail in transit: for each
// public address of the host it connects to port 25, reads the greeting,
// sends EHLO, and when the host offers STARTTLS, upgrades, completes the TLS
// handshake and records the version, the cipher suite and the certificate
// chain (whether it verifies for the MX name, when it expires), then says
// QUIT. It never sends MAIL FROM or RCPT: no mail is ever submitted.
//
// Every connection goes through the one address policy (package guard,
// port 25 only): non-public addresses are refused before any connection is
// attempted, and the dialer's Control hook re-checks the address connected
// to. A probe is bounded: a time budget per host, a deadline per step, a
// byte cap per reply, at most MaxAddrs addresses per host and MaxHosts
// hosts per ProbeAll. Each connection is traced with an OpenTelemetry span
// ("smtp.probe") and logged. Matching a recorded chain against the host's
// TLSA records (DANE, RFC 7672) is internal/dane's (MatchChain).
package smtpprobe

import (
	"context"
	"crypto/x509"
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"

	"github.com/intel402/intel402/pkg/evidence/guard"
)

// Defaults used when a Config field is zero.
const (
	SMTPPort             = 25
	DefaultTimeout       = 10 * time.Second
	DefaultStepTimeout   = 5 * time.Second
	DefaultMaxAddrs      = 2
	DefaultMaxHosts      = 5
	DefaultMaxReplyBytes = 4096
	// ExpiryWarning is how close to its expiry a leaf certificate counts
	// as expiring soon.
	ExpiryWarning       = 14 * 24 * time.Hour
	instrumentationName = "github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
)

// Config configures a Prober. The zero value probes port 25 of public
// addresses with the defaults above and the system's roots.
type Config struct {
	// AllowList makes otherwise refused endpoints reachable (loopback test
	// servers, listed as IP:port). Fill it from operator configuration
	// only, never from request input.
	AllowList guard.AllowList
	// Port is the port connected to; 0 means 25. Other ports are reachable
	// only when allow-listed (tests and demos).
	Port uint16
	// HeloName is the name sent in EHLO; empty means the address literal
	// of the connection's local end, e.g. "[192.0.2.7]" (RFC 5321 §4.1.3).
	HeloName string
	// Timeout is the time budget of one host, all its addresses together;
	// StepTimeout bounds each step (connect, greeting, each command, the
	// TLS handshake) within it.
	Timeout     time.Duration
	StepTimeout time.Duration
	// MaxAddrs is how many public addresses of one host are probed;
	// MaxHosts how many hosts one ProbeAll probes.
	MaxAddrs int
	MaxHosts int
	// MaxReplyBytes caps each reply read (greeting, EHLO, ...).
	MaxReplyBytes int
	// RootCAs verifies the chains; nil means the system's roots.
	RootCAs        *x509.CertPool
	Logger         *slog.Logger
	TracerProvider trace.TracerProvider // nil: otel global
	// Now is the clock certificates are judged by; nil means time.Now.
	Now func() time.Time
	// Wait, when set, is called before the first connection of a Probe;
	// an error withholds every connection of it (the addresses are
	// skipped). Services set paygate.Wait, so that work running while its
	// payment is verified connects to nothing until the payment is.
	Wait func(ctx context.Context) error
}

// dialFunc connects to an "IP:port" address.
type dialFunc func(ctx context.Context, network, address string) (net.Conn, error)

// Prober probes MX hosts. It is safe for concurrent use.
type Prober struct {
	cfg    Config
	policy *guard.Policy
	dial   dialFunc
	tracer trace.Tracer
	log    *slog.Logger
}

// New builds a Prober; zero Config fields take the defaults above.
func New(cfg Config) (*Prober, error) {
	if cfg.HeloName != "" && !validHeloName(cfg.HeloName) {
		return nil, errors.New("smtpprobe: HeloName " + clip(cfg.HeloName) + " is not a domain name or address literal")
	}
	if cfg.Port == 0 {
		cfg.Port = SMTPPort
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.StepTimeout <= 0 {
		cfg.StepTimeout = DefaultStepTimeout
	}
	if cfg.MaxAddrs <= 0 {
		cfg.MaxAddrs = DefaultMaxAddrs
	}
	if cfg.MaxHosts <= 0 {
		cfg.MaxHosts = DefaultMaxHosts
	}
	if cfg.MaxReplyBytes <= 0 {
		cfg.MaxReplyBytes = DefaultMaxReplyBytes
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.TracerProvider == nil {
		cfg.TracerProvider = otel.GetTracerProvider()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if !cfg.AllowList.Empty() {
		cfg.Logger.Warn("smtp probe allow-list is active: listed non-public endpoints are reachable",
			slog.Int("prefixes", len(cfg.AllowList.Prefixes)), slog.Int("endpoints", len(cfg.AllowList.Endpoints)))
	}
	// The web fetcher's policy with SMTP's port: one rule for which
	// addresses are public, applied again at connect by the Control hook.
	policy := guard.NewPolicyPorts(cfg.AllowList, SMTPPort)
	d := &net.Dialer{Control: policy.Control}
	return &Prober{
		cfg: cfg, policy: policy, dial: d.DialContext,
		tracer: cfg.TracerProvider.Tracer(instrumentationName), log: cfg.Logger,
	}, nil
}

// validHeloName reports whether s is a plain domain name or an address
// literal in brackets: nothing a server could read as a second command.
func validHeloName(s string) bool {
	if len(s) > 255 {
		return false
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		lit := strings.TrimPrefix(s[1:len(s)-1], "IPv6:")
		_, err := netip.ParseAddr(lit)
		return err == nil
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.') {
			return false
		}
	}
	return s != ""
}

// Host is one MX host and the addresses its name resolved to.
type Host struct {
	Name  string
	Addrs []netip.Addr
}

// Result is the probe of one MX host: one AddrResult per distinct address,
// in the order given.
type Result struct {
	Host string
	// Skipped says why the host was not probed at all ("" when it was).
	Skipped string
	Addrs   []AddrResult
}

// Outcome is how far the probe of one address got.
type Outcome string

// Outcomes, from the earliest stop to a completed handshake.
const (
	// OutcomeRefused: the address policy refused the address (not public);
	// no connection was attempted.
	OutcomeRefused Outcome = "refused"
	// OutcomeSkipped: over MaxAddrs, the host's budget was spent first,
	// or Config.Wait withheld the connection.
	OutcomeSkipped Outcome = "skipped"
	// OutcomeUnreachable: the connection could not be made.
	OutcomeUnreachable Outcome = "unreachable"
	// OutcomeSMTPError: connected, but the greeting or EHLO failed (a
	// rejection, a timeout, a malformed or oversized reply).
	OutcomeSMTPError Outcome = "smtp_error"
	// OutcomeNoSTARTTLS: EHLO succeeded without offering STARTTLS.
	OutcomeNoSTARTTLS Outcome = "no_starttls"
	// OutcomeTLSFailed: STARTTLS was offered, but the command was refused
	// or the handshake failed.
	OutcomeTLSFailed Outcome = "tls_failed"
	// OutcomeTLS: the handshake completed; TLS says what was negotiated.
	OutcomeTLS Outcome = "tls"
)

// Steps of one probe, as named in AddrResult.Step.
const (
	StepGuard     = "guard"
	StepConnect   = "connect"
	StepGreeting  = "greeting"
	StepEHLO      = "ehlo"
	StepSTARTTLS  = "starttls"
	StepHandshake = "handshake"
)

// AddrResult is the probe of one address.
type AddrResult struct {
	Addr    netip.Addr
	Outcome Outcome
	// Step is where the probe stopped short ("" when it did not), Error
	// why (the guard's reason, the server's reply, a timeout, ...).
	Step  string
	Error string
	// Connected: a TCP connection was made.
	Connected bool
	// Greeting is the first line of the server's 220 greeting, clipped.
	Greeting string
	// STARTTLS: the EHLO reply offered the STARTTLS extension.
	STARTTLS bool
	// TLS is set when the handshake completed.
	TLS *TLS
}

// TLS is what the handshake negotiated and what the certificate says.
type TLS struct {
	Version     string // e.g. "TLS 1.3"
	CipherSuite string // e.g. "TLS_AES_128_GCM_SHA256"
	// Chain is the certificates the server presented, leaf first (for
	// dane.MatchChain).
	Chain []*x509.Certificate
	// Verified: the chain verifies for the MX host name against the roots;
	// VerifyError says why not.
	Verified    bool
	VerifyError string
	// NotAfter is the leaf's expiry; Expired and ExpiresSoon (within
	// ExpiryWarning) judge it by Config.Now.
	NotAfter    time.Time
	Expired     bool
	ExpiresSoon bool
}

// ProbeAll probes the first MaxHosts hosts concurrently; the others are
// returned with Skipped set. Results are in the order of hosts.
func (p *Prober) ProbeAll(ctx context.Context, hosts []Host) []Result {
	out := make([]Result, len(hosts))
	var wg sync.WaitGroup
	for i, h := range hosts {
		if i >= p.cfg.MaxHosts {
			out[i] = Result{Host: h.Name, Skipped: "over the limit of hosts probed per domain"}
			continue
		}
		wg.Go(func() { out[i] = p.Probe(ctx, h.Name, h.Addrs) })
	}
	wg.Wait()
	return out
}

// Probe probes the addresses of one MX host, one after the other, within
// the host's time budget. Non-public addresses are refused without a
// connection attempt and do not count towards MaxAddrs.
func (p *Prober) Probe(ctx context.Context, host string, addrs []netip.Addr) Result {
	host = strings.TrimSuffix(host, ".")
	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	res := Result{Host: host}
	seen := make(map[netip.Addr]bool, len(addrs))
	probed := 0
	var withheld error
	waited := false
	for _, a := range addrs {
		a = a.Unmap()
		if seen[a] {
			continue
		}
		seen[a] = true
		ap := netip.AddrPortFrom(a, p.cfg.Port)
		if err := p.policy.CheckAddrPort(ap, network(a), ap.String()); err != nil {
			res.Addrs = append(res.Addrs, AddrResult{Addr: a, Outcome: OutcomeRefused, Step: StepGuard, Error: denial(err)})
			continue
		}
		if !waited && p.cfg.Wait != nil && probed < p.cfg.MaxAddrs {
			waited, withheld = true, p.cfg.Wait(ctx)
		}
		switch {
		case withheld != nil:
			res.Addrs = append(res.Addrs, AddrResult{Addr: a, Outcome: OutcomeSkipped, Error: "withheld: " + clip(withheld.Error())})
		case probed >= p.cfg.MaxAddrs:
			res.Addrs = append(res.Addrs, AddrResult{Addr: a, Outcome: OutcomeSkipped, Error: "over the limit of addresses probed per host"})
		case ctx.Err() != nil:
			res.Addrs = append(res.Addrs, AddrResult{Addr: a, Outcome: OutcomeSkipped, Error: "the host's time budget was spent"})
		default:
			probed++
			res.Addrs = append(res.Addrs, p.probeAddr(ctx, host, ap))
		}
	}
	return res
}

// network is the dialer network for a.
func network(a netip.Addr) string {
	if a.Is4() {
		return "tcp4"
	}
	return "tcp6"
}

// denial is the guard's reason for refusing an endpoint.
func denial(err error) string {
	var de *guard.DeniedError
	if errors.As(err, &de) {
		return "not probed: " + de.Reason
	}
	return err.Error()
}
