package sourcetest

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// NorthwindSite is a website with the shapes of real sites the world's
// generated sites lack, at northwind-robotics.com (testdata/sites),
// dated relative to now, served over HTTPS and HTTP:
//   - /robots.txt, in the shape of large sites' files (CRLF line ends,
//     comments, no final line end; groups of several User-agent lines,
//     Crawl-delay, blank lines inside a group, '*' and '$' rules, Sitemap
//     lines): "*" may not fetch /private/ (but /private/press-kit/),
//     /search, a ?sessionid= URL or a /print page; Googlebot and Bingbot
//     have a group of their own; GPTBot and CCBot may fetch nothing.
//   - /: og:site_name "Northwind Robotics", a description, links to
//     /newsroom, /private/press-preview (disallowed), /about, /careers and
//     /contact, and to one article.
//   - /newsroom: declares /newsroom/rss.xml (rel=alternate) and links its
//     articles.
//   - /newsroom/rss.xml: an RSS 2.0 feed in the shape large publishers'
//     newsrooms send (the Atom, content, Dublin Core and Media RSS
//     namespaces declared on <rss>, standalone="no", an atom:link
//     rel=self, a channel <image> whose <title> is not the channel's,
//     items with media:content, <category> lists, and an <og> and an
//     <author> block that both have a <title> of their own) with five
//     items: Series B (now-3d, -0500, an opaque guid, a tracking link,
//     CDATA HTML after an image), Atlas 2 GA (now-12d, GMT), COO
//     appointment (now-30d, date only), Rotterdam hub (now-200d) and an
//     item linking off the site (logistics-weekly.example, now-5d).
//   - /careers: links the Greenhouse board "northwindrobotics" (board root
//     and one posting).
//   - /about ("About us"): a meta description and two paragraphs of body
//     text between a header (a nav and a banner paragraph) and a footer.
//   - the article pages and /private/press-preview.
func NorthwindSite(now time.Time) Site { return fileSite("northwind-robotics.com", now) }

// AcmeAnalyticsSite is a website with more shapes of real sites, at
// acme-analytics.com (testdata/sites), dated relative to now, served over
// HTTP only (no TLS) and without a robots.txt (404: everything allowed):
//   - /: title "Home | Acme Analytics" (no og:site_name), a meta
//     description too short to describe the company ("Welcome to Acme
//     Analytics"), declares the Atom feed /blog/atom.xml, links /press
//     ("Press"), /jobs and /about.
//   - /blog/atom.xml: Atom 1.0 in the shape community and video sites send
//     (the Media RSS namespace; the feed's title after its category, icon,
//     relative id, links and subtitle; in entries, author and category
//     first, a "replies" link before the alternate one, the title last)
//     with four entries: Forecast Studio 3 (now-2d, +02:00, HTML summary),
//     Contoso webinar (updated only, now-20d, XHTML content), a date-only
//     entry (now-45d) and one from now-400d whose only text is a
//     <media:group> description.
//   - /press: a newsroom without a feed listing five articles dated by
//     article:published_time (now-4d), JSON-LD datePublished (now-9d), a
//     <time datetime> date (now-60d), nothing (undated) and a <time> from
//     now-300d.
//   - /jobs: links the Ashby board "acme-analytics" and a Workable posting
//     of the account "acme-analytics".
//   - /about: a placeholder meta description ("Just another WordPress
//     site") and a first paragraph of three sentences that describes the
//     company, then a second paragraph.
func AcmeAnalyticsSite(now time.Time) Site { return fileSite("acme-analytics.com", now) }

// siteFiles are the pages of the websites' shapes fixtures: a site is a
// directory testdata/sites/<domain>/ whose files are its pages (index.html
// is "/", a.html is "/a", other files keep their names) and a file
// testdata/sites/<domain>.json giving NoTLS, the Content-Type of the pages
// that are not HTML and the pages served with CRLF line ends.
//
//go:embed testdata/sites
var siteFiles embed.FS

// siteAgo is a date in a fixture page: {{ago DAYS ZONE LAYOUT}} is now
// less DAYS calendar days, in ZONE (a key of siteClocks), written in
// LAYOUT (a key of siteLayouts).
var siteAgo = regexp.MustCompile(`\{\{ago (\d+) (\w+) (\w+)\}\}`)

var siteLayouts = map[string]string{
	"RFC1123Z": time.RFC1123Z, "RFC3339": time.RFC3339, "DateOnly": time.DateOnly,
	"GMT": "Mon, 02 Jan 2006 15:04:05 GMT", "Date": "Mon, 02 Jan 2006", "Long": "January 2, 2006",
}

// fileSite reads the site of domain from siteFiles, dated relative to
// now; a fixture that does not read is a bug of this package and panics.
func fileSite(domain string, now time.Time) Site {
	s, err := readSite(domain, now)
	if err != nil {
		panic(fmt.Sprintf("sourcetest: testdata/sites/%s: %v", domain, err))
	}
	return s
}

func readSite(domain string, now time.Time) (Site, error) {
	root := "testdata/sites/" + domain
	b, err := siteFiles.ReadFile(root + ".json")
	if err != nil {
		return Site{}, err
	}
	var man struct {
		NoTLS        bool
		ContentTypes map[string]string
		CRLF         []string
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&man); err != nil {
		return Site{}, err
	}
	site := Site{Domain: domain, NoTLS: man.NoTLS, Pages: map[string]SitePage{}}
	err = fs.WalkDir(siteFiles, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := siteFiles.ReadFile(name)
		if err != nil {
			return err
		}
		path := strings.TrimSuffix(strings.TrimPrefix(name, root), ".html")
		if path == "/index" {
			path = "/"
		}
		body, err := siteDates(string(b), now)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if slices.Contains(man.CRLF, path) {
			body = strings.ReplaceAll(body, "\n", "\r\n")
		}
		site.Pages[path] = SitePage{Body: body, ContentType: man.ContentTypes[path]}
		return nil
	})
	return site, err
}

// siteDates replaces the {{ago …}} dates of body.
func siteDates(body string, now time.Time) (string, error) {
	var bad error
	out := siteAgo.ReplaceAllStringFunc(body, func(m string) string {
		p := siteAgo.FindStringSubmatch(m)
		days, _ := strconv.Atoi(p[1])
		zone, layout := siteClocks[p[2]], siteLayouts[p[3]]
		if zone == nil || layout == "" {
			bad = fmt.Errorf("bad date %s", m)
			return m
		}
		return now.UTC().AddDate(0, 0, -days).In(zone).Format(layout)
	})
	return out, bad
}
