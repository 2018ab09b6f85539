package website_test

import (
	"context"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

// TestOversizedPageAndMalformedFeed: a home page larger than the fetcher's
// body cap is read up to the cap (its head still names the feed), and a
// feed cut off in the middle of an entry yields the entries before the cut;
// neither fails the Gather.
func TestOversizedPageAndMalformedFeed(t *testing.T) {
	t.Parallel()
	padding := strings.Repeat("<p>filler paragraph for an oversized page</p>\n", (fetch.DefaultMaxBodyBytes/40)+1000)
	feed := rss(rssItem("/news/denver", "Contoso Freight opens Denver hub", ago(1)), rssItem("/news/cfo", "Contoso Freight names new CFO", ago(2)))
	feed.Body = feed.Body[:strings.Index(feed.Body, "names new CFO")]
	e := newEnv(t, website.Config{}, 0, site("contoso-freight.com", map[string]sourcetest.SitePage{
		"/":         html(`<link rel="alternate" type="application/rss+xml" href="/feed.xml">`, padding),
		"/feed.xml": feed,
	}))
	if len(padding) <= fetch.DefaultMaxBodyBytes {
		t.Fatalf("home page is %d bytes, not over the %d-byte cap", len(padding), fetch.DefaultMaxBodyBytes)
	}
	res, err := e.src.Gather(context.Background(), query("Contoso Freight", "contoso-freight.com"))
	if err != nil {
		t.Fatal(err)
	}
	var press []string
	home := false
	for _, it := range res.Items {
		switch it.Kind {
		case bundle.KindPress:
			press = append(press, it.Doc.Title)
		case bundle.KindPage:
			home = home || strings.HasSuffix(it.Doc.URL, "/")
		}
	}
	if !home || len(press) != 1 || press[0] != "Contoso Freight opens Denver hub" {
		t.Fatalf("home item %v, press items %q: want the home page and the entry before the cut", home, press)
	}
}
