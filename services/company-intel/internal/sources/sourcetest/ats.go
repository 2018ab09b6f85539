package sourcetest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ATS providers a fake board can live on (ATSBoard.Provider).
const (
	ATSGreenhouse      = "greenhouse"
	ATSLever           = "lever"
	ATSAshby           = "ashby"
	ATSWorkable        = "workable"
	ATSSmartRecruiters = "smartrecruiters"
)

// ATSJob is one open role on a fake board. Each provider's handler renders
// it in that provider's documented shape; zero fields are left out or
// derived as noted.
type ATSJob struct {
	// ID is the posting id; empty derives one from the board and position
	// (numeric for Greenhouse and SmartRecruiters, as they use).
	ID         string
	Title      string
	Department string // Greenhouse departments[0], Lever categories.department, Ashby department, Workable department, SmartRecruiters department.label
	Team       string // Lever categories.team, Ashby team
	Function   string // Workable function, SmartRecruiters function.label
	City       string
	Region     string // state or region
	Country    string // country name, e.g. "Germany"
	// CountryCode is the ISO 3166 alpha-2 code, e.g. "DE" (Lever country,
	// Workable countryCode, SmartRecruiters location.country).
	CountryCode string
	// Location is the display location (Greenhouse location.name, Lever
	// categories.location, Ashby location); empty derives "City, Country",
	// or "Remote" for a remote role without a city.
	Location       string
	Remote         bool
	EmploymentType string // e.g. "Full-time"
	Experience     string // e.g. "Mid-Senior level"
	// Published is when the role was posted (Lever createdAt, Ashby
	// publishedAt, Workable published_on and created_at, SmartRecruiters
	// releasedDate) and, on Greenhouse, its updated_at.
	Published   time.Time
	Description string // plain text; rendered as HTML where the provider sends HTML
	// Unlisted marks an Ashby posting with isListed false.
	Unlisted bool
	// Salary band (Ashby compensation); zero when not published.
	SalaryMin, SalaryMax int
	Currency             string // ISO 4217, e.g. "EUR"
}

// ATSBoard is one fake board.
type ATSBoard struct {
	Provider string // ATSGreenhouse, ATSLever, …
	// Token is the board token, Lever slug, Ashby board name, Workable
	// account slug or SmartRecruiters company identifier (matched
	// case-insensitively).
	Token string
	// Name is the owner as the provider states it: Greenhouse board name,
	// Workable account name, SmartRecruiters company.name (Lever and Ashby
	// state none).
	Name        string
	Description string // Greenhouse board content, Workable account description
	Industry    string // Workable job industry, SmartRecruiters industry.label
	Jobs        []ATSJob
}

// NewATS starts one fake server for the five ATS board APIs (their paths
// do not overlap, so every base URL can point at it):
//
//	GET /v1/boards/{token}                      Greenhouse board {"name","content"}
//	GET /v1/boards/{token}/jobs[?content=true]  Greenhouse {"jobs":[…],"meta":{"total"}}; content=true adds content, departments, offices
//	GET /v0/postings/{slug}?mode=json[&limit&skip]  Lever array of postings, paged by skip/limit; mode=json required
//	GET /posting-api/job-board/{name}[?includeCompensation=true]  Ashby {"apiVersion":"1","jobs":[…]} (unlisted postings included, isListed false)
//	GET /api/v1/widget/accounts/{slug}[?details=true]  Workable {"name","description","jobs":[…]}; details=true adds job descriptions
//	GET /api/accounts/{slug}                    301 to the widget URL (www.workable.com's documented redirect)
//	GET /v1/companies/{id}/postings[?limit&offset]  SmartRecruiters {"offset","limit","totalFound","content":[…]}, limit 1–100 (default 10)
//
// An unknown board answers 404 with the provider's error body, except
// SmartRecruiters, which answers an empty page. EU-region boards (Lever's
// api.eu.lever.co) are served by the same routes. It is closed at cleanup.
func NewATS(tb testing.TB, boards ...ATSBoard) *Server {
	tb.Helper()
	s, err := StartATS(boards...)
	if err != nil {
		tb.Fatal(err)
	}
	return closeAtCleanup(tb, s)
}

