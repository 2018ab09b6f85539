// Package textclass is a small multinomial logistic-regression text
// classifier over named binary features: training (deterministic full-batch
// gradient descent with Nesterov momentum and an L2 penalty), k-fold
// cross-validation, temperature calibration and a versioned model file.
// It knows nothing of what the features mean: the package that extracts
// them names its feature set, and a model file trained on another feature
// set is refused (Parse).
//
// Determinism: training visits examples and features in a fixed order and
// uses no randomness, so the same examples and options give the same
// model; the file rounds weights to Precision decimals, so that the last
// bits of floating-point arithmetic do not reach the file.
package textclass

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"sync"
)

// Example is one training item: its features (names; duplicates count
// once), the index of its class and its group: CrossValidate keeps a
// group's examples in one fold (two readings of one item).
type Example struct {
	Features []string
	Class    int
	Group    int
	// Weight scales the example's loss; 0 means 1.
	Weight float64
}

// Options are the training settings. The zero value is not usable: use
// DefaultOptions and change what differs.
type Options struct {
	L2         float64 `json:"l2"`         // penalty λ on the mean log-loss: λ/2·Σw²
	Iterations int     `json:"iterations"` // full-batch gradient steps
	Rate       float64 `json:"rate"`       // step size
	Momentum   float64 `json:"momentum"`   // Nesterov momentum
	MinCount   int     `json:"minCount"`   // a feature seen in fewer groups of training examples (consecutive examples of one group count once) is dropped
	// Balanced weighs each example by n/(k·n_c) (n examples, k classes,
	// n_c of the example's class), so that every class counts alike.
	Balanced bool `json:"balanced"`
}

// DefaultOptions are the settings the signal model is trained with.
var DefaultOptions = Options{L2: 1e-5, Iterations: 1500, Rate: 2, Momentum: 0.9, MinCount: 2, Balanced: true}

// Model is a trained classifier.
type Model struct {
	Classes []string
	// index maps a feature name to its row of weights.
	index   map[string]int
	names   []string
	weights [][]float64 // [feature][class]
	Bias    []float64
	// Temperature divides the scores before the softmax (Calibrate).
	Temperature float64
}

// Features returns the model's feature names, sorted.
func (m *Model) Features() []string { return slices.Clone(m.names) }

// vector is an example's known feature rows and their common value (each
// present feature counts 1/√n, so every example has unit length).
type vector struct {
	rows  []int
	value float64
}

func (m *Model) vectorize(features []string) vector {
	rows := make([]int, 0, len(features))
	for _, f := range features {
		if r, ok := m.index[f]; ok {
			rows = append(rows, r)
		}
	}
	slices.Sort(rows)
	rows = slices.Compact(rows)
	v := vector{rows: rows}
	if len(rows) > 0 {
		v.value = 1 / math.Sqrt(float64(len(rows)))
	}
	return v
}

// scores are the model's raw class scores for a vector.
func scores(w [][]float64, bias []float64, v vector) []float64 {
	s := slices.Clone(bias)
	for _, r := range v.rows {
		for c, x := range w[r] {
			s[c] += float64(x * v.value)
		}
	}
	return s
}

// softmax turns scores divided by t into probabilities, in place.
func softmax(s []float64, t float64) []float64 {
	top := math.Inf(-1)
	for i := range s {
		s[i] /= t
		top = math.Max(top, s[i])
	}
	sum := 0.0
	for i := range s {
		s[i] = math.Exp(s[i] - top)
		sum += s[i]
	}
	for i := range s {
		s[i] /= sum
	}
	return s
}

// Probabilities returns the calibrated probability of each class (in
// Classes order) for an item's features; unknown features are ignored.
func (m *Model) Probabilities(features []string) []float64 {
	return softmax(scores(m.weights, m.Bias, m.vectorize(features)), m.Temperature)
}

// Predict returns the most probable class's index and its probability
// (ties go to the earlier class).
func (m *Model) Predict(features []string) (int, float64) {
	return argmax(m.Probabilities(features))
}

func argmax(p []float64) (int, float64) {
	best := 0
	for i := range p {
		if p[i] > p[best] {
			best = i
		}
	}
	return best, p[best]
}

