package website_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

// TestGatherFeedFaults: a newsroom feed that fails the way real servers
// fail (rate limit, 5xx, a stall, 404, a maintenance page or JSON in place
// of XML, a body cut short) never fails the Gather: a feed that is not
// read leaves the newsroom's article pages to read instead, and a feed cut
// short gives the entries before the cut.
func TestGatherFeedFaults(t *testing.T) {
	t.Parallel()
	articles := []string{ // the newsroom's article pages, by their <title>'s first part
		"Atlas 2 is generally available", "Northwind Robotics appoints Maria Chen as COO",
		"Northwind opens European hub in Rotterdam", "Northwind Robotics raises $48M Series B",
	}
	slices.Sort(articles)
	tests := []struct {
		fault sourcetest.Fault
		want  []string // press titles, sorted
	}{
		{sourcetest.Fault429, articles},
		{sourcetest.Fault429Long, articles},
		{sourcetest.Fault500, articles},
		{sourcetest.Fault503, articles},
		{sourcetest.FaultStall, articles},
		{sourcetest.FaultNotFound, articles},
		{sourcetest.FaultOversized, articles},
		{sourcetest.FaultHTMLPage, articles},
		{sourcetest.FaultMalformed, []string{"Northwind Robotics raises $48M Series B led by Harbor Ventures"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.fault), func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, website.Config{}, time.Second, sourcetest.NorthwindSite(fixedNow))
			e.sites.FailAlways("/newsroom/rss.xml", tt.fault)
			res, err := e.src.Gather(context.Background(), query("Northwind Robotics", "northwind-robotics.com"))
			if err != nil {
				t.Fatal(err)
			}
			press := titles(res.Items, bundle.KindPress)
			slices.Sort(press)
			if !slices.Equal(press, tt.want) {
				t.Errorf("press items %q, want %q", press, tt.want)
			}
			if pages := titles(res.Items, bundle.KindPage); len(pages) != 3 {
				t.Errorf("pages %q: want the home, about and careers pages", pages)
			}
			if n := e.sites.Fetched("northwind-robotics.com", "/private/press-preview"); n != 0 {
				t.Errorf("the page robots.txt disallows was fetched %d times", n)
			}
		})
	}
}

// TestGatherRobotsFaults: robots.txt answers as RFC 9309 §2.3.1 reads them
// — 429 and 5xx: complete disallow, the site is not read; 404, an HTML
// page or JSON in place of text/plain: no rules; no answer: the site is
// unreachable — and a robots.txt cut short keeps the rules it still has.
func TestGatherRobotsFaults(t *testing.T) {
	t.Parallel()
	feed := []string{ // the feed's entries in the 90-day window
		"Northwind Robotics appoints Maria Chen as Chief Operating Officer",
		"Northwind Robotics raises $48M Series B led by Harbor Ventures", "Atlas 2 is generally available",
	}
	slices.Sort(feed)
	tests := []struct {
		fault       sourcetest.Fault
		unreachable bool
		allowAll    bool // the page the file disallows is read
	}{
		{fault: sourcetest.Fault429, unreachable: true},
		{fault: sourcetest.Fault429Long, unreachable: true},
		{fault: sourcetest.Fault500, unreachable: true},
		{fault: sourcetest.Fault503, unreachable: true},
		{fault: sourcetest.FaultStall, unreachable: true},
		{fault: sourcetest.FaultNotFound, allowAll: true},
		{fault: sourcetest.FaultHTMLPage, allowAll: true},
		{fault: sourcetest.FaultOversized, allowAll: true},
		{fault: sourcetest.FaultMalformed},
	}
	for _, tt := range tests {
		t.Run(string(tt.fault), func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, website.Config{}, time.Second, sourcetest.NorthwindSite(fixedNow))
			e.sites.FailAlways("/robots.txt", tt.fault)
			res, err := e.src.Gather(context.Background(), query("Northwind Robotics", "northwind-robotics.com"))
			if tt.unreachable {
				if !errors.Is(err, website.ErrUnreachable) || len(res.Items) != 0 {
					t.Fatalf("err %v with %d items, want ErrUnreachable and nothing", err, len(res.Items))
				}
				if reqs := e.sites.Requests(); len(reqs) != 0 {
					t.Fatalf("requests answered %v: nothing but robots.txt may be asked for", reqs)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			press := titles(res.Items, bundle.KindPress)
			slices.Sort(press)
			if !slices.Equal(press, feed) {
				t.Errorf("press items %q, want the feed's %q", press, feed)
			}
			if n := e.sites.Fetched("northwind-robotics.com", "/private/press-preview"); (n > 0) != tt.allowAll {
				t.Errorf("the page the file disallows was fetched %d times; everything allowed: %v", n, tt.allowAll)
			}
		})
	}
}
