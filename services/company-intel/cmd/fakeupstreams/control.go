package main

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// faultSwitch is what the control endpoint switches (a *sourcetest.World).
type faultSwitch interface {
	SetDNSFault(sourcetest.DNSFault)
	FailAll(sourcetest.Fault)
	SetLatency(time.Duration)
}

// upstreamFaults are the faults POST /upstreams accepts ("ok" clears).
var upstreamFaults = map[string]sourcetest.Fault{
	"ok": "", "429": sourcetest.Fault429, "429-long": sourcetest.Fault429Long, "500": sourcetest.Fault500,
	"503": sourcetest.Fault503, "stall": sourcetest.FaultStall, "malformed": sourcetest.FaultMalformed,
	"404": sourcetest.FaultNotFound,
}

// controlHandler switches the world's faults at run time (fault runs,
// scripts/faults.sh), on loopback only:
//
//	POST /dns?mode=ok|servfail|timeout        the DNS server's answers
//	POST /upstreams?fault=ok|429|429-long|500|503|stall|malformed|404
//	                                          every provider fake and website
//	POST /latency?d=0s                        delay of every fake and website
//	GET  /state                               the current settings
func controlHandler(w faultSwitch) http.Handler {
	state := map[string]string{"dns": "ok", "upstreams": "ok", "latency": "0s"}
	ch := make(chan struct{}, 1) // serialises switches and reads of state
	ch <- struct{}{}
	set := func(k, v string) {
		<-ch
		state[k] = v
		ch <- struct{}{}
	}
	bad := func(rw http.ResponseWriter, msg string) { http.Error(rw, msg, http.StatusBadRequest) }
	mux := http.NewServeMux()
	mux.HandleFunc("POST /dns", func(rw http.ResponseWriter, r *http.Request) {
		mode := r.URL.Query().Get("mode")
		f, ok := sourcetest.ParseDNSFault(mode)
		if !ok {
			bad(rw, "mode: ok, servfail or timeout")
			return
		}
		w.SetDNSFault(f)
		set("dns", mode)
		rw.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /upstreams", func(rw http.ResponseWriter, r *http.Request) {
		name := r.URL.Query().Get("fault")
		f, ok := upstreamFaults[name]
		if !ok {
			bad(rw, "fault: ok, 429, 429-long, 500, 503, stall, malformed or 404")
			return
		}
		w.FailAll(f)
		set("upstreams", name)
		rw.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /latency", func(rw http.ResponseWriter, r *http.Request) {
		d, err := time.ParseDuration(r.URL.Query().Get("d"))
		if err != nil || d < 0 || d > time.Minute {
			bad(rw, "d: a duration from 0s to 1m")
			return
		}
		w.SetLatency(d)
		set("latency", d.String())
		rw.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /state", func(rw http.ResponseWriter, _ *http.Request) {
		<-ch
		b, _ := json.Marshal(state)
		ch <- struct{}{}
		rw.Header().Set("Content-Type", "application/json")
		_, _ = rw.Write(b)
	})
	return mux
}
