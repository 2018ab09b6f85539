// Package dnstest provides an authoritative in-process DNS server for tests.
// It speaks the real DNS protocol over UDP and TCP on 127.0.0.1, serves zones
// parsed from zone-file text, and can inject faults (SERVFAIL, REFUSED,
// dropped answers) per question or for every one, add latency, count
// queries and set the AD bit. Start serves a test; Serve serves a fixture
// world run outside one.
//
// DNSSEC: DNSKEY, DS and RRSIG records are served like any other; to a
// query with the DO bit set, the RRSIGs covering the answered RRset are
// added to the answer section. A DS question for the apex of a served zone
// is answered from the served parent zone (the DS RRset lives there, RFC
// 4035 §3.1.4.1), NODATA when the parent has none. Keys and signatures are
// made in the tests with Signer (sign.go).
//
//	srv := dnstest.Start(t, dnstest.Config{Zones: []string{zoneText}})
//	r, _ := resolver.New(resolver.Config{Servers: []string{srv.Addr()}})
package dnstest

import (
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// FaultKind is what the server does instead of answering normally.
type FaultKind int

// Fault kinds.
const (
	// FaultServFail answers with RCODE SERVFAIL.
	FaultServFail FaultKind = iota + 1
	// FaultRefused answers with RCODE REFUSED.
	FaultRefused
	// FaultDrop sends no answer at all, so the client times out.
	FaultDrop
)

// String names the fault kind.
func (k FaultKind) String() string {
	switch k {
	case FaultServFail:
		return "SERVFAIL"
	case FaultRefused:
		return "REFUSED"
	case FaultDrop:
		return "drop"
	}
	return fmt.Sprintf("FaultKind(%d)", int(k))
}

// Fault injects a failure for one question.
type Fault struct {
	// Name is the question name; matched case-insensitively, trailing dot optional.
	Name string
	// Type is the question type; 0 (dns.TypeNone) matches every type.
	Type uint16
	// Kind is what to do instead of answering.
	Kind FaultKind
}

// Config describes one test server.
type Config struct {
	// Zones are zone-file texts. Each must contain exactly one SOA record;
	// its owner is the zone apex. Use $ORIGIN or absolute names.
	Zones []string
	// ZoneFiles are paths of zone files (e.g. "testdata/example.zone").
	ZoneFiles []string
	// Latency is added before every answer (and before every dropped one).
	Latency time.Duration
	// Faults are failures injected per name/type.
	Faults []Fault
	// AuthenticData lists names whose answers carry the AD bit.
	AuthenticData []string
	// Refuse answers REFUSED to every question (a lame server); Faults still apply.
	Refuse bool
	// NoCNAMEChase answers a CNAME alone, without following its target even
	// inside the served zones, so clients must re-query the target.
	NoCNAMEChase bool
	// NXDomainOutside answers NXDOMAIN (without an SOA) to a question outside
	// every served zone, as a recursive resolver serving a closed world
	// would, instead of REFUSED.
	NXDomainOutside bool
}

// Question identifies one counted question.
type Question struct {
	Name string // lower-case FQDN
	Type uint16
}

// String renders the question as "name TYPE".
func (q Question) String() string { return q.Name + " " + dns.TypeToString[q.Type] }

// Server is a running test DNS server. It is safe for concurrent use.
type Server struct {
	addr    string
	zones   []*zone
	latency time.Duration
	ad      map[string]bool
	refuse  bool
	noChase bool
	nxOut   bool
	done    chan struct{}

	mu        sync.Mutex
	faults    map[Question]FaultKind
	faultAll  FaultKind
	perQ      map[Question]int
	total     int
	tcp       int
	inFlight  int
	maxFlight int

	udp, tcpSrv *dns.Server
	closeOnce   sync.Once
}

// Start parses the zones, starts UDP and TCP listeners on the same
// 127.0.0.1 port and registers shutdown with tb.Cleanup. It fails the test
// on any error.
func Start(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	s, err := Serve(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(s.Close)
	return s
}

// Serve is Start outside a test (a fixture world run by a command): the
// caller closes the server.
func Serve(cfg Config) (*Server, error) {
	s, err := newServer(cfg)
	if err != nil {
		return nil, err
	}
	if err := s.listen(); err != nil {
		return nil, err
	}
	return s, nil
}

func newServer(cfg Config) (*Server, error) {
	s := &Server{
		latency: cfg.Latency,
		ad:      make(map[string]bool),
		refuse:  cfg.Refuse,
		noChase: cfg.NoCNAMEChase,
		nxOut:   cfg.NXDomainOutside,
		done:    make(chan struct{}),
		faults:  make(map[Question]FaultKind),
		perQ:    make(map[Question]int),
	}
	for i, text := range cfg.Zones {
		z, err := parseZone(strings.NewReader(text), "", fmt.Sprintf("zone[%d]", i))
		if err != nil {
			return nil, err
		}
		s.zones = append(s.zones, z)
	}
	for _, path := range cfg.ZoneFiles {
		z, err := parseZoneFile(path)
		if err != nil {
			return nil, err
		}
		s.zones = append(s.zones, z)
	}
	for _, f := range cfg.Faults {
		s.faults[Question{Name: canonical(f.Name), Type: f.Type}] = f.Kind
	}
	for _, n := range cfg.AuthenticData {
		s.ad[canonical(n)] = true
	}
	return s, nil
}

// listen binds UDP on an ephemeral port and TCP on the same port, retrying
// when the TCP port happens to be taken.
func (s *Server) listen() error {
	var lastErr error
	for range 10 {
		pc, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			return fmt.Errorf("dnstest: listen udp: %w", err)
		}
		ln, err := net.Listen("tcp", pc.LocalAddr().String())
		if err != nil {
			pc.Close()
			lastErr = err
			continue
		}
		s.addr = pc.LocalAddr().String()
		s.udp = &dns.Server{PacketConn: pc, Handler: dns.HandlerFunc(s.serveUDP)}
		s.tcpSrv = &dns.Server{Listener: ln, Handler: dns.HandlerFunc(s.serveTCP)}
		for _, srv := range []*dns.Server{s.udp, s.tcpSrv} {
			started := make(chan struct{})
			srv.NotifyStartedFunc = func() { close(started) }
			errc := make(chan error, 1)
			go func() { errc <- srv.ActivateAndServe() }()
			select {
			case <-started:
			case err := <-errc:
				s.Close()
				return fmt.Errorf("dnstest: serve: %w", err)
			}
		}
		return nil
	}
	return fmt.Errorf("dnstest: listen tcp on the udp port: %w", lastErr)
}

// Close stops both listeners. It is called automatically at test cleanup.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		for _, srv := range []*dns.Server{s.udp, s.tcpSrv} {
			if srv != nil {
				_ = srv.Shutdown()
			}
		}
	})
}

