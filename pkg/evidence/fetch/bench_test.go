package fetch_test

import (
	"context"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/fetch"
)

// BenchmarkFetchLoopback measures the fetcher's own overhead against an
// allow-listed loopback fixture (keep-alive connections are reused).
func BenchmarkFetchLoopback(b *testing.B) {
	srv, f := newFixture(b, false, fetch.Config{})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Fetch(ctx, srv.URL+"/", fetch.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFetchRefused measures how fast an SSRF attempt is refused.
func BenchmarkFetchRefused(b *testing.B) {
	f := fetch.New(fetch.Config{Resolver: newSequenceResolver(nil)})
	defer f.Close()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Fetch(ctx, "http://169.254.169.254/", fetch.Options{}); fetch.CodeOf(err) != fetch.CodeBlockedAddress {
			b.Fatal(err)
		}
	}
}
