package webtech_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/webtech"
)

// bigPage builds a ~500 KB document: the WordPress fixture's head, then
// repeated product markup with script, link and image tags, like a long
// catalogue page.
func bigPage(b *testing.B, size int) webtech.Input {
	b.Helper()
	in := loadSite(b, "wordpress-woocommerce-cloudflare", "https://shop.example/")
	var buf bytes.Buffer
	buf.Write(in.HTML)
	for i := 0; buf.Len() < size; i++ {
		fmt.Fprintf(&buf, `<li class="product type-product post-%d"><a href="/product/item-%d/">`+
			`<img src="https://shop.example/wp-content/uploads/2024/01/item-%d-300x300.jpg" alt="Item %d" loading="lazy">`+
			`<h2 class="woocommerce-loop-product__title">Item %d</h2></a>`+
			`<p>Hand-picked single-origin beans, roasted in small batches every week.</p>`+
			`<link rel="prefetch" href="/product/item-%d/"><script type="application/ld+json">{"@type":"Product","sku":"%d"}</script></li>`+"\n",
			i, i, i, i, i, i, i)
	}
	in.HTML = buf.Bytes()
	return in
}

func BenchmarkDetect500KB(b *testing.B) {
	in := bigPage(b, 500<<10)
	b.SetBytes(int64(len(in.HTML)))
	b.ReportAllocs()
	for b.Loop() {
		if len(webtech.Detect(in)) == 0 {
			b.Fatal("no technologies detected")
		}
	}
}

func BenchmarkDetectSmallPage(b *testing.B) {
	in := loadSite(b, "nextjs-vercel", "https://acme-ledger.example/")
	b.SetBytes(int64(len(in.HTML)))
	b.ReportAllocs()
	for b.Loop() {
		webtech.Detect(in)
	}
}

// loadingPage builds a ~1 MB page from the loading-form fixtures: the news
// site's head with its inline loaders, the Shopify asyncLoad list, the
// OneTrust preload and the Next.js modulepreloads, then article teasers with
// ad slots, inline config scripts, escaped JSON state and preloads, like a
// long news front page.
func loadingPage(b *testing.B, size int) webtech.Input {
	b.Helper()
	in := loadSite(b, "news-inline-loaders", "https://harbourgazette.example/")
	var buf bytes.Buffer
	buf.Write(in.HTML)
	for _, dir := range []string{"shopify-asyncload", "saas-sentry-legacy", "onetrust-preload", "nextjs-modulepreload"} {
		buf.Write(loadSite(b, dir, "https://"+dir+".example/").HTML)
	}
	for i := 0; buf.Len() < size; i++ {
		fmt.Fprintf(&buf, `<article class="teaser" data-id="%d"><h2><a href="/news/2026/11/story-%d">Harbour story %d</a></h2>`+
			`<img src="https://images.harbourgazette.example/%d/640x360.jpg" alt="Story %d" loading="lazy">`+
			`<p>Councillors met on Tuesday to discuss the new ferry timetable and parking on the quay.</p>`+
			`<div id="ad-slot-%d"></div><script>googletag.cmd.push(function(){googletag.display('ad-slot-%d')});</script>`+
			`<script type="application/json" data-story="%d">{"url":"https:\/\/harbourgazette.example\/news\/story-%d","image":"https:\/\/images.harbourgazette.example\/%d.jpg","tags":["harbour","council"]}</script>`+
			`<link rel="prefetch" href="/news/2026/11/story-%d"></article>`+"\n",
			i, i, i, i, i, i, i, i, i, i, i)
	}
	in.HTML = buf.Bytes()
	return in
}

func BenchmarkDetect1MBLoadingForms(b *testing.B) {
	in := loadingPage(b, 1<<20)
	b.SetBytes(int64(len(in.HTML)))
	b.ReportAllocs()
	for b.Loop() {
		if len(webtech.Detect(in)) < 10 {
			b.Fatal("loading-form technologies missing")
		}
	}
}