// Addr is the "127.0.0.1:port" address serving both UDP and TCP.
func (s *Server) Addr() string { return s.addr }

// Queries is the total number of questions received (UDP and TCP).
func (s *Server) Queries() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// TCPQueries is the number of questions received over TCP.
func (s *Server) TCPQueries() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tcp
}

// QueriesFor is the number of questions received for name and qtype.
func (s *Server) QueriesFor(name string, qtype uint16) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.perQ[Question{Name: canonical(name), Type: qtype}]
}

// QueryCounts returns a copy of the per-question counters.
func (s *Server) QueryCounts() map[Question]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[Question]int, len(s.perQ))
	for q, n := range s.perQ {
		out[q] = n
	}
	return out
}

// MaxInFlight is the largest number of questions being handled at once,
// which shows whether a client queried concurrently.
func (s *Server) MaxInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.maxFlight
}

// ResetCounts zeroes every counter.
func (s *Server) ResetCounts() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total, s.tcp, s.maxFlight = 0, 0, 0
	s.perQ = make(map[Question]int)
}

// SetFaultAll makes every question fail with kind while the server runs,
// unless a fault for its name is set; kind 0 removes it.
func (s *Server) SetFaultAll(kind FaultKind) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faultAll = kind
}

// SetFault injects (or, with kind 0, removes) a fault while the server runs.
func (s *Server) SetFault(name string, qtype uint16, kind FaultKind) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := Question{Name: canonical(name), Type: qtype}
	if kind == 0 {
		delete(s.faults, q)
		return
	}
	s.faults[q] = kind
}

