package htmlmeta_test

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
)

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseFixtures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string
		base string
		want htmlmeta.Meta
	}{
		{
			name: "english corporate site",
			file: "acme.html",
			base: "https://www.acme.example/home",
			want: htmlmeta.Meta{
				Title:       "Acme Corp & Co — Industrial Rockets",
				Description: "Acme builds reliable rockets for coyotes.",
				Canonical:   "https://www.acme.example/",
				Lang:        "en-US",
				Generator:   "WordPress 6.5.2",
				OpenGraph: htmlmeta.OpenGraph{
					Title: "Acme Corp", Description: "Rockets, anvils and more.",
					Image: "https://www.acme.example/img/og.png", SiteName: "Acme", Type: "website",
					URL: "https://www.acme.example/",
				},
				Favicon:         "https://www.acme.example/static/favicon-32.png",
				FaviconDeclared: true,
				Social: []htmlmeta.SocialLink{
					{Network: "linkedin", URL: "https://www.linkedin.com/company/acme-corp"},
					{Network: "twitter", URL: "https://twitter.com/acme"},
					{Network: "twitter", URL: "https://x.com/acme"},
					{Network: "facebook", URL: "https://www.facebook.com/AcmeCorp"},
					{Network: "instagram", URL: "https://www.instagram.com/acme"},
					{Network: "youtube", URL: "https://www.youtube.com/@acme"},
					{Network: "github", URL: "https://github.com/acme"},
					{Network: "tiktok", URL: "https://www.tiktok.com/@acme"},
				},
				ContactPages: []string{"https://www.acme.example/contact-us/"},
				CareersPages: []string{"https://www.acme.example/company/jobs", "https://boards.greenhouse.io/acme"},
				ScriptHosts:  []string{"www.googletagmanager.com", "www.acme.example"},
				Links: []string{
					"https://www.acme.example/about",
					"https://www.acme.example/contact-us/",
					"https://www.acme.example/company/jobs",
					"https://boards.greenhouse.io/acme",
					"https://www.acme.example/blog/how-to-get-a-job-in-rockets",
					"https://www.linkedin.com/company/acme-corp/",
					"https://twitter.com/acme?ref=site",
					"https://x.com/acme",
					"https://twitter.com/intent/tweet?text=hi",
					"https://www.facebook.com/sharer/sharer.php?u=x",
					"https://www.facebook.com/AcmeCorp",
					"https://www.instagram.com/acme/",
					"https://www.youtube.com/@acme",
					"https://www.youtube.com/watch?v=abc",
					"https://github.com/acme",
					"https://www.tiktok.com/@acme",
				},
				LinkTags: []htmlmeta.LinkTag{
					{Rel: "canonical", Href: "https://www.acme.example/"},
					{Rel: "apple-touch-icon", Href: "https://www.acme.example/apple-touch.png"},
					{Rel: "icon", Href: "https://www.acme.example/static/favicon-32.png"},
					{Rel: "stylesheet", Href: "https://cdn.acme-static.example/site.css"},
					{Rel: "preconnect", Href: "https://fonts.gstatic.com"},
				},
			},
		},
		{
			name: "german site: kontakt, karriere, jobs subdomain, shortcut icon",
			file: "german.html",
			base: "https://www.beispiel.example/",
			want: htmlmeta.Meta{
				Title: "Beispiel GmbH", Description: "Maschinenbau aus Stuttgart", Lang: "de",
				Favicon: "https://www.beispiel.example/favicon.ico", FaviconDeclared: true,
				Social: []htmlmeta.SocialLink{
					{Network: "xing", URL: "https://www.xing.com/pages/beispiel"},
					{Network: "linkedin", URL: "https://de.linkedin.com/company/beispiel-gmbh"},
				},
				ContactPages: []string{"https://www.beispiel.example/kontakt.html"},
				CareersPages: []string{"https://www.beispiel.example/unternehmen/karriere", "https://jobs.beispiel.example/"},
				Links: []string{
					"https://www.beispiel.example/kontakt.html",
					"https://www.beispiel.example/unternehmen/karriere",
					"https://jobs.beispiel.example/",
					"https://www.xing.com/pages/beispiel",
					"https://de.linkedin.com/company/beispiel-gmbh",
				},
				LinkTags: []htmlmeta.LinkTag{{Rel: "shortcut icon", Href: "https://www.beispiel.example/favicon.ico"}},
			},
		},
		{
			name: "spanish site with base href and og in name attribute",
			file: "spanish.html",
			base: "https://ejemplo.example/",
			want: htmlmeta.Meta{
				Title: "Ejemplo S.A.", Lang: "es",
				OpenGraph:    htmlmeta.OpenGraph{Title: "Ejemplo en OG por name"},
				Favicon:      "https://ejemplo.example/favicon.ico",
				ContactPages: []string{"https://cdn.ejemplo.example/es/contacto"},
				CareersPages: []string{"https://cdn.ejemplo.example/es/trabaja-con-nosotros/"},
				ScriptHosts:  []string{"cdn.ejemplo.example"},
				Links: []string{
					"https://cdn.ejemplo.example/es/contacto",
					"https://cdn.ejemplo.example/es/trabaja-con-nosotros/",
					"https://otro.example/contact",
					"https://cdn.ejemplo.example/es/noticias/empleo-juvenil-en-espana",
				},
			},
		},
		{
			name: "fragment without head",
			file: "minimal.html",
			base: "http://min.example",
			want: htmlmeta.Meta{
				Favicon:      "http://min.example/favicon.ico",
				ContactPages: []string{"http://min.example/contact"},
				Links:        []string{"http://min.example/contact"},
			},
		},
		{
			name: "broken markup",
			file: "broken.html",
			base: "https://broken.example/x/",
			want: htmlmeta.Meta{
				Title:       "Broken & <b>Odd</b>", // <title> is RCDATA: tags inside are text
				Favicon:     "https://broken.example/favicon.ico",
				ScriptHosts: []string{"cdn.example"},
				Links: []string{
					"https://ok.example/careers",
					"https://protocol-relative.example/x",
					"https://broken.example/svg-link",
				},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := htmlmeta.Parse(readFixture(t, tt.file), mustURL(t, tt.base))
			if !reflect.DeepEqual(got, tt.want) {
				g, _ := json.MarshalIndent(got, "", "  ")
				w, _ := json.MarshalIndent(tt.want, "", "  ")
				t.Fatalf("Parse(%s) =\n%s\nwant\n%s", tt.file, g, w)
			}
		})
	}
}

