package textclass

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// toy is a three-class problem: a class's cue word decides it, noise words
// are shared, and one cue ("both") points two ways.
func toy() ([]Example, []string) {
	classes := []string{"buy", "sell", "none"}
	var ex []Example
	for i := range 90 {
		c := i % 3
		f := []string{fmt.Sprintf("noise%d", i%7), "common"}
		switch c {
		case 0:
			f = append(f, "acquires")
		case 1:
			f = append(f, "divests")
		}
		if i%10 == 0 {
			f = append(f, "both")
		}
		ex = append(ex, Example{Features: f, Class: c, Group: i})
	}
	return ex, classes
}

func TestTrainLearnsCues(t *testing.T) {
	ex, classes := toy()
	m, err := Train(ex, classes, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		features []string
		want     string
	}{
		{[]string{"acquires", "common"}, "buy"},
		{[]string{"divests", "noise3"}, "sell"},
		{[]string{"common", "noise1"}, "none"},
		{[]string{"acquires", "never-seen"}, "buy"},
	} {
		c, p := m.Predict(tc.features)
		if classes[c] != tc.want || p < 0.5 {
			t.Errorf("Predict(%v) = %s %.2f, want %s", tc.features, classes[c], p, tc.want)
		}
	}
	if got := len(m.Probabilities([]string{"x"})); got != 3 {
		t.Errorf("%d probabilities", got)
	}
}

func TestTrainDeterministicAndRoundTrips(t *testing.T) {
	ex, classes := toy()
	a, _ := Train(ex, classes, DefaultOptions)
	b, _ := Train(ex, classes, DefaultOptions)
	fa, err := a.Marshal("toy/1", map[string]int{"items": len(ex)})
	if err != nil {
		t.Fatal(err)
	}
	fb, _ := b.Marshal("toy/1", map[string]int{"items": len(ex)})
	if !bytes.Equal(fa, fb) {
		t.Fatal("two trainings on the same data wrote different files")
	}
	m, f, err := Parse(fa, "toy/1", func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(strings.Fields(string(f.Training)), "") != `{"items":90}` {
		t.Errorf("training record %s", f.Training)
	}
	again, _ := m.Marshal("toy/1", map[string]int{"items": len(ex)})
	if !bytes.Equal(fa, again) {
		t.Error("a parsed model writes a different file")
	}
	for _, e := range ex {
		ca, _ := a.Predict(e.Features)
		cm, _ := m.Predict(e.Features)
		if ca != cm {
			t.Errorf("%v: %d before writing, %d after", e.Features, ca, cm)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	ex, classes := toy()
	m, _ := Train(ex, classes, DefaultOptions)
	good, _ := m.Marshal("toy/1", nil)
	for _, tc := range []struct {
		name, file, set, want string
		known                 func(string) bool
	}{
		{"other feature set", string(good), "toy/2", `feature set "toy/1"`, nil},
		{"unknown feature", string(good), "toy/1", `"acquires" is not one`, func(f string) bool { return f != "acquires" }},
		{"format", strings.Replace(string(good), Format, "other/1", 1), "toy/1", "format", nil},
		{"weights of another shape", strings.Replace(string(good), `"w":[`, `"w":[1,`, 1), "toy/1", "weights, want 3", nil},
		{"not JSON", "{", "toy/1", "model file", nil},
		{"no temperature", strings.Replace(string(good), `"temperature": 1`, `"temperature": 0`, 1), "toy/1", "temperature 0", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse([]byte(tc.file), tc.set, tc.known)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

func TestCrossValidateIsOutOfFold(t *testing.T) {
	// A feature unique to one example cannot be learnt out of its fold:
	// the examples carry only such features, so no fold can do better
	// than the prior.
	var ex []Example
	for i := range 40 {
		ex = append(ex, Example{Features: []string{fmt.Sprintf("id%d", i), fmt.Sprintf("id%d", i)}, Class: i % 2, Group: i})
	}
	o := DefaultOptions
	o.MinCount = 1
	preds, err := CrossValidate(ex, []string{"a", "b"}, o, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range preds {
		if p.Class != ex[i].Class || p.Probabilities[0] < 0.3 || p.Probabilities[0] > 0.7 {
			t.Errorf("example %d: %+v (it saw its own feature)", i, p)
		}
	}
	if _, err := CrossValidate(ex, []string{"a", "b"}, o, 1); err == nil {
		t.Error("one fold accepted")
	}
}

func TestCalibrateSoftensOverconfidence(t *testing.T) {
	// Scores of 4 for the predicted class, right only 60% of the time:
	// the best temperature spreads the probability.
	var preds []Prediction
	for i := range 100 {
		c := 0
		if i%5 >= 3 {
			c = 1
		}
		preds = append(preds, Prediction{Class: c, Predicted: 0, scores: []float64{4, 0}})
	}
	temp := Calibrate(preds)
	if temp < 2 {
		t.Errorf("temperature %.2f, want > 2", temp)
	}
	if p := preds[0].Probabilities[0]; p < 0.5 || p > 0.75 {
		t.Errorf("calibrated probability %.2f, want near 0.6", p)
	}
}