// StartATS is NewATS outside a test: the caller closes the server. A
// board of an unknown provider is an error.
func StartATS(boards ...ATSBoard) (*Server, error) {
	byKey := map[string]*ATSBoard{}
	for i := range boards {
		b := &boards[i]
		switch b.Provider {
		case ATSGreenhouse, ATSLever, ATSAshby, ATSWorkable, ATSSmartRecruiters:
		default:
			return nil, fmt.Errorf("sourcetest: unknown ATS provider %q", b.Provider)
		}
		byKey[b.Provider+"/"+strings.ToLower(b.Token)] = b
	}
	find := func(provider, token string) *ATSBoard { return byKey[provider+"/"+strings.ToLower(token)] }
	s := Start()

	s.Handle("GET /v1/boards/{token}", func(w http.ResponseWriter, r *http.Request) {
		b := find(ATSGreenhouse, r.PathValue("token"))
		if b == nil {
			atsJSON(w, http.StatusNotFound, map[string]any{"status": 404, "error": "Job not found"})
			return
		}
		atsJSON(w, http.StatusOK, map[string]any{"name": b.Name, "content": "<p>" + html.EscapeString(b.Description) + "</p>"})
	})
	s.Handle("GET /v1/boards/{token}/jobs", func(w http.ResponseWriter, r *http.Request) {
		b := find(ATSGreenhouse, r.PathValue("token"))
		if b == nil {
			atsJSON(w, http.StatusNotFound, map[string]any{"status": 404, "error": "Job not found"})
			return
		}
		full := r.URL.Query().Get("content") == "true"
		jobs := make([]map[string]any, 0, len(b.Jobs))
		for i, j := range b.Jobs {
			jobs = append(jobs, atsGreenhouseJob(b, i, j, full))
		}
		atsJSON(w, http.StatusOK, map[string]any{"jobs": jobs, "meta": map[string]any{"total": len(jobs)}})
	})

	s.Handle("GET /v0/postings/{slug}", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("mode") != "json" {
			http.Error(w, "<html><body>job listings</body></html>", http.StatusBadRequest)
			return
		}
		b := find(ATSLever, r.PathValue("slug"))
		if b == nil {
			atsJSON(w, http.StatusNotFound, map[string]any{"ok": false, "error": "Document not found"})
			return
		}
		lo, hi := atsWindow(len(b.Jobs), atsAtoi(q.Get("skip"), 0), atsAtoi(q.Get("limit"), len(b.Jobs)))
		out := make([]map[string]any, 0, hi-lo)
		for i := lo; i < hi; i++ {
			out = append(out, atsLeverPosting(b, i, b.Jobs[i]))
		}
		atsJSON(w, http.StatusOK, out)
	})

	s.Handle("GET /posting-api/job-board/{name}", func(w http.ResponseWriter, r *http.Request) {
		b := find(ATSAshby, r.PathValue("name"))
		if b == nil {
			atsJSON(w, http.StatusNotFound, map[string]any{"success": false, "errors": []string{"Job board not found"}})
			return
		}
		comp := r.URL.Query().Get("includeCompensation") == "true"
		jobs := make([]map[string]any, 0, len(b.Jobs))
		for i, j := range b.Jobs {
			jobs = append(jobs, atsAshbyJob(b, i, j, comp))
		}
		atsJSON(w, http.StatusOK, map[string]any{"apiVersion": "1", "jobs": jobs})
	})

	s.Handle("GET /api/v1/widget/accounts/{slug}", func(w http.ResponseWriter, r *http.Request) {
		b := find(ATSWorkable, r.PathValue("slug"))
		if b == nil {
			atsJSON(w, http.StatusNotFound, map[string]any{"error": "Not found"})
			return
		}
		details := r.URL.Query().Get("details") == "true"
		jobs := make([]map[string]any, 0, len(b.Jobs))
		for i, j := range b.Jobs {
			jobs = append(jobs, atsWorkableJob(b, i, j, details))
		}
		atsJSON(w, http.StatusOK, map[string]any{"name": b.Name, "description": "<p>" + html.EscapeString(b.Description) + "</p>", "jobs": jobs})
	})
	s.Handle("GET /api/accounts/{slug}", func(w http.ResponseWriter, r *http.Request) {
		to := "/api/v1/widget/accounts/" + url.PathEscape(r.PathValue("slug"))
		if r.URL.RawQuery != "" {
			to += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, to, http.StatusMovedPermanently)
	})

	s.Handle("GET /v1/companies/{id}/postings", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		limit := atsAtoi(q.Get("limit"), 10)
		if limit < 1 || limit > 100 {
			atsJSON(w, http.StatusBadRequest, map[string]any{"message": "limit must be between 1 and 100"})
			return
		}
		offset := atsAtoi(q.Get("offset"), 0)
		content := []map[string]any{}
		total := 0
		if b := find(ATSSmartRecruiters, r.PathValue("id")); b != nil {
			total = len(b.Jobs)
			lo, hi := atsWindow(total, offset, limit)
			for i := lo; i < hi; i++ {
				content = append(content, atsSmartRecruitersPosting(b, i, b.Jobs[i]))
			}
		}
		atsJSON(w, http.StatusOK, map[string]any{"offset": offset, "limit": limit, "totalFound": total, "content": content})
	})
	return s, nil
}

