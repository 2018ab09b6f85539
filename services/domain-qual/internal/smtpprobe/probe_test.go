package smtpprobe_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe/smtptest"
)

var loopback = netip.MustParseAddr("127.0.0.1")

// proberFor builds a prober that may reach srv (allow-listed by IP:port)
// and connects to srv's port.
func proberFor(t *testing.T, srv *smtptest.Server, cfg smtpprobe.Config) *smtpprobe.Prober {
	t.Helper()
	cfg.AllowList = guard.AllowList{Endpoints: []netip.AddrPort{srv.Addr}}
	cfg.Port = srv.Addr.Port()
	p, err := smtpprobe.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// only returns the single address result of r.
func only(t *testing.T, r smtpprobe.Result) smtpprobe.AddrResult {
	t.Helper()
	if len(r.Addrs) != 1 {
		t.Fatalf("want one address result, got %+v", r)
	}
	return r.Addrs[0]
}

func TestSTARTTLSWithVerifiedChain(t *testing.T) {
	t.Parallel()
	pki := smtptest.NewPKI(t, mxName, time.Now().Add(90*24*time.Hour))
	srv := smtptest.NewServer(t, smtptest.Behaviour{Cert: &pki.Pair})
	spans := tracetest.NewSpanRecorder()
	var logs bytes.Buffer
	p := proberFor(t, srv, smtpprobe.Config{
		RootCAs: pki.Roots, TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)),
		Logger: slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})

	r := p.Probe(context.Background(), mxName+".", []netip.Addr{loopback})
	if r.Host != mxName || r.Skipped != "" {
		t.Errorf("result %+v", r)
	}
	a := only(t, r)
	if a.Outcome != smtpprobe.OutcomeTLS || !a.Connected || !a.STARTTLS || a.Error != "" || a.Step != "" {
		t.Fatalf("address result %+v", a)
	}
	if a.Greeting != mxName+" ESMTP test server" {
		t.Errorf("greeting %q", a.Greeting)
	}
	tl := a.TLS
	if tl.Version != "TLS 1.3" || tl.CipherSuite == "" {
		t.Errorf("negotiated %s %s", tl.Version, tl.CipherSuite)
	}
	if !tl.Verified || tl.VerifyError != "" || tl.Expired || tl.ExpiresSoon || !tl.NotAfter.Equal(pki.Leaf.NotAfter) {
		t.Errorf("certificate judgement %+v", tl)
	}
	if len(tl.Chain) != 2 || !tl.Chain[0].Equal(pki.Leaf) || !tl.Chain[1].Equal(pki.CA) {
		t.Errorf("chain of %d certificates", len(tl.Chain))
	}
	// The conversation: no MAIL FROM, no RCPT, ever.
	if got, want := srv.Seen(), []string{"EHLO [127.0.0.1]", "STARTTLS", "QUIT"}; !slices.Equal(got, want) {
		t.Errorf("server saw %q, want %q", got, want)
	}

	ended := spans.Ended()
	if len(ended) != 1 || ended[0].Name() != "smtp.probe" {
		t.Fatalf("spans %v", ended)
	}
	attrs := map[attribute.Key]attribute.Value{}
	for _, kv := range ended[0].Attributes() {
		attrs[kv.Key] = kv.Value
	}
	if attrs["server.address"].AsString() != mxName || attrs["smtp.probe.outcome"].AsString() != "tls" ||
		attrs["tls.protocol.version"].AsString() != "TLS 1.3" || !attrs["tls.verified"].AsBool() {
		t.Errorf("span attributes %v", attrs)
	}
	if line := logs.String(); !strings.Contains(line, `"msg":"smtp probe"`) || !strings.Contains(line, `"outcome":"tls"`) {
		t.Errorf("log %s", line)
	}
}

