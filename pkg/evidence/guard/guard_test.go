package guard_test

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/guard"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		addr string
		ok   bool
	}{
		{"public v4", "93.184.215.14", true},
		{"public v4 edge of 100.64/10", "100.128.0.1", true},
		{"public v4 before 172.16/12", "172.15.255.255", true},
		{"public v4 after 172.16/12", "172.32.0.1", true},
		{"public v6", "2606:4700::6810:84e5", true},
		{"this network", "0.0.0.0", false},
		{"this network other", "0.1.2.3", false},
		{"private 10/8", "10.1.2.3", false},
		{"cgnat", "100.64.0.1", false},
		{"alibaba metadata", "100.100.100.200", false},
		{"loopback", "127.0.0.1", false},
		{"loopback other", "127.255.1.2", false},
		{"link-local metadata", "169.254.169.254", false},
		{"private 172.16/12", "172.16.0.1", false},
		{"private 172.31", "172.31.255.254", false},
		{"ietf 192.0.0/24", "192.0.0.8", false},
		{"oracle metadata", "192.0.0.192", false},
		{"test-net-1", "192.0.2.1", false},
		{"6to4 relay", "192.88.99.1", false},
		{"private 192.168/16", "192.168.1.1", false},
		{"benchmarking", "198.19.0.1", false},
		{"test-net-2", "198.51.100.7", false},
		{"test-net-3", "203.0.113.9", false},
		{"multicast", "224.0.0.251", false},
		{"reserved", "240.0.0.1", false},
		{"broadcast", "255.255.255.255", false},
		{"v6 unspecified", "::", false},
		{"v6 loopback", "::1", false},
		{"v4-mapped loopback", "::ffff:127.0.0.1", false},
		{"v4-mapped public is still refused", "::ffff:93.184.215.14", false},
		{"v4-mapped metadata", "::ffff:169.254.169.254", false},
		{"rfc6052 translated", "::ffff:0:7f00:1", false},
		{"nat64 well-known", "64:ff9b::7f00:1", false},
		{"nat64 metadata", "64:ff9b::a9fe:a9fe", false},
		{"nat64 local-use", "64:ff9b:1::a9fe:a9fe", false},
		{"6to4 loopback", "2002:7f00:1::", false},
		{"teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2", false},
		{"ietf 2001::/23", "2001:1::1", false},
		{"documentation v6", "2001:db8::1", false},
		{"unique local", "fc00::1", false},
		{"unique local fd", "fd00::2", false},
		{"link-local v6", "fe80::1", false},
		{"link-local v6 with zone", "fe80::1%eth0", false},
		{"multicast v6", "ff02::1", false},
		{"v4-compatible deprecated", "::7f00:1", false},
		{"discard-only", "100::1", false},
		{"outside 2000::/3", "4000::1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reason, ok := guard.Classify(netip.MustParseAddr(tt.addr))
			if ok != tt.ok {
				t.Fatalf("Classify(%s) ok = %v (reason %q), want %v", tt.addr, ok, reason, tt.ok)
			}
			if !ok && reason == "" {
				t.Fatalf("Classify(%s) refused without a reason", tt.addr)
			}
		})
	}
}

func TestClassifyInvalid(t *testing.T) {
	t.Parallel()
	if _, ok := guard.Classify(netip.Addr{}); ok {
		t.Fatal("zero Addr must be refused")
	}
}

