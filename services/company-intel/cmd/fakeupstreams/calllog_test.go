package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

func TestProvider(t *testing.T) {
	for _, c := range []struct{ server, path, want string }{
		{sourcetest.ServerGDELT, "/api/v2/doc/doc", "gdelt"},
		{sourcetest.ServerWebsite, "/robots.txt", "website"},
		{sourcetest.ServerWikidata, "/sparql", "wikidata"},
		{sourcetest.ServerATS, "/v1/boards/northwindrobotics/jobs", "greenhouse"},
		{sourcetest.ServerATS, "/v0/postings/acme-analytics", "lever"},
		{sourcetest.ServerATS, "/posting-api/job-board/proseware", "ashby"},
		{sourcetest.ServerATS, "/api/v1/widget/accounts/woodgrove-payments", "workable"},
		{sourcetest.ServerATS, "/api/accounts/woodgrove-payments", "workable"},
		{sourcetest.ServerATS, "/v1/companies/FabrikamMedical/postings", "smartrecruiters"},
		{sourcetest.ServerATS, "/elsewhere", "ats"},
	} {
		if got := provider(c.server, c.path); got != c.want {
			t.Errorf("provider(%q, %q) = %q, want %q", c.server, c.path, got, c.want)
		}
	}
}

// TestCallLog: GET /calls lists the calls since the last reset with their
// times and counts; POST /calls/reset forgets them.
func TestCallLog(t *testing.T) {
	clock := time.UnixMilli(1_700_000_000_000)
	l := newCallLog(func() time.Time { return clock })
	srv := httptest.NewServer(l.handler())
	defer srv.Close()
	req := func(path string) *http.Request {
		return httptest.NewRequest(http.MethodGet, "http://x"+path+"?q=1", nil)
	}
	l.add(sourcetest.ServerGDELT, req("/api/v2/doc/doc"))
	clock = clock.Add(1500 * time.Microsecond)
	l.add(sourcetest.ServerATS, req("/v0/postings/acme"))
	l.add(sourcetest.ServerGDELT, req("/api/v2/doc/doc"))

	get := func() callLogReport {
		t.Helper()
		res, err := http.Get(srv.URL + "/calls")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var rep callLogReport
		if err := json.NewDecoder(res.Body).Decode(&rep); err != nil {
			t.Fatal(err)
		}
		return rep
	}
	rep := get()
	if rep.Counts["gdelt"] != 2 || rep.Counts["lever"] != 1 || len(rep.Calls) != 3 {
		t.Fatalf("report %+v", rep)
	}
	if c := rep.Calls[1]; c.Provider != "lever" || c.Path != "/v0/postings/acme" || c.T != 1_700_000_000_001.5 {
		t.Errorf("second call %+v", c)
	}
	if rep.Since != 1_700_000_000_000 || rep.Now != 1_700_000_000_001.5 {
		t.Errorf("since %v, now %v", rep.Since, rep.Now)
	}

	res, err := http.Post(srv.URL+"/calls/reset", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		t.Fatalf("reset: %d", res.StatusCode)
	}
	if rep := get(); len(rep.Calls) != 0 || len(rep.Counts) != 0 || rep.Since != 1_700_000_000_001.5 {
		t.Fatalf("after reset: %+v", rep)
	}
}

// TestCallLogBounded: beyond maxLoggedCalls calls are counted, not kept.
func TestCallLogBounded(t *testing.T) {
	l := newCallLog(nil)
	r := httptest.NewRequest(http.MethodGet, "http://x/api/v2/doc/doc", nil)
	for range maxLoggedCalls + 3 {
		l.add(sourcetest.ServerGDELT, r)
	}
	if rep := l.report(); len(rep.Calls) != maxLoggedCalls || rep.Dropped != 3 {
		t.Fatalf("%d calls kept, %d dropped", len(rep.Calls), rep.Dropped)
	}
}

// TestControlMux: the call log and the fault switches on one address.
func TestControlMux(t *testing.T) {
	sw := &fakeSwitch{}
	srv := httptest.NewServer(controlMux(sw, newCallLog(nil)))
	defer srv.Close()
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/calls", 200},
		{"POST", "/calls/reset", 204},
		{"GET", "/calls/reset", 405},
		{"POST", "/latency?d=1s", 204},
		{"GET", "/state", 200},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != c.want {
			t.Errorf("%s %s = %d, want %d", c.method, c.path, res.StatusCode, c.want)
		}
	}
	if len(sw.latency) != 1 || sw.latency[0] != time.Second {
		t.Errorf("latency switches %v", sw.latency)
	}
}
