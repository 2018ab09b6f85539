// Command trainsignals trains company-intel's signal type model and writes
// it to the signals package (`make train`): a logistic regression over the
// features signals.Features extracts, fitted to signals.TrainingData with
// textclass.DefaultOptions, cross-validated, with its temperature
// calibrated on the out-of-fold predictions. Training is deterministic:
// the same data gives the same file, byte for byte (the signals package's
// TestModelReproducible checks the committed file).
//
// Usage:
//
//	trainsignals [-dir services/company-intel/internal/signals] [-check]
//
// -check writes nothing and exits 1 when the committed model differs from
// what training gives.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
	"github.com/intel402/intel402/services/company-intel/internal/textclass"
)

func main() {
	dir := flag.String("dir", "services/company-intel/internal/signals", "the signals package's directory")
	check := flag.Bool("check", false, "compare with the committed model instead of writing it")
	flag.Parse()
	b, rec, err := signals.TrainModel(*dir, textclass.DefaultOptions)
	if err != nil {
		fmt.Fprintln(os.Stderr, "trainsignals:", err)
		os.Exit(1)
	}
	path := filepath.Join(*dir, signals.ModelFile)
	report(rec)
	if *check {
		old, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(old, b) {
			fmt.Fprintf(os.Stderr, "trainsignals: %s differs from what training gives (run make train)\n", path)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "%s reproduced byte for byte\n", path)
		return
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "trainsignals:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "wrote %s (%d bytes, %d features)\n", path, len(b), rec.Features)
}

func report(rec *signals.TrainingRecord) {
	for _, m := range []struct {
		name string
		m    signals.Metrics
	}{{"all training items", rec.CV}, {"corpus development part", rec.CVCorpus}, {"corpus development part, headlines alone", rec.CVCorpusHeadlines}} {
		fmt.Fprintf(os.Stderr, "%d-fold CV, %s: %d/%d = %.1f%%\n", rec.Folds, m.name, m.m.Correct, m.m.Items, 100*m.m.Accuracy)
		for _, l := range slices.Sorted(maps.Keys(m.m.Recall)) {
			fmt.Fprintf(os.Stderr, "  %-12s recall %.1f%%\n", l, 100*m.m.Recall[l])
		}
	}
	fmt.Fprintf(os.Stderr, "traps promoted to the type they imitate (corpus, out of fold): %d of %d\n", rec.CVCorpusTraps.Promoted, rec.CVCorpusTraps.Items)
	fmt.Fprintln(os.Stderr, "reliability (corpus development part, out of fold, typed predictions):")
	for _, b := range rec.Reliability {
		if b.Items > 0 {
			fmt.Fprintf(os.Stderr, "  %.1f-%.1f  %3d items  %3d right  %.1f%%\n", b.From, min(b.To, 1), b.Items, b.Right, 100*float64(b.Right)/float64(b.Items))
		}
	}
}