func TestParseInline(t *testing.T) {
	t.Parallel()
	base := "https://www.site.example/"
	tests := []struct {
		name  string
		doc   string
		base  string
		check func(m htmlmeta.Meta) string // returns a complaint or ""
	}{
		{"first title wins", `<title>One</title><title>Two</title>`, base, func(m htmlmeta.Meta) string {
			return want(m.Title, "One")
		}},
		{"svg title ignored", `<svg><title>icon</title></svg><title>Real</title>`, base, func(m htmlmeta.Meta) string {
			return want(m.Title, "Real")
		}},
		{"unterminated title keeps the rest as text", `<title>Open <p>forever`, base, func(m htmlmeta.Meta) string {
			return want(m.Title, "Open <p>forever")
		}},
		{"description falls back to og", `<meta property="og:description" content="From OG">`, base, func(m htmlmeta.Meta) string {
			return want(m.Description, "From OG")
		}},
		{"first attribute occurrence wins", `<html lang="fr" lang="en">`, base, func(m htmlmeta.Meta) string {
			return want(m.Lang, "fr")
		}},
		{"favicon preference icon over apple", `<link rel="apple-touch-icon" href="/a.png"><link rel="shortcut icon" href="/s.ico"><link rel="icon" href="/i.svg">`, base,
			func(m htmlmeta.Meta) string { return want(m.Favicon, "https://www.site.example/i.svg") }},
		{"favicon shortcut over apple", `<link rel="apple-touch-icon" href="/a.png"><link rel="SHORTCUT ICON" href="/s.ico">`, base,
			func(m htmlmeta.Meta) string { return want(m.Favicon, "https://www.site.example/s.ico") }},
		{"javascript canonical dropped", `<link rel="canonical" href="javascript:alert(1)">`, base, func(m htmlmeta.Meta) string {
			return want(m.Canonical, "")
		}},
		{"non-http base href ignored", `<base href="javascript:x"><a href="/p">p</a>`, base, func(m htmlmeta.Meta) string {
			return want(strings.Join(m.Links, ","), "https://www.site.example/p")
		}},
		{"no base keeps only absolute urls", `<a href="/rel">r</a><a href="https://abs.example/">a</a>`, "", func(m htmlmeta.Meta) string {
			return want(strings.Join(m.Links, ",")+"|"+m.Favicon, "https://abs.example/|")
		}},
		{"contact by anchor text only", `<a href="/reach">Contact sales</a>`, base, func(m htmlmeta.Meta) string {
			return want(strings.Join(m.ContactPages, ","), "https://www.site.example/reach")
		}},
		{"contact link to another site ignored", `<a href="https://other.example/contact">Contact</a>`, base, func(m htmlmeta.Meta) string {
			return want(strings.Join(m.ContactPages, ","), "")
		}},
		{"careers by anchor text (french)", `<a href="/rejoindre">Carrières</a>`, base, func(m htmlmeta.Meta) string {
			return want(strings.Join(m.CareersPages, ","), "https://www.site.example/rejoindre")
		}},
		{"careers by aria-label", `<a href="/x" aria-label="Jobs"><svg></svg></a>`, base, func(m htmlmeta.Meta) string {
			return want(strings.Join(m.CareersPages, ","), "https://www.site.example/x")
		}},
		{"ats on another site counts as careers", `<a href="https://jobs.lever.co/site">Positions</a>`, base, func(m htmlmeta.Meta) string {
			return want(strings.Join(m.CareersPages, ","), "https://jobs.lever.co/site")
		}},
		{"long anchor text not used", `<a href="/p">` + strings.Repeat("contact ", 20) + `</a>`, base, func(m htmlmeta.Meta) string {
			return want(strings.Join(m.ContactPages, ","), "")
		}},
		{"social share and post links ignored", `<a href="https://www.linkedin.com/shareArticle?u=x">s</a><a href="https://www.instagram.com/p/abc/">p</a><a href="https://github.com/login">l</a>`, base,
			func(m htmlmeta.Meta) string { return want(len(m.Social), 0) }},
		{"linkedin person profile is not a company profile", `<a href="https://www.linkedin.com/in/jane">Jane</a>`, base, func(m htmlmeta.Meta) string {
			return want(len(m.Social), 0)
		}},
		{"duplicate social deduplicated case-insensitively", `<a href="https://github.com/Acme">a</a><a href="https://github.com/acme/">b</a>`, base,
			func(m htmlmeta.Meta) string { return want(len(m.Social), 1) }},
		{"credentials in links dropped", `<a href="https://u:p@x.example/">x</a>`, base, func(m htmlmeta.Meta) string {
			return want(len(m.Links), 0)
		}},
		{"invalid utf-8 replaced", "<title>caf\xe9</title>", base, func(m htmlmeta.Meta) string {
			return want(m.Title, "caf\uFFFD")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b *url.URL
			if tt.base != "" {
				b = mustURL(t, tt.base)
			}
			if msg := tt.check(htmlmeta.Parse([]byte(tt.doc), b)); msg != "" {
				t.Fatal(msg)
			}
		})
	}
}

