package resolver_test

import (
	"context"
	"testing"
	"time"

	"github.com/miekg/dns"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

func TestTelemetry(t *testing.T) {
	bad := dnstest.Start(t, dnstest.Config{Refuse: true})
	good := dnstest.Start(t, dnstest.Config{ZoneFiles: zoneFiles})
	spans := tracetest.NewSpanRecorder()
	reader := sdkmetric.NewManualReader()
	r := newResolver(t, resolver.Config{
		Servers:        []string{bad.Addr(), good.Addr()},
		Timeout:        time.Second,
		TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)),
		MeterProvider:  sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)),
	})
	ctx := context.Background()
	r.Lookup(ctx, "fabrikam-logistics.com", dns.TypeA)
	r.Lookup(ctx, "fabrikam-logistics.com", dns.TypeA) // from cache: no span

	ended := spans.Ended()
	if len(ended) != 2 {
		t.Fatalf("%d spans, want one per upstream exchange (2)", len(ended))
	}
	wantOutcomes := []string{"REFUSED", "NOERROR"}
	for i, s := range ended {
		if s.Name() != "dns.exchange" {
			t.Errorf("span %d name = %q", i, s.Name())
		}
		if got := attr(s.Attributes(), "dns.outcome"); got != wantOutcomes[i] {
			t.Errorf("span %d outcome = %q, want %q", i, got, wantOutcomes[i])
		}
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if h, ok := m.Data.(metricdata.Histogram[float64]); ok {
				for _, dp := range h.DataPoints {
					outcome, _ := dp.Attributes.Value("dns.outcome")
					got[m.Name+"|"+outcome.AsString()] += int64(dp.Count)
					if dp.Sum <= 0 {
						t.Errorf("%s|%s: latency sum %v", m.Name, outcome.AsString(), dp.Sum)
					}
				}
				continue
			}
			sum, ok := m.Data.(metricdata.Sum[int64])
			if !ok {
				continue
			}
			for _, dp := range sum.DataPoints {
				outcome, _ := dp.Attributes.Value("dns.outcome")
				source, _ := dp.Attributes.Value("dns.source")
				got[m.Name+"|"+outcome.AsString()+source.AsString()] += dp.Value
			}
		}
	}
	want := map[string]int64{
		"dns.resolver.exchanges|REFUSED":         1,
		"dns.resolver.exchanges|NOERROR":         1,
		"dns.resolver.exchange.duration|REFUSED": 1,
		"dns.resolver.exchange.duration|NOERROR": 1,
		"dns.resolver.lookups|upstream":          1,
		"dns.resolver.lookups|cache":             1,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %d, want %d (all: %v)", k, got[k], v, got)
		}
	}
}

func attr(kvs []attribute.KeyValue, key string) string {
	for _, kv := range kvs {
		if string(kv.Key) == key {
			return kv.Value.String()
		}
	}
	return ""
}
