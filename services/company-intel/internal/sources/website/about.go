package website

import (
	"bytes"
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/source"
)

// aboutWords name an about page as the last segment of a URL path (the
// whole segment, file extension and "_" versus "-" aside; "about-…" with
// at most three words counts too: /about-northwind), ranked: "about" says
// it more surely than "company" or "mission". Read-only.
var aboutWords = map[string]int{
	"about": 3, "about-us": 3, "aboutus": 3,
	"who-we-are": 2, "our-story": 2, "ueber-uns": 2, "uber-uns": 2, "über-uns": 2, "a-propos": 2, "qui-sommes-nous": 2,
	"quienes-somos": 2, "sobre-nos": 2, "sobre-nosotros": 2, "quem-somos": 2, "chi-siamo": 2, "over-ons": 2, "om-oss": 2,
	"company": 1, "our-company": 1, "mission": 1,
}

// aboutPhrases name an about page in anchor text (the whole text, lower
// case; "About <the company's name>" counts as "about"). Read-only.
var aboutPhrases = map[string]int{
	"about": 3, "about us": 3,
	"who we are": 2, "our story": 2, "über uns": 2, "ueber uns": 2, "à propos": 2, "a propos": 2, "qui sommes-nous": 2,
	"quiénes somos": 2, "quienes somos": 2, "sobre nós": 2, "sobre nosotros": 2, "chi siamo": 2, "over ons": 2, "om oss": 2,
	"company": 1, "our company": 1,
}

// aboutWordRank ranks one path segment (0: not an about word).
func aboutWordRank(seg string) int {
	seg = strings.ReplaceAll(strings.TrimSuffix(seg, path.Ext(seg)), "_", "-")
	if r := aboutWords[seg]; r > 0 {
		return r
	}
	if tokens := strings.Split(seg, "-"); len(tokens) <= 3 && tokens[0] == "about" {
		return aboutWords["about"]
	}
	return 0
}

// aboutRank ranks a link as the site's about page: the last segment of its
// path is an about word, or its anchor text is an about phrase, or "About"
// followed by the company's name (brand: the site's name for itself;
// label: the domain's first label). 0 means it is not one.
func aboutRank(u *url.URL, text, brand, label string) int {
	rank := 0
	if segs := segments(u); len(segs) > 0 {
		rank = aboutWordRank(segs[len(segs)-1])
	}
	text = strings.ToLower(source.Fold(text))
	if utf8.RuneCountInString(text) > 40 {
		return rank
	}
	r := aboutPhrases[text]
	if rest, ok := strings.CutPrefix(text, "about "); ok && r == 0 {
		name := squash(rest)
		if name != "" && (name == squash(brand) || (label != "" && strings.Contains(name, label))) {
			r = aboutPhrases["about"]
		}
	}
	return max(rank, r)
}

// aboutLink returns the link of the home page that best names the site's
// about page, the first in document order among equals; "" when none does.
// onSite filters the links and skip leaves out URLs already known.
func aboutLink(anchors []htmlmeta.Anchor, brand, domain string, onSite func(*url.URL) bool, skip func(string) bool) string {
	first, _, _ := strings.Cut(strings.TrimPrefix(domain, "www."), ".")
	label := squash(first)
	best, bestRank := "", 0
	for _, a := range anchors {
		u, err := url.Parse(a.URL)
		if err != nil || !onSite(u) || skip(a.URL) {
			continue
		}
		if r := aboutRank(u, a.Text, brand, label); r > bestRank {
			best, bestRank = a.URL, r
		}
	}
	return best
}

// Limits of paragraphs.
const (
	maxParagraphs     = 64  // paragraphs read from one page
	maxLeadChars      = 300 // characters of the description taken from a paragraph
	maxSentencesInUse = 2   // sentences of that paragraph
)

// hiddenElements hold no visible text.
var hiddenElements = map[string]bool{
	"head": true, "title": true, "script": true, "style": true, "template": true, "noscript": true, "svg": true,
	"math": true, "iframe": true, "object": true,
}

// chromeElements hold a page's navigation, banners and forms, not its body
// text. A <header> is chrome only outside <main> and <article> (an
// article's header may hold its lead paragraph).
var chromeElements = map[string]bool{
	"nav": true, "footer": true, "aside": true, "form": true, "dialog": true, "button": true, "select": true, "menu": true,
}

// closesParagraph are the elements whose start or end tag ends an open
// <p> (the HTML parsing rules, roughly: block-level elements, and the end
// of the elements a paragraph sits in).
var closesParagraph = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "body": true, "details": true, "dialog": true,
	"div": true, "dl": true, "dd": true, "dt": true, "fieldset": true, "figcaption": true, "figure": true, "footer": true,
	"form": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hgroup": true,
	"hr": true, "html": true, "li": true, "main": true, "menu": true, "nav": true, "ol": true, "p": true, "pre": true,
	"section": true, "summary": true, "table": true, "td": true, "th": true, "tr": true, "ul": true,
}

