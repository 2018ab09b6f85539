package qualify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-4 }

func TestStem(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"plural", "robots", "robot"},
		{"plural -es with final e", "warehouses", "warehous"},
		{"singular with final e", "warehouse", "warehous"},
		{"-ing undoubles", "shipping", "ship"},
		{"-ing", "booking", "book"},
		{"-ed", "automated", "automat"},
		{"-ation", "automation", "automat"},
		{"-ies", "companies", "company"},
		{"-ly", "quickly", "quick"},
		{"-er", "provider", "provid"},
		{"keeps -ss", "business", "business"},
		{"keeps -us", "campus", "campus"},
		{"short word kept", "saas", "saas"},
		{"too short to strip", "bed", "bed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := stem(tc.in); got != tc.want {
				t.Errorf("stem(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestTokenize(t *testing.T) {
	got := stems("The Robots are picking 40 orders in the Warehouses!")
	want := []string{"robot", "pick", "ord", "warehous"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("stems = %v, want %v", got, want)
	}
}

// TestBM25 checks BM25 on a three-document corpus against values worked
// by hand: N = 3, avgdl = 2, idf(a) = idf(c) = ln(8/3), idf(b) = ln(1.6).
func TestBM25(t *testing.T) {
	docs := [][]string{{"a", "b"}, {"b", "c", "c"}, {"d"}}
	for _, tc := range []struct {
		name  string
		query []string
		want  []float64
	}{
		// doc 2: ln(8/3)·2·2.2/(2 + 1.2·(0.25 + 0.75·3/2)) = 0.980829·4.4/3.65
		{"rare term twice", []string{"c"}, []float64{0, 1.1823695, 0}},
		// doc 1: ln(1.6)·1 + ln(8/3)·1 (|d| = avgdl, so the tf factor is 1);
		// doc 2: ln(1.6)·2.2/2.65
		{"two terms", []string{"b", "a"}, []float64{1.4508329, 0.3901917, 0}},
		{"repeated query term counts once", []string{"a", "a"}, []float64{math.Log(8.0 / 3), 0, 0}},
		{"absent term", []string{"z"}, []float64{0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := bm25(tc.query, docs, BM25K1, BM25B)
			for i := range got {
				if !near(got[i], tc.want[i]) {
					t.Errorf("doc %d: got %.7f, want %.7f", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestLabel(t *testing.T) {
	for _, tc := range []struct {
		score int
		want  string
	}{
		{0, "poor"}, {19, "poor"}, {20, "weak"}, {39, "weak"}, {40, "possible"}, {59, "possible"},
		{60, "good"}, {79, "good"}, {80, "excellent"}, {100, "excellent"},
	} {
		t.Run(fmt.Sprintf("%d_%s", tc.score, tc.want), func(t *testing.T) {
			if got := Label(tc.score); got != tc.want {
				t.Errorf("Label(%d) = %q, want %q", tc.score, got, tc.want)
			}
		})
	}
}

func TestIndustryFit(t *testing.T) {
	for _, tc := range []struct {
		name      string
		profile   bundle.Profile
		icp       string
		product   string
		want      float64
		known     bool
		inMessage string
	}{
		{"industry fact fully named", bundle.Profile{Industry: fact("warehouse robotics", wdURL)}, "US robotics and warehouse automation firms", "", 1, true, "'warehouse robotics'"},
		{"half the industry named", bundle.Profile{Industry: fact("warehouse robotics", wdURL)}, "robotics firms", "", 0.5, true, "'robotics'"},
		{"product terms count", bundle.Profile{Industry: fact("warehouse robotics", wdURL)}, "", "safety for warehouses", 0.5, true, "'warehouses'"},
		{"description only: 2 of 4 hits", bundle.Profile{Description: fact("Makes mobile robots for warehouses", wdURL)}, "mobile warehouse operators", "", 0.4, true, "description"},
		{"no match", bundle.Profile{Industry: fact("warehouse robotics", wdURL)}, "dental clinics", "", 0, true, "does not match"},
		{"no facts", bundle.Profile{}, "robotics firms", "", 0, false, "Excluded"},
		{"no seller terms", bundle.Profile{Industry: fact("warehouse robotics", wdURL)}, "mid-market companies in the US", "", 0, false, "Excluded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Company: bundle.Company{Name: "Northwind"}, Profile: tc.profile, Seller: &Seller{Product: tc.product, IdealCustomerProfile: tc.icp}}
			c := industryFit(in, parseICP(tc.icp))
			if c.known != tc.known || !near(c.Score, tc.want) || !strings.Contains(c.Reason, tc.inMessage) {
				t.Errorf("got known=%v score=%v reason=%q", c.known, c.Score, c.Reason)
			}
		})
	}
}

func TestSizeFit(t *testing.T) {
	for _, tc := range []struct {
		name, employees, icp string
		want                 float64
		known                bool
	}{
		{"explicit range contains", "201-500", "200-2000 employees", 1, true},
		{"mid-market word", "201-500", "mid-market manufacturers", 1, true},
		{"enterprise vs 201-500: far", "201-500", "enterprise", 0, true},
		// midpoint √(201·500) = 317.0; log10(317.0/199) = 0.2022 → 1 − 0.4044
		{"small vs 201-500: partial", "201-500", "small businesses", 0.5955, true},
		{"plus band", "10,001+", "1000+ employees", 1, true},
		{"startup", "11-50", "seed-stage startups", 1, true},
		{"over N", "51-200", "over 500 employees", 0, true},
		{"no size in ICP", "201-500", "robotics companies", 0, false},
		{"no employee fact", "", "mid-market", 0, false},
		{"unparsable fact", "a few", "mid-market", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Company: bundle.Company{Name: "Northwind"}}
			if tc.employees != "" {
				in.Profile.EmployeeRange = fact(tc.employees, wdURL)
			}
			c := sizeFit(in, parseICP(tc.icp))
			if c.known != tc.known || !near(c.Score, tc.want) {
				t.Errorf("got known=%v score=%v reason=%q", c.known, c.Score, c.Reason)
			}
			if !tc.known && !strings.HasPrefix(c.Reason, "Excluded:") {
				t.Errorf("excluded component reason = %q", c.Reason)
			}
		})
	}
}

func TestGeographyFit(t *testing.T) {
	for _, tc := range []struct {
		name, hq, icp string
		want          float64
		known         bool
	}{
		{"US in capitals", "Pittsburgh, PA", "firms in the US", 1, true},
		{"state name", "Pittsburgh, Pennsylvania, United States", "Pennsylvania manufacturers", 1, true},
		{"North America", "Toronto, Canada", "North American distributors", 1, true},
		{"DACH", "Vienna, Austria", "DACH retailers", 1, true},
		{"EMEA contains Israel", "Tel Aviv, Israel", "EMEA", 1, true},
		{"Europe vs US", "Pittsburgh, PA", "European practices", 0, true},
		{"lower-case us is a pronoun", "Pittsburgh, PA", "help us find robotics firms", 0, false},
		{"no HQ", "", "US firms", 0, false},
		{"unknown place", "Atlantis", "US firms", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Company: bundle.Company{Name: "Northwind"}}
			if tc.hq != "" {
				in.Profile.Headquarters = fact(tc.hq, wdURL)
			}
			c := geographyFit(in, parseICP(tc.icp))
			if c.known != tc.known || !near(c.Score, tc.want) {
				t.Errorf("got known=%v score=%v reason=%q", c.known, c.Score, c.Reason)
			}
		})
	}
}

func TestModelFit(t *testing.T) {
	for _, tc := range []struct {
		name, model, text, icp string
		want                   float64
		known                  bool
	}{
		{"B2B fact and ICP", "B2B", "", "B2B logistics firms", 1, true},
		{"B2B from own text", "", "We sell to retailers and 3PLs.", "B2B firms", 1, true},
		{"B2B vs B2C", "", "We sell to retailers.", "B2C brands", 0, true},
		{"SaaS", "SaaS", "", "SaaS companies", 1, true},
		{"ICP names no model", "B2B", "", "robotics firms", 0, false},
		{"company states no model", "", "We build robots.", "B2B firms", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Company: bundle.Company{Name: "Northwind"}}
			if tc.model != "" {
				in.Profile.BusinessModel = fact(tc.model, wdURL)
			}
			if tc.text != "" {
				in.Items = []bundle.Item{{Kind: bundle.KindPage, Doc: source.Document{URL: aboutURL, Excerpt: tc.text}}}
			}
			c := modelFit(in, parseICP(tc.icp), ownDocs(in))
			if c.known != tc.known || !near(c.Score, tc.want) {
				t.Errorf("got known=%v score=%v reason=%q", c.known, c.Score, c.Reason)
			}
		})
	}
}

func TestTextFit(t *testing.T) {
	page := func(text string) []bundle.Item {
		return []bundle.Item{{Kind: bundle.KindPage, Doc: source.Document{URL: homeURL, Excerpt: text}}}
	}
	for _, tc := range []struct {
		name   string
		items  []bundle.Item
		seller Seller
		min    float64
		max    float64
		known  bool
	}{
		{"strong overlap", page("Forklift safety alerts and pedestrian zones for warehouses."), Seller{Product: "forklift safety alerts for warehouses"}, 0.4, 0.9, true},
		{"no overlap", page("Dental appointment booking."), Seller{Product: "forklift safety alerts"}, 0, 0, true},
		{"generic words weigh little", page("The company announced new customers."), Seller{Product: "announced growth"}, 0.01, 0.3, true},
		{"no company documents", nil, Seller{Product: "forklift safety"}, 0, 0, false},
		{"no seller terms", page("Forklift safety."), Seller{Product: "software for companies"}, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Company: bundle.Company{Name: "Northwind"}, Items: tc.items, Seller: &tc.seller}
			c := textFit(in, parseICP(tc.seller.IdealCustomerProfile), ownDocs(in))
			if c.known != tc.known || c.Score < tc.min || c.Score > tc.max {
				t.Errorf("got known=%v score=%v reason=%q", c.known, c.Score, c.Reason)
			}
		})
	}
}

