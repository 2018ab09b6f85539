package signals

import (
	"reflect"
	"testing"
)

var acme = newNames("Acme Robotics, Inc.", []string{"Acme"}, "acme.com")

func TestParseAmount(t *testing.T) {
	tests := []struct {
		name string
		in   string
		usd  int64
		text string
		ok   bool
	}{
		{"dollar M", "raises $40M Series B", 40_000_000, "$40M", true},
		{"dollar million", "raised $40 million", 40_000_000, "$40M", true},
		{"decimal", "nabs $8.5M", 8_500_000, "$8.5M", true},
		{"US dollar prefix", "US$22 million round", 22_000_000, "$22M", true},
		{"ISO code", "USD 15 million", 15_000_000, "$15M", true},
		{"billion", "a $1.1B buyout", 1_100_000_000, "$1.1B", true},
		{"bn", "$2bn deal", 2_000_000_000, "$2B", true},
		{"mm", "$25mm facility", 25_000_000, "$25M", true},
		{"thousand k", "$500k grant", 500_000, "$500K", true},
		{"euro kept in euros", "€12 million seed", 0, "€12M", true},
		{"pound lower-case m", "bags £6m", 0, "£6M", true},
		{"decimal comma", "€2,5 million", 0, "€2.5M", true},
		{"thousands comma", "$1,200 million", 1_200_000_000, "$1.2B", true},
		{"written out", "paid $12,500,000 in cash", 12_500_000, "$12.5M", true},
		{"first of several", "raises $40M at a $400M valuation", 40_000_000, "$40M", true},
		{"rounded to two decimals", "$1.234B", 1_234_000_000, "$1.23B", true},
		{"no magnitude", "priced at $18 per share", 0, "", false},
		{"no currency", "40 million users", 0, "", false},
		{"absurd", "$99999999 billion", 0, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, ok := ParseAmount(tc.in)
			if ok != tc.ok || a.USD != tc.usd || a.Text != tc.text {
				t.Fatalf("ParseAmount(%q) = %+v %v, want usd=%d text=%q ok=%v", tc.in, a, ok, tc.usd, tc.text, tc.ok)
			}
		})
	}
}

func TestFundingFacts(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		round     string
		investors []string
	}{
		{"series and lead", "Acme raises $40M Series B led by Northgate Ventures, with participation from Basalt Capital and Fjord Partners.", "Series B", []string{"Northgate Ventures", "Basalt Capital", "Fjord Partners"}},
		{"seed with investors from", "Acme snags $12M seed from Fieldstone Ventures and Arrowmark Partners.", "Seed", []string{"Fieldstone Ventures", "Arrowmark Partners"}},
		{"pre-seed", "Acme gets $3 million pre-seed backing from angels.", "Pre-seed", nil},
		{"co-led", "Acme raised $8.5M in a round co-led by Crestline Ventures and Halden Capital.", "", []string{"Crestline Ventures", "Halden Capital"}},
		{"growth equity", "Acme secures $25M in growth equity from Harborline Capital.", "Growth", []string{"Harborline Capital"}},
		{"credit facility", "Acme obtains $75M credit facility.", "Credit facility", nil},
		{"ipo", "Acme files for Nasdaq IPO.", "IPO", nil},
		{"series with number", "Acme closes Series B-2 extension.", "Series B-2", nil},
		{"company not an investor", "Acme Robotics raises $5M led by Acme.", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := fundingFacts(tc.text, acme)
			if f.Round != tc.round || !reflect.DeepEqual(f.Investors, tc.investors) {
				t.Fatalf("fundingFacts(%q) = round %q investors %q, want %q %q", tc.text, f.Round, f.Investors, tc.round, tc.investors)
			}
		})
	}
}