// paragraphs returns the text of a page's <p> elements in document order —
// those outside navigation, headers, footers, asides and forms — as
// htmlmeta.Text reads them, empty ones left out; it stops once maxBytes of
// text (0: no limit) or maxParagraphs paragraphs are read.
func paragraphs(doc []byte, maxBytes int) []string {
	var (
		out                 []string
		total, offset       int
		start               = -1 // offset of the open paragraph's content
		hidden, chrome, art int
		headers             []bool // open <header>s: chrome or not
	)
	closeAt := func(end int) {
		if start < 0 {
			return
		}
		if t := htmlmeta.Text(doc[start:end], 0); t != "" {
			out = append(out, t)
			total += len(t)
		}
		start = -1
	}
	z := html.NewTokenizer(bytes.NewReader(doc))
	for len(out) < maxParagraphs && (maxBytes <= 0 || total < maxBytes) {
		tt := z.Next()
		if tt == html.ErrorToken {
			closeAt(offset)
			break
		}
		at := offset
		offset += len(z.Raw())
		if tt != html.StartTagToken && tt != html.EndTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, _ := z.TagName()
		tag := string(name)
		if closesParagraph[tag] {
			closeAt(at)
		}
		if tt == html.SelfClosingTagToken {
			continue
		}
		if tag == "body" {
			hidden = 0 // <body> ends a <head> left open, as htmlmeta.Text has it
		}
		open := tt == html.StartTagToken
		step := func(n *int) {
			if open {
				*n++
			} else if *n > 0 {
				*n--
			}
		}
		switch {
		case hiddenElements[tag]:
			step(&hidden)
		case chromeElements[tag]:
			step(&chrome)
		case tag == "main" || tag == "article":
			step(&art)
		case tag == "header":
			if open {
				headers = append(headers, art == 0)
				if art == 0 {
					chrome++
				}
			} else if n := len(headers); n > 0 {
				if headers[n-1] && chrome > 0 {
					chrome--
				}
				headers = headers[:n-1]
			}
		case tag == "p" && open && hidden == 0 && chrome == 0:
			start = offset
		}
	}
	return out
}

// abbreviations end in a period that does not end a sentence.
var abbreviations = map[string]bool{
	"inc": true, "ltd": true, "co": true, "corp": true, "llc": true, "plc": true, "ag": true, "gmbh": true, "bv": true,
	"mr": true, "mrs": true, "ms": true, "dr": true, "prof": true, "st": true, "jr": true, "sr": true, "no": true,
	"vs": true, "etc": true, "approx": true, "dept": true, "est": true, "fig": true, "mt": true, "ft": true,
}

// sentenceEnds returns the byte offsets at which the sentences of s end:
// after a '.', '!' or '?' (and any closing quotes or brackets) followed by
// white space and a capital, a digit or an opening quote, or the end of s.
// A period after an abbreviation ("Inc.", "Dr."), an initial ("J.") or a
// dotted word ("U.S.") ends no sentence.
func sentenceEnds(s string) []int {
	var ends []int
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r != '.' && r != '!' && r != '?' {
			continue
		}
		end := i
		for end < len(s) {
			c, m := utf8.DecodeRuneInString(s[end:])
			if !strings.ContainsRune(`"')]”’»`, c) {
				break
			}
			end += m
		}
		if end < len(s) {
			rest := strings.TrimLeft(s[end:], " ")
			if len(rest) == len(s[end:]) {
				continue // no space: "3.5", "acme.com"
			}
			next, _ := utf8.DecodeRuneInString(rest)
			if !unicode.IsUpper(next) && !unicode.IsDigit(next) && !strings.ContainsRune(`"'“‘«(`, next) {
				continue
			}
		}
		if r == '.' && abbreviated(s[:i-1]) {
			continue
		}
		ends = append(ends, end)
		i = end
	}
	if len(ends) == 0 || ends[len(ends)-1] < len(strings.TrimRight(s, " ")) {
		ends = append(ends, len(s))
	}
	return ends
}

// abbreviated reports whether the word s ends with is an abbreviation, an
// initial or a dotted word.
func abbreviated(s string) bool {
	word := s[strings.LastIndexAny(s, " (\"'“")+1:]
	if strings.Contains(word, ".") {
		return true
	}
	if utf8.RuneCountInString(word) == 1 {
		r, _ := utf8.DecodeRuneInString(word)
		return unicode.IsUpper(r)
	}
	return abbreviations[strings.ToLower(word)]
}

// leadSentences returns the first two sentences of a paragraph when they
// fit in maxLeadChars characters, else its first sentence, cut at a word
// with "…" when that alone is longer.
func leadSentences(p string) string {
	p = source.Fold(p)
	ends := sentenceEnds(p)
	lead := p[:ends[0]]
	if len(ends) >= maxSentencesInUse && utf8.RuneCountInString(p[:ends[maxSentencesInUse-1]]) <= maxLeadChars {
		lead = p[:ends[maxSentencesInUse-1]]
	}
	lead = strings.TrimSpace(lead)
	if utf8.RuneCountInString(lead) <= maxLeadChars {
		return lead
	}
	rs := []rune(lead)[:maxLeadChars-1]
	cut := string(rs)
	if sp := strings.LastIndexByte(cut, ' '); sp > len(cut)/2 {
		cut = cut[:sp]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}
