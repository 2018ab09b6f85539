package source

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Authority classes the publisher of a document: how much a claim it makes
// can be trusted on its own. Weight gives the number confidence formulas use.
type Authority string

// Authority classes, strongest first.
const (
	AuthorityRegulatory Authority = "regulatory"  // a regulator's record of a filing (SEC EDGAR)
	AuthorityFirstParty Authority = "first_party" // the company's own site, newsroom or feed
	AuthorityJobBoard   Authority = "job_board"   // the company's board on an applicant tracking system
	AuthorityWire       Authority = "wire"        // a wire service or tier-1 newspaper
	AuthorityTrade      Authority = "trade"       // trade or regional press
	AuthorityReference  Authority = "reference"   // a reference database (Wikidata)
	AuthorityAggregator Authority = "aggregator"  // an aggregator, blog or unknown publisher
)

// Weight is the authority's weight in [0,1] (company-signals reference
// §5.5): regulatory and first-party 0.95, job boards 0.9, wire 0.85, trade
// 0.7, reference 0.6, aggregator and unknown 0.5.
func (a Authority) Weight() float64 {
	switch a {
	case AuthorityRegulatory, AuthorityFirstParty:
		return 0.95
	case AuthorityJobBoard:
		return 0.9
	case AuthorityWire:
		return 0.85
	case AuthorityTrade:
		return 0.7
	case AuthorityReference:
		return 0.6
	}
	return 0.5
}

// Primary reports whether the class speaks for the company or a regulator
// itself rather than reporting on it.
func (a Authority) Primary() bool {
	return a == AuthorityRegulatory || a == AuthorityFirstParty || a == AuthorityJobBoard
}

// Precision says how much of a published date is known.
type Precision string

// Date precisions, finest first. PrecisionNone means no date is known.
const (
	PrecisionTime  Precision = "time"  // instant (RFC 3339)
	PrecisionDay   Precision = "day"   // calendar day
	PrecisionMonth Precision = "month" // month of a year
	PrecisionYear  Precision = "year"  // year only
	PrecisionNone  Precision = ""
)

// MaxExcerpt caps Document.Excerpt in bytes (at a rune boundary).
const MaxExcerpt = 1200

// Document is one retrieved public document in normalised form: the
// citation fields of Source plus what analyses need to weigh it.
type Document struct {
	// URL is the document's canonical URL (see Normalize: no tracking
	// parameters, no fragment).
	URL       string
	Title     string
	Publisher string // the publishing organisation or site, e.g. "Reuters", "acme.com"
	// Published is when the document was published, at Precision; zero
	// when unknown (Precision is then PrecisionNone).
	Published   time.Time
	Precision   Precision
	RetrievedAt time.Time
	// Excerpt is plain text: the lead paragraph, description or snippet,
	// at most MaxExcerpt bytes.
	Excerpt   string
	Authority Authority
}

// NewDocument returns a Document with URL normalised, text fields
// whitespace-folded and the excerpt capped. A zero published time forces
// PrecisionNone; a non-zero one without a precision is taken as
// PrecisionTime.
func NewDocument(d Document) Document {
	d.URL = Normalize(d.URL)
	d.Title = Fold(d.Title)
	d.Publisher = Fold(d.Publisher)
	d.Excerpt = Truncate(Fold(d.Excerpt), MaxExcerpt)
	switch {
	case d.Published.IsZero():
		d.Precision = PrecisionNone
	case d.Precision == PrecisionNone:
		d.Precision = PrecisionTime
	}
	if !d.Published.IsZero() {
		d.Published = d.Published.UTC()
	}
	if d.Authority == "" {
		d.Authority = AuthorityAggregator
	}
	return d
}

// PublishedDate renders Published at its precision: RFC 3339 for an
// instant, YYYY-MM-DD, YYYY-MM or YYYY; nil when unknown.
func (d Document) PublishedDate() *string {
	var s string
	switch d.Precision {
	case PrecisionTime:
		s = d.Published.UTC().Format(time.RFC3339)
	case PrecisionDay:
		s = d.Published.UTC().Format(time.DateOnly)
	case PrecisionMonth:
		s = d.Published.UTC().Format("2006-01")
	case PrecisionYear:
		s = d.Published.UTC().Format("2006")
	default:
		return nil
	}
	return &s
}

// Source is the document's citation record (its ID is assigned by a
// Registry).
func (d Document) Source() Source {
	title := d.Title
	if title == "" {
		title = d.URL
	}
	return Source{ID: ID(d.URL), URL: d.URL, Title: title, PublishedDate: d.PublishedDate(), RetrievedAt: d.RetrievedAt.UTC()}
}

// Fold collapses runs of white space (including non-breaking spaces) into
// one space and trims the ends.
func Fold(s string) string {
	if s == "" {
		return ""
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), " ")
}

// Truncate cuts s to at most n bytes at a rune boundary, preferring the
// last word boundary, and marks a cut with "…".
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if sp := strings.LastIndexByte(s[:cut], ' '); sp > cut/2 {
		cut = sp
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}
