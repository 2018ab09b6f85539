package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/guard"
)

// recorder is a real TCP listener that records every connection it accepts.
// SSRF attempts must never reach one.
type recorder struct {
	ln     net.Listener
	events chan string // remote address of each accepted connection, in accept order
}

func listenRecorder(t *testing.T, network, addr string) *recorder {
	t.Helper()
	ln, err := net.Listen(network, addr)
	if err != nil {
		t.Logf("recorder %s %s unavailable: %v", network, addr, err)
		return nil
	}
	r := &recorder{ln: ln, events: make(chan string, 1024)}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			r.events <- c.RemoteAddr().String()
			_ = c.Close()
		}
	}()
	t.Cleanup(func() { _ = ln.Close() })
	return r
}

// assertUntouched proves that no connection reached the recorder since the
// last check: it connects a sentinel and requires the sentinel to be the
// first connection accepted (accept order is FIFO, so any earlier intrusion
// would be seen first). The timer only guards against a hang.
func (r *recorder) assertUntouched(t *testing.T) {
	t.Helper()
	c, err := net.Dial(r.ln.Addr().Network(), r.ln.Addr().String())
	if err != nil {
		t.Fatalf("sentinel dial %s: %v", r.ln.Addr(), err)
	}
	defer func() { _ = c.Close() }()
	sentinel := c.LocalAddr().String()
	timer := time.NewTimer(10 * time.Second)
	defer timer.Stop()
	for {
		select {
		case got := <-r.events:
			if got == sentinel {
				return
			}
			t.Errorf("recorder %s accepted a connection from %s: the SSRF attempt reached a listener", r.ln.Addr(), got)
		case <-timer.C:
			t.Fatalf("sentinel connection to %s was never accepted", r.ln.Addr())
		}
	}
}

// sequenceResolver answers each host with the next answer of its list (the
// last answer repeats) and counts lookups. Unknown hosts fail like NXDOMAIN.
type sequenceResolver struct {
	mu      sync.Mutex
	answers map[string][]string
	calls   map[string]int
}

func newSequenceResolver(answers map[string][]string) *sequenceResolver {
	return &sequenceResolver{answers: answers, calls: map[string]int{}}
}

