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

// GoogleNewsStories is a realistic result set relative to now (the
// request time): stories about Northwind Robotics (northwind-robotics.com)
// and Acme Analytics (acme-analytics.com), fictitious companies, from wire,
// trade and press-release publishers, written as real feeds carry them:
// possessives with straight and curly apostrophes, curly quotes, a
// headline that itself contains " - ", one whose title carries HTML
// entities, and a 2020-form story cluster whose link carries the article's
// URL. Plus stories the source must drop: one that mentions Northwind
// Robotics only in its body, a cluster that names it only in a related
// headline, one published hours before a 30-day window opens, one older
// than 30 days.
func GoogleNewsStories(now time.Time) []GoogleNewsItem {
	day := func(d int, hh, mm int) time.Time {
		t := now.UTC().AddDate(0, 0, -d)
		return time.Date(t.Year(), t.Month(), t.Day(), hh, mm, 0, 0, time.UTC)
	}
	return []GoogleNewsItem{
		{
			Headline:  "Northwind Robotics raises $40 million Series B to expand its warehouse robot fleet",
			Publisher: "TechCrunch", SiteURL: "https://techcrunch.com",
			URL:       "https://techcrunch.com/2026/02/17/northwind-robotics-raises-40-million-series-b/",
			Published: day(3, 14, 5),
		},
		{
			Headline:  "Northwind Robotics Names Dana Whitfield Chief Financial Officer",
			Publisher: "Business Wire", SiteURL: "https://www.businesswire.com",
			URL:        "https://www.businesswire.com/news/home/20260210005123/en/Northwind-Robotics-Names-Dana-Whitfield-Chief-Financial-Officer?utm_source=rss&utm_medium=feed",
			Published:  day(10, 13, 30),
			DirectLink: true,
		},
		{
			Headline:  "Northwind Robotics partners with Contoso Logistics on autonomous picking",
			Publisher: "Reuters", SiteURL: "https://www.reuters.com",
			URL:       "https://www.reuters.com/technology/northwind-robotics-partners-with-contoso-logistics-2026-01-31/",
			Published: day(20, 9, 12),
			Snippet:   "The agreement covers 40 distribution centres across North America, the companies said.",
		},
		{
			Headline:  "How Northwind Robotics' pickers learned to grasp - and what's next",
			Publisher: "The Verge", SiteURL: "https://www.theverge.com",
			URL:       "https://www.theverge.com/2026/2/14/northwind-robotics-pickers-grasping",
			Published: day(6, 17, 0),
		},
		{
			Headline:  `Northwind Robotics's CFO on "robots as a service" & margins`,
			Publisher: "Forbes", SiteURL: "https://www.forbes.com",
			URL:           "https://www.forbes.com/sites/northwind-robotics-cfo-robots-as-a-service/",
			Published:     day(13, 8, 0),
			TitleEntities: true,
		},
		{
			Headline:  "Northwind Robotics’ “Atlas” picker heads to Contoso’s Ohio sites",
			Publisher: "DC Velocity", SiteURL: "https://www.dcvelocity.com",
			URL:       "https://www.dcvelocity.com/articles/northwind-robotics-atlas-contoso-ohio",
			Published: day(15, 12, 20),
		},
		{
			Headline:  "Northwind Robotics opens Pittsburgh test warehouse",
			Publisher: "Pittsburgh Business Times", SiteURL: "https://www.bizjournals.com",
			URL:       "https://www.bizjournals.com/pittsburgh/news/2026/01/28/northwind-robotics-test-warehouse.html",
			Published: day(23, 7, 0),
			Legacy:    true,
			Related: []GoogleNewsItem{{
				Headline: "Robot maker opens test warehouse in the Strip District", Publisher: "TribLive",
				SiteURL: "https://triblive.com", URL: "https://triblive.com/business/robot-maker-test-warehouse/",
			}},
		},
		{
			Headline:  "Warehouse robots face their first real labour test",
			Publisher: "Financial Times", SiteURL: "https://www.ft.com",
			URL:       "https://www.ft.com/content/warehouse-robots-labour-test",
			Published: day(4, 6, 0),
			Related: []GoogleNewsItem{{
				Headline: "Northwind Robotics pickers join Contoso night shifts", Publisher: "Reuters",
				SiteURL: "https://www.reuters.com", URL: "https://www.reuters.com/business/northwind-robotics-night-shifts/",
			}},
		},
		{
			Headline:  "Acme Analytics launches real-time churn forecasting for subscription retailers",
			Publisher: "VentureBeat", SiteURL: "https://venturebeat.com",
			URL:       "https://venturebeat.com/ai/acme-analytics-launches-real-time-churn-forecasting/",
			Published: day(5, 16, 0),
		},
		{
			Headline:  "Warehouse robot makers brace for higher component tariffs",
			Publisher: "Supply Chain Dive", SiteURL: "https://www.supplychaindive.com",
			URL:       "https://www.supplychaindive.com/news/warehouse-robot-makers-component-tariffs/",
			Published: day(7, 11, 45),
			Body:      "Vendors including Northwind Robotics and Contoso Automation expect costs to rise.",
		},
		{
			Headline:  "Northwind Robotics CEO on why picking robots need better grippers",
			Publisher: "Robotics 24/7", SiteURL: "https://www.robotics247.com",
			URL:       "https://www.robotics247.com/article/northwind_robotics_ceo_grippers",
			Published: now.UTC().AddDate(0, 0, -30).Add(-6 * time.Hour),
		},
		{
			Headline:  "Northwind Robotics opens Austin engineering hub",
			Publisher: "GeekWire", SiteURL: "https://www.geekwire.com",
			URL:       "https://www.geekwire.com/2025/northwind-robotics-austin-engineering-hub/",
			Published: day(60, 15, 20),
		},
	}
}