func want[T comparable](got, w T) string {
	if got != w {
		return "got " + jsonString(got) + ", want " + jsonString(w)
	}
	return ""
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestParseLinkCap(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	for i := 0; i < 3000; i++ {
		sb.WriteString(`<a href="/p/`)
		sb.WriteString(strings.Repeat("x", i%7))
		sb.WriteString(string(rune('a' + i%26)))
		sb.WriteString(`/`)
		sb.WriteString(jsonString(i))
		sb.WriteString(`">l</a>`)
	}
	m := htmlmeta.Parse([]byte(sb.String()), mustURL(t, "https://cap.example/"))
	if len(m.Links) != 500 {
		t.Fatalf("kept %d links, want the cap of 500", len(m.Links))
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"acme.html", "german.html", "spanish.html", "minimal.html", "broken.html"} {
		f.Add(readFixture(f, name), "https://www.example.com/")
	}
	f.Fuzz(func(t *testing.T, doc []byte, base string) {
		b, err := url.Parse(base)
		if err != nil {
			b = nil
		}
		m := htmlmeta.Parse(doc, b)
		for _, s := range []string{m.Title, m.Description, m.Lang, m.Generator, m.OpenGraph.Title} {
			if !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 in output %q", s)
			}
		}
		urls := append(append(append([]string{}, m.Links...), m.ContactPages...), m.CareersPages...)
		for _, s := range []string{m.Canonical, m.Favicon, m.OpenGraph.Image} {
			if s != "" {
				urls = append(urls, s)
			}
		}
		for _, s := range urls {
			u, err := url.Parse(s)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
				t.Fatalf("output URL %q is not an absolute http(s) URL without credentials", s)
			}
		}
	})
}
