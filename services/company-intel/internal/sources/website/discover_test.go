package website

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
)

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func onAcme(u *url.URL) bool {
	h := u.Hostname()
	return h == "acme.com" || strings.HasSuffix(h, ".acme.com")
}

func TestNewsroomRank(t *testing.T) {
	t.Parallel()
	tests := []struct {
		url, text string
		want      int
	}{
		{"https://acme.com/newsroom", "", 3},
		{"https://acme.com/en/press-releases/", "", 3},
		{"https://acme.com/company/news-and-events", "", 2},
		{"https://acme.com/blog", "", 1},
		{"https://acme.com/media.html", "", 1},
		{"https://blog.acme.com/", "", 1},
		{"https://acme.com/stories", "Press", 3},
		{"https://acme.com/x", "News & events", 2},
		{"https://acme.com/press-kit", "", 0},
		{"https://acme.com/media-assets/logos", "", 0},
		{"https://acme.com/news/acme-raises-series-b", "", 0},
		{"https://acme.com/about", "About us", 0},
		{"https://acme.com/x", "Newsletter signup", 0},
		{"https://acme.com/x", strings.Repeat("news ", 20), 0},
	}
	for _, tt := range tests {
		if got := newsroomRank(mustURL(t, tt.url), tt.text); got != tt.want {
			t.Errorf("newsroomRank(%s, %q) = %d, want %d", tt.url, tt.text, got, tt.want)
		}
	}
}

func TestNewsroomLinks(t *testing.T) {
	t.Parallel()
	anchors := []htmlmeta.Anchor{
		{URL: "https://acme.com/blog", Text: "Blog"},
		{URL: "https://other.com/newsroom", Text: "Newsroom"},
		{URL: "https://acme.com/", Text: "News"},
		{URL: "https://acme.com/news", Text: "News"},
		{URL: "https://acme.com/press", Text: "Press"},
	}
	skip := func(s string) bool { return s == "https://acme.com/" }
	got := newsroomLinks(anchors, 2, onAcme, skip)
	if want := []string{"https://acme.com/press", "https://acme.com/news"}; !slices.Equal(got, want) {
		t.Fatalf("newsroomLinks = %v, want %v", got, want)
	}
}

