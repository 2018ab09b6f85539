package textclass

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Format names the model file's layout; Parse refuses another.
const Format = "intel402-textclass/1"

// Precision is the number of decimals the file keeps of a weight.
const Precision = 4

// File is a model file: the model, the feature set its features were
// extracted by, and what it was trained on and how well it did (free-form
// for this package, written by the trainer).
type File struct {
	Format      string          `json:"format"`
	FeatureSet  string          `json:"featureSet"`
	Classes     []string        `json:"classes"`
	Temperature float64         `json:"temperature"`
	Bias        []float64       `json:"bias"`
	Training    json.RawMessage `json:"training,omitempty"`
	Weights     []Weights       `json:"weights"`
}

// Weights are one feature's weight for each class.
type Weights struct {
	Feature string    `json:"f"`
	W       []float64 `json:"w"`
}

func round(x float64) float64 {
	p := math.Pow10(Precision)
	r := math.Round(x*p) / p
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

// Marshal writes the model as a file for featureSet with the trainer's
// record; features whose weights all round to zero are left out. The
// output is the same bytes for the same model.
func (m *Model) Marshal(featureSet string, training any) ([]byte, error) {
	f := File{Format: Format, FeatureSet: featureSet, Classes: m.Classes, Temperature: round(m.Temperature)}
	for _, b := range m.Bias {
		f.Bias = append(f.Bias, round(b))
	}
	if training != nil {
		t, err := json.Marshal(training)
		if err != nil {
			return nil, err
		}
		f.Training = t
	}
	for i, name := range m.names {
		w := make([]float64, len(m.weights[i]))
		zero := true
		for c, x := range m.weights[i] {
			w[c] = round(x)
			zero = zero && w[c] == 0
		}
		if !zero {
			f.Weights = append(f.Weights, Weights{Feature: name, W: w})
		}
	}
	// One feature per line keeps the file diffable.
	var buf bytes.Buffer
	head := f
	head.Weights = nil
	hb, err := json.MarshalIndent(head, "", "  ")
	if err != nil {
		return nil, err
	}
	buf.Write(bytes.TrimSuffix(hb, []byte("\n}")))
	buf.WriteString(",\n  \"weights\": [\n")
	for i, w := range f.Weights {
		line, err := json.Marshal(w)
		if err != nil {
			return nil, err
		}
		buf.WriteString("    ")
		buf.Write(line)
		if i < len(f.Weights)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("  ]\n}\n")
	return buf.Bytes(), nil
}

// Parse reads a model file and checks it: its format, that it was trained
// for featureSet (the extracting code's), that every feature belongs to
// one of the feature set's templates (known reports whether a name does),
// and its shape.
func Parse(b []byte, featureSet string, known func(feature string) bool) (*Model, *File, error) {
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, nil, fmt.Errorf("textclass: model file: %w", err)
	}
	if f.Format != Format {
		return nil, nil, fmt.Errorf("textclass: model file format %q, want %q", f.Format, Format)
	}
	if f.FeatureSet != featureSet {
		return nil, nil, fmt.Errorf("textclass: model trained on feature set %q, the code extracts %q: retrain it (make train)", f.FeatureSet, featureSet)
	}
	k := len(f.Classes)
	if k < 2 || len(f.Bias) != k || !(f.Temperature > 0) {
		return nil, nil, fmt.Errorf("textclass: model file: %d classes, %d biases, temperature %s", k, len(f.Bias), strconv.FormatFloat(f.Temperature, 'g', -1, 64))
	}
	m := &Model{Classes: f.Classes, Bias: f.Bias, Temperature: f.Temperature, index: make(map[string]int, len(f.Weights))}
	for _, w := range f.Weights {
		if len(w.W) != k {
			return nil, nil, fmt.Errorf("textclass: feature %q has %d weights, want %d", w.Feature, len(w.W), k)
		}
		if known != nil && !known(w.Feature) {
			return nil, nil, fmt.Errorf("textclass: feature %q is not one the feature set %q extracts", w.Feature, featureSet)
		}
		if _, dup := m.index[w.Feature]; dup {
			return nil, nil, fmt.Errorf("textclass: feature %q twice", w.Feature)
		}
		m.index[w.Feature] = len(m.names)
		m.names = append(m.names, w.Feature)
		m.weights = append(m.weights, w.W)
	}
	if !slices.IsSorted(m.names) {
		return nil, nil, fmt.Errorf("textclass: model file: features not sorted")
	}
	return m, &f, nil
}