// ATSFixture returns the demo's boards, dated relative to now: Northwind
// Robotics (northwind-robotics.com) on Greenhouse as
// https://boards.greenhouse.io/northwindrobotics, and Acme Analytics on
// Lever as https://jobs.lever.co/acme-analytics.
func ATSFixture(now time.Time) []ATSBoard {
	day := func(n int) time.Time {
		return now.UTC().Add(-time.Duration(n)*24*time.Hour - 3*time.Hour).Truncate(time.Minute)
	}
	return []ATSBoard{
		{
			Provider: ATSGreenhouse, Token: "northwindrobotics", Name: "Northwind Robotics", Industry: "Robotics",
			Description: "Northwind Robotics builds autonomous picking robots for warehouses.",
			Jobs: []ATSJob{
				{Title: "Senior Robotics Software Engineer", Department: "Engineering", City: "Berlin", Country: "Germany", CountryCode: "DE", EmploymentType: "Full-time", Published: day(2), Description: "Build motion planning for our picking arms."},
				{Title: "Perception Engineer", Department: "Engineering", City: "Berlin", Country: "Germany", CountryCode: "DE", EmploymentType: "Full-time", Published: day(5)},
				{Title: "Field Service Technician", Department: "Operations", City: "Rotterdam", Country: "Netherlands", CountryCode: "NL", EmploymentType: "Full-time", Published: day(9)},
				{Title: "Account Executive, DACH", Department: "Sales", City: "Munich", Country: "Germany", CountryCode: "DE", EmploymentType: "Full-time", Published: day(12)},
				{Title: "Enterprise Account Executive", Department: "Sales", Location: "Remote - US", Country: "United States", CountryCode: "US", Remote: true, EmploymentType: "Full-time", Published: day(16)},
				{Title: "VP of Manufacturing", Department: "Operations", City: "Berlin", Country: "Germany", CountryCode: "DE", EmploymentType: "Full-time", Published: day(21)},
			},
		},
		{
			Provider: ATSLever, Token: "acme-analytics", Name: "Acme Analytics", Industry: "Software",
			Jobs: []ATSJob{
				{Title: "Data Platform Engineer", Department: "Engineering", Team: "Platform", City: "London", Country: "United Kingdom", CountryCode: "GB", EmploymentType: "Full-time", Published: day(3)},
				{Title: "Solutions Consultant", Department: "Customer Success", Team: "Solutions", Remote: true, Country: "United Kingdom", CountryCode: "GB", EmploymentType: "Full-time", Published: day(8)},
				{Title: "Head of Partnerships", Department: "Business Development", City: "New York", Region: "NY", Country: "United States", CountryCode: "US", EmploymentType: "Full-time", Published: day(14)},
			},
		},
	}
}

func atsJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func atsAtoi(s string, def int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return n
}

// atsWindow clamps [offset, offset+limit) to [0, n).
func atsWindow(n, offset, limit int) (int, int) {
	lo := min(max(offset, 0), n)
	return lo, min(lo+max(limit, 0), n)
}