// Train fits a model to the examples. Classes names the class indices.
func Train(examples []Example, classes []string, o Options) (*Model, error) {
	if len(examples) == 0 || len(classes) < 2 {
		return nil, fmt.Errorf("textclass: %d examples, %d classes", len(examples), len(classes))
	}
	if o.Iterations <= 0 || o.Rate <= 0 || o.L2 < 0 || o.Momentum < 0 || o.Momentum >= 1 {
		return nil, fmt.Errorf("textclass: bad options %+v", o)
	}
	// A feature's count is the number of groups (items) it occurs in.
	count := map[string]int{}
	seen := map[string]int{} // feature → 1 + the last group counted
	for _, e := range examples {
		if e.Class < 0 || e.Class >= len(classes) {
			return nil, fmt.Errorf("textclass: class %d out of range", e.Class)
		}
		for _, f := range dedupe(e.Features) {
			if seen[f] != e.Group+1 {
				seen[f] = e.Group + 1
				count[f]++
			}
		}
	}
	m := &Model{Classes: slices.Clone(classes), index: map[string]int{}, Temperature: 1}
	for f, n := range count {
		if n >= max(o.MinCount, 1) {
			m.names = append(m.names, f)
		}
	}
	sort.Strings(m.names)
	for i, f := range m.names {
		m.index[f] = i
	}
	k := len(classes)
	vs := make([]vector, len(examples))
	for i, e := range examples {
		vs[i] = m.vectorize(e.Features)
	}
	w := matrix(len(m.names), k)
	b := make([]float64, k)
	vw, vb := matrix(len(m.names), k), make([]float64, k)
	gw, gb := matrix(len(m.names), k), make([]float64, k)
	lw, lb := matrix(len(m.names), k), make([]float64, k) // look-ahead point
	n := float64(len(examples))
	weight := make([]float64, k)
	for c := range weight {
		weight[c] = 1
	}
	if o.Balanced {
		per := make([]int, k)
		for _, e := range examples {
			per[e.Class]++
		}
		for c := range weight {
			if per[c] > 0 {
				weight[c] = n / float64(k*per[c])
			}
		}
	}
	for range o.Iterations {
		// Nesterov: the gradient is taken at w + μ·v.
		for r := range w {
			for c := range w[r] {
				lw[r][c] = w[r][c] + float64(o.Momentum*vw[r][c])
				gw[r][c] = float64(o.L2 * lw[r][c])
			}
		}
		for c := range b {
			lb[c] = b[c] + float64(o.Momentum*vb[c])
			gb[c] = 0
		}
		for i, v := range vs {
			p := softmax(scores(lw, lb, v), 1)
			p[examples[i].Class]--
			wi := weight[examples[i].Class]
			if w := examples[i].Weight; w > 0 {
				wi = float64(wi * w)
			}
			for c := range p {
				d := float64(wi*p[c]) / n
				gb[c] += d
				for _, r := range v.rows {
					gw[r][c] += float64(d * v.value)
				}
			}
		}
		for r := range w {
			for c := range w[r] {
				vw[r][c] = float64(o.Momentum*vw[r][c]) - float64(o.Rate*gw[r][c])
				w[r][c] += vw[r][c]
			}
		}
		for c := range b {
			vb[c] = float64(o.Momentum*vb[c]) - float64(o.Rate*gb[c])
			b[c] += vb[c]
		}
	}
	m.weights, m.Bias = w, b
	return m, nil
}

func matrix(rows, cols int) [][]float64 {
	flat := make([]float64, rows*cols)
	out := make([][]float64, rows)
	for i := range out {
		out[i] = flat[i*cols : (i+1)*cols : (i+1)*cols]
	}
	return out
}

func dedupe(fs []string) []string {
	out := slices.Clone(fs)
	slices.Sort(out)
	return slices.Compact(out)
}

// Prediction is one example's out-of-fold prediction (CrossValidate): its
// class, the predicted class and the uncalibrated probabilities.
type Prediction struct {
	Class, Predicted int
	Probabilities    []float64
	scores           []float64
}

// CrossValidate trains k models, each on the examples outside one fold
// (an example is in fold Group mod k), and returns every example's
// prediction by the model that did not see it, in the examples' order.
func CrossValidate(examples []Example, classes []string, o Options, k int) ([]Prediction, error) {
	if k < 2 || k > len(examples) {
		return nil, fmt.Errorf("textclass: %d folds for %d examples", k, len(examples))
	}
	out := make([]Prediction, len(examples))
	errs := make([]error, k)
	// Folds are independent: they train in parallel, each writing only its
	// own examples' predictions, so the result does not depend on timing.
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(runtime.GOMAXPROCS(0), 1))
	for fold := range k {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			var train []Example
			for _, e := range examples {
				if e.Group%k != fold {
					train = append(train, e)
				}
			}
			m, err := Train(train, classes, o)
			if err != nil {
				errs[fold] = err
				return
			}
			for i, e := range examples {
				if e.Group%k != fold {
					continue
				}
				s := scores(m.weights, m.Bias, m.vectorize(e.Features))
				p := softmax(slices.Clone(s), 1)
				best, _ := argmax(p)
				out[i] = Prediction{Class: e.Class, Predicted: best, Probabilities: p, scores: s}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// Calibrate returns the temperature, on a grid from 0.25 to 4 in steps
// of 0.05, that minimises the log-loss of out-of-fold predictions (the
// first of equal ones), and the predictions' probabilities recomputed at it.
func Calibrate(preds []Prediction) float64 {
	best, bestLoss := 1.0, math.Inf(1)
	for i := 5; i <= 80; i++ {
		t := float64(i) * 0.05
		loss := 0.0
		for _, p := range preds {
			q := softmax(slices.Clone(p.scores), t)
			loss -= math.Log(math.Max(q[p.Class], 1e-12))
		}
		if loss < bestLoss-1e-9 {
			best, bestLoss = t, loss
		}
	}
	for i := range preds {
		preds[i].Probabilities = softmax(slices.Clone(preds[i].scores), best)
	}
	return best
}
