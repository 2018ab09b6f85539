package googlenews

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/xml"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
)

func TestParseDescription(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name              string
		in                string
		href, text, prose string
	}{
		{
			name: "today's feed",
			in:   `<a href="https://news.google.com/rss/articles/CBMiX?oc=5" target="_blank">Northwind Robotics raises $40M</a>&nbsp;&nbsp;<font color="#6f6f6f">TechCrunch</font>`,
			href: "https://news.google.com/rss/articles/CBMiX?oc=5", text: "Northwind Robotics raises $40M TechCrunch",
		},
		{
			name: "story cluster",
			in:   `<ol><li><a href="https://news.google.com/rss/articles/A?oc=5">First headline</a>&nbsp;&nbsp;<font color="#6f6f6f">Reuters</font></li><li><a href="https://news.google.com/rss/articles/B?oc=5">Second headline</a>&nbsp;&nbsp;<font color="#6f6f6f">AP News</font></li></ol>`,
			href: "https://news.google.com/rss/articles/A?oc=5", text: "First headline Reuters Second headline AP News",
		},
		{
			name: "older feed with a snippet",
			in:   `<table><tr><td><div class="lh"><a href="http://news.google.com/news/url?sa=t&amp;fd=R&amp;url=http://www.reuters.com/article/x"><b>Headline</b></a><br><font size="-1"><b><font color="#6f6f6f">Reuters</font></b></font><br><font size="-1">By A. Writer | NEW YORK (Reuters) - Snippet &amp; more <b>...</b></font></div></td></tr></table>`,
			href: "http://news.google.com/news/url?sa=t&fd=R&url=http://www.reuters.com/article/x",
			text: "Headline Reuters By A. Writer | NEW YORK (Reuters) - Snippet & more ...", prose: "By A. Writer | NEW YORK (Reuters) - Snippet & more ...",
		},
		{name: "single-quoted and bare attributes", in: `<a target=_blank href='https://example.org/a?x=1&amp;y=2'>T</a> rest`, href: "https://example.org/a?x=1&y=2", text: "T rest", prose: "rest"},
		{name: "comment and stray brackets", in: `a < b <!-- <a href="x"> --> c`, text: "a < b c", prose: "a < b c"},
		{name: "unterminated tag", in: `text <a href="x"`, text: `text <a href="x"`, prose: `text <a href="x"`},
		{name: "plain text", in: "Just words &amp; entities", text: "Just words & entities", prose: "Just words & entities"},
	}
	for _, tt := range tests {
		d := parseDescription(tt.in)
		if d.href != tt.href || d.text != tt.text || d.prose != tt.prose {
			t.Errorf("%s: got href %q text %q prose %q\nwant href %q text %q prose %q", tt.name, d.href, d.text, d.prose, tt.href, tt.text, tt.prose)
		}
	}
}

func TestSplitTitle(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, title, source, headline, publisher string }{
		{"suffix matches the source", "Acme raises $5M - Axios", "Axios", "Acme raises $5M", "Axios"},
		{"dash inside the headline", "Acme - the robot maker - raises $5M - Axios", "Axios", "Acme - the robot maker - raises $5M", "Axios"},
		{"suffix differs from the source", "Acme raises $5M", "Axios", "Acme raises $5M", "Axios"},
		{"no source element", "Acme raises $5M - The Robot Report", "", "Acme raises $5M", "The Robot Report"},
		{"title is only the suffix", " - Axios", "Axios", " - Axios", "Axios"},
		{"suffix in another case", "Acme raises $5M - THE VERGE", "The Verge", "Acme raises $5M", "The Verge"},
		{"dash inside the headline, publisher with dashes", "Acme's plan - explained - Yahoo - Finance", "Yahoo - Finance", "Acme's plan - explained", "Yahoo - Finance"},
		{"non-ASCII before the suffix", "Fabrikam’s ‘Patch’ - TheIndustry.fashion", "TheIndustry.fashion", "Fabrikam’s ‘Patch’", "TheIndustry.fashion"},
		{"nothing to split", "Acme raises $5M", "", "Acme raises $5M", ""},
	}
	for _, tt := range tests {
		h, p := splitTitle(tt.title, tt.source)
		if h != tt.headline || p != tt.publisher {
			t.Errorf("%s: splitTitle(%q, %q) = %q, %q; want %q, %q", tt.name, tt.title, tt.source, h, p, tt.headline, tt.publisher)
		}
	}
}

