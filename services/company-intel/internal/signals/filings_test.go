package signals

import (
	"reflect"
	"testing"
)

func TestFilingMapping(t *testing.T) {
	w := window{from: date(2026, 1, 1), to: date(2026, 3, 31)}
	filed := date(2026, 2, 20)
	tests := []struct {
		name  string
		form  string
		items []string
		desc  string
		want  []Type
		round string
	}{
		{"5.02 leadership", "8-K", []string{"5.02", "9.01"}, "", []Type{TypeLeadership}, ""},
		{"2.02 financial", "8-K", []string{"2.02", "9.01"}, "", []Type{TypeFinancial}, ""},
		{"1.01 partnership", "8-K", []string{"1.01"}, "", []Type{TypePartnership}, ""},
		{"1.01 merger is acquisition", "8-K", []string{"1.01", "9.01"}, "Agreement and Plan of Merger", []Type{TypeAcquisition}, ""},
		{"1.01 with 2.03 is the debt agreement", "8-K", []string{"1.01", "2.03"}, "", []Type{TypeFunding}, "Debt financing"},
		{"2.01 acquisition", "8-K", []string{"2.01"}, "", []Type{TypeAcquisition}, ""},
		{"5.01 acquisition", "8-K", []string{"5.01"}, "", []Type{TypeAcquisition}, ""},
		{"2.01 and 5.01 are one acquisition", "8-K", []string{"2.01", "5.01"}, "", []Type{TypeAcquisition}, ""},
		{"3.02 funding", "8-K", []string{"3.02"}, "", []Type{TypeFunding}, "Private placement"},
		{"1.05 regulatory", "8-K", []string{"1.05"}, "", []Type{TypeRegulatory}, ""},
		{"2.05 financial", "8-K", []string{"2.05"}, "", []Type{TypeFinancial}, ""},
		{"several items", "8-K", []string{"2.02", "5.02", "9.01"}, "", []Type{TypeFinancial, TypeLeadership}, ""},
		{"8.01 classified by description", "8-K", []string{"8.01", "9.01"}, "Press release: Acme launches Acme Vision 2.0", []Type{TypeProduct}, ""},
		{"7.01 unclassified is other", "8-K", []string{"7.01"}, "Investor presentation", []Type{TypeOther}, ""},
		{"9.01 alone is nothing", "8-K", []string{"9.01"}, "", nil, ""},
		{"item numbers as filed", "8-K/A", []string{"Item 5.02"}, "", []Type{TypeLeadership}, ""},
		{"S-1 is an IPO", "S-1", nil, "", []Type{TypeFunding}, "IPO"},
		{"424B4 is an IPO", "424B4", nil, "", []Type{TypeFunding}, "IPO"},
		{"10-Q is not a signal", "10-Q", nil, "", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			it := filing("https://www.sec.gov/x", tc.form, tc.items, filed, tc.desc)
			cs := filingCandidates(&it, acme, "Acme Robotics", w)
			var got []Type
			for _, c := range cs {
				got = append(got, c.typ)
				if c.weight != 0.95 || !c.primary || c.domain != "sec.gov" {
					t.Errorf("filing candidate weight %v primary %v domain %q", c.weight, c.primary, c.domain)
				}
				if c.typ == TypeFunding && c.facts.Round != tc.round {
					t.Errorf("round = %q, want %q", c.facts.Round, tc.round)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("types = %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("outside the window", func(t *testing.T) {
		it := filing("https://www.sec.gov/x", "8-K", []string{"5.02"}, date(2025, 6, 1), "")
		if cs := filingCandidates(&it, acme, "Acme Robotics", w); len(cs) != 0 {
			t.Fatalf("got %d candidates for a filing outside the window", len(cs))
		}
	})
	t.Run("headline and facts", func(t *testing.T) {
		it := filing("https://www.sec.gov/x", "8-K", []string{"5.02", "9.01"}, filed, "")
		c := filingCandidates(&it, acme, "Acme Robotics", w)[0]
		if c.title != "Acme Robotics 8-K: officer or director change (Item 5.02)" {
			t.Errorf("title = %q", c.title)
		}
		if !reflect.DeepEqual(c.facts.Items8K, []string{"5.02", "9.01"}) {
			t.Errorf("Items8K = %v", c.facts.Items8K)
		}
		if c.summary != "Form 8-K filed 2026-02-20 reporting Item 5.02 (officer or director change) and Item 9.01 (financial statements and exhibits)." {
			t.Errorf("summary = %q", c.summary)
		}
	})
}

func TestHiringThreshold(t *testing.T) {
	w := window{from: date(2026, 1, 1), to: date(2026, 3, 31)}
	job := func(dept string, d int) jobSpec { return jobSpec{dept, date(2026, 3, d)} }
	tests := []struct {
		name  string
		jobs  []jobSpec
		want  bool
		roles int
		dept  string
	}{
		{"four roles in different departments", []jobSpec{job("Eng", 1), job("Sales", 2), job("Ops", 3), job("Legal", 4)}, false, 0, ""},
		{"five roles", []jobSpec{job("Eng", 1), job("Sales", 2), job("Ops", 3), job("Legal", 4), job("Design", 5)}, true, 5, "Design"},
		{"three in one department", []jobSpec{job("Eng", 1), job("Eng", 2), job("Eng", 3)}, true, 3, "Eng"},
		{"two in one department", []jobSpec{job("Eng", 1), job("Eng", 2), job("Sales", 3)}, false, 0, ""},
		{"enough roles but none dated in the window", []jobSpec{{"Eng", date(2025, 5, 1)}, {"Eng", date(2025, 5, 2)}, {"Eng", date(2025, 5, 3)}}, false, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			it := board("https://boards.greenhouse.io/acme", jobsOf(tc.jobs))
			c := boardCandidate(&it, "Acme Robotics", w)
			if (c != nil) != tc.want {
				t.Fatalf("signal = %v, want %v", c != nil, tc.want)
			}
			if c == nil {
				return
			}
			if c.facts.OpenRoles != tc.roles || c.facts.Department != tc.dept {
				t.Errorf("facts = %+v, want %d roles, department %q", c.facts, tc.roles, tc.dept)
			}
			if c.typ != TypeHiring || c.weight != 0.9 {
				t.Errorf("type %s weight %v", c.typ, c.weight)
			}
		})
	}
}
