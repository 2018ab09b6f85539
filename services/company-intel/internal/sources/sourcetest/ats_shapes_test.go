package sourcetest

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The ATS fake answers in the shapes real boards send: the field names
// (key sets below are those of real answers), date forms and escapes.

func atsGet(t *testing.T, srv *Server, path string) (string, map[string]any) {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%s: %d %s", path, resp.StatusCode, raw)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if m, ok := v.(map[string]any); ok {
		return string(raw), m
	}
	return string(raw), map[string]any{"": v}
}

func atsKeys(v any) []string {
	m, _ := v.(map[string]any)
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func atsList(v any) []any { l, _ := v.([]any); return l }

func atsObj(v any) map[string]any { m, _ := v.(map[string]any); return m }

func atsWantKeys(t *testing.T, what string, v any, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := atsKeys(v); !slices.Equal(got, want) {
		t.Errorf("%s keys:\n got %q\nwant %q", what, got, want)
	}
}

func atsWantMatch(t *testing.T, what string, v any, re string) {
	t.Helper()
	s, _ := v.(string)
	if !regexp.MustCompile(re).MatchString(s) {
		t.Errorf("%s = %v, want the form %s", what, v, re)
	}
}

func atsShapeBoards() []ATSBoard {
	jan := time.Date(2026, 1, 12, 14, 5, 9, 482_000_000, time.UTC)
	jul := time.Date(2026, 7, 10, 20, 15, 41, 753_000_000, time.UTC)
	jobs := []ATSJob{
		{Title: "Robotics Engineer", Department: "R&D", Team: "Autonomy", Function: "Engineering", City: "Berlin", Region: "Berlin", Country: "Germany", CountryCode: "DE",
			OtherLocations: []string{"Munich, Germany"}, Workplace: "Hybrid", EmploymentType: "Full-time", Experience: "Mid-Senior level",
			Published: jul, Description: "Plan motion for picking arms. Ship firmware in C++ & Rust. We're hiring.", SalaryMin: 70000, SalaryMax: 90000, Currency: "EUR"},
		{Title: "Enterprise Account Executive", Department: "Sales", Country: "United States", CountryCode: "US", Remote: true, Published: jan},
	}
	return []ATSBoard{
		{Provider: ATSGreenhouse, Token: "northwindrobotics", Name: "Northwind Robotics", Description: "Northwind builds warehouse robots.", Jobs: jobs},
		{Provider: ATSLever, Token: "northwind", Jobs: jobs},
		{Provider: ATSAshby, Token: "Northwind", Jobs: jobs},
		{Provider: ATSWorkable, Token: "northwind", Name: "Northwind Robotics", Description: "We build warehouse robots.", Industry: "Robotics", Jobs: jobs},
		{Provider: ATSSmartRecruiters, Token: "NorthwindRobotics", Name: "Northwind Robotics", Industry: "Robotics", Jobs: jobs},
	}
}

func TestATSGreenhouseShape(t *testing.T) {
	srv := NewATS(t, atsShapeBoards()...)
	raw, page := atsGet(t, srv, "/v1/boards/NorthwindRobotics/jobs?content=true")
	atsWantKeys(t, "page", page, "jobs", "meta")
	if total := atsObj(page["meta"])["total"]; total != 2.0 {
		t.Errorf("meta.total = %v", total)
	}
	jobs := atsList(page["jobs"])
	if len(jobs) != 2 {
		t.Fatalf("%d jobs", len(jobs))
	}
	j := atsObj(jobs[0])
	atsWantKeys(t, "posting with content", j, "absolute_url", "ai_disclaimer", "ai_opt_out_request_url", "application_deadline", "company_name", "content",
		"data_compliance", "departments", "first_published", "id", "include_ai_disclaimer", "internal_job_id", "language", "location", "metadata",
		"offices", "requisition_id", "title", "updated_at")
	atsWantKeys(t, "department", atsList(j["departments"])[0], "child_ids", "id", "name", "parent_id")
	atsWantKeys(t, "office", atsList(j["offices"])[0], "child_ids", "id", "location", "name", "parent_id")
	atsWantKeys(t, "custom field", atsList(j["metadata"])[0], "id", "name", "value", "value_type")
	atsWantKeys(t, "data_compliance", atsList(j["data_compliance"])[0], "demographic_data_consent_applies", "requires_consent",
		"requires_processing_consent", "requires_retention_consent", "retention_period", "type")
	if len(atsList(j["offices"])) != 2 || j["company_name"] != "Northwind Robotics" || j["absolute_url"] != "https://job-boards.greenhouse.io/northwindrobotics/jobs/"+atsJSONNumber(j["id"]) {
		t.Errorf("offices %v, company_name %v, absolute_url %v", j["offices"], j["company_name"], j["absolute_url"])
	}
	// US Eastern offsets: summer -04:00, winter -05:00; whole seconds.
	if j["first_published"] != "2026-07-10T16:15:41-04:00" || atsObj(jobs[1])["first_published"] != "2026-01-12T09:05:09-05:00" {
		t.Errorf("first_published %v, %v", j["first_published"], atsObj(jobs[1])["first_published"])
	}
	// One bulk update for both postings: three days after the newest.
	if j["updated_at"] != "2026-07-13T16:15:41-04:00" || atsObj(jobs[1])["updated_at"] != j["updated_at"] {
		t.Errorf("updated_at %v, %v: want one bulk update", j["updated_at"], atsObj(jobs[1])["updated_at"])
	}
	// Content is HTML escaped once more, literally in the JSON: &lt;p&gt;,
	// &amp;nbsp;, &#39;, &quot;, and an entity of the text escaped twice.
	content, _ := j["content"].(string)
	for _, want := range []string{`&lt;div class=&quot;content-intro&quot;&gt;`, "&lt;p&gt;Plan motion", "C++ &amp;amp; Rust", "We&amp;#39;re", "&amp;nbsp;&lt;/p&gt;"} {
		if !strings.Contains(content, want) {
			t.Errorf("content %q lacks %q", content, want)
		}
	}
	if !strings.Contains(raw, `"content":"&lt;div`) {
		t.Errorf("content not sent literally: %.200s", raw)
	}
	if atsObj(jobs[1])["metadata"] != nil || atsObj(atsList(atsObj(jobs[1])["offices"])[0])["location"] != nil {
		t.Errorf("no workplace field: metadata %v; remote office location %v", atsObj(jobs[1])["metadata"], atsObj(jobs[1])["offices"])
	}

	_, bare := atsGet(t, srv, "/v1/boards/northwindrobotics/jobs")
	atsWantKeys(t, "posting without content", atsList(bare["jobs"])[0], "absolute_url", "application_deadline", "company_name", "first_published",
		"id", "internal_job_id", "language", "location", "requisition_id", "title", "updated_at")
}

func atsJSONNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestATSGreenhouseDates(t *testing.T) {
	day := func(s string) time.Time { d, _ := time.Parse(time.RFC3339, s); return d }
	b := ATSBoard{Provider: ATSGreenhouse, Token: "t", CareersURL: "https://www.northwind-robotics.com/careers", Jobs: []ATSJob{
		{ID: "4100", Title: "A", Published: day("2026-03-08T06:59:59Z")},                                       // 01:59:59 EST, before the change
		{ID: "4101", Title: "B", Published: day("2026-03-08T07:00:00Z")},                                       // 03:00 EDT
		{ID: "4102", Title: "C", Published: day("2026-11-01T05:59:59Z")},                                       // 01:59:59 EDT
		{ID: "4103", Title: "D", Published: day("2026-11-01T06:00:00Z"), Updated: day("2026-11-02T06:00:00Z")}, // 01:00 EST
		{ID: "4104", Title: "E"}, // no first_published
	}}
	srv := NewATS(t, b)
	_, page := atsGet(t, srv, "/v1/boards/t/jobs")
	jobs := atsList(page["jobs"])
	want := []struct{ first, updated any }{
		{"2026-03-08T01:59:59-05:00", "2026-11-04T01:00:00-05:00"},
		{"2026-03-08T03:00:00-04:00", "2026-11-04T01:00:00-05:00"},
		{"2026-11-01T01:59:59-04:00", "2026-11-04T01:00:00-05:00"},
		{"2026-11-01T01:00:00-05:00", "2026-11-02T01:00:00-05:00"},
		{nil, "2026-11-04T01:00:00-05:00"},
	}
	for i, w := range want {
		j := atsObj(jobs[i])
		if j["first_published"] != w.first || j["updated_at"] != w.updated {
			t.Errorf("job %d: first_published %v updated_at %v; want %v %v", i, j["first_published"], j["updated_at"], w.first, w.updated)
		}
	}
	if u := atsObj(jobs[0])["absolute_url"]; u != "https://www.northwind-robotics.com/careers?gh_jid=4100" {
		t.Errorf("absolute_url on the company's site = %v", u)
	}
}

func TestATSBulkUpdate(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		b    ATSBoard
		want time.Time
	}{
		{"stated", ATSBoard{Updated: now.Add(-time.Hour), Jobs: []ATSJob{{Published: now.Add(-48 * time.Hour)}}}, now.Add(-time.Hour)},
		{"three days after the newest", ATSBoard{Jobs: []ATSJob{{Published: now.AddDate(0, 0, -30)}, {Published: now.AddDate(0, 0, -10)}}}, now.AddDate(0, 0, -7)},
		{"not after now", ATSBoard{Jobs: []ATSJob{{Published: now.Add(-24 * time.Hour)}}}, now},
		{"not before the newest", ATSBoard{Jobs: []ATSJob{{Published: now.Add(time.Hour)}}}, now.Add(time.Hour)},
		{"undated board", ATSBoard{Jobs: []ATSJob{{Title: "x"}}}, time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		if got := atsBulkUpdate(&tt.b, now); !got.Equal(tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestATSLeverShape(t *testing.T) {
	srv := NewATS(t, atsShapeBoards()...)
	_, page := atsGet(t, srv, "/v0/postings/northwind?mode=json")
	posts := atsList(page[""])
	if len(posts) != 2 {
		t.Fatalf("%d postings", len(posts))
	}
	p := atsObj(posts[0])
	atsWantKeys(t, "posting", p, "additional", "additionalPlain", "applyUrl", "categories", "country", "createdAt", "description", "descriptionBody",
		"descriptionBodyPlain", "descriptionPlain", "hostedUrl", "id", "lists", "opening", "openingPlain", "text", "workplaceType")
	atsWantKeys(t, "categories", p["categories"], "allLocations", "commitment", "department", "location", "team")
	// Sparse categories carry only the keys set.
	atsWantKeys(t, "sparse categories", atsObj(posts[1])["categories"], "allLocations", "department", "location")
	atsWantKeys(t, "list", atsList(p["lists"])[0], "content", "text")
	atsWantMatch(t, "id", p["id"], `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$`)
	if p["createdAt"] != 1783714541753.0 {
		t.Errorf("createdAt = %v, want milliseconds", p["createdAt"])
	}
	if p["workplaceType"] != "hybrid" || atsObj(posts[1])["workplaceType"] != "remote" || p["country"] != "DE" {
		t.Errorf("workplaceType %v, %v; country %v", p["workplaceType"], atsObj(posts[1])["workplaceType"], p["country"])
	}
	if all := atsObj(p["categories"])["allLocations"]; len(atsList(all)) != 2 {
		t.Errorf("allLocations %v", all)
	}
	if c, _ := atsObj(atsList(p["lists"])[0])["content"].(string); !strings.Contains(c, "<li>\u200bShip firmware in C++ &amp; Rust</li>") {
		t.Errorf("list content %q", c)
	}
	if d := p["description"]; d != "<div>Plan motion for picking arms. Ship firmware in C++ &amp; Rust. We&#39;re hiring.</div>" {
		t.Errorf("description %q", d)
	}
	srv2 := NewATS(t, ATSBoard{Provider: ATSLever, Token: "x", Jobs: []ATSJob{{Title: "On site", City: "Oslo"}}})
	_, page = atsGet(t, srv2, "/v0/postings/x?mode=json")
	if p := atsObj(atsList(page[""])[0]); p["workplaceType"] != "unspecified" || p["createdAt"] != nil {
		t.Errorf("undated, unspecified posting: %v", p)
	}
}

func TestATSAshbyShape(t *testing.T) {
	srv := NewATS(t, atsShapeBoards()...)
	_, page := atsGet(t, srv, "/posting-api/job-board/Northwind?includeCompensation=true")
	atsWantKeys(t, "board", page, "apiVersion", "jobs")
	jobs := atsList(page["jobs"])
	j := atsObj(jobs[0])
	atsWantKeys(t, "job", j, "address", "applyUrl", "compensation", "department", "descriptionHtml", "descriptionPlain", "employmentType", "id",
		"isListed", "isRemote", "jobUrl", "location", "publishedAt", "secondaryLocations", "shouldDisplayCompensationOnJobPostings", "team",
		"title", "workplaceType")
	c := atsObj(j["compensation"])
	atsWantKeys(t, "compensation", c, "compensationTierSummary", "compensationTiers", "scrapeableCompensationSalarySummary", "summaryComponents")
	tier := atsObj(atsList(c["compensationTiers"])[0])
	atsWantKeys(t, "tier", tier, "additionalInformation", "components", "id", "tierSummary", "title")
	equity := atsObj(atsList(tier["components"])[0])
	atsWantKeys(t, "component", equity, "compensationType", "currencyCode", "id", "interval", "maxValue", "minValue", "summary")
	if equity["minValue"] != nil || equity["compensationType"] != "EquityCashValue" {
		t.Errorf("equity component %v", equity)
	}
	atsWantKeys(t, "summary component", atsList(c["summaryComponents"])[0], "compensationType", "interval", "maxValue", "minValue")
	atsWantKeys(t, "secondary location", atsList(j["secondaryLocations"])[0], "address", "location")
	atsWantMatch(t, "publishedAt", j["publishedAt"], `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$`)
	if j["publishedAt"] != "2026-07-10T20:15:41.753+00:00" || j["employmentType"] != "FullTime" {
		t.Errorf("publishedAt %v employmentType %v", j["publishedAt"], j["employmentType"])
	}
	// Real boards set isRemote on hybrid roles.
	if j["workplaceType"] != "Hybrid" || j["isRemote"] != true || atsObj(jobs[1])["workplaceType"] != "Remote" {
		t.Errorf("workplaceType %v isRemote %v; second %v", j["workplaceType"], j["isRemote"], atsObj(jobs[1])["workplaceType"])
	}
	none := atsObj(atsObj(jobs[1])["compensation"])
	if none["compensationTierSummary"] != nil || len(atsList(none["compensationTiers"])) != 0 {
		t.Errorf("no band: %v", none)
	}
	atsWantKeys(t, "address of a remote role", atsObj(atsObj(jobs[1])["address"])["postalAddress"], "addressCountry")
}

func TestATSWorkableShape(t *testing.T) {
	srv := NewATS(t, atsShapeBoards()...)
	_, acct := atsGet(t, srv, "/api/v1/widget/accounts/northwind?details=true")
	atsWantKeys(t, "account", acct, "description", "jobs", "name")
	if acct["description"] != "We build warehouse robots." {
		t.Errorf("account description %v: plain text", acct["description"])
	}
	j := atsObj(atsList(acct["jobs"])[0])
	atsWantKeys(t, "job", j, "application_url", "city", "code", "country", "created_at", "department", "description", "education",
		"employment_type", "experience", "function", "industry", "published_on", "shortcode", "shortlink", "state", "telecommuting", "title", "url")
	atsWantMatch(t, "shortcode", j["shortcode"], `^[0-9A-F]{10}$`)
	if j["published_on"] != "2026-07-10" || j["created_at"] != "2026-07-10" {
		t.Errorf("published_on %v created_at %v", j["published_on"], j["created_at"])
	}
	j2 := atsObj(atsList(acct["jobs"])[1])
	if j2["city"] != "" || j2["state"] != "" || j2["telecommuting"] != true {
		t.Errorf("remote job: %v", j2)
	}
	_, acct = atsGet(t, srv, "/api/v1/widget/accounts/northwind")
	if _, ok := atsObj(atsList(acct["jobs"])[0])["description"]; ok {
		t.Error("description without details=true")
	}
}

func TestATSSmartRecruitersShape(t *testing.T) {
	srv := NewATS(t, atsShapeBoards()...)
	_, page := atsGet(t, srv, "/v1/companies/northwindrobotics/postings?limit=100")
	atsWantKeys(t, "page", page, "content", "limit", "offset", "totalFound")
	p := atsObj(atsList(page["content"])[0])
	atsWantKeys(t, "posting", p, "company", "defaultJobAd", "department", "experienceLevel", "function", "id", "industry", "jobAdId",
		"language", "location", "name", "ref", "refNumber", "releasedDate", "typeOfEmployment", "uuid", "visibility")
	atsWantKeys(t, "location", p["location"], "city", "country", "fullLocation", "hybrid", "region", "remote")
	atsWantKeys(t, "language", p["language"], "code", "label", "labelNative")
	atsWantKeys(t, "department", p["department"], "id", "label")
	atsWantMatch(t, "id", p["id"], `^\d{15}$`)
	atsWantMatch(t, "releasedDate", p["releasedDate"], `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)
	loc := atsObj(p["location"])
	// The company's own spelling of its identifier, whatever the request's.
	if atsObj(p["company"])["identifier"] != "NorthwindRobotics" || loc["country"] != "de" || loc["hybrid"] != true || loc["fullLocation"] != "Berlin, Berlin, Germany" {
		t.Errorf("company %v location %v", p["company"], loc)
	}
	if atsObj(p["typeOfEmployment"])["id"] != "permanent" || atsObj(atsObj(atsList(page["content"])[1])["experienceLevel"])["id"] != "not_applicable" {
		t.Errorf("typeOfEmployment %v experienceLevel %v", p["typeOfEmployment"], atsObj(atsList(page["content"])[1])["experienceLevel"])
	}
}
