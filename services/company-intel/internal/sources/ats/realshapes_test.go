package ats

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// The payloads below reproduce the structure and quirks of real boards'
// answers (field names, date forms, escapes, nulls, absent keys) with
// fictitious companies.

// roleCase is one provider payload and the roles it must map to (dates,
// titles, departments, locations, remote flags and URLs; technologies are
// covered by TestRoleTechnologies).
type roleCase struct {
	name    string
	body    string
	want    []bundle.Job
	skipped int // postings of an unexpected shape left out
}

// strip keeps the fields a roleCase compares.
func strip(jobs []bundle.Job) []bundle.Job {
	out := make([]bundle.Job, 0, len(jobs))
	for _, j := range jobs {
		j.Technologies = nil
		out = append(out, j)
	}
	return out
}

func runRoleCases(t *testing.T, cases []roleCase, roles func(body []byte) ([]bundle.Job, int, error)) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			jobs, skipped, err := roles([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if got := strip(jobs); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("roles:\n got %+v\nwant %+v", got, tt.want)
			}
			if skipped != tt.skipped {
				t.Errorf("skipped %d, want %d", skipped, tt.skipped)
			}
			for _, j := range jobs {
				if !j.Published.IsZero() && j.Published.Location() != time.UTC {
					t.Errorf("%q: published %v not UTC", j.Title, j.Published)
				}
			}
		})
	}
}

