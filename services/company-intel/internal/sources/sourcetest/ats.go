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
// it in that provider's real shape (see NewATS); zero fields are left out
// or derived as noted.
type ATSJob struct {
	// ID is the posting id; empty derives one from the board and position
	// in the provider's form (Greenhouse a 10-digit number, Lever and Ashby
	// a UUID, Workable a 10-character shortcode, SmartRecruiters a
	// 15-digit number).
	ID         string
	Title      string // sent as written (curly apostrophes, entities and trailing spaces included)
	Department string // Greenhouse departments[0], Lever categories.department, Ashby department, Workable department, SmartRecruiters department.label
	Team       string // Lever categories.team, Ashby team
	Function   string // Workable function, SmartRecruiters function.label
	City       string
	Region     string // state or region
	Country    string // country name, e.g. "Germany"
	// CountryCode is the ISO 3166 alpha-2 code, e.g. "DE" (Lever country,
	// SmartRecruiters location.country, lower-cased as it sends it).
	CountryCode string
	// Location is the display location (Greenhouse location.name, Lever
	// categories.location, Ashby location); empty derives "City, Country",
	// or "Remote" for a remote role without a city.
	Location string
	// OtherLocations are further places the role is open in (Lever
	// categories.allLocations after Location, Ashby secondaryLocations,
	// Greenhouse offices after the first).
	OtherLocations []string
	Remote         bool
	// Workplace is the role's explicit workplace type, "Remote", "Hybrid"
	// or "On-site" (Lever workplaceType, Ashby workplaceType, a Greenhouse
	// "Location Type" custom field in metadata, SmartRecruiters
	// location.hybrid). Empty: Lever says "remote" for a Remote role and
	// "unspecified" otherwise, Ashby "Remote" or "OnSite", Greenhouse has
	// no such field (metadata null).
	Workplace      string
	EmploymentType string // e.g. "Full-time"
	Experience     string // e.g. "Mid-Senior level"
	// Published is when the role was first posted: Greenhouse
	// first_published (null when zero), Lever createdAt, Ashby
	// publishedAt, Workable published_on and created_at, SmartRecruiters
	// releasedDate.
	Published time.Time
	// Updated is Greenhouse's updated_at for this posting; zero takes the
	// board's bulk update (ATSBoard.Updated), as real boards show: one
	// edit of the board dates every posting the same.
	Updated     time.Time
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
	// case-insensitively; SmartRecruiters states it as written here).
	Token string
	// Name is the owner as the provider states it: Greenhouse board name
	// (and each posting's company_name), Workable account name,
	// SmartRecruiters company.name (Lever and Ashby state none).
	Name        string
	Description string // Greenhouse board content, Workable account description
	Industry    string // Workable job industry, SmartRecruiters industry.label
	Jobs        []ATSJob
	// Updated is the Greenhouse board's last bulk update: the updated_at
	// of every posting without its own Updated. Zero takes three days
	// after the newest posting, but not later than the request (nor
	// earlier than that posting).
	Updated time.Time
	// CareersURL is the company's own careers page embedding a Greenhouse
	// board: each absolute_url is then {CareersURL}?gh_jid={id}, as on
	// boards embedded in the company's site; empty gives
	// https://job-boards.greenhouse.io/{token}/jobs/{id}.
	CareersURL string
}

