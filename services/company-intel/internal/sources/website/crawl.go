package website

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/sitename"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/selfdesc"
)

// job is one planned fetch.
type job struct {
	url    string
	accept []string
	page   *fetch.Page
	err    error
}

// plan turns urls into jobs while the page budget lasts, skipping URLs
// already known. It runs on the calling goroutine, so which URLs get the
// budget does not depend on timing.
func (c *crawl) plan(accept []string, urls ...string) []*job {
	var jobs []*job
	for _, u := range urls {
		if c.budget <= 0 {
			break
		}
		if c.isKnown(u) {
			continue
		}
		c.known[source.Normalize(u)] = true
		c.budget--
		jobs = append(jobs, &job{url: u, accept: accept})
	}
	return jobs
}

// run fetches jobs concurrently; jobs refused before any request (robots,
// off-site) give their budget back.
func (c *crawl) run(ctx context.Context, jobs ...[]*job) []*job {
	all := slices.Concat(jobs...)
	var wg sync.WaitGroup
	for _, j := range all {
		wg.Go(func() { j.page, j.err = c.get(ctx, j.url, j.accept) })
	}
	wg.Wait()
	for _, j := range all {
		if j.err == nil {
			continue
		}
		if errors.Is(j.err, errDisallowed) || errors.Is(j.err, errOffSite) {
			c.budget++
		}
		c.s.log.DebugContext(ctx, "website: fetch skipped", slog.String("url", j.url),
			slog.String("code", string(fetch.CodeOf(j.err))), slog.Any("err", j.err))
	}
	return all
}

// newsroom is a newsroom page read.
type newsroom struct {
	url     *url.URL
	outline htmlmeta.Outline
	feedOK  bool // one of its feeds gave entries
}

// crawlFrom reads everything reachable from the home page.
func (c *crawl) crawlFrom(ctx context.Context, home *fetch.Page) {
	homeURL := mustParse(pageURL(home))
	meta := htmlmeta.Parse(home.Body, homeURL)
	outline := htmlmeta.ParseOutline(home.Body, homeURL)
	self := sitename.Read(home.Body)
	c.brand = sitename.Pick(self, c.domain).Value
	at := c.s.now()
	var homeCite string
	var hero string
	c.read(func() {
		item := c.homeItem(home, meta, at)
		homeCite = item.Doc.URL
		c.items = append(c.items, item)
		for _, d := range self.Descriptions() {
			if d.From == sitename.DescHero {
				hero = d.Text // tried after the about page
				continue
			}
			if c.describes(d.Text, meta.Title) {
				c.profile.Description = &bundle.Fact{Value: source.Fold(d.Text), SourceURL: item.Doc.URL}
				break
			}
		}
	})
	c.addBoards(meta.Links)

	// Home feeds, newsroom pages, the careers and the about page,
	// concurrently (planned in that order: the about page gets the budget
	// last).
	feedURLs := c.feedLinks(outline.Feeds, maxFeeds)
	roomURLs := newsroomLinks(outline.Anchors, maxNewsrooms, c.onSite, c.isKnown)
	homeFeeds := c.plan(feedTypes, feedURLs...)
	newsJobs := c.plan(htmlTypes, roomURLs...)
	careersJobs := c.plan(htmlTypes, c.careersPage(meta.CareersPages)...)
	var aboutJobs []*job
	if u := aboutLink(outline.Anchors, c.brand, c.domain, c.onSite, c.isKnown); u != "" {
		aboutJobs = c.plan(htmlTypes, u)
	}
	c.run(ctx, homeFeeds, newsJobs, careersJobs, aboutJobs)

	feeds := len(homeFeeds)
	for _, j := range homeFeeds {
		c.readFeed(ctx, j)
	}
	var rooms []*newsroom
	for _, j := range newsJobs {
		if n := c.readNewsroom(j); n != nil {
			rooms = append(rooms, n)
		}
	}
	for _, j := range careersJobs {
		if j.err == nil && isHTML(j.page) {
			m := htmlmeta.Parse(j.page.Body, mustParse(pageURL(j.page)))
			at := c.s.now()
			c.read(func() { c.items = append(c.items, c.pageItem(j.page, m, at)) })
			c.addBoards(m.Links)
		}
	}

	for _, j := range aboutJobs {
		c.readAbout(j)
	}
	c.read(func() {
		if c.profile.Description == nil && hero != "" && c.describes(hero, meta.Title) {
			c.profile.Description = &bundle.Fact{Value: source.Fold(hero), SourceURL: homeCite}
		}
	})

	if len(feedURLs) == 0 && len(roomURLs) == 0 {
		feeds, rooms = c.fallback(ctx, home)
	}

	// Feeds the newsroom pages declare.
	var roomFeeds [][]*job
	for _, n := range rooms {
		roomFeeds = append(roomFeeds, c.plan(feedTypes, c.feedLinks(n.outline.Feeds, maxFeeds-feeds)...))
		feeds += len(roomFeeds[len(roomFeeds)-1])
	}
	c.run(ctx, roomFeeds...)
	for i, n := range rooms {
		for _, j := range roomFeeds[i] {
			if c.readFeed(ctx, j) {
				n.feedOK = true
			}
		}
	}

	// Articles of newsroom pages without a working feed.
	var articles []*job
	for _, n := range rooms {
		if !n.feedOK {
			articles = append(articles, c.plan(htmlTypes, articleLinks(n.outline.Anchors, n.url, c.onSite, c.isKnown)...)...)
		}
	}
	for _, j := range c.run(ctx, articles) {
		c.readArticle(j)
	}
}