func (r *sequenceResolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seq, ok := r.answers[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	i := r.calls[host]
	r.calls[host]++
	if i >= len(seq) {
		i = len(seq) - 1
	}
	var out []net.IPAddr
	for _, s := range strings.Split(seq[i], ",") {
		out = append(out, net.IPAddr{IP: net.ParseIP(s)})
	}
	return out, nil
}

func (r *sequenceResolver) lookups(host string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[host]
}

// ssrfEnv is what rows can refer to.
type ssrfEnv struct {
	fixture  string // base URL of the allow-listable fixture, http://127.0.0.1:P
	fixHost  string // 127.0.0.1:P
	recHost  string // 127.0.0.1:R, a recorder on a random port
	rec6Host string // [::1]:R6, or "" when IPv6 loopback is unavailable
}

func TestSSRFAttemptsNeverReachAListener(t *testing.T) {
	// Recorders on the ports an attacker would aim at. Binding 80/443 needs
	// privileges; without them those rows still run but prove less.
	var recs []*recorder
	for _, a := range [][2]string{
		{"tcp4", "127.0.0.1:80"}, {"tcp4", "127.0.0.1:443"}, {"tcp4", "127.0.0.1:0"},
		{"tcp6", "[::1]:80"}, {"tcp6", "[::1]:0"},
	} {
		if r := listenRecorder(t, a[0], a[1]); r != nil {
			recs = append(recs, r)
		}
	}
	rand4 := listenRecorder(t, "tcp4", "127.0.0.1:0")
	if rand4 == nil {
		t.Fatal("cannot listen on 127.0.0.1")
	}
	recs = append(recs, rand4)
	env := ssrfEnv{recHost: rand4.ln.Addr().String()}
	if r6 := listenRecorder(t, "tcp6", "[::1]:0"); r6 != nil {
		recs = append(recs, r6)
		env.rec6Host = r6.ln.Addr().String()
	}

	// The fixture is a legitimate allow-listed site that redirects wherever
	// the test asks: /redir?to=U answers 302 U; /chain/N?end=U redirects to
	// /chain/N+1 until N=5, then to U (so /chain/0 makes six redirects).
	fixture := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/redir":
			http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/chain/"):
			n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/chain/"))
			end := r.URL.Query().Get("end")
			if n >= 5 {
				http.Redirect(w, r, end, http.StatusFound)
				return
			}
			http.Redirect(w, r, fmt.Sprintf("/chain/%d?end=%s", n+1, url.QueryEscape(end)), http.StatusFound)
		default:
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<title>fixture</title>"))
		}
	}))
	t.Cleanup(fixture.Close)
	env.fixture = fixture.URL
	env.fixHost = strings.TrimPrefix(fixture.URL, "http://")

	redirTo := func(target string) func(ssrfEnv) string {
		return func(e ssrfEnv) string { return e.fixture + "/redir?to=" + url.QueryEscape(target) }
	}
	lit := func(s string) func(ssrfEnv) string { return func(ssrfEnv) string { return s } }

	tests := []struct {
		name     string
		url      func(ssrfEnv) string
		allow    func(ssrfEnv) []string      // allow-list entries; nil = empty
		dns      map[string][]string         // injected resolver answers
		want     fetch.Code                  //
		wantDial func(*sequenceResolver) int // optional: lookups expected for "rebind.test"
	}{
		{name: "loopback literal on the recorder port", url: func(e ssrfEnv) string { return "http://" + e.recHost + "/" }, want: fetch.CodeBlockedAddress},
		{name: "loopback literal default port", url: lit("http://127.0.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "loopback literal https", url: lit("https://127.0.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "localhost", url: lit("http://localhost/"), dns: map[string][]string{"localhost": {"127.0.0.1"}}, want: fetch.CodeBlockedAddress},
		{name: "localhost upper case trailing dot", url: lit("http://LOCALHOST./"), want: fetch.CodeBlockedAddress},
		{name: "sub.localhost", url: lit("http://app.localhost/"), want: fetch.CodeBlockedAddress},
		{name: "decimal ipv4", url: lit("http://2130706433/"), want: fetch.CodeBlockedAddress},
		{name: "octal ipv4", url: lit("http://0177.0.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "hex ipv4", url: lit("http://0x7f000001/"), want: fetch.CodeBlockedAddress},
		{name: "dotted hex ipv4", url: lit("http://0x7f.0.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "short form 127.1", url: lit("http://127.1/"), want: fetch.CodeBlockedAddress},
		{name: "short form 127.0.1", url: lit("http://127.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "ipv6 loopback", url: lit("http://[::1]/"), want: fetch.CodeBlockedAddress},
		{name: "ipv6 loopback recorder port", url: func(e ssrfEnv) string {
			if e.rec6Host == "" {
				return "http://[::1]:1/"
			}
			return "http://" + e.rec6Host + "/"
		}, want: fetch.CodeBlockedAddress},
		{name: "ipv4-mapped dotted", url: lit("http://[::ffff:127.0.0.1]/"), want: fetch.CodeBlockedAddress},
		{name: "ipv4-mapped hex", url: lit("http://[::ffff:7f00:1]/"), want: fetch.CodeBlockedAddress},
		{name: "ipv4-mapped metadata", url: lit("http://[::ffff:169.254.169.254]/"), want: fetch.CodeBlockedAddress},
		{name: "rfc6052 translated", url: lit("http://[::ffff:0:7f00:1]/"), want: fetch.CodeBlockedAddress},
		{name: "nat64 loopback", url: lit("http://[64:ff9b::7f00:1]/"), want: fetch.CodeBlockedAddress},
		{name: "nat64 local-use metadata", url: lit("http://[64:ff9b:1::a9fe:a9fe]/"), want: fetch.CodeBlockedAddress},
		{name: "6to4 loopback", url: lit("http://[2002:7f00:1::]/"), want: fetch.CodeBlockedAddress},
		{name: "teredo", url: lit("http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/"), want: fetch.CodeBlockedAddress},
		{name: "unspecified ipv4", url: lit("http://0.0.0.0/"), want: fetch.CodeBlockedAddress},
		{name: "unspecified ipv6", url: lit("http://[::]/"), want: fetch.CodeBlockedAddress},
		{name: "cloud metadata", url: lit("http://169.254.169.254/latest/meta-data/"), want: fetch.CodeBlockedAddress},
		{name: "alibaba metadata cgnat", url: lit("http://100.100.100.200/"), want: fetch.CodeBlockedAddress},
		{name: "oracle metadata", url: lit("http://192.0.0.192/"), want: fetch.CodeBlockedAddress},
		{name: "private 10/8", url: lit("http://10.0.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "private 172.16/12", url: lit("http://172.16.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "private 192.168/16", url: lit("http://192.168.1.1/"), want: fetch.CodeBlockedAddress},
		{name: "benchmarking 198.18/15", url: lit("http://198.18.0.1/"), want: fetch.CodeBlockedAddress},
		{name: "unique local v6", url: lit("http://[fc00::1]/"), want: fetch.CodeBlockedAddress},
		{name: "link-local v6", url: lit("http://[fe80::1]/"), want: fetch.CodeBlockedAddress},
		{name: "link-local v6 with zone", url: lit("http://[fe80::1%25lo]/"), want: fetch.CodeBlockedAddress},
		{name: "name resolving to private", url: lit("http://intranet.test/"), dns: map[string][]string{"intranet.test": {"10.0.0.5"}}, want: fetch.CodeBlockedAddress},
		{name: "name resolving to ::1", url: lit("http://six.test/"), dns: map[string][]string{"six.test": {"::1"}}, want: fetch.CodeBlockedAddress},
		{name: "name with one private among public answers", url: lit("http://mixed.test/"),
			dns: map[string][]string{"mixed.test": {"93.184.215.14,127.0.0.1"}}, want: fetch.CodeBlockedAddress},
		{name: "credentials in url to allow-listed endpoint", url: func(e ssrfEnv) string { return "http://user:pass@" + e.recHost + "/" },
			allow: func(e ssrfEnv) []string { return []string{e.recHost} }, want: fetch.CodeCredentialsInURL},
		{name: "username only", url: func(e ssrfEnv) string { return "http://admin@" + e.recHost + "/" },
			allow: func(e ssrfEnv) []string { return []string{e.recHost} }, want: fetch.CodeCredentialsInURL},
		{name: "file scheme", url: lit("file:///etc/passwd"), want: fetch.CodeBlockedScheme},
		{name: "gopher scheme", url: func(e ssrfEnv) string { return "gopher://" + e.recHost + "/_GET%20/" }, want: fetch.CodeBlockedScheme},
		{name: "ftp scheme", url: lit("ftp://127.0.0.1/"), want: fetch.CodeBlockedScheme},
		{name: "non-default port on public name", url: lit("http://public.test:8080/"), dns: map[string][]string{"public.test": {"93.184.215.14"}}, want: fetch.CodeBlockedPort},
		{name: "non-default port on name resolving to recorder", url: func(e ssrfEnv) string {
			_, p, _ := net.SplitHostPort(e.recHost)
			return "http://public.test:" + p + "/"
		}, dns: map[string][]string{"public.test": {"127.0.0.1"}}, want: fetch.CodeBlockedPort},
		{name: "redirect from allow-listed fixture to recorder", url: func(e ssrfEnv) string { return redirTo("http://" + e.recHost + "/")(e) },
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} }, want: fetch.CodeBlockedAddress},
		{name: "redirect to loopback default port", url: redirTo("http://127.0.0.1/"),
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} }, want: fetch.CodeBlockedAddress},
		{name: "redirect to localhost", url: redirTo("http://localhost/"),
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} }, want: fetch.CodeBlockedAddress},
		{name: "redirect to mapped loopback", url: redirTo("http://[::ffff:127.0.0.1]/"),
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} }, want: fetch.CodeBlockedAddress},
		{name: "redirect to metadata", url: redirTo("http://169.254.169.254/latest/meta-data/"),
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} }, want: fetch.CodeBlockedAddress},
		{name: "redirect to file scheme", url: redirTo("file:///etc/passwd"),
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} }, want: fetch.CodeBlockedScheme},
		{name: "redirect adding credentials", url: func(e ssrfEnv) string { return redirTo("http://u:p@" + e.fixHost + "/")(e) },
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} }, want: fetch.CodeCredentialsInURL},
		{name: "redirect to name rebinding to loopback", url: redirTo("http://rebind.test/"),
			allow: func(e ssrfEnv) []string { return []string{e.fixHost} },
			dns:   map[string][]string{"rebind.test": {"93.184.215.14", "127.0.0.1"}}, want: fetch.CodeBlockedAddress,
			wantDial: func(r *sequenceResolver) int { return r.lookups("rebind.test") }},
		{name: "redirect chain of six ending at an allow-listed recorder", url: func(e ssrfEnv) string {
			return e.fixture + "/chain/0?end=" + url.QueryEscape("http://"+e.recHost+"/")
		}, allow: func(e ssrfEnv) []string { return []string{e.fixHost, e.recHost} }, want: fetch.CodeTooManyRedirects},
		{name: "dns rebinding public then loopback", url: lit("http://rebind.test/"),
			dns: map[string][]string{"rebind.test": {"93.184.215.14", "127.0.0.1"}}, want: fetch.CodeBlockedAddress,
			wantDial: func(r *sequenceResolver) int { return r.lookups("rebind.test") }},
		{name: "dns rebinding public then mapped loopback v6", url: lit("https://rebind.test/"),
			dns: map[string][]string{"rebind.test": {"93.184.215.14", "::ffff:127.0.0.1"}}, want: fetch.CodeBlockedAddress,
			wantDial: func(r *sequenceResolver) int { return r.lookups("rebind.test") }},
		{name: "dns rebinding public then ::1", url: lit("http://rebind.test/"),
			dns: map[string][]string{"rebind.test": {"93.184.215.14", "::1"}}, want: fetch.CodeBlockedAddress,
			wantDial: func(r *sequenceResolver) int { return r.lookups("rebind.test") }},
	}
	if len(tests) < 30 {
		t.Fatalf("only %d SSRF rows", len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Runs even when the row fails, so an intrusion is blamed on it.
			t.Cleanup(func() {
				for _, r := range recs {
					r.assertUntouched(t)
				}
			})
			var entries []string
			if tt.allow != nil {
				entries = tt.allow(env)
			}
			allow, err := guard.ParseAllowList(entries)
			if err != nil {
				t.Fatal(err)
			}
			res := newSequenceResolver(tt.dns)
			f := fetch.New(fetch.Config{AllowList: allow, Resolver: res, Timeout: 10 * time.Second})
			defer f.Close()

			target := tt.url(env)
			page, err := f.Fetch(context.Background(), target, fetch.Options{})
			if err == nil {
				t.Fatalf("Fetch(%s) succeeded (status %d), want %s", target, page.Status, tt.want)
			}
			var fe *fetch.Error
			if !errors.As(err, &fe) {
				t.Fatalf("Fetch(%s) error %T %v is not *fetch.Error", target, err, err)
			}
			if fe.Code != tt.want {
				t.Fatalf("Fetch(%s) code = %s, want %s (err: %v)", target, fe.Code, tt.want, err)
			}
			if strings.Contains(err.Error(), "pass@") {
				t.Fatalf("error leaks credentials: %v", err)
			}
			if tt.wantDial != nil {
				// Preflight saw the public answer; the dial-time lookup saw
				// the private one and the Control hook refused it.
				if n := tt.wantDial(res); n < 2 {
					t.Fatalf("resolver called %d times; the dial-time lookup never happened", n)
				}
				var de *guard.DeniedError
				if !errors.As(err, &de) {
					t.Fatalf("rebinding was not refused by the dial-time guard: %v", err)
				}
			}
		})
	}
}
