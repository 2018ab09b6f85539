package webtech

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestHostOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, raw, want string
	}{
		{"https url", "https://JS.Stripe.com/v3/", "js.stripe.com"},
		{"scheme relative", "//js.hs-scripts.com/123.js", "js.hs-scripts.com"},
		{"port and query", "http://cdn.example.com:8080/a.js?x=1", "cdn.example.com"},
		{"userinfo", "https://user:pw@evil.example@cdn.shopify.com/x", "cdn.shopify.com"},
		{"trailing dot", "https://cdn.segment.com./a.js", "cdn.segment.com"},
		{"relative path", "/wp-content/themes/x.js", ""},
		{"path that contains a host", "/proxy?u=//js.stripe.com/v3", ""},
		{"data url", "data:text/javascript,alert(1)", ""},
		{"ipv6 literal", "https://[::1]/x.js", ""},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := hostOf(tc.raw); got != tc.want {
				t.Errorf("hostOf(%q) = %q, want %q", tc.raw, got, tc.want)
			}
		})
	}
}

func TestHostSuffixIndex(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      bool
	}{
		{"equal", "https://hotjar.com/x.js", true},
		{"subdomain", "https://static.hotjar.com/c/hotjar-1.js", true},
		{"upper case", "https://STATIC.HOTJAR.COM/c/x.js", true},
		{"lookalike", "https://nothotjar.com/x.js", false},
		{"suffix appended", "https://hotjar.com.evil.example/x.js", false},
		{"relative path", "/hotjar.com/x.js", false},
	}
	var hotjar *Rule
	for i, r := range registry.byName["Hotjar"].Rules {
		if r.Source == SourceScript && r.Kind == MatchHostSuffix {
			hotjar = &registry.byName["Hotjar"].Rules[i]
		}
	}
	if hotjar == nil {
		t.Fatal("Hotjar has no script host rule")
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc := newScan(newPage(Input{ScriptSrcs: []string{tc.src}}))
			if _, _, got := hotjar.match(sc); got != tc.want {
				t.Errorf("match(%q) = %v, want %v", tc.src, got, tc.want)
			}
		})
	}
}

func TestTruncate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		wantLen  int
	}{
		{"short kept", "Server: nginx", 13},
		{"long cut to 120 runes", strings.Repeat("é", 500), 120},
		{"invalid utf-8 replaced", "a\xffb", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := truncate(tc.in)
			if !utf8.ValidString(got) || utf8.RuneCountInString(got) != tc.wantLen {
				t.Errorf("truncate(%q) = %q (%d runes), want %d valid runes", tc.in, got, utf8.RuneCountInString(got), tc.wantLen)
			}
		})
	}
}

func TestExtractMarkup(t *testing.T) {
	t.Parallel()
	doc := []byte(`<html><head>
<META NAME="Generator" CONTENT=" WordPress 6.5 ">
<meta property="og:site_name" content="Shop">
<meta charset="utf-8">
<script SRC="https://a.example/x.js?a=1&amp;b=2"></script>
<script>var s = "<script src='https://inline.example/no.js'>";</script>
<link rel=stylesheet href=/style.css>
</head><body><iframe src="https://player.vimeo.com/video/1"></iframe></body></html>`)
	m := extractMarkup(doc)
	if want := []string{"https://a.example/x.js?a=1&b=2"}; !slices.Equal(m.scripts, want) {
		t.Errorf("scripts = %q, want %q", m.scripts, want)
	}
	if want := []string{"/style.css"}; !slices.Equal(m.links, want) {
		t.Errorf("links = %q, want %q", m.links, want)
	}
	if want := []string{"https://player.vimeo.com/video/1"}; !slices.Equal(m.iframes, want) {
		t.Errorf("iframes = %q, want %q", m.iframes, want)
	}
	want := []metaTag{{key: "generator", content: "WordPress 6.5"}, {key: "og:site_name", content: "Shop"}}
	if !slices.Equal(m.metas, want) {
		t.Errorf("metas = %+v, want %+v", m.metas, want)
	}
}

