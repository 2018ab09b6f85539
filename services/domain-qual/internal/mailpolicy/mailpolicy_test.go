package mailpolicy

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

type fakeZone struct {
	mu   sync.Mutex
	txt  map[string][]string
	fail map[string]bool
}

func (z *fakeZone) Lookup(_ context.Context, name string, qtype uint16) resolver.Answer {
	z.mu.Lock()
	defer z.mu.Unlock()
	a := resolver.Answer{Name: name, Type: qtype, Status: resolver.StatusNXDomain}
	if z.fail[name] {
		a.Status, a.Reason = resolver.StatusUnknown, "SERVFAIL"
		return a
	}
	if txts, ok := z.txt[name]; ok {
		a.Status = resolver.StatusRecords
		for _, s := range txts {
			a.Records = append(a.Records, &dns.TXT{Hdr: dns.RR_Header{Name: name, Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 60}, Txt: []string{s}})
		}
	}
	return a
}

// httpsFetcher adapts an httptest TLS server to PolicyFetcher: every
// connection goes to the test server and its certificate (which covers
// *.example.com) is verified as mta-sts.example.com, whatever the URL host.
type httpsFetcher struct{ client *http.Client }

func newHTTPSFetcher(srv *httptest.Server) httpsFetcher {
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, srv.Listener.Addr().String())
	}
	tr.TLSClientConfig.MinVersion = tls.VersionTLS12
	tr.TLSClientConfig.ServerName = "mta-sts.example.com"
	return httpsFetcher{client: &http.Client{Transport: tr}}
}

func (f httpsFetcher) Fetch(ctx context.Context, url string) ([]byte, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, err
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	return body, resp.StatusCode, err
}

func ids(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.ID))
	}
	return out
}

func TestParseSTSRecord(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		id      string
		wantErr bool
	}{
		{"id with punctuation", "v=STSv1; id=2024-01-01;", "", true},
		{"valid alnum", "v=STSv1; id=20240101000000Z", "20240101000000Z", false},
		{"extension tag ignored", "v=STSv1; id=abc; ext=1", "abc", false},
		{"missing id", "v=STSv1;", "", true},
		{"id too long", "v=STSv1; id=" + strings.Repeat("a", 33), "", true},
		{"wrong version", "v=STSv2; id=1", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := ParseSTSRecord(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseSTSRecord(%q) err = %v, wantErr %v", tt.in, err, tt.wantErr)
			}
			if err == nil && rec.ID != tt.id {
				t.Fatalf("id = %q, want %q", rec.ID, tt.id)
			}
		})
	}
}

func TestParseSTSPolicy(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		mode     Mode
		maxAge   int
		mx       []string
		wantErr  string
		findings []string
	}{
		{name: "enforce crlf", in: "version: STSv1\r\nmode: enforce\r\nmx: mail.example.com\r\nmx: *.example.net\r\nmax_age: 604800\r\n",
			mode: ModeEnforce, maxAge: 604800, mx: []string{"mail.example.com", "*.example.net"}},
		{name: "testing lf and short max age", in: "version: STSv1\nmode: testing\nmx: MX.Example.com.\nmax_age: 3600\n",
			mode: ModeTesting, maxAge: 3600, mx: []string{"mx.example.com"}, findings: []string{"mta_sts.testing", "mta_sts.short_max_age"}},
		{name: "none without mx", in: "version: STSv1\nmode: none\nmax_age: 86400\n", mode: ModeNone, maxAge: 86400},
		{name: "max age too large", in: "version: STSv1\nmode: enforce\nmx: a.example.com\nmax_age: 31557601\n", wantErr: "max_age"},
		{name: "bad mode", in: "version: STSv1\nmode: strict\nmx: a.example.com\nmax_age: 86400\n", wantErr: "mode"},
		{name: "no mx in enforce", in: "version: STSv1\nmode: enforce\nmax_age: 86400\n", wantErr: "no mx"},
		{name: "missing version", in: "mode: enforce\nmx: a.example.com\nmax_age: 86400\n", wantErr: "version"},
		{name: "html page", in: "<html><body>hello</body></html>", wantErr: "no ':'"},
		{name: "missing max age", in: "version: STSv1\nmode: enforce\nmx: a.example.com\n", wantErr: "missing max_age"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, fs, err := ParseSTSPolicy([]byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if p.Mode != tt.mode || p.MaxAge != tt.maxAge || !slices.Equal(p.MX, tt.mx) {
				t.Fatalf("policy = %+v, want mode=%s max_age=%d mx=%v", p, tt.mode, tt.maxAge, tt.mx)
			}
			if got := ids(fs); !slices.Equal(got, tt.findings) {
				t.Errorf("findings = %v, want %v", got, tt.findings)
			}
		})
	}
}

