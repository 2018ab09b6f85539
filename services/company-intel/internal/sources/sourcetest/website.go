package sourcetest

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/fetch/fetchtest"
	"github.com/intel402/intel402/pkg/evidence/guard"
)

// SiteOrigin in a SitePage body is replaced, when served, by the origin the
// request came in on ("https://northwind-robotics.com:41234"), so fixture
// pages and feeds can carry the absolute URLs real ones do although the
// port is only known once the servers run.
const SiteOrigin = "{{origin}}"

// SitePage is one resource of a fixture site.
type SitePage struct {
	Body        string
	ContentType string // default "text/html; charset=utf-8"
	Status      int    // default 200
	// Location makes the page a redirect (Status default 301) to this
	// path or URL (SiteOrigin is replaced here too).
	Location string
	// Header are further response headers, e.g. "Server", "Cf-Ray" or
	// "Set-Cookie" (Content-Type is ContentType's; SiteOrigin is replaced
	// in the values too).
	Header http.Header
}

// Site is a fixture company website. Its pages are served for Domain and
// www.Domain on both the HTTPS and the HTTP server; any other path is a
// 404 HTML page.
type Site struct {
	Domain string
	Pages  map[string]SitePage // by path, e.g. "/", "/robots.txt", "/newsroom/rss.xml"
	// NoTLS makes the site HTTP-only: TLS handshakes for its hosts fail,
	// as they do for a site without a certificate.
	NoTLS bool
	// Stall makes every request hang until the client gives up (a site
	// that accepts connections and never answers).
	Stall bool
}

// SiteRequest is one request a fixture site answered.
type SiteRequest struct {
	Scheme string // "https" or "http"
	Host   string // without port
	Path   string // with the query, if any
}

// Sites serves fixture sites on loopback: one HTTPS server with a
// certificate from a test CA valid for every fixture host, and one HTTP
// server, dispatching on the Host header. A fetch.Fetcher built from
// FetchConfig reaches them: its allow-list admits exactly the two
// listeners, its resolver maps the fixture hosts (and nothing else) to
// 127.0.0.1, and it trusts the test CA. Pass HTTPSPort and HTTPPort to
// the website source's Config. Both servers are Servers of this package,
// so they count calls, add latency and inject faults like the providers'.
//
// A robots.txt (text/plain) or feed (an RSS, Atom or XML type) answered
// with 200 carries the validators real web servers and CDNs send with
// such static files, unless its page sets them: a strong ETag (a hash of
// the body served), Last-Modified (when the servers started) and
// "Cache-Control: public, max-age=300"; a request whose If-None-Match or
// If-Modified-Since matches gets 304 Not Modified without a body.
type Sites struct {
	tlsSrv, plainSrv *Server
	roots            *x509.CertPool
	byHost           map[string]*Site

	// modified is the Last-Modified of feeds and robots.txt files (the
	// servers' start, to the second).
	modified time.Time

	mu       sync.Mutex
	requests []SiteRequest
}

// NewSites starts the servers for sites; they are closed at cleanup.
func NewSites(tb testing.TB, sites ...Site) *Sites {
	tb.Helper()
	s, err := StartSites(sites...)
	if err != nil {
		tb.Fatal(err)
	}
	return closeAtCleanup(tb, s)
}

// StartSites is NewSites outside a test: the caller closes the servers.
// A site without a domain is an error.
func StartSites(sites ...Site) (*Sites, error) {
	s := &Sites{byHost: map[string]*Site{}, modified: time.Now().UTC().Truncate(time.Second)}
	var hosts []string
	for i := range sites {
		site := &sites[i]
		d := strings.ToLower(site.Domain)
		if d == "" {
			return nil, fmt.Errorf("sourcetest: site %d has no domain", i)
		}
		s.byHost[d], s.byHost["www."+d] = site, site
		hosts = append(hosts, d, "www."+d)
	}
	cert, roots, err := fetchtest.Cert(hosts, time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour))
	if err != nil {
		return nil, err
	}
	s.roots = roots
	s.tlsSrv = newServer()
	s.tlsSrv.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.tlsSrv.serve))
	s.tlsSrv.TLS = &tls.Config{GetCertificate: func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
		if site := s.byHost[strings.ToLower(hello.ServerName)]; site == nil || site.NoTLS {
			return nil, fmt.Errorf("no certificate for %q", hello.ServerName)
		}
		return &cert, nil
	}}
	s.tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes of NoTLS sites fail on purpose
	s.tlsSrv.StartTLS()
	s.plainSrv = Start()
	for _, srv := range s.servers() {
		srv.Handle("/", s.serve)
	}
	return s, nil
}

func (s *Sites) servers() []*Server { return []*Server{s.tlsSrv, s.plainSrv} }

// Close stops both servers.
func (s *Sites) Close() {
	for _, srv := range s.servers() {
		srv.Close()
	}
}

// SetLatency delays every answer of both servers by d.
func (s *Sites) SetLatency(d time.Duration) {
	for _, srv := range s.servers() {
		srv.SetLatency(d)
	}
}

// FailAlways makes every request to either server whose path starts with
// prefix fail with f (see Server.FailAlways); an empty f clears it.
func (s *Sites) FailAlways(prefix string, f Fault) {
	for _, srv := range s.servers() {
		srv.FailAlways(prefix, f)
	}
}

// Calls returns how many requests both servers have received, failed
// ones included (Requests lists only those a site answered).
func (s *Sites) Calls() int {
	n := 0
	for _, srv := range s.servers() {
		n += srv.Calls()
	}
	return n
}

// HTTPSPort is the HTTPS server's port.
func (s *Sites) HTTPSPort() uint16 { return listenerPort(s.tlsSrv.Server) }

