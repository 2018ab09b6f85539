package ats

import (
	"context"
	"net/url"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Ashby public job posting API
// (GET {base}/posting-api/job-board/{name}?includeCompensation=true, one
// response with every posting, under "apiVersion": "1"). It states no
// owner name, so an Ashby board is read only when linked. Postings with
// isListed false are skipped. publishedAt is an instant with milliseconds
// and an offset ("2026-07-07T20:47:09.753+00:00"); workplaceType is
// "Remote", "Hybrid" or "OnSite" (absent on older boards), and isRemote is
// also true on hybrid roles, so the workplace type decides first.
// secondaryLocations and the compensation blocks (tiers whose equity
// components carry null values) are not read.

type ashbyBoard struct {
	Jobs entries[ashbyJob] `json:"jobs"`
}

type ashbyJob struct {
	Title         string `json:"title"`
	Department    string `json:"department"`
	Team          string `json:"team"`
	Location      string `json:"location"`
	IsRemote      bool   `json:"isRemote"`
	WorkplaceType string `json:"workplaceType"`
	PublishedAt   string `json:"publishedAt"`
	JobURL        string `json:"jobUrl"`
	IsListed      *bool  `json:"isListed"`
	// DescriptionPlain is the description as text; DescriptionHTML is read
	// when it is empty.
	DescriptionPlain string `json:"descriptionPlain"`
	DescriptionHTML  string `json:"descriptionHtml"`
}

func (s *Source) ashby(ctx context.Context, b Board, accept acceptFunc, u *bundle.Usage) (listing, error) {
	var l listing
	if accept != nil {
		return l, errRejected
	}
	var board ashbyBoard
	q := url.Values{"includeCompensation": {"true"}}
	if err := s.list(ctx, ProviderAshby, s.base[ProviderAshby], q, &board, u, "posting-api", "job-board", b.Token); err != nil {
		return l, err
	}
	l.jobs = ashbyRoles(board)
	l.skipped = board.Jobs.skipped
	return l, nil
}

// ashbyRoles maps the listed postings: department is the department (else
// the team), remote as the workplace type says (else isRemote, else the
// location), the date publishedAt.
func ashbyRoles(board ashbyBoard) []bundle.Job {
	var jobs []bundle.Job
	for _, a := range board.Jobs.items {
		if a.IsListed != nil && !*a.IsListed {
			continue
		}
		dept := a.Department
		if strings.TrimSpace(dept) == "" {
			dept = a.Team
		}
		remote, known := workplace(a.WorkplaceType)
		if !known {
			remote = a.IsRemote || mentionsRemote(a.Location)
		}
		desc := a.DescriptionPlain
		if strings.TrimSpace(desc) == "" {
			desc = htmlText(a.DescriptionHTML)
		}
		if j, ok := newJob(a.Title, dept, a.Location, remote, a.JobURL, parseTime(a.PublishedAt), desc); ok {
			jobs = append(jobs, j)
		}
	}
	return jobs
}
