package signals

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// The outside corpus (testdata/corpus/README.md): items written by authors
// who never saw this package, in six styles, split once by content into a
// development part and a held-out part before any change to the detector.
const (
	corpusDev     = "testdata/corpus/dev.jsonl"
	corpusHeldOut = "testdata/corpus/heldout.jsonl"
)

// corpusStyles are the corpus's writing styles.
var corpusStyles = []string{"wire", "trade", "regional", "blog", "filing", "social"}

// corpusItem is a corpus line: a labelled item with its style, the label a
// trap imitates and the shared event it reports.
type corpusItem struct {
	labelled
	Company string `json:"company"`
	Style   string `json:"style"`
	Trap    string `json:"trap"`
	Event   string `json:"event"`
}

// heldOut is the split rule: an item of a shared event goes with its event
// (so the held-out part keeps whole same-event groups), any other item by
// its headline; a quarter of the keys' SHA-256 digests start below 64.
func (c corpusItem) heldOut() bool {
	key := "item:" + c.Headline
	if c.Event != "" {
		key = "event:" + c.Event
	}
	return sha256.Sum256([]byte(key))[0] < 64
}

// TestCorpusSplit checks the corpus's shape and that every item lies in
// the part the split rule assigns it, so that nothing can be moved between
// the parts. It reads the held-out part's labels, never scores it.
func TestCorpusSplit(t *testing.T) {
	labels := map[string]bool{"none": true}
	for _, ty := range Types {
		labels[string(ty)] = true
	}
	seen := map[string]bool{}
	count := map[bool]map[string]int{false: {}, true: {}}
	styles := map[string]int{}
	events := map[string]int{}
	total := 0
	for _, part := range []struct {
		name    string
		heldOut bool
	}{{corpusDev, false}, {corpusHeldOut, true}} {
		for _, c := range loadCorpus(t, part.name) {
			total++
			if !labels[c.Label] || (c.Trap != "" && !labels[c.Trap]) || c.Headline == "" || c.Company == "" {
				t.Errorf("%s: %q: label %q, trap %q, company %q", part.name, c.Headline, c.Label, c.Trap, c.Company)
			}
			if !slices.Contains(corpusStyles, c.Style) {
				t.Errorf("%s: %q: style %q", part.name, c.Headline, c.Style)
			}
			if c.heldOut() != part.heldOut {
				t.Errorf("%s: %q belongs to the other part", part.name, c.Headline)
			}
			if seen[c.Headline] {
				t.Errorf("%s: %q twice", part.name, c.Headline)
			}
			seen[c.Headline] = true
			count[part.heldOut][c.Label]++
			styles[c.Style]++
			if c.Event != "" {
				events[c.Event]++
			}
		}
	}
	if total < 1000 {
		t.Errorf("%d items, want >= 1000", total)
	}
	for _, s := range corpusStyles {
		if styles[s] < 100 {
			t.Errorf("style %s: %d items", s, styles[s])
		}
	}
	for l := range labels {
		if count[false][l] < 40 || count[true][l] < 10 {
			t.Errorf("label %s: %d development, %d held-out items", l, count[false][l], count[true][l])
		}
	}
	for e, n := range events {
		if n < 2 {
			t.Errorf("shared event %s reported %d times, want one item per style", e, n)
		}
	}
}

// loadCorpus reads a corpus part.
func loadCorpus(t *testing.T, name string) []corpusItem {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusItem
	for n, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var c corpusItem
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%s line %d: %v", name, n+1, err)
		}
		out = append(out, c)
	}
	return out
}

// TestCorpusDevelopment scores the detector on the development part. Its
// floors are the figures the lexicon scored there before any change for
// this corpus (testdata/corpus/README.md), so a change that makes it worse
// fails; they rise as the detector improves.
func TestCorpusDevelopment(t *testing.T) {
	evaluateWith(t, corpusDev, 0, corpusDevFloorAccuracy, corpusDevFloorRecall)
}

// Floors of TestCorpusDevelopment: the development part's figures, rounded
// down (before any change for this corpus: 68.1% accuracy; after the
// not-yet guard: 71.4%).
const (
	corpusDevFloorAccuracy = 0.71 // measured 71.4% (551/772)
	corpusDevFloorRecall   = 0.35 // the lowest recall: other, 35.8%
	corpusDevFloorMerged   = 0.64 // measured 27.8% (68 of 245 pairs) before, 64.1% (157) with SameDayWindow
)

// TestCorpusDevelopmentMerge: the development part's shared events, each
// reported in up to six styles on one day, are detected together for
// their company; a pair of reports is merged when one signal cites both.
// The floor is the share of pairs merged (testdata/corpus/README.md);
// CORPUS_DEBUG=1 logs each event's signals.
func TestCorpusDevelopmentMerge(t *testing.T) {
	now := time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)
	groups := map[string][]corpusItem{}
	for _, c := range loadCorpus(t, corpusDev) {
		if c.Event != "" && c.Label != "none" {
			groups[c.Event] = append(groups[c.Event], c)
		}
	}
	pairs, merged := 0, 0
	for _, id := range slices.Sorted(maps.Keys(groups)) {
		g := groups[id]
		co := bundle.Company{Name: g[0].Company}
		var items []bundle.Item
		for i, c := range g {
			kind := bundle.KindNews
			if c.Style == "wire" || c.Style == "blog" {
				kind = bundle.KindPress
			}
			items = append(items, bundle.Item{Kind: kind, Provider: "gdelt", Doc: source.NewDocument(source.Document{
				URL: fmt.Sprintf("https://%s.example/%s-%d", c.Style, strings.ToLower(id), i), Title: c.Headline, Excerpt: c.Lead,
				Publisher: c.Style + ".example", Published: now.Add(-48*time.Hour + time.Duration(i)*time.Hour), RetrievedAt: now})})
		}
		r := Detect(Input{Company: co, Window: bundle.Query{Company: co, From: now.AddDate(0, 0, -30), To: now}, Items: items, Now: now})
		signalOf := map[string]int{}
		for si, s := range r.Signals {
			for _, u := range s.Evidence {
				signalOf[u] = si + 1
			}
		}
		groupMerged := 0
		for i := range items {
			for j := i + 1; j < len(items); j++ {
				pairs++
				if a, b := signalOf[items[i].Doc.URL], signalOf[items[j].Doc.URL]; a != 0 && a == b {
					merged++
					groupMerged++
				}
			}
		}
		t.Logf("%s %-12s %-28q %d reports, %d signals, %d of %d pairs merged", id, g[0].Label, co.Name, len(g), len(r.Signals),
			groupMerged, len(items)*(len(items)-1)/2)
		if os.Getenv("CORPUS_DEBUG") != "" {
			for _, s := range r.Signals {
				t.Logf("    %-12s %d ev  %q", s.Type, len(s.Evidence), s.Headline)
			}
		}
	}
	share := float64(merged) / float64(pairs)
	t.Logf("same-event pairs merged: %d of %d (%.1f%%)", merged, pairs, 100*share)
	if share < corpusDevFloorMerged {
		t.Errorf("merged %.1f%% of same-event pairs, want >= %.0f%%", 100*share, 100*corpusDevFloorMerged)
	}
}
