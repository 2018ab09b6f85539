package signals

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// filing8K is an 8-K as the SEC source renders it: a title listing the
// items, an excerpt of the description and the items' full titles.
func filing8K(url string, items []string, accepted time.Time, desc, itemsTitle, excerpt string) bundle.Item {
	it := filing(url, "8-K", items, accepted.Truncate(24*time.Hour), desc)
	it.Doc.Title = "Form 8-K: Brightwave, Inc. — items " + strings.Join(items, ", ") + " (" + itemsTitle + ")"
	it.Doc.Excerpt = excerpt
	it.Filing.Accepted = accepted
	return it
}

// wire is a wire-service news item.
func wire(url, title, excerpt string, published time.Time) bundle.Item {
	return news(url, title, excerpt, "Newswire", source.AuthorityWire, published)
}

// cfoItems are one CFO appointment reported by an 8-K (Item 5.02), the
// company's newsroom and a press-release wire.
func cfoItems() []bundle.Item {
	bw := press("https://www.businesswire.example/news/brightwave-names-dana-whitfield-cfo",
		"Brightwave Names Dana Whitfield Chief Financial Officer", "", date(2026, 3, 10))
	bw.Doc.Publisher = "Business Wire"
	return []bundle.Item{
		filing8K("https://www.sec.gov/Archives/edgar/data/1234567/000123456726000020/bw-20260310x8k.htm", []string{"5.02", "9.01"},
			time.Date(2026, 3, 10, 21, 5, 0, 0, time.UTC), "FORM 8-K",
			"Departure/Election of Directors or Officers; Financial Statements and Exhibits",
			"FORM 8-K. Item 5.02: Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers. Item 9.01: Financial Statements and Exhibits."),
		press("https://brightwave.io/newsroom/dana-whitfield-cfo", "Brightwave names Dana Whitfield chief financial officer",
			"Dana Whitfield succeeds Raj Patel, who retires after nine years as CFO, and will lead finance and investor relations.", date(2026, 3, 10)),
		bw,
	}
}

// dealItems are one supply agreement reported by an 8-K (Item 1.01), a
// wire and the company's newsroom.
func dealItems() []bundle.Item {
	return []bundle.Item{
		filing8K("https://www.sec.gov/Archives/edgar/data/1234567/000123456726000021/bw-20260305x8k.htm", []string{"1.01", "9.01"},
			time.Date(2026, 3, 5, 11, 2, 0, 0, time.UTC), "Master Supply Agreement with Contoso Logistics, Inc.",
			"Material Definitive Agreement; Financial Statements and Exhibits",
			"Master Supply Agreement with Contoso Logistics, Inc. Item 1.01: Entry into a Material Definitive Agreement. Item 9.01: Financial Statements and Exhibits."),
		wire("https://www.wire.example/brightwave-contoso", "Brightwave signs five-year deal to automate Contoso Logistics warehouses", "", date(2026, 3, 5)),
		press("https://brightwave.io/newsroom/contoso-logistics-agreement",
			"Brightwave and Contoso Logistics sign five-year agreement to deploy Atlas robots in 40 distribution centers",
			"Contoso Logistics will deploy more than 600 Atlas robots across its network under a master supply agreement.", date(2026, 3, 5)),
	}
}

