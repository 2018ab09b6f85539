package htmlmeta_test

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
)

func TestParseOutline(t *testing.T) {
	t.Parallel()
	base := "https://www.site.example/news/"
	tests := []struct {
		name string
		doc  string
		want htmlmeta.Outline
	}{
		{
			name: "anchors with text, aria-label and image alt; fragments and duplicates dropped",
			doc: `<a href="/a">First <b>post</b></a><a href="#top">top</a><a href="b" aria-label="Second"><svg></svg></a>` +
				`<a href="/c"><img alt="Logo"></a><a href="/a#x">again</a><a href="mailto:x@site.example">mail</a>`,
			want: htmlmeta.Outline{Anchors: []htmlmeta.Anchor{
				{URL: "https://www.site.example/a", Text: "First post"},
				{URL: "https://www.site.example/news/b", Text: "Second"},
				{URL: "https://www.site.example/c", Text: "Logo"},
			}},
		},
		{
			name: "first non-empty text of a repeated link wins",
			doc:  `<a href="/p"><img src="x.png"></a><a href="/p">Press</a><a href="/p">Other</a>`,
			want: htmlmeta.Outline{Anchors: []htmlmeta.Anchor{{URL: "https://www.site.example/p", Text: "Press"}}},
		},
		{
			name: "feeds: rss, atom and rdf alternates; other alternates and duplicates ignored",
			doc: `<link rel="alternate" type="application/rss+xml" title=" Press  releases " href="/feed.xml">` +
				`<link rel="ALTERNATE" type="Application/Atom+XML" href="https://www.site.example/atom.xml">` +
				`<link rel="alternate" hreflang="de" href="/de/">` +
				`<link rel="alternate stylesheet" type="text/css" href="/dark.css">` +
				`<link rel="alternate" type="application/rdf+xml" href="/rdf">` +
				`<link rel="alternate" type="application/rss+xml" href="/feed.xml">` +
				`<link rel="alternate" type="application/rss+xml" href="javascript:x">`,
			want: htmlmeta.Outline{Feeds: []htmlmeta.FeedLink{
				{URL: "https://www.site.example/feed.xml", Type: "application/rss+xml", Title: "Press releases"},
				{URL: "https://www.site.example/atom.xml", Type: "application/atom+xml"},
				{URL: "https://www.site.example/rdf", Type: "application/rdf+xml"},
			}},
		},
		{
			name: "base href resolves feeds and anchors",
			doc:  `<base href="https://cdn.site.example/en/"><link rel="alternate" type="application/rss+xml" href="rss"><a href="x">X</a>`,
			want: htmlmeta.Outline{
				Anchors: []htmlmeta.Anchor{{URL: "https://cdn.site.example/en/x", Text: "X"}},
				Feeds:   []htmlmeta.FeedLink{{URL: "https://cdn.site.example/en/rss", Type: "application/rss+xml"}},
			},
		},
		{
			name: "article:published_time wins over everything",
			doc: `<meta property="article:published_time" content=" 2026-03-03T09:00:00Z ">` +
				`<script type="application/ld+json">{"datePublished":"2026-01-01"}</script><time datetime="2025-12-12">x</time>`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "2026-03-03T09:00:00Z", From: "article:published_time"}},
		},
		{
			name: "article:published_time written as a name",
			doc:  `<meta name="article:published_time" content="2026-03-03">`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "2026-03-03", From: "article:published_time"}},
		},
		{
			name: "json-ld in an @graph, after a block without a date and a broken block",
			doc: `<script type="application/ld+json">{"@type":"Organization","name":"Site"}</script>` +
				`<script type="application/ld+json">{broken</script>` +
				`<script type="application/ld+json; charset=utf-8">{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},{"@type":"NewsArticle","datePublished":"2026-02-10T08:30:00+01:00"}]}</script>` +
				`<time datetime="2025-12-12">x</time>`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "2026-02-10T08:30:00+01:00", From: "json-ld"}},
		},
		{
			name: "json-ld array of objects",
			doc:  `<script type="application/ld+json">[{"@type":"BreadcrumbList"},{"@type":"BlogPosting","datePublished":"2026-01-05"}]</script>`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "2026-01-05", From: "json-ld"}},
		},
		{
			name: "microdata on a time element beats an earlier plain time",
			doc:  `<time datetime="2025-01-01">footer</time><time itemprop="datePublished" datetime="2026-04-01">April 1</time>`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "2026-04-01", From: "microdata"}},
		},
		{
			name: "microdata on a meta element",
			doc:  `<div itemscope><meta itemprop="datePublished" content="2026-04-02"></div>`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "2026-04-02", From: "microdata"}},
		},
		{
			name: "time with pubdate beats the first time",
			doc:  `<time datetime="2025-01-01">a</time><time pubdate datetime="2026-05-05">b</time>`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "2026-05-05", From: "time"}},
		},
		{
			name: "time without datetime uses its text",
			doc:  `<p>Posted <time>March 3, 2026</time></p>`,
			want: htmlmeta.Outline{Published: htmlmeta.Published{Value: "March 3, 2026", From: "time"}},
		},
		{
			name: "no date stated",
			doc:  `<title>Undated</title><p>Nothing here.</p>`,
			want: htmlmeta.Outline{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := htmlmeta.ParseOutline([]byte(tt.doc), mustURL(t, base))
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ParseOutline =\n%s\nwant\n%s", jsonString(got), jsonString(tt.want))
			}
		})
	}
}

