// Package bundle is company-intel's evidence model: the resolved company,
// the research window, the normalised items every source returns (news,
// newsroom posts, filings, job boards, reference profiles), the profile
// facts they establish and the upstream usage they cost. It is pure data:
// sources produce it, research assembles and caches it, signals and briefs
// read it.
package bundle

import (
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
)

// Company is a resolved company: what every source searches for.
type Company struct {
	Name   string `json:"name"`   // display name, e.g. "Acme Robotics, Inc."
	Domain string `json:"domain"` // registrable domain, lower-case ASCII, e.g. "acme.com"
	// Aliases are other names the company is reported under (short name
	// without legal suffix, former names); may be empty.
	Aliases    []string `json:"aliases,omitempty"`
	Ticker     string   `json:"ticker,omitempty"`     // exchange ticker when listed, e.g. "ACME"
	CIK        string   `json:"cik,omitempty"`        // SEC Central Index Key, digits without padding
	WikidataID string   `json:"wikidataId,omitempty"` // e.g. "Q95"
}

// Query is what a source is asked: one company within a window.
type Query struct {
	Company Company
	From    time.Time // start of the window (inclusive), UTC
	To      time.Time // end of the window (the request time), UTC
	// JobBoards are URLs of the company's job boards on applicant tracking
	// systems, found linked from its own site (Result.JobBoards of the
	// website source); the ATS source reads them.
	JobBoards []string
}

// In reports whether t lies within the window (inclusive).
func (q Query) In(t time.Time) bool { return !t.Before(q.From) && !t.After(q.To) }

// Kind says what an Item is.
type Kind string

// Item kinds.
const (
	KindNews     Kind = "news"      // a third-party article about the company
	KindPress    Kind = "press"     // the company's own announcement (newsroom post, feed entry, press release)
	KindPage     Kind = "page"      // a page of the company's site (home, about, careers)
	KindFiling   Kind = "filing"    // a regulatory filing (Filing is set)
	KindJobBoard Kind = "job_board" // the company's job board on an ATS (Jobs is set)
	KindProfile  Kind = "profile"   // a reference entry about the company (Wikidata)
)

// Item is one citable document with the structured facts a source read
// from it. Doc.URL is what a claim citing the item links to.
type Item struct {
	Doc      source.Document `json:"doc"`
	Provider string          `json:"provider"` // the source adapter that produced it, e.g. "gdelt", "sec"
	Kind     Kind            `json:"kind"`
	Filing   *Filing         `json:"filing,omitempty"` // KindFiling
	Jobs     []Job           `json:"jobs,omitempty"`   // KindJobBoard: the open roles listed on the board
	// Tech are the technologies the page itself shows (its markup, scripts
	// and response headers), for the company's home page (KindPage).
	Tech []Tech `json:"tech,omitempty"`
}

// Tech is one technology detected on a page of the company's own site.
type Tech struct {
	Name       string  `json:"name"`       // e.g. "HubSpot"
	Category   string  `json:"category"`   // webtech category, e.g. "marketing_automation"
	Confidence float64 `json:"confidence"` // 0..1
	Detail     string  `json:"detail"`     // the strongest observation, e.g. "script js.hs-scripts.com"
}

// Filing is a regulatory filing's structured facts (SEC EDGAR).
type Filing struct {
	Form      string    `json:"form"`            // e.g. "8-K", "10-Q", "S-1"
	Items     []string  `json:"items,omitempty"` // 8-K items as filed, e.g. ["5.02", "9.01"]
	Filed     time.Time `json:"filed"`           // filingDate (day precision)
	Accepted  time.Time `json:"accepted"`        // acceptanceDateTime; zero when not given
	Accession string    `json:"accession"`       // accession number with dashes
	// Description is the primary document's description as filed, e.g.
	// "FORM 8-K" or "Press release dated March 3, 2026"; may be empty.
	Description string `json:"description,omitempty"`
}

// Job is one open role on a job board.
type Job struct {
	Title      string    `json:"title"`
	Department string    `json:"department,omitempty"` // department or team as the board names it
	Location   string    `json:"location,omitempty"`   // "Berlin, Germany", "Remote - US"
	Remote     bool      `json:"remote,omitempty"`
	URL        string    `json:"url,omitempty"`      // the posting's own page
	Published  time.Time `json:"published,omitzero"` // first posted (never a later edit); zero when the board gives no date
	// Technologies are the technologies the posting names in its title or
	// description (canonical names, first-named first); empty when none.
	Technologies []string `json:"technologies,omitempty"`
}

// Fact is one profile value and the URL of the item that states it (an
// Item of the same Result, so it can be cited).
type Fact struct {
	Value     string `json:"value"`
	SourceURL string `json:"sourceUrl"`
}

// Profile is what sources establish about the company itself. A nil field
// is unknown; never guessed.
type Profile struct {
	Description   *Fact `json:"description,omitempty"`
	Industry      *Fact `json:"industry,omitempty"`
	Headquarters  *Fact `json:"headquarters,omitempty"`
	EmployeeRange *Fact `json:"employeeRange,omitempty"`
	BusinessModel *Fact `json:"businessModel,omitempty"`
	Ticker        *Fact `json:"ticker,omitempty"`
	Founded       *Fact `json:"founded,omitempty"` // year
}

// Usage counts what a source actually called upstream and what it cost.
type Usage struct {
	Searches int     `json:"searches"` // search/list queries made (news searches, board listings, entity searches)
	Contents int     `json:"contents"` // documents or content fetches made (pages, filings index, entity JSON)
	CostUSD  float64 `json:"costUsd"`  // provider-reported where given, configured unit prices otherwise; 0 for free sources
}

// Add returns u plus o.
func (u Usage) Add(o Usage) Usage {
	return Usage{Searches: u.Searches + o.Searches, Contents: u.Contents + o.Contents, CostUSD: u.CostUSD + o.CostUSD}
}

// Result is what one source returns for a Query. A source that failed part
// way returns what it has together with its error.
type Result struct {
	Items   []Item  `json:"items"`
	Profile Profile `json:"profile"`
	Usage   Usage   `json:"usage"`
	// JobBoards are ATS board URLs the company links to (website source).
	JobBoards []string `json:"jobBoards,omitempty"`
}
