// Package servertiming collects the phases of one paid request (payment
// verification, the work, settlement) and renders them as a W3C
// Server-Timing header (https://www.w3.org/TR/server-timing/), so an agent's
// operator can see where a paid call's time went. The x402 middleware and
// the use-case runner record into the collector carried by the request's
// context; the middleware writes the header.
package servertiming

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Header is the response header name.
const Header = "Server-Timing"

// Metric is one measured phase.
type Metric struct {
	Name     string        // token, e.g. "verify"
	Duration time.Duration // how long it took
	Desc     string        // optional description, e.g. "miss"
}

// Timings collects the metrics of one request. It is safe for concurrent
// use (verify and the work may run at the same time).
type Timings struct {
	mu      sync.Mutex
	metrics []Metric
}

type key struct{}

// With returns ctx carrying t; when ctx already carries a collector, that
// one is returned with ctx unchanged.
func With(ctx context.Context) (context.Context, *Timings) {
	if t := From(ctx); t != nil {
		return ctx, t
	}
	t := &Timings{}
	return context.WithValue(ctx, key{}, t), t
}

// From returns the collector ctx carries, or nil.
func From(ctx context.Context) *Timings {
	t, _ := ctx.Value(key{}).(*Timings)
	return t
}

// Add records a metric. A nil collector records nothing, so callers need
// no check.
func (t *Timings) Add(name string, d time.Duration, desc string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.metrics = append(t.metrics, Metric{Name: name, Duration: d, Desc: desc})
	t.mu.Unlock()
}

// Since records the time elapsed since start.
func (t *Timings) Since(name string, start time.Time, desc string) {
	t.Add(name, time.Since(start), desc)
}

// Metrics returns a copy of what was recorded, in order.
func (t *Timings) Metrics() []Metric {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Metric(nil), t.metrics...)
}

// String renders the header value: `verify;dur=12.3, work;dur=40.1;desc="miss"`
// (durations in milliseconds, one decimal).
func (t *Timings) String() string {
	var b strings.Builder
	for i, m := range t.Metrics() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.Name)
		b.WriteString(";dur=")
		b.WriteString(strconv.FormatFloat(float64(m.Duration.Microseconds())/1000, 'f', 1, 64))
		if m.Desc != "" {
			b.WriteString(`;desc="`)
			b.WriteString(strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(m.Desc))
			b.WriteString(`"`)
		}
	}
	return b.String()
}
