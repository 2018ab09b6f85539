package ats

import (
	"slices"
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

func TestParseBoardURL(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want Board
		ok   bool
	}{
		{"greenhouse boards", "https://boards.greenhouse.io/northwindrobotics", Board{ProviderGreenhouse, "northwindrobotics", false}, true},
		{"greenhouse posting, upper case", "https://boards.greenhouse.io/NorthwindRobotics/jobs/4012345?gh_src=abc", Board{ProviderGreenhouse, "northwindrobotics", false}, true},
		{"greenhouse job-boards", "https://job-boards.greenhouse.io/northwindrobotics", Board{ProviderGreenhouse, "northwindrobotics", false}, true},
		{"greenhouse eu", "https://boards.eu.greenhouse.io/northwind", Board{ProviderGreenhouse, "northwind", true}, true},
		{"greenhouse job-boards eu", "https://job-boards.eu.greenhouse.io/northwind/jobs/77", Board{ProviderGreenhouse, "northwind", true}, true},
		{"greenhouse embed", "https://boards.greenhouse.io/embed/job_board?for=northwindrobotics&b=https%3A%2F%2Fnorthwind-robotics.com", Board{ProviderGreenhouse, "northwindrobotics", false}, true},
		{"greenhouse embed without for", "https://boards.greenhouse.io/embed/job_board", Board{}, false},
		{"greenhouse api", "https://boards-api.greenhouse.io/v1/boards/northwindrobotics/jobs", Board{ProviderGreenhouse, "northwindrobotics", false}, true},
		{"greenhouse bare host", "https://boards.greenhouse.io/", Board{}, false},
		{"lever", "https://jobs.lever.co/northwind-robotics", Board{ProviderLever, "northwind-robotics", false}, true},
		{"lever posting", "https://jobs.lever.co/northwind-robotics/0f3a2c1e-1111-2222-3333-444455556666/apply", Board{ProviderLever, "northwind-robotics", false}, true},
		{"lever eu", "https://jobs.eu.lever.co/northwind", Board{ProviderLever, "northwind", true}, true},
		{"ashby keeps case", "https://jobs.ashbyhq.com/NorthwindRobotics", Board{ProviderAshby, "NorthwindRobotics", false}, true},
		{"ashby name with space", "https://jobs.ashbyhq.com/Northwind%20Robotics/8c1f", Board{ProviderAshby, "Northwind Robotics", false}, true},
		{"workable apply", "https://apply.workable.com/northwind-robotics/", Board{ProviderWorkable, "northwind-robotics", false}, true},
		{"workable posting", "https://apply.workable.com/northwind-robotics/j/AB12CD34EF/", Board{ProviderWorkable, "northwind-robotics", false}, true},
		{"workable shortlink has no account", "https://apply.workable.com/j/AB12CD34EF", Board{}, false},
		{"workable widget api", "https://apply.workable.com/api/v1/widget/accounts/northwind?details=true", Board{ProviderWorkable, "northwind", false}, true},
		{"workable subdomain", "https://northwind.workable.com/", Board{ProviderWorkable, "northwind", false}, true},
		{"workable www is not an account", "https://www.workable.com/pricing", Board{}, false},
		{"workable nested subdomain", "https://a.b.workable.com/", Board{}, false},
		{"smartrecruiters jobs", "https://jobs.smartrecruiters.com/NorthwindRobotics", Board{ProviderSmartRecruiters, "NorthwindRobotics", false}, true},
		{"smartrecruiters careers posting", "https://careers.smartrecruiters.com/NorthwindRobotics/744000012345678-robotics-engineer", Board{ProviderSmartRecruiters, "NorthwindRobotics", false}, true},
		{"smartrecruiters search page", "https://jobs.smartrecruiters.com/sr-jobs/search", Board{}, false},
		{"scheme-less", "jobs.lever.co/northwind", Board{ProviderLever, "northwind", false}, true},
		{"protocol-relative", "//boards.greenhouse.io/northwind", Board{ProviderGreenhouse, "northwind", false}, true},
		{"http", "http://jobs.ashbyhq.com/northwind", Board{ProviderAshby, "northwind", false}, true},
		{"host case and trailing dot", "https://JOBS.LEVER.CO./northwind", Board{ProviderLever, "northwind", false}, true},
		{"default port", "https://jobs.lever.co:443/northwind", Board{ProviderLever, "northwind", false}, true},
		{"other port", "https://jobs.lever.co:8443/northwind", Board{}, false},
		{"credentials", "https://user:pw@jobs.lever.co/northwind", Board{}, false},
		{"ftp", "ftp://jobs.lever.co/northwind", Board{}, false},
		{"look-alike host", "https://jobs.lever.co.evil.example/northwind", Board{}, false},
		{"company careers page", "https://northwind-robotics.com/careers", Board{}, false},
		{"token with bad characters", "https://jobs.lever.co/north%2Fwind", Board{}, false},
		{"dot token", "https://jobs.lever.co/..", Board{}, false},
		{"empty", "", Board{}, false},
		{"garbage", "::not a url", Board{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ParseBoardURL(tt.raw)
			if ok != tt.ok || got != tt.want {
				t.Fatalf("ParseBoardURL(%q) = %+v, %v; want %+v, %v", tt.raw, got, ok, tt.want, tt.ok)
			}
			if ok {
				again, ok2 := ParseBoardURL(got.URL())
				if !ok2 || again.key() != got.key() {
					t.Fatalf("URL() %q does not parse back: %+v %v", got.URL(), again, ok2)
				}
			}
		})
	}
}