// NewATS starts one fake server for the five ATS board APIs (their paths
// do not overlap, so every base URL can point at it), answering in the
// shapes real boards send (their API docs and real answers as recorded in
// public projects' test fixtures):
//
//	GET /v1/boards/{token}                      Greenhouse board {"name","content"}
//	GET /v1/boards/{token}/jobs[?content=true]  Greenhouse {"jobs":[…],"meta":{"total"}}: each posting with id, internal_job_id,
//	    title, company_name, requisition_id, location {name}, absolute_url, language, application_deadline null,
//	    first_published (null when unknown) and updated_at (the board's bulk update unless the posting has its
//	    own), both US Eastern (-05:00 / -04:00); content=true adds content (HTML escaped once more: &lt;p&gt;,
//	    &amp;nbsp;, &#39;, &quot;), departments and offices {id, name, location, child_ids, parent_id}, metadata
//	    (null, or a "Location Type" single_select), data_compliance and the ai_* nulls
//	GET /v0/postings/{slug}?mode=json[&limit&skip]  Lever array of postings, paged by skip/limit; mode=json required:
//	    UUID id, text, hostedUrl, applyUrl, createdAt (ms), categories with only the keys set (commitment,
//	    department, location, team, allLocations), country, workplaceType (remote, hybrid, onsite, unspecified),
//	    description and descriptionPlain, descriptionBody(Plain), opening(Plain), lists (HTML items), additional(Plain)
//	GET /posting-api/job-board/{name}[?includeCompensation=true]  Ashby {"jobs":[…],"apiVersion":"1"} (unlisted postings
//	    included, isListed false): publishedAt with milliseconds and +00:00, workplaceType (Remote, Hybrid, OnSite),
//	    isRemote (true on hybrid roles too), secondaryLocations, address.postalAddress with only the parts known,
//	    employmentType (FullTime), descriptionHtml/Plain; compensation blocks with includeCompensation (tiers whose
//	    equity component has null values; all null and empty when no band is published)
//	GET /api/v1/widget/accounts/{slug}[?details=true]  Workable {"name","description" (plain text),"jobs":[…]}: shortcode,
//	    url, shortlink, application_url, published_on and created_at days, country, city, state (empty when
//	    unknown), telecommuting, education, experience, function, industry; details=true adds job descriptions (HTML)
//	GET /api/accounts/{slug}                    301 to the widget URL (www.workable.com's documented redirect)
//	GET /v1/companies/{id}/postings[?limit&offset]  SmartRecruiters {"offset","limit","totalFound","content":[…]}, limit
//	    1–100 (default 10): 15-digit id, uuid, jobAdId, refNumber, company {identifier, name}, releasedDate
//	    (milliseconds, Z), location {city, region, country (lower case), remote, hybrid, fullLocation}, industry,
//	    department, function, typeOfEmployment and experienceLevel {id, label}, language, visibility, ref
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
		bulk := atsBulkUpdate(b, time.Now())
		jobs := make([]map[string]any, 0, len(b.Jobs))
		for i, j := range b.Jobs {
			jobs = append(jobs, atsGreenhouseJob(b, i, j, full, bulk))
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
		atsJSON(w, http.StatusOK, map[string]any{"name": b.Name, "description": b.Description, "jobs": jobs})
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

// atsJSON writes v as the boards do: "<", ">" and "&" literal in strings
// (not \u003c), so escaped HTML arrives as "&lt;p&gt;".
func atsJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
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
	return atsJoin(", ", j.City, j.Country)
}

