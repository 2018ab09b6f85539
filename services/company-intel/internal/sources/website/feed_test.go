package website

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/source"
)

var feedBase, _ = url.Parse("https://www.northwind-robotics.com/newsroom/feed.xml")

func TestParseFeed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		body    string
		want    Feed
		wantErr bool
	}{
		{
			name: "rss 2.0 with CDATA HTML, tracking link, guid fallback and date forms",
			body: `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Northwind &amp; Co news</title><link>https://www.northwind-robotics.com/</link>
<item><title>Series B</title><media:title>Video: Series B</media:title><link>/newsroom/series-b</link>
<pubDate>Tue, 03 Mar 2026 09:30:00 -0500</pubDate>
<description><![CDATA[<p>We <b>raised</b> $48M&nbsp;today.</p><script>x()</script>]]></description>
<media:description>ignored</media:description></item>
<item><title>GUID permalink</title><guid>https://www.northwind-robotics.com/newsroom/guid-post</guid>
<dc:date>2026-02</dc:date><content:encoded>&lt;p&gt;Encoded body&lt;/p&gt;</content:encoded></item>
<item><title>Opaque guid, no link</title><guid isPermaLink="false">urn:x</guid><pubDate>Mon, 02 Mar 2026</pubDate></item>
<item><title>Bad date</title><link>https://www.northwind-robotics.com/newsroom/bad-date</link><pubDate>soon</pubDate></item>
</channel></rss>`,
			want: Feed{Format: "rss", Title: "Northwind & Co news", Entries: []Entry{
				{Title: "Series B", Link: "https://www.northwind-robotics.com/newsroom/series-b",
					Published: time.Date(2026, 3, 3, 14, 30, 0, 0, time.UTC), Precision: source.PrecisionTime, Summary: "We raised $48M today."},
				{Title: "GUID permalink", Link: "https://www.northwind-robotics.com/newsroom/guid-post",
					Published: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), Precision: source.PrecisionMonth, Summary: "Encoded body"},
				{Title: "Opaque guid, no link", Published: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC), Precision: source.PrecisionDay},
				{Title: "Bad date", Link: "https://www.northwind-robotics.com/newsroom/bad-date"},
			}},
		},
		{
			name: "atom 1.0 with text constructs, link choice and updated fallback",
			body: `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title type="html">Acme &lt;b&gt;blog&lt;/b&gt;</title>
<entry><title type="html">Forecast &lt;em&gt;Studio&lt;/em&gt; 3</title>
<link rel="edit" href="/api/posts/3"/><link rel="alternate" type="text/html" href="https://acme-analytics.com/blog/fs3#top"/>
<published>2026-03-08T10:00:00+02:00</published><updated>2026-03-09T10:00:00+02:00</updated>
<summary>Plain &lt;summary&gt; text</summary></entry>
<entry><title>Updated only</title><link href="webinar"/><updated>2026-02-18T12:00:00Z</updated>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Join <b>us</b>.</p></div></content></entry>
<entry><title>Only an edit link</title><link rel="edit" href="https://acme-analytics.com/e/1"/><published>2026-01-05</published></entry>
</feed>`,
			want: Feed{Format: "atom", Title: "Acme blog", Entries: []Entry{
				{Title: "Forecast Studio 3", Link: "https://acme-analytics.com/blog/fs3",
					Published: time.Date(2026, 3, 8, 8, 0, 0, 0, time.UTC), Precision: source.PrecisionTime, Summary: "Plain <summary> text"},
				{Title: "Updated only", Link: "https://www.northwind-robotics.com/newsroom/webinar",
					Published: time.Date(2026, 2, 18, 12, 0, 0, 0, time.UTC), Precision: source.PrecisionTime, Summary: "Join us."},
				{Title: "Only an edit link", Link: "https://acme-analytics.com/e/1",
					Published: time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC), Precision: source.PrecisionDay},
			}},
		},
		{
			name: "rss 1.0 (rdf) with dc:date",
			body: `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>RDF news</title></channel>
<item><title>RDF item</title><link>https://www.northwind-robotics.com/rdf-item</link><dc:date>2026-03-01T08:00:00Z</dc:date></item></rdf:RDF>`,
			want: Feed{Format: "rdf", Title: "RDF news", Entries: []Entry{
				{Title: "RDF item", Link: "https://www.northwind-robotics.com/rdf-item", Published: time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC), Precision: source.PrecisionTime},
			}},
		},
		{
			name: "undeclared prefix, unknown HTML entity and windows-1252",
			body: "<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><title>Caf\xe9 \x93news\x94</title>" +
				"<item><title>A&nbsp;&mdash;&nbsp;B</title><link>https://www.northwind-robotics.com/a</link><dc:date>2026-03-01</dc:date></item></channel></rss>",
			want: Feed{Format: "rss", Title: "Café “news”", Entries: []Entry{
				{Title: "A — B", Link: "https://www.northwind-robotics.com/a", Published: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), Precision: source.PrecisionDay},
			}},
		},
		{
			name: "iso-8859-1",
			body: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>M\xfcnchen</title></channel></rss>",
			want: Feed{Format: "rss", Title: "München"},
		},
		{
			name:    "truncated feed keeps the entries before the cut",
			body:    `<rss><channel><item><title>Whole</title><link>https://www.northwind-robotics.com/w</link></item><item><title>Cut`,
			want:    Feed{Format: "rss", Entries: []Entry{{Title: "Whole", Link: "https://www.northwind-robotics.com/w"}}},
			wantErr: true,
		},
		{
			name: "javascript and credential links dropped",
			body: `<rss><channel><item><title>JS</title><link>javascript:alert(1)</link></item><item><title>Creds</title><link>https://u:p@x.example/</link></item></channel></rss>`,
			want: Feed{Format: "rss", Entries: []Entry{{Title: "JS"}, {Title: "Creds"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseFeed([]byte(tt.body), feedBase)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error: %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ParseFeed =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

func TestParseFeedNotAFeed(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"html page":       `<!doctype html><html><head><title>x</title></head></html>`,
		"other xml":       `<?xml version="1.0"?><urlset><url><loc>https://x.example/</loc></url></urlset>`,
		"empty":           ``,
		"json":            `{"version":"https://jsonfeed.org/version/1.1"}`,
		"unknown charset": `<?xml version="1.0" encoding="koi8-r"?><rss></rss>`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, err := ParseFeed([]byte(body), feedBase); !errors.Is(err, ErrNotFeed) {
				t.Fatalf("err = %v, want ErrNotFeed", err)
			}
		})
	}
}

func TestParseFeedLimits(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("<rss><channel>")
	b.WriteString("<item><title>long</title><description>" + strings.Repeat("word ", maxSummary/4) + "</description></item>")
	for range maxEntries + 5 {
		b.WriteString("<item><title>t</title></item>")
	}
	b.WriteString("</channel></rss>")
	f, err := ParseFeed([]byte(b.String()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entries) != maxEntries {
		t.Fatalf("%d entries, want the cap %d", len(f.Entries), maxEntries)
	}
	if n := len(f.Entries[0].Summary); n > maxSummary {
		t.Fatalf("summary of %d bytes, cap %d", n, maxSummary)
	}
	deep := strings.Repeat("<x>", maxFeedDepth+1)
	if _, err := ParseFeed([]byte("<rss>"+deep), nil); err == nil || errors.Is(err, ErrNotFeed) {
		t.Fatalf("deep nesting: err = %v", err)
	}
}

func FuzzParseFeed(f *testing.F) {
	for _, name := range []string{"northwind.rss", "acme.atom"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		feed, err := ParseFeed(body, feedBase)
		if err != nil && feed.Format == "" && !errors.Is(err, ErrNotFeed) {
			t.Fatalf("a document that is not a feed must give ErrNotFeed: %v", err)
		}
		if len(feed.Entries) > maxEntries {
			t.Fatalf("%d entries", len(feed.Entries))
		}
		for _, e := range feed.Entries {
			if !utf8.ValidString(e.Title) || !utf8.ValidString(e.Summary) || len(e.Summary) > maxSummary || len(e.Title) > maxSummary {
				t.Fatalf("entry text invalid or over the cap: %q / %q", e.Title, e.Summary)
			}
			if e.Link != "" {
				u, err := url.Parse(e.Link)
				if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.Fragment != "" {
					t.Fatalf("entry link %q", e.Link)
				}
			}
			if e.Published.IsZero() != (e.Precision == source.PrecisionNone) {
				t.Fatalf("date %v with precision %q", e.Published, e.Precision)
			}
		}
	})
}