func TestGreenhouseRealShapes(t *testing.T) {
	t.Parallel()
	cases := []roleCase{
		{
			name: "content=true: first_published per posting, one bulk updated_at, escaped content, custom fields",
			body: `{"jobs":[
				{"absolute_url":"https://job-boards.greenhouse.io/fabrikamtools/jobs/5300001008",
				 "data_compliance":[{"type":"gdpr","requires_consent":false,"requires_processing_consent":false,"requires_retention_consent":false,"retention_period":null,"demographic_data_consent_applies":false}],
				 "internal_job_id":4500001008,"location":{"name":"Perth, Australia"},
				 "metadata":[{"id":4036000008,"name":"Location Type","value":"Remote","value_type":"single_select"}],
				 "id":5300001008,"updated_at":"2026-07-14T18:35:00-04:00","requisition_id":"266001",
				 "title":"Country Lead, Field Security","company_name":"Fabrikam Tools",
				 "first_published":"2026-07-10T16:15:41-04:00","language":"en","application_deadline":null,
				 "content":"&lt;div class=&quot;content-intro&quot;&gt;&lt;p&gt;Fabrikam&#39;s tools&amp;nbsp;ship weekly.&lt;/p&gt;&lt;/div&gt;",
				 "departments":[{"id":4002001008,"name":"Security","child_ids":[],"parent_id":null}],
				 "offices":[{"id":4053001008,"name":"Perth, Australia","location":"Perth, Western Australia, Australia","child_ids":[],"parent_id":null}],
				 "ai_disclaimer":null,"include_ai_disclaimer":null,"ai_opt_out_request_url":null},
				{"absolute_url":"https://job-boards.greenhouse.io/fabrikamtools/jobs/5000002008",
				 "internal_job_id":4300002008,"location":{"name":"London, UK; Ontario, CAN; Remote-Friendly, United States"},
				 "metadata":[{"id":4036000008,"name":"Location Type","value":"On-Site","value_type":"single_select"}],
				 "id":5000002008,"updated_at":"2026-07-14T18:35:00-04:00","title":"Research Fellows Program",
				 "company_name":"Fabrikam Tools","first_published":"2025-12-11T12:27:23-05:00",
				 "departments":[{"id":4002002008,"name":"AI Research & Engineering","child_ids":[],"parent_id":null}],
				 "offices":[{"id":4008002008,"name":"Remote-Friendly US (Travel Required)","location":null,"child_ids":[],"parent_id":null}]},
				{"absolute_url":"https://job-boards.greenhouse.io/fabrikamtools/jobs/5100003008",
				 "location":{"name":"Perth, Australia"},
				 "metadata":[{"id":4036000008,"name":"Location Type","value":null,"value_type":"single_select"}],
				 "id":5100003008,"updated_at":"2026-07-14T18:35:00-04:00","title":"Account Executive, Public Sector",
				 "first_published":"2026-04-07T16:10:24-04:00","departments":[],"offices":[]}
				],"meta":{"total":3}}`,
			want: []bundle.Job{
				{Title: "Country Lead, Field Security", Department: "Security", Location: "Perth, Australia", Remote: true,
					URL: "https://job-boards.greenhouse.io/fabrikamtools/jobs/5300001008", Published: at("2026-07-10T20:15:41Z")},
				// The custom field says on-site: it decides over the location text.
				{Title: "Research Fellows Program", Department: "AI Research & Engineering", Location: "London, UK; Ontario, CAN; Remote-Friendly, United States",
					URL: "https://job-boards.greenhouse.io/fabrikamtools/jobs/5000002008", Published: at("2025-12-11T17:27:23Z")},
				{Title: "Account Executive, Public Sector", Location: "Perth, Australia",
					URL: "https://job-boards.greenhouse.io/fabrikamtools/jobs/5100003008", Published: at("2026-04-07T20:10:24Z")},
			},
		},
		{
			name: "without content=true: no content, departments, offices or metadata; later individual updates",
			body: `{"jobs":[
				{"absolute_url":"https://job-boards.greenhouse.io/contoso/jobs/6122001004","internal_job_id":5190001004,
				 "location":{"name":"Hybrid - San Francisco, New York City, Austin"},"id":6122001004,
				 "updated_at":"2026-07-31T13:00:04-04:00","requisition_id":"1290","title":"Director of Forward Deployed Engineering",
				 "company_name":"Contoso","first_published":"2026-07-20T18:04:07-04:00","language":"en","application_deadline":null},
				{"absolute_url":"https://job-boards.greenhouse.io/contoso/jobs/5752002004","internal_job_id":5027002004,
				 "location":{"name":"Remote - US"},"id":5752002004,
				 "updated_at":"2026-07-22T12:50:03-04:00","requisition_id":"1087","title":"Forward-Deployed Engineer\u00a0",
				 "company_name":"Contoso","first_published":"2026-01-07T15:45:38-05:00","language":"en","application_deadline":null}
				],"meta":{"total":81}}`,
			want: []bundle.Job{
				{Title: "Director of Forward Deployed Engineering", Location: "Hybrid - San Francisco, New York City, Austin",
					URL: "https://job-boards.greenhouse.io/contoso/jobs/6122001004", Published: at("2026-07-20T22:04:07Z")},
				// A trailing non-breaking space folded; no custom field, so the location says remote.
				{Title: "Forward-Deployed Engineer", Location: "Remote - US", Remote: true,
					URL: "https://job-boards.greenhouse.io/contoso/jobs/5752002004", Published: at("2026-01-07T20:45:38Z")},
			},
		},
		{
			name: "first_published absent or null falls back to updated_at; neither is no date",
			body: `{"jobs":[
				{"title":"Warehouse Lead","updated_at":"2026-02-03T09:00:00-05:00","location":{"name":"Reno, NV"}},
				{"title":"Forklift Operator","first_published":null,"updated_at":"2026-02-04T09:00:00-05:00","location":{"name":"Reno, NV"}},
				{"title":"Shift Supervisor","first_published":"","updated_at":null,"location":{"name":"Reno, NV"}}
				],"meta":{"total":3}}`,
			want: []bundle.Job{
				{Title: "Warehouse Lead", Location: "Reno, NV", Published: at("2026-02-03T14:00:00Z")},
				{Title: "Forklift Operator", Location: "Reno, NV", Published: at("2026-02-04T14:00:00Z")},
				{Title: "Shift Supervisor", Location: "Reno, NV"},
			},
		},
		{
			name: "absolute_url on the company's own site, entities and curly apostrophes in titles, offices when no location",
			body: `{"jobs":[
				{"absolute_url":"https://www.woodgrovebank.example/careers/open-roles?gh_jid=5936001",
				 "title":"Director, Partner Marketing &amp; Events","first_published":"2026-03-02T10:00:00-05:00",
				 "location":{"name":""},"offices":[{"id":1,"name":"Toronto","location":"Toronto, Ontario, Canada","child_ids":[],"parent_id":null}]},
				{"absolute_url":"https://www.woodgrovebank.example/careers/open-roles?gh_jid=5936002",
				 "title":"Head of Members\u2019 Experience &#8211; EMEA","first_published":"2026-03-10T10:00:00-04:00",
				 "location":{"name":"Dublin"}}
				],"meta":{"total":2}}`,
			want: []bundle.Job{
				{Title: "Director, Partner Marketing & Events", Location: "Toronto",
					URL: "https://www.woodgrovebank.example/careers/open-roles?gh_jid=5936001", Published: at("2026-03-02T15:00:00Z")},
				{Title: "Head of Members\u2019 Experience \u2013 EMEA", Location: "Dublin",
					URL: "https://www.woodgrovebank.example/careers/open-roles?gh_jid=5936002", Published: at("2026-03-10T14:00:00Z")},
			},
		},
		{
			name: "metadata null, a multi-select list, a number and other fields; a workplace field by another name",
			body: `{"jobs":[
				{"title":"Support Engineer","first_published":"2026-05-01T08:00:00-04:00","location":{"name":"Austin, TX"},"metadata":null},
				{"title":"Solutions Architect","first_published":"2026-05-02T08:00:00-04:00","location":{"name":"Austin, TX"},
				 "metadata":[{"id":1,"name":"Employment Level","value":3,"value_type":"number"},
				             {"id":2,"name":"Workplace Type","value":["Remote"],"value_type":"multi_select"}]},
				{"title":"Office Manager","first_published":"2026-05-03T08:00:00-04:00","location":{"name":"Remote - Austin"},
				 "metadata":[{"id":3,"name":"Work Arrangement","value":"Hybrid","value_type":"single_select"},
				             {"id":4,"name":"Cost Center","value":{"code":"X1"},"value_type":"object"}]}
				],"meta":{"total":3}}`,
			want: []bundle.Job{
				{Title: "Support Engineer", Location: "Austin, TX", Published: at("2026-05-01T12:00:00Z")},
				{Title: "Solutions Architect", Location: "Austin, TX", Remote: true, Published: at("2026-05-02T12:00:00Z")},
				{Title: "Office Manager", Location: "Remote - Austin", Published: at("2026-05-03T12:00:00Z")},
			},
		},
		{
			name: "a posting of an unexpected shape is skipped, not the board",
			body: `{"jobs":[
				{"title":12345,"first_published":"2026-05-01T08:00:00-04:00"},
				{"title":"Data Engineer","first_published":"2026-05-02T08:00:00-04:00","location":{"name":"Boston, MA"}},
				{"title":"Analyst","departments":{"name":"not a list"}}
				],"meta":{"total":3}}`,
			want:    []bundle.Job{{Title: "Data Engineer", Location: "Boston, MA", Published: at("2026-05-02T12:00:00Z")}},
			skipped: 2,
		},
	}
	runRoleCases(t, cases, func(body []byte) ([]bundle.Job, int, error) {
		var page greenhouseJobs
		err := json.Unmarshal(body, &page)
		jobs, _ := greenhouseRoles(page)
		return jobs, page.Jobs.skipped, err
	})
}