// atsJoin joins the non-empty parts.
func atsJoin(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// atsHash is a small stable number from the board's token.
func atsHash(b *ATSBoard) int {
	h := 0
	for _, r := range strings.ToLower(b.Token) {
		h = (h*31 + int(r)) % 9000
	}
	return h
}

// atsID is the job's id: its own, or one derived from the board and
// position in the provider's form.
func atsID(b *ATSBoard, i int, j ATSJob) string {
	if j.ID != "" {
		return j.ID
	}
	h := atsHash(b)
	switch b.Provider {
	case ATSGreenhouse:
		return strconv.FormatInt(4000000008+int64(h*1000+i)*1000, 10)
	case ATSLever, ATSAshby:
		return atsUUID(int64(h), int64(i), b.Provider)
	case ATSWorkable:
		return fmt.Sprintf("%04X%06X", h, i+1)
	case ATSSmartRecruiters:
		return fmt.Sprintf("7440000%04d%04d", h, i%10000)
	}
	return strconv.Itoa(4000000 + h*1000 + i)
}

// atsUUID is a version-4-shaped UUID derived from its inputs.
func atsUUID(a, b int64, salt string) string {
	x := uint64(a)*0x9E3779B97F4A7C15 ^ uint64(b+1)*0xC2B2AE3D27D4EB4F
	for _, r := range salt {
		x = x*1099511628211 ^ uint64(r)
	}
	y := x*0xD6E8FEB86659FD93 + uint64(b)
	return fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", uint32(x>>32), uint16(x>>16), uint16(x)&0xfff, uint16(y>>48)&0xfff, y&0xffffffffffff)
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

// atsWorkplace is the job's workplace type: "remote", "hybrid", "onsite",
// or "" when neither Workplace nor Remote says.
func atsWorkplace(j ATSJob) string {
	w := strings.ToLower(strings.NewReplacer("-", "", " ", "", "_", "").Replace(j.Workplace))
	switch {
	case w == "remote", w == "" && j.Remote:
		return "remote"
	case w == "hybrid", w == "onsite":
		return w
	}
	return ""
}

// atsEastern is t in US Eastern time as Greenhouse writes it: -04:00 from
// the second Sunday of March to the first Sunday of November (2:00 local),
// -05:00 otherwise. Whole seconds.
func atsEastern(t time.Time) string {
	t = t.UTC().Truncate(time.Second)
	sunday := func(month time.Month, nth int) time.Time {
		d := time.Date(t.Year(), month, 1, 0, 0, 0, 0, time.UTC)
		d = d.AddDate(0, 0, (7-int(d.Weekday()))%7+7*(nth-1))
		return d
	}
	start := sunday(time.March, 2).Add(7 * time.Hour)  // 2:00 EST
	end := sunday(time.November, 1).Add(6 * time.Hour) // 2:00 EDT
	zone := time.FixedZone("EST", -5*3600)
	if !t.Before(start) && t.Before(end) {
		zone = time.FixedZone("EDT", -4*3600)
	}
	return t.In(zone).Format(time.RFC3339)
}

// atsBulkUpdate is the Greenhouse board's bulk updated_at: ATSBoard.Updated,
// else three days after its newest posting but not after now (nor before
// that posting); now's day when no posting is dated.
func atsBulkUpdate(b *ATSBoard, now time.Time) time.Time {
	if !b.Updated.IsZero() {
		return b.Updated
	}
	var newest time.Time
	for _, j := range b.Jobs {
		if j.Published.After(newest) {
			newest = j.Published
		}
	}
	if newest.IsZero() {
		return now.UTC().Truncate(24 * time.Hour)
	}
	if t := newest.Add(72 * time.Hour); t.Before(now) {
		return t
	}
	return atsLater(newest, now.Truncate(time.Minute))
}

// atsUnless is v, or nil (JSON null) when t is zero: an undated role.
func atsUnless(t time.Time, v any) any {
	if t.IsZero() {
		return nil
	}
	return v
}

func atsLater(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// atsGreenhouseEscape escapes HTML the way Greenhouse escapes its content
// field (once more over the HTML): &amp; &lt; &gt; &quot; &#39;.
var atsGreenhouseEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;").Replace

// atsGreenhouseContent is a description as Greenhouse's content: an intro
// block, the description's paragraph ending in a non-breaking space, all
// escaped once more.
func atsGreenhouseContent(b *ATSBoard, desc string) string {
	var h strings.Builder
	if b.Description != "" {
		h.WriteString(`<div class="content-intro"><p>` + html.EscapeString(b.Description) + `</p></div>`)
	}
	if desc != "" {
		h.WriteString("<p>" + html.EscapeString(desc) + "&nbsp;</p>")
	}
	return atsGreenhouseEscape(h.String())
}

func atsGreenhouseJob(b *ATSBoard, i int, j ATSJob, full bool, bulk time.Time) map[string]any {
	id := atsID(b, i, j)
	n := atsNumericID(id)
	loc := atsLocation(j)
	url := "https://job-boards.greenhouse.io/" + strings.ToLower(b.Token) + "/jobs/" + id
	if b.CareersURL != "" {
		url = b.CareersURL + "?gh_jid=" + id
	}
	updated := cmp.Or(j.Updated, bulk)
	var first any
	if !j.Published.IsZero() {
		first = atsEastern(j.Published)
		if updated.Before(j.Published) {
			updated = j.Published
		}
	}
	m := map[string]any{
		"id":                   n,
		"internal_job_id":      n/10*9 + 8,
		"title":                j.Title,
		"company_name":         b.Name,
		"first_published":      first,
		"updated_at":           atsEastern(updated),
		"requisition_id":       fmt.Sprintf("REQ-%03d", i+1),
		"location":             map[string]any{"name": loc},
		"absolute_url":         url,
		"language":             "en",
		"application_deadline": nil,
	}
	if full {
		m["content"] = atsGreenhouseContent(b, j.Description)
		depts := []map[string]any{}
		if j.Department != "" {
			depts = append(depts, map[string]any{"id": 4002000008 + int64(len(j.Department))*1000, "name": j.Department, "child_ids": []int{}, "parent_id": nil})
		}
		offices := []map[string]any{}
		for k, o := range append([]string{loc}, j.OtherLocations...) {
			if o == "" {
				continue
			}
			var where any = o
			if k == 0 && j.City == "" && j.Remote {
				where = nil // a remote "office" names no place
			}
			offices = append(offices, map[string]any{"id": 4001000008 + int64(len(o)*1000+k), "name": o, "location": where, "child_ids": []int{}, "parent_id": nil})
		}
		m["departments"] = depts
		m["offices"] = offices
		m["metadata"] = nil
		if j.Workplace != "" {
			m["metadata"] = []map[string]any{{"id": 4036944008, "name": "Location Type", "value": j.Workplace, "value_type": "single_select"}}
		}
		m["data_compliance"] = []map[string]any{{
			"type": "gdpr", "requires_consent": false, "requires_processing_consent": false,
			"requires_retention_consent": false, "retention_period": nil, "demographic_data_consent_applies": false,
		}}
		m["ai_disclaimer"], m["include_ai_disclaimer"], m["ai_opt_out_request_url"] = nil, nil, nil
	}
	return m
}

// atsSentences splits a description into its sentences (Lever list items).
func atsSentences(desc string) []string {
	var out []string
	for s := range strings.SplitSeq(desc, ". ") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func atsLeverPosting(b *ATSBoard, i int, j ATSJob) map[string]any {
	id := atsID(b, i, j)
	loc := atsLocation(j)
	workplace := cmp.Or(atsWorkplace(j), "unspecified")
	categories := map[string]any{}
	for k, v := range map[string]string{"team": j.Team, "department": j.Department, "location": loc, "commitment": j.EmploymentType} {
		if v != "" {
			categories[k] = v
		}
	}
	if loc != "" {
		categories["allLocations"] = append([]string{loc}, j.OtherLocations...)
	}
	lists := []map[string]any{}
	if items := atsSentences(j.Description); len(items) > 0 {
		var c strings.Builder
		for _, it := range items {
			// Real lists carry stray zero-width spaces inside items.
			c.WriteString("\n<li>\u200b" + html.EscapeString(strings.TrimSuffix(it, ".")) + "</li>")
		}
		lists = append(lists, map[string]any{"text": "What You'll Do", "content": c.String()})
	}
	descHTML := ""
	if j.Description != "" {
		descHTML = "<div>" + html.EscapeString(j.Description) + "</div>"
	}
	host := "https://jobs.lever.co/" + strings.ToLower(b.Token) + "/" + id
	return map[string]any{
		"id":                   id,
		"text":                 j.Title,
		"categories":           categories,
		"createdAt":            atsUnless(j.Published, j.Published.UnixMilli()),
		"country":              j.CountryCode,
		"workplaceType":        workplace,
		"opening":              "",
		"openingPlain":         "",
		"descriptionPlain":     j.Description,
		"description":          descHTML,
		"descriptionBody":      descHTML,
		"descriptionBodyPlain": j.Description,
		"lists":                lists,
		"additional":           "",
		"additionalPlain":      "",
		"hostedUrl":            host,
		"applyUrl":             host + "/apply",
	}
}

// atsPostalAddress is an Ashby address with only the parts known.
func atsPostalAddress(city, region, country string) map[string]any {
	a := map[string]any{}
	for k, v := range map[string]string{"addressLocality": city, "addressRegion": region, "addressCountry": country} {
		if v != "" {
			a[k] = v
		}
	}
	return map[string]any{"postalAddress": a}
}

func atsAshbyJob(b *ATSBoard, i int, j ATSJob, comp bool) map[string]any {
	id := atsID(b, i, j)
	workplace := map[string]string{"remote": "Remote", "hybrid": "Hybrid", "onsite": "OnSite", "": "OnSite"}[atsWorkplace(j)]
	secondary := []map[string]any{}
	for _, o := range j.OtherLocations {
		secondary = append(secondary, map[string]any{"location": o, "address": atsPostalAddress(o, "", "")})
	}
	jobURL := "https://jobs.ashbyhq.com/" + b.Token + "/" + id
	m := map[string]any{
		"id":                 id,
		"title":              j.Title,
		"department":         j.Department,
		"team":               j.Team,
		"employmentType":     strings.NewReplacer("-", "", " ", "").Replace(atsPascal(cmp.Or(j.EmploymentType, "Full-time"))),
		"location":           atsLocation(j),
		"secondaryLocations": secondary,
		"address":            atsPostalAddress(j.City, j.Region, j.Country),
		// Real boards set isRemote on hybrid roles too.
		"isRemote":                               workplace == "Remote" || workplace == "Hybrid",
		"workplaceType":                          workplace,
		"publishedAt":                            atsUnless(j.Published, j.Published.UTC().Format("2006-01-02T15:04:05.000-07:00")),
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
			band := fmt.Sprintf("%s %dK – %dK", j.Currency, j.SalaryMin/1000, j.SalaryMax/1000)
			equity := map[string]any{"summary": "Offers Equity", "compensationType": "EquityCashValue", "interval": "1 YEAR", "currencyCode": "USD", "minValue": nil, "maxValue": nil}
			salary := map[string]any{"summary": band, "compensationType": "Salary", "interval": "1 YEAR", "currencyCode": j.Currency, "minValue": j.SalaryMin, "maxValue": j.SalaryMax}
			tier := band + " • Offers Equity"
			c["compensationTierSummary"] = tier
			c["scrapeableCompensationSalarySummary"] = strings.ReplaceAll(band, "–", "-")
			c["compensationTiers"] = []any{map[string]any{"id": atsUUID(int64(i), 7, id), "tierSummary": tier, "title": cmp.Or(j.City, j.Country), "additionalInformation": nil,
				"components": []any{atsWithID(equity, atsUUID(int64(i), 8, id)), atsWithID(salary, atsUUID(int64(i), 9, id))}}}
			c["summaryComponents"] = []any{
				map[string]any{"compensationType": "EquityCashValue", "interval": "1 YEAR", "minValue": nil, "maxValue": nil},
				map[string]any{"compensationType": "Salary", "interval": "1 YEAR", "currencyCode": j.Currency, "minValue": j.SalaryMin, "maxValue": j.SalaryMax},
			}
		}
		m["compensation"] = c
	}
	return m
}

// atsPascal title-cases each hyphen- or space-separated word ("Full-time" ->
// "Full-Time").
func atsPascal(s string) string {
	b := []byte(s)
	up := true
	for i, c := range b {
		if up && c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
		up = c == '-' || c == ' '
	}
	return string(b)
}

// atsWithID is a copy of m with an id.
func atsWithID(m map[string]any, id string) map[string]any {
	out := map[string]any{"id": id}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func atsWorkableJob(b *ATSBoard, i int, j ATSJob, details bool) map[string]any {
	short := atsID(b, i, j)
	link := "https://apply.workable.com/j/" + short
	day := atsUnless(j.Published, j.Published.UTC().Format(time.DateOnly))
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
	}
	if details {
		// Real descriptions often open with an empty paragraph.
		m["description"] = "<p></p><p>" + html.EscapeString(j.Description) + "</p>"
	}
	return m
}

// atsLabel is a SmartRecruiters {id, label}; nil when v is empty.
func atsLabel(id, v string) map[string]any {
	if v == "" {
		return nil
	}
	if id == "" {
		id = strings.ToLower(strings.NewReplacer(" ", "_", "-", "_", ",", "").Replace(v))
	}
	return map[string]any{"id": id, "label": v}
}

func atsSmartRecruitersPosting(b *ATSBoard, i int, j ATSJob) map[string]any {
	id := atsID(b, i, j)
	full := atsJoin(", ", j.City, j.Region, j.Country)
	if j.Remote && full == "" {
		full = "Remote"
	}
	employment := atsLabel("", j.EmploymentType)
	if j.EmploymentType == "Full-time" {
		employment = atsLabel("permanent", j.EmploymentType)
	}
	experience := atsLabel("", j.Experience)
	if experience == nil {
		experience = atsLabel("not_applicable", "Not Applicable")
	}
	var dept map[string]any
	if j.Department != "" {
		dept = atsLabel(strconv.Itoa(2294000+len(j.Department)), j.Department)
	}
	return map[string]any{
		"id":           id,
		"name":         j.Title,
		"uuid":         atsUUID(atsNumericID(id), int64(i), "uuid"),
		"jobAdId":      atsUUID(atsNumericID(id), int64(i), "jobAd"),
		"defaultJobAd": true,
		"refNumber":    fmt.Sprintf("REF%04d", i+1),
		"company":      map[string]any{"identifier": b.Token, "name": b.Name},
		"releasedDate": atsUnless(j.Published, j.Published.UTC().Format("2006-01-02T15:04:05.000Z")),
		"location": map[string]any{
			"city": j.City, "region": j.Region, "country": strings.ToLower(j.CountryCode), "remote": j.Remote,
			"hybrid": atsWorkplace(j) == "hybrid", "fullLocation": full,
		},
		"industry":         atsLabel("", b.Industry),
		"department":       dept,
		"function":         atsLabel("", j.Function),
		"typeOfEmployment": employment,
		"experienceLevel":  experience,
		"visibility":       "PUBLIC",
		"ref":              "https://api.smartrecruiters.com/v1/companies/" + b.Token + "/postings/" + id,
		"language":         map[string]any{"code": "en", "label": "English", "labelNative": "English (US)"},
	}
}
