package service_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestRealShapesReachTheAnswer pays for signals and briefs of the world's
// companies whose evidence takes the shapes real providers and real press
// releases have, and checks that the answer keeps what those shapes carry.
func TestRealShapesReachTheAnswer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	payer := briefPayer(t)

	sourceURL := func(d briefDoc, ids []string) []string {
		var out []string
		for _, id := range ids {
			for _, s := range d.Sources {
				if s.ID == id {
					out = append(out, s.URL)
				}
			}
		}
		return out
	}

	t.Run("a headline with the company in the possessive becomes a cited signal", func(t *testing.T) {
		res, raw := h.post(t, h.paid, pathSignals, `{"company":"larkspur-rota.com"}`)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, raw)
		}
		var d signalsDoc
		if err := json.Unmarshal(raw, &d); err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(d.Signals, func(s struct {
			Type              string   `json:"type"`
			Headline          string   `json:"headline"`
			EventDate         *string  `json:"eventDate"`
			CommercialMeaning string   `json:"commercialMeaning"`
			Confidence        float64  `json:"confidence"`
			EvidenceIDs       []string `json:"evidenceIds"`
		}) bool {
			return strings.Contains(s.Headline, "SwapShift")
		})
		if i < 0 {
			t.Fatalf("no signal from “Larkspur Rota’s SwapShift app launches …”: %s", raw)
		}
		s := d.Signals[i]
		if s.Type != "product" || s.EventDate == nil || len(s.EvidenceIDs) == 0 {
			t.Fatalf("possessive headline signal = %+v", s)
		}
		cited := map[string]bool{}
		for _, src := range d.Sources {
			if slices.Contains(s.EvidenceIDs, src.ID) {
				cited[src.URL] = strings.Contains(src.URL, "computerweekly.com") || strings.Contains(src.URL, "news.google.com")
			}
		}
		if len(cited) == 0 {
			t.Fatalf("the signal cites nothing listed in sources: %+v", s)
		}
		for u, ok := range cited {
			if !ok {
				t.Errorf("the possessive-headline signal cites %s", u)
			}
		}
	})

	t.Run("a company whose only self-description is its press release gets a brief citing it", func(t *testing.T) {
		for _, path := range []string{pathBrief, pathDeep} {
			res, raw := h.post(t, payer, path, briefBody("larkspur-rota.com", sellers[1], 0))
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: status %d: %s", path, res.StatusCode, raw)
			}
			d := checkBrief(t, raw, path == pathDeep)
			const want = "Larkspur Rota helps clinics schedule their staff."
			if d.Company.Description == nil || *d.Company.Description != want {
				t.Fatalf("%s: description %v, want %q", path, d.Company.Description, want)
			}
			if path == pathDeep {
				urls := sourceURL(d, d.EvidenceMap["company.description"])
				if len(urls) != 1 || !strings.HasSuffix(urls[0], "/news/series-a") {
					t.Fatalf("company.description cites %v, want the release", urls)
				}
			}
		}
	})

	t.Run("a company with events and no description gets a brief naming the gap", func(t *testing.T) {
		_, settledBefore := h.fac.Counts()
		for _, path := range []string{pathBrief, pathDeep} {
			res, raw := h.post(t, payer, path, briefBody("quillon-systems.com", sellers[2], 0))
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: status %d: %s", path, res.StatusCode, raw)
			}
			d := checkBrief(t, raw, path == pathDeep)
			var company map[string]json.RawMessage
			if err := json.Unmarshal(d.raw["company"], &company); err != nil {
				t.Fatal(err)
			}
			if v, ok := company["description"]; !ok || string(v) != "null" {
				t.Fatalf("%s: company.description = %s (present %v), want null", path, v, ok)
			}
			if len(d.WhyNow) == 0 || len(d.Risks) == 0 || !strings.Contains(string(d.Risks[0]), "No self-description") {
				t.Fatalf("%s: whyNow %d, risks %s", path, len(d.WhyNow), d.Risks)
			}
			if !strings.Contains(string(raw), "We found no self-description") {
				t.Fatalf("%s: no question asks what the company does", path)
			}
			if _, ok := d.EvidenceMap["company.description"]; ok {
				t.Fatalf("%s: evidenceMap cites a description that is null", path)
			}
		}
		if _, settled := h.fac.Counts(); settled != settledBefore+2 {
			t.Fatalf("settled %d, want %d", settled, settledBefore+2)
		}
	})

	t.Run("a described company without events gets a brief with no why-now", func(t *testing.T) {
		res, raw := h.post(t, payer, pathBrief, briefBody("wideworld-importers.com", sellers[0], 0))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, raw)
		}
		d := checkBrief(t, raw, false)
		if d.Company.Description == nil || len(d.WhyNow) != 0 || len(d.RecentSignals) != 0 {
			t.Fatalf("description %v, whyNow %d, signals %d", d.Company.Description, len(d.WhyNow), len(d.RecentSignals))
		}
	})

	t.Run("a GDELT answer with one bad escape still yields its other articles", func(t *testing.T) {
		res, raw := h.post(t, h.paid, pathSignals, `{"company":"quillon-systems.com"}`)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, raw)
		}
		var d signalsDoc
		if err := json.Unmarshal(raw, &d); err != nil {
			t.Fatal(err)
		}
		var repaired, lost bool
		for _, src := range d.Sources {
			repaired = repaired || strings.Contains(src.URL, "geekwire.com") && strings.Contains(src.URL, "quillon-systems-raises-14m-austin")
			lost = lost || strings.Contains(src.URL, "quillon-systems-hackathon")
		}
		if !repaired || lost || len(d.Signals) != 1 || d.Signals[0].Type != "funding" || len(d.Signals[0].EvidenceIDs) < 2 {
			t.Fatalf("repaired article cited %v, lost article cited %v, signals %+v", repaired, lost, d.Signals)
		}
	})

	t.Run("SEC titles with state markers resolve to the listing", func(t *testing.T) {
		n := 0
		for _, co := range h.world.Companies() {
			if co.CIK == "" {
				continue
			}
			n++
			res, raw := h.post(t, h.paid, pathSignals, `{"company":"`+co.Domain+`","lookbackDays":365}`)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: status %d: %s", co.Domain, res.StatusCode, raw)
			}
			var d signalsDoc
			if err := json.Unmarshal(raw, &d); err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(d.Sources, func(s struct{ ID, URL, Title string }) bool {
				return strings.Contains(s.URL, "/Archives/edgar/data/"+co.CIK+"/")
			}) {
				t.Errorf("%s (CIK %s): no SEC filing cited: the ticker-file title did not resolve", co.Domain, co.CIK)
			}
		}
		if n < 4 {
			t.Fatalf("only %d listed companies in the world", n)
		}
	})

	t.Run("Greenhouse roles carry their first-published dates, not the board's bulk update", func(t *testing.T) {
		today := time.Now().UTC().Truncate(24 * time.Hour)
		n := 0
		for _, co := range h.world.Companies() {
			if !strings.Contains(co.Board, "greenhouse") {
				continue
			}
			i := slices.IndexFunc(co.Events, func(e sourcetest.WorldEvent) bool { return e.Type == "hiring" })
			if i < 0 {
				continue
			}
			n++
			want := today.AddDate(0, 0, -co.Events[i].DaysAgo).Format(time.DateOnly)
			res, raw := h.post(t, h.paid, pathSignals, `{"company":"`+co.Domain+`","lookbackDays":120}`)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: status %d: %s", co.Domain, res.StatusCode, raw)
			}
			var d signalsDoc
			if err := json.Unmarshal(raw, &d); err != nil {
				t.Fatal(err)
			}
			found := false
			for _, s := range d.Signals {
				if s.Type == "hiring" {
					found = true
					if got := ""; s.EventDate == nil || *s.EventDate != want {
						if s.EventDate != nil {
							got = *s.EventDate
						}
						t.Errorf("%s: hiring signal dated %q, want the newest role's first publication %s", co.Domain, got, want)
					}
				}
			}
			if !found {
				t.Errorf("%s: no hiring signal", co.Domain)
			}
		}
		if n < 2 {
			t.Fatalf("only %d Greenhouse boards with a hiring event in the world", n)
		}
	})
}
