package ats

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// SmartRecruiters Posting API
// (GET {base}/v1/companies/{id}/postings?limit=100&offset=N). Every posting
// carries company.name, which verifies a guessed company identifier after
// the first page; an identifier with no postings states no name and is not
// accepted as a guess. A posting's public page is
// https://jobs.smartrecruiters.com/{company identifier}/{posting id} (its
// "ref" is an API URL, not a page); the identifier is the company's own
// spelling ("Northwind"), whatever case the request used. releasedDate is
// an instant with milliseconds in UTC ("2026-10-06T22:57:35.315Z");
// location carries city, region (sometimes upper case), a lower-case
// country code, remote, hybrid and fullLocation; department, function,
// typeOfEmployment and experienceLevel are {id, label} objects (null or
// absent when unset). The listing carries no description.

type smartRecruitersPage struct {
	TotalFound int                             `json:"totalFound"`
	Content    entries[smartRecruitersPosting] `json:"content"`
}

type smartRecruitersPosting struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Company struct {
		Identifier string `json:"identifier"`
		Name       string `json:"name"`
	} `json:"company"`
	ReleasedDate string `json:"releasedDate"`
	Location     struct {
		City         string `json:"city"`
		Region       string `json:"region"`
		Country      string `json:"country"`
		Remote       bool   `json:"remote"`
		FullLocation string `json:"fullLocation"`
	} `json:"location"`
	Department struct {
		Label string `json:"label"`
	} `json:"department"`
	Function struct {
		Label string `json:"label"`
	} `json:"function"`
}

// smartRecruiters reads a company's postings page by page until the total
// is reached, a short page, a page of nothing new, or MaxJobs roles.
func (s *Source) smartRecruiters(ctx context.Context, b Board, accept acceptFunc, u *bundle.Usage) (listing, error) {
	var l listing
	seen := map[string]bool{}
	for offset := 0; ; {
		var page smartRecruitersPage
		q := url.Values{"limit": {strconv.Itoa(pageSize)}, "offset": {strconv.Itoa(offset)}}
		if err := s.list(ctx, ProviderSmartRecruiters, s.base[ProviderSmartRecruiters], q, &page, u, "v1", "companies", b.Token, "postings"); err != nil {
			return l, err
		}
		if offset == 0 {
			for _, p := range page.Content.items {
				if p.Company.Name != "" {
					l.name = p.Company.Name
					break
				}
			}
			if accept != nil && (l.name == "" || !accept(l.name)) {
				return l, errRejected
			}
		}
		l.total = max(l.total, page.TotalFound)
		fresh := smartRecruitersRoles(page.Content.items, b.Token, seen, &l.jobs)
		l.skipped += page.Content.skipped
		offset += page.Content.n
		if page.Content.n < pageSize || fresh == 0 || offset >= page.TotalFound || len(l.jobs) >= s.maxJobs {
			break
		}
	}
	return l, nil
}

// smartRecruitersRoles appends the page's unseen postings to jobs and
// returns how many were new: department is the department (else the
// function), location the full location (else city, region, country, a
// country code upper-cased), the date releasedDate.
func smartRecruitersRoles(page []smartRecruitersPosting, token string, seen map[string]bool, jobs *[]bundle.Job) int {
	fresh := 0
	for _, p := range page {
		key := p.ID
		if key == "" {
			key = p.Name + "\x00" + p.Location.FullLocation
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		fresh++
		dept := p.Department.Label
		if strings.TrimSpace(dept) == "" {
			dept = p.Function.Label
		}
		loc := p.Location.FullLocation
		if strings.TrimSpace(loc) == "" {
			country := p.Location.Country
			if len(country) == 2 {
				country = strings.ToUpper(country)
			}
			loc = place(p.Location.City, p.Location.Region, country)
		}
		link := ""
		if id := validID(p.ID); id != "" {
			company := p.Company.Identifier
			if !validToken(company, false) {
				company = token
			}
			link = "https://jobs.smartrecruiters.com/" + url.PathEscape(company) + "/" + url.PathEscape(id)
		}
		// The listing carries no description: the title is all there is.
		if j, ok := newJob(p.Name, dept, loc, p.Location.Remote, link, parseTime(p.ReleasedDate), ""); ok {
			*jobs = append(*jobs, j)
		}
	}
	return fresh
}

func validID(id string) string {
	if validToken(id, false) {
		return id
	}
	return ""
}