// atsLocation is the job's display location.
func atsLocation(j ATSJob) string {
	if j.Location != "" {
		return j.Location
	}
	if j.City == "" && j.Remote {
		return "Remote"
	}
	var parts []string
	for _, p := range []string{j.City, j.Country} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// atsID is the job's id: its own, or a number derived from the board and
// position.
func atsID(b *ATSBoard, i int, j ATSJob) string {
	if j.ID != "" {
		return j.ID
	}
	h := 0
	for _, r := range b.Token {
		h = (h*31 + int(r)) % 9000
	}
	return strconv.Itoa(4000000 + h*1000 + i)
}

func atsNumericID(id string) int64 {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		var h int64
		for _, r := range id {
			h = (h*131 + int64(r)) % 1e9
		}
		return h
	}
	return n
}

func atsGreenhouseJob(b *ATSBoard, i int, j ATSJob, full bool) map[string]any {
	id := atsID(b, i, j)
	loc := atsLocation(j)
	est := time.FixedZone("EST", -5*3600)
	m := map[string]any{
		"id":              atsNumericID(id),
		"internal_job_id": atsNumericID(id) + 100000,
		"title":           j.Title,
		"updated_at":      j.Published.In(est).Format(time.RFC3339),
		"requisition_id":  fmt.Sprintf("REQ-%03d", i+1),
		"location":        map[string]any{"name": loc},
		"absolute_url":    "https://boards.greenhouse.io/" + strings.ToLower(b.Token) + "/jobs/" + id,
		"metadata":        nil,
		"data_compliance": []map[string]any{{"type": "gdpr", "requires_consent": false, "retention_period": nil}},
	}
	if full {
		m["content"] = html.EscapeString("<p>" + html.EscapeString(j.Description) + "</p>")
		depts := []map[string]any{}
		if j.Department != "" {
			depts = append(depts, map[string]any{"id": 50000 + len(j.Department), "name": j.Department, "child_ids": []int{}, "parent_id": nil})
		}
		offices := []map[string]any{}
		if loc != "" {
			offices = append(offices, map[string]any{"id": 60000 + len(loc), "name": cmp.Or(j.City, loc), "location": loc, "child_ids": []int{}, "parent_id": nil})
		}
		m["departments"] = depts
		m["offices"] = offices
	}
	return m
}

func atsLeverPosting(b *ATSBoard, i int, j ATSJob) map[string]any {
	id := atsID(b, i, j)
	loc := atsLocation(j)
	workplace := "on-site"
	if j.Remote {
		workplace = "remote"
	}
	all := []string{}
	if loc != "" {
		all = append(all, loc)
	}
	host := "https://jobs.lever.co/" + strings.ToLower(b.Token) + "/" + id
	return map[string]any{
		"id":   id,
		"text": j.Title,
		"categories": map[string]any{
			"team": j.Team, "department": j.Department, "location": loc, "commitment": j.EmploymentType, "allLocations": all,
		},
		"createdAt":        j.Published.UnixMilli(),
		"country":          j.CountryCode,
		"workplaceType":    workplace,
		"descriptionPlain": j.Description,
		"description":      "<div>" + html.EscapeString(j.Description) + "</div>",
		"lists":            []any{},
		"additional":       "",
		"additionalPlain":  "",
		"hostedUrl":        host,
		"applyUrl":         host + "/apply",
	}
}