// fallback tries commonFeedPaths in order on the home page's origin and
// stops at the first feed, or at a /press page that is not the home page
// again (sites that answer every path with the home page).
func (c *crawl) fallback(ctx context.Context, home *fetch.Page) (feeds int, rooms []*newsroom) {
	u := mustParse(pageURL(home))
	origin := u.Scheme + "://" + u.Host
	for _, p := range commonFeedPaths {
		accept := feedTypes
		if p == "/press" {
			accept = htmlTypes
		}
		jobs := c.plan(accept, origin+p)
		if len(jobs) == 0 {
			if c.budget <= 0 {
				return 0, nil
			}
			continue
		}
		j := c.run(ctx, jobs)[0]
		switch {
		case j.err != nil:
		case p == "/press" && j.page.Source.ContentHash != home.Source.ContentHash:
			if n := c.readNewsroom(j); n != nil {
				return 0, []*newsroom{n}
			}
		case p != "/press" && c.readFeed(ctx, j):
			return 1, nil
		}
	}
	return 0, nil
}

// feedLinks returns up to n same-site feeds not yet known.
func (c *crawl) feedLinks(links []htmlmeta.FeedLink, n int) []string {
	var out []string
	for _, f := range links {
		if len(out) >= n {
			break
		}
		if u, err := url.Parse(f.URL); err == nil && c.onSite(u) && !c.isKnown(f.URL) && !slices.Contains(out, f.URL) {
			out = append(out, f.URL)
		}
	}
	return out
}

// careersPage returns the first same-site careers page not yet known.
func (c *crawl) careersPage(pages []string) []string {
	for _, p := range pages {
		if u, err := url.Parse(p); err == nil && c.onSite(u) && !c.isKnown(p) {
			return []string{p}
		}
	}
	return nil
}

func (c *crawl) addBoards(links []string) {
	for _, l := range links {
		if u, err := url.Parse(l); err == nil {
			if b, ok := jobBoard(u); ok {
				c.jobBoards[b] = true
			}
		}
	}
}

