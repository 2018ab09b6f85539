package sourcetest_test

import (
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

var shapesNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// siteGet requests path of host from the sites' HTTP server with the given
// request headers.
func siteGet(t *testing.T, s *sourcetest.Sites, host, path string, header http.Header) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL("http", "127.0.0.1", path), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = net.JoinHostPort(host, strconv.Itoa(int(s.HTTPPort()))) // as a client sends it
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// TestSitesValidators: feeds and robots.txt come with the validators a
// real web server sends for static files and answer conditional requests
// with 304; HTML pages and pages setting their own validators are left as
// they are.
func TestSitesValidators(t *testing.T) {
	t.Parallel()
	nw := sourcetest.NorthwindSite(shapesNow)
	nw.Pages["/feed-with-etag.xml"] = sourcetest.SitePage{ContentType: "text/xml", Body: "<rss/>",
		Header: http.Header{"Etag": {`W/"v7"`}, "Cache-Control": {"no-cache"}}}
	s := sourcetest.NewSites(t, nw)
	const host = "northwind-robotics.com"
	for _, path := range []string{"/newsroom/rss.xml", "/robots.txt"} {
		res, body := siteGet(t, s, host, path, nil)
		etag, modified := res.Header.Get("ETag"), res.Header.Get("Last-Modified")
		if res.StatusCode != http.StatusOK || body == "" || !strings.HasPrefix(etag, `"`) || len(etag) != 18 ||
			res.Header.Get("Cache-Control") != "public, max-age=300" {
			t.Fatalf("%s: %d, ETag %q, Cache-Control %q, %d bytes", path, res.StatusCode, etag, res.Header.Get("Cache-Control"), len(body))
		}
		if _, err := http.ParseTime(modified); err != nil {
			t.Fatalf("%s: Last-Modified %q: %v", path, modified, err)
		}
		again, _ := siteGet(t, s, host, path, nil)
		if again.Header.Get("ETag") != etag {
			t.Fatalf("%s: ETag changed from %q to %q for the same body", path, etag, again.Header.Get("ETag"))
		}
		for name, h := range map[string]http.Header{
			"If-None-Match":               {"If-None-Match": {`"other", ` + etag}},
			"weak If-None-Match":          {"If-None-Match": {"W/" + etag}},
			"If-None-Match *":             {"If-None-Match": {"*"}},
			"If-Modified-Since":           {"If-Modified-Since": {modified}},
			"If-Modified-Since, later":    {"If-Modified-Since": {time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)}},
			"If-None-Match wins over IMS": {"If-None-Match": {etag}, "If-Modified-Since": {"Mon, 02 Jan 2006 15:04:05 GMT"}},
		} {
			if res, body := siteGet(t, s, host, path, h); res.StatusCode != http.StatusNotModified || body != "" {
				t.Errorf("%s with %s: %d and %d bytes, want 304 without a body", path, name, res.StatusCode, len(body))
			}
		}
		for name, h := range map[string]http.Header{
			"another ETag":              {"If-None-Match": {`"0000000000000000"`}},
			"modified since":            {"If-Modified-Since": {"Mon, 02 Jan 2006 15:04:05 GMT"}},
			"ETag mismatch despite IMS": {"If-None-Match": {`"x"`}, "If-Modified-Since": {modified}},
		} {
			if res, body := siteGet(t, s, host, path, h); res.StatusCode != http.StatusOK || body == "" {
				t.Errorf("%s with %s: %d, want 200 with the body", path, name, res.StatusCode)
			}
		}
	}
	if res, _ := siteGet(t, s, host, "/", nil); res.Header.Get("ETag") != "" || res.Header.Get("Last-Modified") != "" {
		t.Errorf("home page: ETag %q, Last-Modified %q: HTML pages get no validators", res.Header.Get("ETag"), res.Header.Get("Last-Modified"))
	}
	res, _ := siteGet(t, s, host, "/feed-with-etag.xml", http.Header{"If-None-Match": {`W/"v7"`}})
	if res.StatusCode != http.StatusNotModified || res.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("page's own ETag: %d, Cache-Control %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
}

// TestNorthwindFeedShape: the Northwind newsroom feed carries the shape of
// a large publisher's newsroom feed, and the website source's parser reads
// its items (not the titles of its image, og and author blocks).
func TestNorthwindFeedShape(t *testing.T) {
	t.Parallel()
	s := sourcetest.NewSites(t, sourcetest.NorthwindSite(shapesNow))
	res, body := siteGet(t, s, "northwind-robotics.com", "/newsroom/rss.xml", nil)
	if ct := res.Header.Get("Content-Type"); ct != "application/rss+xml; charset=utf-8" {
		t.Fatalf("Content-Type %q", ct)
	}
	for _, want := range []string{
		`<?xml version="1.0" encoding="utf-8" standalone="no"?>`, `xmlns:media="http://search.yahoo.com/mrss/"`,
		`rel="self"/>`, "<image>", "<title>Northwind Newsroom</title>", `<guid isPermaLink="false">nw-2041</guid>`,
		"<![CDATA[<img src=", `<media:content height="540" medium="image"`, "<category>Funding</category>",
		`<og xmlns:og="http://ogp.me/ns#">`, "<description></description>", `<author xmlns:author="http://www.w3.org/2005/Atom">`,
		"<title>Head of Communications</title>", "<company/>", "utm_source=rss&amp;utm_medium=feed",
		"<guid>http://northwind-robotics.com:", " GMT</pubDate>", " -0500</pubDate>",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("feed lacks %q", want)
		}
	}
	base, _ := url.Parse(s.URL("http", "northwind-robotics.com", "/newsroom/rss.xml"))
	f, err := website.ParseFeed([]byte(body), base)
	if err != nil {
		t.Fatal(err)
	}
	if f.Title != "Northwind Robotics press releases" || len(f.Entries) != 5 {
		t.Fatalf("feed %q with %d entries", f.Title, len(f.Entries))
	}
	first := f.Entries[0]
	if first.Title != "Northwind Robotics raises $48M Series B led by Harbor Ventures" || !strings.HasSuffix(first.Link, "/newsroom/series-b?utm_source=rss&utm_medium=feed") ||
		first.Precision != source.PrecisionTime || !first.Published.Equal(shapesNow.AddDate(0, 0, -3)) ||
		first.Summary != "Northwind Robotics today announced a $48 million Series B round led by Harbor Ventures to expand Atlas production." {
		t.Errorf("first entry %+v", first)
	}
	if third := f.Entries[2]; third.Precision != source.PrecisionDay || third.Link == "" {
		t.Errorf("date-only entry %+v", third)
	}
}

