package profile_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/fetch/fetchtest"
	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/services/domain-qual/internal/audit"
	"github.com/intel402/intel402/services/domain-qual/internal/profile"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

var fixedNow = time.Date(2026, 11, 22, 9, 30, 15, 0, time.UTC)

// certNotAfter is the fixture certificate's expiry, far from fixedNow.
var certNotAfter = fixedNow.AddDate(1, 0, 0)

// fixtureHosts are the names the fixture certificate is valid for.
var fixtureHosts = []string{
	"northwind-traders.com", "www.northwind-traders.com",
	"contoso-pharma.com", "www.contoso-pharma.com",
	"old-brand.net", "www.old-brand.net",
	"wingtip-labs.io", "www.wingtip-labs.io",
	"fabrikam-logistics.com",
}

// noTLSHosts fail the TLS handshake: the site has no HTTPS.
var noTLSHosts = map[string]bool{"fabrikam-logistics.com": true, "www.fabrikam-logistics.com": true}

// site is one fixture website: a handler per scheme (nil: 404 page).
type site struct {
	https, http http.HandlerFunc
}

// sites are served on loopback by Host header.
type sites struct {
	tlsSrv, plainSrv *httptest.Server
	byHost           map[string]site
	roots            *x509.CertPool
}

func (s *sites) httpsPort() uint16 { return port(s.tlsSrv) }
func (s *sites) httpPort() uint16  { return port(s.plainSrv) }

func port(srv *httptest.Server) uint16 {
	ap := netip.MustParseAddrPort(srv.Listener.Addr().String())
	return ap.Port()
}

// url builds the fixture URL of host with the right port.
func (s *sites) url(scheme, host, path string) string {
	p := s.httpsPort()
	if scheme == "http" {
		p = s.httpPort()
	}
	return scheme + "://" + net.JoinHostPort(host, strconv.Itoa(int(p))) + path
}

func page(t testing.TB, file string, headers map[string]string) http.HandlerFunc {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		for k, v := range headers {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(body)
	}
}

func redirect(to func() string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, to(), http.StatusMovedPermanently)
	}
}

// startSites starts the HTTPS and HTTP fixture servers on 127.0.0.1 with a
// certificate from a test CA valid for fixtureHosts.
func startSites(t testing.TB) *sites {
	t.Helper()
	s := &sites{byHost: map[string]site{}}
	cert, roots := fixtureCert(t)
	s.roots = roots
	handler := func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.Host)
		if err != nil {
			host = r.Host
		}
		st := s.byHost[host]
		h := st.http
		if r.TLS != nil {
			h = st.https
		}
		if h == nil {
			http.NotFound(w, r)
			return
		}
		h(w, r)
	}
	s.tlsSrv = httptest.NewUnstartedServer(http.HandlerFunc(handler))
	s.tlsSrv.TLS = &tls.Config{GetCertificate: func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
		if noTLSHosts[hello.ServerName] {
			return nil, fmt.Errorf("no certificate for %s", hello.ServerName)
		}
		return &cert, nil
	}}
	s.tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // the fabrikam handshake failures are expected
	s.tlsSrv.StartTLS()
	t.Cleanup(s.tlsSrv.Close)
	s.plainSrv = httptest.NewServer(http.HandlerFunc(handler))
	t.Cleanup(s.plainSrv.Close)
	return s
}

func fixtureCert(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	cert, pool, err := fetchtest.Cert(fixtureHosts, fixedNow.Add(-24*time.Hour), certNotAfter)
	if err != nil {
		t.Fatal(err)
	}
	return cert, pool
}

// hostMap is the fetcher's injected resolver: names map to addresses,
// unknown names fail like NXDOMAIN.
func hostMap(m map[string]string) fetch.Resolver {
	return fetch.ResolverFunc(func(_ context.Context, host string) ([]net.IPAddr, error) {
		ip, ok := m[host]
		if !ok {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return []net.IPAddr{{IP: net.ParseIP(ip)}}, nil
	})
}

// noPolicy answers every MTA-STS policy fetch with 404 (no fixture
// publishes an _mta-sts record, so it is never called).
type noPolicy struct{}

func (noPolicy) Fetch(context.Context, string) ([]byte, int, error) {
	return nil, http.StatusNotFound, nil
}

// dnsEnv starts the DNS server with the testdata zones and returns the
// real resolver and auditor over it.
func dnsEnv(t testing.TB) (*resolver.Resolver, *audit.Auditor) {
	t.Helper()
	files, err := filepath.Glob("testdata/*.zone")
	if err != nil || len(files) == 0 {
		t.Fatalf("no zone files: %v", err)
	}
	srv := dnstest.Start(t, dnstest.Config{ZoneFiles: files})
	r, err := resolver.New(resolver.Config{Servers: []string{srv.Addr()}, Attempts: 1, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	a, err := audit.New(audit.Config{Resolver: r, Fetcher: noPolicy{}, Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	return r, a
}

// loopbackProfiler builds a Profiler whose fetcher reaches the fixture
// servers through the allow-list and maps the given names to 127.0.0.1.
func loopbackProfiler(t testing.TB, s *sites, names ...string) *profile.Profiler {
	t.Helper()
	r, a := dnsEnv(t)
	return loopbackProfilerWith(t, s, r, a, names...)
}

// loopbackProfilerWith is loopbackProfiler over the given resolver and auditor.
func loopbackProfilerWith(t testing.TB, s *sites, r *resolver.Resolver, a *audit.Auditor, names ...string) *profile.Profiler {
	t.Helper()
	allow, err := guard.ParseAllowList([]string{s.tlsSrv.Listener.Addr().String(), s.plainSrv.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, n := range names {
		m[n] = "127.0.0.1"
	}
	f := fetch.New(fetch.Config{AllowList: allow, Resolver: hostMap(m), RootCAs: s.roots, Timeout: 5 * time.Second,
		Now: func() time.Time { return fixedNow }})
	t.Cleanup(f.Close)
	p, err := profile.New(profile.Config{Auditor: a, Fetcher: f, Resolver: r, HTTPSPort: s.httpsPort(), HTTPPort: s.httpPort(),
		Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustName(t testing.TB, s string) domainname.Name {
	t.Helper()
	n, err := domainname.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