func TestMatchMX(t *testing.T) {
	tests := []struct {
		name, pattern, host string
		want                bool
	}{
		{"exact", "mail.example.com", "mail.example.com.", true},
		{"case insensitive", "MAIL.example.com", "mail.EXAMPLE.com", true},
		{"wildcard one label", "*.example.com", "mx1.example.com", true},
		{"wildcard not two labels", "*.example.com", "a.mx1.example.com", false},
		{"wildcard not apex", "*.example.com", "example.com", false},
		{"different host", "mail.example.com", "mx.example.com", false},
		{"wildcard inside not special", "mx*.example.com", "mx1.example.com", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MatchMX(tt.pattern, tt.host); got != tt.want {
				t.Fatalf("MatchMX(%q, %q) = %v, want %v", tt.pattern, tt.host, got, tt.want)
			}
		})
	}
}

func TestCheckMTASTS(t *testing.T) {
	policies := map[string]string{
		"mta-sts.example.com":     "version: STSv1\r\nmode: enforce\r\nmx: *.mail.example.com\r\nmax_age: 604800\r\n",
		"mta-sts.bad.example.com": "version: STSv1\nmode: enforce\nmax_age: 1\n",
	}
	var mu sync.Mutex
	var fetched []string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		fetched = append(fetched, r.Host+r.URL.Path)
		mu.Unlock()
		body, ok := policies[r.Host]
		if !ok || r.URL.Path != "/.well-known/mta-sts.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, body)
	}))
	defer srv.Close()
	fetcher := newHTTPSFetcher(srv)

	tests := []struct {
		name      string
		domain    string
		txt       map[string][]string
		fail      []string
		mx        []string
		status    Status
		unmatched []string
		findings  []string
		fetches   int
	}{
		{name: "enforce policy covering mx", domain: "example.com",
			txt: map[string][]string{"_mta-sts.example.com.": {"v=STSv1; id=2024"}}, mx: []string{"a.mail.example.com."},
			status: StatusFound, unmatched: []string{}, fetches: 1},
		{name: "mx not covered", domain: "example.com",
			txt: map[string][]string{"_mta-sts.example.com.": {"v=STSv1; id=2024"}}, mx: []string{"a.mail.example.com", "backup.example.org"},
			status: StatusFound, unmatched: []string{"backup.example.org"}, findings: []string{"mta_sts.mx_not_covered"}, fetches: 1},
		{name: "policy 404", domain: "missing.example.com",
			txt:    map[string][]string{"_mta-sts.missing.example.com.": {"v=STSv1; id=1"}},
			status: StatusInvalid, findings: []string{"mta_sts.policy_unavailable"}, fetches: 1},
		{name: "invalid policy", domain: "bad.example.com",
			txt:    map[string][]string{"_mta-sts.bad.example.com.": {"v=STSv1; id=1"}},
			status: StatusInvalid, findings: []string{"mta_sts.invalid_policy"}, fetches: 1},
		{name: "no record no fetch", domain: "example.com", status: StatusMissing},
		{name: "two records", domain: "example.com",
			txt:    map[string][]string{"_mta-sts.example.com.": {"v=STSv1; id=1", "v=STSv1; id=2"}},
			status: StatusInvalid, findings: []string{"mta_sts.multiple_records"}},
		{name: "servfail unknown", domain: "example.com", fail: []string{"_mta-sts.example.com."}, status: StatusUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			fetched = nil
			mu.Unlock()
			z := &fakeZone{txt: tt.txt, fail: map[string]bool{}}
			for _, f := range tt.fail {
				z.fail[f] = true
			}
			got := CheckMTASTS(context.Background(), z, fetcher, tt.domain)
			got.CheckMX(tt.mx)
			if got.Status != tt.status {
				t.Fatalf("status = %s (%s), want %s", got.Status, got.Reason, tt.status)
			}
			if tt.unmatched != nil && !slices.Equal(got.UnmatchedMX, tt.unmatched) {
				t.Errorf("unmatched = %v, want %v", got.UnmatchedMX, tt.unmatched)
			}
			if g := ids(got.Findings); !slices.Equal(g, tt.findings) {
				t.Errorf("findings = %v, want %v", g, tt.findings)
			}
			mu.Lock()
			n := len(fetched)
			mu.Unlock()
			if n != tt.fetches {
				t.Errorf("fetched %d times (%v), want %d", n, fetched, tt.fetches)
			}
		})
	}
}