func TestBoardURL(t *testing.T) {
	tests := []struct {
		name string
		b    Board
		want string
	}{
		{"greenhouse", Board{ProviderGreenhouse, "northwind", false}, "https://boards.greenhouse.io/northwind"},
		{"greenhouse eu", Board{ProviderGreenhouse, "northwind", true}, "https://boards.eu.greenhouse.io/northwind"},
		{"lever", Board{ProviderLever, "northwind", false}, "https://jobs.lever.co/northwind"},
		{"lever eu", Board{ProviderLever, "northwind", true}, "https://jobs.eu.lever.co/northwind"},
		{"ashby escaped", Board{ProviderAshby, "Northwind Robotics", false}, "https://jobs.ashbyhq.com/Northwind%20Robotics"},
		{"workable", Board{ProviderWorkable, "northwind", false}, "https://apply.workable.com/northwind"},
		{"smartrecruiters", Board{ProviderSmartRecruiters, "NorthwindRobotics", false}, "https://jobs.smartrecruiters.com/NorthwindRobotics"},
		{"unknown provider", Board{"bamboohr", "northwind", false}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.b.URL(); got != tt.want {
				t.Fatalf("URL() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLinkedBoards(t *testing.T) {
	urls := []string{
		"https://northwind-robotics.com/careers",
		"https://boards.greenhouse.io/NorthwindRobotics",
		"https://job-boards.greenhouse.io/northwindrobotics/jobs/1",
		"https://boards.eu.greenhouse.io/northwindrobotics",
		"https://jobs.ashbyhq.com/Northwind",
		"https://jobs.ashbyhq.com/northwind/123",
	}
	got := LinkedBoards(urls)
	want := []Board{
		{ProviderGreenhouse, "northwindrobotics", false},
		{ProviderGreenhouse, "northwindrobotics", true},
		{ProviderAshby, "Northwind", false},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("LinkedBoards = %+v, want %+v", got, want)
	}
	var many []string
	for _, c := range "abcdefghijkl" {
		many = append(many, "https://jobs.lever.co/board-"+string(c))
	}
	if n := len(LinkedBoards(many)); n != MaxLinkedBoards {
		t.Fatalf("LinkedBoards kept %d boards, want the cap %d", n, MaxLinkedBoards)
	}
}

func TestCandidateTokens(t *testing.T) {
	tests := []struct {
		name string
		c    bundle.Company
		want []string
	}{
		{"hyphenated domain", bundle.Company{Name: "Northwind Robotics, Inc.", Domain: "northwind-robotics.com"}, []string{"northwind-robotics", "northwindrobotics"}},
		{"plain domain then name", bundle.Company{Name: "Acme Analytics", Domain: "acme.com"}, []string{"acme", "acme-analytics"}},
		{"domain equals name slug", bundle.Company{Name: "Acme", Domain: "acme.io"}, []string{"acme"}},
		{"multi-label suffix", bundle.Company{Name: "Contoso Ltd", Domain: "contoso.co.uk"}, []string{"contoso"}},
		{"name only", bundle.Company{Name: "Fabrikam GmbH"}, []string{"fabrikam"}},
		{"accents folded", bundle.Company{Name: "Nörd Robotik AG"}, []string{"nord-robotik", "nordrobotik"}},
		{"non-latin name skipped", bundle.Company{Name: "Северный Ветер"}, nil},
		{"nothing", bundle.Company{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CandidateTokens(tt.c); !slices.Equal(got, tt.want) {
				t.Fatalf("CandidateTokens = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestOwnerCheck(t *testing.T) {
	tests := []struct {
		name    string
		c       bundle.Company
		stated  string
		accept  bool
		noCheck bool
	}{
		{name: "legal form and punctuation", c: bundle.Company{Name: "Northwind Robotics"}, stated: "Northwind Robotics, Inc.", accept: true},
		{name: "case and hyphen", c: bundle.Company{Name: "Northwind Robotics GmbH"}, stated: "NORTHWIND-ROBOTICS", accept: true},
		{name: "written without space", c: bundle.Company{Name: "Northwind Robotics"}, stated: "NorthwindRobotics", accept: true},
		{name: "alias", c: bundle.Company{Name: "Northwind Robotics Inc", Aliases: []string{"Northwind"}}, stated: "Northwind Ltd.", accept: true},
		{name: "longer name is another company", c: bundle.Company{Name: "Northwind Robotics"}, stated: "Northwind Robotics Supply", accept: false},
		{name: "shorter name is another company", c: bundle.Company{Name: "Northwind Robotics"}, stated: "Northwind", accept: false},
		{name: "empty stated name", c: bundle.Company{Name: "Northwind Robotics"}, stated: "", accept: false},
		{name: "no usable name", c: bundle.Company{Name: " ,. ", Domain: "northwind-robotics.com"}, noCheck: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := ownerCheck(tt.c)
			if (check == nil) != tt.noCheck {
				t.Fatalf("ownerCheck nil = %v, want %v", check == nil, tt.noCheck)
			}
			if check != nil && check(tt.stated) != tt.accept {
				t.Fatalf("check(%q) = %v, want %v", tt.stated, !tt.accept, tt.accept)
			}
		})
	}
}