// TestFilingAndPressMerge is the 8-K + newsroom + wire case: one signal
// per event, worded by the press text, dated and cited with the filing.
func TestFilingAndPressMerge(t *testing.T) {
	t.Run("officer appointment", func(t *testing.T) {
		res := detect(cfoItems())
		if len(res.Signals) != 1 {
			t.Fatalf("got %d signals, want one: %+v", len(res.Signals), res.Signals)
		}
		s := res.Signals[0]
		if s.Type != TypeLeadership || s.Headline != "Brightwave names Dana Whitfield chief financial officer" {
			t.Errorf("headline = %q (%s), want the newsroom's", s.Headline, s.Type)
		}
		if !strings.HasPrefix(s.Summary, "Dana Whitfield succeeds Raj Patel") {
			t.Errorf("summary = %q, want the newsroom's lead", s.Summary)
		}
		if len(s.Evidence) != 3 || !strings.Contains(s.Evidence[0], "sec.gov") {
			t.Errorf("evidence = %v, want all three, the filing first", s.Evidence)
		}
		if *s.EventDate != "2026-03-10" || !reflect.DeepEqual(s.Facts.Items8K, []string{"5.02", "9.01"}) {
			t.Errorf("date %s, items %v", *s.EventDate, s.Facts.Items8K)
		}
		if s.Facts.Person != "Dana Whitfield" || roleKey(s.Facts.Role) != "cfo" {
			t.Errorf("facts = %+v, want Dana Whitfield as CFO", s.Facts)
		}
		if !strings.Contains(s.CommercialMeaning, "chief financial officer") || strings.Contains(s.CommercialMeaning, "board") {
			t.Errorf("commercial meaning = %q", s.CommercialMeaning)
		}
		if len(res.WhyNow) != 1 || !strings.Contains(res.WhyNow[0], "Dana Whitfield as chief financial officer") || strings.Contains(res.WhyNow[0], "board") {
			t.Errorf("why-now = %q", res.WhyNow)
		}
		for _, one := range cfoItems() {
			if single := detect([]bundle.Item{one}); len(single.Signals) != 1 || single.Signals[0].Confidence > s.Confidence {
				t.Errorf("%s alone: %+v; merged confidence %.2f must not be lower", one.Doc.URL, single.Signals, s.Confidence)
			}
		}
	})
	t.Run("supply agreement", func(t *testing.T) {
		res := detect(dealItems())
		if len(res.Signals) != 1 {
			t.Fatalf("got %d signals, want one: %+v", len(res.Signals), res.Signals)
		}
		s := res.Signals[0]
		if s.Type != TypePartnership || !strings.HasPrefix(s.Headline, "Brightwave and Contoso Logistics sign") {
			t.Errorf("headline = %q (%s)", s.Headline, s.Type)
		}
		if s.Facts.Counterparty != "Contoso Logistics" || len(s.Evidence) != 3 {
			t.Errorf("counterparty %q, evidence %v", s.Facts.Counterparty, s.Evidence)
		}
		if strings.Contains(res.WhyNow[0], "Atlas") || !strings.Contains(res.WhyNow[0], "Contoso Logistics") {
			t.Errorf("why-now = %q", res.WhyNow)
		}
	})
	t.Run("a filing alone keeps its composed wording", func(t *testing.T) {
		res := detect(cfoItems()[:1])
		if len(res.Signals) != 1 {
			t.Fatalf("got %+v", res.Signals)
		}
		s := res.Signals[0]
		if s.Headline != "Brightwave 8-K: officer or director change (Item 5.02)" {
			t.Errorf("headline = %q", s.Headline)
		}
		// the items' titles name no role: no "Directors", no board sentence
		if s.Facts.Role != "" || strings.Contains(s.CommercialMeaning, "board") || strings.Contains(res.WhyNow[0], "board") {
			t.Errorf("role %q, meaning %q, why-now %q", s.Facts.Role, s.CommercialMeaning, res.WhyNow[0])
		}
		if !strings.HasPrefix(s.Summary, "Form 8-K filed 2026-03-10 reporting Item 5.02") {
			t.Errorf("summary = %q, want the form and items, not %q", s.Summary, "FORM 8-K.")
		}
	})
}

