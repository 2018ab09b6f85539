package sitename

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/source"
)

// Descriptions shorter than this, in characters, or with fewer distinct
// words do not describe a company.
const minChars, minWords = 40, 5

// minContentWords is how many words besides the company's names and
// siteWords a description needs.
const minContentWords = 3

// boilerplate marks descriptions that describe a site template or state,
// not the company.
var boilerplate = []string{
	"lorem ipsum", "just another wordpress site", "enable javascript", "javascript is disabled", "uses cookies",
	"coming soon", "under construction", "page not found", "domain is for sale", "default description",
}

// siteWords say that a text is a site or a greeting, not what the company
// does; with the function words they are not content.
var siteWords = map[string]bool{
	"official": true, "website": true, "web": true, "site": true, "homepage": true, "home": true, "page": true,
	"welcome": true, "to": true, "the": true, "of": true, "a": true, "an": true, "and": true, "our": true, "us": true,
	"for": true, "on": true, "at": true, "in": true, "is": true, "this": true, "your": true, "you": true, "visit": true,
	"online": true, "main": true, "portal": true, "inc": true, "llc": true, "ltd": true, "corp": true, "company": true,
	"corporation": true, "group": true, "s": true,
}

// Describes reports whether desc reads as a description of the company:
// at least 40 characters and five distinct words, not the page title
// again, no template or placeholder text, and at least three content words
// besides the company's names and words that only say it is a site ("Acme
// official website", "Welcome to Acme's home page" are refused). title is
// the page's title ("" when none) and m the company's names (a zero
// Matcher knows none). company-intel's descriptions (website, releases)
// and domain-qual's website metadata are judged by it.
func Describes(desc, title string, m companyname.Matcher) bool {
	d := source.Fold(desc)
	if utf8.RuneCountInString(d) < minChars || distinctWords(d) < minWords {
		return false
	}
	if strings.EqualFold(d, source.Fold(title)) {
		return false
	}
	lower := strings.ToLower(d)
	for _, b := range boilerplate {
		if strings.Contains(lower, b) {
			return false
		}
	}
	content := 0
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !siteWords[w] && !m.NameWord(w) {
			content++
		}
	}
	return content >= minContentWords
}

// distinctWords counts the different words of s, ignoring case and
// punctuation.
func distinctWords(s string) int {
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		seen[w] = true
	}
	return len(seen)
}

// Describe returns the first of the page's descriptions (Descriptions'
// order: meta, og:, JSON-LD, hero) that describes its owner by Describes,
// folded; m is the owner's names. A page whose descriptions are all
// template text or only say it is a site gives none.
func (p Page) Describe(m companyname.Matcher) (Description, bool) {
	for _, d := range p.Descriptions() {
		if Describes(d.Text, p.Title, m) {
			return Description{Text: source.Fold(d.Text), From: d.From}, true
		}
	}
	return Description{}, false
}
