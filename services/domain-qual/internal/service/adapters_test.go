package service

import (
	"context"
	"crypto/x509"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/guard"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// policyServer is a loopback HTTPS fixture the fetcher may reach.
func policyServer(t *testing.T, h http.HandlerFunc) (*fetch.Fetcher, string) {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	ap := netip.MustParseAddrPort(srv.Listener.Addr().String())
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	f := fetch.New(fetch.Config{AllowList: guard.AllowList{Endpoints: []netip.AddrPort{ap}}, RootCAs: pool})
	t.Cleanup(f.Close)
	return f, srv.URL
}

func TestPolicyFetcher(t *testing.T) {
	const policy = "version: STSv1\r\nmode: enforce\r\nmx: mx1.tailwind-traders.com\r\nmax_age: 604800\r\n"
	tests := []struct {
		name       string
		handler    http.HandlerFunc
		wantStatus int
		wantBody   string
		wantErr    bool
	}{
		{name: "policy served", wantStatus: 200, wantBody: policy, handler: func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = w.Write([]byte(policy))
		}},
		{name: "404 is an answer: not served", wantStatus: 404, handler: func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }},
		{name: "500 is an answer too", wantStatus: 500, handler: func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(500) }},
		{name: "redirect is refused", wantErr: true, handler: func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
		}},
		{name: "wrong media type", wantErr: true, handler: func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html></html>"))
		}},
		{name: "over 64 KiB", wantErr: true, handler: func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write([]byte(strings.Repeat("x", MaxPolicyBytes+1)))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, base := policyServer(t, tt.handler)
			body, status, err := policyFetcher{f: f}.Fetch(context.Background(), base+"/.well-known/mta-sts.txt")
			if tt.wantErr {
				if err == nil {
					t.Fatalf("no error (status %d)", status)
				}
				return
			}
			if err != nil || status != tt.wantStatus || string(body) != tt.wantBody {
				t.Fatalf("got (%q, %d, %v), want (%q, %d, nil)", body, status, err, tt.wantBody, tt.wantStatus)
			}
		})
	}
}

func TestPolicyFetcherRefusesLoopbackWithoutAllowList(t *testing.T) {
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	defer srv.Close()
	f := fetch.New(fetch.Config{})
	defer f.Close()
	_, _, err := policyFetcher{f: f}.Fetch(context.Background(), srv.URL+"/.well-known/mta-sts.txt")
	if fetch.CodeOf(err) != fetch.CodeBlockedAddress && fetch.CodeOf(err) != fetch.CodeBlockedPort {
		t.Fatalf("err = %v (%s), want a blocked address or port", err, fetch.CodeOf(err))
	}
}

func TestAddrResolver(t *testing.T) {
	srv := dnstest.Start(t, dnstest.Config{
		Zones: []string{`$ORIGIN tailwind-traders.com.
@          3600 IN SOA ns1 hostmaster 1 3600 600 86400 300
mta-sts    300 IN A    81.2.69.190
mta-sts    300 IN AAAA 2001:4860:4860::8888
v4only     300 IN A    81.2.69.191
broken     300 IN A    81.2.69.192
nothing    300 IN TXT  "no addresses here"
`},
		Faults: []dnstest.Fault{{Name: "broken.tailwind-traders.com", Type: dns.TypeAAAA, Kind: dnstest.FaultServFail},
			{Name: "down.tailwind-traders.com", Kind: dnstest.FaultServFail}},
	})
	r, err := resolver.New(resolver.Config{Servers: []string{srv.Addr()}, Attempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	ar := addrResolver{r: r}
	tests := []struct {
		host    string
		want    []string
		wantErr string
	}{
		{host: "MTA-STS.tailwind-traders.com", want: []string{"81.2.69.190", "2001:4860:4860::8888"}},
		{host: "v4only.tailwind-traders.com.", want: []string{"81.2.69.191"}},
		{host: "broken.tailwind-traders.com", want: []string{"81.2.69.192"}},
		{host: "nothing.tailwind-traders.com", wantErr: "no A or AAAA records"},
		{host: "absent.tailwind-traders.com", wantErr: "no A or AAAA records"},
		{host: "down.tailwind-traders.com", wantErr: "SERVFAIL"},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			addrs, err := ar.LookupIPAddr(context.Background(), tt.host)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to mention %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range addrs {
				got = append(got, a.IP.String())
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Fatalf("addresses %v, want %v", got, tt.want)
			}
		})
	}
}
