package website

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
)

func TestAboutRank(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, url, text string
		want            int
	}{
		// By path: the last segment is an about word.
		{"about", "https://acme.com/about", "", 3},
		{"about-us under a locale, trailing slash", "https://acme.com/en/about-us/", "", 3},
		{"about_us.html", "https://acme.com/about_us.html", "", 3},
		{"aboutus", "https://acme.com/aboutus", "", 3},
		{"about-<name>", "https://acme.com/about-acme-analytics", "", 3},
		{"company", "https://acme.com/company", "", 1},
		{"who-we-are", "https://acme.com/who-we-are", "", 2},
		{"our-story", "https://acme.com/our-story", "", 2},
		{"mission", "https://acme.com/mission", "", 1},
		{"ueber-uns", "https://acme.com/de/ueber-uns", "", 2},
		{"über-uns (percent-encoded)", "https://acme.com/%C3%BCber-uns", "", 2},
		{"a-propos", "https://acme.com/fr/a-propos", "", 2},
		{"quienes-somos", "https://acme.com/quienes-somos", "", 2},
		{"sobre-nos", "https://acme.com/sobre-nos", "", 2},
		{"chi-siamo", "https://acme.com/chi-siamo", "", 2},
		{"over-ons", "https://acme.com/over-ons", "", 2},
		{"a page below the about page", "https://acme.com/about/leadership", "", 0},
		{"company news is a newsroom", "https://acme.com/company-news", "", 0},
		{"news below /company", "https://acme.com/company/news", "", 0},
		{"a longer about-… slug is an article", "https://acme.com/about-our-new-warehouse-robots", "", 0},
		{"aboutface", "https://acme.com/aboutface", "", 0},
		{"the root", "https://acme.com/", "", 0},
		// By anchor text.
		{"text About", "https://acme.com/x", "About", 3},
		{"text About us", "https://acme.com/x", "About  Us", 3},
		{"text Company", "https://acme.com/x", "Company", 1},
		{"text Who we are", "https://acme.com/x", "Who we are", 2},
		{"text Our story", "https://acme.com/x", "Our story", 2},
		{"text Über uns", "https://acme.com/x", "Über uns", 2},
		{"text About <brand>", "https://acme.com/x", "About Acme Analytics", 3},
		{"text About <domain label>", "https://acme.com/x", "About ACME Inc", 3},
		{"text About something else", "https://acme.com/cookies", "About cookies", 0},
		{"text Company news", "https://acme.com/x", "Company news", 0},
		{"long text", "https://acme.com/x", "About " + strings.Repeat("us ", 20), 0},
		// Both: the better rank.
		{"path company, text About us", "https://acme.com/company", "About us", 3},
	}
	for _, tt := range tests {
		if got := aboutRank(mustURL(t, tt.url), tt.text, "Acme Analytics", "acme"); got != tt.want {
			t.Errorf("%s: aboutRank(%s, %q) = %d, want %d", tt.name, tt.url, tt.text, got, tt.want)
		}
	}
}