func TestLeverRealShapes(t *testing.T) {
	t.Parallel()
	cases := []roleCase{
		{
			name: "createdAt in milliseconds, categories, workplaceType, lists",
			body: `[
				{"additionalPlain":"Tailspin is an equal opportunity employer.","additional":"<div>Tailspin is an equal opportunity employer.</div>",
				 "categories":{"commitment":"Permanent","department":"Engineering","location":"London","team":"Subscriptions R&D","allLocations":["London","Stockholm"]},
				 "createdAt":1782821535482,"descriptionPlain":"The Subscriptions R&D team builds checkout.","description":"<p>The Subscriptions R&amp;D team builds checkout.</p>",
				 "id":"b4ad0000-e20f-4185-a284-99d9740d0001",
				 "lists":[{"text":"What You'll Do","content":"<div>\n\n<li>\n<p>\u200b\u200bBuild Android features.</p>\n</li></div>"}],
				 "text":"Android Engineer I - Subscriptions","country":"GB","workplaceType":"remote","opening":"","openingPlain":"",
				 "descriptionBody":"<p>The Subscriptions R&amp;D team builds checkout.</p>","descriptionBodyPlain":"The Subscriptions R&D team builds checkout.",
				 "hostedUrl":"https://jobs.lever.co/tailspin/b4ad0000-e20f-4185-a284-99d9740d0001","applyUrl":"https://jobs.lever.co/tailspin/b4ad0000-e20f-4185-a284-99d9740d0001/apply"},
				{"categories":{"commitment":"Permanent","department":"Finance","location":"New York, NY","team":"FP&A","allLocations":["New York, NY"]},
				 "createdAt":1772482884346,"id":"cc5c0000-b851-4c25-8840-ed4cd0530002","text":"Analyst, Licensing Finance \u2013 FP&A",
				 "country":"US","workplaceType":"hybrid","hostedUrl":"https://jobs.lever.co/tailspin/cc5c0000-b851-4c25-8840-ed4cd0530002"}
				]`,
			want: []bundle.Job{
				{Title: "Android Engineer I - Subscriptions", Department: "Engineering", Location: "London", Remote: true,
					URL: "https://jobs.lever.co/tailspin/b4ad0000-e20f-4185-a284-99d9740d0001", Published: time.UnixMilli(1782821535482).UTC()},
				{Title: "Analyst, Licensing Finance \u2013 FP&A", Department: "Finance", Location: "New York, NY",
					URL: "https://jobs.lever.co/tailspin/cc5c0000-b851-4c25-8840-ed4cd0530002", Published: time.UnixMilli(1772482884346).UTC()},
			},
		},
		{
			name: "sparse categories: team only, allLocations only; unspecified workplace reads the location",
			body: `[
				{"id":"6ed70000-4156-4b60-b120-403538bd0003","text":"Administrative Business Partner",
				 "hostedUrl":"https://jobs.lever.co/adatum/6ed70000-4156-4b60-b120-403538bd0003","createdAt":1786469891368,
				 "categories":{"location":"Singapore, Singapore","team":"Administrative"}},
				{"id":"ac970000-6f46-4f6b-ad9e-a258e6420004","text":"Deployment Strategist","createdAt":1711403416463,
				 "hostedUrl":"https://jobs.lever.co/adatum/ac970000-6f46-4f6b-ad9e-a258e6420004","workplaceType":"unspecified",
				 "categories":{"allLocations":["Remote - Europe","London, United Kingdom"]}}
				]`,
			want: []bundle.Job{
				{Title: "Administrative Business Partner", Department: "Administrative", Location: "Singapore, Singapore",
					URL: "https://jobs.lever.co/adatum/6ed70000-4156-4b60-b120-403538bd0003", Published: at("2026-08-11T17:38:11.368Z")},
				{Title: "Deployment Strategist", Location: "Remote - Europe; London, United Kingdom", Remote: true,
					URL: "https://jobs.lever.co/adatum/ac970000-6f46-4f6b-ad9e-a258e6420004", Published: at("2024-03-25T21:50:16.463Z")},
			},
		},
		{
			name: "createdAt as a string, null, in seconds or absent",
			body: `[
				{"id":"a1","text":"Role A","createdAt":"1772482884346","categories":{}},
				{"id":"a2","text":"Role B","createdAt":null,"categories":{}},
				{"id":"a3","text":"Role C","createdAt":1772482884,"categories":{}},
				{"id":"a4","text":"Role D"}
				]`,
			want: []bundle.Job{
				{Title: "Role A", Published: time.UnixMilli(1772482884346).UTC()},
				{Title: "Role B"}, {Title: "Role C"}, {Title: "Role D"},
			},
		},
		{
			name:    "a posting of an unexpected shape is skipped",
			body:    `[{"id":"b1","text":"Role A","categories":"Engineering"},{"id":"b2","text":"Role B","createdAt":1772482884346}]`,
			want:    []bundle.Job{{Title: "Role B", Published: time.UnixMilli(1772482884346).UTC()}},
			skipped: 1,
		},
	}
	runRoleCases(t, cases, func(body []byte) ([]bundle.Job, int, error) {
		var page entries[leverPosting]
		err := json.Unmarshal(body, &page)
		var jobs []bundle.Job
		leverRoles(page.items, map[string]bool{}, &jobs)
		return jobs, page.skipped, err
	})
}