// TestTextFitNormalisation checks relevance = s/(s+6) on a known score.
func TestTextFitNormalisation(t *testing.T) {
	in := northwind()
	in.Seller = safetySeller
	c := textFit(in, parseICP(safetySeller.IdealCustomerProfile), ownDocs(in))
	docs := ownDocs(in)
	corpus := [][]string{}
	for _, d := range docs {
		corpus = append(corpus, stems(d.Text))
	}
	for _, b := range background {
		corpus = append(corpus, stems(b))
	}
	q := topicTerms(safetySeller.Product, safetySeller.ValueProposition, parseICP(safetySeller.IdealCustomerProfile).Positive)
	best := 0.0
	for _, s := range bm25(q.order, corpus, BM25K1, BM25B)[:len(docs)] {
		best = math.Max(best, s)
	}
	if want := round(best/(best+BM25Half), 4); c.Score != want || c.Score <= 0 {
		t.Errorf("score %v, want %v (best %v)", c.Score, want, best)
	}
}

func TestTimingFit(t *testing.T) {
	sig := func(typ signals.Type, d string, conf float64) signals.Signal {
		return signals.Signal{Type: typ, EventDate: date(d), Confidence: conf, Evidence: []string{pressURL}}
	}
	for _, tc := range []struct {
		name  string
		sigs  []signals.Signal
		now   time.Time
		want  float64
		known bool
	}{
		{"one funding 0.9", []signals.Signal{sig(signals.TypeFunding, "2026-11-01", 0.9)}, testNow, 1 - math.Exp(-0.9), true},
		{"funding + hiring", []signals.Signal{sig(signals.TypeFunding, "2026-11-01", 0.9), sig(signals.TypeHiring, "2026-11-20", 0.8)}, testNow, 1 - math.Exp(-(0.9 + 0.56)), true},
		{"older than 90 days", []signals.Signal{sig(signals.TypeFunding, "2026-08-01", 0.9)}, testNow, 0, true},
		{"undated skipped", []signals.Signal{{Type: signals.TypeFunding, Confidence: 0.9}}, testNow, 0, true},
		{"no signals", nil, testNow, 0, true},
		{"no clock", []signals.Signal{sig(signals.TypeFunding, "2026-11-01", 0.9)}, time.Time{}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := timingFit(Input{Signals: tc.sigs, Now: tc.now})
			if c.known != tc.known || !near(c.Score, tc.want) {
				t.Errorf("got known=%v score=%v reason=%q", c.known, c.Score, c.Reason)
			}
		})
	}
}

