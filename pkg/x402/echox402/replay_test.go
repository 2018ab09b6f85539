package echox402_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402/echox402"
)

func TestMemoryReplayStore(t *testing.T) {
	now := time.Unix(1000, 0)
	s := echox402.NewMemoryReplayStore(func() time.Time { return now })
	ctx := context.Background()
	steps := []struct {
		name    string
		advance time.Duration
		op      string
		key     string
		want    bool
	}{
		{"first reservation", 0, "reserve", "a", true},
		{"second reservation of the same key", 0, "reserve", "a", false},
		{"another key", 0, "reserve", "b", true},
		{"released key can be reserved again", 0, "release+reserve", "a", true},
		{"still held before expiry", 59 * time.Second, "reserve", "b", false},
		{"expired key can be reserved again", 2 * time.Second, "reserve", "b", true},
	}
	for _, st := range steps {
		now = now.Add(st.advance)
		if st.op == "release+reserve" {
			if err := s.Release(ctx, st.key); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Reserve(ctx, st.key, time.Minute)
		if err != nil || got != st.want {
			t.Fatalf("%s: got %v err %v, want %v", st.name, got, err, st.want)
		}
	}
	// Many expired keys are swept without losing live ones.
	for i := range 3000 {
		if ok, _ := s.Reserve(ctx, fmt.Sprint("k", i), time.Second); !ok {
			t.Fatalf("k%d refused", i)
		}
	}
	now = now.Add(2 * time.Second)
	live, _ := s.Reserve(ctx, "live", time.Hour)
	for i := range 3000 {
		if ok, _ := s.Reserve(ctx, fmt.Sprint("k", i), time.Second); !ok {
			t.Fatalf("expired k%d refused", i)
		}
	}
	if again, _ := s.Reserve(ctx, "live", time.Hour); !live || again {
		t.Fatalf("live key lost: %v %v", live, again)
	}
}
