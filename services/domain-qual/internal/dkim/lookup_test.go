package dkim

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// fakeZone answers TXT questions from a map; CNAMEs are listed per name.
type fakeZone struct {
	mu      sync.Mutex
	txt     map[string][]string
	cnames  map[string][]string
	fail    map[string]bool
	queries []string
}

func (z *fakeZone) Lookup(_ context.Context, name string, qtype uint16) resolver.Answer {
	name = dns.Fqdn(strings.ToLower(name))
	z.mu.Lock()
	z.queries = append(z.queries, name)
	z.mu.Unlock()
	a := resolver.Answer{Name: name, Type: qtype, Status: resolver.StatusNXDomain, CNAMEs: z.cnames[name]}
	if z.fail[name] {
		a.Status, a.Reason = resolver.StatusUnknown, "timeout"
		return a
	}
	if txts, ok := z.txt[name]; ok {
		a.Status = resolver.StatusRecords
		for _, s := range txts {
			a.Records = append(a.Records, &dns.TXT{Hdr: dns.RR_Header{Name: name, Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 300}, Txt: []string{s}})
		}
		a.TTL = 300
	}
	return a
}

func TestCheck(t *testing.T) {
	good := "v=DKIM1; k=rsa; p=" + rsaKeyB64(t, 2048, false)
	tests := []struct {
		name     string
		selector string
		txt      map[string][]string
		cnames   map[string][]string
		fail     []string
		status   Status
		reported string
		found    []string
		bits     int
		cname    []string
		queries  int
	}{
		{name: "given selector found through cname", selector: "Sel",
			txt:    map[string][]string{"sel._domainkey.example.com.": {good}},
			cnames: map[string][]string{"sel._domainkey.example.com.": {"sel.dkim.provider.net."}},
			status: StatusFound, reported: "sel", bits: 2048, cname: []string{"sel.dkim.provider.net."}, queries: 1},
		{name: "given selector missing", selector: "nope", status: StatusNotFound, reported: "nope", queries: 1},
		{name: "given selector servfail", selector: "s", fail: []string{"s._domainkey.example.com."}, status: StatusUnknown, reported: "s", queries: 1},
		{name: "guessed google", txt: map[string][]string{"google._domainkey.example.com.": {"unrelated", good}},
			status: StatusFound, reported: "google", found: []string{"google"}, bits: 2048, queries: len(GuessSelectors("example.com"))},
		{name: "guessed m365 dashed selector", txt: map[string][]string{"selector1-example-com._domainkey.example.com.": {good}},
			status: StatusFound, reported: "selector1-example-com", found: []string{"selector1-example-com"}, bits: 2048, queries: len(GuessSelectors("example.com"))},
		{name: "valid preferred over revoked", txt: map[string][]string{"default._domainkey.example.com.": {"v=DKIM1; p="}, "s2._domainkey.example.com.": {good}},
			status: StatusFound, reported: "s2", found: []string{"default", "s2"}, bits: 2048, queries: len(GuessSelectors("example.com"))},
		{name: "only revoked", txt: map[string][]string{"k1._domainkey.example.com.": {"v=DKIM1; p="}},
			status: StatusRevoked, reported: "k1", found: []string{"k1"}, queries: len(GuessSelectors("example.com"))},
		{name: "invalid record", txt: map[string][]string{"fm1._domainkey.example.com.": {"v=DKIM1; k=rsa; p=AAAA"}},
			status: StatusInvalid, reported: "fm1", found: []string{"fm1"}, queries: len(GuessSelectors("example.com"))},
		{name: "none among tried", status: StatusNotFound, found: []string{}, queries: len(GuessSelectors("example.com"))},
		{name: "failures without key are unknown", fail: []string{"google._domainkey.example.com."}, status: StatusUnknown, found: []string{}, queries: len(GuessSelectors("example.com"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := &fakeZone{txt: tt.txt, cnames: tt.cnames, fail: map[string]bool{}}
			for _, f := range tt.fail {
				z.fail[f] = true
			}
			got := Check(context.Background(), z, "Example.com.", tt.selector)
			if got.Status != tt.status || got.Selector != tt.reported || got.Key.Bits != tt.bits || len(z.queries) != tt.queries {
				t.Fatalf("Check = status=%s selector=%q bits=%d queries=%d; want %s %q %d %d (reason %s)",
					got.Status, got.Selector, got.Key.Bits, len(z.queries), tt.status, tt.reported, tt.bits, tt.queries, got.Reason)
			}
			if tt.found != nil && !slices.Equal(got.FoundSelectors, tt.found) {
				t.Errorf("found = %v, want %v", got.FoundSelectors, tt.found)
			}
			if tt.cname != nil && !slices.Equal(got.CNAMEs, tt.cname) {
				t.Errorf("cnames = %v, want %v", got.CNAMEs, tt.cname)
			}
			if (tt.selector == "") != (len(got.TriedSelectors) > 0) {
				t.Errorf("tried selectors = %v with selector %q", got.TriedSelectors, tt.selector)
			}
		})
	}
}

func TestGuessSelectors(t *testing.T) {
	got := GuessSelectors("Mail.Example.co.uk.")
	for _, want := range []string{"google", "selector1", "selector2", "selector1-mail-example-co-uk", "s1", "s2", "k1", "fm1", "fm2", "fm3", "mandrill", "default", "dkim"} {
		if !slices.Contains(got, want) {
			t.Errorf("GuessSelectors missing %q: %v", want, got)
		}
	}
}