func TestRenormalisation(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        Input
		weights   map[string]float64
		wantScore int
	}{
		{
			// Only industry (0.25, score 1) and timing (0.10, score 0) are
			// known: weights become 0.25/0.35 and 0.10/0.35.
			name: "industry and timing only",
			in: Input{Company: bundle.Company{Name: "Northwind"}, Profile: bundle.Profile{Industry: fact("warehouse robotics", wdURL)},
				Seller: &Seller{IdealCustomerProfile: "warehouse robotics"}, Now: testNow},
			weights:   map[string]float64{CompIndustry: 0.7143, CompTiming: 0.2857, CompSize: 0, CompGeography: 0, CompModel: 0, CompText: 0},
			wantScore: 71,
		},
		{
			name: "size and geography only, no clock",
			in: Input{Company: bundle.Company{Name: "Northwind"}, Profile: bundle.Profile{EmployeeRange: fact("201-500", wdURL), Headquarters: fact("Pittsburgh, PA", wdURL)},
				Seller: &Seller{IdealCustomerProfile: "mid-market firms in Europe"}},
			weights:   map[string]float64{CompSize: 0.5, CompGeography: 0.5, CompIndustry: 0, CompTiming: 0, CompModel: 0, CompText: 0},
			wantScore: 50,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Qualify(tc.in)
			if !r.FitAssessed || r.FitScore != tc.wantScore {
				t.Fatalf("assessed=%v score=%d, want %d: %+v", r.FitAssessed, r.FitScore, tc.wantScore, r.Components)
			}
			for _, c := range r.Components {
				if c.Weight != tc.weights[c.Name] {
					t.Errorf("%s weight %v, want %v", c.Name, c.Weight, tc.weights[c.Name])
				}
				if c.Weight == 0 {
					if !strings.HasPrefix(c.Reason, "Excluded:") {
						t.Errorf("%s: excluded without saying so: %q", c.Name, c.Reason)
					}
					if _, ok := r.ScoreComponents[c.Name]; ok {
						t.Errorf("%s: excluded component in scoreComponents", c.Name)
					}
				}
			}
		})
	}
}

