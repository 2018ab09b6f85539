package website_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

// sameSites is another Source on e's fixture sites (its own home-page
// memo, the same URLs), so that two reads can be compared item for item.
func sameSites(t *testing.T, e env) *website.Source {
	t.Helper()
	src, err := website.New(website.Config{Fetcher: e.sites.Fetcher(t, 0), HTTPSPort: e.sites.HTTPSPort(),
		HTTPPort: e.sites.HTTPPort(), Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestGatherEarlyFetchesBeforeTheName: GatherEarly, given only the domain,
// makes every request Gather makes before it asks for the company's name
// (it asks once), none after, and returns what Gather returns for the
// named company.
func TestGatherEarlyFetchesBeforeTheName(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
	e.sites.SetLatency(50 * time.Millisecond)
	q := query("Northwind Robotics", "northwind-robotics.com")
	q.Company.Aliases = []string{"Northwind"}

	var asked atomic.Int32
	var before []sourcetest.SiteRequest
	early := q
	early.Company = bundle.Company{Domain: q.Company.Domain}
	got, err := e.src.GatherEarly(context.Background(), early, func(context.Context) (bundle.Company, error) {
		asked.Add(1)
		before = e.sites.Requests()
		return q.Company, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := e.sites.Requests()
	if asked.Load() != 1 {
		t.Fatalf("the name was asked for %d times, want 1", asked.Load())
	}
	if len(before) != len(all) {
		t.Fatalf("%d of %d requests were made after the name was known: %v", len(all)-len(before), len(all), all[len(before):])
	}

	want, err := sameSites(t, e).Gather(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("GatherEarly differs from Gather:\n got %+v\nwant %+v", got, want)
	}
	if n := len(e.sites.Requests()) - len(all); n != len(all) {
		t.Fatalf("GatherEarly made %d requests, Gather %d", len(all), n)
	}
	// The name was used where Gather uses it: press items are signed by
	// the company, and the home page's description describes it.
	if got.Profile.Description == nil || len(titles(got.Items, bundle.KindPress)) == 0 {
		t.Fatalf("profile %+v, %d press items", got.Profile, len(titles(got.Items, bundle.KindPress)))
	}
	for _, it := range got.Items {
		if it.Kind == bundle.KindPress && it.Doc.Publisher != "Northwind Robotics" {
			t.Fatalf("press item %s published by %q", it.Doc.URL, it.Doc.Publisher)
		}
	}
}

// TestGatherEarlyWithoutTheName: when the name never comes (the company
// could not be resolved, or the caller went away while waiting for it),
// GatherEarly returns that error and no evidence, counting the requests
// it made.
func TestGatherEarlyWithoutTheName(t *testing.T) {
	t.Parallel()
	notResolved := errors.New("company not resolved")
	for _, tc := range []struct {
		name    string
		company func(ctx context.Context, cancel context.CancelFunc) (bundle.Company, error)
		want    error
	}{
		{"resolution failed", func(context.Context, context.CancelFunc) (bundle.Company, error) {
			return bundle.Company{}, notResolved
		}, notResolved},
		{"caller went away", func(ctx context.Context, cancel context.CancelFunc) (bundle.Company, error) {
			cancel()
			<-ctx.Done()
			return bundle.Company{}, ctx.Err()
		}, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			res, err := e.src.GatherEarly(ctx, bundle.Query{Company: bundle.Company{Domain: "northwind-robotics.com"}, From: ago(90), To: fixedNow},
				func(ctx context.Context) (bundle.Company, error) { return tc.company(ctx, cancel) })
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if len(res.Items) != 0 || res.Profile.Description != nil || len(res.JobBoards) != 0 {
				t.Fatalf("evidence without a name: %+v", res)
			}
			if want := len(e.sites.Requests()); res.Usage.Contents != want {
				t.Fatalf("usage %d, want the %d requests made", res.Usage.Contents, want)
			}
		})
	}
}

// TestConcurrentHomeReadsFetchOnce: a company's resolution (Identity) and
// its early gathering (GatherEarly) starting at the same moment, several
// times over, fetch robots.txt and the home page once between them; every
// reader gets the page, Identity's name is the site's, and each
// GatherEarly returns what Gather alone returns.
func TestConcurrentHomeReadsFetchOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
	e.sites.SetLatency(100 * time.Millisecond)
	q := query("Northwind Robotics", "northwind-robotics.com")
	early := q
	early.Company = bundle.Company{Domain: q.Company.Domain}
	named := func(context.Context) (bundle.Company, error) { return q.Company, nil }

	const n = 4
	start := make(chan struct{})
	var wg sync.WaitGroup
	ids := make([]website.Identity, n)
	results := make([]bundle.Result, n)
	errs := make([]error, 2*n)
	for i := range n {
		wg.Go(func() {
			<-start
			ids[i], errs[i] = e.src.Identity(context.Background(), "northwind-robotics.com")
		})
		wg.Go(func() {
			<-start
			results[i], errs[n+i] = e.src.GatherEarly(context.Background(), early, named)
		})
	}
	close(start)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/robots.txt", "/"} {
		if got := e.sites.Fetched("northwind-robotics.com", path); got != 1 {
			t.Errorf("%s fetched %d times, want 1", path, got)
		}
	}

	alone, err := sameSites(t, e).Gather(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	home := e.sites.URL("https", "northwind-robotics.com", "/")
	usage := 0
	for i := range n {
		if ids[i].SiteName != "Northwind Robotics" || ids[i].Home.Doc.URL != home {
			t.Errorf("identity %d: %q, home %s", i, ids[i].SiteName, ids[i].Home.Doc.URL)
		}
		got := results[i]
		usage += ids[i].Usage.Contents + got.Usage.Contents
		got.Usage = alone.Usage
		if !reflect.DeepEqual(got, alone) {
			t.Errorf("GatherEarly %d differs from Gather:\n got %+v\nwant %+v", i, got, alone)
		}
	}
	// Every request was counted once, by the reader that made it.
	if want := len(e.sites.Requests()) - alone.Usage.Contents; usage != want {
		t.Errorf("usage: %d requests counted, %d made", usage, want)
	}
}
