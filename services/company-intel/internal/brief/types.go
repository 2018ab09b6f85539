package brief

import (
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// Input is what Compose and ComposeDeep read: the evidence bundle's
// company, profile and items, the signals detected in it, the
// qualification computed from them, and the seller (nil when none was
// given). Profile.BusinessModel is expected to be filled by
// qualify.BusinessModel already. Now is the request time.
type Input struct {
	Company      bundle.Company
	Profile      bundle.Profile
	Items        []bundle.Item
	Signals      []signals.Signal // ranked, at most signals.MaxSignals
	Fit          qualify.Result
	Seller       *qualify.Seller
	LookbackDays int
	Partial      bool // a source failed while the evidence was gathered
	Now          time.Time
}

// Every claim below carries Evidence: the canonical URLs (bundle.Item
// Doc.URL) of the items behind it, most important first. The report layer
// turns them into source ids; a claim never cites a URL that is not an
// item of the bundle.

// WhyNow is one reason to reach out now, tied to dated signals.
type WhyNow struct {
	Reason   string   `json:"reason"`
	Evidence []string `json:"evidence"`
}

// Basis says whether a priority was stated by the evidence (observed) or
// follows from it by a documented rule (inferred).
type Basis string

// Bases.
const (
	Observed Basis = "observed"
	Inferred Basis = "inferred"
)

// Priority is a likely priority or a strategic initiative.
type Priority struct {
	Priority    string   `json:"priority"`
	Basis       Basis    `json:"basis"`
	Explanation string   `json:"explanation"`
	Evidence    []string `json:"evidence"`
}

// Approach is the recommended approach. MessageAngle is nil without a
// seller (there is nothing to angle).
type Approach struct {
	MessageAngle        *string  `json:"messageAngle"`
	RecommendedAction   string   `json:"recommendedAction"`
	RolesToContact      []string `json:"rolesToContact"`
	QuestionsToValidate []string `json:"questionsToValidate"`
	Evidence            []string `json:"evidence"`
}

// Risk is something that could stop or slow the deal.
type Risk struct {
	Risk        string   `json:"risk"`
	Explanation string   `json:"explanation"`
	Evidence    []string `json:"evidence"`
}

// Clue is a technology or operational clue and what it implies.
type Clue struct {
	Clue        string   `json:"clue"`
	Implication string   `json:"implication"`
	Evidence    []string `json:"evidence"`
}

// Statement is one sentence of a list section (competitor considerations,
// objections, buying roles, discovery questions) or the positioning.
type Statement struct {
	Text     string   `json:"text"`
	Evidence []string `json:"evidence"`
}

// Plan is the account plan.
type Plan struct {
	Objective string   `json:"objective"`
	FirstStep string   `json:"firstStep"`
	Sequence  []string `json:"sequence"`
	Evidence  []string `json:"evidence"`
}

// Brief is the deal brief's composed sections.
type Brief struct {
	WhyNow     []WhyNow   `json:"whyNow"`
	Priorities []Priority `json:"likelyPriorities"`
	Approach   Approach   `json:"recommendedApproach"`
	Risks      []Risk     `json:"risks"`
}

// Deep is the deep brief: the brief plus the deep sections.
// Questions has exactly DiscoveryQuestions entries.
type Deep struct {
	Brief
	Initiatives []Priority  `json:"strategicInitiatives"`
	Clues       []Clue      `json:"technologyAndOperationalClues"`
	Competitors []Statement `json:"competitorConsiderations"`
	Objections  []Statement `json:"likelyObjections"`
	BuyingRoles []Statement `json:"buyingCommitteeRoles"`
	Positioning Statement   `json:"recommendedPositioning"`
	Questions   []Statement `json:"discoveryQuestions"`
	Plan        Plan        `json:"accountPlan"`
}

// DiscoveryQuestions is the exact number of deep discovery questions
// (the limits of openapi/company-intel.yaml).
const DiscoveryQuestions = 5

// Insufficient is returned by Compose and ComposeDeep when the evidence
// cannot support a brief; Reason says what is missing.
type Insufficient struct{ Reason string }

func (e *Insufficient) Error() string { return "brief: insufficient evidence: " + e.Reason }
