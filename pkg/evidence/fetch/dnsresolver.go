package fetch

import (
	"bytes"
	"context"
	"net"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// DefaultDNSTimeout is how long NewDNSResolver waits for one server's
// answer when given no timeout.
const DefaultDNSTimeout = 2 * time.Second

// DNS response codes on which a query moves on to the next server.
const (
	rcodeServFail = 2
	rcodeRefused  = 5
)

// NewDNSResolver returns the Resolver of the fetcher's host lookups: Go's
// own resolver (PreferGo) sending every query to servers (host:port) in
// turn. A query moves on to the next server when the current one cannot be
// reached, stays silent for timeout (DefaultDNSTimeout when not positive)
// or answers SERVFAIL or REFUSED; the last server's answer stands. Queries
// start at the server that answered last, so that a dead server costs one
// timeout rather than one per query. A lookup error names servers, not
// the system's server the Go resolver meant to ask. With no servers it is
// net.DefaultResolver (the system's).
func NewDNSResolver(servers []string, timeout time.Duration) Resolver {
	if len(servers) == 0 {
		return net.DefaultResolver
	}
	if timeout <= 0 {
		timeout = DefaultDNSTimeout
	}
	f := &failover{servers: slices.Clone(servers), timeout: timeout}
	return dnsResolver{r: &net.Resolver{PreferGo: true, Dial: f.dial}, servers: strings.Join(servers, ",")}
}

// dnsResolver is a net.Resolver whose errors name the servers it asked.
type dnsResolver struct {
	r       *net.Resolver
	servers string
}

func (d dnsResolver) LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error) {
	addrs, err := d.r.LookupIPAddr(ctx, host)
	if de, ok := err.(*net.DNSError); ok {
		named := *de // shared by coalesced lookups: change a copy
		named.Server = d.servers
		return addrs, &named
	}
	return addrs, err
}

// failover is the server list shared by the resolver's connections.
type failover struct {
	servers   []string
	timeout   time.Duration
	preferred atomic.Int64 // index of the server that answered last
}

// dial replaces the system's server address the Go resolver passes: a UDP
// exchange gets a connection that moves through the servers by itself; a
// TCP one (after a truncated answer) connects to the first server that
// accepts.
func (f *failover) dial(ctx context.Context, network, _ string) (net.Conn, error) {
	start := int(f.preferred.Load())
	if strings.HasPrefix(network, "udp") {
		return &udpExchange{f: f, ctx: ctx, network: network, idx: start}, nil
	}
	var err error
	for i := range f.servers {
		d := net.Dialer{Timeout: f.timeout}
		var c net.Conn
		if c, err = d.DialContext(ctx, network, f.servers[(start+i)%len(f.servers)]); err == nil {
			return c, nil
		}
		if ctx.Err() != nil {
			break
		}
	}
	return nil, err
}

// udpExchange is one DNS query over UDP (the Go resolver writes it once and
// reads until a matching answer or the deadline). It sends the query to
// one server at a time, each given at most the failover timeout, and
// moves to the next on a failure. It is a net.PacketConn, so that the
// resolver frames messages as datagrams.
type udpExchange struct {
	f        *failover
	ctx      context.Context
	network  string
	idx      int      // index of the current server
	tried    int      // servers given up on
	conn     net.Conn // to the current server; nil before the first Write
	query    []byte
	deadline time.Time // the resolver's, for the whole exchange; zero = none
	until    time.Time // the current server's: its send time plus the failover timeout
}

var _ net.PacketConn = (*udpExchange)(nil)

func (u *udpExchange) Write(b []byte) (int, error) {
	u.query = bytes.Clone(b)
	if err := u.send(); err != nil {
		return 0, err
	}
	return len(b), nil
}

// send sends the query to the current server, moving on to the next ones
// while that fails.
func (u *udpExchange) send() error {
	for {
		err := u.sendCurrent()
		if err == nil {
			return nil
		}
		if !u.next() {
			return err
		}
	}
}

func (u *udpExchange) sendCurrent() error {
	_ = u.Close() // a previous server's socket
	var d net.Dialer
	c, err := d.DialContext(u.ctx, u.network, u.f.servers[u.idx])
	if err != nil {
		return err
	}
	u.conn, u.until = c, time.Now().Add(u.f.timeout)
	if err := u.applyDeadline(); err != nil {
		return err
	}
	_, err = c.Write(u.query)
	return err
}

// applyDeadline bounds the current server by the earlier of its own and
// the exchange's deadline.
func (u *udpExchange) applyDeadline() error {
	if u.conn == nil {
		return nil
	}
	t := u.until
	if !u.deadline.IsZero() && u.deadline.Before(t) {
		t = u.deadline
	}
	return u.conn.SetDeadline(t)
}

// next gives up on the current server and makes the following one
// current; false when none is left or the exchange's time is up.
func (u *udpExchange) next() bool {
	_ = u.Close()
	u.tried++
	if u.tried >= len(u.f.servers) || u.ctx.Err() != nil || (!u.deadline.IsZero() && !time.Now().Before(u.deadline)) {
		return false
	}
	u.idx = (u.idx + 1) % len(u.f.servers)
	return true
}

func (u *udpExchange) Read(b []byte) (int, error) {
	for {
		if u.conn == nil {
			return 0, net.ErrClosed
		}
		n, err := u.conn.Read(b)
		if err == nil && !u.failed(b[:n]) {
			u.f.preferred.Store(int64(u.idx))
			return n, nil
		}
		if !u.next() {
			if err == nil { // the last server's SERVFAIL or REFUSED stands
				return n, nil
			}
			return 0, err
		}
		if err := u.send(); err != nil {
			return 0, err
		}
	}
}

// failed reports whether msg answers this query with SERVFAIL or REFUSED.
func (u *udpExchange) failed(msg []byte) bool {
	if len(msg) < 4 || len(u.query) < 2 || !bytes.Equal(msg[:2], u.query[:2]) {
		return false
	}
	rcode := msg[3] & 0x0f
	return rcode == rcodeServFail || rcode == rcodeRefused
}

func (u *udpExchange) ReadFrom(b []byte) (int, net.Addr, error) {
	n, err := u.Read(b)
	return n, u.RemoteAddr(), err
}

func (u *udpExchange) WriteTo(b []byte, _ net.Addr) (int, error) { return u.Write(b) }

func (u *udpExchange) Close() error {
	if u.conn == nil {
		return nil
	}
	err := u.conn.Close()
	u.conn = nil
	return err
}

func (u *udpExchange) LocalAddr() net.Addr {
	if u.conn == nil {
		return &net.UDPAddr{}
	}
	return u.conn.LocalAddr()
}

func (u *udpExchange) RemoteAddr() net.Addr {
	if u.conn == nil {
		return &net.UDPAddr{}
	}
	return u.conn.RemoteAddr()
}

// SetDeadline bounds the whole exchange; each server gets at most the
// failover timeout of it.
func (u *udpExchange) SetDeadline(t time.Time) error {
	u.deadline = t
	return u.applyDeadline()
}

func (u *udpExchange) SetReadDeadline(t time.Time) error  { return u.SetDeadline(t) }
func (u *udpExchange) SetWriteDeadline(t time.Time) error { return u.SetDeadline(t) }
