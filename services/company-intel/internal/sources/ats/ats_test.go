package ats

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

var now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

var northwind = bundle.Company{Name: "Northwind Robotics", Domain: "northwind-robotics.com"}

func query(c bundle.Company, boards ...string) bundle.Query {
	return bundle.Query{Company: c, From: now.AddDate(0, 0, -30), To: now, JobBoards: boards}
}

// newSource returns a Source whose five base URLs point at srv.
func newSource(t *testing.T, srv *sourcetest.Server, mod func(*Config)) *Source {
	t.Helper()
	cfg := Config{
		GreenhouseURL: srv.URL, LeverURL: srv.URL, AshbyURL: srv.URL, WorkableURL: srv.URL, SmartRecruitersURL: srv.URL,
		Now: func() time.Time { return now },
	}
	if mod != nil {
		mod(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

type recorder struct {
	mu    sync.Mutex
	calls map[string]int
}

func (r *recorder) Upstream(_ context.Context, name, outcome string, _ float64, _ time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls[name+":"+outcome]++
}

// fiveBoards is one board on each provider.
func fiveBoards() []sourcetest.ATSBoard {
	return []sourcetest.ATSBoard{
		{Provider: sourcetest.ATSGreenhouse, Token: "northwindrobotics", Name: "Northwind Robotics", Jobs: []sourcetest.ATSJob{
			{ID: "4012345", Title: "Senior Robotics  Software Engineer", Department: "Engineering", City: "Berlin", Country: "Germany", Published: at("2026-03-05T15:30:00Z"),
				Description: "Motion planning for our picking arms in C++ & ROS 2 on NVIDIA Jetson. Fleet services in Go. We go further & stay rosy."},
			{ID: "4012346", Title: "Enterprise Account Executive", Department: "Sales", Location: "Remote - US", Remote: true, Published: at("2026-01-02T09:00:00Z")},
		}},
		{Provider: sourcetest.ATSLever, Token: "northwind", Jobs: []sourcetest.ATSJob{
			{ID: "0f3a2c1e-aaaa", Title: "Field Service Technician", Team: "Operations", City: "Rotterdam", Country: "Netherlands", Published: at("2026-03-01T08:00:00Z")},
			{ID: "0f3a2c1e-bbbb", Title: "Solutions Consultant", Department: "Customer Success", Team: "Solutions", Remote: true, Published: at("2026-02-27T10:00:00Z"),
				Description: "Run demos for warehouse teams. Tools: Salesforce, Gong and Outreach. SQL a plus; go-to-market experience."},
		}},
		{Provider: sourcetest.ATSAshby, Token: "Northwind", Jobs: []sourcetest.ATSJob{
			{ID: "8c1f", Title: "Perception Engineer", Department: "Engineering", Team: "Autonomy", City: "Munich", Country: "Germany", Published: at("2026-03-08T07:45:30Z"), SalaryMin: 70000, SalaryMax: 90000, Currency: "EUR",
				Description: "Train perception models with PyTorch; ship them with Docker and Kubernetes on AWS. Python or C++."},
			{ID: "9d2e", Title: "Internal Transfer Only", Department: "Engineering", Unlisted: true, Published: at("2026-03-09T00:00:00Z")},
			{ID: "7a3b", Title: "Robotics Researcher", Team: "Research", Remote: true, Published: at("2026-02-15T12:00:00Z")},
		}},
		{Provider: sourcetest.ATSWorkable, Token: "northwind-robotics", Name: "Northwind Robotics", Jobs: []sourcetest.ATSJob{
			{ID: "AB12CD34EF", Title: "Warehouse Integration Lead", Department: "Operations", City: "Berlin", Region: "Berlin", Country: "Germany", CountryCode: "DE", Published: at("2026-03-06T18:00:00Z"),
				Description: "Connect our fleet to SAP EWM and Manhattan WMS."},
		}},
		{Provider: sourcetest.ATSSmartRecruiters, Token: "NorthwindRobotics", Name: "Northwind Robotics", Jobs: []sourcetest.ATSJob{
			{ID: "744000012345678", Title: "Mechanical Engineer", Department: "Hardware", City: "Berlin", Region: "Berlin", Country: "Germany", CountryCode: "DE", Published: at("2026-03-07T14:12:28Z")},
			{ID: "744000012345679", Title: "Technical Recruiter", Function: "Human Resources", Remote: true, Published: at("2026-02-01T09:30:00Z")},
		}},
	}
}

var fiveLinks = []string{
	"https://boards.greenhouse.io/northwindrobotics",
	"https://jobs.eu.lever.co/northwind/0f3a2c1e-aaaa",
	"https://jobs.ashbyhq.com/Northwind",
	"https://apply.workable.com/northwind-robotics/",
	"https://careers.smartrecruiters.com/NorthwindRobotics",
}

func doc(url, title, publisher string, published time.Time, prec source.Precision, excerpt string) source.Document {
	return source.NewDocument(source.Document{URL: url, Title: title, Publisher: publisher, Published: published, Precision: prec,
		RetrievedAt: now, Excerpt: excerpt, Authority: source.AuthorityJobBoard})
}

func TestGatherLinkedBoards(t *testing.T) {
	srv := sourcetest.NewATS(t, fiveBoards()...)
	rec := &recorder{calls: map[string]int{}}
	s := newSource(t, srv, func(c *Config) { c.Recorder = rec })

	res, err := s.Gather(context.Background(), query(northwind, fiveLinks...))
	if err != nil {
		t.Fatal(err)
	}
	want := []bundle.Item{
		{
			Doc: doc("https://jobs.ashbyhq.com/Northwind", "Northwind Robotics jobs on Ashby", "Ashby", at("2026-03-08T07:45:30Z"), source.PrecisionTime,
				"2 open roles. Engineering (1), Research (1)."),
			Provider: ProviderAshby, Kind: bundle.KindJobBoard,
			Jobs: []bundle.Job{
				{Title: "Perception Engineer", Department: "Engineering", Location: "Munich, Germany", URL: "https://jobs.ashbyhq.com/Northwind/8c1f", Published: at("2026-03-08T07:45:30Z"),
					Technologies: []string{"PyTorch", "Docker", "Kubernetes", "AWS", "Python", "C++"}},
				{Title: "Robotics Researcher", Department: "Research", Location: "Remote", Remote: true, URL: "https://jobs.ashbyhq.com/Northwind/7a3b", Published: at("2026-02-15T12:00:00Z")},
			},
		},
		{
			Doc: doc("https://jobs.smartrecruiters.com/NorthwindRobotics", "Northwind Robotics jobs on SmartRecruiters", "SmartRecruiters", at("2026-03-07T14:12:28Z"), source.PrecisionTime,
				"2 open roles. Hardware (1), Human Resources (1)."),
			Provider: ProviderSmartRecruiters, Kind: bundle.KindJobBoard,
			Jobs: []bundle.Job{
				{Title: "Mechanical Engineer", Department: "Hardware", Location: "Berlin, Berlin, Germany", URL: "https://jobs.smartrecruiters.com/NorthwindRobotics/744000012345678", Published: at("2026-03-07T14:12:28Z")},
				{Title: "Technical Recruiter", Department: "Human Resources", Location: "Remote", Remote: true, URL: "https://jobs.smartrecruiters.com/NorthwindRobotics/744000012345679", Published: at("2026-02-01T09:30:00Z")},
			},
		},
		{
			Doc: doc("https://apply.workable.com/northwind-robotics", "Northwind Robotics jobs on Workable", "Workable", at("2026-03-06T00:00:00Z"), source.PrecisionDay,
				"1 open role. Operations (1)."),
			Provider: ProviderWorkable, Kind: bundle.KindJobBoard,
			Jobs: []bundle.Job{
				{Title: "Warehouse Integration Lead", Department: "Operations", Location: "Berlin, Germany", URL: "https://apply.workable.com/j/AB12CD34EF", Published: at("2026-03-06T00:00:00Z"),
					Technologies: []string{"SAP", "Manhattan Associates"}},
			},
		},
		{
			Doc: doc("https://boards.greenhouse.io/northwindrobotics", "Northwind Robotics jobs on Greenhouse", "Greenhouse", at("2026-03-05T15:30:00Z"), source.PrecisionTime,
				"2 open roles. Engineering (1), Sales (1)."),
			Provider: ProviderGreenhouse, Kind: bundle.KindJobBoard,
			Jobs: []bundle.Job{
				{Title: "Senior Robotics Software Engineer", Department: "Engineering", Location: "Berlin, Germany", URL: "https://job-boards.greenhouse.io/northwindrobotics/jobs/4012345", Published: at("2026-03-05T15:30:00Z"),
					Technologies: []string{"C++", "ROS 2", "NVIDIA Jetson", "Go"}},
				// Outside the query window, still an open role.
				{Title: "Enterprise Account Executive", Department: "Sales", Location: "Remote - US", Remote: true, URL: "https://job-boards.greenhouse.io/northwindrobotics/jobs/4012346", Published: at("2026-01-02T09:00:00Z")},
			},
		},
		{
			Doc: doc("https://jobs.eu.lever.co/northwind", "Northwind Robotics jobs on Lever", "Lever", at("2026-03-01T08:00:00Z"), source.PrecisionTime,
				"2 open roles. Customer Success (1), Operations (1)."),
			Provider: ProviderLever, Kind: bundle.KindJobBoard,
			Jobs: []bundle.Job{
				{Title: "Field Service Technician", Department: "Operations", Location: "Rotterdam, Netherlands", URL: "https://jobs.lever.co/northwind/0f3a2c1e-aaaa", Published: at("2026-03-01T08:00:00Z")},
				{Title: "Solutions Consultant", Department: "Customer Success", Location: "Remote", Remote: true, URL: "https://jobs.lever.co/northwind/0f3a2c1e-bbbb", Published: at("2026-02-27T10:00:00Z"),
					Technologies: []string{"Salesforce", "Gong", "Outreach", "SQL"}},
			},
		},
	}
	if !reflect.DeepEqual(res.Items, want) {
		for i := range max(len(res.Items), len(want)) {
			var g, w bundle.Item
			if i < len(res.Items) {
				g = res.Items[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("item %d:\n got %+v\nwant %+v", i, g, w)
			}
		}
	}
	for _, it := range res.Items {
		if it.Doc.Published.Location() != time.UTC || it.Doc.RetrievedAt != now {
			t.Errorf("%s: times not UTC: %v %v", it.Provider, it.Doc.Published, it.Doc.RetrievedAt)
		}
	}
	if res.Usage != (bundle.Usage{Searches: 5}) {
		t.Errorf("usage = %+v, want 5 searches", res.Usage)
	}
	for _, p := range []string{ProviderGreenhouse, ProviderLever, ProviderAshby, ProviderWorkable, ProviderSmartRecruiters} {
		if rec.calls[p+":ok"] != 1 {
			t.Errorf("recorder: %s calls = %v", p, rec.calls)
		}
	}

	// Each listing was asked with the documented parameters.
	wantQuery := map[string]string{
		"/v1/boards/northwindrobotics/jobs":          "content=true",
		"/v0/postings/northwind":                     "limit=100&mode=json&skip=0",
		"/posting-api/job-board/Northwind":           "includeCompensation=true",
		"/api/v1/widget/accounts/northwind-robotics": "details=true",
		"/v1/companies/NorthwindRobotics/postings":   "limit=100&offset=0",
	}
	for _, r := range srv.Requests() {
		if q, ok := wantQuery[r.URL.Path]; !ok || r.URL.RawQuery != q {
			t.Errorf("unexpected request %s?%s", r.URL.Path, r.URL.RawQuery)
		}
	}

	// Deterministic: a second Gather gives the same result.
	again, err := s.Gather(context.Background(), query(northwind, fiveLinks...))
	if err != nil || !reflect.DeepEqual(again, res) {
		t.Fatalf("second Gather differs (err %v)", err)
	}
}

// TestGatherWorldBoards reads the world's boards of Northwind Robotics
// (Greenhouse) and Acme Analytics (Lever).
func TestGatherWorldBoards(t *testing.T) {
	srv := sourcetest.StartWorld(t, now).ATS()
	s := newSource(t, srv, nil)
	res, err := s.Gather(context.Background(), query(northwind, "https://boards.greenhouse.io/northwindrobotics"))
	if err != nil || len(res.Items) != 1 || len(res.Items[0].Jobs) != 10 {
		t.Fatalf("northwind: %+v, %v", res, err)
	}
	if got := res.Items[0].Doc.Excerpt; got != "10 open roles. Engineering (4), Customer Operations (2), Manufacturing (2), Sales (2)." {
		t.Errorf("excerpt = %q", got)
	}
	acme := bundle.Company{Name: "Acme Analytics", Domain: "acme-analytics.com"}
	res, err = s.Gather(context.Background(), query(acme, "https://jobs.lever.co/acme-analytics"))
	if err != nil || len(res.Items) != 1 || len(res.Items[0].Jobs) != 6 {
		t.Fatalf("acme: %+v, %v", res, err)
	}
}

func TestLeverEURegion(t *testing.T) {
	global := sourcetest.NewATS(t)
	eu := sourcetest.NewATS(t, sourcetest.ATSBoard{Provider: sourcetest.ATSLever, Token: "northwind", Jobs: []sourcetest.ATSJob{
		{Title: "Robotics Engineer", City: "Haifa", Country: "Israel", Published: at("2026-03-01T08:00:00Z")},
	}})
	s := newSource(t, global, func(c *Config) { c.LeverEUURL = eu.URL })
	res, err := s.Gather(context.Background(), query(northwind, "https://jobs.eu.lever.co/northwind"))
	if err != nil || len(res.Items) != 1 {
		t.Fatalf("Gather = %+v, %v", res, err)
	}
	if global.Calls() != 0 || eu.CallsTo("/v0/postings/northwind") != 1 {
		t.Fatalf("calls: global %d, eu %d", global.Calls(), eu.Calls())
	}
	if got := res.Items[0].Doc.URL; got != "https://jobs.eu.lever.co/northwind" {
		t.Errorf("URL = %q", got)
	}
}

func TestNew(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if s.base[ProviderGreenhouse] != DefaultGreenhouseURL || s.base[ProviderLever] != DefaultLeverURL || s.leverEU != DefaultLeverEUURL ||
		s.base[ProviderAshby] != DefaultAshbyURL || s.base[ProviderWorkable] != DefaultWorkableURL || s.base[ProviderSmartRecruiters] != DefaultSmartRecruitersURL {
		t.Errorf("defaults: %v %q", s.base, s.leverEU)
	}
	if s.Name() != "ats" || s.maxJobs != DefaultMaxJobs {
		t.Errorf("Name %q maxJobs %d", s.Name(), s.maxJobs)
	}
	s, err = New(Config{LeverURL: "http://127.0.0.1:9/"})
	if err != nil || s.leverEU != "http://127.0.0.1:9" || s.base[ProviderLever] != "http://127.0.0.1:9" {
		t.Errorf("a configured Lever URL serves the EU region too: %v %q", err, s.leverEU)
	}
	for _, bad := range []Config{{GreenhouseURL: "boards-api.greenhouse.io"}, {AshbyURL: "ftp://x"}, {LeverEUURL: "::"}} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%+v) accepted an invalid base URL", bad)
		}
	}
}

func TestGatherGuesses(t *testing.T) {
	gh := func(token, name string) sourcetest.ATSBoard {
		return sourcetest.ATSBoard{Provider: sourcetest.ATSGreenhouse, Token: token, Name: name, Jobs: []sourcetest.ATSJob{
			{Title: "Robotics Engineer", Department: "Engineering", City: "Berlin", Country: "Germany", Published: at("2026-03-01T08:00:00Z")}}}
	}
	wk := func(token, name string) sourcetest.ATSBoard {
		b := gh(token, name)
		b.Provider = sourcetest.ATSWorkable
		return b
	}
	sr := func(token, name string, jobs int) sourcetest.ATSBoard {
		b := gh(token, name)
		b.Provider = sourcetest.ATSSmartRecruiters
		b.Jobs = b.Jobs[:jobs]
		return b
	}
	tests := []struct {
		name   string
		boards []sourcetest.ATSBoard
		q      bundle.Query
		want   []string // Doc.URL of the items
		usage  bundle.Usage
		calls  map[string]int // path prefix -> requests
	}{
		{
			name:   "greenhouse board named like the company",
			boards: []sourcetest.ATSBoard{gh("northwind-robotics", "Northwind Robotics, Inc.")},
			q:      query(northwind),
			want:   []string{"https://boards.greenhouse.io/northwind-robotics"},
			usage:  bundle.Usage{Searches: 5, Contents: 1}, // gh jobs 1 + workable 2 + smartrecruiters 2; gh name 1
			calls:  map[string]int{"/v1/boards/northwind-robotics": 2, "/v1/boards/northwindrobotics": 0, "/api/v1/widget/accounts/": 2, "/v1/companies/": 2},
		},
		{
			name:   "second candidate token",
			boards: []sourcetest.ATSBoard{gh("northwindrobotics", "NORTHWIND ROBOTICS")},
			q:      query(northwind),
			want:   []string{"https://boards.greenhouse.io/northwindrobotics"},
			usage:  bundle.Usage{Searches: 5, Contents: 2},
			calls:  map[string]int{"/v1/boards/northwind-robotics": 1, "/v1/boards/northwindrobotics": 2},
		},
		{
			name:   "someone else's board is rejected",
			boards: []sourcetest.ATSBoard{gh("northwind-robotics", "Northwind Robotics Supply Co"), wk("northwind-robotics", "Northwind Traders")},
			q:      query(northwind),
			usage:  bundle.Usage{Searches: 4, Contents: 2},
			calls:  map[string]int{"/v1/boards/northwind-robotics/jobs": 0, "/v1/boards/": 2, "/api/v1/widget/accounts/": 2},
		},
		{
			name:   "workable account matched by alias",
			boards: []sourcetest.ATSBoard{wk("northwind", "Northwind GmbH")},
			q:      query(bundle.Company{Name: "Northwind Robotics Inc", Aliases: []string{"Northwind"}, Domain: "northwind.com"}),
			want:   []string{"https://apply.workable.com/northwind"},
			usage:  bundle.Usage{Searches: 3, Contents: 2},
			calls:  map[string]int{"/api/v1/widget/accounts/northwind": 1, "/api/v1/widget/accounts/northwindrobotics": 0},
		},
		{
			name:   "smartrecruiters company name",
			boards: []sourcetest.ATSBoard{sr("northwindrobotics", "Northwind Robotics", 1)},
			q:      query(northwind),
			want:   []string{"https://jobs.smartrecruiters.com/northwindrobotics"},
			usage:  bundle.Usage{Searches: 4, Contents: 2},
			calls:  map[string]int{"/v1/companies/northwind-robotics/postings": 1, "/v1/companies/northwindrobotics/postings": 1},
		},
		{
			name:   "smartrecruiters without postings states no name",
			boards: []sourcetest.ATSBoard{sr("northwind-robotics", "Northwind Robotics", 0)},
			q:      query(northwind),
			usage:  bundle.Usage{Searches: 4, Contents: 2},
		},
		{
			name:   "lever and ashby are never guessed",
			boards: []sourcetest.ATSBoard{{Provider: sourcetest.ATSLever, Token: "northwind-robotics"}, {Provider: sourcetest.ATSAshby, Token: "northwind-robotics"}},
			q:      query(northwind),
			usage:  bundle.Usage{Searches: 4, Contents: 2},
			calls:  map[string]int{"/v0/postings/": 0, "/posting-api/": 0},
		},
		{
			name:   "a linked board stops guessing",
			boards: []sourcetest.ATSBoard{gh("northwind-robotics", "Northwind Robotics"), {Provider: sourcetest.ATSLever, Token: "northwind"}},
			q:      query(northwind, "https://northwind-robotics.com/careers", "https://jobs.lever.co/northwind"),
			want:   []string{"https://jobs.lever.co/northwind"},
			usage:  bundle.Usage{Searches: 1},
			calls:  map[string]int{"/v1/boards/": 0, "/v0/postings/northwind": 1},
		},
		{
			name:   "unrecognised links still allow guesses",
			boards: []sourcetest.ATSBoard{gh("northwind-robotics", "Northwind Robotics")},
			q:      query(northwind, "https://northwind-robotics.com/careers"),
			want:   []string{"https://boards.greenhouse.io/northwind-robotics"},
			usage:  bundle.Usage{Searches: 5, Contents: 1},
		},
		{
			name:   "no name, no guesses",
			boards: []sourcetest.ATSBoard{gh("northwind-robotics", "Northwind Robotics")},
			q:      query(bundle.Company{Domain: "northwind-robotics.com"}),
			calls:  map[string]int{"/": 0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewATS(t, tt.boards...)
			s := newSource(t, srv, nil)
			res, err := s.Gather(context.Background(), tt.q)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range res.Items {
				got = append(got, it.Doc.URL)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("items = %q, want %q", got, tt.want)
			}
			if res.Usage != tt.usage {
				t.Errorf("usage = %+v, want %+v", res.Usage, tt.usage)
			}
			for prefix, n := range tt.calls {
				if c := srv.CallsTo(prefix); c != n {
					t.Errorf("calls to %s = %d, want %d", prefix, c, n)
				}
			}
			if srv.Calls() > 2*MaxGuessTokens*len(guessProviders)+1 {
				t.Errorf("%d calls: more than the guess budget", srv.Calls())
			}
		})
	}
}

// jobs returns n roles published a minute apart, the newest first.
func jobs(n int) []sourcetest.ATSJob {
	out := make([]sourcetest.ATSJob, n)
	for i := range out {
		out[i] = sourcetest.ATSJob{ID: fmt.Sprintf("%d", 5000000+i), Title: fmt.Sprintf("Engineer %03d", i), Department: "Engineering",
			City: "Berlin", Country: "Germany", Published: now.Add(-time.Duration(i+1) * time.Minute)}
	}
	return out
}

func TestGatherPagesAndCap(t *testing.T) {
	tests := []struct {
		name      string
		board     sourcetest.ATSBoard
		link      string
		wantJobs  int
		wantCalls int
		wantQuery []string // RawQuery of each request, in order
		excerpt   string
	}{
		{
			name:      "lever pages by skip",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSLever, Token: "northwind", Jobs: jobs(230)},
			link:      "https://jobs.lever.co/northwind",
			wantJobs:  230,
			wantCalls: 3,
			wantQuery: []string{"limit=100&mode=json&skip=0", "limit=100&mode=json&skip=100", "limit=100&mode=json&skip=200"},
			excerpt:   "230 open roles. Engineering (230).",
		},
		{
			name:      "lever exact page multiple needs one empty page",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSLever, Token: "northwind", Jobs: jobs(200)},
			link:      "https://jobs.lever.co/northwind",
			wantJobs:  200,
			wantCalls: 3,
		},
		{
			name:      "lever stops at the cap",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSLever, Token: "northwind", Jobs: jobs(620)},
			link:      "https://jobs.lever.co/northwind",
			wantJobs:  500,
			wantCalls: 5,
			excerpt:   "500 open roles. Engineering (500).",
		},
		{
			name:      "smartrecruiters pages by offset",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSSmartRecruiters, Token: "NorthwindRobotics", Name: "Northwind Robotics", Jobs: jobs(250)},
			link:      "https://jobs.smartrecruiters.com/NorthwindRobotics",
			wantJobs:  250,
			wantCalls: 3,
			wantQuery: []string{"limit=100&offset=0", "limit=100&offset=100", "limit=100&offset=200"},
		},
		{
			name:      "smartrecruiters exact page multiple stops at totalFound",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSSmartRecruiters, Token: "NorthwindRobotics", Name: "Northwind Robotics", Jobs: jobs(200)},
			link:      "https://jobs.smartrecruiters.com/NorthwindRobotics",
			wantJobs:  200,
			wantCalls: 2,
		},
		{
			name:      "smartrecruiters stops at the cap",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSSmartRecruiters, Token: "NorthwindRobotics", Name: "Northwind Robotics", Jobs: jobs(620)},
			link:      "https://jobs.smartrecruiters.com/NorthwindRobotics",
			wantJobs:  500,
			wantCalls: 5,
			excerpt:   "620 open roles (500 listed here). Engineering (500).",
		},
		{
			name:      "greenhouse keeps the newest 500",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSGreenhouse, Token: "northwind", Jobs: jobs(600)},
			link:      "https://boards.greenhouse.io/northwind",
			wantJobs:  500,
			wantCalls: 1,
			excerpt:   "600 open roles (500 listed here). Engineering (500).",
		},
		{
			name:      "empty board is still a board",
			board:     sourcetest.ATSBoard{Provider: sourcetest.ATSAshby, Token: "northwind"},
			link:      "https://jobs.ashbyhq.com/northwind",
			wantJobs:  0,
			wantCalls: 1,
			excerpt:   "0 open roles.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewATS(t, tt.board)
			s := newSource(t, srv, nil)
			res, err := s.Gather(context.Background(), query(northwind, tt.link))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Items) != 1 {
				t.Fatalf("items = %d", len(res.Items))
			}
			it := res.Items[0]
			if len(it.Jobs) != tt.wantJobs || srv.Calls() != tt.wantCalls || res.Usage.Searches != tt.wantCalls {
				t.Fatalf("jobs %d calls %d usage %+v; want %d jobs, %d calls", len(it.Jobs), srv.Calls(), res.Usage, tt.wantJobs, tt.wantCalls)
			}
			if tt.wantQuery != nil {
				var got []string
				for _, r := range srv.Requests() {
					got = append(got, r.URL.RawQuery)
				}
				if !reflect.DeepEqual(got, tt.wantQuery) {
					t.Errorf("queries = %q, want %q", got, tt.wantQuery)
				}
			}
			if tt.excerpt != "" && it.Doc.Excerpt != tt.excerpt {
				t.Errorf("excerpt = %q, want %q", it.Doc.Excerpt, tt.excerpt)
			}
			for i := 1; i < len(it.Jobs); i++ {
				if it.Jobs[i].Published.After(it.Jobs[i-1].Published) {
					t.Fatalf("jobs not newest first at %d", i)
				}
			}
			if len(it.Jobs) > 0 {
				if !it.Doc.Published.Equal(it.Jobs[0].Published) || it.Doc.Precision != source.PrecisionTime {
					t.Errorf("doc published %v (%s), newest job %v", it.Doc.Published, it.Doc.Precision, it.Jobs[0].Published)
				}
				if tt.wantJobs == 500 && tt.board.Provider == sourcetest.ATSGreenhouse && it.Jobs[499].Title != "Engineer 499" {
					t.Errorf("kept %q last, want the 500th newest", it.Jobs[499].Title)
				}
			} else if it.Doc.Precision != source.PrecisionNone {
				t.Errorf("empty board has precision %q", it.Doc.Precision)
			}
		})
	}
}

