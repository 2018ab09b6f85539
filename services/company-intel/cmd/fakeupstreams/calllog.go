package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/ats"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// maxLoggedCalls bounds the call log; calls beyond it are counted in
// Dropped, not kept.
const maxLoggedCalls = 200_000

// loggedCall is one request a provider fake or website received.
type loggedCall struct {
	Provider string  `json:"provider"`
	T        float64 `json:"t"`    // arrival, Unix milliseconds (µs precision)
	Path     string  `json:"path"` // URL path, without the query
}

// callLogReport is what GET /calls answers.
type callLogReport struct {
	Since   float64        `json:"since"` // the last reset (or the start), Unix ms
	Now     float64        `json:"now"`
	Counts  map[string]int `json:"counts"` // calls per provider
	Dropped int            `json:"dropped,omitempty"`
	Calls   []loggedCall   `json:"calls"`
}

// callLog keeps the arrival time of every request the world's providers
// receive, by provider: the fake's name (googlenews, gdelt, exa, sec,
// wikidata, website), the five ATS APIs, which share one fake, told apart
// by their paths (greenhouse, lever, ashby, workable, smartrecruiters).
// Burst runs (scripts/burst.sh) read it to count what each provider
// received and its peak rate.
type callLog struct {
	now func() time.Time

	mu      sync.Mutex
	since   time.Time
	calls   []loggedCall
	dropped int
}

func newCallLog(now func() time.Time) *callLog {
	if now == nil {
		now = time.Now
	}
	return &callLog{now: now, since: now()}
}

// add records a request the world's server named server received
// (sourcetest.World.OnRequest).
func (l *callLog) add(server string, r *http.Request) {
	c := loggedCall{Provider: provider(server, r.URL.Path), T: unixMs(l.now()), Path: r.URL.Path}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.calls) >= maxLoggedCalls {
		l.dropped++
		return
	}
	l.calls = append(l.calls, c)
}

// reset forgets every call.
func (l *callLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls, l.dropped, l.since = nil, 0, l.now()
}

func (l *callLog) report() callLogReport {
	l.mu.Lock()
	defer l.mu.Unlock()
	rep := callLogReport{Since: unixMs(l.since), Now: unixMs(l.now()), Counts: map[string]int{}, Dropped: l.dropped,
		Calls: append([]loggedCall{}, l.calls...)}
	for _, c := range l.calls {
		rep.Counts[c.Provider]++
	}
	return rep
}

// handler serves the log:
//
//	GET  /calls        every call since the last reset, in arrival order
//	POST /calls/reset  forget them
func (l *callLog) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /calls", func(rw http.ResponseWriter, _ *http.Request) {
		rw.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(rw).Encode(l.report())
	})
	mux.HandleFunc("POST /calls/reset", func(rw http.ResponseWriter, _ *http.Request) {
		l.reset()
		rw.WriteHeader(http.StatusNoContent)
	})
	return mux
}

// controlMux serves the fault switches (controlHandler) and the call log
// on the -control address.
func controlMux(w faultSwitch, calls *callLog) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/calls", calls.handler())
	mux.Handle("/calls/", calls.handler())
	mux.Handle("/", controlHandler(w))
	return mux
}

func unixMs(t time.Time) float64 { return float64(t.UnixMicro()) / 1e3 }

// atsPaths tell the five ATS APIs apart on the shared fake (the routes of
// sourcetest's ATS fake).
var atsPaths = []struct{ prefix, provider string }{
	{"/v1/boards/", ats.ProviderGreenhouse},
	{"/v0/postings/", ats.ProviderLever},
	{"/posting-api/job-board/", ats.ProviderAshby},
	{"/api/v1/widget/accounts/", ats.ProviderWorkable},
	{"/api/accounts/", ats.ProviderWorkable},
	{"/v1/companies/", ats.ProviderSmartRecruiters},
}

// provider names the provider a request to the world's server went to.
func provider(server, path string) string {
	if server != sourcetest.ServerATS {
		return server
	}
	for _, p := range atsPaths {
		if strings.HasPrefix(path, p.prefix) {
			return p.provider
		}
	}
	return server
}
