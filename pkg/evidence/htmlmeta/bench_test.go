package htmlmeta_test

import (
	"bytes"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
)

func BenchmarkParse(b *testing.B) {
	acme := readFixture(b, "acme.html")
	base := mustURL(b, "https://www.acme.example/")
	// A 2 MiB page (the fetcher's default cap) made of repeated fixture bodies.
	big := bytes.Repeat(acme, (2<<20)/len(acme))
	for _, bc := range []struct {
		name string
		doc  []byte
	}{{"acme", acme}, {"2MiB", big}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.doc)))
			b.ReportAllocs()
			for b.Loop() {
				htmlmeta.Parse(bc.doc, base)
			}
		})
	}
}
