// Candidates: one item's reading of one event (cand), and the reading of a
// news or press item (textCandidate); filings.go and jobs.go read the
// structured items.

package signals

import (
	"net/url"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// details are what sentences need beyond Facts.
type details struct {
	departure bool // leadership: someone leaves
	target    bool // acquisition: the company is acquired
	merger    bool
	divest    bool   // acquisition: the company sells a business
	customer  bool   // partnership: the counterparty is a customer
	leads     int    // funding: how many of Investors (listed first) lead the round
	object    string // acquisition: the part of the counterparty bought
	sub       string // financial, regulatory, technology, other subtype
	detail    string // regulatory: certification or regulator
	facility  string // expansion: "office", "data center", …
	board     string // hiring: the ATS
	depts     []count
	places    []count
	remote    int
}

// cand is one item's reading of one event.
type cand struct {
	url      string
	typ      Type
	strength float64
	head     bool // a news or press item whose headline carries the type
	// typed is a news or press item's reading by the type model, with the
	// texts its facts are read from (retype).
	typed      typed
	headText   string // prepText(title)
	leadText   string // leadText(excerpt)
	date       time.Time
	weight     float64
	primary    bool
	domain     string
	title      string
	summary    string
	facts      Facts
	d          details
	structured bool // a filing or a job board: facts come from fields, not prose
	filing     bool // a regulatory filing: its headline is composed from item labels
	// plainSummary: the summary only repeats the title (no excerpt) or
	// lists a filing's form and items
	plainSummary bool
	hash         uint64
	hashed       bool
	headToks     []string
	raw          string   // headline and excerpt as written (mentions)
	text         string   // raw in companyname's normal form, space-padded; set on first use
	runToks      []string // headline tokens without the company's name (sharedRun)
	// names: an other report's distinctive capitalised words (otherNames)
	names map[string]bool
	idx   int // position in the sorted candidate list
}

func newCand(it *bundle.Item, t Type, strength float64, date time.Time) *cand {
	a := it.Doc.Authority
	if a == "" {
		a = source.AuthorityAggregator
	}
	return &cand{
		url:      it.Doc.URL,
		typ:      t,
		strength: strength,
		date:     date,
		weight:   a.Weight(),
		primary:  a.Primary(),
		domain:   publisherDomain(it.Doc.URL, it.Doc.Publisher),
	}
}

// cleanTitle removes a trailing " - Publisher" (or " | Publisher") that
// news aggregators append: the suffix is dropped when it names the item's
// publisher or host, or when the item comes through an aggregator and the
// suffix is at most five words.
func cleanTitle(title, publisher, rawURL string) string {
	t := prepText(title)
	host := ""
	if u, err := url.Parse(rawURL); err == nil {
		host = strings.ToLower(u.Hostname())
	}
	agg := aggregatorHosts[host] || aggregatorHosts[strings.TrimPrefix(host, "www.")]
	for range 2 {
		cut := -1
		for _, sep := range []string{" - ", " | "} {
			if i := strings.LastIndex(t, sep); i > cut {
				cut = i
			}
		}
		if cut <= 0 {
			break
		}
		suffix := strings.TrimSpace(t[cut+3:])
		if !(agg && len(strings.Fields(suffix)) <= 5) && !namesPublisher(suffix, publisher, host) {
			break
		}
		t = strings.TrimSpace(t[:cut])
	}
	return t
}

func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, strings.ToLower(s))
}

func namesPublisher(suffix, publisher, host string) bool {
	s := squash(suffix)
	if s == "" {
		return false
	}
	if p := squash(publisher); p != "" && (s == p || strings.TrimSuffix(s, "com") == strings.TrimSuffix(p, "com")) {
		return true
	}
	if host != "" {
		host = strings.TrimPrefix(host, "www.")
		reg := registrable(host)
		label, _, _ := strings.Cut(reg, ".")
		first, _, _ := strings.Cut(host, ".")
		return s == squash(host) || s == squash(reg) || s == squash(label) || s == squash(first)
	}
	return false
}

// summarize is the first sentence of an excerpt without its dateline,
// cut to MaxSummary bytes.
func summarize(excerpt string) string { return summaryOf(stripDateline(prepText(excerpt))) }

// summaryOf is summarize of an excerpt already prepared and without its
// dateline.
func summaryOf(s string) string {
	if ss := sentences(s); len(ss) > 0 {
		s = ss[0]
	}
	return source.Truncate(s, MaxSummary)
}

// MaxSummary caps Signal.Summary in bytes.
const MaxSummary = 300

// textCandidate classifies a news or press item with the type model.
func textCandidate(it *bundle.Item, n names, w window) *cand {
	title := cleanTitle(it.Doc.Title, it.Doc.Publisher, it.Doc.URL)
	if it.Kind == bundle.KindNews && !n.mentioned(title+" "+it.Doc.Excerpt) {
		return nil
	}
	date, ok := docDate(it.Doc)
	if !ok || !w.in(date) {
		return nil
	}
	body := stripDateline(prepText(it.Doc.Excerpt))
	head, lead := prepText(title), leadOf(body)
	ty, ok := mustModel().classify(foldAbbrev(head), lead, n.m)
	if !ok {
		return nil
	}
	c := newCand(it, ty.t, ty.p, date)
	c.head = ty.head
	c.typed, c.headText, c.leadText = ty, head, lead
	c.title = title
	c.summary = summaryOf(body)
	if c.summary == "" {
		c.summary, c.plainSummary = source.Truncate(title, MaxSummary), true
	}
	c.facts, c.d = extractFacts(ty.t, head, lead, ty.head, n)
	c.hash, c.hashed = SimHash(hashTokens(title+" "+it.Doc.Excerpt)), true
	c.headToks = tokens(title)
	c.runToks = n.without(c.headToks)
	c.raw = title + " " + it.Doc.Excerpt
	if ty.t == TypeOther {
		c.names = otherNames(c.raw, n)
	}
	return c
}

// candLess orders candidates: type precedence, date, URL, title.
func candLess(a, b *cand) bool {
	switch {
	case a.typ != b.typ:
		return precedence[a.typ] < precedence[b.typ]
	case !a.date.Equal(b.date):
		return a.date.Before(b.date)
	case a.url != b.url:
		return a.url < b.url
	}
	return a.title < b.title
}
