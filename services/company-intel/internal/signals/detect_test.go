package signals

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

func detect(items []bundle.Item) Result {
	return Detect(Input{Company: testCompany, Window: testWindow, Items: items, Now: testNow})
}

func findSignal(res Result, t Type) *Signal {
	for i := range res.Signals {
		if res.Signals[i].Type == t {
			return &res.Signals[i]
		}
	}
	return nil
}

func TestDetectScenario(t *testing.T) {
	res := detect(scenario())
	if len(res.Signals) == 0 || len(res.Signals) > MaxSignals || len(res.WhyNow) > MaxWhyNow {
		t.Fatalf("got %d signals and %d why-now", len(res.Signals), len(res.WhyNow))
	}
	for _, s := range res.Signals {
		if len(s.Evidence) == 0 || s.EventDate == nil || s.Summary == "" || s.CommercialMeaning == "" || s.Headline == "" {
			t.Errorf("incomplete signal %+v", s)
		}
		if d, err := time.Parse("2006-01-02", *s.EventDate); err != nil || !newWindow(testWindow, testNow).in(d) {
			t.Errorf("eventDate %q outside the window", *s.EventDate)
		}
		if len(s.Summary) > MaxSummary || s.Confidence < 0 || s.Confidence > 1 {
			t.Errorf("summary %d bytes, confidence %v", len(s.Summary), s.Confidence)
		}
		for _, u := range s.Evidence {
			for _, dropped := range []string{"opinion.example.com", "trade.example.com/case-study", "old.example.com", "undated.example.com"} {
				if strings.Contains(u, dropped) {
					t.Errorf("%s signal cites %s, which is not a dated trigger in the window", s.Type, u)
				}
			}
		}
	}

	f := findSignal(res, TypeFunding)
	if f == nil {
		t.Fatal("no funding signal")
	}
	if len(f.Evidence) != 4 || f.Evidence[0] != "https://brightwave.io/news/series-b" {
		t.Errorf("funding evidence = %v, want the press release first and three outlets", f.Evidence)
	}
	if f.Headline != "Brightwave raises $40M Series B led by Northgate Ventures" || *f.EventDate != "2026-03-03" {
		t.Errorf("funding headline %q date %s", f.Headline, *f.EventDate)
	}
	if f.Facts.AmountUSD != 40_000_000 || f.Facts.Round != "Series B" || len(f.Facts.Investors) == 0 || f.Facts.Investors[0] != "Northgate Ventures" {
		t.Errorf("funding facts = %+v", f.Facts)
	}
	if strings.HasPrefix(f.Summary, "SAN FRANCISCO") {
		t.Errorf("summary keeps the dateline: %q", f.Summary)
	}

	l := findSignal(res, TypeLeadership)
	if l == nil || len(l.Evidence) != 2 || l.Facts.Person != "Maria Okafor" || len(l.Facts.Items8K) == 0 {
		t.Fatalf("leadership signal should merge the 8-K and the announcement: %+v", l)
	}
	h := findSignal(res, TypeHiring)
	if h == nil || h.Facts.OpenRoles != 6 || h.Facts.Department != "Engineering" || *h.EventDate != "2026-03-12" {
		t.Fatalf("hiring signal = %+v", h)
	}
	for _, s := range res.Signals {
		if strings.Contains(s.Headline, " - TechWire") || strings.Contains(s.Headline, " - Daily Ledger") {
			t.Errorf("headline keeps the publisher suffix: %q", s.Headline)
		}
	}
}

