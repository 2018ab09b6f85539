package sourcetest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/xml"
	"html"
	"net/http"
	"regexp"
	"slices"
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
}

// GoogleRedirect is the opaque news.google.com/rss/articles/… link the fake
// gives a story (deterministic in its URL, like Google's).
func GoogleRedirect(articleURL string) string {
	sum := sha256.Sum256([]byte(articleURL))
	return "https://news.google.com/rss/articles/CBMi" + base64.RawURLEncoding.EncodeToString(sum[:24]) + "?oc=5"
}

// NewGoogleNews starts a fake Google News RSS search at GoogleNewsPath
// serving items. It honours q as Google does for the operators the source
// uses: every "quoted phrase" and every other word must occur
// (case-insensitive) in the title, the description or the article Body
// Google searched; after:YYYY-MM-DD keeps the stories published on or
// after that UTC day and before:YYYY-MM-DD those published before it.
// Stories come newest first, at most 100 (Google's cap), as
// application/rss+xml; hl, gl and ceid are accepted and ignored. It is
// closed at cleanup.
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
	hay := strings.ToLower(it.Headline + " " + it.Publisher + " " + it.Snippet + " " + it.Body)
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

type rssOut struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Media   string     `xml:"xmlns:media,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Generator     string       `xml:"generator"`
	Title         string       `xml:"title"`
	Link          string       `xml:"link"`
	Language      string       `xml:"language"`
	WebMaster     string       `xml:"webMaster"`
	Copyright     string       `xml:"copyright"`
	LastBuildDate string       `xml:"lastBuildDate"`
	Description   string       `xml:"description"`
	Items         []rssItemOut `xml:"item"`
}

type rssItemOut struct {
	Title string `xml:"title"`
	Link  string `xml:"link"`
	GUID  struct {
		IsPermaLink string `xml:"isPermaLink,attr"`
		Value       string `xml:",chardata"`
	} `xml:"guid"`
	PubDate     string `xml:"pubDate"`
	Description string `xml:"description"`
	Source      struct {
		URL  string `xml:"url,attr"`
		Name string `xml:",chardata"`
	} `xml:"source"`
}

func googleFeed(q string, items []GoogleNewsItem) []byte {
	feed := rssOut{Version: "2.0", Media: "http://search.yahoo.com/mrss/", Channel: rssChannel{
		Generator:     "NFE/5.0",
		Title:         q + " - Google News",
		Link:          "https://news.google.com/search?q=" + q + "&hl=en-US&gl=US&ceid=US:en",
		Language:      "en-US",
		WebMaster:     "news-webmaster@google.com",
		Copyright:     "Copyright 2026 Google. All rights reserved. This XML feed is made available solely for the purpose of rendering Google News results within a personal feed reader for personal, non-commercial use. Any other use of the feed is expressly prohibited. By accessing this feed or using these results in any manner whatsoever, you agree to be bound by the foregoing restrictions.",
		LastBuildDate: time.Now().UTC().Format(time.RFC1123),
		Description:   "Google News",
	}}
	for _, it := range items {
		redirect := GoogleRedirect(it.URL)
		anchor := redirect
		if it.DirectLink {
			anchor = it.URL
		}
		var o rssItemOut
		o.Title = it.Headline + " - " + it.Publisher
		o.Link = redirect
		o.GUID.IsPermaLink = "false"
		o.GUID.Value = strings.TrimSuffix(strings.TrimPrefix(redirect, "https://news.google.com/rss/articles/"), "?oc=5")
		o.PubDate = it.Published.UTC().Format(time.RFC1123)
		o.Description = `<a href="` + html.EscapeString(anchor) + `" target="_blank">` + html.EscapeString(it.Headline) +
			`</a>&nbsp;&nbsp;<font color="#6f6f6f">` + html.EscapeString(it.Publisher) + `</font>`
		if it.Snippet != "" {
			o.Description += `<br><font size="-1">` + html.EscapeString(it.Snippet) + `</font>`
		}
		o.Source.URL = it.SiteURL
		o.Source.Name = it.Publisher
		feed.Channel.Items = append(feed.Channel.Items, o)
	}
	b, err := xml.Marshal(feed)
	if err != nil {
		panic(err) // the types above always marshal
	}
	return append([]byte(xml.Header), b...)
}

// GoogleNewsStories is a realistic result set relative to now (the
// request time): stories about Northwind Robotics (northwind-robotics.com)
// and Acme Analytics (acme-analytics.com), fictitious companies, from wire,
// trade and press-release publishers, plus stories the source must drop:
// one that mentions Northwind Robotics only in its body, one published
// hours before a 30-day window opens, one older than 30 days.
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
