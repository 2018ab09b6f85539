package report

import (
	"fmt"
	"time"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/brief"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/research"
)

// Clue is a technology or operational clue and what it implies.
type Clue struct {
	Clue        string   `json:"clue"`
	Implication string   `json:"implication"`
	EvidenceIDs []string `json:"evidenceIds"`
}

// AccountPlan is the deep brief's account plan.
type AccountPlan struct {
	Objective string   `json:"objective"`
	FirstStep string   `json:"firstStep"`
	Sequence  []string `json:"sequence"`
}

// DeepDoc is the POST /v1/company/deal-brief/deep body without its
// requestId: the brief's sections, the deep sections and the evidence map.
//
// EvidenceMap has one entry per claim that cites at least one source,
// keyed by the claim's place in the document: "<field>" or
// "<section>.<field>" for an object (company.description,
// company.industry, company.headquarters, company.employeeRange,
// company.businessModel, recommendedApproach, recommendedPositioning,
// accountPlan) and "<section>[i]" for the i-th (0-based) entry of an array
// (qualification.reasons[i], qualification.disqualifiers[i], whyNow[i],
// recentSignals[i], likelyPriorities[i], risks[i],
// strategicInitiatives[i], technologyAndOperationalClues[i],
// competitorConsiderations[i], likelyObjections[i],
// buyingCommitteeRoles[i], discoveryQuestions[i]). Every value is a
// non-empty list of ids of the sources array.
type DeepDoc struct {
	BriefSections
	StrategicInitiatives          []PriorityItem      `json:"strategicInitiatives"`
	TechnologyAndOperationalClues []Clue              `json:"technologyAndOperationalClues"`
	CompetitorConsiderations      []string            `json:"competitorConsiderations"`
	LikelyObjections              []string            `json:"likelyObjections"`
	BuyingCommitteeRoles          []string            `json:"buyingCommitteeRoles"`
	RecommendedPositioning        string              `json:"recommendedPositioning"`
	DiscoveryQuestions            []string            `json:"discoveryQuestions"`
	AccountPlan                   AccountPlan         `json:"accountPlan"`
	EvidenceMap                   map[string][]string `json:"evidenceMap"`
	Sources                       []Source            `json:"sources"`
	Freshness                     Freshness           `json:"freshness"`
	Meta                          Meta                `json:"meta"`
}

// Deep analyses the bundle as Brief does and assembles the deep brief,
// under the same 422 rule.
func Deep(out research.Outcome, seller *qualify.Seller, now time.Time) (DeepDoc, error) {
	in := briefInput(out.Bundle, seller, now)
	composed, err := brief.ComposeDeep(in)
	if err != nil {
		return DeepDoc{}, insufficient(out.Bundle, err)
	}
	if n := len(composed.Questions); n != brief.DiscoveryQuestions {
		return DeepDoc{}, apierror.Wrap(fmt.Errorf("report: %d discovery questions composed, want %d", n, brief.DiscoveryQuestions),
			apierror.CodeInternal, "the deep brief could not be composed")
	}
	w := newWriter(out.Bundle)
	doc := DeepDoc{BriefSections: w.brief(out.Bundle, in, composed.Brief)}
	doc.StrategicInitiatives = w.priorities("strategicInitiatives", composed.Initiatives)
	doc.TechnologyAndOperationalClues = []Clue{}
	for i, c := range composed.Clues {
		doc.TechnologyAndOperationalClues = append(doc.TechnologyAndOperationalClues, Clue{
			Clue: c.Clue, Implication: c.Implication, EvidenceIDs: w.cite(indexed("technologyAndOperationalClues", i), c.Evidence)})
	}
	doc.CompetitorConsiderations = w.statements("competitorConsiderations", composed.Competitors)
	doc.LikelyObjections = w.statements("likelyObjections", composed.Objections)
	doc.BuyingCommitteeRoles = w.statements("buyingCommitteeRoles", composed.BuyingRoles)
	doc.RecommendedPositioning = composed.Positioning.Text
	w.cite("recommendedPositioning", composed.Positioning.Evidence)
	doc.DiscoveryQuestions = w.statements("discoveryQuestions", composed.Questions)
	doc.AccountPlan = AccountPlan{Objective: composed.Plan.Objective, FirstStep: composed.Plan.FirstStep, Sequence: strs(composed.Plan.Sequence)}
	w.cite("accountPlan", composed.Plan.Evidence)
	doc.EvidenceMap = w.evidence
	doc.Sources = w.c.Sources()
	doc.Freshness = FreshnessOf(out.Bundle, now)
	doc.Meta = MetaOf(out)
	return doc, nil
}

// statements lists the statements' texts, citing each under
// section[i].
func (w *writer) statements(section string, in []brief.Statement) []string {
	out := []string{}
	for i, s := range in {
		w.cite(indexed(section, i), s.Evidence)
		out = append(out, s.Text)
	}
	return out
}
