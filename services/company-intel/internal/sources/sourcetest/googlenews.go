package sourcetest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// GoogleNewsPath is the fake's RSS search route; point the googlenews
// source at Server.URL + GoogleNewsPath.
const GoogleNewsPath = "/rss/search"

// GoogleNewsItem is one story the fake Google News search knows.
type GoogleNewsItem struct {
	Headline  string    // without the publisher; the feed's <title> is "Headline - Publisher"
	Publisher string    // <source> text, e.g. "TechCrunch"
	SiteURL   string    // <source url>, the publisher's home, e.g. "https://techcrunch.com"
	URL       string    // the article at the publisher
	Published time.Time // pubDate
	// Snippet is prose the description carries after the publisher label
	// (older feeds did; today's usually carry none).
	Snippet string
	// Body is article text Google searched but the feed does not carry: a
	// query term found only here still selects the story, as on Google.
	Body string
	// DirectLink makes the description's anchor link to URL itself instead
	// of the news.google.com redirect that <link> always carries.
	DirectLink bool
	// TitleEntities serves a headline that reached Google with HTML
	// entities: its apostrophes, double quotes and ampersands are written
	// &#39; &quot; &amp; in <title>, escaped once more for XML
	// ("Acme&amp;#39;s").
	TitleEntities bool
	// Related are other articles of the story's cluster: the description
	// becomes the <ol> of the 2020 feeds, this story first, then each
	// related one, then Google's "View Full Coverage" link. A query term
	// found in a related headline also selects the story.
	Related []GoogleNewsItem
	// Legacy serves the story in the 2020 form: <link> and the anchors are
	// news.google.com/__i/rss/rd/articles/ links whose id carries the
	// article's URL in clear (GoogleLegacyRedirect), the guid is a number
	// and the description's attribute quotes are written &quot;.
	Legacy bool
}

// GoogleRedirect is the opaque news.google.com/rss/articles/… link the fake
// gives a story (deterministic in its URL, like Google's).
func GoogleRedirect(articleURL string) string {
	sum := sha256.Sum256([]byte(articleURL))
	return "https://news.google.com/rss/articles/CBMi" + base64.RawURLEncoding.EncodeToString(sum[:24]) + "?oc=5"
}

// GoogleLegacyRedirect is the news.google.com/__i/rss/rd/articles/… link of
// the 2020 feeds: its id is a base64url protocol buffer (0x08 0x13, then
// field 4 holding the article's URL, then an empty field 26).
func GoogleLegacyRedirect(articleURL string) string {
	msg := []byte{0x08, 0x13, 0x22}
	msg = binary.AppendUvarint(msg, uint64(len(articleURL)))
	msg = append(append(msg, articleURL...), 0xd2, 0x01, 0x00)
	return "https://news.google.com/__i/rss/rd/articles/" + base64.RawURLEncoding.EncodeToString(msg) + "?oc=5"
}

// NewGoogleNews starts a fake Google News RSS search at GoogleNewsPath
// serving items. It honours q as Google does for the operators the source
// uses: every "quoted phrase" and every other word must occur
// (case-insensitive) in the title, the description (a cluster's related
// headlines too) or the article Body Google searched; after:YYYY-MM-DD keeps the stories published on or
// after that UTC day and before:YYYY-MM-DD those published before it.
// Stories come newest first, at most 100 (Google's cap), as
// application/rss+xml; hl, gl and ceid are accepted and ignored. The feed
// is written as Google writes it (see googleFeed). It is closed at
// cleanup.
func NewGoogleNews(tb testing.TB, items ...GoogleNewsItem) *Server {
	tb.Helper()
	return closeAtCleanup(tb, StartGoogleNews(items...))
}

// StartGoogleNews is NewGoogleNews outside a test: the caller closes the
// server.
func StartGoogleNews(items ...GoogleNewsItem) *Server {
	s := Start()
	s.Handle("GET "+GoogleNewsPath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("q")
		f, err := parseGoogleQuery(q)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var picked []GoogleNewsItem
		for _, it := range items {
			if f.keeps(it) {
				picked = append(picked, it)
			}
		}
		slices.SortStableFunc(picked, func(a, b GoogleNewsItem) int { return b.Published.Compare(a.Published) })
		if len(picked) > 100 {
			picked = picked[:100]
		}
		w.Header().Set("Content-Type", "application/rss+xml; charset=UTF-8")
		_, _ = w.Write(googleFeed(q, picked))
	})
	return s
}

type googleQuery struct {
	terms         []string // lower case: phrases and words that must occur
	after, before time.Time
}

var googleTerm = regexp.MustCompile(`"[^"]*"|\S+`)

func parseGoogleQuery(q string) (googleQuery, error) {
	var f googleQuery
	for _, t := range googleTerm.FindAllString(q, -1) {
		switch {
		case strings.HasPrefix(t, "after:"):
			d, err := time.Parse(time.DateOnly, t[len("after:"):])
			if err != nil {
				return f, err
			}
			f.after = d
		case strings.HasPrefix(t, "before:"):
			d, err := time.Parse(time.DateOnly, t[len("before:"):])
			if err != nil {
				return f, err
			}
			f.before = d
		default:
			if t = strings.ToLower(strings.Trim(t, `"`)); t != "" {
				f.terms = append(f.terms, t)
			}
		}
	}
	return f, nil
}