func TestDisqualifiers(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mutate   func(*Input)
		seller   Seller
		contains string // "" means no disqualifier
	}{
		{"not agencies", func(in *Input) { in.Profile.BusinessModel = fact("digital agency", wdURL) },
			Seller{IdealCustomerProfile: "US robotics firms, not agencies"}, "excludes agency"},
		{"exclude B2C", func(in *Input) { in.Profile.BusinessModel = fact("B2C", wdURL) },
			Seller{IdealCustomerProfile: "US robotics firms; exclude B2C"}, "excludes B2C"},
		{"no companies under 50 employees", func(in *Input) { in.Profile.EmployeeRange = fact("11-50", wdURL) },
			Seller{IdealCustomerProfile: "US robotics firms; no companies under 50 employees"}, "under 50 employees"},
		{"under 50 does not hit 201-500", nil,
			Seller{IdealCustomerProfile: "US robotics firms; no companies under 50 employees"}, ""},
		{"outside EMEA excludes EMEA", func(in *Input) { in.Profile.Headquarters = fact("Berlin, Germany", wdURL) },
			Seller{IdealCustomerProfile: "robotics firms outside EMEA"}, "companies in emea"},
		{"no companies outside EMEA", nil,
			Seller{IdealCustomerProfile: "robotics firms; no companies outside EMEA"}, "outside 'emea'"},
		{"excluded place", nil, Seller{IdealCustomerProfile: "robotics firms, but not in the US"}, "companies in US"},
		{"repeated exclusion reported once", nil, Seller{IdealCustomerProfile: "robotics firms; not in the US; no US companies"}, "companies in US"},
		{"excluded industry", nil, Seller{IdealCustomerProfile: "automation companies but not robotics"}, "excludes 'robotics'"},
		{"competitor", nil, Seller{Product: "Autonomous mobile robots for warehouse picking and replenishment"}, "Likely competitor"},
		{"not a competitor", nil, *safetySeller, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := northwind()
			if tc.mutate != nil {
				tc.mutate(&in)
			}
			s := tc.seller
			in.Seller = &s
			r := Qualify(in)
			if tc.contains == "" {
				if len(r.Disqualifiers) != 0 {
					t.Fatalf("unexpected disqualifiers %q", r.Disqualifiers)
				}
				return
			}
			if len(r.Disqualifiers) == 0 || !strings.Contains(strings.Join(r.Disqualifiers, "|"), tc.contains) {
				t.Fatalf("disqualifiers %q, want one containing %q", r.Disqualifiers, tc.contains)
			}
			for _, d := range r.Disqualifiers {
				if len(r.Evidence[d]) == 0 {
					t.Errorf("disqualifier %q has no evidence", d)
				}
			}
			seen := map[string]bool{}
			for _, d := range r.Disqualifiers {
				if seen[d] {
					t.Errorf("duplicate disqualifier %q", d)
				}
				seen[d] = true
			}
			if r.FitScore > DisqualifiedCap {
				t.Errorf("fitScore %d above cap", r.FitScore)
			}
		})
	}
}

