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

type leverPosting struct {
	ID         string `json:"id"`
	Text       string `json:"text"`
	HostedURL  string `json:"hostedUrl"`
	CreatedAt  int64  `json:"createdAt"` // milliseconds since the epoch
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
		var page []leverPosting
		q := url.Values{"mode": {"json"}, "limit": {strconv.Itoa(pageSize)}, "skip": {strconv.Itoa(skip)}}
		if err := s.list(ctx, ProviderLever, base, q, &page, u, "v0", "postings", b.Token); err != nil {
			return l, err
		}
		fresh := leverRoles(page, seen, &l.jobs)
		if len(page) < pageSize || fresh == 0 || len(l.jobs) >= s.maxJobs {
			break
		}
		skip += len(page)
	}
	return l, nil
}

// leverRoles appends the page's unseen postings to jobs and returns how many
// were new: department is the department (else the team), location the
// location (else all locations), remote when the workplace type is remote.
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
		var published time.Time
		if p.CreatedAt > 0 {
			published = time.UnixMilli(p.CreatedAt)
		}
		loc := p.Categories.Location
		if loc == "" {
			loc = strings.Join(p.Categories.AllLocations, "; ")
		}
		dept := p.Categories.Department
		if dept == "" {
			dept = p.Categories.Team
		}
		if j, ok := newJob(p.Text, dept, loc, strings.EqualFold(p.WorkplaceType, "remote"), p.HostedURL, published, leverText(p)); ok {
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