func TestMarkupRegions(t *testing.T) {
	t.Parallel()
	doc := []byte(`<head><!-- off: <script src="//use.typekit.net/a.js"></script> -->` +
		`<!--[if lt IE 9]><script src="/html5shiv.js"></script><![endif]-->` +
		`<style>[data-reactid="x"]{color:red}</style>` +
		`<script src="/app.js"></script><script>var q = "[data-reactroot]";</script></head>` +
		`<body data-reactroot=""><!----></body>`)
	m := extractMarkup(doc)
	var got []string
	for _, s := range m.regions.spans {
		kind := "text"
		if s.kind == regionComment {
			kind = "comment"
		}
		got = append(got, kind+":"+string(doc[s.start:s.end]))
	}
	want := []string{
		`comment:<!-- off: <script src="//use.typekit.net/a.js"></script> -->`,
		`text:[data-reactid="x"]{color:red}`,
		`text:var q = "[data-reactroot]";`,
		`comment:<!---->`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("regions\n got: %q\nwant: %q", got, want)
	}
	body := strings.Index(string(doc), `data-reactroot=""`)
	inScript := strings.Index(string(doc), `[data-reactroot]`) + 1
	inStyle := strings.Index(string(doc), `data-reactid`)
	inComment := strings.Index(string(doc), `use.typekit.net`)
	inConditional := strings.Index(string(doc), `html5shiv`)
	for _, tc := range []struct {
		name  string
		place uint8
		pos   int
		want  bool
	}{
		{"attribute in a tag", placeMarkup, body, true},
		{"attribute named in script text", placeMarkup, inScript, false},
		{"attribute named in a stylesheet", placeMarkup, inStyle, false},
		{"host in script text", placeNotComment, inScript, true},
		{"host in a comment", placeNotComment, inComment, false},
		{"comment marker in a comment", placeAnywhere, inComment, true},
		{"host in an IE conditional comment", placeNotComment, inConditional, true},
	} {
		if got := m.regions.allows(tc.place, tc.pos); got != tc.want {
			t.Errorf("%s: allows = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLiteralPlace(t *testing.T) {
	t.Parallel()
	for lit, want := range map[string]uint8{
		`<!-- This is Squarespace. -->`: placeAnywhere,
		`data-reactroot`:                placeMarkup,
		`data-wf-page=`:                 placeMarkup,
		`id="__NEXT_DATA__"`:            placeMarkup,
		`class="trustpilot-widget"`:     placeMarkup,
		`<mux-player`:                   placeMarkup,
		`ng-app`:                        placeMarkup,
		`use.typekit.net/`:              placeNotComment,
		`window.intercomSettings`:       placeNotComment,
		`piAId = `:                      placeNotComment,
		`data-v-`:                       placeNotComment,
		`--tw-`:                         placeNotComment,
		`/typo3conf/`:                   placeNotComment,
	} {
		if got := literalPlace(lit); got != want {
			t.Errorf("literalPlace(%q) = %d, want %d", lit, got, want)
		}
	}
}

func BenchmarkHTMLLiteralScan500KB(b *testing.B) {
	doc := []byte(strings.Repeat(`<li class="product"><a href="/p/1/"><img src="/wp-content/uploads/x.jpg"></a><p>Hand-picked beans.</p></li>`+"\n", 500<<10/110))
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		registry.html.scan(doc)
	}
}

// FuzzInlineURLs checks the inline-script URL extractor on arbitrary bodies:
// no panic, and every URL it returns has a plausible host and a known form.
func FuzzInlineURLs(f *testing.F) {
	f.Add([]byte(`var urls = ["https:\/\/static.klaviyo.com\/onsite\/js\/klaviyo.js?a=1\u0026b=2"];`), false)
	f.Add([]byte(`e.src='//static.chartbeat.com/js/chartbeat.js'; // https://x.example/`), false)
	f.Add([]byte(`{"src":"https:\u002F\u002Fcode.tidio.co\u002Fa.js"}`), true)
	f.Add([]byte(`s.src='https:&#x2F;&#x2F;cdn.segment.com&#x2F;a.js'+"\`), false)
	f.Fuzz(func(t *testing.T, body []byte, json bool) {
		kind := kindJS
		if json {
			kind = kindJSON
		}
		for _, u := range inlineURLs(body, kind) {
			if !plausibleHost(hostOf(u.raw)) || (u.form != SourceInlineScript && u.form != SourceInlineJSON) {
				t.Fatalf("bad URL %+v from %q", u, body)
			}
		}
	})
}
