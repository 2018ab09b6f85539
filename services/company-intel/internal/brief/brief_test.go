package brief

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

const (
	wd      = "https://www.wikidata.org/wiki/Q1"
	home    = "https://www.northwind.example/"
	cfoPost = "https://www.northwind.example/newsroom/cfo"
	cfo8K   = "https://www.sec.gov/Archives/edgar/data/1/0001-26-000001-index.htm"
	deal    = "https://www.reuters.com/northwind-contoso"
	atlas   = "https://www.northwind.example/newsroom/atlas-2"
	board   = "https://boards.greenhouse.io/northwind"
)

func d(s string) *string { return &s }

func mkFact(v, u string) *bundle.Fact { return &bundle.Fact{Value: v, SourceURL: u} }

func northwind() Input {
	jobs := []bundle.Job{
		{Title: "Robotics Software Engineer", Department: "Engineering", Location: "Pittsburgh, PA, United States", Technologies: []string{"ROS 2", "C++"}},
		{Title: "Perception Engineer", Department: "Engineering", Location: "Pittsburgh, PA, United States", Technologies: []string{"C++"}},
		{Title: "Embedded Engineer", Department: "Engineering", Location: "Pittsburgh, PA, United States", Technologies: []string{"ROS 2"}},
		{Title: "Field Service Technician", Department: "Customer Operations", Location: "Rotterdam, Netherlands"},
		{Title: "Field Service Technician", Department: "Customer Operations", Location: "Columbus, OH, United States"},
		{Title: "Account Executive", Department: "Sales", Remote: true},
	}
	in := Input{
		Company: bundle.Company{Name: "Northwind Robotics", Domain: "northwind.example", Ticker: "NWRB"},
		Profile: bundle.Profile{
			Description:   mkFact("Northwind Robotics builds autonomous mobile robots that move pallets through warehouses.", home),
			Industry:      mkFact("warehouse automation", wd),
			Headquarters:  mkFact("Pittsburgh, PA", cfo8K),
			EmployeeRange: mkFact("1001-5000", wd),
		},
		Items: []bundle.Item{
			{Kind: bundle.KindProfile, Provider: "wikidata", Doc: source.Document{URL: wd, Title: "Northwind Robotics"}},
			{Kind: bundle.KindPage, Provider: "website", Doc: source.Document{URL: home, Title: "Northwind Robotics — robots for warehouses"},
				Tech: []bundle.Tech{{Name: "HubSpot", Category: "marketing_automation", Confidence: 0.9, Detail: "script js.hs-scripts.com"}}},
			{Kind: bundle.KindPress, Provider: "website", Doc: source.Document{URL: cfoPost, Title: "Northwind Robotics names Dana Whitfield chief financial officer"}},
			{Kind: bundle.KindPress, Provider: "website", Doc: source.Document{URL: atlas, Title: "Atlas 2 is now available to order"}},
			{Kind: bundle.KindFiling, Provider: "sec", Doc: source.Document{URL: cfo8K, Title: "8-K"},
				Filing: &bundle.Filing{Form: "8-K", Items: []string{"5.02"}, Filed: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}},
			{Kind: bundle.KindNews, Provider: "gdelt", Doc: source.Document{URL: deal, Title: "Northwind signs deal with Contoso Logistics"}},
			{Kind: bundle.KindJobBoard, Provider: "greenhouse", Doc: source.Document{URL: board, Title: "Jobs at Northwind Robotics"}, Jobs: jobs},
		},
		Signals: []signals.Signal{
			{Type: signals.TypeLeadership, Headline: "Northwind Robotics names Dana Whitfield chief financial officer", EventDate: d("2026-11-20"),
				Summary: "Dana Whitfield succeeds Raj Patel as CFO.", Confidence: 0.95, Evidence: []string{cfoPost, cfo8K},
				Facts: signals.Facts{Person: "Dana Whitfield", Role: "chief financial officer"}, WhyNow: "Appointed Dana Whitfield as chief financial officer on 2026-11-20."},
			{Type: signals.TypePartnership, Headline: "Northwind Robotics signs five-year deal with Contoso Logistics", EventDate: d("2026-11-13"),
				Summary: "Contoso Logistics will deploy 600 Atlas robots in 40 distribution centers.", Confidence: 0.9, Evidence: []string{deal},
				Facts: signals.Facts{Counterparty: "Contoso Logistics"}, WhyNow: "Won Contoso Logistics as a customer (announced 2026-11-13)."},
			{Type: signals.TypeProduct, Headline: "Atlas 2 is now available to order", EventDate: d("2026-11-06"),
				Summary: "Atlas 2 lifts 1.5-tonne pallets.", Confidence: 0.85, Evidence: []string{atlas},
				Facts: signals.Facts{Product: "Atlas 2"}, WhyNow: "Launched Atlas 2 on 2026-11-06."},
			{Type: signals.TypeHiring, Headline: "Northwind Robotics is hiring", EventDate: d("2026-11-22"),
				Summary: "6 open roles.", Confidence: 0.9, Evidence: []string{board},
				Facts: signals.Facts{Department: "Engineering", OpenRoles: 6}},
		},
		LookbackDays: 90,
		Now:          now,
	}
	return in
}

