// Qualify: the types, the component weights and labels, and the scoring
// that renormalises the weights of the known components; each component
// is scored in its own file (industry.go, size.go, geography.go, model.go,
// relevance.go, timing.go, completeness.go), disqualifiers in disqualify.go.

package qualify

import (
	"math"
	"strings"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// Seller describes what the caller sells; every field is optional.
type Seller struct{ Product, ValueProposition, IdealCustomerProfile string }

// Input is what Qualify reads. Now is the request time (recency only).
type Input struct {
	Company bundle.Company
	Profile bundle.Profile
	Items   []bundle.Item
	Signals []signals.Signal
	Seller  *Seller
	Now     time.Time
}

// Component is one scored part of the fit. Weight is the effective
// (renormalised) weight; an excluded component has Weight 0 and a Reason
// that starts "Excluded:".
type Component struct {
	Name     string   `json:"name"`
	Weight   float64  `json:"weight"`
	Score    float64  `json:"score"` // 0..1
	Evidence []string `json:"evidence"`
	Reason   string   `json:"reason"`
	// Terms are the seller's words the component found in the company's
	// facts or text (industry, textRelevance), in the seller's surface
	// form; empty for the other components.
	Terms []string `json:"terms,omitempty"`
}

// Result is the qualification (openapi/company-intel.yaml) plus the
// components and evidence behind it.
type Result struct {
	FitAssessed     bool                `json:"fitAssessed"`
	FitScore        int                 `json:"fitScore"`
	FitLabel        string              `json:"fitLabel"`
	Components      []Component         `json:"components"`
	ScoreComponents map[string]float64  `json:"scoreComponents"`
	Reasons         []string            `json:"reasons"`
	Disqualifiers   []string            `json:"disqualifiers"`
	Evidence        map[string][]string `json:"evidence"`
}

// Component names.
const (
	CompIndustry     = "industry"
	CompSize         = "size"
	CompGeography    = "geography"
	CompModel        = "businessModel"
	CompText         = "textRelevance"
	CompTiming       = "timing"
	CompCompleteness = "profileCompleteness"
)

// Base weights of the seller-relative fit (sum 1) and of the account
// attractiveness used without a seller (sum 1). See doc.go.
var (
	FitWeights = map[string]float64{
		CompIndustry: 0.25, CompSize: 0.15, CompGeography: 0.15, CompModel: 0.10, CompText: 0.25, CompTiming: 0.10,
	}
	AttractivenessWeights = map[string]float64{CompTiming: 0.6, CompCompleteness: 0.4}
)

// DisqualifiedCap is the highest fitScore a disqualified company gets.
const DisqualifiedCap = 39

// Label maps a fitScore to its label: poor <20, weak 20–39, possible
// 40–59, good 60–79, excellent ≥80.
func Label(score int) string {
	switch {
	case score >= 80:
		return "excellent"
	case score >= 60:
		return "good"
	case score >= 40:
		return "possible"
	case score >= 20:
		return "weak"
	}
	return "poor"
}

// scored is a component under construction.
type scored struct {
	Component
	known  bool
	reason string // the Reasons sentence when the component scored
}

// Qualify scores the company against the seller; without a seller it
// scores account attractiveness. It is pure and deterministic.
func Qualify(in Input) Result {
	r := Result{ScoreComponents: map[string]float64{}, Reasons: []string{}, Disqualifiers: []string{}, Evidence: map[string][]string{}, Components: []Component{}}
	docs := ownDocs(in)
	var parts []scored
	weights := FitWeights
	if hasSeller(in.Seller) {
		icp := parseICP(in.Seller.IdealCustomerProfile)
		parts = []scored{
			industryFit(in, icp), sizeFit(in, icp), geographyFit(in, icp), modelFit(in, icp, docs),
			textFit(in, icp, docs), timingFit(in),
		}
		anySeller := false
		for _, p := range parts[:5] {
			anySeller = anySeller || p.known
		}
		if anySeller {
			r.FitAssessed = true
			for _, d := range disqualify(in, icp, docs) {
				if _, dup := r.Evidence[d.text]; dup {
					continue
				}
				r.Disqualifiers = append(r.Disqualifiers, d.text)
				r.Evidence[d.text] = d.urls
			}
		} else {
			parts = nil
		}
	}
	if !r.FitAssessed {
		weights = AttractivenessWeights
		parts = []scored{timingFit(in), completeness(in)}
		why := "no seller was given"
		if hasSeller(in.Seller) {
			why = "the seller's product, value proposition and ICP name nothing the company's facts can be compared with"
		}
		r.Reasons = append(r.Reasons, "Fit was not assessed: "+why+"; the score is account attractiveness from recent signals and profile completeness only.")
	}
	var total float64
	for _, p := range parts {
		if p.known {
			total += weights[p.Name]
		}
	}
	var sum float64
	for _, p := range parts {
		c := p.Component
		if c.Evidence == nil {
			c.Evidence = []string{}
		}
		if p.known && total > 0 {
			c.Weight = round(weights[p.Name]/total, 4)
			pts := 100 * weights[p.Name] / total * c.Score
			sum += pts
			r.ScoreComponents[c.Name] = round(pts, 1)
			if c.Score > 0 && p.reason != "" {
				r.Reasons = append(r.Reasons, p.reason)
				r.Evidence[p.reason] = c.Evidence
			}
		} else {
			c.Weight = 0
		}
		r.Components = append(r.Components, c)
	}
	r.FitScore = int(math.Round(sum))
	if r.FitScore > 100 {
		r.FitScore = 100
	}
	if len(r.Disqualifiers) > 0 && r.FitScore > DisqualifiedCap {
		r.FitScore = DisqualifiedCap
	}
	r.FitLabel = Label(r.FitScore)
	return r
}

func hasSeller(s *Seller) bool {
	return s != nil && strings.TrimSpace(s.Product+s.ValueProposition+s.IdealCustomerProfile) != ""
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}