func TestAcquisitionFacts(t *testing.T) {
	tests := []struct {
		name, text, cp string
		target         bool
		merger         bool
		divest         bool
	}{
		{"acquires X", "Acme acquires field-service startup Routewise.", "Routewise", false, false, false},
		{"to acquire X", "Acme to acquire Beta Analytics for $200M.", "Beta Analytics", false, false, false},
		{"acquisition of X", "Acme completes acquisition of LogHound.", "LogHound", false, false, false},
		{"buys rival", "Acme buys rival Ferrox.", "Ferrox", false, false, false},
		{"title case descriptor", "Acme Acquires Field-Service Startup Routewise", "Routewise", false, false, false},
		{"X acquires company", "Globex acquires Acme Robotics in $400 million deal.", "Globex", true, false, false},
		{"acquired by X", "Acme to be acquired by Voltaris in $400 million deal.", "Voltaris", true, false, false},
		{"descriptor as last word is part of the name", "Acme agrees to sell itself to Northwind Software for $250M.", "Northwind Software", true, false, false},
		{"merger", "Acme agrees to merge with Tradelane.", "Tradelane", false, true, false},
		{"divestiture", "Acme sells behavioral health unit to Ardent Care.", "Ardent Care", false, false, true},
		{"take private", "Stonebridge takes Acme private in $1.1B buyout.", "Stonebridge", true, false, false},
		{"a place and a description before the name", "Acme to buy Plymouth sonar specialist Pell Harbour for £62m", "Pell Harbour", false, false, false},
		{"a place's possessive before the name", "Acme has agreed to buy Plymouth's Pell Harbour Sonar Ltd for £62 million.", "Pell Harbour Sonar", false, false, false},
		{"a described firm with no name names none", "Acme to buy Leeds dental firm as it grows. It acquires Quill Imaging.", "Quill Imaging", false, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := acquisitionFacts(tc.text, acme)
			f, target, merger, divest := a.f, a.target, a.merger, a.divest
			if f.Counterparty != tc.cp || target != tc.target || merger != tc.merger || divest != tc.divest {
				t.Fatalf("acquisitionFacts(%q) = %q target=%v merger=%v divest=%v, want %q %v %v %v", tc.text, f.Counterparty, target, merger, divest, tc.cp, tc.target, tc.merger, tc.divest)
			}
		})
	}
}

func TestPartnershipFacts(t *testing.T) {
	tests := []struct {
		name, text, cp string
		customer       bool
	}{
		{"partners with", "Acme partners with Coldline to bring AI scheduling to contractors.", "Coldline", false},
		{"teams up with", "Acme teams up with Ledgerly on contract-to-cash workflows.", "Ledgerly", false},
		{"selected by", "Acme selected by Portmark Logistics for shipment visibility.", "Portmark Logistics", true},
		{"X selects company", "Fairhaven Credit Union selects Acme to modernise lending.", "Fairhaven Credit Union", true},
		{"and-form", "Acme and Voltaris announce strategic partnership.", "Voltaris", false},
		{"comma-form", "Acme, Merrow Bank collaborate on fraud detection.", "Merrow Bank", false},
		{"contract with", "Acme wins five-year supply contract with Norvik Motors.", "Norvik Motors", true},
		{"agreement with", "Acme signs reseller agreement with Tessera Distribution.", "Tessera Distribution", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, customer := partnershipFacts(tc.text, acme)
			if f.Counterparty != tc.cp || customer != tc.customer {
				t.Fatalf("partnershipFacts(%q) = %q customer=%v, want %q %v", tc.text, f.Counterparty, customer, tc.cp, tc.customer)
			}
		})
	}
}

func TestLeadershipFacts(t *testing.T) {
	tests := []struct {
		name, headline, lead, person, role string
		departure                          bool
	}{
		{"appoints as", "Acme appoints Jane Doe as Chief Revenue Officer", "", "Jane Doe", "Chief Revenue Officer", false},
		{"names X CFO", "Acme names Daniel Reyes CFO", "", "Daniel Reyes", "CFO", false},
		{"title case", "Acme Names Daniel Reyes CFO", "", "Daniel Reyes", "CFO", false},
		{"steps down as", "John Roe steps down as CEO of Acme", "", "John Roe", "CEO", true},
		{"role then name", "Acme CEO Tom Hargreaves steps down", "", "Tom Hargreaves", "CEO", true},
		{"promotes to", "Acme promotes Sarah Lindqvist to President", "", "Sarah Lindqvist", "President", false},
		{"person from lead with the same role", "Acme CTO to retire", "Acme said its chief technology officer, Ravi Sen, plans to retire.", "Ravi Sen", "CTO", true},
		{"lead person with another role is not taken", "Acme announces CEO succession plan", "The founder will hand the role to chief operating officer Dev Mehta.", "", "CEO", false},
		{"honorific dropped", "Acme names Dr. Hannah Cole chief medical officer", "", "Hannah Cole", "chief medical officer", false},
		{"role only", "Acme names new CFO", "", "", "CFO", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, dep := leadershipFacts(prepText(tc.headline), leadText(tc.lead), acme)
			if f.Person != tc.person || f.Role != tc.role || dep != tc.departure {
				t.Fatalf("leadershipFacts(%q) = %q %q departure=%v, want %q %q %v", tc.headline, f.Person, f.Role, dep, tc.person, tc.role, tc.departure)
			}
		})
	}
}