// providerCase is one linked board per provider, for the failure table.
var providerCases = []struct {
	provider string
	prefix   string // the listing path prefix
	link     string
}{
	{ProviderGreenhouse, "/v1/boards/", "https://boards.greenhouse.io/northwind"},
	{ProviderLever, "/v0/postings/", "https://jobs.lever.co/northwind"},
	{ProviderAshby, "/posting-api/", "https://jobs.ashbyhq.com/northwind"},
	{ProviderWorkable, "/api/v1/widget/", "https://apply.workable.com/northwind"},
	{ProviderSmartRecruiters, "/v1/companies/", "https://jobs.smartrecruiters.com/northwind"},
}

func TestGatherFailures(t *testing.T) {
	tests := []struct {
		name     string
		queued   []sourcetest.Fault
		always   sourcetest.Fault
		timeout  time.Duration
		kind     upstream.Kind // "" = no error
		items    int
		calls    int
		minTaken time.Duration
	}{
		{name: "429 then success honours Retry-After", queued: []sourcetest.Fault{sourcetest.Fault429}, items: 1, calls: 2, minTaken: time.Second},
		{name: "429 long fails fast", always: sourcetest.Fault429Long, kind: upstream.KindRateLimited, calls: 1},
		{name: "500 retried then failure", always: sourcetest.Fault500, kind: upstream.KindFailure, calls: 3},
		{name: "503 retried then failure", always: sourcetest.Fault503, kind: upstream.KindFailure, calls: 3},
		{name: "500 once then success", queued: []sourcetest.Fault{sourcetest.Fault500}, items: 1, calls: 2},
		{name: "stall times out", always: sourcetest.FaultStall, timeout: 300 * time.Millisecond, kind: upstream.KindTimeout, calls: 1},
		{name: "malformed", queued: []sourcetest.Fault{sourcetest.FaultMalformed}, kind: upstream.KindMalformed, calls: 1},
		{name: "oversized", queued: []sourcetest.Fault{sourcetest.FaultOversized}, kind: upstream.KindTooLarge, calls: 1},
		{name: "html page in place of json", queued: []sourcetest.Fault{sourcetest.FaultHTMLPage}, kind: upstream.KindMalformed, calls: 1},
		{name: "html page always", always: sourcetest.FaultHTMLPage, kind: upstream.KindMalformed, calls: 1},
		{name: "not found is an answer", queued: []sourcetest.Fault{sourcetest.FaultNotFound}, calls: 1},
	}
	for _, pc := range providerCases {
		for _, tt := range tests {
			t.Run(pc.provider+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				b, _ := ParseBoardURL(pc.link)
				srv := sourcetest.NewATS(t, sourcetest.ATSBoard{Provider: pc.provider, Token: b.Token, Name: "Northwind Robotics", Jobs: jobs(3)})
				if len(tt.queued) > 0 {
					srv.Fail(pc.prefix, tt.queued...)
				}
				if tt.always != "" {
					srv.FailAlways(pc.prefix, tt.always)
				}
				s := newSource(t, srv, func(c *Config) { c.Timeout = tt.timeout })
				start := time.Now()
				res, err := s.Gather(context.Background(), query(northwind, pc.link))
				took := time.Since(start)
				if k := upstream.KindOf(err); k != tt.kind {
					t.Fatalf("error kind %q (%v), want %q", k, err, tt.kind)
				}
				if err != nil && !strings.HasPrefix(err.Error(), "ats: "+pc.provider+` board "northwind": `) {
					t.Errorf("error not wrapped with the board: %v", err)
				}
				if len(res.Items) != tt.items || srv.Calls() != tt.calls || res.Usage.Searches != 1 {
					t.Fatalf("items %d calls %d usage %+v; want %d items, %d calls, 1 search", len(res.Items), srv.Calls(), res.Usage, tt.items, tt.calls)
				}
				if took < tt.minTaken {
					t.Errorf("took %v, want at least %v", took, tt.minTaken)
				}
				if tt.kind == upstream.KindRateLimited && took > 2*time.Second {
					t.Errorf("rate limited after %v: did not fail fast", took)
				}
			})
		}
	}
}