func TestMergeAcrossPublishers(t *testing.T) {
	outlets := []bundle.Item{
		news("https://techwire.example.com/a", "Brightwave lands $40 million Series B - TechWire", "Brightwave has raised $40 million in a Series B round led by Northgate Ventures.", "TechWire", source.AuthorityTrade, date(2026, 3, 3)),
		news("https://www.globalwire.example.org/b", "Brightwave secures $40 mln in Series B funding", "Brightwave said it had secured $40 million in Series B funding.", "GlobalWire", source.AuthorityWire, date(2026, 3, 3)),
		news("https://news.google.com/articles/c", "Northgate leads $40M round in Brightwave - Daily Ledger", "Northgate Ventures has led a $40 million investment in Brightwave.", "Daily Ledger", source.AuthorityAggregator, date(2026, 3, 5)),
	}
	res := detect(outlets)
	if len(res.Signals) != 1 {
		t.Fatalf("got %d signals, want the three reports merged into one: %+v", len(res.Signals), res.Signals)
	}
	merged := res.Signals[0]
	if len(merged.Evidence) != 3 {
		t.Fatalf("evidence = %v, want 3 URLs", merged.Evidence)
	}
	if merged.Evidence[0] != "https://www.globalwire.example.org/b" {
		t.Errorf("representative = %s, want the wire report (highest authority)", merged.Evidence[0])
	}
	for _, one := range outlets {
		single := detect([]bundle.Item{one})
		if len(single.Signals) != 1 {
			t.Fatalf("%s alone: %d signals", one.Doc.URL, len(single.Signals))
		}
		if merged.Confidence <= single.Signals[0].Confidence {
			t.Errorf("merged confidence %.2f not above %s alone (%.2f)", merged.Confidence, one.Doc.URL, single.Signals[0].Confidence)
		}
	}

	t.Run("different rounds stay apart", func(t *testing.T) {
		res := detect([]bundle.Item{
			news("https://a.example/1", "Brightwave raises $40M Series B", "", "A", source.AuthorityTrade, date(2026, 3, 3)),
			news("https://b.example/2", "Brightwave raises $10M Series A", "", "B", source.AuthorityTrade, date(2026, 3, 5)),
		})
		if len(res.Signals) != 2 {
			t.Fatalf("got %d signals, want 2", len(res.Signals))
		}
	})
	t.Run("more than seven days apart stay apart", func(t *testing.T) {
		res := detect([]bundle.Item{
			news("https://a.example/1", "Brightwave raises $40M Series B", "", "A", source.AuthorityTrade, date(2026, 2, 1)),
			news("https://b.example/2", "Brightwave raises $40M Series B", "", "B", source.AuthorityTrade, date(2026, 2, 9)),
		})
		if len(res.Signals) != 2 {
			t.Fatalf("got %d signals, want 2", len(res.Signals))
		}
	})
	t.Run("near-duplicate text merges without shared keys", func(t *testing.T) {
		res := detect([]bundle.Item{
			news("https://a.example/1", "Brightwave wins industry award", release, "A", source.AuthorityTrade, date(2026, 3, 3)),
			news("https://b.example/2", "Brightwave wins industry award", release, "B", source.AuthorityTrade, date(2026, 3, 4)),
		})
		if len(res.Signals) != 1 || len(res.Signals[0].Evidence) != 2 {
			t.Fatalf("got %+v", res.Signals)
		}
	})
}

func TestDetectWindowFiltering(t *testing.T) {
	items := []bundle.Item{
		news("https://a.example/in", "Brightwave opens office in Berlin", "", "A", source.AuthorityTrade, date(2026, 3, 1)),
		news("https://a.example/before", "Brightwave opens office in Paris", "", "A", source.AuthorityTrade, date(2025, 12, 1)),
		news("https://a.example/after", "Brightwave opens office in Madrid", "", "A", source.AuthorityTrade, date(2026, 3, 25)),
		news("https://a.example/undated", "Brightwave opens office in Rome", "no date here", "A", source.AuthorityTrade, time.Time{}),
		news("https://a.example/dateline", "Brightwave opens office in Lisbon", "LISBON, March 2, 2026 /PRNewswire/ -- Brightwave opened an office.", "A", source.AuthorityTrade, time.Time{}),
		news("https://a.example/other-company", "Globex opens office in Oslo", "Globex opened an office in Oslo.", "A", source.AuthorityTrade, date(2026, 3, 1)),
	}
	res := detect(items)
	got := map[string]bool{}
	for _, s := range res.Signals {
		got[s.Facts.Place] = true
	}
	if len(res.Signals) != 2 || !got["Berlin"] || !got["Lisbon"] {
		t.Fatalf("places = %v, want Berlin (in window) and Lisbon (dateline in window)", got)
	}
}