func (f googleQuery) keeps(it GoogleNewsItem) bool {
	text := []string{it.Headline, it.Publisher, it.Snippet, it.Body}
	for _, r := range it.Related {
		text = append(text, r.Headline, r.Publisher)
	}
	hay := strings.ToLower(strings.Join(text, " "))
	for _, t := range f.terms {
		if !strings.Contains(hay, t) {
			return false
		}
	}
	if !f.after.IsZero() && it.Published.Before(f.after) {
		return false
	}
	return f.before.IsZero() || it.Published.Before(f.before)
}

// googleFeed writes the RSS 2.0 feed as Google does: one line, the
// channel preamble (generator, the query in quotes as title, link,
// language, webMaster, copyright, lastBuildDate, image, description), then
// per story its title "Headline - Publisher", link, guid
// isPermaLink="false", pubDate in RFC 1123 with GMT, description (escaped
// HTML: <a href target=_blank>Headline</a>&nbsp;&nbsp;<font
// color="#6f6f6f">Publisher</font>, or a cluster's <ol>) and <source
// url>. Text is escaped as Google escapes it: &, < and > only, quotes and
// apostrophes as they are.
func googleFeed(q string, items []GoogleNewsItem) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>`)
	b.WriteString(`<generator>NFE/5.0</generator><title>` + xmlText(`"`+q+`" - Google News`) + `</title>`)
	b.WriteString(`<link>` + xmlText("https://news.google.com/search?q="+url.QueryEscape(q)+"&hl=en-US&gl=US&ceid=US:en") + `</link>`)
	b.WriteString(`<language>en-US</language><webMaster>news-webmaster@google.com</webMaster>`)
	b.WriteString(`<copyright>Copyright © ` + strconv.Itoa(time.Now().UTC().Year()) + ` Google. All rights reserved. This XML feed is made available solely for the purpose of rendering Google News results within a personal feed reader for personal, non-commercial use. Any other use of the feed is expressly prohibited. By accessing this feed or using these results in any manner whatsoever, you agree to be bound by the foregoing restrictions.</copyright>`)
	b.WriteString(`<lastBuildDate>` + time.Now().UTC().Format(googleDate) + `</lastBuildDate>`)
	b.WriteString(`<image><title>Google News</title><url>https://lh3.googleusercontent.com/fake-news-logo=w256</url><link>https://news.google.com/</link><height>256</height><width>256</width></image>`)
	b.WriteString(`<description>Google News</description>`)
	for _, it := range items {
		link := googleLink(it)
		guid := strings.TrimSuffix(link[strings.LastIndexByte(link, '/')+1:], "?oc=5")
		if it.Legacy {
			sum := sha256.Sum256([]byte(it.URL))
			guid = strconv.FormatUint(binary.BigEndian.Uint64(sum[:8])%1e14, 10)
		}
		title := it.Headline
		if it.TitleEntities {
			title = strings.NewReplacer("&", "&amp;", "'", "&#39;", `"`, "&quot;").Replace(title)
		}
		desc := googleAnchor(it)
		if len(it.Related) > 0 {
			desc = "<ol><li>" + desc + "</li>"
			for _, r := range it.Related {
				r.Legacy = it.Legacy
				desc += "<li>" + googleAnchor(r) + "</li>"
			}
			sum := sha256.Sum256([]byte("story:" + it.URL))
			desc += `<li><strong><a href="https://news.google.com/stories/CAAq` + base64.RawURLEncoding.EncodeToString(sum[:18]) +
				`?oc=5" target="_blank">View Full Coverage on Google News</a></strong></li></ol>`
		}
		if it.Snippet != "" {
			desc += `<br><font size="-1">` + htmlText(it.Snippet) + `</font>`
		}
		descXML := xmlText(desc)
		if it.Legacy {
			descXML = strings.ReplaceAll(descXML, `"`, "&quot;")
		}
		b.WriteString(`<item><title>` + xmlText(title+" - "+it.Publisher) + `</title><link>` + xmlText(link) + `</link>`)
		b.WriteString(`<guid isPermaLink="false">` + guid + `</guid><pubDate>` + it.Published.UTC().Format(googleDate) + `</pubDate>`)
		b.WriteString(`<description>` + descXML + `</description>`)
		b.WriteString(`<source url="` + xmlAttr(it.SiteURL) + `">` + xmlText(it.Publisher) + `</source></item>`)
	}
	b.WriteString(`</channel></rss>`)
	return []byte(b.String())
}

// googleDate is RFC 1123 in GMT, as Google writes pubDate and
// lastBuildDate ("Fri, 03 Jul 2026 07:00:00 GMT").
const googleDate = "Mon, 02 Jan 2006 15:04:05 GMT"

// googleLink is a story's news.google.com link.
func googleLink(it GoogleNewsItem) string {
	if it.Legacy {
		return GoogleLegacyRedirect(it.URL)
	}
	return GoogleRedirect(it.URL)
}

// googleAnchor is a story's headline and publisher label in a description.
func googleAnchor(it GoogleNewsItem) string {
	href := googleLink(it)
	if it.DirectLink {
		href = it.URL
	}
	return `<a href="` + xmlAttr(href) + `" target="_blank">` + htmlText(it.Headline) + `</a>&nbsp;&nbsp;<font color="#6f6f6f">` +
		htmlText(it.Publisher) + `</font>`
}

// htmlText and xmlText escape &, < and >, as Google does in text (the
// description's HTML is escaped once, then again as XML text); xmlAttr
// escapes the double quote too.
var (
	htmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace
	xmlText  = htmlText
	xmlAttr  = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace
)
