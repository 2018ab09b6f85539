package service

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/services/company-intel/internal/config"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/report"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// qualityNow is the fixed clock of the quality tests: the world, the
// research windows and the documents all read it, so the golden files do
// not move with the calendar or the time of day.
var qualityNow = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// goldenSeller is the seller every quality document is written for: a
// warehouse-safety product, so the fixture companies differ in fit.
var goldenSeller = &qualify.Seller{
	Product:              "Warehouse safety monitoring: computer-vision alerts for forklift near-misses and pedestrian zones",
	ValueProposition:     "Cut recordable incidents and insurance costs where people work next to forklifts and mobile robots",
	IdealCustomerProfile: "Mid-market and enterprise B2B logistics, warehouse automation, robotics and manufacturing companies in North America with 200-10000 employees",
}

// goldenCompanies get golden files for all three operations.
var goldenCompanies = []string{"northwind-robotics.com", "woodgrove-payments.com", "fabrikam-medical.com"}

// qualityResearcher builds the service's own researcher over a fixture
// world at qualityNow.
func qualityResearcher(t *testing.T) (*research.Researcher, *sourcetest.World) {
	t.Helper()
	w := sourcetest.StartWorld(t, qualityNow, sourcetest.WorldOptions{})
	env := w.Env()
	env["REDIS_URL"] = ""
	env["X402_PAY_TO"] = "0x1111111111111111111111111111111111111111"
	env["X402_FACILITATOR_URL"] = "http://127.0.0.1:9" // never called: no payment here
	env["PROVIDER_SLOT_WAIT"] = "0"                    // as the harness sets it (slotWaitOff): answers, not bursts
	cfg, effective, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	rt, err := app.Start(context.Background(), Name, "test", cfg.Base, io.Discard, effective)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rt.Close(context.Background()) })
	r, err := newResearcher(rt, cfg, func() time.Time { return qualityNow })
	if err != nil {
		t.Fatal(err)
	}
	return r, w
}

// volatileGolden matches what legitimately differs between runs: the
// retrieval times and the fake servers' ports.
var (
	retrievedAt = regexp.MustCompile(`"retrievedAt": "[^"]*"`)
	loopback    = regexp.MustCompile(`(127\.0\.0\.1|localhost|[a-z0-9-]+\.(com|ie|org|io|net)):\d{2,5}`)
)

// sourceID matches a source id: a hash of the source's URL, which holds
// the fake server's port, so ids are renumbered in order of appearance.
var sourceID = regexp.MustCompile(`src_[0-9a-f]{10}`)

func normaliseGolden(b []byte) []byte {
	b = retrievedAt.ReplaceAll(b, []byte(`"retrievedAt": "(retrieval time)"`))
	b = loopback.ReplaceAll(b, []byte(`$1:PORT`))
	ids := map[string]string{}
	return sourceID.ReplaceAllFunc(b, func(id []byte) []byte {
		n, ok := ids[string(id)]
		if !ok {
			n = fmt.Sprintf("src_%d", len(ids)+1)
			ids[string(id)] = n
		}
		return []byte(n)
	})
}

func checkGolden(t *testing.T, name string, doc any) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	got := normaliseGolden(buf.Bytes())
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestBriefQuality -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		_ = os.WriteFile(filepath.Join(os.TempDir(), "golden-got-"+name), got, 0o644)
		t.Errorf("%s differs from the golden file; if the change is intended, review it and run with -update (got: %s)", name, filepath.Join(os.TempDir(), "golden-got-"+name))
	}
}

// sentences splits a document's prose into sentences: every string of
// the JSON except ids, URLs, dates and enum values, cut after . ? ! and
// before a new clause after ": " is not a sentence end.
func sentences(doc any) []string {
	raw, _ := json.Marshal(doc)
	var v any
	_ = json.Unmarshal(raw, &v)
	var out []string
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				walk(k, c)
			}
		case []any:
			for _, c := range x {
				walk(key, c)
			}
		case string:
			switch key {
			case "id", "url", "evidenceIds", "publishedDate", "retrievedAt", "generatedAt", "eventDate", "type", "basis", "fitLabel", "provider", "domain", "name", "title":
				return
			}
			for _, s := range sentenceEnd.Split(x, -1) {
				if s = strings.TrimSpace(s); len(s) > 0 {
					out = append(out, s)
				}
			}
		}
	}
	walk("", v)
	return out
}

var sentenceEnd = regexp.MustCompile(`[.?!](\s+|$)`)

