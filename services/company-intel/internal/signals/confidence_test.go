package signals

import (
	"testing"
	"time"
)

func TestConfidence(t *testing.T) {
	at := date(2026, 3, 1)
	wire := contribution{domain: "globalwire.example.org", weight: 0.85, strength: 1}
	trade := contribution{domain: "techwire.example.com", weight: 0.7, strength: 1}
	agg1 := contribution{domain: "blog-a.example", weight: 0.5, strength: 1}
	agg2 := contribution{domain: "blog-b.example", weight: 0.5, strength: 1}
	first := contribution{domain: "acme.com", weight: 0.95, strength: 1, primary: true}
	tests := []struct {
		name string
		srcs []contribution
		typ  Type
		now  time.Time
		want float64
	}{
		{"single wire source, fresh", []contribution{wire}, TypeFunding, at, 0.85},
		{"lead-only match weighs 0.7", []contribution{{domain: "x.example", weight: 0.5, strength: 0.7}}, TypeFunding, at, 0.35},
		{"two independent aggregators: 1-(0.5*0.5)", []contribution{agg1, agg2}, TypeFunding, at, 0.75},
		{"wire and first party: 1-(0.15*0.05)", []contribution{wire, first}, TypeFunding, at, 0.99},
		{"one domain counts once", []contribution{trade, trade}, TypeFunding, at, 0.7},
		{"a domain counts its best item", []contribution{trade, {domain: trade.domain, weight: 0.7, strength: 0.7}}, TypeFunding, at, 0.7},
		{"single non-primary source capped at 0.85", []contribution{{domain: "x.example", weight: 0.95, strength: 1}}, TypeFunding, at, 0.85},
		{"single primary source not capped", []contribution{first}, TypeFunding, at, 0.95},
		{"one half-life: funding 60 days", []contribution{trade}, TypeFunding, at.Add(60 * day24), 0.35},
		{"one half-life: hiring 30 days", []contribution{{domain: "greenhouse.io", weight: 0.9, strength: 1, primary: true}}, TypeHiring, at.Add(30 * day24), 0.45},
		{"two half-lives: acquisition 180 days", []contribution{wire}, TypeAcquisition, at.Add(180 * day24), 0.21},
		{"future event has no decay", []contribution{wire}, TypeFunding, at.Add(-10 * day24), 0.85},
		// Age counts whole UTC days: any time of the 60th day reads as 60
		// days, so two requests of one day agree.
		{"late on the half-life day", []contribution{trade}, TypeFunding, at.Add(60*day24 + 23*time.Hour + 59*time.Minute), 0.35},
		{"early on the half-life day, another zone", []contribution{trade}, TypeFunding, at.Add(60*day24 + time.Minute).In(time.FixedZone("UTC-8", -8*3600)), 0.35},
		{"hours after the event are day 0", []contribution{wire}, TypeFunding, at.Add(20 * time.Hour), 0.85},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := confidence(tc.srcs, tc.typ, at, tc.now); got != tc.want {
				t.Fatalf("confidence = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPublisherDomain(t *testing.T) {
	tests := []struct{ url, publisher, want string }{
		{"https://www.techwire.example.com/a", "TechWire", "example.com"},
		{"https://news.bbc.co.uk/x", "BBC", "bbc.co.uk"},
		{"https://news.google.com/articles/abc", "Daily Ledger", "publisher:daily ledger"},
		{"https://news.google.com/articles/abc", "", "google.com"},
		{"https://boards.greenhouse.io/acme", "Greenhouse", "greenhouse.io"},
		{"https://www.sec.gov/Archives/x", "SEC", "sec.gov"},
	}
	for _, tc := range tests {
		if got := publisherDomain(tc.url, tc.publisher); got != tc.want {
			t.Errorf("publisherDomain(%q, %q) = %q, want %q", tc.url, tc.publisher, got, tc.want)
		}
	}
}