func TestArticleLinks(t *testing.T) {
	t.Parallel()
	anchors := func(urls ...string) []htmlmeta.Anchor {
		var out []htmlmeta.Anchor
		for _, u := range urls {
			out = append(out, htmlmeta.Anchor{URL: u})
		}
		return out
	}
	none := func(string) bool { return false }
	tests := []struct {
		name     string
		newsroom string
		anchors  []htmlmeta.Anchor
		want     []string
	}{
		{
			name:     "below the newsroom path, listings and other indexes left out",
			newsroom: "https://acme.com/newsroom",
			anchors: anchors("https://acme.com/newsroom/series-b", "https://acme.com/newsroom/2026/03/atlas.html",
				"https://acme.com/newsroom/page/2", "https://acme.com/newsroom/tag/funding", "https://acme.com/newsroom/press-releases",
				"https://acme.com/newsroom/kit.pdf", "https://acme.com/newsroom/x?page=2", "https://acme.com/about", "https://other.com/newsroom/x"),
			want: []string{"https://acme.com/newsroom/series-b", "https://acme.com/newsroom/2026/03/atlas.html"},
		},
		{
			name:     "below a news word elsewhere on the site",
			newsroom: "https://acme.com/company/media",
			anchors:  anchors("https://acme.com/press/acme-opens-berlin", "https://acme.com/products/atlas", "https://acme.com/blog"),
			want:     []string{"https://acme.com/press/acme-opens-berlin"},
		},
		{
			name:     "every path of a news host's root",
			newsroom: "https://blog.acme.com/",
			anchors:  anchors("https://blog.acme.com/cold-chain-101", "https://acme.com/pricing"),
			want:     []string{"https://blog.acme.com/cold-chain-101"},
		},
		{
			name:     "a root path that is no news host's gives nothing by itself",
			newsroom: "https://acme.com/",
			anchors:  anchors("https://acme.com/pricing", "https://acme.com/news/q1"),
			want:     []string{"https://acme.com/news/q1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := articleLinks(tt.anchors, mustURL(t, tt.newsroom), onAcme, none); !slices.Equal(got, tt.want) {
				t.Fatalf("articleLinks = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestJobBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		link, want string
	}{
		{"https://boards.greenhouse.io/northwindrobotics", "https://boards.greenhouse.io/northwindrobotics"},
		{"https://boards.greenhouse.io/northwindrobotics/jobs/4012345?gh_src=x", "https://boards.greenhouse.io/northwindrobotics"},
		{"https://job-boards.greenhouse.io/northwindrobotics/jobs/1", "https://job-boards.greenhouse.io/northwindrobotics"},
		{"https://boards.greenhouse.io/embed/job_board?for=northwind", "https://boards.greenhouse.io/northwind"},
		{"https://boards.greenhouse.io/embed/job_board", ""},
		{"https://jobs.lever.co/acme/0f1e2d3c-aaaa", "https://jobs.lever.co/acme"},
		{"https://jobs.ashbyhq.com/acme-analytics", "https://jobs.ashbyhq.com/acme-analytics"},
		{"https://apply.workable.com/acme-analytics/j/4C2E1A9B7D/", "https://apply.workable.com/acme-analytics"},
		{"https://apply.workable.com/j/4C2E1A9B7D", ""},
		{"https://acme.workable.com/jobs/123", "https://acme.workable.com/"},
		{"https://www.workable.com/pricing", ""},
		{"https://jobs.smartrecruiters.com/AcmeCorp/743999-data-engineer", "https://jobs.smartrecruiters.com/AcmeCorp"},
		{"https://careers.smartrecruiters.com/AcmeCorp", "https://careers.smartrecruiters.com/AcmeCorp"},
		{"http://JOBS.LEVER.CO/acme", "https://jobs.lever.co/acme"},
		{"https://jobs.lever.co/", ""},
		{"https://greenhouse.io/pricing", ""},
		{"https://acme.com/careers", ""},
		{"mailto:jobs@acme.com", ""},
	}
	for _, tt := range tests {
		got, ok := jobBoard(mustURL(t, tt.link))
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("jobBoard(%s) = %q, %v; want %q", tt.link, got, ok, tt.want)
		}
	}
}

func TestNormalDomain(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Northwind-Robotics.com.": "northwind-robotics.com", " acme.co.uk ": "acme.co.uk", "xn--caf-dma.fr": "xn--caf-dma.fr",
		"localhost": "", "-bad.com": "", "a..com": "", "acme.com/path": "", "acme.com:8080": "", "1.2.3.4": "",
	} {
		got, err := normalDomain(in)
		if got != want || (err != nil) != (want == "") {
			t.Errorf("normalDomain(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestStripBrand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		title, brand, want string
	}{
		{"Atlas 2 is available | Northwind Robotics", "Northwind Robotics", "Atlas 2 is available"},
		{"Northwind Robotics — Atlas 2 is available", "Northwind Robotics", "Atlas 2 is available"},
		{"Northwind Robotics: Atlas 2", "northwind robotics", "Atlas 2"},
		{"Q1 results - Investors - Acme", "Acme", "Q1 results - Investors"},
		{"Northwind Robotics", "Northwind Robotics", "Northwind Robotics"},
		{"Atlas 2 | Other Brand", "Northwind Robotics", "Atlas 2 | Other Brand"},
		{"Atlas 2 | Northwind Robotics", "", "Atlas 2 | Northwind Robotics"},
	}
	for _, tt := range tests {
		if got := stripBrand(tt.title, tt.brand); got != tt.want {
			t.Errorf("stripBrand(%q, %q) = %q, want %q", tt.title, tt.brand, got, tt.want)
		}
	}
}
