package source_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/source"
)

func TestNormalizeDropsTracking(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"utm params", "https://news.example-press.com/a?utm_source=x&id=7&utm_medium=y", "https://news.example-press.com/a?id=7"},
		{"only tracking", "https://news.example-press.com/a?utm_campaign=z&fbclid=abc", "https://news.example-press.com/a"},
		{"click ids any case", "https://news.example-press.com/a?GCLID=1&p=2", "https://news.example-press.com/a?p=2"},
		{"order and spelling kept", "https://news.example-press.com/a?b=2&a=%20x", "https://news.example-press.com/a?b=2&a=%20x"},
		{"escaped tracking name", "https://news.example-press.com/a?utm%5Fsource=x&q=1", "https://news.example-press.com/a?q=1"},
	}
	for _, tt := range tests {
		if got := source.Normalize(tt.in); got != tt.want {
			t.Errorf("%s: Normalize(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
	if !source.IsTrackingParam("utm_content") || source.IsTrackingParam("id") {
		t.Error("IsTrackingParam")
	}
}

func TestDocument(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 3, 16, 5, 12, 0, time.FixedZone("EST", -5*3600))
	tests := []struct {
		name      string
		in        source.Document
		wantDate  string // "" = nil
		wantPrec  source.Precision
		wantAuth  source.Authority
		wantTitle string
	}{
		{"instant in UTC", source.Document{URL: "https://a.example-press.com/x", Published: at}, "2026-03-03T21:05:12Z", source.PrecisionTime, source.AuthorityAggregator, "https://a.example-press.com/x"},
		{"day", source.Document{URL: "https://a.example-press.com/x", Published: at, Precision: source.PrecisionDay, Title: " Acme  raises\u00a0$5M "}, "2026-03-03", source.PrecisionDay, source.AuthorityAggregator, "Acme raises $5M"},
		{"month", source.Document{URL: "https://a.example-press.com/x", Published: at, Precision: source.PrecisionMonth}, "2026-03", source.PrecisionMonth, source.AuthorityAggregator, "https://a.example-press.com/x"},
		{"year", source.Document{URL: "https://a.example-press.com/x", Published: at, Precision: source.PrecisionYear, Authority: source.AuthorityWire}, "2026", source.PrecisionYear, source.AuthorityWire, "https://a.example-press.com/x"},
		{"no date ignores a precision", source.Document{URL: "https://a.example-press.com/x", Precision: source.PrecisionDay}, "", source.PrecisionNone, source.AuthorityAggregator, "https://a.example-press.com/x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := source.NewDocument(tt.in)
			s := d.Source()
			got := ""
			if s.PublishedDate != nil {
				got = *s.PublishedDate
			}
			if got != tt.wantDate || d.Precision != tt.wantPrec || d.Authority != tt.wantAuth || s.Title != tt.wantTitle {
				t.Fatalf("date %q prec %q auth %q title %q", got, d.Precision, d.Authority, s.Title)
			}
			if s.ID != source.ID(d.URL) {
				t.Fatalf("id %q", s.ID)
			}
		})
	}
}

func TestTruncateAndExcerpt(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("word ", 400) + "é"
	d := source.NewDocument(source.Document{URL: "https://a.example-press.com/", Excerpt: long})
	if len(d.Excerpt) > source.MaxExcerpt || !strings.HasSuffix(d.Excerpt, "…") || !utf8.ValidString(d.Excerpt) {
		t.Fatalf("excerpt %d bytes, ends %q", len(d.Excerpt), d.Excerpt[len(d.Excerpt)-8:])
	}
	if got := source.Truncate("short", 10); got != "short" {
		t.Fatalf("Truncate short = %q", got)
	}
	if got := source.Truncate(strings.Repeat("é", 10), 7); !utf8.ValidString(got) || len(got) > 7 {
		t.Fatalf("Truncate multibyte = %q", got)
	}
	if source.AuthorityRegulatory.Weight() != 0.95 || source.AuthorityAggregator.Weight() != 0.5 || !source.AuthorityJobBoard.Primary() || source.AuthorityWire.Primary() {
		t.Fatal("authority weights")
	}
}