func atsAshbyJob(b *ATSBoard, i int, j ATSJob, comp bool) map[string]any {
	id := atsID(b, i, j)
	workplace := "OnSite"
	if j.Remote {
		workplace = "Remote"
	}
	jobURL := "https://jobs.ashbyhq.com/" + b.Token + "/" + id
	m := map[string]any{
		"id":                 id,
		"title":              j.Title,
		"department":         j.Department,
		"team":               j.Team,
		"employmentType":     strings.ReplaceAll(cmp.Or(j.EmploymentType, "Full-time"), "-", ""),
		"location":           atsLocation(j),
		"secondaryLocations": []any{},
		"address": map[string]any{"postalAddress": map[string]any{
			"addressLocality": j.City, "addressRegion": j.Region, "addressCountry": j.Country,
		}},
		"isRemote":                               j.Remote,
		"workplaceType":                          workplace,
		"publishedAt":                            j.Published.UTC().Format("2006-01-02T15:04:05.000-07:00"),
		"isListed":                               !j.Unlisted,
		"jobUrl":                                 jobURL,
		"applyUrl":                               jobURL + "/application",
		"descriptionHtml":                        "<p>" + html.EscapeString(j.Description) + "</p>",
		"descriptionPlain":                       j.Description,
		"shouldDisplayCompensationOnJobPostings": j.SalaryMax > 0,
	}
	if comp {
		c := map[string]any{"compensationTierSummary": nil, "scrapeableCompensationSalarySummary": nil, "compensationTiers": []any{}, "summaryComponents": []any{}}
		if j.SalaryMax > 0 {
			sum := fmt.Sprintf("%s %dK – %dK", j.Currency, j.SalaryMin/1000, j.SalaryMax/1000)
			part := map[string]any{"compensationType": "Salary", "interval": "1 YEAR", "currencyCode": j.Currency, "minValue": j.SalaryMin, "maxValue": j.SalaryMax}
			c["compensationTierSummary"] = sum
			c["scrapeableCompensationSalarySummary"] = sum
			c["compensationTiers"] = []any{map[string]any{"id": id + "-tier", "tierSummary": sum, "components": []any{part}}}
			c["summaryComponents"] = []any{part}
		}
		m["compensation"] = c
	}
	return m
}

func atsWorkableJob(b *ATSBoard, i int, j ATSJob, details bool) map[string]any {
	short := strings.ToUpper(fmt.Sprintf("%X%06d", len(b.Token)*7919, i+1))
	if j.ID != "" {
		short = j.ID
	}
	link := "https://apply.workable.com/j/" + short
	day := j.Published.UTC().Format(time.DateOnly)
	m := map[string]any{
		"title":           j.Title,
		"shortcode":       short,
		"code":            "",
		"employment_type": j.EmploymentType,
		"telecommuting":   j.Remote,
		"department":      j.Department,
		"url":             link,
		"shortlink":       link,
		"application_url": link + "/apply",
		"published_on":    day,
		"created_at":      day,
		"country":         j.Country,
		"city":            j.City,
		"state":           j.Region,
		"education":       "",
		"experience":      j.Experience,
		"function":        j.Function,
		"industry":        b.Industry,
		"locations": []map[string]any{{
			"country": j.Country, "countryCode": j.CountryCode, "city": j.City, "region": j.Region, "hidden": false,
		}},
	}
	if details {
		m["description"] = "<p>" + html.EscapeString(j.Description) + "</p>"
	}
	return m
}

func atsSmartRecruitersPosting(b *ATSBoard, i int, j ATSJob) map[string]any {
	id := atsID(b, i, j)
	label := func(v string) map[string]any {
		if v == "" {
			return nil
		}
		return map[string]any{"id": strings.ToLower(strings.ReplaceAll(v, " ", "_")), "label": v}
	}
	var full []string
	for _, p := range []string{j.City, j.Region, j.Country} {
		if p != "" {
			full = append(full, p)
		}
	}
	if j.Remote && len(full) == 0 {
		full = append(full, "Remote")
	}
	return map[string]any{
		"id":           id,
		"name":         j.Title,
		"uuid":         fmt.Sprintf("3fa85f64-5717-4562-b3fc-%012d", atsNumericID(id)%1e12),
		"jobAdId":      fmt.Sprintf("a%011d", atsNumericID(id)%1e11),
		"defaultJobAd": true,
		"refNumber":    fmt.Sprintf("REF%04d", i+1),
		"company":      map[string]any{"identifier": b.Token, "name": b.Name},
		"releasedDate": j.Published.UTC().Format("2006-01-02T15:04:05.000Z"),
		"location": map[string]any{
			"city": j.City, "region": j.Region, "country": strings.ToLower(j.CountryCode), "remote": j.Remote,
			"fullLocation": strings.Join(full, ", "),
		},
		"industry":         label(b.Industry),
		"department":       label(j.Department),
		"function":         label(j.Function),
		"typeOfEmployment": label(j.EmploymentType),
		"experienceLevel":  label(j.Experience),
		"customField":      []any{},
		"visibility":       "PUBLIC",
		"ref":              "https://api.smartrecruiters.com/v1/companies/" + b.Token + "/postings/" + id,
	}
}
