package ats

import (
	"context"
	"html"
	"net/url"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Greenhouse Job Board API
// (GET {base}/v1/boards/{token} and GET {base}/v1/boards/{token}/jobs?content=true;
// content=true adds the description, departments and offices; the
// description is HTML, HTML-escaped once more). It publishes no posting date:
// a role's updated_at (its last update) stands in for it.

type greenhouseBoard struct {
	Name string `json:"name"`
}

type greenhouseJobs struct {
	Jobs []greenhouseJob `json:"jobs"`
	Meta struct {
		Total int `json:"total"`
	} `json:"meta"`
}

type greenhouseJob struct {
	Title     string `json:"title"`
	UpdatedAt string `json:"updated_at"`
	Location  struct {
		Name string `json:"name"`
	} `json:"location"`
	AbsoluteURL string `json:"absolute_url"`
	Content     string `json:"content"` // escaped HTML
	Departments []struct {
		Name string `json:"name"`
	} `json:"departments"`
	Offices []struct {
		Name string `json:"name"`
	} `json:"offices"`
}

// greenhouse reads a Greenhouse board. A guessed board's name is looked up
// first (Contents+1) and must be the company's.
func (s *Source) greenhouse(ctx context.Context, b Board, accept acceptFunc, u *bundle.Usage) (listing, error) {
	c, base := s.clients[ProviderGreenhouse], s.base[ProviderGreenhouse]
	var l listing
	if accept != nil {
		var board greenhouseBoard
		u.Contents++
		if _, err := c.GetJSON(ctx, apiURL(base, nil, "v1", "boards", b.Token), &board); err != nil {
			return l, err
		}
		l.name = board.Name
		if !accept(board.Name) {
			return l, errRejected
		}
	}
	var page greenhouseJobs
	if err := s.list(ctx, ProviderGreenhouse, base, url.Values{"content": {"true"}}, &page, u, "v1", "boards", b.Token, "jobs"); err != nil {
		return l, err
	}
	l.jobs, l.total = greenhouseRoles(page)
	return l, nil
}

// greenhouseRoles maps a listing: department is the first department,
// location the location name (else the first office), remote when the
// location says so.
func greenhouseRoles(page greenhouseJobs) ([]bundle.Job, int) {
	var jobs []bundle.Job
	for _, g := range page.Jobs {
		dept, loc := "", g.Location.Name
		if len(g.Departments) > 0 {
			dept = g.Departments[0].Name
		}
		if loc == "" && len(g.Offices) > 0 {
			loc = g.Offices[0].Name
		}
		desc := htmlText(html.UnescapeString(g.Content))
		if j, ok := newJob(g.Title, dept, loc, mentionsRemote(loc), g.AbsoluteURL, parseTime(g.UpdatedAt), desc); ok {
			jobs = append(jobs, j)
		}
	}
	return jobs, max(page.Meta.Total, len(jobs))
}