// manyEvents returns twelve unrelated events of several types.
func manyEvents() []bundle.Item {
	mk := func(i int, title string, a source.Authority, d time.Time) bundle.Item {
		return news("https://events.example/"+string(rune('a'+i)), title, "", "Outlet", a, d)
	}
	return []bundle.Item{
		mk(0, "Brightwave raises $40M Series B led by Northgate Ventures", source.AuthorityWire, date(2026, 3, 10)),
		mk(1, "Brightwave appoints Maria Okafor as Chief Revenue Officer", source.AuthorityTrade, date(2026, 3, 1)),
		mk(2, "Brightwave acquires field-service startup Routewise", source.AuthorityWire, date(2026, 2, 20)),
		mk(3, "Brightwave opens office in Berlin", source.AuthorityTrade, date(2026, 2, 10)),
		mk(4, "Brightwave launches Dispatch AI", source.AuthorityTrade, date(2026, 3, 15)),
		mk(5, "Brightwave partners with Coldline", source.AuthorityTrade, date(2026, 1, 25)),
		mk(6, "Brightwave to hire 300 engineers in Austin", source.AuthorityTrade, date(2026, 1, 5)),
		mk(7, "Brightwave achieves SOC 2 Type II compliance", source.AuthorityAggregator, date(2026, 2, 1)),
		mk(8, "Brightwave migrates core platform to AWS", source.AuthorityAggregator, date(2026, 1, 12)),
		mk(9, "Brightwave wins 2026 Field Service Innovation Award", source.AuthorityAggregator, date(2026, 3, 18)),
		mk(10, "Brightwave reports 80% ARR growth", source.AuthorityTrade, date(2026, 1, 20)),
		mk(11, "Brightwave opens office in Tokyo", source.AuthorityTrade, date(2026, 3, 12)),
	}
}

func TestDetectCapAndRanking(t *testing.T) {
	res := detect(manyEvents())
	if len(res.Signals) != MaxSignals {
		t.Fatalf("got %d signals, want the cap of %d", len(res.Signals), MaxSignals)
	}
	for i := 1; i < len(res.Signals); i++ {
		a, b := res.Signals[i-1], res.Signals[i]
		sa, sb := TypeWeight[a.Type]*a.Confidence, TypeWeight[b.Type]*b.Confidence
		if sa < sb || sa == sb && *a.EventDate < *b.EventDate {
			t.Errorf("rank %d (%s %.3f %s) before rank %d (%s %.3f %s)", i-1, a.Type, sa, *a.EventDate, i, b.Type, sb, *b.EventDate)
		}
	}
	if res.Signals[0].Type != TypeFunding {
		t.Errorf("top signal = %s, want the fresh wire-reported funding round", res.Signals[0].Type)
	}
}

