package website

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"

	"github.com/intel402/intel402/pkg/evidence/source"
)

// The fixtures under testdata are our own (fictitious companies), written
// to the structure of feeds real publishers send; each test names the
// real shape it stands for.

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseFeedRealShapes(t *testing.T) {
	t.Parallel()
	at := func(y int, m time.Month, d, h, mi, s int) time.Time { return time.Date(y, m, d, h, mi, s, 0, time.UTC) }
	tests := []struct {
		fixture string
		shape   string
		want    Feed
	}{
		{
			fixture: "fabrikam-newsroom.rss",
			shape: "a company newsroom's RSS 2.0 (a large publisher's blog feed): atom:link rel=self, a channel <image> with " +
				"its own <title> and <link>, curly apostrophes, a permalink <guid> without isPermaLink, a description cut with " +
				"\"…\", an escaped <img> leading a description, media:content, several <category>, and per item an <og> block " +
				"and an <author> in the Atom namespace, both with a <title> of their own",
			want: Feed{Format: "rss", Title: "Fabrikam Medical Newsroom", Entries: []Entry{
				{Title: "Fabrikam’s infusion pumps reach 500 hospitals",
					Link:      "https://www.fabrikam-medical.com/newsroom/company/milestones/infusion-pumps-500-hospitals/",
					Published: at(2026, 3, 9, 14, 40, 0), Precision: source.PrecisionTime,
					Summary: "Fabrikam Medical’s connected infusion pumps now run in 500 hospitals across 14 countries. " +
						"This follows the clearance of Fabrikam's Model 7 pump and sustained investment …"},
				{Title: "3 ways nurses use Fabrikam Connect to save time on every shift.",
					Link:      "https://www.fabrikam-medical.com/newsroom/products/connect/nurses-save-time/",
					Published: at(2026, 3, 9, 14, 0, 0), Precision: source.PrecisionTime,
					Summary: "Use Fabrikam Connect — with Smart Alerts, Shift Notes and Dose Check — for handovers, charting, alarms and more."},
			}},
		},
		{
			fixture: "tailspin-video.atom",
			shape: "a video channel's Atom feed: no XML declaration, the default namespace declared last, yt: elements, " +
				"published and updated, no <summary>: the description only in <media:group><media:description>, multi-line " +
				"with hashtags and '$', beside media:title, media:content, media:thumbnail and media:community",
			want: Feed{Format: "atom", Title: "Tailspin Freight", Entries: []Entry{
				{Title: "Cross-docking in 90 seconds | $0 setup", Link: "https://www.video.example/watch?v=Tf7kQ2xLm9A",
					Published: at(2026, 3, 2, 15, 10, 21), Precision: source.PrecisionTime,
					Summary: "Tailspin’s cross-dock service moves a trailer’s pallets to outbound lanes in under two hours, and in this " +
						"video we'll show how. To book a slot: Sign in to the Tailspin shipper portal Choose \"Cross-dock\" under " +
						"New shipment Rates and hubs: https://tailspin-freight.com/cross-dock #freight #$ #logistics"},
			}},
		},
		{
			fixture: "litware-community.atom",
			shape: "a community forum's Atom feed: the feed's <title> after category, icon, a relative <id>, links and logo; " +
				"entries with <content type=\"html\"> holding a table, comments and entities escaped twice (&amp;#39;, " +
				"&amp;quot;, &amp;#32;), an <id> shared by every entry, a <link> without rel, updated before published, " +
				"and the title last",
			want: Feed{Format: "atom", Title: "Litware Security community", Entries: []Entry{
				{Title: "SSO - Troubleshooting",
					Link:      "https://forum.litware-security.example/r/LitwareSecurity/comments/9xk2qa/sso_troubleshooting/",
					Published: at(2026, 3, 5, 18, 2, 33), Precision: source.PrecisionTime,
					Summary: "Hi all, Since many of you asked \"Why isn't SSO working after the update?\", here are the answers. " +
						"It's on Litware Shield 5 only. Shield 4 & older keep the old login. submitted by /u/kestrel_ops [link] [comments]"},
			}},
		},
		{
			fixture: "wingtip-podcast.rss",
			shape: "a broadcaster's podcast RSS: namespaces declared on <channel>, the Atom namespace under the a10 prefix " +
				"(.NET's SyndicationFeed), itunes: elements, non-ASCII letters, an item with no <link> and an opaque " +
				"isPermaLink=\"false\" guid, an escaped <a> with tracking parameters in the description, an enclosure",
			want: Feed{Format: "rss", Title: "Fjellråd fra Wingtip", Entries: []Entry{
				{Title: "Høydepunkter fra vinteren - nr.4", Published: at(2026, 2, 28, 8, 0, 0), Precision: source.PrecisionTime,
					Summary: "Høydepunkter fra vinteren - nr.4. Hør episoden i Wingtip-appen"},
			}},
		},
		{
			fixture: "woodgrove-aggregator.rss",
			shape: "a news aggregator's RSS (Google News): standalone=\"yes\", <generator>, headlines ending \" - Publisher\", " +
				"a numeric isPermaLink=\"false\" guid, a description that is an escaped <ol> of related stories with " +
				"&amp;nbsp; and <font>, and a <source url>",
			want: Feed{Format: "rss", Title: "À la une - Actualités Woodgrove", Entries: []Entry{
				{Title: "Woodgrove Payments lève 30 millions d’euros pour ses terminaux - L’Écho des Startups",
					Link:      "https://news.aggregator.example/__i/rss/rd/articles/CBMiXWh0dHBzOi8vd3d3LmVjaG8tc3RhcnR1cHMuZXhhbXBsZS93b29kZ3JvdmUtMzAtbWlsbGlvbnPSAQA?oc=5",
					Published: at(2026, 3, 8, 10, 32, 7), Precision: source.PrecisionTime,
					Summary: "Woodgrove Payments lève 30 millions d’euros pour ses terminaux L’Écho des Startups " +
						"Paiements : Woodgrove s’étend à la Wallonie Fintech.be Voir la couverture complète sur Actualités"},
			}},
		},
		{
			fixture: "proseware-feedburner.rss",
			shape: "a feed behind FeedBurner: xml-stylesheet instructions on the declaration's line, atom10: links (self, hub), " +
				"<link> to the proxy's tracking redirect, the publisher's URL in <feedburner:origLink>, a tracking pixel " +
				"in the description, dc:creator",
			want: Feed{Format: "rss", Title: "Proseware Learning news", Entries: []Entry{
				{Title: "Proseware Learning adds offline lessons for field crews", Link: "https://proseware-learning.com/news/offline-lessons/",
					Published: at(2026, 3, 2, 21, 33, 59), Precision: source.PrecisionTime, Summary: "Crews can now finish safety lessons without a signal."},
				{Title: "Proseware Learning at the Safety Summit", Link: "https://proseware-learning.com/news/safety-summit/",
					Published: at(2026, 2, 19, 9, 0, 0), Precision: source.PrecisionTime, Summary: "See us at booth 12."},
			}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			t.Parallel()
			got, err := ParseFeed(readFixture(t, tt.fixture), feedBase)
			if err != nil {
				t.Fatalf("%s: %v", tt.shape, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("%s:\nParseFeed =\n%+v\nwant\n%+v", tt.shape, got, tt.want)
			}
		})
	}
}

// feedEncodings are the byte forms real feeds come in for one text: the
// declared charset and the bytes sent do not always agree.
func feedEncodings(t testing.TB, utf8Body []byte) map[string][]byte {
	t.Helper()
	decl := []byte(`encoding="utf-8"`)
	if !bytes.Contains(utf8Body, decl) {
		t.Fatalf("fixture does not declare %s", decl)
	}
	latin1, err := charmap.ISO8859_1.NewEncoder().Bytes(utf8Body)
	if err != nil {
		t.Fatal(err)
	}
	with := func(b []byte, enc string) []byte { return bytes.Replace(b, decl, []byte(`encoding="`+enc+`"`), 1) }
	return map[string][]byte{
		"utf-8 as declared":                           utf8Body,
		"utf-8 with a byte-order mark":                append([]byte("\xef\xbb\xbf"), utf8Body...),
		"iso-8859-1 declared and sent":                with(latin1, "ISO-8859-1"),
		"windows-1252 declared, latin-1 bytes":        with(latin1, "windows-1252"),
		"iso-8859-1 declared, utf-8 sent":             with(utf8Body, "ISO-8859-1"),
		"latin-1 bytes under a utf-8 declaration":     latin1,
		"latin-1 bytes without a declaration":         latin1[bytes.Index(latin1, []byte("?>"))+2:],
		"utf-16 with its byte-order mark":             []byte(utf16LE(string(with(utf8Body, "UTF-16")))),
		"utf-16 declared, utf-8 sent (no BOM)":        with(utf8Body, "utf-16"),
		"us-ascii declared, latin-1 bytes (browsers)": with(latin1, "us-ascii"),
	}
}

// TestParseFeedEncodings: the podcast feed (non-ASCII letters, "©") in the
// byte forms real feeds are sent in reads the same every time.
func TestParseFeedEncodings(t *testing.T) {
	t.Parallel()
	body := readFixture(t, "wingtip-podcast.rss")
	want, err := ParseFeed(body, feedBase)
	if err != nil || want.Title != "Fjellråd fra Wingtip" || len(want.Entries) != 1 {
		t.Fatalf("fixture: %+v, %v", want, err)
	}
	for name, b := range feedEncodings(t, body) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if name != "utf-8 as declared" && bytes.Equal(b, body) {
				t.Fatal("variant is the fixture itself")
			}
			got, err := ParseFeed(b, feedBase)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("ParseFeed =\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}

// TestParseFeedRealShapesTruncated: every fixture cut anywhere after its
// first entry keeps the entries before the cut (a truncated body, as the
// fetcher's size cap or a dropped connection leaves it).
func TestParseFeedRealShapesTruncated(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"fabrikam-newsroom.rss", "proseware-feedburner.rss"} {
		body := string(readFixture(t, name))
		second := strings.LastIndex(body, "<item>")
		full, _ := ParseFeed([]byte(body), feedBase)
		for cut := second + 1; cut < len(body)-len("</rss>\n"); cut += 97 {
			got, err := ParseFeed([]byte(body[:cut]), feedBase)
			if err == nil {
				t.Fatalf("%s cut at %d: no error", name, cut)
			}
			if len(got.Entries) < len(full.Entries)-1 || !reflect.DeepEqual(got.Entries[0], full.Entries[0]) {
				t.Fatalf("%s cut at %d: entries %+v", name, cut, got.Entries)
			}
		}
	}
}
