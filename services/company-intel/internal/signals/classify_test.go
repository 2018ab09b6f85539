package signals

import "testing"

func TestClassify(t *testing.T) {
	tests := []struct {
		name     string
		headline string
		lead     string
		want     Type // "" means not an event
		strength float64
	}{
		{"funding headline", "Acme raises $40M Series B", "", TypeFunding, StrengthHeadline},
		{"denial is not an event", "Acme denies plans to acquire Globex", "", "", 0},
		{"negation is not an event", "Acme has not closed a Series C, CEO says", "", "", 0},
		{"talks are not an event", "Acme in talks to buy Globex, sources say", "", "", 0},
		{"deliberation is not an event", "Acme considering an IPO in 2027", "", "", 0},
		{"weighing a sale is not an event", "Acme weighs sale of its sensors unit", "", "", 0},
		{"statement on reports", "Acme statement on media reports regarding a funding round", "", "", 0},
		{"third party's market report", "Drone market will reach $60bn by 2030, report finds", "", "", 0},
		{"rumours in the background, event in the main clause", "After months of rumors, Acme signs deal to buy Globex", "", TypeAcquisition, StrengthHeadline},
		{"a product's weight is not deliberation", "Acme's new drone weighs just 249 grams and ships today", "", TypeProduct, StrengthHeadline},
		{"funding in lead only", "Acme is back with fresh capital", "Acme has raised $33 million in a Series B round led by Ridgecrest.", TypeFunding, StrengthLead},
		{"case-insensitive and inflected", "ACME SECURED $12 MILLION IN SEED FUNDING", "", TypeFunding, StrengthHeadline},
		{"raises concerns is not funding", "Acme raises concerns over EU AI rules", "", "", 0},
		{"raises prices is not funding", "Acme raises prices for its enterprise tier", "", "", 0},
		{"raises awareness is not funding", "Acme CEO raises awareness of the legal aid gap", "", "", 0},
		{"raises questions is not funding", "Acme raises questions about e-invoicing mandates", "", "", 0},
		{"raises outlook is financial", "Acme raises full-year outlook after strong quarter", "", TypeFinancial, StrengthHeadline},
		{"job ad is not leadership", "We're hiring a VP of Sales at Acme", "", "", 0},
		{"job posting is not leadership", "Job: Senior Engineer - Acme (Remote)", "", "", 0},
		{"appointment", "Acme appoints Jane Doe as Chief Revenue Officer", "", TypeLeadership, StrengthHeadline},
		{"departure", "Acme CEO John Roe steps down", "", TypeLeadership, StrengthHeadline},
		{"quote attribution is not a change", "Acme CEO: automation won't replace workers", "Acme's chief executive says robots will take over repetitive moves.", "", 0},
		{"customer story is not acquisition", "How Globex uses Acme to cut costs", "", "", 0},
		{"case study", "Case study: Acme helps Globex reduce churn", "", "", 0},
		{"acquire customers", "Acme says it acquires new customers in record numbers", "", "", 0},
		{"acquire talent", "Acme looks to acquire talent through apprenticeships", "", "", 0},
		{"acquisition cost", "Acme on lowering customer acquisition cost", "", "", 0},
		{"acquisition", "Acme to acquire Beta Analytics for $200M", "", TypeAcquisition, StrengthHeadline},
		{"acquired by", "Acme acquired by Globex", "", TypeAcquisition, StrengthHeadline},
		{"expands on a topic", "Acme expands on its AI roadmap in keynote", "", "", 0},
		{"expands into a market", "Acme expands into Brazil", "", TypeExpansion, StrengthHeadline},
		{"expands partnership", "Acme expands partnership with Globex", "", TypePartnership, StrengthHeadline},
		{"expands into with purchase is acquisition", "Acme expands into HVAC with purchase of Climatek", "", TypeAcquisition, StrengthHeadline},
		{"layoffs are financial", "Acme lays off 12% of staff", "", TypeFinancial, StrengthHeadline},
		{"job cuts are financial not hiring", "Acme cuts 200 jobs as demand slumps", "", TypeFinancial, StrengthHeadline},
		{"hiring count", "Acme to hire 300 engineers in Austin", "", TypeHiring, StrengthHeadline},
		{"opinion", "Opinion: Why Acme's bet may not pay off", "", "", 0},
		{"listicle", "10 startups to watch in 2026, including Acme", "", "", 0},
		{"question", "Is Acme preparing for an IPO?", "", "", 0},
		{"stock move without event ignores the lead", "Acme shares jump 9% in early trading", "Analysts cite Acme's valuation.", "", 0},
		{"stock move with event", "Acme shares jump after earnings beat estimates", "", TypeFinancial, StrengthHeadline},
		{"main clause beats after-clause", "Acme names new CEO following takeover by Globex", "", TypeLeadership, StrengthHeadline},
		{"main clause beats purpose clause", "Acme bags £6m to expand into US", "", TypeFunding, StrengthHeadline},
		{"in partnership with is background", "Acme launches solar subscription in partnership with utilities", "", TypeProduct, StrengthHeadline},
		{"specific technology beats generic select", "Acme selects Snowflake to modernise its data stack", "", TypeTechnology, StrengthHeadline},
		{"rolls out a third-party technology", "Acme rolls out Epic EHR across its clinics", "", TypeTechnology, StrengthHeadline},
		{"regulatory certification", "Acme achieves SOC 2 Type II compliance", "", TypeRegulatory, StrengthHeadline},
		{"fine-tunes is not a fine", "Acme fine-tunes its speech model", "", "", 0},
		{"award is other", "Acme wins 2026 Innovation Award", "", TypeOther, StrengthHeadline},
		{"keynote is other", "Acme CEO to keynote HealthTech Summit", "", TypeOther, StrengthHeadline},
		{"honorific does not break the window", "Acme names Dr. Sam Patel chief medical officer", "", TypeLeadership, StrengthHeadline},
		{"term loan is funding", "Acme secures $50M term loan from Barclays", "", TypeFunding, StrengthHeadline},
		{"revolving credit facility is funding", "Acme closes €30m revolving credit facility", "", TypeFunding, StrengthHeadline},
		{"line of credit is funding", "Acme agrees £10m line of credit with Lloyds", "", TypeFunding, StrengthHeadline},
		{"currency written after the number", "Acme raises 12 mln euros, valued at 80 mln", "", TypeFunding, StrengthHeadline},
		{"charity fundraising is not funding", "Employees raise $5,000 for local food bank", "", "", 0},
		{"money for a physical facility is not funding", "Acme opens $200M manufacturing facility in Ohio", "", TypeExpansion, StrengthHeadline},
		{"take on apprentices", "Acme to take on 80 apprentices this autumn", "", TypeHiring, StrengthHeadline},
		{"new people joined", "12 new starters joined the team in March", "", TypeHiring, StrengthHeadline},
		{"new customers joining is not hiring", "40 new customers joined us this quarter", "", TypeFinancial, StrengthHeadline},
		{"hiring programme is not a product", "Acme launches graduate hiring programme for 60 engineers", "", TypeHiring, StrengthHeadline},
		{"bare head count", "Acme to recruit 150 for new Ohio plant", "", TypeHiring, StrengthHeadline},
		{"site purchase is expansion", "Acme completes purchase of 4-acre site in Austin", "", TypeExpansion, StrengthHeadline},
		{"property startup is acquisition", "Acme buys property startup Nestly", "", TypeAcquisition, StrengthHeadline},
		{"buying goods in numbers is not M&A", "Acme to buy 30 Airbus A320 aircraft", "", "", 0},
		{"now live in a place", "Acme is now live in Germany", "", TypeExpansion, StrengthHeadline},
		{"live in an app store is not expansion", "Acme app is now live in the App Store", "", "", 0},
		{"unveils an office", "Acme Unveils New Singapore Regional Headquarters", "", TypeExpansion, StrengthHeadline},
		{"product named like a place", "Acme debuts Claims Studio at InsurTech Connect", "", TypeProduct, StrengthHeadline},
		{"joining the family", "Beta is joining the Acme family", "", TypeAcquisition, StrengthHeadline},
		{"becomes part of", "Beta becomes part of Acme", "", TypeAcquisition, StrengthHeadline},
		{"person to join as role", "Jane Doe to join Acme as CFO", "", TypeLeadership, StrengthHeadline},
		{"chosen as exclusive supplier", "Acme chosen as preferred supplier for NHS trusts", "", TypePartnership, StrengthHeadline},
		{"taps executive to lead", "Acme taps former Google executive to lead European expansion", "", TypeLeadership, StrengthHeadline},
		{"deploys across sites", "Acme deploys computer vision across 200 stores", "", TypeTechnology, StrengthHeadline},
		{"deploys drones", "Acme to deploy inspection drones on its vessels", "", TypeTechnology, StrengthHeadline},
		{"samples a chip", "Acme samples new 2nm chip to lead customers", "", TypeProduct, StrengthHeadline},
		{"meet us at a booth", "Visit us at CES: booth 4521", "", TypeOther, StrengthHeadline},
		{"founder named to an award", "Acme founder named EY Entrepreneur of the Year", "", TypeOther, StrengthHeadline},
		{"award category with debut", "Acme's Falcon scoops Best Debut Game at Games Awards", "", TypeOther, StrengthHeadline},
		{"named one of", "Acme named one of Europe's Climate Leaders", "", TypeOther, StrengthHeadline},
		{"workplace certification", "Great Place to Work certifies Acme for third year", "", TypeOther, StrengthHeadline},
		{"person named to board is leadership", "Jane Doe named to Acme board", "", TypeLeadership, StrengthHeadline},
		{"spelled-out listicle", "Five ways to acquire customers without paid ads", "", "", 0},
		{"spelled-out count is not a listicle", "Two firms team up on battery recycling", "", TypePartnership, StrengthHeadline},
		{"teaser question", "Merger mania? What consolidation means for shippers", "", "", 0},
		{"event after a teaser", "AI bubble? Acme raises $100M anyway", "", TypeFunding, StrengthHeadline},
		{"greeting", "Happy 10th birthday, Acme!", "Ten years ago Acme started in a garage.", "", 0},
		{"open-sourcing is not opening", "We're open-sourcing Tidewater, our streaming feature store", "", TypeTechnology, StrengthHeadline},
		{"anniversary report is other", "Acme celebrates 10th anniversary", "", TypeOther, StrengthHeadline},
		{"no event", "Acme sees strong demand, says spokesperson", "A spokesperson said demand remains strong.", "", 0},
		{"empty", "", "", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, strength, ok := lexiconType(tc.headline, tc.lead)
			if tc.want == "" {
				if ok {
					t.Fatalf("Classify(%q) = %s, want no event", tc.headline, got)
				}
				return
			}
			if !ok || got != tc.want || strength != tc.strength {
				t.Fatalf("Classify(%q) = %q %.1f %v, want %q %.1f", tc.headline, got, strength, ok, tc.want, tc.strength)
			}
		})
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int
	}{
		{"two sentences", "Acme raised money. It will hire.", 2},
		{"abbreviation", "Acme Inc. raised money from U.S. investors. It will hire.", 2},
		{"initial", "Jane A. Doe joins Acme. She starts Monday.", 2},
		{"no split before lower case", "Acme raised $1.5 million. and more", 1},
		{"single", "Acme raised money", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := sentences(tc.in); len(got) != tc.want {
				t.Fatalf("sentences(%q) = %q, want %d", tc.in, got, tc.want)
			}
		})
	}
}

// TestLexiconReadsAgreesWithHits: the early-exit reading (lexiconReads)
// answers as lexiconHits does, on every headline and lead of the labelled
// set and the sixth corpus's development part.
func TestLexiconReadsAgreesWithHits(t *testing.T) {
	var texts []string
	for _, l := range loadLabelled(t, "testdata/labelled.jsonl") {
		texts = append(texts, foldAbbrev(prepText(l.Headline)), leadText(l.Lead))
	}
	for _, c := range loadCorpus(t, corpusSixthDev) {
		texts = append(texts, foldAbbrev(prepText(c.Headline)), leadText(c.Lead))
	}
	reads := 0
	for _, text := range texts {
		folded := foldCase(text)
		for i := range lexicons {
			want := len(lexiconHits(i, text, folded)) > 0
			if got := lexiconReads(i, text, folded); got != want {
				t.Fatalf("lexicon %d (%s) on %q: reads %v, hits %v", i, lexicons[i].t, text, got, want)
			}
			if want {
				reads++
			}
		}
	}
	if reads < len(texts)/2 {
		t.Fatalf("only %d readings in %d texts: the check compared too little", reads, len(texts))
	}
}
