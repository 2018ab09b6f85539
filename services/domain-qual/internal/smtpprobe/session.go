package smtpprobe

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// quitTimeout bounds the courtesy QUIT at the end of a probe.
const quitTimeout = time.Second

// session is one SMTP conversation. Every read and write runs under a
// deadline: the step's, never later than the host budget's, and in the past
// once ctx is done.
type session struct {
	raw      net.Conn // the TCP connection, whose deadlines bound every step
	conn     net.Conn // what commands are written to: raw, then TLS over it
	r        *bufio.Reader
	ctx      context.Context
	step     time.Duration
	limit    int
	mu       sync.Mutex
	canceled bool
	// budgetBound is true when the armed deadline is the host budget's
	// rather than the step's: a deadline hit is then the budget spent,
	// even in the instant before ctx itself reports it.
	budgetBound bool
}

// arm sets the connection's deadline for the next step.
func (s *session) arm(d time.Duration) {
	deadline := time.Now().Add(d)
	budget := false
	if end, ok := s.ctx.Deadline(); ok && end.Before(deadline) {
		deadline, budget = end, true
	}
	s.mu.Lock()
	s.budgetBound = budget
	defer s.mu.Unlock()
	if s.canceled {
		deadline = time.Unix(1, 0)
	}
	_ = s.raw.SetDeadline(deadline)
}

// cancel makes every pending and later read and write fail at once.
func (s *session) cancel() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.canceled = true
	_ = s.raw.SetDeadline(time.Unix(1, 0))
}

// read reads one reply under a step deadline.
func (s *session) read() (reply, error) {
	s.arm(s.step)
	rep, err := readReply(s.r, s.limit)
	return rep, s.explain(err)
}

// command sends one command line and reads its reply.
func (s *session) command(line string) (reply, error) {
	s.arm(s.step)
	if _, err := io.WriteString(s.conn, line+"\r\n"); err != nil {
		return reply{}, s.explain(err)
	}
	return s.read()
}

// explain turns a deadline hit into the reason it was hit.
func (s *session) explain(err error) error {
	if err == nil || !errors.Is(err, os.ErrDeadlineExceeded) && !errors.Is(err, context.DeadlineExceeded) &&
		!errors.Is(err, context.Canceled) {
		return err
	}
	s.mu.Lock()
	budget := s.budgetBound
	s.mu.Unlock()
	if ctxErr := s.ctx.Err(); errors.Is(ctxErr, context.Canceled) {
		return ctxErr
	} else if ctxErr != nil || budget {
		return errors.New("the host's time budget was spent")
	}
	return fmt.Errorf("no answer within %s", s.step)
}