// HTTPPort is the HTTP server's port.
func (s *Sites) HTTPPort() uint16 { return listenerPort(s.plainSrv.Server) }

func listenerPort(srv *httptest.Server) uint16 {
	return netip.MustParseAddrPort(srv.Listener.Addr().String()).Port()
}

// URL is the fixture URL of path on host over scheme.
func (s *Sites) URL(scheme, host, path string) string {
	port := s.HTTPSPort()
	if scheme == "http" {
		port = s.HTTPPort()
	}
	return scheme + "://" + net.JoinHostPort(host, strconv.Itoa(int(port))) + path
}

// FetchConfig returns the fetch.Config pieces that reach the fixture
// sites (AllowList, Resolver, RootCAs) with a 5 s per-fetch Timeout;
// callers may set other fields before fetch.New.
func (s *Sites) FetchConfig() fetch.Config {
	allow, err := guard.ParseAllowList([]string{s.tlsSrv.Listener.Addr().String(), s.plainSrv.Listener.Addr().String()})
	if err != nil {
		panic(err) // two listener addresses always parse
	}
	return fetch.Config{AllowList: allow, Resolver: fetch.ResolverFunc(s.lookup), RootCAs: s.roots, Timeout: 5 * time.Second}
}

// Fetcher is fetch.New(FetchConfig()) with the given Timeout (0: 5 s),
// closed at cleanup.
func (s *Sites) Fetcher(tb testing.TB, timeout time.Duration) *fetch.Fetcher {
	cfg := s.FetchConfig()
	if timeout > 0 {
		cfg.Timeout = timeout
	}
	f := fetch.New(cfg)
	tb.Cleanup(f.Close)
	return f
}

// lookup resolves fixture hosts to 127.0.0.1 and fails like NXDOMAIN for
// every other name.
func (s *Sites) lookup(_ context.Context, host string) ([]net.IPAddr, error) {
	if s.byHost[strings.TrimSuffix(strings.ToLower(host), ".")] == nil {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return []net.IPAddr{{IP: net.IPv4(127, 0, 0, 1)}}, nil
}

// Requests returns the requests answered so far, in order (the latest
// MaxRecorded).
func (s *Sites) Requests() []SiteRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SiteRequest(nil), s.requests...)
}

// Fetched counts the requests for path (query included) on domain or
// www.domain, over either scheme.
func (s *Sites) Fetched(domain, path string) int {
	n := 0
	for _, r := range s.Requests() {
		if (r.Host == domain || r.Host == "www."+domain) && r.Path == path {
			n++
		}
	}
	return n
}

func (s *Sites) serve(w http.ResponseWriter, r *http.Request) {
	host, _, err := net.SplitHostPort(r.Host)
	if err != nil {
		host = r.Host
	}
	host = strings.ToLower(host)
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	s.mu.Lock()
	s.requests = record(s.requests, SiteRequest{Scheme: scheme, Host: host, Path: r.URL.RequestURI()})
	s.mu.Unlock()

	site := s.byHost[host]
	if site == nil {
		http.Error(w, "unknown host", http.StatusMisdirectedRequest)
		return
	}
	if site.Stall {
		t := time.NewTimer(30 * time.Second)
		defer t.Stop()
		select {
		case <-r.Context().Done():
		case <-t.C:
		}
		return
	}
	page, ok := site.Pages[r.URL.Path]
	if !ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, "<!doctype html><title>Not found</title><h1>Page not found</h1>")
		return
	}
	origin := scheme + "://" + r.Host
	if page.Location != "" {
		status := page.Status
		if status == 0 {
			status = http.StatusMovedPermanently
		}
		http.Redirect(w, r, strings.ReplaceAll(page.Location, SiteOrigin, origin), status)
		return
	}
	ct := page.ContentType
	if ct == "" {
		ct = "text/html; charset=utf-8"
	}
	status := page.Status
	if status == 0 {
		status = http.StatusOK
	}
	for name, values := range page.Header {
		for _, v := range values {
			w.Header().Add(name, strings.ReplaceAll(v, SiteOrigin, origin))
		}
	}
	body := strings.ReplaceAll(page.Body, SiteOrigin, origin)
	w.Header().Set("Content-Type", ct)
	if status == http.StatusOK && cacheable(r.URL.Path, ct) && s.validators(w.Header(), r, body) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// cacheable reports whether a page is one real servers send with cache
// validators by default: a robots.txt file or a feed.
func cacheable(path, contentType string) bool {
	mt, _, _ := strings.Cut(strings.ToLower(contentType), ";")
	switch strings.TrimSpace(mt) {
	case "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/xml", "text/xml":
		return true
	case "text/plain":
		return path == "/robots.txt"
	}
	return false
}

// validators sets the headers a web server or CDN sends with a static
// robots.txt or feed (ETag, Last-Modified, Cache-Control), those the page
// does not set itself, and reports whether the request's If-None-Match or
// If-Modified-Since (RFC 9110 §13.1) makes the answer 304 Not Modified.
func (s *Sites) validators(h http.Header, r *http.Request, body string) bool {
	if h.Get("ETag") == "" {
		sum := sha256.Sum256([]byte(body))
		h.Set("ETag", `"`+hex.EncodeToString(sum[:8])+`"`)
	}
	if h.Get("Last-Modified") == "" {
		h.Set("Last-Modified", s.modified.Format(http.TimeFormat))
	}
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "public, max-age=300")
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		for tag := range strings.SplitSeq(inm, ",") {
			if tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/"); tag == "*" || tag == strings.TrimPrefix(h.Get("ETag"), "W/") {
				return true
			}
		}
		return false
	}
	since, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	modified, merr := http.ParseTime(h.Get("Last-Modified"))
	return err == nil && merr == nil && !modified.After(since)
}