// TestRepresentatives checks the split between the member that dates an
// event (and leads its evidence) and the member that words it.
func TestRepresentatives(t *testing.T) {
	tests := []struct {
		name              string
		items             []bundle.Item
		headline, date    string
		firstEvidence     string
		summaryStartsWith string
	}{
		{
			name: "filing dates, first-party press words",
			items: []bundle.Item{
				filing8K("https://www.sec.gov/x/8k.htm", []string{"2.02"}, time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC),
					"Press release announcing fourth quarter results", "Results of Operations", ""),
				wire("https://wire.example/q4", "Brightwave reports record fourth-quarter revenue", "", date(2026, 3, 3)),
				press("https://brightwave.io/news/q4", "Brightwave reports fourth quarter 2025 results", "Revenue of $80 million, up 30%.", date(2026, 3, 3)),
			},
			headline: "Brightwave reports fourth quarter 2025 results", date: "2026-03-03",
			firstEvidence: "https://www.sec.gov/x/8k.htm", summaryStartsWith: "Revenue of $80 million",
		},
		{
			name: "filing dates, a lower-authority headline still words",
			items: []bundle.Item{
				filing8K("https://www.sec.gov/x/8k.htm", []string{"2.02"}, time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC),
					"Press release announcing fourth quarter results", "Results of Operations", ""),
				news("https://trade.example/q4", "Brightwave swings to fourth-quarter loss", "", "Trade", source.AuthorityTrade, date(2026, 3, 2)),
			},
			// the trade item is a day earlier but the filing dates the event
			headline: "Brightwave swings to fourth-quarter loss", date: "2026-03-03",
			firstEvidence: "https://www.sec.gov/x/8k.htm",
			// the trade item has no excerpt: the filing's description summarises
			summaryStartsWith: "Press release announcing fourth quarter results",
		},
		{
			name: "a lead-only headline does not word the event",
			items: []bundle.Item{
				press("https://brightwave.io/news/big-week", "A big week for Brightwave", "Brightwave has raised $40 million in a Series B round led by Northgate Ventures.", date(2026, 3, 3)),
				news("https://trade.example/b", "Brightwave raises $40M Series B", "", "Trade", source.AuthorityTrade, date(2026, 3, 3)),
			},
			headline: "Brightwave raises $40M Series B", date: "2026-03-03",
			firstEvidence: "https://brightwave.io/news/big-week", summaryStartsWith: "Brightwave has raised $40 million",
		},
		{
			name: "without a classified headline the filing words the event",
			items: []bundle.Item{
				filing8K("https://www.sec.gov/x/8k.htm", []string{"2.02"}, time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC), "", "Results of Operations", ""),
			},
			headline: "Brightwave 8-K: results of operations (Item 2.02)", date: "2026-03-03",
			firstEvidence: "https://www.sec.gov/x/8k.htm", summaryStartsWith: "Form 8-K filed 2026-03-03",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := detect(tc.items)
			if len(res.Signals) != 1 {
				t.Fatalf("got %d signals, want one: %+v", len(res.Signals), res.Signals)
			}
			s := res.Signals[0]
			if s.Headline != tc.headline || *s.EventDate != tc.date || s.Evidence[0] != tc.firstEvidence || len(s.Evidence) != len(tc.items) {
				t.Errorf("headline %q date %s evidence %v; want %q %s %s first", s.Headline, *s.EventDate, s.Evidence, tc.headline, tc.date, tc.firstEvidence)
			}
			if !strings.HasPrefix(s.Summary, tc.summaryStartsWith) {
				t.Errorf("summary = %q, want it to start with %q", s.Summary, tc.summaryStartsWith)
			}
			if !strings.Contains(strings.Join(res.WhyNow, " "), s.Headline) && strings.Contains(strings.Join(res.WhyNow, " "), "“") {
				t.Errorf("why-now quotes another headline than %q: %q", s.Headline, res.WhyNow)
			}
		})
	}
}