func TestWhyNow(t *testing.T) {
	res := detect(manyEvents())
	if len(res.WhyNow) != MaxWhyNow {
		t.Fatalf("got %d why-now sentences, want %d", len(res.WhyNow), MaxWhyNow)
	}
	// the two expansion events must not both be chosen while other types remain
	expansions := 0
	for _, w := range res.WhyNow {
		if strings.Contains(w, "office in") {
			expansions++
		}
	}
	if expansions > 1 {
		t.Errorf("why-now repeats a type: %q", res.WhyNow)
	}
	joined := strings.Join(res.WhyNow, "\n")
	for _, fact := range []string{"$40M Series B", "Northgate Ventures", "2026-03-10"} {
		if !strings.Contains(joined, fact) {
			t.Errorf("why-now lacks %q:\n%s", fact, joined)
		}
	}

	t.Run("missing facts quote the headline, nothing invented", func(t *testing.T) {
		res := detect([]bundle.Item{news("https://a.example/x", "Brightwave secures new funding from strategic investors", "", "A", source.AuthorityTrade, date(2026, 3, 10))})
		if len(res.WhyNow) != 1 {
			t.Fatalf("why-now = %q", res.WhyNow)
		}
		w := res.WhyNow[0]
		if !strings.Contains(w, "“Brightwave secures new funding from strategic investors”") || strings.ContainsAny(w, "$€£") || strings.Contains(w, "Series") {
			t.Errorf("why-now = %q", w)
		}
	})
	t.Run("no signals", func(t *testing.T) {
		res := detect(nil)
		if res.Signals == nil || res.WhyNow == nil || len(res.Signals) != 0 || len(res.WhyNow) != 0 {
			t.Fatalf("empty input must give empty, non-nil lists: %+v", res)
		}
	})
}

func TestDeterminism(t *testing.T) {
	items := append(scenario(), manyEvents()...)
	want, err := json.Marshal(detect(items))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		shuffled := append([]bundle.Item(nil), items...)
		r.Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
		got, err := json.Marshal(detect(shuffled))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("run %d on shuffled items differs:\n%s\nwant\n%s", i, got, want)
		}
	}
}

func TestCommercialMeaningVaries(t *testing.T) {
	a := detect([]bundle.Item{news("https://a.example/1", "Brightwave raises $40M Series B led by Northgate Ventures", "", "A", source.AuthorityWire, date(2026, 3, 10))})
	b := detect([]bundle.Item{news("https://b.example/2", "Brightwave lands $3 million pre-seed round from Fjord Capital", "", "B", source.AuthorityWire, date(2026, 3, 10))})
	if len(a.Signals) != 1 || len(b.Signals) != 1 {
		t.Fatalf("signals: %d and %d", len(a.Signals), len(b.Signals))
	}
	ma, mb := a.Signals[0].CommercialMeaning, b.Signals[0].CommercialMeaning
	if ma == mb {
		t.Fatalf("same commercial meaning for different rounds: %q", ma)
	}
	if !strings.Contains(ma, "$40M Series B") || !strings.Contains(ma, "Northgate Ventures") {
		t.Errorf("meaning lacks its facts: %q", ma)
	}
	if !strings.Contains(mb, "$3M pre-seed round") || !strings.Contains(mb, "Fjord Capital") {
		t.Errorf("meaning lacks its facts: %q", mb)
	}
	if a.WhyNow[0] == b.WhyNow[0] {
		t.Errorf("same why-now for different rounds: %q", a.WhyNow[0])
	}
}

func TestCleanTitle(t *testing.T) {
	tests := []struct{ title, publisher, url, want string }{
		{"Brightwave raises $40M - TechWire", "TechWire", "https://techwire.example.com/a", "Brightwave raises $40M"},
		{"Brightwave raises $40M | techwire.example.com", "", "https://techwire.example.com/a", "Brightwave raises $40M"},
		{"Brightwave raises $40M - Daily Ledger", "Daily Ledger", "https://news.google.com/articles/x", "Brightwave raises $40M"},
		{"Brightwave raises $40M - The Daily Business Ledger", "", "https://news.google.com/articles/x", "Brightwave raises $40M"},
		{"Q&A - Brightwave CEO on dispatch", "TechWire", "https://techwire.example.com/a", "Q&A - Brightwave CEO on dispatch"},
		{"Acme – a profile", "Other", "https://other.example/a", "Acme - a profile"},
	}
	for _, tc := range tests {
		if got := cleanTitle(tc.title, tc.publisher, tc.url); got != tc.want {
			t.Errorf("cleanTitle(%q) = %q, want %q", tc.title, got, tc.want)
		}
	}
}