func TestPolicyCheck(t *testing.T) {
	t.Parallel()
	allow, err := guard.ParseAllowList([]string{"127.0.0.1:8080", "[::1]:9090", "10.9.0.0/16"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		allow   guard.AllowList
		network string
		address string
		want    error // nil = allowed
	}{
		{"public http", guard.AllowList{}, "tcp4", "93.184.215.14:80", nil},
		{"public https v6", guard.AllowList{}, "tcp6", "[2606:4700::6810:84e5]:443", nil},
		{"public odd port", guard.AllowList{}, "tcp4", "93.184.215.14:8080", guard.ErrBlockedPort},
		{"public ssh", guard.AllowList{}, "tcp4", "93.184.215.14:22", guard.ErrBlockedPort},
		{"udp refused", guard.AllowList{}, "udp4", "93.184.215.14:443", guard.ErrBlockedNetwork},
		{"plain tcp refused", guard.AllowList{}, "tcp", "93.184.215.14:443", guard.ErrBlockedNetwork},
		{"unix refused", guard.AllowList{}, "unix", "/var/run/docker.sock", guard.ErrBlockedNetwork},
		{"loopback", guard.AllowList{}, "tcp4", "127.0.0.1:80", guard.ErrBlockedAddress},
		{"loopback v6", guard.AllowList{}, "tcp6", "[::1]:443", guard.ErrBlockedAddress},
		{"mapped loopback", guard.AllowList{}, "tcp6", "[::ffff:127.0.0.1]:80", guard.ErrBlockedAddress},
		{"metadata", guard.AllowList{}, "tcp4", "169.254.169.254:80", guard.ErrBlockedAddress},
		{"unparsable", guard.AllowList{}, "tcp4", "not-an-address", guard.ErrBlockedAddress},
		{"host name not address", guard.AllowList{}, "tcp4", "localhost:80", guard.ErrBlockedAddress},
		{"empty", guard.AllowList{}, "tcp4", "", guard.ErrBlockedAddress},
		{"missing port", guard.AllowList{}, "tcp4", "93.184.215.14", guard.ErrBlockedAddress},
		{"allowed endpoint", allow, "tcp4", "127.0.0.1:8080", nil},
		{"allowed endpoint via mapped form", allow, "tcp6", "[::ffff:127.0.0.1]:8080", nil},
		{"allowed endpoint v6", allow, "tcp6", "[::1]:9090", nil},
		{"allow-listed host other port", allow, "tcp4", "127.0.0.1:8081", guard.ErrBlockedAddress},
		{"allow-listed prefix default port", allow, "tcp4", "10.9.1.1:443", nil},
		{"allow-listed prefix odd port", allow, "tcp4", "10.9.1.1:8443", guard.ErrBlockedAddress},
		{"outside allow-listed prefix", allow, "tcp4", "10.8.1.1:443", guard.ErrBlockedAddress},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := guard.NewPolicy(tt.allow).Check(tt.network, tt.address)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Check(%s, %s) = %v, want allowed", tt.network, tt.address, err)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("Check(%s, %s) = %v, want %v", tt.network, tt.address, err, tt.want)
			}
			var de *guard.DeniedError
			if !errors.As(err, &de) || de.Reason == "" {
				t.Fatalf("Check error %v is not a *DeniedError with a reason", err)
			}
		})
	}
}

func TestParseAllowList(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		entries       []string
		wantErr       bool
		wantPrefixes  int
		wantEndpoints int
	}{
		{"empty", nil, false, 0, 0},
		{"blank entries skipped", []string{"", "  "}, false, 0, 0},
		{"cidr", []string{"127.0.0.0/8"}, false, 1, 0},
		{"bare ip", []string{"127.0.0.1"}, false, 1, 0},
		{"endpoints", []string{"127.0.0.1:8080", "[::1]:443"}, false, 0, 2},
		{"host name refused", []string{"localhost:8080"}, true, 0, 0},
		{"bad cidr", []string{"10.0.0.0/40"}, true, 0, 0},
		{"port zero", []string{"127.0.0.1:0"}, true, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			al, err := guard.ParseAllowList(tt.entries)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if len(al.Prefixes) != tt.wantPrefixes || len(al.Endpoints) != tt.wantEndpoints {
				t.Fatalf("got %d prefixes, %d endpoints; want %d, %d",
					len(al.Prefixes), len(al.Endpoints), tt.wantPrefixes, tt.wantEndpoints)
			}
			if al.Empty() != (tt.wantPrefixes+tt.wantEndpoints == 0) {
				t.Fatalf("Empty() = %v", al.Empty())
			}
		})
	}
}

