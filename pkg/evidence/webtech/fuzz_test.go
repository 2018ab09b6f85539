package webtech_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/webtech"
)

// FuzzDetect checks that Detect never panics and always returns well-formed
// hints, whatever the page, headers and DNS answers contain. Seeds live in
// testdata/fuzz/FuzzDetect; the fixture pages are added as extra seeds.
func FuzzDetect(f *testing.F) {
	dirs, err := os.ReadDir(filepath.Join("testdata", "sites"))
	if err != nil {
		f.Fatalf("list fixtures: %v", err)
	}
	for _, d := range dirs {
		body, err := os.ReadFile(filepath.Join("testdata", "sites", d.Name(), "index.html"))
		if err != nil {
			f.Fatalf("read fixture: %v", err)
		}
		f.Add(body, "Server", "cloudflare", "_ga", "MS=ms1234", "aspmx.l.google.com.", "https://"+d.Name()+".example/")
	}
	f.Fuzz(func(t *testing.T, doc []byte, hName, hValue, cookie, txt, mx, url string) {
		in := webtech.Input{
			URL:     url,
			Headers: http.Header{hName: {hValue}, "Set-Cookie": {cookie + "=1"}},
			Cookies: []string{cookie},
			HTML:    doc,
			DNSTXT:  []string{txt, "v=spf1 include:" + mx + " -all"},
			Mail:    []webtech.Mail{{Name: mx, Category: webtech.EmailHosting, Source: webtech.SourceMX, Detail: mx}},
		}
		hints := webtech.Detect(in)
		for i, h := range hints {
			// A mail service the caller named needs no registered website.
			if h.Name == "" || (h.Website == "" && h.Name != strings.TrimSpace(mx)) || len(h.Evidence) == 0 {
				t.Fatalf("malformed hint %+v", h)
			}
			if h.Confidence <= 0 || h.Confidence > 1 {
				t.Fatalf("%s: confidence %v", h.Name, h.Confidence)
			}
			if i > 0 {
				p := hints[i-1]
				if p.Category > h.Category || (p.Category == h.Category && p.Name >= h.Name) {
					t.Fatalf("not sorted: %s/%s before %s/%s", p.Category, p.Name, h.Category, h.Name)
				}
			}
			for _, e := range h.Evidence {
				if !utf8.ValidString(e.Detail) || utf8.RuneCountInString(e.Detail) > 120 {
					t.Fatalf("%s: bad evidence detail %q", h.Name, e.Detail)
				}
				if strings.ContainsAny(e.Detail, "\x00\n\r") {
					t.Fatalf("%s: control characters in detail %q", h.Name, e.Detail)
				}
			}
		}
	})
}
