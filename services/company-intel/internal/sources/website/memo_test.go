package website_test

import (
	"context"
	"net/url"
	"reflect"
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

// TestIdentityThenGatherReadsHomeOnce: resolution (Identity) and gathering
// (Gather) of one request read robots.txt and the home page once; Gather
// then reports only the requests it made, and its result is the same as a
// Gather on its own.
func TestIdentityThenGatherReadsHomeOnce(t *testing.T) {
	t.Parallel()
	alone := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
	want, err := alone.src.Gather(context.Background(), query("Northwind Robotics", "northwind-robotics.com"))
	if err != nil {
		t.Fatal(err)
	}

	e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
	id, err := e.src.Identity(context.Background(), "northwind-robotics.com")
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.src.Gather(context.Background(), query("Northwind Robotics", "northwind-robotics.com"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/robots.txt", "/"} {
		if n := e.sites.Fetched("northwind-robotics.com", path); n != 1 {
			t.Fatalf("%s fetched %d times, want 1", path, n)
		}
	}
	if got.Usage.Contents+id.Usage.Contents != want.Usage.Contents {
		t.Fatalf("usage: identity %d + gather %d, want %d together", id.Usage.Contents, got.Usage.Contents, want.Usage.Contents)
	}
	var gotURLs, wantURLs []string
	for _, it := range got.Items {
		gotURLs = append(gotURLs, pathOf(t, it.Doc.URL))
	}
	for _, it := range want.Items {
		wantURLs = append(wantURLs, pathOf(t, it.Doc.URL))
	}
	if !reflect.DeepEqual(gotURLs, wantURLs) || !reflect.DeepEqual(got.JobBoards, want.JobBoards) ||
		got.Profile.Description == nil || want.Profile.Description == nil || got.Profile.Description.Value != want.Profile.Description.Value {
		t.Fatalf("gather after identity differs:\n got %v %v\nwant %v %v", gotURLs, got.JobBoards, wantURLs, want.JobBoards)
	}
}

// pathOf is a URL's path (the fixture servers' ports differ between envs).
func pathOf(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Path
}
