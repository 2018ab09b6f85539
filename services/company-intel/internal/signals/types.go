package signals

import (
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Type is a signal's type, one of the eleven the API names.
type Type string

// Signal types, in classification precedence order (see doc.go).
const (
	TypeAcquisition Type = "acquisition"
	TypeFunding     Type = "funding"
	TypeLeadership  Type = "leadership"
	TypeRegulatory  Type = "regulatory"
	TypePartnership Type = "partnership"
	TypeProduct     Type = "product"
	TypeExpansion   Type = "expansion"
	TypeHiring      Type = "hiring"
	TypeFinancial   Type = "financial"
	TypeTechnology  Type = "technology"
	TypeOther       Type = "other"
)

// Types lists every type in precedence order.
var Types = []Type{
	TypeAcquisition, TypeFunding, TypeLeadership, TypeRegulatory, TypePartnership,
	TypeProduct, TypeExpansion, TypeHiring, TypeFinancial, TypeTechnology, TypeOther,
}

// Facts are the values extracted from a signal's evidence; a field is empty
// when the evidence does not state it. Sentences are written from them.
type Facts struct {
	// AmountUSD is the amount in whole US dollars; set only when the text
	// states it in dollars (no currency conversion, see doc.go).
	AmountUSD int64 `json:"amountUsd,omitempty"`
	// AmountText is the amount as written, normalised: "$40M", "€12M",
	// "£6M", "$1.5B", "$500K".
	AmountText string   `json:"amountText,omitempty"`
	Round      string   `json:"round,omitempty"`     // "Series B", "Seed", "IPO", "Credit facility"
	Investors  []string `json:"investors,omitempty"` // lead investor first
	// Counterparty is the other company of an acquisition or partnership
	// (the target, the acquirer, the partner, the customer).
	Counterparty string   `json:"counterparty,omitempty"`
	Person       string   `json:"person,omitempty"`
	Role         string   `json:"role,omitempty"`
	Product      string   `json:"product,omitempty"` // product, or technology for technology signals
	Place        string   `json:"place,omitempty"`
	Items8K      []string `json:"items8k,omitempty"`
	Department   string   `json:"department,omitempty"` // hiring: the department with most open roles
	OpenRoles    int      `json:"openRoles,omitempty"`
}

// Signal is one dated trigger event with the URLs of the items that
// report it.
type Signal struct {
	Type              Type    `json:"type"`
	Headline          string  `json:"headline"`
	EventDate         *string `json:"eventDate"` // YYYY-MM-DD
	Summary           string  `json:"summary"`
	CommercialMeaning string  `json:"commercialMeaning"`
	Confidence        float64 `json:"confidence"`
	// Evidence holds the canonical URLs (Item.Doc.URL) of every item the
	// signal cites, the representative item first; never empty.
	Evidence []string `json:"evidence"`
	Facts    Facts    `json:"facts"`
	// WhyNow is the signal's why-now sentence when it is one of the
	// Result's WhyNow picks (the same text), empty otherwise.
	WhyNow string `json:"whyNow,omitempty"`
}

// Input is what Detect reads. Now is the request time: it is used for
// recency only, never to resolve dates.
type Input struct {
	Company bundle.Company
	Window  bundle.Query
	Items   []bundle.Item
	Now     time.Time
}

// Result is Detect's output: at most MaxSignals ranked signals and at most
// MaxWhyNow why-now sentences.
type Result struct {
	Signals []Signal `json:"signals"`
	WhyNow  []string `json:"whyNow"`
}

// Output limits (the limits of openapi/company-intel.yaml).
const (
	MaxSignals = 8
	MaxWhyNow  = 4
)