func TestChainVerification(t *testing.T) {
	t.Parallel()
	pki := smtptest.NewPKI(t, mxName, time.Now().Add(90*24*time.Hour))
	srv := smtptest.NewServer(t, smtptest.Behaviour{Cert: &pki.Pair})
	tests := []struct {
		name, host string
		roots      bool
		want       string
	}{
		{"another MX name", "mx2.example.test", true, "not mx2.example.test"},
		{"system roots do not know the test CA", mxName, false, "unknown authority"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := smtpprobe.Config{}
			if tt.roots {
				cfg.RootCAs = pki.Roots
			}
			a := only(t, proberFor(t, srv, cfg).Probe(context.Background(), tt.host, []netip.Addr{loopback}))
			if a.Outcome != smtpprobe.OutcomeTLS || a.TLS.Verified || !strings.Contains(a.TLS.VerifyError, tt.want) {
				t.Errorf("result %+v, TLS %+v", a, a.TLS)
			}
		})
	}
}

func TestNoSTARTTLS(t *testing.T) {
	t.Parallel()
	srv := smtptest.NewServer(t, smtptest.Behaviour{})
	p := proberFor(t, srv, smtpprobe.Config{HeloName: "probe.example.org"})
	a := only(t, p.Probe(context.Background(), mxName, []netip.Addr{loopback}))
	if a.Outcome != smtpprobe.OutcomeNoSTARTTLS || !a.Connected || a.STARTTLS || a.TLS != nil || a.Error != "" {
		t.Errorf("result %+v", a)
	}
	if got, want := srv.Seen(), []string{"EHLO probe.example.org", "QUIT"}; !slices.Equal(got, want) {
		t.Errorf("server saw %q, want %q", got, want)
	}
}

func TestCertificateExpiry(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                       string
		notAfter                   time.Time
		verified, expired, expires bool
	}{
		{"expired", time.Now().Add(-time.Hour), false, true, false},
		{"expires within 14 days", time.Now().Add(3 * 24 * time.Hour), true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pki := smtptest.NewPKI(t, mxName, tt.notAfter)
			srv := smtptest.NewServer(t, smtptest.Behaviour{Cert: &pki.Pair})
			a := only(t, proberFor(t, srv, smtpprobe.Config{RootCAs: pki.Roots}).Probe(context.Background(), mxName, []netip.Addr{loopback}))
			if a.Outcome != smtpprobe.OutcomeTLS {
				t.Fatalf("result %+v", a)
			}
			tl := a.TLS
			if tl.Verified != tt.verified || tl.Expired != tt.expired || tl.ExpiresSoon != tt.expires || !tl.NotAfter.Equal(pki.Leaf.NotAfter) {
				t.Errorf("judgement %+v", tl)
			}
			if tt.expired && !strings.Contains(tl.VerifyError, "expired") {
				t.Errorf("verify error %q", tl.VerifyError)
			}
		})
	}
}

func TestSTARTTLSFailures(t *testing.T) {
	t.Parallel()
	pki := smtptest.NewPKI(t, mxName, time.Now().Add(90*24*time.Hour))
	tests := []struct {
		name string
		b    smtptest.Behaviour
		step string
		want string
	}{
		{"refused", smtptest.Behaviour{Cert: &pki.Pair, StartReply: "454 4.7.0 TLS not available\r\n"}, smtpprobe.StepSTARTTLS, "454"},
		{"injected data", smtptest.Behaviour{Cert: &pki.Pair, StartReply: "220 go ahead\r\n250 injected\r\n"}, smtpprobe.StepSTARTTLS, "data after"},
		{"no handshake", smtptest.Behaviour{Cert: &pki.Pair, NoTLSAfterGo: true}, smtpprobe.StepHandshake, "no answer within"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := smtptest.NewServer(t, tt.b)
			p := proberFor(t, srv, smtpprobe.Config{StepTimeout: 300 * time.Millisecond, RootCAs: pki.Roots})
			a := only(t, p.Probe(context.Background(), mxName, []netip.Addr{loopback}))
			if a.Outcome != smtpprobe.OutcomeTLSFailed || a.Step != tt.step || !a.STARTTLS || !strings.Contains(a.Error, tt.want) {
				t.Errorf("result %+v", a)
			}
		})
	}
}

func TestSMTPErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		b    smtptest.Behaviour
		step string
		want string
	}{
		{"greeting rejects", smtptest.Behaviour{Greeting: "554 5.7.1 no service for you\r\n"}, smtpprobe.StepGreeting, "554"},
		{"greeting malformed", smtptest.Behaviour{Greeting: "hello there\r\n"}, smtpprobe.StepGreeting, "malformed"},
		{"endless greeting lines", smtptest.Behaviour{Flood: "220-more and more\r\n"}, smtpprobe.StepGreeting, "byte cap"},
		{"one endless greeting line", smtptest.Behaviour{Flood: "220 aaaaaaaaaaaaaaaa"}, smtpprobe.StepGreeting, "byte cap"},
		{"endless EHLO lines", smtptest.Behaviour{FloodOnEHLO: "250-X-EXTENSION\r\n"}, smtpprobe.StepEHLO, "byte cap"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := smtptest.NewServer(t, tt.b)
			p := proberFor(t, srv, smtpprobe.Config{MaxReplyBytes: 1024})
			start := time.Now()
			a := only(t, p.Probe(context.Background(), mxName, []netip.Addr{loopback}))
			if a.Outcome != smtpprobe.OutcomeSMTPError || a.Step != tt.step || !a.Connected || !strings.Contains(a.Error, tt.want) {
				t.Errorf("result %+v", a)
			}
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("took %s: the cap, not a deadline, must end it", took)
			}
		})
	}
}

// TestStallIsBounded: a server that accepts and says nothing costs at most
// the step deadline, or the host's budget when that is shorter.
func TestStallIsBounded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		timeout, step time.Duration
		want          string
	}{
		{"step deadline", 5 * time.Second, 300 * time.Millisecond, "no answer within 300ms"},
		{"host budget", 400 * time.Millisecond, 5 * time.Second, "budget was spent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := smtptest.NewServer(t, smtptest.Behaviour{Stall: true})
			p := proberFor(t, srv, smtpprobe.Config{Timeout: tt.timeout, StepTimeout: tt.step})
			start := time.Now()
			a := only(t, p.Probe(context.Background(), mxName, []netip.Addr{loopback}))
			took := time.Since(start)
			if a.Outcome != smtpprobe.OutcomeSMTPError || a.Step != smtpprobe.StepGreeting || !strings.Contains(a.Error, tt.want) {
				t.Errorf("result %+v", a)
			}
			// Generous slack for a loaded machine: this is a bound, not a benchmark.
			if limit := min(tt.timeout, tt.step) + 2*time.Second; took > limit {
				t.Errorf("took %s, want at most %s", took, limit)
			}
		})
	}
}

