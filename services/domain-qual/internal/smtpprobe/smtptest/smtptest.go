// Package smtptest is a test helper: a test PKI (a CA and the leaf it
// issues for an MX host) and a local SMTP server on loopback that offers
// STARTTLS with a given chain, or not, or stalls, and records the commands
// it receives. The probe's tests, the DANE matching tests and the audit's
// transport tests share it.
package smtptest

import (
	"bufio"
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
)

// DefaultName is the MX host name a Server greets as and NewPKI issues for
// when none is given.
const DefaultName = "mx.example.test"

// PKI is a test CA and a leaf it issued.
type PKI struct {
	CA, Leaf *x509.Certificate
	CAKey    *ecdsa.PrivateKey
	Pair     tls.Certificate // leaf and CA, as a server presents them
	Roots    *x509.CertPool  // the CA alone
}

// Issue makes a certificate from tmpl with a new P-256 key, signed by
// parent's key (self-signed when parent is nil), and returns it with its key.
func Issue(t testing.TB, tmpl, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey) {
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

// CATemplate is a CA certificate valid from two days before now for a
// year; serial tells it apart.
func CATemplate(cn string, serial int64) *x509.Certificate {
	return &x509.Certificate{
		SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-48 * time.Hour), NotAfter: time.Now().Add(365 * 24 * time.Hour),
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true, IsCA: true,
	}
}

// LeafTemplate is a server certificate for host expiring at notAfter.
func LeafTemplate(host string, serial int64, notAfter time.Time) *x509.Certificate {
	return &x509.Certificate{
		SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Now().Add(-24 * time.Hour), NotAfter: notAfter,
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
}

// NewPKI makes a test CA and a leaf for host (DefaultName when "")
// expiring at notAfter.
func NewPKI(t testing.TB, host string, notAfter time.Time) *PKI {
	t.Helper()
	if host == "" {
		host = DefaultName
	}
	ca, caKey := Issue(t, CATemplate("intel402 test SMTP CA", 1), nil, nil)
	leaf, key := Issue(t, LeafTemplate(host, 2, notAfter), ca, caKey)
	roots := x509.NewCertPool()
	roots.AddCert(ca)
	return &PKI{
		CA: ca, Leaf: leaf, CAKey: caKey, Roots: roots,
		Pair: tls.Certificate{Certificate: [][]byte{leaf.Raw, ca.Raw}, PrivateKey: key, Leaf: leaf},
	}
}

// Behaviour is how a test SMTP server answers.
type Behaviour struct {
	Name         string           // the name it greets as; "" means DefaultName
	Cert         *tls.Certificate // offer STARTTLS with this chain; nil: no STARTTLS
	StartReply   string           // the reply to STARTTLS; "" means "220 2.0.0 ready\r\n"
	Stall        bool             // accept, then say nothing
	Flood        string           // after accepting, write this line for ever
	FloodOnEHLO  string           // answer EHLO with this line for ever
	Greeting     string           // "" means a two-line 220 greeting
	NoTLSAfterGo bool             // after the STARTTLS reply, stall
	MaxVersion   uint16           // the highest TLS version served; 0 means Go's default
}

// Server is a local SMTP server on loopback that records the commands it
// receives. It stops when the test ends.
type Server struct {
	// Addr is where it listens (127.0.0.1 and a free port).
	Addr     netip.AddrPort
	ln       net.Listener
	b        Behaviour
	accepted atomic.Int32
	mu       sync.Mutex
	commands []string
	conns    []net.Conn
}

// NewServer starts a server that behaves as b.
func NewServer(t testing.TB, b Behaviour) *Server {
	t.Helper()
	if b.Name == "" {
		b.Name = DefaultName
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{ln: ln, Addr: netip.MustParseAddrPort(ln.Addr().String()), b: b}
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

// Accepted is the number of connections accepted so far.
func (s *Server) Accepted() int { return int(s.accepted.Load()) }

// Seen returns the commands received so far.
func (s *Server) Seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.commands...)
}

func (s *Server) serve(c net.Conn) {
	defer func() { _ = c.Close() }()
	if s.b.Stall {
		_, _ = io.Copy(io.Discard, c) // until the prober hangs up or the test ends
		return
	}
	if s.b.Flood != "" {
		for {
			if _, err := io.WriteString(c, s.b.Flood); err != nil {
				return
			}
		}
	}
	greeting := s.b.Greeting
	if greeting == "" {
		greeting = "220-" + s.b.Name + " ESMTP test server\r\n220 no UCE\r\n"
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
			if s.b.FloodOnEHLO != "" {
				for {
					if _, err := io.WriteString(conn, s.b.FloodOnEHLO); err != nil {
						return
					}
				}
			}
			answer = "250-" + s.b.Name + " greets you\r\n250-PIPELINING\r\n250-SIZE 10240000\r\n"
			if s.b.Cert != nil {
				answer += "250-STARTTLS\r\n"
			}
			answer += "250 8BITMIME\r\n"
		case "STARTTLS":
			if s.b.Cert == nil {
				answer = "502 5.5.1 not offered\r\n"
				break
			}
			start := s.b.StartReply
			if start == "" {
				start = "220 2.0.0 ready\r\n"
			}
			if _, err := io.WriteString(conn, start); err != nil {
				return
			}
			if s.b.NoTLSAfterGo {
				_, _ = io.Copy(io.Discard, c) // never answer the ClientHello
				return
			}
			if !strings.HasPrefix(start, "220 ") {
				continue
			}
			tc := tls.Server(c, &tls.Config{Certificates: []tls.Certificate{*s.b.Cert}, MinVersion: tls.VersionTLS10, MaxVersion: s.b.MaxVersion})
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