// TestNorthwindRobotsShape: the Northwind robots.txt has the layout of
// large sites' files and means what the site's doc says.
func TestNorthwindRobotsShape(t *testing.T) {
	t.Parallel()
	s := sourcetest.NewSites(t, sourcetest.NorthwindSite(shapesNow))
	_, body := siteGet(t, s, "northwind-robotics.com", "/robots.txt", nil)
	if strings.Count(body, "\r\n") < 20 || strings.Contains(strings.ReplaceAll(body, "\r\n", ""), "\n") || strings.HasSuffix(body, "\n") {
		t.Fatalf("robots.txt is not CRLF throughout without a final line end:\n%q", body)
	}
	for _, want := range []string{"User-agent: Googlebot\r\nUser-agent: Bingbot\r\nCrawl-delay: 2", "User-agent: *\r\n\r\nDisallow",
		"Disallow: /*.pdf$", "Sitemap: http://northwind-robotics.com:"} {
		if !strings.Contains(body, want) {
			t.Errorf("robots.txt lacks %q", want)
		}
	}
	for _, c := range []struct {
		token, path string
		allow       bool
	}{
		{website.ProductToken, "/", true}, {website.ProductToken, "/newsroom/rss.xml", true},
		{website.ProductToken, "/private/press-preview", false}, {website.ProductToken, "/private/press-kit/logos.zip", true},
		{website.ProductToken, "/search?q=atlas", false}, {website.ProductToken, "/newsroom/series-b/print", false},
		{website.ProductToken, "/newsroom/series-b/print/x", true}, {website.ProductToken, "/a?sessionid=1", false},
		{"GPTBot", "/", false}, {"CCBot", "/newsroom", false},
		{"Googlebot", "/private/press-kit/logos.zip", false}, {"Googlebot", "/search", true}, {"Bingbot", "/brochure.pdf", false},
	} {
		if got := website.ParseRobots([]byte(body), c.token).Allowed(c.path); got != c.allow {
			t.Errorf("%s: Allowed(%q) = %v, want %v", c.token, c.path, got, c.allow)
		}
	}
}

// TestAcmeAtomShape: the Acme Analytics Atom feed has a community or video
// site's layout and the parser reads every entry from it, the one whose
// only text is a media:group description included.
func TestAcmeAtomShape(t *testing.T) {
	t.Parallel()
	s := sourcetest.NewSites(t, sourcetest.AcmeAnalyticsSite(shapesNow))
	_, body := siteGet(t, s, "acme-analytics.com", "/blog/atom.xml", nil)
	for _, want := range []string{"<feed\n    xmlns=", "<icon>", "<id>/blog/atom.xml</id>", `rel="replies"`, "<media:group>",
		"</published>\n        <title>Acme launches Forecast Studio 3</title>\n    </entry>"} {
		if !strings.Contains(body, want) {
			t.Errorf("feed lacks %q", want)
		}
	}
	base, _ := url.Parse(s.URL("http", "acme-analytics.com", "/blog/atom.xml"))
	f, err := website.ParseFeed([]byte(body), base)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range f.Entries {
		got = append(got, e.Title+" | "+strings.TrimPrefix(e.Link, s.URL("http", "acme-analytics.com", ""))+" | "+e.Summary)
	}
	want := []string{
		"Acme launches Forecast Studio 3 | /blog/forecast-studio-3 | Forecast Studio 3 brings hourly forecasts to every SKU.",
		"Webinar: forecasting with Contoso | /blog/contoso-webinar | Join Acme and Contoso for a live session.",
		"Our 2026 data-privacy report | /blog/privacy-report | What we collect and why.",
		"Acme Analytics is founded | /blog/founded | Hello, world. We are Acme Analytics.",
	}
	if f.Title != "Acme Analytics blog" || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("feed %q:\n%s\nwant\n%s", f.Title, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
