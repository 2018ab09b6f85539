package batch_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/batch"
)

// BenchmarkBatch100Distinct20ms classifies 100 distinct domains through the
// real classifier and resolver (answer cache off) against a DNS server that
// adds 20 ms to every answer, for several worker counts. Besides ns/op it
// reports the peak goroutine count (runtime.NumGoroutine sampled every
// millisecond), the heap in use after the run and the allocations.
func BenchmarkBatch100Distinct20ms(b *testing.B) {
	e := setup(b, dnstest.Config{Latency: 20 * time.Millisecond}, 2*time.Second)
	inputs := entries(batch.MaxDomains)
	for _, workers := range []int{8, batch.DefaultWorkers, 32, 100} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			bt := newBatcher(b, e.c, workers)
			stop, peak := sampleGoroutines()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				res := bt.Classify(context.Background(), inputs)
				if res.Succeeded != batch.MaxDomains {
					b.Fatalf("succeeded = %d, want %d", res.Succeeded, batch.MaxDomains)
				}
			}
			b.StopTimer()
			stop()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(peak()), "peak-goroutines")
			b.ReportMetric(float64(ms.HeapInuse), "heap-inuse-bytes")
		})
	}
}

// sampleGoroutines samples runtime.NumGoroutine every millisecond until
// stop is called; peak returns the largest sample.
func sampleGoroutines() (stop func(), peak func() int) {
	var (
		mu   sync.Mutex
		max  int
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	wg.Go(func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				n := runtime.NumGoroutine()
				mu.Lock()
				if n > max {
					max = n
				}
				mu.Unlock()
			}
		}
	})
	return func() { close(done); wg.Wait() }, func() int {
		mu.Lock()
		defer mu.Unlock()
		return max
	}
}
