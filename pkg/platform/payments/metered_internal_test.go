package payments

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/telemetry"
	"github.com/intel402/intel402/pkg/x402"
)

// slowFacilitator answers after a delay: valid, then settled, then down.
type slowFacilitator struct {
	delay time.Duration
	down  bool
}

func (f slowFacilitator) Verify(context.Context, x402.PaymentPayload, x402.PaymentRequirements) (x402.VerifyResponse, error) {
	time.Sleep(f.delay)
	if f.down {
		return x402.VerifyResponse{}, errors.New("facilitator down")
	}
	return x402.VerifyResponse{IsValid: true}, nil
}

func (f slowFacilitator) Settle(context.Context, x402.PaymentPayload, x402.PaymentRequirements) (x402.SettleResponse, error) {
	time.Sleep(f.delay)
	return x402.SettleResponse{Success: true}, nil
}

func (f slowFacilitator) Supported(context.Context) (x402.SupportedResponse, error) {
	return x402.SupportedResponse{}, nil
}

// TestMeteredFacilitator: verify and settle are timed per outcome, and a
// settlement adds its amount.
func TestMeteredFacilitator(t *testing.T) {
	reader := sdkmetric.NewManualReader()
	prev := otel.GetMeterProvider()
	otel.SetMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)))
	t.Cleanup(func() { otel.SetMeterProvider(prev) })
	m, err := telemetry.NewMetrics()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	req := x402.PaymentRequirements{Amount: "250000"}
	up := &metered{inner: slowFacilitator{delay: 20 * time.Millisecond}, m: m}
	if _, err := up.Verify(ctx, x402.PaymentPayload{}, req); err != nil {
		t.Fatal(err)
	}
	if _, err := up.Settle(ctx, x402.PaymentPayload{}, req); err != nil {
		t.Fatal(err)
	}
	down := &metered{inner: slowFacilitator{down: true}, m: m}
	_, _ = down.Verify(ctx, x402.PaymentPayload{}, req)

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	count, sum, amount := map[string]uint64{}, map[string]float64{}, int64(0)
	for _, sm := range rm.ScopeMetrics {
		for _, mt := range sm.Metrics {
			switch d := mt.Data.(type) {
			case metricdata.Histogram[float64]:
				if mt.Name != "intel402.facilitator.duration" {
					continue
				}
				for _, dp := range d.DataPoints {
					op, _ := dp.Attributes.Value("op")
					outcome, _ := dp.Attributes.Value("outcome")
					k := op.AsString() + "/" + outcome.AsString()
					count[k] += dp.Count
					sum[k] += dp.Sum
				}
			case metricdata.Sum[int64]:
				if mt.Name == "intel402.payments.amount" {
					for _, dp := range d.DataPoints {
						amount += dp.Value
					}
				}
			}
		}
	}
	for _, k := range []string{"verify/verified", "settle/settled", "verify/verify_unavailable"} {
		if count[k] != 1 {
			t.Errorf("%s: %d observations, want 1 (all: %v)", k, count[k], count)
		}
	}
	if sum["verify/verified"] < 0.02 || sum["settle/settled"] < 0.02 {
		t.Errorf("latencies %v, want at least the 20 ms the facilitator took", sum)
	}
	if amount != 250000 {
		t.Errorf("settled amount %d, want 250000", amount)
	}
}

// TestReplayMetered: a refused reservation is counted as replayed; a
// granted one is not.
func TestReplayMetered(t *testing.T) {
	reader := sdkmetric.NewManualReader()
	prev := otel.GetMeterProvider()
	otel.SetMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)))
	t.Cleanup(func() { otel.SetMeterProvider(prev) })
	m, err := telemetry.NewMetrics()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := replayMetered{Store: cache.NewMemory(16), m: m}
	for i, want := range []bool{true, false, false} {
		if ok, err := r.Reserve(ctx, "x402:auth:a:1", time.Minute); err != nil || ok != want {
			t.Fatalf("reserve %d = %v, %v; want %v", i, ok, err, want)
		}
	}
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	var replayed int64
	for _, sm := range rm.ScopeMetrics {
		for _, mt := range sm.Metrics {
			if d, ok := mt.Data.(metricdata.Sum[int64]); ok && mt.Name == "intel402.payments" {
				for _, dp := range d.DataPoints {
					if o, _ := dp.Attributes.Value("outcome"); o.AsString() == "replayed" {
						replayed += dp.Value
					}
				}
			}
		}
	}
	if replayed != 2 {
		t.Fatalf("replayed = %d, want 2", replayed)
	}
}