// readAbout turns a fetched about page into a KindPage item whose excerpt
// is the page's body text (its meta description when it has none) and,
// when the home page gave no Description, takes the profile's from it:
// its meta (else og:) description when that reads as one, else the lead
// sentences of its first paragraph when that paragraph and they do, else
// the lead of an "About <company>" paragraph (selfdesc.FromAbout).
func (c *crawl) readAbout(j *job) {
	if j.err != nil || !isHTML(j.page) {
		return
	}
	at := c.s.now()
	c.read(func() { c.readAboutPage(j.page, at) })
}

// readAboutPage is readAbout's reading of the page, once the company is
// named.
func (c *crawl) readAboutPage(p *fetch.Page, at time.Time) {
	m := htmlmeta.Parse(p.Body, mustParse(pageURL(p)))
	paras := paragraphs(p.Body, source.MaxExcerpt)
	item := c.pageItem(p, m, at)
	if len(paras) > 0 {
		item.Doc = source.NewDocument(source.Document{URL: item.Doc.URL, Title: item.Doc.Title, Publisher: item.Doc.Publisher,
			RetrievedAt: item.Doc.RetrievedAt, Excerpt: strings.Join(paras, " "), Authority: item.Doc.Authority})
	}
	c.items = append(c.items, item)
	if c.profile.Description != nil {
		return
	}
	desc := ""
	switch {
	case c.describes(m.Description, m.Title):
		desc = m.Description
	case c.describes(m.OpenGraph.Description, m.Title):
		desc = m.OpenGraph.Description
	case len(paras) > 0 && c.describes(paras[0], m.Title) && c.describes(leadSentences(paras[0]), m.Title):
		desc = leadSentences(paras[0])
	case len(paras) > 0:
		// an "About <company>" paragraph further down the page
		desc = selfdesc.FromAbout(strings.Join(paras, " "), c.names())
	}
	if desc != "" {
		c.profile.Description = &bundle.Fact{Value: source.Fold(desc), SourceURL: item.Doc.URL}
	}
}

// names is the company's names: the query's, else the site's name for
// itself and the domain.
func (c *crawl) names() companyname.Matcher {
	if !c.company.Empty() {
		return c.company
	}
	return companyname.NewMatcher(c.brand, nil, c.domain)
}

// describes reports whether desc describes the company (selfdesc's
// quality rule).
func (c *crawl) describes(desc, title string) bool { return sitename.Describes(desc, title, c.names()) }

// readFeed turns a fetched feed's entries into items and reports whether
// the document was a feed.
func (c *crawl) readFeed(ctx context.Context, j *job) bool {
	if j.err != nil {
		return false
	}
	feedURL := mustParse(pageURL(j.page))
	f, err := ParseFeed(j.page.Body, feedURL)
	if err != nil {
		c.s.log.DebugContext(ctx, "website: feed not read in full", slog.String("url", j.url), slog.Any("err", err))
		if f.Format == "" {
			return false
		}
	}
	var entries []Entry
	for _, e := range f.Entries {
		u, err := url.Parse(e.Link)
		if e.Link == "" || err != nil || !c.onSite(u) {
			continue
		}
		if !e.Published.IsZero() && !c.window.contains(e.Published, e.Precision) {
			continue
		}
		entries = append(entries, e)
	}
	at := c.s.now()
	c.read(func() {
		for _, e := range entries {
			c.items = append(c.items, bundle.Item{Provider: providerName, Kind: bundle.KindPress, Doc: source.NewDocument(source.Document{
				URL: e.Link, Title: e.Title, Publisher: c.publisher, Published: e.Published, Precision: e.Precision,
				RetrievedAt: at, Excerpt: e.Summary, Authority: source.AuthorityFirstParty,
			})})
		}
	})
	return true
}

// readNewsroom parses a fetched newsroom page.
func (c *crawl) readNewsroom(j *job) *newsroom {
	if j.err != nil || !isHTML(j.page) {
		return nil
	}
	u := mustParse(pageURL(j.page))
	return &newsroom{url: u, outline: htmlmeta.ParseOutline(j.page.Body, u)}
}

