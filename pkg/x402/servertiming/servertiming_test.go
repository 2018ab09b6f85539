package servertiming_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402/servertiming"
)

func TestHeader(t *testing.T) {
	ctx, tm := servertiming.With(context.Background())
	if again, same := servertiming.With(ctx); again != ctx || same != tm {
		t.Fatal("With on a context that carries a collector must return it")
	}
	tm.Add("verify", 12345*time.Microsecond, "")
	tm.Add("work", 40*time.Millisecond+60*time.Microsecond, "miss")
	tm.Add("settle", 0, `say "hi"`)
	want := `verify;dur=12.3, work;dur=40.1;desc="miss", settle;dur=0.0;desc="say \"hi\""`
	if got := servertiming.From(ctx).String(); got != want {
		t.Errorf("header %q\nwant   %q", got, want)
	}
	var none *servertiming.Timings
	none.Add("x", time.Second, "") // a nil collector records nothing
	if none.String() != "" || servertiming.From(context.Background()) != nil {
		t.Error("nil collector")
	}
}

func TestConcurrentAdds(t *testing.T) {
	_, tm := servertiming.With(context.Background())
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { tm.Add("work", time.Millisecond, "") })
	}
	wg.Wait()
	if n := len(tm.Metrics()); n != 50 {
		t.Errorf("%d metrics", n)
	}
}
