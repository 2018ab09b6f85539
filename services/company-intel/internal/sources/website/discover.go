package website

import (
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/sitename"
	"github.com/intel402/intel402/pkg/evidence/source"
)

// newsroomWords name a newsroom, press or blog index in a URL path segment
// (the whole segment, or its first hyphen/underscore-separated word when
// the segment has at most three), ranked: a press section holds the
// company's announcements more surely than a blog. Read-only.
var newsroomWords = map[string]int{
	"newsroom": 3, "press": 3, "press-releases": 3, "pressreleases": 3, "press-room": 3, "pressroom": 3,
	"press-center": 3, "press-centre": 3, "presse": 3, "pressemitteilungen": 3,
	"news": 2, "announcements": 2, "updates": 2, "company-news": 2, "latest-news": 2, "aktuelles": 2, "noticias": 2, "actualites": 2,
	"media": 1, "media-center": 1, "media-centre": 1, "blog": 1,
}

// newsroomPhrases name the same in anchor text (the whole text, or its
// start followed by a space: "News & events"). Read-only.
var newsroomPhrases = map[string]int{
	"newsroom": 3, "press": 3, "press releases": 3, "press room": 3, "press center": 3, "presse": 3,
	"news": 2, "latest news": 2, "company news": 2, "announcements": 2, "updates": 2, "aktuelles": 2,
	"media": 1, "media center": 1, "blog": 1,
}

// notNewsroom are path words that turn a news word into something else
// ("press-kit", "media-assets", "press-contact").
var notNewsroom = map[string]bool{
	"kit": true, "kits": true, "assets": true, "logos": true, "contact": true, "contacts": true,
	"inquiries": true, "enquiries": true, "library": true,
}

// notArticle are path segments of listing pages, not articles.
var notArticle = map[string]bool{
	"tag": true, "tags": true, "category": true, "categories": true, "author": true, "authors": true,
	"page": true, "topic": true, "topics": true, "search": true, "feed": true, "rss": true, "atom": true,
	"archive": true, "archives": true, "subscribe": true, "login": true,
}

// articleExts are file extensions an HTML article can have.
var articleExts = map[string]bool{"": true, ".html": true, ".htm": true, ".php": true, ".aspx": true, ".asp": true, ".shtml": true}