func TestDisqualifierCap(t *testing.T) {
	for _, tc := range []struct {
		name   string
		seller Seller
		want   int
	}{
		{"uncapped", *safetySeller, 91},
		{"capped at 39", Seller{Product: safetySeller.Product, ValueProposition: safetySeller.ValueProposition,
			IdealCustomerProfile: safetySeller.IdealCustomerProfile + " No companies under 600 employees."}, 39},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := northwind()
			s := tc.seller
			in.Seller = &s
			r := Qualify(in)
			if r.FitScore != tc.want || r.FitLabel != Label(tc.want) {
				t.Fatalf("score %d %s, want %d; disqualifiers %q", r.FitScore, r.FitLabel, tc.want, r.Disqualifiers)
			}
			var sum float64
			for _, v := range r.ScoreComponents {
				sum += v
			}
			if math.Abs(sum-91) > 0.5 {
				t.Errorf("scoreComponents sum %v, want ≈91 (uncapped)", sum)
			}
		})
	}
}

func TestNoSeller(t *testing.T) {
	for _, tc := range []struct {
		name   string
		seller *Seller
	}{
		{"nil seller", nil},
		{"empty seller", &Seller{}},
		{"blank seller", &Seller{Product: "  ", IdealCustomerProfile: "\n"}},
		{"seller with nothing comparable", &Seller{IdealCustomerProfile: "not in the US"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := northwind()
			in.Seller = tc.seller
			r := Qualify(in)
			if r.FitAssessed {
				t.Fatal("fitAssessed true without a seller")
			}
			// timing 1 − e^−(0.9 + 0.56) = 0.7678 · 0.6 + completeness 5/7 · 0.4
			want := int(math.Round(100 * (0.6*(1-math.Exp(-1.46)) + 0.4*5.0/7)))
			if r.FitScore != want || r.FitLabel != Label(want) {
				t.Errorf("score %d %s, want %d", r.FitScore, r.FitLabel, want)
			}
			if len(r.Reasons) == 0 || !strings.HasPrefix(r.Reasons[0], "Fit was not assessed") {
				t.Errorf("reasons %q", r.Reasons)
			}
			if len(r.ScoreComponents) != 2 || r.ScoreComponents[CompTiming] != 46.1 || r.ScoreComponents[CompCompleteness] != 28.6 {
				t.Errorf("scoreComponents %v", r.ScoreComponents)
			}
		})
	}
}