func TestAshbyRealShapes(t *testing.T) {
	t.Parallel()
	cases := []roleCase{
		{
			name: "publishedAt with milliseconds, workplaceType before isRemote, compensation blocks, secondaryLocations",
			body: `{"jobs":[
				{"id":"03e20000-73ad-4f09-a058-2eb9ce340001","title":"Technical Consultant, Mid-Market","department":"Sales","team":"Solutions Consulting",
				 "employmentType":"FullTime","location":"Remote (US)","shouldDisplayCompensationOnJobPostings":true,
				 "secondaryLocations":[{"location":"San Francisco, CA","address":{"postalAddress":{"addressRegion":"California ","addressCountry":"USA","addressLocality":"San Fransisco"}}}],
				 "publishedAt":"2026-07-07T20:47:09.753+00:00","isListed":true,"isRemote":true,"workplaceType":"Remote",
				 "address":{"postalAddress":{"addressCountry":"United States"}},
				 "jobUrl":"https://jobs.ashbyhq.com/proseware/03e20000-73ad-4f09-a058-2eb9ce340001",
				 "applyUrl":"https://jobs.ashbyhq.com/proseware/03e20000-73ad-4f09-a058-2eb9ce340001/application",
				 "descriptionHtml":"<h1><strong>About Proseware</strong></h1>","descriptionPlain":"ABOUT PROSEWARE",
				 "compensation":{"compensationTierSummary":"$151K \u2013 $231K \u2022 Offers Equity","scrapeableCompensationSalarySummary":"$151K - $231K",
				  "compensationTiers":[{"id":"t1","tierSummary":"OTE $168K \u2013 $231K","title":"SF/NY","additionalInformation":"75/25 Split",
				   "components":[{"id":"c1","summary":"Offers Equity","compensationType":"EquityCashValue","interval":"1 YEAR","currencyCode":"USD","minValue":null,"maxValue":null},
				                 {"id":"c2","summary":"OTE $168K \u2013 $231K","compensationType":"Salary","interval":"1 YEAR","currencyCode":"USD","minValue":168000,"maxValue":231000}]}],
				  "summaryComponents":[{"compensationType":"EquityCashValue","minValue":null,"maxValue":null,"interval":"1 YEAR"}]}},
				{"id":"09070000-5334-4d64-9a76-cc9428220002","title":"Director, Performance Marketing","department":"Marketing","team":"Growth",
				 "location":"New York, NY (HQ)","secondaryLocations":[{"location":"Remote (US)","address":{"postalAddress":{}}}],
				 "publishedAt":"2026-06-11T17:21:26.410+00:00","isListed":true,"isRemote":true,"workplaceType":"Hybrid",
				 "jobUrl":"https://jobs.ashbyhq.com/proseware/09070000-5334-4d64-9a76-cc9428220002",
				 "compensation":{"compensationTierSummary":null,"scrapeableCompensationSalarySummary":null,"compensationTiers":[],"summaryComponents":[]}},
				{"id":"7a6a0000-8249-476e-a173-2b1a6bd70003","title":"Internal Only","department":"Sales","location":"London",
				 "publishedAt":"2026-06-10T18:45:18.963+00:00","isListed":false,"isRemote":false,"workplaceType":"OnSite"}
				],"apiVersion":"1"}`,
			want: []bundle.Job{
				{Title: "Technical Consultant, Mid-Market", Department: "Sales", Location: "Remote (US)", Remote: true,
					URL: "https://jobs.ashbyhq.com/proseware/03e20000-73ad-4f09-a058-2eb9ce340001", Published: at("2026-07-07T20:47:09.753Z")},
				// isRemote is true on hybrid roles: the workplace type decides.
				{Title: "Director, Performance Marketing", Department: "Marketing", Location: "New York, NY (HQ)",
					URL: "https://jobs.ashbyhq.com/proseware/09070000-5334-4d64-9a76-cc9428220002", Published: at("2026-06-11T17:21:26.41Z")},
			},
		},
		{
			name: "older boards: no workplaceType, isRemote or apiVersion; other instant forms",
			body: `{"jobs":[
				{"id":"d3bc0000-3ce4-4086-a050-555055db0004","title":"Senior / Staff Fullstack Engineer","jobUrl":"https://jobs.ashbyhq.com/litware/d3bc0000-3ce4-4086-a050-555055db0004",
				 "location":"Europe","team":"Engineering","department":"Product","publishedAt":"2021-04-27T20:13:45.158+00:00","isListed":true},
				{"id":"e1","title":"Design Engineer (Web &amp; Brand)","location":"Remote - North America","publishedAt":"2026-09-15T18:05:31Z"},
				{"id":"e2","title":"Support Lead","location":"Denver","isRemote":true,"publishedAt":"2026-09-16T08:00:00.000"},
				{"id":"e3","title":"Recruiter","team":"People","location":"Denver","publishedAt":"2026-09-17T08:00:00.000+0200"}
				]}`,
			want: []bundle.Job{
				{Title: "Senior / Staff Fullstack Engineer", Department: "Product", Location: "Europe",
					URL: "https://jobs.ashbyhq.com/litware/d3bc0000-3ce4-4086-a050-555055db0004", Published: at("2021-04-27T20:13:45.158Z")},
				{Title: "Design Engineer (Web & Brand)", Location: "Remote - North America", Remote: true, Published: at("2026-09-15T18:05:31Z")},
				{Title: "Support Lead", Location: "Denver", Remote: true, Published: at("2026-09-16T08:00:00Z")},
				{Title: "Recruiter", Department: "People", Location: "Denver", Published: at("2026-09-17T06:00:00Z")},
			},
		},
	}
	runRoleCases(t, cases, func(body []byte) ([]bundle.Job, int, error) {
		var board ashbyBoard
		err := json.Unmarshal(body, &board)
		return ashbyRoles(board), board.Jobs.skipped, err
	})
}