func TestMergeFactsPrefersSpecific(t *testing.T) {
	tests := []struct {
		name      string
		dst, src  Facts
		want      Facts
		wantItems []string
	}{
		{"text role kept over an item's generic role",
			Facts{Person: "Dana Whitfield", Role: "Chief Financial Officer"}, Facts{Role: "Directors", Items8K: []string{"5.02"}},
			Facts{Person: "Dana Whitfield", Role: "Chief Financial Officer", Items8K: []string{"5.02"}}, nil},
		{"generic role replaced by a specific one",
			Facts{Role: "Directors", Items8K: []string{"5.02"}}, Facts{Person: "Dana Whitfield", Role: "chief financial officer"},
			Facts{Person: "Dana Whitfield", Role: "chief financial officer", Items8K: []string{"5.02"}}, nil},
		{"officer or director replaced",
			Facts{Role: "officer or director"}, Facts{Role: "CFO"}, Facts{Role: "CFO"}, nil},
		{"a generic role does not replace another generic one",
			Facts{Role: "Directors"}, Facts{Role: "Certain Officers"}, Facts{Role: "Directors"}, nil},
		{"person named in text fills the filing's empty person",
			Facts{Items8K: []string{"5.02", "9.01"}}, Facts{Person: "Dana Whitfield", Role: "CFO"},
			Facts{Person: "Dana Whitfield", Role: "CFO", Items8K: []string{"5.02", "9.01"}}, nil},
		{"the first person stays",
			Facts{Person: "Dana Whitfield", Role: "CFO"}, Facts{Person: "Raj Patel", Role: "CEO"},
			Facts{Person: "Dana Whitfield", Role: "CFO"}, nil},
		{"union of investors and items",
			Facts{Investors: []string{"Northgate"}, Items8K: []string{"3.02"}}, Facts{Investors: []string{"Northgate Ventures", "Basalt Capital"}, Items8K: []string{"3.02", "9.01"}},
			Facts{Investors: []string{"Northgate Ventures", "Basalt Capital"}, Items8K: []string{"3.02", "9.01"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.dst
			mergeFacts(&got, tc.src)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("mergeFacts = %+v, want %+v", got, tc.want)
			}
		})
	}
	for r, want := range map[string]bool{"Directors": true, "officer or director": true, "Certain Officers": true, "officers": true,
		"Chief Financial Officer": false, "CFO": false, "director": false, "board member": false, "chair": false} {
		if genericRole(r) != want {
			t.Errorf("genericRole(%q) = %v, want %v", r, !want, want)
		}
	}
}

func TestCounterpartyForms(t *testing.T) {
	nw := newNames("Northwind Robotics, Inc.", []string{"Northwind Robotics", "NWRB"}, "northwind-robotics.com")
	tests := []struct {
		name, text, cp string
		customer       bool
	}{
		{"pair signs before an object", "Northwind Robotics and Contoso Logistics sign five-year agreement to deploy Atlas robots in 40 distribution centers", "Contoso Logistics", false},
		{"pair announces", "Northwind Robotics and Contoso Logistics announce strategic partnership", "Contoso Logistics", false},
		{"pair agrees", "Northwind Robotics and Contoso Logistics agree to co-develop cold-chain robots", "Contoso Logistics", false},
		{"pair partners", "Northwind Robotics and Contoso Logistics partner to automate cross-docking", "Contoso Logistics", false},
		{"pair teams up", "Northwind Robotics And Contoso Logistics Team Up On Warehouse Automation", "Contoso Logistics", false},
		{"pair with legal suffixes", "Northwind Robotics, Inc. and Contoso Logistics, Inc. sign supply agreement", "Contoso Logistics", false},
		{"comma pair", "Northwind Robotics, Contoso Logistics collaborate on pallet handling", "Contoso Logistics", false},
		{"filing description", "Master Supply Agreement with Contoso Logistics, Inc.. Form 8-K: Northwind Robotics, Inc. - items 1.01, 9.01 (Material Definitive Agreement)", "Contoso Logistics", false},
		{"with X Inc without comma", "Supply agreement with Contoso Logistics Inc", "Contoso Logistics", false},
		{"with X Ltd", "Northwind Robotics signs distribution agreement with Fabrikam Europe Ltd.", "Fabrikam Europe", false},
		{"partner is the subject", "Contoso Logistics teams up with Northwind Robotics to automate cold storage", "Contoso Logistics", false},
		{"partner is the subject of partners with", "Humongous Insurance partners with Northwind Robotics on robot cover", "Humongous Insurance", false},
		{"deal to automate a customer", "Northwind Robotics signs five-year deal to automate Contoso Logistics warehouses", "Contoso Logistics", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, customer := partnershipFacts(prepText(tc.text), nw)
			if f.Counterparty != tc.cp || customer != tc.customer {
				t.Fatalf("partnershipFacts(%q) = %q customer=%v, want %q %v", tc.text, f.Counterparty, customer, tc.cp, tc.customer)
			}
		})
	}

	keys := []struct {
		a, b string
		want compat
	}{
		{"Contoso Logistics", "Contoso Logistics, Inc.", keySame},
		{"Contoso Logistics Inc", "contoso logistics", keySame},
		{"Contoso", "Contoso Logistics", keySame},
		{"Lucerne Imaging S.A.", "Lucerne Imaging", keySame},
		{"Contoso Logistics", "Contoso Drones", keyDiffer},
		{"", "Contoso Logistics", keyUnknown},
	}
	for _, k := range keys {
		if got := nameCompat(k.a, k.b); got != k.want {
			t.Errorf("nameCompat(%q, %q) = %v, want %v", k.a, k.b, got, k.want)
		}
	}
}