// segments returns the non-empty, lower-case path segments of u.
func segments(u *url.URL) []string {
	var out []string
	for _, s := range strings.Split(strings.ToLower(u.Path), "/") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// newsWordRank ranks one path segment or host label (0: not a news word).
func newsWordRank(seg string) int {
	seg = strings.TrimSuffix(seg, path.Ext(seg))
	if r := newsroomWords[seg]; r > 0 {
		return r
	}
	tokens := strings.FieldsFunc(seg, func(r rune) bool { return r == '-' || r == '_' })
	if len(tokens) == 0 || len(tokens) > 3 {
		return 0
	}
	for _, t := range tokens[1:] {
		if notNewsroom[t] {
			return 0
		}
	}
	return newsroomWords[tokens[0]]
}

// newsroomRank ranks a link as a newsroom index page: its last path
// segment is a news word, or its anchor text is a news phrase, or it is
// the root of a news host (blog.example.com). 0 means it is not one.
func newsroomRank(u *url.URL, text string) int {
	rank := 0
	segs := segments(u)
	if len(segs) > 0 {
		rank = newsWordRank(segs[len(segs)-1])
	} else if label, _, ok := strings.Cut(strings.ToLower(u.Hostname()), "."); ok {
		rank = newsWordRank(label)
	}
	text = strings.ToLower(source.Fold(text))
	if utf8.RuneCountInString(text) <= 40 {
		for p, r := range newsroomPhrases {
			if r > rank && (text == p || strings.HasPrefix(text, p+" ")) {
				rank = r
			}
		}
	}
	return rank
}

// newsroomLinks returns up to n links of a page that name a newsroom, best
// ranked first, in document order among equals; onSite filters them and
// skip leaves out URLs already known (the page itself).
func newsroomLinks(anchors []htmlmeta.Anchor, n int, onSite func(*url.URL) bool, skip func(string) bool) []string {
	type cand struct {
		url  string
		rank int
	}
	var cands []cand
	for _, a := range anchors {
		u, err := url.Parse(a.URL)
		if err != nil || !onSite(u) || skip(a.URL) {
			continue
		}
		if r := newsroomRank(u, a.Text); r > 0 {
			cands = append(cands, cand{a.URL, r})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return b.rank - a.rank })
	var out []string
	for _, c := range cands {
		if len(out) == n {
			break
		}
		out = append(out, c.url)
	}
	return out
}

// articleLinks returns the links of a newsroom page that look like its
// articles: on the site, an HTML path, not a listing (tag, category,
// author, page N, feed) or another news index, and either below the
// newsroom's own path (/newsroom/atlas-2-launch for /newsroom) or below a
// news word (/press/2026/atlas-2, /blog/atlas-2). On a news host's root
// (blog.example.com/) every path of that host counts.
func articleLinks(anchors []htmlmeta.Anchor, newsroom *url.URL, onSite func(*url.URL) bool, skip func(string) bool) []string {
	root := strings.TrimSuffix(newsroom.Path, "/")
	var out []string
	for _, a := range anchors {
		u, err := url.Parse(a.URL)
		if err != nil || !onSite(u) || skip(a.URL) || u.RawQuery != "" {
			continue
		}
		segs := segments(u)
		if len(segs) == 0 || !articleExts[path.Ext(segs[len(segs)-1])] || newsWordRank(segs[len(segs)-1]) > 0 {
			continue
		}
		if slices.ContainsFunc(segs, func(s string) bool { return notArticle[s] }) {
			continue
		}
		sameHost := strings.EqualFold(u.Host, newsroom.Host)
		below := sameHost && (root == "" || strings.HasPrefix(strings.ToLower(u.Path), strings.ToLower(root)+"/"))
		newsy := len(segs) >= 2 && slices.ContainsFunc(segs[:len(segs)-1], func(s string) bool { return newsWordRank(s) > 0 })
		if root == "" && newsWordRank(hostLabel(newsroom)) == 0 {
			below = false // a root path that is no news host's is a home page: not every link is an article
		}
		if below || newsy {
			out = append(out, a.URL)
		}
	}
	return out
}

func hostLabel(u *url.URL) string {
	label, _, _ := strings.Cut(strings.ToLower(u.Hostname()), ".")
	return label
}

// boardToken is a board name as ATS hosts spell it in their URLs.
var boardToken = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$`)

// boardHosts are the ATS hosts whose first path segment names the board.
var boardHosts = map[string]bool{
	"boards.greenhouse.io": true, "job-boards.greenhouse.io": true, "jobs.lever.co": true, "jobs.ashbyhq.com": true,
	"apply.workable.com": true, "jobs.smartrecruiters.com": true, "careers.smartrecruiters.com": true,
}

// reservedTokens are first path segments of board hosts that are not board
// names (apply.workable.com/j/{job}, boards.greenhouse.io/embed/...).
var reservedTokens = map[string]bool{"j": true, "embed": true, "api": true, "v1": true, "static": true, "assets": true}

// jobBoard returns the board URL a link to an applicant tracking system
// points into — the board root, https://{host}/{token}, or
// https://{account}.workable.com/ — and whether it is one. Greenhouse's
// embed URLs name the board in their "for" parameter.
func jobBoard(u *url.URL) (string, bool) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	var segs []string
	for _, s := range strings.Split(u.Path, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	switch {
	case boardHosts[host]:
		token := ""
		if len(segs) > 0 {
			token = segs[0]
		}
		if strings.HasSuffix(host, ".greenhouse.io") && strings.EqualFold(token, "embed") {
			token = u.Query().Get("for")
		}
		if !boardToken.MatchString(token) || reservedTokens[strings.ToLower(token)] {
			return "", false
		}
		return "https://" + host + "/" + token, true
	case strings.HasSuffix(host, ".workable.com"):
		account := strings.TrimSuffix(host, ".workable.com")
		if strings.Contains(account, ".") || account == "www" || account == "apply" || !boardToken.MatchString(account) {
			return "", false
		}
		return "https://" + host + "/", true
	}
	return "", false
}

// stripBrand cuts the site's name from the start or end of a page title
// ("Atlas 2 is available | Northwind Robotics" → "Atlas 2 is available"),
// leaving titles that are nothing but the name as they are.
func stripBrand(title, brand string) string {
	b := squash(brand)
	if b == "" {
		return title
	}
	seps := sitename.TitleSeparators(title)
	if len(seps) == 0 {
		return title
	}
	if last := seps[len(seps)-1]; squash(title[last[1]:]) == b && strings.TrimSpace(title[:last[0]]) != "" {
		return strings.TrimSpace(title[:last[0]])
	}
	if first := seps[0]; squash(title[:first[0]]) == b && strings.TrimSpace(title[first[1]:]) != "" {
		return strings.TrimSpace(title[first[1]:])
	}
	return title
}

// squash keeps the letters and digits of s, lower case.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