func TestWorkableRealShapes(t *testing.T) {
	t.Parallel()
	cases := []roleCase{
		{
			name: "widget account: published_on and created_at days, empty city and state, accents, telecommuting",
			body: `{"name":"Trey Research","description":"Here at Trey Research, we're on a journey to open science.","jobs":[
				{"title":"Open-Source Machine Learning Engineer - US Remote","shortcode":"19A1000001","code":"","employment_type":"Full-time",
				 "telecommuting":true,"department":"Open Source","url":"https://apply.workable.com/j/19A1000001","shortlink":"https://apply.workable.com/j/19A1000001",
				 "application_url":"https://apply.workable.com/j/19A1000001/apply","published_on":"2026-05-29","created_at":"2026-05-27",
				 "country":"United States","city":"New York","state":"New York","education":"","experience":"","function":"Engineering",
				 "industry":"Computer Software","description":"<p></p><p>At Trey Research, we&#39;re building open tools &amp; datasets.</p>"},
				{"title":"Senior Python Engineer, Developer Tools - US Remote","shortcode":"F884000002","code":"","telecommuting":true,"department":"Product",
				 "url":"https://apply.workable.com/j/F884000002","published_on":"2026-09-21","created_at":"2026-09-21",
				 "country":"United States","city":"","state":"","education":"Master's Degree","experience":"Mid-Senior level","function":""},
				{"title":"Machine Learning Engineer, Voice","shortcode":"9E2A000003","telecommuting":false,"department":"Science",
				 "url":"","shortlink":"https://apply.workable.com/j/9E2A000003","created_at":"2026-09-02",
				 "country":"France","city":"Paris","state":"\u00cele-de-France"}
				]}`,
			want: []bundle.Job{
				{Title: "Open-Source Machine Learning Engineer - US Remote", Department: "Open Source", Location: "New York, United States", Remote: true,
					URL: "https://apply.workable.com/j/19A1000001", Published: at("2026-05-29T00:00:00Z")},
				{Title: "Senior Python Engineer, Developer Tools - US Remote", Department: "Product", Location: "United States", Remote: true,
					URL: "https://apply.workable.com/j/F884000002", Published: at("2026-09-21T00:00:00Z")},
				// No published_on: created_at; no url: the short link.
				{Title: "Machine Learning Engineer, Voice", Department: "Science", Location: "Paris, \u00cele-de-France, France",
					URL: "https://apply.workable.com/j/9E2A000003", Published: at("2026-09-02T00:00:00Z")},
			},
		},
	}
	runRoleCases(t, cases, func(body []byte) ([]bundle.Job, int, error) {
		var acct workableAccount
		err := json.Unmarshal(body, &acct)
		if err == nil && acct.Name != "Trey Research" {
			t.Errorf("account name %q", acct.Name)
		}
		return workableRoles(acct), acct.Jobs.skipped, err
	})
}