// TestPolicyPorts: a policy for another protocol reaches public addresses
// on its ports only, refuses non-public ones as NewPolicy does, and keeps
// the allow-list's meaning.
func TestPolicyPorts(t *testing.T) {
	t.Parallel()
	allow, err := guard.ParseAllowList([]string{"127.0.0.1:2525", "10.9.0.0/16"})
	if err != nil {
		t.Fatal(err)
	}
	p := guard.NewPolicyPorts(allow, 25)
	tests := []struct {
		address string
		want    error // nil = allowed
	}{
		{"93.184.215.14:25", nil},
		{"[2606:4700::6810:84e5]:25", nil},
		{"93.184.215.14:443", guard.ErrBlockedPort},
		{"93.184.215.14:587", guard.ErrBlockedPort},
		{"127.0.0.1:25", guard.ErrBlockedAddress},
		{"10.1.2.3:25", guard.ErrBlockedAddress},
		{"169.254.169.254:25", guard.ErrBlockedAddress},
		{"127.0.0.1:2525", nil},
		{"10.9.1.1:443", nil},
		{"10.9.1.1:25", guard.ErrBlockedAddress},
	}
	for _, tt := range tests {
		err := p.Check("tcp4", tt.address)
		if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("Check(%s) = %v, want %v", tt.address, err, tt.want)
		}
	}
	if err := p.Check("tcp4", "93.184.215.14:80"); err == nil || !strings.Contains(err.Error(), "port 80 is not 25") {
		t.Errorf("refusal names the policy's ports: %v", err)
	}
	if err := guard.NewPolicy(guard.AllowList{}).Check("tcp4", "93.184.215.14:25"); !errors.Is(err, guard.ErrBlockedPort) {
		t.Errorf("the web policy reaches port 25: %v", err)
	}
}

// TestControlRefusesBeforeConnect dials a real listener through a
// net.Dialer whose Control is the policy: the listener must accept nothing.
func TestControlRefusesBeforeConnect(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			_ = c.Close()
		}
	}()

	d := net.Dialer{Timeout: 2 * time.Second, Control: guard.NewPolicy(guard.AllowList{}).Control}
	_, err = d.DialContext(context.Background(), "tcp", ln.Addr().String())
	if !errors.Is(err, guard.ErrBlockedAddress) {
		t.Fatalf("dial error = %v, want ErrBlockedAddress", err)
	}

	// The same dialer with the endpoint allow-listed connects: the listener
	// and the recorder work, so the zero count above is meaningful.
	ap := netip.MustParseAddrPort(ln.Addr().String())
	allowed := net.Dialer{Timeout: 2 * time.Second, Control: guard.NewPolicy(guard.AllowList{Endpoints: []netip.AddrPort{ap}}).Control}
	c, err := allowed.DialContext(context.Background(), "tcp", ln.Addr().String())
	if err != nil {
		t.Fatalf("allow-listed dial: %v", err)
	}
	_ = c.Close()
	deadline := time.Now().Add(5 * time.Second)
	for accepted.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got := accepted.Load(); got != 1 {
		t.Fatalf("listener accepted %d connections, want exactly 1 (the allow-listed dial)", got)
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{"127.0.0.1:80", "[::1]:443", "[fe80::1%eth0]:80", "", ":", "[", "1.2.3.4:99999", "[::ffff:1.2.3.4]:80"} {
		f.Add("tcp4", s)
	}
	p := guard.NewPolicy(guard.AllowList{})
	f.Fuzz(func(t *testing.T, network, address string) {
		err := p.Check(network, address)
		if err == nil {
			ap := netip.MustParseAddrPort(address)
			if _, ok := guard.Classify(ap.Addr()); !ok || !guard.IsDefaultPort(ap.Port()) {
				t.Fatalf("Check allowed %s %s", network, address)
			}
		}
	})
}
