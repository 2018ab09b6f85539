// Package selfdesc reads what a company says it is from its own text: the
// descriptions company-intel takes from first-party documents.
//
// Where a description comes from, in the profile's order (research's
// fieldPriority for "description"): the company's website (its home
// page's meta description, else its about page: meta description, lead
// paragraph or an "About <company>" paragraph), then its own press
// releases (this package's FromRelease over the first-party items), then
// its reference entry (Wikidata), then its filings. Each is cited by the
// URL of the document that states it. Nothing is guessed: a text that
// does not describe the company gives no description.
//
// In a press release (a first-party item: the company's newsroom or a
// release wire) two places describe the issuer, read in this order:
//
//   - the boilerplate paragraph "About Acme": its first sentence (two when
//     they are short), which must begin with the company's name ("About
//     Acme Robotics Acme Robotics builds …", "About Acme: Acme is …");
//   - the first sentence, when it opens with the company's name followed
//     by an appositive or a relative clause and then the announcement:
//     "Acme, the payments platform for restaurants, today launched …" →
//     "Acme is the payments platform for restaurants."; "Acme, which helps
//     clinics schedule their staff, today announced …" → "Acme helps
//     clinics schedule their staff."; "Acme (NASDAQ: ACME), a leader in
//     …, announced …" → "Acme is a leader in …". Ticker and defined-term
//     parentheticals and a legal form after the name are skipped.
//
// A release issued by another company (its first sentence opens with
// someone else's name) describes that company and is not read.
//
// Whether a text describes the company at all is sitename.Describes, the
// rule domain-qual's website metadata uses too.
package selfdesc

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/sitename"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// MaxChars bounds a description taken from a release.
const MaxChars = 320

// FromItems returns the description the company's own press releases
// give (see the package comment), cited by the release's URL; nil when
// none does. Only first-party items (bundle.KindPress) are read, newest
// first; in each, the "About" paragraph is preferred to the first
// sentence, and the first release that describes the company wins.
func FromItems(items []bundle.Item, c bundle.Company) *bundle.Fact {
	m := companyname.NewMatcher(c.Name, c.Aliases, c.Domain)
	if m.Empty() {
		return nil
	}
	var best *bundle.Item
	var bestDesc string
	for i := range items {
		it := &items[i]
		if it.Kind != bundle.KindPress || it.Doc.URL == "" {
			continue
		}
		d := FromRelease(it.Doc.Excerpt, m)
		if d == "" {
			continue
		}
		if best == nil || newer(it, best) {
			best, bestDesc = it, d
		}
	}
	if best == nil {
		return nil
	}
	return &bundle.Fact{Value: bestDesc, SourceURL: best.Doc.URL}
}

// newer orders items newest first (undated last), then by URL, so the
// choice does not depend on the items' order.
func newer(a, b *bundle.Item) bool {
	if c := a.Doc.Published.Compare(b.Doc.Published); c != 0 {
		return c > 0
	}
	return a.Doc.URL < b.Doc.URL
}

// FromRelease returns the description one press release's text gives of
// the company m names: its "About" paragraph, else its first sentence's
// appositive or relative clause; "" when neither describes the company.
func FromRelease(text string, m companyname.Matcher) string {
	if d := FromAbout(text, m); d != "" {
		return d
	}
	return FromLead(text, m)
}

// aboutRe finds the heading of a release's boilerplate paragraph.
var aboutRe = regexp.MustCompile(`(?:^|[\s.!?"])(?:About|ABOUT)\s+`)

// aboutEndRe ends the boilerplate paragraph: the contacts, the
// forward-looking statements, the end marks of a release.
var aboutEndRe = regexp.MustCompile(`(?i)\b(?:media|press|investor)\s+contacts?\b|\bcontacts?:|\bforward[- ]looking\s+statements\b|###|\bsource:\s|\bfor\s+more\s+information\b|\bview\s+original\s+content\b`)

// FromAbout returns the first sentence (two when both fit in MaxChars) of
// the "About <company>" paragraph of text, when that paragraph begins by
// naming the company and describes it; "" otherwise.
func FromAbout(text string, m companyname.Matcher) string {
	t := signals.ReleaseText(text)
	for _, loc := range aboutRe.FindAllStringIndex(t, -1) {
		rest := t[loc[1]:]
		body, ok := afterHeading(rest, m)
		if !ok {
			continue
		}
		if e := aboutEndRe.FindStringIndex(body); e != nil {
			body = body[:e[0]]
		}
		ss := signals.Sentences(strings.TrimSpace(body))
		if len(ss) == 0 || !startsWithName(ss[0], m) {
			continue
		}
		d := ss[0]
		if len(ss) > 1 && utf8.RuneCountInString(d+" "+ss[1]) <= MaxChars {
			d += " " + ss[1]
		}
		d = finish(d)
		if sitename.Describes(d, "", m) {
			return d
		}
	}
	return ""
}