// TestMoreSameEventMerges covers reports of one event whose wording
// differs: they merge, and reports of different events stay apart.
func TestMoreSameEventMerges(t *testing.T) {
	tests := []struct {
		name  string
		items []bundle.Item
		want  int
	}{
		{"approval reported as 'clears'", []bundle.Item{
			press("https://brightwave.io/news/faa", "Brightwave receives FAA approval for beyond-visual-line-of-sight routes", "Our pilots can now fly six routes.", date(2026, 3, 7)),
			news("https://news.google.com/rss/articles/faa", "FAA clears Brightwave to fly beyond visual line of sight over hospitals", "", "The Times", source.AuthorityAggregator, date(2026, 3, 7)),
		}, 1},
		{"one fine, amount written two ways", []bundle.Item{
			news("https://news.google.com/rss/articles/fine", "FCA fines Brightwave £2.1mn over money-laundering controls", "", "Financial Paper", source.AuthorityWire, date(2026, 2, 27)),
			wire("https://wire.example/fine", "UK watchdog fines Brightwave 2.1 million pounds over anti-money laundering lapses", "", date(2026, 2, 27)),
		}, 1},
		{"two fines of different amounts", []bundle.Item{
			news("https://a.example/fine", "FCA fines Brightwave £2.1mn over money-laundering controls", "", "A", source.AuthorityWire, date(2026, 2, 27)),
			wire("https://wire.example/fine", "Regulator fines Brightwave £9 million over reporting failures", "", date(2026, 3, 1)),
		}, 2},
		{"product named with and without its kind", []bundle.Item{
			press("https://brightwave.io/journal/ridgeback-2", "Introducing Ridgeback 2, our longest-range cargo bike yet", "Two batteries and 120 miles of range.", date(2026, 3, 12)),
			news("https://trade.example/ridgeback", "Brightwave unveils Ridgeback 2 cargo e-bike with 120-mile range", "", "Trade", source.AuthorityTrade, date(2026, 3, 12)),
		}, 1},
		{"results and the outlook raised with them", []bundle.Item{
			press("https://brightwave.io/news/q4", "Brightwave reports fourth quarter 2025 results", "Revenue of $80 million, up 30%; full-year outlook raised.", date(2026, 3, 3)),
			wire("https://wire.example/outlook", "Brightwave lifts annual revenue forecast as demand holds", "", date(2026, 3, 3)),
		}, 1},
		{"results and the dividend suspended with them", []bundle.Item{
			press("https://brightwave.io/news/h1", "Brightwave – First Half 2026 Results", "Net loss of $42 million for the first half.", date(2026, 3, 9)),
			wire("https://wire.example/dividend", "Brightwave suspends dividend after first-half loss", "", date(2026, 3, 9)),
		}, 1},
		{"one employee tender offer, valued or not", []bundle.Item{
			wire("https://wire.example/tender", "Brightwave completes employee tender offer at $4.5 billion valuation", "", date(2026, 3, 9)),
			press("https://brightwave.io/blog/tender", "Our employee tender offer is complete", "Thank you to every Brightwave employee who took part; the offer valued the company at $4.5 billion.", date(2026, 3, 9)),
		}, 1},
		{"an outlook change on another day stays apart", []bundle.Item{
			press("https://brightwave.io/news/q4", "Brightwave reports fourth quarter 2025 results", "Revenue of $80 million, up 30%.", date(2026, 3, 3)),
			wire("https://wire.example/outlook", "Brightwave lifts annual revenue forecast as demand holds", "", date(2026, 3, 6)),
		}, 2},
		{"one ranking named in two headlines", []bundle.Item{
			press("https://brightwave.io/blog/fastest-growing", "Brightwave named one of Massachusetts' fastest-growing private companies", "Revenue grew 212% over three years.", date(2026, 3, 11)),
			news("https://news.google.com/rss/articles/list", "Brightwave ranks No. 14 on list of Massachusetts' fastest-growing private companies", "", "Business Journal", source.AuthorityTrade, date(2026, 3, 11)),
		}, 1},
		{"two awards stay apart", []bundle.Item{
			press("https://brightwave.io/blog/award", "Brightwave wins Midwest EdTech Award for best writing tool", "", date(2026, 3, 11)),
			news("https://trade.example/list", "Brightwave named one of Massachusetts' fastest-growing private companies", "", "Trade", source.AuthorityTrade, date(2026, 3, 12)),
		}, 2},
		{"one award named in reports worded apart", []bundle.Item{
			press("https://brightwave.io/blog/green-apple", "We won! 🍏", "Our Lowell plant has won a 2026 Green Apple Award for cutting its landfill waste to zero.", date(2026, 3, 11)),
			news("https://news.google.com/rss/articles/ga", "Lowell bike maker Brightwave takes Green Apple environment prize", "", "Lowell Sun", source.AuthorityAggregator, date(2026, 3, 11)),
		}, 1},
		{"one show, a keynote and a demo reported apart", []bundle.Item{
			press("https://brightwave.io/blog/automatica", "Our CTO's keynote at Automatica 2026", "Ana Ruiz opened the Munich show with a live demo of our loading robot.", date(2026, 3, 10)),
			news("https://trade.example/automatica", "Brightwave CTO gives keynote and live demo at Automatica in Munich", "", "Trade", source.AuthorityTrade, date(2026, 3, 10)),
		}, 1},
		{"two awards on one day stay apart", []bundle.Item{
			press("https://brightwave.io/blog/edtech", "Brightwave wins Midwest EdTech Award for best writing tool", "", date(2026, 3, 11)),
			news("https://trade.example/green-apple", "Brightwave takes Green Apple environment prize for its Lowell plant", "", "Trade", source.AuthorityTrade, date(2026, 3, 11)),
		}, 2},
		{"partner named as subject", []bundle.Item{
			press("https://brightwave.io/blog/humongous", "Brightwave partners with Humongous Insurance on cyber coverage", "Policyholders get up to 20% off.", date(2026, 3, 9)),
			news("https://news.google.com/rss/articles/hi", "Humongous Insurance teams up with Brightwave to price cyber policies from live telemetry", "", "Insurance Journal", source.AuthorityAggregator, date(2026, 3, 9)),
			news("https://trade.example/hi", "Brightwave and Humongous Insurance partner to tie cyber premiums to threat data", "", "Trade", source.AuthorityTrade, date(2026, 3, 9)),
		}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := detect(tc.items)
			if len(res.Signals) != tc.want {
				var hs []string
				for _, s := range res.Signals {
					hs = append(hs, string(s.Type)+": "+s.Headline)
				}
				t.Fatalf("got %d signals, want %d: %q", len(res.Signals), tc.want, hs)
			}
		})
	}
}

