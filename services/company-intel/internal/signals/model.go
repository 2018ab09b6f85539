package signals

import (
	_ "embed"
	"fmt"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/services/company-intel/internal/textclass"
)

// ModelFile is the committed type model's path in this package, written by
// `make train` (cmd/trainsignals).
const ModelFile = "model.json"

//go:embed model.json
var modelBytes []byte

// noneClass is the model's class for an item that reports no event.
const noneClass = "none"

// Model is a loaded type model: a logistic regression over Features that
// types one news or press item (see doc.go, "The type model").
type Model struct {
	m       *textclass.Model
	classes []Type // "" for noneClass
	file    *textclass.File
}

// LoadModel reads a model file and refuses one trained on another feature
// set than this code extracts, or with classes other than the eleven types
// and none.
func LoadModel(b []byte) (*Model, error) {
	m, f, err := textclass.Parse(b, FeatureSet, knownFeature)
	if err != nil {
		return nil, fmt.Errorf("signals: %w", err)
	}
	classes, err := classTypes(m.Classes)
	if err != nil {
		return nil, err
	}
	return &Model{m: m, file: f, classes: classes}, nil
}

// classTypes maps a model's classes to types ("" for none); they must be
// the eleven types and none, each once.
func classTypes(classes []string) ([]Type, error) {
	var out []Type
	seen := map[string]bool{}
	for _, c := range classes {
		if seen[c] {
			return nil, fmt.Errorf("signals: model class %q twice", c)
		}
		seen[c] = true
		if c == noneClass {
			out = append(out, "")
			continue
		}
		if _, ok := precedence[Type(c)]; !ok {
			return nil, fmt.Errorf("signals: model class %q is not a signal type", c)
		}
		out = append(out, Type(c))
	}
	if len(seen) != len(Types)+1 || !seen[noneClass] {
		return nil, fmt.Errorf("signals: model has %d classes, want the %d types and %q", len(seen), len(Types), noneClass)
	}
	return out, nil
}

// defaultModel is the committed model, loaded once at start.
var defaultModel, defaultModelErr = LoadModel(modelBytes)

// CheckModel reports whether the committed model loaded: a service calls
// it at start and refuses to start on an error (a model file that does not
// match the code's feature set).
func CheckModel() error { return defaultModelErr }

func mustModel() *Model {
	if defaultModelErr != nil {
		panic(defaultModelErr)
	}
	return defaultModel
}

// typed is the type model's reading of one item.
type typed struct {
	t    Type
	p    float64 // the calibrated probability of t
	head bool    // the headline carries t (else only the lead does)
	// probs is every type's probability (prob); nil when not classified.
	probs map[Type]float64
}

// prob is the model's probability of type t for the item.
func (ty typed) prob(t Type) float64 { return ty.probs[t] }

// classify types one item's prepared headline (foldAbbrev(prepText)) and
// lead (leadText) for the company m names (the zero Matcher when unknown).
// ok is false when the most probable class is none.
func (md *Model) classify(h, l string, m companyname.Matcher) (typed, bool) {
	g := itemGuard(h)
	if g == "notyet" || g == "customer" {
		// Denials, negations, talks, deliberation, rumours and others'
		// forecasts, and customer stories (the customer acts, not the
		// company), report no event of the company's, whatever else the
		// words say: every such training item is none.
		return typed{}, false
	}
	ps := md.m.Probabilities(features(h, l, g, m))
	best := md.decide(ps, func() Type { t, _ := pick(h); return t })
	t := md.classes[best]
	if t == "" {
		return typed{}, false
	}
	probs := make(map[Type]float64, len(ps))
	for i, c := range md.classes {
		if c != "" {
			probs[c] = ps[i]
		}
	}
	return typed{t: t, p: ps[best], head: headCarries(h, l, t), probs: probs}, true
}

// Tie-breaking by the lexicon: when the model's most probable class is
// below TieBreakBelow and the lexicon reads in the headline a type the
// model gives at least TieBreakMin, that type wins. The lexicon's
// specific patterns ("open-sourcing … feature store", a named
// technology's migration) are precise where the model is unsure.
const (
	TieBreakBelow = 0.6
	TieBreakMin   = 0.2
)

// decide returns the index of the class an item gets from the model's
// probabilities ps (in class order) and the lexicon's headline type
// (asked for only when the model is unsure).
func (md *Model) decide(ps []float64, lexicon func() Type) int {
	best := 0
	for i := range ps {
		if ps[i] > ps[best] {
			best = i
		}
	}
	if ps[best] >= TieBreakBelow {
		return best
	}
	if lt := lexicon(); lt != "" {
		for i, c := range md.classes {
			if c == lt && ps[i] >= TieBreakMin {
				return i
			}
		}
	}
	return best
}

// headCarries reports whether the headline carries type t: it does unless
// the lexicon reads t in the lead and not in the headline (the facts are
// then read in the lead).
func headCarries(h, l string, t Type) bool { return readsAs(h, t) || !readsAs(l, t) }

// Classify types one headline and its lead paragraph with the committed
// model, for an unnamed company (see doc.go). p is the model's calibrated
// probability of t; ok is false when the item reports no event.
func Classify(headline, lead string) (t Type, p float64, ok bool) {
	c, ok := mustModel().classify(foldAbbrev(prepText(headline)), leadText(lead), companyname.Matcher{})
	return c.t, c.p, ok
}