func TestCancelStopsAStalledProbe(t *testing.T) {
	t.Parallel()
	srv := smtptest.NewServer(t, smtptest.Behaviour{Stall: true})
	p := proberFor(t, srv, smtpprobe.Config{Timeout: 30 * time.Second, StepTimeout: 30 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	a := only(t, p.Probe(ctx, mxName, []netip.Addr{loopback}))
	if a.Outcome != smtpprobe.OutcomeSMTPError || !strings.Contains(a.Error, "canceled") {
		t.Errorf("result %+v", a)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %s after cancel", took)
	}
}

// TestNonPublicAddressesAreNeverDialled: MX addresses that are loopback
// (not allow-listed), private, link-local or cloud metadata cause zero
// connection attempts: the counting dialer is never called and a real
// listener on the loopback address accepts nothing.
func TestNonPublicAddressesAreNeverDialled(t *testing.T) {
	t.Parallel()
	srv := smtptest.NewServer(t, smtptest.Behaviour{})
	p, err := smtpprobe.New(smtpprobe.Config{Port: srv.Addr.Port()})
	if err != nil {
		t.Fatal(err)
	}
	var dials atomic.Int32
	countDials(p, &dials, netip.AddrPort{})
	addrs := []netip.Addr{}
	for _, s := range []string{"127.0.0.1", "::1", "10.0.0.1", "10.255.1.2", "192.168.1.1", "172.16.0.1",
		"169.254.169.254", "169.254.1.1", "fe80::1", "fd00::1", "100.64.0.1", "::ffff:192.168.0.9", "0.0.0.0"} {
		addrs = append(addrs, netip.MustParseAddr(s))
	}
	r := p.Probe(context.Background(), mxName, addrs)
	if len(r.Addrs) != len(addrs) {
		t.Fatalf("%d results for %d addresses", len(r.Addrs), len(addrs))
	}
	for _, a := range r.Addrs {
		if a.Outcome != smtpprobe.OutcomeRefused || a.Step != smtpprobe.StepGuard || a.Connected || !strings.HasPrefix(a.Error, "not probed: ") {
			t.Errorf("%s: %+v", a.Addr, a)
		}
	}
	if n := dials.Load(); n != 0 {
		t.Errorf("%d connection attempts, want 0", n)
	}
	if n := srv.Accepted(); n != 0 {
		t.Errorf("the loopback listener accepted %d connections, want 0", n)
	}

	// The same counting, with the listener allow-listed, sees the one
	// connection: the zeros above are meaningful.
	allowed := proberFor(t, srv, smtpprobe.Config{})
	countDials(allowed, &dials, netip.AddrPort{})
	if a := only(t, allowed.Probe(context.Background(), mxName, []netip.Addr{loopback})); a.Outcome != smtpprobe.OutcomeNoSTARTTLS {
		t.Errorf("allow-listed probe %+v", a)
	}
	if dials.Load() != 1 || srv.Accepted() != 1 {
		t.Errorf("allow-listed probe: %d dials, %d accepted; want 1 and 1", dials.Load(), srv.Accepted())
	}
}

// TestGuardAtConnect: the dialer's Control hook applies the same policy at
// connect time, so an address that slips past the first check (here the
// dial is redirected to loopback) is still refused.
func TestGuardAtConnect(t *testing.T) {
	t.Parallel()
	srv := smtptest.NewServer(t, smtptest.Behaviour{})
	p := proberFor(t, srv, smtpprobe.Config{})
	var dials atomic.Int32
	countDials(p, &dials, netip.AddrPortFrom(netip.MustParseAddr("127.0.0.2"), srv.Addr.Port()))
	a := only(t, p.Probe(context.Background(), mxName, []netip.Addr{loopback}))
	if a.Outcome != smtpprobe.OutcomeUnreachable || !strings.Contains(a.Error, "blocked address") {
		t.Errorf("result %+v", a)
	}
	if dials.Load() != 1 || srv.Accepted() != 0 {
		t.Errorf("%d dials, %d accepted; want 1 and 0", dials.Load(), srv.Accepted())
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	srv := smtptest.NewServer(t, smtptest.Behaviour{})
	// Three allow-listed loopback addresses, all dialled through to srv.
	var allow guard.AllowList
	addrs := []netip.Addr{}
	for _, s := range []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"} {
		a := netip.MustParseAddr(s)
		addrs = append(addrs, a)
		allow.Endpoints = append(allow.Endpoints, netip.AddrPortFrom(a, srv.Addr.Port()))
	}
	p, err := smtpprobe.New(smtpprobe.Config{AllowList: allow, Port: srv.Addr.Port(), MaxAddrs: 2, MaxHosts: 2})
	if err != nil {
		t.Fatal(err)
	}
	var dials atomic.Int32
	countDials(p, &dials, srv.Addr)
	hosts := []smtpprobe.Host{
		{Name: "mx1.example.test", Addrs: append([]netip.Addr{netip.MustParseAddr("10.0.0.1"), addrs[0], addrs[0]}, addrs[1:]...)},
		{Name: "mx2.example.test", Addrs: addrs[:1]},
		{Name: "mx3.example.test", Addrs: addrs[:1]},
	}
	rs := p.ProbeAll(context.Background(), hosts)
	if len(rs) != 3 || rs[0].Host != "mx1.example.test" || rs[1].Host != "mx2.example.test" || rs[2].Host != "mx3.example.test" {
		t.Fatalf("results %+v", rs)
	}
	var got []smtpprobe.Outcome
	for _, a := range rs[0].Addrs {
		got = append(got, a.Outcome)
	}
	// The private address is refused and does not count; the duplicate is
	// dropped; the third public address is over MaxAddrs.
	want := []smtpprobe.Outcome{smtpprobe.OutcomeRefused, smtpprobe.OutcomeNoSTARTTLS, smtpprobe.OutcomeNoSTARTTLS, smtpprobe.OutcomeSkipped}
	if !slices.Equal(got, want) {
		t.Errorf("mx1 outcomes %v, want %v", got, want)
	}
	if a := only(t, rs[1]); a.Outcome != smtpprobe.OutcomeNoSTARTTLS {
		t.Errorf("mx2 %+v", a)
	}
	if rs[2].Skipped == "" || len(rs[2].Addrs) != 0 {
		t.Errorf("mx3 over MaxHosts: %+v", rs[2])
	}
	if n := dials.Load(); n != 3 {
		t.Errorf("%d dials, want 3", n)
	}
}

func TestUnreachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ap := netip.MustParseAddrPort(ln.Addr().String())
	_ = ln.Close() // nothing listens there now
	p, err := smtpprobe.New(smtpprobe.Config{AllowList: guard.AllowList{Endpoints: []netip.AddrPort{ap}}, Port: ap.Port()})
	if err != nil {
		t.Fatal(err)
	}
	a := only(t, p.Probe(context.Background(), mxName, []netip.Addr{loopback}))
	if a.Outcome != smtpprobe.OutcomeUnreachable || a.Step != smtpprobe.StepConnect || a.Connected || a.Error == "" {
		t.Errorf("result %+v", a)
	}
}

func TestHeloName(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"", "probe.example.org", "[192.0.2.7]", "[IPv6:2001:db8::7]"} {
		if _, err := smtpprobe.New(smtpprobe.Config{HeloName: ok}); err != nil {
			t.Errorf("HeloName %q: %v", ok, err)
		}
	}
	for _, bad := range []string{"probe\r\nMAIL FROM:<a@b>", "probe example", "[not an address]", strings.Repeat("a", 256)} {
		if _, err := smtpprobe.New(smtpprobe.Config{HeloName: bad}); err == nil {
			t.Errorf("HeloName %q accepted", bad)
		}
	}
}