func TestGatherGuessFailure(t *testing.T) {
	srv := sourcetest.NewATS(t)
	srv.FailAlways("/v1/boards/", sourcetest.Fault429Long)
	s := newSource(t, srv, nil)
	res, err := s.Gather(context.Background(), query(northwind))
	if upstream.KindOf(err) != upstream.KindRateLimited || !strings.Contains(err.Error(), `greenhouse board "northwind-robotics"`) {
		t.Fatalf("err = %v", err)
	}
	// The failing name lookup ends Greenhouse's guesses; the other providers still ran.
	if res.Usage != (bundle.Usage{Searches: 4, Contents: 1}) || srv.CallsTo("/v1/boards/") != 1 {
		t.Fatalf("usage %+v, greenhouse calls %d", res.Usage, srv.CallsTo("/v1/boards/"))
	}
}

func TestGatherPartialFailure(t *testing.T) {
	boards := fiveBoards()
	srv := sourcetest.NewATS(t, boards...)
	srv.FailAlways("/v1/boards/", sourcetest.Fault500)
	srv.FailAlways("/api/v1/widget/", sourcetest.Fault429Long)
	s := newSource(t, srv, nil)
	res, err := s.Gather(context.Background(), query(northwind, fiveLinks...))
	if err == nil {
		t.Fatal("no error")
	}
	if upstream.KindOf(err) != upstream.KindFailure {
		t.Errorf("first error kind %q, want the Greenhouse failure", upstream.KindOf(err))
	}
	var kinds []upstream.Kind
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		kinds = append(kinds, upstream.KindOf(e))
	}
	if !reflect.DeepEqual(kinds, []upstream.Kind{upstream.KindFailure, upstream.KindRateLimited}) {
		t.Errorf("joined kinds = %v", kinds)
	}
	var providers []string
	for _, it := range res.Items {
		providers = append(providers, it.Provider)
	}
	if !reflect.DeepEqual(providers, []string{ProviderAshby, ProviderSmartRecruiters, ProviderLever}) {
		t.Errorf("items from %v", providers)
	}
	if res.Usage.Searches != 5 {
		t.Errorf("usage %+v", res.Usage)
	}
}