func TestParseOutlineMatchesLinks(t *testing.T) {
	t.Parallel()
	doc := readFixture(t, "acme.html")
	base := mustURL(t, "https://www.acme.example/home")
	m, o := htmlmeta.Parse(doc, base), htmlmeta.ParseOutline(doc, base)
	var urls []string
	for _, a := range o.Anchors {
		urls = append(urls, a.URL)
	}
	if !reflect.DeepEqual(urls, m.Links) {
		t.Fatalf("outline anchors %v\nare not Meta.Links %v", urls, m.Links)
	}
}

func TestText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		doc  string
		max  int
		want string
	}{
		{"fragment with entities", `<p>Northwind &amp; Co <b>launches</b> Atlas&nbsp;2</p><p>Second</p>`, 0, "Northwind & Co launches Atlas 2 Second"},
		{"inline tags do not split words", `un<b>break</b>able`, 0, "unbreakable"},
		{"line breaks split words", `one<br>two<br/>three`, 0, "one two three"},
		{"hidden content left out", `<head><title>T</title><style>p{}</style></head><body><script>var x="<p>no</p>"</script><p>Yes</p><noscript>js off</noscript><svg><text>icon</text></svg></body>`, 0, "Yes"},
		{"head left open ends at body", `<html><head><title>T</title><body><p>Body text</p>`, 0, "Body text"},
		{"plain text passes through", "  Plain\n\ttext  ", 0, "Plain text"},
		{"cap at a rune boundary", "ééééé", 5, "éé"},
		{"invalid utf-8 replaced", "caf\xe9", 0, "caf\uFFFD"},
		{"empty", "", 10, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := htmlmeta.Text([]byte(tt.doc), tt.max); got != tt.want {
				t.Fatalf("Text(%q, %d) = %q, want %q", tt.doc, tt.max, got, tt.want)
			}
		})
	}
}

func FuzzParseOutline(f *testing.F) {
	for _, name := range []string{"acme.html", "german.html", "spanish.html", "minimal.html", "broken.html"} {
		f.Add(readFixture(f, name), "https://www.example.com/", 200)
	}
	f.Add([]byte(`<script type="application/ld+json">{"@graph":[[[{"datePublished":"x"}]]]}</script><time>t`), "https://a.example/", 3)
	f.Fuzz(func(t *testing.T, doc []byte, base string, max int) {
		b, err := url.Parse(base)
		if err != nil {
			b = nil
		}
		o := htmlmeta.ParseOutline(doc, b)
		var urls []string
		for _, a := range o.Anchors {
			if !utf8.ValidString(a.Text) {
				t.Fatalf("invalid UTF-8 in anchor text %q", a.Text)
			}
			urls = append(urls, a.URL)
		}
		for _, f := range o.Feeds {
			urls = append(urls, f.URL)
		}
		for _, s := range urls {
			u, err := url.Parse(s)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
				t.Fatalf("output URL %q is not an absolute http(s) URL without credentials", s)
			}
		}
		if !utf8.ValidString(o.Published.Value) {
			t.Fatalf("invalid UTF-8 in published %q", o.Published.Value)
		}
		max %= 1 << 16
		text := htmlmeta.Text(doc, max)
		if !utf8.ValidString(text) || (max > 0 && len(text) > max) || text != strings.TrimSpace(text) {
			t.Fatalf("Text(_, %d) = %q: invalid, too long or not trimmed", max, text)
		}
	})
}
