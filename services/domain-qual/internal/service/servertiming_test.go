package service_test

import (
	"net/http"
	"strings"
	"testing"
)

// Every paid answer carries Server-Timing: verify, the work (with whether
// the cache answered) and settle, as measured where they happen; the
// challenge says it asked for payment.
func TestServerTimingOnPaidAnswers(t *testing.T) {
	h := newHarness(t, zoneConfig(), nil)
	if res, _ := h.get(t, http.DefaultClient, pathClassify, "domain=127.0.0.1"); res.StatusCode != http.StatusBadRequest ||
		!strings.Contains(res.Header.Get("Server-Timing"), `validate;dur=`) || !strings.Contains(res.Header.Get("Server-Timing"), `desc="refused"`) {
		t.Errorf("400: Server-Timing %q", res.Header.Get("Server-Timing"))
	}
	res, _ := h.get(t, http.DefaultClient, pathClassify, "domain=tailwind-traders.com")
	if res.StatusCode != http.StatusPaymentRequired || !strings.Contains(res.Header.Get("Server-Timing"), `x402;dur=`) {
		t.Errorf("challenge: %d Server-Timing %q", res.StatusCode, res.Header.Get("Server-Timing"))
	}
	for _, want := range []string{"cache miss", "cache hit"} {
		res, body := h.get(t, h.paid, pathClassify, "domain=tailwind-traders.com")
		st := res.Header.Get("Server-Timing")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, body)
		}
		p := serverTiming(st)
		for _, phase := range []string{"validate", "precheck", "verify", "work", "settle"} {
			if _, ok := p[phase]; !ok {
				t.Errorf("%s: no %s phase in %q", want, phase, st)
			}
		}
		if !strings.Contains(st, `work;dur=`) || !strings.Contains(st, `desc="`+want+`"`) {
			t.Errorf("Server-Timing %q does not describe the work as %q", st, want)
		}
	}
}
