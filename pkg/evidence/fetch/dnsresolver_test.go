package fetch_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/fetch"
)

// dnsServer is an in-process DNS server on 127.0.0.1 (UDP and TCP on the
// same port) that answers every question with rcode, and site.test A with
// 192.0.2.10 when rcode is success; with truncateUDP its UDP answers are
// empty and truncated, so that clients ask again over TCP. It counts the
// questions it gets.
type dnsServer struct {
	addr    string
	queries atomic.Int32
	tcp     atomic.Int32 // of which over TCP
}

func startDNS(t *testing.T, rcode int, truncateUDP bool) *dnsServer {
	t.Helper()
	s := &dnsServer{}
	handler := dns.HandlerFunc(func(w dns.ResponseWriter, req *dns.Msg) {
		s.queries.Add(1)
		m := new(dns.Msg)
		m.SetRcode(req, rcode)
		m.Authoritative = true
		_, udp := w.RemoteAddr().(*net.UDPAddr)
		if !udp {
			s.tcp.Add(1)
		}
		if udp && truncateUDP {
			m.Truncated = true
		} else if q := req.Question[0]; rcode == dns.RcodeSuccess && q.Name == "site.test." && q.Qtype == dns.TypeA {
			m.Answer = append(m.Answer, &dns.A{
				Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 60},
				A:   net.IPv4(192, 0, 2, 10),
			})
		}
		_ = w.WriteMsg(m)
	})
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", pc.LocalAddr().String())
	if err != nil {
		pc.Close()
		t.Skipf("TCP port of the UDP listener is taken: %v", err)
	}
	s.addr = pc.LocalAddr().String()
	for _, srv := range []*dns.Server{{PacketConn: pc, Handler: handler}, {Listener: ln, Handler: handler}} {
		started := make(chan struct{})
		srv.NotifyStartedFunc = func() { close(started) }
		go func() { _ = srv.ActivateAndServe() }()
		<-started
		t.Cleanup(func() { _ = srv.Shutdown() })
	}
	return s
}

// silentServer reads queries, counts them and never answers.
func silentServer(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	queries := new(atomic.Int32)
	go func() {
		b := make([]byte, 512)
		for {
			if _, _, err := pc.ReadFrom(b); err != nil {
				return
			}
			queries.Add(1)
		}
	}()
	return pc.LocalAddr().String(), queries
}

// closedPort is a UDP address nothing listens on (queries are refused).
func closedPort(t *testing.T) string {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := pc.LocalAddr().String()
	pc.Close()
	return addr
}

func TestNewDNSResolver(t *testing.T) {
	tests := []struct {
		name     string
		servers  func(t *testing.T, live string) []string
		truncate bool // the live server answers UDP truncated
		wantErr  bool
	}{
		{name: "one live server", servers: func(_ *testing.T, live string) []string { return []string{live} }},
		{name: "closed first server", servers: func(t *testing.T, live string) []string { return []string{closedPort(t), live} }},
		{name: "silent first server", servers: func(t *testing.T, live string) []string {
			silent, _ := silentServer(t)
			return []string{silent, live}
		}},
		{name: "failing first server", servers: func(t *testing.T, live string) []string {
			return []string{startDNS(t, dns.RcodeServerFailure, false).addr, startDNS(t, dns.RcodeRefused, false).addr, live}
		}},
		{name: "truncated answer asked again over TCP", truncate: true, servers: func(t *testing.T, live string) []string {
			return []string{closedPort(t), live}
		}},
		{name: "no live server", wantErr: true, servers: func(t *testing.T, _ string) []string {
			return []string{closedPort(t), startDNS(t, dns.RcodeServerFailure, false).addr}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			live := startDNS(t, dns.RcodeSuccess, tt.truncate)
			servers := tt.servers(t, live.addr)
			r := fetch.NewDNSResolver(servers, 300*time.Millisecond)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			addrs, err := r.LookupIPAddr(ctx, "site.test")
			if tt.wantErr {
				var de *net.DNSError
				if !errors.As(err, &de) || de.Server != strings.Join(servers, ",") {
					t.Fatalf("resolved %v (err %v) through no live server; want a DNS error naming %v", addrs, err, servers)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(addrs) != 1 || addrs[0].IP.String() != "192.0.2.10" {
				t.Fatalf("addresses %v, want 192.0.2.10", addrs)
			}
			if live.queries.Load() == 0 || (tt.truncate && live.tcp.Load() == 0) {
				t.Fatalf("the live server was asked %d times, %d over TCP", live.queries.Load(), live.tcp.Load())
			}
		})
	}
}

// After a fail-over, queries start at the server that answered: a dead
// first server costs one timeout, not one per query.
func TestNewDNSResolverPrefersTheServerThatAnswered(t *testing.T) {
	silent, silentQueries := silentServer(t)
	live := startDNS(t, dns.RcodeSuccess, false)
	r := fetch.NewDNSResolver([]string{silent, live.addr}, 300*time.Millisecond)
	if _, err := r.LookupIPAddr(context.Background(), "site.test"); err != nil {
		t.Fatal(err)
	}
	before := silentQueries.Load()
	if before == 0 {
		t.Fatal("the first server was never asked")
	}
	start := time.Now()
	if _, err := r.LookupIPAddr(context.Background(), "site.test"); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); silentQueries.Load() != before || took >= 300*time.Millisecond {
		t.Fatalf("second lookup asked the silent server %d more times and took %s", silentQueries.Load()-before, took)
	}
}

func TestNewDNSResolverWithoutServersIsTheSystems(t *testing.T) {
	if r := fetch.NewDNSResolver(nil, time.Second); r != fetch.Resolver(net.DefaultResolver) {
		t.Fatalf("got %T, want net.DefaultResolver", r)
	}
}