func TestPlainText(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Acme&#39;s new CFO", "Acme's new CFO"},
		{"Acme&amp;#39;s", "Acme&#39;s"}, // one level: the XML decoder removed the other
		{`&quot;Robots as a service&quot; at AT&amp;T`, `"Robots as a service" at AT&T`},
		{"Acme’s “Atlas” ‘line’", "Acme’s “Atlas” ‘line’"},
		{"R&D at P&G", "R&D at P&G"},
		{"Acme&nbsp;&nbsp;raises\n  $5M", "Acme raises $5M"},
	}
	for _, tt := range tests {
		if got := plainText(tt.in); got != tt.want {
			t.Errorf("plainText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// legacyID builds a 2020-form article id carrying target.
func legacyID(target string) string {
	msg := append([]byte{0x08, 0x13, 0x22}, binary.AppendUvarint(nil, uint64(len(target)))...)
	return base64.RawURLEncoding.EncodeToString(append(append(msg, target...), 0xd2, 0x01, 0x00))
}

func TestArticleURL(t *testing.T) {
	t.Parallel()
	long := "https://www.rtbf.be/info/societe/detail_acme-robotics-" + strings.Repeat("x", 120) + "?id=10450793"
	opaque := base64.RawURLEncoding.EncodeToString(append([]byte{0x08, 0x13, 0x22, 0x58}, "AU_yqLMk"+strings.Repeat("Q", 80)...))
	tests := []struct{ name, link, want string }{
		{"2020 rd link", "https://news.google.com/__i/rss/rd/articles/" + legacyID("https://www.rtbf.be/a") + "?oc=5", "https://www.rtbf.be/a"},
		{"2020 link, two-byte length", "https://news.google.com/__i/rss/rd/articles/" + legacyID(long) + "?oc=5", long},
		{"rss/articles form with padding", "https://news.google.com/rss/articles/" + legacyID("https://apnews.com/x") + "==?oc=5", "https://apnews.com/x"},
		{"today's opaque id", "https://news.google.com/rss/articles/" + opaque + "?oc=5", ""},
		{"id pointing back to Google", "https://news.google.com/rss/articles/" + legacyID("https://news.google.com/stories/x"), ""},
		{"id with a non-http target", "https://news.google.com/rss/articles/" + legacyID("javascript:alert(1)"), ""},
		{"length past the end", "https://news.google.com/rss/articles/" + base64.RawURLEncoding.EncodeToString([]byte{0x08, 0x13, 0x22, 0x7f, 'h'}), ""},
		{"not base64", "https://news.google.com/rss/articles/CBMi!!!?oc=5", ""},
		{"a publisher's link", "https://www.reuters.com/articles/" + legacyID("https://www.rtbf.be/a"), ""},
		{"a story page", "https://news.google.com/stories/CAAqOQgKIjN?oc=5", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := articleURL(tt.link); got != tt.want {
			t.Errorf("%s: articleURL(%q) = %q, want %q", tt.name, tt.link, got, tt.want)
		}
	}
}

func TestToItemHandsTheMatcherTheHeadline(t *testing.T) {
	t.Parallel()
	to := time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)
	q := bundle.Query{Company: bundle.Company{Name: "Acme", Domain: "acme.example"}, From: to.AddDate(0, 0, -30), To: to}
	m := newsitem.NewMatcher(q.Company)
	anchor := func(h string) string {
		return `<a href="https://news.google.com/rss/articles/CBMiX?oc=5" target="_blank">` + h + `</a>&nbsp;&nbsp;<font color="#6f6f6f">Axios</font>`
	}
	tests := []struct {
		name, title, desc string
		wantTitle         string // "" when dropped
	}{
		{"straight possessive", "Acme's new plant - Axios", anchor("Acme's new plant"), "Acme's new plant"},
		{"curly possessive", "Acme’s new plant - Axios", anchor("Acme’s new plant"), "Acme’s new plant"},
		{"possessive as an entity", "Acme&#39;s new plant - Axios", anchor("Acme&amp;#39;s new plant"), "Acme's new plant"},
		{"curly quotes around the name", "“Acme” wins a deal - Axios", anchor("“Acme” wins a deal"), "“Acme” wins a deal"},
		{"how we migrated", "How we migrated Acme's pipeline - Axios", anchor("How we migrated Acme's pipeline"), "How we migrated Acme's pipeline"},
		{"name only in a related headline of a cluster", "Robots in retail - Axios",
			"<ol><li>" + anchor("Robots in retail") + "</li><li>" + anchor("Acme's robots") + "</li></ol>", ""},
		{"name only in the prose of an older description", "Robots in retail - Axios", anchor("Robots in retail") + `<br><font size="-1">Acme said it would hire.</font>`, "Robots in retail"},
		{"another company", "Acmeville's new mayor - Axios", anchor("Acmeville's new mayor"), ""},
	}
	for _, tt := range tests {
		raw := rssItem{Title: tt.title, Link: "https://news.google.com/rss/articles/CBMiX?oc=5", PubDate: "Tue, 17 Feb 2026 14:05:00 GMT", Description: tt.desc}
		raw.Source.Name, raw.Source.URL = "Axios", "https://www.axios.com"
		it, ok := toItem(raw, q, m, to)
		if ok != (tt.wantTitle != "") || (ok && (it.Doc.Title != tt.wantTitle || it.Doc.Publisher != "Axios")) {
			t.Errorf("%s: kept %v, title %q, publisher %q; want title %q", tt.name, ok, it.Doc.Title, it.Doc.Publisher, tt.wantTitle)
		}
	}
}

func TestPublisherURL(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, href, want string }{
		{"opaque redirect", "https://news.google.com/rss/articles/CBMiX?oc=5", ""},
		{"publisher URL", "https://www.businesswire.com/news/home/1/en/", "https://www.businesswire.com/news/home/1/en/"},
		{"old redirect with url=", "http://news.google.com/news/url?sa=t&url=http://www.reuters.com/article/x", "http://www.reuters.com/article/x"},
		{"google redirect with q=", "https://www.google.com/url?q=https://apnews.com/article/y&sa=U", "https://apnews.com/article/y"},
		{"redirect to another Google page", "https://news.google.com/news/url?url=https://news.google.com/home", ""},
		{"not http", "javascript:alert(1)", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := publisherURL(tt.href); got != tt.want {
			t.Errorf("%s: publisherURL(%q) = %q, want %q", tt.name, tt.href, got, tt.want)
		}
	}
}

func TestParseDate(t *testing.T) {
	t.Parallel()
	want := time.Date(2026, 2, 17, 14, 5, 0, 0, time.UTC)
	for _, s := range []string{"Tue, 17 Feb 2026 14:05:00 GMT", "Tue, 17 Feb 2026 15:05:00 +0100", "2026-02-17T14:05:00Z"} {
		got, err := parseDate(s)
		if err != nil || !got.Equal(want) {
			t.Errorf("parseDate(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if got, err := parseDate("Tue, 2 Feb 2026 14:05:00 GMT"); err != nil || got.Day() != 2 {
		t.Errorf("one-digit day: %v, %v", got, err)
	}
	for _, s := range []string{"", "yesterday"} {
		if _, err := parseDate(s); err == nil {
			t.Errorf("parseDate(%q) succeeded", s)
		}
	}
}

// FuzzFeed decodes arbitrary bytes as a Google News feed and maps every
// item: nothing may panic, and every kept item must be a well-formed
// document about the company within the window.
func FuzzFeed(f *testing.F) {
	f.Add([]byte(`<rss version="2.0"><channel><item><title>Northwind Robotics raises $40M - TechCrunch</title><link>https://news.google.com/rss/articles/CBMiX?oc=5</link><pubDate>Tue, 17 Feb 2026 14:05:00 GMT</pubDate><description>&lt;a href="https://news.google.com/rss/articles/CBMiX?oc=5"&gt;Northwind Robotics raises $40M&lt;/a&gt;&amp;nbsp;&lt;font color="#6f6f6f"&gt;TechCrunch&lt;/font&gt;</description><source url="https://techcrunch.com">TechCrunch</source></item></channel></rss>`))
	q := bundle.Query{
		Company: bundle.Company{Name: "Northwind Robotics, Inc.", Domain: "northwind-robotics.com"},
		From:    time.Date(2026, 1, 21, 0, 0, 0, 0, time.UTC),
		To:      time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC),
	}
	m := newsitem.NewMatcher(q.Company)
	f.Fuzz(func(t *testing.T, data []byte) {
		var feed rssFeed
		if xml.Unmarshal(data, &feed) != nil {
			return
		}
		for _, raw := range feed.Channel.Items {
			desc := parseDescription(raw.Description)
			for _, link := range []string{raw.Link, desc.href} {
				if u := articleURL(link); u != "" && (newsitem.Host(u) == "" || isGoogle(newsitem.Host(u))) {
					t.Fatalf("articleURL(%q) = %q: not a publisher's URL", link, u)
				}
			}
			it, ok := toItem(raw, q, m, q.To)
			if !ok {
				continue
			}
			d := it.Doc
			if newsitem.Host(d.URL) == "" || !strings.HasPrefix(d.URL, "http") {
				t.Fatalf("kept an item without an http(s) URL: %q", d.URL)
			}
			if !d.Published.IsZero() && !q.In(d.Published) {
				t.Fatalf("kept an item outside the window: %v", d.Published)
			}
			if len(d.Excerpt) > 1200 || !utf8.ValidString(d.Title) && utf8.ValidString(raw.Title) {
				t.Fatalf("bad text fields: %+v", d)
			}
			if it.Provider != Name || (it.Kind != bundle.KindNews && it.Kind != bundle.KindPress) {
				t.Fatalf("bad item: %+v", it)
			}
		}
	})
}