func (s *Server) serveUDP(w dns.ResponseWriter, req *dns.Msg) { s.serve(w, req, false) }
func (s *Server) serveTCP(w dns.ResponseWriter, req *dns.Msg) { s.serve(w, req, true) }

func (s *Server) serve(w dns.ResponseWriter, req *dns.Msg, overTCP bool) {
	if len(req.Question) != 1 {
		m := new(dns.Msg)
		m.SetRcode(req, dns.RcodeFormatError)
		_ = w.WriteMsg(m)
		return
	}
	q := Question{Name: canonical(req.Question[0].Name), Type: req.Question[0].Qtype}
	fault := s.begin(q, overTCP)
	defer s.end()

	if s.latency > 0 {
		t := time.NewTimer(s.latency)
		select {
		case <-t.C:
		case <-s.done:
			t.Stop()
			return
		}
	}
	if fault == FaultDrop {
		return
	}
	resp := s.answer(req, q, fault)
	if !overTCP {
		truncateForUDP(req, resp)
	}
	_ = w.WriteMsg(resp)
}

// begin counts the question and returns the fault configured for it.
func (s *Server) begin(q Question, overTCP bool) FaultKind {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total++
	if overTCP {
		s.tcp++
	}
	s.perQ[q]++
	s.inFlight++
	if s.inFlight > s.maxFlight {
		s.maxFlight = s.inFlight
	}
	if k, ok := s.faults[q]; ok {
		return k
	}
	if k, ok := s.faults[Question{Name: q.Name}]; ok {
		return k
	}
	return s.faultAll
}

func (s *Server) end() {
	s.mu.Lock()
	s.inFlight--
	s.mu.Unlock()
}

// answer builds the authoritative response for one question.
func (s *Server) answer(req *dns.Msg, q Question, fault FaultKind) *dns.Msg {
	resp := new(dns.Msg)
	resp.SetReply(req)
	resp.RecursionAvailable = req.RecursionDesired
	if opt := req.IsEdns0(); opt != nil {
		resp.SetEdns0(maxUDPSize, opt.Do())
	}
	switch {
	case fault == FaultServFail:
		resp.Rcode = dns.RcodeServerFailure
		return resp
	case fault == FaultRefused || s.refuse:
		resp.Rcode = dns.RcodeRefused
		return resp
	}
	name := q.Name
	z := s.zoneFor(name)
	if z == nil {
		resp.Rcode = dns.RcodeRefused
		if s.nxOut {
			resp.Rcode = dns.RcodeNameError
		}
		return resp
	}
	resp.Authoritative = true
	do := false
	if opt := req.IsEdns0(); opt != nil {
		do = opt.Do()
	}
	if q.Type == dns.TypeDS && name == z.origin {
		if parent := s.parentZoneOf(z); parent != nil {
			s.answerDS(resp, parent, name, do)
			if s.ad[q.Name] {
				resp.AuthenticatedData = true
			}
			return resp
		}
	}
	seen := map[string]bool{}
	for range maxChase {
		seen[name] = true
		rrs, exists := z.lookup(name)
		if !exists {
			resp.Rcode = dns.RcodeNameError
			resp.Ns = append(resp.Ns, z.negativeSOA())
			break
		}
		matched := filterType(rrs, q.Type)
		if len(matched) > 0 {
			resp.Answer = append(resp.Answer, matched...)
			if do {
				resp.Answer = append(resp.Answer, sigsCovering(rrs, q.Type)...)
			}
			break
		}
		cname := filterType(rrs, dns.TypeCNAME)
		if len(cname) == 0 || q.Type == dns.TypeCNAME {
			resp.Ns = append(resp.Ns, z.negativeSOA())
			break
		}
		resp.Answer = append(resp.Answer, cname[0])
		if do {
			resp.Answer = append(resp.Answer, sigsCovering(rrs, dns.TypeCNAME)...)
		}
		target := strings.ToLower(cname[0].(*dns.CNAME).Target)
		next := s.zoneFor(target)
		if next == nil || seen[target] || s.noChase {
			break // out of our authority, or a loop: the client chases or gives up
		}
		name, z = target, next
	}
	if s.ad[q.Name] {
		resp.AuthenticatedData = true
	}
	return resp
}

