package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

type fakeSwitch struct {
	dns     []sourcetest.DNSFault
	faults  []sourcetest.Fault
	latency []time.Duration
}

func (f *fakeSwitch) SetDNSFault(d sourcetest.DNSFault) { f.dns = append(f.dns, d) }
func (f *fakeSwitch) FailAll(x sourcetest.Fault)        { f.faults = append(f.faults, x) }
func (f *fakeSwitch) SetLatency(d time.Duration)        { f.latency = append(f.latency, d) }

func TestControlHandler(t *testing.T) {
	sw := &fakeSwitch{}
	srv := httptest.NewServer(controlHandler(sw))
	defer srv.Close()
	do := func(method, path string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{"POST", "/dns?mode=servfail", 204},
		{"POST", "/dns?mode=timeout", 204},
		{"POST", "/dns?mode=nxdomain", 400},
		{"POST", "/upstreams?fault=429", 204},
		{"POST", "/upstreams?fault=503", 204},
		{"POST", "/upstreams?fault=teapot", 400},
		{"POST", "/latency?d=2s", 204},
		{"POST", "/latency?d=-1s", 400},
		{"GET", "/dns?mode=ok", 405},
		{"POST", "/upstreams?fault=ok", 204},
	} {
		if got, body := do(c.method, c.path); got != c.want {
			t.Errorf("%s %s = %d %s, want %d", c.method, c.path, got, body, c.want)
		}
	}
	if want := []sourcetest.DNSFault{sourcetest.DNSServfail, sourcetest.DNSTimeout}; !equal(sw.dns, want) {
		t.Errorf("dns switches %v, want %v", sw.dns, want)
	}
	if want := []sourcetest.Fault{sourcetest.Fault429, sourcetest.Fault503, ""}; !equal(sw.faults, want) {
		t.Errorf("upstream switches %v, want %v", sw.faults, want)
	}
	if want := []time.Duration{2 * time.Second}; !equal(sw.latency, want) {
		t.Errorf("latency switches %v, want %v", sw.latency, want)
	}
	if code, body := do("GET", "/state"); code != 200 || !strings.Contains(body, `"dns":"timeout"`) ||
		!strings.Contains(body, `"upstreams":"ok"`) || !strings.Contains(body, `"latency":"2s"`) {
		t.Errorf("state = %d %s", code, body)
	}
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestControlMustBeLoopback(t *testing.T) {
	if err := run(false, 0, "", "0.0.0.0:0"); err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("run with -control 0.0.0.0:0: %v", err)
	}
}
