package smtpprobe_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
)

// mxName is the MX host name the test certificates are issued for.
const mxName = "mx.example.test"

// testPKI is a test CA and a leaf it issued.
type testPKI struct {
	ca, leaf *x509.Certificate
	caKey    *ecdsa.PrivateKey
	pair     tls.Certificate // leaf and CA, as a server presents them
	roots    *x509.CertPool  // the CA alone
}

// issue makes a certificate from tmpl with a new P-256 key, signed by
// parent's key (self-signed when parent is nil).
func issue(t *testing.T, tmpl, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert, key
}

// caTemplate is a CA certificate valid for a year; serial tells it apart.
func caTemplate(cn string, serial int64) *x509.Certificate {
	return &x509.Certificate{
		SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-48 * time.Hour), NotAfter: time.Now().Add(365 * 24 * time.Hour),
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true, IsCA: true,
	}
}

// leafTemplate is a server certificate for mxName expiring at notAfter.
func leafTemplate(serial int64, notAfter time.Time) *x509.Certificate {
	return &x509.Certificate{
		SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: mxName}, DNSNames: []string{mxName},
		NotBefore: time.Now().Add(-24 * time.Hour), NotAfter: notAfter,
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
}

// newPKI makes a test CA and a leaf for mxName expiring at notAfter.
func newPKI(t *testing.T, notAfter time.Time) *testPKI {
	t.Helper()
	ca, caKey := issue(t, caTemplate("intel402 test SMTP CA", 1), nil, nil)
	leaf, key := issue(t, leafTemplate(2, notAfter), ca, caKey)
	roots := x509.NewCertPool()
	roots.AddCert(ca)
	return &testPKI{
		ca: ca, leaf: leaf, caKey: caKey, roots: roots,
		pair: tls.Certificate{Certificate: [][]byte{leaf.Raw, ca.Raw}, PrivateKey: key, Leaf: leaf},
	}
}

// countDials wraps p's dialer to count its connection attempts in n; when
// to is valid, every attempt goes to it instead (still through the guard).
func countDials(p *smtpprobe.Prober, n *atomic.Int32, to netip.AddrPort) {
	smtpprobe.WrapDial(p, func(next smtpprobe.DialFunc) smtpprobe.DialFunc {
		return func(ctx context.Context, network, address string) (net.Conn, error) {
			n.Add(1)
			if to.IsValid() {
				address = to.String()
			}
			return next(ctx, network, address)
		}
	})
}

// behaviour is how a test SMTP server answers.
type behaviour struct {
	cert         *tls.Certificate // offer STARTTLS with this chain; nil: no STARTTLS
	startReply   string           // the reply to STARTTLS; "" means "220 2.0.0 ready\r\n"
	stall        bool             // accept, then say nothing
	flood        string           // after accepting, write this line for ever
	floodOnEHLO  string           // answer EHLO with this line for ever
	greeting     string           // "" means a two-line 220 greeting
	noTLSAfterGo bool             // after the STARTTLS reply, stall
}

// smtpServer is a local SMTP server on loopback that records the commands
// it receives.
type smtpServer struct {
	ln       net.Listener
	addr     netip.AddrPort
	b        behaviour
	accepted atomic.Int32
	mu       sync.Mutex
	commands []string
	conns    []net.Conn
}

func newServer(t *testing.T, b behaviour) *smtpServer {
	t.Helper()
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{ln: ln, addr: netip.MustParseAddrPort(ln.Addr().String()), b: b}
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.accepted.Add(1)
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.mu.Unlock()
			wg.Go(func() { s.serve(c) })
		}
	})
	t.Cleanup(func() {
		_ = ln.Close()
		s.mu.Lock()
		for _, c := range s.conns {
			_ = c.Close()
		}
		s.mu.Unlock()
		wg.Wait()
	})
	return s
}

// seen returns the commands received so far.
func (s *smtpServer) seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.commands...)
}

func (s *smtpServer) serve(c net.Conn) {
	defer func() { _ = c.Close() }()
	if s.b.stall {
		_, _ = io.Copy(io.Discard, c) // until the prober hangs up or the test ends
		return
	}
	if s.b.flood != "" {
		for {
			if _, err := io.WriteString(c, s.b.flood); err != nil {
				return
			}
		}
	}
	greeting := s.b.greeting
	if greeting == "" {
		greeting = "220-" + mxName + " ESMTP test server\r\n220 no UCE\r\n"
	}
	var conn net.Conn = c
	r := bufio.NewReader(conn)
	if _, err := io.WriteString(conn, greeting); err != nil {
		return
	}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.TrimRight(line, "\r\n")
		s.mu.Lock()
		s.commands = append(s.commands, cmd)
		s.mu.Unlock()
		verb, _, _ := strings.Cut(strings.ToUpper(cmd), " ")
		var answer string
		switch verb {
		case "EHLO":
			if s.b.floodOnEHLO != "" {
				for {
					if _, err := io.WriteString(conn, s.b.floodOnEHLO); err != nil {
						return
					}
				}
			}
			answer = "250-" + mxName + " greets you\r\n250-PIPELINING\r\n250-SIZE 10240000\r\n"
			if s.b.cert != nil {
				answer += "250-STARTTLS\r\n"
			}
			answer += "250 8BITMIME\r\n"
		case "STARTTLS":
			if s.b.cert == nil {
				answer = "502 5.5.1 not offered\r\n"
				break
			}
			start := s.b.startReply
			if start == "" {
				start = "220 2.0.0 ready\r\n"
			}
			if _, err := io.WriteString(conn, start); err != nil {
				return
			}
			if s.b.noTLSAfterGo {
				_, _ = io.Copy(io.Discard, c) // never answer the ClientHello
				return
			}
			if !strings.HasPrefix(start, "220 ") {
				continue
			}
			tc := tls.Server(c, &tls.Config{Certificates: []tls.Certificate{*s.b.cert}})
			if err := tc.Handshake(); err != nil {
				return
			}
			conn, r = tc, bufio.NewReader(tc)
			continue
		case "QUIT":
			_, _ = io.WriteString(conn, "221 2.0.0 bye\r\n")
			return
		default:
			answer = "500 5.5.2 not understood\r\n"
		}
		if _, err := io.WriteString(conn, answer); err != nil {
			return
		}
	}
}