// Config.Wait runs before the first connection; when it fails, nothing is
// dialled and the addresses are skipped.
func TestWaitWithholdsConnections(t *testing.T) {
	t.Parallel()
	srv := smtptest.NewServer(t, smtptest.Behaviour{})
	refused := errors.New("payment not verified")
	for _, tt := range []struct {
		name     string
		wait     error
		outcome  smtpprobe.Outcome
		accepted int
	}{
		{"verified", nil, smtpprobe.OutcomeNoSTARTTLS, 1},
		{"refused", refused, smtpprobe.OutcomeSkipped, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var waits atomic.Int32
			before := srv.Accepted()
			p := proberFor(t, srv, smtpprobe.Config{Wait: func(context.Context) error { waits.Add(1); return tt.wait }})
			r := p.Probe(context.Background(), mxName, []netip.Addr{netip.MustParseAddr("10.0.0.25"), loopback})
			if len(r.Addrs) != 2 || r.Addrs[0].Outcome != smtpprobe.OutcomeRefused || r.Addrs[1].Outcome != tt.outcome {
				t.Fatalf("result %+v", r)
			}
			if tt.wait != nil && !strings.Contains(r.Addrs[1].Error, "withheld: payment not verified") {
				t.Errorf("error %q", r.Addrs[1].Error)
			}
			if waits.Load() != 1 || srv.Accepted()-before != tt.accepted {
				t.Errorf("%d waits, %d accepted; want 1 and %d", waits.Load(), srv.Accepted()-before, tt.accepted)
			}
		})
	}
}
