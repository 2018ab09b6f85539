package sourcetest_test

import (
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestWorldOnRequest: the world's hook names the server of every request,
// the websites' included, and nil removes it everywhere.
func TestWorldOnRequest(t *testing.T) {
	w := sourcetest.StartWorld(t, time.Now())
	var (
		mu   sync.Mutex
		seen []string
	)
	w.OnRequest(func(server string, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, server)
	})
	get := func(url, host string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
	}
	site := "http://127.0.0.1:" + strconv.Itoa(int(w.Sites().HTTPPort())) + "/"
	urls := []string{
		w.GoogleNews().URL + sourcetest.GoogleNewsPath, w.GDELT().URL + sourcetest.GDELTPath, w.Exa().URL + "/search",
		w.SEC().URL + "/files/company_tickers.json", w.Wikidata().URL + sourcetest.WikidataAPIPath,
		w.ATS().URL + "/v0/postings/none",
	}
	for _, u := range urls {
		get(u, "")
	}
	get(site, "northwind-robotics.com")
	want := []string{sourcetest.ServerGoogleNews, sourcetest.ServerGDELT, sourcetest.ServerExa, sourcetest.ServerSEC,
		sourcetest.ServerWikidata, sourcetest.ServerATS, sourcetest.ServerWebsite}
	mu.Lock()
	got := slices.Clone(seen)
	mu.Unlock()
	if !slices.Equal(got, want) {
		t.Fatalf("hook saw %v, want %v", got, want)
	}
	w.OnRequest(nil)
	get(urls[0], "")
	get(site, "northwind-robotics.com")
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != len(want) {
		t.Fatalf("after OnRequest(nil) the hook still saw %v", seen[len(want):])
	}
}