func TestSharedRunAndProductKey(t *testing.T) {
	if got := sharedRun([]string{"named", "one", "massachusetts", "fastest", "growing", "private", "companies"},
		[]string{"ranks", "no", "14", "list", "massachusetts", "fastest", "growing", "private", "companies"}); got != 5 {
		t.Errorf("sharedRun = %d, want 5", got)
	}
	if got := sharedRun([]string{"a", "b", "x", "c"}, []string{"a", "b", "c"}); got != 2 {
		t.Errorf("sharedRun = %d, want 2", got)
	}
	for _, tc := range []struct{ a, b string }{
		{"Ridgeback 2", "Ridgeback 2 cargo e-bike"},
		{"M4 smart inverter", "M4"},
		{"multilingual voice agents", "multilingual voice agents"},
	} {
		if productKey(tc.a) != productKey(tc.b) {
			t.Errorf("productKey(%q) = %q, productKey(%q) = %q, want equal", tc.a, productKey(tc.a), tc.b, productKey(tc.b))
		}
	}
	for _, tc := range []struct{ a, b string }{{"Atlas", "Atlas 2"}, {"voice agents", "multilingual voice agents"}} {
		if productKey(tc.a) == productKey(tc.b) {
			t.Errorf("productKey(%q) = productKey(%q) = %q, want different", tc.a, tc.b, productKey(tc.a))
		}
	}
}

