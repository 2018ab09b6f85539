package ats

import (
	"context"
	"net/url"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Workable widget API
// (GET {base}/api/v1/widget/accounts/{slug}?details=true; the older
// www.workable.com/api/accounts/{slug} form redirects there). The account
// name comes with the listing, so a guessed account costs one request.
// The account's description is plain text; with details=true each job
// adds its description as HTML. published_on (when the job was published)
// and created_at are days ("2026-05-29"): Workable boards have day
// precision. country, city and state are names, any of them possibly
// empty ("state": "Île-de-France"); telecommuting marks a remote job.

type workableAccount struct {
	Name string               `json:"name"`
	Jobs entries[workableJob] `json:"jobs"`
}

type workableJob struct {
	Title          string `json:"title"`
	Shortcode      string `json:"shortcode"`
	Department     string `json:"department"`
	URL            string `json:"url"`
	Shortlink      string `json:"shortlink"`
	ApplicationURL string `json:"application_url"`
	Telecommuting  bool   `json:"telecommuting"`
	PublishedOn    string `json:"published_on"`
	Description    string `json:"description"`  // HTML, with details=true
	Requirements   string `json:"requirements"` // HTML, with details=true
	CreatedAt      string `json:"created_at"`
	Country        string `json:"country"`
	City           string `json:"city"`
	State          string `json:"state"`
	Locations      []struct {
		Country string `json:"country"`
		City    string `json:"city"`
		Region  string `json:"region"`
		Hidden  bool   `json:"hidden"`
	} `json:"locations"`
}

func (s *Source) workable(ctx context.Context, b Board, accept acceptFunc, u *bundle.Usage) (listing, error) {
	var l listing
	var acct workableAccount
	q := url.Values{"details": {"true"}}
	if err := s.list(ctx, ProviderWorkable, s.base[ProviderWorkable], q, &acct, u, "api", "v1", "widget", "accounts", b.Token); err != nil {
		return l, err
	}
	l.name = acct.Name
	if accept != nil && !accept(acct.Name) {
		return l, errRejected
	}
	l.jobs = workableRoles(acct)
	l.skipped = acct.Jobs.skipped
	return l, nil
}

// workableRoles maps the jobs: location is the first visible location
// (else the job's city, state, country), remote when telecommuting, the URL
// the job page (else its short link or application URL), the date
// published_on (else created_at).
func workableRoles(acct workableAccount) []bundle.Job {
	var jobs []bundle.Job
	for _, w := range acct.Jobs.items {
		loc := place(w.City, w.State, w.Country)
		for _, l := range w.Locations {
			if !l.Hidden {
				loc = place(l.City, l.Region, l.Country)
				break
			}
		}
		link := w.URL
		for _, alt := range []string{w.Shortlink, w.ApplicationURL} {
			if webURL(link) == "" {
				link = alt
			}
		}
		published := parseDay(w.PublishedOn)
		if published.IsZero() {
			published = parseDay(w.CreatedAt)
		}
		desc := joinText(htmlText(w.Description), htmlText(w.Requirements))
		if j, ok := newJob(w.Title, w.Department, loc, w.Telecommuting, link, published, desc); ok {
			jobs = append(jobs, j)
		}
	}
	return jobs
}