// TestBriefQuality reads the briefs as a seller would: golden files for
// the three operations of three fixture companies, the share of
// sentences any other company's deep brief repeats verbatim (fewer than
// 20%), and the fit of a seller whose ICP describes the company against
// one whose ICP does not.
func TestBriefQuality(t *testing.T) {
	r, w := qualityResearcher(t)
	ctx := context.Background()
	deeps := map[string]report.DeepDoc{}
	for _, co := range w.Companies() {
		if co.Quiet || len(co.Events) == 0 {
			continue
		}
		in, err := resolve.ParseInput(co.Domain)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Research(ctx, in, 90)
		if err != nil {
			t.Fatalf("%s: %v", co.Domain, err)
		}
		d, err := report.Deep(out, goldenSeller, qualityNow)
		if err != nil {
			t.Fatalf("%s: deep: %v", co.Domain, err)
		}
		deeps[co.Domain] = d
	}
	if len(deeps) < 10 {
		t.Fatalf("only %d fixture companies have a deep brief, want at least 10", len(deeps))
	}

	t.Run("golden", func(t *testing.T) {
		for _, domain := range goldenCompanies {
			in, _ := resolve.ParseInput(domain)
			out, err := r.Research(ctx, in, 90)
			if err != nil {
				t.Fatal(err)
			}
			if !out.Reused {
				t.Errorf("%s: the evidence was gathered again", domain)
			}
			sig, err := report.Signals(out, qualityNow)
			if err != nil {
				t.Fatal(err)
			}
			b, err := report.Brief(out, goldenSeller, qualityNow)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, domain+".signals.json", sig)
			checkGolden(t, domain+".deal-brief.json", b)
			checkGolden(t, domain+".deal-brief-deep.json", deeps[domain])
		}
	})

	t.Run("anti-boilerplate", func(t *testing.T) {
		owner := map[string]map[string]bool{} // sentence → companies writing it
		per := map[string][]string{}
		for domain, d := range deeps {
			per[domain] = sentences(d)
			for _, s := range per[domain] {
				if owner[s] == nil {
					owner[s] = map[string]bool{}
				}
				owner[s][domain] = true
			}
		}
		total, shared := 0, 0
		counts := map[string]int{}
		for _, ss := range per {
			for _, s := range ss {
				total++
				if len(owner[s]) > 1 {
					shared++
					counts[s]++
				}
			}
		}
		share := float64(shared) / float64(total)
		t.Logf("%d sentences over %d companies, %d (%.1f%%) also in another company's brief", total, len(per), shared, 100*share)
		for s, n := range counts {
			t.Logf("shared ×%d: %s", n, s)
		}
		if share >= 0.20 {
			t.Errorf("%.1f%% of the sentences occur verbatim in another company's brief; want < 20%%", 100*share)
		}
	})

	t.Run("fit", func(t *testing.T) {
		in, _ := resolve.ParseInput("northwind-robotics.com")
		out, err := r.Research(ctx, in, 90)
		if err != nil {
			t.Fatal(err)
		}
		fits, err := report.Brief(out, goldenSeller, qualityNow)
		if err != nil {
			t.Fatal(err)
		}
		dental := &qualify.Seller{Product: "Online appointment booking and patient reminders for dental clinics",
			ValueProposition: "Fill empty chairs and cut no-shows", IdealCustomerProfile: "Small private dental practices in Germany and Austria with 1-20 employees"}
		misfit, err := report.Brief(out, dental, qualityNow)
		if err != nil {
			t.Fatal(err)
		}
		none, err := report.Brief(out, nil, qualityNow)
		if err != nil {
			t.Fatal(err)
		}
		f, m := fits.Qualification, misfit.Qualification
		t.Logf("describing ICP %d %s %v; other ICP %d %s %v; no seller %d", f.FitScore, f.FitLabel, f.ScoreComponents, m.FitScore, m.FitLabel, m.ScoreComponents, none.Qualification.FitScore)
		if !f.FitAssessed || !m.FitAssessed || f.FitScore < m.FitScore+30 {
			t.Errorf("fit %d (assessed %v) is not 30 points above %d (assessed %v)", f.FitScore, f.FitAssessed, m.FitScore, m.FitAssessed)
		}
		if none.Qualification.FitAssessed || none.RecommendedApproach.MessageAngle != nil {
			t.Errorf("without a seller: fitAssessed %v, messageAngle %v", none.Qualification.FitAssessed, none.RecommendedApproach.MessageAngle)
		}
		if len(none.Qualification.Reasons) == 0 || !strings.HasPrefix(none.Qualification.Reasons[0], "Fit was not assessed") {
			t.Errorf("without a seller the first reason is %q", none.Qualification.Reasons)
		}
	})
}