// readArticle turns a fetched article page into an item: dated by the
// date the page states (dropped when outside the window), undated
// otherwise.
func (c *crawl) readArticle(j *job) {
	if j.err != nil || !isHTML(j.page) {
		return
	}
	u := mustParse(pageURL(j.page))
	m := htmlmeta.Parse(j.page.Body, u)
	o := htmlmeta.ParseOutline(j.page.Body, u)
	published, precision, ok := parseDate(o.Published.Value)
	if ok && !c.window.contains(published, precision) {
		return
	}
	title := m.OpenGraph.Title
	if title == "" {
		title = m.Title
	}
	at := c.s.now()
	c.read(func() {
		c.items = append(c.items, bundle.Item{Provider: providerName, Kind: bundle.KindPress, Doc: source.NewDocument(source.Document{
			URL: c.citeURL(j.page, m), Title: stripBrand(title, c.brand), Publisher: c.publisher, Published: published, Precision: precision,
			RetrievedAt: at, Excerpt: m.Description, Authority: source.AuthorityFirstParty,
		})})
	})
}

// pageItem is a site page (home, careers, about) as an undated KindPage
// item, its meta description the excerpt, read at at.
func (c *crawl) pageItem(p *fetch.Page, m htmlmeta.Meta, at time.Time) bundle.Item {
	title := m.Title
	if title == "" {
		title = m.OpenGraph.Title
	}
	return bundle.Item{Provider: providerName, Kind: bundle.KindPage, Doc: source.NewDocument(source.Document{
		URL: c.citeURL(p, m), Title: title, Publisher: c.domain, RetrievedAt: at, Excerpt: m.Description,
		Authority: source.AuthorityFirstParty,
	})}
}

// result assembles the Result: items deduplicated by URL (the dated,
// finest-dated copy kept) and sorted by date, newest first (undated last),
// then URL; job boards sorted.
func (c *crawl) result() bundle.Result {
	best := map[string]int{}
	var items []bundle.Item
	for _, it := range c.items {
		i, seen := best[it.Doc.URL]
		if !seen {
			best[it.Doc.URL] = len(items)
			items = append(items, it)
			continue
		}
		if precisionRank(it.Doc.Precision) > precisionRank(items[i].Doc.Precision) {
			items[i] = it
		}
	}
	slices.SortStableFunc(items, func(a, b bundle.Item) int {
		if c := b.Doc.Published.Compare(a.Doc.Published); c != 0 {
			return c
		}
		return strings.Compare(a.Doc.URL, b.Doc.URL)
	})
	boards := make([]string, 0, len(c.jobBoards))
	for b := range c.jobBoards {
		boards = append(boards, b)
	}
	slices.Sort(boards)
	if len(boards) == 0 {
		boards = nil
	}
	return bundle.Result{Items: items, Profile: c.profile, Usage: c.usage(), JobBoards: boards}
}

func precisionRank(p source.Precision) int {
	return map[source.Precision]int{source.PrecisionTime: 4, source.PrecisionDay: 3, source.PrecisionMonth: 2, source.PrecisionYear: 1}[p]
}

// window is the query's window. A date known only to the day, month or
// year is in it when that period overlaps it.
type window struct{ from, to time.Time }

func newWindow(q bundle.Query, now time.Time) window {
	w := window{from: q.From, to: q.To}
	if w.to.IsZero() {
		w.to = now
	}
	return w
}

func (w window) contains(t time.Time, p source.Precision) bool {
	end := t
	switch p {
	case source.PrecisionDay:
		end = t.AddDate(0, 0, 1).Add(-time.Nanosecond)
	case source.PrecisionMonth:
		end = t.AddDate(0, 1, 0).Add(-time.Nanosecond)
	case source.PrecisionYear:
		end = t.AddDate(1, 0, 0).Add(-time.Nanosecond)
	}
	return !end.Before(w.from) && !t.After(w.to)
}
