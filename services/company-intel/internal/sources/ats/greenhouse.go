package ats

import (
	"context"
	"encoding/json"
	"html"
	"net/url"
	"strings"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Greenhouse Job Board API
// (GET {base}/v1/boards/{token} and GET {base}/v1/boards/{token}/jobs?content=true).
// Every posting carries first_published (when it first went up) and
// updated_at (its last update, which real boards bump for every posting
// at once: a bulk edit dates them all the same day), both as US Eastern
// instants ("2026-01-22T11:37:20-05:00"). content=true adds content (the
// description: HTML, HTML-escaped once more, so "&lt;p&gt;" and
// "&amp;nbsp;"), departments, offices, metadata (the board's custom
// fields: null or a list) and data_compliance; without it a posting has
// none of them. absolute_url is the posting's page on
// job-boards.greenhouse.io (formerly boards.greenhouse.io) or, for a board
// embedded in the company's site, on the company's own domain
// ("https://www.example.com/careers?gh_jid=4012345").

type greenhouseBoard struct {
	Name string `json:"name"`
}

type greenhouseJobs struct {
	Jobs entries[greenhouseJob] `json:"jobs"`
	Meta struct {
		Total int `json:"total"`
	} `json:"meta"`
}

type greenhouseJob struct {
	Title          string `json:"title"`
	FirstPublished string `json:"first_published"`
	UpdatedAt      string `json:"updated_at"`
	Location       struct {
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
	Metadata []greenhouseField `json:"metadata"`
}

// greenhouseField is one custom field of a posting: value is a string, a
// number, a list (multi select) or null, by value_type.
type greenhouseField struct {
	Name  string          `json:"name"`
	Value json.RawMessage `json:"value"`
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
	l.skipped = page.Jobs.skipped
	return l, nil
}

// greenhouseRoles maps a listing: department is the first department,
// location the location name (else the first office), remote as a
// workplace custom field says (else when the location says so), the date
// first_published (updated_at only when it is absent).
func greenhouseRoles(page greenhouseJobs) ([]bundle.Job, int) {
	var jobs []bundle.Job
	for _, g := range page.Jobs.items {
		dept, loc := "", g.Location.Name
		if len(g.Departments) > 0 {
			dept = g.Departments[0].Name
		}
		if strings.TrimSpace(loc) == "" && len(g.Offices) > 0 {
			loc = g.Offices[0].Name
		}
		remote, known := greenhouseWorkplace(g.Metadata)
		if !known {
			remote = mentionsRemote(loc)
		}
		desc := htmlText(html.UnescapeString(g.Content))
		if j, ok := newJob(g.Title, dept, loc, remote, g.AbsoluteURL, greenhousePosted(g), desc); ok {
			jobs = append(jobs, j)
		}
	}
	return jobs, max(page.Meta.Total, len(jobs))
}

// greenhousePosted is when the posting first went up: first_published,
// else (older postings and boards without it) updated_at.
func greenhousePosted(g greenhouseJob) time.Time {
	if t := parseTime(g.FirstPublished); !t.IsZero() {
		return t
	}
	return parseTime(g.UpdatedAt)
}

// greenhouseWorkplace reads the workplace from the custom field boards use
// for it ("Location Type", "Workplace Type", "Work Arrangement", …): the
// first such field with a value decides.
func greenhouseWorkplace(fields []greenhouseField) (remote, known bool) {
	for _, f := range fields {
		if !workplaceField(f.Name) {
			continue
		}
		var one string
		var many []string
		switch {
		case json.Unmarshal(f.Value, &one) == nil:
		case json.Unmarshal(f.Value, &many) == nil:
			one = strings.Join(many, ", ")
		}
		if remote, known = workplace(one); known {
			return remote, known
		}
	}
	return false, false
}

// workplaceField reports whether a custom field's name says it holds the
// workplace type.
func workplaceField(name string) bool {
	n := strings.Join(words(name), " ")
	for _, k := range []string{"location type", "workplace", "work arrangement", "work model", "remote status"} {
		if strings.Contains(n, k) {
			return true
		}
	}
	return false
}
