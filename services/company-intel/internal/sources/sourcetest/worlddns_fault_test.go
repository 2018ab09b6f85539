package sourcetest_test

import (
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

func TestWorldDNSFaults(t *testing.T) {
	w, err := sourcetest.OpenWorld(time.Now(), sourcetest.WorldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	query := func() (*dns.Msg, error) {
		m := new(dns.Msg)
		m.SetQuestion("northwind-robotics.com.", dns.TypeA)
		c := &dns.Client{Timeout: 300 * time.Millisecond}
		r, _, err := c.Exchange(m, w.DNSAddr())
		return r, err
	}
	if r, err := query(); err != nil || r.Rcode != dns.RcodeSuccess || len(r.Answer) == 0 {
		t.Fatalf("ok: %v, %v", r, err)
	}
	w.SetDNSFault(sourcetest.DNSServfail)
	if r, err := query(); err != nil || r.Rcode != dns.RcodeServerFailure {
		t.Errorf("servfail: %v, %v", r, err)
	}
	w.SetDNSFault(sourcetest.DNSTimeout)
	if r, err := query(); err == nil {
		t.Errorf("timeout: answered %v", r)
	}
	w.SetDNSFault(sourcetest.DNSOK)
	if r, err := query(); err != nil || r.Rcode != dns.RcodeSuccess || len(r.Answer) == 0 {
		t.Errorf("ok again: %v, %v", r, err)
	}
	for in, want := range map[string]sourcetest.DNSFault{"ok": sourcetest.DNSOK, "": sourcetest.DNSOK,
		"servfail": sourcetest.DNSServfail, "timeout": sourcetest.DNSTimeout} {
		if got, ok := sourcetest.ParseDNSFault(in); !ok || got != want {
			t.Errorf("ParseDNSFault(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := sourcetest.ParseDNSFault("nxdomain"); ok {
		t.Error("ParseDNSFault accepted nxdomain")
	}
}