func TestTwoSellers(t *testing.T) {
	run := func(s *Seller) Result {
		in := northwind()
		in.Seller = s
		return Qualify(in)
	}
	safety, dental := run(safetySeller), run(dentalSeller)
	t.Logf("safety %d %s %v", safety.FitScore, safety.FitLabel, safety.ScoreComponents)
	t.Logf("dental %d %s %v", dental.FitScore, dental.FitLabel, dental.ScoreComponents)
	if !safety.FitAssessed || !dental.FitAssessed {
		t.Fatal("both sellers should be assessed")
	}
	if safety.FitScore < dental.FitScore+30 {
		t.Fatalf("safety %d not ≥ 30 above dental %d", safety.FitScore, dental.FitScore)
	}
	for _, tc := range []struct {
		name   string
		r      Result
		reason string
	}{
		{"safety industry reason", safety, "Wikidata lists Northwind Robotics as 'warehouse robotics'; the seller names 'warehouse' and 'robotics'"},
		{"safety size reason", safety, "201-500 employees; the ICP targets '200-2000 employees'"},
		{"safety geography reason", safety, "headquarters as Pittsburgh, PA; the ICP names 'US'"},
		{"safety model reason", safety, "describes it as 'B2B'"},
		{"safety text reason", safety, "'forklift'"},
		{"dental size reason", dental, "the ICP targets 'small'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found := false
			for _, r := range tc.r.Reasons {
				if strings.Contains(r, tc.reason) {
					found = true
					if len(tc.r.Evidence[r]) == 0 {
						t.Errorf("reason %q has no evidence", r)
					}
				}
			}
			if !found {
				t.Errorf("no reason containing %q in %q", tc.reason, tc.r.Reasons)
			}
		})
	}
	for _, tc := range []struct{ name, comp string }{{"industry", CompIndustry}, {"geography", CompGeography}, {"businessModel", CompModel}} {
		t.Run("dental "+tc.name+" scores 0", func(t *testing.T) {
			if dental.ScoreComponents[tc.comp] != 0 || safety.ScoreComponents[tc.comp] == 0 {
				t.Errorf("%s: safety %v dental %v", tc.comp, safety.ScoreComponents[tc.comp], dental.ScoreComponents[tc.comp])
			}
		})
	}
}

func TestDeterminism(t *testing.T) {
	for _, tc := range []struct {
		name   string
		seller *Seller
	}{{"safety", safetySeller}, {"dental", dentalSeller}, {"none", nil}} {
		t.Run(tc.name, func(t *testing.T) {
			var out [][]byte
			for range 3 {
				in := northwind()
				in.Seller = tc.seller
				b, err := json.Marshal(Qualify(in))
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, b)
			}
			if !bytes.Equal(out[0], out[1]) || !bytes.Equal(out[1], out[2]) {
				t.Fatalf("differs:\n%s\n%s", out[0], out[1])
			}
		})
	}
}