func TestGatherLaterPageFailure(t *testing.T) {
	srv := sourcetest.New(t)
	srv.Handle("GET /v0/postings/{slug}", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("skip") != "0" {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		var b strings.Builder
		b.WriteString("[")
		for i := range pageSize {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"id":"p%d","text":"Engineer %d","hostedUrl":"https://jobs.lever.co/northwind/p%d","createdAt":1772000000000,"categories":{}}`, i, i, i)
		}
		b.WriteString("]")
		_, _ = w.Write([]byte(b.String()))
	})
	s := newSource(t, srv, func(c *Config) { c.MaxRetries = -1 })
	res, err := s.Gather(context.Background(), query(northwind, "https://jobs.lever.co/northwind"))
	if upstream.KindOf(err) != upstream.KindFailure || len(res.Items) != 0 || res.Usage.Searches != 2 {
		t.Fatalf("items %d usage %+v err %v", len(res.Items), res.Usage, err)
	}
}

// TestGatherConcurrent: the five boards are read at once. Each provider's
// first request waits at a barrier until all five have arrived; read one
// after another, the first would wait out the barrier's timeout.
func TestGatherConcurrent(t *testing.T) {
	srv := sourcetest.NewATS(t, fiveBoards()...)
	providers := map[string]string{"/v1/boards/": "greenhouse", "/v0/postings/": "lever", "/posting-api/": "ashby",
		"/api/v1/widget/": "workable", "/api/accounts/": "workable", "/v1/companies/": "smartrecruiters"}
	var mu sync.Mutex
	seen := map[string]bool{}
	all := make(chan struct{})
	apart := false // a first request gave up waiting for the others
	srv.OnRequest(func(r *http.Request) {
		for prefix, p := range providers {
			if !strings.HasPrefix(r.URL.Path, prefix) {
				continue
			}
			mu.Lock()
			first := !seen[p]
			seen[p] = true
			if len(seen) == 5 && first {
				close(all)
			}
			mu.Unlock()
			if first {
				select {
				case <-all:
				case <-time.After(5 * time.Second):
					mu.Lock()
					apart = true
					mu.Unlock()
				case <-r.Context().Done():
					mu.Lock()
					apart = true
					mu.Unlock()
				}
			}
			return
		}
	})
	s := newSource(t, srv, nil)
	res, err := s.Gather(context.Background(), query(northwind, fiveLinks...))
	if err != nil || len(res.Items) != 5 {
		t.Fatalf("items %d err %v", len(res.Items), err)
	}
	mu.Lock()
	defer mu.Unlock()
	if apart || len(seen) != 5 {
		t.Fatalf("the five boards were not read at once (providers seen %v, one gave up waiting: %v)", seen, apart)
	}
}

func TestGatherCanceled(t *testing.T) {
	srv := sourcetest.NewATS(t, fiveBoards()...)
	s := newSource(t, srv, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Gather(ctx, query(northwind, fiveLinks...))
	if upstream.KindOf(err) != upstream.KindCanceled || len(res.Items) != 0 {
		t.Fatalf("items %d err %v", len(res.Items), err)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v does not wrap context.Canceled", err)
	}
}

func TestGatherNothingToRead(t *testing.T) {
	srv := sourcetest.NewATS(t)
	s := newSource(t, srv, nil)
	res, err := s.Gather(context.Background(), bundle.Query{From: now.AddDate(0, 0, -7), To: now})
	if err != nil || len(res.Items) != 0 || res.Items == nil || res.Usage != (bundle.Usage{}) || srv.Calls() != 0 {
		t.Fatalf("Gather = %+v, %v (calls %d)", res, err, srv.Calls())
	}
}

func TestFakeWorkableRedirect(t *testing.T) {
	srv := sourcetest.NewATS(t, sourcetest.ATSBoard{Provider: sourcetest.ATSWorkable, Token: "northwind", Name: "Northwind Robotics"})
	c := upstream.New(upstream.Config{Name: ProviderWorkable})
	var acct workableAccount
	if _, err := c.GetJSON(context.Background(), srv.URL+"/api/accounts/northwind?details=true", &acct); err != nil || acct.Name != "Northwind Robotics" {
		t.Fatalf("redirected account = %+v, %v", acct, err)
	}
	if srv.CallsTo("/api/v1/widget/accounts/northwind") != 1 {
		t.Fatalf("redirect not followed to the widget URL")
	}
}
