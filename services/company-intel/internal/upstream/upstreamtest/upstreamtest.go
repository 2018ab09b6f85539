// Package upstreamtest reads what the upstream client recorded, for the
// tests of the sources that use it.
package upstreamtest

import (
	"context"
	"testing"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Dropped collects upstream.DroppedMetric from reader by
// "upstream|reason" (e.g. "gdelt|undecodable").
func Dropped(tb testing.TB, reader *sdkmetric.ManualReader) map[string]int64 {
	tb.Helper()
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		tb.Fatal(err)
	}
	got := map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			sum, ok := m.Data.(metricdata.Sum[int64])
			if m.Name != upstream.DroppedMetric || !ok {
				continue
			}
			for _, dp := range sum.DataPoints {
				u, _ := dp.Attributes.Value("upstream")
				r, _ := dp.Attributes.Value("reason")
				got[u.AsString()+"|"+r.AsString()] += dp.Value
			}
		}
	}
	return got
}
