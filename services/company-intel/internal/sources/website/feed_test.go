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
	"unicode/utf16"
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
			name: "byte-order mark and white space before the declaration",
			body: "\xef\xbb\xbf\r\n  <?xml version=\"1.0\" encoding=\"UTF-8\"?><rss><channel><title>Northwind</title>" +
				"<item><title>BOM</title><link>https://www.northwind-robotics.com/bom</link></item></channel></rss>",
			want: Feed{Format: "rss", Title: "Northwind", Entries: []Entry{{Title: "BOM", Link: "https://www.northwind-robotics.com/bom"}}},
		},
		{
			name: "utf-16 with its byte-order mark",
			body: utf16LE("<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss><channel><title>Zürich news</title></channel></rss>"),
			want: Feed{Format: "rss", Title: "Zürich news"},
		},
		{
			name: "iso-8859-1 declared, utf-8 sent",
			body: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>Café Northwind’s news</title></channel></rss>",
			want: Feed{Format: "rss", Title: "Café Northwind’s news"},
		},
		{
			name: "undeclared windows-1252 bytes in a utf-8 feed",
			body: "<rss><channel><title>Caf\xe9 \x93Northwind\x94 \u2014 news</title></channel></rss>",
			want: Feed{Format: "rss", Title: "Café “Northwind” — news"},
		},
		{
			name: "other WHATWG charsets: iso-8859-15",
			body: "<?xml version='1.0' encoding='ISO-8859-15'?><rss><channel><title>\xa4 49 \xbd</title>" +
				"<item><title>\xbd</title></item></channel></rss>",
			want: Feed{Format: "rss", Title: "€ 49 œ", Entries: []Entry{{Title: "œ"}}},
		},
		{
			name: "other WHATWG charsets: koi8-r",
			body: "<?xml version=\"1.0\" encoding=\"koi8-r\"?><rss><channel><title>\xee\xcf\xd7\xcf\xd3\xd4\xc9</title></channel></rss>",
			want: Feed{Format: "rss", Title: "Новости"},
		},
		{
			name: "xml:base on the feed, an entry and a link",
			body: `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.northwind-robotics.com/posts/"><title>Blog</title>
<entry xml:base="2026/"><title>Nested base</title><link href="atlas-3"/></entry>
<entry><title>Feed base</title><link href="hello"/></entry>
<entry><title>Link base</title><link xml:base="/archive/" href="old"/></entry>
<entry xml:base="javascript:alert(1)"><title>Bad base ignored</title><link href="safe"/></entry></feed>`,
			want: Feed{Format: "atom", Title: "Blog", Entries: []Entry{
				{Title: "Nested base", Link: "https://blog.northwind-robotics.com/posts/2026/atlas-3"},
				{Title: "Feed base", Link: "https://blog.northwind-robotics.com/posts/hello"},
				{Title: "Link base", Link: "https://blog.northwind-robotics.com/archive/old"},
				{Title: "Bad base ignored", Link: "https://blog.northwind-robotics.com/posts/safe"},
			}},
		},
		{
			name: "a guid is a link only when it is an absolute permalink",
			body: `<rss><channel>
<item><title>Numeric guid</title><guid>52782335008021</guid></item>
<item><title>Tag guid</title><guid>tag:northwind-robotics.com,2026:1</guid></item>
<item><title>Relative guid</title><guid isPermaLink="true">/newsroom/relative</guid></item>
<item><title>URL guid, not a permalink</title><guid isPermaLink="false">https://www.northwind-robotics.com/?p=12</guid></item>
<item><title>URL guid</title><guid>https://www.northwind-robotics.com/newsroom/guid</guid></item></channel></rss>`,
			want: Feed{Format: "rss", Entries: []Entry{
				{Title: "Numeric guid"}, {Title: "Tag guid"}, {Title: "Relative guid"}, {Title: "URL guid, not a permalink"},
				{Title: "URL guid", Link: "https://www.northwind-robotics.com/newsroom/guid"},
			}},
		},
		{
			name: "feedburner origLink over the proxy's tracking link",
			body: `<rss xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel>
<item><title>Proxied</title><link>http://feeds.feedproxy.example/~r/Northwind/~3/x1/</link><feedburner:origLink>https://www.northwind-robotics.com/newsroom/proxied</feedburner:origLink></item>
<item><title>Bad origLink</title><link>https://www.northwind-robotics.com/newsroom/direct</link><feedburner:origLink>not a url</feedburner:origLink></item></channel></rss>`,
			want: Feed{Format: "rss", Entries: []Entry{
				{Title: "Proxied", Link: "https://www.northwind-robotics.com/newsroom/proxied"},
				{Title: "Bad origLink", Link: "https://www.northwind-robotics.com/newsroom/direct"},
			}},
		},
		{
			name: "extension elements beside the format's own: media:title, itunes:title, image and og titles",
			body: `<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/"><channel>
<itunes:title>Podcast title</itunes:title><image><title>Logo title</title><link>https://cdn.example/</link></image><title>Channel title</title>
<item><media:title>Media first</media:title><title>Own title</title><og xmlns:og="http://ogp.me/ns#"><title>OG title</title><description>OG</description></og>
<author><title>Vice President</title></author><link>https://www.northwind-robotics.com/own</link></item></channel></rss>`,
			want: Feed{Format: "rss", Title: "Channel title", Entries: []Entry{{Title: "Own title", Link: "https://www.northwind-robotics.com/own"}}},
		},
		{
			name: "atom: media:title beside the title, media:group description when there is no summary",
			body: `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
<entry><title>Own</title><media:title>Media</media:title><link href="https://www.northwind-robotics.com/v1"/>
<media:group><media:title>Media</media:title><media:description>Line one
   line two.</media:description></media:group></entry>
<entry><title>HTML media</title><media:description type="html">&lt;p&gt;Rich &lt;b&gt;text&lt;/b&gt;&lt;/p&gt;</media:description></entry>
<entry><title>Summary wins</title><summary>Own summary</summary><media:group><media:description>Media</media:description></media:group></entry></feed>`,
			want: Feed{Format: "atom", Entries: []Entry{
				{Title: "Own", Link: "https://www.northwind-robotics.com/v1", Summary: "Line one line two."},
				{Title: "HTML media", Summary: "Rich text"},
				{Title: "Summary wins", Summary: "Own summary"},
			}},
		},
		{
			name: "rss: description, else content:encoded, else media:description",
			body: `<rss xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<item><title>a</title><media:description>media</media:description><content:encoded><![CDATA[<p>encoded</p>]]></content:encoded></item>
<item><title>b</title><description>  </description><media:group><media:description>grouped</media:description></media:group></item></channel></rss>`,
			want: Feed{Format: "rss", Entries: []Entry{{Title: "a", Summary: "encoded"}, {Title: "b", Summary: "grouped"}}},
		},
		{
			name: "entities escaped twice in titles and a CDATA title with an entity",
			body: `<rss><channel><title>Northwind &amp;amp; Co</title>
<item><title><![CDATA[Northwind &amp; Harbor’s deal]]></title></item>
<item><title>Northwind&amp;#39;s &amp;quot;Atlas&amp;quot;</title></item>
<item><title>R&amp;D at Northwind</title></item></channel></rss>`,
			want: Feed{Format: "rss", Title: "Northwind & Co", Entries: []Entry{
				{Title: "Northwind & Harbor’s deal"}, {Title: `Northwind's "Atlas"`}, {Title: "R&D at Northwind"},
			}},
		},
		{
			name: "dates: .NET a10:updated in RSS, Atom 0.3 issued, offsets without colon, comments",
			body: `<rss xmlns:a10="http://www.w3.org/2005/Atom"><channel>
<item><title>a10</title><a10:updated>2026-03-03T09:30:00+01:00</a10:updated></item>
<item><title>pubDate first</title><pubDate>bad</pubDate><pubDate>Tue, 03 Mar 2026 09:30:00 +0000 (UTC)</pubDate><a10:updated>2020-01-01T00:00:00Z</a10:updated></item>
</channel></rss>`,
			want: Feed{Format: "rss", Entries: []Entry{
				{Title: "a10", Published: time.Date(2026, 3, 3, 8, 30, 0, 0, time.UTC), Precision: source.PrecisionTime},
				{Title: "pubDate first", Published: time.Date(2026, 3, 3, 9, 30, 0, 0, time.UTC), Precision: source.PrecisionTime},
			}},
		},
		{
			name: "atom 0.3 issued and modified",
			body: `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old Atom</title>
<entry><title>Issued</title><link rel="alternate" type="text/html" href="https://www.northwind-robotics.com/i"/><issued>2026-03-03T09:30:00.000+0000</issued><modified>2026-03-04T09:30:00Z</modified></entry></feed>`,
			want: Feed{Format: "atom", Title: "Old Atom", Entries: []Entry{
				{Title: "Issued", Link: "https://www.northwind-robotics.com/i", Published: time.Date(2026, 3, 3, 9, 30, 0, 0, time.UTC), Precision: source.PrecisionTime},
			}},
		},
		{
			name: "RSS in userland's namespace, and one in a namespace of its making",
			body: `<rss version="2.0" xmlns="http://backend.userland.com/rss2"><channel><title>Userland</title>
<item><title>Userland item</title><link>https://www.northwind-robotics.com/ul</link></item></channel></rss>`,
			want: Feed{Format: "rss", Title: "Userland", Entries: []Entry{{Title: "Userland item", Link: "https://www.northwind-robotics.com/ul"}}},
		},
		{
			name: "RSS in a namespace of its making: titles, links and descriptions still read",
			body: `<rss version="2.0" xmlns="https://northwind-robotics.com/ns/rss"><channel><title>Made up</title>
<item><title>Namespaced</title><link>https://www.northwind-robotics.com/ns</link><description>Body</description></item></channel></rss>`,
			want: Feed{Format: "rss", Entries: []Entry{{Title: "Namespaced", Link: "https://www.northwind-robotics.com/ns", Summary: "Body"}}},
		},
		{
			name: "stylesheet instructions, comments and a doctype before the root",
			body: `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="/feed.xsl"?><!-- generated -->
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="0.91"><channel><title>Old</title><item><title>O</title><link>https://www.northwind-robotics.com/o</link></item></channel></rss>`,
			want: Feed{Format: "rss", Title: "Old", Entries: []Entry{{Title: "O", Link: "https://www.northwind-robotics.com/o"}}},
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

// utf16LE encodes s as UTF-16LE with its byte-order mark.
func utf16LE(s string) string {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

func TestParseFeedNotAFeed(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"html page":           `<!doctype html><html><head><title>x</title></head></html>`,
		"other xml":           `<?xml version="1.0"?><urlset><url><loc>https://x.example/</loc></url></urlset>`,
		"empty":               ``,
		"json":                `{"version":"https://jsonfeed.org/version/1.1"}`,
		"unknown charset":     `<?xml version="1.0" encoding="x-northwind-7"?><rss></rss>`,
		"replacement charset": `<?xml version="1.0" encoding="iso-2022-kr"?><rss></rss>`,
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
	rss, _ := filepath.Glob(filepath.Join("testdata", "*.rss"))
	atom, _ := filepath.Glob(filepath.Join("testdata", "*.atom"))
	names := append(rss, atom...)
	if len(names) < 8 {
		f.Fatalf("fixtures %v", names)
	}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, v := range feedEncodings(f, readFixture(f, "wingtip-podcast.rss")) {
		f.Add(v)
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