func TestSmartRecruitersRealShapes(t *testing.T) {
	t.Parallel()
	cases := []roleCase{
		{
			name: "postings page: releasedDate in Z with milliseconds, location, labels, the company's own identifier",
			body: `{"offset":0,"limit":100,"totalFound":3,"content":[
				{"id":"744000100000001","name":"Software Engineer","uuid":"ff7f0000-9c88-425a-9b5f-afd135460001","jobAdId":"b5ad0000-7c3a-4efe-b231-856f4a510001",
				 "defaultJobAd":true,"refNumber":"JB0000001","company":{"identifier":"AdventureWorks","name":"Adventure Works"},
				 "releasedDate":"2026-10-06T22:57:35.315Z",
				 "location":{"city":"Santa Clara","region":"CALIFORNIA","country":"us","remote":false,"hybrid":false,"fullLocation":"Santa Clara, CALIFORNIA, United States"},
				 "industry":{"id":"it_and_services","label":"Information Technology And Services"},
				 "department":{"id":"2294038","label":"Engineering, Infrastructure and Operations"},
				 "function":{"id":"engineering","label":"Engineering"},"typeOfEmployment":{"id":"permanent","label":"Full-time"},
				 "experienceLevel":{"id":"not_applicable","label":"Not Applicable"},"visibility":"PUBLIC",
				 "ref":"https://api.smartrecruiters.com/v1/companies/adventureworks/postings/744000100000001",
				 "language":{"code":"en","label":"English","labelNative":"English (US)"}},
				{"id":"744000100000002","name":"Sr Staff Software Engineer ( AI Agents, Observability)","company":{"identifier":"AdventureWorks","name":"Adventure Works"},
				 "releasedDate":"2026-10-06T18:09:02.188Z","location":{"city":"Austin","region":"Texas","country":"us","remote":true,"hybrid":false,"fullLocation":"Austin, Texas, United States"},
				 "department":{},"function":{"id":"consulting","label":"Consulting"}},
				{"id":"744000100000003","name":"Field Technician","company":{"identifier":"AdventureWorks","name":"Adventure Works"},
				 "releasedDate":"2026-10-05T09:00:00.000Z","location":{"city":"Lyon","region":"","country":"fr","remote":false,"hybrid":true},
				 "department":null}
				]}`,
			want: []bundle.Job{
				{Title: "Software Engineer", Department: "Engineering, Infrastructure and Operations", Location: "Santa Clara, CALIFORNIA, United States",
					URL: "https://jobs.smartrecruiters.com/AdventureWorks/744000100000001", Published: at("2026-10-06T22:57:35.315Z")},
				// A department of {}: the function stands in.
				{Title: "Sr Staff Software Engineer ( AI Agents, Observability)", Department: "Consulting", Location: "Austin, Texas, United States", Remote: true,
					URL: "https://jobs.smartrecruiters.com/AdventureWorks/744000100000002", Published: at("2026-10-06T18:09:02.188Z")},
				// No fullLocation: city and an upper-cased country code; hybrid is not remote.
				{Title: "Field Technician", Location: "Lyon, FR",
					URL: "https://jobs.smartrecruiters.com/AdventureWorks/744000100000003", Published: at("2026-10-05T09:00:00Z")},
			},
		},
	}
	runRoleCases(t, cases, func(body []byte) ([]bundle.Job, int, error) {
		var page smartRecruitersPage
		err := json.Unmarshal(body, &page)
		var jobs []bundle.Job
		smartRecruitersRoles(page.Content.items, "adventureworks", map[string]bool{}, &jobs)
		return jobs, page.Content.skipped, err
	})
}

