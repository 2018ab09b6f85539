package upstream_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"

	"github.com/intel402/intel402/services/company-intel/internal/upstream"
	"github.com/intel402/intel402/services/company-intel/internal/upstream/upstreamtest"
)

func TestDroppedCountsAndLogsWithoutContent(t *testing.T) {
	t.Parallel()
	reader := sdkmetric.NewManualReader()
	var logs bytes.Buffer
	c := upstream.New(upstream.Config{
		Name:          "gdelt",
		MeterProvider: sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)),
		Logger:        slog.New(slog.NewTextHandler(&logs, nil)),
	})
	ctx := context.Background()
	c.Dropped(ctx, "undecodable", 2)
	c.Dropped(ctx, "undecodable", 1)
	c.Dropped(ctx, "bad_url", 1)
	c.Dropped(ctx, "undecodable", 0) // nothing dropped: nothing recorded
	got := upstreamtest.Dropped(t, reader)
	want := map[string]int64{"gdelt|undecodable": 3, "gdelt|bad_url": 1}
	if len(got) != len(want) {
		t.Fatalf("dropped = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("dropped[%s] = %d, want %d", k, got[k], v)
		}
	}
	if n := strings.Count(logs.String(), "level=WARN"); n != 3 || !strings.Contains(logs.String(), "count=2") {
		t.Errorf("logs = %q, want three warnings with their counts", logs.String())
	}
}
