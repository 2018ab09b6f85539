package service

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/cache"
	pconfig "github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/services/company-intel/internal/config"
	"github.com/intel402/intel402/services/company-intel/internal/report"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// BenchmarkSignalsMiss200ms measures one cold signals MISS — company
// resolution, every source, analysis — against the fixture world with 200
// ms added to every upstream answer (each iteration builds fresh sources
// and an empty cache, so nothing is reused). It reports the upstream calls
// made and what they would take one after another (calls × 200 ms), to
// compare with the measured time: sources run concurrently, so a MISS
// costs about the longest chain of dependent calls (the website's robots →
// home → newsroom → feed → job board), not the sum.
//
//	go test -run '^$' -bench SignalsMiss200ms -benchtime 5x ./services/company-intel/internal/service/
func BenchmarkSignalsMiss200ms(b *testing.B) {
	const latency = 200 * time.Millisecond
	w := sourcetest.StartWorld(b, time.Now().UTC())
	w.SetLatency(latency)
	env := w.Env()
	env["X402_PAY_TO"] = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
	env["X402_FACILITATOR_URL"] = "http://127.0.0.1:1"
	env["RESEARCH_TIMEOUT"] = "30s"
	cfg, _, err := config.Load(pconfig.Map(env))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	in, err := resolve.ParseInput("northwind-robotics.com")
	if err != nil {
		b.Fatal(err)
	}
	calls := 0
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		rt, err := app.Start(ctx, Name, "bench", cfg.Base, io.Discard, nil)
		if err != nil {
			b.Fatal(err)
		}
		rt.Store = cache.NewMemory(1000)
		r, err := newResearcher(rt, cfg, nil)
		if err != nil {
			b.Fatal(err)
		}
		before := w.Calls()
		b.StartTimer()
		out, err := r.Research(ctx, in, 90)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := report.Signals(out, time.Now()); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		calls += w.Calls() - before
		if out.Bundle.Partial {
			b.Fatalf("partial bundle: %+v", out.Bundle.Failures)
		}
		_ = rt.Close(ctx)
		b.StartTimer()
	}
	n := float64(b.N)
	b.ReportMetric(float64(calls)/n, "upstream_calls/op")
	b.ReportMetric(float64(calls)*latency.Seconds()/n, "serial_s/op")
}