func TestParseTimeForms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want time.Time
	}{
		{"2026-07-14T18:35:00-04:00", at("2026-07-14T22:35:00Z")},         // Greenhouse, summer
		{"2025-12-11T12:27:23-05:00", at("2025-12-11T17:27:23Z")},         // Greenhouse, winter
		{"2026-07-07T20:47:09.753+00:00", at("2026-07-07T20:47:09.753Z")}, // Ashby
		{"2026-10-06T22:57:35.315Z", at("2026-10-06T22:57:35.315Z")},      // SmartRecruiters
		{"2026-10-06T22:57:35Z", at("2026-10-06T22:57:35Z")},
		{"2026-10-06T22:57:35.315+0200", at("2026-10-06T20:57:35.315Z")},
		{"2026-10-06T22:57:35", at("2026-10-06T22:57:35Z")},
		{"2026-10-06 22:57:35", at("2026-10-06T22:57:35Z")},
		{" 2026-10-06T22:57:35Z ", at("2026-10-06T22:57:35Z")},
		{"", time.Time{}},
		{"not a date", time.Time{}},
		{"2026-13-01T00:00:00Z", time.Time{}},
	}
	for _, tt := range tests {
		if got := parseTime(tt.in); !got.Equal(tt.want) {
			t.Errorf("parseTime(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestWorkplace(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in            string
		remote, known bool
	}{
		{"remote", true, true}, {"Remote", true, true}, {"Remote - US", true, true}, {"Fully remote", true, true},
		{"hybrid", false, true}, {"Hybrid", false, true}, {"Hybrid (remote days)", false, true},
		{"onsite", false, true}, {"OnSite", false, true}, {"On-Site", false, true}, {"on-site", false, true}, {"In office", false, true}, {"In person", false, true},
		{"unspecified", false, false}, {"", false, false}, {"Depends on the team", false, false}, {"Remotely Sensed Data", false, false},
	}
	for _, tt := range tests {
		if r, k := workplace(tt.in); r != tt.remote || k != tt.known {
			t.Errorf("workplace(%q) = %v, %v; want %v, %v", tt.in, r, k, tt.remote, tt.known)
		}
	}
}

func TestCleanText(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Forward-Deployed Engineer\u00a0", "Forward-Deployed Engineer"},
		{"  Senior\u00a0 Engineer ", "Senior Engineer"},
		{"R&amp;D Lead", "R&D Lead"},
		{"People&#39;s Partner", "People's Partner"},
		{"Members\u2019 Experience", "Members\u2019 Experience"}, // curly apostrophe kept
		{"\u200b\u200bData Engineer\ufeff", "Data Engineer"},
		{"AT&T Account Manager", "AT&T Account Manager"},
		{"Analyst \u2013 FP&A", "Analyst \u2013 FP&A"},
	}
	for _, tt := range tests {
		if got := cleanText(tt.in); got != tt.want {
			t.Errorf("cleanText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// bulkBoard is a Greenhouse board whose postings were first published over
// seven months but all carry the same bulk updated_at, as real boards
// show; one posting has no first_published.
func bulkBoard() sourcetest.ATSBoard {
	return sourcetest.ATSBoard{
		Provider: sourcetest.ATSGreenhouse, Token: "northwindrobotics", Name: "Northwind Robotics",
		Updated: at("2026-03-09T22:35:00Z"),
		Jobs: []sourcetest.ATSJob{
			{ID: "5311686008", Title: "Country Lead, Field Service", Department: "Operations", City: "Sydney", Country: "Australia", Workplace: "Remote", Published: at("2026-03-02T21:15:41Z")},
			{ID: "5215052008", Title: "Partnerships Lead", Department: "Sales", City: "Berlin", Country: "Germany", Published: at("2026-01-11T22:58:31Z")},
			{ID: "5023394008", Title: "Robotics Fellows Program", Department: "Research", City: "Pittsburgh", Country: "United States", Published: at("2025-08-11T16:27:23Z")},
			{ID: "5101378008", Title: "Account Executive, Public Sector", Department: "Sales", City: "Munich", Country: "Germany", Published: at("2025-11-07T21:10:24Z")},
			// Its own later update; and a posting with no first_published.
			{ID: "5101379008", Title: "Field Service Technician", Department: "Operations", City: "Rotterdam", Country: "Netherlands", Published: at("2025-10-01T08:00:00Z"), Updated: at("2026-03-10T09:00:00Z")},
			{ID: "4000000008", Title: "Warehouse Lead", Department: "Operations", City: "Reno", Country: "United States", Updated: at("2025-09-15T13:00:00Z")},
		},
	}
}

// A board where every updated_at is the same bulk day yields each role's
// first-published date and the right newest role.
func TestGreenhouseBulkUpdatedBoard(t *testing.T) {
	t.Parallel()
	srv := sourcetest.NewATS(t, bulkBoard())

	// The fake serves what real boards do: one updated_at for every
	// posting without its own update, first_published per posting.
	resp, err := http.Get(srv.URL + "/v1/boards/northwindrobotics/jobs?content=true")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var page struct {
		Jobs []struct {
			Title          string  `json:"title"`
			UpdatedAt      string  `json:"updated_at"`
			FirstPublished *string `json:"first_published"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		t.Fatal(err)
	}
	updated := map[string]int{}
	for _, j := range page.Jobs {
		updated[j.UpdatedAt]++
	}
	if updated["2026-03-09T18:35:00-04:00"] != 4 || len(updated) != 3 {
		t.Fatalf("updated_at values %v: want the bulk update on 4 postings", updated)
	}
	if page.Jobs[0].FirstPublished == nil || *page.Jobs[0].FirstPublished != "2026-03-02T16:15:41-05:00" || page.Jobs[5].FirstPublished != nil {
		t.Fatalf("first_published %v, %v", page.Jobs[0].FirstPublished, page.Jobs[5].FirstPublished)
	}

	s := newSource(t, srv, nil)
	res, err := s.Gather(context.Background(), query(northwind, "https://boards.greenhouse.io/northwindrobotics"))
	if err != nil || len(res.Items) != 1 {
		t.Fatalf("Gather = %+v, %v", res, err)
	}
	it := res.Items[0]
	type dated struct {
		Title     string
		Published time.Time
		Remote    bool
	}
	var got []dated
	for _, j := range it.Jobs {
		got = append(got, dated{j.Title, j.Published, j.Remote})
	}
	want := []dated{
		{"Country Lead, Field Service", at("2026-03-02T21:15:41Z"), true},
		{"Partnerships Lead", at("2026-01-11T22:58:31Z"), false},
		{"Account Executive, Public Sector", at("2025-11-07T21:10:24Z"), false},
		// Updated later on its own: still dated when first published.
		{"Field Service Technician", at("2025-10-01T08:00:00Z"), false},
		// No first_published: its updated_at.
		{"Warehouse Lead", at("2025-09-15T13:00:00Z"), false},
		{"Robotics Fellows Program", at("2025-08-11T16:27:23Z"), false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("roles newest first:\n got %v\nwant %v", got, want)
	}
	if !it.Doc.Published.Equal(at("2026-03-02T21:15:41Z")) {
		t.Errorf("board dated %v, want its newest role's first publication 2026-03-02T21:15:41Z (not the bulk update)", it.Doc.Published)
	}
}

// A guessed board whose name lookup or listing is answered by an HTML page
// (a CDN or maintenance page served with 200) fails as malformed: it is
// neither "no such board" nor an empty board.
func TestGatherGuessHTMLPage(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"/v1/boards/", "/api/v1/widget/", "/v1/companies/"} {
		t.Run(prefix, func(t *testing.T) {
			t.Parallel()
			srv := sourcetest.NewATS(t,
				sourcetest.ATSBoard{Provider: sourcetest.ATSGreenhouse, Token: "northwind-robotics", Name: "Northwind Robotics", Jobs: jobs(2)},
				sourcetest.ATSBoard{Provider: sourcetest.ATSWorkable, Token: "northwind-robotics", Name: "Northwind Robotics", Jobs: jobs(2)},
				sourcetest.ATSBoard{Provider: sourcetest.ATSSmartRecruiters, Token: "northwind-robotics", Name: "Northwind Robotics", Jobs: jobs(2)})
			srv.FailAlways(prefix, sourcetest.FaultHTMLPage)
			s := newSource(t, srv, nil)
			res, err := s.Gather(context.Background(), query(northwind))
			if upstream.KindOf(err) != upstream.KindMalformed {
				t.Fatalf("err = %v, want malformed", err)
			}
			if len(res.Items) != 2 {
				t.Errorf("%d items: the other two providers' boards must still be read", len(res.Items))
			}
		})
	}
}
