package ats

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Lever Postings API
// (GET {base}/v0/postings/{slug}?mode=json&limit=100&skip=N, an array of
// postings; EU sites on jobs.eu.lever.co are served by the EU base URL).
// It states no owner name, so a Lever board is read only when linked.
// createdAt is when the posting was created, in milliseconds since the
// epoch (1772482884346); categories carries only the keys the board uses
// (commitment, department, location, team, allLocations); workplaceType is
// "remote", "hybrid", "onsite" or "unspecified"; lists are headed groups
// of HTML list items (some with zero-width spaces), descriptionPlain the
// description as text.

type leverPosting struct {
	ID         string      `json:"id"`
	Text       string      `json:"text"`
	HostedURL  string      `json:"hostedUrl"`
	CreatedAt  epochMillis `json:"createdAt"`
	Categories struct {
		Team         string   `json:"team"`
		Department   string   `json:"department"`
		Location     string   `json:"location"`
		AllLocations []string `json:"allLocations"`
	} `json:"categories"`
	WorkplaceType    string `json:"workplaceType"`
	DescriptionPlain string `json:"descriptionPlain"`
	Description      string `json:"description"` // HTML; read when there is no plain text
	Lists            []struct {
		Text    string `json:"text"`
		Content string `json:"content"` // HTML list items
	} `json:"lists"`
	AdditionalPlain string `json:"additionalPlain"`
}

// lever reads a Lever site page by page until a short page, a page of
// nothing new, or MaxJobs roles.
func (s *Source) lever(ctx context.Context, b Board, accept acceptFunc, u *bundle.Usage) (listing, error) {
	var l listing
	if accept != nil {
		return l, errRejected
	}
	base := s.base[ProviderLever]
	if b.EU {
		base = s.leverEU
	}
	seen := map[string]bool{}
	for skip := 0; ; {
		var page entries[leverPosting]
		q := url.Values{"mode": {"json"}, "limit": {strconv.Itoa(pageSize)}, "skip": {strconv.Itoa(skip)}}
		if err := s.list(ctx, ProviderLever, base, q, &page, u, "v0", "postings", b.Token); err != nil {
			return l, err
		}
		fresh := leverRoles(page.items, seen, &l.jobs)
		l.skipped += page.skipped
		if page.n < pageSize || fresh == 0 || len(l.jobs) >= s.maxJobs {
			break
		}
		skip += page.n
	}
	return l, nil
}

// leverRoles appends the page's unseen postings to jobs and returns how many
// were new: department is the department (else the team), location the
// location (else all locations), remote as the workplace type says (else
// when the location says so), the date createdAt.
func leverRoles(page []leverPosting, seen map[string]bool, jobs *[]bundle.Job) int {
	fresh := 0
	for _, p := range page {
		key := p.ID
		if key == "" {
			key = p.HostedURL + "\x00" + p.Text
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		fresh++
		loc := p.Categories.Location
		if strings.TrimSpace(loc) == "" {
			loc = strings.Join(p.Categories.AllLocations, "; ")
		}
		dept := p.Categories.Department
		if strings.TrimSpace(dept) == "" {
			dept = p.Categories.Team
		}
		remote, known := workplace(p.WorkplaceType)
		if !known {
			remote = mentionsRemote(loc)
		}
		if j, ok := newJob(p.Text, dept, loc, remote, p.HostedURL, p.CreatedAt.time(), leverText(p)); ok {
			*jobs = append(*jobs, j)
		}
	}
	return fresh
}

// leverText is a posting's description as text: descriptionPlain (else the
// description's text), its lists' headings and items, and additionalPlain.
func leverText(p leverPosting) string {
	desc := p.DescriptionPlain
	if strings.TrimSpace(desc) == "" {
		desc = htmlText(p.Description)
	}
	parts := []string{desc}
	for _, l := range p.Lists {
		parts = append(parts, l.Text, htmlText(l.Content))
	}
	return joinText(append(parts, p.AdditionalPlain)...)
}

// epochMillis is an instant in milliseconds since the epoch, as Lever
// writes createdAt: a JSON number (a numeric string is read too); null,
// other shapes and values outside years 2000–2200 are no date.
type epochMillis int64

func (e *epochMillis) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	*e = 0
	if f, err := strconv.ParseFloat(s, 64); err == nil && f >= minEpochMillis && f <= maxEpochMillis {
		*e = epochMillis(f)
	}
	return nil
}

// Bounds of a plausible posting date in milliseconds (2000-01-01 and
// 2200-01-01 UTC): a value in seconds or garbage is no date.
const (
	minEpochMillis = 946684800000
	maxEpochMillis = 7258118400000
)

// time is the instant, zero when there is none.
func (e epochMillis) time() time.Time {
	if e == 0 {
		return time.Time{}
	}
	return time.UnixMilli(int64(e))
}