var (
	safety = &qualify.Seller{Product: "Warehouse safety monitoring SaaS: computer-vision alerts for forklift near-misses",
		ValueProposition: "Cut recordable incidents and insurance costs in warehouses", IdealCustomerProfile: "B2B logistics and robotics companies in the US with 200-2000 employees"}
	finance = &qualify.Seller{Product: "Spend management and procurement software for finance teams",
		ValueProposition: "Close the books faster and control vendor spend", IdealCustomerProfile: "Public companies in North America"}
	marketing = &qualify.Seller{Product: "Marketing automation platform for B2B campaigns", ValueProposition: "More pipeline from the same ad spend"}
)

func withSeller(in Input, s *qualify.Seller) Input {
	in.Seller = s
	in.Fit = qualify.Qualify(qualify.Input{Company: in.Company, Profile: in.Profile, Items: in.Items, Signals: in.Signals, Seller: s, Now: in.Now})
	return in
}

// urls are the input's item URLs: the only URLs a claim may cite.
func urls(in Input) map[string]bool {
	m := map[string]bool{}
	for _, it := range in.Items {
		m[it.Doc.URL] = true
	}
	return m
}

func TestInsufficientEvidence(t *testing.T) {
	neither := northwind()
	neither.Profile.Description = nil
	neither.Signals = nil
	undated := northwind()
	undated.Profile.Description = nil
	for i := range undated.Signals {
		undated.Signals[i].EventDate = nil
	}
	blank := northwind()
	blank.Profile.Description = mkFact("  ", home)
	blank.Signals = nil
	for name, in := range map[string]Input{"neither": neither, "undated signals, no description": undated, "blank description, no signals": blank} {
		t.Run(name, func(t *testing.T) {
			_, err := Compose(in)
			var ins *Insufficient
			if !errors.As(err, &ins) || !strings.Contains(ins.Reason, "no source describes") || !strings.Contains(ins.Reason, "no dated trigger") {
				t.Fatalf("Compose err = %v, want *Insufficient naming both gaps", err)
			}
			if _, err := ComposeDeep(withSeller(in, safety)); !errors.As(err, &ins) {
				t.Fatalf("ComposeDeep err = %v, want *Insufficient", err)
			}
		})
	}
}