// probeAddr is the whole conversation with one address, traced and logged.
func (p *Prober) probeAddr(ctx context.Context, host string, ap netip.AddrPort) (res AddrResult) {
	ctx, span := p.tracer.Start(ctx, "smtp.probe", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("server.address", host),
			attribute.String("network.peer.address", ap.Addr().String()),
			attribute.Int("server.port", int(ap.Port()))))
	start := time.Now()
	defer func() {
		attrs := []attribute.KeyValue{
			attribute.String("smtp.probe.outcome", string(res.Outcome)),
			attribute.Bool("smtp.starttls", res.STARTTLS),
		}
		logAttrs := []slog.Attr{
			slog.String("host", host), slog.String("addr", ap.String()), slog.String("outcome", string(res.Outcome)),
			slog.Bool("starttls", res.STARTTLS), slog.Duration("took", time.Since(start)),
		}
		if t := res.TLS; t != nil {
			attrs = append(attrs, attribute.String("tls.protocol.version", t.Version),
				attribute.String("tls.cipher", t.CipherSuite), attribute.Bool("tls.verified", t.Verified))
			logAttrs = append(logAttrs, slog.String("tls_version", t.Version), slog.Bool("verified", t.Verified),
				slog.Time("not_after", t.NotAfter))
		}
		if res.Error != "" {
			attrs = append(attrs, attribute.String("smtp.probe.step", res.Step))
			logAttrs = append(logAttrs, slog.String("step", res.Step), slog.String("error", res.Error))
		}
		span.SetAttributes(attrs...)
		if res.Outcome == OutcomeUnreachable || res.Outcome == OutcomeSMTPError || res.Outcome == OutcomeTLSFailed {
			span.SetStatus(codes.Error, res.Error)
		}
		span.End()
		p.log.LogAttrs(ctx, slog.LevelDebug, "smtp probe", logAttrs...)
	}()

	res.Addr = ap.Addr()
	fail := func(o Outcome, step string, err error) AddrResult {
		res.Outcome, res.Step, res.Error = o, step, clip(err.Error())
		return res
	}

	dctx, cancelDial := context.WithTimeout(ctx, p.cfg.StepTimeout)
	conn, err := p.dial(dctx, network(ap.Addr()), ap.String())
	cancelDial()
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			err = fmt.Errorf("no connection within %s", p.cfg.StepTimeout)
		}
		return fail(OutcomeUnreachable, StepConnect, err)
	}
	res.Connected = true
	s := &session{raw: conn, conn: conn, r: bufio.NewReader(conn), ctx: ctx, step: p.cfg.StepTimeout, limit: p.cfg.MaxReplyBytes}
	stop := context.AfterFunc(ctx, s.cancel)
	defer func() {
		stop()
		_ = conn.Close()
	}()

	greeting, err := s.read()
	if err == nil && greeting.code != 220 {
		err = fmt.Errorf("greeting %d %s", greeting.code, clip(strings.Join(greeting.lines, " ")))
	}
	if err != nil {
		s.quit()
		return fail(OutcomeSMTPError, StepGreeting, err)
	}
	res.Greeting = clip(greeting.lines[0])

	ehlo, err := s.command("EHLO " + p.heloName(conn))
	if err == nil && ehlo.code != 250 {
		err = fmt.Errorf("EHLO answered %d %s", ehlo.code, clip(strings.Join(ehlo.lines, " ")))
	}
	if err != nil {
		s.quit()
		return fail(OutcomeSMTPError, StepEHLO, err)
	}
	res.STARTTLS = offersSTARTTLS(ehlo)
	if !res.STARTTLS {
		s.quit()
		res.Outcome = OutcomeNoSTARTTLS
		return res
	}

	start220, err := s.command("STARTTLS")
	if err == nil && start220.code != 220 {
		err = fmt.Errorf("STARTTLS answered %d %s", start220.code, clip(strings.Join(start220.lines, " ")))
	}
	if err == nil && s.r.Buffered() > 0 {
		// Bytes after the 220 were sent before the handshake: read as if
		// they came over TLS they would be injected commands (RFC 3207 §6).
		err = errors.New("data after the STARTTLS reply, before the handshake")
	}
	if err != nil {
		s.quit()
		return fail(OutcomeTLSFailed, StepSTARTTLS, err)
	}

	tc := tls.Client(conn, &tls.Config{
		ServerName: host,
		// The chain is collected here and verified below, by p.verify, so
		// that a certificate that does not verify is recorded, not just
		// refused. Nothing but the QUIT is sent over this connection.
		InsecureSkipVerify: true,
		MinVersion:         tls.VersionTLS10,
	})
	s.arm(s.step)
	if err := tc.HandshakeContext(ctx); err != nil {
		return fail(OutcomeTLSFailed, StepHandshake, s.explain(err))
	}
	s.conn, s.r = tc, bufio.NewReader(tc)
	state := tc.ConnectionState()
	res.Outcome = OutcomeTLS
	res.TLS = p.judge(host, state)
	s.quit()
	return res
}

// quit says QUIT and waits briefly for the answer; its outcome changes
// nothing.
func (s *session) quit() {
	s.arm(min(quitTimeout, s.step))
	if _, err := io.WriteString(s.conn, "QUIT\r\n"); err != nil {
		return
	}
	_, _ = readReply(s.r, s.limit)
}

// heloName is the configured EHLO name, or the address literal of the
// connection's local end.
func (p *Prober) heloName(conn net.Conn) string {
	if p.cfg.HeloName != "" {
		return p.cfg.HeloName
	}
	ap, err := netip.ParseAddrPort(conn.LocalAddr().String())
	if err != nil {
		return "[127.0.0.1]"
	}
	a := ap.Addr().Unmap()
	if a.Is6() {
		return "[IPv6:" + a.WithZone("").String() + "]"
	}
	return "[" + a.String() + "]"
}

// offersSTARTTLS reports whether an EHLO reply lists the STARTTLS
// extension (RFC 3207 §4); the first line is the server's greeting.
func offersSTARTTLS(ehlo reply) bool {
	for _, l := range ehlo.lines[1:] {
		keyword, _, _ := strings.Cut(l, " ")
		if strings.EqualFold(keyword, "STARTTLS") {
			return true
		}
	}
	return false
}

// judge records what the handshake negotiated and verifies the chain for
// host against the roots.
func (p *Prober) judge(host string, state tls.ConnectionState) *TLS {
	t := &TLS{
		Version:     tls.VersionName(state.Version),
		CipherSuite: tls.CipherSuiteName(state.CipherSuite),
		Chain:       state.PeerCertificates,
	}
	if len(t.Chain) == 0 {
		t.VerifyError = "no certificate presented"
		return t
	}
	now := p.cfg.Now()
	leaf := t.Chain[0]
	t.NotAfter = leaf.NotAfter
	t.Expired = now.After(leaf.NotAfter)
	t.ExpiresSoon = !t.Expired && now.Add(ExpiryWarning).After(leaf.NotAfter)
	inter := x509.NewCertPool()
	for _, c := range t.Chain[1:] {
		inter.AddCert(c)
	}
	_, err := leaf.Verify(x509.VerifyOptions{
		DNSName: host, Roots: p.cfg.RootCAs, Intermediates: inter, CurrentTime: now,
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	})
	t.Verified = err == nil
	if err != nil {
		t.VerifyError = clip(err.Error())
	}
	return t
}