// afterHeading returns the text after "About <name>" when the words after
// "About" name the company, with the heading's punctuation (":", "-",
// a legal form) skipped.
func afterHeading(rest string, m companyname.Matcher) (string, bool) {
	ws := strings.Fields(rest)
	// The longest run of up to six words that names the company; the body
	// then repeats the name ("About Acme Robotics Acme Robotics is …").
	for n := min(6, len(ws)); n >= 1; n-- {
		head := strings.TrimRight(strings.Join(ws[:n], " "), ":-–—,.")
		if !m.Is(head) {
			continue
		}
		body := strings.Join(ws[n:], " ")
		body = strings.TrimLeft(body, ":-–—, ")
		return body, true
	}
	return "", false
}

// startsWithName reports whether sentence begins with the company's name.
func startsWithName(sentence string, m companyname.Matcher) bool {
	name, _ := leadingName(sentence, m)
	return name != ""
}

// leadingName returns the company's name at the start of s and the text
// after it ("" when s does not start with it). The name is the longest
// run of up to six words that is one of the company's names as a whole
// (companyname.Matcher.Is: "Acme Labs" is not Acme).
func leadingName(s string, m companyname.Matcher) (name, rest string) {
	ws := strings.Fields(s)
	for n := min(6, len(ws)); n >= 1; n-- {
		head := strings.Join(ws[:n], " ")
		trimmed := strings.TrimRight(head, ",;:")
		if strings.HasSuffix(trimmed, "'s") || strings.ContainsAny(trimmed, "()") {
			continue
		}
		if m.Is(trimmed) {
			return trimmed, strings.TrimSpace(s[len(trimmed):])
		}
	}
	return "", ""
}

var (
	// parenRe is a parenthetical after the name: a ticker ("(NASDAQ:
	// ACME)"), a defined term ("("Acme" or the "Company")").
	parenRe = regexp.MustCompile(`^\s*\([^()]{1,80}\)\s*`)
	// legalRe is a legal form written after the name's comma.
	legalRe = regexp.MustCompile(`(?i)^,?\s*(?:inc|incorporated|corp|corporation|co|ltd|limited|llc|plc|gmbh|ag|s\.?a|n\.?v|b\.?v|ab|asa|oy|se)\.?(?:\s|,|$)`)
	// announceRe ends the appositive: the time or the verb of the
	// announcement after a comma.
	announceRe = regexp.MustCompile(`,\s+(?:(?:today|yesterday|tonight|this\s+(?:morning|afternoon|week)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b|(?:has|have|announced|announces|launched|launches|unveiled|unveils|introduced|introduces|released|releases|reported|reports|named|names|appointed|appoints|closed|completed|raised|signed|opened|expanded|entered|partnered|acquired|acquires|agreed|will|is|was|debuted|debuts|received|receives|secured|secures|won|wins)\b)`)
	// dateRe spots a date inside a would-be appositive (a dateline, not a
	// description).
	dateRe = regexp.MustCompile(`(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{4}\b`)
)

// FromLead returns the description the first sentence of a release gives
// in an appositive or a relative clause after the company's name (see the
// package comment); "" when it gives none.
func FromLead(text string, m companyname.Matcher) string {
	t := signals.ReleaseText(text)
	ss := signals.Sentences(t)
	if len(ss) == 0 {
		return ""
	}
	name, rest := leadingName(ss[0], m)
	if name == "" {
		return ""
	}
	for {
		switch {
		case parenRe.MatchString(rest):
			rest = rest[len(parenRe.FindString(rest)):]
			continue
		case strings.HasPrefix(rest, ",") && legalRe.MatchString(rest):
			rest = rest[len(legalRe.FindString(rest)):]
			rest = strings.TrimSpace(rest)
			if !strings.HasPrefix(rest, ",") && !strings.HasPrefix(rest, "(") {
				rest = ", " + rest
			}
			continue
		}
		break
	}
	if !strings.HasPrefix(rest, ",") {
		return ""
	}
	loc := announceRe.FindStringIndex(rest)
	if loc == nil || loc[0] == 0 {
		return ""
	}
	app := strings.TrimSpace(strings.Trim(rest[1:loc[0]], " ,"))
	if app == "" || dateRe.MatchString(app) || strings.Count(app, " ") < 2 {
		return ""
	}
	subject := companyname.Display(name)
	var d string
	lower := strings.ToLower(app)
	switch {
	case strings.HasPrefix(lower, "which ") || strings.HasPrefix(lower, "that "):
		_, clause, _ := strings.Cut(app, " ")
		d = subject + " " + clause
	case startsWithAny(lower, "a ", "an ", "the ", "one of ", "now ", "formerly "):
		d = subject + " is " + app
	default:
		// "Acme, Boston's leading …", "Acme, maker of …", "Acme, provider
		// of …": a noun phrase without an article.
		if r, _ := utf8.DecodeRuneInString(app); unicode.IsUpper(r) && !strings.Contains(lower, " of ") && !strings.Contains(lower, "'s ") {
			return "" // a place or a name ("Acme, Boston, Mass."), not a description
		}
		d = subject + " is " + app
	}
	d = finish(d)
	if utf8.RuneCountInString(d) > MaxChars || !sitename.Describes(d, "", m) {
		return ""
	}
	return d
}

func startsWithAny(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// finish trims a description and ends it with one period.
func finish(d string) string {
	d = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(d), ".,;: "))
	if d == "" {
		return ""
	}
	return d + "."
}