func TestAboutLink(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		anchors []htmlmeta.Anchor
		want    string
	}{
		{"none", []htmlmeta.Anchor{{URL: "https://acme.com/pricing", Text: "Pricing"}, {URL: "https://acme.com/newsroom", Text: "Newsroom"}}, ""},
		{"best rank wins over document order", []htmlmeta.Anchor{
			{URL: "https://acme.com/company", Text: "Company"},
			{URL: "https://acme.com/who-we-are", Text: ""},
			{URL: "https://acme.com/about-us", Text: "About"},
		}, "https://acme.com/about-us"},
		{"first among equals", []htmlmeta.Anchor{
			{URL: "https://acme.com/our-story", Text: "Story"},
			{URL: "https://acme.com/x", Text: "Who we are"},
		}, "https://acme.com/our-story"},
		{"off-site and known links are left out", []htmlmeta.Anchor{
			{URL: "https://other.com/about", Text: "About"},
			{URL: "https://acme.com/about", Text: "About"},
			{URL: "https://www.acme.com/company", Text: "Company"},
		}, "https://www.acme.com/company"},
	}
	skip := func(s string) bool { return s == "https://acme.com/about" }
	for _, tt := range tests {
		if got := aboutLink(tt.anchors, "Acme", "acme.com", onAcme, skip); got != tt.want {
			t.Errorf("%s: aboutLink = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestParagraphs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, doc string
		maxBytes  int
		want      []string
	}{
		{"body paragraphs, chrome left out",
			`<html><head><title>About</title><style>p{}</style></head><body>
<header><nav><a href="/">Home</a><p>Menu</p></nav><p>Banner text</p></header>
<main><header><h1>About</h1><p>Lead in the article header.</p></header>
<p>First &amp; <b>bold</b>
 paragraph.</p><p></p><p>  </p>
<div><p>Second<script>var p = "<p>no</p>";</script> paragraph.</p></div>
<aside><p>Related</p></aside><form><p>Subscribe</p></form></main>
<footer><p>© Acme</p></footer></body></html>`, 0,
			[]string{"Lead in the article header.", "First & bold paragraph.", "Second paragraph."}},
		{"paragraphs closed implicitly",
			`<p>One<p>Two<div>block</div><ul><li><p>Three</li></ul><p>Four`, 0,
			[]string{"One", "Two", "Three", "Four"}},
		{"a head left open ends at body", `<head><title>x</title><body><p>Text</p>`, 0, []string{"Text"}},
		{"text outside paragraphs is not a paragraph", `<body><div>Only divs here.</div></body>`, 0, nil},
		{"stops once maxBytes are read", `<p>aaaa</p><p>bbbb</p><p>cccc</p>`, 6, []string{"aaaa", "bbbb"}},
	}
	for _, tt := range tests {
		if got := paragraphs([]byte(tt.doc), tt.maxBytes); !slices.Equal(got, tt.want) {
			t.Errorf("%s: paragraphs = %q, want %q", tt.name, got, tt.want)
		}
	}
	many := strings.Repeat("<p>x</p>", 2*maxParagraphs)
	if got := paragraphs([]byte(many), 0); len(got) != maxParagraphs {
		t.Errorf("%d paragraphs read, want at most %d", len(got), maxParagraphs)
	}
}

func TestLeadSentences(t *testing.T) {
	t.Parallel()
	long := "Acme Analytics " + strings.Repeat("forecasts demand for grocers ", 12) + "everywhere."
	tests := []struct {
		name, p, want string
	}{
		{"two sentences that fit", "Acme builds robots. It was founded in 2019. It has 40 staff.",
			"Acme builds robots. It was founded in 2019."},
		{"one sentence", "Acme builds robots for warehouses", "Acme builds robots for warehouses"},
		{"abbreviations, initials and dotted words end no sentence",
			"Acme Robotics Inc. was founded by J. Smith in the U.S. in 2019. Dr. Lee joined in 2020. Then more.",
			"Acme Robotics Inc. was founded by J. Smith in the U.S. in 2019. Dr. Lee joined in 2020."},
		{"numbers and domains end no sentence", "Atlas 2.5 runs at acme.com speed! Really? Yes.", "Atlas 2.5 runs at acme.com speed! Really?"},
		{"a lower-case word after a period ends no sentence", "We ship worldwide, e.g. to Europe. And more. Yes.",
			"We ship worldwide, e.g. to Europe. And more."},
		{"closing quotes stay with their sentence", `They call it “the robot company.” It moves pallets. More.`,
			`They call it “the robot company.” It moves pallets.`},
		{"a second sentence that does not fit is left out", "Acme builds robots. " + long, "Acme builds robots."},
		{"a first sentence longer than 300 characters is cut at a word", long + " Short.", ""},
	}
	for _, tt := range tests {
		got := leadSentences(tt.p)
		if tt.want == "" {
			if n := utf8.RuneCountInString(got); n > maxLeadChars || !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
				t.Errorf("%s: leadSentences = %q (%d characters), want a cut prefix of at most %d", tt.name, got, n, maxLeadChars)
			}
			continue
		}
		if got != tt.want {
			t.Errorf("%s: leadSentences = %q, want %q", tt.name, got, tt.want)
		}
	}
}
