package dmarc

import (
	"context"
	"slices"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/memresolvertest"
)

func TestWalkNames(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"apex", "example.com", []string{"example.com", "com"}},
		{"subdomain with dot", "a.b.Example.COM.", []string{"a.b.example.com", "b.example.com", "example.com", "com"}},
		{"long name shortened to seven labels", "1.2.3.4.5.6.7.8.9.example.com",
			[]string{"1.2.3.4.5.6.7.8.9.example.com", "5.6.7.8.9.example.com", "6.7.8.9.example.com", "7.8.9.example.com", "8.9.example.com", "9.example.com", "example.com", "com"}},
		{"empty", ".", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WalkNames(tt.in)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("WalkNames(%q) = %v, want %v", tt.in, got, tt.want)
			}
			if len(got) > maxWalkQueries {
				t.Fatalf("WalkNames(%q) returned %d names, limit %d", tt.in, len(got), maxWalkQueries)
			}
		})
	}
}

func TestDiscover(t *testing.T) {
	tests := []struct {
		name     string
		zone     []string
		fail     []string
		domain   string
		org      string
		status   Status
		location Location
		label    string
		queries  int
		findings []string
	}{
		{name: "exact", domain: "example.com", org: "example.com",
			zone:   []string{`_dmarc.example.com. TXT "v=DMARC1; p=reject"`},
			status: StatusFound, location: LocationExact, label: "_dmarc.example.com", queries: 1},
		{name: "organizational", domain: "mail.eu.example.com", org: "example.com",
			zone:   []string{`_dmarc.example.com. TXT "v=DMARC1; p=quarantine"`},
			status: StatusFound, location: LocationOrganizational, label: "_dmarc.example.com", queries: 4},
		{name: "tree walk to intermediate", domain: "a.eu.example.com", org: "example.com",
			zone:   []string{`_dmarc.eu.example.com. TXT "v=DMARC1; p=reject"`, `_dmarc.example.com. TXT "v=DMARC1; p=none"`},
			status: StatusFound, location: LocationTreeWalk, label: "_dmarc.eu.example.com", queries: 4},
		{name: "public suffix with psd", domain: "example.bank", org: "example.bank",
			zone:   []string{`_dmarc.bank. TXT "v=DMARC1; p=reject; psd=y"`},
			status: StatusFound, location: LocationTreeWalk, label: "_dmarc.bank", queries: 2},
		{name: "missing everywhere", domain: "example.com", org: "example.com",
			zone:   []string{`example.com. TXT "v=spf1 -all"`},
			status: StatusMissing, queries: 2},
		{name: "multiple records means no policy", domain: "example.com", org: "example.com",
			zone:   []string{`_dmarc.example.com. TXT "v=DMARC1; p=reject"`, `_dmarc.example.com. TXT "v=DMARC1; p=none"`},
			status: StatusInvalid, location: LocationExact, label: "_dmarc.example.com", queries: 1, findings: []string{"dmarc.multiple_records"}},
		{name: "unrelated txt warned", domain: "example.com", org: "example.com",
			zone:   []string{`_dmarc.example.com. TXT "v=DMARC1; p=none"`, `_dmarc.example.com. TXT "hello"`},
			status: StatusFound, location: LocationExact, label: "_dmarc.example.com", queries: 1, findings: []string{"dmarc.unrelated_txt"}},
		{name: "duplicate tags invalid", domain: "example.com", org: "example.com",
			zone:   []string{`_dmarc.example.com. TXT "v=DMARC1; p=none; p=reject"`},
			status: StatusInvalid, location: LocationExact, label: "_dmarc.example.com", queries: 1, findings: []string{"dmarc.invalid_record"}},
		{name: "servfail is unknown not missing", domain: "example.com", org: "example.com",
			zone: []string{`_dmarc.example.com. TXT "v=DMARC1; p=reject"`}, fail: []string{"_dmarc.example.com."},
			status: StatusUnknown, queries: 1},
		{name: "servfail above closer record does not matter", domain: "a.example.com", org: "example.com",
			zone: []string{`_dmarc.example.com. TXT "v=DMARC1; p=reject"`}, fail: []string{"_dmarc.com."},
			status: StatusFound, location: LocationOrganizational, label: "_dmarc.example.com", queries: 3},
		{name: "servfail below record makes unknown", domain: "a.example.com", org: "example.com",
			zone: []string{`_dmarc.com. TXT "v=DMARC1; p=reject; psd=y"`}, fail: []string{"_dmarc.example.com."},
			status: StatusUnknown, queries: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := memresolvertest.New(t, tt.zone...)
			for _, f := range tt.fail {
				z.Fail(f)
			}
			d := Discover(context.Background(), z, tt.domain, tt.org)
			if d.Status != tt.status || d.Location != tt.location || d.Label != tt.label || len(z.Queries()) != tt.queries {
				t.Fatalf("Discover = status=%s location=%s label=%s queries=%d(%v); want %s %s %s %d",
					d.Status, d.Location, d.Label, len(z.Queries()), z.Queries(), tt.status, tt.location, tt.label, tt.queries)
			}
			if (d.Status == StatusFound) != (d.Parsed != nil) {
				t.Fatalf("Parsed = %v with status %s", d.Parsed, d.Status)
			}
			got := ids(d.Findings)
			for _, id := range tt.findings {
				if !slices.Contains(got, id) {
					t.Errorf("finding %s missing; got %v", id, got)
				}
			}
		})
	}
}

func TestVerifyDestinations(t *testing.T) {
	z := memresolvertest.New(t,
		`example.com._report._dmarc.vendor.net. TXT "v=DMARC1"`,
		`*._report._dmarc.wild.net. TXT "v=DMARC1;"`,
		`example.com._report._dmarc.wrong.net. TXT "something else"`,
	)
	z.Fail("example.com._report._dmarc.broken.net.")
	z.Fail("*._report._dmarc.broken.net.")
	rec, _, err := Parse("v=DMARC1; p=none; rua=mailto:a@example.com,mailto:b@reports.example.com,mailto:c@vendor.net,mailto:d@wild.net,mailto:e@nobody.org,mailto:f@wrong.net,mailto:g@broken.net")
	if err != nil {
		t.Fatal(err)
	}
	got := VerifyDestinations(context.Background(), z, "example.com", rec.RUA)
	want := []struct {
		external bool
		status   VerifyStatus
		verified bool
	}{
		{false, VerifyNotRequired, true},
		{false, VerifyNotRequired, true},
		{true, VerifyVerified, true},
		{true, VerifyVerified, true},
		{true, VerifyUnverified, false},
		{true, VerifyUnverified, false},
		{true, VerifyUnknown, false},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d destinations, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].External != w.external || got[i].Verification != w.status || got[i].Verified != w.verified {
			t.Errorf("%s: external=%v status=%s verified=%v; want %v %s %v", got[i].Address, got[i].External, got[i].Verification, got[i].Verified, w.external, w.status, w.verified)
		}
	}
}
