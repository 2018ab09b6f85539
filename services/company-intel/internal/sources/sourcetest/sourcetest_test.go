package sourcetest_test

import (
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestOnRequest: the hook sees each request before it is answered, faults
// included, and is removed by nil.
func TestOnRequest(t *testing.T) {
	s := sourcetest.New(t)
	s.Handle("GET /ok", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	s.FailAlways("/down", sourcetest.Fault503)
	var (
		mu   sync.Mutex
		seen []string
	)
	s.OnRequest(func(r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if n := s.Calls(); n != len(seen)+1 {
			t.Errorf("hook for %s ran with %d calls counted, want %d", r.URL.Path, n, len(seen)+1)
		}
		seen = append(seen, r.URL.Path)
	})
	get := func(path string, want int) {
		t.Helper()
		res, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != want {
			t.Fatalf("GET %s: %d, want %d", path, res.StatusCode, want)
		}
	}
	get("/ok", http.StatusNoContent)
	get("/down", http.StatusServiceUnavailable)
	s.OnRequest(nil)
	get("/ok", http.StatusNoContent)
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(seen, []string{"/ok", "/down"}) {
		t.Fatalf("hook saw %v, want [/ok /down]", seen)
	}
}