func TestCheckTLSRPT(t *testing.T) {
	tests := []struct {
		name   string
		txt    []string
		fail   bool
		status Status
		rua    []string
	}{
		{name: "valid two destinations", txt: []string{"v=TLSRPTv1; rua=mailto:tls@example.com,https://r.example.net/v1"}, status: StatusFound, rua: []string{"mailto:tls@example.com", "https://r.example.net/v1"}},
		{name: "missing rua", txt: []string{"v=TLSRPTv1;"}, status: StatusInvalid},
		{name: "http rua invalid", txt: []string{"v=TLSRPTv1; rua=http://r.example.net"}, status: StatusInvalid},
		{name: "two records", txt: []string{"v=TLSRPTv1; rua=mailto:a@example.com", "v=TLSRPTv1; rua=mailto:b@example.com"}, status: StatusInvalid},
		{name: "unrelated only", txt: []string{"hello"}, status: StatusMissing},
		{name: "none", status: StatusMissing},
		{name: "servfail", fail: true, status: StatusUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := &fakeZone{txt: map[string][]string{}, fail: map[string]bool{"_smtp._tls.example.com.": tt.fail}}
			if tt.txt != nil {
				z.txt["_smtp._tls.example.com."] = tt.txt
			}
			got := CheckTLSRPT(context.Background(), z, "example.com")
			if got.Status != tt.status || !slices.Equal(got.RUA, tt.rua) {
				t.Fatalf("CheckTLSRPT = %+v, want status %s rua %v", got, tt.status, tt.rua)
			}
		})
	}
}

func TestCheckBIMI(t *testing.T) {
	tests := []struct {
		name     string
		txt      []string
		status   Status
		declined bool
		logo     string
	}{
		{name: "logo and vmc", txt: []string{"v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem"}, status: StatusFound, logo: "https://example.com/logo.svg"},
		{name: "declination", txt: []string{"v=BIMI1; l=; a=;"}, status: StatusFound, declined: true},
		{name: "http logo invalid", txt: []string{"v=BIMI1; l=http://example.com/logo.svg"}, status: StatusInvalid},
		{name: "wrong version", txt: []string{"v=BIMI2; l=https://example.com/l.svg"}, status: StatusMissing},
		{name: "none", status: StatusMissing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := &fakeZone{txt: map[string][]string{}, fail: map[string]bool{}}
			if tt.txt != nil {
				z.txt["default._bimi.example.com."] = tt.txt
			}
			got := CheckBIMI(context.Background(), z, "example.com")
			if got.Status != tt.status {
				t.Fatalf("status = %s (%s), want %s", got.Status, got.Reason, tt.status)
			}
			if tt.status == StatusFound && (got.Parsed.Declined != tt.declined || got.Parsed.Logo != tt.logo) {
				t.Fatalf("parsed = %+v, want declined=%v logo=%q", got.Parsed, tt.declined, tt.logo)
			}
		})
	}
}