// answerDS answers a DS question for the apex of a served child zone the
// way the parent does (RFC 4035 §3.1.4.1): the DS RRset is parent-side data,
// so it comes from the parent zone's records at the child's name, with
// their RRSIGs when do is set. A parent without a DS there answers NODATA
// (an unsigned delegation); the parent zone need not list the delegation's
// NS records, the served child zone implies the delegation.
func (s *Server) answerDS(resp *dns.Msg, parent *zone, name string, do bool) {
	rrs := parent.names[name]
	if ds := filterType(rrs, dns.TypeDS); len(ds) > 0 {
		resp.Answer = append(resp.Answer, ds...)
		if do {
			resp.Answer = append(resp.Answer, sigsCovering(rrs, dns.TypeDS)...)
		}
		return
	}
	resp.Ns = append(resp.Ns, parent.negativeSOA())
}

// parentZoneOf returns the served zone with the longest apex strictly
// above z's apex, nil when none is served. Without it, a DS question for
// z's apex is answered from z itself, like a server authoritative for the
// child only: NODATA, since a zone has no DS at its own apex.
func (s *Server) parentZoneOf(z *zone) *zone {
	var best *zone
	for _, p := range s.zones {
		if p.origin != z.origin && dns.IsSubDomain(p.origin, z.origin) && (best == nil || len(p.origin) > len(best.origin)) {
			best = p
		}
	}
	return best
}

// sigsCovering returns the RRSIGs among rrs that cover qtype.
func sigsCovering(rrs []dns.RR, qtype uint16) []dns.RR {
	var out []dns.RR
	for _, rr := range rrs {
		if sig, ok := rr.(*dns.RRSIG); ok && sig.TypeCovered == qtype {
			out = append(out, rr)
		}
	}
	return out
}

// zoneFor returns the served zone with the longest apex containing name.
func (s *Server) zoneFor(name string) *zone {
	var best *zone
	for _, z := range s.zones {
		if dns.IsSubDomain(z.origin, name) && (best == nil || len(z.origin) > len(best.origin)) {
			best = z
		}
	}
	return best
}

const (
	// maxChase bounds CNAME chasing inside the served zones.
	maxChase = 8
	// maxUDPSize is the EDNS0 buffer size the server advertises.
	maxUDPSize = 1232
)

// truncateForUDP empties the answer and sets TC when the response does not
// fit the client's UDP limit: 512 bytes without EDNS0, else the advertised
// buffer size (at least 512). The client is expected to retry over TCP.
func truncateForUDP(req, resp *dns.Msg) {
	limit := dns.MinMsgSize
	if opt := req.IsEdns0(); opt != nil && int(opt.UDPSize()) > limit {
		limit = int(opt.UDPSize())
	}
	if resp.Len() <= limit {
		return
	}
	resp.Truncated = true
	resp.Answer, resp.Ns = nil, nil
	extra := resp.Extra[:0]
	for _, rr := range resp.Extra {
		if rr.Header().Rrtype == dns.TypeOPT {
			extra = append(extra, rr)
		}
	}
	resp.Extra = extra
}

func filterType(rrs []dns.RR, qtype uint16) []dns.RR {
	var out []dns.RR
	for _, rr := range rrs {
		if rr.Header().Rrtype == qtype || qtype == dns.TypeANY {
			out = append(out, rr)
		}
	}
	return out
}

func canonical(name string) string { return dns.Fqdn(strings.ToLower(name)) }
