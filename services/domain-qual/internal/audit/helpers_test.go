package audit

import (
	"context"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// zone renders a zone with SOA and NS for origin followed by the lines
// (relative or absolute owner names).
func zone(origin string, lines ...string) string {
	return fmt.Sprintf("$ORIGIN %s.\n$TTL 300\n@ IN SOA ns1.%s. hostmaster.%s. 1 3600 600 86400 60\n@ IN NS ns1.%s.\n%s\n",
		origin, origin, origin, origin, strings.Join(lines, "\n"))
}

// auditNow is the Auditor's clock in the tests.
var auditNow = time.Date(2026, 11, 22, 9, 30, 0, 0, time.FixedZone("CET", 3600))

// DNSSEC setups of the audited zone (dnssecWorld).
const (
	dnssecSigned     = ""            // signed, DS at the parent
	dnssecUnsigned   = "unsigned"    // not signed, no DS at the parent
	dnssecExpired    = "expired"     // signed, DS at the parent, every signature expired
	dnssecDSMismatch = "ds_mismatch" // signed, the parent's DS names another key
)

// dnssecWorld returns the zone text of origin (a child of com.) signed as
// setup says, and the com. zone with the DS record the parent serves. The
// keys are generated here; signatures are valid around auditNow.
func dnssecWorld(t testing.TB, setup, origin, text string) (child, com string) {
	t.Helper()
	valid := dnstest.NewSigner(t, origin, auditNow.Add(-24*time.Hour), auditNow.Add(30*24*time.Hour))
	switch setup {
	case dnssecUnsigned:
		return text, zone("com")
	case dnssecExpired:
		valid.Inception, valid.Expiration = auditNow.Add(-60*24*time.Hour), auditNow.Add(-30*24*time.Hour)
		return valid.Sign(t, text), zone("com", valid.DS(dns.SHA256))
	case dnssecDSMismatch:
		other := dnstest.NewSigner(t, origin, auditNow, auditNow)
		return valid.Sign(t, text), zone("com", other.DS(dns.SHA256))
	}
	return valid.Sign(t, text), zone("com", valid.DS(dns.SHA256))
}

// googleZone serves the Google names the well-configured domain points at.
func googleZone() string {
	return zone("google.com",
		`_spf IN TXT "v=spf1 ip4:64.233.160.0/19 ip4:66.102.0.0/20 ~all"`,
		`aspmx.l IN A 142.250.27.26`,
		`alt1.aspmx.l IN A 142.250.153.26`,
	)
}

// rsaKey returns a base64 SubjectPublicKeyInfo with a modulus of bits.
func rsaKey(t testing.TB, bits int) string {
	t.Helper()
	n := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	n.Add(n, big.NewInt(0x4321))
	der, err := x509.MarshalPKIXPublicKey(&rsa.PublicKey{N: n, E: 65537})
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(der)
}

// dkimTXT splits a long DKIM record into 255-octet TXT strings.
func dkimTXT(record string) string {
	var parts []string
	for len(record) > 200 {
		parts = append(parts, `"`+record[:200]+`"`)
		record = record[200:]
	}
	parts = append(parts, `"`+record+`"`)
	return strings.Join(parts, " ")
}

// policyServer serves MTA-STS policy files by Host header over TLS.
type policyServer struct {
	srv      *httptest.Server
	mu       sync.Mutex
	policies map[string]string
}

func newPolicyServer(t testing.TB) *policyServer {
	p := &policyServer{policies: map[string]string{}}
	p.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		body, ok := p.policies[r.Host]
		p.mu.Unlock()
		if !ok || r.URL.Path != "/.well-known/mta-sts.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, body)
	}))
	p.srv.Config.ErrorLog = nil
	p.srv.StartTLS()
	t.Cleanup(p.srv.Close)
	return p
}

func (p *policyServer) set(host, body string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.policies[host] = body
}

// Fetch implements mailpolicy.PolicyFetcher: every connection goes to the
// test server and its certificate (valid for *.example.com) is verified as
// mta-sts.example.com whatever the URL host.
func (p *policyServer) Fetch(ctx context.Context, url string) ([]byte, int, error) {
	tr := p.srv.Client().Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, p.srv.Listener.Addr().String())
	}
	tr.TLSClientConfig.ServerName = "mta-sts.example.com"
	tr.TLSClientConfig.MinVersion = tls.VersionTLS12
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, err
	}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	return body, resp.StatusCode, err
}

// newAuditor starts a DNS server for cfg and returns an Auditor using it
// through the real resolver.
func newAuditor(t testing.TB, cfg dnstest.Config, fetcher *policyServer) (*Auditor, *dnstest.Server) {
	t.Helper()
	return newAuditorWith(t, cfg, Config{Fetcher: fetcher})
}

// newAuditorWith is newAuditor with more of the Auditor's Config (its
// Resolver and Now are set here).
func newAuditorWith(t testing.TB, cfg dnstest.Config, ac Config) (*Auditor, *dnstest.Server) {
	t.Helper()
	srv := dnstest.Start(t, cfg)
	r, err := resolver.New(resolver.Config{Servers: []string{srv.Addr()}, Timeout: 300 * time.Millisecond, Attempts: 1, CacheSize: -1})
	if err != nil {
		t.Fatal(err)
	}
	ac.Resolver, ac.Now = r, func() time.Time { return auditNow }
	a, err := New(ac)
	if err != nil {
		t.Fatal(err)
	}
	return a, srv
}

func mustName(t testing.TB, s string) domainname.Name {
	t.Helper()
	n, err := domainname.Parse(s)
	if err != nil {
		t.Fatalf("domainname.Parse(%q): %v", s, err)
	}
	return n
}
