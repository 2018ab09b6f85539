package sitename

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzPick: any page and domain give a name that is valid UTF-8, at most
// maxNameChars long, backed by the fields it lists, in (0, 1); or none.
func FuzzPick(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.html"))
	for _, file := range files {
		doc, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(doc, "www.example.com")
	}
	f.Add([]byte(`<title>Twitter. It's what's happening.</title>`), "twitter.com")
	f.Add([]byte(`<header><a class="logo"><img alt="© 2026 Acme"></a></header><script type="application/ld+json">[{"@type":["Organization"],"name":{"@value":"Acme"}}]</script>`), "acme.co.uk")
	f.Fuzz(func(t *testing.T, doc []byte, domain string) {
		p := Read(doc)
		n := Pick(p, domain)
		if n.Value == "" {
			if len(n.From) != 0 || n.Confidence != 0 {
				t.Fatalf("no name but evidence: %+v", n)
			}
			return
		}
		if !utf8.ValidString(n.Value) || utf8.RuneCountInString(n.Value) > maxNameChars || strings.TrimSpace(n.Value) != n.Value {
			t.Fatalf("bad name %q", n.Value)
		}
		if len(n.From) == 0 || n.Confidence <= 0 || n.Confidence >= 1 {
			t.Fatalf("bad evidence %+v", n)
		}
		for _, d := range p.Descriptions() {
			if d.Text == "" || !utf8.ValidString(d.Text) {
				t.Fatalf("bad description %+v", d)
			}
		}
	})
}

// BenchmarkPick reads and picks on a 1 MB page (a builder page repeated,
// the way long pages repeat their sections).
func BenchmarkPick(b *testing.B) {
	doc, err := os.ReadFile(filepath.Join("testdata", "wordpress-dmg.html"))
	if err != nil {
		b.Fatal(err)
	}
	big := bytes.Repeat(doc, (1<<20)/len(doc)+1)[:1<<20]
	b.SetBytes(int64(len(big)))
	b.ReportAllocs()
	for b.Loop() {
		Pick(Read(big), "www.dmg-ag.example")
	}
}
