package selfdesc_test

import (
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/sitename"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/selfdesc"
)

var acme = companyname.NewMatcher("Acme Shiftworks, Inc.", []string{"Acme"}, "acmeshift.io")

func TestFromLead(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"relative clause", "Acme Shiftworks, which helps clinics schedule their staff, today announced a $12 million Series A.",
			"Acme Shiftworks helps clinics schedule their staff."},
		{"appositive with article", "Acme, the payments platform for restaurants, today launched Tabs, a tipping app.",
			"Acme is the payments platform for restaurants."},
		{"ticker parenthetical", "Acme Shiftworks (NASDAQ: ACSW), a leader in workforce scheduling software for hospitals, announced results for the third quarter.",
			"Acme Shiftworks is a leader in workforce scheduling software for hospitals."},
		{"legal form after the name", "Acme Shiftworks, Inc., the scheduling company for outpatient clinics, has opened an office in Leeds.",
			"Acme Shiftworks is the scheduling company for outpatient clinics."},
		{"defined term and a wire dateline", `BOSTON, March 3, 2026 /PRNewswire/ -- Acme Shiftworks ("Acme" or the "Company"), a provider of staff scheduling software for clinics, today announced its expansion.`,
			"Acme Shiftworks is a provider of staff scheduling software for clinics."},
		{"business wire dateline", "SAN FRANCISCO--(BUSINESS WIRE)--Acme, which builds rostering tools for home-care agencies, today named Jane Roe CFO.",
			"Acme builds rostering tools for home-care agencies."},
		{"curly quotes", "Acme Shiftworks, the company behind Rota’s shift-swap app for nurses, today launched Rota 2.",
			"Acme Shiftworks is the company behind Rota's shift-swap app for nurses."},
		{"noun phrase without article", "Acme, maker of scheduling software for clinics and care homes, today announced a partnership.",
			"Acme is maker of scheduling software for clinics and care homes."},
		{"place is not a description", "Acme, Boston, Mass., today announced a partnership with Globex.", ""},
		{"no appositive", "Acme today announced a partnership with Globex.", ""},
		{"another issuer", "Globex, the logistics platform for retailers, today announced a partnership with Acme.", ""},
		{"longer name is someone else", "Acme Labs, the research arm of a bank, today announced a grant.", ""},
		{"too thin", "Acme, the company, today announced results.", ""},
		{"date not a description", "Acme, on March 3, 2026, announced results for the year.", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := selfdesc.FromLead(tt.text, acme); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func TestFromAbout(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"heading then name", "Acme today launched Rota 2. About Acme Shiftworks Acme Shiftworks builds staff scheduling software used by 1,200 clinics across Europe. Founded in 2017, it is based in Leeds. Media Contact: press@acmeshift.io",
			"Acme Shiftworks builds staff scheduling software used by 1,200 clinics across Europe. Founded in 2017, it is based in Leeds."},
		{"colon heading, legal form", "... results. ABOUT ACME SHIFTWORKS, INC.: Acme Shiftworks, Inc. is the scheduling platform for outpatient clinics and care homes. ###",
			"Acme Shiftworks, Inc. is the scheduling platform for outpatient clinics and care homes."},
		{"about another company", "About Globex Globex is the logistics platform for retailers in Europe and beyond.", ""},
		{"about the company, then someone else", "About Acme Globex is the logistics platform for retailers in Europe and beyond.", ""},
		{"no content", "About Acme Acme official website. Welcome to Acme's home page, the official site.", ""},
		{"heading only", "About Acme", ""},
	}
	for _, tt := range tests {
		if got := selfdesc.FromAbout(tt.text, acme); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func TestFromItems(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	item := func(kind bundle.Kind, url string, daysAgo int, excerpt string) bundle.Item {
		return bundle.Item{Kind: kind, Provider: "website",
			Doc: source.Document{URL: url, Published: now.AddDate(0, 0, -daysAgo), Excerpt: excerpt}}
	}
	c := bundle.Company{Name: "Acme Shiftworks, Inc.", Aliases: []string{"Acme"}, Domain: "acmeshift.io"}
	items := []bundle.Item{
		item(bundle.KindNews, "https://news.example/a", 1, "Acme Shiftworks, the hottest startup in Leeds according to us, today raised money."),
		item(bundle.KindPress, "https://acmeshift.io/news/old", 40, "Acme Shiftworks, which helps clinics schedule their staff, today announced a Series A."),
		item(bundle.KindPress, "https://acmeshift.io/news/new", 3, "Acme Shiftworks, the scheduling platform for outpatient clinics, today opened a Leeds office."),
		item(bundle.KindPress, "https://acmeshift.io/news/none", 2, "Acme today named a CFO."),
	}
	got := selfdesc.FromItems(items, c)
	if got == nil || got.SourceURL != "https://acmeshift.io/news/new" || got.Value != "Acme Shiftworks is the scheduling platform for outpatient clinics." {
		t.Fatalf("FromItems = %+v", got)
	}
	// Third-party news never describes the company.
	if got := selfdesc.FromItems(items[:1], c); got != nil {
		t.Errorf("news item used: %+v", got)
	}
	// The order of the items does not matter.
	rev := []bundle.Item{items[3], items[2], items[1], items[0]}
	if g := selfdesc.FromItems(rev, c); g == nil || g.SourceURL != got.SourceURL {
		t.Errorf("order changed the choice: %+v", g)
	}
}

func FuzzFromRelease(f *testing.F) {
	for _, s := range []string{
		"Acme, which helps clinics, today announced",
		"About Acme Acme is a scheduling platform for clinics.",
		"Acme (NASDAQ: ACME), a leader in …, announced",
		"BOSTON--(BUSINESS WIRE)--Acme, the x, today",
		"Acme, Inc., (",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := selfdesc.FromRelease(s, acme)
		if d != "" && (len([]rune(d)) > 2*selfdesc.MaxChars || !sitename.Describes(d, "", acme)) {
			t.Errorf("FromRelease(%q) = %q: not a description", s, d)
		}
	})
}