func TestWrittenOutAmountsAndSamples(t *testing.T) {
	for _, tc := range []struct {
		in, text string
		ok       bool
	}{
		{"fines Acme 2.1 million pounds", "£2.1M", true},
		{"raises 30 mln euros", "€30M", true},
		{"secures $40 mln in Series B funding", "$40M", true},
		{"a 5 million US dollars grant", "$5M", true},
		{"the robot lifts 3,000 pounds", "", false},
		{"5 million Canadian dollars", "", false},
	} {
		a, ok := ParseAmount(tc.in)
		if ok != tc.ok || a.Text != tc.text {
			t.Errorf("ParseAmount(%q) = %q %v, want %q %v", tc.in, a.Text, ok, tc.text, tc.ok)
		}
	}
	if got := productFacts("Acme ships first samples of its MX-1 sulfide electrolyte", acme).Product; got != "MX-1 sulfide electrolyte" {
		t.Errorf("product = %q, want what is sampled", got)
	}
	if got := filingProse("FORM 8-K. Item 5.02: Departure of Directors or Certain Officers; Election of Directors. Item 9.01: Financial Statements and Exhibits."); got != "" {
		t.Errorf("filingProse kept boilerplate: %q", got)
	}
	if got := filingProse("Appointment of Dana Whitfield as Chief Financial Officer. Item 5.02: Departure of Directors or Certain Officers."); got != "Appointment of Dana Whitfield as Chief Financial Officer." {
		t.Errorf("filingProse = %q", got)
	}
}

// TestCrossTypeMerge: two same-day reports the model types differently
// are one event when each finds the other's type probable enough; the
// event takes the type with the larger summed probability and the other
// report is read again as that type. Reports days apart, or where one
// type is improbable for the other report, stay apart; a structured
// candidate never merges across types.
func TestCrossTypeMerge(t *testing.T) {
	n := newNames("Ironleaf Software", nil, "")
	day := date(2026, 3, 3)
	text := func(url string, ty Type, probs map[Type]float64, head string, at time.Time) *cand {
		c := &cand{url: url, typ: ty, date: at, typed: typed{t: ty, p: probs[ty], probs: probs}, headText: head, leadText: ""}
		c.strength = probs[ty]
		return c
	}
	product := text("https://a.example/1", TypeProduct, map[Type]float64{TypeProduct: 0.55, TypePartnership: 0.40},
		"Ironleaf Software launches native integration with Pallister CRM", day)
	partner := text("https://b.example/2", TypePartnership, map[Type]float64{TypePartnership: 0.8, TypeProduct: 0.15},
		"Ironleaf Software partners with Pallister CRM", day.Add(5*time.Hour))
	if !sameEvent(product, partner) {
		t.Fatal("same-day reports typed product and partnership, each probable for the other, stayed apart")
	}
	g := []*cand{product, partner}
	retype(g, n)
	if product.typ != TypePartnership || partner.typ != TypePartnership {
		t.Errorf("types after retype: %s, %s; want partnership (0.4+0.8 > 0.55+0.15)", product.typ, partner.typ)
	}
	if product.strength != 0.40 || product.facts.Counterparty != "Pallister CRM" {
		t.Errorf("the product report read again as partnership: strength %.2f, facts %+v", product.strength, product.facts)
	}

	later := text("https://c.example/3", TypeProduct, map[Type]float64{TypeProduct: 0.55, TypePartnership: 0.40}, "Ironleaf Software launches an integration", day.Add(72*time.Hour))
	improbable := text("https://d.example/4", TypeProduct, map[Type]float64{TypeProduct: 0.95, TypePartnership: 0.02}, "Ironleaf Software launches Ironleaf 5", day)
	filing := &cand{url: "https://sec.example/8k", typ: TypeProduct, date: day, structured: true}
	partner2 := text("https://e.example/5", TypePartnership, map[Type]float64{TypePartnership: 0.8, TypeProduct: 0.15}, "Ironleaf Software partners with Pallister CRM", day)
	for _, tc := range []struct {
		name string
		a, b *cand
	}{{"three days apart", later, partner2}, {"improbable for the other", improbable, partner2}, {"structured", filing, partner2}} {
		if sameEvent(tc.a, tc.b) {
			t.Errorf("%s: merged", tc.name)
		}
	}
}
