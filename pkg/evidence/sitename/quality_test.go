package sitename

import (
	"testing"

	"github.com/intel402/intel402/pkg/evidence/companyname"
)

func TestDescribes(t *testing.T) {
	t.Parallel()
	acme := companyname.NewMatcher("Acme Shiftworks, Inc.", []string{"Acme"}, "acmeshift.io")
	tests := []struct {
		desc, title string
		want        bool
	}{
		{"Acme Shiftworks builds staff scheduling software for clinics.", "", true},
		{"Acme Shiftworks official website - Acme Shiftworks Inc.", "", false},
		{"Welcome to the official home page of Acme Shiftworks, Inc.", "", false},
		{"Staff scheduling software for clinics and care homes", "Staff scheduling software for clinics and care homes", false},
		{"Just another WordPress site for clinics and care homes", "", false},
		{"Short text", "", false},
	}
	for _, tt := range tests {
		if got := Describes(tt.desc, tt.title, acme); got != tt.want {
			t.Errorf("Describes(%q) = %v, want %v", tt.desc, got, tt.want)
		}
	}
}

// TestDescribe: the first description that describes the company wins, in
// Descriptions' order; template text and a site's self-naming are passed
// over, down to the hero.
func TestDescribe(t *testing.T) {
	t.Parallel()
	acme := companyname.NewMatcher("Acme Shiftworks", nil, "acmeshift.example")
	tests := []struct {
		name     string
		page     Page
		want     Description
		describe bool
	}{
		{"meta first", Page{MetaDescription: "Acme Shiftworks builds staff scheduling software for clinics.",
			OGDescription: "Scheduling that nurses like, for clinics of every size."},
			Description{"Acme Shiftworks builds staff scheduling software for clinics.", DescMeta}, true},
		{"template meta, og describes", Page{MetaDescription: "Just another WordPress site",
			OGDescription: "Scheduling that nurses like, for clinics of every size."},
			Description{"Scheduling that nurses like, for clinics of every size.", DescOG}, true},
		{"empty meta, JSON-LD", Page{Entities: []Entity{{Type: "Organization", Name: "Acme Shiftworks",
			Description: "Acme Shiftworks makes rota software for outpatient clinics and care homes."}}},
			Description{"Acme Shiftworks makes rota software for outpatient clinics and care homes.", DescJSONLD}, true},
		{"only a greeting, then the hero", Page{MetaDescription: "Welcome to the official website of Acme Shiftworks",
			HeroHeading: "Staff scheduling for clinics", HeroParagraph: "Build fair rotas in minutes and let nurses swap shifts from their phones."},
			Description{"Staff scheduling for clinics. Build fair rotas in minutes and let nurses swap shifts from their phones.", DescHero}, true},
		{"title repeated is no description", Page{Title: "Acme Shiftworks staff scheduling software for clinics",
			MetaDescription: "Acme Shiftworks staff scheduling software for clinics"}, Description{}, false},
		{"nothing", Page{}, Description{}, false},
	}
	for _, tt := range tests {
		got, ok := tt.page.Describe(acme)
		if ok != tt.describe || got != tt.want {
			t.Errorf("%s: Describe = %+v, %v; want %+v, %v", tt.name, got, ok, tt.want, tt.describe)
		}
	}
}