func TestProductFacts(t *testing.T) {
	tests := []struct{ name, text, product string }{
		{"launches name", "Acme launches Acme Vision 2.0 for warehouses.", "Acme Vision 2.0"},
		{"unveils with version", "Acme unveils GridSense 2.0", "GridSense 2.0"},
		{"name with kind", "Acme introduces the M4 smart inverter", "M4 smart inverter"},
		{"lower-case description", "Acme rolls out multilingual voice agents", "multilingual voice agents"},
		{"version", "Acme releases version 5.0 of its observability suite", "version 5.0"},
		{"general availability of", "Acme announces general availability of Acme Vault", "Acme Vault"},
		{"now available", "Acme's Horizon analytics platform is now generally available", "Horizon analytics platform"},
		{"now available colon", "Now available: Acme Insights for Teams", "Acme Insights"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := productFacts(tc.text, acme).Product; got != tc.product {
				t.Fatalf("productFacts(%q) = %q, want %q", tc.text, got, tc.product)
			}
		})
	}
}

func TestExpansionFacts(t *testing.T) {
	tests := []struct{ name, text, place, facility string }{
		{"opens office in", "Acme opens office in Berlin", "Berlin", "office"},
		{"expands into", "Acme expands into Brazil", "Brazil", ""},
		{"city and region", "Acme will open a facility in Reno, Nevada, next year", "Reno, Nevada", "facility"},
		{"enters market", "Acme enters Japanese market", "the Japanese market", ""},
		{"headquarters move", "Acme moves headquarters to Nashville", "Nashville", "headquarters"},
		{"numbers are not places", "Acme expands to 12 new cities across Europe", "Europe", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, fac := expansionFacts(tc.text, acme)
			if f.Place != tc.place || fac != tc.facility {
				t.Fatalf("expansionFacts(%q) = %q %q, want %q %q", tc.text, f.Place, fac, tc.place, tc.facility)
			}
		})
	}
}

func TestFinancialSubtype(t *testing.T) {
	tests := []struct{ evid, full, want string }{
		{"Acme lays off 180 workers", "", "restructuring"},
		{"Acme – Form 8-K – Item 2.05 Costs Associated with Exit or Disposal Activities", "", "restructuring"},
		{"Acme – Form 8-K – Other Events", "The Company committed to a reduction in force affecting 180 employees.", "restructuring"},
		{"Ambervale to close 14 stores", "", "restructuring"},
		{"Acme reports third-quarter revenue up 31%", "", "results"},
		{"A hard message to share today", "Today we said goodbye to colleagues.", "results"},
		{"Acme raises full-year guidance", "", "outlook"},
		{"Acme – Schedule TO-I/A: Final Amendment Reporting Results of Employee Tender Offer", "", "valuation"},
		{"Acme staff cash out in secondary sale", "", "valuation"},
	}
	for _, tc := range tests {
		if got := financialSubtypeOf(tc.evid, tc.evid+". "+tc.full); got != tc.want {
			t.Errorf("financialSubtypeOf(%q, …) = %q, want %q", tc.evid, got, tc.want)
		}
	}
}

func TestHiringAndTechFacts(t *testing.T) {
	if f := hiringTextFacts("Acme to hire 300 engineers in Austin", acme); f.OpenRoles != 300 || f.Place != "Austin" {
		t.Errorf("hiringTextFacts = %+v, want 300 in Austin", f)
	}
	if f := hiringTextFacts("Acme plans to double headcount to 160 employees", acme); f.OpenRoles != 0 {
		t.Errorf("a headcount target is not open roles: %+v", f)
	}
	if f := techFacts("Acme migrates core platform to AWS"); f.Product != "AWS" {
		t.Errorf("techFacts = %q, want AWS", f.Product)
	}
	if f := techFacts("Acme moves its legacy stack to Snowflake"); f.Product != "Snowflake" {
		t.Errorf("techFacts prefers a specific technology, got %q", f.Product)
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		phrase string
		want   bool
	}{
		{"Acme", true}, {"Acme Robotics", true}, {"ACME ROBOTICS INC.", true},
		{"Acme Robotics Europe", true}, {"Globex", false}, {"Acmeville", false},
	}
	for _, tc := range tests {
		if got := acme.is(tc.phrase); got != tc.want {
			t.Errorf("is(%q) = %v, want %v", tc.phrase, got, tc.want)
		}
	}
	if !acme.mentioned("Shares of ACME rose") || acme.mentioned("Acmeville council meets") {
		t.Error("mentioned must match whole words only")
	}
}