// A brief is written whenever the evidence supports one: events without a
// description name the gap; a description without events has no why-now.
func TestBriefWithOneHalf(t *testing.T) {
	noDesc := northwind()
	noDesc.Profile.Description = nil
	for _, s := range []*qualify.Seller{nil, safety} {
		in := noDesc
		if s != nil {
			in = withSeller(noDesc, s)
		}
		b, err := Compose(in)
		if err != nil {
			t.Fatalf("seller %v: Compose: %v", s != nil, err)
		}
		if len(b.WhyNow) == 0 {
			t.Error("no why-now from the events")
		}
		if len(b.Risks) == 0 || b.Risks[0].Risk != "No self-description" || !strings.Contains(b.Risks[0].Explanation, "e found no self-description of Northwind Robotics") {
			t.Errorf("risks do not name the gap first: %+v", b.Risks)
		}
		if !slices.ContainsFunc(b.Approach.QuestionsToValidate, func(q string) bool { return strings.HasPrefix(q, "What does Northwind Robotics do, and for whom?") }) {
			t.Errorf("questions do not ask what it does: %q", b.Approach.QuestionsToValidate)
		}
		if s == nil {
			continue // the deep brief is written for a seller
		}
		deep, err := ComposeDeep(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(deep.Questions) != DiscoveryQuestions || !strings.Contains(deep.Questions[0].Text, "We found no self-description") {
			t.Errorf("discovery questions: %+v", deep.Questions)
		}
		if strings.Contains(deep.Positioning.Text, "described as") || strings.Contains(deep.Positioning.Text, ", .") {
			t.Errorf("positioning guesses a description: %q", deep.Positioning.Text)
		}
	}
	// Only "other" events (nothing set in motion) and no description: the
	// approach cites the newest trigger and asks what the company does.
	otherOnly := northwind()
	otherOnly.Profile.Description = nil
	otherOnly.Signals = []signals.Signal{{Type: signals.TypeOther, Headline: "Northwind Robotics to exhibit at ProMat 2027", EventDate: d("2026-11-18"),
		Confidence: 0.8, Evidence: []string{deal}, Summary: "Northwind exhibits at ProMat."}}
	for _, s := range []*qualify.Seller{nil, safety} {
		in := otherOnly
		if s != nil {
			in = withSeller(otherOnly, s)
		}
		b, err := Compose(in)
		if err != nil {
			t.Fatal(err)
		}
		a := b.Approach.RecommendedAction
		if !strings.Contains(a, "“Northwind Robotics to exhibit at ProMat 2027” (2026-11-18)") || !strings.Contains(a, "asks what Northwind Robotics does today") || strings.Contains(a, ", .") {
			t.Errorf("action: %q", a)
		}
		if s != nil && (b.Approach.MessageAngle == nil || !strings.Contains(*b.Approach.MessageAngle, "so ask what it does")) {
			t.Errorf("angle: %v", b.Approach.MessageAngle)
		}
	}

	// A description and no dated event: a brief with no why-now.
	noEvents := northwind()
	noEvents.Signals = nil
	b, err := Compose(withSeller(noEvents, safety))
	if err != nil {
		t.Fatalf("description only: %v", err)
	}
	if len(b.WhyNow) != 0 || !strings.Contains(b.Approach.RecommendedAction, "which builds autonomous mobile robots") {
		t.Errorf("description only: whyNow %d, action %q", len(b.WhyNow), b.Approach.RecommendedAction)
	}
	deep, err := ComposeDeep(withSeller(noEvents, safety))
	if err != nil {
		t.Fatalf("description only, deep: %v", err)
	}
	if p := deep.Positioning.Text; strings.Contains(p, ",.") || strings.Contains(p, ", .") || !strings.Contains(p, "which builds autonomous mobile robots") {
		t.Errorf("description only, positioning: %q", p)
	}
}

func TestSellerDecidesTheAnchor(t *testing.T) {
	ops, err := Compose(withSeller(northwind(), safety))
	if err != nil {
		t.Fatal(err)
	}
	fin, err := Compose(withSeller(northwind(), finance))
	if err != nil {
		t.Fatal(err)
	}
	// Operations seller: the customer deal opens the budget; finance
	// seller: the new CFO does, and is the one to contact.
	if !strings.Contains(ops.WhyNow[0].Reason, "Contoso Logistics") || !strings.Contains(ops.Approach.RecommendedAction, "Contoso Logistics") {
		t.Errorf("operations seller anchored on %q / %q", ops.WhyNow[0].Reason, ops.Approach.RecommendedAction)
	}
	if !strings.Contains(fin.WhyNow[0].Reason, "Dana Whitfield") || !strings.HasPrefix(fin.Approach.RecommendedAction, "Contact Dana Whitfield") {
		t.Errorf("finance seller anchored on %q / %q", fin.WhyNow[0].Reason, fin.Approach.RecommendedAction)
	}
	if !strings.Contains(strings.Join(fin.Approach.RolesToContact, "|"), "Dana Whitfield") {
		t.Errorf("finance roles %v lack the new CFO", fin.Approach.RolesToContact)
	}
	if strings.Contains(strings.Join(ops.Approach.RolesToContact, "|"), "Dana Whitfield") {
		t.Errorf("operations roles %v name the CFO as a contact", ops.Approach.RolesToContact)
	}
	if ops.Approach.MessageAngle == nil || !strings.Contains(*ops.Approach.MessageAngle, "warehouse safety monitoring SaaS") {
		t.Errorf("message angle = %v", ops.Approach.MessageAngle)
	}
}

func TestWithoutSeller(t *testing.T) {
	in := northwind()
	in.Fit = qualify.Qualify(qualify.Input{Company: in.Company, Profile: in.Profile, Items: in.Items, Signals: in.Signals, Now: in.Now})
	b, err := Compose(in)
	if err != nil {
		t.Fatal(err)
	}
	if b.Approach.MessageAngle != nil {
		t.Errorf("message angle without a seller: %q", *b.Approach.MessageAngle)
	}
	if len(b.Approach.RolesToContact) == 0 || !strings.HasPrefix(b.Approach.RolesToContact[0], "Dana Whitfield") {
		t.Errorf("roles = %v, want the named executive first", b.Approach.RolesToContact)
	}
	if len(b.WhyNow) != 3 { // the hiring signal has no why-now sentence
		t.Errorf("whyNow = %d items, want 3", len(b.WhyNow))
	}
	for _, w := range b.WhyNow {
		if strings.Contains(w.Reason, "the opening is") {
			t.Errorf("why-now ties to a product nobody sells: %q", w.Reason)
		}
	}
}

func TestDeepSections(t *testing.T) {
	in := withSeller(northwind(), marketing)
	deep, err := ComposeDeep(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(deep.Questions) != DiscoveryQuestions {
		t.Fatalf("%d discovery questions", len(deep.Questions))
	}
	seen := map[string]bool{}
	for _, q := range deep.Questions {
		if seen[q.Text] || !strings.Contains(q.Text, "?") {
			t.Errorf("question %q repeated or not a question", q.Text)
		}
		seen[q.Text] = true
	}
	all := func(ss []Statement) string {
		var b strings.Builder
		for _, s := range ss {
			b.WriteString(s.Text + "\n")
		}
		return b.String()
	}
	var clues strings.Builder
	for _, c := range deep.Clues {
		clues.WriteString(c.Clue + " " + c.Implication + "\n")
	}
	for _, want := range []string{"HubSpot", "ROS 2 (2)", "C++ (2)", "3 in Engineering", "Rotterdam", "8-K on 2026-11-20"} {
		if !strings.Contains(clues.String(), want) {
			t.Errorf("clues lack %q:\n%s", want, clues.String())
		}
	}
	// HubSpot is marketing automation: the incumbent for this seller.
	if c := all(deep.Competitors); !strings.Contains(c, "already runs HubSpot") {
		t.Errorf("competitors lack the incumbent:\n%s", c)
	}
	if o := all(deep.Objections); !strings.Contains(o, "We already use HubSpot") || !strings.Contains(o, "Dana Whitfield") {
		t.Errorf("objections:\n%s", o)
	}
	if !strings.Contains(deep.Positioning.Text, "Northwind Robotics, which builds autonomous mobile robots") {
		t.Errorf("positioning = %q", deep.Positioning.Text)
	}
	if len(deep.Plan.Sequence) < 3 || deep.Plan.FirstStep != deep.Approach.RecommendedAction {
		t.Errorf("plan = %+v", deep.Plan)
	}
	if len(deep.Initiatives) == 0 || deep.Initiatives[0].Basis != Observed {
		t.Errorf("initiatives = %+v", deep.Initiatives)
	}
}

func TestEveryClaimCitesTheBundle(t *testing.T) {
	for _, s := range []*qualify.Seller{safety, finance, marketing} {
		in := withSeller(northwind(), s)
		deep, err := ComposeDeep(in)
		if err != nil {
			t.Fatal(err)
		}
		ok := urls(in)
		check := func(where string, ev []string) {
			if ev == nil {
				t.Errorf("%s: nil evidence", where)
			}
			for _, u := range ev {
				if !ok[u] {
					t.Errorf("%s cites %q, not an item of the bundle", where, u)
				}
			}
		}
		for _, w := range deep.WhyNow {
			check("whyNow", w.Evidence)
			if len(w.Evidence) == 0 {
				t.Errorf("why-now %q cites nothing", w.Reason)
			}
		}
		for _, p := range append(deep.Priorities, deep.Initiatives...) {
			check("priority "+p.Priority, p.Evidence)
		}
		check("approach", deep.Approach.Evidence)
		for _, r := range deep.Risks {
			check("risk "+r.Risk, r.Evidence)
		}
		for _, c := range deep.Clues {
			check("clue "+c.Clue, c.Evidence)
		}
		for _, ss := range [][]Statement{deep.Competitors, deep.Objections, deep.BuyingRoles, deep.Questions, {deep.Positioning}} {
			for _, st := range ss {
				check(st.Text, st.Evidence)
			}
		}
		check("plan", deep.Plan.Evidence)
	}
}

func TestDeterministic(t *testing.T) {
	a, err := ComposeDeep(withSeller(northwind(), safety))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ComposeDeep(withSeller(northwind(), safety))
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two compositions of the same evidence differ")
	}
}

func TestDisqualifiedAccount(t *testing.T) {
	in := withSeller(northwind(), &qualify.Seller{Product: "Warehouse safety monitoring SaaS", IdealCustomerProfile: "Logistics companies; not automation vendors"})
	if len(in.Fit.Disqualifiers) == 0 {
		t.Fatalf("fixture not disqualified: %+v", in.Fit)
	}
	b, err := Compose(in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.Approach.RecommendedAction, "Do not open an opportunity with Northwind Robotics") {
		t.Errorf("action = %q", b.Approach.RecommendedAction)
	}
	if len(b.Risks) == 0 || !strings.HasPrefix(b.Risks[0].Risk, "Disqualified for ") || len(b.Risks[0].Evidence) == 0 {
		t.Errorf("risks = %+v", b.Risks)
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		text string
		want category
	}{
		{"Email security gateway that stops phishing", catSecurity},
		{"Payroll and HR software", catFinanceHR},
		{"Sales engagement and CRM for outbound teams", catSalesMarketing},
		{"Managed data warehouse and analytics", catDataAI},
		{"Observability for Kubernetes clusters", catDevInfra},
		{"Fleet maintenance scheduling for warehouses", catOperations},
		{"Handmade furniture", catGeneral},
	} {
		if got := classify(tc.text); got != tc.want {
			t.Errorf("classify(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestShortProduct(t *testing.T) {
	for in, want := range map[string]string{
		"Warehouse safety monitoring SaaS: computer-vision alerts": "your warehouse safety monitoring SaaS",
		"Payroll":                      "Payroll",
		"Acme Shield. Stops phishing.": "Acme Shield",
		"":                             "your product",
	} {
		if got := shortProduct(&qualify.Seller{Product: in, ValueProposition: "x"}); got != want {
			t.Errorf("shortProduct(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRegulatorySignalsReadByDirection(t *testing.T) {
	for _, tc := range []struct {
		headline, priority, question string
	}{
		{"FCA fines Northwind Robotics £2.1mn over safety reporting", "Remediate: ", "What does “FCA fines"},
		{"Northwind Robotics receives UL 3100 certification for Atlas 2", "Roll out what the regulatory milestone allows: ", "Which customers or deals does"},
	} {
		in := northwind()
		in.Signals = []signals.Signal{{Type: signals.TypeRegulatory, Headline: tc.headline, EventDate: d("2026-11-18"), Summary: "x.",
			Confidence: 0.9, Evidence: []string{cfoPost}, WhyNow: "y."}}
		b, err := Compose(withSeller(in, safety))
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Priorities) == 0 || !strings.HasPrefix(b.Priorities[0].Priority, tc.priority) {
			t.Errorf("%s: priorities %+v", tc.headline, b.Priorities)
		}
		if len(b.Approach.QuestionsToValidate) == 0 || !strings.HasPrefix(b.Approach.QuestionsToValidate[0], tc.question) {
			t.Errorf("%s: questions %q", tc.headline, b.Approach.QuestionsToValidate)
		}
		risky := false
		for _, r := range b.Risks {
			risky = risky || r.Risk == "Regulatory distraction"
		}
		if risky != strings.HasPrefix(tc.priority, "Remediate") {
			t.Errorf("%s: regulatory-distraction risk %v", tc.headline, risky)
		}
	}
}
